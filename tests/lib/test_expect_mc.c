/* SPDX-License-Identifier: MIT */
/*
 * The expected score against the game, by Monte Carlo: shuffle the unseen
 * tiles with their red fives (fixed seeds), draw them one by one from the
 * true wall (a tile thrown is gone), and play forward as the engine finds
 * best: after an effective draw, keep the discard whose row it ranks
 * first by expected points with the draws left (the tiles thrown so far
 * seen), and at tenpai declare riichi as the option says (best: when the
 * engine's expectation with riichi is the higher).  Each win is scored by
 * the scoring engine, its ura indicator drawn as the model states (from
 * the tiles unseen at the question less those the winning hand drew); a
 * riichi without a win loses 1000.  The mean over the games must be the
 * engine's number at T within 6 standard errors (a chance below 1e-8 for
 * each comparison, so that a right engine does not fail by chance).  A
 * 14-tile hand is played from the engine's best discard, seen.
 * 10^4 games a hand in make test, 10^6 in make test-long (MJT_LONG).
 *
 * The later questions see the thrown tiles, so their ura dora leave those
 * out where the first question's do not: a choice between two discards
 * within that difference may go the other way, which costs the games far
 * less than a standard error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

/* A decision memoised: for a hand (the whole value, red fives and all)
 * with t draws made, the tile to discard (14 tiles) or whether to declare
 * riichi (13 tiles). */
typedef struct memo {
    mjt_hand h;
    int t, answer, used;
} memo;

#define MEMO (1 << 16)

typedef struct game {
    mjt_prob_work *work;
    memo *m;
    int filled; /* slots of m used */
    mjt_expect_opts x;
    int T;
} game;

/* The slot of (h, t), or spare (emptied) when the memo is full: the
 * question is then asked again, a slow game, not a wrong one. */
static memo *memo_of(game *g, const mjt_hand *h, int t, memo *spare)
{
    uint64_t k = 1469598103934665603u;
    for (int i = 0; i < 12; i++)
        k = (k ^ h->opaque_[i]) * 1099511628211u;
    k = (k ^ (uint64_t)t) * 1099511628211u;
    size_t i = (size_t)(k & (MEMO - 1));
    for (; g->m[i].used; i = (i + 1) & (MEMO - 1))
        if (!memcmp(&g->m[i].h, h, sizeof *h) && g->m[i].t == t)
            return &g->m[i];
    if (g->filled >= MEMO / 2) {
        memset(spare, 0, sizeof *spare);
        return spare;
    }
    g->filled++;
    g->m[i].h = *h;
    g->m[i].t = t;
    return &g->m[i];
}

/* The situation of a later question: the first's, with the red fives
 * thrown seen too. */
static void later(const game *g, const int *red_thrown, mjt_expect_opts *x)
{
    *x = g->x;
    for (int s = 0; s < 3; s++)
        x->red_seen[s] = (uint8_t)(x->red_seen[s] + red_thrown[s]);
}

