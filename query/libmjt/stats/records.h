/* SPDX-License-Identifier: MIT */
/*
 * Every pattern of a table as the engines read it from an open
 * mjt_tables: its counts and its record.  mjt_tables_open has checked
 * every record against the file's digests and refuses a table that lacks
 * a pattern, so the engines need no file of their own.
 */
#ifndef MJT__STATS_RECORDS_H
#define MJT__STATS_RECORDS_H

#include <stdint.h>

#include "internal.h"

/* The suit table (9 ranks) and the honors' (7). */
enum { MJT__PART_SUIT, MJT__PART_HONOR };

/* Call fn for every pattern of at most `most` tiles (14: all of them) of
 * part `part` of t, counts in the lexicographic order of their counts,
 * the first rank most significant: counts[0..ranks-1], its tile count n,
 * its record.  Stops at and returns the first non-zero that fn returns; 0
 * after the last. */
typedef int mjt__pattern_fn(void *ctx, const uint8_t *counts, int n,
                            const mjt__mrec *rec);
int mjt__each_pattern(const struct mjt_tables *t, int part, int most,
                      mjt__pattern_fn *fn, void *ctx);

#endif
