/* SPDX-License-Identifier: MIT */
/*
 * The solving pool.  Thread k of N walks the successor-order enumeration by
 * stride (patterns k, k+N, k+2N, ...) and writes each record into the slot
 * of its index, so no two threads touch the same memory and no lock is
 * needed.  The records are then sorted by key, digested, and cut into
 * blocks that the same threads compress, block b going to thread b mod N.
 * Every step depends only on the patterns, never on N, so the decoded
 * content and its digest are the same for every -j.
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
#include "suit.h"

typedef struct job {
    gen_table *t;
    const gen_options *opt;
    unsigned k;
    atomic_size_t *done;
    int failed;
} job;

/* The pattern read from the other end: rank r becomes rank ranks-1-r. */
static uint64_t mirror_key(uint64_t key, int ranks)
{
    uint64_t m = 0;
    for (int r = 0; r < ranks; r++)
        m |= ((key >> (5 * r)) & 0x1F) << (5 * (ranks - 1 - r));
    return m;
}

static uint16_t mirror_mask(uint16_t mask, int ranks)
{
    uint16_t m = 0;
    for (int r = 0; r < ranks; r++)
        if (mask >> r & 1)
            m |= (uint16_t)(1u << (ranks - 1 - r));
    return m;
}

/* Melds, pairs and the cap all read the same from either end of a suit, so
 * a pattern's record is its mirror's record with the masks reversed.  The
 * pool solves a pattern only when it is not above its mirror (marked by
 * deficit 0xFF otherwise) and fill_mirrors copies the rest. */
#define UNSOLVED 0xFF

static void *solve_worker(void *arg)
{
    job *j = arg;
    mjt__stride s;
    size_t since = 0;

    if (!mjt__stride_init(&s, j->t->ranks, j->k, j->opt->jobs))
        return NULL;
    do {
        size_t i = (size_t)s.e.index;
        uint64_t key = mjt__enum_key(&s.e);
        j->t->keys[i] = key;
        if (j->opt->mirror && mirror_key(key, j->t->ranks) < key)
            j->t->recs[i].slot[0].deficit = UNSOLVED;
        else
            j->opt->solver->fn(key, j->t->ranks, &j->t->recs[i]);
        if (++since == 256) {
            atomic_fetch_add(j->done, since);
            since = 0;
        }
    } while (mjt__stride_next(&s));
    atomic_fetch_add(j->done, since);
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

static void draw_progress(const gen_table *t, const char *what, size_t done)
{
    int width = 40, fill = (int)(done * (size_t)width / t->len);

    fprintf(stderr, "\r%-6s %-8s [%.*s%*s] %3d%%", t->name, what, fill,
            "########################################", width - fill, "",
            (int)(done * 100 / t->len));
    fflush(stderr);
}

/* Run fn on opt->jobs threads, drawing progress until they finish. */
static int run_pool(gen_table *t, const gen_options *opt, const char *what,
                    void *(*fn)(void *))
{
    pthread_t tid[256];
    job jobs[256];
    atomic_size_t done = 0;
    unsigned started = 0;
    int failed = 0;

    for (unsigned k = 0; k < opt->jobs; k++) {
        jobs[k] = (job){t, opt, k, &done, 0};
        if (pthread_create(&tid[k], NULL, fn, &jobs[k]) != 0) {
            fprintf(stderr, "%s: cannot start thread %u\n", gen_prog, k);
            failed = 1;
            break;
        }
        started++;
    }
    while (opt->progress && started == opt->jobs &&
           atomic_load(&done) < t->len) {
        struct timespec ts = {0, 50 * 1000 * 1000};
        draw_progress(t, what, atomic_load(&done));
        nanosleep(&ts, NULL);
    }
    for (unsigned k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        failed |= jobs[k].failed;
    }
    if (opt->progress) {
        draw_progress(t, what, t->len);
        fputs("\r\033[K", stderr);
    }
    return failed ? -1 : 0;
}

/* Orders u64 keys, and key-index pairs by their key. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Put keys and records in ascending key order. */
static int sort_by_key(gen_table *t)
{
    uint64_t(*pairs)[2] = malloc(t->len * sizeof *pairs);
    mjt__record *sorted = malloc(t->len * sizeof *sorted);

    if (pairs == NULL || sorted == NULL) {
        free(pairs);
        free(sorted);
        return -1;
    }
    for (size_t i = 0; i < t->len; i++) {
        pairs[i][0] = t->keys[i];
        pairs[i][1] = i;
    }
    qsort(pairs, t->len, sizeof *pairs, cmp_u64);
    for (size_t i = 0; i < t->len; i++) {
        t->keys[i] = pairs[i][0];
        sorted[i] = t->recs[pairs[i][1]];
    }
    free(t->recs);
    t->recs = sorted;
    free(pairs);
    return 0;
}

static uint64_t digest_of(const gen_table *t)
{
    XXH3_state_t *st = XXH3_createState();
    unsigned char row[MJT_ROW_SIZE];
    uint64_t h;

    if (st == NULL)
        return 0;
    XXH3_64bits_reset(st);
    for (size_t i = 0; i < t->len; i++) {
        mjt__row_encode(t->keys[i], &t->recs[i], row);
        XXH3_64bits_update(st, row, sizeof row);
    }
    h = XXH3_64bits_digest(st);
    XXH3_freeState(st);
    return h;
}

/* Fill the records left UNSOLVED from their mirrors; keys are sorted. */
static void fill_mirrors(gen_table *t)
{
    for (size_t i = 0; i < t->len; i++) {
        if (t->recs[i].slot[0].deficit != UNSOLVED)
            continue;
        uint64_t m = mirror_key(t->keys[i], t->ranks);
        const uint64_t *at = bsearch(&m, t->keys, t->len, sizeof m, cmp_u64);
        const mjt__record *src = &t->recs[at - t->keys];
        for (int s = 0; s < MJT_SLOTS; s++) {
            t->recs[i].slot[s].deficit = src->slot[s].deficit;
            t->recs[i].slot[s].need = mirror_mask(src->slot[s].need,
                                                  t->ranks);
            t->recs[i].slot[s].excess = mirror_mask(src->slot[s].excess,
                                                    t->ranks);
        }
    }
}

int gen_build_table(gen_table *t, const gen_options *opt)
{
    mjt__enum e;

    mjt__enum_init(&e, t->ranks, MJT_MAX_PATTERN_TILES);
    while (mjt__enum_next(&e))
        ;
    t->len = (size_t)e.index + 1;
    t->keys = calloc(t->len, sizeof *t->keys);
    t->recs = calloc(t->len, sizeof *t->recs);
    t->nblocks = (t->len + MJT_BLOCK_RECORDS - 1) / MJT_BLOCK_RECORDS;
    t->blocks = calloc(t->nblocks, sizeof *t->blocks);
    t->block_size = calloc(t->nblocks, sizeof *t->block_size);
    if (!t->keys || !t->recs || !t->blocks || !t->block_size)
        goto nomem;
    if (run_pool(t, opt, "solving", solve_worker) < 0)
        return -1;
    if (sort_by_key(t) < 0)
        goto nomem;
    fill_mirrors(t);
    t->digest = digest_of(t);
    if (run_pool(t, opt, "packing", compress_worker) < 0) {
        fprintf(stderr, "%s: %s: compression failed\n", gen_prog, t->name);
        return -1;
    }
    t->compressed = 0;
    for (size_t b = 0; b < t->nblocks; b++)
        t->compressed += t->block_size[b];
    return 0;
nomem:
    fprintf(stderr, "%s: %s: out of memory\n", gen_prog, t->name);
    return -1;
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
