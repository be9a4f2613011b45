/* SPDX-License-Identifier: MIT */
/*
 * Expected score (mjt_expect_hand, mjt_expect_discards) against what can
 * be known without the engine: one draw scored by hand, with the scoring
 * engine, over every tenpai hand one discard makes from ara's hands; and
 * the invariants any right answer keeps on random hands.  The brute
 * force of every draw order in small worlds is test_expect_worlds.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "expect.h"
#include "helpers.h"
#include "mjt.h"
#include "wall.h" /* a workspace's memory, counted */

/* ==== One draw, by hand ==== */

/* At T = 1 a tenpai hand's expectation is a sum over the wall: each
 * winning copy left (a red five apart) is drawn with chance copies / W and
 * wins what the scoring engine says; with riichi (declared at the discard
 * that made the hand, so the draw is ippatsu) the ura dora are the average
 * over every tile unseen but the one drawn, and the stick is lost with
 * chance 1 - K / W.  Every tenpai hand one discard makes from ara's
 * hands, each in a random situation: winds, up to two indicators,
 * the held five red or not, haitei or not. */
Test(expect, one_draw_by_hand, .timeout = 600)
{
    static const char *const sets[] = {"normal", "hon", "tin", "koku"};
    mjt_prob_work *work = mjt_prob_work_create();
    uint64_t rng = 20261127;
    long checked = 0;

    for (int set = 0; set < 4; set++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/ara/p_%s_10000.txt", sets[set]);
        FILE *f = fopen(path, "r");
        uint8_t c14[MJT_KINDS];
        cr_assert(not(eq(ptr, f, NULL)), "%s", path);
        while (test_ara_hand(f, c14)) {
            for (int dk = 0; dk < MJT_KINDS; dk++) {
                if (c14[dk] == 0)
                    continue;
                uint8_t c[MJT_KINDS];
                memcpy(c, c14, sizeof c);
                c[dk]--;
                mjt_hand h;
                mjt_ukeire_info u;
                cr_assert(
                    eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
                cr_assert(
                    eq(int, mjt_ukeire(test_tables(), &h, NULL, &u), MJT_OK));
                if (u.shanten != 0)
                    continue;
                /* the situation */
                mjt_expect_opts x;
                mjt_expect_opts_init(&x);
                x.riichi = (int)(next(&rng) % 3);
                x.round = (uint8_t)(next(&rng) % 4);
                x.seat = (uint8_t)(next(&rng) % 4);
                x.last = (uint8_t)(next(&rng) % 4 == 0);
                uint8_t seen[MJT_KINDS] = {0};
                int nd = (int)(next(&rng) % 3);
                for (int i = 0; i < nd; i++) {
                    int k = (int)(next(&rng) % MJT_KINDS);
                    if (c[k] + seen[k] < 4) {
                        x.dora[x.dora_len++] = (uint8_t)k;
                        seen[k]++;
                    }
                }
                mjt_tiles held;
                memset(&held, 0, sizeof held);
                memcpy(held.counts, c, sizeof c);
                held.len = 13;
                for (int s = 0; s < 3; s++)
                    held.red[s] = c[9 * s + 4] > 0 && next(&rng) % 2;
                /* the hand with its red fives, by ids */
                uint8_t ids[14];
                int n = 0;
                for (int k = 0; k < MJT_KINDS; k++)
                    for (int i = 0; i < c[k]; i++)
                        ids[n++] = (uint8_t)(k < 27 && k % 9 == 4 && i == 0 &&
                                                     held.red[k / 9]
                                                 ? MJT_RED_5M + k / 9
                                                 : k);
                cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 13, NULL, NULL),
                             MJT_OK));
                mjt_prob_opts o = opts_of(1, MJT_PROB_CURVES);
                o.work = work;
                mjt_expect e;
                mjt_diag d;
                cr_assert(
                    eq(int,
                       mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                       MJT_OK),
                    "%s", d.message);
                /* by hand */
                int W = 136 - 13 - x.dora_len, K = 0;
                double dama = 0, riichi = 0;
                mjt_win w;
                mjt_win_init(&w);
                w.tsumo = 1;
                w.round = x.round;
                w.seat = x.seat;
                w.last = x.last;
                w.dora_len = x.dora_len;
                memcpy(w.dora, x.dora, sizeof w.dora);
                for (uint64_t m = u.tiles; m != 0; m &= m - 1) {
                    int k = __builtin_ctzll(m), s = k / 9;
                    int left = 4 - c[k] - seen[k];
                    int five = k < 27 && k % 9 == 4;
                    int reds = five && !held.red[s] && left > 0 ? 1 : 0;
                    K += left;
                    for (int red = 0; red <= 1; red++) {
                        int copies = red ? reds : left - reds;
                        if (copies <= 0)
                            continue;
                        mjt_tiles t = held;
                        t.counts[k]++;
                        t.len = 14;
                        if (red) /* a five's: s is its suit */
                            t.red[s]++;
                        mjt_win wk = w;
                        wk.tile = (uint8_t)(red ? MJT_RED_5M + s : k);
                        dama += copies * points_of(&t, NULL, 0, &wk);
                        wk.riichi = 1;
                        wk.ippatsu = 1;
                        wk.ura_len = 1;
                        double sum = 0;
                        int pool_all = 0;
                        for (int j = 0; j < MJT_KINDS; j++) {
                            int pool = 4 - t.counts[j] - seen[j];
                            if (pool <= 0)
                                continue;
                            wk.ura[0] = (uint8_t)j;
                            sum += pool * points_of(&t, NULL, 0, &wk);
                            pool_all += pool;
                        }
                        riichi += copies * sum / pool_all;
                    }
                }
                dama /= W;
                riichi = riichi / W - 1000.0 * (W - K) / W;
                double want = x.riichi == MJT_RIICHI_NEVER ? dama
                              : x.riichi == MJT_RIICHI_ALWAYS
                                  ? riichi
                                  : fmax(dama, riichi);
                char text[MJT_HAND_TEXT];
                mjt_hand_format(&h, text, sizeof text);
                cr_assert(same_points(e.score[0], want),
                          "%s riichi %s round %d seat %d last %d: engine "
                          "%.12f, by hand %.12f",
                          text, riichi_name(x.riichi), x.round, x.seat, x.last,
                          e.score[0], want);
                checked++;
            }
        }
        fclose(f);
    }
    mjt_prob_work_free(work);
    printf("expect: one draw: %ld tenpai hands by hand\n", checked);
    cr_assert(gt(long, checked, 5000));
}

