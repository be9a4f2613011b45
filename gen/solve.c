/* SPDX-License-Identifier: MIT */
/*
 * The solving pool.  Thread k of N takes the patterns at positions k, k+N,
 * k+2N, ... of the successor order and writes each result where only it
 * writes, so no lock is needed.  The bitboard solver runs a tile count at a
 * time (core/patterns.h: a count's bounds come from the count before), the
 * threads meeting at a barrier between counts, then derives every record's
 * masks; the reference solver does each pattern on its own.  Each record
 * goes straight to its place in key order (mjt__patterns_rank); the table
 * is then digested and cut into blocks that the same threads compress,
 * block b going to thread b mod N.  Every step depends
 * only on the patterns, never on N, so the decoded content and its digest
 * are the same for every -j.
 */
#include "gen.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "format.h"
#include "patterns.h"
#include "suit.h"

typedef struct job {
    gen_table *t;
    const gen_options *opt;
    mjt__patterns *ps;
    int tiles; /* the tile count of a bitboard phase */
    unsigned k;
    atomic_size_t *done;
    int failed;
} job;

/* Bitboard, one tile count: deficits, then (second pool) their mirrors. */
static void *deficit_worker(void *arg)
{
    job *j = arg;
    mjt__patterns_solve(j->ps, j->tiles, j->k, j->opt->jobs);
    return NULL;
}

static void *mirror_worker(void *arg)
{
    job *j = arg;
    const mjt__patterns *ps = j->ps;

    mjt__patterns_mirror(j->ps, j->tiles, j->k, j->opt->jobs);
    if (j->k == 0)
        atomic_fetch_add(j->done,
                         ps->start[j->tiles + 1] - ps->start[j->tiles]);
    return NULL;
}

/* Bitboard, once every deficit is known: the records. */
static void *record_worker(void *arg)
{
    job *j = arg;
    size_t since = 0;

    for (size_t i = j->k; i < j->ps->len; i += j->opt->jobs) {
        size_t at = mjt__patterns_rank(j->ps, j->ps->keys[i]);
        j->t->keys[at] = j->ps->keys[i];
        mjt__patterns_record(j->ps, j->ps->keys[i], &j->t->recs[at]);
        if (++since == 4096) {
            atomic_fetch_add(j->done, since);
            since = 0;
        }
    }
    atomic_fetch_add(j->done, since);
    return NULL;
}

/* Reference: each pattern on its own (counted twice, to match bitboard's
 * two passes in the progress bar). */
static void *reference_worker(void *arg)
{
    job *j = arg;
    size_t since = 0;

    for (size_t i = j->k; i < j->ps->len; i += j->opt->jobs) {
        size_t at = mjt__patterns_rank(j->ps, j->ps->keys[i]);
        j->t->keys[at] = j->ps->keys[i];
        mjt__solve_reference(j->ps->keys[i], j->t->ranks, &j->t->recs[at]);
        if (++since == 256) {
            atomic_fetch_add(j->done, 2 * since);
            since = 0;
        }
    }
    atomic_fetch_add(j->done, 2 * since);
    return NULL;
}

static void *compress_worker(void *arg)
{
    job *j = arg;
    gen_table *t = j->t;
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    unsigned char *raw = malloc(MJT_BLOCK_SIZE(MJT_BLOCK_RECORDS));

    if (cctx == NULL || raw == NULL) {
        j->failed = 1;
        goto out;
    }
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, j->opt->level);
    for (size_t b = j->k; b < t->nblocks; b += j->opt->jobs) {
        size_t first = b * MJT_BLOCK_RECORDS;
        uint32_t n = (uint32_t)(t->len - first < MJT_BLOCK_RECORDS
                                    ? t->len - first : MJT_BLOCK_RECORDS);
        size_t size = MJT_BLOCK_SIZE(n);
        size_t cap = ZSTD_compressBound(size);

        mjt__block_encode(t->keys + first, t->recs + first, n, raw);
        t->blocks[b] = malloc(cap);
        if (t->blocks[b] == NULL) {
            j->failed = 1;
            break;
        }
        t->block_size[b] = ZSTD_compress2(cctx, t->blocks[b], cap, raw, size);
        if (ZSTD_isError(t->block_size[b])) {
            j->failed = 1;
            break;
        }
        atomic_fetch_add(j->done, n);
    }
out:
    free(raw);
    ZSTD_freeCCtx(cctx);
    return NULL;
}

static void draw_progress(const gen_table *t, const char *what, size_t done,
                          size_t total)
{
    int width = 40, fill = (int)(done * (size_t)width / total);

    fprintf(stderr, "\r%-6s %-8s [%.*s%*s] %3d%%", t->name, what, fill,
            "########################################", width - fill, "",
            (int)(done * 100 / total));
    fflush(stderr);
}

/* What a pool works on, and how far along the current stage is. */
typedef struct pool {
    gen_table *t;
    const gen_options *opt;
    mjt__patterns *ps;
    const char *_Atomic what; /* the stage, for the progress bar */
    atomic_size_t done;
    size_t total;
    atomic_int stop;
} pool;

