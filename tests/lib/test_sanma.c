/* SPDX-License-Identifier: MIT */
/*
 * Three-player hands: every query against the brute force with 2m to 8m
 * removed (caps of 0 on those kinds, so 1m and 9m form no run), on random
 * hands of every legal size off a shuffled 108-tile wall, on hands of one
 * suit and of the manzu alone, and on hands with pon and kan calls; the
 * classic cases; and every refusal.
 */
#include <stdio.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"

#define MOST 512
#define ABSENT(i) ((i) >= 1 && (i) <= 7)

/* A three-player hand as the brute force sees it. */
typedef struct hand3 {
    uint8_t counts[MJT_KINDS];
    uint8_t caps[MJT_KINDS]; /* 0 for 2m to 8m, 4 less the calls' copies */
    mjt_call calls[MJT_MAX_CALLS];
    int ncalls, len;
} hand3;

static void wall3(uint8_t left[MJT_KINDS])
{
    for (int i = 0; i < MJT_KINDS; i++)
        left[i] = ABSENT(i) ? 0 : 4;
}

/* The shanten of every form by definition (brute.c), under the game's
 * caps and the calls'. */
static void brute3(const hand3 *x, const uint8_t *counts, mjt_shanten_info *out)
{
    brute_shanten_in(counts, x->caps, x->ncalls == 0, out);
}

/* Kinds whose draw lowers the overall shanten, drawing only what the
 * game has and the calls leave. */
static uint64_t brute3_ukeire(const hand3 *x, const uint8_t *counts)
{
    return brute_ukeire_in(counts, x->caps, x->ncalls == 0);
}

/* Copies of the kinds in mask neither held nor called. */
static int left_of(const hand3 *x, const uint8_t *counts, uint64_t mask)
{
    int n = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        if (mask >> i & 1)
            n += x->caps[i] - counts[i];
    return n;
}

static int arr_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(brute_arr));
}

/* The library's standard-form shapes of h as the brute force writes
 * them, sorted; *special gets the others' winning tiles. */
static int lib_shapes(const mjt_hand *h, brute_arr *out, uint64_t *special)
{
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n;
    int k = 0;

    cr_assert(
        eq(int, mjt_shapes(test_tables(), h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    *special = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].shape >= MJT_SHAPE_CHIITOITSU) {
            *special |= UINT64_C(1) << e[i].tile;
            continue;
        }
        memset(&out[k], 0, sizeof out[k]);
        out[k].tile = e[i].tile;
        out[k].shape = e[i].shape;
        out[k].pair = e[i].pair;
        out[k].wait = e[i].wait;
        out[k].melds_len = e[i].melds_len;
        memcpy(out[k].melds, e[i].melds, sizeof(mjt_block) * e[i].melds_len);
        qsort(out[k].melds, e[i].melds_len, sizeof(mjt_block), brute_block_cmp);
        k++;
    }
    qsort(out, (size_t)k, sizeof *out, arr_cmp);
    return k;
}

/* Make the three-player hand of x. */
static void make3(const hand3 *x, mjt_hand *h)
{
    mjt_diag d;
    int rc = mjt_hand_from_calls(h, x->counts, x->calls, (size_t)x->ncalls,
                                 NULL, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s", d.message);
    cr_assert(eq(int, mjt_hand_set_players(h, 3, &d), MJT_OK), "%s", d.message);
    cr_assert(eq(int, mjt_hand_players(h), 3));
}

static void check_shanten(const hand3 *x, const mjt_hand *h, const char *text)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s, want;

    brute3(x, x->counts, &want);
    cr_assert(eq(int, mjt_shanten(t, h, &s), MJT_OK));
    cr_assert(eq(int, s.standard, want.standard), "%s", text);
    cr_assert(eq(int, s.chiitoitsu, want.chiitoitsu), "%s", text);
    cr_assert(eq(int, s.kokushi, want.kokushi), "%s", text);
    cr_assert(eq(int, s.overall, want.overall), "%s", text);
    if (x->ncalls == 0) {
        mjt_shanten_info c;
        cr_assert(
            eq(int, mjt_shanten_counts_players(t, x->counts, 3, &c), MJT_OK));
        cr_assert(eq(int, memcmp(&c, &s, sizeof c), 0), "%s", text);
    }
}

