/* SPDX-License-Identifier: MIT */
/* The 45-bit suit word: keys from counts and back, and their validity. */
#include "suit.h"

uint64_t mjt__key_from_counts(const uint8_t *counts, int ranks)
{
    uint64_t key = 0;

    for (int r = 0; r < ranks; r++)
        key |= ((UINT64_C(1) << counts[r]) - 1) << (5 * r);
    return key;
}

int mjt__key_to_counts(uint64_t key, int ranks, uint8_t *counts)
{
    int n = 0;

    for (int r = 0; r < ranks; r++) {
        counts[r] = (uint8_t)mjt__key_count(key, r);
        n += counts[r];
    }
    return n;
}

/*
 * Unary fields of at most 4 are exactly those f with f & (f + 1) == 0 and
 * the top bit clear.  With every top bit clear, adding 1 to each field at
 * once (key + MJT__FIELD_LOW) cannot carry from one field into the next, so
 * one addition tests all nine; ranks above the last must be empty.
 */
int mjt__key_valid(uint64_t key, int ranks)
{
    return (key >> (5 * ranks)) == 0 && (key & MJT__FIELD_GUARD) == 0 &&
           (key & (key + MJT__FIELD_LOW)) == 0;
}
