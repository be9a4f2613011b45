/* SPDX-License-Identifier: MIT */
/*
 * The solving pool.  Thread k of N takes the patterns at positions k, k+N,
 * k+2N, ... of each table's successor order and writes each result where
 * only it writes, so no lock is needed.  The bitboard solver runs a tile
 * count at a time (gen/patterns.h: a count's bounds come from the count
 * before), one short pool a step, then derives every record's masks; the
 * other solvers do each pattern on its own.  Each record goes straight
 * to its place in key order (mjt__patterns_rank), so nothing is sorted.
 * Then the tables are digested and their blocks compressed, the threads
 * taking these items one at a time from a shared counter.
 *
 * Both tables go through each step together, so that every pool has work
 * for every thread: the honor table alone is too small to share well.
 * Every step depends only on the patterns, never on N, so the decoded
 * content and its digest are the same for every -j.
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE, where the system has it */
#include "gen.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <xxhash.h>
#include <zstd.h>

#include "format.h"
#include "solvers.h"
#include "patterns.h"
#include "suit.h"

/* What the pools work on, and how far along the current stage is. */
typedef struct pool {
    gen_table *tables;
    mjt__patterns *ps; /* one a table */
    int ntables;
    const gen_options *opt;
    const char *_Atomic what; /* the stage, for the progress bar */
    atomic_size_t done;
    atomic_size_t total; /* read by the progress thread too */
    atomic_int stop;
    atomic_size_t next; /* the next packing item */
} pool;

typedef struct job {
    pool *pl;
    int tiles; /* the tile count of a bitboard step */
    unsigned k;
    int failed;
} job;

/* ==== Workers ==== */

static void *deficit_worker(void *arg)
{
    job *j = arg;
    for (int i = 0; i < j->pl->ntables; i++)
        mjt__patterns_solve(&j->pl->ps[i], j->tiles, j->k, j->pl->opt->jobs);
    return NULL;
}

static void *mirror_worker(void *arg)
{
    job *j = arg;
    for (int i = 0; i < j->pl->ntables; i++) {
        const mjt__patterns *ps = &j->pl->ps[i];
        mjt__patterns_mirror(&j->pl->ps[i], j->tiles, j->k, j->pl->opt->jobs);
        if (j->k == 0)
            atomic_fetch_add(&j->pl->done,
                             ps->start[j->tiles + 1] - ps->start[j->tiles]);
    }
    return NULL;
}

/* Every pattern of share k (of at most max_tiles tiles: they come first
 * in successor order), with the record made by the solver's way. */
static void each_record(job *j, int per_pattern)
{
    const gen_options *opt = j->pl->opt;

    for (int i = 0; i < j->pl->ntables; i++) {
        const mjt__patterns *ps = &j->pl->ps[i];
        gen_table *t = &j->pl->tables[i];
        size_t since = 0;
        for (size_t p = j->k; p < t->len; p += opt->jobs) {
            uint64_t key = ps->keys[p];
            size_t at = mjt__patterns_rank(ps, key, opt->max_tiles);
            t->keys[at] = key;
            if (per_pattern)
                opt->solver->fn(key, t->ranks, &t->recs[at]);
            else
                mjt__patterns_record(ps, key, &t->recs[at]);
            if (++since == 1024) {
                /* One pass counts twice: it is both of bitboard's steps. */
                atomic_fetch_add(&j->pl->done, since << per_pattern);
                since = 0;
            }
        }
        atomic_fetch_add(&j->pl->done, since << per_pattern);
    }
}

static void *record_worker(void *arg)
{
    each_record(arg, 0);
    return NULL;
}

static void *pattern_worker(void *arg)
{
    each_record(arg, 1);
    return NULL;
}

/* Compress block b of table t with cctx, using raw as scratch. */
static int compress_block(gen_table *t, size_t b, ZSTD_CCtx *cctx,
                          unsigned char *raw)
{
    size_t first = b * MJT__BLOCK_RECORDS;
    uint32_t n =
        (uint32_t)(t->len - first < MJT__BLOCK_RECORDS ? t->len - first
                                                       : MJT__BLOCK_RECORDS);
    size_t size = MJT__BLOCK_SIZE(n), cap = ZSTD_compressBound(size);

    mjt__block_encode(t->keys + first, t->recs + first, n, raw);
    if ((t->blocks[b] = malloc(cap)) == NULL)
        return -1;
    t->block_size[b] = ZSTD_compress2(cctx, t->blocks[b], cap, raw, size);
    return ZSTD_isError(t->block_size[b]) ? -1 : (int)n;
}