static void check_13(const hand3 *x, const mjt_hand *h, const char *text)
{
    const mjt_tables *t = test_tables();
    mjt_ukeire_info u;
    mjt_shanten_info s;
    uint64_t waits, special;
    brute_arr want[MOST], got[MJT_MAX_SHAPES];

    brute3(x, x->counts, &s);
    uint64_t mask = brute3_ukeire(x, x->counts);
    cr_assert(eq(int, mjt_ukeire(t, h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles, mask), "%s", text);
    cr_assert(eq(int, u.count, left_of(x, x->counts, mask)), "%s", text);
    cr_assert(eq(int, u.shanten, s.overall), "%s", text);
    cr_assert(eq(int, mjt_waits(t, h, &waits), MJT_OK));
    cr_assert(eq(u64, waits, s.overall == 0 ? mask : 0), "%s", text);
    /* Standard shapes: the brute force's (it never wins on 2m to 8m, which
     * no block of 1m and 9m alone can use), less kinds the calls used up;
     * the other forms' winning tiles are their effective tiles at 0. */
    int nb = s.standard == 0 ? brute_shapes(x->counts, want, MOST) : 0, nw = 0;
    for (int i = 0; i < nb; i++)
        if (x->counts[want[i].tile] < x->caps[want[i].tile])
            want[nw++] = want[i];
    int ng = lib_shapes(h, got, &special);
    cr_assert(eq(int, ng, nw), "%s", text);
    cr_assert(eq(int, memcmp(got, want, sizeof *got * (size_t)ng), 0), "%s",
              text);
    uint64_t std = 0;
    for (int i = 0; i < nw; i++)
        std |= UINT64_C(1) << want[i].tile;
    if (s.overall == 0)
        cr_assert(eq(u64, std | special, mask), "%s", text);
    else
        cr_assert(eq(u64, special, 0), "%s", text);
}

static void check_14(const hand3 *x, const mjt_hand *h, const char *text)
{
    const mjt_tables *t = test_tables();
    mjt_discard d[MJT_MAX_DISCARDS];
    mjt_decomposition dec[MJT_MAX_DECOMPOSITIONS];
    brute_arr want[MOST];
    mjt_shanten_info s;
    size_t n, kinds = 0;

    cr_assert(
        eq(int, mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &n), MJT_OK));
    for (int i = 0; i < MJT_KINDS; i++)
        kinds += x->counts[i] > 0;
    cr_assert(eq(sz, n, kinds), "%s", text);
    for (size_t i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS];
        mjt_shanten_info after;
        memcpy(c, x->counts, sizeof c);
        c[d[i].tile]--;
        brute3(x, c, &after);
        uint64_t mask = brute3_ukeire(x, c);
        cr_assert(eq(int, d[i].shanten, after.overall), "%s discard %s", text,
                  mjt_tile_name(d[i].tile));
        cr_assert(eq(u64, d[i].tiles, mask), "%s discard %s", text,
                  mjt_tile_name(d[i].tile));
        /* the discard lies in the river: what is held counts as not left */
        cr_assert(eq(int, d[i].count, left_of(x, x->counts, mask)), "%s", text);
    }
    cr_assert(eq(int, test_keep_differs(t, h), 0), "%s", text);
    brute3(x, x->counts, &s);
    cr_assert(eq(int, mjt_decompositions(t, h, dec, MJT_MAX_DECOMPOSITIONS, &n),
                 MJT_OK));
    size_t nb = s.standard == -1
                    ? (size_t)brute_decompositions(x->counts, want, MOST)
                    : 0;
    nb += s.chiitoitsu == -1;
    nb += s.kokushi == -1;
    cr_assert(eq(sz, n, nb), "%s", text);
}

static void check(const hand3 *x)
{
    mjt_hand h, g;
    char text[MJT_HAND_TEXT];
    mjt_diag d;

    make3(x, &h);
    mjt_hand_format(&h, text, sizeof text);
    /* The text says the same tiles; the players are the hand's own. */
    cr_assert(eq(int, mjt_hand_parse(&g, text, strlen(text), NULL, &d), MJT_OK),
              "%s: %s", text, d.message);
    cr_assert(eq(int, mjt_hand_players(&g), 4));
    cr_assert(eq(int, mjt_hand_set_players(&g, 3, &d), MJT_OK));
    cr_assert(eq(int, memcmp(&g, &h, sizeof h), 0), "%s", text);
    check_shanten(x, &h, text);
    if (x->len % 3 == 1)
        check_13(x, &h, text);
    else
        check_14(x, &h, text);
}

/* A hand of len tiles off left, no calls. */
static void deal3(uint64_t *rng, uint8_t left[MJT_KINDS], int len, hand3 *x)
{
    memset(x, 0, sizeof *x);
    for (int i = 0; i < MJT_KINDS; i++)
        x->caps[i] = ABSENT(i) ? 0 : 4;
    x->len = len;
    for (int n = 0; n < len; n++)
        x->counts[draw_any(rng, left)]++;
}