/* ==== Rows, invariants, refusals ==== */

/* A random 14-tile hand from ara (at most 2-shanten: quick), with a red
 * five for each suit's held five half the time, into *h; its counts into
 * c and its red fives into red.  0 at the file's end. */
static int hand14(FILE *f, uint64_t *rng, mjt_hand *h, uint8_t *c, uint8_t *red)
{
    uint8_t ids[14];
    for (;;) {
        if (!test_ara_hand(f, c))
            return 0;
        int n = 0;
        for (int s = 0; s < 3; s++)
            red[s] = c[9 * s + 4] > 0 && next(rng) % 2;
        for (int k = 0; k < MJT_KINDS; k++)
            for (int i = 0; i < c[k]; i++)
                ids[n++] =
                    (uint8_t)(k < 27 && k % 9 == 4 && i == 0 && red[k / 9]
                                  ? MJT_RED_5M + k / 9
                                  : k);
        mjt_shanten_info s;
        if (mjt_hand_from_tiles(h, ids, 14, NULL, NULL) == MJT_OK &&
            mjt_shanten(test_tables(), h, &s) == MJT_OK && s.overall <= 2)
            return 1;
    }
}

/* A random situation for hand counts c (seen: the indicators' kinds). */
static void situation(uint64_t *rng, const uint8_t *c, mjt_expect_opts *x,
                      uint8_t *seen)
{
    mjt_expect_opts_init(x);
    x->riichi = (int)(next(rng) % 3);
    x->round = (uint8_t)(next(rng) % 4);
    x->seat = (uint8_t)(next(rng) % 4);
    memset(seen, 0, MJT_KINDS);
    for (int i = (int)(next(rng) % 3); i > 0; i--) {
        int k = (int)(next(rng) % MJT_KINDS);
        if (c[k] + seen[k] < 4) {
            x->dora[x->dora_len++] = (uint8_t)k;
            seen[k]++;
        }
    }
}

/* Each row of a 14-tile table is the 13-tile question after its discard,
 * the discard seen (a red five's among red_seen): the same curves. */
Test(expect, rows_are_the_hands_after_each_discard, .timeout = 600)
{
    FILE *f = fopen("tests/data/ara/p_normal_10000.txt", "r");
    uint64_t rng = 7;
    mjt_prob_work *work = mjt_prob_work_create();
    int hands = 0, rows = 0, moved[2] = {0, 0};

    cr_assert(not(eq(ptr, f, NULL)));
    while (hands < 60) {
        mjt_hand h;
        uint8_t c[MJT_KINDS], red[3], seen[MJT_KINDS];
        if (!hand14(f, &rng, &h, c, red))
            break;
        mjt_expect_opts x;
        situation(&rng, c, &x, seen);
        mjt_prob_opts o = opts_of(4 + (int)(next(&rng) % 14), MJT_PROB_CURVES);
        o.work = work;
        /* a sixth of the hands in exchange play, fewer draws (slower;
         * back's tables are the small worlds' of test_expect_worlds.c:
         * its graph without relabellings passes the budget from
         * 2-shanten) */
        if (hands % 6 == 1) {
            o.moves = MJT_EXCHANGE;
            o.draws = o.draws > 5 ? 5 : o.draws;
        }
        moved[o.moves]++;
        mjt_expect_row rs[MJT_MAX_DISCARDS];
        size_t n;
        mjt_diag d;
        cr_assert(eq(int,
                     mjt_expect_discards(test_tables(), &h, NULL, &o, &x, rs,
                                         MJT_MAX_DISCARDS, &n, &d),
                     MJT_OK),
                  "%s", d.message);
        for (size_t i = 0; i < n; i++) {
            mjt_hand r = h;
            uint8_t vis[MJT_KINDS] = {0};
            mjt_expect_opts xr = x;
            int k = MJT_KIND_OF(rs[i].tile);
            cr_assert(eq(int, mjt_hand_remove(&r, rs[i].tile), MJT_OK));
            vis[k] = 1;
            if (rs[i].tile >= MJT_KINDS)
                xr.red_seen[rs[i].tile - MJT_KINDS] = 1;
            mjt_expect e;
            cr_assert(
                eq(int,
                   mjt_expect_hand(test_tables(), &r, vis, &o, &xr, &e, &d),
                   MJT_OK),
                "%s", d.message);
            char text[MJT_HAND_TEXT];
            mjt_hand_format(&h, text, sizeof text);
            for (int t = 0; t < o.draws; t++) {
                cr_assert(same_points(rs[i].e.score[t], e.score[t]),
                          "%s moves %d discard %d h %d: row %.12f, hand "
                          "%.12f",
                          text, o.moves, rs[i].tile, t + 1, rs[i].e.score[t],
                          e.score[t]);
                cr_assert(lt(dbl, fabs(rs[i].e.p.win[t] - e.p.win[t]), 1e-12));
            }
            if (i > 0) /* ranked by score at T */
                cr_assert(le(dbl, rs[i].e.score[o.draws - 1],
                             rs[i - 1].e.score[o.draws - 1] + 1e-9));
            rows++;
        }
        hands++;
    }
    fclose(f);
    mjt_prob_work_free(work);
    printf("expect: rows: %d hands (%d in exchange play), %d rows equal to "
           "their 13-tile questions\n",
           hands, moved[MJT_EXCHANGE], rows);
    cr_assert(gt(int, hands, 50));
    cr_assert(gt(int, moved[MJT_EXCHANGE], 8));
}

