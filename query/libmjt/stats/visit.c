/* SPDX-License-Identifier: MIT */
/*
 * The fast visit of mjt_enumerate: every hand of a rank range, one at a
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
 * Two thirds of the joins of three suits would serve one hand, the one
 * without honors; each suit pattern comes joined with the empty honors
 * instead, and those hands are that joined with m and p.
 *
 * The deficits of a part are a vector of 16 byte lanes, so that a hand's
 * least deficit is one saturating add and one horizontal minimum, and the
 * splits that attain it a comparison (lanes.h: SSE4.1, or plain loops).
 *
 * A range of ranks is visited by skipping every prefix whose hands all lie
 * outside it: the hands under a prefix are the sets of the remaining tiles
 * on the remaining kinds, counted by a table.
 *
 * This route shares the tables' records with mjt_stats_exact, nothing else:
 * stats groups patterns and never sees a hand.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "lanes.h"
#include "records.h"
#include "stats.h"
#include "suit.h"

#define SLOTS 10

/* One pattern as the visit needs it: d by slot 2m + q (m melds, q pairs),
 * 255 in lanes 10-15 so that a sum there never attains a minimum. */
typedef struct prec {
    uint8_t d[16];
    uint16_t need[SLOTS]; /* rank bits */
    uint16_t ge[4];       /* ranks held more than j times */
    uint32_t w;           /* the product of C(4, c) over its ranks */
    uint8_t n;
} prec;

/* The last part of a hand as the innermost loops read it: prec's, with 16
 * lanes of tiles and the counts of its planes ready. */
typedef struct lrec {
    uint8_t d[16];
    /* the tiles of each slot, bits 0-7 and 8-15 (0 past slot 9): the
     * honors' fit the first */
    uint8_t need[2][16];
    uint16_t ge[4];
    uint32_t w;
    uint8_t pairs, kinds; /* kinds held twice or more, held at all */
    uint8_t yao, paired;  /* terminals and honors held, and one twice */
} lrec;

/* The join of the first parts (suits only: 27 tile bits at most). */
typedef struct jstate {
    uint8_t d[16]; /* by slot, 255 past the hand's target */
    /* sh[i], lane j: d[j - i] when slot i of the next part can join slot
     * j - i of this one (the pair at most once), else 255 */
    uint8_t sh[SLOTS][16];
    /* the same for the hand's own target, slot 2k + 1: rd[b] = d[2k+1-b],
     * rneed[b] = need[2k+1-b] (255 and 0 past it) */
    uint8_t rd[16];
    uint32_t need[12];       /* 0 past the target */
    uint32_t shn[SLOTS][12]; /* need as sh has d, 0 where it has 255 */
    uint32_t rneed[SLOTS];
    /* the union of rneed[b] over the bits b of i (lo) and of i << 5 (hi):
     * the tiles of the splits that attain a hand's least deficit */
    uint32_t lo[32], hi[32];
    uint32_t ge[4];
    uint64_t w;
    int pairs, kinds, yao, paired; /* of the planes, for the other forms */
} jstate;

struct visit_data {
    prec *part[2]; /* suit, honors: every pattern */
    int npat[2];
    /* part[tb] holds the patterns of t tiles at from[tb][t] to
     * from[tb][t + 1], in lexicographic order: a walk that need not keep
     * rank order streams through them */
    int from[2][16];
    int *by_budget[15]; /* the suit patterns of at most b tiles, in
                           lexicographic order: places in part[0] */
    int nby[15];
    /* the honors patterns of t tiles (part[1] from from[1][t]) as last
     * parts, for the innermost loop to stream through */
    lrec *last[15];
    /* each suit pattern (in part[0]'s order) joined with the empty honors,
     * rank bits 9-15 the honors': the last suit of a hand without honors,
     * which needs no join of its own */
    lrec *bare;
    uint64_t ways[35][15]; /* sets of t tiles on the last k kinds */
};

/* ==== Joins ==== */

/* The lane orders of a walk with k melds to the hand (slots 0 to 2k + 1;
 * lane 15 of a state's d is always 255, so pointing at it means "none"). */
typedef struct orders {
    uint8_t sh[SLOTS][16]; /* jstate.sh from d */
    uint8_t rev[16];       /* jstate.rd from d */
    uint8_t lanes[16];     /* 255 in the slots' lanes */
    int slots;
} orders;

