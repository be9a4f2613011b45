/* SPDX-License-Identifier: MIT */
/*
 * The expected score's public calls: mjt_expect_hand and
 * mjt_expect_discards, the wall model's question (prob.c) with the points
 * of each win (value.c) weighed by the dynamic program (points.c).
 *
 * A question's part beside the chances' (wexpect): the situation its
 * wins are scored in, the counts the ura dora need (the question's tiles
 * and the copies unseen at it), and the red fives, held and in the wall,
 * that key every node (graph.c).
 */
#include "wall.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void mjt_expect_opts_init(mjt_expect_opts *x)
{
    if (x == NULL)
        return;
    memset(x, 0, sizeof *x);
    x->riichi = MJT_RIICHI_BEST;
    x->seat = 1;
}

/* A question as asked, and what checking it found. */
typedef struct question {
    const mjt_tables *t;
    const mjt_hand *h;
    const uint8_t *visible;
    const mjt_prob_opts *o;
    const mjt_expect_opts *x;
    uint8_t seen[MJT_KINDS]; /* visible and the dora indicators */
    int limit[3];            /* the red fives each suit has */
    int red_seen[3];         /* those seen, indicators among them */
    mjt_shanten_info s;
    mjt__diag d;
} question;

static int refuse(question *q, int rc, const char *what)
{
    mjt__diag_set(&q->d, rc, -1, "%s", what);
    return rc;
}

/* Check q's options and situation against its hand and seen tiles. */
static int check(question *q)
{
    const mjt_expect_opts *x = q->x;
    uint8_t all[MJT_KINDS];
    int rc;

    if (x->riichi < MJT_RIICHI_BEST || x->riichi > MJT_RIICHI_ALWAYS)
        return refuse(q, MJT_EINVAL, "riichi: best, never or always");
    if (x->round > 3 || x->seat > 3)
        return refuse(q, MJT_EINVAL, "round and seat: a wind, 0 to 3");
    if (x->last > 1)
        return refuse(q, MJT_EINVAL, "last: 0 or 1");
    if (x->dora_len > MJT_MAX_INDICATORS)
        return refuse(q, MJT_EINVAL, "dora: at most 5 indicators");
    for (size_t i = 0; i < sizeof x->reserved_; i++)
        if (x->reserved_[i] != 0)
            return refuse(q, MJT_EINVAL, "the reserved bytes: 0");
    if ((rc = mjt_shanten(q->t, q->h, &q->s)) != MJT_OK ||
        (rc = mjt_hand_held(q->h, all)) != MJT_OK)
        return rc;
    if (mjt_hand_players(q->h) != 4)
        return refuse(q, MJT_EPLAYERS,
                      "expected score: four players (scoring is four "
                      "players')");
    for (int k = 0; k < MJT_KINDS; k++)
        q->seen[k] = q->visible != NULL ? q->visible[k] : 0;
    for (int s = 0; s < 3; s++) {
        q->limit[s] = mjt__hand_red_limit(q->h, s);
        q->red_seen[s] = x->red_seen[s];
    }
    for (int i = 0; i < x->dora_len; i++) {
        int tile = x->dora[i];
        if (tile >= MJT_TILE_IDS)
            return refuse(q, MJT_ETILE, "dora: a tile id is 0 to 36");
        int k = MJT_KIND_OF(tile);
        if (all[k] + q->seen[k] >= 4)
            return refuse(q, MJT_ECOPIES,
                          "dora: a fifth copy with the hand, its calls and "
                          "the seen tiles");
        q->seen[k]++;
        if (tile >= MJT_KINDS)
            q->red_seen[tile - MJT_KINDS]++;
    }
    for (int s = 0; s < 3; s++)
        if (q->red_seen[s] > q->seen[9 * s + 4])
            return refuse(q, MJT_EINVAL,
                          "red_seen: more red fives than fives seen");
    return MJT_OK;
}

/* Set up the question on w (mjt__wall_setup done) and ev: the situation, the
 * question's counts, the root's red fives into *red. */