/* ==== Two graphs, one game ==== */

/* Whether two values of a curve agree: both unknown (NAN), or within
 * 1e-12. */
static int same_chance(double a, double b)
{
    return isnan(a) ? isnan(b) : !isnan(b) && fabs(a - b) <= 1e-12;
}

/* Row tile of an expected-score table in rs, or NULL. */
static const mjt_expect_row *row_of(const mjt_expect_row *rs, size_t n,
                                    int tile)
{
    for (size_t i = 0; i < n; i++)
        if (rs[i].tile == tile)
            return &rs[i];
    return NULL;
}

/*
 * An expected-score question builds a graph of its own: every suit and
 * honor told apart (the yaku and the dora do), a red five drawn a hand of
 * its own, every tenpai hand a node.  The wall model's question folds
 * each class of hands that play alike into one hand (symmetry.c), drops
 * the red fives and closes the draws to tenpai in a formula.  Both give
 * the chances of tenpai and of a win of the same game, forward play's
 * exact ones and the forgetful wall's in exchange and back play, so the
 * two curves of every row must be the same numbers: on hands dealt at 1
 * to 3 shanten, closed or with calls, with nothing seen or a few tiles,
 * up to two dora indicators (seen tiles, to the wall model), red fives
 * held and seen.
 * A relabelling that put a hand in the wrong class, or a red five's draw
 * that lost or gained a copy, parts them; on deeper hands than the small
 * worlds' brute force reaches, where the classes are many.
 */
