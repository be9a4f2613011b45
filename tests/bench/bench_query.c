/* SPDX-License-Identifier: MIT */
/*
 * Query benchmarks, measured from what a caller holds.
 *
 * A bot holds 34 tile counts (or a list of tile ids) and changes its hand a
 * tile at a time, so the figures that matter start there: each timed call
 * builds the hand from the caller's counts or ids and then asks, or adds or
 * removes one tile and asks.  Hands come from a shuffled 136-tile wall
 * (fixed seed), sizes uniform over 1, 2, 4, 5, 7, 8, 10, 11, 13 and 14, held
 * in one array the loop walks as a caller's data would be.  The figures on
 * a hand the library built beforehand (`prebuilt.*`, `query.*`) are printed
 * beside them for comparison; they are not what a caller pays.
 *
 * Prints `BENCH name value unit` lines, each the median of RUNS runs.
 *
 *   bench_query TABLES DATA_DIR [HANDS]   the standard set (HANDS: 10^7)
 *   bench_query TABLES --file PATH        hands of tile ids from a file,
 *                                         one hand a line, any number
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"
#include "bench.h"
#include "mjt.h"
#include "enum.h"
#include "isa.h"

#define RUNS 5

static uint64_t rng_state = 20261122;
static uint64_t rnd(void)
{
    return test_rand(&rng_state);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        perror("bench_query");
        exit(1);
    }
    return p;
}

static volatile long sink;

/* ==== Hands as callers hold them ==== */

/* A hand as a caller holds it: its counts, and the same tiles as ids. */
typedef struct held {
    uint8_t counts[MJT_KINDS];
    uint8_t len;
    uint8_t ids[14];
} held;

static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};

/* The players of the game the hands come from and are asked by: 4, or 3
 * (a wall of 108 tiles without 2m to 8m, and three-player rules). */
static int players = 4;

/* len tiles off a shuffled wall: a partial Fisher-Yates shuffle of the
 * wall as the last hand left it, which is as random as a fresh one. */
static void draw(held *h, int len)
{
    static int wall[2][136];
    static int ready;

    if (!ready) {
        for (int i = 0, k = 0; i < 136; i++) {
            wall[0][i] = i / 4;
            if (i / 4 < 1 || i / 4 > 7)
                wall[1][k++] = i / 4;
        }
        ready = 1;
    }
    int *w = wall[players == 3], size = players == 3 ? 108 : 136;
    memset(h, 0, sizeof *h);
    h->len = (uint8_t)len;
    for (int i = 0; i < len; i++) {
        int j = i + (int)(rnd() % (uint64_t)(size - i));
        int x = w[i];
        w[i] = w[j];
        w[j] = x;
        h->counts[w[i]]++;
        h->ids[i] = (uint8_t)w[i];
    }
}

/* n hands of size len, or of mixed sizes when len is 0. */
static held *deal(size_t n, int len)
{
    held *h = xmalloc(n * sizeof *h);
    for (size_t i = 0; i < n; i++)
        draw(&h[i], len ? len : sizes[rnd() % 10]);
    return h;
}

/* ==== Timed loops ==== */

typedef enum { SHANTEN, UKEIRE, DISCARDS, KEEP } query;
typedef enum { FUSED, FUSED_IDS, FROM_COUNTS, FROM_IDS, PREBUILT } source;

/* One query on h; returns something of the answer to keep it alive. */
static inline long ask(const mjt_tables *t, const mjt_hand *h, query q)
{
    switch (q) {
    case SHANTEN: {
        mjt_shanten_info s;
        mjt_shanten(t, h, &s);
        return s.overall;
    }
    case UKEIRE: {
        mjt_ukeire_info u;
        mjt_ukeire(t, h, NULL, &u);
        return u.count;
    }
    case DISCARDS: {
        mjt_discard d[MJT_MAX_DISCARDS];
        size_t len = 0;
        mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &len);
        return (long)len + d[0].count;
    }
    case KEEP: {
        uint64_t keep = 0;
        int s = 0;
        mjt_discards_keep(t, h, &keep, &s);
        return (long)(keep + (uint64_t)s);
    }
    }
    return 0;
}

