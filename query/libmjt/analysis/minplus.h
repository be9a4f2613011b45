/* SPDX-License-Identifier: MIT */
/*
 * The min-plus algebra of the join, on one 16-byte vector per part.
 *
 * Lane j = 2m + p of a part's vector holds its deficit for m melds and p
 * pairs (lanes 0-9; lanes 10-15 are don't-care).  Joining two parts is the
 * min-plus convolution c[j] = min over i of b[i] + a[j - i], where a lane of
 * a with a pair may not meet an i with a pair (a hand has one pair).  A
 * result lane depends only on lanes at or below it, so lanes above the
 * hand's target never spoil the ones the join reads.
 *
 * Accumulators are kept complemented, e = 63 - d, saturating at 0.  Then
 * shifting a vector up by i lanes shifts in zeros, which read as "no way to
 * get here", and the convolution becomes a max of saturating differences,
 * max over i of (e_a shifted by i) - b[i]: three instructions a term with
 * SSSE3 (shift, byte broadcast, subtract) and one max.  Deficits are at most
 * 14 and sums of two at most 28, far from the saturation at 63.
 *
 * Every operation takes the hand's meld target k and is exact on lanes 0 to
 * 2k + 1 only: a convolution needs no term i above the last lane read, so
 * callers that pass k as a constant (the join specialises each query for
 * the five values of k) get only the terms they need.
 *
 * The scalar versions (mjt__s*) are the definition; the vector versions
 * (mjt__v*) must agree with them on lanes 0 to 2k + 1, which test_join checks
 * on random vectors.  The library uses the vector ones when SSSE3 is available
 * at compile time (the Makefile asks for x86-64-v2 on x86-64).
 */
#ifndef MJT__QUERY_MINPLUS_H
#define MJT__QUERY_MINPLUS_H

#include <stdint.h>
#include <string.h>

#include "internal.h"

#define MJT__INF 63

/* ==== Scalar definition ==== */

typedef struct mjt__svec {
    uint8_t b[16];
} mjt__svec;

static inline mjt__svec mjt__sload(const mjt__mrec *r)
{
    mjt__svec v;
    for (int j = 0; j < 16; j++)
        v.b[j] = (uint8_t)((r->w0 >> (4 * j)) & 0xF);
    return v;
}

static inline mjt__svec mjt__scomp(mjt__svec v)
{
    for (int j = 0; j < 16; j++)
        v.b[j] = (uint8_t)(v.b[j] < MJT__INF ? MJT__INF - v.b[j] : 0);
    return v;
}

static inline uint8_t mjt__ssubs(int x, int y)
{
    return (uint8_t)(x > y ? x - y : 0);
}

/* Complemented a (*) b, b plain with b[0] == 0. */
static inline mjt__svec mjt__sconv(mjt__svec ea, mjt__svec b, int k)
{
    mjt__svec c;
    for (int j = 0; j < 16; j++) {
        int best = 0;
        for (int i = 0; i <= 2 * k + 1 && i <= j; i++) {
            int a = ea.b[j - i];
            if ((i & 1) && ((j - i) & 1))
                a = 0; /* both would hold the pair */
            int x = mjt__ssubs(a, b.b[i]);
            best = x > best ? x : best;
        }
        c.b[j] = (uint8_t)best;
    }
    return c;
}

/* y[j] = erest[t - j] - b[j] for j <= t = 2k + 1, else 0: lane j is the
 * complemented cost of giving b slot j and the rest the remainder. */
static inline mjt__svec mjt__salign(mjt__svec erest, mjt__svec b, int k)
{
    mjt__svec y;
    for (int j = 0; j < 16; j++)
        y.b[j] =
            j <= 2 * k + 1 ? mjt__ssubs(erest.b[2 * k + 1 - j], b.b[j]) : 0;
    return y;
}

