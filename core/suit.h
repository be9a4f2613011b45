/* SPDX-License-Identifier: MIT */
/*
 * One suit as one 64-bit word (seed 000), and the enumeration of every
 * pattern of a suit in successor order.
 *
 * Rank r (0-8) owns bits 5r..5r+4 and holds its count in unary in the low
 * bits of its field: 0 = 00000, 1 = 00001, 2 = 00011, 3 = 00111, 4 = 01111.
 * The top bit of every field and bits 45-63 stay 0.  Honors use the same
 * layout with 7 ranks.  The word is the key of the pattern's record.
 */
#ifndef MJT_CORE_SUIT_H
#define MJT_CORE_SUIT_H

#include <stdint.h>

#define MJT_SUIT_RANKS 9
#define MJT_HONOR_RANKS 7
#define MJT_MAX_PATTERN_TILES 14

/* Bit 0 of each of the 9 fields: 1 + 2^5 + 2^10 + ... + 2^40. */
#define MJT_FIELD_LOW 0x0000010842108421ULL
/* The four count bits of each of the 9 fields. */
#define MJT_FIELD_COUNT (MJT_FIELD_LOW * 0xFu)
/* The always-zero top bit of each of the 9 fields. */
#define MJT_FIELD_GUARD (MJT_FIELD_LOW << 4)

/* Number of suit and honor patterns of 0 to 14 tiles (tests check them). */
#define MJT_SUIT_PATTERNS 405350u
#define MJT_HONOR_PATTERNS 43130u

/* The key of counts[0..ranks-1] (each 0-4). */
uint64_t mjt__key_from_counts(const uint8_t *counts, int ranks);
/* Counts of ranks 0..ranks-1 from key; returns the number of tiles. */
int mjt__key_to_counts(uint64_t key, int ranks, uint8_t *counts);
/* Whether key is a well-formed pattern of ranks ranks (unary, no guard). */
int mjt__key_valid(uint64_t key, int ranks);

static inline int mjt__key_tiles(uint64_t key)
{
    return __builtin_popcountll(key);
}

/* Count held at rank r. */
static inline int mjt__key_count(uint64_t key, int r)
{
    return __builtin_popcountll((key >> (5 * r)) & 0xF);
}

/*
 * Successor-order enumeration.  The patterns of one tile count, written as
 * sorted strings of ranks, are visited in increasing order: the next one
 * increments the rightmost tile that can still grow and refills the tiles to
 * its right with the smallest legal values (at most 4 of a rank).  A full
 * enumeration runs the tile counts 0, 1, ..., max_tiles in turn.
 */
typedef struct mjt__enum {
    int ranks;
    int max_tiles;
    int tiles;                        /* tile count of the current pattern */
    uint8_t t[MJT_MAX_PATTERN_TILES]; /* its ranks, sorted */
    uint64_t index;                   /* position in the full enumeration */
} mjt__enum;

/* Start at the first pattern (the empty one). */
void mjt__enum_init(mjt__enum *e, int ranks, int max_tiles);
/* Start at the first pattern of `tiles` tiles (at most 4 * ranks), so that
 * the walk covers the patterns of that count alone; index counts from 0
 * there. */
void mjt__enum_init_at(mjt__enum *e, int ranks, int tiles);
/* Advance one pattern; returns 0 when the enumeration is exhausted. */
int mjt__enum_next(mjt__enum *e);
/* Advance n patterns; returns 0 if the enumeration ran out on the way. */
int mjt__enum_skip(mjt__enum *e, uint64_t n);
/* Key of the current pattern. */
uint64_t mjt__enum_key(const mjt__enum *e);

/*
 * Strided walk: thread k of n visits patterns k, k+n, k+2n, ... of the full
 * enumeration.  mjt__stride_init() returns 0 if there is no pattern k.
 */
typedef struct mjt__stride {
    mjt__enum e;
    unsigned step;
} mjt__stride;

int mjt__stride_init(mjt__stride *s, int ranks, unsigned k, unsigned n);
int mjt__stride_next(mjt__stride *s);

#endif
