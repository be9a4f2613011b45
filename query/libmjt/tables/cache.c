/* SPDX-License-Identifier: MIT */
/*
 * The opened tables in a cache file, shared by every process that opens
 * the same tables.  A table file is compressed; opening it decompresses
 * some 10 MB into the process's own memory.  The first process to open it
 * writes what it decompressed to a cache file and maps that file in its
 * place; every later one maps the file read-only at once, so that the
 * kernel keeps one copy for all of them and each pays little memory of
 * its own.
 *
 * The file: a header, then the pattern words and the forms (read by the
 * wait shapes and the decompositions alone), then, from the next 2 MB,
 * the suit and honor records (read by every query), each part at a
 * multiple of 64 bytes, in this machine's byte order.  Its name is the
 * identity of what it holds: a hash of the table file's every byte and of
 * this library's version and layout, so that other tables (a damaged copy
 * too) or another build never read it.  The header records the payload's
 * XXH3-64, checked at every open before the file is used: a damaged or
 * truncated cache is not read but written again.  The check reads every
 * page; the pattern words and forms are then let go (mjt__cache_cold), so
 * that a process holds them only once it asks what reads them.  The file
 * is written under a temporary name and renamed into place, so that no
 * process sees half of one.  A directory keeps the KEEP caches written
 * last (older ones are removed as a new one is written: a process that
 * maps one keeps it until it closes), and no temporary file a day old.
 *
 * Where: $MJT_CACHE_DIR when set (empty: no cache), else
 * $XDG_CACHE_HOME/mjt, else $HOME/.cache/mjt.  A cache or a directory
 * that another user, or a group, may write is neither read nor written:
 * its digest tells damage, not a file made to pass (tables.c checks the
 * forms' shape too, what the queries rely on to stay in bounds).  Every
 * failure to read or write the cache only means the tables are loaded as
 * without one.
 */
#define _DEFAULT_SOURCE /* madvise */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "suit.h"

#define CACHE_MAGIC "mjtcach1"
/* The layout of the tables in memory: what mjt__mrec_pack, form_word and
 * sanma_form (tables.c) make of a table file.  Bump it with any change to
 * them, so that no cache written before is read after. */
#define MJT__CACHE_LAYOUT 2
#define KEEP 4
/* Where the records begin: a multiple of the largest page the kernel
 * maps a file's cache with (2 MB with x86-64's 4 kB pages), so that no
 * such page holds records and forms both. */
#define HOT_ALIGN ((size_t)2 << 20)

typedef struct header {
    char magic[8];
    uint64_t id;
    uint64_t nforms, sanma_base;
    uint64_t payload, digest; /* bytes after the header, their XXH3-64 */
} header;

/* The payload's parts: their offsets from the file's start. */
typedef struct layout {
    size_t suit, honor, fidx[2], forms, end;
} layout;

static size_t up64(size_t n)
{
    return (n + 63) & ~(size_t)63;
}

static layout layout_of(size_t nforms)
{
    layout l;
    l.fidx[0] = up64(sizeof(header));
    l.fidx[1] = up64(l.fidx[0] + MJT__SUIT_PATTERNS * sizeof(uint32_t));
    l.forms = up64(l.fidx[1] + MJT__HONOR_PATTERNS * sizeof(uint32_t));
    l.suit = (l.forms + nforms * sizeof(uint64_t) + HOT_ALIGN - 1) &
             ~(size_t)(HOT_ALIGN - 1);
    l.honor = up64(l.suit + MJT__SUIT_PATTERNS * sizeof(mjt__mrec));
    l.end = l.honor + MJT__HONOR_PATTERNS * sizeof(mjt__mrec);
    return l;
}

