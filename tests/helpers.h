/* SPDX-License-Identifier: MIT */
/*
 * Shared by the tests: the brute-force hand analysis (brute.c), which knows
 * nothing of tables or joins, and where to find the built tables.
 */
#ifndef MJT_TESTS_HELPERS_H
#define MJT_TESTS_HELPERS_H

#include <stdint.h>

#include "mjt.h"

/* Fewest tiles to add so counts hold k melds and a pair, no fifth copy. */
int brute_deficit(const uint8_t counts[MJT_KINDS], int k);

/* The three shanten values and the overall of n tiles, by definition. */
void brute_shanten(const uint8_t counts[MJT_KINDS], mjt_shanten_info *out);

/* Kinds whose draw lowers the overall shanten of a 3k+1 hand. */
uint64_t brute_ukeire(const uint8_t counts[MJT_KINDS]);

/* The tables `make test` generated (build/test/mjt.lmdb), opened once per
 * test process. */
const mjt_tables *test_tables(void);
const char *test_build_dir(void);
const char *test_tables_path(void);

/* A tiny deterministic generator (splitmix64) for random tests. */
static inline uint64_t test_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
