/* SPDX-License-Identifier: MIT */
/*
 * The wall model (mjt_prob_hand, mjt_prob_discards) against what can be
 * known without it: the closed form of a tenpai hand in forward play,
 * exhaustively over ara's hands; the brute force of every draw order in
 * small worlds (brute_wall.c, written apart from the engine), and on
 * tables dealt from the full wall of four players and of three; and the
 * invariants any right answer keeps on random hands.  The refusals, the
 * budgets and the workspaces are test_wall_budget.c's, the Monte Carlo of
 * the real game test_wall_mc.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "brute_wall.h"
#include "helpers.h"
#include "mjt.h"
#include "wall_test.h"

/* ==== Closed form ==== */

/* A tenpai hand in forward play wins by draw t with probability
 * 1 - C(W - k, t) / C(W, t): every tenpai 13-tile hand one discard makes
 * from ara's 14-tile hands, every t to 17.  The product is taken here in
 * long double, apart from the engine's table. */
Test(wall, tenpai_hands_follow_the_closed_form, .timeout = 600)
{
    static const char *const sets[] = {"normal", "hon", "tin", "koku"};
    mjt_prob_opts o = opts_of(17, MJT_FORWARD, MJT_PROB_CURVES);
    mjt_prob_work *work = mjt_prob_work_create();
    long checked = 0;

    o.work = work;
    for (int s = 0; s < 4; s++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/ara/p_%s_10000.txt", sets[s]);
        FILE *f = fopen(path, "r");
        uint8_t c[MJT_KINDS];
        cr_assert(not(eq(ptr, f, NULL)), "%s", path);
        while (test_ara_hand(f, c)) {
            for (int d = 0; d < MJT_KINDS; d++) {
                if (c[d] == 0)
                    continue;
                mjt_hand h;
                mjt_ukeire_info u;
                mjt_prob p;
                c[d]--;
                cr_assert(
                    eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
                cr_assert(
                    eq(int, mjt_ukeire(test_tables(), &h, NULL, &u), MJT_OK));
                if (u.shanten == 0) {
                    int W = 136 - 13, k = u.count;
                    cr_assert(
                        eq(int,
                           mjt_prob_hand(test_tables(), &h, NULL, &o, &p, NULL),
                           MJT_OK));
                    cr_assert(eq(int, p.exact, 1));
                    long double miss = 1;
                    for (int t = 1; t <= 17; t++) {
                        miss *= (long double)(W - k - (t - 1)) / (W - (t - 1));
                        double want = (double)(1 - miss);
                        cr_assert(lt(dbl, fabs(p.win[t - 1] - want), 1e-12),
                                  "hand %d set %s t %d: %.15f want %.15f",
                                  (int)checked, sets[s], t, p.win[t - 1], want);
                        cr_assert(eq(dbl, p.tenpai[t - 1], 1.0));
                    }
                    checked++;
                }
                c[d]++;
            }
        }
        fclose(f);
    }
    mjt_prob_work_free(work);
    cr_log_info("closed form: %ld tenpai hands", checked);
    cr_assert(gt(long, checked, 10000));
}

/* The case: 144588m345p123s35z, discard 5m: tenpai within 17
 * draws with 0.554 (a tool that lets discards come back says 0.639). */
Test(wall, a_known_row)
{
    mjt_hand h;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_prob_opts o = opts_of(17, MJT_FORWARD, 0);

    cr_assert(eq(int, mjt_hand_parse(&h, "144588m345p123s35z", 18, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, NULL),
                 MJT_OK));
    for (size_t i = 0; i < n; i++)
        if (rows[i].tile == 4) {
            cr_assert(lt(dbl, fabs(rows[i].p.tenpai[16] - 0.554), 0.0005), "%f",
                      rows[i].p.tenpai[16]);
            cr_assert(eq(int, rows[i].shanten, 2));
            return;
        }
    cr_assert(0, "no row for 5m");
}

/* ==== Small worlds, against every draw order ==== */

/* A small world: the kinds of the manzu (and with honors, 1z-3z), a wall
 * of W of their tiles, a hand of n of them and (13 - n) / 3 calls from
 * outside the world; the engine is told every other tile is seen. */
typedef struct world {
    mjt_hand hand;
    uint8_t wall[MJT_KINDS], seen[MJT_KINDS];
    int W, n;
} world;

static int world_of(uint64_t *rng, int n, int honors, world *x)
{
    static const mjt_call calls[3] = {{MJT_RUN, 9, 0, MJT_FROM_LEFT},
                                      {MJT_RUN, 21, 0, MJT_FROM_LEFT},
                                      {MJT_TRIPLET, 33, 0, MJT_FROM_ACROSS}};
    int kinds[12], nk = 0;
    uint8_t c[MJT_KINDS] = {0}, all[MJT_KINDS];

    for (int k = 0; k < 9; k++)
        kinds[nk++] = k;
    for (int k = 0; k < honors; k++)
        kinds[nk++] = 27 + k;
    memset(x, 0, sizeof *x);
    x->n = n;
    for (int i = 0; i < n; i++) {
        int k;
        do {
            *rng = *rng * 6364136223846793005u + 1442695040888963407u;
            k = kinds[(*rng >> 33) % (uint64_t)nk];
        } while (c[k] == 4);
        c[k]++;
    }
    if (mjt_hand_from_calls(&x->hand, c, calls, (size_t)(13 - n) / 3, NULL,
                            NULL) != MJT_OK)
        return 0;
    x->W = 10 + (int)((*rng >> 40) % 16);
    for (int i = 0, tries = 0; i < x->W && tries < 1000; tries++) {
        *rng = *rng * 6364136223846793005u + 1442695040888963407u;
        int k = kinds[(*rng >> 33) % (uint64_t)nk];
        if (c[k] + x->wall[k] < 4)
            x->wall[k]++, i++;
    }
    x->W = 0;
    mjt_hand_held(&x->hand, all);
    for (int k = 0; k < MJT_KINDS; k++) {
        x->W += x->wall[k];
        x->seen[k] = (uint8_t)(4 - all[k] - x->wall[k]);
    }
    return 1;
}

/* The engine against brute_wall: equal to the truth in forward play, to
 * the forgetful wall's bound (from its definition) in exchange and back,
 * and that bound never below the truth, the error recorded.  (Even in
 * forward play the bound is not the truth: a kept draw can be worth less
 * than the hand before it, and the bound's best wall then holds fewer of
 * it than the real wall, whose counts of effective kinds are exact.) */
Test(exhaustive, wall_small_worlds_against_every_draw_order, .timeout = 1200)
{
    uint64_t rng = 20261125;
    int checked[3] = {0, 0, 0};
    double worst[3] = {0, 0, 0};
    mjt_prob_work *work = mjt_prob_work_create();

    for (int i = 0; i < 3600; i++) {
        world x;
        int n = (int[]){4, 7, 10}[i % 3];
        int moves = i % 12 < 10    ? MJT_FORWARD
                    : i % 12 == 10 ? MJT_EXCHANGE
                                   : MJT_BACK;
        if (!world_of(&rng, n, (i / 3) % 4, &x))
            continue;
        mjt_shanten_info s;
        mjt_shanten(test_tables(), &x.hand, &s);
        int T = 2 + (i / 7) % 5;
        if (T > x.W)
            T = x.W;
        /* K exchanges: 2 in a third of exchange's worlds (the brute force
         * of back at K = 2 is too slow for make test), else 1 */
        int K = 1 + (moves == MJT_EXCHANGE && (i / 12) % 3 == 0);
        brute_wall_q q = {test_tables(), x.hand, {0},           T,
                          moves,         K,      s.overall + 1, 0};
        memcpy(q.wall, x.wall, sizeof q.wall);
        double bt[8], bw[8], ft[8] = {0}, fw[8] = {0};
        if (brute_wall(&q, bt, bw) != 0)
            continue;
        /* The forgetful wall's bound from its definition: what the engine
         * computes in exchange and back. */
        q.forgetful = 1;
        if (moves != MJT_FORWARD)
            cr_assert(eq(int, brute_wall(&q, ft, fw), 0));
        mjt_prob p;
        mjt_prob_opts o = opts_of(T, moves, MJT_PROB_CURVES);
        mjt_diag d;
        o.work = work;
        o.extra = K;
        cr_assert(eq(int,
                     mjt_prob_hand(test_tables(), &x.hand, x.seen, &o, &p, &d),
                     MJT_OK),
                  "%s", d.message);
        for (int h = 0; h < T; h++) {
            double et = p.tenpai[h] - bt[h], ew = p.win[h] - bw[h];
            char text[MJT_HAND_TEXT];
            mjt_hand_format(&x.hand, text, sizeof text);
            double ref_t = moves == MJT_FORWARD ? bt[h] : ft[h];
            double ref_w = moves == MJT_FORWARD ? bw[h] : fw[h];
            cr_assert(lt(dbl, fabs(p.tenpai[h] - ref_t), 1e-12),
                      "%s %s W %d h %d tenpai: engine %.15f, the %s %.15f",
                      text, test_moves_name(moves), x.W, h + 1, p.tenpai[h],
                      moves == MJT_FORWARD ? "truth" : "forgetful wall", ref_t);
            cr_assert(lt(dbl, fabs(p.win[h] - ref_w), 1e-12),
                      "%s %s W %d h %d win: engine %.15f, the %s %.15f", text,
                      test_moves_name(moves), x.W, h + 1, p.win[h],
                      moves == MJT_FORWARD ? "truth" : "forgetful wall", ref_w);
            if (moves != MJT_FORWARD) {
                cr_assert(gt(dbl, et, -1e-12),
                          "%s %s h %d tenpai below the truth: %.15f < %.15f",
                          text, test_moves_name(moves), h + 1, p.tenpai[h],
                          bt[h]);
                cr_assert(gt(dbl, ew, -1e-12),
                          "%s %s h %d win below the truth: %.15f < %.15f "
                          "wall %d%d%d%d%d%d%d%d%d/%d%d%d",
                          text, test_moves_name(moves), h + 1, p.win[h], bw[h],
                          x.wall[0], x.wall[1], x.wall[2], x.wall[3], x.wall[4],
                          x.wall[5], x.wall[6], x.wall[7], x.wall[8],
                          x.wall[27], x.wall[28], x.wall[29]);
            }
            if (fabs(et) > worst[moves])
                worst[moves] = fabs(et);
            if (fabs(ew) > worst[moves])
                worst[moves] = fabs(ew);
        }
        checked[moves]++;
    }
    mjt_prob_work_free(work);
    printf("wall: small worlds: %d forward (worst %.1e), %d exchange (the "
           "forgetful wall at most %.4f above the truth), %d back (%.4f)\n",
           checked[0], worst[0], checked[1], worst[1], checked[2], worst[2]);
    cr_assert(gt(int, checked[0], 2000));
    cr_assert(gt(int, checked[1], 100));
    cr_assert(gt(int, checked[2], 100));
}

/* ==== Invariants ==== */

/* Curves in [0, 1], nondecreasing, win below tenpai; each point the
 * optimum of its own horizon, so the T = 17 curve's point h is the T = h
 * question's last point; the values at T alone are the curve's last. */
Test(wall, curves_keep_their_invariants, .timeout = 600)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();

    cr_assert(eq(int, mjt_dealer_init(&d, 91, NULL, 0), MJT_OK));
    for (int i = 0; i < 60; i++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_prob p, q;
        mjt_prob_opts o = opts_of(12, MJT_FORWARD, MJT_PROB_CURVES);
        mjt_shanten_info s;
        o.work = work;
        random_question(&d, 13, &h, seen);
        mjt_shanten(test_tables(), &h, &s);
        if (s.overall > 3)
            continue; /* keep the test quick */
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &p, NULL),
                     MJT_OK));
        for (int k = 0; k < 12; k++) {
            cr_assert(ge(dbl, p.tenpai[k], 0.0));
            cr_assert(le(dbl, p.tenpai[k], 1.0));
            cr_assert(le(dbl, p.win[k], p.tenpai[k] + 1e-12));
            if (k > 0) {
                cr_assert(ge(dbl, p.tenpai[k], p.tenpai[k - 1]));
                cr_assert(ge(dbl, p.win[k], p.win[k - 1]));
            }
        }
        int hh = 1 + i % 12;
        o.draws = hh;
        o.flags = 0;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &q, NULL),
                     MJT_OK));
        cr_assert(lt(dbl, fabs(q.tenpai[hh - 1] - p.tenpai[hh - 1]), 1e-12));
        cr_assert(lt(dbl, fabs(q.win[hh - 1] - p.win[hh - 1]), 1e-12));
        if (hh > 1)
            cr_assert(isnan(q.win[0]), "only the value at T");
        /* exchange never below forward, back never below exchange */
        o.draws = 8;
        mjt_prob f, x, b;
        o.moves = MJT_FORWARD;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &f, NULL),
                     MJT_OK));
        o.moves = MJT_EXCHANGE;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &x, NULL),
                     MJT_OK));
        cr_assert(eq(int, x.exact, 0));
        o.moves = MJT_BACK;
        if (s.overall <= 2)
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &b, NULL),
                         MJT_OK));
        else
            b = x;
        cr_assert(ge(dbl, x.win[7], f.win[7] - 1e-12));
        cr_assert(ge(dbl, x.tenpai[7], f.tenpai[7] - 1e-12));
        cr_assert(ge(dbl, b.win[7], x.win[7] - 1e-12));
        cr_assert(ge(dbl, b.tenpai[7], x.tenpai[7] - 1e-12));
    }
    mjt_prob_work_free(work);
}

