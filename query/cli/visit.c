/* SPDX-License-Identifier: MIT */
/*
 * The fast visit of mjq enumerate: every hand of a rank range, one at a
 * time, with the join of the parts that did not change reused.
 *
 * Hands in rank order are the parts m, p, s, z nested, each part's
 * patterns in the lexicographic order of their counts: so the join of m
 * and p serves every s and z under it, and the join of the three every z.
 * A join keeps, for each (melds, pair) target, the deficit and the tiles
 * that lower it: a tile lowers the joined deficit exactly when it lowers a
 * part's deficit in some split that attains the minimum (a tile lowers a
 * deficit by one at most, so a split above the minimum cannot overtake
 * it).  The last part is joined for the hand's own target only.  Seven
 * pairs and thirteen orphans come from the hand's planes (kinds held more
 * than j times), the effective tiles of the overall shanten are the union
 * over the forms that attain it, and the copies left are 4 per effective
 * kind less those held, read off the planes.
 *
 * A range of ranks is visited by skipping every prefix whose hands all lie
 * outside it: the hands under a prefix are the sets of the remaining tiles
 * on the remaining kinds, counted by a table.
 *
 * This route shares the tables' records with mjq stats and nothing else:
 * stats groups patterns and never sees a hand.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"
#include "suit.h"
#include "visit.h"

#define SLOTS 10

/* One pattern as the visit needs it. */
typedef struct prec {
    uint8_t n;
    uint8_t d[SLOTS];
    uint16_t need[SLOTS];
    uint16_t ge[4]; /* ranks held more than j times */
    uint32_t w;     /* the product of C(4, c) over its ranks */
} prec;

/* The join of the first parts. */
typedef struct jstate {
    uint8_t d[SLOTS];
    uint64_t need[SLOTS]; /* tile bits */
    uint64_t ge[4];
    uint64_t w;
} jstate;

struct visit_data {
    prec *part[2]; /* suit, honors: every pattern */
    int npat[2];
    int *by_budget[2][15]; /* lexicographic order, at most b tiles */
    int nby[2][15];
    int *exact[15]; /* honors of exactly t tiles, in order */
    int nexact[15];
    prec *last[15];        /* the same honors' records side by side: the walk's
                       innermost loop streams through them */
    uint64_t ways[35][15]; /* sets of t tiles on the last k kinds */
};

static const int c4[5] = {1, 4, 6, 4, 1};

/* ==== Setting up ==== */

typedef struct loader {
    prec *a;
    int ranks, n;
    const mjt__record *recs;
} loader;

int visit_load(mjt__tfile *f, const char *path, visit_data **out,
               mjt__diag *diag)
{
    visit_data *v = calloc(1, sizeof *v);
    int rc = MJT_ENOMEM;

    if (v == NULL)
        goto fail;
    for (int tb = 0; tb < 2; tb++) {
        int table = tb ? MJT__HONOR : MJT__SUIT;
        int ranks = mjt__table_ranks[table];
        size_t cap = tb ? MJT__HONOR_PATTERNS : MJT__SUIT_PATTERNS;
        uint64_t *keys = malloc(cap * sizeof *keys);
        v->part[tb] = malloc(cap * sizeof *v->part[tb]);
        if (keys == NULL || v->part[tb] == NULL) {
            free(keys);
            goto fail;
        }
        mjt__walk w;
        uint64_t key;
        const mjt__record *rec;
        size_t n = 0;
        if ((rc = mjt__walk_open(&w, f, table)) != MJT_OK) {
            free(keys);
            goto fail;
        }
        while ((rc = mjt__walk_next(&w, &key, &rec, diag)) == 1 && n < cap) {
            prec *p = &v->part[tb][n];
            uint8_t c[9] = {0};
            memset(p, 0, sizeof *p);
            p->n = (uint8_t)mjt__key_to_counts(key, ranks, c);
            p->w = 1;
            for (int r = 0; r < ranks; r++) {
                p->w *= (uint32_t)c4[c[r]];
                for (int j = 0; j < 4; j++)
                    p->ge[j] |= (uint16_t)((c[r] > j) << r);
            }
            for (int s = 0; s < SLOTS; s++) {
                p->d[s] = rec->slot[s].deficit;
                p->need[s] = rec->slot[s].need;
            }
            keys[n++] = key;
        }
        if (rc == 0)
            rc = mjt__tfile_check_digest(f, table, mjt__walk_digest(&w), path,
                                         diag);
        mjt__walk_close(&w);
        if (rc == 0 && n != cap) {
            mjt__diag_set(diag, MJT_ECORRUPT, -1,
                          "the %s table lacks patterns (made with "
                          "--max-tiles?)",
                          mjt__table_names[table]);
            rc = MJT_ECORRUPT;
        }
        v->npat[tb] = (int)n;
        if (rc != 0) {
            free(keys);
            goto fail;
        }
        rc = visit_order(v, tb, keys, ranks);
        free(keys);
        if (rc != 0)
            goto fail;
    }
    sets_table(v->ways);
    *out = v;
    return MJT_OK;
fail:
    if (rc == MJT_ENOMEM)
        mjt__diag_set(diag, rc, -1, "out of memory");
    visit_free(v);
    return rc;
}