/* The tile to discard from h14 (t draws made). */
static int discard(game *g, const mjt_hand *h14, const uint8_t *thrown,
                   const int *red_thrown, int t)
{
    memo spare, *m = memo_of(g, h14, t, &spare);
    if (m->used)
        return m->answer;
    mjt_prob_opts o;
    mjt_expect_opts x;
    mjt_expect_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_diag d;
    mjt_prob_opts_init(&o);
    o.draws = g->T - t;
    o.flags = MJT_PROB_KEEPING;
    o.work = g->work;
    later(g, red_thrown, &x);
    int rc = mjt_expect_discards(test_tables(), h14, thrown, &o, &x, rows,
                                 MJT_MAX_DISCARDS, &n, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s", d.message);
    m->answer = rows[0].tile; /* ranked by expected points */
    m->used = 1;
    return m->answer;
}

/* Whether tenpai hand h (t draws made, closed) declares riichi. */
static int declares(game *g, const mjt_hand *h, const uint8_t *thrown,
                    const int *red_thrown, int t)
{
    if (t == g->T)
        return 0; /* no draw left: no riichi */
    if (g->x.riichi != MJT_RIICHI_BEST)
        return g->x.riichi == MJT_RIICHI_ALWAYS;
    memo spare, *m = memo_of(g, h, t, &spare);
    if (m->used)
        return m->answer;
    mjt_prob_opts o;
    mjt_expect_opts x;
    mjt_expect e[2];
    mjt_diag d;
    mjt_prob_opts_init(&o);
    o.draws = g->T - t;
    o.work = g->work;
    later(g, red_thrown, &x);
    for (int r = 0; r < 2; r++) {
        x.riichi = r ? MJT_RIICHI_ALWAYS : MJT_RIICHI_NEVER;
        cr_assert(
            eq(int,
               mjt_expect_hand(test_tables(), h, thrown, &o, &x, &e[r], &d),
               MJT_OK),
            "%s", d.message);
    }
    m->answer = e[1].score[o.draws - 1] > e[0].score[o.draws - 1];
    m->used = 1;
    return m->answer;
}

/* The points of one game from hand start (13 tiles, its calls closed or
 * open) with seen tiles seen (red_seen among them), the wall shuffled by
 * seed. */
static double play(game *g, const mjt_hand *start, const uint8_t *seen,
                   uint64_t *seed)
{
    uint8_t all[MJT_KINDS], thrown[MJT_KINDS], wall[136], orig[MJT_KINDS];
    int unseen[MJT_KINDS], red_thrown[3] = {0, 0, 0}, W = 0, red_wall[3];
    mjt_hand h = *start;
    mjt_tiles c;
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    mjt_shanten_info s;

    mjt_hand_held(&h, all);
    mjt_hand_tiles(&h, &c);
    mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &ncalls);
    int closed = 1, called_red[3] = {0, 0, 0};
    for (size_t i = 0; i < ncalls; i++) {
        closed &= calls[i].kind == MJT_CLOSED_QUAD;
        if (calls[i].tile < 27)
            called_red[calls[i].tile / 9] += calls[i].red;
    }
    for (int q = 0; q < 3; q++)
        red_wall[q] = 1 - c.red[q] - called_red[q] - g->x.red_seen[q];
    for (int k = 0; k < MJT_KINDS; k++) {
        int n = 4 - all[k] - seen[k];
        unseen[k] = n;
        for (int i = 0; i < n; i++) {
            int five = k < 27 && k % 9 == 4;
            int red = five && i < red_wall[k / 9];
            wall[W++] = (uint8_t)(red ? MJT_RED_5M + k / 9 : k);
        }
    }
    memcpy(orig, c.counts, MJT_KINDS);
    for (int i = W - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(test_rand(seed) % (uint64_t)(i + 1));
        uint8_t x = wall[i];
        wall[i] = wall[j];
        wall[j] = x;
    }
    /* the later questions' seen tiles: the indicators are the engine's */
    memcpy(thrown, seen, MJT_KINDS);
    for (int i = 0; i < g->x.dora_len; i++)
        thrown[MJT_KIND_OF(g->x.dora[i])]--;
    mjt_shanten(test_tables(), &h, &s);
    int riichi_at = -1;
    if (s.overall == 0 && closed && declares(g, &h, thrown, red_thrown, 0))
        riichi_at = 0;
    for (int t = 1; t <= g->T; t++) {
        int x = wall[t - 1], was = s.overall;
        mjt_hand h14 = h;
        mjt_shanten_info s14;
        cr_assert(eq(int, mjt_hand_add(&h14, x), MJT_OK));
        mjt_shanten(test_tables(), &h14, &s14);
        if (s14.overall == -1) { /* a tsumo win */
            mjt_tiles w14;
            mjt_win win = {0};
            mjt_score sc;
            mjt_diag d;
            mjt_win_init(&win);
            mjt_hand_tiles(&h14, &w14);
            win.tile = (uint8_t)x;
            win.tsumo = 1;
            win.round = g->x.round;
            win.seat = g->x.seat;
            win.dora_len = g->x.dora_len;
            memcpy(win.dora, g->x.dora, sizeof win.dora);
            win.last = (uint8_t)(g->x.last && t == g->T);
            win.riichi = riichi_at >= 0;
            win.ippatsu = (uint8_t)(riichi_at >= 0 && t == riichi_at + 1);
            if (win.riichi) { /* the ura indicator, as the model draws it */
                int pool[MJT_KINDS], total = 0;
                for (int k = 0; k < MJT_KINDS; k++) {
                    int kept = w14.counts[k] - orig[k];
                    pool[k] = unseen[k] - (kept > 0 ? kept : 0);
                    total += pool[k] > 0 ? pool[k] : 0;
                }
                int r = (int)(test_rand(seed) % (uint64_t)total), k = 0;
                for (; r >= (pool[k] > 0 ? pool[k] : 0); k++)
                    r -= pool[k] > 0 ? pool[k] : 0;
                win.ura_len = 1;
                win.ura[0] = (uint8_t)k;
            }
            cr_assert(
                eq(int,
                   mjt_score_tiles(&w14, calls, ncalls, &win, NULL, &sc, &d),
                   MJT_OK),
                "%s", d.message);
            return sc.points;
        }
        int d = x;
        if (riichi_at < 0 && s14.overall < was) /* kept */
            d = discard(g, &h14, thrown, red_thrown, t);
        cr_assert(eq(int, mjt_hand_remove(&h14, d), MJT_OK));
        thrown[MJT_KIND_OF(d)]++;
        if (d >= MJT_KINDS)
            red_thrown[d - MJT_KINDS]++;
        h = h14;
        mjt_shanten(test_tables(), &h, &s);
        cr_assert(le(int, s.overall, was), "forward play never goes back");
        if (s.overall == 0 && was > 0 && closed &&
            declares(g, &h, thrown, red_thrown, t))
            riichi_at = t;
    }
    return riichi_at >= 0 ? -1000 : 0;
}

