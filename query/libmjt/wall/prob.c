/* SPDX-License-Identifier: MIT */
/*
 * The wall model's public calls: mjt_prob_hand (the curves of a 3k+1
 * hand) and mjt_prob_discards (a row of curves for each discard of a
 * 3k+2 hand), on the graph of graph.c and the dynamic program of dp.c.
 *
 * Why forward play is exact.  Shanten is exact (calls, caps and all): a
 * 13-tile hand's shanten is one less than the fewest tiles to exchange to
 * reach a complete hand C of some form with at most 4 of a kind, and its
 * effective kinds are those some such nearest C holds more of.  Let H
 * draw an effective e and discard d keeping the lower shanten, giving
 * H2 = H + e - d.  A nearest C2 of H2 is at most one exchange further
 * from H than from H2 (only e was taken away), so it is a nearest C of H
 * too; a kind x that C2 holds more of than H2 is either e or held by H
 * no more often than by H2 (the change at d cannot matter: d is no
 * effective kind of H2, or H2 + d = H + e would be a lower shanten than
 * H + e's best), so x is effective for H as well.  So each later hand's
 * effective kinds are a subset of the earlier hand's, and a discarded kind
 * is never effective later.  Every copy of a kind effective now that was
 * ever drawn was effective then, hence kept, hence held: its copies left
 * are 4 less seen, called and held, whatever was thrown, and the wall
 * holds W - t tiles after t draws.  The state is the hand and the draws
 * made; the dynamic program over it is exact.
 *
 * A 14-tile table's row for discard d counts d as seen.  In forward play,
 * where d is no effective kind of a hand that changes nothing (it is
 * never drawn as a useful tile), so the rows share every node but those
 * where d is effective: graph.c keys a node by d only there.  Exchanges
 * can make any kind useful again: there every node keeps d.
 */
#include "wall.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"

#define DEFAULT_MEMORY ((size_t)256 << 20)

void mjt_prob_opts_init(mjt_prob_opts *o)
{
    if (o == NULL)
        return;
    memset(o, 0, sizeof *o);
    o->draws = 0; /* 17, or W if fewer */
    o->moves = MJT_FORWARD;
    o->extra = 1;
    o->memory = DEFAULT_MEMORY;
}

static int check_opts(const mjt_prob_opts *o, mjt__diag *d)
{
    if (o->moves < MJT_FORWARD || o->moves > MJT_BACK) {
        mjt__diag_set(d, MJT_EINVAL, -1, "moves %d: forward, exchange or back",
                      o->moves);
        return MJT_EINVAL;
    }
    if (o->extra < 0 || o->extra > 8) {
        mjt__diag_set(d, MJT_EINVAL, -1, "extra %d: 0 to 8", o->extra);
        return MJT_EINVAL;
    }
    if (o->draws < 0 || o->draws > MJT_MAX_DRAWS) {
        mjt__diag_set(d, MJT_EINVAL, -1, "draws %d: 1 to %d", o->draws,
                      MJT_MAX_DRAWS);
        return MJT_EINVAL;
    }
    if (o->flags & ~(MJT_PROB_CURVES | MJT_PROB_KEEPING)) {
        mjt__diag_set(d, MJT_EINVAL, -1, "unknown flags %#x", o->flags);
        return MJT_EINVAL;
    }
    if (o->time_ms < 0) {
        mjt__diag_set(d, MJT_EINVAL, -1, "time_ms %ld: 0 (none) or more",
                      o->time_ms);
        return MJT_EINVAL;
    }
    return MJT_OK;
}

/* The move set a question is answered in: exchange and back with no
 * exchange (K = 0) are forward play, and get its exact answer. */
int mjt__wall_moves(const mjt_prob_opts *o)
{
    return o->extra == 0 ? MJT_FORWARD : o->moves;
}

