/* SPDX-License-Identifier: MIT */
/*
 * 34 tile counts, or a list of tile ids, to the four part codes of
 * core/index.h, checked, with no loop over the ranks: the whole of what
 * building a hand costs, shared by mjt_hand_from_counts and
 * mjt_shanten_counts (and by mjt_hand_from_tiles and mjt_shanten_tiles
 * for ids: "Tile ids" below).
 *
 * A part's code is lo + 1024 hi, lo the base-5 number of ranks 0-3 and hi
 * of ranks 4-8.  Ranks 0-7 of a part are eight count bytes, and two
 * multiply-and-add steps turn them into its two four-digit halves: byte
 * pairs times 1 and 5 give 16-bit lanes c0 + 5 c1, c2 + 5 c3, ... (at most
 * 24), and those pairs times 1 and 25 give 32-bit lanes c0 + 5 c1 + 25 c2 +
 * 125 c3 (at most 624, below 2^10).  A shift joins the halves, and rank 8
 * is added alone.  Counts of at most 4 keep every lane from carrying, so
 * the check comes first.  With SSSE3 two parts go through at once in one
 * register; elsewhere each part is one 64-bit word.
 *
 * Each count byte is loaded once, and the check and the codes are made
 * from those loads: a caller's buffer that another thread writes meanwhile
 * (Python's batch calls release the GIL) gives the codes of some counts,
 * never a code past the tables.  An empty asm statement takes the loaded
 * values as its own, so that the compiler cannot load a byte again in
 * their place (which it may do for memory it believes no one else writes).
 */
#ifndef MJT__QUERY_CODES_H
#define MJT__QUERY_CODES_H

#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "index.h"
#include "mjt.h"

/* ==== Portable ==== */

