/* SPDX-License-Identifier: MIT */
/*
 * Query benchmarks: ns per call of shanten, effective tiles, the discard
 * table of a 14-tile hand, and waits, on ara's sets and on hands drawn from
 * a shuffled wall (fixed seed); plus table open time and resident memory.
 * Prints `BENCH name value unit` lines; each figure is the median of runs.
 *
 *   bench_query TABLES DATA_DIR [HANDS]     the standard set
 *   bench_query TABLES --file PATH          hands from a file of tile ids
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "helpers.h"
#include "mjt.h"
#include "suit.h"

#define RUNS 5

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t rng_state = 20261122;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* Read hands of tile ids (up to 14 a line, extra numbers ignored). */
static size_t read_ids(const char *path, mjt_hand *out, size_t cap, int full)
{
    FILE *f = fopen(path, "r");
    char line[512];
    size_t n = 0;

    if (f == NULL) {
        perror(path);
        exit(1);
    }
    while (n < cap && fgets(line, sizeof line, f) != NULL) {
        uint8_t c[MJT_KINDS] = {0};
        char *p = line, *end;
        int k = 0;
        for (; k < 14; k++, p = end) {
            long id = strtol(p, &end, 10);
            if (end == p || id < 0 || id >= MJT_KINDS)
                break;
            c[id]++;
        }
        if (full && k != 14)
            continue;
        if (mjt_hand_from_counts(&out[n], c, NULL) == MJT_OK)
            n++;
    }
    fclose(f);
    return n;
}

static volatile long sink;

typedef enum {
    Q_SHANTEN,
    Q_UKEIRE,
    Q_DISCARDS,
    Q_WAITS,
    Q_SHAPES,
    Q_DECOMPOSITIONS
} query;

static int applies(query q, const mjt_hand *h)
{
    switch (q) {
    case Q_SHANTEN:
        return 1;
    case Q_UKEIRE:
    case Q_WAITS:
        return h->len % 3 == 1;
    case Q_DISCARDS:
        return h->len == 14;
    case Q_SHAPES:
        return h->len % 3 == 1;
    case Q_DECOMPOSITIONS:
        return h->len % 3 == 2;
    }
    return 0;
}

/* ns per call of q over the hands it applies to (gathered first, so the
 * loop times the calls alone); median of RUNS. */
static double time_query(const mjt_tables *t, const mjt_hand *all, size_t n,
                         query q)
{
    double runs[RUNS];
    mjt_hand *h = malloc((n ? n : 1) * sizeof *h);
    size_t calls = 0;

    if (h == NULL) {
        perror("bench_query");
        exit(1);
    }
    for (size_t i = 0; i < n; i++)
        if (applies(q, &all[i]))
            h[calls++] = all[i];
    if (calls == 0) {
        free(h);
        return -1;
    }
    for (int r = 0; r < RUNS; r++) {
        long acc = 0;
        double t0 = now();
        switch (q) {
        case Q_SHANTEN:
            for (size_t i = 0; i < calls; i++) {
                mjt_shanten_info s;
                mjt_shanten(t, &h[i], &s);
                acc += s.overall;
            }
            break;
        case Q_UKEIRE:
            for (size_t i = 0; i < calls; i++) {
                mjt_ukeire_info u;
                mjt_ukeire(t, &h[i], NULL, &u);
                acc += u.count;
            }
            break;
        case Q_WAITS:
            for (size_t i = 0; i < calls; i++) {
                uint64_t w;
                mjt_waits(t, &h[i], &w);
                acc += (long)w;
            }
            break;
        case Q_DISCARDS:
            for (size_t i = 0; i < calls; i++) {
                mjt_discard d[14];
                size_t len;
                mjt_discards(t, &h[i], NULL, d, &len);
                acc += (long)len + d[0].count;
            }
            break;
        case Q_SHAPES:
            for (size_t i = 0; i < calls; i++) {
                mjt_shape e[MJT_MAX_SHAPES];
                size_t len;
                mjt_shapes(t, &h[i], e, MJT_MAX_SHAPES, &len);
                acc += (long)len + e[0].tile;
            }
            break;
        case Q_DECOMPOSITIONS:
            for (size_t i = 0; i < calls; i++) {
                mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
                size_t len;
                mjt_decompositions(t, &h[i], d, MJT_MAX_DECOMPOSITIONS, &len);
                acc += (long)len + d[0].pair;
            }
            break;
        }
        runs[r] = (now() - t0) * 1e9 / (double)calls;
        sink += acc;
    }
    free(h);
    return median(runs, RUNS);
}

static void bench_set(const mjt_tables *t, const char *name, const mjt_hand *h,
                      size_t n)
{
    static const char *qn[] = {"shanten", "ukeire", "discards14", "waits"};
    for (int q = 0; q < 4; q++) {
        double ns = time_query(t, h, n, (query)q);
        if (ns >= 0)
            printf("BENCH query.%s.%s %.1f ns\n", name, qn[q], ns);
    }
}

