/* SPDX-License-Identifier: MIT */
/*
 * Sixteen byte lanes, as the visit of mjt_enumerate (visit.c) reads a
 * part's deficits: saturating sums, shuffles, the least lane, and the
 * tiles of the lanes that attain it.  SSE4.1 where the build has it, the
 * same in plain loops elsewhere; each a few instructions, all inline.
 */
#ifndef MJT__QUERY_LANES_H
#define MJT__QUERY_LANES_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE4_1__)
#include <smmintrin.h>

typedef __m128i lanes;

static inline lanes lload(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
static inline void lstore(void *p, lanes x)
{
    _mm_storeu_si128((__m128i *)p, x);
}
/* a + b, saturating at 255 */
static inline lanes ladd(lanes a, lanes b)
{
    return _mm_adds_epu8(a, b);
}
static inline lanes lmin(lanes a, lanes b)
{
    return _mm_min_epu8(a, b);
}
/* lane ctrl[j] of x in lane j (ctrl[j] < 16) */
static inline lanes lperm(lanes x, const uint8_t *ctrl)
{
    return _mm_shuffle_epi8(x, lload(ctrl));
}
static inline lanes lbcast(lanes x, int i)
{
    return _mm_shuffle_epi8(x, _mm_set1_epi8((char)i));
}
/* The least lane of x, in every lane. */
static inline lanes lhmin(lanes x)
{
    x = _mm_min_epu8(x, _mm_srli_si128(x, 8));
    x = _mm_minpos_epu16(_mm_cvtepu8_epi16(x)); /* the least in word 0 */
    return _mm_shuffle_epi8(x, _mm_setzero_si128());
}
static inline int lfirst(lanes x)
{
    return _mm_cvtsi128_si32(x) & 255;
}
/* 255 in the lanes where a and b are equal, else 0. */
static inline lanes lsame(lanes a, lanes b)
{
    return _mm_cmpeq_epi8(a, b);
}
/* Bit j set where lane j of x is 255 (x's lanes being 0 or 255). */
static inline unsigned lbits(lanes x)
{
    return (unsigned)_mm_movemask_epi8(x);
}
/* The OR of x's lanes where sel's are 255. */
static inline unsigned lor8(lanes sel, const uint8_t *x)
{
    __m128i a = _mm_and_si128(sel, lload(x));
    a = _mm_or_si128(a, _mm_srli_si128(a, 8));
    a = _mm_or_si128(a, _mm_srli_si128(a, 4));
    a = _mm_or_si128(a, _mm_srli_si128(a, 2));
    a = _mm_or_si128(a, _mm_srli_si128(a, 1));
    return (unsigned)_mm_cvtsi128_si32(a) & 255;
}
/* t[i] = the OR of r[b] over the bits b of i, for i < 32. */
static inline void lunions(uint32_t *t, const uint32_t *r)
{
    __m128i x[8];
    x[0] = _mm_set_epi32((int)(r[0] | r[1]), (int)r[1], (int)r[0], 0);
    for (int b = 2, n = 1; b < 5; b++, n *= 2)
        for (int i = 0; i < n; i++)
            x[n + i] = _mm_or_si128(x[i], _mm_set1_epi32((int)r[b]));
    for (int i = 0; i < 8; i++)
        lstore(t + 4 * i, x[i]);
}
/* need[t] for t < 12: the OR over the slots i < n where c[i] attains
 * best of shn[i][t] | pn[i] << off, in the lanes of used. */
static inline void lneeds(uint32_t *need, const lanes *c, lanes best,
                          lanes used, const uint32_t (*shn)[12],
                          const uint16_t *pn, int off, int n)
{
    __m128i n0 = _mm_setzero_si128(), n1 = n0, n2 = n0;
    for (int i = 0; i < n; i++) {
        __m128i e = _mm_and_si128(_mm_cmpeq_epi8(c[i], best), used);
        __m128i p = _mm_set1_epi32((int)((uint32_t)pn[i] << off));
        n0 = _mm_or_si128(n0, _mm_and_si128(_mm_cvtepi8_epi32(e),
                                            _mm_or_si128(lload(shn[i]), p)));
        n1 = _mm_or_si128(n1,
                          _mm_and_si128(_mm_cvtepi8_epi32(_mm_srli_si128(e, 4)),
                                        _mm_or_si128(lload(shn[i] + 4), p)));
        n2 = _mm_or_si128(n2,
                          _mm_and_si128(_mm_cvtepi8_epi32(_mm_srli_si128(e, 8)),
                                        _mm_or_si128(lload(shn[i] + 8), p)));
    }
    lstore(need, n0);
    lstore(need + 4, n1);
    lstore(need + 8, n2);
}
#else
typedef struct lanes {
    uint8_t b[16];
} lanes;

static inline lanes lload(const void *p)
{
    lanes x;
    memcpy(x.b, p, 16);
    return x;
}
static inline void lstore(void *p, lanes x)
{
    memcpy(p, x.b, 16);
}
static inline lanes ladd(lanes a, lanes b)
{
    for (int j = 0; j < 16; j++)
        a.b[j] = (uint8_t)(a.b[j] + b.b[j] < 255 ? a.b[j] + b.b[j] : 255);
    return a;
}
static inline lanes lmin(lanes a, lanes b)
{
    for (int j = 0; j < 16; j++)
        a.b[j] = b.b[j] < a.b[j] ? b.b[j] : a.b[j];
    return a;
}
static inline lanes lperm(lanes x, const uint8_t *ctrl)
{
    lanes y;
    for (int j = 0; j < 16; j++)
        y.b[j] = x.b[ctrl[j] & 15];
    return y;
}
static inline lanes lbcast(lanes x, int i)
{
    memset(x.b, x.b[i], 16);
    return x;
}
static inline lanes lhmin(lanes x)
{
    int m = 255;
    for (int j = 0; j < 16; j++)
        m = x.b[j] < m ? x.b[j] : m;
    memset(x.b, m, 16);
    return x;
}
static inline int lfirst(lanes x)
{
    return x.b[0];
}
static inline lanes lsame(lanes a, lanes b)
{
    for (int j = 0; j < 16; j++)
        a.b[j] = a.b[j] == b.b[j] ? 255 : 0;
    return a;
}
static inline unsigned lbits(lanes x)
{
    unsigned m = 0;
    for (int j = 0; j < 16; j++)
        m |= (unsigned)(x.b[j] >> 7) << j;
    return m;
}
static inline unsigned lor8(lanes sel, const uint8_t *x)
{
    unsigned m = 0;
    for (int j = 0; j < 16; j++)
        m |= sel.b[j] & x[j];
    return m;
}
static inline void lunions(uint32_t *t, const uint32_t *r)
{
    t[0] = 0;
    for (unsigned i = 1; i < 32; i++)
        t[i] = t[i & (i - 1)] | r[__builtin_ctz(i)];
}
static inline void lneeds(uint32_t *need, const lanes *c, lanes best,
                          lanes used, const uint32_t (*shn)[12],
                          const uint16_t *pn, int off, int n)
{
    memset(need, 0, 12 * sizeof *need);
    for (int i = 0; i < n; i++)
        for (int t = 0; t < 12; t++)
            if (used.b[t] && c[i].b[t] == best.b[t])
                need[t] |= shn[i][t] | (uint32_t)pn[i] << off;
}
#endif

#endif