static int begin(question *q, wall *w, wexpect *ev, unsigned *red)
{
    const mjt_expect_opts *x = q->x;
    mjt_tiles c;
    mjt_diag rd;
    int called[3], held[3], inwall[3], rc;

    if (x->rules != NULL)
        ev->rules = *x->rules;
    else
        mjt_rules_init(&ev->rules, 4);
    ev->rules.players = 4;
    for (int s = 0; s < 3; s++)
        ev->rules.red[s] = (uint8_t)q->limit[s];
    if ((rc = mjt_rules_check(&ev->rules, &rd)) != MJT_OK)
        return refuse(q, rc, rd.message);
    mjt_win_init(&ev->win);
    ev->win.tsumo = 1;
    ev->win.round = x->round;
    ev->win.seat = x->seat;
    ev->win.dora_len = x->dora_len;
    memcpy(ev->win.dora, x->dora, sizeof ev->win.dora);
    if ((rc = mjt_hand_calls(q->h, ev->calls, MJT_MAX_CALLS, &ev->ncalls)) !=
            MJT_OK ||
        (rc = mjt_hand_tiles(q->h, &c)) != MJT_OK)
        return rc;
    ev->riichi = x->riichi;
    for (size_t i = 0; i < ev->ncalls; i++)
        if (ev->calls[i].kind != MJT_CLOSED_QUAD)
            ev->riichi = MJT_RIICHI_NEVER; /* an open hand */
    ev->last = x->last || w->draws == w->wall;
    memcpy(ev->orig, c.counts, MJT_KINDS);
    for (int k = 0; k < MJT_KINDS; k++)
        ev->unseen[k] = w->base[k] - c.counts[k];
    mjt__calls_red(q->h, called);
    for (int s = 0; s < 3; s++) {
        held[s] = c.red[s];
        inwall[s] = q->limit[s] - held[s] - called[s] - q->red_seen[s];
        if (inwall[s] < 0)
            return refuse(q, MJT_ERED,
                          "red_seen: more red fives than the rules have, "
                          "with the hand's");
    }
    *red = red_make(held, inwall);
    w->top = q->s.overall + 1;
    w->ev = ev;
    return MJT_OK;
}

/* What an expected-score question held, given back (ev->riichi, the
 * choice the rows report, stays). */
static void end(wall *w, wexpect *ev)
{
    mjt__wall_doubles_free(w, &ev->v, &ev->nv);
    mjt__wall_doubles_free(w, &ev->w, &ev->nw);
    mjt__wall_doubles_free(w, &ev->lock, &ev->nlock);
    w->ev = NULL;
}

/* A table's rows are written field by field (table): the padding is
 * after a row's count and after riichi, and nowhere else. */
_Static_assert(offsetof(mjt_prob, tenpai) == 4 * sizeof(int) &&
                   offsetof(mjt_expect, riichi) == sizeof(mjt_prob) &&
                   offsetof(mjt_expect, reserved_) ==
                       offsetof(mjt_expect, score) +
                           MJT_MAX_DRAWS * sizeof(double) &&
                   sizeof(mjt_expect) ==
                       offsetof(mjt_expect, reserved_) +
                           sizeof(((mjt_expect *)0)->reserved_) &&
                   sizeof(mjt_expect_row) ==
                       offsetof(mjt_expect_row, e) + sizeof(mjt_expect),
               "mjt_expect_row has padding where table does not clear it");

/* The rest of e's curves (0 past T; NAN below it without curves; a row
 * not asked for, NAN), and the riichi choice made: never for an open
 * hand. */
static void finish(mjt_expect *e, const wall *w, const wexpect *ev, int curves,
                   int asked)
{
    int T = w->draws, unknown = !asked ? T : !curves ? T - 1 : 0;
    e->riichi = ev->riichi;
    memset(e->reserved_, 0, sizeof e->reserved_);
    for (int h = 0; h < unknown; h++)
        e->score[h] = NAN;
    for (int h = T; h < MJT_MAX_DRAWS; h++)
        e->score[h] = 0;
}

/* q's defaults where it was given NULL. */
static void defaults(question *q, mjt_prob_opts *o, mjt_expect_opts *x)
{
    q->d.code = MJT_OK;
    if (q->o == NULL) {
        mjt_prob_opts_init(o);
        q->o = o;
    }
    if (q->x == NULL) {
        mjt_expect_opts_init(x);
        q->x = x;
    }
}

