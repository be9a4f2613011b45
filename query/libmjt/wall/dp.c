/* SPDX-License-Identifier: MIT */
/*
 * The curves over a built graph (graph.c): for a horizon h, the best
 * chance V(node, t) of reaching tenpai (of winning) within draw h from a
 * node after t draws, the wall then holding n = W - t tiles, computed for
 * t = h - 1 down to 0:
 *
 *   V(node, t) = sum over the node's draws of left/n times the best move
 *                after it (its children's V at t + 1, or 1 for a win, or
 *                staying, V(node, t + 1), where the draw may be thrown),
 *              + (n - the left of those draws)/n times V(node, t + 1)
 *
 * with V(node, h) = 0, but 1 for a tenpai node when the goal is tenpai.
 * A node that makes no more moves and whose value has a closed form takes
 * it: a tenpai hand with K winning tiles left wins within r draws with
 * chance 1 - C(n - K, r) / C(n, r), and a 1-shanten hand with E effective
 * copies left is tenpai with chance 1 - C(n - E, r) / C(n, r).  Those
 * ratios are products of r factors in [0, 1], tabled (q below: a
 * workspace keeps the table while W and T stay); every value is a sum of
 * products of probabilities in [0, 1] that add up to at most 1, kept in
 * [0, 1].
 *
 * Each horizon is its own optimum, so the full curves take T passes (h =
 * 1 .. T); the values at T take one.  (On the forgetful wall the copies
 * counted can pass what the wall holds: there the best wall consistent
 * with the counts is taken, so that the value stays an upper bound of the
 * real game's: see forgetful.)
 */
#include "wall.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { TENPAI, WIN };

/* The most draws a node has: every kind, and a red five apart in each
 * suit (an expected-score question's). */
#define MAX_EDGES (MJT_KINDS + 3)

typedef struct dp {
    wall *w;
    int T;
    int smin;     /* the least shanten of the roots */
    double *q;    /* q[(K * (T + 1) + t) * (T + 1) + r] */
    double *val;  /* two rows of values a node, t + 1's and t's: per goal
                     (32 bytes a node), or an expected-score question's
                     three values (v3, 48 bytes), in the question's budget */
    double *best; /* the same values of each draw node's best child at
                     t + 1 */
} dp;

/* C(n - K, r) / C(n, r) for n = W - t: r draws from n miss all K. */
static inline double miss(const dp *d, int k, int t, int r)
{
    size_t T1 = (size_t)d->T + 1;
    return d->q[((size_t)k * T1 + (size_t)t) * T1 + (size_t)r];
}

/* The miss table, and room for `values` values a node (two rows of them)
 * and a draw node (one). */
static int tables(dp *d, size_t values)
{
    wall *w = d->w;
    size_t T1 = (size_t)d->T + 1, kmax = (size_t)w->maxk + 1;
    int rc;

    if ((rc = wall_doubles(w, &w->q, &w->nq, kmax * T1 * T1)) != MJT_OK ||
        (rc = wall_doubles(w, &w->val, &w->nval,
                           values * (2 * w->nodes.len + w->draws_.len))) !=
            MJT_OK)
        return rc;
    d->q = w->q;
    d->val = w->val;
    d->best = w->val + 2 * values * w->nodes.len;
    /* The table depends on W and T alone, and its rows for fewer copies
     * come first: a workspace keeps it from one question to the next,
     * adding the rows a question needs more. */
    if (w->q_wall != w->wall || w->q_draws != d->T) {
        w->q_kinds = 0;
        w->q_wall = w->wall;
        w->q_draws = d->T;
    }
    size_t k0 = w->q_kinds;
    if (kmax > k0)
        w->q_kinds = kmax;
    for (size_t k = k0; k < kmax; k++)
        for (size_t t = 0; t < T1; t++) {
            double *row = &d->q[(k * T1 + t) * T1], p = 1;
            double n = (double)w->wall - (double)t;
            row[0] = 1;
            for (size_t r = 1; r < T1; r++) {
                double hit = n - (double)k - (double)(r - 1);
                p *= hit > 0 ? hit / (n - (double)(r - 1)) : 0;
                row[r] = p;
            }
        }
    return MJT_OK;
}

