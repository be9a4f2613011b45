/* SPDX-License-Identifier: MIT */
/*
 * Table files: open and verify, meta values, one record by key, and a walk
 * over every block.  See tablefile.h and tables/FORMAT.md.
 */
#include "tablefile.h"

#include <errno.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>
#include <zstd.h>

#include "alloc.h"
#include "format.h"
#include "lmdbcheck.h"
#include "tiles.h"

const char *const mjt__table_names[MJT__NTABLES] = {"suit", "honor"};
const int mjt__table_ranks[MJT__NTABLES] = {9, 7};

struct mjt__tfile {
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi meta, dbi[MJT__NTABLES], fdbi[MJT__NTABLES];
    long long size;
    int format;
    ZSTD_DCtx *dctx;
    unsigned char *raw;  /* one decoded block */
    uint64_t *keys;      /* its keys */
    mjt__record *recs;   /* its records */
    unsigned char *rows; /* its decoded rows, hashed in one call */
    char *path;          /* a copy, for the messages of later calls */
};

static int fail(mjt__diag *diag, int code, const char *path, const char *why)
{
    mjt__diag_set(diag, code, -1, "%s: %s", path, why);
    return code;
}

/* Open the LMDB environment and check its size against its header. */
static int open_env(mjt__tfile *f, const char *path, mjt__diag *diag)
{
    struct stat st;
    MDB_envinfo info;
    MDB_stat ms;
    int rc;

    if (stat(path, &st) != 0) {
        int e = errno;
        rc = fail(diag, e == ENOENT ? MJT_ENOENT : MJT_EIO, path,
                  e == ENOENT ? "no such file" : strerror(e));
        if (diag != NULL)
            diag->sys_errno = e;
        return rc;
    }
    if (!S_ISREG(st.st_mode))
        return fail(diag, MJT_EFORMAT, path, "not a regular file");
    if (st.st_size == 0)
        return fail(diag, MJT_EFORMAT, path, "empty file, not a table");
    f->size = (long long)st.st_size;
    if ((rc = mjt__lmdb_check(path, f->size, diag)) != MJT_OK)
        return rc;
    if (mdb_env_create(&f->env) != 0)
        return fail(diag, MJT_ENOMEM, path, "out of memory");
    mdb_env_set_maxdbs(f->env, 8);
    /* Map the file, not the 256 MB the writer reserved: LMDB takes the
     * size given here when it covers every page the file holds. */
    mdb_env_set_mapsize(f->env, (size_t)f->size);
    rc = mdb_env_open(f->env, path, MDB_NOSUBDIR | MDB_RDONLY | MDB_NOLOCK, 0);
    if (rc != 0)
        return fail(diag, rc == ENOMEM ? MJT_ENOMEM : MJT_EFORMAT, path,
                    rc == MDB_INVALID || rc == MDB_VERSION_MISMATCH
                        ? "not an LMDB file, so not a table"
                        : mdb_strerror(rc));
    if (mdb_env_info(f->env, &info) != 0 || mdb_env_stat(f->env, &ms) != 0 ||
        ((long long)info.me_last_pgno + 1) * ms.ms_psize > f->size)
        return fail(diag, MJT_EFORMAT, path,
                    "truncated: the file is shorter than its header says");
    return MJT_OK;
}

