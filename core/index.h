/* SPDX-License-Identifier: MIT */
/*
 * The dense index: every pattern of at most 14 tiles of a suit (or of the
 * honors) to a distinct number below the pattern count, with two reads of
 * small arrays and no search.  libmjt keeps its records in this order, and
 * mjt-gen keeps the deficits it solves in it.
 *
 * A pattern's code is its base-5 count vector split in two: ranks 0-4 give
 * lo (below 5^5 = 3125) and ranks 5-8 give hi, and code = lo + 4096 hi, so
 * that a tile is added with one addition and the halves part without a
 * division.  Sort the 3125 lo values by tile count: those a hi of h tiles
 * can join (at most 14 - h tiles) are then a prefix of that order, of known
 * length.  So index = base[hi] + pos[lo], where pos is a lo's place in that
 * order and base[hi] counts the patterns of every smaller hi.  The arrays
 * take 15 KB.
 */
#ifndef MJT_CORE_INDEX_H
#define MJT_CORE_INDEX_H

#include <stdint.h>

#define MJT__LO_CODES 3125 /* 5^5: ranks 0-4 */
#define MJT__SUIT_HI 625   /* 5^4: ranks 5-8 */
#define MJT__HONOR_HI 25   /* 5^2: ranks 5-6 */
#define MJT__HI_SHIFT 12   /* code = lo + (hi << 12) */

typedef struct mjt__index {
    uint32_t pos[MJT__LO_CODES];
    uint32_t base_suit[MJT__SUIT_HI];
    uint32_t base_honor[MJT__HONOR_HI];
} mjt__index;

/* What one tile of rank r adds to its part's code. */
extern const uint32_t mjt__code_step[9];

/* Fill ix; after it mjt__index_at is a bijection from the codes of the
 * patterns of at most 14 tiles onto 0..patterns-1. */
void mjt__index_init(mjt__index *ix);

/* The code of a valid 45-bit key. */
uint32_t mjt__code_of_key(uint64_t key, int ranks);

/* Index of code given the base array of its kind (suit or honor). */
static inline uint32_t mjt__index_at(const mjt__index *ix, const uint32_t *base,
                                     uint32_t code)
{
    return base[code >> MJT__HI_SHIFT] +
           ix->pos[code & ((1u << MJT__HI_SHIFT) - 1)];
}

#endif