/* The question's wall from the hand, the seen tiles and the options. */
int mjt__wall_setup(wall *w, const mjt_tables *t, const mjt_hand *h,
                    const uint8_t *visible, const mjt_prob_opts *o,
                    mjt__diag *d)
{
    struct timespec ts;
    int rc;

    if ((rc = check_opts(o, d)) != MJT_OK)
        return rc;
    w->budget = o->memory ? o->memory : DEFAULT_MEMORY;
    if (w->used > w->budget) /* a workspace holding more than this call may */
        mjt__wall_free(w);
    w->cancel = o->cancel;
    w->deadline = 0;
    if (o->time_ms > 0) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        w->deadline = (long long)ts.tv_sec * 1000000000 + ts.tv_nsec +
                      (long long)o->time_ms * 1000000;
    }
    w->moves = mjt__wall_moves(o);
    w->extra = w->moves == MJT_FORWARD ? 0 : o->extra;
    if ((rc = mjt__wall_init(w, t, h, visible)) != MJT_OK) {
        if (rc == MJT_ECOPIES)
            mjt__diag_set(d, rc, -1,
                          "visible: more than 4 of a tile with "
                          "the hand and its calls");
        if (rc == MJT_EPLAYERS)
            mjt__diag_set(d, rc, -1,
                          "visible: a tile three-player mahjong "
                          "has not (2m to 8m)");
        return rc;
    }
    w->draws = o->draws ? o->draws : 17;
    if (o->draws == 0 && w->draws > w->wall)
        w->draws = w->wall;
    if (w->draws < 1 || w->draws > w->wall) {
        mjt__diag_set(d, MJT_EINVAL, -1,
                      "draws %d: the wall holds %d tiles (1 to %d)", w->draws,
                      w->wall, w->wall);
        return MJT_EINVAL;
    }
    return MJT_OK;
}

/* The wall a call works on: the caller's workspace, or local (emptied);
 * done frees local's memory. */
wall *mjt__wall_for(const mjt_prob_opts *o, wall *local)
{
    if (o->work != NULL)
        return &o->work->w;
    memset(local, 0, sizeof *local);
    return local;
}

/* What a workspace keeps between calls: the memory of the questions a
 * bot asks every turn, not that of the rare deep one. */
#define WORK_KEEP ((size_t)32 << 20)

void mjt__wall_done(const mjt_prob_opts *o, wall *w)
{
    if (o->work == NULL || w->used > WORK_KEEP)
        mjt__wall_free(w);
}

/* Build the graph; a deep question then frees what only the build needs
 * before the curves take their memory, so that its peak is the larger of
 * the two, not their sum. */
int mjt__wall_built(wall *w)
{
    int rc = mjt__wall_build(w);
    if (rc == MJT_OK && w->used > WORK_KEEP)
        mjt__wall_shed(w);
    return rc;
}

/* The budget's failures said in diag. */
int mjt__wall_failed(int rc, mjt__diag *d, const wall *w)
{
    if (rc == MJT_EBUDGET && w->late)
        mjt__diag_set(d, rc, -1, "over the time budget after %zu hands",
                      w->nodes.len);
    else if (rc == MJT_EBUDGET)
        mjt__diag_set(d, rc, -1,
                      "over the memory budget (%zu bytes) after %zu hands",
                      w->budget, w->nodes.len);
    return rc;
}

void mjt__wall_fill(mjt_prob *p, const wall *w, int shanten, int curves)
{
    p->draws = w->draws;
    p->moves = w->moves;
    p->exact = w->moves == MJT_FORWARD;
    p->shanten = shanten;
    for (int h = w->draws; h < MJT_MAX_DRAWS; h++)
        p->tenpai[h] = p->win[h] = 0;
    for (int h = 0; h < w->draws - 1 && !curves; h++)
        p->tenpai[h] = p->win[h] = NAN;
}

/* Whether h's concealed tiles are rest mod 3 (the library has checked the
 * rest: 1 to 14 tiles, 13 or 14 with the calls). */
int mjt__wall_count_is(const mjt_hand *h, int rest)
{
    mjt_tiles c;
    return mjt_hand_tiles(h, &c) == MJT_OK && c.len % 3 == rest;
}