/* Whether the meta entries hash to the digest they record (format.h). */
static int check_meta_digest(mjt__tfile *f)
{
    XXH3_state_t *st = XXH3_createState();
    unsigned char entry[512];
    char want[64] = "", got[64];
    MDB_cursor *c;
    MDB_val k, v;
    int rc = MJT_ECORRUPT, op = MDB_FIRST;

    if (st == NULL)
        return MJT_ENOMEM;
    XXH3_64bits_reset(st);
    if (mdb_cursor_open(f->txn, f->meta, &c) != 0)
        goto out;
    while (mdb_cursor_get(c, &k, &v, op) == 0) {
        op = MDB_NEXT;
        if (k.mv_size == strlen(MJT__META_DIGEST) &&
            memcmp(k.mv_data, MJT__META_DIGEST, k.mv_size) == 0)
            continue;
        size_t n = mjt__meta_entry(entry, sizeof entry, k.mv_data, k.mv_size,
                                   v.mv_data, v.mv_size);
        if (n == 0)
            break; /* longer than any entry mjt-gen writes */
        XXH3_64bits_update(st, entry, n);
    }
    mdb_cursor_close(c);
    snprintf(got, sizeof got, "xxh3:%016llx",
             (unsigned long long)XXH3_64bits_digest(st));
    if (mjt__tfile_meta(f, MJT__META_DIGEST, want, sizeof want) == MJT_OK &&
        strcmp(want, got) == 0)
        rc = MJT_OK;
out:
    XXH3_freeState(st);
    return rc;
}

static int check_meta(mjt__tfile *f, const char *path, int oldest,
                      mjt__diag *diag)
{
    char buf[64];

    if (mdb_dbi_open(f->txn, "meta", 0, &f->meta) != 0 ||
        mjt__tfile_meta(f, "magic", buf, sizeof buf) != MJT_OK ||
        strcmp(buf, MJT__FORMAT_MAGIC) != 0)
        return fail(diag, MJT_EFORMAT, path,
                    "an LMDB file but not an mjt table (no magic)");
    f->format =
        mjt__tfile_meta(f, "format", buf, sizeof buf) == MJT_OK ? atoi(buf) : 0;
    if (f->format < oldest || f->format > MJT__FORMAT_VERSION) {
        if (oldest == MJT__FORMAT_VERSION)
            mjt__diag_set(diag, MJT_EFORMAT, -1,
                          "%s: format %s, this build "
                          "reads %d (generate them again with mjt-gen)",
                          path, buf, MJT__FORMAT_VERSION);
        else
            mjt__diag_set(diag, MJT_EFORMAT, -1,
                          "%s: format %s, this build "
                          "reads formats %d to %d",
                          path, buf, oldest, MJT__FORMAT_VERSION);
        return MJT_EFORMAT;
    }
    /* Format 1 had no meta digest; its blocks are laid out as format 2's. */
    if (f->format >= 2 && check_meta_digest(f) != MJT_OK)
        return fail(diag, MJT_ECORRUPT, path,
                    "the meta record does not "
                    "match its digest (the file is damaged)");
    for (int t = 0; t < MJT__NTABLES; t++)
        if (mdb_dbi_open(f->txn, mjt__table_names[t], 0, &f->dbi[t]) != 0) {
            mjt__diag_set(diag, MJT_EFORMAT, -1, "%s: no %s table", path,
                          mjt__table_names[t]);
            return MJT_EFORMAT;
        }
    for (int t = 0; t < MJT__NTABLES && f->format >= 3; t++) {
        char name[32];
        snprintf(name, sizeof name, "%s%s", mjt__table_names[t],
                 MJT__FORMS_SUFFIX);
        if (mdb_dbi_open(f->txn, name, 0, &f->fdbi[t]) != 0) {
            mjt__diag_set(diag, MJT_EFORMAT, -1, "%s: no %s table", path, name);
            return MJT_EFORMAT;
        }
    }
    return MJT_OK;
}

static int open_file(mjt__tfile **out, const char *path, int oldest,
                     mjt__diag *diag)
{
    mjt__tfile *f = mjt__calloc(1, sizeof *f);
    int rc;

    *out = NULL;
    if (f == NULL || (f->path = mjt__strdup(path)) == NULL) {
        free(f);
        return fail(diag, MJT_ENOMEM, path, "out of memory");
    }
    if ((rc = open_env(f, path, diag)) != MJT_OK)
        goto fail;
    if (mdb_txn_begin(f->env, NULL, MDB_RDONLY, &f->txn) != 0) {
        rc = fail(diag, MJT_EIO, path, "cannot read");
        goto fail;
    }
    if ((rc = check_meta(f, path, oldest, diag)) != MJT_OK)
        goto fail;
    f->dctx = ZSTD_createDCtx();
    f->raw = mjt__malloc(MJT__BLOCK_SIZE(MJT__BLOCK_RECORDS));
    f->keys = mjt__malloc(MJT__BLOCK_RECORDS * sizeof *f->keys);
    f->recs = mjt__calloc(MJT__BLOCK_RECORDS, sizeof *f->recs);
    f->rows = mjt__malloc((size_t)MJT__BLOCK_RECORDS * MJT__ROW_SIZE);
    if (!f->dctx || !f->raw || !f->keys || !f->recs || !f->rows) {
        rc = fail(diag, MJT_ENOMEM, path, "out of memory");
        goto fail;
    }
    *out = f;
    return MJT_OK;
fail:
    mjt__tfile_close(f);
    return rc;
}

