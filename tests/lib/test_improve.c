/* SPDX-License-Identifier: MIT */
/*
 * Improvement tiles and two-step effective tiles (mjt_improve,
 * mjt_improve_discard) against their definition played out through the
 * public queries (brute_improve.h).  On every 13-tile hand one discard
 * makes from ara's 14-tile hands and on random hands (four and three
 * players, seen tiles, calls, red fives, short hands, hands near
 * complete); make test takes a sample of each, make test-long (MJT_LONG)
 * all of ara's and a million random ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "brute_improve.h"
#include "helpers.h"

static int is_long(void)
{
    return getenv("MJT_LONG") != NULL;
}

/* Fewer under a sanitizer, which runs every test several times slower:
 * n hands, or every step-th. */
static int scaled(int n)
{
    return getenv("MJT_SANITIZER") != NULL ? n / 8 : n;
}

static int every(int step)
{
    return getenv("MJT_SANITIZER") != NULL ? step * 8 : step;
}

/* ==== The definition against the library ==== */

static void same_steps(const mjt_step *a, const mjt_step *b, int n,
                       const char *what, const char *text)
{
    for (int i = 0; i < n; i++) {
        cr_assert(eq(int, a[i].tile, b[i].tile), "%s %s %d", text, what, i);
        cr_assert(eq(int, a[i].left, b[i].left), "%s %s %s", text, what,
                  mjt_tile_name(a[i].tile));
        cr_assert(eq(int, a[i].count, b[i].count), "%s %s %s", text, what,
                  mjt_tile_name(a[i].tile));
        cr_assert(eq(u64, a[i].discards, b[i].discards), "%s %s %s", text, what,
                  mjt_tile_name(a[i].tile));
        cr_assert(eq(u64, a[i].tiles, b[i].tiles), "%s %s %s", text, what,
                  mjt_tile_name(a[i].tile));
        cr_assert(eq(int, a[i].reserved_, 0));
    }
}

static void same(const mjt_improve_info *lib, const mjt_improve_info *want,
                 const char *text)
{
    cr_assert(eq(int, lib->shanten, want->shanten), "%s", text);
    cr_assert(eq(int, lib->count, want->count), "%s", text);
    cr_assert(eq(int, lib->nimprove, want->nimprove), "%s", text);
    cr_assert(eq(int, lib->improve_count, want->improve_count), "%s", text);
    cr_assert(eq(int, lib->ntwo, want->ntwo), "%s", text);
    cr_assert(eq(int, lib->two_total, want->two_total), "%s", text);
    same_steps(lib->improve, want->improve, lib->nimprove, "improve", text);
    same_steps(lib->two, want->two, lib->ntwo, "two-step", text);
}

/* h (3k+1) with visible: the library's answer is the definition's. */
static void check(const mjt_hand *h, const uint8_t *visible)
{
    mjt_improve_info lib, want;
    char text[MJT_HAND_TEXT];

    mjt_hand_format(h, text, sizeof text);
    cr_assert(eq(int, mjt_improve(test_tables(), h, visible, &lib), MJT_OK),
              "%s", text);
    cr_assert(eq(int, brute_improve(test_tables(), h, visible, &want), MJT_OK),
              "%s", text);
    same(&lib, &want, text);
}

/* h (3k+2): each discard's answer is the definition's for the hand less
 * it with it seen, and the discard table's count is the answer's. */
static void check_discards(const mjt_hand *h, const uint8_t *visible)
{
    mjt_discard rows[MJT_MAX_DISCARDS];
    size_t n;
    char text[MJT_HAND_TEXT];

    mjt_hand_format(h, text, sizeof text);
    cr_assert(
        eq(int,
           mjt_discards(test_tables(), h, visible, rows, MJT_MAX_DISCARDS, &n),
           MJT_OK));
    for (size_t i = 0; i < n; i++) {
        mjt_improve_info lib, want;
        uint8_t seen[MJT_KINDS] = {0};
        mjt_hand less = *h;
        if (visible != NULL)
            memcpy(seen, visible, sizeof seen);
        seen[MJT_KIND_OF(rows[i].tile)]++;
        cr_assert(eq(int, mjt_hand_remove(&less, rows[i].tile), MJT_OK));
        cr_assert(eq(int,
                     mjt_improve_discard(test_tables(), h, visible,
                                         rows[i].tile, &lib),
                     MJT_OK),
                  "%s less %s", text, mjt_tile_name(rows[i].tile));
        cr_assert(
            eq(int, brute_improve(test_tables(), &less, seen, &want), MJT_OK),
            "%s less %s", text, mjt_tile_name(rows[i].tile));
        same(&lib, &want, text);
        cr_assert(eq(int, lib.count, rows[i].count));
        cr_assert(eq(int, lib.shanten, rows[i].shanten));
    }
}