/* 8 bytes at p as a little-endian word, whatever the machine's order. */
static inline uint64_t mjt__load64le(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

#define MJT__BYTES(v) (UINT64_C(0x0101010101010101) * (v))

/* Make x a value the compiler did not load: it cannot read memory again
 * to get it (see the file's comment). */
#if defined(__GNUC__)
#define MJT__OPAQUE(x) __asm__("" : "+r"(x))
#else
#define MJT__OPAQUE(x) ((void)0)
#endif

/* The code of ranks 0-7 whose counts are the bytes of x. */
static inline uint32_t mjt__code8(uint64_t x)
{
    const uint64_t m16 = UINT64_C(0x00FF00FF00FF00FF);
    const uint64_t m32 = UINT64_C(0x0000FFFF0000FFFF);
    uint64_t a = (x & m16) + 5 * ((x >> 8) & m16);
    uint64_t b = (a & m32) + 25 * ((a >> 16) & m32);
    return (uint32_t)(b | (b >> 22));
}

/* Set when some byte of x is above 4 (the bytes above 127 too, through
 * the OR with x itself). */
static inline uint64_t mjt__above4(uint64_t x)
{
    return ((x + MJT__BYTES(0x7B)) | x) & MJT__BYTES(0x80);
}

/* The codes of counts into code[0..3] and the tile count; -1 when a count
 * exceeds 4 (then code is not written).  Each part is one 64-bit word; the
 * honors are read from byte 26 and shifted down a byte, so that no load
 * passes the end of the 34 counts. */
static inline int mjt__codes_of_words(const uint8_t counts[MJT_KINDS],
                                      uint32_t code[4])
{
    uint64_t m = mjt__load64le(counts), p = mjt__load64le(counts + 9);
    uint64_t s = mjt__load64le(counts + 18), z8 = mjt__load64le(counts + 26);
    uint64_t c8 = counts[8], c17 = counts[17];
    MJT__OPAQUE(m);
    MJT__OPAQUE(p);
    MJT__OPAQUE(s);
    MJT__OPAQUE(z8);
    MJT__OPAQUE(c8);
    MJT__OPAQUE(c17);
    uint64_t z = z8 >> 8, c26 = z8 & 0xFF;

    if ((mjt__above4(m) | mjt__above4(p) | mjt__above4(s) | mjt__above4(z8)) !=
            0 ||
        c8 > 4 || c17 > 4)
        return -1;
    code[0] = mjt__code8(m) + c8 * mjt__code_step[8];
    code[1] = mjt__code8(p) + c17 * mjt__code_step[8];
    code[2] = mjt__code8(s) + c26 * mjt__code_step[8];
    code[3] = mjt__code8(z);
    /* Byte sums of at most 16, then all eight bytes summed into the top. */
    return (int)(((m + p + s + z) * MJT__BYTES(1)) >> 56) +
           (int)(c8 + c17 + c26);
}

/* ==== SSE2: 34 counts as byte lanes ==== */

#if defined(__SSE2__)
#include <emmintrin.h>

/* The 34 bytes at p in three registers, none read past them: bytes 0-15,
 * 16-31 and 18-33 (the third register's lanes 14 and 15 are the last two
 * kinds). */
static inline void mjt__lanes34(const uint8_t p[MJT_KINDS], __m128i x[3])
{
    x[0] = _mm_loadu_si128((const __m128i *)p);
    x[1] = _mm_loadu_si128((const __m128i *)(p + 16));
    x[2] = _mm_loadu_si128((const __m128i *)(p + 18));
}

/* The kinds whose lanes are set in masks laid out as mjt__lanes34 lays
 * out the counts: bit k for kind k. */
static inline uint64_t mjt__lanes34_bits(__m128i m0, __m128i m1, __m128i m2)
{
    uint64_t a = (unsigned)_mm_movemask_epi8(m0);
    uint64_t b = (unsigned)_mm_movemask_epi8(m1);
    uint64_t c = (unsigned)_mm_movemask_epi8(m2);
    return a | b << 16 | (c >> 14) << 32;
}
#endif

/* ==== SSSE3 ==== */

#if defined(__SSSE3__)
#include <tmmintrin.h>

/* The codes less rank 8 of four parts whose ranks 0-7 are count bytes,
 * two parts to a register (mp: parts 0 and 1, sz: parts 2 and 3): two
 * multiply-and-add steps, then 64-bit lanes lo | hi << 32 to lo | hi << 10
 * (lo is below 2^10). */
static inline __m128i mjt__codes8x4(__m128i mp, __m128i sz)
{
    __m128i w5 = _mm_set1_epi16(5 << 8 | 1), w25 = _mm_set1_epi32(25 << 16 | 1);
    __m128i x = _mm_madd_epi16(_mm_maddubs_epi16(mp, w5), w25);
    __m128i y = _mm_madd_epi16(_mm_maddubs_epi16(sz, w5), w25);
    x = _mm_or_si128(x, _mm_srli_epi64(x, 22));
    y = _mm_or_si128(y, _mm_srli_epi64(y, 22));
    return _mm_castps_si128(_mm_shuffle_ps(
        _mm_castsi128_ps(x), _mm_castsi128_ps(y), _MM_SHUFFLE(2, 0, 2, 0)));
}

/* As mjt__codes_of_words, two parts to a register. */
static inline int mjt__codes_of(const uint8_t counts[MJT_KINDS],
                                uint32_t code[4])
{
    /* Three overlapping loads of 16 bytes, none past the 34 counts. */
    __m128i a = _mm_loadu_si128((const __m128i *)counts);
    __m128i b = _mm_loadu_si128((const __m128i *)(counts + 9));
    __m128i c = _mm_loadu_si128((const __m128i *)(counts + 18));
    __m128i zero = _mm_setzero_si128();
#if defined(__GNUC__)
    __asm__("" : "+x"(a), "+x"(b), "+x"(c));
#endif

    __m128i top = _mm_max_epu8(_mm_max_epu8(a, b), c);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(top, _mm_set1_epi8(4)),
                                         zero)) != 0xFFFF)
        return -1;
    __m128i mp = _mm_unpacklo_epi64(a, b); /* m 1-8, p 1-8 */
    __m128i sz = _mm_shuffle_epi8(         /* s 1-8, z 1-7, 0 */
                                  c, _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 9,
                                                   10, 11, 12, 13, 14, 15, -1));
    __m128i codes = mjt__codes8x4(mp, sz);
    /* rank 8 of each suit: byte 8 of each load, as checked above */
    int c8 = _mm_extract_epi16(a, 4) & 0xFF;
    int c17 = _mm_extract_epi16(b, 4) & 0xFF;
    int c26 = _mm_extract_epi16(c, 4) & 0xFF;
    __m128i r8 = _mm_setr_epi32(c8, c17, c26, 0);
    r8 = _mm_slli_epi32(_mm_madd_epi16(r8, _mm_set1_epi32(625)), 10);
    _mm_storeu_si128((__m128i *)code, _mm_add_epi32(codes, r8));
    __m128i sum = _mm_add_epi64(_mm_sad_epu8(mp, zero), _mm_sad_epu8(sz, zero));
    sum = _mm_add_epi64(sum, _mm_srli_si128(sum, 8));
    return _mm_cvtsi128_si32(sum) + c8 + c17 + c26;
}