static inline int mjt__shmax(mjt__svec y)
{
    int m = 0;
    for (int j = 0; j < 16; j++)
        m = y.b[j] > m ? y.b[j] : m;
    return m;
}

static inline unsigned mjt__sties(mjt__svec y, int target)
{
    unsigned t = 0;
    for (int j = 0; j < 16; j++)
        t |= (unsigned)(y.b[j] == target) << j;
    return t;
}

/* ==== SSSE3 ==== */

#if defined(__SSSE3__)
#include <tmmintrin.h>

#define MJT__HAVE_VEC 1

typedef __m128i mjt__vvec;

/* Nibble j of w0 to byte j: low nibbles to even lanes, high to odd. */
static inline mjt__vvec mjt__vload(const mjt__mrec *r)
{
    __m128i x = _mm_cvtsi64_si128((long long)r->w0);
    __m128i nib = _mm_set1_epi8(0x0F);
    __m128i lo = _mm_and_si128(x, nib);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), nib);
    return _mm_unpacklo_epi8(lo, hi);
}

static inline mjt__vvec mjt__vcomp(mjt__vvec v)
{
    return _mm_subs_epu8(_mm_set1_epi8(MJT__INF), v);
}

/* Odd shifts use ev, the accumulator with its pair lanes zeroed. */
#define MJT__TERM(i)                                                           \
    acc = _mm_max_epu8(acc,                                                    \
                       _mm_subs_epu8(_mm_slli_si128((i)&1 ? ev : ea, (i)),     \
                                     _mm_shuffle_epi8(b, _mm_set1_epi8(i))))

static inline mjt__vvec mjt__vconv(mjt__vvec ea, mjt__vvec b, int k)
{
    __m128i ev = _mm_and_si128(ea, _mm_set1_epi16(0x00FF));
    __m128i acc = ea; /* term 0: b[0] is 0 */
    MJT__TERM(1);
    if (k >= 1) {
        MJT__TERM(2);
        MJT__TERM(3);
    }
    if (k >= 2) {
        MJT__TERM(4);
        MJT__TERM(5);
    }
    if (k >= 3) {
        MJT__TERM(6);
        MJT__TERM(7);
    }
    if (k >= 4) {
        MJT__TERM(8);
        MJT__TERM(9);
    }
    return acc;
}
#undef MJT__TERM

/* Lane j of row k picks lane 2k+1-j; 0x80 makes pshufb write 0. */
extern const uint8_t mjt__rev[5][16];

static inline mjt__vvec mjt__valign(mjt__vvec erest, mjt__vvec b, int k)
{
    __m128i r = _mm_loadu_si128((const __m128i *)mjt__rev[k]);
    return _mm_subs_epu8(_mm_shuffle_epi8(erest, r), b);
}

static inline int mjt__vhmax(mjt__vvec y)
{
    y = _mm_max_epu8(y, _mm_srli_si128(y, 8));
    y = _mm_max_epu8(y, _mm_srli_si128(y, 4));
    y = _mm_max_epu8(y, _mm_srli_si128(y, 2));
    y = _mm_max_epu8(y, _mm_srli_si128(y, 1));
    return _mm_cvtsi128_si32(y) & 0xFF;
}

static inline unsigned mjt__vties(mjt__vvec y, int target)
{
    return (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(y, _mm_set1_epi8((char)target)));
}

typedef mjt__vvec mjt__vec;
#define mjt__load mjt__vload
#define mjt__comp mjt__vcomp
#define mjt__conv mjt__vconv
#define mjt__align mjt__valign
#define mjt__hmax mjt__vhmax
#define mjt__ties mjt__vties

#else

#define MJT__HAVE_VEC 0

typedef mjt__svec mjt__vec;
#define mjt__load mjt__sload
#define mjt__comp mjt__scomp
#define mjt__conv mjt__sconv
#define mjt__align mjt__salign
#define mjt__hmax mjt__shmax
#define mjt__ties mjt__sties

#endif

#endif
