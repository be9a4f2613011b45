/* SPDX-License-Identifier: MIT */
/* The dense index of patterns and its part words; see index.h. */
#include "index.h"

#include "suit.h"

const uint32_t mjt__code_step[9] = {
    1, 5, 25, 125, 1u << 10, 5u << 10, 25u << 10, 125u << 10, 625u << 10};

uint32_t mjt__code_of_key(uint64_t key, int ranks)
{
    uint32_t code = 0;

    for (int r = 0; r < ranks; r++)
        code += (uint32_t)mjt__key_count(key, r) * mjt__code_step[r];
    return code;
}

/* The part word of the base-5 digits of v, rank `first` up, but for the
 * index; yao is the mask of terminal and honor ranks. */
static uint64_t digits_word(uint32_t v, int first, unsigned yao)
{
    uint64_t w = 0;

    for (int r = first; v > 0; r++, v /= 5) {
        unsigned c = v % 5, y = yao >> r & 1;
        w += c | (uint64_t)(c >= 1) << 32 | (uint64_t)(c >= 2) << 40 |
             (uint64_t)(y && c >= 1) << 48 | (uint64_t)(y && c >= 2) << 56;
    }
    return w;
}

/* Planes of the base-5 digits of v, rank `first` up. */
static uint64_t digit_planes(uint32_t v, int first)
{
    uint64_t w = 0;

    for (int r = first; v > 0; r++, v /= 5)
        for (unsigned j = 0; j < v % 5; j++)
            w |= UINT64_C(1) << (9 * j + r);
    return w;
}

static void init_kind(mjt__index_of_kind *k, uint32_t nhi, unsigned yao)
{
    uint32_t upto[MJT__MAX_PATTERN_TILES + 1] = {0}; /* lo codes of <= s */
    uint32_t next = 0;

    for (int s = 0; s <= 16; s++)
        for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
            if (MJT__W_LEN(digits_word(lo, 0, yao)) == s)
                k->pos[lo] = digits_word(lo, 0, yao) | (uint64_t)next++ << 8;
    for (uint32_t lo = MJT__LO_CODES; lo <= MJT__LO_MASK; lo++)
        k->pos[lo] = MJT__W_BAD;
    for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
        for (int s = MJT__W_LEN(k->pos[lo]); s <= MJT__MAX_PATTERN_TILES; s++)
            upto[s]++;
    uint32_t at = 0;
    for (uint32_t hi = 0; hi < MJT__HI_FIELD; hi++) {
        uint64_t w = hi < nhi ? digits_word(hi, 4, yao) : MJT__W_BAD;
        int s = MJT__W_LEN(w);
        k->base[hi] = w;
        if (s <= MJT__MAX_PATTERN_TILES) {
            k->base[hi] |= (uint64_t)at << 8;
            at += upto[MJT__MAX_PATTERN_TILES - s];
        }
    }
}

void mjt__index_init(mjt__index *ix)
{
    init_kind(&ix->suit, MJT__SUIT_HI, 1u << 0 | 1u << 8);
    init_kind(&ix->honor, MJT__HONOR_HI, 0x7F);
    for (uint32_t lo = 0; lo <= MJT__LO_MASK; lo++)
        ix->planes_lo[lo] =
            lo < MJT__LO_CODES ? (uint32_t)digit_planes(lo, 0) : 0;
    for (uint32_t hi = 0; hi < MJT__HI_FIELD; hi++)
        ix->planes_hi[hi] = hi < MJT__SUIT_HI ? digit_planes(hi, 4) : 0;
}