/* The forms of record i of table t, as far as its deficits say it has
 * any: complete when the deficit of its own tile count's target is 0, one
 * short when that of one more tile is 1 (and then its need mask is the
 * tiles to try). */
static int forms_of(const gen_table *t, size_t i, mjt__forms *f)
{
    int tiles = mjt__key_tiles(t->keys[i]), complete = 0;
    unsigned hint = 0;
    const mjt__record *r = &t->recs[i];

    if (tiles % 3 != 1)
        complete = r->slot[mjt__slot(tiles / 3, tiles % 3 == 2)].deficit == 0;
    if (mjt__forms_width(tiles, 1) > 0) {
        int s = mjt__slot((tiles + 1) / 3, (tiles + 1) % 3 == 2);
        if (r->slot[s].deficit == 1)
            hint = r->slot[s].need;
    }
    if (!complete && hint == 0) {
        f->ndecompositions = f->narrangements = 0;
        return 0;
    }
    return mjt__forms_of(t->keys[i], t->ranks, complete, hint, f);
}

/* Make span s of table t's forms block: its rows, then compressed. */
static int pack_span(gen_table *t, size_t s, ZSTD_CCtx *cctx)
{
    size_t first = s * MJT__FORMS_SPAN, end = first + MJT__FORMS_SPAN;
    size_t cap = 64 << 10, size = 4;
    unsigned char *rows = malloc(cap), *grown;
    uint32_t n = 0;
    mjt__forms f;

    for (size_t i = first; rows != NULL && i < end && i < t->len; i++) {
        if (forms_of(t, i, &f) < 0)
            goto fail;
        if (f.ndecompositions + f.narrangements == 0)
            continue;
        if (size + MJT__FORMS_ROW_MAX > cap) {
            if ((grown = realloc(rows, cap *= 2)) == NULL)
                goto fail;
            rows = grown;
        }
        size += mjt__forms_row_encode(t->keys[i], &f, rows + size);
        n++;
    }
    if (rows == NULL)
        return -1;
    for (int b = 0; b < 4; b++)
        rows[b] = (unsigned char)(n >> (8 * b));
    t->frows[s] = rows;
    t->frows_size[s] = n > 0 ? size : 0;
    if (n == 0)
        return 0;
    cap = ZSTD_compressBound(size);
    if ((t->fblocks[s] = malloc(cap)) == NULL)
        return -1;
    t->fblock_size[s] = ZSTD_compress2(cctx, t->fblocks[s], cap, rows, size);
    return ZSTD_isError(t->fblock_size[s]) ? -1 : 0;
fail:
    free(rows);
    return -1;
}

/* XXH3-64 of a table's decoded rows in key order, a block of rows a
 * call (rows: scratch for MJT__BLOCK_RECORDS rows), into t->digest; -1
 * when out of memory, and then the run fails: no table is written with a
 * digest that is not its own. */
static int digest_of(gen_table *t, unsigned char *rows)
{
    XXH3_state_t *st = XXH3_createState();

    if (st == NULL)
        return -1;
    XXH3_64bits_reset(st);
    for (size_t i = 0; i < t->len; i += MJT__BLOCK_RECORDS) {
        size_t n =
            t->len - i < MJT__BLOCK_RECORDS ? t->len - i : MJT__BLOCK_RECORDS;
        for (size_t r = 0; r < n; r++)
            mjt__row_encode(t->keys[i + r], &t->recs[i + r],
                            rows + r * MJT__ROW_SIZE);
        XXH3_64bits_update(st, rows, n * MJT__ROW_SIZE);
    }
    t->digest = XXH3_64bits_digest(st);
    XXH3_freeState(st);
    return 0;
}

/* The forms digest, count and size, once every span is packed: the rows
 * of the spans in order, each without its count. */