Test(expect, its_chances_are_the_wall_models, .timeout = 600)
{
    static const struct {
        int moves, shanten, hands, max_draws, calls;
    } plans[] = {
        {MJT_FORWARD, 1, 12, 17, 0}, {MJT_FORWARD, 2, 12, 17, 0},
        {MJT_FORWARD, 3, 6, 12, 0},  {MJT_EXCHANGE, 1, 6, 8, 0},
        {MJT_EXCHANGE, 2, 3, 5, 0},  {MJT_BACK, 1, 4, 4, 0},
        {MJT_FORWARD, 1, 10, 17, 1}, {MJT_FORWARD, 2, 10, 17, 1},
        {MJT_EXCHANGE, 1, 4, 6, 1},
    };
    mjt_dealer dl;
    uint64_t rng = 29;
    mjt_prob_work *work = mjt_prob_work_create();
    int rows = 0, nothing_seen = 0, with_seen = 0, with_red = 0, called = 0;

    cr_assert(eq(int, mjt_dealer_init(&dl, 20261129, NULL, 0), MJT_OK));
    for (size_t pl = 0; pl < sizeof plans / sizeof *plans; pl++) {
        for (int got = 0; got < plans[pl].hands;) {
            mjt_tiles c;
            mjt_shanten_info s;
            mjt_hand h;
            uint8_t held_red[3] = {0, 0, 0};
            int reds = 0;
            cr_assert(eq(int, mjt_deal(&dl, 14, &c), MJT_OK));
            if (plans[pl].calls) { /* melds of the deal called */
                mjt_call calls[2];
                uint8_t conc[MJT_KINDS];
                memcpy(conc, c.counts, sizeof conc);
                size_t nc = test_take_calls(conc, 1 + next(&rng) % 2, calls, 4);
                if (nc == 0)
                    continue;
                cr_assert(eq(
                    int, mjt_hand_from_calls(&h, conc, calls, nc, NULL, NULL),
                    MJT_OK));
            } else { /* a red five for some of the fives held */
                uint8_t ids[14];
                int n = 0;
                for (int k = 0; k < MJT_KINDS; k++)
                    for (int i = 0; i < c.counts[k]; i++) {
                        int red =
                            k < 27 && k % 9 == 4 && i == 0 && next(&rng) % 2;
                        ids[n++] = (uint8_t)(red ? MJT_RED_5M + k / 9 : k);
                        if (red)
                            held_red[k / 9] = 1;
                        reds += red;
                    }
                cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 14, NULL, NULL),
                             MJT_OK));
            }
            cr_assert(eq(int, mjt_shanten(test_tables(), &h, &s), MJT_OK));
            if (s.overall != plans[pl].shanten)
                continue;
            /* the situation (its indicators in dora), then for every other
             * hand a few tiles seen, some of them red fives */
            mjt_expect_opts x;
            uint8_t dora[MJT_KINDS], vis[MJT_KINDS] = {0}, all[MJT_KINDS];
            situation(&rng, c.counts, &x, dora);
            if (got % 2 == 1)
                for (int i = (int)(next(&rng) % 7); i > 0; i--) {
                    int k = (int)(next(&rng) % MJT_KINDS);
                    if (c.counts[k] + dora[k] + vis[k] < 4)
                        vis[k]++;
                }
            for (int su = 0; su < 3; su++) /* each suit has one red five */
                if (vis[9 * su + 4] > 0 && !held_red[su])
                    x.red_seen[su] = (uint8_t)(next(&rng) % 2);
            int seen = 0;
            for (int k = 0; k < MJT_KINDS; k++) {
                all[k] = (uint8_t)(vis[k] + dora[k]);
                seen += all[k];
            }
            mjt_prob_opts o =
                opts_of(1 + (int)(next(&rng) % (unsigned)plans[pl].max_draws),
                        MJT_PROB_CURVES);
            o.moves = plans[pl].moves;
            o.work = work;
            mjt_prob_row pr[MJT_MAX_DISCARDS];
            mjt_expect_row er[MJT_MAX_DISCARDS];
            size_t np, ne;
            mjt_diag d;
            int a = mjt_prob_discards(test_tables(), &h, all, &o, pr,
                                      MJT_MAX_DISCARDS, &np, &d);
            cr_assert(eq(int, a, MJT_OK), "%s", d.message);
            int b = mjt_expect_discards(test_tables(), &h, vis, &o, &x, er,
                                        MJT_MAX_DISCARDS, &ne, &d);
            cr_assert(eq(int, b, MJT_OK), "%s", d.message);
            char text[MJT_HAND_TEXT];
            mjt_hand_format(&h, text, sizeof text);
            cr_assert(eq(sz, np, ne), "%s", text);
            for (size_t i = 0; i < np; i++) {
                const mjt_expect_row *e = row_of(er, ne, pr[i].tile);
                cr_assert(not(eq(ptr, (void *)e, NULL)), "%s row %s", text,
                          mjt_tile_name(pr[i].tile));
                cr_assert(e->shanten == pr[i].shanten &&
                          e->tiles == pr[i].tiles && e->count == pr[i].count);
                for (int t = 0; t < o.draws; t++)
                    cr_assert(
                        same_chance(pr[i].p.tenpai[t], e->e.p.tenpai[t]) &&
                            same_chance(pr[i].p.win[t], e->e.p.win[t]),
                        "%s (%s, T = %d, %d seen) row %s, h = %d: tenpai "
                        "%.15f and %.15f, win %.15f and %.15f",
                        text, test_moves_name(o.moves), o.draws, seen,
                        mjt_tile_name(pr[i].tile), t + 1, pr[i].p.tenpai[t],
                        e->e.p.tenpai[t], pr[i].p.win[t], e->e.p.win[t]);
                rows++;
            }
            /* and the 13-tile question of the first row */
            mjt_hand r = h;
            int k = MJT_KIND_OF(er[0].tile);
            cr_assert(eq(int, mjt_hand_remove(&r, er[0].tile), MJT_OK));
            mjt_expect_opts xr = x;
            vis[k]++;
            all[k]++;
            if (er[0].tile >= MJT_KINDS)
                xr.red_seen[er[0].tile - MJT_KINDS]++;
            mjt_prob p;
            mjt_expect e;
            cr_assert(eq(int, mjt_prob_hand(test_tables(), &r, all, &o, &p, &d),
                         MJT_OK),
                      "%s", d.message);
            cr_assert(
                eq(int,
                   mjt_expect_hand(test_tables(), &r, vis, &o, &xr, &e, &d),
                   MJT_OK),
                "%s", d.message);
            for (int t = 0; t < o.draws; t++)
                cr_assert(same_chance(p.tenpai[t], e.p.tenpai[t]) &&
                              same_chance(p.win[t], e.p.win[t]),
                          "%s less %s: h = %d", text, mjt_tile_name(er[0].tile),
                          t + 1);
            nothing_seen += seen == 0;
            with_seen += seen > 0;
            with_red += reds > 0;
            called += plans[pl].calls;
            got++;
        }
    }
    mjt_prob_work_free(work);
    printf("expect: chances: %d rows of %d hands, %d with nothing seen, %d "
           "with red fives held, %d with calls\n",
           rows, nothing_seen + with_seen, nothing_seen, with_red, called);
    cr_assert(ge(int, nothing_seen, 8));
    cr_assert(ge(int, with_seen, 25));
    cr_assert(ge(int, with_red, 10));
    cr_assert(eq(int, called, 24));
}

/* What any right answer keeps, on random hands at T = 17: the curve never
 * falls under never and best; under never it is never negative and 0
 * where the chance of a win is; best is at least never and always; and a
 * dora indicator that is no effective kind and points at a held kind never
 * lowers the expectation under never and best.  (Under always it can: the
 * indicator is a seen tile, one fewer in the wall, so every effective
 * draw comes a little sooner, and a hand that reaches tenpai too late to
 * win loses its stick more often.) */
