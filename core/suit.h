/* SPDX-License-Identifier: MIT */
/*
 * One suit as one 64-bit word: the key of every per-pattern record.
 *
 * Rank r (0-8) owns bits 5r..5r+4 and holds its count in unary in the low
 * bits of its field: 0 = 00000, 1 = 00001, 2 = 00011, 3 = 00111, 4 = 01111.
 * The top bit of every field and bits 45-63 stay 0.  Honors use the same
 * layout with 7 ranks.  The word is the key of the pattern's record.
 */
#ifndef MJT__CORE_SUIT_H
#define MJT__CORE_SUIT_H

#include <stdint.h>

#define MJT__SUIT_RANKS 9
#define MJT__HONOR_RANKS 7
#define MJT__MAX_PATTERN_TILES 14

/* Bit 0 of each of the 9 fields: 1 + 2^5 + 2^10 + ... + 2^40. */
#define MJT__FIELD_LOW 0x0000010842108421ULL
/* The four count bits of each of the 9 fields. */
#define MJT__FIELD_COUNT (MJT__FIELD_LOW * 0xFu)
/* The always-zero top bit of each of the 9 fields. */
#define MJT__FIELD_GUARD (MJT__FIELD_LOW << 4)

/* Number of suit and honor patterns of 0 to 14 tiles (tests check them). */
#define MJT__SUIT_PATTERNS 405350u
#define MJT__HONOR_PATTERNS 43130u

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

#endif
