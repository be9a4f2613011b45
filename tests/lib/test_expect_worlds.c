/* SPDX-License-Identifier: MIT */
/*
 * Expected score (mjt_expect_hand, mjt_expect_discards) against the
 * brute force of every draw order (brute_expect.c, written apart from the
 * engine): in small worlds, forward play exactly, and exchange and back
 * on the forgetful wall, which must bound the true game from above; and
 * on tables dealt from the full wall, two or three draws deep.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "brute_expect.h"
#include "expect.h"
#include "helpers.h"
#include "mjt.h"

/* ==== Small worlds, against every draw order ==== */

/* A small world: the kinds of the manzu (and with honors, 1z-3z), a wall
 * of W of their tiles, a hand of n of them and (13 - n) / 3 calls from
 * outside the world (open ones, or closed quads), the red 5m somewhere;
 * the engine is told every other tile is seen, up to two of them dora
 * indicators.  With three set, the kinds are 4-6 of each suit instead,
 * the calls honors, and each suit's red five is held, in the wall or
 * seen. */
typedef struct world {
    mjt_hand hand;
    brute_expect_q q;
    uint8_t visible[MJT_KINDS];
    mjt_expect_opts x;
    int W;
} world;

static int world_of(uint64_t *rng, int n, int honors, int closed, int three,
                    world *w)
{
    static const mjt_call open[3] = {{MJT_RUN, 9, 0, MJT_FROM_LEFT},
                                     {MJT_RUN, 21, 0, MJT_FROM_LEFT},
                                     {MJT_TRIPLET, 33, 0, MJT_FROM_ACROSS}};
    static const mjt_call quads[3] = {{MJT_CLOSED_QUAD, 33, 0, 0},
                                      {MJT_CLOSED_QUAD, 17, 0, 0},
                                      {MJT_CLOSED_QUAD, 26, 0, 0}};
    static const mjt_call open3[3] = {{MJT_TRIPLET, 27, 0, MJT_FROM_ACROSS},
                                      {MJT_TRIPLET, 28, 0, MJT_FROM_ACROSS},
                                      {MJT_TRIPLET, 33, 0, MJT_FROM_ACROSS}};
    static const mjt_call quads3[3] = {{MJT_CLOSED_QUAD, 27, 0, 0},
                                       {MJT_CLOSED_QUAD, 28, 0, 0},
                                       {MJT_CLOSED_QUAD, 33, 0, 0}};
    int kinds[12], nk = 0;
    uint8_t c[MJT_KINDS] = {0}, all[MJT_KINDS], seen[MJT_KINDS];
    brute_expect_q *q = &w->q;

    for (int k = 0; k < 9; k++)
        kinds[nk++] = three ? 9 * (k / 3) + 3 + k % 3 : k;
    for (int k = 0; k < honors && !three; k++)
        kinds[nk++] = 27 + k;
    memset(w, 0, sizeof *w);
    for (int i = 0; i < n; i++) {
        int k;
        do
            k = kinds[next(rng) % (uint64_t)nk];
        while (c[k] == 4);
        c[k]++;
    }
    q->ncalls = (size_t)(13 - n) / 3;
    memcpy(q->calls,
           three ? (closed ? quads3 : open3) : (closed ? quads : open),
           sizeof open);
    mjt_hand plain;
    if (mjt_hand_from_calls(&plain, c, q->calls, q->ncalls, NULL, NULL) !=
        MJT_OK)
        return 0;
    int target = 10 + (int)(next(rng) % 16);
    for (int i = 0, tries = 0; i < target && tries < 1000; tries++) {
        int k = kinds[next(rng) % (uint64_t)nk];
        if (c[k] + q->wall[k] < 4)
            q->wall[k]++, i++;
    }
    mjt_hand_held(&plain, all);
    for (int k = 0; k < MJT_KINDS; k++) {
        w->W += q->wall[k];
        seen[k] = (uint8_t)(4 - all[k] - q->wall[k]);
    }
    /* a red five: held, in the wall, or seen; the other reds are seen */
    memcpy(q->hand.counts, c, sizeof c);
    q->hand.len = (uint8_t)n;
    w->hand = plain;
    mjt_expect_opts_init(&w->x);
    for (int s = 0; s < 3; s++) {
        int f = 9 * s + 4;
        if (s > 0 && !three) {
            w->x.red_seen[s] = 1;
            continue;
        }
        int coin = (int)(next(rng) % 3);
        if (c[f] > 0 && (coin == 0 || (seen[f] == 0 && q->wall[f] == 0)))
            q->hand.red[s] = 1;
        else if (q->wall[f] > 0 && (coin == 1 || seen[f] == 0))
            q->wall_red[s] = 1;
        else
            w->x.red_seen[s] = 1;
        if (q->hand.red[s] &&
            (mjt_hand_add(&w->hand, MJT_RED_5M + s) != MJT_OK ||
             mjt_hand_remove(&w->hand, f) != MJT_OK))
            return 0;
    }
    w->x.riichi = (int)(next(rng) % 3);
    w->x.round = (uint8_t)(next(rng) % 4);
    w->x.seat = (uint8_t)(next(rng) % 4);
    w->x.last = (uint8_t)(next(rng) % 3 == 0);
    memcpy(w->visible, seen, sizeof seen);
    for (int i = (int)(next(rng) % 3); i > 0; i--) {
        int k = (int)(next(rng) % MJT_KINDS);
        int red_seen = k < 27 && k % 9 == 4 && w->x.red_seen[k / 9];
        if (w->visible[k] > 0 && !(red_seen && w->visible[k] == 1)) {
            w->visible[k]--;
            w->x.dora[w->x.dora_len++] = (uint8_t)k;
        }
    }
    memcpy(q->unseen, q->wall, sizeof q->unseen);
    q->riichi = w->x.riichi;
    mjt_win_init(&q->win);
    q->win.round = w->x.round;
    q->win.seat = w->x.seat;
    q->win.dora_len = w->x.dora_len;
    memcpy(q->win.dora, w->x.dora, sizeof q->win.dora);
    return 1;
}