/* With K = 0 there is no exchange to make: exchange and back are forward
 * play, and answer as it does, bit for bit, exact, saying so (the
 * forgetful wall's bound is no answer there: it is above forward play's
 * on some of these hands), for 13 tiles and for every row of 14. */
Test(wall, no_exchange_is_forward_play, .timeout = 600)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();
    int rows = 0;

    cr_assert(eq(int, mjt_dealer_init(&d, 92, NULL, 0), MJT_OK));
    for (int i = 0; i < 400; i++) {
        int n = i % 2 ? 14 : 13, moves = i % 4 < 2 ? MJT_EXCHANGE : MJT_BACK;
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_shanten_info s;
        random_question(&d, n, &h, seen);
        mjt_shanten(test_tables(), &h, &s);
        if (s.overall > 2)
            continue; /* keep the test quick */
        mjt_prob_opts f = opts_of(17, MJT_FORWARD, MJT_PROB_CURVES);
        mjt_prob_opts x = opts_of(17, moves, MJT_PROB_CURVES);
        f.work = work;
        x.extra = 0;
        mjt_prob_row a[MJT_MAX_DISCARDS], b[MJT_MAX_DISCARDS];
        size_t na = 1, nb = 1;
        if (n == 13) {
            cr_assert(eq(
                int, mjt_prob_hand(test_tables(), &h, seen, &f, &a[0].p, NULL),
                MJT_OK));
            cr_assert(eq(
                int, mjt_prob_hand(test_tables(), &h, seen, &x, &b[0].p, NULL),
                MJT_OK));
        } else {
            cr_assert(eq(int,
                         mjt_prob_discards(test_tables(), &h, seen, &f, a,
                                           MJT_MAX_DISCARDS, &na, NULL),
                         MJT_OK));
            cr_assert(eq(int,
                         mjt_prob_discards(test_tables(), &h, seen, &x, b,
                                           MJT_MAX_DISCARDS, &nb, NULL),
                         MJT_OK));
        }
        cr_assert(eq(sz, na, nb));
        for (size_t r = 0; r < na; r++, rows++) {
            char text[MJT_HAND_TEXT];
            mjt_hand_format(&h, text, sizeof text);
            cr_assert(eq(int, b[r].p.moves, MJT_FORWARD), "%s", text);
            cr_assert(eq(int, b[r].p.exact, 1), "%s", text);
            if (n == 14)
                cr_assert(eq(int, a[r].tile, b[r].tile), "%s row %zu", text, r);
            cr_assert(
                eq(int,
                   memcmp(a[r].p.tenpai, b[r].p.tenpai, sizeof a[r].p.tenpai),
                   0),
                "%s row %zu: tenpai", text, r);
            cr_assert(
                eq(int, memcmp(a[r].p.win, b[r].p.win, sizeof a[r].p.win), 0),
                "%s row %zu: win", text, r);
        }
    }
    mjt_prob_work_free(work);
    cr_assert(gt(int, rows, 300));
}

