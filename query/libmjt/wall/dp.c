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
 * real game's: see mjt__wall_forgetful.)
 */
#include "dp.h"

#include <assert.h>
#include <string.h>

/* The miss table, and room for `values` values a node (two rows of them)
 * and a draw node (one). */
int mjt__wall_dp_tables(dp *d, size_t values)
{
    wall *w = d->w;
    size_t T1 = (size_t)d->T + 1, kmax = (size_t)w->maxk + 1;
    int rc;

    if ((rc = mjt__wall_doubles(w, &w->q, &w->nq, kmax * T1 * T1)) != MJT_OK ||
        (rc = mjt__wall_doubles(w, &w->val, &w->nval,
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

/* The forgetful wall (exchange, back) counts a kind's copies as if the
 * player's discards went back: the real wall holds at most that many of
 * each kind, n in all.  The best such wall is the bound kept: the n draws
 * go to the most valuable draws first, the other kinds (all worth stay,
 * their copies the rest of the forgetful count) among them.  So every
 * value stays at or above the real game's.  The forgetful counts add up
 * to W, so those n draws are every copy but the t = W - n least valuable:
 * taken off one draw at a time, least first (a few draws below stay,
 * then the many worth stay). */
double mjt__wall_forgetful(const wall *w, const fsum *f, int t)
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

/* Both goals' V(node, t) in forward play: there every node is settled
 * and its draws are its effective kinds, each kept (best[g] the best
 * child of draw node g, both goals), so one read of the draws serves both
 * goals.  The copies left are the true ones, so the wall is the real one:
 * no bound is taken (a kept draw may be worth less than staying, and the
 * real wall holds all its copies). */
static inline void value_forward(const dp *d, const double (*best)[2],
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
    double sum[2] = {0, 0};
    int mass = 0;
    for (; e < end; e++) {
        assert((n->eff >> e->kind & 1) && !e->wins);
        sum[TENPAI] += e->left * best[e->draw][TENPAI];
        sum[WIN] += e->left * best[e->draw][WIN];
        mass += e->left;
    }
    for (int g = TENPAI; g <= WIN; g++)
        if (!known[g])
            out[g] = clamp01((sum[g] + (nt - mass) * stay[g]) / nt);
}

/* One horizon: every node's V(., t) for t = h - 1 .. 0 and both goals,
 * two rows of them, both goals of a node side by side (a child read once
 * is one read for both, and in forward play one read of its draws serves
 * both); *out gets the row of t = 0.  MJT_OK or the failure. */
static int pass(dp *d, int h, const double (**out)[2])
{
    wall *w = d->w;
    size_t N = w->nodes.len, G = w->draws_.len;
    const wnode *nodes = wall_nodes(w);
    double(*next)[2] = (double(*)[2])d->val;
    double(*row)[2] = next + N;
    double(*best)[2] = (double(*)[2])d->best;
    int rc;

    for (size_t i = 0; i < N; i++) {
        next[i][TENPAI] = nodes[i].shanten == 0 ? 1 : 0;
        next[i][WIN] = 0;
    }
    const wdraw *draws = w->draws_.p;
    const uint32_t *kids = w->kids.p;
    for (int t = h - 1; t >= 0; t--) {
        /* each draw node's best child once, for every node drawing to it */
        for (size_t g = 0; g < G; g++) {
            double bt = 0, bw = 0;
            if (draws[g].best_waits >= 0) {
                /* tenpai hands that make no more moves: a closed form */
                best[g][TENPAI] = 1;
                best[g][WIN] =
                    1 - miss(d, draws[g].best_waits, t + 1, h - t - 1);
                continue;
            }
            const uint32_t *k = kids + draws[g].child,
                           *end = k + draws[g].nchild;
            for (; k < end; k++) {
                double xt = next[*k][TENPAI], xw = next[*k][WIN];
                bt = xt > bt ? xt : bt;
                bw = xw > bw ? xw : bw;
            }
            best[g][TENPAI] = bt;
            best[g][WIN] = bw;
        }
        /* A node not reached within t draws (wall_reached) is read by no
         * value computed: a node reads values one draw later only, of its
         * own hand or of the hands its draw moves to, and those are
         * computed whenever it is.  It is set to 0 so that every row is
         * written.  A node computed was built (the build's bound is the
         * same), unless T is below smin: then none is, and none needs to
         * be. */
        for (size_t i = 0; i < N; i++) {
            if (!wall_reached(w, &nodes[i], t)) {
                row[i][TENPAI] = row[i][WIN] = 0;
                continue;
            }
            assert(nodes[i].built || w->draws < w->smin); /* none then */
            if (w->moves == MJT_FORWARD) {
                value_forward(d, (const double(*)[2])best, &nodes[i], next[i],
                              t, h, row[i]);
                continue;
            }
            row[i][TENPAI] = value(d, TENPAI, &best[0][TENPAI], 2, &nodes[i],
                                   next[i][TENPAI], t, h);
            row[i][WIN] =
                value(d, WIN, &best[0][WIN], 2, &nodes[i], next[i][WIN], t, h);
        }
        if ((rc = mjt__wall_check(w)) != MJT_OK)
            return rc;
        double(*x)[2] = next;
        next = row;
        row = x;
    }
    *out = (const double(*)[2])next;
    return MJT_OK;
}

int mjt__wall_curves(wall *w, const uint32_t *roots, int nroots, int curves,
                     double (*tenpai)[MJT_MAX_DRAWS],
                     double (*win)[MJT_MAX_DRAWS])
{
    dp d = {w, w->draws, NULL, NULL, NULL};
    int rc = mjt__wall_dp_tables(&d, 2);

    for (int h = curves ? 1 : w->draws; h <= w->draws && rc == MJT_OK; h++) {
        const double(*v0)[2];
        if ((rc = pass(&d, h, &v0)) != MJT_OK)
            break;
        for (int goal = TENPAI; goal <= WIN; goal++) {
            double(*out)[MJT_MAX_DRAWS] = goal == TENPAI ? tenpai : win;
            for (int k = 0; k < nroots; k++) {
                if (roots[k] == WALL_NO_ROOT)
                    continue;
                double v = v0[roots[k]][goal];
                /* the exact curve never falls: keep rounding from it */
                if (curves && h > 1 && v < out[k][h - 2])
                    v = out[k][h - 2];
                out[k][h - 1] = v;
            }
        }
    }
    return rc;
}