/* Three-player rules, for mjt_shanten_tiles: no red 5m. */
static const mjt_rules sanma_rules = {.players = 3, .red = {0, 1, 1}};

/* Median ns per hand of building each hand from src and asking q; FUSED
 * asks mjt_shanten_counts and FUSED_IDS mjt_shanten_tiles, with no hand;
 * for PREBUILT the hands are built before the clock starts.  With three
 * players a hand is made one of theirs after it is built, FUSED asks
 * mjt_shanten_counts_players and FUSED_IDS gives three-player rules. */
static double time_hands(const mjt_tables *t, const held *hs, size_t n, query q,
                         source src)
{
    double runs[RUNS];
    mjt_hand *pre = NULL;

    if (n == 0)
        return -1;
    if (src == PREBUILT) {
        pre = xmalloc(n * sizeof *pre);
        for (size_t i = 0; i < n; i++) {
            mjt_hand_from_counts(&pre[i], hs[i].counts, NULL, NULL);
            if (players == 3)
                mjt_hand_set_players(&pre[i], 3, NULL);
        }
    }
    for (int r = 0; r < RUNS; r++) {
        long acc = 0;
        double t0 = bench_now();
        for (size_t i = 0; i < n; i++) {
            mjt_hand h;
            if (src == PREBUILT) {
                acc += ask(t, &pre[i], q);
                continue;
            }
            if (src == FUSED_IDS) { /* shanten only */
                mjt_shanten_info s;
                mjt_shanten_tiles(t, hs[i].ids, hs[i].len,
                                  players == 3 ? &sanma_rules : NULL, &s);
                acc += s.overall;
                continue;
            }
            if (src == FUSED) { /* shanten only */
                mjt_shanten_info s;
                if (players == 3)
                    mjt_shanten_counts_players(t, hs[i].counts, 3, &s);
                else
                    mjt_shanten_counts(t, hs[i].counts, &s);
                acc += s.overall;
                continue;
            }
            if (src == FROM_COUNTS)
                mjt_hand_from_counts(&h, hs[i].counts, NULL, NULL);
            else
                mjt_hand_from_tiles(&h, hs[i].ids, hs[i].len, NULL, NULL);
            if (players == 3)
                mjt_hand_set_players(&h, 3, NULL);
            acc += ask(t, &h, q);
        }
        runs[r] = (bench_now() - t0) * 1e9 / (double)n;
        sink += acc;
    }
    free(pre);
    return bench_median(runs, RUNS);
}

/*
 * One incremental step: a bot's hand of 3k+1 tiles draws a tile (add, then
 * shanten of the 3k+2 hand) and discards a random one of its tiles (remove,
 * then shanten again).  Walks of STEPS draws from hands of every 3k+1
 * size; the hand of each walk is built from counts inside the clock.
 * Median ns per step (an add or a remove, with its shanten).
 */
#define STEPS 32
typedef struct walk {
    uint8_t counts[MJT_KINDS];
    uint8_t draw[STEPS], cut[STEPS];
} walk;

static walk *plan_walks(size_t n)
{
    walk *w = xmalloc(n * sizeof *w);
    for (size_t i = 0; i < n; i++) {
        held h;
        uint8_t c[MJT_KINDS];
        draw(&h, 1 + 3 * (int)(rnd() % 5));
        memcpy(w[i].counts, h.counts, MJT_KINDS);
        memcpy(c, h.counts, MJT_KINDS);
        for (int s = 0; s < STEPS; s++) {
            int x, y;
            do /* a tile still in the wall: fewer than 4 held */
                x = (int)(rnd() % MJT_KINDS);
            while (c[x] == 4);
            c[x]++;
            do
                y = (int)(rnd() % MJT_KINDS);
            while (c[y] == 0);
            c[y]--;
            w[i].draw[s] = (uint8_t)x;
            w[i].cut[s] = (uint8_t)y;
        }
    }
    return w;
}

