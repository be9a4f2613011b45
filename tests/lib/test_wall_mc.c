/* SPDX-License-Identifier: MIT */
/*
 * The wall model against the real game, by Monte Carlo: shuffle the unseen
 * tiles (fixed seeds), draw them one by one from the true wall (a tile
 * thrown is gone), and play forward the way the engine finds best for the
 * goal at T: after an effective draw, keep the discard whose row the
 * engine ranks first with the draws left, asked with the tiles thrown so
 * far as seen.  The frequency of success over the games must be the
 * engine's number at T within a bound that holds for every comparison of
 * the run together (6 standard errors: a chance below 1e-8 each), so that
 * a right engine does not fail by chance.  10^4 games a hand in make
 * test, 10^6 in make test-long (MJT_LONG).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

/* splitmix64: the shuffles of every run are the same. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A decision memoised: the kind to discard from a 14-tile hand with t
 * draws made.  In forward play the engine's answer depends only on them
 * (the thrown tiles were never useful), which the games check. */
typedef struct memo {
    uint32_t code[4];
    int t, goal, kind, used;
} memo;

#define MEMO (1 << 16)

typedef struct game {
    mjt_prob_work *work;
    memo *m;
    int T;
} game;

static int decide(game *g, const mjt_hand *h14, const uint8_t *thrown, int t,
                  int goal)
{
    uint64_t x = 1469598103934665603u;
    for (int i = 0; i < 4; i++)
        x = (x ^ h14->opaque_[i]) * 1099511628211u;
    x = (x ^ (uint64_t)t) * 1099511628211u ^ (uint64_t)goal;
    size_t i = (size_t)(x & (MEMO - 1));
    for (; g->m[i].used; i = (i + 1) & (MEMO - 1))
        if (!memcmp(g->m[i].code, h14->opaque_, 16) && g->m[i].t == t &&
            g->m[i].goal == goal)
            return g->m[i].kind;
    mjt_prob_opts o;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_diag d;
    mjt_prob_opts_init(&o);
    o.draws = g->T - t;
    o.flags = MJT_PROB_KEEPING;
    o.work = g->work;
    int rc = mjt_prob_discards(test_tables(), h14, thrown, &o, rows,
                               MJT_MAX_DISCARDS, &n, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s", d.message);
    /* the best keeping row for the goal (the rows are ranked by win) */
    int best = 0;
    for (size_t j = 1; j < n; j++) {
        const double *a = goal ? rows[j].p.win : rows[j].p.tenpai;
        const double *b = goal ? rows[best].p.win : rows[best].p.tenpai;
        if (!isnan(a[o.draws - 1]) && a[o.draws - 1] > b[o.draws - 1] + 1e-12)
            best = (int)j;
    }
    memcpy(g->m[i].code, h14->opaque_, 16);
    g->m[i].t = t;
    g->m[i].goal = goal;
    g->m[i].kind = MJT_KIND_OF(rows[best].tile);
    g->m[i].used = 1;
    return g->m[i].kind;
}

/* One game from hand h (13 tiles) with seen tiles seen, the wall
 * shuffled by seed: 1 when the goal (0 tenpai, 1 win) is reached within
 * T draws. */
static int play(game *g, const mjt_hand *start, const uint8_t *seen,
                uint64_t *seed, int goal)
{
    uint8_t all[MJT_KINDS], thrown[MJT_KINDS], wall[136];
    int W = 0;
    mjt_hand h = *start;
    mjt_shanten_info s;

    mjt_hand_held(&h, all);
    for (int k = 0; k < MJT_KINDS; k++)
        for (int c = all[k] + seen[k]; c < 4; c++)
            wall[W++] = (uint8_t)k;
    for (int i = W - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(next(seed) % (uint64_t)(i + 1));
        uint8_t x = wall[i];
        wall[i] = wall[j];
        wall[j] = x;
    }
    memcpy(thrown, seen, MJT_KINDS);
    mjt_shanten(test_tables(), &h, &s);
    if (goal == 0 && s.overall == 0)
        return 1;
    for (int t = 1; t <= g->T; t++) {
        int x = wall[t - 1], was = s.overall;
        mjt_hand h14 = h;
        mjt_shanten_info s14;
        cr_assert(eq(int, mjt_hand_add(&h14, x), MJT_OK));
        mjt_shanten(test_tables(), &h14, &s14);
        if (s14.overall == -1)
            return goal == 1 || goal == 0;
        int d = x;
        if (s14.overall < was) /* kept: the discard the engine ranks best */
            d = decide(g, &h14, thrown, t, goal);
        cr_assert(eq(int, mjt_hand_remove(&h14, d), MJT_OK));
        thrown[d]++;
        h = h14;
        mjt_shanten(test_tables(), &h, &s);
        cr_assert(le(int, s.overall, was), "forward play never goes back");
        if (goal == 0 && s.overall == 0)
            return 1;
    }
    return 0;
}

Test(wall_mc, the_real_game_agrees_with_the_engine, .timeout = 7200)
{
    /* 13- and 14-tile hands of 0 to 3 shanten */
    static const char *const hands[] = {
        "4566m123p456p789s", "4566m123p456p789s1z", "123m45p6799s1155z",
        "24567m2479p11456s", "13m112277p25788s7z",  "144588m345p123s35z",
        "1256m59p55789s25z", "1256m59p55789s256z"};
    int N = getenv("MJT_LONG") ? 1000000 : 10000, comparisons = 0;
    game g = {mjt_prob_work_create(), calloc(MEMO, sizeof(memo)), 17};
    uint64_t seed = 20261125;
    double worst = 0;

    cr_assert(not(eq(ptr, g.m, NULL)));
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS] = {0};
        mjt_prob p;
        mjt_prob_opts o;
        mjt_diag d;
        size_t len = strlen(hands[i]);
        int rc = mjt_hand_parse(&h, hands[i], len, NULL, &d);
        cr_assert(eq(int, rc, MJT_OK), "%s: %s", hands[i], d.message);
        mjt_prob_opts_init(&o);
        o.work = g.work;
        mjt_tiles c;
        mjt_hand_tiles(&h, &c);
        if (c.len == 14) { /* the engine's best discard, seen from then on */
            mjt_prob_row rows[MJT_MAX_DISCARDS];
            size_t n;
            cr_assert(eq(int,
                         mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                           MJT_MAX_DISCARDS, &n, &d),
                         MJT_OK));
            cr_assert(eq(int, mjt_hand_remove(&h, rows[0].tile), MJT_OK));
            seen[MJT_KIND_OF(rows[0].tile)]++;
        }
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &p, &d),
                     MJT_OK));
        memset(g.m, 0, MEMO * sizeof(memo));
        for (int goal = 0; goal < 2; goal++) {
            long hits = 0;
            for (int k = 0; k < N; k++)
                hits += play(&g, &h, seen, &seed, goal);
            double want = goal ? p.win[16] : p.tenpai[16];
            double freq = (double)hits / N;
            double var = want * (1 - want);
            double se = sqrt((var > 1.0 / N ? var : 1.0 / N) / N);
            double z = fabs(freq - want) / se;
            comparisons++;
            if (z > worst)
                worst = z;
            cr_log_info("%s %s: engine %.5f, %d games %.5f (%.2f se)", hands[i],
                        goal ? "win" : "tenpai", want, N, freq, z);
            cr_assert(lt(dbl, z, 6.0), "%s %s: engine %.6f, games %.6f",
                      hands[i], goal ? "win" : "tenpai", want, freq);
        }
    }
    printf("wall_mc: %d comparisons of %d games each, the worst %.2f "
           "standard errors away\n",
           comparisons, N, worst);
    free(g.m);
    mjt_prob_work_free(g.work);
}
