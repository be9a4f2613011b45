/* SPDX-License-Identifier: MIT */
/*
 * What is known of one suit (or honor) pattern: for each of the ten targets
 * of m = 0..4 melds and p = 0..1 pairs,
 *
 *   deficit  the fewest tiles to add so that the pattern holds m melds and
 *            p pairs, where no kind may end above 4 copies;
 *   need     bit r set when adding a tile of rank r lowers the deficit (never
 *            set for a rank already held 4 times);
 *   excess   bit r set when rank r is held and removing one tile of it does
 *            not raise the deficit.
 *
 * Both solvers fill this struct, the bitboard one for a whole table at a
 * time (patterns.h) and the reference one pattern by pattern, and the tests
 * compare them field by field.
 */
#ifndef MJT_CORE_RECORD_H
#define MJT_CORE_RECORD_H

#include <stdint.h>

#define MJT_SLOTS 10
#define MJT_MAX_MELDS 4

/* Slot of (melds, pair): (0,0), (0,1), (1,0), ..., (4,1). */
static inline int mjt__slot(int melds, int pair)
{
    return 2 * melds + pair;
}

typedef struct mjt__slotinfo {
    uint8_t deficit;
    uint16_t need;
    uint16_t excess;
} mjt__slotinfo;

typedef struct mjt__record {
    mjt__slotinfo slot[MJT_SLOTS];
} mjt__record;

/*
 * The bitboard decomposer (decompose.c): the ten deficits of the pattern key
 * of ranks ranks (9 for a number suit, 7 for honors, which make no
 * sequences); key must satisfy mjt__key_valid().  known, if not NULL, holds
 * deficits known to be reachable, and floor, if not NULL, deficits known to
 * be unbeatable; both only prune the search.
 */
void mjt__bitboard_deficits(uint64_t key, int ranks,
                            const uint8_t known[MJT_SLOTS],
                            const uint8_t floor[MJT_SLOTS],
                            uint8_t out[MJT_SLOTS]);

/* The reference solver (reference.c): one pattern, masks included, slowly
 * and simply, to check the bitboard solver against. */
void mjt__solve_reference(uint64_t key, int ranks, mjt__record *out);

/* The reference solver without the cap of 4 copies a kind: deliberately
 * wrong, for comparing tables (mjt-gen --solver nocap). */
void mjt__solve_nocap(uint64_t key, int ranks, mjt__record *out);

#endif
