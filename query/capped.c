/* SPDX-License-Identifier: MIT */
/*
 * The record of a part whose caps a hand's calls lowered.
 *
 * The tables solve every pattern with a cap of 4 copies a kind.  A kind
 * whose copies sit in the hand's own calls may hold only 4 less those in
 * the concealed part, so a part holding a called kind gets its record
 * here instead, by a dynamic program over its ranks that knows each
 * rank's cap.  Everything else of the join stays as it is: the record has
 * the tables' layout (internal.h), and the join is exact on it for the
 * same reason it is on theirs, since the caps of different parts are
 * independent.
 *
 * A target of m melds and p pairs is chosen rank by rank: at rank r, how
 * many runs start there (suits only, ranks 0 to n - 3), whether a triplet
 * and whether the pair sit there.  The runs started one and two ranks back
 * also use rank r.  The state between ranks is the melds and pairs chosen
 * so far and those two run counts; rank r costs the copies its target
 * holds beyond the part's own.  The deficit of (m, p) is the cheapest way
 * from the first rank to the last ending with m melds, p pairs and no open
 * run.
 *
 * The need mask of a slot holds r when adding a tile of rank r lowers the
 * deficit, which is exactly when some cheapest target holds more of r than
 * the part does (and then the cap leaves room for one more).  A backward
 * pass gives the cheapest completion from each state, so a choice at rank
 * r lies on a cheapest target of (m, p) when the forward cost before it,
 * its own cost and the backward cost after it add up to the deficit.
 *
 * About 2,000 transitions a pass for a suit, fewer for the honors.
 */
#include "internal.h"

#include <string.h>

#define BIG 63

/* (melds, pairs, runs started one rank back, two ranks back) */
#define NSTATES (5 * 2 * 5 * 5)
static inline int st(int j, int q, int a, int b)
{
    return ((j * 2 + q) * 5 + a) * 5 + b;
}

typedef uint8_t costs[NSTATES];

/* The choices at one rank: s runs start, t triplets (0 or 1), u pairs (0
 * or 1); what they cost given the runs a, b passing through. */
typedef struct rank_ctx {
    int held, cap, max_runs;
} rank_ctx;

static inline int rank_cost(const rank_ctx *c, int use)
{
    return use > c->held ? use - c->held : 0;
}

static void forward(const rank_ctx *rc, int n, costs *f)
{
    memset(f[0], BIG, sizeof f[0]);
    f[0][st(0, 0, 0, 0)] = 0;
    for (int r = 0; r < n; r++) {
        const rank_ctx *c = &rc[r];
        memset(f[r + 1], BIG, sizeof f[r + 1]);
        for (int j = 0; j <= 4; j++)
            for (int q = 0; q < 2; q++)
                for (int a = 0; a <= j; a++)
                    for (int b = 0; a + b <= j; b++) {
                        int here = f[r][st(j, q, a, b)];
                        if (here >= BIG)
                            continue;
                        for (int t = 0; t < 2; t++)
                            for (int u = 0; u + q < 2; u++)
                                for (int s = 0; s <= c->max_runs; s++) {
                                    int use = a + b + s + 3 * t + 2 * u;
                                    if (use > c->cap || j + s + t > 4)
                                        break;
                                    uint8_t *to =
                                        &f[r + 1][st(j + s + t, q + u, s, a)];
                                    int x = here + rank_cost(c, use);
                                    if (x < *to)
                                        *to = (uint8_t)x;
                                }
                    }
    }
}

/* g[r][st(jr, qr, a, b)]: the cheapest ranks r..n-1 that add jr melds and
 * qr pairs, with a runs from rank r - 1 and b from r - 2 passing
 * through. */
static void backward(const rank_ctx *rc, int n, costs *g)
{
    memset(g[n], BIG, sizeof g[n]);
    g[n][st(0, 0, 0, 0)] = 0;
    for (int r = n - 1; r >= 0; r--) {
        const rank_ctx *c = &rc[r];
        memset(g[r], BIG, sizeof g[r]);
        for (int jr = 0; jr <= 4; jr++)
            for (int qr = 0; qr < 2; qr++)
                for (int a = 0; a <= 4; a++)
                    for (int b = 0; a + b <= 4; b++) {
                        int best = BIG;
                        for (int t = 0; t < 2; t++)
                            for (int u = 0; u <= qr; u++)
                                for (int s = 0; s <= c->max_runs; s++) {
                                    int use = a + b + s + 3 * t + 2 * u;
                                    if (use > c->cap || s + t > jr)
                                        break;
                                    int x =
                                        g[r + 1][st(jr - s - t, qr - u, s, a)] +
                                        rank_cost(c, use);
                                    if (x < best)
                                        best = x;
                                }
                        g[r][st(jr, qr, a, b)] = (uint8_t)best;
                    }
    }
}

void mjt__capped_record(const uint8_t *held, const uint8_t *cap, int n,
                        int runs, int with_need, mjt__record *out)
{
    rank_ctx rc[9];
    costs f[10], g[10];
    int deficit[MJT__SLOTS];

    for (int r = 0; r < n; r++) {
        rc[r].held = held[r];
        rc[r].cap = cap[r];
        rc[r].max_runs = runs && r + 2 < n ? 4 : 0;
    }
    forward(rc, n, f);
    memset(out, 0, sizeof *out);
    for (int j = 0; j <= 4; j++)
        for (int q = 0; q < 2; q++) {
            int d = f[n][st(j, q, 0, 0)];
            deficit[mjt__slot(j, q)] = d;
            /* No target at all: more than any hand's deficit (at most 14),
             * so no join picks it. */
            out->slot[mjt__slot(j, q)].deficit = (uint8_t)(d < 15 ? d : 15);
        }
    if (!with_need)
        return;
    backward(rc, n, g);
    for (int x = 0; x < n; x++) {
        const rank_ctx *c = &rc[x];
        for (int j = 0; j <= 4; j++)
            for (int q = 0; q < 2; q++)
                for (int a = 0; a <= j; a++)
                    for (int b = 0; a + b <= j; b++) {
                        int here = f[x][st(j, q, a, b)];
                        if (here >= BIG)
                            continue;
                        for (int t = 0; t < 2; t++)
                            for (int u = 0; u + q < 2; u++)
                                for (int s = 0; s <= c->max_runs; s++) {
                                    int use = a + b + s + 3 * t + 2 * u;
                                    int jj = j + s + t, qq = q + u;
                                    if (use > c->cap || jj > 4)
                                        break;
                                    if (use <= c->held)
                                        continue; /* draws no tile of x */
                                    int cost = here + rank_cost(c, use);
                                    for (int m = jj; m <= 4; m++)
                                        for (int p = qq; p < 2; p++) {
                                            int d = deficit[mjt__slot(m, p)];
                                            int rest =
                                                g[x + 1]
                                                 [st(m - jj, p - qq, s, a)];
                                            if (d < BIG && cost + rest == d)
                                                out->slot[mjt__slot(m, p)]
                                                    .need |=
                                                    (uint16_t)(1u << x);
                                        }
                                }
                    }
    }
}
