/* SPDX-License-Identifier: MIT */
/*
 * Improvement tiles and two-step effective tiles, measured from a caller's
 * 34 counts, beside the brute force through the public API in the same
 * run.  Hands of 13 and 14 tiles off a shuffled 136-tile wall (fixed
 * seed); each figure is the median over RUNS runs of the time a hand.
 *
 *   improve.n13       counts -> hand -> mjt_improve
 *   improve.n13.brute counts -> hand -> every draw and discard through
 *                     mjt_shanten and mjt_ukeire (brute_improve.h: the
 *                     oracle of the tests)
 *   improve.n13.brute.discards  every draw through mjt_discards instead:
 *                     the quickest way the public API gives
 *   improve.n14       counts -> hand -> mjt_discards, then
 *                     mjt_improve_discard for each row: the discard table
 *                     with both columns
 *   improve.n14.brute the same table, each row by brute_improve
 * and the ratios of ours to each brute force (below 1: ours is faster).
 *
 *   bench_improve TABLES [HANDS]   (HANDS: 2000 of each size)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "brute_improve.h"
#include "helpers.h"
#include "mjt.h"

#define RUNS 5

typedef struct counts {
    uint8_t c[MJT_KINDS];
} counts;

static long sink;

/* The quickest public way: the discard table of h + x for each draw x. */
static int by_discards(const mjt_tables *t, const mjt_hand *h,
                       mjt_improve_info *out)
{
    uint8_t all[MJT_KINDS];
    mjt_ukeire_info u;

    memset(out, 0, sizeof *out);
    if (mjt_ukeire(t, h, NULL, &u) != MJT_OK || mjt_hand_held(h, all) != MJT_OK)
        return -1;
    for (int x = 0; x < MJT_KINDS; x++) {
        mjt_hand hx = *h;
        mjt_discard rows[MJT_MAX_DISCARDS];
        size_t n;
        int effective = (int)(u.tiles >> x & 1);
        if (all[x] == 4 || (effective && u.shanten < 1) ||
            mjt_hand_add(&hx, x) != MJT_OK ||
            mjt_discards(t, &hx, NULL, rows, MJT_MAX_DISCARDS, &n) != MJT_OK)
            continue;
        mjt_step st = {0, 0, 0, 0, 0, 0};
        for (size_t i = 0; i < n; i++)
            if (rows[i].tile != x && rows[i].shanten == u.shanten - effective)
                brute_keep(&st, rows[i].count, rows[i].tile, rows[i].tiles);
        if (effective)
            out->two_total += (4 - all[x]) * st.count;
        else if (st.count > u.count)
            out->improve_count += 4 - all[x];
    }
    return 0;
}

enum { OURS13, BRUTE13, DISCARDS13, OURS14, BRUTE14 };

/* ns a hand of one pass of figure how over hands hs. */
static double pass(const mjt_tables *t, const counts *hs, size_t n, int how)
{
    double t0 = bench_now();
    for (size_t i = 0; i < n; i++) {
        mjt_hand h;
        mjt_improve_info r;
        mjt_discard rows[MJT_MAX_DISCARDS];
        size_t nrows;
        mjt_hand_from_counts(&h, hs[i].c, NULL, NULL);
        switch (how) {
        case OURS13:
            mjt_improve(t, &h, NULL, &r);
            break;
        case BRUTE13:
            brute_improve(t, &h, NULL, &r);
            break;
        case DISCARDS13:
            by_discards(t, &h, &r);
            break;
        default:
            mjt_discards(t, &h, NULL, rows, MJT_MAX_DISCARDS, &nrows);
            for (size_t k = 0; k < nrows; k++) {
                if (how == OURS14) {
                    mjt_improve_discard(t, &h, NULL, rows[k].tile, &r);
                } else {
                    uint8_t seen[MJT_KINDS] = {0};
                    mjt_hand less = h;
                    mjt_hand_remove(&less, rows[k].tile);
                    seen[MJT_KIND_OF(rows[k].tile)] = 1;
                    brute_improve(t, &less, seen, &r);
                }
                sink += r.two_total + r.improve_count;
            }
        }
        sink += r.two_total + r.improve_count;
    }
    return (bench_now() - t0) * 1e9 / (double)n;
}

int main(int argc, char **argv)
{
    static const char *const names[] = {"improve.n13", "improve.n13.brute",
                                        "improve.n13.brute.discards",
                                        "improve.n14", "improve.n14.brute"};
    mjt_tables *t;
    mjt_diag d;
    double fig[5];
    uint64_t rng = 20261126;

    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: bench_improve TABLES [HANDS]\n");
        return 2;
    }
    if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
        fprintf(stderr, "bench_improve: %s\n", d.message);
        return 1;
    }
    size_t n = argc == 3 ? strtoul(argv[2], NULL, 10) : 2000;
    if (n == 0)
        n = 1;
    counts *h13 = malloc(n * sizeof *h13), *h14 = malloc(n * sizeof *h14);
    if (h13 == NULL || h14 == NULL)
        return 1;
    for (size_t i = 0; i < n; i++) {
        test_deal(&rng, 13, h13[i].c, NULL);
        test_deal(&rng, 14, h14[i].c, NULL);
    }
    for (int how = 0; how < 5; how++) {
        double runs[RUNS];
        const counts *hs = how < OURS14 ? h13 : h14;
        /* the brute force of 14 tiles: a tenth of the hands */
        size_t m = how == BRUTE14 ? (n + 9) / 10 : n;
        pass(t, hs, m, how); /* warm */
        for (int r = 0; r < RUNS; r++)
            runs[r] = pass(t, hs, m, how);
        qsort(runs, RUNS, sizeof *runs, bench_cmp_double);
        fig[how] = runs[RUNS / 2];
        printf("BENCH %s %.1f ns\n", names[how], fig[how]);
    }
    printf("BENCH improve.n13.ratio %.3f x\n", fig[OURS13] / fig[BRUTE13]);
    printf("BENCH improve.n13.ratio.discards %.3f x\n",
           fig[OURS13] / fig[DISCARDS13]);
    printf("BENCH improve.n14.ratio %.3f x\n", fig[OURS14] / fig[BRUTE14]);
    printf("BENCH improve.hands %zu hands\n", n);
    free(h13);
    free(h14);
    mjt_tables_close(t);
    return sink == 42 ? 3 : 0;
}
