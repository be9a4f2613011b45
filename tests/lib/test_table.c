/* SPDX-License-Identifier: MIT */
/*
 * Tables on disk: mjt-gen -j1 writes the same content (digest) as the -j2
 * tables `make test` built, the file reads back equal to what the solver
 * computes, and mjt-gen refuses to replace what is not a table.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "alloc.h"
#include "format.h"
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

/* Copy the test tables to name in a new temporary directory made from
 * the template tmpl; path gets the copy's path. */
static void temp_copy(char *tmpl, const char *name, char *path, size_t cap)
{
    char cmd[1024];
    cr_assert(not(eq(ptr, mkdtemp(tmpl), NULL)));
    snprintf(path, cap, "%s/%s", tmpl, name);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", test_tables_path(), path);
    cr_assert(eq(int, system(cmd), 0));
}

/* Open database db of the table at path for writing: *env, the write
 * transaction it returns and *dbi, to commit and close. */
static MDB_txn *open_rw(const char *path, const char *db, MDB_env **env,
                        MDB_dbi *dbi)
{
    MDB_txn *txn;

    cr_assert(eq(int, mdb_env_create(env), 0));
    mdb_env_set_maxdbs(*env, 8);
    mdb_env_set_mapsize(*env, (size_t)64 << 20);
    cr_assert(
        eq(int, mdb_env_open(*env, path, MDB_NOSUBDIR | MDB_NOLOCK, 0644), 0));
    cr_assert(eq(int, mdb_txn_begin(*env, NULL, 0, &txn), 0));
    cr_assert(eq(int, mdb_dbi_open(txn, db, 0, dbi), 0));
    return txn;
}

/* Decompress the first block of database db in the table at path, let
 * alter change it in place (raw, its size), recompress it and write it
 * back: a damage the digest, not the block structure, must catch. */
static void alter_first_block(const char *path, const char *db,
                              void (*alter)(unsigned char *raw, size_t n))
{
    MDB_env *env;
    MDB_dbi dbi;
    MDB_txn *txn = open_rw(path, db, &env, &dbi);
    MDB_cursor *c;
    MDB_val k, v;
    size_t cap = 4 + (size_t)MJT__FORMS_SPAN * MJT__FORMS_ROW_MAX;
    unsigned char *raw = malloc(cap), *packed = malloc(ZSTD_compressBound(cap));

    cr_assert(eq(int, mdb_cursor_open(txn, dbi, &c), 0));
    cr_assert(eq(int, mdb_cursor_get(c, &k, &v, MDB_FIRST), 0));
    size_t n = ZSTD_decompress(raw, cap, v.mv_data, v.mv_size);
    cr_assert(eq(int, ZSTD_isError(n), 0));
    alter(raw, n);
    size_t m = ZSTD_compress(packed, ZSTD_compressBound(cap), raw, n, 3);
    cr_assert(eq(int, ZSTD_isError(m), 0));
    MDB_val nv = {m, packed};
    unsigned char kb[8];
    memcpy(kb, k.mv_data, 8);
    MDB_val nk = {8, kb};
    mdb_cursor_close(c);
    cr_assert(eq(int, mdb_put(txn, dbi, &nk, &nv, 0), 0));
    cr_assert(eq(int, mdb_txn_commit(txn), 0));
    mdb_env_close(env);
    free(raw);
    free(packed);
}

/* Raise the deficit of slot 9 (4 melds and a pair) of record 100 of a
 * record block by one. */
static void raise_deficit(unsigned char *raw, size_t n)
{
    uint32_t recs = mjt__block_decode(raw, n, MJT__BLOCK_RECORDS, NULL, NULL);
    cr_assert(gt(u32, recs, 100));
    raw[4 + 8 * (size_t)recs + 9 * (size_t)recs + 100] += 1;
}

static void alter_one_record(const char *path)
{
    alter_first_block(path, "honor", raise_deficit);
}

/* Whether mjq's output (stdout and stderr) for args holds text. */
static int mjq_says(const char *args, const char *text)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/mjq %s 2>&1 | grep -qF -- '%s'",
             test_build_dir(), args, text);
    return system(cmd) == 0;
}

