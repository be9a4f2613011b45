/* SPDX-License-Identifier: MIT */
/*
 * Decompositions and wait shapes: the tables' forms and the library's join
 * against the brute force of brute_forms.c, exhaustively on every one-suit
 * 13-tile hand, on random hands of mixed suits, and on hands checked by
 * hand.  (mjq's countTiles listing against the brute force is in
 * tests/mjq/test_mjq.c.)
 */
/* criterion.h first: parameterized.h needs it */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "enum.h"
#include "forms.h"
#include "helpers.h"
#include "internal.h"
#include "suit.h"
#include "solvers.h"
#include "tiles.h"

#define MOST 512

static int arr_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(brute_arr));
}

/* One standard-form answer as the brute force writes it: zeroed, melds
 * sorted. */
static brute_arr arr_of(int tile, int shape, int pair, mjt_block wait,
                        const mjt_block *melds, int n)
{
    brute_arr a;

    memset(&a, 0, sizeof a);
    a.tile = (uint8_t)tile;
    a.shape = (uint8_t)shape;
    a.pair = (uint8_t)pair;
    a.wait = wait;
    a.melds_len = (uint8_t)n;
    memcpy(a.melds, melds, sizeof(mjt_block) * (size_t)n);
    qsort(a.melds, (size_t)n, sizeof(mjt_block), brute_block_cmp);
    return a;
}

/* The library's standard-form shapes of h (seven pairs and orphans left
 * out), as the brute force writes them, sorted. */