static int digest_forms(gen_table *t)
{
    XXH3_state_t *st = XXH3_createState();

    if (st == NULL)
        return -1;
    XXH3_64bits_reset(st);
    t->fpatterns = t->fcompressed = 0;
    for (size_t s = 0; s < t->nspans; s++) {
        if (t->frows_size[s] == 0)
            continue;
        const unsigned char *r = t->frows[s];
        XXH3_64bits_update(st, r + 4, t->frows_size[s] - 4);
        t->fpatterns +=
            r[0] | (size_t)r[1] << 8 | (size_t)r[2] << 16 | (size_t)r[3] << 24;
        t->fcompressed += t->fblock_size[s];
    }
    t->fdigest = XXH3_64bits_digest(st);
    XXH3_freeState(st);
    return 0;
}

/*
 * Packing: the digest of each table and the compression of every block,
 * handed out one item at a time from a shared counter, digests first (each
 * is the longest item).  Any thread may take any item, and each item's
 * result goes to its own place, so the output is the same for every -j.
 */
static void *pack_worker(void *arg)
{
    job *j = arg;
    pool *pl = j->pl;
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    unsigned char *raw = malloc(MJT__BLOCK_SIZE(MJT__BLOCK_RECORDS));

    if (cctx == NULL || raw == NULL) {
        j->failed = 1;
        goto out;
    }
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, pl->opt->level);
    for (;;) {
        size_t item = atomic_fetch_add(&pl->next, 1), g;
        int i;
        if (item < (size_t)pl->ntables) {
            /* raw is larger than a block's rows: use it as their scratch */
            if (digest_of(&pl->tables[item], raw) < 0) {
                j->failed = 1;
                break;
            }
            continue;
        }
        g = item - (size_t)pl->ntables;
        for (i = 0; i < pl->ntables && g >= pl->tables[i].nblocks; i++)
            g -= pl->tables[i].nblocks;
        if (i == pl->ntables) {
            /* past the record blocks: the forms spans */
            for (i = 0; i < pl->ntables && g >= pl->tables[i].nspans; i++)
                g -= pl->tables[i].nspans;
            if (i == pl->ntables)
                break;
            if (pack_span(&pl->tables[i], g, cctx) < 0) {
                j->failed = 1;
                break;
            }
            continue;
        }
        int n = compress_block(&pl->tables[i], g, cctx, raw);
        if (n < 0) {
            j->failed = 1;
            break;
        }
        atomic_fetch_add(&pl->done, (size_t)n);
    }
out:
    free(raw);
    ZSTD_freeCCtx(cctx);
    return NULL;
}

/* ==== Pools and progress ==== */

static void draw_progress(const char *what, size_t done, size_t total)
{
    int width = 40, fill = (int)(done * (size_t)width / total);

    fprintf(stderr, "\r%-8s [%.*s%*s] %3d%%", what, fill,
            "########################################", width - fill, "",
            (int)(done * 100 / total));
    fflush(stderr);
}

/* The progress bar's thread: redraws every 50 ms until told to stop. */
static void *progress_worker(void *arg)
{
    pool *pl = arg;
    struct timespec ts = {0, 50 * 1000 * 1000};

    while (!atomic_load(&pl->stop)) {
        size_t done = atomic_load(&pl->done), total = atomic_load(&pl->total);
        draw_progress(atomic_load(&pl->what), done < total ? done : total,
                      total);
        nanosleep(&ts, NULL);
    }
    fputs("\r\033[K", stderr);
    return NULL;
}

/* Run fn on opt->jobs threads and wait for them.  The bitboard solver
 * runs 31 short pools (two a tile count, then one), which costs about a
 * millisecond of thread starts and keeps failure simple. */
static int run_pool(pool *pl, void *(*fn)(void *), int tiles)
{
    pthread_t tid[256];
    job jobs[256];
    unsigned started = 0;
    int failed = 0;

    for (unsigned k = 0; k < pl->opt->jobs; k++) {
        jobs[k] = (job){pl, tiles, k, 0};
        if (pthread_create(&tid[k], NULL, fn, &jobs[k]) != 0) {
            fprintf(stderr, "%s: cannot start thread %u\n", gen_prog, k);
            failed = 1;
            break;
        }
        started++;
    }
    for (unsigned k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        failed |= jobs[k].failed;
    }
    return failed ? -1 : 0;
}

/* Solve every pattern into keys and recs, in key order. */
static int solve(pool *pl)
{
    atomic_store(&pl->what, "solving");
    if (pl->opt->solver->fn != NULL)
        return run_pool(pl, pattern_worker, 0);
    for (int tiles = 0; tiles <= MJT__MAX_PATTERN_TILES; tiles++)
        if (run_pool(pl, deficit_worker, tiles) < 0 ||
            run_pool(pl, mirror_worker, tiles) < 0)
            return -1;
    atomic_store(&pl->what, "masks");
    return run_pool(pl, record_worker, 0);
}