/* The engine against brute_expect: the same expectation at every point
 * of the curve, in every riichi choice, open and closed hands, red fives
 * held, drawn and seen. */
Test(expect, small_worlds_against_every_draw_order, .timeout = 1200)
{
    uint64_t rng = 20261127;
    int checked = 0, riichi_worlds = 0;
    double worst = 0;
    mjt_prob_work *work = mjt_prob_work_create();

    for (int i = 0; i < 900; i++) {
        world w;
        int n = (int[]){4, 7, 10, 13}[i % 4];
        if (!world_of(&rng, n, (i / 4) % 4, (i / 16) % 2, 0, &w))
            continue;
        int T = 2 + (i / 5) % 4;
        if (T > w.W)
            T = w.W;
        w.q.t = test_tables();
        w.q.draws = T;
        w.q.last = w.x.last || T == w.W;
        double want[8];
        if (brute_expect(&w.q, want) != 0)
            continue;
        mjt_prob_opts o = opts_of(T, MJT_PROB_CURVES);
        mjt_expect e;
        mjt_diag d;
        o.work = work;
        cr_assert(eq(int,
                     mjt_expect_hand(test_tables(), &w.hand, w.visible, &o,
                                     &w.x, &e, &d),
                     MJT_OK),
                  "%s", d.message);
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&w.hand, text, sizeof text);
        for (int h = 0; h < T; h++) {
            cr_assert(same_points(e.score[h], want[h]),
                      "%s riichi %s round %d seat %d dora %d last %d W %d "
                      "h %d: engine %.12f, every draw order %.12f",
                      text, riichi_name(w.x.riichi), w.x.round, w.x.seat,
                      w.x.dora_len, w.q.last, w.W, h + 1, e.score[h], want[h]);
            double err = fabs(e.score[h] - want[h]);
            worst = err > worst ? err : worst;
        }
        checked++;
        riichi_worlds += n == 13 || (i / 16) % 2;
    }
    mjt_prob_work_free(work);
    printf("expect: small worlds: %d (%d closed), worst %.1e points\n", checked,
           riichi_worlds, worst);
    cr_assert(gt(int, checked, 500));
}