/* ==== Known answers ==== */

static void parse(mjt_hand *h, const char *text)
{
    mjt_diag d;
    cr_assert(eq(int, mjt_hand_parse(h, text, strlen(text), NULL, &d), MJT_OK),
              "%s: %s", text, d.message);
}

static const mjt_step *step_of(const mjt_step *s, int n, const char *tile)
{
    for (int i = 0; i < n; i++)
        if (s[i].tile == mjt_tile_from_name(tile, strlen(tile)))
            return &s[i];
    return NULL;
}

/* The worked example of the README, counted by hand.  139m56p123p789s55z
 * is 1-shanten (123p 789s, 13m and 56p, the 55z pair, 9m alone): 2m 4p 7p,
 * 12 copies.  Drawing 5z and discarding 9m leaves 13m 56p 123p 789s 555z:
 * 1m 3m 5p 6p pair up (3 each), 2m 4p 7p still make melds (4 each): 24.
 * Drawing 4m and discarding 1m or 9m leaves 34m or 134m: 2m 5m 4p 7p, 16.
 * The two steps: 2m leaves tenpai on 4p 7p (8), 4p and 7p on 2m (4):
 * 4 * 8 + 4 * 4 + 4 * 4 = 64. */
Test(improve, worked_example_of_the_readme)
{
    mjt_hand h;
    mjt_improve_info r;

    parse(&h, "139m56p123p789s55z");
    check(&h, NULL);
    cr_assert(eq(int, mjt_improve(test_tables(), &h, NULL, &r), MJT_OK));
    cr_assert(eq(int, r.shanten, 1));
    cr_assert(eq(int, r.count, 12));
    cr_assert(eq(int, r.nimprove, 7)); /* 1m 3m 4m 5m 5p 6p 5z */
    cr_assert(eq(int, r.improve_count, 3 + 3 + 4 + 4 + 3 + 3 + 2));
    const mjt_step *s = step_of(r.improve, r.nimprove, "5z");
    cr_assert(not(eq(ptr, (void *)s, NULL)));
    cr_assert(eq(int, s->count, 24));
    cr_assert(eq(u64, s->discards, UINT64_C(1) << 8));
    s = step_of(r.improve, r.nimprove, "4m");
    cr_assert(not(eq(ptr, (void *)s, NULL)));
    cr_assert(eq(int, s->count, 16));
    cr_assert(eq(u64, s->discards, UINT64_C(1) << 0 | UINT64_C(1) << 8));
    cr_assert(eq(int, r.ntwo, 3));
    cr_assert(eq(int, r.two_total, 64));
    s = step_of(r.two, r.ntwo, "2m");
    cr_assert(eq(int, s->count, 8));
}