Test(expect, curves_keep_their_invariants, .timeout = 600)
{
    FILE *f = fopen("tests/data/ara/p_hon_10000.txt", "r");
    uint64_t rng = 11;
    mjt_prob_work *work = mjt_prob_work_create();
    int hands = 0, dora_checked = 0;

    cr_assert(not(eq(ptr, f, NULL)));
    while (hands < 40) {
        mjt_hand h14, h;
        uint8_t c[MJT_KINDS], red[3], seen[MJT_KINDS];
        if (!hand14(f, &rng, &h14, c, red))
            break;
        /* the 13 tiles: the last kind held goes */
        int last = MJT_KINDS - 1;
        while (c[last] == 0)
            last--;
        h = h14;
        cr_assert(eq(int, mjt_hand_remove(&h, last), MJT_OK));
        c[last]--;
        mjt_expect_opts x;
        situation(&rng, c, &x, seen);
        mjt_prob_opts o = opts_of(17, MJT_PROB_CURVES);
        o.work = work;
        mjt_expect e[3];
        mjt_diag d;
        for (int r = 0; r < 3; r++) {
            x.riichi = r;
            cr_assert(
                eq(int,
                   mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e[r], &d),
                   MJT_OK),
                "%s", d.message);
        }
        /* the values at T alone (no curve, no rounding kept from one point
         * to the next) at a few T: each the curve's point, and rising */
        for (int r = 0; r < 2; r++) {
            double before = -1e300;
            for (int T = 1; T <= 17; T += 4) {
                mjt_prob_opts o1 = opts_of(T, 0);
                mjt_expect one;
                x.riichi = r;
                o1.work = work;
                cr_assert(eq(
                    int,
                    mjt_expect_hand(test_tables(), &h, NULL, &o1, &x, &one, &d),
                    MJT_OK));
                cr_assert(same_points(one.score[T - 1], e[r].score[T - 1]));
                cr_assert(ge(dbl, one.score[T - 1], before));
                before = one.score[T - 1];
            }
        }
        for (int t = 0; t < 17; t++) {
            double b = e[MJT_RIICHI_BEST].score[t],
                   nv = e[MJT_RIICHI_NEVER].score[t],
                   al = e[MJT_RIICHI_ALWAYS].score[t];
            cr_assert(ge(dbl, nv, 0));
            if (e[MJT_RIICHI_NEVER].p.win[t] == 0)
                cr_assert(eq(dbl, nv, 0));
            cr_assert(ge(dbl, b, nv - 1e-9));
            cr_assert(ge(dbl, b, al - 1e-9));
            if (t > 0) {
                cr_assert(ge(dbl, b, e[MJT_RIICHI_BEST].score[t - 1]));
                cr_assert(ge(dbl, nv, e[MJT_RIICHI_NEVER].score[t - 1]));
            }
        }
        /* one more indicator, no effective kind, pointing at a held kind */
        mjt_ukeire_info u;
        cr_assert(eq(int, mjt_ukeire(test_tables(), &h, NULL, &u), MJT_OK));
        for (int k = 0; k < MJT_KINDS && x.dora_len < MJT_MAX_INDICATORS; k++) {
            int target = k < 27   ? (k % 9 == 8 ? k - 8 : k + 1)
                         : k < 31 ? (k == 30 ? 27 : k + 1)
                                  : (k == 33 ? 31 : k + 1);
            if ((u.tiles >> k & 1) || c[target] == 0 || c[k] + seen[k] >= 4)
                continue;
            mjt_expect_opts y = x;
            y.dora[y.dora_len++] = (uint8_t)k;
            for (int r = 0; r < 2; r++) { /* best and never */
                mjt_expect more;
                x.riichi = y.riichi = r;
                cr_assert(eq(int,
                             mjt_expect_hand(test_tables(), &h, NULL, &o, &y,
                                             &more, &d),
                             MJT_OK),
                          "%s", d.message);
                for (int t = 0; t < 17; t++)
                    cr_assert(ge(dbl, more.score[t], e[r].score[t] - 1e-9),
                              "riichi %s h %d: indicator %d lowers %.6f to "
                              "%.6f",
                              riichi_name(r), t + 1, k, e[r].score[t],
                              more.score[t]);
            }
            dora_checked++;
            break;
        }
        hands++;
    }
    fclose(f);
    mjt_prob_work_free(work);
    printf("expect: invariants: %d hands, %d with one more indicator\n", hands,
           dora_checked);
    cr_assert(gt(int, hands, 30));
    cr_assert(gt(int, dora_checked, 20));
}

/* Exchange and back on real hands: more moves never lower the bound
 * (back's moves hold exchange's, exchange's forward play's, and the
 * forgetful wall's bound is at or above the real game's), and the riichi
 * choices and curves keep forward play's invariants. */
