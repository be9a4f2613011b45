/* SPDX-License-Identifier: MIT */
/*
 * The dense index: every pattern of at most 14 tiles of a suit (or of the
 * honors) to a distinct number below the pattern count, with two reads of
 * small arrays and no search.  libmjt keeps its records in this order, and
 * mjt-gen keeps the deficits it solves in it.
 *
 * A pattern's code is its base-5 count vector split in two: ranks 0-3 give
 * lo (below 5^4 = 625) and ranks 4-8 give hi, and code = lo + 1024 hi, so
 * that a tile is added with one addition and the halves part without a
 * division.  The split at rank 4 lets a whole suit of counts become its
 * code with a few word operations (query/hand.c): ranks 0-3 and 4-7 are
 * two four-digit halves of one 8-byte load.
 *
 * Sort the 625 lo values by tile count: those a hi of h tiles can join (at
 * most 14 - h tiles) are then a prefix of that order, of known length.  So
 * index = base[hi] + pos[lo], where pos is a lo's place in that order and
 * base[hi] counts the patterns of every smaller hi.
 *
 * The two reads give more than the index.  Each array entry is a 64-bit
 * "part word" whose fields add without carrying from one into the next, so
 * base[hi] + pos[lo] is the part word of the whole pattern, and the words
 * of a hand's four parts add up to the hand's:
 *
 *   bits  0..7   the tile count
 *   bits  8..26  the dense index (below 2^19 for every pattern)
 *   bits 32..39  kinds held (ranks with a tile)
 *   bits 40..47  kinds held twice or more (pairs for seven pairs)
 *   bits 48..55  terminal and honor kinds held
 *   bits 56..63  terminal and honor kinds held twice or more
 *
 * so seven pairs and thirteen orphans need no more than the sum of the
 * words a query reads anyway.  Suits and honors differ in which ranks are
 * terminals, so each has both arrays of its own.
 *
 * Both arrays cover every value of their field, lo below 1024 and hi below
 * 4096, so any code below 2^22 reads two entries.  Values no pattern has
 * (lo of 625 or more, hi of 3125 or more, 125 for the honors) read an
 * entry whose tile count is MJT__W_BAD, and a hi of more than 14 tiles
 * has index 0 and its true count: the count of the sum says whether the
 * code is a pattern of at most 14 tiles, and a caller that checks it never
 * uses a wrong index.
 *
 * Two more arrays by lo and hi give a pattern's planes, read only by the
 * queries that need the tiles themselves: bit 9j + r is set when rank r
 * is held more than j times (lo fills ranks 0-3, hi ranks 4-8), so again
 * the two entries add up to the pattern's.
 */
#ifndef MJT__CORE_INDEX_H
#define MJT__CORE_INDEX_H

#include <stdint.h>

#define MJT__LO_CODES 625  /* 5^4: ranks 0-3 */
#define MJT__SUIT_HI 3125  /* 5^5: ranks 4-8 */
#define MJT__HONOR_HI 125  /* 5^3: ranks 4-6 */
#define MJT__HI_SHIFT 10   /* code = lo + (hi << 10) */
#define MJT__LO_MASK 1023u /* the lo field; pos[] covers all of it */
#define MJT__HI_FIELD 4096 /* hi values the base arrays cover */

/* Codes below this are in range for the arrays. */
#define MJT__CODES ((uint32_t)MJT__HI_FIELD << MJT__HI_SHIFT)

#define MJT__W_LEN(w) ((int)(w)&0xFF)
#define MJT__W_INDEX(w) ((uint32_t)((w) >> 8) & 0x7FFFFu)
#define MJT__W_KINDS(w) ((int)((w) >> 32) & 0xFF)
#define MJT__W_PAIRS(w) ((int)((w) >> 40) & 0xFF)
#define MJT__W_YAO_KINDS(w) ((int)((w) >> 48) & 0xFF)
#define MJT__W_YAO_PAIRS(w) ((int)((w) >> 56) & 0xFF)
#define MJT__PLANE(planes, j) ((unsigned)((planes) >> (9 * (j))) & 0x1FF)
/* The tile count of a value no pattern has: above 14, and small enough
 * that four parts of two such values each add up to less than 256. */
#define MJT__W_BAD 24

/* The arrays of one kind of part, suit or honors. */
typedef struct mjt__index_of_kind {
    uint64_t pos[MJT__LO_MASK + 1];
    uint64_t base[MJT__HI_FIELD];
} mjt__index_of_kind;

typedef struct mjt__index {
    mjt__index_of_kind suit, honor;
    uint32_t planes_lo[MJT__LO_MASK + 1];
    uint64_t planes_hi[MJT__HI_FIELD];
} mjt__index;

/* What one tile of rank r adds to its part's code. */
extern const uint32_t mjt__code_step[9];

/* Fill ix; after it mjt__index_at is a bijection from the codes of the
 * patterns of at most 14 tiles onto 0..patterns-1. */
void mjt__index_init(mjt__index *ix);

/* The code of a valid 45-bit key. */
uint32_t mjt__code_of_key(uint64_t key, int ranks);

/* Part word of code given the arrays of its kind; code must be below
 * MJT__CODES. */
static inline uint64_t mjt__index_word(const mjt__index_of_kind *k,
                                       uint32_t code)
{
    return k->base[code >> MJT__HI_SHIFT] + k->pos[code & MJT__LO_MASK];
}

/* Index of the code of a pattern of at most 14 tiles. */
static inline uint32_t mjt__index_at(const mjt__index_of_kind *k, uint32_t code)
{
    return MJT__W_INDEX(mjt__index_word(k, code));
}

/* Planes of a code below MJT__CODES. */
static inline uint64_t mjt__index_planes(const mjt__index *ix, uint32_t code)
{
    return ix->planes_hi[code >> MJT__HI_SHIFT] |
           ix->planes_lo[code & MJT__LO_MASK];
}

#endif
