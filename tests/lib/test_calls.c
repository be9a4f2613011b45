/* SPDX-License-Identifier: MIT */
/*
 * Hands with calls: every query against the brute force with per-kind caps
 * (brute.c), on random hands whose calls and concealed tiles come off one
 * 136-tile wall, most of them with concealed tiles of the called kinds or
 * next to them, where the caps change answers; the cases worked out by
 * hand; the text form; and every error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "internal.h"

#define MOST 512

static void make(const called_hand *x, mjt_hand *h)
{
    mjt_diag d;
    int rc = mjt_hand_from_calls(h, x->counts, x->calls, (size_t)x->ncalls,
                                 NULL, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s", d.message);
}

static int left_of(const called_hand *x, uint64_t mask)
{
    int n = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        if (mask >> i & 1)
            n += x->caps[i] - x->counts[i];
    return n;
}

static int arr_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(brute_arr));
}

/* The library's shapes of h as the brute force writes them, sorted. */
static int lib_shapes(const mjt_hand *h, brute_arr *out)
{
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n;

    cr_assert(
        eq(int, mjt_shapes(test_tables(), h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    for (size_t i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].tile = e[i].tile;
        out[i].shape = e[i].shape;
        out[i].pair = e[i].pair;
        out[i].wait = e[i].wait;
        out[i].melds_len = e[i].melds_len;
        memcpy(out[i].melds, e[i].melds, sizeof(mjt_block) * e[i].melds_len);
        qsort(out[i].melds, e[i].melds_len, sizeof(mjt_block), brute_block_cmp);
    }
    qsort(out, n, sizeof *out, arr_cmp);
    return (int)n;
}

/* Every answer for a 3k+1 hand with calls against the brute force. */
static void check_13(const called_hand *x, const mjt_hand *h, const char *text)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_ukeire_info u;
    uint64_t waits;
    brute_arr want[MOST], got[MJT_MAX_SHAPES];

    int sh = brute_shanten_caps(x->counts, x->caps);
    cr_assert(eq(int, mjt_shanten(t, h, &s), MJT_OK));
    cr_assert(eq(int, s.standard, sh), "%s", text);
    cr_assert(eq(int, s.overall, sh), "%s", text);
    cr_assert(eq(int, s.chiitoitsu, MJT_SHANTEN_NONE), "%s", text);
    uint64_t mask = brute_ukeire_caps(x->counts, x->caps);
    cr_assert(eq(int, mjt_ukeire(t, h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles, mask), "%s", text);
    cr_assert(eq(int, u.count, left_of(x, mask)), "%s", text);
    cr_assert(eq(int, u.shanten, sh), "%s", text);
    cr_assert(eq(int, mjt_waits(t, h, &waits), MJT_OK));
    cr_assert(eq(u64, waits, sh == 0 ? mask : 0), "%s", text);
    /* Shapes: the brute force's, but for wins on a kind whose copies are
     * all the player's. */
    int nb = brute_shapes(x->counts, want, MOST), nw = 0;
    for (int i = 0; i < nb; i++)
        if (x->counts[want[i].tile] < x->caps[want[i].tile])
            want[nw++] = want[i];
    int ng = lib_shapes(h, got);
    cr_assert(eq(int, ng, nw), "%s", text);
    cr_assert(eq(int, memcmp(got, want, sizeof *got * (size_t)ng), 0), "%s",
              text);
}

/* Every answer for a 3k+2 hand with calls against the brute force. */
static void check_14(const called_hand *x, const mjt_hand *h, const char *text)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_discard d[MJT_MAX_DISCARDS];
    mjt_decomposition dec[MJT_MAX_DECOMPOSITIONS];
    brute_arr want[MOST];
    size_t n;

    int sh = brute_shanten_caps(x->counts, x->caps);
    cr_assert(eq(int, mjt_shanten(t, h, &s), MJT_OK));
    cr_assert(eq(int, s.overall, sh), "%s", text);
    cr_assert(
        eq(int, mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &n), MJT_OK));
    size_t kinds = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        kinds += x->counts[i] > 0;
    cr_assert(eq(sz, n, kinds), "%s", text);
    for (size_t i = 0; i < n; i++) {
        uint8_t c[MJT_KINDS];
        memcpy(c, x->counts, sizeof c);
        c[d[i].tile]--;
        uint64_t mask = brute_ukeire_caps(c, x->caps);
        cr_assert(eq(int, d[i].shanten, brute_shanten_caps(c, x->caps)),
                  "%s discard %s", text, mjt_tile_name(d[i].tile));
        cr_assert(eq(u64, d[i].tiles, mask), "%s discard %s", text,
                  mjt_tile_name(d[i].tile));
        /* the discard lies in the river: the 14 held count as not left */
        cr_assert(eq(int, d[i].count, left_of(x, mask)), "%s", text);
    }
    cr_assert(eq(int, test_keep_differs(t, h), 0), "%s", text);
    cr_assert(eq(int, mjt_decompositions(t, h, dec, MJT_MAX_DECOMPOSITIONS, &n),
                 MJT_OK));
    int nb = sh == -1 ? brute_decompositions(x->counts, want, MOST) : 0;
    cr_assert(eq(sz, n, (size_t)nb), "%s", text);
}

