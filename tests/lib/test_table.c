/* SPDX-License-Identifier: MIT */
/*
 * Tables on disk: mjt-gen -j1 writes the same content (digest) as the -j2
 * tables `make test` built, the file reads back equal to what the solver
 * computes, mjt-gen refuses to replace what is not a table, and the
 * library catches each damage done on purpose (tests/lib/alter.c), in
 * its queries and in its file calls.
 */
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "asserts.h"
#include "alloc_sweep.h"
#include "format.h"
#include "alter.h"
#include "helpers.h"
#include "internal.h"
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
        for (int s = 0; s < MJT__SLOTS; s++) {
            const mjt__slotinfo *a = &want.slot[s], *b = &recs[i].slot[s];
            cr_assert(a->deficit == b->deficit && a->need == b->need &&
                          a->excess == b->excess,
                      "key %#llx slot %d", (unsigned long long)keys[i], s);
        }
    }
    return 0;
}

Test(table, reads_back_what_was_solved, .timeout = 600)
{
    mjt__tfile *f;
    cr_assert(eq(int, mjt__tfile_open(&f, test_tables_path(), NULL), MJT_OK));
    /* Every pattern, solved here on one thread. */
    cmp honor = {.n = 0}, suit = {.n = 0};
    cr_assert(eq(int, mjt__patterns_init(&honor.ps, 7), 0));
    cr_assert(eq(int, mjt__patterns_init(&suit.ps, 9), 0));
    mjt__patterns_solve_upto(&honor.ps, MJT__MAX_PATTERN_TILES);
    mjt__patterns_solve_upto(&suit.ps, MJT__MAX_PATTERN_TILES);
    cr_assert(eq(
        int,
        mjt__tfile_each_block(f, MJT__HONOR, compare_block, &honor, NULL, NULL),
        0));
    cr_assert(eq(
        int,
        mjt__tfile_each_block(f, MJT__SUIT, compare_block, &suit, NULL, NULL),
        0));
    cr_assert(eq(u64, honor.n, MJT__HONOR_PATTERNS));
    cr_assert(eq(u64, suit.n, MJT__SUIT_PATTERNS));
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

/* ==== A table altered on purpose ==== */

/* What mjt_file_diff found, for the tests below. */
typedef struct found {
    int changed, damaged, slot;
    int nremoved, nadded;
    unsigned removed_wins, added_wins;
    char pattern[10];
} found;

static int note(void *user, const mjt_change *c)
{
    found *f = user;
    if (c->kind == MJT_DAMAGED) {
        f->damaged++;
        return 0;
    }
    f->changed++;
    f->slot = c->slot;
    f->nremoved = c->nremoved;
    f->nadded = c->nadded;
    if (c->nremoved > 0)
        f->removed_wins = c->removed[0].wins;
    if (c->nadded > 0)
        f->added_wins = c->added[0].wins;
    int k = 0;
    for (int r = 0; r < c->ranks; r++)
        for (int n = c->counts[r]; n > 0 && k < 9; n--)
            f->pattern[k++] = (char)('1' + r);
    f->pattern[k] = '\0';
    return 0;
}

/* Compare the test tables with path, part by part (all the records with
 * full), into *f; the tally of part into *t. */
static void diff_part(const char *path, int part, unsigned flags, found *f,
                      mjt_diff_tally *t)
{
    mjt_file *a, *b;
    mjt_diag d;
    cr_assert(eq(int, mjt_file_open(&a, test_tables_path(), &d), MJT_OK));
    cr_assert(eq(int, mjt_file_open(&b, path, &d), MJT_OK), "%s", d.message);
    memset(f, 0, sizeof *f);
    cr_assert(eq(int, mjt_file_diff(a, b, part, flags, note, f, t, &d), MJT_OK),
              "%s", d.message);
    mjt_file_close(a);
    mjt_file_close(b);
}

Test(table, an_altered_record_is_caught, .timeout = 120)
{
    char d[] = "/tmp/mjt-alter-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_file *f;
    mjt_diag diag;
    mjt_diff_tally tally;
    found x;

    alter_temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_record(path);
    /* The library refuses it, naming the table. */
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "honor table content"), NULL)),
              "%s", diag.message);
    /* The file reads, and its honor part fails its digest. */
    cr_assert(eq(int, mjt_file_open(&f, path, &diag), MJT_OK));
    cr_assert(eq(int, mjt_file_verify(f, MJT_PART_SUIT, NULL, &diag), MJT_OK));
    cr_assert(
        eq(int, mjt_file_verify(f, MJT_PART_HONOR, NULL, &diag), MJT_ECORRUPT));
    mjt_file_close(f);
    /* A diff trusts equal digests unless told to read the records, which
     * finds the record that changed and the damage. */
    diff_part(path, MJT_PART_HONOR, 0, &x, &tally);
    cr_assert(eq(int, tally.by_digest, 1));
    cr_assert(eq(int, x.changed + x.damaged, 0));
    diff_part(path, MJT_PART_HONOR, MJT_DIFF_FULL, &x, &tally);
    cr_assert(eq(u64, tally.changed, 1));
    cr_assert(eq(int, x.slot, 9));
    cr_assert(eq(int, x.damaged, 1));
    alter_remove(d, path);
}