/* A tenpai hand: no two-step, and improvement tiles widen the wait. */
Test(improve, tenpai_hands_widen_their_waits)
{
    mjt_hand h;
    mjt_improve_info r;

    /* 1m tanki: drawing 2m gives 12m waiting 3m (4 copies against 3). */
    parse(&h, "1m234567p234s555z");
    check(&h, NULL);
    cr_assert(eq(int, mjt_improve(test_tables(), &h, NULL, &r), MJT_OK));
    cr_assert(eq(int, r.shanten, 0));
    cr_assert(eq(int, r.ntwo, -1));
    cr_assert(eq(int, r.two_total, -1));
    /* 2m: 12m waits on 3m, 4 copies, once 5z goes (555z was a meld, 55z
     * is the pair now); 1p: 1m goes, 1234567p waits on 1p 4p 7p, 9. */
    const mjt_step *s = step_of(r.improve, r.nimprove, "2m");
    cr_assert(not(eq(ptr, (void *)s, NULL)));
    cr_assert(eq(int, s->count, 4));
    cr_assert(eq(u64, s->discards, UINT64_C(1) << 31));
    s = step_of(r.improve, r.nimprove, "1p");
    cr_assert(not(eq(ptr, (void *)s, NULL)));
    cr_assert(eq(int, s->count, 9));
    cr_assert(eq(u64, s->discards, UINT64_C(1) << 0));
    cr_assert(eq(ptr, (void *)step_of(r.improve, r.nimprove, "1m"), NULL));
}

/* Refusals, as mjt_ukeire's and mjt_discards'. */
Test(improve, refusals)
{
    const mjt_tables *t = test_tables();
    mjt_hand h13, h14;
    mjt_improve_info r;
    uint8_t seen[MJT_KINDS] = {0};

    parse(&h13, "123m456p789s1122z");
    parse(&h14, "123m456p789s11223z");
    cr_assert(eq(int, mjt_improve(NULL, &h13, NULL, &r), MJT_EINVAL));
    cr_assert(eq(int, mjt_improve(t, NULL, NULL, &r), MJT_EINVAL));
    cr_assert(eq(int, mjt_improve(t, &h13, NULL, NULL), MJT_EINVAL));
    cr_assert(eq(int, mjt_improve(t, &h14, NULL, &r), MJT_ECOUNT));
    cr_assert(eq(int, mjt_improve_discard(t, &h13, NULL, 0, &r), MJT_ECOUNT));
    cr_assert(eq(int, mjt_improve_discard(t, &h14, NULL, 5, &r), MJT_EABSENT));
    cr_assert(eq(int, mjt_improve_discard(t, &h14, NULL, 37, &r), MJT_ETILE));
    cr_assert(eq(int, mjt_improve_discard(t, &h14, NULL, -1, &r), MJT_ETILE));
    cr_assert(
        eq(int, mjt_improve_discard(NULL, &h14, NULL, 0, &r), MJT_EINVAL));
    seen[27] = 3; /* 11z held and three more seen */
    cr_assert(eq(int, mjt_improve(t, &h13, seen, &r), MJT_ECOPIES));
    /* 11z held and three seen: a fifth copy, before or after the discard */
    cr_assert(eq(int, mjt_improve_discard(t, &h14, seen, 27, &r), MJT_ECOPIES));
    mjt_hand zero;
    memset(&zero, 0, sizeof zero);
    cr_assert(eq(int, mjt_improve(t, &zero, NULL, &r), MJT_EHAND));
}

/* ==== ara's hands ==== */

/* Every 13-tile hand one discard makes of an ara hand (every step-th
 * hand of each set), the discard seen, through mjt_improve_discard; and
 * the 13-tile hand with nothing seen through mjt_improve. */
static void ara_set(const char *set, int step)
{
    char path[256];
    uint8_t c[MJT_KINDS];
    long hands = 0;

    snprintf(path, sizeof path, "tests/data/ara/p_%s_10000.txt", set);
    FILE *f = fopen(path, "r");
    cr_assert(not(eq(ptr, f, NULL)), "%s", path);
    for (int k = 0; test_ara_hand(f, c); k++) {
        if (k % step != 0)
            continue;
        mjt_hand h;
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        check_discards(&h, NULL);
        if (k % (4 * step) == 0)
            for (int d = 0; d < MJT_KINDS; d++)
                if (c[d] != 0) {
                    mjt_hand less = h;
                    cr_assert(eq(int, mjt_hand_remove(&less, d), MJT_OK));
                    check(&less, NULL);
                }
        hands++;
    }
    fclose(f);
    cr_assert(gt(long, hands, 0));
}

Test(improve, ara_normal, .timeout = 900)
{
    ara_set("normal", is_long() ? 1 : every(16));
}

