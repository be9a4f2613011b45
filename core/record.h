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
 * Both of mjt-gen's solvers fill this struct (gen/solvers.h), the tables
 * store it (format.h) and the library packs it into its in-memory form.
 */
#ifndef MJT__CORE_RECORD_H
#define MJT__CORE_RECORD_H

#include <stdint.h>

#define MJT__SLOTS 10
#define MJT__MAX_MELDS 4

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
    mjt__slotinfo slot[MJT__SLOTS];
} mjt__record;

#endif