Test(sanma, random_hands_of_every_size_off_the_108_wall, .timeout = 240)
{
    uint64_t rng = 31;
    for (int k = 0; k < 4000; k++) {
        uint8_t left[MJT_KINDS];
        hand3 x;
        int len = 1 + (int)(test_rand(&rng) % 14);
        if (len % 3 == 0)
            len++;
        if (k % 2)
            len = 13 + (int)(test_rand(&rng) % 2); /* the sizes that matter */
        wall3(left);
        deal3(&rng, left, len, &x);
        check(&x);
    }
}

/* Hands of one suit (pinzu, souzu) and of the manzu with or without the
 * honors: where three-player rules differ most from four-player ones. */
Test(sanma, one_suit_and_manzu_hands, .timeout = 240)
{
    uint64_t rng = 32;
    for (int k = 0; k < 3000; k++) {
        uint8_t left[MJT_KINDS] = {0};
        hand3 x;
        int kind = k % 3, len = 1 + (int)(test_rand(&rng) % 14);
        if (len % 3 == 0)
            len++;
        if (kind == 0) { /* pinzu or souzu alone */
            int s = 1 + (int)(test_rand(&rng) % 2);
            memset(left + 9 * s, 4, 9);
        } else { /* 1m and 9m, with the honors every other time */
            left[0] = left[8] = 4;
            if (kind == 2)
                memset(left + 27, 4, 7);
        }
        int have = 0;
        for (int i = 0; i < MJT_KINDS; i++)
            have += left[i];
        if (len > have)
            len = have % 3 == 0 ? have - 1 : have;
        deal3(&rng, left, len, &x);
        check(&x);
    }
    /* every hand of 1m and 9m alone */
    for (int a = 0; a <= 4; a++)
        for (int b = 0; b <= 4; b++) {
            hand3 x;
            memset(&x, 0, sizeof x);
            for (int i = 0; i < MJT_KINDS; i++)
                x.caps[i] = ABSENT(i) ? 0 : 4;
            x.counts[0] = (uint8_t)a;
            x.counts[8] = (uint8_t)b;
            x.len = a + b;
            if (x.len % 3 != 0)
                check(&x);
        }
}

/* Pon and kan calls of the 27 kinds, 13 or 14 tiles in all, concealed
 * tiles often of a called kind: the caps of the calls on top of the
 * game's. */
Test(sanma, random_hands_with_calls, .timeout = 240)
{
    uint64_t rng = 33;
    for (int k = 0; k < 3000; k++) {
        uint8_t left[MJT_KINDS];
        hand3 x;
        wall3(left);
        memset(&x, 0, sizeof x);
        memcpy(x.caps, left, sizeof x.caps);
        x.ncalls = 1 + (int)(test_rand(&rng) % 4);
        for (int i = 0; i < x.ncalls;) {
            int tile = (int)(test_rand(&rng) % MJT_KINDS);
            int need = test_rand(&rng) % 3 ? 3 : 4;
            if (left[tile] < need)
                continue;
            left[tile] = (uint8_t)(left[tile] - need);
            x.caps[tile] = (uint8_t)(x.caps[tile] - need);
            x.calls[i++] =
                (mjt_call){(uint8_t)(need == 3 ? MJT_TRIPLET : MJT_QUAD),
                           (uint8_t)tile, 0, 0};
        }
        x.len = 13 - 3 * x.ncalls + (int)(test_rand(&rng) % 2);
        for (int n = 0; n < x.len; n++) {
            int tile = x.calls[test_rand(&rng) % (unsigned)x.ncalls].tile;
            if (test_rand(&rng) % 2 && left[tile]) {
                left[tile]--;
                x.counts[tile]++;
            } else {
                x.counts[draw_any(&rng, left)]++;
            }
        }
        check(&x);
    }
}

static void parse3(mjt_hand *h, const char *text)
{
    mjt_diag d;
    cr_assert(eq(int, mjt_hand_parse(h, text, strlen(text), NULL, &d), MJT_OK),
              "%s: %s", text, d.message);
    cr_assert(eq(int, mjt_hand_set_players(h, 3, &d), MJT_OK), "%s: %s", text,
              d.message);
}

