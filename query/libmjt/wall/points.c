/* SPDX-License-Identifier: MIT */
/*
 * The expected points E(node, t) of horizon h over a built graph: the
 * chances' recursion (dp.c), the best child of a draw node being the one
 * worth most, and both chances computed beside the points in one pass.
 * A tenpai node has a closed form, as its chance of a win does: forward
 * play changes it no more, so with K winning copies left, n = W - t tiles
 * in the wall and r = h - t draws to come, each of its winning copies is
 * equally likely to be the first drawn, and the first is drawn within r
 * draws with chance 1 - miss(r).  value.c gives the average points a
 * winning copy brings in each way the win can come; the ways differ only
 * on the first draw after riichi (ippatsu) and on the wall's last tile
 * (haitei, the draw h = T when it is last):
 *
 *   dama   = (1 - miss(r)) D + [last] (miss(r - 1) - miss(r)) (D' - D)
 *   riichi = (1 - miss(1)) I + (miss(1) - miss(r)) R - 1000 miss(r)
 *            + [last] the draw r's share of R' - R (of I' - I when r = 1)
 *
 * and the node takes dama, riichi, or the better, as the option says
 * (riichi only for a closed hand, and only with a draw left: reached at
 * t = h, a tenpai node is worth 0).
 *
 * On the forgetful wall (exchange, back) no tenpai node has a closed
 * form: the bound keeps the wall's most valuable copies, and a win can be
 * worth less than waiting (haitei comes later, an open hand's win before
 * it may have no yaku), so each winning copy's points (value.c, per win
 * edge) are weighed one by one.  A tenpai node keeps two values of its
 * own per t, each the bound over its wins and its thrown draws: `lock`,
 * riichi declared and its ippatsu draw past (-1000 at t = h), and `dama`,
 * no riichi and no move left.  Riichi declared now is the bound with
 * ippatsu wins and lock after.  A node with no move left takes dama or
 * riichi as the option says; one that still moves takes riichi, or dama
 * where its draws are wins, moves as the chances' (an exchange) or
 * thrown (stay: the node at t + 1, which decides again).  Every other
 * node is the chances' recursion with points: a kept draw is worth its
 * best child, which may be below 0.
 */
#include "dp.h"

#include <assert.h>
#include <stddef.h>

typedef struct ep {
    dp d;
    const wexpect *ev;
    int last; /* this horizon's last draw is the wall's last tile */
    /* on the forgetful wall, per tenpai node (its aux), at t + 1 ([0])
     * and t ([1]): the points with riichi declared and the next draw
     * past, and on dama making no more moves */
    double *lock[2], *dama[2];
} ep;

static double tenpai_value(const ep *e, const wnode *n, int t, int r)
{
    const dp *d = &e->d;
    const double *v = e->ev->v + EV_WAYS * (size_t)n->aux;
    int K = n->left_eff, never = e->ev->riichi == MJT_RIICHI_NEVER;

    if (r == 0) /* no draw left: no win, and no riichi to declare */
        return 0;
    double m_r = miss(d, K, t, r), m_1 = miss(d, K, t, 1),
           m_prev = miss(d, K, t, r - 1);
    double dama = (1 - m_r) * v[EV_DAMA];
    double riichi =
        (1 - m_1) * (e->last && r == 1 ? v[EV_IPPATSU_LAST] : v[EV_IPPATSU]) +
        (m_1 - m_r) * v[EV_RIICHI] - 1000 * m_r;
    if (e->last) {
        dama += (m_prev - m_r) * (v[EV_DAMA_LAST] - v[EV_DAMA]);
        if (r > 1)
            riichi += (m_prev - m_r) * (v[EV_RIICHI_LAST] - v[EV_RIICHI]);
    }
    if (never)
        return dama;
    if (e->ev->riichi == MJT_RIICHI_ALWAYS)
        return riichi;
    return riichi > dama ? riichi : dama;
}

/* A node's values at t for an expected-score question: its chances of
 * tenpai and of a win, and its expected points. */
typedef struct v3 {
    double ten, win, pts;
} v3;

/* The bound over tenpai node n's draws at t for a hand that makes no
 * more moves: each win edge worth its value `way` (ev->w), every other
 * copy worth stay (thrown). */
static double locked(const ep *e, const wnode *n, int way, double stay, int t)
{
    const wedge *x = (const wedge *)e->d.w->edges.p + n->edge;
    fsum f;

    fsum_init(&f, stay);
    for (uint32_t j = 0; j < n->nedge; j++, x++)
        if (x->wins)
            fsum_add(&f, e->ev->w[EV_WAYS * (size_t)x->draw + (size_t)way],
                     x->left);
    return bounded(e->d.w, &f, t);
}