Test(table, an_altered_form_is_caught, .timeout = 120)
{
    char d[] = "/tmp/mjt-alterf-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_file *f;
    mjt_diag diag;
    mjt_diff_tally tally;
    found x;

    alter_temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_form(path);
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "suit forms content hashes to"),
                     NULL)),
              "%s", diag.message);
    cr_assert(eq(int, mjt_file_open(&f, path, &diag), MJT_OK));
    cr_assert(eq(int, mjt_file_verify(f, MJT_PART_SUIT_FORMS, NULL, &diag),
                 MJT_ECORRUPT));
    mjt_file_close(f);
    diff_part(path, MJT_PART_SUIT_FORMS, 0, &x, &tally);
    cr_assert(eq(int, tally.by_digest, 1));
    /* the forms read: pattern 1 waited on 1 and now on 1 and 2 */
    diff_part(path, MJT_PART_SUIT_FORMS, MJT_DIFF_FULL, &x, &tally);
    cr_assert(eq(u64, tally.compared, 83166));
    cr_assert(eq(u64, tally.changed, 1));
    cr_assert(eq(str, x.pattern, "1"));
    cr_assert(eq(int, x.nremoved, 1));
    cr_assert(eq(int, x.nadded, 1));
    cr_assert(eq(u32, x.removed_wins, 1u));
    cr_assert(eq(u32, x.added_wins, 3u));
    cr_assert(eq(int, x.damaged, 1));
    alter_remove(d, path);
}

Test(table, another_format_version_is_named, .timeout = 120)
{
    char d[] = "/tmp/mjt-format-XXXXXX", path[256], want[64];
    mjt_tables *t = NULL;
    mjt_file *f = NULL;
    mjt_diag diag;

    alter_temp_copy(d, "format9.lmdb", path, sizeof path);
    alter_set_meta(path, "format", "9");
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_EFORMAT));
    snprintf(want, sizeof want, "format 9, this build reads %d",
             MJT__FORMAT_VERSION);
    cr_assert(not(eq(ptr, strstr(diag.message, want), NULL)), "%s",
              diag.message);
    cr_assert(eq(int, mjt_file_open(&f, path, &diag), MJT_EFORMAT));
    cr_assert(not(eq(ptr, strstr(diag.message, "format 9"), NULL)), "%s",
              diag.message);
    cr_assert(eq(ptr, f, NULL));
    alter_remove(d, path);
}

/* A format 1 table (no meta digest and no forms, blocks as in format 3):
 * libmjt's queries want the current format, but its file calls read it. */
Test(table, the_file_calls_read_the_previous_format, .timeout = 120)
{
    char d[] = "/tmp/mjt-format1-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_file *f;
    mjt_diff_tally tally;
    found x;

    alter_temp_copy(d, "format1.lmdb", path, sizeof path);
    alter_set_meta(path, "format", "1");
    alter_set_meta(path, "meta.digest", NULL);
    cr_assert(eq(int, mjt_tables_open(&t, path, NULL), MJT_EFORMAT));
    cr_assert(eq(int, mjt_file_open(&f, path, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_format(f), 1));
    cr_assert(eq(int, mjt_file_parts(f), 2));
    mjt_file_close(f);
    diff_part(path, MJT_PART_SUIT, MJT_DIFF_FULL, &x, &tally);
    cr_assert(eq(u64, tally.compared, 405350));
    cr_assert(eq(int, x.changed + x.damaged, 0));
    alter_remove(d, path);
}

/* Absurd counts in the meta record: nothing is sized from them, and the
 * meta digest catches the change anyway. */
Test(table, absurd_meta_counts_are_refused, .timeout = 120)
{
    char d[] = "/tmp/mjt-absurd-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_file *f = NULL;
    mjt_diag diag;

    alter_temp_copy(d, "absurd.lmdb", path, sizeof path);
    alter_set_meta(path, "suit.patterns", "18446744073709551615");
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "meta record"), NULL)), "%s",
              diag.message);
    cr_assert(eq(int, mjt_file_open(&f, path, &diag), MJT_ECORRUPT));
    alter_remove(d, path);
}