static double time_steps(const mjt_tables *t, const walk *w, size_t n)
{
    double runs[RUNS];

    for (int r = 0; r < RUNS; r++) {
        long acc = 0;
        double t0 = bench_now();
        for (size_t i = 0; i < n; i++) {
            mjt_hand h;
            mjt_shanten_info s;
            mjt_hand_from_counts(&h, w[i].counts, NULL, NULL);
            for (int k = 0; k < STEPS; k++) {
                mjt_hand_add(&h, w[i].draw[k]);
                mjt_shanten(t, &h, &s);
                acc += s.overall;
                mjt_hand_remove(&h, w[i].cut[k]);
                mjt_shanten(t, &h, &s);
                acc += s.overall;
            }
        }
        runs[r] = (bench_now() - t0) * 1e9 / (double)(n * 2 * STEPS);
        sink += acc;
    }
    return bench_median(runs, RUNS);
}

static void bench_line(const char *name, double ns)
{
    if (ns >= 0)
        printf("BENCH %s %.1f ns\n", name, ns);
}

/* Hands of hs (any sizes) whose length is len (0: all of them). */
static held *of_len(const held *hs, size_t n, int len, size_t *out_n)
{
    held *o = xmalloc(n * sizeof *o);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (len == 0 || hs[i].len == len)
            o[k++] = hs[i];
    *out_n = k;
    return o;
}

/* The figures a bot pays, then the prebuilt ones beside them. */
static void bench_callers(const mjt_tables *t, const char *prefix,
                          const held *hs, size_t n)
{
    char name[64];
    size_t n13, n14;
    held *h13 = of_len(hs, n, 13, &n13), *h14 = of_len(hs, n, 14, &n14);

#define LINE(what, ns)                                                         \
    snprintf(name, sizeof name, "%s%s", prefix, what), bench_line(name, ns)
    LINE("counts.shanten", time_hands(t, hs, n, SHANTEN, FUSED));
    LINE("counts.hand.shanten", time_hands(t, hs, n, SHANTEN, FROM_COUNTS));
    LINE("counts.ukeire13", time_hands(t, h13, n13, UKEIRE, FROM_COUNTS));
    LINE("counts.discards14", time_hands(t, h14, n14, DISCARDS, FROM_COUNTS));
    LINE("counts.keep14", time_hands(t, h14, n14, KEEP, FROM_COUNTS));
    LINE("ids.shanten", time_hands(t, hs, n, SHANTEN, FUSED_IDS));
    LINE("ids.hand.shanten", time_hands(t, hs, n, SHANTEN, FROM_IDS));
    LINE("prebuilt.shanten", time_hands(t, hs, n, SHANTEN, PREBUILT));
    LINE("prebuilt.ukeire13", time_hands(t, h13, n13, UKEIRE, PREBUILT));
    LINE("prebuilt.discards14", time_hands(t, h14, n14, DISCARDS, PREBUILT));
    LINE("prebuilt.keep14", time_hands(t, h14, n14, KEEP, PREBUILT));
#undef LINE
    free(h13);
    free(h14);
}

/* The same queries on the library's other code paths (query/libmjt/isa),
 * as a CPU that lacks the one in use would run them: n mixed hands. */
static void bench_paths(const mjt_tables *t, size_t n)
{
    int was = mjt__isa_current();
    held *hs = deal(n, 0);
    size_t n14;
    held *h14 = of_len(hs, n, 14, &n14);
    for (int p = 0; p < MJT__ISA_PATHS; p++) {
        char name[64];
        if (p == was || mjt__isa_use(p) != MJT_OK)
            continue;
        snprintf(name, sizeof name, "%s.counts.shanten", mjt__isa_name(p));
        bench_line(name, time_hands(t, hs, n, SHANTEN, FUSED));
        snprintf(name, sizeof name, "%s.counts.discards14", mjt__isa_name(p));
        bench_line(name, time_hands(t, h14, n14, DISCARDS, FROM_COUNTS));
    }
    mjt__isa_use(was);
    free(h14);
    free(hs);
}

