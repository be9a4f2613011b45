/* SPDX-License-Identifier: MIT */
/*
 * The pieces of the join that the queries of analyze.c and the
 * improvement tiles of improve.c share: the records a hand reads, the
 * need masks of tied slots, and the discard table's state, which answers
 * a hand with one part's record replaced.  All inline: they run in the
 * hot loops of both.
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

/*
 * Bit i of b (up to 7 bits) to a run of nine ones at bit 9i.  The multiply
 * lays copies of b 8 bits apart, so bit i of copy i lands on bit 9i and no
 * two copies overlap (no carries); the AND keeps those bits and the second
 * multiply widens each into a 9-bit field, again without overlap.
 */
static inline uint64_t spread9(uint64_t b)
{
    return ((b * UINT64_C(0x01010101010101)) & UINT64_C(0x40201008040201)) *
           0x1FF;
}

/* The 9-bit mask m repeated for the seven need masks of w1. */
static inline uint64_t spread_need(unsigned m)
{
    return (uint64_t)m * UINT64_C(0x0040201008040201);
}

/* OR of the need masks of the slots in ties, without a branch: the masks
 * of the slots chosen are kept and their 9-bit fields folded together. */
INLINE unsigned need_of(const mjt__mrec *r, unsigned ties)
{
    uint64_t a = r->w0 & (spread9((ties >> 1) & 3) << 40);
    uint64_t b = r->w1 & spread9((ties >> 3) & 0x7F);

    a |= a >> 9;
    b |= b >> 36;
    b |= b >> 18;
    b |= b >> 9;
    return (unsigned)((a >> 40) | b) & 0x1FF;
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
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) {
            /* i and j are the two parts that are neither a nor b. */
            int i = -1, j = -1;
            for (int x = 0; x < 4; x++)
                if (x != a && x != b)
                    *(i < 0 ? &i : &j) = x;
            d->other[i][j] = d->other[j][i] =
                mjt__conv(mjt__comp(d->v[a]), d->v[b], k);
        }
    d->rest[0] = mjt__conv(d->other[0][1], d->v[1], k);
    d->rest[1] = mjt__conv(d->other[0][1], d->v[0], k);
    d->rest[2] = mjt__conv(d->other[2][3], d->v[3], k);
    d->rest[3] = mjt__conv(d->other[2][3], d->v[2], k);
}

/* Standard-form deficit and mask once part i's record becomes ri. */
INLINE int dtable_entry(const dtable *d, int i, const mjt__mrec *ri,
                        uint64_t *mask, int k)
{
    mjt__vec vi = mjt__load(ri);
    mjt__vec y = mjt__align(d->rest[i], vi, k);
    int best = mjt__hmax(y);
    uint64_t m = (uint64_t)need_of(ri, mjt__ties(y, best)) << (9 * i);

    for (int j = 0; j < 4; j++) {
        if (j == i)
            continue;
        mjt__vec rest = mjt__conv(d->other[i][j], vi, k);
        mjt__vec yj = mjt__align(rest, d->v[j], k);
        m |= (uint64_t)need_of(d->r[j], mjt__ties(yj, best)) << (9 * j);
    }
    *mask = m;
    return MJT__INF - best;
}

#endif