Test(expect, moves_keep_their_invariants, .timeout = 600)
{
    FILE *f = fopen("tests/data/ara/p_normal_10000.txt", "r");
    uint64_t rng = 13;
    mjt_prob_work *work = mjt_prob_work_create();
    int hands = 0, backs = 0, gains = 0;

    cr_assert(not(eq(ptr, f, NULL)));
    while (hands < 16) {
        mjt_hand h14, h;
        uint8_t c[MJT_KINDS], red[3], seen[MJT_KINDS];
        if (!hand14(f, &rng, &h14, c, red))
            break;
        int last = MJT_KINDS - 1; /* the 13 tiles: the last kind goes */
        while (c[last] == 0)
            last--;
        h = h14;
        cr_assert(eq(int, mjt_hand_remove(&h, last), MJT_OK));
        mjt_shanten_info s;
        cr_assert(eq(int, mjt_shanten(test_tables(), &h, &s), MJT_OK));
        mjt_expect_opts x;
        situation(&rng, c, &x, seen);
        int T = 6 + (int)(next(&rng) % 6), nm = s.overall <= 2 ? 3 : 2;
        mjt_expect e[3][3]; /* [moves][riichi] */
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&h, text, sizeof text);
        for (int m = 0; m < nm; m++)
            for (int r = 0; r < 3; r++) {
                mjt_prob_opts o = opts_of(T, MJT_PROB_CURVES);
                mjt_diag d;
                o.moves = m;
                o.work = hands % 2 ? work : NULL;
                x.riichi = r;
                cr_assert(eq(int,
                             mjt_expect_hand(test_tables(), &h, NULL, &o, &x,
                                             &e[m][r], &d),
                             MJT_OK),
                          "%s: %s", text, d.message);
            }
        for (int t = 0; t < T; t++) {
            for (int m = 1; m < nm; m++)
                for (int r = 0; r < 3; r++) /* more moves */
                    cr_assert(
                        ge(dbl, e[m][r].score[t], e[m - 1][r].score[t] - 1e-9),
                        "%s %s riichi %s h %d: %.6f below %.6f", text,
                        test_moves_name(m), riichi_name(r), t + 1,
                        e[m][r].score[t], e[m - 1][r].score[t]);
            for (int m = 1; m < nm; m++) {
                const mjt_expect *b = &e[m][MJT_RIICHI_BEST],
                                 *nv = &e[m][MJT_RIICHI_NEVER],
                                 *al = &e[m][MJT_RIICHI_ALWAYS];
                cr_assert(ge(dbl, nv->score[t], 0));
                if (nv->p.win[t] == 0)
                    cr_assert(eq(dbl, nv->score[t], 0));
                cr_assert(ge(dbl, b->score[t], nv->score[t] - 1e-9));
                cr_assert(ge(dbl, b->score[t], al->score[t] - 1e-9));
            }
        }
        /* the values at T alone (a curve keeps each point at least the
         * one before it, these do not): each the curve's point, and
         * rising under best and never (every other hand: slow) */
        for (int m = 1; m < nm && hands % 2 == 0; m++)
            for (int r = hands % 4 == 0; r < 2; r += 2) {
                double before = -1e300;
                for (int T1 = 3; T1 <= T; T1 += T - 3) { /* 3 and T */
                    mjt_prob_opts o1 = opts_of(T1, 0);
                    mjt_expect one;
                    mjt_diag d;
                    o1.moves = m;
                    o1.work = work;
                    x.riichi = r;
                    cr_assert(eq(int,
                                 mjt_expect_hand(test_tables(), &h, NULL, &o1,
                                                 &x, &one, &d),
                                 MJT_OK),
                              "%s", d.message);
                    double v = one.score[T1 - 1];
                    cr_assert(same_points(v, e[m][r].score[T1 - 1]),
                              "%s %s riichi %s T %d: %.9f alone, %.9f on "
                              "the curve",
                              text, test_moves_name(m), riichi_name(r), T1, v,
                              e[m][r].score[T1 - 1]);
                    cr_assert(ge(dbl, v, before - 1e-9));
                    before = v;
                }
            }
        gains += e[1][MJT_RIICHI_BEST].score[T - 1] >
                 e[0][MJT_RIICHI_BEST].score[T - 1] + 1;
        backs += nm == 3;
        hands++;
    }
    fclose(f);
    mjt_prob_work_free(work);
    printf("expect: moves: %d hands (%d in back too), exchange above forward "
           "in %d\n",
           hands, backs, gains);
    cr_assert(eq(int, hands, 16));
    cr_assert(gt(int, backs, 8));
    cr_assert(gt(int, gains, 8));
}

/* A complete 14-tile hand's keeping rows are those that leave it tenpai
 * (its least shanten after a discard, as mjt_discards_keep says), for the
 * chances and the points alike; its other rows are NAN. */
Test(expect, a_complete_hands_keeping_rows_are_its_tenpai_rows)
{
    mjt_hand h;
    cr_assert(eq(int, mjt_hand_parse(&h, "123m456p789s11222z", 18, NULL, NULL),
                 MJT_OK));
    for (int m = MJT_FORWARD; m <= MJT_EXCHANGE; m++) {
        mjt_prob_opts o = opts_of(3, MJT_PROB_KEEPING);
        mjt_prob_row pr[MJT_MAX_DISCARDS];
        mjt_expect_row er[MJT_MAX_DISCARDS];
        size_t np, ne, tenpai = 0;
        o.moves = m;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &h, NULL, &o, pr,
                                       MJT_MAX_DISCARDS, &np, NULL),
                     MJT_OK));
        cr_assert(eq(int,
                     mjt_expect_discards(test_tables(), &h, NULL, &o, NULL, er,
                                         MJT_MAX_DISCARDS, &ne, NULL),
                     MJT_OK));
        cr_assert(eq(sz, np, ne));
        for (size_t i = 0; i < np; i++) {
            cr_assert(eq(int, isnan(pr[i].p.win[2]), pr[i].shanten != 0),
                      "%s row %s", test_moves_name(m),
                      mjt_tile_name(pr[i].tile));
            cr_assert(eq(int, isnan(er[i].e.score[2]), er[i].shanten != 0),
                      "%s row %s", test_moves_name(m),
                      mjt_tile_name(er[i].tile));
            tenpai += pr[i].shanten == 0;
        }
        cr_assert(gt(sz, tenpai, 0));
    }
}

