/* SPDX-License-Identifier: MIT */
/*
 * The tables' cache file (query/libmjt/tables/cache.c): the first open
 * writes it, a later one maps it, and what it maps is byte for byte what
 * an open without it loads; a damaged, truncated or doctored cache is
 * never used, and an open without a place to write one still opens.
 * Each test runs in a process of its own, so each sets MJT_CACHE_DIR to a
 * directory of its own.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "asserts.h"
#include "helpers.h"
#include "internal.h"
#include "suit.h"

static char dir[] = "/tmp/mjt-cache-XXXXXX";
static char file[512];

static void fresh_dir(void)
{
    cr_assert(not(eq(ptr, mkdtemp(dir), NULL)));
    cr_assert(eq(int, setenv("MJT_CACHE_DIR", dir, 1), 0));
}

static void remove_dir(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert(eq(int, system(cmd), 0));
}

/* The one cache file in dir, into file; how many files dir holds. */
static int cache_files(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    cr_assert(not(eq(ptr, d, NULL)));
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    return n;
}

static mjt_tables *open_with(unsigned flags)
{
    mjt_tables *t = NULL;
    mjt_diag d;
    cr_assert(eq(int, mjt_tables_open_flags(&t, test_tables_path(), flags, &d),
                 MJT_OK),
              "%s", d.message);
    return t;
}

/* Everything the queries read, equal in both handles: the records, the
 * pattern words, every form they point at, the three-player rules. */
static void assert_same(const mjt_tables *a, const mjt_tables *b)
{
    cr_assert(eq(int,
                 memcmp(a->suit, b->suit, MJT__SUIT_PATTERNS * sizeof *a->suit),
                 0));
    cr_assert(eq(
        int, memcmp(a->honor, b->honor, MJT__HONOR_PATTERNS * sizeof *a->honor),
        0));
    for (int table = 0; table < 2; table++) {
        size_t n = table == 0 ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;
        for (size_t i = 0; i < n; i++) {
            uint32_t w = a->fidx_of[table][i];
            cr_assert(eq(u32, w, b->fidx_of[table][i]));
            size_t k = MJT__F_DECOMPOSITIONS(w) + MJT__F_ARRANGEMENTS(w);
            cr_assert(
                eq(int,
                   memcmp(a->forms + MJT__F_FIRST(w),
                          b->forms + MJT__F_FIRST(w), k * sizeof *a->forms),
                   0));
        }
    }
    cr_assert(
        eq(int, memcmp(a->sanma_rec, b->sanma_rec, sizeof a->sanma_rec), 0));
    for (int i = 0; i < MJT__SANMA_PATTERNS; i++) {
        uint32_t w = a->sanma_fidx[i];
        cr_assert(eq(u32, w, b->sanma_fidx[i]));
        size_t k = MJT__F_DECOMPOSITIONS(w) + MJT__F_ARRANGEMENTS(w);
        cr_assert(eq(int,
                     memcmp(a->forms + MJT__F_FIRST(w),
                            b->forms + MJT__F_FIRST(w), k * sizeof *a->forms),
                     0));
    }
    cr_assert(eq(int, memcmp(&a->sanma, &b->sanma, sizeof a->sanma), 0));
}

/* A few answers through the public API, equal in both. */
static void assert_same_answers(const mjt_tables *a, const mjt_tables *b)
{
    static const char *const hands[] = {"123m456p789s1122z", "1112345678999m",
                                        "19m19p19s1234567z", "2468m13579p246s",
                                        "11m223344p556677s"};
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        for (int players = 4; players >= 3; players--) {
            mjt_rules r;
            mjt_hand h;
            mjt_shanten_info x, y;
            mjt_rules_init(&r, players);
            if (mjt_hand_parse(&h, hands[i], strlen(hands[i]), &r, NULL) !=
                MJT_OK)
                continue;
            cr_assert(eq(int, mjt_shanten(a, &h, &x), MJT_OK));
            cr_assert(eq(int, mjt_shanten(b, &h, &y), MJT_OK));
            cr_assert(eq(int, memcmp(&x, &y, sizeof x), 0), "%s", hands[i]);
        }
    }
}