static inline double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* Whether node n makes no more moves (as graph.c's settled). */
static inline int settled(const wall *w, const wnode *n)
{
    return w->moves == MJT_FORWARD || n->key.ex >= w->extra;
}

/* The closed forms and zeros of V(node, t) for goal (r = h - t draws
 * left): 1 when it holds one into *out, 0 when the node's draws decide. */
static inline int value_known(const dp *d, int goal, const wnode *n, int t,
                              int r, double *out)
{
    if (goal == TENPAI && n->shanten == 0) {
        *out = 1;
        return 1;
    }
    if (r < n->shanten + (goal == WIN)) { /* a draw lowers it by one */
        *out = 0;
        return 1;
    }
    if (settled(d->w, n) && n->shanten == (goal == WIN ? 0 : 1)) {
        *out = 1 - miss(d, n->left_eff, t, r);
        return 1;
    }
    return 0;
}

/* A node's draws gathered for the forgetful wall's bound: each draw's
 * value and copies (v, c: m of them), their values added up (sum) and
 * their copies (mass), stay the value of a copy not drawn, below whether
 * some draw is worth less than stay, level the copies worth just that. */
typedef struct fsum {
    double v[MAX_EDGES], sum, stay;
    int c[MAX_EDGES], m, mass, below, level;
} fsum;

static inline void fsum_init(fsum *f, double stay)
{
    f->sum = 0;
    f->stay = stay;
    f->m = f->mass = f->below = f->level = 0;
}

static inline void fsum_add(fsum *f, double v, int copies)
{
    f->sum += copies * v;
    f->mass += copies;
    f->v[f->m] = v;
    f->c[f->m++] = copies;
    f->below |= v < f->stay;
    f->level += v == f->stay ? copies : 0;
}

/* The forgetful wall (exchange, back) counts a kind's copies as if the
 * player's discards went back: the real wall holds at most that many of
 * each kind, n in all.  The best such wall is the bound kept: the n draws
 * go to the most valuable draws first, the other kinds (all worth stay,
 * their copies the rest of the forgetful count) among them.  So every
 * value stays at or above the real game's.  The forgetful counts add up
 * to W, so those n draws are every copy but the t = W - n least valuable:
 * taken off one draw at a time, least first (a few draws below stay,
 * then the many worth stay). */
static double forgetful(const wall *w, const fsum *f, int t)
{
    int cc[MAX_EDGES + 1], m = f->m;
    double nt = (double)w->wall - (double)t, stay = f->stay;
    memcpy(cc, f->c, (size_t)m * sizeof *cc);
    cc[m] = w->wall - f->mass;
    double total = f->sum + cc[m] * stay;
    for (int drop = t; drop > 0;) {
        int lo = m;
        for (int i = 0; i < m; i++)
            if (cc[i] > 0 &&
                (cc[lo] == 0 || f->v[i] < (lo == m ? stay : f->v[lo])))
                lo = i;
        double vl = lo == m ? stay : f->v[lo];
        int take = cc[lo] < drop ? cc[lo] : drop;
        assert(take > 0); /* t < W: copies are left */
        if (take <= 0)    /* never, but a release build must not spin */
            break;
        total -= take * vl;
        cc[lo] -= take;
        drop -= take;
    }
    return total / nt;
}

/* The forgetful wall's value of a node's draws f after t draws.  Not
 * clamped: the points are no chance. */
static inline double bounded(const wall *w, const fsum *f, int t)
{
    double nt = (double)w->wall - (double)t;
    /* Nothing below stay, and the copies worth stay (those drawn, and
     * the W - mass not drawn) are t or more: the t least valuable are
     * worth stay each, and the bound is the sum less t times stay.  So
     * it is in forward play's terms whenever the counts fit the wall. */
    if (!f->below && f->mass - f->level <= nt)
        return (f->sum + (nt - f->mass) * f->stay) / nt;
    return forgetful(w, f, t);
}

/* V(node, t) on the forgetful wall (exchange, back: forward play takes
 * value_forward) for horizon h and the goal, stay being V(node, t + 1)
 * and best_of[stride * g] the best child at t + 1 of each draw node g,
 * for the goal. */
__attribute__((always_inline)) static inline double
value(const dp *d, int goal, const double *best_of, size_t stride,
      const wnode *n, double stay, int t, int h)
{
    const wall *w = d->w;
    double known;
    fsum f;

    if (value_known(d, goal, n, t, h - t, &known))
        return known;
    fsum_init(&f, stay);
    const wedge *e = (const wedge *)w->edges.p + n->edge;
    for (uint32_t j = 0; j < n->nedge; j++, e++) {
        /* an effective draw is kept; another may be thrown (stay) */
        double best = n->eff >> e->kind & 1 ? 0 : stay;
        if (e->wins)
            best = 1;
        else if (best_of[stride * e->draw] > best)
            best = best_of[stride * e->draw];
        fsum_add(&f, best, e->left);
    }
    return clamp01(bounded(w, &f, t));
}

/* Both goals' V(node, t) in forward play: there every node is settled
 * and its draws are its effective kinds, each kept (best_of[goal] the
 * best child of each draw node), so one read of the draws serves both
 * goals.  The copies left are the true ones, so the wall is the real one:
 * no bound is taken (a kept draw may be worth less than staying, and the
 * real wall holds all its copies). */
static inline void value_forward(const dp *d, const double *const best_of[2],
                                 const wnode *n, const double stay[2], int t,
                                 int h, double out[2])
{
    const wall *w = d->w;
    double nt = (double)w->wall - (double)t;
    int known[2] = {value_known(d, TENPAI, n, t, h - t, &out[TENPAI]),
                    value_known(d, WIN, n, t, h - t, &out[WIN])};

    if (known[TENPAI] & known[WIN])
        return;
    /* No draw wins here: a tenpai node is settled, so it has the closed
     * form above and no draws (graph.c's build). */
    const wedge *e = (const wedge *)w->edges.p + n->edge, *end = e + n->nedge;
    const double *bt = best_of[TENPAI], *bw = best_of[WIN];
    double sum[2] = {0, 0};
    int mass = 0;
    for (; e < end; e++) {
        assert((n->eff >> e->kind & 1) && !e->wins);
        sum[TENPAI] += e->left * bt[e->draw];
        sum[WIN] += e->left * bw[e->draw];
        mass += e->left;
    }
    for (int g = TENPAI; g <= WIN; g++)
        if (!known[g])
            out[g] = clamp01((sum[g] + (nt - mass) * stay[g]) / nt);
}

/* One horizon: every node's V(., t) for t = h - 1 .. 0 and both goals,
 * two rows a goal, both goals of a node in turn (in forward play one read
 * of its draws serves both); out[goal] gets the goal's row of t = 0.
 * MJT_OK or the failure. */
static int pass(dp *d, int h, const double *out[2])
{
    wall *w = d->w;
    size_t N = w->nodes.len, G = w->draws_.len;
    const wnode *nodes = wall_nodes(w);
    double *next[2] = {d->val, d->val + 2 * N};
    double *row[2] = {d->val + N, d->val + 3 * N};
    double *best[2] = {d->best, d->best + G};
    int rc;

    for (size_t i = 0; i < N; i++) {
        next[TENPAI][i] = nodes[i].shanten == 0 ? 1 : 0;
        next[WIN][i] = 0;
    }
    const wdraw *draws = w->draws_.p;
    const uint32_t *kids = w->kids.p;
    for (int t = h - 1; t >= 0; t--) {
        /* each draw node's best child once, for every node drawing to it */
        for (size_t g = 0; g < G; g++) {
            double bt = 0, bw = 0;
            if (draws[g].best_waits >= 0) {
                /* tenpai hands that make no more moves: a closed form */
                best[TENPAI][g] = 1;
                best[WIN][g] =
                    1 - miss(d, draws[g].best_waits, t + 1, h - t - 1);
                continue;
            }
            const uint32_t *k = kids + draws[g].child,
                           *end = k + draws[g].nchild;
            for (; k < end; k++) {
                double xt = next[TENPAI][*k], xw = next[WIN][*k];
                bt = xt > bt ? xt : bt;
                bw = xw > bw ? xw : bw;
            }
            best[TENPAI][g] = bt;
            best[WIN][g] = bw;
        }
        /* A draw lowers the shanten by one at most, so a node of shanten
         * s is reached after smin - s draws at least.  Before that, no
         * value computed reads its value: a node reads values one draw
         * later only, of its own hand or of hands at most one step lower,
         * and those are computed whenever it is.  It is set to 0 so that
         * every row is written. */
        int lo = d->smin - t;
        for (size_t i = 0; i < N; i++) {
            if (nodes[i].shanten < lo) {
                row[TENPAI][i] = row[WIN][i] = 0;
                continue;
            }
            if (w->moves == MJT_FORWARD) {
                const double stay[2] = {next[TENPAI][i], next[WIN][i]};
                const double *const of[2] = {best[TENPAI], best[WIN]};
                double v[2];
                value_forward(d, of, &nodes[i], stay, t, h, v);
                row[TENPAI][i] = v[TENPAI];
                row[WIN][i] = v[WIN];
                continue;
            }
            row[TENPAI][i] = value(d, TENPAI, best[TENPAI], 1, &nodes[i],
                                   next[TENPAI][i], t, h);
            row[WIN][i] =
                value(d, WIN, best[WIN], 1, &nodes[i], next[WIN][i], t, h);
        }
        if ((rc = wall_check(w)) != MJT_OK)
            return rc;
        for (int goal = TENPAI; goal <= WIN; goal++) {
            double *x = next[goal];
            next[goal] = row[goal];
            row[goal] = x;
        }
    }
    out[TENPAI] = next[TENPAI];
    out[WIN] = next[WIN];
    return MJT_OK;
}

int wall_curves(wall *w, const uint32_t *roots, int nroots, int curves,
                double (*tenpai)[MJT_MAX_DRAWS], double (*win)[MJT_MAX_DRAWS])
{
    dp d = {w, w->draws, 99, NULL, NULL, NULL};
    int rc = tables(&d, 2);

    for (int k = 0; k < nroots; k++) {
        if (roots[k] == WALL_NO_ROOT)
            continue;
        int s = wall_nodes(w)[roots[k]].shanten;
        d.smin = s < d.smin ? s : d.smin;
    }
    for (int h = curves ? 1 : w->draws; h <= w->draws && rc == MJT_OK; h++) {
        const double *v0[2];
        if ((rc = pass(&d, h, v0)) != MJT_OK)
            break;
        for (int goal = TENPAI; goal <= WIN; goal++) {
            double(*out)[MJT_MAX_DRAWS] = goal == TENPAI ? tenpai : win;
            for (int k = 0; k < nroots; k++) {
                if (roots[k] == WALL_NO_ROOT)
                    continue;
                double v = v0[goal][roots[k]];
                /* the exact curve never falls: keep rounding from it */
                if (curves && h > 1 && v < out[k][h - 2])
                    v = out[k][h - 2];
                out[k][h - 1] = v;
            }
        }
    }
    return rc;
}

/* ==== Expected points ====
 *
 * The same recursion over the same graph for the expected points E(node,
 * t) of horizon h, the best child of a draw node being the one worth most.
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
    const wedge *edges = w->edges.p;
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
        /* As in pass: a node of shanten below lo is not reached yet.  A
         * node of shanten s needs s draws to be tenpai, s + 1 to win and
         * as many to lose a stick (riichi needs a draw left). */
        int lo = d->smin - t, r = h - t;
        double nt = (double)w->wall - (double)t;
        for (size_t i = 0; i < N; i++) {
            const wnode *n = &nodes[i];
            int s = n->shanten;
            if (s < lo || r < s) {
                row[i] = (v3){0, 0, 0};
                continue;
            }
            if (forgetful) {
                row[i] = forgetful_v3(e, n, &next[i], best, t, h);
                continue;
            }
            if (s == 0) {
                row[i].ten = 1;
                row[i].win = 1 - miss(d, n->left_eff, t, r);
                row[i].pts = tenpai_value(e, n, t, r);
                continue;
            }
            const wedge *x = edges + n->edge, *end = x + n->nedge;
            v3 sum = {0, 0, 0};
            int mass = 0;
            for (; x < end; x++) {
                const v3 *b = &best[x->draw];
                sum.ten += x->left * b->ten;
                sum.win += x->left * b->win;
                sum.pts += x->left * b->pts;
                mass += x->left;
            }
            const v3 *stay = &next[i];
            row[i].ten =
                s == 1 ? 1 - miss(d, n->left_eff, t, r)
                       : clamp01((sum.ten + (nt - mass) * stay->ten) / nt);
            if (r == s) { /* tenpai at best: no win, no points */
                row[i].win = row[i].pts = 0;
                continue;
            }
            row[i].win = clamp01((sum.win + (nt - mass) * stay->win) / nt);
            row[i].pts = (sum.pts + (nt - mass) * stay->pts) / nt;
        }
        if ((rc = wall_check(w)) != MJT_OK)
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

int wall_expect(wall *w, const uint32_t *roots, int nroots, int curves,
                double (*tenpai)[MJT_MAX_DRAWS], double (*win)[MJT_MAX_DRAWS],
                double (*score)[MJT_MAX_DRAWS])
{
    ep e = {{w, w->draws, 99, NULL, NULL, NULL}, w->ev, 0, {NULL}, {NULL}};
    int rc = tables(&e.d, 3);
    wexpect *ev = w->ev;

    if (rc == MJT_OK && w->moves != MJT_FORWARD &&
        (rc = wall_doubles(w, &ev->lock, &ev->nlock, 4 * ev->ntenpai + 1)) ==
            MJT_OK) {
        size_t n = ev->ntenpai;
        e.lock[0] = ev->lock;
        e.lock[1] = ev->lock + n;
        e.dama[0] = ev->lock + 2 * n;
        e.dama[1] = ev->lock + 3 * n;
    }

    for (int k = 0; k < nroots; k++) {
        if (roots[k] == WALL_NO_ROOT)
            continue;
        int s = wall_nodes(w)[roots[k]].shanten;
        e.d.smin = s < e.d.smin ? s : e.d.smin;
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