/* n hands from a shuffled 136-tile wall, lengths uniform over the legal
 * sizes.  13-tile minus one gives 3k+1 hands for ukeire and waits. */
static void random_hands(mjt_hand *h, size_t n)
{
    static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
    int wall[136];
    for (size_t k = 0; k < n; k++) {
        uint8_t c[MJT_KINDS] = {0};
        int len = sizes[rnd() % 10];
        for (int i = 0; i < 136; i++)
            wall[i] = i / 4;
        for (int i = 0; i < len; i++) {
            int j = i + (int)(rnd() % (uint64_t)(136 - i));
            int x = wall[i];
            wall[i] = wall[j];
            wall[j] = x;
            c[wall[i]]++;
        }
        mjt_hand_from_counts(&h[k], c, NULL);
    }
}

/* Shapes of tenpai 13-tile hands (random complete hands less a random
 * tile, and every tenpai one-suit hand) and decompositions of complete
 * 14-tile hands. */
static void bench_forms(const mjt_tables *t)
{
    enum { N = 1000000 };
    mjt_hand *h = malloc(N * sizeof *h);
    uint64_t seed = 14;
    size_t n = 0;

    if (h == NULL) {
        perror("bench_query");
        exit(1);
    }
    for (; n < N; n++) {
        uint8_t c[MJT_KINDS];
        test_random_complete(&seed, 4, c);
        mjt_hand_from_counts(&h[n], c, NULL);
    }
    printf("BENCH query.complete14.decompositions %.1f ns\n",
           time_query(t, h, n, Q_DECOMPOSITIONS));
    for (size_t i = 0; i < n; i++) {
        int x;
        do
            x = (int)(rnd() % MJT_KINDS);
        while (h[i].counts[x] == 0);
        mjt_hand_remove(&h[i], x);
    }
    printf("BENCH query.tenpai13.shapes %.1f ns\n",
           time_query(t, h, n, Q_SHAPES));
    /* every one-suit 13-tile hand that is tenpai, in m */
    n = 0;
    mjt__enum e;
    mjt__enum_init_at(&e, MJT_SUIT_RANKS, 13);
    do {
        uint8_t c[MJT_KINDS] = {0};
        uint64_t w;
        for (int i = 0; i < 13; i++)
            c[e.t[i]]++;
        mjt_hand_from_counts(&h[n], c, NULL);
        if (mjt_waits(t, &h[n], &w) == MJT_OK && w != 0)
            n++;
    } while (mjt__enum_next(&e));
    printf("BENCH query.chinitsu13.shapes %.1f ns\n",
           time_query(t, h, n, Q_SHAPES));
    printf("BENCH query.chinitsu13.hands %zu hands\n", n);
    free(h);
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f != NULL) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return resident * 4;
}

int main(int argc, char **argv)
{
    mjt_tables *t = NULL;
    mjt_diag d;
    double opens[RUNS];

    if (argc < 3) {
        fprintf(stderr, "usage: bench_query TABLES DATA_DIR [HANDS]\n"
                        "       bench_query TABLES --file PATH\n");
        return 2;
    }
    long before = rss_kb();
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            return 1;
        }
        opens[r] = (now() - t0) * 1e3;
        if (r + 1 < RUNS)
            mjt_tables_close(t);
    }
    printf("BENCH tables.open %.1f ms\n", median(opens, RUNS));
    printf("BENCH tables.resident %.1f MB\n", (rss_kb() - before) / 1024.0);

    static mjt_hand hands[40000];
    if (!strcmp(argv[2], "--file") && argc > 3) {
        size_t n = read_ids(argv[3], hands, 40000, 0);
        bench_set(t, "file", hands, n);
        mjt_tables_close(t);
        return 0;
    }
    static const char *sets[] = {"p_normal_10000.txt", "p_hon_10000.txt",
                                 "p_tin_10000.txt", "p_koku_10000.txt"};
    size_t n = 0;
    for (int i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", argv[2], sets[i]);
        n += read_ids(path, hands + n, 10000, 1);
    }
    bench_set(t, "ara", hands, n);
    /* 13-tile versions of ara's hands (last tile dropped) for ukeire and
     * waits on the hands players actually hold. */
    for (size_t i = 0; i < n; i++)
        for (int k = MJT_KINDS - 1; k >= 0; k--)
            if (hands[i].counts[k]) {
                mjt_hand_remove(&hands[i], k);
                break;
            }
    bench_set(t, "ara13", hands, n);

    size_t total = argc > 3 ? strtoul(argv[3], NULL, 10) : 10000000;
    mjt_hand *h = malloc((total ? total : 1) * sizeof *h);
    if (h == NULL) {
        perror("bench_query");
        return 1;
    }
    random_hands(h, total);
    bench_set(t, "wall", h, total);
    printf("BENCH query.wall.hands %zu hands\n", total);
    free(h);
    bench_forms(t);
    mjt_tables_close(t);
    return 0;
}