/* Each row of a 14-tile table in a small world against every draw order:
 * the world's hand with one tile of its wall drawn (a red 5m when the
 * wall's only 5m is red, or by chance), and for each row the brute force
 * of the 13 tiles after its discard, the discard gone from the wall's
 * reach (a red one among the seen).  This checks what a table alone
 * does: nodes shared between rows, the discard kept in a node's key
 * where the ura dora need it, the red fives of a red discard. */
Test(expect, small_world_rows_against_every_draw_order, .timeout = 1200)
{
    uint64_t rng = 20261128;
    int checked = 0, rows = 0;
    double worst = 0;
    mjt_prob_work *work = mjt_prob_work_create();

    for (int i = 0; i < 300; i++) {
        world w;
        int n = (int[]){4, 7, 10}[i % 3];
        if (!world_of(&rng, n, (i / 3) % 4, (i / 12) % 2, 0, &w) || w.W < 3)
            continue;
        /* draw one tile of the wall into the hand */
        int x, left = (int)(next(&rng) % (uint64_t)w.W);
        for (x = 0; left >= w.q.wall[x]; x++)
            left -= w.q.wall[x];
        int red = x == 4 && w.q.wall_red[0] > 0 &&
                  (w.q.wall[4] == 1 || next(&rng) % 2);
        mjt_hand h14 = w.hand;
        if (mjt_hand_add(&h14, red ? MJT_RED_5M : x) != MJT_OK)
            continue;
        w.q.wall[x]--;
        w.q.wall_red[0] = (uint8_t)(w.q.wall_red[0] - red);
        w.W--;
        int T = 2 + (i / 5) % 3;
        T = T > w.W ? w.W : T;
        mjt_prob_opts o = opts_of(T, MJT_PROB_CURVES);
        mjt_expect_row rs[MJT_MAX_DISCARDS];
        size_t nr;
        mjt_diag d;
        o.work = work;
        cr_assert(eq(int,
                     mjt_expect_discards(test_tables(), &h14, w.visible, &o,
                                         &w.x, rs, MJT_MAX_DISCARDS, &nr, &d),
                     MJT_OK),
                  "%s", d.message);
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&h14, text, sizeof text);
        int brute_ok = 1;
        for (size_t r = 0; r < nr && brute_ok; r++) {
            mjt_hand h13 = h14;
            cr_assert(eq(int, mjt_hand_remove(&h13, rs[r].tile), MJT_OK));
            brute_expect_q q = w.q;
            mjt_hand_tiles(&h13, &q.hand);
            memcpy(q.unseen, q.wall, sizeof q.unseen);
            q.t = test_tables();
            q.draws = T;
            q.last = w.x.last || T == w.W;
            double want[8];
            if (brute_expect(&q, want) != 0) {
                brute_ok = 0;
                break;
            }
            for (int t = 0; t < T; t++) {
                cr_assert(same_points(rs[r].e.score[t], want[t]),
                          "%s discard %s riichi %s W %d h %d: engine %.12f, "
                          "every draw order %.12f",
                          text, mjt_tile_name(rs[r].tile),
                          riichi_name(w.x.riichi), w.W, t + 1, rs[r].e.score[t],
                          want[t]);
                double err = fabs(rs[r].e.score[t] - want[t]);
                worst = err > worst ? err : worst;
            }
            rows++;
        }
        checked += brute_ok;
    }
    mjt_prob_work_free(work);
    printf("expect: small world tables: %d, %d rows, worst %.1e points\n",
           checked, rows, worst);
    cr_assert(gt(int, checked, 200));
}

/* ==== Dealt hands, against every draw order ==== */

/* A dealt table's question: the deal x, its concealed tiles conc and
 * calls, the tiles seen and those left in the wall, and the situation. */
typedef struct dealt {
    mjt_tiles x;
    uint8_t conc[MJT_KINDS];
    mjt_call calls[2];
    size_t nc;
    uint8_t seen[MJT_KINDS], wall[MJT_KINDS], wall_red[3];
    int held[3]; /* the suit's red five is among the concealed tiles */
    mjt_expect_opts xo;
} dealt;