Test(improve, ara_hon, .timeout = 900)
{
    ara_set("hon", is_long() ? 1 : every(16));
}

Test(improve, ara_tin, .timeout = 900)
{
    ara_set("tin", is_long() ? 1 : every(16));
}

Test(improve, ara_koku, .timeout = 900)
{
    ara_set("koku", is_long() ? 1 : every(16));
}

/* ==== Random hands ==== */

/* Some tiles of the wall (not held) seen, into seen: none, or up to 40. */
static const uint8_t *random_seen(uint64_t *rng, const uint8_t held[MJT_KINDS],
                                  int three, uint8_t seen[MJT_KINDS])
{
    uint8_t left[MJT_KINDS];
    int r = (int)(test_rand(rng) % 4);
    if (r == 0)
        return NULL;
    memset(seen, 0, MJT_KINDS);
    for (int i = 0; i < MJT_KINDS; i++)
        left[i] = (uint8_t)(three && i >= 1 && i <= 7 ? 0 : 4 - held[i]);
    int n = (int)(test_rand(rng) % (r == 3 ? 41 : 12));
    for (int i = 0; i < n; i++)
        seen[draw_any(rng, left)]++;
    return seen;
}

/* A complete three-player hand of 4 melds (triplets of the 27 kinds, runs
 * of pinzu and souzu) and a pair, no fifth copy, into c. */
static void complete3(uint64_t *rng, uint8_t c[MJT_KINDS])
{
    for (;;) {
        int ok = 1, k;
        memset(c, 0, MJT_KINDS);
        do
            k = (int)(test_rand(rng) % MJT_KINDS);
        while (k >= 1 && k <= 7);
        c[k] += 2;
        for (int m = 0; m < 4; m++) {
            int id = (int)(test_rand(rng) % (27 + 14));
            if (id < 27) {
                k = id < 2 ? 8 * id : id + 7; /* 1m 9m, then 1p on */
                c[k] += 3;
            } else {
                k = 9 * (1 + (id - 27) / 7) + (id - 27) % 7;
                c[k]++, c[k + 1]++, c[k + 2]++;
            }
        }
        for (int i = 0; i < MJT_KINDS; i++)
            ok &= c[i] <= 4;
        if (ok)
            return;
    }
}

/* A hand of len tiles: off the wall, or (near) a complete hand with a few
 * tiles changed, so that tenpai and 1-shanten hands are common. */
static void random_counts(uint64_t *rng, int len, int three, int near,
                          uint8_t c[MJT_KINDS])
{
    uint8_t left[MJT_KINDS];
    for (int i = 0; i < MJT_KINDS; i++)
        left[i] = (uint8_t)(three && i >= 1 && i <= 7 ? 0 : 4);
    memset(c, 0, MJT_KINDS);
    if (near && len >= 13) {
        if (three)
            complete3(rng, c);
        else
            test_random_complete(rng, 4, c);
        for (int i = 0; i < MJT_KINDS; i++)
            left[i] = (uint8_t)(left[i] - c[i]);
        int change = 1 + (int)(test_rand(rng) % 3);
        for (int k = 0; k < change + (14 - len); k++) {
            int y;
            do
                y = (int)(test_rand(rng) % MJT_KINDS);
            while (c[y] == 0);
            c[y]--;
            left[y]++;
            if (k < change)
                c[draw_any(rng, left)]++;
        }
        return;
    }
    for (int i = 0; i < len; i++)
        c[draw_any(rng, left)]++;
}

static void random_hands(uint64_t seed, int hands, int three)
{
    static const int sizes[] = {13, 13, 13, 13, 14, 14, 10, 11, 7, 4, 1};
    mjt_rules rules;
    mjt_rules_init(&rules, three ? 3 : 4);
    for (int k = 0; k < hands; k++) {
        uint8_t c[MJT_KINDS], seen[MJT_KINDS], all[MJT_KINDS];
        int len = sizes[test_rand(&seed) % (sizeof sizes / sizeof *sizes)];
        mjt_hand h;
        random_counts(&seed, len, three, (int)(test_rand(&seed) % 2), c);
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, &rules, NULL), MJT_OK));
        cr_assert(eq(int, mjt_hand_held(&h, all), MJT_OK));
        const uint8_t *v = random_seen(&seed, all, three, seen);
        if (len % 3 == 1)
            check(&h, v);
        else if (k % 4 == 0)
            check_discards(&h, v);
    }
}