/* In forward play a tile seen that is no effective tile only takes a tile
 * out of the wall: neither chance falls. */
Test(wall, seeing_a_useless_tile_never_hurts, .timeout = 600)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();
    int tried = 0;

    cr_assert(eq(int, mjt_dealer_init(&d, 92, NULL, 0), MJT_OK));
    while (tried < 60) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS], all[MJT_KINDS];
        mjt_prob a, b;
        mjt_ukeire_info u;
        mjt_prob_opts o = opts_of(17, MJT_FORWARD, 0);
        o.work = work;
        random_question(&d, 13, &h, seen);
        mjt_ukeire(test_tables(), &h, NULL, &u);
        if (u.shanten > 2)
            continue;
        mjt_hand_held(&h, all);
        int k;
        for (k = tried % MJT_KINDS; k < MJT_KINDS; k++)
            if (!(u.tiles >> k & 1) && all[k] + seen[k] < 4)
                break;
        if (k == MJT_KINDS)
            continue;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &a, NULL),
                     MJT_OK));
        seen[k]++;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &b, NULL),
                     MJT_OK));
        cr_assert(ge(dbl, b.win[16], a.win[16] - 1e-12));
        cr_assert(ge(dbl, b.tenpai[16], a.tenpai[16] - 1e-12));
        tried++;
    }
    mjt_prob_work_free(work);
}