/* Whether t's records lie in a mapping of file (this process's maps). */
static int mapped_from_file(const mjt_tables *t)
{
    char line[1024];
    unsigned long lo, hi, at = (unsigned long)(uintptr_t)t->suit;
    int found = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    cr_assert(not(eq(ptr, f, NULL)));
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= at && at < hi &&
            strstr(line, file) != NULL)
            found = 1;
    fclose(f);
    return found;
}

/* The bytes of t's mapping resident in this process (smaps' Rss). */
static long mapped_resident(const mjt_tables *t)
{
    char line[1024];
    unsigned long lo, hi, at = (unsigned long)(uintptr_t)t->map;
    long kb, rss = -1;
    int in = 0;
    FILE *f = fopen("/proc/self/smaps", "r");
    cr_assert(not(eq(ptr, f, NULL)));
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2)
            in = lo == at;
        else if (in && sscanf(line, "Rss: %ld kB", &kb) == 1)
            rss = kb * 1024;
    fclose(f);
    return rss;
}

static void flip_byte(long at)
{
    FILE *f = fopen(file, "r+b");
    cr_assert(not(eq(ptr, f, NULL)));
    cr_assert(eq(int, fseek(f, at, SEEK_SET), 0));
    int c = fgetc(f);
    cr_assert(eq(int, fseek(f, at, SEEK_SET), 0));
    fputc(c ^ 0x40, f);
    cr_assert(eq(int, fclose(f), 0));
}

/* The cache file's inode: a cache written again is a new file, renamed
 * over the old one. */
static ino_t file_ino(void)
{
    struct stat sb;
    cr_assert(eq(int, stat(file, &sb), 0));
    return sb.st_ino;
}

static long file_size(void)
{
    struct stat sb;
    cr_assert(eq(int, stat(file, &sb), 0));
    return (long)sb.st_size;
}

Test(cache, written_once_then_mapped_and_equal)
{
    fresh_dir();
    mjt_tables *priv = open_with(MJT_OPEN_PRIVATE);
    cr_assert(eq(int, cache_files(), 0), "MJT_OPEN_PRIVATE wrote a cache");
    mjt_tables *first = open_with(0);
    cr_assert(eq(int, cache_files(), 1));
    /* the first open decompresses, writes the cache, then maps it */
    cr_assert(not(eq(ptr, first->map, NULL)));
    cr_assert(mapped_from_file(first));
    assert_same(priv, first);
    mjt_tables *later = open_with(0);
    cr_assert(not(eq(ptr, later->map, NULL)));
    cr_assert(mapped_from_file(later));
    /* the pattern words and forms checked, then let go: the open holds
     * the records alone (until a query reads the forms, as below) */
    long records = (long)((const unsigned char *)later->map + later->map_len -
                          (const unsigned char *)later->suit);
    long resident = mapped_resident(later);
    cr_assert(resident > 0 && resident <= records + sysconf(_SC_PAGESIZE),
              "%ld bytes of the cache resident after the open, %ld of records",
              resident, records);
    assert_same(priv, later);
    assert_same_answers(priv, later);
    mjt_tables_close(later);
    mjt_tables_close(first);
    mjt_tables_close(priv);
    remove_dir();
}

/* A cache damaged anywhere (header or payload), or cut short, is not
 * used; the open that finds it loads the tables, writes it whole and
 * maps what it wrote (a new file: mapping the damaged one would leave it
 * in place). */