static void orders_init(orders *o, int k)
{
    o->slots = 2 * k + 2;
    for (int j = 0; j < 16; j++) {
        o->lanes[j] = j < o->slots ? 255 : 0;
        o->rev[j] = (uint8_t)(j < o->slots ? o->slots - 1 - j : 15);
        for (int i = 0; i < SLOTS; i++) {
            int legal = j < o->slots && i <= j && !((i & 1) && (j - i) & 1);
            o->sh[i][j] = (uint8_t)(legal ? j - i : 15);
        }
    }
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
    /* hands (dealt, distinct) by the shanten of each form: one counter a
     * hand instead of one a form, a count and a sum each; fold spreads
     * them into the distributions, totals and sums.  The counter of
     * shanten s0, s1, s2 (standard, seven pairs, thirteen orphans) is
     * s0 + 1 | (s1 + 1) << 4 | (s2 + 1) << 8, NONE_KEY for a form that
     * does not apply. */
    uint64_t by_forms[4096][2];
} sums64;

#define NONE_KEY 15

#define FOLD_EVERY (UINT64_C(1) << 30)

typedef struct walker {
    const visit_data *v;
    int tiles, melds, one_suit;
    uint64_t first, end, at; /* the range, and the rank of the next hand */
    stats_result *r;
    sums64 s;
    uint64_t unfolded; /* hands in s */
    orders o;
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
                sh[f] = MJT_SHANTEN_NONE;
            else if (sh[f] < sh[3])
                sh[3] = sh[f];
        int comp = (sh[0] < 0) | (sh[1] == -1) << 1 | (sh[2] == -1) << 2;
        for (int c = 0; c < 2; c++) {
            u128 n = s->by_forms[k][c];
            for (int f = 0; f < 4; f++)
                if (sh[f] != MJT_SHANTEN_NONE)
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

/* Make j, whose d (255 past the target), need, ge and w are set, ready to
 * be joined to a next part (next) and to end a hand (last). */
static void ready(jstate *j, const orders *o, int next, int last)
{
    lanes d = lload(j->d);
    for (int i = 0; next && i < o->slots; i++) {
        lstore(j->sh[i], lperm(d, o->sh[i]));
        for (int t = 0; t < 12; t++)
            j->shn[i][t] = o->sh[i][t] != 15 ? j->need[o->sh[i][t]] : 0;
    }
    if (!last)
        return;
    lstore(j->rd, lperm(d, o->rev));
    for (int b = 0; b < SLOTS; b++)
        j->rneed[b] = b < o->slots ? j->need[o->slots - 1 - b] : 0;
    lunions(j->lo, j->rneed);
    lunions(j->hi, j->rneed + 5);
    j->pairs = __builtin_popcount(j->ge[1]);
    j->kinds = __builtin_popcount(j->ge[0]);
    j->yao = __builtin_popcount(j->ge[0] & (uint32_t)YAO);
    j->paired = (j->ge[1] & (uint32_t)YAO) != 0;
}

/* The first part, pattern p, its tiles from bit off on. */
static void start(const prec *p, int off, const orders *o, jstate *j)
{
    lstore(j->d, lperm(lload(p->d), o->sh[0])); /* 255 past the target */
    for (int s = 0; s < 12; s++)
        j->need[s] = s < o->slots ? (uint32_t)p->need[s] << off : 0;
    for (int x = 0; x < 4; x++)
        j->ge[x] = (uint32_t)p->ge[x] << off;
    j->w = p->w;
    ready(j, o, 1, 0);
}

/* a joined with pattern p of the part at bit offset off: each slot t is
 * the least sum over the splits of t, and its tiles those of every split
 * that attains it. */
static void join(const jstate *a, const prec *p, int off, const orders *o,
                 jstate *out)
{
    lanes pd = lload(p->d), best = lbcast(pd, 15), c[SLOTS];

    for (int i = 0; i < o->slots; i++) {
        c[i] = ladd(lload(a->sh[i]), lbcast(pd, i));
        best = lmin(best, c[i]);
    }
    lstore(out->d, best);
    lneeds(out->need, c, best, lload(o->lanes), a->shn, p->need, off, o->slots);
    for (int x = 0; x < 4; x++)
        out->ge[x] = a->ge[x] | (uint32_t)p->ge[x] << off;
    out->w = a->w * p->w;
}

/* Sums a loop of hands keeps in registers and adds to wk->s at its end. */
typedef struct local {
    uint64_t ukeire_sum[2];
} local;

/* A tenpai hand of weight w: the draws that complete form f, wins[f]. */
static __attribute__((noinline)) void waits(sums64 *r, uint64_t w0, uint64_t w1,
                                            uint64_t w2, uint64_t w)
{
    uint64_t wins[3] = {w0, w1, w2};
    for (int f = 0; f < 3; f++)
        for (uint64_t m = wins[f]; m != 0; m &= m - 1) {
            int t = __builtin_ctzll(m);
            r->waiting[t][0][f] += w;
            r->waiting[t][1][f] += 1;
        }
}

/*
 * The tallies of a hand: best its least deficit in the standard form and
 * need that form's tiles, ge its planes and the counts those of the
 * planes, w its weight.  others (13 or 14 tiles: seven pairs and thirteen
 * orphans apply) and draws (3k + 1 tiles: effective tiles and waits) are
 * constants where it is inlined, so each kind of walk gets its own loop.
 */
__attribute__((always_inline)) static inline void
tally(sums64 *r, local *l, int others, int draws, int best, uint64_t need,
      const uint64_t ge[4], int pairs, int kinds, int yao, int paired,
      uint64_t w)
{
    int sh0 = best - 1, sh1 = 0, sh2 = 0, least = sh0;
    unsigned k = (unsigned)best | NONE_KEY << 4 | NONE_KEY << 8;
    uint64_t mask1 = 0, mask2 = 0;

    if (others) {
        sh1 = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        sh2 = 13 - yao - paired;
        least = sh1 < least ? sh1 : least;
        least = sh2 < least ? sh2 : least;
        k = (unsigned)best | (unsigned)(sh1 + 1) << 4 |
            (unsigned)(sh2 + 1) << 8;
    }
    uint64_t *by = r->by_forms[k];
    by[0] += w;
    by[1] += 1;
    if (!draws)
        return;
    uint64_t eff = sh0 == least ? need : 0;
    if (others) {
        mask1 = (ge[0] & ~ge[1]) | (kinds < 7 ? ALL & ~ge[0] : 0);
        mask2 = (YAO & ~ge[0]) | (paired ? 0 : ge[0] & YAO);
        eff |= sh1 == least ? mask1 : 0;
        eff |= sh2 == least ? mask2 : 0;
    }
    uint64_t left = 4 * (uint64_t)__builtin_popcountll(eff) -
                    (uint64_t)__builtin_popcountll(eff & ge[0]) -
                    (uint64_t)__builtin_popcountll(eff & ge[1]) -
                    (uint64_t)__builtin_popcountll(eff & ge[2]) -
                    (uint64_t)__builtin_popcountll(eff & ge[3]);
    l->ukeire_sum[0] += w * left;
    l->ukeire_sum[1] += left;
    if (least == 0)
        waits(r, sh0 == 0 ? need : 0, others && sh1 == 0 ? mask1 : 0,
              others && sh2 == 0 ? mask2 : 0, w);
}

static void settle(walker *wk, const local *l)
{
    wk->s.ukeire_sum[0] += l->ukeire_sum[0];
    wk->s.ukeire_sum[1] += l->ukeire_sum[1];
}

/* Count n hands into wk->s, folding it first if they could overflow it. */
static void take(walker *wk, uint64_t n)
{
    if (wk->unfolded + n > FOLD_EVERY)
        fold(wk);
    wk->unfolded += n;
}

/* The hands of a and each last part from z to end, whose tiles start at
 * bit off: the loop that every hand goes through. */
__attribute__((always_inline)) static inline void
lasts_of(walker *wk, const jstate *a, const lrec *z, const lrec *end, int off,
         int others, int draws)
{
    local l = {{0, 0}};
    lanes rd = lload(a->rd);

    take(wk, (uint64_t)(end - z));
    for (; z < end; z++) {
        lanes sums = ladd(rd, lload(z->d)), least = lhmin(sums);
        lanes at = lsame(sums, least); /* the splits that attain it */
        unsigned e = lbits(at), zn = lor8(at, z->need[0]);
        if (off < 27) /* a suit and the honors: 16 bits */
            zn |= lor8(at, z->need[1]) << 8;
        uint64_t need =
            a->lo[e & 31] | a->hi[e >> 5 & 31] | (uint64_t)zn << off;
        uint64_t ge[4];
        for (int x = 0; x < 4; x++)
            ge[x] = a->ge[x] | (uint64_t)z->ge[x] << off;
        tally(&wk->s, &l, others, draws, lfirst(least), need, ge,
              a->pairs + z->pairs, a->kinds + z->kinds, a->yao + z->yao,
              a->paired | z->paired, a->w * z->w);
    }
    settle(wk, &l);
}

/* The last parts are the honors (off 27) or a suit with no honors (18);
 * each kind of hand gets its own loop. */
static void lasts(walker *wk, const jstate *a, const lrec *z, const lrec *end,
                  int off)
{
    int others = wk->tiles >= 13, draws = wk->tiles % 3 == 1;
    if (off == 27 && others && draws)
        lasts_of(wk, a, z, end, 27, 1, 1);
    else if (off == 27 && others)
        lasts_of(wk, a, z, end, 27, 1, 0);
    else if (off == 27)
        lasts_of(wk, a, z, end, 27, 0, draws);
    else
        lasts_of(wk, a, z, end, 18, others, draws);
}

/* The join of the parts to `level` with p, ready for what follows. */
static void step(walker *wk, int level, const jstate *a, const prec *p,
                 jstate *j)
{
    if (level == 0) {
        start(p, 0, &wk->o, j);
        return;
    }
    join(a, p, 9 * level, &wk->o, j);
    ready(j, &wk->o, level == 1, 1);
}

/* The honors patterns of t tiles. */
static size_t honors_of(const visit_data *v, int t)
{
    return (size_t)(v->from[1][t + 1] - v->from[1][t]);
}

/* Every hand under a, of the parts from `level` on with `left` tiles: all
 * in the range, so in any order, each part's patterns by size. */
static void whole(walker *wk, int level, const jstate *a, int left)
{
    const visit_data *v = wk->v;

    if (level == 3) {
        if (!wk->one_suit || left == 0)
            lasts(wk, a, v->last[left], v->last[left] + honors_of(v, left), 27);
        return;
    }
    int lo = wk->one_suit && level == 0 ? left : 0;
    int hi = wk->one_suit && level > 0 ? 0 : left;
    for (int n = lo; n <= hi; n++) {
        int first = v->from[0][n], end = v->from[0][n + 1];
        if (level == 2 && n == left) {
            lasts(wk, a, v->bare + first, v->bare + end, 18);
            continue;
        }
        for (int i = first; i < end; i++) {
            jstate j;
            step(wk, level, a, &v->part[0][i], &j);
            whole(wk, level + 1, &j, left - n);
        }
    }
}

/* The hands of the range under a, of the parts from `level` on with `left`
 * tiles, in rank order: wk->at is the rank of the next. */
static void walk(walker *wk, int level, const jstate *a, int left)
{
    const visit_data *v = wk->v;

    if (level == 3) {
        /* The honors hold exactly what is left: one hand each, in rank
         * order, so the range cuts the list at two places. */
        uint64_t n = wk->one_suit && left > 0 ? 0 : honors_of(v, left);
        uint64_t skip = wk->at < wk->first ? wk->first - wk->at : 0;
        uint64_t stop = wk->end - wk->at;
        skip = skip < n ? skip : n;
        stop = stop < n ? stop : n;
        if (skip < stop)
            lasts(wk, a, v->last[left] + skip, v->last[left] + stop, 27);
        wk->at += stop > skip ? stop : skip;
        return;
    }
    int budget = wk->one_suit && level > 0 ? 0 : left;
    int after = wk->one_suit ? 0 : 34 - 9 * (level + 1);
    const int *list = v->by_budget[budget];

    for (int i = 0; i < v->nby[budget] && wk->at < wk->end; i++) {
        const prec *p = &v->part[0][list[i]];
        uint64_t under = v->ways[after][left - p->n];
        if (wk->at + under <= wk->first) {
            wk->at += under; /* every hand under it is before the range */
            continue;
        }
        if (level == 2 && p->n == left) {
            /* no honors: this suit joined with them is at hand */
            lasts(wk, a, &v->bare[list[i]], &v->bare[list[i]] + 1, 18);
            wk->at++;
            continue;
        }
        jstate j;
        step(wk, level, a, p, &j);
        if (wk->at >= wk->first && wk->at + under <= wk->end) {
            whole(wk, level + 1, &j, left - p->n);
            wk->at += under;
        } else {
            walk(wk, level + 1, &j, left - p->n);
        }
    }
}

int mjt__visit_range(const visit_data *v, int tiles, int one_suit,
                     uint64_t first, uint64_t end, stats_result *r)
{
    /* sums64 is 70 KB: not the stack */
    walker *wk = mjt__calloc(1, sizeof *wk);
    if (wk == NULL)
        return -1;
    wk->v = v;
    wk->tiles = tiles;
    wk->melds = tiles / 3;
    wk->one_suit = one_suit;
    orders_init(&wk->o, wk->melds);
    wk->first = first;
    wk->end = end;
    wk->r = r;
    walk(wk, 0, NULL, tiles);
    fold(wk);
    free(wk);
    return 0;
}

/* ==== Setting up ==== */

static const int c4[5] = {1, 4, 6, 4, 1};

/* p as a last part whose terminals and honors are the bits of yao. */
static void last_of(const prec *p, unsigned yao, lrec *l)
{
    memset(l, 0, sizeof *l);
    memcpy(l->d, p->d, sizeof l->d);
    for (int s = 0; s < SLOTS; s++) {
        l->need[0][s] = (uint8_t)p->need[s];
        l->need[1][s] = (uint8_t)(p->need[s] >> 8);
    }
    memcpy(l->ge, p->ge, sizeof l->ge);
    l->w = p->w;
    l->pairs = (uint8_t)__builtin_popcount(p->ge[1]);
    l->kinds = (uint8_t)__builtin_popcount(p->ge[0]);
    l->yao = (uint8_t)__builtin_popcount(p->ge[0] & yao);
    l->paired = (p->ge[1] & yao) != 0;
}

/* Each suit pattern joined, by the walk's own join, with the honors of no
 * tile at bits 9-15. */
static int bare_suits(visit_data *v)
{
    orders o;
    jstate none, j;

    if ((v->bare = mjt__malloc((size_t)v->npat[0] * sizeof *v->bare)) == NULL)
        return MJT_ENOMEM;
    orders_init(&o, 4);
    start(&v->part[1][0], 9, &o, &none);
    for (int i = 0; i < v->npat[0]; i++) {
        const prec *s = &v->part[0][i];
        prec p = {.w = s->w, .n = s->n};
        join(&none, s, 0, &o, &j);
        memcpy(p.d, j.d, sizeof p.d);
        for (int x = 0; x < SLOTS; x++)
            p.need[x] = (uint16_t)j.need[x];
        for (int x = 0; x < 4; x++)
            p.ge[x] = (uint16_t)j.ge[x];
        last_of(&p, 0x101 | 0x7F << 9, &v->bare[i]);
    }
    return MJT_OK;
}

/* The place of counts c (n tiles on `ranks` ranks) among those of n tiles
 * in lexicographic order: the sets before it are, at each rank, those with
 * fewer there and the same before. */
static uint64_t lex_place(const visit_data *v, const uint8_t *c, int ranks,
                          int n)
{
    uint64_t at = 0;
    for (int r = 0, left = n; r < ranks; left -= c[r], r++)
        for (int x = 0; x < c[r] && x <= left; x++)
            at += v->ways[ranks - r - 1][left - x];
    return at;
}

/* The suit patterns of each budget in lexicographic order, by depth-first
 * generation: the next of t tiles is the next place among those. */
typedef struct budgets {
    visit_data *v;
    int filled[15];
} budgets;

static void budgets_from(budgets *o, int r, int tiles)
{
    visit_data *v = o->v;

    if (r == 9) {
        int at = v->from[0][tiles] + o->filled[tiles]++;
        for (int b = tiles; b <= 14; b++)
            v->by_budget[b][v->nby[b]++] = at;
        return;
    }
    for (int c = 0; c <= 4 && tiles + c <= 14; c++)
        budgets_from(o, r + 1, tiles + c);
}

static int budget_lists(visit_data *v)
{
    budgets o = {v, {0}};

    for (int b = 0; b <= 14; b++)
        if ((v->by_budget[b] =
                 mjt__malloc((size_t)v->from[0][b + 1] * sizeof(int))) == NULL)
            return MJT_ENOMEM;
    budgets_from(&o, 0, 0);
    return MJT_OK;
}

static int honors_lasts(visit_data *v)
{
    for (int t = 0; t <= 14; t++) {
        size_t n = honors_of(v, t);
        if ((v->last[t] = mjt__malloc((n > 0 ? n : 1) * sizeof *v->last[t])) ==
            NULL)
            return MJT_ENOMEM;
        for (size_t i = 0; i < n; i++)
            last_of(&v->part[1][(size_t)v->from[1][t] + i], 0x7F,
                    &v->last[t][i]);
    }
    return MJT_OK;
}

/* Where read_part puts each pattern of part tb. */
typedef struct reader {
    visit_data *v;
    int tb, ranks;
} reader;

static int put_pattern(void *ctx, const uint8_t *c, int t, const mjt__mrec *rec)
{
    reader *rd = ctx;
    visit_data *v = rd->v;
    prec *p =
        &v->part[rd->tb][v->from[rd->tb][t] + lex_place(v, c, rd->ranks, t)];

    assert(p->w == 0); /* each place once: w is 1 at least when taken */

    p->n = (uint8_t)t;
    p->w = 1;
    for (int r = 0; r < rd->ranks; r++) {
        p->w *= (uint32_t)c4[c[r]];
        for (int j = 0; j < 4; j++)
            p->ge[j] |= (uint16_t)((c[r] > j) << r);
    }
    memset(p->d, 255, sizeof p->d);
    for (int s = 0; s < SLOTS; s++) {
        p->d[s] = (uint8_t)mjt__mrec_deficit(rec, s);
        p->need[s] = (uint16_t)mjt__mrec_need(rec, s);
    }
    v->npat[rd->tb]++;
    return 0;
}

/* Read the patterns of part tb (the suits', the honors') into part[tb],
 * each at its place: by size, then lexicographic.  The places of t tiles
 * are as many as the sets of t tiles on `ranks` ranks, so the patterns
 * fill every place once. */
static int read_part(visit_data *v, const struct mjt_tables *t, int tb)
{
    reader rd = {v, tb, tb ? MJT__HONOR_RANKS : 9};
    int cap = tb ? MJT__HONOR_PATTERNS : MJT__SUIT_PATTERNS;

    for (int n = 0; n <= 14; n++)
        v->from[tb][n + 1] = v->from[tb][n] + (int)v->ways[rd.ranks][n];
    if ((v->part[tb] = mjt__calloc((size_t)cap, sizeof *v->part[tb])) == NULL)
        return MJT_ENOMEM;
    mjt__each_pattern(t, tb ? MJT__PART_HONOR : MJT__PART_SUIT, 14, put_pattern,
                      &rd);
    return MJT_OK;
}

int mjt__visit_load(const struct mjt_tables *t, visit_data **out)
{
    visit_data *v = mjt__calloc(1, sizeof *v);
    int rc = MJT_ENOMEM;

    if (v == NULL)
        goto fail;
    mjt__sets_table(v->ways);
    for (int tb = 0; tb < 2; tb++)
        if ((rc = read_part(v, t, tb)) != MJT_OK)
            goto fail;
    if ((rc = budget_lists(v)) != MJT_OK || (rc = honors_lasts(v)) != MJT_OK ||
        (rc = bare_suits(v)) != MJT_OK)
        goto fail;
    *out = v;
    return MJT_OK;
fail:
    mjt__visit_free(v);
    return rc;
}

void mjt__visit_free(visit_data *v)
{
    if (v == NULL)
        return;
    for (int tb = 0; tb < 2; tb++)
        free(v->part[tb]);
    for (int b = 0; b <= 14; b++) {
        free(v->by_budget[b]);
        free(v->last[b]);
    }
    free(v->bare);
    free(v);
}