static void check_random(uint64_t seed, int hands, int near)
{
    for (int k = 0; k < hands; k++) {
        called_hand x;
        mjt_hand h, g;
        char text[MJT_HAND_TEXT];
        mjt_diag d;

        deal_called(&seed, &x, near, CALLS_ANY);
        make(&x, &h);
        mjt_hand_format(&h, text, sizeof text);
        /* The text form says the same hand. */
        cr_assert(
            eq(int, mjt_hand_parse(&g, text, strlen(text), NULL, &d), MJT_OK),
            "%s: %s", text, d.message);
        cr_assert(eq(int, memcmp(&g, &h, sizeof h), 0), "%s", text);
        if (x.len % 3 == 1)
            check_13(&x, &h, text);
        else
            check_14(&x, &h, text);
    }
}

/* make test-long (MJT_LONG) checks twenty times as many hands. */
static int scaled(int hands)
{
    return getenv("MJT_LONG") != NULL ? 20 * hands : hands;
}

Test(calls, random_hands_near_the_calls, .timeout = 900)
{
    check_random(1, scaled(6000), 1);
}

Test(calls, random_hands_off_one_wall, .timeout = 900)
{
    check_random(2, scaled(2000), 0);
}

/* Complete hands with calls: their decompositions are the brute force's,
 * and a wait on a kind whose copies are all the player's is none. */
Test(calls, complete_hands_and_their_waits)
{
    uint64_t seed = 3;
    int complete = 0;
    for (int k = 0; k < 20000 && complete < 300; k++) {
        called_hand x;
        deal_called(&seed, &x, 1, CALLS_ANY);
        if (x.len % 3 != 2 || brute_shanten_caps(x.counts, x.caps) != -1)
            continue;
        mjt_hand h;
        make(&x, &h);
        check_14(&x, &h, "complete");
        complete++;
    }
    cr_assert(gt(int, complete, 50));
}

static void parse(mjt_hand *h, const char *text)
{
    mjt_diag d;
    cr_assert(eq(int, mjt_hand_parse(h, text, strlen(text), NULL, &d), MJT_OK),
              "%s: %s", text, d.message);
}