/* The standard protocol: total mixed hands, then a tenth as many of each
 * size, then the incremental step. */
static void bench_wall(const mjt_tables *t, size_t total)
{
    held *hs = deal(total, 0);
    bench_callers(t, "", hs, total);
    free(hs);
    for (int k = 0; k < 10; k++) {
        char name[64];
        size_t n = total / 10;
        held *h = deal(n, sizes[k]);
        snprintf(name, sizeof name, "counts.shanten.n%d", sizes[k]);
        bench_line(name, time_hands(t, h, n, SHANTEN, FUSED));
        free(h);
    }
    size_t nw = total / (2 * STEPS);
    walk *w = plan_walks(nw ? nw : 1);
    bench_line("step.shanten", time_steps(t, w, nw ? nw : 1));
    free(w);
    printf("BENCH wall.hands %zu hands\n", total);
}

/* ==== Three players ==== */

/* Hands off the 108-tile wall asked by three-player rules, then the same
 * hands asked by four-player rules: the difference is the rules' cost. */
static void bench_sanma(const mjt_tables *t, size_t total)
{
    players = 3;
    held *hs = deal(total, 0);
    /* untimed: the first line timed after a deal runs slower, whichever
     * rules it asks by, and would be the three-player one */
    sink += (long)time_hands(t, hs, total, SHANTEN, FUSED);
    bench_callers(t, "sanma.", hs, total);
    players = 4;
    bench_callers(t, "sanma.as4.", hs, total);
    free(hs);
    printf("BENCH sanma.hands %zu hands\n", total);
}

/* ==== Hands with calls ==== */

/*
 * Hands with 1 to 4 calls off one wall, built inside the clock from what a
 * caller holds (the concealed counts and the list of calls), then asked.
 * Three kinds: calls of honors only; calls in the suits with two
 * concealed tiles in three at or next to the called kinds (where the caps
 * change answers, the worst case); and any calls with the concealed tiles
 * off the same wall.  Beside each, the same concealed tiles asked with no
 * calls given (the tables alone, which do not count the called copies).
 */
static double time_called(const mjt_tables *t, const called_hand *x, size_t n,
                          query q, int with_calls)
{
    double runs[RUNS];

    if (n == 0)
        return -1;
    for (int r = 0; r < RUNS; r++) {
        long acc = 0;
        double t0 = bench_now();
        for (size_t i = 0; i < n; i++) {
            mjt_hand h;
            if (with_calls)
                mjt_hand_from_calls(&h, x[i].counts, x[i].calls,
                                    (size_t)x[i].ncalls, NULL, NULL);
            else
                mjt_hand_from_counts(&h, x[i].counts, NULL, NULL);
            acc += ask(t, &h, q);
        }
        runs[r] = (bench_now() - t0) * 1e9 / (double)n;
        sink += acc;
    }
    return bench_median(runs, RUNS);
}

static void bench_calls(const mjt_tables *t, size_t total)
{
    static const char *const kinds[] = {"honors", "suits", "mixed"};
    static const int which[] = {CALLS_HONORS, CALLS_SUITS, CALLS_ANY};
    uint64_t rng = 20261123;
    char name[64];

    for (int k = 0; k < 3; k++) {
        called_hand *x = xmalloc(total * sizeof *x);
        called_hand *x13 = xmalloc(total * sizeof *x);
        called_hand *x14 = xmalloc(total * sizeof *x);
        size_t n13 = 0, n14 = 0;
        for (size_t i = 0; i < total; i++) {
            deal_called(&rng, &x[i], which[k] == CALLS_SUITS, which[k]);
            if (x[i].len % 3 == 1)
                x13[n13++] = x[i];
            else
                x14[n14++] = x[i];
        }
        for (int with = 1; with >= 0; with--) {
            const char *tag = with ? "" : ".uncalled";
#define LINE(what, ns)                                                         \
    snprintf(name, sizeof name, "calls.%s%s.%s", kinds[k], tag, what),         \
        bench_line(name, ns)
            LINE("shanten", time_called(t, x, total, SHANTEN, with));
            LINE("ukeire", time_called(t, x13, n13, UKEIRE, with));
            LINE("discards", time_called(t, x14, n14, DISCARDS, with));
#undef LINE
        }
        free(x);
        free(x13);
        free(x14);
    }
    printf("BENCH calls.hands %zu hands\n", total);
}