#else
#define mjt__codes_of mjt__codes_of_words
#endif

/* ==== Tile ids ==== */

/*
 * Tile ids go to the codes without counts in memory (a byte incremented
 * in place and then read sixteen at a time waits on its stores).  Each id
 * adds one into a 4-bit field of its part's word, the four words held in
 * registers: mjt__id_fields gives each id's four addends, one of them not
 * zero (a red five adds to its suit's rank 4 and to its suit's field in
 * the honors' word from bit 32).  Fourteen tiles never carry out of a
 * field, so the caps of every rank are checked at once afterwards, and the
 * fields become the code with the two multiply-and-add steps of
 * mjt__code8 on nibbles instead of bytes.  The table has a row for every
 * byte: an id past MJT_TILE_IDS adds to fields no tile uses, enough to fail
 * that check for any number up to 14 (hand.c), so the loop tests nothing
 * but its end, and an id read once is a row of the table even when a
 * caller's buffer is written meanwhile.  What the loop costs is its loads
 * (an id and the two halves of its row) and, for a length the caller
 * varies, the mispredicted end: one branch, no more.
 */
#if defined(__GNUC__)
/* within the library: read where it is, not through the GOT */
__attribute__((visibility("hidden")))
#endif
extern const uint64_t mjt__id_fields[257][4];

#define MJT__NIBBLES(v) (UINT64_C(0x1111111111111111) * (v))

/* Bit 0 of each field of x whose value is above 4 (8 and up, or 5 to 7). */
static inline uint64_t mjt__fields_above4(uint64_t x)
{
    return ((x >> 3) | ((x >> 2) & (x | (x >> 1)))) & MJT__NIBBLES(1);
}

/* The code of a part whose rank r is the field at bit 4r of x; mask keeps
 * the fields that belong to the part, the even ones in its low nibbles. */
static inline uint32_t mjt__code_of_fields(uint64_t x, uint64_t mask)
{
    const uint64_t m16 = UINT64_C(0x0000FF00FF00FF);
    uint64_t a = (x & mask) + 5 * ((x >> 4) & mask); /* bytes c0+5c1 ... */
    uint64_t b = (a & m16) + 25 * ((a >> 8) & m16);  /* 16-bit lanes */
    uint64_t hi = ((b >> 16) & 0xFFFF) + 625 * (b >> 32);
    return (uint32_t)((b & 0xFFFF) + (hi << 10));
}

/* The red fives counted at bit 32 of the honors' word, as the meta word's
 * red field (3 bits a suit). */
static inline unsigned mjt__red_of_fields(uint64_t top)
{
    return (unsigned)(top & 0xF) | (unsigned)(top >> 4 & 0xF) << 3 |
           (unsigned)(top >> 8 & 0xF) << 6;
}

/* The codes of the len ids at tiles (len at most 14) into code[0..3] and
 * their red fives as the meta word's red field into *red; -1 when len is
 * 0, an id is past MJT_TILE_IDS or a kind has more than four copies (then
 * neither is written).  Each part is one 64-bit word. */