static int lib_shapes(const mjt_hand *h, brute_arr *out)
{
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n;
    int k = 0;

    cr_assert(
        eq(int, mjt_shapes(test_tables(), h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    for (size_t i = 0; i < n; i++)
        if (e[i].shape < MJT_SHAPE_CHIITOITSU)
            out[k++] = arr_of(e[i].tile, e[i].shape, e[i].pair, e[i].wait,
                              e[i].melds, e[i].melds_len);
    qsort(out, (size_t)k, sizeof *out, arr_cmp);
    return k;
}

/* The same for the standard-form decompositions. */
static int lib_decompositions(const mjt_hand *h, brute_arr *out)
{
    mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
    mjt_block none = {0, MJT_NO_TILE};
    size_t n;
    int k = 0;

    cr_assert(
        eq(int,
           mjt_decompositions(test_tables(), h, d, MJT_MAX_DECOMPOSITIONS, &n),
           MJT_OK));
    for (size_t i = 0; i < n; i++)
        if (d[i].form == MJT_STANDARD)
            out[k++] = arr_of(MJT_NO_TILE, 0, d[i].pair, none, d[i].melds,
                              d[i].melds_len);
    qsort(out, (size_t)k, sizeof *out, arr_cmp);
    return k;
}

static void text_of(const uint8_t *c, char *buf, size_t cap)
{
    test_counts_text(c, buf, cap);
}

/* The library's shapes of counts equal the brute force's; returns their
 * number. */
static int check_shapes(const uint8_t c[MJT_KINDS])
{
    brute_arr want[MOST], got[MJT_MAX_SHAPES];
    mjt_hand h;
    char text[64];
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
    int nw = brute_shapes(c, want, MOST);
    int ng = lib_shapes(&h, got);
    text_of(c, text, sizeof text);
    cr_assert(eq(int, ng, nw), "%s: %d shapes, brute force %d", text, ng, nw);
    cr_assert(eq(int, memcmp(got, want, sizeof(brute_arr) * (size_t)ng), 0),
              "%s: shapes differ from the brute force", text);
    return ng;
}

static void check_decompositions(const uint8_t c[MJT_KINDS])
{
    brute_arr want[MOST], got[MJT_MAX_DECOMPOSITIONS];
    mjt_hand h;
    char text[64];
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
    int nw = brute_decompositions(c, want, MOST);
    qsort(want, (size_t)(nw < MOST ? nw : MOST), sizeof *want, arr_cmp);
    int ng = lib_decompositions(&h, got);
    text_of(c, text, sizeof text);
    cr_assert(eq(int, ng, nw), "%s: %d decompositions, brute force %d", text,
              ng, nw);
    cr_assert(eq(int, memcmp(got, want, sizeof(brute_arr) * (size_t)ng), 0),
              "%s: decompositions differ from the brute force", text);
}

/* ==== The tables ==== */

/* Complete patterns: 21,742 non-empty suit ones (18,874 with a pair),
 * 497 honor ones, as the issue counts them. */
Test(forms, complete_pattern_counts)
{
    const mjt_tables *t = test_tables();
    int ranks[2] = {MJT__SUIT_RANKS, MJT__HONOR_RANKS};
    size_t complete[2] = {0, 0}, pair[2] = {0, 0};

    for (int table = 0; table < 2; table++) {
        mjt__enum e;
        mjt__enum_init(&e, ranks[table], MJT__MAX_PATTERN_TILES);
        while (mjt__enum_next(&e)) { /* the empty pattern is skipped */
            uint64_t key = mjt__enum_key(&e);
            uint32_t w = mjt__fword(&t->game[0], table ? 3 : 0,
                                    mjt__code_of_key(key, ranks[table]));
            if (MJT__F_DECOMPOSITIONS(w) > 0) {
                complete[table]++;
                pair[table] += mjt__key_tiles(key) % 3 == 2;
            }
        }
    }
    cr_assert(eq(sz, complete[0], 21742));
    cr_assert(eq(sz, pair[0], 18874));
    cr_assert(eq(sz, complete[0] - pair[0], 2868));
    cr_assert(eq(sz, complete[1], 497));
}

/* The documented buffer sizes are the true maxima: per tile count, the
 * most decompositions and (winning tile, arrangement) pairs any pattern
 * has, joined over every split of a hand into parts. */
Test(forms, buffer_bounds_are_the_maxima)
{
    const mjt_tables *t = test_tables();
    long most_c[2][15] = {{0}}, most_w[2][15] = {{0}};
    long best_d = 0, best_s = 0;

    for (int table = 0; table < 2; table++) {
        int ranks = table ? MJT__HONOR_RANKS : MJT__SUIT_RANKS;
        mjt__enum e;
        mjt__enum_init(&e, ranks, MJT__MAX_PATTERN_TILES);
        do {
            uint64_t key = mjt__enum_key(&e);
            uint32_t w = mjt__fword(&t->game[0], table ? 3 : 0,
                                    mjt__code_of_key(key, ranks));
            const uint64_t *f =
                t->forms + MJT__F_FIRST(w) + MJT__F_DECOMPOSITIONS(w);
            long wins = 0;
            for (unsigned i = 0; i < MJT__F_ARRANGEMENTS(w); i++)
                wins += __builtin_popcount((unsigned)(f[i] >> 48) & 0x1FF);
            int n = mjt__key_tiles(key);
            if ((long)MJT__F_DECOMPOSITIONS(w) > most_c[table][n])
                most_c[table][n] = MJT__F_DECOMPOSITIONS(w);
            if (wins > most_w[table][n])
                most_w[table][n] = wins;
        } while (mjt__enum_next(&e));
    }
    for (int a = 0; a <= 14; a++)
        for (int b = 0; a + b <= 14; b++)
            for (int c = 0; a + b + c <= 14; c++)
                for (int d = 0; a + b + c + d <= 14; d++) {
                    int p[4] = {a, b, c, d}, n = a + b + c + d;
                    long prod = 1, sum = 0;
                    for (int i = 0; i < 4; i++)
                        prod *= most_c[i == 3][p[i]];
                    if (n % 3 == 2 && prod > best_d)
                        best_d = prod;
                    for (int w = 0; w < 4 && n % 3 == 1; w++) {
                        long x = most_w[w == 3][p[w]];
                        for (int i = 0; i < 4; i++)
                            if (i != w)
                                x *= most_c[i == 3][p[i]];
                        sum += x;
                    }
                    if (sum > best_s)
                        best_s = sum;
                }
    /* The standard forms' bounds; seven pairs and thirteen orphans add
     * less (test_hand.c's bounds tests search every such hand). */
    cr_assert(eq(long, best_d, MJT_MAX_DECOMPOSITIONS));
    cr_assert(eq(long, best_s, MJT_MAX_SHAPES));
    cr_assert(MJT_MAX_SHAPES >= 13);
}

/* What mjt-gen wrote is what gen/forms.c finds trying every tile, for
 * every pattern: so its shortcut through the deficits loses nothing. */
Test(forms, tables_hold_every_form, .timeout = 300)
{
    const mjt_tables *t = test_tables();

    for (int table = 0; table < 2; table++) {
        int ranks = table ? MJT__HONOR_RANKS : MJT__SUIT_RANKS;
        mjt__enum e;
        mjt__enum_init(&e, ranks, MJT__MAX_PATTERN_TILES);
        while (mjt__enum_next(&e)) {
            uint64_t key = mjt__enum_key(&e);
            uint32_t w = mjt__fword(&t->game[0], table ? 3 : 0,
                                    mjt__code_of_key(key, ranks));
            mjt__forms f;
            cr_assert(eq(int, mjt__forms_of(key, ranks, 1, 0x1FF, &f), 0));
            cr_assert(eq(int, f.ndecompositions, (int)MJT__F_DECOMPOSITIONS(w)),
                      "pattern %llx", (unsigned long long)key);
            cr_assert(eq(int, f.narrangements, (int)MJT__F_ARRANGEMENTS(w)),
                      "pattern %llx", (unsigned long long)key);
            for (int i = 0; i < f.narrangements; i++) {
                uint64_t x = t->forms[MJT__F_FIRST(w) +
                                      MJT__F_DECOMPOSITIONS(w) + (unsigned)i];
                cr_assert(eq(u32, f.wins[i], (uint32_t)(x >> 48) & 0x1FF));
            }
        }
    }
}

/* ==== Exhaustive and random ==== */

/* Every one-suit hand of 13 tiles, in each number suit and (7 ranks) the
 * honors, against the brute force. */
ParameterizedTestParameters(exhaustive, one_suit_shapes)
{
    static int parts[] = {0, 2, 3};
    return cr_make_param_array(int, parts, 3);
}

ParameterizedTest(int *part, exhaustive, one_suit_shapes, .timeout = 900)
{
    int ranks = *part == 3 ? MJT__HONOR_RANKS : MJT__SUIT_RANKS;
    long hands = 0, shapes = 0, tenpai = 0;
    mjt__enum e;

    mjt__enum_init_at(&e, ranks, 13);
    do {
        uint8_t c[MJT_KINDS] = {0};
        for (int i = 0; i < 13; i++)
            c[9 * *part + e.t[i]]++;
        int n = check_shapes(c);
        shapes += n;
        tenpai += n > 0;
        hands++;
    } while (mjt__enum_next(&e));
    cr_assert(eq(long, hands, ranks == 9 ? 93600 : 7875));
    printf("shapes: %ld one-suit hands (%c), %ld tenpai, %ld shapes, all as "
           "the brute force\n",
           hands, "mpsz"[*part], tenpai, shapes);
}

static long random_count(long n)
{
    return getenv("MJT_LONG") != NULL ? 10 * n : n;
}

/* Complete hands of every size, mixed suits: their decompositions; the
 * same hands less one tile: their shapes, whose tiles are the waits. */
Test(random, complete_and_tenpai_hands_of_mixed_suits, .timeout = 900)
{
    uint64_t seed = 20261122;
    long n = random_count(20000), shapes = 0;

    for (long i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS];
        test_random_complete(&seed, (int)(i % 5), c);
        check_decompositions(c);
        int out;
        do
            out = (int)(test_rand(&seed) % MJT_KINDS);
        while (c[out] == 0);
        c[out]--;
        shapes += check_shapes(c);
        mjt_hand h;
        uint64_t waits, tiles = 0;
        mjt_shape e[MJT_MAX_SHAPES];
        size_t len;
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        mjt_waits(test_tables(), &h, &waits);
        mjt_shapes(test_tables(), &h, e, MJT_MAX_SHAPES, &len);
        for (size_t j = 0; j < len; j++)
            tiles |= UINT64_C(1) << e[j].tile;
        cr_assert(eq(u64, tiles, waits), "the shapes' tiles are the waits");
    }
    printf("shapes: %ld random complete hands and %ld shapes of them less a "
           "tile, all as the brute force\n",
           n, shapes);
}

/* Hands of 8, 11 and 14 tiles whose four parts are each complete alone,
 * a pair in each (two pairs of a suit, or a pair and melds), and random
 * hands of 14 tiles: the brute force's decompositions, none for most. */
Test(random, four_complete_parts_and_fourteen_random_tiles, .timeout = 900)
{
    uint64_t seed = 1127;
    long n = random_count(20000);

    for (long i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS] = {0};
        int melds = (int)(i % 3), placed = 0;
        for (int p = 0; p < 4; p++) {
            int k = 9 * p + (int)(test_rand(&seed) % (p < 3 ? 9 : 7));
            c[k] = 2;
        }
        while (placed < melds) {
            int k = (int)(test_rand(&seed) % MJT_KINDS);
            if (test_rand(&seed) % 2 && k < 27 && k % 9 < 7) {
                if (c[k] < 4 && c[k + 1] < 4 && c[k + 2] < 4)
                    c[k]++, c[k + 1]++, c[k + 2]++, placed++;
            } else if (c[k] + 3 <= 4) {
                c[k] = (uint8_t)(c[k] + 3), placed++;
            }
        }
        check_decompositions(c);
        uint8_t r[MJT_KINDS] = {0};
        for (int k = 0; k < 14;) {
            int t = (int)(test_rand(&seed) % MJT_KINDS);
            if (r[t] < 4)
                r[t]++, k++;
        }
        check_decompositions(r);
    }
}

/* Random hands of 13 tiles, mostly not tenpai: nothing is made up. */
Test(random, thirteen_random_tiles, .timeout = 900)
{
    uint64_t seed = 13;
    long n = random_count(20000);

    for (long i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS] = {0};
        for (int k = 0; k < 13;) {
            int t = (int)(test_rand(&seed) % MJT_KINDS);
            if (c[t] < 4)
                c[t]++, k++;
        }
        check_shapes(c);
    }
}