Test(calls, the_cases_worked_out_by_hand)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_ukeire_info u;
    uint64_t w;
    mjt_hand h;

    /* The only tile completing 12m would be a fifth 3m. */
    parse(&h, "12m55p,3333m,111z,222z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.overall, 1));
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(u64, w, 0));
    /* Without the calls, the same tiles are tenpai on 3m. */
    parse(&h, "12m55p");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.overall, 0));
    /* A lone 1m beside a called 111m waits on nothing. */
    parse(&h, "1m,111m,222z,333z,444z");
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.overall, 1));
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles & 1, 0));       /* never 1m */
    cr_assert(eq(u64, u.tiles >> 28 & 7, 0)); /* nor 2z 3z 4z, all called */
    /* The caller's seen tiles and the calls both leave the wall. */
    parse(&h, "123m406p5s,456s,777z");
    uint8_t seen[MJT_KINDS] = {0};
    seen[22] = 1; /* a 5s in a river */
    cr_assert(eq(int, mjt_ukeire(t, &h, seen, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles, UINT64_C(1) << 22));
    cr_assert(eq(int, u.count, 1)); /* 4 - 1 held - 1 called - 1 seen */
    seen[22] = 2;                   /* the last one */
    cr_assert(eq(int, mjt_ukeire(t, &h, seen, &u), MJT_OK));
    cr_assert(eq(int, u.count, 0));
    seen[22] = 3; /* a fifth, counting the call */
    cr_assert(eq(int, mjt_ukeire(t, &h, seen, &u), MJT_ECOPIES));
}

Test(calls, text_round_trips_with_red_fives)
{
    static const char *texts[] = {
        "123m406p5s,456s,777z", "1m,111m,222z,333z,444z",
        "11m,0555p,406s,789m,111z", "12m55p,3333m,111z,222z",
        "1122m,055p,333z,406m"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        mjt_hand h;
        char out[MJT_HAND_TEXT];
        mjt_call calls[MJT_MAX_CALLS];
        size_t n;
        parse(&h, texts[i]);
        cr_assert(
            eq(sz, mjt_hand_format(&h, out, sizeof out), strlen(texts[i])));
        cr_assert(eq(str, out, (char *)texts[i]));
        cr_assert(
            eq(int, mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &n), MJT_OK));
        cr_assert(gt(sz, n, 0));
    }
    mjt_hand h;
    mjt_call calls[MJT_MAX_CALLS];
    size_t n;
    parse(&h, "11m,0555p,406s,789m,111z");
    cr_assert(eq(int, mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &n), MJT_OK));
    cr_assert(eq(sz, n, 4));
    cr_assert(eq(int, calls[0].kind, MJT_QUAD));
    cr_assert(eq(int, calls[0].tile, 13));
    cr_assert(eq(int, calls[0].red, 1));
    cr_assert(eq(int, calls[1].kind, MJT_RUN));
    cr_assert(eq(int, calls[1].tile, 21));
    cr_assert(eq(int, calls[1].red, 1));
    cr_assert(eq(int, calls[3].kind, MJT_TRIPLET));
    cr_assert(eq(int, calls[3].tile, 27));
    cr_assert(eq(int, mjt_hand_calls(&h, calls, 3, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, 4));
    /* A hand without calls has none. */
    parse(&h, "123m456p789s1122z");
    cr_assert(eq(int, mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &n), MJT_OK));
    cr_assert(eq(sz, n, 0));
}

/* Each bad text gets its code, its offset, and a message naming the call
 * and the problem. */
