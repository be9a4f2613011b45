/* SPDX-License-Identifier: MIT */
/*
 * Walking every pattern of a suit (or of the honors) in successor order,
 * the order in which mjt-gen solves them and splits them among threads.
 */
#ifndef MJT__GEN_ENUM_H
#define MJT__GEN_ENUM_H

#include <stdint.h>

#include "suit.h"

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
    int tiles;                         /* tile count of the current pattern */
    uint8_t t[MJT__MAX_PATTERN_TILES]; /* its ranks, sorted */
    uint64_t index;                    /* position in the full enumeration */
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