int mjt__tfile_open(mjt__tfile **out, const char *path, mjt__diag *diag)
{
    return open_file(out, path, MJT__FORMAT_VERSION, diag);
}

int mjt__tfile_open_any(mjt__tfile **out, const char *path, mjt__diag *diag)
{
    return open_file(out, path, MJT__FORMAT_OLDEST, diag);
}

int mjt__tfile_fd(const mjt__tfile *f)
{
    mdb_filehandle_t fd;
    return mdb_env_get_fd(f->env, &fd) == 0 ? fd : -1;
}

int mjt__tfile_format(const mjt__tfile *f)
{
    return f->format;
}

void mjt__tfile_close(mjt__tfile *f)
{
    if (f == NULL)
        return;
    if (f->txn != NULL)
        mdb_txn_abort(f->txn);
    if (f->env != NULL)
        mdb_env_close(f->env);
    ZSTD_freeDCtx(f->dctx);
    free(f->path);
    free(f->raw);
    free(f->keys);
    free(f->recs);
    free(f->rows);
    free(f);
}

long long mjt__tfile_size(const mjt__tfile *f)
{
    return f->size;
}

int mjt__tfile_meta(mjt__tfile *f, const char *key, char *buf, size_t cap)
{
    MDB_val k = {strlen(key), (void *)key}, v;

    if (cap == 0)
        return MJT_EINVAL;
    buf[0] = '\0';
    if (mdb_get(f->txn, f->meta, &k, &v) != 0)
        return MJT_ENOENT;
    size_t n = v.mv_size < cap - 1 ? v.mv_size : cap - 1;
    memcpy(buf, v.mv_data, n);
    buf[n] = '\0';
    return MJT_OK;
}

int mjt__tfile_meta_each(mjt__tfile *f,
                         void (*fn)(void *ctx, const char *k, size_t klen,
                                    const char *v, size_t vlen),
                         void *ctx)
{
    MDB_cursor *c;
    MDB_val k, v;
    int op = MDB_FIRST;

    if (mdb_cursor_open(f->txn, f->meta, &c) != 0)
        return MJT_EIO;
    while (mdb_cursor_get(c, &k, &v, op) == 0) {
        fn(ctx, k.mv_data, k.mv_size, v.mv_data, v.mv_size);
        op = MDB_NEXT;
    }
    mdb_cursor_close(c);
    return MJT_OK;
}

/* Decompress and decode the block in v into f->keys and f->recs. */
static int decode(mjt__tfile *f, const MDB_val *v, uint32_t *n, mjt__diag *diag)
{
    size_t size = ZSTD_decompressDCtx(f->dctx, f->raw,
                                      MJT__BLOCK_SIZE(MJT__BLOCK_RECORDS),
                                      v->mv_data, v->mv_size);
    if (ZSTD_isError(size) ||
        (*n = mjt__block_decode(f->raw, size, MJT__BLOCK_RECORDS, f->keys,
                                f->recs)) == 0) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "%s: a block does not decode "
                      "(the file is damaged)",
                      f->path);
        return MJT_ECORRUPT;
    }
    return MJT_OK;
}