static int mjq(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/mjq %s >/dev/null 2>&1", test_build_dir(),
             args);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(table, an_altered_record_is_caught, .timeout = 120)
{
    char d[] = "/tmp/mjt-alter-XXXXXX", path[256], args[1024];
    mjt_tables *t = NULL;
    mjt_diag diag;

    temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_record(path);
    /* The library refuses it, naming the table. */
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "honor table content"), NULL)),
              "%s", diag.message);
    /* info --verify says damaged; diff trusts equal digests unless --full,
     * which finds the record and the damage (exit 2). */
    snprintf(args, sizeof args, "info --verify %s", path);
    cr_assert(eq(int, mjq(args), 1));
    snprintf(args, sizeof args, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 0));
    snprintf(args, sizeof args, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 2));
    cr_assert(mjq_says(args, "(4 melds + pair): deficit"));
    /* stats reads every record, and checks them against the digest. */
    snprintf(args, sizeof args, "--tables %s stats --tiles 2", path);
    cr_assert(eq(int, mjq(args), 1));
    cr_assert(mjq_says(args, "honor table content"));
    unlink(path);
    rmdir(d);
}

/* Give the first arrangement of a forms block one more or one fewer
 * winning tile. */
static void change_wins(unsigned char *raw, size_t n)
{
    for (size_t at = 4;;) {
        mjt__forms f;
        uint64_t key;
        size_t used = mjt__forms_row_decode(raw + at, n - at, 9, &key, &f);
        cr_assert(gt(sz, used, 0));
        if (f.narrangements > 0) {
            int ws = mjt__forms_width(mjt__key_tiles(key), 1);
            int wc = mjt__forms_width(mjt__key_tiles(key), 0);
            raw[at + 10 + (size_t)(f.ndecompositions * wc) + (size_t)ws] ^=
                (unsigned char)(f.wins[0] == 1 ? 2 : 1);
            return;
        }
        at += used;
    }
}

static void alter_one_form(const char *path)
{
    alter_first_block(path, "suit.forms", change_wins);
}

Test(table, an_altered_form_is_caught, .timeout = 120)
{
    char d[] = "/tmp/mjt-alterf-XXXXXX", path[256], args[1024];
    mjt_tables *t = NULL;
    mjt_diag diag;

    temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_form(path);
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "suit forms content hashes to"),
                     NULL)),
              "%s", diag.message);
    snprintf(args, sizeof args, "info --verify %s", path);
    cr_assert(eq(int, mjq(args), 1));
    cr_assert(mjq_says(args, "suit.forms       damaged"));
    snprintf(args, sizeof args, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 0));
    /* --full reads the forms: the change, both ways, and the damage */
    snprintf(args, sizeof args, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 2));
    cr_assert(mjq_says(args, "suit.forms 1: - [1] wins 1"));
    cr_assert(mjq_says(args, "suit.forms 1: + [1] wins 12"));
    cr_assert(mjq_says(args, "suit.forms: 83166 compared, 1 changed"));
    snprintf(args, sizeof args, "diff --full --json %s %s", test_tables_path(),
             path);
    cr_assert(mjq_says(args, "{\"table\":\"suit.forms\",\"pattern\":\"1\","
                             "\"key\":\"0x0000000000000001\",\"removed\":"
                             "[\"[1] wins 1\"],\"added\":[\"[1] wins 12\"]}"));
    unlink(path);
    rmdir(d);
}

/* Set meta key to value in the table at path (NULL: remove the key). */
static void set_meta(const char *path, const char *key, const char *value)
{
    MDB_env *env;
    MDB_dbi dbi;
    MDB_txn *txn = open_rw(path, "meta", &env, &dbi);
    MDB_val k = {strlen(key), (void *)key};
    MDB_val v = {value ? strlen(value) : 0, (void *)value};

    if (value == NULL)
        cr_assert(eq(int, mdb_del(txn, dbi, &k, NULL), 0));
    else
        cr_assert(eq(int, mdb_put(txn, dbi, &k, &v, 0), 0));
    cr_assert(eq(int, mdb_txn_commit(txn), 0));
    mdb_env_close(env);
}