Test(cache, damaged_or_short_is_written_again)
{
    fresh_dir();
    mjt_tables *priv = open_with(MJT_OPEN_PRIVATE);
    mjt_tables_close(open_with(0));
    cr_assert(eq(int, cache_files(), 1));
    long size = file_size();
    const long at[] = {0, 9, 40, 64, 100000, size / 2, size - 1};
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        flip_byte(at[i]);
        ino_t damaged = file_ino();
        mjt_tables *t = open_with(0);
        cr_assert(not(eq(u64, file_ino(), damaged)),
                  "byte %ld damaged, yet used", at[i]);
        cr_assert(mapped_from_file(t));
        assert_same(priv, t);
        mjt_tables_close(t);
        mjt_tables *u = open_with(0); /* the one written again */
        cr_assert(not(eq(ptr, u->map, NULL)), "byte %ld: not written again",
                  at[i]);
        assert_same(priv, u);
        mjt_tables_close(u);
    }
    cr_assert(eq(int, truncate(file, size / 3), 0));
    ino_t cut = file_ino();
    mjt_tables *t = open_with(0);
    cr_assert(not(eq(u64, file_ino(), cut)), "a short cache used");
    assert_same(priv, t);
    mjt_tables_close(t);
    cr_assert(eq(long, file_size(), size));
    cr_assert(eq(int, cache_files(), 1), "a temporary file left behind");
    mjt_tables_close(priv);
    remove_dir();
}

/* The cache file at hand, changed by fn, its digest made to match. */
static void doctor(void (*fn)(unsigned char *buf, const mjt_tables *t))
{
    mjt_tables *t = open_with(0);
    cr_assert(not(eq(ptr, t->map, NULL)));
    size_t len = t->map_len;
    unsigned char *buf = malloc(len);
    FILE *f = fopen(file, "r+b");
    cr_assert(not(eq(ptr, f, NULL)));
    cr_assert(eq(sz, fread(buf, 1, len, f), len));
    fn(buf, t);
    mjt_tables_close(t);
    /* the header: magic, id, forms, three-player base, payload bytes,
     * then the payload's digest at byte 40 */
    uint64_t digest = XXH3_64bits(buf + 48, len - 48);
    memcpy(buf + 40, &digest, sizeof digest);
    rewind(f);
    cr_assert(eq(sz, fwrite(buf, 1, len, f), len));
    cr_assert(eq(int, fclose(f), 0));
    free(buf);
}

/* a suit pattern's word, in the middle of them, pointing at one
 * decomposition at the last form there can be: past the rest */
static void past_the_forms(unsigned char *buf, const mjt_tables *t)
{
    uint32_t w = 0x3FFFFFu | 1u << 22;
    memcpy(buf + ((const char *)&t->fidx_of[0][MJT__SUIT_PATTERNS / 2] -
                  (const char *)t->map),
           &w, sizeof w);
}

/* every form of seven melds */
static void seven_melds(unsigned char *buf, const mjt_tables *t)
{
    uint64_t *forms = (uint64_t *)(void *)(buf + ((const char *)t->forms -
                                                  (const char *)t->map));
    uint64_t x;
    memcpy(&x, &forms[1000], sizeof x);
    x |= UINT64_C(7) << 60;
    memcpy(&forms[1000], &x, sizeof x);
}

/* A cache whose digest checks but whose pattern words point past its
 * forms, or whose forms are not what a table file makes (made so on
 * purpose), is not used either. */
Test(cache, doctored_to_pass_the_digest_is_refused)
{
    void (*const how[])(unsigned char *, const mjt_tables *) = {past_the_forms,
                                                                seven_melds};
    fresh_dir();
    for (size_t i = 0; i < sizeof how / sizeof *how; i++) {
        mjt_tables_close(open_with(0)); /* a cache, written again if need be */
        cr_assert(eq(int, cache_files(), 1));
        doctor(how[i]);
        ino_t doctored = file_ino();
        mjt_tables *t = open_with(0);
        cr_assert(not(eq(u64, file_ino(), doctored)), "doctored cache %zu used",
                  i);
        mjt_tables_close(t);
    }
    remove_dir();
}

/* A cache, or its directory, that others may write is not read (the
 * cache is written again; the directory is not written). */