/* ==== Building ==== */

/* Memory for a big array the workers fill, in huge pages where the kernel
 * offers them: 24 MB of records is 6,000 page faults in 4 KB pages, and
 * faults are taken one at a time however many threads take them. */
static void *alloc_big(size_t size)
{
    size_t huge = (size_t)2 << 20, rounded = (size + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, rounded);
#ifdef MADV_HUGEPAGE
    if (p != NULL)
        madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return p;
}

static int alloc_table(gen_table *t, const mjt__patterns *ps, int max_tiles)
{
    t->len = ps->start[max_tiles + 1];
    t->keys = alloc_big(t->len * sizeof *t->keys);
    t->recs = alloc_big(t->len * sizeof *t->recs);
    t->nblocks = (t->len + MJT__BLOCK_RECORDS - 1) / MJT__BLOCK_RECORDS;
    t->blocks = calloc(t->nblocks, sizeof *t->blocks);
    t->block_size = calloc(t->nblocks, sizeof *t->block_size);
    t->nspans = (t->len + MJT__FORMS_SPAN - 1) / MJT__FORMS_SPAN;
    t->frows = calloc(t->nspans, sizeof *t->frows);
    t->frows_size = calloc(t->nspans, sizeof *t->frows_size);
    t->fblocks = calloc(t->nspans, sizeof *t->fblocks);
    t->fblock_size = calloc(t->nspans, sizeof *t->fblock_size);
    return t->keys && t->recs && t->blocks && t->block_size && t->frows &&
                   t->frows_size && t->fblocks && t->fblock_size
               ? 0
               : -1;
}

int gen_build(gen_table *tables, int ntables, const gen_options *opt)
{
    mjt__patterns ps[2];
    pool pl = {tables, ps, 0, opt, "", 0, 0, 0, 0};
    pthread_t drawer;
    int rc = -1, drawing = 0;
    size_t patterns = 0;

    for (; pl.ntables < ntables && pl.ntables < 2; pl.ntables++) {
        gen_table *t = &tables[pl.ntables];
        if (mjt__patterns_init(&ps[pl.ntables], t->ranks) < 0)
            goto nomem;
        if (alloc_table(t, &ps[pl.ntables], opt->max_tiles) < 0) {
            pl.ntables++;
            goto nomem;
        }
        patterns += t->len;
    }
    /* Solving counts every pattern twice (deficits, masks); packing once. */
    atomic_store(&pl.total, 2 * patterns);
    drawing = opt->progress &&
              pthread_create(&drawer, NULL, progress_worker, &pl) == 0;
    if (solve(&pl) < 0)
        goto out;
    atomic_store(&pl.what, "packing");
    atomic_store(&pl.done, 0);
    atomic_store(&pl.total, patterns);
    if (run_pool(&pl, pack_worker, 0) < 0) {
        fprintf(stderr, "%s: compression failed\n", gen_prog);
        goto out;
    }
    for (int i = 0; i < ntables; i++) {
        tables[i].compressed = 0;
        for (size_t b = 0; b < tables[i].nblocks; b++)
            tables[i].compressed += tables[i].block_size[b];
        if (digest_forms(&tables[i]) < 0)
            goto nomem;
    }
    rc = 0;
    goto out;
nomem:
    fprintf(stderr, "%s: out of memory\n", gen_prog);
out:
    if (drawing) {
        atomic_store(&pl.stop, 1);
        pthread_join(drawer, NULL);
    }
    for (int i = 0; i < pl.ntables; i++)
        mjt__patterns_free(&ps[i]);
    return rc;
}

void gen_table_free(gen_table *t)
{
    for (size_t b = 0; t->blocks != NULL && b < t->nblocks; b++)
        free(t->blocks[b]);
    for (size_t s = 0; t->frows != NULL && s < t->nspans; s++) {
        free(t->frows[s]);
        free(t->fblocks[s]);
    }
    free(t->frows);
    free(t->frows_size);
    free(t->fblocks);
    free(t->fblock_size);
    free(t->blocks);
    free(t->block_size);
    free(t->keys);
    free(t->recs);
}
