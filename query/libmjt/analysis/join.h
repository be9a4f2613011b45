/* SPDX-License-Identifier: MIT */
/*
 * The pieces of the join that the queries of analyze.c, the hands with
 * calls of called.c and the improvement tiles of improve.c share: the
 * records a hand reads, the need masks of tied slots, the discard
 * table's state, which answers a hand with one part's record replaced,
 * and the planes the copies left are counted on.  All inline: they run in
 * the hot loops of all three.
 */
#ifndef MJT__QUERY_JOIN_H
#define MJT__QUERY_JOIN_H

#include "internal.h"
#include "minplus.h"

#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#else
#define INLINE static inline
#endif

/* Call fn(args..., k) with k a constant 0-4, so that each query is compiled
 * five times with the convolutions cut to the terms that k needs. */
#define WITH_K(k, fn, ...)                                                     \
    ((k) == 4   ? fn(__VA_ARGS__, 4)                                           \
     : (k) == 3 ? fn(__VA_ARGS__, 3)                                           \
     : (k) == 2 ? fn(__VA_ARGS__, 2)                                           \
     : (k) == 1 ? fn(__VA_ARGS__, 1)                                           \
                : fn(__VA_ARGS__, 0))

/* Part p's record, by the index in its part word. */
static inline const mjt__mrec *rec_of(const mjt__hv *v, int p)
{
    return &v->ru->rec[p][MJT__W_INDEX(v->w[p])];
}

/* The records the join reads: the tables' own for every part. */
typedef struct recs {
    const mjt__mrec *r[4];
} recs;

INLINE recs recs_of(const mjt__hv *v)
{
    recs r = {{rec_of(v, 0), rec_of(v, 1), rec_of(v, 2), rec_of(v, 3)}};
    return r;
}

/* The 9-bit mask m repeated for the seven need masks of w1. */
static inline uint64_t spread_need(unsigned m)
{
    return (uint64_t)m * UINT64_C(0x0040201008040201);
}

/* Bit i of b (below 128) to a run of nine ones at bit 9i (analyze.c):
 * a load, in the join's hottest step, where the two multiplies that make
 * it would wait on each other. */
#if defined(__GNUC__)
/* within the library: read where it is, not through the GOT */
__attribute__((visibility("hidden")))
#endif
extern const uint64_t mjt__spread9[128];

/* OR of the need masks of the slots in ties, without a branch: the masks
 * of the slots chosen are kept and their 9-bit fields folded together. */
INLINE unsigned need_of(const mjt__mrec *r, unsigned ties)
{
    uint64_t a = r->w0 & (mjt__spread9[(ties >> 1) & 3] << 40);
    uint64_t b = r->w1 & mjt__spread9[(ties >> 3) & 0x7F];

    a |= a >> 9;
    b |= b >> 36;
    b |= b >> 18;
    b |= b >> 9;
    return (unsigned)((a >> 40) | b) & 0x1FF;
}

/* The slots (0-9) on which records r and s have the same deficit. */
static inline unsigned same_slots(const mjt__mrec *r, const mjt__mrec *s)
{
#if MJT__HAVE_VEC
    return (unsigned)_mm_movemask_epi8(
               _mm_cmpeq_epi8(mjt__load(r), mjt__load(s))) &
           0x3FF;
#else
    uint64_t diff = r->w0 ^ s->w0;
    unsigned same = 0;
    for (int j = 0; j < 10; j++)
        same |= (unsigned)((diff >> (4 * j) & 0xF) == 0) << j;
    return same;
#endif
}

/*
 * The standard form's ties of a 3k+2 hand and the discards that keep its
 * deficit.  Each part's record aligned against the other three joined
 * (complemented) gives the hand's deficit on every slot of that part; a
 * tied slot is one on which the part reaches the best.  Discarding y of
 * part b costs nothing exactly when b's record less y equals b's on a
 * tied slot: the other parts are the same, and a record less a tile is
 * nowhere below the record.  Otherwise the deficit rises by one (y put
 * back is one tile more needed).  Returns the kinds held whose discard
 * keeps it; *s0 the shanten they leave.  Six convolutions, against the
 * discard table's ten and its alignments a kind.
 */
INLINE uint64_t keep_std(const mjt__hv *v, uint64_t held, int *s0, int k)
{
    recs r = recs_of(v);
    mjt__vec vp[4], rest[4];
    unsigned tie[4];

    for (int p = 0; p < 4; p++)
        vp[p] = mjt__load(r.r[p]);
    mjt__vec o01 = mjt__conv(mjt__comp(vp[2]), vp[3], k);
    mjt__vec o23 = mjt__conv(mjt__comp(vp[0]), vp[1], k);
    rest[0] = mjt__conv(o01, vp[1], k);
    rest[1] = mjt__conv(o01, vp[0], k);
    rest[2] = mjt__conv(o23, vp[3], k);
    rest[3] = mjt__conv(o23, vp[2], k);
    mjt__vec y0 = mjt__align(rest[0], vp[0], k);
    int best = mjt__hmax(y0);
    tie[0] = mjt__ties(y0, best);
    for (int p = 1; p < 4; p++)
        tie[p] = mjt__ties(mjt__align(rest[p], vp[p], k), best);
    uint64_t keep = 0;
    for (uint64_t c = held; c != 0; c &= c - 1) {
        int y = __builtin_ctzll(c), b = y / 9;
        const mjt__mrec *ry =
            mjt__rec(v->ru, b, v->code[b] - mjt__code_step[y % 9]);
        keep |= (uint64_t)((same_slots(ry, r.r[b]) & tie[b]) != 0) << y;
    }
    *s0 = MJT__INF - best - 1;
    return keep;
}