/* Every pattern of `ranks` ranks as its counts in lexicographic order, by
 * depth-first generation; each budget's list keeps those it can hold. */
typedef struct orderer {
    visit_data *v;
    int tb, ranks;
    const uint64_t *keys;
    prec *ordered; /* the patterns, rewritten in lexicographic order */
    int next;      /* the place of the next one there */
    uint8_t c[9];
    int failed;
} orderer;

static int find_key(const uint64_t *keys, int n, uint64_t key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && keys[lo] == key ? lo : -1;
}

static void order_from(orderer *o, int r, int tiles)
{
    if (r == o->ranks) {
        int i = find_key(o->keys, o->v->npat[o->tb],
                         mjt__key_from_counts(o->c, o->ranks));
        if (i < 0 || o->next == o->v->npat[o->tb]) {
            o->failed = 1;
            return;
        }
        /* lists of places in lexicographic order walk memory forward */
        int at = o->next++;
        o->ordered[at] = o->v->part[o->tb][i];
        for (int b = tiles; b <= 14; b++)
            o->v->by_budget[o->tb][b][o->v->nby[o->tb][b]++] = at;
        if (o->tb == 1)
            o->v->exact[tiles][o->v->nexact[tiles]++] = at;
        return;
    }
    for (int c = 0; c <= 4 && tiles + c <= 14; c++) {
        o->c[r] = (uint8_t)c;
        order_from(o, r + 1, tiles + c);
    }
    o->c[r] = 0;
}

int visit_order(visit_data *v, int tb, const uint64_t *keys, int ranks)
{
    orderer o = {v, tb, ranks, keys, NULL, 0, {0}, 0};
    if ((o.ordered = malloc((size_t)v->npat[tb] * sizeof *o.ordered)) == NULL)
        return MJT_ENOMEM;
    for (int b = 0; b <= 14; b++) {
        v->by_budget[tb][b] = malloc((size_t)v->npat[tb] * sizeof(int));
        if (v->by_budget[tb][b] == NULL)
            return MJT_ENOMEM;
        v->nby[tb][b] = 0;
        if (tb == 1) {
            v->exact[b] = malloc((size_t)v->npat[tb] * sizeof(int));
            if (v->exact[b] == NULL)
                return MJT_ENOMEM;
            v->nexact[b] = 0;
        }
    }
    order_from(&o, 0, 0);
    free(v->part[tb]);
    v->part[tb] = o.ordered;
    if (o.failed || o.next != v->npat[tb])
        return MJT_ECORRUPT;
    for (int t = 0; tb == 1 && t <= 14; t++) {
        size_t n = v->nexact[t] > 0 ? (size_t)v->nexact[t] : 1;
        if ((v->last[t] = malloc(n * sizeof *v->last[t])) == NULL)
            return MJT_ENOMEM;
        for (int i = 0; i < v->nexact[t]; i++)
            v->last[t][i] = v->part[1][v->exact[t][i]];
    }
    return MJT_OK;
}

void visit_free(visit_data *v)
{
    if (v == NULL)
        return;
    for (int tb = 0; tb < 2; tb++) {
        free(v->part[tb]);
        for (int b = 0; b <= 14; b++)
            free(v->by_budget[tb][b]);
    }
    for (int b = 0; b <= 14; b++) {
        free(v->exact[b]);
        free(v->last[b]);
    }
    free(v);
}

/* ==== The walk ==== */

/*
 * A thread's sums in 64 bits, added into the 128-bit result every 2^30
 * hands: a hand weighs at most 6^7 dealt hands and adds at most 136 tiles
 * left times that, so 2^30 hands cannot carry a sum past 2^64.
 */
typedef struct sums64 {
    uint64_t ukeire_sum[2];
    uint64_t waiting[34][2][3];
    /* hands (dealt, distinct) by the shanten of each form, key(): one
     * counter a hand instead of one a form, a count and a sum each; fold
     * spreads them into the distributions, totals and sums */
    uint64_t by_forms[4096][2];
} sums64;