static inline int mjt__codes_of_ids_words(const uint8_t *tiles, size_t len,
                                          uint32_t code[4], unsigned *red)
{
    uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;

    assert(len <= 14);
    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        const uint64_t *f = mjt__id_fields[tiles[i]];
        w0 += f[0];
        w1 += f[1];
        w2 += f[2];
        w3 += f[3];
    }
    if ((mjt__fields_above4(w0) | mjt__fields_above4(w1) |
         mjt__fields_above4(w2) | mjt__fields_above4(w3)) != 0)
        return -1;
    const uint64_t suit = UINT64_C(0xF0F0F0F0F), honors = 0x0F0F0F0F;
    code[0] = mjt__code_of_fields(w0, suit);
    code[1] = mjt__code_of_fields(w1, suit);
    code[2] = mjt__code_of_fields(w2, suit);
    code[3] = mjt__code_of_fields(w3, honors);
    *red = mjt__red_of_fields(w3 >> 32);
    return 0;
}

#if defined(__SSSE3__)
/* As mjt__codes_of_ids_words, two parts to a register: the fields become
 * bytes, and the bytes codes by mjt__codes_of's multiply-and-add steps. */
static inline int mjt__codes_of_ids(const uint8_t *tiles, size_t len,
                                    uint32_t code[4], unsigned *red)
{
    assert(len <= 14);
    if (len == 0)
        return -1;
    /* An odd id first, by a choice and not a branch (row 256 is zeros),
     * then two ids a turn into two sums: the loop's end is the one branch
     * that a random length mispredicts. */
    unsigned first = tiles[0];
    first = (len & 1) ? first : 256;
    const __m128i *f0 = (const __m128i *)mjt__id_fields[first];
    __m128i a = _mm_load_si128(f0), b = _mm_load_si128(f0 + 1);
    __m128i a1 = _mm_setzero_si128(), b1 = a1;
    for (size_t i = len & 1; i < len; i += 2) {
        const __m128i *f = (const __m128i *)mjt__id_fields[tiles[i]];
        const __m128i *g = (const __m128i *)mjt__id_fields[tiles[i + 1]];
        a = _mm_add_epi64(a, _mm_load_si128(f));
        b = _mm_add_epi64(b, _mm_load_si128(f + 1));
        a1 = _mm_add_epi64(a1, _mm_load_si128(g));
        b1 = _mm_add_epi64(b1, _mm_load_si128(g + 1));
    }
    a = _mm_add_epi64(a, a1);
    b = _mm_add_epi64(b, b1);
    /* Every field a byte: the words' dwords reordered so that ranks 0-7
     * of two parts are side by side in the low half, their even fields in
     * lo and odd ones in hi (rank 8 of a suit at byte 8 or 12 of lo). */
    __m128i m = _mm_set1_epi8(0x0F);
    __m128i a8 = _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 1, 2, 0));
    __m128i b8 = _mm_shuffle_epi32(b, _MM_SHUFFLE(3, 1, 2, 0));
    __m128i alo = _mm_and_si128(a8, m);
    __m128i ahi = _mm_and_si128(_mm_srli_epi16(a8, 4), m);
    __m128i blo = _mm_and_si128(b8, m);
    __m128i bhi = _mm_and_si128(_mm_srli_epi16(b8, 4), m);
    __m128i top = _mm_max_epu8(_mm_max_epu8(alo, ahi), _mm_max_epu8(blo, bhi));
    __m128i over = _mm_subs_epu8(top, _mm_set1_epi8(4));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) != 0xFFFF)
        return -1;
    /* ranks 0-7 as mjt__codes_of has them, and on the same way */
    __m128i codes =
        mjt__codes8x4(_mm_unpacklo_epi8(alo, ahi), _mm_unpacklo_epi8(blo, bhi));
    /* rank 8 of each suit (the honors' field 8 is a red five: dropped) */
    __m128i r8 = _mm_castps_si128(_mm_shuffle_ps(
        _mm_castsi128_ps(alo), _mm_castsi128_ps(blo), _MM_SHUFFLE(3, 2, 3, 2)));
    r8 = _mm_and_si128(r8, _mm_setr_epi32(-1, -1, -1, 0));
    r8 = _mm_slli_epi32(_mm_madd_epi16(r8, _mm_set1_epi32(625)), 10);
    _mm_storeu_si128((__m128i *)code, _mm_add_epi32(codes, r8));
    *red = mjt__red_of_fields((unsigned)_mm_extract_epi16(b, 6));
    return 0;
}
#else
#define mjt__codes_of_ids mjt__codes_of_ids_words
#endif
#endif