/* The join state a discard table shares across its entries. */
typedef struct dtable {
    const mjt__mrec *r[4];
    mjt__vec v[4];
    mjt__vec rest[4];     /* the other three parts, complemented */
    mjt__vec other[4][4]; /* other[i][j]: the two parts but i and j */
} dtable;

INLINE void dtable_init(dtable *d, const recs *r, int k)
{
    for (int part = 0; part < 4; part++) {
        d->r[part] = r->r[part];
        d->v[part] = mjt__load(d->r[part]);
    }
    /* OTHER(i, j, a, b): parts a and b, the two that are neither i nor j */
#define OTHER(i, j, a, b)                                                      \
    d->other[i][j] = d->other[j][i] = mjt__conv(mjt__comp(d->v[a]), d->v[b], k)
    OTHER(2, 3, 0, 1);
    OTHER(1, 3, 0, 2);
    OTHER(1, 2, 0, 3);
    OTHER(0, 3, 1, 2);
    OTHER(0, 2, 1, 3);
    OTHER(0, 1, 2, 3);
#undef OTHER
    d->rest[0] = mjt__conv(d->other[0][1], d->v[1], k);
    d->rest[1] = mjt__conv(d->other[0][1], d->v[0], k);
    d->rest[2] = mjt__conv(d->other[2][3], d->v[3], k);
    d->rest[3] = mjt__conv(d->other[2][3], d->v[2], k);
}

/* The join once part i's deficits become vi: the standard-form deficit,
 * the slots of each part on which an optimal split lies (ties) and the
 * need masks of the parts but i on theirs (*others).  Part i's own masks
 * are the only thing of its record read past its deficits. */
INLINE int dtable_join(const dtable *d, int i, mjt__vec vi, uint64_t *others,
                       unsigned ties[4], int k)
{
    mjt__vec y = mjt__align(d->rest[i], vi, k);
    int best = mjt__hmax(y);
    uint64_t m = 0;

    ties[i] = mjt__ties(y, best);
    for (int j = 0; j < 4; j++) {
        if (j == i)
            continue;
        mjt__vec rest = mjt__conv(d->other[i][j], vi, k);
        mjt__vec yj = mjt__align(rest, d->v[j], k);
        ties[j] = mjt__ties(yj, best);
        m |= (uint64_t)need_of(d->r[j], ties[j]) << (9 * j);
    }
    *others = m;
    return MJT__INF - best;
}

/* Standard-form deficit and mask once part i's record becomes ri; ties[p]
 * gets the slots of part p on which an optimal split lies. */
INLINE int dtable_entry(const dtable *d, int i, const mjt__mrec *ri,
                        uint64_t *mask, unsigned ties[4], int k)
{
    uint64_t others;
    int deficit = dtable_join(d, i, mjt__load(ri), &others, ties, k);

    *mask = others | (uint64_t)need_of(ri, ties[i]) << (9 * i);
    return deficit;
}

/* The held tiles and the visible ones as planes: bit i of ge[j] set when
 * tile i is held more than j times, of vis[j] when seen more than j times
 * (vis[4]: more than 4, an error). */
typedef struct planes {
    uint64_t ge[4], vis[5];
} planes;

/* Copies of the tiles in mask that are neither held nor seen. */
static inline int tiles_left(const planes *pl, uint64_t mask)
{
    int n = 4 * __builtin_popcountll(mask);

    for (int j = 0; j < 4; j++)
        n -= __builtin_popcountll(mask & pl->ge[j]) +
             __builtin_popcountll(mask & pl->vis[j]);
    return n;
}

/* The planes of the copies left: bit i of left[j] set when more than j
 * copies of tile i are neither held nor seen.  Held and seen sum to at
 * most 4 (planes_of checks it), and left > j exactly when held <= a and
 * seen <= 3 - j - a for some a. */
static inline void left_planes(const planes *pl, uint64_t left[4])
{
    for (int j = 0; j < 4; j++) {
        uint64_t l = 0;
        for (int a = 0; a <= 3 - j; a++)
            l |= ~pl->ge[a] & ~pl->vis[3 - j - a];
        left[j] = l;
    }
}

/* tiles_left on the planes of left_planes: four counts instead of nine,
 * for the discard tables, which count a mask a row on one hand's planes. */
static inline int count_left(const uint64_t left[4], uint64_t mask)
{
    return __builtin_popcountll(mask & left[0]) +
           __builtin_popcountll(mask & left[1]) +
           __builtin_popcountll(mask & left[2]) +
           __builtin_popcountll(mask & left[3]);
}

#endif
