/* SPDX-License-Identifier: MIT */
/*
 * Solving every pattern of a suit (or of the honors) with the bitboard
 * decomposer, a tile count at a time, and deriving the masks from the
 * deficits of neighbouring patterns.
 *
 * Why a table at a time.  Patterns of n tiles are solved once all those of
 * n - 1 are: a pattern's deficit is then known to be its best one-smaller
 * sub-pattern's or one less, which bounds the search tightly.  And once
 * every deficit is known, the masks are their definition read off the
 * table: rank r is in need when the pattern with one more r has a smaller
 * deficit, in excess when the pattern with one less r has the same.  A
 * pattern of 14 tiles plus one has 15, outside the table; but a 15-tile
 * pattern always holds a tile its best target does not use, so its deficit
 * is the least over the 14-tile patterns made by taking one tile away.
 *
 * A pattern and its mirror (ranks read from the other end) have the same
 * deficits, so only one of each pair is searched and the other copied.
 *
 * Threads.  The calls that take (k, n) do the share of thread k of n: the
 * patterns at positions k, k+n, k+2n, ... of the successor order.  Shares
 * of one call touch disjoint memory; calls for tile count t need every call
 * for t - 1 finished (solve, then mirror), and records need all of them.
 */
#ifndef MJT__GEN_PATTERNS_H
#define MJT__GEN_PATTERNS_H

#include <stddef.h>
#include <stdint.h>

#include "index.h"
#include "record.h"
#include "enum.h"

typedef struct mjt__patterns {
    int ranks;
    size_t len;                               /* patterns of 0 to 14 tiles */
    size_t start[MJT__MAX_PATTERN_TILES + 2]; /* first position of each
                                                tile count; start[15] = len */
    uint64_t *keys;     /* by position in successor order */
    uint8_t (*def)[16]; /* deficits by dense index, rows padded to 16 */
    const mjt__index_of_kind *kind; /* ix.suit or ix.honor */
    mjt__index ix;
    uint32_t fewer[MJT__SUIT_RANKS + 1][MJT__MAX_PATTERN_TILES + 1];
    /* fewer[r][b]: patterns of ranks 0..r-1, <= b tiles */
} mjt__patterns;

/* Enumerate the patterns of ranks ranks.  Returns 0, or -1 when out of
 * memory (then *ps holds nothing to free). */
int mjt__patterns_init(mjt__patterns *ps, int ranks);
void mjt__patterns_free(mjt__patterns *ps);

/* Deficits of the patterns of `tiles` tiles in share (k, n), one of each
 * mirror pair; then copy them to the other of each pair. */
void mjt__patterns_solve(mjt__patterns *ps, int tiles, unsigned k, unsigned n);
void mjt__patterns_mirror(mjt__patterns *ps, int tiles, unsigned k, unsigned n);

/* The whole record of pattern key: its deficits and those of the patterns
 * one tile away must be solved. */
void mjt__patterns_record(const mjt__patterns *ps, uint64_t key,
                          mjt__record *out);

/* The place of key (of at most max_tiles tiles) among the patterns of at
 * most max_tiles tiles in ascending key order, without sorting: a key
 * compares as its counts read from the top rank down, so its place is the
 * number of patterns that first differ from it by fewer tiles at some rank,
 * which fewer[][] counts. */
size_t mjt__patterns_rank(const mjt__patterns *ps, uint64_t key, int max_tiles);

/* The deficits of every pattern of 0 to max_tiles tiles on one thread, for
 * tests and small tools (records of n tiles need max_tiles >= n + 1, or
 * 14). */
void mjt__patterns_solve_upto(mjt__patterns *ps, int max_tiles);

#endif
