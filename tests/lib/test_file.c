/* SPDX-License-Identifier: MIT */
/*
 * The table-file API (mjt_file_*) as a tool author meets it, through mjt.h
 * alone: a file's parts verify with their row counts, a pattern's record
 * is the one the solver's definition gives, two files compare part by
 * part with a tally and a callback that can stop the walk, and each
 * misuse gets its own code and message.  mjq dump, info and diff print
 * what these calls return (tests/mjq/cli.sh checks their output).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "alloc_sweep.h"
#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

static mjt_file *open_test(void)
{
    mjt_file *f = NULL;
    mjt_diag diag;
    int rc = mjt_file_open(&f, test_tables_path(), &diag);
    cr_assert(eq(int, rc, MJT_OK), "%s", diag.message);
    return f;
}

/* A table of patterns up to max_tiles, written by mjt-gen into dir. */
static void small_table(char *dir, char *path, size_t cap, int max_tiles)
{
    char cmd[1024];
    cr_assert(not(eq(ptr, mkdtemp(dir), NULL)));
    snprintf(path, cap, "%s/small.lmdb", dir);
    snprintf(cmd, sizeof cmd, "%s/mjt-gen -q --max-tiles %d -o %s >/dev/null",
             test_build_dir(), max_tiles, path);
    cr_assert(eq(int, system(cmd), 0), "%s", cmd);
}

static void remove_table(const char *dir, const char *path)
{
    unlink(path);
    rmdir(dir);
}

Test(file, parts_verify_with_their_row_counts, .timeout = 120)
{
    static const uint64_t rows_of[4] = {405350, 43130, 83166, 1443};
    mjt_file *f = open_test();

    cr_assert(eq(int, mjt_file_format(f), 3));
    cr_assert(eq(int, mjt_file_parts(f), 4));
    cr_assert(gt(i64, mjt_file_size(f), 1000000));
    for (int part = 0; part < 4; part++) {
        uint64_t rows = 0;
        mjt_diag diag;
        cr_assert(eq(int, mjt_file_verify(f, part, &rows, &diag), MJT_OK), "%s",
                  diag.message);
        cr_assert(eq(u64, rows, rows_of[part]), "%s", mjt_file_part_name(part));
    }
    cr_assert(eq(str, (char *)mjt_file_part_name(MJT_PART_HONOR_FORMS),
                 "honor.forms"));
    cr_assert(eq(ptr, (void *)mjt_file_part_name(4), NULL));
    cr_assert(eq(ptr, (void *)mjt_file_part_name(-1), NULL));
    mjt_diag diag;
    cr_assert(eq(int, mjt_file_verify(f, 4, NULL, &diag), MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(diag.message, "no part 4"), NULL)), "%s",
              diag.message);
    mjt_file_close(f);
    mjt_file_close(NULL);
}

Test(file, meta_values_and_their_edges)
{
    mjt_file *f = open_test();
    char buf[64];

    cr_assert(eq(int, mjt_file_meta(f, "magic", buf, sizeof buf), MJT_OK));
    cr_assert(eq(str, buf, "mjt-tables"));
    cr_assert(eq(int, mjt_file_meta(f, "magic", buf, 4), MJT_OK));
    cr_assert(eq(str, buf, "mjt"), "cut to cap - 1 bytes");
    cr_assert(
        eq(int, mjt_file_meta(f, "no such key", buf, sizeof buf), MJT_ENOENT));
    cr_assert(eq(str, buf, ""));
    cr_assert(eq(int, mjt_file_meta(f, "magic", buf, 0), MJT_EINVAL));
    cr_assert(eq(int, mjt_file_meta(NULL, "magic", buf, 8), MJT_EINVAL));
    mjt_file_close(f);
}

/* The record of 1111m as the definition gives it (the same figures mjq
 * diff prints for it against a table solved without the four-copy cap). */
