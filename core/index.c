/* SPDX-License-Identifier: MIT */
/* The dense index of patterns; see index.h. */
#include "index.h"

#include "suit.h"

const uint32_t mjt__code_step[9] = {
    1, 5, 25, 125, 625, 1u << 12, 5u << 12, 25u << 12, 125u << 12};

uint32_t mjt__code_of_key(uint64_t key, int ranks)
{
    uint32_t code = 0;

    for (int r = 0; r < ranks; r++)
        code += (uint32_t)mjt__key_count(key, r) * mjt__code_step[r];
    return code;
}

static int digit_sum(uint32_t v)
{
    int s = 0;

    for (; v > 0; v /= 5)
        s += (int)(v % 5);
    return s;
}

void mjt__index_init(mjt__index *ix)
{
    uint32_t upto[MJT_MAX_PATTERN_TILES + 1] = {0}; /* lo codes of <= s */
    uint32_t next = 0;

    for (int s = 0; s <= 20; s++)
        for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
            if (digit_sum(lo) == s)
                ix->pos[lo] = next++;
    for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
        for (int s = digit_sum(lo); s <= MJT_MAX_PATTERN_TILES; s++)
            upto[s]++;
    for (int kind = 0; kind < 2; kind++) {
        uint32_t *base = kind == 0 ? ix->base_suit : ix->base_honor;
        uint32_t nhi = kind == 0 ? MJT__SUIT_HI : MJT__HONOR_HI, at = 0;
        for (uint32_t hi = 0; hi < nhi; hi++) {
            int s = digit_sum(hi);
            base[hi] = at;
            if (s <= MJT_MAX_PATTERN_TILES)
                at += upto[MJT_MAX_PATTERN_TILES - s];
        }
    }
}