/* The red fives of q's deal: each held goes to the concealed tiles when
 * they hold a five of its suit (held), else to the call that holds one;
 * each other is seen when the seen tiles hold a five of its suit and the
 * coin says so or the wall holds none, else it is in the wall. */
static void deal_reds(uint64_t *rng, dealt *q)
{
    for (int s = 0; s < 3; s++) {
        int f = 9 * s + 4, red = q->x.red[s] > 0;
        q->held[s] = red && q->conc[f] > 0;
        q->wall_red[s] = 0;
        if (red && !q->held[s]) {
            size_t i = 0;
            while (i < q->nc &&
                   !(q->calls[i].tile <= f &&
                     f <= q->calls[i].tile + 2 * (q->calls[i].kind == MJT_RUN)))
                i++;
            cr_assert(lt(sz, i, q->nc), "a red five dealt is held or called");
            q->calls[i].red = 1;
        } else if (!red && q->seen[f] > 0 &&
                   (q->wall[f] == 0 || next(rng) % 2)) {
            q->xo.red_seen[s] = 1;
        } else if (!red) {
            q->wall_red[s] = 1;
        }
    }
}

/* The rows of 14-tile tables dealt from the full wall against every order
 * of their draws: the small worlds above hold one suit and few honors,
 * where most yaku, the dora of every kind and the ura dora over the whole
 * wall never show.  Hands at tenpai and 1 shanten, a third of them with
 * calls (a red five among them), another deal's tiles seen (half of them,
 * or all), one or two dora indicators besides, red fives held, called,
 * seen and in the wall, every riichi choice, winds and haitei at random;
 * two draws, and three on every eighth table of 1 shanten (where riichi
 * is declared on the way); and on every fourth table exchange play
 * (K = 1) against the forgetful wall's bound from its definition, two
 * draws, three from tenpai (where staying can beat every exchange). */