Test(file, a_pattern_record_is_the_definition)
{
    mjt_file *f = open_test();
    mjt_tiles p;
    mjt_record rec;
    mjt_diag diag;

    cr_assert(eq(int, mjt_tiles_parse(&p, "1111m", 5, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_OK), "%s",
              diag.message);
    cr_assert(eq(int, rec.part, MJT_PART_SUIT));
    cr_assert(eq(int, rec.tiles, 4));
    cr_assert(eq(u8, rec.counts[0], 4));
    cr_assert(eq(u64, rec.key, 0xf));
    /* slot 0 (nothing): no deficit, any tile can go */
    cr_assert(eq(int, rec.slot[0].deficit, 0));
    cr_assert(eq(u32, rec.slot[0].excess, 1u));
    /* slot 3 (1 meld + pair): 111 and a pair would need a fifth 1, so
     * it is 11 and a meld from 11 (2 more tiles: 2 and 3), or 111 and a
     * pair of another rank (2 more): any of 2-9 lowers the deficit. */
    cr_assert(eq(int, rec.slot[3].deficit, 2));
    cr_assert(eq(u32, rec.slot[3].need, 0x1feu));
    cr_assert(eq(u32, rec.slot[3].excess, 1u));
    /* an honor pattern is found in its own part */
    cr_assert(eq(int, mjt_tiles_parse(&p, "555z", 4, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_OK));
    cr_assert(eq(int, rec.part, MJT_PART_HONOR));
    cr_assert(eq(int, rec.slot[2].deficit, 0), "a triplet is a meld");
    mjt_file_close(f);
}

Test(file, a_record_refuses_what_is_not_a_pattern)
{
    mjt_file *f = open_test();
    mjt_tiles p;
    mjt_record rec;
    mjt_diag diag;

    cr_assert(eq(int, mjt_tiles_parse(&p, "1m1p", 4, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(diag.message, "more than one suit"), NULL)));
    memset(&p, 0, sizeof p);
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(diag.message, "0 tiles"), NULL)), "%s",
              diag.message);
    cr_assert(eq(int, mjt_file_record(f, NULL, &rec, &diag), MJT_EINVAL));
    mjt_file_close(f);
}

Test(file, a_missing_pattern_is_enoent, .timeout = 120)
{
    char dir[] = "/tmp/mjt-file-XXXXXX", path[256];
    mjt_file *f;
    mjt_tiles p;
    mjt_record rec;
    mjt_diag diag;

    small_table(dir, path, sizeof path, 2);
    cr_assert(eq(int, mjt_file_open(&f, path, &diag), MJT_OK), "%s",
              diag.message);
    cr_assert(eq(int, mjt_tiles_parse(&p, "11m", 3, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_OK));
    cr_assert(eq(int, mjt_tiles_parse(&p, "111m", 4, NULL), MJT_OK));
    cr_assert(eq(int, mjt_file_record(f, &p, &rec, &diag), MJT_ENOENT));
    cr_assert(not(eq(ptr, strstr(diag.message, "missing"), NULL)), "%s",
              diag.message);
    cr_assert(not(eq(ptr, strstr(diag.message, path), NULL)));
    mjt_file_close(f);
    remove_table(dir, path);
}

Test(file, open_names_the_file_and_the_problem)
{
    mjt_file *f = (mjt_file *)&f;
    mjt_diag diag;

    cr_assert(
        eq(int, mjt_file_open(&f, "/nonexistent/t.lmdb", &diag), MJT_ENOENT));
    cr_assert(eq(ptr, f, NULL), "*out is NULL after a failure");
    cr_assert(not(eq(ptr, strstr(diag.message, "/nonexistent/t.lmdb"), NULL)));
    cr_assert(eq(int, mjt_file_open(NULL, "x", &diag), MJT_EINVAL));
    cr_assert(eq(int, mjt_file_open(&f, NULL, NULL), MJT_EINVAL));
}

typedef struct seen {
    uint64_t calls, kinds[4];
    int stop_after; /* 0: never */
} seen;

static int count_change(void *user, const mjt_change *c)
{
    seen *s = user;
    cr_assert(c->kind >= MJT_CHANGED && c->kind <= MJT_DAMAGED);
    s->kinds[c->kind]++;
    return ++s->calls == (uint64_t)s->stop_after;
}

Test(file, a_file_equals_itself, .timeout = 120)
{
    mjt_file *f = open_test();
    mjt_diff_tally t;
    seen s = {0};

    cr_assert(eq(
        int, mjt_file_diff(f, f, MJT_PART_HONOR, 0, count_change, &s, &t, NULL),
        MJT_OK));
    cr_assert(eq(int, t.by_digest, 1));
    cr_assert(eq(u64, t.compared, 0), "nothing read");
    cr_assert(eq(int,
                 mjt_file_diff(f, f, MJT_PART_HONOR, MJT_DIFF_FULL,
                               count_change, &s, &t, NULL),
                 MJT_OK));
    cr_assert(eq(int, t.by_digest, 0));
    cr_assert(eq(u64, t.compared, 43130));
    cr_assert(eq(u64, t.changed + t.only[0] + t.only[1], 0));
    cr_assert(eq(int,
                 mjt_file_diff(f, f, MJT_PART_HONOR_FORMS, MJT_DIFF_FULL,
                               count_change, &s, &t, NULL),
                 MJT_OK));
    cr_assert(eq(u64, t.compared, 1443));
    cr_assert(eq(u64, s.calls, 0));
    mjt_file_close(f);
}

Test(file, a_diff_reports_and_stops, .timeout = 120)
{
    char dir[] = "/tmp/mjt-file-XXXXXX", path[256];
    mjt_file *small, *full = open_test();
    mjt_diff_tally t;
    mjt_diag diag;
    seen s = {0};

    small_table(dir, path, sizeof path, 4);
    cr_assert(eq(int, mjt_file_open(&small, path, &diag), MJT_OK));
    cr_assert(eq(int,
                 mjt_file_diff(small, full, MJT_PART_HONOR, 0, count_change, &s,
                               &t, &diag),
                 MJT_OK),
              "%s", diag.message);
    /* Honor patterns of 0-4 tiles are in both; the rest only in full. */
    cr_assert(eq(u64, t.compared + t.only[1], 43130));
    cr_assert(eq(u64, t.only[0], 0));
    cr_assert(eq(u64, t.changed, 0));
    cr_assert(eq(u64, s.kinds[MJT_ONLY_NEW], t.only[1]));
    cr_assert(eq(u64, s.calls, t.only[1]));
    /* The forms part too: the small file holds forms of 2-4 tiles only. */
    memset(&s, 0, sizeof s);
    cr_assert(eq(int,
                 mjt_file_diff(small, full, MJT_PART_SUIT_FORMS, 0,
                               count_change, &s, &t, &diag),
                 MJT_OK));
    cr_assert(gt(u64, t.only[1], 0));
    cr_assert(eq(u64, s.kinds[MJT_ONLY_NEW], t.only[1]));
    /* A callback's non-zero return stops the walk at once. */
    memset(&s, 0, sizeof s);
    s.stop_after = 3;
    cr_assert(eq(int,
                 mjt_file_diff(small, full, MJT_PART_SUIT, 0, count_change, &s,
                               &t, &diag),
                 MJT_ECANCELED));
    cr_assert(eq(u64, s.calls, 3));
    /* Misuse: a part past the end, an unknown flag, no file. */
    cr_assert(eq(int, mjt_file_diff(small, full, 4, 0, NULL, NULL, &t, &diag),
                 MJT_EINVAL));
    cr_assert(eq(int, mjt_file_diff(small, full, 0, 2u, NULL, NULL, &t, &diag),
                 MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(diag.message, "unknown flags"), NULL)));
    cr_assert(eq(int, mjt_file_diff(NULL, full, 0, 0, NULL, NULL, &t, &diag),
                 MJT_EINVAL));
    mjt_file_close(small);
    mjt_file_close(full);
    remove_table(dir, path);
}