Test(sanma, the_classic_cases)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_ukeire_info u;
    mjt_shape e[MJT_MAX_SHAPES];
    uint64_t w;
    size_t n;
    mjt_hand h;

    /* Thirteen orphans, waiting on all 13 kinds. */
    parse3(&h, "19m19p19s1234567z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.kokushi, 0));
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(int, __builtin_popcountll(w), 13));
    cr_assert(eq(int, mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    cr_assert(eq(sz, n, 13));
    cr_assert(eq(int, e[0].shape, MJT_SHAPE_KOKUSHI13));
    /* 1m and 9m make no run: only 1m, 9m and 1z help. */
    parse3(&h, "19m123p456p789s11z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.standard, 1));
    cr_assert(eq(int, s.overall, 1));
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(
        eq(u64, u.tiles, UINT64_C(1) | UINT64_C(1) << 8 | UINT64_C(1) << 27));
    cr_assert(eq(int, u.count, 3 + 3 + 2));
    /* With four players 2m, 3m, 7m and 8m help too. */
    cr_assert(eq(int, mjt_hand_set_players(&h, 4, NULL), MJT_OK));
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles & 0x1FF, 0x1C7));
    /* Seven pairs draws a new kind only among the 27. */
    parse3(&h, "1199m1199p11112z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.chiitoitsu, 2)); /* five pairs, one kind short */
    cr_assert(eq(int, s.overall, 2));
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles & UINT64_C(0xFE), 0));
    cr_assert(not(eq(u64, u.tiles & UINT64_C(1) << 18, 0))); /* 1s */
    cr_assert(eq(int, mjt_hand_set_players(&h, 4, NULL), MJT_OK));
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles & UINT64_C(0xFE), 0xFE));
    /* A 9m tanki wait beside 111m: 1m-9m is no run. */
    parse3(&h, "1119m123p456p789s");
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(u64, w, UINT64_C(1) << 8));
    /* Called pon of 1m: the last 1m left is no use. */
    parse3(&h, "1m999m,111z,999p,222z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.standard, 0));
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(u64, w, UINT64_C(1))); /* tanki on 1m */
    parse3(&h, "1m999m,111m,999p,222z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.standard, 1));
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(u64, w, 0));
}

/* The counts route and the hand route agree, and a count of 2m to 8m is
 * refused by the counts route as by the hand. */
Test(sanma, counts_route_and_its_refusals)
{
    const mjt_tables *t = test_tables();
    uint8_t c[MJT_KINDS] = {0};
    mjt_shanten_info s;

    c[0] = c[8] = 2;
    c[9] = c[10] = c[11] = 1;
    cr_assert(eq(int, mjt_shanten_counts_players(t, c, 3, &s), MJT_OK));
    cr_assert(eq(int, s.standard, 0));
    cr_assert(eq(int, mjt_shanten_counts_players(t, c, 4, &s), MJT_OK));
    for (int i = 1; i <= 7; i++) {
        c[i] = 1;
        cr_assert(
            eq(int, mjt_shanten_counts_players(t, c, 3, &s), MJT_EPLAYERS));
        c[i] = 0;
    }
    cr_assert(eq(int, mjt_shanten_counts_players(t, c, 2, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_shanten_counts_players(t, c, 5, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_shanten_counts_players(NULL, c, 3, &s), MJT_EINVAL));
    c[9] = 5;
    cr_assert(eq(int, mjt_shanten_counts_players(t, c, 3, &s), MJT_ECOPIES));
}

Test(sanma, every_refusal_names_the_problem)
{
    const mjt_tables *t = test_tables();
    mjt_hand h, before;
    mjt_diag d;
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"15m123p456s11z", "tile 5m has no place in three-player mahjong"},
        {"19m055p123s11z,777z", NULL},
        {"109m55p123s11z,777z", "tile 0m has no place"},
        {"19m1p55s,123p,111z,222z", "call 123p has no place in three-player "
                                    "mahjong (there is no chi)"},
        {"19m1p55s,555m,111z,222z", "call 555m has no place in three-player "
                                    "mahjong (it has no 2m to 8m)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert(
            eq(int,
               mjt_hand_parse(&h, bad[i].text, strlen(bad[i].text), NULL, &d),
               MJT_OK),
            "%s", bad[i].text);
        before = h;
        int rc = mjt_hand_set_players(&h, 3, &d);
        if (bad[i].says == NULL) { /* red fives of p and s are in the game */
            cr_assert(eq(int, rc, MJT_OK), "%s: %s", bad[i].text, d.message);
            continue;
        }
        cr_assert(eq(int, rc, MJT_EPLAYERS), "%s", bad[i].text);
        cr_assert(not(eq(ptr, strstr(d.message, bad[i].says), NULL)), "%s: %s",
                  bad[i].text, d.message);
        cr_assert(eq(int, memcmp(&h, &before, sizeof h), 0)); /* unchanged */
    }
    parse3(&h, "19m123p456s789s11z");
    cr_assert(eq(int, mjt_hand_set_players(&h, 2, &d), MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(d.message, "2 players"), NULL)), "%s",
              d.message);
    cr_assert(eq(int, mjt_hand_set_players(&h, 5, &d), MJT_EINVAL));
    cr_assert(eq(int, mjt_hand_set_players(NULL, 3, &d), MJT_EINVAL));
    /* A draw of 2m to 8m (or a red 5m) is refused, the hand unchanged. */
    cr_assert(eq(int, mjt_hand_remove(&h, 27), MJT_OK));
    before = h;
    for (int tile = 1; tile <= 7; tile++)
        cr_assert(eq(int, mjt_hand_add(&h, tile), MJT_EPLAYERS));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5M), MJT_EPLAYERS));
    cr_assert(eq(int, memcmp(&h, &before, sizeof h), 0));
    cr_assert(eq(int, mjt_hand_add(&h, 8), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5P), MJT_OK));
    /* Seen tiles of 2m to 8m cannot be in a three-player game. */
    cr_assert(eq(int, mjt_hand_remove(&h, 8), MJT_OK));
    uint8_t seen[MJT_KINDS] = {0};
    mjt_ukeire_info u;
    mjt_discard ds[MJT_MAX_DISCARDS];
    size_t n;
    seen[27] = 3;
    cr_assert(eq(int, mjt_ukeire(t, &h, seen, &u), MJT_OK));
    seen[3] = 1;
    cr_assert(eq(int, mjt_ukeire(t, &h, seen, &u), MJT_EPLAYERS));
    cr_assert(eq(int, mjt_hand_add(&h, 0), MJT_OK));
    cr_assert(eq(int, mjt_discards(t, &h, seen, ds, MJT_MAX_DISCARDS, &n),
                 MJT_EPLAYERS));
    seen[3] = 0;
    cr_assert(
        eq(int, mjt_discards(t, &h, seen, ds, MJT_MAX_DISCARDS, &n), MJT_OK));
}