Test(expect, dealt_tables_against_every_draw_order, .timeout = 600)
{
    mjt_dealer d;
    uint64_t rng = 20261201;
    int tables = 0, rows = 0, called = 0, reds = 0, three = 0, ones = 0;
    int exchanged = 0, indicators = 0;
    double worst = 0;

    cr_assert(
        eq(int, mjt_dealer_init(&d, 20261201, NULL, MJT_DEAL_RED), MJT_OK));
    while (tables < 120) {
        dealt q;
        mjt_tiles more;
        mjt_hand h;
        mjt_shanten_info s;
        uint8_t visible[MJT_KINDS];
        memset(&q, 0, sizeof q);
        cr_assert(eq(int, mjt_deal(&d, 14, &q.x), MJT_OK));
        cr_assert(eq(int, mjt_deal(&d, 14, &more), MJT_OK));
        memcpy(q.conc, q.x.counts, sizeof q.conc);
        q.nc = tables % 3 == 2
                   ? test_take_calls(q.conc, 1 + next(&rng) % 2, q.calls, 4)
                   : 0;
        test_seen_of(q.x.counts, more.counts, 1 + tables % 2, q.seen);
        for (int k = 0; k < MJT_KINDS; k++)
            q.wall[k] = (uint8_t)(4 - q.x.counts[k] - q.seen[k]);
        mjt_expect_opts_init(&q.xo);
        deal_reds(&rng, &q);
        cr_assert(eq(int,
                     mjt_hand_from_calls(&h, q.conc, q.calls, q.nc, NULL, NULL),
                     MJT_OK));
        for (int i = 0; i < 3; i++)
            if (q.held[i]) {
                cr_assert(eq(int, mjt_hand_remove(&h, 9 * i + 4), MJT_OK));
                cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5M + i), MJT_OK));
            }
        cr_assert(eq(int, mjt_shanten(test_tables(), &h, &s), MJT_OK));
        if (s.overall < 0 || s.overall > 1 || (tables % 3 == 2 && q.nc == 0))
            continue;
        mjt_expect_opts *xo = &q.xo;
        xo->riichi = (int)(next(&rng) % 3);
        xo->round = (uint8_t)(next(&rng) % 4);
        xo->seat = (uint8_t)(next(&rng) % 4);
        xo->last = next(&rng) % 4 == 0;
        /* one or two dora indicators, off the wall (not a suit's last
         * five when its red five is there) */
        for (int want = 1 + (int)(next(&rng) % 2); xo->dora_len < want;) {
            int k = (int)(next(&rng) % MJT_KINDS);
            int red = k < 27 && k % 9 == 4 && q.wall_red[k / 9];
            if (q.wall[k] > red) {
                q.wall[k]--;
                xo->dora[xo->dora_len++] = (uint8_t)k;
            }
        }
        memcpy(visible, q.seen, sizeof visible);
        indicators += xo->dora_len;
        int T = s.overall == 1 && ones++ % 8 == 0 ? 3 : 2;
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&h, text, sizeof text);
        /* forward play, and on every fourth table exchange (K = 1)
         * against the forgetful wall's bound, three draws from tenpai */
        for (int moves = MJT_FORWARD; moves <= MJT_EXCHANGE;
             moves += tables % 4 == 0 ? 1 : 2) {
            int draws = moves == MJT_FORWARD ? T : 3 - s.overall;
            mjt_prob_opts o = opts_of(draws, MJT_PROB_CURVES);
            mjt_expect_row rs[MJT_MAX_DISCARDS];
            size_t nr;
            mjt_diag dg;
            o.moves = moves;
            cr_assert(eq(int,
                         mjt_expect_discards(test_tables(), &h, visible, &o, xo,
                                             rs, MJT_MAX_DISCARDS, &nr, &dg),
                         MJT_OK),
                      "%s: %s", text, dg.message);
            for (size_t r = 0; r < nr; r++) {
                brute_expect_q b;
                double want[3];
                mjt_hand h13 = h;
                mjt_shanten_info s13;
                memset(&b, 0, sizeof b);
                cr_assert(eq(int, mjt_hand_remove(&h13, rs[r].tile), MJT_OK));
                cr_assert(eq(int, mjt_hand_tiles(&h13, &b.hand), MJT_OK));
                cr_assert(
                    eq(int, mjt_shanten(test_tables(), &h13, &s13), MJT_OK));
                b.t = test_tables();
                memcpy(b.calls, q.calls, q.nc * sizeof *q.calls);
                b.ncalls = q.nc;
                memcpy(b.wall, q.wall, sizeof b.wall);
                memcpy(b.wall_red, q.wall_red, sizeof b.wall_red);
                memcpy(b.unseen, q.wall, sizeof b.unseen);
                b.draws = draws;
                b.riichi = xo->riichi;
                b.last = xo->last;
                mjt_win_init(&b.win);
                b.win.round = xo->round;
                b.win.seat = xo->seat;
                b.win.dora_len = xo->dora_len;
                memcpy(b.win.dora, xo->dora, sizeof b.win.dora);
                b.moves = moves;
                b.extra = moves != MJT_FORWARD;
                b.top = s13.overall + 1;
                b.forgetful = moves != MJT_FORWARD;
                cr_assert(eq(int, brute_expect(&b, want), 0), "%s", text);
                for (int t = 0; t < draws; t++) {
                    cr_assert(same_points(rs[r].e.score[t], want[t]),
                              "%s (%s) discard %s riichi %s round %d seat %d "
                              "dora %d last %d h %d: engine %.12f, every draw "
                              "order %.12f",
                              text, test_moves_name(moves),
                              mjt_tile_name(rs[r].tile),
                              riichi_name(xo->riichi), xo->round, xo->seat,
                              xo->dora_len, xo->last, t + 1, rs[r].e.score[t],
                              want[t]);
                    double err = fabs(rs[r].e.score[t] - want[t]);
                    worst = err > worst ? err : worst;
                }
                rows += moves == MJT_FORWARD;
                exchanged += moves != MJT_FORWARD;
            }
        }
        tables++;
        called += q.nc > 0;
        three += T == 3;
        reds += q.x.red[0] + q.x.red[1] + q.x.red[2] > 0;
    }
    printf("expect: dealt tables: %d rows of %d tables (%d with calls, %d "
           "with a red five, %d of three draws, %d dora indicators), %d rows "
           "in exchange play, worst %.1e points\n",
           rows, tables, called, reds, three, indicators, exchanged, worst);
    cr_assert(eq(int, called, 40));
    cr_assert(ge(int, exchanged, 250));
    cr_assert(ge(int, three, 5));
    cr_assert(ge(int, reds, 20));
}