Test(calls, every_bad_text_says_what_is_wrong)
{
    static const struct {
        const char *text;
        int code;
        long offset;
        const char *says;
    } bad[] = {
        {"12m55p,124m,111z,222z", MJT_ECALL, 7,
         "call 124m at offset 7: not a "
         "run, a triplet or a quad"},
        {"12m55p,11z,111z,222z", MJT_ECALL, 7,
         "call 11z at offset 7: a call "
         "is 3 tiles, or 4 for a kan"},
        {"12m55p,123z,111z,222z", MJT_ECALL, 7, "honors make no runs"},
        {"12m55p,1m2p3s,111z,222z", MJT_ECALL, 7, "more than one suit"},
        {"12m55p,11111z,111z,222z", MJT_ECOPIES, 11, "appears 5 times"},
        {"12m,1111m,222z,333z,444z", MJT_ECOPIES, -1,
         "tile 1m appears 5 times counting the calls (at most 4)"},
        {"12345m,111z,222z", MJT_ECOUNT, -1,
         "5 concealed tiles and 2 calls make 11 tiles"},
        {"123456789m1234p,111z", MJT_ECOUNT, -1, "make 16 tiles"},
        {"1m,111m,222z,333z,444z,555z", MJT_ECALL, 23,
         "5 calls (at most 4), the fifth at offset 23"},
        {"12m55p,3333m,111z,", MJT_ESYNTAX, 17, "has no call after it"},
        {"12m55p,,111z,222z", MJT_ESYNTAX, 6, "',' at offset 6 has no call"},
        {"12m55p, ,111z,222z", MJT_ESYNTAX, 6, "has no call after it"},
        {",111m,222m,333m,444m", MJT_ECOUNT, -1, "0 concealed tiles"},
        {"12m55p,3333x,111z,222z", MJT_ESYNTAX, 11, "unknown character 'x'"},
        {"12m55x,3333m,111z,222z", MJT_ESYNTAX, 5, "unknown character 'x'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mjt_hand h;
        mjt_diag d;
        memset(&h, 0xAB, sizeof h);
        int rc = mjt_hand_parse(&h, bad[i].text, strlen(bad[i].text), NULL, &d);
        cr_assert(eq(int, rc, bad[i].code), "%s: %s", bad[i].text, d.message);
        if (bad[i].offset != -1 || bad[i].code != MJT_ECALL)
            cr_assert(eq(long, d.offset, bad[i].offset), "%s: %s", bad[i].text,
                      d.message);
        cr_assert(not(eq(ptr, strstr(d.message, bad[i].says), NULL)), "%s: %s",
                  bad[i].text, d.message);
        /* nothing is written on a failure */
        for (size_t b = 0; b < sizeof h; b++)
            cr_assert(eq(int, ((unsigned char *)&h)[b], 0xAB));
    }
}

Test(calls, every_bad_list_says_what_is_wrong)
{
    uint8_t c[MJT_KINDS] = {0};
    mjt_call calls[5] = {{MJT_TRIPLET, 27, 0, 0},
                         {MJT_TRIPLET, 28, 0, 0},
                         {MJT_TRIPLET, 29, 0, 0},
                         {MJT_TRIPLET, 30, 0, 0},
                         {MJT_TRIPLET, 31, 0, 0}};
    mjt_hand h;
    mjt_diag d;

    c[0] = 1;
    cr_assert(eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_OK));
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 5, NULL, &d), MJT_ECALL));
    cr_assert(not(eq(ptr, strstr(d.message, "5 calls (at most 4)"), NULL)));
    calls[1] = (mjt_call){MJT_RUN, 27, 0, 0};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECALL));
    cr_assert(
        not(eq(ptr, strstr(d.message, "call 2: honors make no runs"), NULL)),
        "%s", d.message);
    calls[1] = (mjt_call){MJT_RUN, 7, 0, 0};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECALL));
    calls[1] = (mjt_call){MJT_PAIR, 7, 0, 0};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECALL));
    calls[1] = (mjt_call){MJT_TRIPLET, 34, 0, 0};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECALL));
    calls[1] = (mjt_call){MJT_TRIPLET, 3, 1, 0}; /* a red five in 444m */
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECALL));
    cr_assert(not(eq(ptr, strstr(d.message, "red fives"), NULL)));
    calls[1] = (mjt_call){MJT_QUAD, 0, 0, 0};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECOPIES));
    calls[1] = (mjt_call){MJT_TRIPLET, 1, 0, 0};
    c[0] = 3; /* 15 tiles */
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECOUNT));
    c[0] = 5;
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 4, NULL, &d), MJT_ECOPIES));
    cr_assert(
        eq(int, mjt_hand_from_calls(NULL, c, calls, 4, NULL, &d), MJT_EINVAL));
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, NULL, 4, NULL, &d), MJT_EINVAL));
    /* No calls: counts alone, as mjt_hand_from_counts. */
    memset(c, 0, sizeof c);
    c[0] = 2;
    cr_assert(eq(int, mjt_hand_from_calls(&h, c, NULL, 0, NULL, &d), MJT_OK));
    cr_assert(eq(int, test_hand_len(&h), 2));
    c[0] = 3;
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, NULL, 0, NULL, &d), MJT_ECOUNT));
}