/* Draws and discards on a three-player hand keep it the hand made anew
 * from what it holds. */
Test(sanma, draws_and_discards_stay_exact)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 34;
    for (int k = 0; k < 200; k++) {
        uint8_t left[MJT_KINDS];
        hand3 x;
        mjt_hand h, g;
        wall3(left);
        deal3(&rng, left, 13, &x);
        make3(&x, &h);
        for (int step = 0; step < 20; step++) {
            int tile = draw_any(&rng, left);
            cr_assert(eq(int, mjt_hand_add(&h, tile), MJT_OK));
            x.counts[tile]++;
            int out;
            do
                out = (int)(test_rand(&rng) % MJT_KINDS);
            while (x.counts[out] == 0);
            cr_assert(eq(int, mjt_hand_remove(&h, out), MJT_OK));
            x.counts[out]--;
            left[out]++;
            make3(&x, &g);
            cr_assert(eq(int, memcmp(&g, &h, sizeof h), 0));
            mjt_shanten_info a, b;
            cr_assert(eq(int, mjt_shanten(t, &h, &a), MJT_OK));
            cr_assert(eq(int, mjt_shanten_counts_players(t, x.counts, 3, &b),
                         MJT_OK));
            cr_assert(eq(int, memcmp(&a, &b, sizeof a), 0));
        }
    }
}

/* Bytes that make a three-player hand hold 2m to 8m, changed outside the
 * library: MJT_ESTALE everywhere, never an answer. */
Test(sanma, a_flipped_players_bit_is_stale)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_tiles held;
    mjt_hand h;

    cr_assert(
        eq(int, mjt_hand_parse(&h, "15m123p456s11z", 14, NULL, NULL), MJT_OK));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    h.opaque_[5] |= 1u << 20; /* the three-player bit (query/internal.h) */
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_ESTALE));
    cr_assert(eq(int, mjt_hand_tiles(&h, &held), MJT_ESTALE));
    cr_assert(eq(int, mjt_hand_players(&h), MJT_ESTALE));
    cr_assert(eq(int,
                 mjt_hand_parse(&h, "19m1p55s,123p,111z,222z", 23, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    h.opaque_[5] |= 1u << 20; /* a chi in a three-player hand */
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_ESTALE));
    cr_assert(eq(int, mjt_hand_tiles(&h, &held), MJT_ESTALE));
}