/* ==== Prebuilt hands: ara's sets, wait shapes, decompositions ==== */

typedef enum { Q_WAITS, Q_SHAPES, Q_DECOMPOSITIONS } fquery;

static double time_prebuilt(const mjt_tables *t, const mjt_hand *h, size_t n,
                            fquery q)
{
    double runs[RUNS];

    for (int r = 0; r < RUNS; r++) {
        long acc = 0;
        double t0 = bench_now();
        for (size_t i = 0; i < n; i++) {
            size_t len = 0;
            if (q == Q_WAITS) {
                uint64_t w = 0;
                mjt_waits(t, &h[i], &w);
                acc += (long)w;
            } else if (q == Q_SHAPES) {
                mjt_shape e[MJT_MAX_SHAPES];
                mjt_shapes(t, &h[i], e, MJT_MAX_SHAPES, &len);
                acc += (long)len;
            } else {
                mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
                mjt_decompositions(t, &h[i], d, MJT_MAX_DECOMPOSITIONS, &len);
                acc += (long)len;
            }
        }
        runs[r] = (bench_now() - t0) * 1e9 / (double)(n ? n : 1);
        sink += acc;
    }
    return bench_median(runs, RUNS);
}

/* Read hands of tile ids 0-33, up to 14 a line (more numbers on a line are
 * ignored), as many as the file has. */
static held *read_ids(const char *path, size_t *out_n, int full)
{
    FILE *f = fopen(path, "r");
    char line[512];
    size_t n = 0, cap = 1024;
    held *h = xmalloc(cap * sizeof *h);

    if (f == NULL) {
        perror(path);
        exit(1);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        held x;
        char *p = line, *end;
        memset(&x, 0, sizeof x);
        for (; x.len < 14; p = end) {
            long id = strtol(p, &end, 10);
            if (end == p || id < 0 || id >= MJT_KINDS)
                break;
            x.counts[id]++;
            x.ids[x.len++] = (uint8_t)id;
        }
        mjt_hand probe;
        if ((full && x.len != 14) ||
            mjt_hand_from_counts(&probe, x.counts, NULL, NULL) != MJT_OK)
            continue;
        if (n == cap)
            h = realloc(h, (cap *= 2) * sizeof *h);
        if (h == NULL) {
            perror("bench_query");
            exit(1);
        }
        h[n++] = x;
    }
    fclose(f);
    *out_n = n;
    return h;
}

static void bench_ara(const mjt_tables *t, const char *dir)
{
    static const char *sets[] = {"p_normal_10000.txt", "p_hon_10000.txt",
                                 "p_tin_10000.txt", "p_koku_10000.txt"};
    held *all = xmalloc(40000 * sizeof *all);
    size_t n = 0;

    for (int i = 0; i < 4; i++) {
        char path[1024];
        size_t k;
        snprintf(path, sizeof path, "%s/%s", dir, sets[i]);
        held *h = read_ids(path, &k, 1);
        for (size_t j = 0; j < k && n < 40000; j++)
            all[n++] = h[j];
        free(h);
    }
    bench_line("ara.counts.discards14",
               time_hands(t, all, n, DISCARDS, FROM_COUNTS));
    /* The 13-tile hands players hold: ara's, the last tile dropped. */
    for (size_t i = 0; i < n; i++) {
        all[i].counts[all[i].ids[13]]--;
        all[i].len = 13;
    }
    bench_line("ara.counts.ukeire13",
               time_hands(t, all, n, UKEIRE, FROM_COUNTS));
    free(all);
}