/* Draws and discards know the calls: no fifth copy counting them, no
 * more than 14 tiles counting 3 a call; the queries refuse a count the
 * calls do not allow. */
Test(calls, draws_and_discards_count_the_calls)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_hand h;

    parse(&h, "1m,111m,222z,333z,444z");
    cr_assert(eq(int, mjt_hand_add(&h, 0), MJT_ECOPIES)); /* a fifth 1m */
    cr_assert(eq(int, mjt_hand_add(&h, 1), MJT_OK));      /* 1m2m */
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, 2), MJT_ECOUNT)); /* 15 */
    cr_assert(eq(int, mjt_hand_remove(&h, 0), MJT_OK));
    cr_assert(eq(int, mjt_hand_remove(&h, 1), MJT_OK));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_ECOUNT)); /* 12 in all */
    cr_assert(eq(int, mjt_hand_add(&h, 5), MJT_OK));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    char text[MJT_HAND_TEXT];
    mjt_hand_format(&h, text, sizeof text);
    cr_assert(eq(str, text, "6m,111m,222z,333z,444z"));
}

/* The hot paths' verdict on a call is call_problem's, on every call the
 * 13 bits of a hand can hold. */
Test(calls, the_fast_verdict_is_the_named_one)
{
    static const int kinds[4] = {MJT_RUN, MJT_TRIPLET, MJT_QUAD,
                                 MJT_CLOSED_QUAD};
    int valid = 0;

    for (unsigned kb = 0; kb < 4; kb++)
        for (unsigned tile = 0; tile < 64; tile++)
            for (unsigned red = 0; red < 8; red++)
                for (unsigned from = 0; from < 4; from++) {
                    int named = mjt__call_problem(kinds[kb], (int)tile,
                                                  (int)red, (int)from) == NULL;
                    cr_assert_eq(mjt__call_ok(kb, tile, red, from), named,
                                 "kind %u tile %u red %u from %u", kb, tile,
                                 red, from);
                    valid += named;
                }
    /* runs 21 places x 2 seats (+ a red five in 9 of them), triplets and
     * quads 34 x 4 seats (+ 3 or 4 red counts at the 3 fives), closed
     * quads 34 (+ 4 at the fives) */
    cr_assert_eq(valid,
                 21 * 2 + 9 * 2 + (34 + 9) * 4 + (34 + 12) * 4 + (34 + 12));
}

/* Bytes of the calls changed outside the library: MJT_ESTALE, never a
 * crash or an answer for another hand. */
Test(calls, changed_call_bytes_are_stale)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    mjt_hand h, g;
    mjt_tiles held;
    uint64_t rng = 7;

    parse(&h, "12m55p,3333m,111z,222z");
    for (int w = 5; w < 12; w++)
        for (int bit = 0; bit < 32; bit++) {
            g = h;
            g.opaque_[w] ^= 1u << bit;
            int rc = mjt_shanten(t, &g, &s);
            cr_assert(rc == MJT_OK || rc == MJT_ESTALE || rc == MJT_ECOUNT,
                      "word %d bit %d: %d", w, bit, rc);
            rc = mjt_hand_tiles(&g, &held);
            cr_assert(rc == MJT_OK || rc == MJT_ESTALE);
            rc = mjt_hand_add(&g, 2);
            cr_assert(rc <= MJT_OK);
        }
    for (int k = 0; k < 100000; k++) {
        g = h;
        g.opaque_[6] = (uint32_t)test_rand(&rng);
        g.opaque_[7] = (uint32_t)test_rand(&rng);
        g.opaque_[5] = (g.opaque_[5] & 0xFFFF) | ((uint32_t)(k % 8) << 17);
        int rc = mjt_shanten(t, &g, &s);
        cr_assert(rc == MJT_OK || rc == MJT_ESTALE || rc == MJT_ECOUNT);
        mjt_ukeire_info u;
        rc = mjt_ukeire(t, &g, NULL, &u);
        cr_assert(rc <= MJT_OK);
        char text[MJT_HAND_TEXT];
        mjt_hand_format(&g, text, sizeof text);
        mjt_hand_add(&g, 3);
    }
}
