/* SPDX-License-Identifier: MIT */
/*
 * What a win from a tenpai node is worth, for an expected-score question:
 * per winning copy left, the average points of the tsumo wins it can make,
 * each scored by the scoring engine, in each way the win can come (dama
 * or riichi, ippatsu, haitei: EV_*).  points.c's closed form weighs them by
 * the chance of each.  On the forgetful wall (exchange, back) each win
 * is a draw of its own (a red five apart), and its ways are kept per win
 * edge: the bound weighs each copy on its own.
 *
 * A winning kind's copies left are its red fives in the wall (a red five
 * drawn is held) and its plain copies; each copy is equally likely to be
 * the first winning tile drawn, so the average over copies is the value
 * of the win.  With riichi the ura dora are an expectation: the indicator
 * is uniform over the copies unseen at the question less those the
 * winning hand keeps of them (the model of mjt.h), and the hand's ura
 * count depends only on the kind it points at, so each count is weighed
 * by its indicators' copies.  One score of a win answers every way of
 * it (mjt__score_ladder: the points with each number of han more).
 */
#include "wall.h"

#include <string.h>

#include "codes.h"

/* The kind whose indicator makes kind k dora (mjt__dora_of's inverse). */
static int indicator_of(int k)
{
    if (k < 27)
        return k % 9 == 0 ? k + 8 : k - 1;
    if (k < 31)
        return k == 27 ? 30 : k - 1;
    return k == 31 ? 33 : k - 1;
}

/* The ladder of tiles c (calls from ev) in situation x: the most points
 * of a reading with e more han, e = 0 .. n - 1. */
static int ladder(const wexpect *ev, const mjt_tiles *c, const mjt_win *x,
                  int n, int32_t *out)
{
    return mjt__score_ladder(c, ev->calls, ev->ncalls, x, &ev->rules, n, out);
}

/* The ways of a win of tiles c (on x->tile) into way[EV_WAYS]; ura: the
 * ura indicator's copies by the number of dora they make of the winning
 * hand (0 to 4).  Every 1-han yaku of the situation (riichi, ippatsu,
 * haitei) and every ura dora adds one han to every reading of a closed
 * hand, whose every reading has a yaku (menzen tsumo): one ladder answers
 * them all.  An open hand's reading without a yaku gains one from haitei,
 * han and dora too: haitei is asked for on its own. */
static int ways(const wexpect *ev, const mjt_tiles *c, mjt_win *x,
                const int *ura, double *way)
{
    int32_t L[8];
    int rc, closed = ev->riichi != MJT_RIICHI_NEVER, top = 0, total = 0;

    for (int u = 0; u < 5; u++) {
        total += ura[u];
        top = ura[u] > 0 ? u : top;
    }
    /* riichi is L[1]; u ura dora are u more, ippatsu and haitei one each */
    if ((rc = ladder(ev, c, x, closed ? 4 + top : 1, L)) != MJT_OK)
        return rc;
    way[EV_DAMA] = L[0];
    way[EV_DAMA_LAST] = L[0];
    if (ev->last && closed) {
        way[EV_DAMA_LAST] = L[1];
    } else if (ev->last) {
        int32_t h;
        x->last = 1;
        rc = ladder(ev, c, x, 1, &h);
        x->last = 0;
        if (rc != MJT_OK)
            return rc;
        way[EV_DAMA_LAST] = h;
    }
    if (!closed)
        return MJT_OK;
    for (int i = EV_RIICHI; i < EV_WAYS; i++)
        way[i] = 0;
    for (int u = 0; u <= top; u++) {
        /* no tile unseen: no ura to turn */
        double p = total == 0 ? u == 0 : (double)ura[u] / total;
        way[EV_RIICHI] += p * L[1 + u];
        way[EV_IPPATSU] += p * L[2 + u];
        way[EV_RIICHI_LAST] += p * L[2 + u];
        way[EV_IPPATSU_LAST] += p * L[3 + u];
    }
    return MJT_OK;
}

/* The ura indicator's copies of kind j for a winning hand holding c of
 * it: those unseen at the question less those the hand drew, past what
 * the question's 13 tiles held (orig, less the row's discard adj). */
static inline int pool_of(const wexpect *ev, int j, int c, int adj)
{
    int kept = c - (ev->orig[j] - (j == adj));
    int p = ev->unseen[j] - (kept > 0 ? kept : 0);
    return p > 0 ? p : 0;
}

/* The win of tenpai node n (of counts, len tiles) on kind k, a red five
 * when red: its tiles into *c, its situation into *x. */
static void win_of(const wexpect *ev, const wnode *n, const uint8_t *counts,
                   int len, int k, int red, mjt_tiles *c, mjt_win *x)
{
    memcpy(c->counts, counts, MJT_KINDS);
    c->counts[k]++;
    c->len = (uint8_t)(len + 1);
    for (int s = 0; s < 3; s++)
        c->red[s] = (uint8_t)(red_held(n->key.red, s) + (red && s == k / 9));
    *x = ev->win;
    x->tile = (uint8_t)(red ? MJT_RED_5M + k / 9 : k);
}

