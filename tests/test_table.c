/* SPDX-License-Identifier: MIT */
/*
 * Tables on disk: mjt-gen -j1 writes the same content (digest) as the -j2
 * tables `make test` built, the file reads back equal to what the solver
 * computes, and mjt-gen refuses to replace what is not a table.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "patterns.h"
#include "record.h"
#include "suit.h"
#include "tablefile.h"

static char dir[] = "/tmp/mjt-test-XXXXXX";

static int run(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/mjt-gen -q %s >/dev/null 2>&1",
             test_build_dir(), args);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void meta(const char *path, const char *key, char *buf, size_t cap)
{
    mjt__tfile *f;
    cr_assert(eq(int, mjt__tfile_open(&f, path, NULL), MJT_OK), "%s", path);
    cr_assert(eq(int, mjt__tfile_meta(f, key, buf, cap), MJT_OK));
    mjt__tfile_close(f);
}

Test(table, j1_digest_equals_j2_digest, .timeout = 600)
{
    char path[256], a[64], b[64];

    cr_assert(not(eq(ptr, mkdtemp(dir), NULL)));
    snprintf(path, sizeof path, "%s/j1.lmdb", dir);
    char args[512];
    snprintf(args, sizeof args, "-j1 -o %s", path);
    cr_assert(eq(int, run(args), 0));
    for (int t = 0; t < 2; t++) {
        char key[32];
        snprintf(key, sizeof key, "%s.digest", t ? "honor" : "suit");
        meta(path, key, a, sizeof a);
        meta(test_tables_path(), key, b, sizeof b);
        cr_assert(eq(str, a, b), "%s", key);
    }
    unlink(path);
    rmdir(dir);
}

typedef struct cmp {
    mjt__patterns ps;
    uint64_t n;
} cmp;

static int compare_block(void *ctx, const uint64_t *keys,
                         const mjt__record *recs, uint32_t n)
{
    cmp *c = ctx;
    for (uint32_t i = 0; i < n; i++, c->n++) {
        mjt__record want;
        mjt__patterns_record(&c->ps, keys[i], &want);
        cr_assert(eq(int, memcmp(&want, &recs[i], sizeof want), 0),
                  "key %#llx", (unsigned long long)keys[i]);
    }
    return 0;
}

Test(table, reads_back_what_was_solved, .timeout = 600)
{
    mjt__tfile *f;
    cr_assert(eq(int, mjt__tfile_open(&f, test_tables_path(), NULL),
                 MJT_OK));
    /* Every pattern, solved here on one thread. */
    cmp honor = {.n = 0}, suit = {.n = 0};
    cr_assert(eq(int, mjt__patterns_init(&honor.ps, 7), 0));
    cr_assert(eq(int, mjt__patterns_init(&suit.ps, 9), 0));
    mjt__patterns_solve_upto(&honor.ps, MJT_MAX_PATTERN_TILES);
    mjt__patterns_solve_upto(&suit.ps, MJT_MAX_PATTERN_TILES);
    cr_assert(eq(int, mjt__tfile_each_block(f, MJT__HONOR, compare_block,
                                            &honor, NULL), 0));
    cr_assert(eq(int, mjt__tfile_each_block(f, MJT__SUIT, compare_block,
                                            &suit, NULL), 0));
    cr_assert(eq(u64, honor.n, MJT_HONOR_PATTERNS));
    cr_assert(eq(u64, suit.n, MJT_SUIT_PATTERNS));
    mjt__patterns_free(&honor.ps);
    mjt__patterns_free(&suit.ps);
    mjt__tfile_close(f);
}

Test(table, generator_refuses_a_foreign_file)
{
    char path[256], args[512];
    cr_assert(not(eq(ptr, mkdtemp(dir), NULL)));
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    FILE *fp = fopen(path, "w");
    fputs("precious\n", fp);
    fclose(fp);
    snprintf(args, sizeof args, "-o %s", path);
    cr_assert(eq(int, run(args), 1));
    fp = fopen(path, "r");
    char buf[32] = {0};
    cr_assert(not(eq(ptr, fgets(buf, sizeof buf, fp), NULL)));
    fclose(fp);
    cr_assert(eq(str, buf, "precious\n"));
    unlink(path);
    snprintf(args, sizeof args, "-o /nonexistent-dir/x.lmdb");
    cr_assert(eq(int, run(args), 1));
    cr_assert(eq(int, run("--solver nosuch"), 2));
    cr_assert(eq(int, run("-j 0"), 2));
    rmdir(dir);
}