int mjt_prob_hand(const mjt_tables *t, const mjt_hand *h,
                  const uint8_t *visible, const mjt_prob_opts *o, mjt_prob *out,
                  mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    mjt_prob_opts dflt;
    wall local, *w;
    uint32_t root;
    int rc;

    if (t == NULL || h == NULL || out == NULL)
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    if (o == NULL) {
        mjt_prob_opts_init(&dflt);
        o = &dflt;
    }
    mjt_shanten_info s;
    if ((rc = mjt_shanten(t, h, &s)) != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    if (!mjt__wall_count_is(h, 1)) {
        mjt__diag_set(&d, MJT_ECOUNT, -1,
                      "a hand of 3k+1 tiles (13, or 13 with its calls); for "
                      "14, the table of its discards");
        return mjt__diag_out(diag, &d, MJT_ECOUNT);
    }
    w = mjt__wall_for(o, &local);
    if ((rc = mjt__wall_setup(w, t, h, visible, o, &d)) == MJT_OK) {
        w->top = s.overall + 1;
        mjt_tiles c;
        mjt_hand_tiles(&w->proto, &c);
        if ((rc = mjt__wall_node(w, &w->proto, c.counts, -1, 0, 0, &root)) ==
                MJT_OK &&
            (rc = mjt__wall_built(w)) == MJT_OK)
            rc =
                mjt__wall_curves(w, &root, 1, (o->flags & MJT_PROB_CURVES) != 0,
                                 &out->tenpai, &out->win);
        if (rc == MJT_OK)
            mjt__wall_fill(out, w, s.overall,
                           (o->flags & MJT_PROB_CURVES) != 0);
        mjt__wall_failed(rc, &d, w);
    }
    mjt__wall_done(o, w);
    return mjt__diag_out(diag, &d, rc);
}

/* ==== A 14-tile table ==== */

/* Order of rows: win at T, tenpai at T, then the discard table's order
 * (tile order, a red five after its plain one): values within 1e-12 of
 * each other count as equal. */
int mjt__wall_row_before(double wa, double ta, int ia, double wb, double tb,
                         int ib)
{
    if (isnan(wa) != isnan(wb)) /* rows not computed last */
        return isnan(wb);
    double dw = wa - wb, dt = ta - tb;
    if (fabs(dw) > 1e-12)
        return dw > 0;
    if (fabs(dt) > 1e-12)
        return dt > 0;
    return ia < ib;
}

/* A table's rows are written field by field: their padding is before p
 * alone. */
_Static_assert(offsetof(mjt_prob, tenpai) == 4 * sizeof(int) &&
                   sizeof(mjt_prob) == offsetof(mjt_prob, win) +
                                           MJT_MAX_DRAWS * sizeof(double) &&
                   sizeof(mjt_prob_row) ==
                       offsetof(mjt_prob_row, p) + sizeof(mjt_prob),
               "mjt_prob_row has padding where a table does not clear it");

/* The order of n rows by their win and tenpai at T (NAN: not asked). */
static void rank_rows(const double *win, const double *ten, size_t n,
                      int *order)
{
    for (size_t i = 0; i < n; i++)
        order[i] = (int)i;
    for (size_t i = 1; i < n; i++) /* insertion: stable, at most 14 */
        for (size_t j = i;
             j > 0 && mjt__wall_row_before(win[order[j]], ten[order[j]],
                                           order[j], win[order[j - 1]],
                                           ten[order[j - 1]], order[j - 1]);
             j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
}

int mjt__wall_rows(wall *w, const wrows *q)
{
    uint32_t roots[MJT_MAX_DISCARDS];
    int rc = MJT_OK;
    mjt_tiles c14;

    mjt_hand_tiles(&w->proto, &c14);
    for (size_t i = 0; i < q->n && rc == MJT_OK; i++) {
        int kind = MJT_KIND_OF(q->ds[i].tile);
        mjt_hand r = w->proto;
        mjt_tiles c;
        roots[i] = WALL_NO_ROOT;
        if (q->only >= 0 && q->ds[i].shanten != q->only)
            continue;
        if ((rc = mjt_hand_remove(&r, kind)) == MJT_OK &&
            (rc = mjt_hand_tiles(&r, &c)) == MJT_OK)
            rc = mjt__wall_node(
                w, &r, c.counts, kind, 0,
                red_after(q->red, c14.counts, kind, q->ds[i].tile >= MJT_KINDS),
                &roots[i]);
    }
    /* each row's curves straight into its place (a row of another shanten
     * is not a root) */
    int n = (int)q->n;
    if (rc == MJT_OK && (rc = mjt__wall_built(w)) == MJT_OK && q->score == NULL)
        rc = mjt__wall_curves(w, roots, n, q->curves, q->tenpai, q->win);
    else if (rc == MJT_OK && (rc = mjt__wall_values(w)) == MJT_OK)
        rc = mjt__wall_expect(w, roots, n, q->curves, q->tenpai, q->win,
                              q->score);
    return rc;
}

/* A row's discard table entry. */
static void row_entry(mjt_prob_row *row, const mjt_discard *ds)
{
    row->tile = ds->tile;
    row->shanten = ds->shanten;
    row->tiles = ds->tiles;
    row->count = ds->count;
}

void mjt__wall_row_fill(mjt_prob *p, const mjt_discard *ds, const wall *w,
                        const double *ten, const double *win, int curves)
{
    /* mjt__wall_fill writes the points past T */
    memcpy(p->tenpai, ten, (size_t)w->draws * sizeof *ten);
    memcpy(p->win, win, (size_t)w->draws * sizeof *win);
    mjt__wall_fill(p, w, ds->shanten, curves);
}

int mjt_prob_discards(const mjt_tables *t, const mjt_hand *h,
                      const uint8_t *visible, const mjt_prob_opts *o,
                      mjt_prob_row *out, size_t cap, size_t *len,
                      mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    mjt_prob_opts dflt;
    mjt_discard ds[MJT_MAX_DISCARDS];
    size_t n;
    int rc;

    if (t == NULL || h == NULL || len == NULL || (out == NULL && cap > 0))
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    if (o == NULL) {
        mjt_prob_opts_init(&dflt);
        o = &dflt;
    }
    if ((rc = mjt_discards(t, h, visible, ds, MJT_MAX_DISCARDS, &n)) !=
        MJT_OK) {
        if (rc == MJT_ECOUNT)
            mjt__diag_set(&d, MJT_ECOUNT, -1,
                          "a hand of 3k+2 tiles (14, or 14 with its calls); "
                          "for 13, mjt_prob_hand");
        return mjt__diag_out(diag, &d, rc);
    }
    *len = n;
    if (out == NULL)
        return cap == 0 && n == 0 ? MJT_OK : MJT_ESPACE;
    if (cap < n)
        return MJT_ESPACE;
    mjt_shanten_info s;
    if ((rc = mjt_shanten(t, h, &s)) != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    /* Back play bounds the shanten by the row's own (+ 1): rows that keep
     * the 14 tiles' shanten and rows that raise it make two graphs. */
    int keeping = (o->flags & MJT_PROB_KEEPING) != 0;
    int moves = mjt__wall_moves(o),
        groups = moves == MJT_BACK && !keeping ? 2 : 1;
    /* the least shanten a discard leaves: a complete hand's is tenpai */
    int least = s.overall < 0 ? 0 : s.overall;
    wall local, *w = mjt__wall_for(o, &local);
    double(*ten)[MJT_MAX_DRAWS] = mjt__malloc(n * sizeof *ten);
    double(*win)[MJT_MAX_DRAWS] = mjt__malloc(n * sizeof *win);
    int curves = (o->flags & MJT_PROB_CURVES) != 0;
    if (n > 0 && (ten == NULL || win == NULL))
        rc = MJT_ENOMEM;
    for (int g = 0; g < groups && rc == MJT_OK; g++) {
        int only = groups == 1 && !keeping ? -1 : least + g;
        if ((rc = mjt__wall_setup(w, t, h, visible, o, &d)) == MJT_OK) {
            w->top = (only >= 0 ? only : least) + 1;
            wrows q = {ds, n, only, curves, 0, ten, win, NULL};
            mjt__wall_failed(rc = mjt__wall_rows(w, &q), &d, w);
        }
    }
    /* Ranked by the values at T, each row is written once, in its place:
     * those that keep the shanten with their curves, when only they are
     * asked for, the rest their entries alone. */
    if (rc == MJT_OK) {
        double wt[MJT_MAX_DISCARDS], tt[MJT_MAX_DISCARDS];
        int order[MJT_MAX_DISCARDS], last = w->draws - 1;
        for (size_t i = 0; i < n; i++) {
            int asked = !keeping || ds[i].shanten == least;
            wt[i] = asked ? win[i][last] : NAN;
            tt[i] = asked ? ten[i][last] : NAN;
        }
        rank_rows(wt, tt, n, order);
        for (size_t k = 0; k < n; k++) {
            size_t i = (size_t)order[k];
            mjt_prob_row *row = &out[k];
            memset(row, 0, offsetof(mjt_prob_row, p));
            row_entry(row, &ds[i]);
            if (!keeping || ds[i].shanten == least) {
                mjt__wall_row_fill(&row->p, &ds[i], w, ten[i], win[i], curves);
                continue;
            }
            row->p.draws = w->draws;
            row->p.moves = moves;
            row->p.exact = moves == MJT_FORWARD;
            row->p.shanten = ds[i].shanten;
            for (int x = 0; x < MJT_MAX_DRAWS; x++)
                row->p.tenpai[x] = row->p.win[x] = NAN;
        }
    }
    free(ten);
    free(win);
    mjt__wall_done(o, w);
    return rc == MJT_OK ? MJT_OK : mjt__diag_out(diag, &d, rc);
}
