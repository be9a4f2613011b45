/* SPDX-License-Identifier: MIT */
/*
 * Checking an LMDB file's structure before LMDB maps it.
 *
 * LMDB trusts its pages: a page number beyond the file, a node offset
 * beyond its page or an overflow run past the end sends it reading outside
 * the map, which is SIGBUS or SIGSEGV, not an error code (a fuzzer found
 * this within seconds).  A table file may come from anywhere, so before
 * mdb_env_open the reader walks every page LMDB could reach from the
 * newest meta page and checks each bound LMDB would rely on.  The walk
 * reads the file with pread, a page at a time, never through a map.
 *
 * It knows LMDB's on-disk format version 1 (liblmdb 0.9): 16-byte page
 * headers, 8-byte node headers, 48-byte database records in the meta pages
 * and in F_SUBDATA nodes.  What mjt-gen writes uses branch, leaf and
 * overflow pages only; anything else (duplicate-sorted data, LEAF2 pages)
 * is refused as damage.  The check proves the file safe to map, not that
 * its content is right: the digests do that.
 */
#include "lmdbcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"

#define PAGEHDR 16 /* page number, pad, flags, lower, upper */
#define NODEHDR 8  /* lo, hi, flags, key size */
#define DBREC 48   /* MDB_db */
#define META_AT PAGEHDR
#define MAGIC 0xBEEFC0DEu
#define P_BRANCH 0x01
#define P_LEAF 0x02
#define P_OVERFLOW 0x04
#define P_META 0x08
#define P_LEAF2 0x20
#define F_BIGDATA 0x01
#define F_SUBDATA 0x02
#define NO_PAGE UINT64_MAX
#define MAX_DEPTH 32

typedef struct checker {
    int fd;
    uint64_t psize, last; /* page size, last page number */
    unsigned char *seen;  /* a bit a page */
    const char *why;      /* the first problem found */
    int code;             /* its code: MJT__EFORMAT unless set */
} checker;