Test(expect, refusals_say_why)
{
    mjt_hand h, h14, h3;
    mjt_expect e;
    mjt_expect_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_diag d;
    mjt_expect_opts x;
    mjt_prob_opts o = opts_of(5, 0);

    cr_assert(eq(int, mjt_hand_parse(&h, "123m456p789s1122z", 17, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int,
                 mjt_hand_parse(&h14, "123m456p789s11223z", 18, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_hand_parse(&h3, "1199m456p789s112z", 17, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_hand_set_players(&h3, 3, NULL), MJT_OK));
    mjt_expect_opts_init(&x);
    o.moves = MJT_EXCHANGE; /* answered, and says it is not exact */
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_OK));
    cr_assert(eq(int, e.p.exact, 0));
    cr_assert(eq(int, e.p.moves, MJT_EXCHANGE));
    o.extra = 0; /* exchange with no exchange is forward play */
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_OK));
    cr_assert(eq(int, e.p.exact, 1));
    cr_assert(eq(int, e.p.moves, MJT_FORWARD));
    o = opts_of(5, 0);
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h3, NULL, &o, &x, &e, &d),
                 MJT_EPLAYERS));
    cr_assert(not(eq(ptr, strstr(d.message, "four players"), NULL)), "%s",
              d.message);
    cr_assert(eq(int,
                 mjt_expect_hand(test_tables(), &h14, NULL, &o, &x, &e, &d),
                 MJT_ECOUNT));
    cr_assert(not(eq(ptr, strstr(d.message, "a hand of 3k+1 tiles"), NULL)),
              "%s", d.message);
    cr_assert(eq(int,
                 mjt_expect_discards(test_tables(), &h, NULL, &o, &x, rows,
                                     MJT_MAX_DISCARDS, &n, &d),
                 MJT_ECOUNT));
    cr_assert(not(eq(ptr, strstr(d.message, "a hand of 3k+2 tiles"), NULL)),
              "%s", d.message);
    x.riichi = 3;
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_EINVAL));
    cr_assert(
        not(eq(ptr, strstr(d.message, "riichi: best, never or always"), NULL)),
        "%s", d.message);
    mjt_expect_opts_init(&x);
    x.seat = 4;
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(d.message, "round and seat"), NULL)), "%s",
              d.message);
    mjt_expect_opts_init(&x);
    x.dora_len = 1;
    x.dora[0] = 37;
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_ETILE));
    cr_assert(not(eq(ptr, strstr(d.message, "a tile id is 0 to 36"), NULL)),
              "%s", d.message);
    x.dora[0] = 27; /* 1z: the hand holds two */
    x.dora_len = 3;
    x.dora[1] = x.dora[2] = 27;
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_ECOPIES));
    cr_assert(not(eq(ptr, strstr(d.message, "a fifth copy"), NULL)), "%s",
              d.message);
    mjt_expect_opts_init(&x);
    x.red_seen[1] = 1; /* no 5p seen */
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_EINVAL));
    cr_assert(
        not(eq(ptr,
               strstr(d.message, "red_seen: more red fives than fives seen"),
               NULL)),
        "%s", d.message);
    uint8_t vis[MJT_KINDS] = {0};
    vis[13] = 2;
    x.red_seen[1] = 2; /* one red 5p in the rules, and the hand holds 5p */
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, vis, &o, &x, &e, &d),
                 MJT_ERED));
    cr_assert(
        not(eq(ptr, strstr(d.message, "more red fives than the rules have"),
               NULL)),
        "%s", d.message);
    mjt_expect_opts_init(&x);
    x.reserved_[3] = 1;
    cr_assert(eq(int, mjt_expect_hand(test_tables(), &h, NULL, &o, &x, &e, &d),
                 MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(d.message, "the reserved bytes"), NULL)), "%s",
              d.message);
}

/* Two answers the same to the bit, field by field (their padding aside). */
static int same_expect(const mjt_expect *a, const mjt_expect *b)
{
    return a->p.draws == b->p.draws && a->p.moves == b->p.moves &&
           a->p.exact == b->p.exact && a->p.shanten == b->p.shanten &&
           a->riichi == b->riichi &&
           !memcmp(a->p.tenpai, b->p.tenpai, sizeof a->p.tenpai) &&
           !memcmp(a->p.win, b->p.win, sizeof a->p.win) &&
           !memcmp(a->score, b->score, sizeof a->score);
}

/* The wall model's budget and cancel flag stop an expected-score question
 * too, and a workspace carries nothing from one question to the next:
 * expected points, chances, then expected points again, equal to fresh
 * answers. */
/* What a workspace's wall holds, in bytes, as the budget counts it. */
static size_t held_bytes(const wall *w)
{
    const warr *a[] = {&w->nodes, &w->edges, &w->draws_, &w->kids, &w->memo};
    size_t b = (w->node_map.n + w->draw_map.n + w->memo_map.n) * sizeof(wslot);
    for (size_t i = 0; i < sizeof a / sizeof *a; i++)
        b += a[i]->cap * a[i]->size;
    return b + (w->nq + w->nval) * sizeof(double);
}