#define NONE_KEY 15

/* The counter of a hand whose forms' shanten are sh[0..2]. */
static inline unsigned key(const int sh[4])
{
    unsigned c = sh[1] == STATS_NONE ? NONE_KEY : (unsigned)(sh[1] + 1);
    unsigned k = sh[2] == STATS_NONE ? NONE_KEY : (unsigned)(sh[2] + 1);
    return (unsigned)(sh[0] + 1) | c << 4 | k << 8;
}

#define FOLD_EVERY (UINT64_C(1) << 30)

typedef struct walker {
    const visit_data *v;
    int tiles, melds, one_suit;
    uint64_t first, end, at; /* the range, and the rank of the next hand */
    stats_result *r;
    sums64 s;
    uint64_t unfolded; /* hands in s */
} walker;

static void fold(walker *wk)
{
    stats_result *r = wk->r;
    sums64 *s = &wk->s;
    for (unsigned k = 0; k < 4096; k++) {
        if (s->by_forms[k][1] == 0)
            continue;
        int sh[4] = {(int)(k & 15) - 1, (int)(k >> 4 & 15) - 1,
                     (int)(k >> 8) - 1, 0};
        sh[3] = sh[0];
        for (int f = 1; f < 3; f++)
            if (sh[f] == NONE_KEY - 1)
                sh[f] = STATS_NONE;
            else if (sh[f] < sh[3])
                sh[3] = sh[f];
        int comp = (sh[0] < 0) | (sh[1] == -1) << 1 | (sh[2] == -1) << 2;
        for (int c = 0; c < 2; c++) {
            u128 n = s->by_forms[k][c];
            for (int f = 0; f < 4; f++)
                if (sh[f] != STATS_NONE)
                    r->dist[c][f][sh[f] + 1] += n;
            r->total[c] += n;
            r->shanten_sum[c] += n * (u128)(sh[3] + 1);
            if (wk->tiles % 3 == 2)
                r->complete[c][comp] += n;
        }
    }
    for (int c = 0; c < 2; c++) {
        r->ukeire_sum[c] += s->ukeire_sum[c];
        for (int k = 0; k < 34; k++)
            for (int f = 0; f < 3; f++)
                r->waiting[k][c][f] += s->waiting[k][c][f];
    }
    memset(s, 0, sizeof *s);
    wk->unfolded = 0;
}

#define YAO                                                                    \
    (UINT64_C(1) << 0 | UINT64_C(1) << 8 | UINT64_C(1) << 9 |                  \
     UINT64_C(1) << 17 | UINT64_C(1) << 18 | UINT64_C(1) << 26 |               \
     UINT64_C(0x7F) << 27)
#define ALL ((UINT64_C(1) << 34) - 1)

static void start(const prec *p, jstate *j)
{
    memcpy(j->d, p->d, sizeof j->d);
    for (int s = 0; s < SLOTS; s++)
        j->need[s] = p->need[s];
    for (int x = 0; x < 4; x++)
        j->ge[x] = p->ge[x];
    j->w = p->w;
}

/* a joined with pattern p of the part at bit offset off. */
static void join(const jstate *a, const prec *p, int off, int melds,
                 jstate *out)
{
    for (int m = 0; m <= melds; m++)
        for (int q = 0; q < 2; q++) {
            int best = 255;
            uint64_t need = 0;
            for (int ma = 0; ma <= m; ma++)
                for (int qa = 0; qa <= q; qa++) {
                    int sa = 2 * ma + qa, sp = 2 * (m - ma) + (q - qa);
                    int d = a->d[sa] + p->d[sp];
                    uint64_t n = a->need[sa] | (uint64_t)p->need[sp] << off;
                    if (d < best)
                        best = d, need = n;
                    else if (d == best)
                        need |= n;
                }
            out->d[2 * m + q] = (uint8_t)best;
            out->need[2 * m + q] = need;
        }
    for (int x = 0; x < 4; x++)
        out->ge[x] = a->ge[x] | (uint64_t)p->ge[x] << off;
    out->w = a->w * p->w;
}