int mjt_expect_hand(const mjt_tables *t, const mjt_hand *h,
                    const uint8_t *visible, const mjt_prob_opts *o,
                    const mjt_expect_opts *x, mjt_expect *out, mjt_diag *diag)
{
    question q = {.t = t, .h = h, .visible = visible, .o = o, .x = x};
    mjt_prob_opts od;
    mjt_expect_opts xd;
    wexpect ev;
    wall local, *w;
    unsigned red = 0;
    uint32_t root;
    int rc;

    defaults(&q, &od, &xd);
    if (t == NULL || h == NULL || out == NULL)
        return mjt__diag_out(diag, &q.d, MJT_EINVAL);
    if (!mjt__wall_count_is(h, 1) && mjt_shanten(t, h, &q.s) == MJT_OK)
        return mjt__diag_out(diag, &q.d,
                             refuse(&q, MJT_ECOUNT,
                                    "a hand of 3k+1 tiles (13, or 13 with "
                                    "its calls); for 14, the table of its "
                                    "discards"));
    if ((rc = check(&q)) != MJT_OK)
        return mjt__diag_out(diag, &q.d, rc);
    int curves = (q.o->flags & MJT_PROB_CURVES) != 0;
    w = mjt__wall_for(q.o, &local);
    memset(&ev, 0, sizeof ev);
    if ((rc = mjt__wall_setup(w, t, h, q.seen, q.o, &q.d)) == MJT_OK &&
        (rc = begin(&q, w, &ev, &red)) == MJT_OK) {
        mjt_tiles c;
        mjt_hand_tiles(&w->proto, &c);
        if ((rc = mjt__wall_node(w, &w->proto, c.counts, -1, 0, red, &root)) ==
                MJT_OK &&
            (rc = mjt__wall_built(w)) == MJT_OK &&
            (rc = mjt__wall_values(w)) == MJT_OK)
            rc = mjt__wall_expect(w, &root, 1, curves, &out->p.tenpai,
                                  &out->p.win, &out->score);
        if (rc == MJT_OK) {
            mjt__wall_fill(&out->p, w, q.s.overall, curves);
            finish(out, w, &ev, curves, 1);
        }
        mjt__wall_failed(rc, &q.d, w);
    }
    end(w, &ev);
    mjt__wall_done(q.o, w);
    return mjt__diag_out(diag, &q.d, rc);
}

/* ==== A 14-tile table ==== */

/* A row's values at T, by which the table is ranked (NAN: not asked). */
typedef struct wrank {
    double score, win, tenpai;
} wrank;

/* Order of rows: score at T, then as the chances' rows (values within
 * 1e-9 points of each other count as equal). */
static int before(const wrank *a, int ia, const wrank *b, int ib)
{
    if (isnan(a->score) != isnan(b->score))
        return isnan(b->score);
    double ds = a->score - b->score;
    if (fabs(ds) > 1e-9)
        return ds > 0;
    return mjt__wall_row_before(a->win, a->tenpai, ia, b->win, b->tenpai, ib);
}