uint64_t mjt__cache_id(int fd, int format)
{
    /* what decides the bytes of the tables in memory: the file, and the
     * library's version, layout and the sizes of what it holds */
    const uint64_t build[] = {MJT_VERSION_NUMBER,  MJT__CACHE_LAYOUT,
                              sizeof(mjt__mrec),   MJT__SUIT_PATTERNS,
                              MJT__HONOR_PATTERNS, sizeof(header),
                              (uint64_t)format};
    XXH3_state_t *st = XXH3_createState();
    unsigned char *buf = malloc(1 << 16);
    uint64_t id = 0;
    off_t at = 0;
    ssize_t n = -1;

    if (st != NULL && buf != NULL && fd >= 0) {
        XXH3_64bits_reset(st);
        XXH3_64bits_update(st, CACHE_MAGIC MJT_VERSION_STRING,
                           sizeof CACHE_MAGIC MJT_VERSION_STRING);
        XXH3_64bits_update(st, build, sizeof build);
        /* by offset: the descriptor's position is LMDB's */
        while ((n = pread(fd, buf, 1 << 16, at)) > 0 ||
               (n < 0 && errno == EINTR))
            if (n > 0) {
                XXH3_64bits_update(st, buf, (size_t)n);
                at += n;
            }
        if (n == 0)
            id = XXH3_64bits_digest(st);
    }
    XXH3_freeState(st);
    free(buf);
    return id;
}

/* Whether what sb describes is this user's and no one else may write it:
 * a cache anyone else can write could be made to pass its checks. */
