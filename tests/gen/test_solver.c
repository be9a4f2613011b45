/* SPDX-License-Identifier: MIT */
/*
 * The bitboard solver (decomposer, then masks from neighbouring patterns)
 * against the reference solver on every suit pattern and every honor
 * pattern: all ten slots, deficits and both masks.  Split by tile count so
 * Criterion can run the parts in parallel.
 */
/* criterion.h first: parameterized.h needs it */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "patterns.h"
#include "record.h"
#include "solvers.h"
#include "suit.h"

static void check_all(int ranks, int tiles)
{
    mjt__patterns ps;
    uint64_t checked = 0;

    cr_assert(eq(int, mjt__patterns_init(&ps, ranks), 0));
    /* Records of n tiles read the deficits of n + 1 tiles. */
    mjt__patterns_solve_upto(&ps, tiles < MJT__MAX_PATTERN_TILES ? tiles + 1
                                                                 : tiles);
    for (size_t i = ps.start[tiles]; i < ps.start[tiles + 1]; i++) {
        uint64_t key = ps.keys[i];
        mjt__record fast, ref;
        mjt__patterns_record(&ps, key, &fast);
        mjt__solve_reference(key, ranks, &ref);
        for (int s = 0; s < MJT__SLOTS; s++) {
            cr_assert(eq(u8, fast.slot[s].deficit, ref.slot[s].deficit),
                      "key %#llx slot %d", (unsigned long long)key, s);
            cr_assert(eq(u16, fast.slot[s].need, ref.slot[s].need),
                      "key %#llx slot %d need", (unsigned long long)key, s);
            cr_assert(eq(u16, fast.slot[s].excess, ref.slot[s].excess),
                      "key %#llx slot %d excess", (unsigned long long)key, s);
        }
        checked++;
    }
    cr_assert(gt(u64, checked, 0));
    mjt__patterns_free(&ps);
}

ParameterizedTestParameters(solver, bitboard_equals_reference_on_suits)
{
    static int tiles[15] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    return cr_make_param_array(int, tiles, 15);
}

ParameterizedTest(int *tiles, solver, bitboard_equals_reference_on_suits,
                  .timeout = 600)
{
    check_all(MJT__SUIT_RANKS, *tiles);
}

Test(solver, bitboard_equals_reference_on_honors, .timeout = 600)
{
    for (int n = 0; n <= 14; n++)
        check_all(MJT__HONOR_RANKS, n);
}

static mjt__record solve(const char *ranks, int nranks)
{
    uint8_t c[9] = {0};
    mjt__patterns ps;
    mjt__record r;
    for (; *ranks; ranks++)
        c[*ranks - '1']++;
    cr_assert(eq(int, mjt__patterns_init(&ps, nranks), 0));
    mjt__patterns_solve_upto(&ps, MJT__MAX_PATTERN_TILES);
    mjt__patterns_record(&ps, mjt__key_from_counts(c, nranks), &r);
    mjt__patterns_free(&ps);
    return r;
}

Test(solver, four_ones_cannot_take_a_fifth)
{
    mjt__record r = solve("1111", 9);
    /* 1 meld + pair: 111 + a pair elsewhere, 2 tiles; not 1111 + a 5th 1. */
    cr_assert(eq(u8, r.slot[mjt__slot(1, 1)].deficit, 2));
    cr_assert(eq(u16, r.slot[mjt__slot(1, 1)].need, 0x1FE));
    cr_assert(eq(u16, r.slot[mjt__slot(1, 1)].excess, 0x001));
    cr_assert(eq(u8, r.slot[mjt__slot(1, 0)].deficit, 0));
    cr_assert(eq(u8, r.slot[mjt__slot(2, 0)].deficit, 2));
    cr_assert(eq(u16, r.slot[mjt__slot(2, 0)].need, 0x006)); /* 123 + 1 */
}

Test(solver, empty_pattern_needs_everything)
{
    mjt__record r = solve("", 9);
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            const mjt__slotinfo *s = &r.slot[mjt__slot(m, p)];
            cr_assert(eq(u8, s->deficit, 3 * m + 2 * p));
            cr_assert(eq(u16, s->need, (m | p) ? 0x1FF : 0));
            cr_assert(eq(u16, s->excess, 0));
        }
}

Test(solver, honors_make_no_sequences)
{
    mjt__record r = solve("123", 7);
    cr_assert(eq(u8, r.slot[mjt__slot(1, 0)].deficit, 2));
    r = solve("123", 9);
    cr_assert(eq(u8, r.slot[mjt__slot(1, 0)].deficit, 0));
}

Test(solver, deficits_without_bounds_equal_the_bounded_ones)
{
    /* The bounds only prune: a search told nothing finds the same. */
    mjt__patterns ps;
    cr_assert(eq(int, mjt__patterns_init(&ps, MJT__SUIT_RANKS), 0));
    mjt__patterns_solve_upto(&ps, 9);
    for (size_t i = 0; i < ps.start[10]; i += 7) {
        uint64_t key = ps.keys[i];
        uint8_t free_run[MJT__SLOTS];
        mjt__record r;
        mjt__bitboard_deficits(key, MJT__SUIT_RANKS, NULL, NULL, free_run);
        mjt__patterns_record(&ps, key, &r);
        for (int s = 0; s < MJT__SLOTS; s++)
            cr_assert(eq(u8, free_run[s], r.slot[s].deficit), "key %#llx",
                      (unsigned long long)key);
    }
    mjt__patterns_free(&ps);
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void check_rank(int ranks)
{
    mjt__patterns ps;
    cr_assert(eq(int, mjt__patterns_init(&ps, ranks), 0));
    uint64_t *sorted = malloc(ps.len * sizeof *sorted);
    memcpy(sorted, ps.keys, ps.len * sizeof *sorted);
    qsort(sorted, ps.len, sizeof *sorted, cmp_key);
    for (size_t i = 0; i < ps.len; i++)
        cr_assert(eq(u64, mjt__patterns_rank(&ps, sorted[i], 14), i));
    /* Among the patterns of at most 8 tiles alone. */
    size_t small = 0;
    for (size_t i = 0; i < ps.len; i++)
        if (mjt__key_tiles(sorted[i]) <= 8)
            cr_assert(eq(u64, mjt__patterns_rank(&ps, sorted[i], 8), small++));
    cr_assert(eq(u64, small, ps.start[9]));
    free(sorted);
    mjt__patterns_free(&ps);
}

Test(solver, rank_is_the_place_in_key_order)
{
    check_rank(MJT__SUIT_RANKS);
    check_rank(MJT__HONOR_RANKS);
}

static void check_order(int ranks)
{
    mjt__patterns ps;
    mjt__enum e;
    size_t i = 0;

    cr_assert(eq(int, mjt__patterns_init(&ps, ranks), 0));
    mjt__enum_init(&e, ranks, MJT__MAX_PATTERN_TILES);
    do {
        cr_assert(lt(sz, i, ps.len));
        cr_assert(eq(u64, ps.keys[i], mjt__enum_key(&e)), "position %zu", i);
        i++;
    } while (mjt__enum_next(&e));
    cr_assert(eq(sz, i, ps.len));
    cr_assert(eq(sz, ps.start[MJT__MAX_PATTERN_TILES + 1], ps.len));
    mjt__patterns_free(&ps);
}

Test(solver, patterns_come_in_successor_order)
{
    check_order(MJT__SUIT_RANKS);
    check_order(MJT__HONOR_RANKS);
}