Test(cache, others_may_write_it_so_not_read)
{
    fresh_dir();
    mjt_tables_close(open_with(0));
    cr_assert(eq(int, cache_files(), 1));
    mjt_tables *t = open_with(0);
    cr_assert(not(eq(ptr, t->map, NULL)));
    mjt_tables_close(t);
    cr_assert(eq(int, chmod(file, 0666), 0));
    ino_t writable = file_ino();
    t = open_with(0);
    cr_assert(not(eq(u64, file_ino(), writable)),
              "a world-writable cache used");
    mjt_tables_close(t);
    cr_assert(eq(int, chmod(file, 0644), 0));
    cr_assert(eq(int, chmod(dir, 0777), 0));
    t = open_with(0);
    cr_assert(eq(ptr, t->map, NULL), "a cache in a world-writable dir mapped");
    mjt_tables_close(t);
    cr_assert(eq(int, chmod(dir, 0700), 0));
    remove_dir();
}

/* Nowhere to write: the open still opens, and nothing is left; with
 * MJT_CACHE_DIR empty, no cache anywhere (not under $HOME either). */
Test(cache, nowhere_to_write_still_opens)
{
    cr_assert(eq(int, setenv("MJT_CACHE_DIR", "/proc/no/such/dir", 1), 0));
    mjt_tables *t = open_with(0);
    cr_assert(eq(ptr, t->map, NULL));
    mjt_tables_close(t);
    fresh_dir();
    cr_assert(eq(int, setenv("HOME", dir, 1), 0));
    cr_assert(eq(int, setenv("XDG_CACHE_HOME", dir, 1), 0));
    cr_assert(eq(int, setenv("MJT_CACHE_DIR", "", 1), 0));
    for (int i = 0; i < 2; i++) {
        t = open_with(0);
        cr_assert(eq(ptr, t->map, NULL));
        mjt_tables_close(t);
    }
    cr_assert(eq(int, cache_files(), 0), "MJT_CACHE_DIR= wrote a cache");
    cr_assert(eq(int, unsetenv("MJT_CACHE_DIR"), 0));
    mjt_tables_close(open_with(0)); /* $XDG_CACHE_HOME/mjt */
    cr_assert(eq(int, cache_files(), 1));
    remove_dir();
}

/* A directory keeps the four caches written last, and no temporary file
 * a day old: others' (made here, older) go as a new one is written. */
Test(cache, old_caches_are_swept)
{
    char path[600];
    struct timespec old[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    fresh_dir();
    for (int i = 0; i < 6; i++) {
        snprintf(path, sizeof path, "%s/tables-%016x.bin%s", dir, i,
                 i == 5 ? ".123.tmp" : "");
        FILE *f = fopen(path, "w");
        cr_assert(not(eq(ptr, f, NULL)));
        fclose(f);
        old[0].tv_sec = old[1].tv_sec = 1000000000 + i;
        cr_assert(eq(int, utimensat(AT_FDCWD, path, old, 0), 0));
    }
    /* not ours (names a cache's are not), however old: kept */
    static const char *const others[] = {"other", "tables-report.bin",
                                         "tables-notes.tmp",
                                         "tables-0000000000000000.bin.x.tmp"};
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, others[i]);
        fclose(fopen(path, "w"));
        cr_assert(eq(int, utimensat(AT_FDCWD, path, old, 0), 0));
    }
    cr_assert(eq(int, cache_files(), 10));
    mjt_tables_close(open_with(0));
    cr_assert(eq(int, cache_files(), 8), "4 caches and the 4 others");
    for (int i = 0; i < 6; i++) {
        snprintf(path, sizeof path, "%s/tables-%016x.bin%s", dir, i,
                 i == 5 ? ".123.tmp" : "");
        cr_assert(eq(int, access(path, F_OK) == 0, i >= 2 && i <= 4), "%s",
                  path);
    }
    mjt_tables *t = open_with(0);
    cr_assert(not(eq(ptr, t->map, NULL)), "the new cache was kept");
    mjt_tables_close(t);
    remove_dir();
}