/* ==== Allocations that fail ==== */

/* A tool's work on a file: open it, verify a part of forms, and compare
 * it with itself in full, its forms and its records; unnamed counts the
 * failures whose message does not name the file. */
typedef struct filework {
    mjt_diff_tally t[2];
    int unnamed;
} filework;

static int file_work(void *ctx, mjt_diag *d)
{
    filework *w = ctx;
    mjt_diff_tally *t = w->t;
    mjt_file *f;
    uint64_t rows;
    int rc = mjt_file_open(&f, test_tables_path(), d);

    if (rc != MJT_OK)
        return rc;
    if ((rc = mjt_file_verify(f, MJT_PART_HONOR_FORMS, &rows, d)) == MJT_OK &&
        (rc = mjt_file_diff(f, f, MJT_PART_HONOR_FORMS, MJT_DIFF_FULL, NULL,
                            NULL, &t[0], d)) == MJT_OK)
        rc = mjt_file_diff(f, f, MJT_PART_HONOR, MJT_DIFF_FULL, NULL, NULL,
                           &t[1], d);
    mjt_file_close(f);
    w->unnamed +=
        rc != MJT_OK && strstr(d->message, test_tables_path()) == NULL;
    return rc;
}

/* Every allocation of that work may fail, in turn (alone, or with all
 * after it): each failure is MJT_ENOMEM with a message naming the file,
 * nothing leaks, and the work that gets them all compares every row. */
Test(alloc, every_allocation_of_a_file_and_its_diff_may_fail, .timeout = 300)
{
    for (int once = 0; once < 2; once++) {
        filework w = {.unnamed = 0};
        long failed = test_refuse_each(file_work, &w, once, "a file's work");
        cr_assert(eq(int, w.unnamed, 0), "a failure that names no file");
        cr_assert(eq(u64, w.t[0].compared, 1443));
        cr_assert(eq(u64, w.t[1].compared, 43130));
        cr_log_info("alloc: a file's work makes %ld allocations, each failed "
                    "in turn%s",
                    failed, once ? " alone" : "");
        /* the handle, its path, the forms' keys, offsets and rows */
        cr_assert(gt(long, failed, 4), "%ld allocations", failed);
        test_no_leaks("a file's work refused");
    }
}