Test(table, another_format_version_is_named, .timeout = 120)
{
    char d[] = "/tmp/mjt-format-XXXXXX", path[256], cmd[2048];
    mjt_tables *t = NULL;
    mjt_diag diag;

    temp_copy(d, "format9.lmdb", path, sizeof path);
    set_meta(path, "format", "9");
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_EFORMAT));
    char want[64];
    snprintf(want, sizeof want, "format 9, this build reads %d",
             MJT__FORMAT_VERSION);
    cr_assert(not(eq(ptr, strstr(diag.message, want), NULL)), "%s",
              diag.message);
    snprintf(cmd, sizeof cmd, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(cmd), 2));
    cr_assert(mjq_says(cmd, "format 9"));
    unlink(path);
    rmdir(d);
}

/* A format 1 table (no meta digest and no forms, blocks as in format 3):
 * libmjt wants the current format, but mjq info and diff read it, and diff
 * says the formats differ. */
Test(table, diff_reads_the_previous_format, .timeout = 120)
{
    char d[] = "/tmp/mjt-format1-XXXXXX", path[256], cmd[2048];
    mjt_tables *t = NULL;

    temp_copy(d, "format1.lmdb", path, sizeof path);
    set_meta(path, "format", "1");
    set_meta(path, "meta.digest", NULL);
    cr_assert(eq(int, mjt_tables_open(&t, path, NULL), MJT_EFORMAT));
    snprintf(cmd, sizeof cmd, "info %s", path);
    cr_assert(eq(int, mjq(cmd), 0));
    snprintf(cmd, sizeof cmd, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(cmd), 0));
    snprintf(cmd, sizeof cmd, "diff %s %s", test_tables_path(), path);
    char want[64];
    snprintf(want, sizeof want, "note: formats %d and 1 differ",
             MJT__FORMAT_VERSION);
    cr_assert(mjq_says(cmd, want));
    unlink(path);
    rmdir(d);
}

/* Absurd counts in the meta record: nothing is sized from them, and the
 * meta digest catches the change anyway. */
Test(table, absurd_meta_counts_are_refused, .timeout = 120)
{
    char d[] = "/tmp/mjt-absurd-XXXXXX", path[256], cmd[1024];
    mjt_tables *t = NULL;
    mjt_diag diag;

    temp_copy(d, "absurd.lmdb", path, sizeof path);
    set_meta(path, "suit.patterns", "18446744073709551615");
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_ECORRUPT));
    cr_assert(not(eq(ptr, strstr(diag.message, "meta record"), NULL)), "%s",
              diag.message);
    snprintf(cmd, sizeof cmd, "info --verify %s", path);
    cr_assert(eq(int, mjq(cmd), 1));
    unlink(path);
    rmdir(d);
}

/* Recompute the meta digest of the table at path after set_meta, as
 * mjt-gen does: a change that passes every digest. */
static void reseal_meta(const char *path)
{
    MDB_env *env;
    MDB_dbi dbi;
    MDB_txn *txn = open_rw(path, "meta", &env, &dbi);
    MDB_cursor *c;
    MDB_val k, v;
    XXH3_state_t *st = XXH3_createState();
    unsigned char entry[512];
    char digest[32];
    int op = MDB_FIRST;

    cr_assert(not(eq(ptr, st, NULL)));
    XXH3_64bits_reset(st);
    cr_assert(eq(int, mdb_cursor_open(txn, dbi, &c), 0));
    while (mdb_cursor_get(c, &k, &v, op) == 0) {
        op = MDB_NEXT;
        if (k.mv_size == strlen(MJT__META_DIGEST) &&
            memcmp(k.mv_data, MJT__META_DIGEST, k.mv_size) == 0)
            continue;
        size_t n = mjt__meta_entry(entry, sizeof entry, k.mv_data, k.mv_size,
                                   v.mv_data, v.mv_size);
        cr_assert(gt(sz, n, 0));
        XXH3_64bits_update(st, entry, n);
    }
    mdb_cursor_close(c);
    snprintf(digest, sizeof digest, "xxh3:%016llx",
             (unsigned long long)XXH3_64bits_digest(st));
    XXH3_freeState(st);
    MDB_val dk = {strlen(MJT__META_DIGEST), (void *)MJT__META_DIGEST};
    MDB_val dv = {strlen(digest), digest};
    cr_assert(eq(int, mdb_put(txn, dbi, &dk, &dv, 0), 0));
    cr_assert(eq(int, mdb_txn_commit(txn), 0));
    mdb_env_close(env);
}