/* The ways of the win edge of node n on kind k (red: a red five) into
 * ev->w, at that edge's draw (EV_WAYS each); no such edge: nothing. */
static void edge_ways(const wall *w, const wnode *n, int k, int red,
                      const double *way)
{
    const wedge *e = (const wedge *)w->edges.p + n->edge;
    for (uint32_t j = 0; j < n->nedge; j++)
        if (e[j].kind == k && e[j].wins == 1 + red)
            memcpy(w->ev->w + EV_WAYS * (size_t)e[j].draw, way,
                   EV_WAYS * sizeof *way);
}

/* The values of tenpai node i into v[EV_WAYS], and each of its win edges'
 * (exchange and back) into ev->w. */
static int node_values(const wall *w, const wnode *n, double *v)
{
    const wexpect *ev = w->ev;
    uint8_t counts[MJT_KINDS], all[MJT_KINDS];
    int adj = n->key.adj, rc, len = 0, ura[5] = {0, 0, 0, 0, 0};

    for (int p = 0; p < 4; p++)
        mjt__code_counts(n->key.code[p], counts + 9 * p, p < 3 ? 9 : 7);
    memset(v, 0, EV_WAYS * sizeof *v);
    if (n->left_eff == 0)
        return MJT_OK;
    /* the ura indicators of the 13 tiles; a win changes one kind of them */
    for (int j = 0; j < MJT_KINDS; j++) {
        len += counts[j];
        all[j] = (uint8_t)(counts[j] + 4 - w->cap[j]);
    }
    for (int j = 0; j < MJT_KINDS; j++)
        ura[all[mjt__dora_of(j)]] += pool_of(ev, j, counts[j], adj);
    for (uint64_t m = n->eff; m != 0; m &= m - 1) {
        int k = __builtin_ctzll(m);
        int left = w->base[k] - counts[k] - (k == adj);
        if (left <= 0)
            continue;
        /* with the winning k: k's own copies as an indicator, and the
         * indicator of k (the one kind whose dora k is) one dora more */
        int u14[5];
        memcpy(u14, ura, sizeof u14);
        u14[all[mjt__dora_of(k)]] +=
            pool_of(ev, k, counts[k] + 1, adj) - pool_of(ev, k, counts[k], adj);
        int pj = pool_of(ev, indicator_of(k), counts[indicator_of(k)], adj);
        u14[all[k]] -= pj;
        u14[all[k] + 1] += pj;
        int reds = k < 27 && k % 9 == 4 ? red_wall(n->key.red, k / 9) : 0;
        reds = reds < left ? reds : left;
        for (int red = 0; red <= 1; red++) {
            int copies = red ? reds : left - reds;
            if (copies == 0)
                continue;
            mjt_tiles c;
            mjt_win x;
            win_of(ev, n, counts, len, k, red, &c, &x);
            double way[EV_WAYS] = {0}; /* an open hand's riichi: 0 */
            if ((rc = ways(ev, &c, &x, u14, way)) != MJT_OK)
                return rc;
            for (int j = 0; j < EV_WAYS; j++)
                v[j] += copies * way[j];
            edge_ways(w, n, k, red, way);
        }
    }
    for (int j = 0; j < EV_WAYS; j++)
        v[j] /= n->left_eff;
    return MJT_OK;
}

int mjt__wall_values(wall *w)
{
    wexpect *ev = w->ev;
    size_t ntenpai = 0, nwins = 0, N = w->nodes.len;
    wnode *nodes = wall_nodes(w);
    int rc;

    /* each tenpai node's place, and its win edges' */
    for (size_t i = 0; i < N; i++) {
        if (nodes[i].shanten != 0)
            continue;
        nodes[i].aux = (uint32_t)ntenpai++;
        wedge *e = (wedge *)w->edges.p + nodes[i].edge;
        for (uint32_t j = 0; j < nodes[i].nedge; j++)
            if (e[j].wins)
                e[j].draw = (uint32_t)nwins++;
    }
    ev->ntenpai = ntenpai;
    if ((rc = mjt__wall_doubles(w, &ev->v, &ev->nv, EV_WAYS * (ntenpai + 1))) !=
            MJT_OK ||
        (rc = mjt__wall_doubles(w, &ev->w, &ev->nw, EV_WAYS * (nwins + 1))) !=
            MJT_OK)
        return rc;
    for (size_t i = 0; i < N; i++) {
        if (nodes[i].shanten != 0)
            continue;
        double *v = ev->v + EV_WAYS * (size_t)nodes[i].aux;
        /* A node the build left out is reached with no draw left, and no
         * pass reads its values (wall_reached): they are not scored.
         * Late in a game, with few draws left, these are most of the
         * tenpai nodes of exchange and back play. */
        if (!nodes[i].built) {
            memset(v, 0, EV_WAYS * sizeof *v);
            continue;
        }
        if ((++w->steps & 63) == 0 && (rc = mjt__wall_check(w)) != MJT_OK)
            return rc;
        if ((rc = node_values(w, &nodes[i], v)) != MJT_OK)
            return rc;
    }
    return MJT_OK;
}