/* Node n's three values at t on the forgetful wall (exchange, back), r =
 * h - t >= max(1, its shanten) draws left: stay its values at t + 1,
 * best[g] the best child's of draw node g.  A tenpai node's rows (e's
 * lock and dama, by its aux) are written for t. */
static v3 forgetful_v3(const ep *e, const wnode *n, const v3 *stay,
                       const v3 *best, int t, int h)
{
    const dp *d = &e->d;
    const wall *w = d->w;
    int r = h - t, s = n->shanten;
    v3 out = {value(d, TENPAI, &best->ten, 3, n, stay->ten, t, h),
              value(d, WIN, &best->win, 3, n, stay->win, t, h), 0};

    if (s > 0 && r == s) /* tenpai at best: no win, no points */
        return out;
    double dama = 0, decl = 0;
    int last = e->last && r == 1, moves = !settled(w, n);
    if (s == 0) {
        size_t a = n->aux;
        /* riichi declared: the next draw ippatsu, the rest locked */
        e->lock[1][a] =
            locked(e, n, last ? EV_RIICHI_LAST : EV_RIICHI, e->lock[0][a], t);
        decl =
            locked(e, n, last ? EV_IPPATSU_LAST : EV_IPPATSU, e->lock[0][a], t);
        if (!moves)
            dama = e->dama[1][a] =
                locked(e, n, last ? EV_DAMA_LAST : EV_DAMA, e->dama[0][a], t);
    }
    if (s > 0 || moves) { /* the chances' recursion, with points */
        const wedge *x = (const wedge *)w->edges.p + n->edge;
        fsum f;
        fsum_init(&f, stay->pts);
        for (uint32_t j = 0; j < n->nedge; j++, x++) {
            double b;
            if (x->wins) {
                b = e->ev->w[EV_WAYS * (size_t)x->draw +
                             (last ? EV_DAMA_LAST : EV_DAMA)];
            } else {
                /* an effective draw is kept; another may be thrown */
                b = best[x->draw].pts;
                if (!(n->eff >> x->kind & 1) && stay->pts > b)
                    b = stay->pts;
            }
            fsum_add(&f, b, x->left);
        }
        dama = bounded(w, &f, t);
    }
    out.pts = dama;
    if (s == 0 && e->ev->riichi == MJT_RIICHI_ALWAYS)
        out.pts = decl;
    else if (s == 0 && e->ev->riichi == MJT_RIICHI_BEST && decl > dama)
        out.pts = decl;
    return out;
}

/* Node n's three values at t in forward play, r = h - t >= its shanten
 * draws left: stay its values at t + 1, best[g] the best child's of draw
 * node g.  The copies left are the true ones: no bound is taken. */
static inline v3 forward_v3(const ep *e, const wnode *n, const v3 *stay,
                            const v3 *best, int t, int h)
{
    const dp *d = &e->d;
    const wedge *x = (const wedge *)d->w->edges.p + n->edge;
    const wedge *end = x + n->nedge;
    int r = h - t, s = n->shanten, mass = 0;
    double nt = (double)d->w->wall - (double)t;
    v3 sum = {0, 0, 0}, out;

    if (s == 0)
        return (v3){1, 1 - miss(d, n->left_eff, t, r),
                    tenpai_value(e, n, t, r)};
    for (; x < end; x++) {
        const v3 *b = &best[x->draw];
        sum.ten += x->left * b->ten;
        sum.win += x->left * b->win;
        sum.pts += x->left * b->pts;
        mass += x->left;
    }
    out.ten = s == 1 ? 1 - miss(d, n->left_eff, t, r)
                     : clamp01((sum.ten + (nt - mass) * stay->ten) / nt);
    if (r == s) /* tenpai at best: no win, no points */
        return (v3){out.ten, 0, 0};
    out.win = clamp01((sum.win + (nt - mass) * stay->win) / nt);
    out.pts = (sum.pts + (nt - mass) * stay->pts) / nt;
    return out;
}

/*
 * One horizon's three values, every node at t = 0 into *out: the chances'
 * recursion (pass) and the points' side by side, so that one read of a
 * node's draws and of its draw nodes' children serves the three (on the
 * forgetful wall, forgetful_v3).  Each value is its own optimum: a draw
 * node's best child is taken per value.
 */