/* A table whose solver is not exact (nocap counts a fifth copy) is
 * refused for answers unless the caller asks for it, and says why. */
Test(table, an_inexact_solver_is_refused, .timeout = 120)
{
    char d[] = "/tmp/mjt-nocap-XXXXXX", path[256];
    mjt_tables *t = NULL;
    mjt_diag diag;

    temp_copy(d, "nocap.lmdb", path, sizeof path);
    set_meta(path, "solver", "nocap");
    reseal_meta(path);
    cr_assert(eq(int, mjt_tables_open(&t, path, &diag), MJT_EFORMAT));
    cr_assert(eq(ptr, t, NULL));
    cr_assert(not(eq(ptr, strstr(diag.message, "solver 'nocap'"), NULL)), "%s",
              diag.message);
    cr_assert(not(eq(ptr, strstr(diag.message, "not exact"), NULL)));
    cr_assert(eq(int, mjt_tables_open_flags(&t, path, 2, &diag), MJT_EINVAL));
    cr_assert(eq(int, mjt_tables_open_flags(&t, path, MJT_OPEN_INEXACT, &diag),
                 MJT_OK),
              "%s", diag.message);
    mjt_tables_close(t);
    char args[512];
    snprintf(args, sizeof args, "--tables %s 1m", path);
    cr_assert(mjq_says(args, "not exact"));
    unlink(path);
    rmdir(d);
}

/* ==== Every allocation failing in turn ==== */

/*
 * Open the test tables with allocations failing from the n-th on, for
 * every n up to the number an open makes: each failure must be
 * MJT_ENOMEM with a message and no handle (and, under `make asan`, no
 * leak).  The walk must reach an open that succeeds, so it can't stop
 * short of the last allocation.
 */
Test(alloc, every_allocation_of_an_open_may_fail, .timeout = 600)
{
    long n, failed = 0;

    for (n = 0;; n++) {
        mjt_tables *t = (mjt_tables *)1;
        mjt_diag d = {0};
        mjt__alloc_budget = n;
        int rc = mjt_tables_open(&t, test_tables_path(), &d);
        long left = mjt__alloc_budget;
        mjt__alloc_budget = -1;
        if (rc == MJT_OK) {
            cr_assert(ge(long, left, 0), "an open that had no allocation");
            mjt_tables_close(t);
            break;
        }
        cr_assert(eq(int, rc, MJT_ENOMEM), "allocation %ld: %s", n, d.message);
        cr_assert(eq(int, d.code, MJT_ENOMEM));
        cr_assert(not(eq(ptr, strstr(d.message, "out of memory"), NULL)),
                  "allocation %ld: %s", n, d.message);
        cr_assert(eq(ptr, t, NULL));
        failed++;
        cr_assert(lt(long, n, 100000), "no end to the allocations");
    }
    cr_log_info("alloc: an open makes %ld allocations, each failed in turn",
                failed);
    cr_assert(gt(long, failed, 5));
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

Test(alloc, every_allocation_of_a_record_walk_may_fail, .timeout = 600)
{
    long n, failed = 0;

    for (n = 0;; n++) {
        mjt__diag d = {0};
        mjt__alloc_budget = n;
        int rc = walk_all(&d);
        mjt__alloc_budget = -1;
        if (rc == MJT_OK)
            break;
        cr_assert(eq(int, rc, MJT_ENOMEM), "allocation %ld: rc %d, %s", n, rc,
                  d.message);
        failed++;
        cr_assert(lt(long, n, 100000), "no end to the allocations");
    }
    cr_assert(gt(long, failed, 3));
}