/* Shapes of tenpai 13-tile hands (random complete hands less a random
 * tile, and every tenpai one-suit hand) and decompositions of complete
 * 14-tile hands, on prebuilt hands. */
static void bench_forms(const mjt_tables *t)
{
    enum { N = 1000000 };
    mjt_hand *h = xmalloc(N * sizeof *h);
    uint64_t seed = 14;
    size_t n = 0;

    for (; n < N; n++) {
        uint8_t c[MJT_KINDS];
        test_random_complete(&seed, 4, c);
        mjt_hand_from_counts(&h[n], c, NULL, NULL);
    }
    bench_line("query.complete14.decompositions",
               time_prebuilt(t, h, n, Q_DECOMPOSITIONS));
    for (size_t i = 0; i < n; i++)
        while (mjt_hand_remove(&h[i], (int)(rnd() % MJT_KINDS)) != MJT_OK)
            ;
    bench_line("query.tenpai13.shapes", time_prebuilt(t, h, n, Q_SHAPES));
    bench_line("query.tenpai13.waits", time_prebuilt(t, h, n, Q_WAITS));
    /* every one-suit 13-tile hand that is tenpai, in m */
    n = 0;
    mjt__enum e;
    mjt__enum_init_at(&e, MJT__SUIT_RANKS, 13);
    do {
        uint8_t c[MJT_KINDS] = {0};
        uint64_t w;
        for (int i = 0; i < 13; i++)
            c[e.t[i]]++;
        mjt_hand_from_counts(&h[n], c, NULL, NULL);
        if (mjt_waits(t, &h[n], &w) == MJT_OK && w != 0)
            n++;
    } while (mjt__enum_next(&e));
    bench_line("query.chinitsu13.shapes", time_prebuilt(t, h, n, Q_SHAPES));
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

/* kB of this process's memory no other process shares (Private_Clean and
 * Private_Dirty of /proc/self/smaps_rollup), or 0. */
static long private_kb(void)
{
    char line[256];
    long kb, sum = 0;
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f) != NULL)
        if ((sscanf(line, "Private_Clean: %ld kB", &kb) == 1 ||
             sscanf(line, "Private_Dirty: %ld kB", &kb) == 1))
            sum += kb;
    fclose(f);
    return sum;
}

/* A bot's turns on n dealt hands of 13 and 14 tiles, one at a time (no
 * array of them to add to the process's memory): shanten, effective
 * tiles and the discard table; with shapes, the wait shapes of the 13
 * and the decompositions of the 14 too (the queries that read the
 * tables' forms). */
static long bot_turns(const mjt_tables *t, size_t n, int shapes)
{
    long acc = 0;
    for (size_t i = 0; i < n; i++) {
        held x;
        mjt_hand h;
        size_t len = 0;
        draw(&x, 13 + (int)(i & 1));
        if (mjt_hand_from_counts(&h, x.counts, NULL, NULL) != MJT_OK)
            continue;
        acc += ask(t, &h, SHANTEN) + ask(t, &h, UKEIRE);
        if (x.len == 14)
            acc += ask(t, &h, DISCARDS);
        if (shapes && x.len == 13) {
            mjt_shape e[MJT_MAX_SHAPES];
            mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &len);
            acc += (long)len;
        }
        if (shapes && x.len == 14) {
            mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
            mjt_decompositions(t, &h, d, MJT_MAX_DECOMPOSITIONS, &len);
            acc += (long)len;
        }
    }
    return acc;
}

/* The memory an open with flags adds to a process of its own: resident,
 * and private (the pages no other process maps: what it pays alone).
 * 0, or 1 when the process failed. */