static int own(const struct stat *sb)
{
    return sb->st_uid == geteuid() && (sb->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/* The cache's directory into buf: 0, or -1 for none. */
static int cache_dir(char *buf, size_t cap)
{
    const char *env = getenv("MJT_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;

    if (env != NULL)
        n = env[0] ? snprintf(buf, cap, "%s", env) : -1;
    else if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, cap, "%s/mjt", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, cap, "%s/.cache/mjt", home);
    else
        n = -1;
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

static int cache_path(char *buf, size_t cap, uint64_t id)
{
    char dir[900];
    if (id == 0 || cache_dir(dir, sizeof dir) != 0)
        return -1;
    int n = snprintf(buf, cap, "%s/tables-%016llx.bin", dir,
                     (unsigned long long)id);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int mjt__cache_map(struct mjt_tables *t, uint64_t id, size_t *nforms,
                   size_t *sanma_base)
{
    char path[1024];
    struct stat sb;
    header h;
    int fd;

    char dir[900];
    if (cache_path(path, sizeof path, id) != 0 ||
        cache_dir(dir, sizeof dir) != 0 || stat(dir, &sb) != 0 || !own(&sb) ||
        (fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
        return -1;
    void *map = MAP_FAILED;
    size_t len = 0;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && own(&sb) &&
        sb.st_size >= (off_t)sizeof h &&
        pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h &&
        !memcmp(h.magic, CACHE_MAGIC, sizeof h.magic) && h.id == id &&
        h.nforms <= MJT__F_MAX_FIRST && h.sanma_base <= h.nforms) {
        layout l = layout_of((size_t)h.nforms);
        if ((uint64_t)sb.st_size == l.end && h.payload == l.end - sizeof h) {
            len = l.end;
            map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
        }
    }
    close(fd);
    if (map == MAP_FAILED)
        return -1;
    const unsigned char *p = map;
    if (XXH3_64bits(p + sizeof h, len - sizeof h) != h.digest) {
        munmap(map, len);
        return -1;
    }
    layout l = layout_of((size_t)h.nforms);
    t->suit = (mjt__mrec *)(void *)(p + l.suit);
    t->honor = (mjt__mrec *)(void *)(p + l.honor);
    t->fidx_of[0] = (uint32_t *)(void *)(p + l.fidx[0]);
    t->fidx_of[1] = (uint32_t *)(void *)(p + l.fidx[1]);
    t->forms = (uint64_t *)(void *)(p + l.forms);
    t->map = map;
    t->map_len = len;
    *nforms = (size_t)h.nforms;
    *sanma_base = (size_t)h.sanma_base;
    return 0;
}

void mjt__cache_cold(struct mjt_tables *t)
{
#ifdef MADV_DONTNEED
    unsigned char *map = t->map, *records = (unsigned char *)(void *)t->suit;
    if (map != NULL)
        madvise(map, (size_t)(records - map), MADV_DONTNEED);
#else
    (void)t;
#endif
}

/* 1 for a cache's name (tables-, 16 hex digits, .bin), 2 for one being
 * written (then ., digits, .tmp), else 0: no other file is touched. */
static int cache_name(const char *s)
{
    if (strncmp(s, "tables-", 7) != 0 ||
        strspn(s + 7, "0123456789abcdef") != 16 ||
        strncmp(s + 23, ".bin", 4) != 0)
        return 0;
    if (s[27] == '\0')
        return 1;
    size_t digits = s[27] == '.' ? strspn(s + 28, "0123456789") : 0;
    return digits > 0 && !strcmp(s + 28 + digits, ".tmp") ? 2 : 0;
}

/* In dir, the caches past the KEEP newest and temporary files a day old,
 * removed. */
static void sweep(const char *dir)
{
    char path[1200], oldest[1200];
    DIR *d = opendir(dir);
    struct dirent *e;
    struct stat sb;

    if (d == NULL)
        return;
    for (;;) {
        int caches = 0;
        time_t when = 0;
        rewinddir(d);
        while ((e = readdir(d)) != NULL) {
            int kind = cache_name(e->d_name);
            if (kind == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
                continue;
            if (kind == 2) {
                if (time(NULL) - sb.st_mtime > 24 * 3600)
                    unlink(path);
                continue;
            }
            if (caches++ == 0 || sb.st_mtime < when) {
                when = sb.st_mtime;
                snprintf(oldest, sizeof oldest, "%s", path);
            }
        }
        if (caches <= KEEP || unlink(oldest) != 0)
            break;
    }
    closedir(d);
}

/* Write n bytes, through short writes; 0 or -1. */
static int write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int mjt__cache_save(const struct mjt_tables *t, uint64_t id, size_t nforms,
                    size_t sanma_base)
{
    char path[1024], tmp[1100], dir[900];
    layout l = layout_of(nforms);
    unsigned char *buf;
    int rc = -1;

    if (cache_path(path, sizeof path, id) != 0 ||
        cache_dir(dir, sizeof dir) != 0 || (buf = calloc(1, l.end)) == NULL)
        return -1;
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, CACHE_MAGIC, sizeof h.magic);
    h.id = id;
    h.nforms = nforms;
    h.sanma_base = sanma_base;
    h.payload = l.end - sizeof h;
    memcpy(buf + l.suit, t->suit, MJT__SUIT_PATTERNS * sizeof(mjt__mrec));
    memcpy(buf + l.honor, t->honor, MJT__HONOR_PATTERNS * sizeof(mjt__mrec));
    memcpy(buf + l.fidx[0], t->fidx_of[0],
           MJT__SUIT_PATTERNS * sizeof(uint32_t));
    memcpy(buf + l.fidx[1], t->fidx_of[1],
           MJT__HONOR_PATTERNS * sizeof(uint32_t));
    memcpy(buf + l.forms, t->forms, nforms * sizeof(uint64_t));
    h.digest = XXH3_64bits(buf + sizeof h, h.payload);
    memcpy(buf, &h, sizeof h);

    /* the directory (and its parent, ~/.cache), then the file under a
     * name of this process's own, renamed into place when whole */
    char *slash = strrchr(dir, '/');
    if (slash != NULL && slash != dir) {
        *slash = '\0';
        mkdir(dir, 0755);
        *slash = '/';
    }
    mkdir(dir, 0755);
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode) || !own(&sb)) {
        free(buf);
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
        int ok = write_all(fd, buf, l.end) == 0;
        ok &= close(fd) == 0;
        if (!ok || rename(tmp, path) != 0) {
            unlink(tmp);
        } else {
            sweep(dir);
            rc = 0;
        }
    }
    free(buf);
    return rc;
}