/* The last part z joined with the other three a: the hand's tallies. */
static void hand(walker *wk, const jstate *a, const prec *z)
{
    sums64 *r = &wk->s;
    int k = wk->melds, best = 255;
    uint64_t mask[3] = {0, 0, 0}, ge[4];

    for (int mz = 0; mz <= k; mz++)
        for (int qz = 0; qz < 2; qz++) {
            int sa = 2 * (k - mz) + (1 - qz), sz = 2 * mz + qz;
            int d = a->d[sa] + z->d[sz];
            uint64_t n = a->need[sa] | (uint64_t)z->need[sz] << 27;
            if (d < best)
                best = d, mask[0] = n;
            else if (d == best)
                mask[0] |= n;
        }
    for (int x = 0; x < 4; x++)
        ge[x] = a->ge[x] | (uint64_t)z->ge[x] << 27;
    int sh[4] = {best - 1, STATS_NONE, STATS_NONE, best - 1};
    if (wk->tiles >= 13) {
        int pairs = __builtin_popcountll(ge[1]),
            kinds = __builtin_popcountll(ge[0]);
        int yao = __builtin_popcountll(ge[0] & YAO),
            paired = (ge[1] & YAO) != 0;
        sh[1] = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        mask[1] = (ge[0] & ~ge[1]) | (kinds < 7 ? ALL & ~ge[0] : 0);
        sh[2] = 13 - yao - paired;
        mask[2] = (YAO & ~ge[0]) | (paired ? 0 : ge[0] & YAO);
        for (int f = 1; f < 3; f++)
            sh[3] = sh[f] < sh[3] ? sh[f] : sh[3];
    }
    uint64_t w = a->w * z->w;
    if (++wk->unfolded == FOLD_EVERY)
        fold(wk);
    uint64_t *by = r->by_forms[key(sh)];
    by[0] += w;
    by[1] += 1;
    if (wk->tiles % 3 == 2)
        return;
    uint64_t eff = 0;
    for (int f = 0; f < 3; f++)
        if (sh[f] == sh[3])
            eff |= mask[f];
    int left = 4 * __builtin_popcountll(eff);
    for (int x = 0; x < 4; x++)
        left -= __builtin_popcountll(eff & ge[x]);
    r->ukeire_sum[0] += w * (uint64_t)left;
    r->ukeire_sum[1] += (uint64_t)left;
    if (sh[3] != 0)
        return;
    for (int f = 0; f < 3; f++)
        for (uint64_t m = sh[f] == 0 ? mask[f] : 0; m != 0; m &= m - 1) {
            int t = __builtin_ctzll(m);
            r->waiting[t][0][f] += w;
            r->waiting[t][1][f] += 1;
        }
}

/* The hands of the parts from `level` on with `left` tiles, under the
 * join a of the parts before (NULL at level 0). */
static void walk(walker *wk, int level, const jstate *a, int left)
{
    const visit_data *v = wk->v;
    int tb = level == 3, budget = wk->one_suit && level > 0 ? 0 : left;

    if (level == 3) {
        /* The honors hold exactly what is left: one hand each, in rank
         * order, so the range cuts the list at two places. */
        uint64_t n = budget == left ? (uint64_t)v->nexact[left] : 0;
        uint64_t skip = wk->at < wk->first ? wk->first - wk->at : 0;
        uint64_t stop = wk->end - wk->at;
        skip = skip < n ? skip : n;
        stop = stop < n ? stop : n;
        for (uint64_t i = skip; i < stop; i++)
            hand(wk, a, &v->last[left][i]);
        wk->at += stop > skip ? stop : skip;
        return;
    }
    int after = wk->one_suit ? 0 : 34 - 9 * (level + 1) + (level == 3 ? 2 : 0);
    /* the last part holds exactly what is left (nothing, for one suit) */
    const int *list = level == 3 ? v->exact[left] : v->by_budget[tb][budget];
    int len = level == 3 ? (budget == left ? v->nexact[left] : 0)
                         : v->nby[tb][budget];

    for (int i = 0; i < len && wk->at < wk->end; i++) {
        const prec *p = &v->part[tb][list[i]];
        uint64_t under = v->ways[after][left - p->n];
        if (wk->at + under <= wk->first) {
            wk->at += under; /* every hand under it is before the range */
            continue;
        }
        if (level == 3) {
            hand(wk, a, p);
            wk->at++;
            continue;
        }
        jstate j;
        if (level == 0)
            start(p, &j);
        else
            join(a, p, 9 * level, wk->melds, &j);
        walk(wk, level + 1, &j, left - p->n);
    }
}

int visit_range(const visit_data *v, int tiles, int one_suit, uint64_t first,
                uint64_t end, stats_result *r)
{
    walker *wk = calloc(1, sizeof *wk); /* sums64 is 70 KB: not the stack */
    if (wk == NULL)
        return -1;
    wk->v = v;
    wk->tiles = tiles;
    wk->melds = tiles / 3;
    wk->one_suit = one_suit;
    wk->first = first;
    wk->end = end;
    wk->r = r;
    walk(wk, 0, NULL, tiles);
    fold(wk);
    free(wk);
    return 0;
}