static int open_memory(const char *path, unsigned flags, const char *name)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        mjt_tables *t;
        mjt_diag d;
        long r0 = rss_kb(), p0 = private_kb();
        if (mjt_tables_open_flags(&t, path, flags, &d) != MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            _exit(1);
        }
        long r1 = rss_kb(), p1 = private_kb();
        printf("BENCH tables%s.resident %.1f MB\n", name, (r1 - r0) / 1024.0);
        printf("BENCH tables%s.private %.1f MB\n", name, (p1 - p0) / 1024.0);
        fflush(stdout);
        _exit(0);
    }
    return bench_child("bench_query", pid, name[0] ? name + 1 : "open");
}

/* The resident memory of a bot's tables, in a process of its own forked
 * before this one opens anything: after the open, after its turns on 10^5
 * hands, and after their shapes and decompositions as well.  An open
 * before, kept open (it writes the cache when there is none), leaves out
 * the open's code: what is counted is the tables (a mapping and a handle
 * of their own), and the code the queries add. */
static int bot_memory(const char *path)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        mjt_tables *first, *t;
        mjt_diag d;
        if (mjt_tables_open(&first, path, &d) != MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            _exit(1);
        }
        long r0 = rss_kb();
        if (mjt_tables_open(&t, path, &d) != MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            _exit(1);
        }
        printf("BENCH tables.bot.resident %.1f MB\n", (rss_kb() - r0) / 1024.0);
        sink += bot_turns(t, 100000, 0);
        printf("BENCH tables.bot.turns.resident %.1f MB\n",
               (rss_kb() - r0) / 1024.0);
        sink += bot_turns(t, 100000, 1);
        printf("BENCH tables.bot.shapes.resident %.1f MB\n",
               (rss_kb() - r0) / 1024.0);
        fflush(stdout);
        mjt_tables_close(t);
        mjt_tables_close(first);
        _exit(0);
    }
    return bench_child("bench_query", pid, "bot memory");
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
    /* an open without the cache in a process of its own, forked before
     * this one opens anything (its freed memory would be the child's) */
    int failed = open_memory(argv[1], MJT_OPEN_PRIVATE, ".alone");
    failed |= bot_memory(argv[1]);
    long before = rss_kb();
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            return 1;
        }
        opens[r] = (bench_now() - t0) * 1e3;
        if (r + 1 < RUNS)
            mjt_tables_close(t);
    }
    printf("BENCH tables.open %.1f ms\n", bench_median(opens, RUNS));
    printf("BENCH tables.resident %.1f MB\n", (rss_kb() - before) / 1024.0);
    for (int r = 0; r < RUNS; r++) {
        mjt_tables *u;
        double t0 = bench_now();
        if (mjt_tables_open_flags(&u, argv[1], MJT_OPEN_PRIVATE, &d) !=
            MJT_OK) {
            fprintf(stderr, "bench_query: %s\n", d.message);
            return 1;
        }
        opens[r] = (bench_now() - t0) * 1e3;
        mjt_tables_close(u);
    }
    printf("BENCH tables.open.private %.1f ms\n", bench_median(opens, RUNS));
    /* a second process, while this one holds the tables (from the cache
     * its first open wrote, if there was none) */
    failed |= open_memory(argv[1], 0, ".second");

    if (!strcmp(argv[2], "--file")) {
        size_t n;
        if (argc < 4) {
            fprintf(stderr, "bench_query: --file needs a PATH\n");
            return 2;
        }
        held *h = read_ids(argv[3], &n, 0);
        bench_callers(t, "file.", h, n);
        printf("BENCH file.hands %zu hands\n", n);
        free(h);
        mjt_tables_close(t);
        return failed;
    }
    size_t total = argc > 3 ? strtoul(argv[3], NULL, 10) : 10000000;
    bench_wall(t, total);
    bench_paths(t, total / 10 ? total / 10 : 1);
    bench_sanma(t, total / 10 ? total / 10 : 1);
    bench_calls(t, total / 10 ? total / 10 : 1);
    bench_ara(t, argv[2]);
    bench_forms(t);
    mjt_tables_close(t);
    return failed;
}
