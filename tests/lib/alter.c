/* SPDX-License-Identifier: MIT */
/*
 * Tables altered on purpose, for the tests of what reads them (the
 * library's in tests/lib, mjq's in tests/mjq): a copy of the test tables
 * with one record, one form or one meta value changed, each a damage that
 * the digests, not the file's structure, must catch.  And two small
 * helpers of the same tests: a command's output, a 128-bit count in
 * decimal.
 */
#include "asserts.h"
#include "alter.h"

#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "format.h"
#include "helpers.h"
#include "suit.h"

void alter_remove(char *dir, const char *path)
{
    unlink(path);
    rmdir(dir);
}

void test_run(const char *cmd, char *buf, size_t cap)
{
    FILE *f = popen(cmd, "r");
    cr_assert(not(eq(ptr, f, NULL)), "%s", cmd);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    cr_assert(eq(int, pclose(f), 0), "%s", cmd);
}

const char *test_u128_text(mjt_u128 v, char buf[40])
{
    char *p = buf + 39;
    *p = '\0';
    /* long division of hi:lo by 10, 32 bits at a time */
    uint32_t w[4] = {(uint32_t)(v.hi >> 32), (uint32_t)v.hi,
                     (uint32_t)(v.lo >> 32), (uint32_t)v.lo};
    do {
        uint64_t r = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t x = r << 32 | w[i];
            w[i] = (uint32_t)(x / 10);
            r = x % 10;
        }
        *--p = (char)('0' + r);
    } while (w[0] | w[1] | w[2] | w[3]);
    return p;
}

/* ==== A table altered on purpose ==== */

/* Copy the test tables to name in a new temporary directory made from
 * the template tmpl; path gets the copy's path. */
void alter_temp_copy(char *tmpl, const char *name, char *path, size_t cap)
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

void alter_one_record(const char *path)
{
    alter_first_block(path, "honor", raise_deficit);
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

void alter_one_form(const char *path)
{
    alter_first_block(path, "suit.forms", change_wins);
}

/* Set meta key to value in the table at path (NULL: remove the key). */
void alter_set_meta(const char *path, const char *key, const char *value)
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

/* Recompute the meta digest of the table at path after set_meta, as
 * mjt-gen does: a change that passes every digest. */
void alter_reseal_meta(const char *path)
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