/* ==== Checked by hand ==== */

static mjt_hand hand(const char *text)
{
    mjt_hand h;
    cr_assert(
        eq(int, mjt_hand_parse(&h, text, strlen(text), NULL, NULL), MJT_OK),
        "%s", text);
    return h;
}

/* One shape as mjq writes it: "3m ryanmen [12m] 123p 456p 11z". */
static void shape_text(const mjt_shape *e, char *buf, size_t cap)
{
    static const char *const names[] = {"tanki",   "shanpon",  "kanchan",
                                        "penchan", "ryanmen",  "chiitoitsu",
                                        "kokushi", "kokushi13"};
    static const char *const digits[] = {"012", "000", "00", "0",
                                         "00",  "01",  "02"};
    char t[3];
    size_t n;

    mjt__tile_name(e->tile, t);
    n = (size_t)snprintf(buf, cap, "%s %s [", t, names[e->shape]);
    for (const char *d = digits[e->wait.kind]; *d; d++)
        buf[n++] = (char)('1' + e->wait.tile % 9 + (*d - '0'));
    n += (size_t)snprintf(buf + n, cap - n, "%c]", "mpsz"[e->wait.tile / 9]);
    for (int i = 0; i < e->melds_len; i++) {
        buf[n++] = ' ';
        for (const char *d = digits[e->melds[i].kind]; *d; d++)
            buf[n++] = (char)('1' + e->melds[i].tile % 9 + (*d - '0'));
        buf[n++] = "mpsz"[e->melds[i].tile / 9];
    }
    if (e->pair != MJT_NO_TILE)
        n += (size_t)snprintf(buf + n, cap - n, " %d%d%c", e->pair % 9 + 1,
                              e->pair % 9 + 1, "mpsz"[e->pair / 9]);
    buf[n] = '\0';
}