/* After every question, answered or stopped by its budget anywhere, a
 * workspace counts exactly what it holds, and holds no question's part:
 * hands and tables (back's in two graphs), in every move set. */
Test(expect, a_workspace_counts_what_it_holds, .timeout = 600)
{
    static const char *const hands[] = {
        "406m33567p2234s7z", "123m456p789s1122z", "2344m567p588s,666z",
        "406m33567p22346s7z"};
    mjt_prob_work *work = mjt_prob_work_create();
    int stopped = 0, answered = 0;

    for (int i = 0; i < 4; i++) {
        mjt_hand h;
        cr_assert(eq(int,
                     mjt_hand_parse(&h, hands[i], strlen(hands[i]), NULL, NULL),
                     MJT_OK));
        for (int m = MJT_FORWARD; m <= MJT_BACK; m++)
            for (size_t mem = 20000; mem <= (size_t)64 << 20; mem *= 3) {
                mjt_prob_opts o = opts_of(4, MJT_PROB_CURVES);
                mjt_expect_row rows[MJT_MAX_DISCARDS];
                mjt_expect e;
                size_t n;
                o.moves = m;
                o.extra = 2;
                o.memory = mem;
                o.work = work;
                int rc =
                    i == 3
                        ? mjt_expect_discards(test_tables(), &h, NULL, &o, NULL,
                                              rows, MJT_MAX_DISCARDS, &n, NULL)
                        : mjt_expect_hand(test_tables(), &h, NULL, &o, NULL, &e,
                                          NULL);
                cr_assert(rc == MJT_OK || rc == MJT_EBUDGET, "%s: %d", hands[i],
                          rc);
                cr_assert(eq(sz, work->w.used, held_bytes(&work->w)),
                          "%s moves %s memory %zu: counts %zu, holds %zu",
                          hands[i], test_moves_name(m), mem, work->w.used,
                          held_bytes(&work->w));
                cr_assert(eq(ptr, work->w.ev, NULL));
                stopped += rc != MJT_OK;
                answered += rc == MJT_OK;
            }
    }
    mjt_prob_work_free(work);
    cr_assert(gt(int, stopped, 20));
    cr_assert(gt(int, answered, 20));
}

Test(expect, budgets_cancel_and_workspace)
{
    mjt_hand deep, h14, h13;
    mjt_expect_row rows[MJT_MAX_DISCARDS], again[MJT_MAX_DISCARDS];
    mjt_prob_row prows[MJT_MAX_DISCARDS];
    mjt_expect e, e2;
    size_t n, n2;
    mjt_diag d;
    mjt_prob_opts o = opts_of(17, 0);
    volatile int stop = 1;

    mjt_hand_parse(&deep, "148m23458p345s237z", 18, NULL, NULL);
    o.memory = 100000;
    cr_assert(eq(int,
                 mjt_expect_discards(test_tables(), &deep, NULL, &o, NULL, rows,
                                     MJT_MAX_DISCARDS, &n, &d),
                 MJT_EBUDGET));
    cr_assert(not(eq(ptr, strstr(d.message, "over the memory budget"), NULL)),
              "%s", d.message);
    o.memory = 0;
    o.cancel = &stop;
    cr_assert(eq(int,
                 mjt_expect_discards(test_tables(), &deep, NULL, &o, NULL, rows,
                                     MJT_MAX_DISCARDS, &n, &d),
                 MJT_ECANCELED));
    o.cancel = NULL;

    mjt_hand_parse(&h14, "406m33567p22346s7z", 18, NULL, NULL);
    mjt_hand_parse(&h13, "406m33567p2234s7z", 17, NULL, NULL);
    mjt_expect_opts x;
    mjt_expect_opts_init(&x);
    x.dora_len = 1;
    x.dora[0] = 21; /* 4s */
    o.flags = MJT_PROB_CURVES;
    cr_assert(eq(int,
                 mjt_expect_discards(test_tables(), &h14, NULL, &o, &x, rows,
                                     MJT_MAX_DISCARDS, &n, &d),
                 MJT_OK));
    cr_assert(eq(int,
                 mjt_expect_hand(test_tables(), &h13, NULL, &o, &x, &e, &d),
                 MJT_OK));
    mjt_prob_work *work = mjt_prob_work_create();
    o.work = work;
    for (int round = 0; round < 2; round++) {
        cr_assert(eq(int,
                     mjt_expect_discards(test_tables(), &h14, NULL, &o, &x,
                                         again, MJT_MAX_DISCARDS, &n2, &d),
                     MJT_OK));
        cr_assert(eq(int, n2, n));
        for (size_t i = 0; i < n; i++)
            cr_assert(again[i].tile == rows[i].tile &&
                      again[i].count == rows[i].count &&
                      same_expect(&again[i].e, &rows[i].e));
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &deep, NULL, &o, prows,
                                       MJT_MAX_DISCARDS, &n2, &d),
                     MJT_OK));
        cr_assert(
            eq(int, mjt_expect_hand(test_tables(), &h13, NULL, &o, &x, &e2, &d),
               MJT_OK));
        cr_assert(same_expect(&e2, &e));
    }
    mjt_prob_work_free(work);
}