static uint64_t get(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static int bad(checker *c, const char *why)
{
    if (c->why == NULL)
        c->why = why;
    return -1;
}

/* Read page pg (its first `bytes` bytes) into buf. */
static int read_page(checker *c, uint64_t pg, unsigned char *buf, size_t bytes)
{
    off_t at = (off_t)(pg * c->psize);
    size_t got = 0;

    while (got < bytes) {
        ssize_t n = pread(c->fd, buf + got, bytes - got, at + (off_t)got);
        if (n < 0 && c->why == NULL)
            c->code = MJT__EIO; /* the disk, not the file's content */
        if (n <= 0)
            return bad(c, n < 0 ? "a read failed"
                                : "the file cannot be read whole");
        got += (size_t)n;
    }
    return 0;
}

/* Mark pages pg..pg+n-1 as reached; a page reached twice is a loop. */
static int reach(checker *c, uint64_t pg, uint64_t n)
{
    if (pg < 2 || n == 0 || pg > c->last || n > c->last - pg + 1)
        return bad(c, "a page number beyond the file");
    for (uint64_t i = pg; i < pg + n; i++) {
        if (c->seen[i / 8] >> (i % 8) & 1)
            return bad(c, "a page reached twice");
        c->seen[i / 8] |= (unsigned char)(1u << (i % 8));
    }
    return 0;
}

static int check_tree(checker *c, uint64_t root, int depth);

/* An overflow run of at least `size` bytes starting at page pg. */
static int check_overflow(checker *c, uint64_t pg, uint64_t size)
{
    unsigned char h[PAGEHDR];

    if (pg > c->last || read_page(c, pg, h, sizeof h) < 0)
        return bad(c, "an overflow page beyond the file");
    uint64_t pages = get(h + 12, 4);
    if ((get(h + 10, 2) & P_OVERFLOW) == 0 || get(h, 8) != pg)
        return bad(c, "an overflow page that is not one");
    if (pages * c->psize < size + PAGEHDR)
        return bad(c, "an overflow run shorter than its data");
    return reach(c, pg, pages);
}

/* Node i of page p (of psize bytes), a leaf or a branch. */
static int check_node(checker *c, const unsigned char *p, int leaf, int i,
                      int depth)
{
    uint64_t off = get(p + PAGEHDR + 2 * i, 2);

    if (off < get(p + 14, 2) || off + NODEHDR > c->psize)
        return bad(c, "a node outside its page");
    const unsigned char *n = p + off;
    uint64_t lo = get(n, 2), hi = get(n + 2, 2), flags = get(n + 4, 2);
    uint64_t ksize = get(n + 6, 2), end = off + NODEHDR + ksize;
    if (end > c->psize)
        return bad(c, "a key beyond its page");
    if (!leaf)
        return check_tree(c, lo | hi << 16 | flags << 32, depth + 1);
    uint64_t dsize = lo | hi << 16;
    if (flags & ~(uint64_t)(F_BIGDATA | F_SUBDATA))
        return bad(c, "duplicate-sorted data, which tables never hold");
    if (flags & F_BIGDATA) {
        if (end + 8 > c->psize)
            return bad(c, "a node outside its page");
        return check_overflow(c, get(n + NODEHDR + ksize, 8), dsize);
    }
    if (end + dsize > c->psize)
        return bad(c, "a value beyond its page");
    if (flags & F_SUBDATA) {
        if (dsize != DBREC)
            return bad(c, "a named database record of the wrong size");
        if (get(n + NODEHDR + ksize + 4, 2) != 0)
            return bad(c, "a named database with flags tables never use");
        return check_tree(c, get(n + NODEHDR + ksize + DBREC - 8, 8),
                          depth + 1);
    }
    return 0;
}

/* The tree under page root (NO_PAGE: an empty database). */
static int check_tree(checker *c, uint64_t root, int depth)
{
    unsigned char *p;
    int rc = 0;

    if (root == NO_PAGE)
        return 0;
    if (depth > MAX_DEPTH)
        return bad(c, "a tree deeper than any table's");
    if (reach(c, root, 1) < 0)
        return -1;
    if ((p = mjt__malloc(c->psize)) == NULL) {
        c->code = MJT__ENOMEM;
        return bad(c, "out of memory");
    }
    if (read_page(c, root, p, c->psize) < 0) {
        free(p);
        return -1;
    }
    uint64_t flags = get(p + 10, 2), lower = get(p + 12, 2);
    uint64_t upper = get(p + 14, 2);
    int leaf = (flags & (P_LEAF | P_BRANCH)) == P_LEAF;
    if (get(p, 8) != root ||
        (flags & (P_LEAF | P_BRANCH | P_OVERFLOW | P_META)) !=
            (leaf ? P_LEAF : P_BRANCH) ||
        (flags & P_LEAF2) != 0 || lower < PAGEHDR || lower > upper ||
        upper > c->psize || (lower - PAGEHDR) % 2 != 0)
        rc = bad(c, "a page whose header does not hold together");
    for (int i = 0; rc == 0 && i < (int)((lower - PAGEHDR) / 2); i++)
        rc = check_node(c, p, leaf, i, depth);
    free(p);
    return rc;
}

/* Page size, last page and main root from the newest valid meta page. */
static int read_meta(checker *c, long long size, uint64_t *main_root)
{
    unsigned char m[2][META_AT + 144];
    uint64_t txn[2];
    int ok[2];

    c->psize = 1; /* meta page 0 at offset 0 */
    if (size < (long long)sizeof m[0] || read_page(c, 0, m[0], sizeof m[0]))
        return bad(c, "not an LMDB file, so not a table");
    c->psize = get(m[0] + META_AT + 24, 4); /* mm_dbs[0].md_pad */
    if (get(m[0] + META_AT, 4) != MAGIC || get(m[0] + META_AT + 4, 4) != 1 ||
        c->psize < 512 || c->psize > 65536 || (c->psize & (c->psize - 1)))
        return bad(c, "not an LMDB file, so not a table");
    if (size < 4 * (long long)c->psize)
        return bad(c, "truncated: not a whole number of pages");
    if (read_page(c, 1, m[1], sizeof m[1]) < 0)
        return -1;
    if (size % (long long)c->psize != 0) {
        /* whole pages up to the last page the newer meta names, and more:
         * bytes were added to the file, not lost */
        int newer = get(m[1] + META_AT + 24 + 2 * DBREC + 8, 8) >
                    get(m[0] + META_AT + 24 + 2 * DBREC + 8, 8);
        uint64_t last = get(m[newer] + META_AT + 24 + 2 * DBREC, 8);
        if (last < (uint64_t)size / c->psize)
            return bad(c, "bytes after the end of the table (something was "
                          "appended to the file)");
        return bad(c, "truncated: not a whole number of pages");
    }
    /* LMDB reads both meta pages, page 1 at meta 0's page size, and takes
     * the page size and the rest from the newer: both must agree. */
    for (int i = 0; i < 2; i++) {
        const unsigned char *mm = m[i] + META_AT;
        ok[i] = get(mm, 4) == MAGIC && get(mm + 4, 4) == 1 &&
                (get(m[i] + 10, 2) & P_META) != 0 &&
                get(mm + 24, 4) == c->psize;
        txn[i] = get(mm + 24 + 2 * DBREC + 8, 8);
    }
    if (!ok[0] || !ok[1])
        return bad(c, "a meta page that does not hold together");
    int use = txn[1] > txn[0];
    const unsigned char *mm = m[use] + META_AT;
    c->last = get(mm + 24 + 2 * DBREC, 8);
    *main_root = get(mm + 24 + DBREC + DBREC - 8, 8);
    if (get(mm + 24 + DBREC + 4, 2) != 0)
        return bad(c, "a main database with flags tables never use");
    if (c->last < 2 || c->last >= (uint64_t)size / c->psize)
        return bad(c, "truncated: the file is shorter than its header says");
    return 0;
}

int mjt__lmdb_check(const char *path, long long size, mjt__diag *diag)
{
    checker c = {-1, 0, 0, NULL, NULL, MJT__EFORMAT};
    uint64_t root = NO_PAGE;

    if ((c.fd = open(path, O_RDONLY)) < 0) {
        mjt__diag_set(diag, MJT__EIO, -1, "%s: %s", path, strerror(errno));
        return MJT__EIO;
    }
    if (read_meta(&c, size, &root) == 0) {
        c.seen = mjt__calloc((size_t)(c.last / 8 + 1), 1);
        if (c.seen == NULL) {
            bad(&c, "out of memory");
            c.code = MJT__ENOMEM;
        } else
            check_tree(&c, root, 0);
    }
    close(c.fd);
    free(c.seen);
    if (c.why == NULL)
        return MJT__OK;
    mjt__diag_set(diag, c.code, -1, "%s: %s%s", path, c.why,
                  c.code != MJT__EFORMAT ||
                          strncmp(c.why, "truncated", 9) == 0 ||
                          strncmp(c.why, "bytes after", 11) == 0 ||
                          strncmp(c.why, "not an LMDB", 11) == 0
                      ? ""
                      : " (the file is damaged)");
    return c.code;
}