/* Each row of a 14-tile table is a 13-tile hand and the wall its question
 * leaves, so its first three points are brute_wall.c's, playing out every
 * order of three draws on that wall (a curve's point is its own optimum:
 * asked at T = 17, its first three are those of T = 3).  Every row of
 * `want` tables of hands dealt at 1 and 2 shanten under `players`, a
 * third of them with calls, with another deal's pairs seen (a tile or
 * two, or none) or all its tiles (about a dozen); and on every fourth
 * table (a dozen seen) exchange play's first two points, against the
 * forgetful wall's bound from its definition.  The small worlds above
 * hold no dealt hand; this goes no further than the third draw.  Returns
 * the rows played in exchange. */
static int dealt_tables(uint64_t seed, int players, int want)
{
    mjt_dealer d;
    mjt_rules rules;
    int tables = 0, rows = 0, called = 0, exchanged = 0;

    mjt_rules_init(&rules, players);
    cr_assert(eq(int, mjt_dealer_init(&d, seed, &rules, 0), MJT_OK));
    while (tables < want) {
        mjt_tiles x, more;
        mjt_hand h;
        mjt_call calls[2];
        mjt_shanten_info s;
        uint8_t conc[MJT_KINDS], seen[MJT_KINDS];
        cr_assert(eq(int, mjt_deal(&d, 14, &x), MJT_OK));
        cr_assert(eq(int, mjt_deal(&d, 14, &more), MJT_OK));
        memcpy(conc, x.counts, sizeof conc);
        size_t nc =
            tables % 3 == 2 ? test_take_calls(conc, 2, calls, players) : 0;
        cr_assert(eq(int,
                     mjt_hand_from_calls(&h, conc, calls, nc, &rules, NULL),
                     MJT_OK));
        cr_assert(eq(int, mjt_shanten(test_tables(), &h, &s), MJT_OK));
        if (s.overall < 1 || s.overall > 2 || (tables % 3 == 2 && nc == 0))
            continue;
        /* another deal's pairs seen, or all its tiles */
        test_seen_of(x.counts, more.counts, 1 + tables % 2, seen);
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&h, text, sizeof text);
        /* forward play at T = 17, and on every fourth table exchange
         * (K = 1, T = 5) against the forgetful wall's bound, two draws */
        for (int moves = MJT_FORWARD; moves <= MJT_EXCHANGE;
             moves += tables % 4 == 0 ? 1 : 2) {
            int T = moves == MJT_FORWARD ? 3 : 2;
            mjt_prob_opts o =
                opts_of(moves == MJT_FORWARD ? 17 : 5, moves, MJT_PROB_CURVES);
            mjt_prob_row r[MJT_MAX_DISCARDS];
            size_t n;
            cr_assert(eq(int,
                         mjt_prob_discards(test_tables(), &h, seen, &o, r,
                                           MJT_MAX_DISCARDS, &n, NULL),
                         MJT_OK));
            for (size_t i = 0; i < n; i++) {
                brute_wall_q q = {test_tables(),
                                  h,
                                  {0},
                                  T,
                                  moves,
                                  moves != MJT_FORWARD,
                                  0,
                                  moves != MJT_FORWARD};
                double ten[3], win[3];
                cr_assert(eq(int, mjt_hand_remove(&q.hand, r[i].tile), MJT_OK));
                /* the dealer's wall: three players have no 2m to 8m */
                for (int k = 0; k < MJT_KINDS; k++)
                    q.wall[k] = players == 3 && k >= 1 && k <= 7
                                    ? 0
                                    : (uint8_t)(4 - x.counts[k] - seen[k]);
                cr_assert(eq(int, brute_wall(&q, ten, win), 0));
                for (int t = 0; t < T; t++)
                    cr_assert(
                        all(lt(dbl, fabs(r[i].p.tenpai[t] - ten[t]), 1e-12),
                            lt(dbl, fabs(r[i].p.win[t] - win[t]), 1e-12)),
                        "%s (%d players, %s) row %s, h = %d: tenpai %.15f "
                        "(every order %.15f), win %.15f (%.15f)",
                        text, players, test_moves_name(moves),
                        mjt_tile_name(r[i].tile), t + 1, r[i].p.tenpai[t],
                        ten[t], r[i].p.win[t], win[t]);
                rows += moves == MJT_FORWARD;
                exchanged += moves != MJT_FORWARD;
            }
        }
        tables++;
        called += nc > 0;
    }
    printf("wall: dealt tables of %d players: %d rows of %d tables (%d with "
           "calls), three draws played out; %d rows in exchange play, two\n",
           players, rows, tables, called, exchanged);
    cr_assert(eq(int, called, want / 3));
    return exchanged;
}