/* The order of n rows of values v, ranked. */
static void rank(const wrank *v, size_t n, int *order)
{
    for (size_t i = 0; i < n; i++)
        order[i] = (int)i;
    for (size_t i = 1; i < n; i++) /* insertion: stable, at most 14 */
        for (size_t j = i; j > 0 && before(&v[order[j]], order[j],
                                           &v[order[j - 1]], order[j - 1]);
             j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
}

/* The rows of ds (n) ranked into out: one graph for them all, the rows
 * ranked by their values at T, then each written once, in its place. */
static int table(question *q, const mjt_discard *ds, size_t n,
                 mjt_expect_row *out)
{
    int keeping = (q->o->flags & MJT_PROB_KEEPING) != 0;
    int curves = (q->o->flags & MJT_PROB_CURVES) != 0, rc = MJT_OK;
    /* the least shanten a discard leaves: a complete hand's is tenpai */
    int least = q->s.overall < 0 ? 0 : q->s.overall;
    double(*c)[MJT_MAX_DRAWS] = mjt__malloc(3 * n * sizeof *c);
    wrows r = {ds, n, keeping ? least : -1, curves, 0, c, c + n, c + 2 * n};
    wall local, *w = mjt__wall_for(q->o, &local);
    wexpect ev;
    /* Back play bounds the shanten by the row's own (+ 1): rows that keep
     * the 14 tiles' shanten and rows that raise it make two graphs. */
    int groups = mjt__wall_moves(q->o) == MJT_BACK && !keeping ? 2 : 1;

    memset(&ev, 0, sizeof ev);
    if (c == NULL)
        rc = MJT_ENOMEM;
    for (int g = 0; g < groups && rc == MJT_OK; g++) {
        if ((rc = mjt__wall_setup(w, q->t, q->h, q->seen, q->o, &q->d)) !=
                MJT_OK ||
            (rc = begin(q, w, &ev, &r.red)) != MJT_OK)
            break;
        if (groups == 2)
            r.only = least + g;
        w->top = (r.only >= 0 ? r.only : least) + 1;
        rc = mjt__wall_failed(mjt__wall_rows(w, &r), &q->d, w);
        end(w, &ev); /* before the next group's mjt__wall_setup */
    }
    r.only = keeping ? least : -1; /* the rows asked for */
    if (rc == MJT_OK) {
        wrank v[MJT_MAX_DISCARDS];
        int order[MJT_MAX_DISCARDS], last = w->draws - 1;
        double none[MJT_MAX_DRAWS];
        for (int k = 0; k < MJT_MAX_DRAWS; k++)
            none[k] = NAN;
        for (size_t i = 0; i < n; i++) {
            int asked = r.only < 0 || ds[i].shanten == r.only;
            v[i] = asked ? (wrank){r.score[i][last], r.win[i][last],
                                   r.tenpai[i][last]}
                         : (wrank){NAN, NAN, NAN};
        }
        rank(v, n, order);
        for (size_t k = 0; k < n; k++) {
            size_t i = (size_t)order[k];
            int asked = r.only < 0 || ds[i].shanten == r.only;
            mjt_expect_row *row = &out[k];
            /* every field is written below: only the padding is left,
             * where the asserts above finish say it is */
            memset(row, 0, offsetof(mjt_expect_row, e));
            memset(&row->e.riichi, 0,
                   offsetof(mjt_expect, score) - offsetof(mjt_expect, riichi));
            row->tile = ds[i].tile;
            row->shanten = ds[i].shanten;
            row->tiles = ds[i].tiles;
            row->count = ds[i].count;
            mjt__wall_row_fill(&row->e.p, &ds[i], w, asked ? r.tenpai[i] : none,
                               asked ? r.win[i] : none, curves || !asked);
            if (asked) /* finish writes the rest */
                memcpy(row->e.score, r.score[i],
                       (size_t)w->draws * sizeof *r.score[i]);
            finish(&row->e, w, &ev, curves, asked);
        }
    }
    end(w, &ev);
    mjt__wall_done(q->o, w);
    free(c);
    return rc;
}

int mjt_expect_discards(const mjt_tables *t, const mjt_hand *h,
                        const uint8_t *visible, const mjt_prob_opts *o,
                        const mjt_expect_opts *x, mjt_expect_row *out,
                        size_t cap, size_t *len, mjt_diag *diag)
{
    question q = {.t = t, .h = h, .visible = visible, .o = o, .x = x};
    mjt_prob_opts od;
    mjt_expect_opts xd;
    mjt_discard ds[MJT_MAX_DISCARDS];
    size_t n;
    int rc;

    defaults(&q, &od, &xd);
    if (t == NULL || h == NULL || len == NULL || (out == NULL && cap > 0))
        return mjt__diag_out(diag, &q.d, MJT_EINVAL);
    if (mjt__wall_count_is(h, 1) && mjt_shanten(t, h, &q.s) == MJT_OK)
        return mjt__diag_out(diag, &q.d,
                             refuse(&q, MJT_ECOUNT,
                                    "a hand of 3k+2 tiles (14, or 14 with "
                                    "its calls); for 13, mjt_expect_hand"));
    /* the indicators are seen: each row's effective tiles' copies too */
    if ((rc = check(&q)) != MJT_OK ||
        (rc = mjt_discards(t, h, q.seen, ds, MJT_MAX_DISCARDS, &n)) != MJT_OK)
        return mjt__diag_out(diag, &q.d, rc);
    *len = n;
    if (out == NULL)
        return cap == 0 && n == 0 ? MJT_OK : MJT_ESPACE;
    if (cap < n)
        return MJT_ESPACE;
    rc = table(&q, ds, n, out);
    return rc == MJT_OK ? MJT_OK : mjt__diag_out(diag, &q.d, rc);
}