/* The progress bar's thread: redraws every 50 ms until told to stop. */
static void *progress_worker(void *arg)
{
    pool *pl = arg;
    struct timespec ts = {0, 50 * 1000 * 1000};

    while (!atomic_load(&pl->stop)) {
        size_t done = atomic_load(&pl->done);
        draw_progress(pl->t, atomic_load(&pl->what),
                      done < pl->total ? done : pl->total, pl->total);
        nanosleep(&ts, NULL);
    }
    fputs("\r\033[K", stderr);
    return NULL;
}

/* Run fn on opt->jobs threads, drawing progress until they finish.  The
 * bitboard solver runs 31 short pools (two a tile count, then one), which
 * costs about a millisecond of thread starts and keeps failure simple. */
static int run_pool(pool *pl, void *(*fn)(void *), int tiles)
{
    const gen_options *opt = pl->opt;
    pthread_t tid[256];
    job jobs[256];
    unsigned started = 0;
    int failed = 0;

    for (unsigned k = 0; k < opt->jobs; k++) {
        jobs[k] = (job){pl->t, opt, pl->ps, tiles, k, &pl->done, 0};
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

/* XXH3-64 of the decoded rows in key order, a block of rows a call. */
static uint64_t digest_of(const gen_table *t)
{
    XXH3_state_t *st = XXH3_createState();
    unsigned char *rows = malloc((size_t)MJT_BLOCK_RECORDS * MJT_ROW_SIZE);
    uint64_t h = 0;

    if (st != NULL && rows != NULL) {
        XXH3_64bits_reset(st);
        for (size_t i = 0; i < t->len; i += MJT_BLOCK_RECORDS) {
            size_t n = t->len - i < MJT_BLOCK_RECORDS ? t->len - i
                                                       : MJT_BLOCK_RECORDS;
            for (size_t r = 0; r < n; r++)
                mjt__row_encode(t->keys[i + r], &t->recs[i + r],
                                rows + r * MJT_ROW_SIZE);
            XXH3_64bits_update(st, rows, n * MJT_ROW_SIZE);
        }
        h = XXH3_64bits_digest(st);
    }
    free(rows);
    XXH3_freeState(st);
    return h;
}

/* Solve every pattern into t->keys and t->recs, in key order (each worker
 * puts a record at its key's rank, so nothing needs sorting). */
static int solve(pool *pl)
{
    atomic_store(&pl->what, "solving");
    if (pl->opt->solver->fn != NULL)
        return run_pool(pl, reference_worker, 0);
    for (int tiles = 0; tiles <= MJT_MAX_PATTERN_TILES; tiles++)
        if (run_pool(pl, deficit_worker, tiles) < 0 ||
            run_pool(pl, mirror_worker, tiles) < 0)
            return -1;
    atomic_store(&pl->what, "masks");
    return run_pool(pl, record_worker, 0);
}

int gen_build_table(gen_table *t, const gen_options *opt)
{
    mjt__patterns ps;
    pool pl = {t, opt, &ps, "", 0, 0, 0};
    pthread_t drawer;
    int rc = -1, drawing = 0;

    if (mjt__patterns_init(&ps, t->ranks) < 0) {
        fprintf(stderr, "%s: %s: out of memory\n", gen_prog, t->name);
        return -1;
    }
    t->len = ps.len;
    t->keys = malloc(t->len * sizeof *t->keys);
    t->recs = calloc(t->len, sizeof *t->recs);
    t->nblocks = (t->len + MJT_BLOCK_RECORDS - 1) / MJT_BLOCK_RECORDS;
    t->blocks = calloc(t->nblocks, sizeof *t->blocks);
    t->block_size = calloc(t->nblocks, sizeof *t->block_size);
    if (!t->keys || !t->recs || !t->blocks || !t->block_size)
        goto nomem;
    /* Solving counts every pattern twice (deficits, masks); packing once. */
    pl.total = 2 * t->len;
    drawing = opt->progress &&
              pthread_create(&drawer, NULL, progress_worker, &pl) == 0;
    if (solve(&pl) < 0)
        goto out;
    t->digest = digest_of(t);
    atomic_store(&pl.what, "packing");
    atomic_store(&pl.done, 0);
    pl.total = t->len;
    if (run_pool(&pl, compress_worker, 0) < 0) {
        fprintf(stderr, "%s: %s: compression failed\n", gen_prog, t->name);
        goto out;
    }
    t->compressed = 0;
    for (size_t b = 0; b < t->nblocks; b++)
        t->compressed += t->block_size[b];
    rc = 0;
    goto out;
nomem:
    fprintf(stderr, "%s: %s: out of memory\n", gen_prog, t->name);
out:
    if (drawing) {
        atomic_store(&pl.stop, 1);
        pthread_join(drawer, NULL);
    }
    mjt__patterns_free(&ps);
    return rc;
}

void gen_table_free(gen_table *t)
{
    for (size_t b = 0; t->blocks != NULL && b < t->nblocks; b++)
        free(t->blocks[b]);
    free(t->blocks);
    free(t->block_size);
    free(t->keys);
    free(t->recs);
}