Test(wall, dealt_tables_against_every_draw_order, .timeout = 600)
{
    cr_assert(ge(int, dealt_tables(20261130, 4, 120), 250));
}

/* Three players: the wall holds no 2m to 8m, the manzu forms no run (and
 * the graph's relabellings never move it among the suits), and the calls
 * are triplets, as the game has no chi. */
Test(wall, three_player_tables_against_every_draw_order, .timeout = 600)
{
    cr_assert(ge(int, dealt_tables(20261201, 3, 60), 120));
}

/* A 14-tile table's row is the 13-tile answer for the hand after its
 * discard, the discard counted as seen; the rows are ranked by win at T,
 * then tenpai, then tile order. */
Test(wall, rows_are_the_hands_after_each_discard, .timeout = 600)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();

    cr_assert(eq(int, mjt_dealer_init(&d, 93, NULL, MJT_DEAL_RED), MJT_OK));
    for (int i = 0; i < 30; i++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_prob_row rows[MJT_MAX_DISCARDS];
        mjt_shanten_info s;
        size_t n;
        mjt_prob_opts o = opts_of(10, i % 3 == 2 ? MJT_EXCHANGE : MJT_FORWARD,
                                  MJT_PROB_CURVES);
        o.work = work;
        random_question(&d, 14, &h, seen);
        mjt_shanten(test_tables(), &h, &s);
        if (s.overall > 2)
            continue;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &h, seen, &o, rows,
                                       MJT_MAX_DISCARDS, &n, NULL),
                     MJT_OK));
        for (size_t j = 0; j < n; j++) {
            mjt_hand r = h;
            mjt_prob p;
            int kind = MJT_KIND_OF(rows[j].tile);
            cr_assert(eq(int, mjt_hand_remove(&r, rows[j].tile), MJT_OK));
            seen[kind]++;
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &r, seen, &o, &p, NULL),
                         MJT_OK));
            seen[kind]--;
            same_curves(&rows[j].p, &p, 10, mjt_tile_name(rows[j].tile));
            if (j > 0) {
                double dw = rows[j - 1].p.win[9] - rows[j].p.win[9];
                cr_assert(gt(dbl, dw, -1e-12), "ranked by win");
            }
        }
    }
    mjt_prob_work_free(work);
}