Test(improve, random_hands, .timeout = 900)
{
    random_hands(1, is_long() ? 1000000 : scaled(4000), 0);
}

Test(improve, random_hands_of_three_players, .timeout = 900)
{
    random_hands(2, is_long() ? 200000 : scaled(1500), 1);
}

/* Red fives: the same answers, discards named by kind; with calls too. */
Test(improve, red_fives)
{
    mjt_hand h;
    parse(&h, "340m067p5s112233z");
    check(&h, NULL);
    parse(&h, "340m067p05s112233z");
    check_discards(&h, NULL);
    parse(&h, "340m067p1122z,406s");
    check(&h, NULL);
    parse(&h, "340m067p11223z,406s");
    check_discards(&h, NULL);
    parse(&h, "0m5m067p11z,555z,0555s");
    check(&h, NULL);
}

/* Three players with pon and kan calls (no chi, no 2m to 8m), off the
 * 108-tile wall, 13 and 14 tiles, with seen tiles. */
Test(improve, hands_with_calls_of_three_players, .timeout = 900)
{
    uint64_t seed = 4;
    mjt_rules rules;
    mjt_rules_init(&rules, 3);
    for (int k = 0; k < (is_long() ? 20000 : scaled(400)); k++) {
        uint8_t left[MJT_KINDS], c[MJT_KINDS] = {0}, all[MJT_KINDS];
        uint8_t seen[MJT_KINDS];
        mjt_call calls[2];
        int ncalls = 1 + (int)(test_rand(&seed) % 2);
        for (int i = 0; i < MJT_KINDS; i++)
            left[i] = (uint8_t)(i >= 1 && i <= 7 ? 0 : 4);
        for (int i = 0; i < ncalls;) {
            int kind = (int)(test_rand(&seed) % MJT_KINDS);
            int quad = (int)(test_rand(&seed) % 3 == 0);
            if (left[kind] < 3 + quad)
                continue;
            left[kind] = (uint8_t)(left[kind] - 3 - quad);
            calls[i++] = (mjt_call){quad ? MJT_QUAD : MJT_TRIPLET,
                                    (uint8_t)kind, 0, MJT_FROM_LEFT};
        }
        int len = 13 - 3 * ncalls + (int)(test_rand(&seed) % 2);
        for (int i = 0; i < len; i++)
            c[draw_any(&seed, left)]++;
        mjt_hand h;
        cr_assert(
            eq(int,
               mjt_hand_from_calls(&h, c, calls, (size_t)ncalls, &rules, NULL),
               MJT_OK));
        cr_assert(eq(int, mjt_hand_held(&h, all), MJT_OK));
        const uint8_t *v = random_seen(&seed, all, 1, seen);
        if (len % 3 == 1)
            check(&h, v);
        else if (k % 4 == 0)
            check_discards(&h, v);
    }
}

/* Hands with calls, 13 and 14 tiles, near the calls and off one wall. */
static void called_hands(uint64_t seed, int hands)
{
    for (int k = 0; k < hands; k++) {
        called_hand x;
        mjt_hand h;
        uint8_t all[MJT_KINDS], seen[MJT_KINDS];
        deal_called(&seed, &x, k % 2, CALLS_ANY);
        cr_assert(eq(int,
                     mjt_hand_from_calls(&h, x.counts, x.calls,
                                         (size_t)x.ncalls, NULL, NULL),
                     MJT_OK));
        cr_assert(eq(int, mjt_hand_held(&h, all), MJT_OK));
        const uint8_t *v = random_seen(&seed, all, 0, seen);
        if (x.len % 3 == 1)
            check(&h, v);
        else if (k % 4 == 0)
            check_discards(&h, v);
    }
}

Test(improve, hands_with_calls, .timeout = 900)
{
    called_hands(3, is_long() ? 20000 : scaled(300));
}