Test(expect_mc, the_game_agrees_with_the_engine, .timeout = 7200)
{
    /* 13- and 14-tile hands of 0 to 2 shanten (a 14-tile one from the
     * engine's best discard), closed and open, a red five held, each with
     * a riichi choice and a situation */
    static const struct {
        const char *hand;
        int riichi, round, seat;
        const char *dora;
    } cases[] = {
        {"4566m123p456p789s", MJT_RIICHI_BEST, 0, 1, ""},
        {"4566m123p456p789s", MJT_RIICHI_ALWAYS, 0, 0, "3p"},
        {"406m123p456p789s1z", MJT_RIICHI_BEST, 1, 2, "5m"},
        {"24567m2479p11456s", MJT_RIICHI_BEST, 0, 1, ""},
        {"24567m2479p11456s", MJT_RIICHI_NEVER, 0, 3, "1s"},
        {"144588m345p123s35z", MJT_RIICHI_BEST, 0, 0, "4z"},
        {"1256m59p55789s256z", MJT_RIICHI_ALWAYS, 1, 1, "8s"},
        {"2344m567p5688s,666z", MJT_RIICHI_BEST, 0, 1, "7m"},
    };
    int N = getenv("MJT_LONG") ? 1000000 : 10000, comparisons = 0;
    game g = {mjt_prob_work_create(), calloc(MEMO, sizeof(memo)), 0, {0}, 17};
    uint64_t seed = 20261127;
    double worst = 0;

    cr_assert(not(eq(ptr, g.m, NULL)));
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS] = {0};
        mjt_expect e;
        mjt_prob_opts o;
        mjt_diag d;
        const char *text = cases[i].hand;
        int rc = mjt_hand_parse(&h, text, strlen(text), NULL, &d);
        cr_assert(eq(int, rc, MJT_OK), "%s: %s", text, d.message);
        mjt_expect_opts_init(&g.x);
        g.x.riichi = cases[i].riichi;
        g.x.round = (uint8_t)cases[i].round;
        g.x.seat = (uint8_t)cases[i].seat;
        if (cases[i].dora[0] != '\0') {
            g.x.dora_len = 1;
            g.x.dora[0] = (uint8_t)mjt_tile_from_name(cases[i].dora, 2);
        }
        mjt_prob_opts_init(&o);
        o.work = g.work;
        mjt_tiles c;
        mjt_hand_tiles(&h, &c);
        if (c.len % 3 == 2) { /* the engine's best discard, seen then on */
            mjt_expect_row rows[MJT_MAX_DISCARDS];
            size_t n;
            cr_assert(eq(int,
                         mjt_expect_discards(test_tables(), &h, NULL, &o, &g.x,
                                             rows, MJT_MAX_DISCARDS, &n, &d),
                         MJT_OK),
                      "%s", d.message);
            cr_assert(eq(int, mjt_hand_remove(&h, rows[0].tile), MJT_OK));
            seen[MJT_KIND_OF(rows[0].tile)]++;
            if (rows[0].tile >= MJT_KINDS)
                g.x.red_seen[rows[0].tile - MJT_KINDS]++;
        }
        /* the indicator is seen by the games' wall, the engine adds it */
        cr_assert(eq(int,
                     mjt_expect_hand(test_tables(), &h, seen, &o, &g.x, &e, &d),
                     MJT_OK),
                  "%s", d.message);
        uint8_t wall_seen[MJT_KINDS];
        memcpy(wall_seen, seen, sizeof seen);
        if (g.x.dora_len)
            wall_seen[g.x.dora[0]]++;
        memset(g.m, 0, MEMO * sizeof(memo));
        g.filled = 0;
        double sum = 0, sq = 0;
        for (int k = 0; k < N; k++) {
            double v = play(&g, &h, wall_seen, &seed);
            sum += v;
            sq += v * v;
        }
        double want = e.score[16], mean = sum / N;
        double var = sq / N - mean * mean;
        double se = sqrt((var > 1 ? var : 1) / N);
        double z = fabs(mean - want) / se;
        comparisons++;
        worst = z > worst ? z : worst;
        cr_log_info("%s riichi %d: engine %.3f, %d games %.3f (%.2f se)", text,
                    cases[i].riichi, want, N, mean, z);
        cr_assert(lt(dbl, z, 6.0), "%s: engine %.4f, games %.4f (se %.4f)",
                  text, want, mean, se);
    }
    printf("expect_mc: %d comparisons of %d games each, the worst %.2f "
           "standard errors away\n",
           comparisons, N, worst);
    free(g.m);
    mjt_prob_work_free(g.work);
}