static int expect_pass(ep *e, int h, const v3 **out)
{
    dp *d = &e->d;
    wall *w = d->w;
    size_t N = w->nodes.len, G = w->draws_.len;
    const wnode *nodes = wall_nodes(w);
    v3 *next = (v3 *)d->val, *row = next + N, *best = (v3 *)d->best;
    const wdraw *draws = w->draws_.p;
    const uint32_t *kids = w->kids.p;
    int rc;

    /* at t = h: a tenpai node has reached tenpai, and nothing has won or
     * scored (tenpai_value is 0 with no draw left) */
    for (size_t i = 0; i < N; i++)
        next[i] = (v3){nodes[i].shanten == 0, 0, 0};
    /* and on the forgetful wall a riichi declared has lost its stick */
    int forgetful = w->moves != MJT_FORWARD;
    for (size_t a = 0; forgetful && a < e->ev->ntenpai; a++) {
        e->lock[0][a] = -1000;
        e->dama[0][a] = 0;
    }
    for (int t = h - 1; t >= 0; t--) {
        for (size_t g = 0; g < G; g++) {
            const uint32_t *k = kids + draws[g].child,
                           *end = k + draws[g].nchild;
            /* no closed form for a draw node here: its children's
             * points differ (graph.c) */
            assert(draws[g].best_waits < 0);
            v3 b = k < end ? next[*k] : (v3){0, 0, 0};
            for (; k < end; k++) {
                const v3 *x = &next[*k];
                b.ten = x->ten > b.ten ? x->ten : b.ten;
                b.win = x->win > b.win ? x->win : b.win;
                b.pts = x->pts > b.pts ? x->pts : b.pts;
            }
            best[g] = b;
        }
        /* As in pass: a node not reached within t draws is read by no
         * value computed.  A node of shanten s needs s draws to be
         * tenpai, s + 1 to win and as many to lose a stick (riichi needs a
         * draw left). */
        int r = h - t;
        for (size_t i = 0; i < N; i++) {
            const wnode *n = &nodes[i];
            if (!wall_reached(w, n, t) || r < n->shanten) {
                row[i] = (v3){0, 0, 0};
                continue;
            }
            assert(n->built || w->draws < w->smin); /* none then */
            row[i] = forgetful ? forgetful_v3(e, n, &next[i], best, t, h)
                               : forward_v3(e, n, &next[i], best, t, h);
        }
        if ((rc = mjt__wall_check(w)) != MJT_OK)
            return rc;
        v3 *x = next;
        next = row;
        row = x;
        if (forgetful) {
            double *y = e->lock[0];
            e->lock[0] = e->lock[1];
            e->lock[1] = y;
            y = e->dama[0];
            e->dama[0] = e->dama[1];
            e->dama[1] = y;
        }
    }
    *out = next;
    return MJT_OK;
}

int mjt__wall_expect(wall *w, const uint32_t *roots, int nroots, int curves,
                     double (*tenpai)[MJT_MAX_DRAWS],
                     double (*win)[MJT_MAX_DRAWS],
                     double (*score)[MJT_MAX_DRAWS])
{
    ep e = {{w, w->draws, NULL, NULL, NULL}, w->ev, 0, {NULL}, {NULL}};
    int rc = mjt__wall_dp_tables(&e.d, 3);
    wexpect *ev = w->ev;

    if (rc == MJT_OK && w->moves != MJT_FORWARD &&
        (rc = mjt__wall_doubles(w, &ev->lock, &ev->nlock,
                                4 * ev->ntenpai + 1)) == MJT_OK) {
        size_t n = ev->ntenpai;
        e.lock[0] = ev->lock;
        e.lock[1] = ev->lock + n;
        e.dama[0] = ev->lock + 2 * n;
        e.dama[1] = ev->lock + 3 * n;
    }

    /* the exact curves never fall, but the points where riichi is forced:
     * keep rounding from them */
    int rises = e.ev->riichi != MJT_RIICHI_ALWAYS;
    for (int h = curves ? 1 : w->draws; h <= w->draws && rc == MJT_OK; h++) {
        const v3 *v0;
        e.last = e.ev->last && h == w->draws;
        if ((rc = expect_pass(&e, h, &v0)) != MJT_OK)
            break;
        for (int k = 0; k < nroots; k++) {
            if (roots[k] == WALL_NO_ROOT)
                continue;
            v3 v = v0[roots[k]];
            if (curves && h > 1) {
                v.ten = v.ten < tenpai[k][h - 2] ? tenpai[k][h - 2] : v.ten;
                v.win = v.win < win[k][h - 2] ? win[k][h - 2] : v.win;
                if (rises && v.pts < score[k][h - 2])
                    v.pts = score[k][h - 2];
            }
            tenpai[k][h - 1] = v.ten;
            win[k][h - 1] = v.win;
            score[k][h - 1] = v.pts;
        }
    }
    return rc;
}
