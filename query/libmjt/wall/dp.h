/* SPDX-License-Identifier: MIT */
/*
 * What the two recursions over a built graph share: the chances' (dp.c)
 * and the expected points' (points.c).  The closed forms and the forgetful
 * wall's bound are inlines here, so that each pass keeps them in its loop;
 * the miss table's making and the bound's slow case are dp.c's.
 */
#ifndef MJT__WALL_DP_H
#define MJT__WALL_DP_H

#include "wall.h"

#include <assert.h>

enum { TENPAI, WIN };

/* The most draws a node has: every kind, and a red five apart in each
 * suit (an expected-score question's). */
#define MAX_EDGES (MJT_KINDS + 3)

typedef struct dp {
    wall *w;
    int T;
    double *q;    /* q[(K * (T + 1) + t) * (T + 1) + r] */
    double *val;  /* two rows of values a node, t + 1's and t's: both
                     goals side by side (32 bytes a node), or an
                     expected-score question's three values (v3, 48
                     bytes), in the question's budget */
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
 * and a draw node (one): MJT_OK, or over the budget. */
int mjt__wall_dp_tables(dp *d, size_t values);

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

/* The bound when some draw is worth less than stay, or the counts pass
 * what the wall holds (dp.c). */
double mjt__wall_forgetful(const wall *w, const fsum *f, int t);

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
    return mjt__wall_forgetful(w, f, t);
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

#endif