/* A table whose solver is not exact (nocap counts a fifth copy) is
 * refused for answers unless the caller asks for it, and says why. */
Test(table, an_inexact_solver_is_refused, .timeout = 120)
{
    char d[] = "/tmp/mjt-nocap-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_diag diag;

    alter_temp_copy(d, "nocap.lmdb", path, sizeof path);
    alter_set_meta(path, "solver", "nocap");
    alter_reseal_meta(path);
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_EFORMAT));
    cr_assert(eq(ptr, t, NULL));
    cr_assert(not(eq(ptr, strstr(diag.message, "solver 'nocap'"), NULL)), "%s",
              diag.message);
    cr_assert(not(eq(ptr, strstr(diag.message, "not exact"), NULL)));
    cr_assert(eq(int, mjt_tables_open_flags(&t, path, 4, &diag), MJT_EINVAL));
    cr_assert(eq(int, mjt_tables_open_flags(&t, path, MJT_OPEN_INEXACT, &diag),
                 MJT_OK),
              "%s", diag.message);
    mjt_tables_close(t);
    alter_remove(d, path);
}

/* ==== Every allocation failing in turn ==== */

/* An open under flags, closed again; wrong counts what was not as it
 * should be: a handle left by a refusal, a cache taken or not as asked. */
typedef struct opening {
    unsigned flags;
    int wrong;
} opening;

static int open_close(void *ctx, mjt_diag *d)
{
    opening *o = ctx;
    mjt_tables *t = (mjt_tables *)1;
    int rc = mjt_tables_open_flags(&t, test_tables_path(), o->flags, d);

    if (rc != MJT_OK) {
        o->wrong += t != NULL || d->code != rc;
        return rc;
    }
    o->wrong += (t->map != NULL) != (o->flags != MJT_OPEN_PRIVATE);
    mjt_tables_close(t);
    return rc;
}

/*
 * Open the test tables with allocations failing from the n-th on (or the
 * n-th alone: once), for every n up to the number an open makes
 * (tests/alloc_sweep.h): each failure must be MJT_ENOMEM with a message
 * and no handle, and nothing may leak.  The walk must reach an open that
 * succeeds, so it can't stop short of the last allocation.  Without the
 * cache (every allocation of the decompression), then from a cache
 * (tests/lib/test_cache.c).
 */
static void each_allocation_fails(unsigned flags, int once)
{
    opening o = {flags, 0};
    long failed = test_refuse_each(open_close, &o, once, "an open");

    cr_assert(eq(int, o.wrong, 0),
              "%d opens left a handle, a code or a cache "
              "as they should not",
              o.wrong);
    cr_log_info("alloc: an open (flags %u) makes %ld allocations, each failed "
                "in turn%s",
                flags, failed, once ? " alone" : "");
    cr_assert(gt(long, failed, flags == MJT_OPEN_PRIVATE ? 5 : 0));
    test_no_leaks("an open refused");
}

Test(alloc, every_allocation_of_an_open_may_fail, .timeout = 600)
{
    each_allocation_fails(MJT_OPEN_PRIVATE, 0);
    each_allocation_fails(MJT_OPEN_PRIVATE, 1);
    mjt_tables *t;
    cr_assert(eq(int, mjt_tables_open(&t, test_tables_path(), NULL), MJT_OK));
    each_allocation_fails(0, 0); /* the cache the open above made or found */
    each_allocation_fails(0, 1);
    mjt_tables_close(t);
}

/* The same for the tools' reading of a file: open it, walk every record
 * and every form. */
static int walk_all(mjt__diag *d)
{
    mjt__tfile *f = NULL;
    int rc = mjt__tfile_open_any(&f, test_tables_path(), d);
    for (int table = 0; rc == MJT_OK && table < MJT__NTABLES; table++) {
        mjt__walk w;
        uint64_t key;
        const mjt__record *rec;
        if ((rc = mjt__walk_open(&w, f, table)) != MJT_OK)
            break;
        while ((rc = mjt__walk_next(&w, &key, &rec, d)) == 1)
            ;
        mjt__walk_close(&w);
    }
    mjt__tfile_close(f);
    return rc;
}

static int walk_all_out(void *ctx, mjt_diag *d)
{
    mjt__diag why = {.code = MJT_OK};
    (void)ctx;
    return mjt__diag_out(d, &why, walk_all(&why));
}

Test(alloc, every_allocation_of_a_record_walk_may_fail, .timeout = 600)
{
    for (int once = 0; once < 2; once++) {
        long failed = test_refuse_each(walk_all_out, NULL, once, "a walk");
        cr_assert(gt(long, failed, 3));
        test_no_leaks("a record walk refused");
    }
}