/* ==== Exchange and back: the forgetful wall ==== */

/* The engine's curves for exchange and back against brute_expect's
 * forgetful wall, taken from its definition: the same expectation at
 * every point of every curve, with one or two moves, every riichi
 * choice, open and closed hands, red fives held, drawn and seen (a red
 * five thrown goes back).  Then each row of a 14-tile table: the world's
 * hand with one tile of its wall drawn, each row's 13 tiles against the
 * brute force, back bounded by the row's own shanten.  And the bound is
 * one: at or above the true game's every draw order in the same moves
 * (how far above is printed), itself at or above forward play's. */
Test(exhaustive, expect_forgetful_worlds_against_every_draw_order,
     .timeout = 1200)
{
    uint64_t rng = 20261129;
    int checked = 0, rows = 0, tables = 0, moved = 0;
    double worst = 0, above = 0;
    mjt_prob_work *work = mjt_prob_work_create();
    int full = getenv("MJT_LONG") != NULL, truths = 0;

    for (int i = 0; i < (full ? 600 : 300); i++) {
        world w;
        int n = (int[]){4, 7, 10, 13}[i % 4];
        int moves = i % 3 == 2 ? MJT_BACK : MJT_EXCHANGE;
        int extra = 1 + (i / 3) % 2;
        /* tables: a fifth of the worlds, two fifths in back play (its
         * rows of two shanten make two graphs) */
        int table = n < 13 && (i % 5 == 4 || (moves == MJT_BACK && i % 5 == 1));
        if (!world_of(&rng, n, (i / 4) % 4, (i / 16) % 2, i % 4 == 3, &w) ||
            w.W < 3)
            continue;
        mjt_hand h = w.hand;
        if (table) { /* draw one tile of the wall into the hand */
            int x, left = (int)(next(&rng) % (uint64_t)w.W);
            for (x = 0; left >= w.q.wall[x]; x++)
                left -= w.q.wall[x];
            int sx = x / 9, red = x < 27 && x % 9 == 4 &&
                                  w.q.wall_red[sx] > 0 &&
                                  (w.q.wall[x] == 1 || next(&rng) % 2);
            if (mjt_hand_add(&h, red ? MJT_RED_5M + sx : x) != MJT_OK)
                continue;
            w.q.wall[x]--;
            if (red) /* an honor has no red copy, nor a place in wall_red */
                w.q.wall_red[sx]--;
            w.W--;
        }
        int T = 2 + (i / 5) % (table && moves != MJT_BACK ? 2 : 4);
        T = T > w.W ? w.W : T;
        mjt_prob_opts o = opts_of(T, MJT_PROB_CURVES);
        o.moves = moves;
        o.extra = extra;
        o.work = i % 2 ? work : NULL;
        mjt_expect_row rs[MJT_MAX_DISCARDS];
        size_t nr = 1;
        mjt_diag d;
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&h, text, sizeof text);
        int rc = table
                     ? mjt_expect_discards(test_tables(), &h, w.visible, &o,
                                           &w.x, rs, MJT_MAX_DISCARDS, &nr, &d)
                     : mjt_expect_hand(test_tables(), &h, w.visible, &o, &w.x,
                                       &rs[0].e, &d);
        cr_assert(eq(int, rc, MJT_OK), "%s %s: %s", text,
                  test_moves_name(moves), d.message);
        /* the chances beside the points are the chances' own */
        if (!table) { /* the dora indicators are seen */
            mjt_prob p;
            uint8_t seen[MJT_KINDS];
            memcpy(seen, w.visible, sizeof seen);
            for (int k = 0; k < w.x.dora_len; k++)
                seen[MJT_KIND_OF(w.x.dora[k])]++;
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &p, &d),
                         MJT_OK),
                      "%s", d.message);
            for (int t = 0; t < T; t++)
                cr_assert(fabs(p.tenpai[t] - rs[0].e.p.tenpai[t]) <= 1e-12 &&
                              fabs(p.win[t] - rs[0].e.p.win[t]) <= 1e-12,
                          "%s %s h %d: chances %.15f %.15f, beside the "
                          "points %.15f %.15f",
                          text, test_moves_name(moves), t + 1, p.tenpai[t],
                          p.win[t], rs[0].e.p.tenpai[t], rs[0].e.p.win[t]);
        }
        int all = 1;
        for (size_t r = 0; r < nr; r++) {
            brute_expect_q q = w.q;
            mjt_hand h13 = h;
            if (table)
                cr_assert(eq(int, mjt_hand_remove(&h13, rs[r].tile), MJT_OK));
            mjt_hand_tiles(&h13, &q.hand);
            mjt_shanten_info s;
            cr_assert(eq(int, mjt_shanten(test_tables(), &h13, &s), MJT_OK));
            memcpy(q.unseen, q.wall, sizeof q.unseen);
            q.t = test_tables();
            q.draws = T;
            q.last = w.x.last || T == w.W;
            q.moves = moves;
            q.extra = extra;
            q.top = s.overall + 1;
            cr_assert(eq(int, rs[r].e.p.exact, 0));
            cr_assert(eq(int, rs[r].e.p.moves, moves));
            /* the bound, the true game in the same moves (its every draw
             * order is slow: in make test a third of the worlds and three
             * draws at most), forward play */
            double want[8], truth[8], plain[8];
            brute_expect_q g = q, f = q;
            q.forgetful = 1;
            f.moves = MJT_FORWARD;
            f.extra = 0;
            g.draws = full || T < 3 ? T : 3;
            g.draws = full || (i / 3) % 3 == 0 ? g.draws : 0;
            g.last = g.draws == T && q.last; /* haitei only at h = T */
            if (brute_expect(&q, want) != 0 ||
                (g.draws > 0 && brute_expect(&g, truth) != 0) ||
                brute_expect(&f, plain) != 0) {
                all = 0;
                break;
            }
            for (int t = 0; t < T; t++) {
                cr_assert(same_points(rs[r].e.score[t], want[t]),
                          "%s%s%s %s extra %d riichi %s round %d seat %d "
                          "dora %d last %d W %d h %d: engine %.12f, every "
                          "draw order %.12f",
                          text, table ? " discard " : "",
                          table ? mjt_tile_name(rs[r].tile) : "",
                          test_moves_name(moves), extra,
                          riichi_name(w.x.riichi), w.x.round, w.x.seat,
                          w.x.dora_len, q.last, w.W, t + 1, rs[r].e.score[t],
                          want[t]);
                double err = fabs(rs[r].e.score[t] - want[t]);
                worst = err > worst ? err : worst;
                moved += fabs(want[t] - plain[t]) > 1e-9;
                /* a bound: at or above the game's, which is at or above
                 * forward play's */
                if (t >= g.draws)
                    continue;
                cr_assert(ge(dbl, want[t], truth[t] - 1e-9),
                          "%s %s h %d: bound %.9f below the game %.9f", text,
                          test_moves_name(moves), t + 1, want[t], truth[t]);
                cr_assert(ge(dbl, truth[t], plain[t] - 1e-9));
                if (want[t] - truth[t] > above)
                    above = want[t] - truth[t];
            }
            truths += g.draws > 0;
            rows++;
        }
        checked += all;
        tables += all && table;
    }
    mjt_prob_work_free(work);
    printf("expect: forgetful worlds: %d (%d tables, %d curves), %d points "
           "where a move pays, worst %.1e points; the bound at most %.1f "
           "points above the game (%d curves, %s)\n",
           checked, tables, rows, moved, worst, above, truths,
           full ? "every draw" : "3 draws at most");
    cr_assert(gt(int, checked, full ? 300 : 150));
    cr_assert(gt(int, tables, full ? 40 : 20));
    /* the moves must matter, or this checks forward play again */
    cr_assert(gt(int, moved, full ? 200 : 100));
    cr_assert(gt(int, truths, full ? 900 : 150));
}