int mjt__tfile_find(mjt__tfile *f, int table, uint64_t key, mjt__record *rec,
                    mjt__diag *diag)
{
    MDB_cursor *c;
    unsigned char kb[8];
    MDB_val k = {8, kb}, v;
    uint32_t n;
    int rc;

    mjt__be64_put(kb, key);
    if (mdb_cursor_open(f->txn, f->dbi[table], &c) != 0)
        return MJT_EIO;
    /* The block holding key starts at the greatest first key <= key. */
    rc = mdb_cursor_get(c, &k, &v, MDB_SET_RANGE);
    if (rc != 0 || k.mv_size != 8 || mjt__be64_get(k.mv_data) != key)
        rc = mdb_cursor_get(c, &k, &v, rc == 0 ? MDB_PREV : MDB_LAST);
    mdb_cursor_close(c);
    if (rc != 0)
        return MJT_ENOENT;
    if ((rc = decode(f, &v, &n, diag)) != MJT_OK)
        return rc;
    for (uint32_t lo = 0, hi = n; lo < hi;) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f->keys[mid] < key) {
            lo = mid + 1;
        } else if (f->keys[mid] > key) {
            hi = mid;
        } else {
            *rec = f->recs[mid];
            return MJT_OK;
        }
    }
    return MJT_ENOENT;
}

/*
 * Step cursor c to the next block of table (the first if first), decode
 * it into f's buffers and hash its rows into xxh.  Returns 1 with *n set,
 * 0 past the last block, or an error code with diag set.
 */
static int next_block(mjt__tfile *f, MDB_cursor *c, int first, uint32_t *n,
                      XXH3_state_t *xxh, mjt__diag *diag)
{
    MDB_val k, v;
    int rc = mdb_cursor_get(c, &k, &v, first ? MDB_FIRST : MDB_NEXT);

    if (rc == MDB_NOTFOUND)
        return 0;
    if (rc != 0)
        return fail(diag, MJT_EIO, f->path, mdb_strerror(rc));
    if ((rc = decode(f, &v, n, diag)) != MJT_OK)
        return rc;
    if (k.mv_size != 8 || mjt__be64_get(k.mv_data) != f->keys[0]) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "a block's key does not match its first record (the "
                      "file is damaged)");
        return MJT_ECORRUPT;
    }
    for (uint32_t i = 0; i < *n; i++)
        mjt__row_encode(f->keys[i], &f->recs[i], f->rows + i * MJT__ROW_SIZE);
    XXH3_64bits_update(xxh, f->rows, (size_t)*n * MJT__ROW_SIZE);
    return 1;
}

int mjt__tfile_each_block(mjt__tfile *f, int table, mjt__block_fn fn, void *ctx,
                          uint64_t *digest, mjt__diag *diag)
{
    XXH3_state_t *xxh = XXH3_createState();
    MDB_cursor *c;
    uint32_t n;
    int rc;

    if (xxh == NULL)
        return MJT_ENOMEM;
    if (mdb_cursor_open(f->txn, f->dbi[table], &c) != 0) {
        XXH3_freeState(xxh);
        return MJT_EIO;
    }
    XXH3_64bits_reset(xxh);
    for (int first = 1; (rc = next_block(f, c, first, &n, xxh, diag)) == 1;
         first = 0)
        if ((rc = fn(ctx, f->keys, f->recs, n)) != 0)
            break;
    if (rc == 0 && digest != NULL)
        *digest = XXH3_64bits_digest(xxh);
    mdb_cursor_close(c);
    XXH3_freeState(xxh);
    return rc;
}

/* Compare digest with the meta value of key; else MJT_ECORRUPT, diag
 * saying "PATH: WHAT hashes to ..., the file records ...". */
static int check_recorded(mjt__tfile *f, const char *key, const char *what,
                          uint64_t digest, const char *path, mjt__diag *diag)
{
    char want[64] = "", got[64];

    snprintf(got, sizeof got, "xxh3:%016llx", (unsigned long long)digest);
    if (mjt__tfile_meta(f, key, want, sizeof want) == MJT_OK &&
        strcmp(want, got) == 0)
        return MJT_OK;
    mjt__diag_set(diag, MJT_ECORRUPT, -1,
                  "%s: %s hashes to %s, the file records %s (the file is "
                  "damaged)",
                  path, what, got, want[0] ? want : "none");
    return MJT_ECORRUPT;
}