/* The shapes of text are exactly want (NULL-terminated, in order). */
static void shapes_are(const char *text, const char *const *want)
{
    mjt_hand h = hand(text);
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n, k = 0;
    char got[128];

    cr_assert(
        eq(int, mjt_shapes(test_tables(), &h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    for (; want[k] != NULL; k++) {
        cr_assert(k < n, "%s: only %zu shapes", text, n);
        shape_text(&e[k], got, sizeof got);
        cr_assert(eq(str, got, (char *)want[k]), "%s", text);
    }
    cr_assert(eq(sz, n, k), "%s", text);
}

Test(examples, nine_gates_wins_on_every_tile)
{
    static const char *const want[] = {"1m shanpon [11m] 123m 456m 789m 99m",
                                       "1m ryanmen [23m] 111m 456m 789m 99m",
                                       "2m tanki [2m] 111m 345m 678m 999m",
                                       "3m ryanmen [45m] 123m 678m 999m 11m",
                                       "3m penchan [12m] 345m 678m 999m 11m",
                                       "4m ryanmen [56m] 111m 234m 789m 99m",
                                       "4m ryanmen [23m] 111m 456m 789m 99m",
                                       "5m tanki [5m] 111m 234m 678m 999m",
                                       "6m ryanmen [78m] 123m 456m 999m 11m",
                                       "6m ryanmen [45m] 123m 678m 999m 11m",
                                       "7m penchan [89m] 111m 234m 567m 99m",
                                       "7m ryanmen [56m] 111m 234m 789m 99m",
                                       "8m tanki [8m] 111m 234m 567m 999m",
                                       "9m shanpon [99m] 123m 456m 789m 11m",
                                       "9m ryanmen [78m] 123m 456m 999m 11m",
                                       NULL};
    shapes_are("1112345678999m", want);
}

Test(examples, overlapping_shapes)
{
    static const char *const w4566[] = {"3m ryanmen [45m] 66m",
                                        "6m tanki [6m] 456m",
                                        "6m ryanmen [45m] 66m", NULL};
    static const char *const w1122[] = {"1m shanpon [11m] 22m",
                                        "2m shanpon [22m] 11m", NULL};
    static const char *const w12[] = {"3m penchan [12m] 456p 789p 111z 22z",
                                      NULL};
    static const char *const w89[] = {"7s penchan [89s] 456p 789p 111z 22z",
                                      NULL};
    static const char *const w13[] = {"2m kanchan [13m] 456p 789p 111z 22z",
                                      NULL};
    static const char *const w23[] = {"1s ryanmen [23s] 456p 789p 111z 22z",
                                      "4s ryanmen [23s] 456p 789p 111z 22z",
                                      NULL};
    /* two pairs in two parts: either may be the wait */
    static const char *const wsplit[] = {"1m shanpon [11m] 123p 456p 789s 11z",
                                         "1z shanpon [11z] 123p 456p 789s 11m",
                                         NULL};
    shapes_are("4566m", w4566);
    shapes_are("1122m", w1122);
    shapes_are("12m456p789p11122z", w12);
    shapes_are("89s456p789p11122z", w89);
    shapes_are("13m456p789p11122z", w13);
    shapes_are("23s456p789p11122z", w23);
    shapes_are("11m123p456p789s11z", wsplit);
}

Test(examples, a_fifth_copy_never_wins)
{
    /* 1111m: its only standard wait would be a fifth 1m */
    static const char *const none[] = {NULL};
    static const char *const w[] = {"2m kanchan [13m] 123p 123s 123s 11m",
                                    "3m tanki [3m] 111m 123p 123s 123s", NULL};
    shapes_are("1111m123p112233s", none);
    shapes_are("1113m123p112233s", w);
}

Test(examples, seven_pairs_and_thirteen_orphans)
{
    static const char *const pairs[] = {"2z chiitoitsu [2z]", NULL};
    static const char *const both[] = {"1m tanki [1m] 123m 234m 456m 567m",
                                       "1m ryanmen [23m] 234m 456m 567m 11m",
                                       "4m tanki [4m] 123m 123m 456m 567m",
                                       "4m ryanmen [56m] 123m 123m 567m 44m",
                                       "4m ryanmen [56m] 234m 234m 567m 11m",
                                       "4m ryanmen [23m] 234m 456m 567m 11m",
                                       "7m tanki [7m] 123m 123m 456m 456m",
                                       "7m ryanmen [56m] 123m 123m 567m 44m",
                                       "7m ryanmen [56m] 234m 234m 567m 11m",
                                       "7m chiitoitsu [7m]",
                                       NULL};
    static const char *const single[] = {"7z kokushi [7z]", NULL};
    shapes_are("1133557799m11p2z", pairs);
    shapes_are("1122334455667m", both);
    shapes_are("19m19p19s1234566z", single);

    mjt_hand h = hand("19m19p19s1234567z");
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n;
    cr_assert(
        eq(int, mjt_shapes(test_tables(), &h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    cr_assert(eq(sz, n, 13));
    for (size_t i = 0; i < n; i++)
        cr_assert(eq(int, e[i].shape, MJT_SHAPE_KOKUSHI13));
}

Test(examples, decompositions_of_complete_hands)
{
    mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
    size_t n;
    mjt_hand h = hand("11122233344455m");

    /* 111 222 333 444 55, 123 123 123 444 55, 111 234 234 234 55 and
     * 111 234 345 345 22 */
    cr_assert(
        eq(int,
           mjt_decompositions(test_tables(), &h, d, MJT_MAX_DECOMPOSITIONS, &n),
           MJT_OK));
    cr_assert(eq(sz, n, 4));
    h = hand("112233m445566p77s");
    mjt_decompositions(test_tables(), &h, d, MJT_MAX_DECOMPOSITIONS, &n);
    cr_assert(eq(sz, n, 2));
    cr_assert(eq(int, d[0].form, MJT_STANDARD));
    cr_assert(eq(int, d[0].pair, 24));
    cr_assert(eq(int, d[1].form, MJT_CHIITOITSU));
    h = hand("19m19p19s12345677z");
    mjt_decompositions(test_tables(), &h, d, MJT_MAX_DECOMPOSITIONS, &n);
    cr_assert(eq(sz, n, 1));
    cr_assert(eq(int, d[0].form, MJT_KOKUSHI));
    h = hand("123m456p789s11223z");
    cr_assert(
        eq(int,
           mjt_decompositions(test_tables(), &h, d, MJT_MAX_DECOMPOSITIONS, &n),
           MJT_OK));
    cr_assert(eq(sz, n, 0), "not complete: an empty answer");
    /* each part complete alone, four pairs in all: no hand (with calls
     * too); mjq printed "standard 111z 222z 33z" */
    static const char *const four_pairs[] = {
        "55m66p33s11122233z", "55m66p33s33z,777p,678s", "11m22p33s44z",
        "123m55m66p77s11z,999p"};
    for (size_t i = 0; i < sizeof four_pairs / sizeof *four_pairs; i++) {
        h = hand(four_pairs[i]);
        cr_assert(eq(int,
                     mjt_decompositions(test_tables(), &h, d,
                                        MJT_MAX_DECOMPOSITIONS, &n),
                     MJT_OK));
        cr_assert(eq(sz, n, 0), "%s: four pairs are no hand", four_pairs[i]);
    }
}

Test(errors, shapes_and_decompositions_check_their_arguments)
{
    const mjt_tables *t = test_tables();
    mjt_hand h13 = hand("1112345678999m"), h14 = hand("11122233344455m");
    mjt_shape e[4];
    mjt_decomposition d[2];
    size_t n = 99;

    cr_assert(eq(int, mjt_shapes(t, &h14, e, 4, &n), MJT_ECOUNT));
    cr_assert(eq(sz, n, 99), "a failure leaves the outputs as they were");
    cr_assert(eq(int, mjt_decompositions(t, &h13, d, 2, &n), MJT_ECOUNT));
    cr_assert(eq(int, mjt_shapes(NULL, &h13, e, 4, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_shapes(t, NULL, e, 4, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_shapes(t, &h13, e, 4, NULL), MJT_EINVAL));
    /* too small: nothing is written, *len says how many there are */
    memset(e, 0xEE, sizeof e);
    cr_assert(eq(int, mjt_shapes(t, &h13, e, 4, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, 15));
    cr_assert(eq(int, e[0].tile, 0xEE));
    cr_assert(eq(int, mjt_shapes(t, &h13, NULL, 0, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, 15));
    cr_assert(eq(int, mjt_shapes(t, &h13, NULL, 4, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_decompositions(t, &h14, d, 2, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, 4));
}

/* The names every client prints come from the library, one spelling each. */
Test(shapes, names_are_the_library_s)
{
    static const char *const shapes[] = {"tanki",   "shanpon",  "kanchan",
                                         "penchan", "ryanmen",  "chiitoitsu",
                                         "kokushi", "kokushi13"};
    static const char *const forms[] = {"standard", "chiitoitsu", "kokushi"};

    for (int i = 0; i <= MJT_SHAPE_KOKUSHI13; i++)
        cr_assert(eq(str, (char *)mjt_shape_name(i), (char *)shapes[i]));
    for (int i = 0; i <= MJT_KOKUSHI; i++)
        cr_assert(eq(str, (char *)mjt_form_name(i), (char *)forms[i]));
    cr_assert(eq(ptr, (void *)mjt_shape_name(-1), NULL));
    cr_assert(eq(ptr, (void *)mjt_shape_name(MJT_SHAPE_KOKUSHI13 + 1), NULL));
    cr_assert(eq(ptr, (void *)mjt_form_name(3), NULL));
}

/* ==== Blocks as text ==== */

/* The tiles of block b as counts, from the kind's meaning (mjt.h) and not
 * from the library's table: 0 when b is no block. */
static int block_counts(mjt_block b, uint8_t c[MJT_KINDS])
{
    static const int tiles[][4] = {
        [MJT_RUN] = {0, 1, 2, -1},        [MJT_TRIPLET] = {0, 0, 0, -1},
        [MJT_PAIR] = {0, 0, -1, -1},      [MJT_WAIT_ONE] = {0, -1, -1, -1},
        [MJT_WAIT_PAIR] = {0, 0, -1, -1}, [MJT_WAIT_SIDE] = {0, 1, -1, -1},
        [MJT_WAIT_GAP] = {0, 2, -1, -1},  [MJT_QUAD] = {0, 0, 0, 0},
        [MJT_CLOSED_QUAD] = {0, 0, 0, 0},
    };
    memset(c, 0, MJT_KINDS);
    if (b.kind > MJT_CLOSED_QUAD || b.tile >= MJT_KINDS)
        return 0;
    for (int i = 0; i < 4 && tiles[b.kind][i] >= 0; i++) {
        int k = b.tile + tiles[b.kind][i];
        /* every tile in the block's suit: an honor with itself alone */
        if (k / 9 != b.tile / 9 || k >= MJT_KINDS || (k >= 27 && k != b.tile))
            return 0;
        c[k]++;
    }
    return 1;
}

/* Every kind and tile a block's two bytes can hold: the text of a block
 * is its tiles' digits rising and its suit's letter, which the parser reads
 * back as the block's tiles; anything else is no block and no text. */
Test(blocks, text_of_every_block)
{
    int blocks = 0;

    for (int kind = 0; kind < 256; kind++)
        for (int tile = 0; tile < 256; tile++) {
            mjt_block b = {(uint8_t)kind, (uint8_t)tile};
            uint8_t want[MJT_KINDS];
            char text[MJT_BLOCK_TEXT];
            memset(text, 'x', sizeof text);
            size_t n = mjt_block_format(&b, text, sizeof text);
            cr_assert(eq(sz, strlen(text), n), "%d %d: NUL-terminated", kind,
                      tile);
            if (!block_counts(b, want)) {
                cr_assert(eq(sz, n, 0), "%d %d: no block, \"%s\"", kind, tile,
                          text);
                continue;
            }
            blocks++;
            cr_assert(n >= 2 && n < MJT_BLOCK_TEXT, "%d %d: \"%s\"", kind, tile,
                      text);
            cr_assert(eq(chr, text[n - 1], "mpsz"[tile / 9]));
            for (size_t i = 0; i + 2 < n; i++)
                cr_assert(text[i] <= text[i + 1], "%s: digits rise", text);
            mjt_tiles got;
            cr_assert(eq(int, mjt_tiles_parse(&got, text, n, NULL), MJT_OK),
                      "%s", text);
            cr_assert(eq(u8[MJT_KINDS], got.counts, want), "%s", text);
        }
    /* six kinds on any of the 34 tiles; runs and gap waits start at ranks
     * 1 to 7 of a suit, side waits at 1 to 8 */
    cr_assert(eq(int, blocks, 6 * 34 + 3 * 7 + 3 * 7 + 3 * 8));
    printf("blocks: %d as text, every other kind and tile refused\n", blocks);
}

/* snprintf's rule: the length the whole text needs, as much as fits. */
Test(blocks, text_fits_any_buffer)
{
    const mjt_block run = {MJT_RUN, 24}, quad = {MJT_CLOSED_QUAD, 33};
    const mjt_block none = {MJT_RUN, 30};
    char buf[MJT_BLOCK_TEXT];

    cr_assert(eq(sz, mjt_block_format(&run, NULL, 0), 4));
    for (size_t cap = 1; cap <= sizeof buf; cap++) {
        memset(buf, 'x', sizeof buf);
        cr_assert(eq(sz, mjt_block_format(&run, buf, cap), 4));
        cr_assert(eq(sz, strlen(buf), cap - 1 < 4 ? cap - 1 : 4));
        cr_assert(eq(int, strncmp(buf, "789s", cap - 1), 0));
        for (size_t i = cap; i < sizeof buf; i++)
            cr_assert(eq(chr, buf[i], 'x'), "nothing past cap");
    }
    buf[0] = 'x';
    cr_assert(eq(sz, mjt_block_format(&run, buf, 0), 4));
    cr_assert(eq(chr, buf[0], 'x'), "cap 0 writes nothing");
    cr_assert(eq(sz, mjt_block_format(&quad, buf, sizeof buf), 5));
    cr_assert(eq(str, buf, "7777z"));
    cr_assert(eq(sz, mjt_block_format(&none, buf, sizeof buf), 0));
    cr_assert(eq(str, buf, ""));
    cr_assert(eq(sz, mjt_block_format(NULL, buf, sizeof buf), 0));
    cr_assert(eq(str, buf, ""));
}

/* The blocks of every decomposition of complete hands, as text, parse back
 * to the hand: no block the library gives is refused. */
Test(blocks, decompositions_read_back_as_their_hands)
{
    uint64_t seed = 1129;
    long n = random_count(20000);

    for (long i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS];
        mjt_hand h;
        mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
        size_t len;
        test_random_complete(&seed, (int)(i % 5), c);
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        cr_assert(eq(int,
                     mjt_decompositions(test_tables(), &h, d,
                                        MJT_MAX_DECOMPOSITIONS, &len),
                     MJT_OK));
        for (size_t j = 0; j < len; j++) {
            if (d[j].form != MJT_STANDARD)
                continue;
            char text[5 * MJT_BLOCK_TEXT] = "";
            size_t at = 0;
            for (int k = 0; k < d[j].melds_len; k++)
                at += mjt_block_format(&d[j].melds[k], text + at,
                                       sizeof text - at);
            mjt_block pair = {MJT_PAIR, d[j].pair};
            at += mjt_block_format(&pair, text + at, sizeof text - at);
            mjt_tiles got;
            cr_assert(eq(int, mjt_tiles_parse(&got, text, at, NULL), MJT_OK),
                      "%s", text);
            cr_assert(eq(u8[MJT_KINDS], got.counts, c), "%s", text);
        }
    }
}