int mjt__tfile_check_digest(mjt__tfile *f, int table, uint64_t digest,
                            const char *path, mjt__diag *diag)
{
    char key[32], what[48];

    snprintf(key, sizeof key, "%s.digest", mjt__table_names[table]);
    snprintf(what, sizeof what, "%s table content", mjt__table_names[table]);
    return check_recorded(f, key, what, digest, path, diag);
}

/* ==== Forms ==== */

/* The file is named by the caller that knows it (mjt__tfile_each_forms). */
static int forms_damaged(mjt__diag *diag, const char *table)
{
    mjt__diag_set(diag, MJT_ECORRUPT, -1,
                  "a block of the %s forms does not decode (the file is "
                  "damaged)",
                  table);
    return MJT_ECORRUPT;
}

/* Decompress the forms block in v into *raw (grown to fit, at most what
 * a span can hold) and set *size: MJT_OK, MJT_ECORRUPT for a block that
 * does not decode, or MJT_ENOMEM. */
static int forms_decompress(mjt__tfile *f, const MDB_val *v,
                            unsigned char **raw, size_t *cap, size_t *size)
{
    unsigned long long want = ZSTD_getFrameContentSize(v->mv_data, v->mv_size);
    size_t most = 4 + (size_t)MJT__FORMS_SPAN * MJT__FORMS_ROW_MAX;

    if (want == ZSTD_CONTENTSIZE_ERROR || want == ZSTD_CONTENTSIZE_UNKNOWN ||
        want < 4 || want > most)
        return MJT_ECORRUPT;
    if (want > *cap) {
        unsigned char *p = mjt__realloc(*raw, (size_t)want);
        if (p == NULL)
            return MJT_ENOMEM;
        *raw = p;
        *cap = (size_t)want;
    }
    *size = ZSTD_decompressDCtx(f->dctx, *raw, *cap, v->mv_data, v->mv_size);
    return ZSTD_isError(*size) || *size != want ? MJT_ECORRUPT : MJT_OK;
}

/* Decode one forms block's rows, checking keys rise across blocks. */
static int forms_block(int table, const unsigned char *raw, size_t size,
                       uint64_t first, uint64_t *last, int *any,
                       mjt__forms_fn fn, void *ctx, mjt__diag *diag)
{
    const char *name = mjt__table_names[table];
    uint32_t n = raw[0] | (uint32_t)raw[1] << 8 | (uint32_t)raw[2] << 16 |
                 (uint32_t)raw[3] << 24;
    size_t at = 4;
    mjt__forms fm;
    uint64_t key;

    for (uint32_t i = 0; i < n; i++) {
        size_t used = mjt__forms_row_decode(raw + at, size - at,
                                            mjt__table_ranks[table], &key, &fm);
        if (used == 0 || (*any && key <= *last) || (i == 0 && key != first))
            return forms_damaged(diag, name);
        *any = 1;
        *last = key;
        at += used;
        int rc = fn(ctx, key, &fm);
        if (rc != 0)
            return rc;
    }
    return n == 0 || at != size ? forms_damaged(diag, name) : MJT_OK;
}

int mjt__tfile_each_forms(mjt__tfile *f, int table, mjt__forms_fn fn, void *ctx,
                          uint64_t *digest, mjt__diag *diag)
{
    XXH3_state_t *xxh;
    MDB_cursor *c;
    MDB_val k, v;
    unsigned char *raw = NULL;
    size_t cap = 0, size;
    uint64_t last = 0;
    int rc = MJT_OK, any = 0, op = MDB_FIRST;

    if (f->format < 3) {
        if (digest != NULL)
            *digest = 0;
        return MJT_OK;
    }
    if ((xxh = XXH3_createState()) == NULL)
        return fail(diag, MJT_ENOMEM, f->path, "out of memory");
    if (mdb_cursor_open(f->txn, f->fdbi[table], &c) != 0) {
        XXH3_freeState(xxh);
        return fail(diag, MJT_EIO, f->path, "cannot read the forms");
    }
    XXH3_64bits_reset(xxh);
    while ((rc = mdb_cursor_get(c, &k, &v, op)) == 0) {
        op = MDB_NEXT;
        rc = k.mv_size != 8 ? MJT_ECORRUPT
                            : forms_decompress(f, &v, &raw, &cap, &size);
        if (rc == MJT_ENOMEM) {
            fail(diag, MJT_ENOMEM, f->path, "out of memory");
            break;
        }
        if (rc != MJT_OK) {
            rc = forms_damaged(diag, mjt__table_names[table]);
            break;
        }
        XXH3_64bits_update(xxh, raw + 4, size - 4);
        rc = forms_block(table, raw, size, mjt__be64_get(k.mv_data), &last,
                         &any, fn, ctx, diag);
        if (rc != MJT_OK)
            break;
    }
    if (rc == MDB_NOTFOUND) {
        rc = MJT_OK;
        if (digest != NULL)
            *digest = XXH3_64bits_digest(xxh);
    } else if (rc > 0) {
        rc = fail(diag, MJT_EIO, f->path, mdb_strerror(rc));
    } else if (rc == MJT_ECORRUPT && diag != NULL) {
        char m[sizeof diag->message];
        int n = snprintf(m, sizeof m, "%s: ", f->path);
        if (n > 0 && (size_t)n < sizeof m)
            snprintf(m + n, sizeof m - (size_t)n, "%.*s",
                     (int)(sizeof m - (size_t)n - 1), diag->message);
        memcpy(diag->message, m, sizeof m);
    }
    free(raw);
    mdb_cursor_close(c);
    XXH3_freeState(xxh);
    return rc;
}

int mjt__tfile_check_forms_digest(mjt__tfile *f, int table, uint64_t digest,
                                  const char *path, mjt__diag *diag)
{
    char key[48], what[48];

    snprintf(key, sizeof key, "%s%s.digest", mjt__table_names[table],
             MJT__FORMS_SUFFIX);
    snprintf(what, sizeof what, "%s forms content", mjt__table_names[table]);
    return check_recorded(f, key, what, digest, path, diag);
}

/* ==== Walks ==== */

int mjt__walk_open(mjt__walk *w, mjt__tfile *f, int table)
{
    MDB_cursor *c;

    memset(w, 0, sizeof *w);
    if (mdb_cursor_open(f->txn, f->dbi[table], &c) != 0)
        return MJT_EIO;
    if ((w->xxh = XXH3_createState()) == NULL) {
        mdb_cursor_close(c);
        return MJT_ENOMEM;
    }
    XXH3_64bits_reset(w->xxh);
    w->f = f;
    w->cursor = c;
    w->table = table;
    w->first = 1;
    return MJT_OK;
}

int mjt__walk_next(mjt__walk *w, uint64_t *key, const mjt__record **rec,
                   mjt__diag *diag)
{
    mjt__tfile *f = w->f;

    while (w->i == w->n) {
        int rc = next_block(f, w->cursor, w->first, &w->n, w->xxh, diag);
        w->first = 0;
        if (rc != 1)
            return rc;
        w->i = 0;
    }
    if (w->any && w->last >= f->keys[w->i]) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "keys out of order (the file is damaged)");
        return MJT_ECORRUPT;
    }
    w->any = 1;
    w->last = f->keys[w->i];
    *key = f->keys[w->i];
    *rec = &f->recs[w->i];
    w->i++;
    return 1;
}

uint64_t mjt__walk_digest(const mjt__walk *w)
{
    return XXH3_64bits_digest(w->xxh);
}

void mjt__walk_close(mjt__walk *w)
{
    if (w->cursor != NULL)
        mdb_cursor_close(w->cursor);
    XXH3_freeState(w->xxh);
    w->cursor = NULL;
    w->xxh = NULL;
}
