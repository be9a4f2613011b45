/* SPDX-License-Identifier: MIT */
/*
 * Hands as a bot makes them: from counts, from tile ids, from text and a
 * tile at a time, all equal byte for byte; the codes against the slow
 * definition; the sealed hand against garbage and stale bytes; red fives
 * through parse, format, discards and draws; tile names and sets of seen
 * tiles; mjt_shanten_counts against mjt_shanten; and the hands that reach
 * each MJT_MAX_* bound.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "codes.h"
#include "helpers.h"
#include "internal.h"
#include "mjt.h"
#include "fuzz/sealed.h"

static mjt_hand hand_of(const char *text)
{
    mjt_hand h;
    mjt_diag d;
    int rc = mjt_hand_parse(&h, text, strlen(text), NULL, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s: %s", text, rc ? d.message : "");
    return h;
}

static const int legal[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};

/* ==== Four ways to one hand ==== */

/* From counts, from ids, from text and by adding each tile to an empty
 * hand: the same 48 bytes. */
static void check_ways(const uint8_t c[MJT_KINDS], const uint8_t *ids, int len)
{
    mjt_hand a, b, p, inc;
    char text[64];

    cr_assert(eq(int, mjt_hand_from_counts(&a, c, NULL, NULL), MJT_OK));
    cr_assert(
        eq(int, mjt_hand_from_tiles(&b, ids, (size_t)len, NULL, NULL), MJT_OK));
    test_counts_text(c, text, sizeof text);
    p = hand_of(text);
    /* an empty hand is not a hand, so start from one tile and build up */
    cr_assert(eq(int, mjt_hand_from_tiles(&inc, ids, 1, NULL, NULL), MJT_OK));
    for (int i = 1; i < len; i++)
        cr_assert(eq(int, mjt_hand_add(&inc, ids[i]), MJT_OK));
    cr_assert(eq(int, memcmp(&a, &b, sizeof a), 0), "%s ids", text);
    cr_assert(eq(int, memcmp(&a, &p, sizeof a), 0), "%s text", text);
    cr_assert(eq(int, memcmp(&a, &inc, sizeof a), 0), "%s adds", text);
}

Test(hand, four_ways_to_the_same_hand)
{
    uint64_t rng = 11;
    for (int k = 0; k < 100000; k++) {
        uint8_t c[MJT_KINDS], ids[14];
        int len = legal[k % 10];
        test_deal(&rng, len, c, ids);
        check_ways(c, ids, len);
    }
}

Test(hand, ara_hands_four_ways)
{
    static const char *sets[] = {"p_normal_10000.txt", "p_hon_10000.txt",
                                 "p_tin_10000.txt", "p_koku_10000.txt"};
    int hands = 0;
    for (int s = 0; s < 4; s++) {
        char path[256], line[512];
        snprintf(path, sizeof path, "tests/data/ara/%s", sets[s]);
        FILE *f = fopen(path, "r");
        cr_assert(not(eq(ptr, f, NULL)), "%s", path);
        while (fgets(line, sizeof line, f) != NULL) {
            uint8_t c[MJT_KINDS] = {0}, ids[14];
            char *p = line, *end;
            int n = 0;
            for (; n < 14; n++, p = end) {
                long id = strtol(p, &end, 10);
                if (end == p)
                    break;
                ids[n] = (uint8_t)id;
                c[id]++;
            }
            cr_assert(eq(int, n, 14));
            check_ways(c, ids, 14);
            hands++;
        }
        fclose(f);
    }
    cr_assert(eq(int, hands, 40000));
}

/* Random walks of draws and discards: the hand changed a tile at a time
 * stays the hand made from its counts, and answers as it does. */
Test(hand, walks_of_draws_and_discards)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 12;
    for (int walk = 0; walk < 2000; walk++) {
        uint8_t c[MJT_KINDS], ids[14];
        int len = 1 + 3 * (walk % 5);
        mjt_hand h, fresh;
        test_deal(&rng, len, c, ids);
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        for (int step = 0; step < 60; step++) {
            int x = (int)(test_rand(&rng) % MJT_KINDS);
            int add = step % 2 == 0;
            int rc = add ? mjt_hand_add(&h, x) : mjt_hand_remove(&h, x);
            int held = 0;
            for (int i = 0; i < MJT_KINDS; i++)
                held += c[i];
            if (add && c[x] < 4 && held == 14) {
                cr_assert(eq(int, rc, MJT_ECOUNT));
                continue;
            }
            if (add && c[x] == 4) {
                cr_assert(eq(int, rc, MJT_ECOPIES));
                continue;
            }
            if (!add && c[x] == 0) {
                cr_assert(eq(int, rc, MJT_EABSENT));
                continue;
            }
            cr_assert(eq(int, rc, MJT_OK));
            if (add)
                c[x]++;
            else
                c[x]--;
            int n = 0;
            for (int i = 0; i < MJT_KINDS; i++)
                n += c[i];
            if (n % 3 == 0 || n == 0)
                continue; /* a state the queries refuse; keep walking */
            cr_assert(
                eq(int, mjt_hand_from_counts(&fresh, c, NULL, NULL), MJT_OK));
            cr_assert(eq(int, memcmp(&h, &fresh, sizeof h), 0));
            mjt_shanten_info a, b;
            cr_assert(eq(int, mjt_shanten(t, &h, &a), MJT_OK));
            brute_shanten(c, &b);
            cr_assert(eq(int, a.overall, b.overall));
        }
    }
}

Test(hand, counts_and_length_are_checked)
{
    uint8_t c[MJT_KINDS] = {0};
    mjt_hand h;
    mjt_diag d;

    c[5] = 5;
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, &d), MJT_ECOPIES));
    cr_assert(eq(str, d.message, "tile 6m appears 5 times (at most 4)"));
    c[5] = 200; /* a byte the vector code sees as negative */
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, &d), MJT_ECOPIES));
    c[5] = 0;
    c[33] = 9; /* the last byte */
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, &d), MJT_ECOPIES));
    c[33] = 3;
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, &d), MJT_ECOUNT));
    cr_assert(eq(str, d.message, "3 tiles: the count must be 1 or 2 mod 3"));
    uint8_t ids[15] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 37};
    cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 15, NULL, &d), MJT_ECOUNT));
    cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 14, NULL, &d), MJT_OK));
    ids[3] = 37;
    cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 14, NULL, &d), MJT_ETILE));
    cr_assert(eq(long, d.offset, 3));
    cr_assert(eq(str, d.message, "tile id 37 at index 3 (ids are 0 to 36)"));
    cr_assert(eq(int, mjt_hand_from_tiles(NULL, ids, 1, NULL, &d), MJT_EINVAL));
}

/* ==== Codes ==== */

/* The vector and word codes of random counts, every count 0 to 4 and a few
 * above, against the slow sum of mjt__code_step. */
Test(hand, codes_as_the_definition)
{
    uint64_t rng = 13;
    for (int k = 0; k < 300000; k++) {
        uint8_t c[MJT_KINDS];
        uint32_t want[4] = {0}, fast[4], words[4];
        int n = 0, bad = 0;
        for (int i = 0; i < MJT_KINDS; i++) {
            uint64_t r = test_rand(&rng);
            c[i] = (uint8_t)(r % 5);
            if (k % 3 == 0 && r % 97 == 0)
                c[i] = (uint8_t)(5 + r % 251), bad = 1;
            want[i / 9] += c[i] * mjt__code_step[i % 9];
            n += c[i];
        }
        int a = mjt__codes_of(c, fast), b = mjt__codes_of_words(c, words);
        if (bad) {
            cr_assert(eq(int, a, -1));
            cr_assert(eq(int, b, -1));
            continue;
        }
        cr_assert(eq(int, a, n));
        cr_assert(eq(int, b, n));
        cr_assert(eq(int, memcmp(fast, want, sizeof want), 0));
        cr_assert(eq(int, memcmp(words, want, sizeof want), 0));
    }
}

/* Every pattern of one part as ids, in a random order, some fives red:
 * the codes and the red field of both ways from ids are the definition's;
 * no ids, a fifth copy or any id past 36 (1 to 14 of them) is refused. */
static void check_ids_codes(const uint8_t *ids, int len, const uint32_t want[4],
                            unsigned want_red)
{
    uint32_t fast[4] = {7, 7, 7, 7}, words[4] = {7, 7, 7, 7};
    const uint32_t untouched[4] = {7, 7, 7, 7};
    unsigned fr = 99, wr = 99;
    int a = mjt__codes_of_ids(ids, (size_t)len, fast, &fr);
    int b = mjt__codes_of_ids_words(ids, (size_t)len, words, &wr);
    if (want == NULL) {
        cr_assert(eq(int, a, -1));
        cr_assert(eq(int, b, -1));
        /* a refusal writes neither */
        cr_assert(eq(int, memcmp(fast, untouched, sizeof fast), 0));
        cr_assert(eq(int, memcmp(words, untouched, sizeof words), 0));
        cr_assert(eq(u32, fr, 99));
        cr_assert(eq(u32, wr, 99));
        return;
    }
    cr_assert(eq(int, a, 0));
    cr_assert(eq(int, b, 0));
    cr_assert(eq(int, memcmp(fast, want, 4 * sizeof *want), 0));
    cr_assert(eq(int, memcmp(words, want, 4 * sizeof *want), 0));
    cr_assert(eq(u32, fr, want_red));
    cr_assert(eq(u32, wr, want_red));
}

static void shuffle_ids(uint64_t *rng, uint8_t *ids, int len)
{
    for (int i = len - 1; i > 0; i--) {
        int j = (int)(test_rand(rng) % (uint64_t)(i + 1));
        uint8_t x = ids[i];
        ids[i] = ids[j];
        ids[j] = x;
    }
}

Test(hand, ids_codes_as_the_definition, .timeout = 120)
{
    uint64_t rng = 14;
    long patterns = 0;
    for (int p = 0; p < 4; p++) {
        int ranks = p < 3 ? 9 : 7, total = p < 3 ? 1953125 : 78125;
        for (int v = 0; v < total; v++) {
            int c[9], n = 0, x = v;
            uint32_t want[4] = {0};
            for (int r = 0; r < ranks; r++, x /= 5) {
                c[r] = x % 5;
                n += c[r];
                want[p] += (uint32_t)c[r] * mjt__code_step[r];
            }
            if (n > 14)
                continue;
            uint8_t ids[16];
            int len = 0;
            for (int r = 0; r < ranks; r++)
                for (int k = 0; k < c[r]; k++)
                    ids[len++] = (uint8_t)(9 * p + r);
            /* some of the fives red: the red field counts them */
            unsigned red = 0;
            if (p < 3 && c[4] > 0) {
                int k = (int)(test_rand(&rng) % (uint64_t)(c[4] + 1));
                for (int i = 0, done = 0; i < len && done < k; i++)
                    if (ids[i] == 9 * p + 4)
                        ids[i] = (uint8_t)(MJT_KINDS + p), done++;
                red = (unsigned)k << 3 * p;
            }
            shuffle_ids(&rng, ids, len);
            check_ids_codes(ids, len, len > 0 ? want : NULL, red);
            patterns++;
            /* one copy more of a kind held 4 times: a fifth copy */
            for (int r = 0; r < ranks && len < 14; r++)
                if (c[r] == 4) {
                    ids[len] = (uint8_t)(9 * p + r);
                    check_ids_codes(ids, len + 1, NULL, 0);
                    break;
                }
            /* ids past 36 in place of some tiles, 1 to len of them */
            if (len > 0 && v % 7 == 0) {
                int k = 1 + (int)(test_rand(&rng) % (uint64_t)len);
                for (int i = 0; i < k; i++)
                    ids[i] = (uint8_t)(MJT_TILE_IDS +
                                       test_rand(&rng) % (256 - MJT_TILE_IDS));
                shuffle_ids(&rng, ids, len);
                check_ids_codes(ids, len, NULL, 0);
            }
        }
    }
    /* every number of ids past 36 alone, of every value */
    for (int k = 1; k <= 14; k++)
        for (int id = MJT_TILE_IDS; id < 256; id++) {
            uint8_t ids[14];
            memset(ids, id, sizeof ids);
            check_ids_codes(ids, k, NULL, 0);
        }
    cr_assert(gt(long, patterns, 1000000));
}

/* What mjt_hand_from_tiles should answer for ids under rules, from the
 * definition: too many ids, then the first id past 36 (its index in
 * *offset), a fifth copy, a count that is no hand's, and the rest as
 * mjt_hand_parse answers the same tiles written as text (*want: its hand). */
static int ids_oracle(const uint8_t *ids, int len, const mjt_rules *rules,
                      mjt_hand *want, long *offset)
{
    mjt_tiles set;
    char text[64];

    *offset = -1;
    if (len > 14)
        return MJT_ECOUNT;
    memset(&set, 0, sizeof set);
    for (int i = 0; i < len; i++) {
        if (ids[i] >= MJT_TILE_IDS) {
            *offset = i;
            return MJT_ETILE;
        }
        set.counts[MJT_KIND_OF(ids[i])]++;
        if (ids[i] >= MJT_KINDS)
            set.red[ids[i] - MJT_KINDS]++;
    }
    for (int i = 0; i < MJT_KINDS; i++)
        if (set.counts[i] > 4)
            return MJT_ECOPIES;
    if (len == 0 || len % 3 == 0)
        return MJT_ECOUNT;
    set.len = (uint8_t)len;
    mjt_tiles_format(&set, text, sizeof text);
    return mjt_hand_parse(want, text, strlen(text), rules, NULL);
}

/* Random ids of every length from 0 to 16: off a wall, any ids with
 * fifth copies, a few past 36, red fives among them; under no rules, the
 * defaults of three and four players and other red fives.  Each answer
 * is the definition's, and mjt_shanten_tiles answers as the hand does. */
Test(hand, ids_as_the_definition, .timeout = 120)
{
    const mjt_tables *t = test_tables();
    mjt_rules r3, r4, r0, p5, red5, r3m;
    mjt_rules_init(&r3, 3);
    mjt_rules_init(&r4, 4);
    mjt_rules_init(&r0, 4);
    r0.red[0] = 0, r0.red[1] = 2, r0.red[2] = 4;
    /* rules the hand constructors refuse: MJT_EINVAL whatever the ids */
    mjt_rules_init(&p5, 4);
    p5.players = 5;
    mjt_rules_init(&red5, 4);
    red5.red[1] = 5;
    mjt_rules_init(&r3m, 3);
    r3m.red[0] = 1;
    const mjt_rules *rules[] = {NULL, &r4, &r3, &r0, &p5, &red5, &r3m};
    int einval = 0;
    uint64_t rng = 15;
    int ok = 0, refused = 0;
    for (int k = 0; k < 400000; k++) {
        uint8_t ids[16], c[MJT_KINDS];
        int len = (int)(test_rand(&rng) % 17), kind = k % 4;
        if (kind == 0 && len <= 14) { /* off the wall, then some red */
            test_deal(&rng, len, c, ids);
            for (int i = 0; i < len; i++)
                if (ids[i] % 9 == 4 && ids[i] < 27 && test_rand(&rng) % 2)
                    ids[i] = (uint8_t)(MJT_KINDS + ids[i] / 9);
        } else {
            for (int i = 0; i < len; i++)
                ids[i] = (uint8_t)(test_rand(&rng) % (kind == 1 ? 8 : 37));
            if (kind == 3 && len > 0)
                ids[test_rand(&rng) % (uint64_t)len] =
                    (uint8_t)(MJT_TILE_IDS + test_rand(&rng) % 219);
        }
        const mjt_rules *ru =
            rules[test_rand(&rng) % 16 < 13 ? test_rand(&rng) % 4
                                            : 4 + test_rand(&rng) % 3];
        mjt_hand want, got;
        mjt_diag d;
        long offset;
        memset(&got, 0xA5, sizeof got);
        int rc = ids_oracle(ids, len, ru, &want, &offset);
        einval += rc == MJT_EINVAL;
        cr_assert(
            eq(int, mjt_hand_from_tiles(&got, ids, (size_t)len, ru, &d), rc));
        if (rc != MJT_OK)
            cr_assert(eq(int, d.code, rc));
        if (rc == MJT_ETILE)
            cr_assert(eq(long, d.offset, offset));
        if (rc == MJT_OK) {
            cr_assert(eq(int, memcmp(&got, &want, sizeof got), 0));
            ok++;
        } else {
            for (size_t i = 0; i < sizeof got; i++)
                cr_assert(eq(u8, ((uint8_t *)&got)[i], 0xA5),
                          "a refused hand is not written");
            refused++;
        }
        mjt_shanten_info a = {9, 9, 9, 9}, b = {9, 9, 9, 9};
        cr_assert(eq(int, mjt_shanten_tiles(t, ids, (size_t)len, ru, &b), rc));
        if (rc == MJT_OK) {
            cr_assert(eq(int, mjt_shanten(t, &got, &a), MJT_OK));
            cr_assert(eq(int, memcmp(&a, &b, sizeof a), 0));
        } else {
            cr_assert(eq(int, b.overall, 9),
                      "a failure leaves the output alone");
        }
    }
    cr_assert(gt(int, ok, 100000));
    cr_assert(gt(int, refused, 100000));
    cr_assert(gt(int, einval, 10000));
    mjt_shanten_info s;
    cr_assert(eq(int, mjt_shanten_tiles(NULL, (const uint8_t *)"", 0, NULL, &s),
                 MJT_EINVAL));
    cr_assert(eq(int, mjt_shanten_tiles(t, NULL, 1, NULL, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_shanten_tiles(t, (const uint8_t *)"", 1, NULL, NULL),
                 MJT_EINVAL));
    cr_assert(eq(int, mjt_shanten_tiles(t, NULL, 0, NULL, &s), MJT_ECOUNT));
}

/* ==== The sealed hand ==== */

/* Every query on h answers with a code; when it says MJT_OK, the answer
 * is the one for the hand mjt_hand_tiles reports, by the brute force. */
static int ask_all(const mjt_tables *t, const mjt_hand *h)
{
    mjt_tiles held;
    int rc = sealed_ask_all(t, h, &held);

    cr_assert(not(eq(int, rc, 1)), "a broken promise");
    if (rc == MJT_OK) {
        mjt_shanten_info got, want;
        mjt_shanten(t, h, &got);
        brute_shanten(held.counts, &want);
        cr_assert(eq(int, got.overall, want.overall));
    }
    return rc;
}

Test(sealed, garbage_bytes_never_crash_nor_lie)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 14;
    int ok = 0, stale = 0;
    for (int k = 0; k < 200000; k++) {
        mjt_hand h;
        for (int i = 0; i < 12; i++)
            h.opaque_[i] = (uint32_t)test_rand(&rng);
        if (k % 2) /* past the magic word, to reach the other checks */
            h.opaque_[MJT__H_MAGIC] = MJT__HAND_MAGIC;
        if (k % 4 == 1) /* codes in range, too */
            for (int p = 0; p < 4; p++)
                h.opaque_[p] %= 1u << 22;
        int rc = ask_all(t, &h);
        ok += rc == MJT_OK;
        stale += rc == MJT_ESTALE;
    }
    cr_assert(gt(int, stale, 0), "%d refused as stale, %d read as hands", stale,
              ok);
}

/* One bit flipped anywhere in a real hand: refused, or still a hand that
 * the accessors and the queries agree on.  Half the bits are in the words
 * this version keeps zero and does not read: a flip there changes no
 * answer.  Nearly every other flip is refused. */
Test(sealed, flipped_bits_of_real_hands)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 15;
    int refused = 0;
    for (int k = 0; k < 20000; k++) {
        uint8_t c[MJT_KINDS], ids[14];
        mjt_hand h;
        test_deal(&rng, legal[k % 10], c, ids);
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        int bit = (int)(test_rand(&rng) % (8 * sizeof h));
        h.opaque_[bit / 32] ^= 1u << (bit % 32);
        refused += ask_all(t, &h) != MJT_OK;
    }
    cr_assert(gt(int, refused, 8000));
}

Test(sealed, each_refusal_has_its_code)
{
    const mjt_tables *t = test_tables();
    mjt_hand h = hand_of("123m456p789s1122z"), g;
    mjt_shanten_info s;
    mjt_tiles held;

    memset(&g, 0, sizeof g); /* zeroed, never made */
    cr_assert(eq(int, mjt_shanten(t, &g, &s), MJT_EHAND));
    cr_assert(eq(int, mjt_hand_add(&g, 0), MJT_EHAND));
    cr_assert(eq(int, mjt_hand_tiles(&g, &held), MJT_EHAND));
    g = h; /* a count edited behind the library's back */
    g.opaque_[0] += 1;
    cr_assert(eq(int, mjt_shanten(t, &g, &s), MJT_ESTALE));
    cr_assert(eq(int, mjt_hand_tiles(&g, &held), MJT_ESTALE));
    g = h; /* the tile count */
    g.opaque_[MJT__H_META] += 1;
    cr_assert(eq(int, mjt_shanten(t, &g, &s), MJT_ESTALE));
    g = h; /* a red five the hand does not hold */
    g.opaque_[MJT__H_META] |= 1u << MJT__RED_SHIFT(2);
    cr_assert(eq(int, mjt_shanten(t, &g, &s), MJT_ESTALE));
    g = h; /* a code past the index */
    g.opaque_[1] = 0xFFFFFFFF;
    cr_assert(eq(int, mjt_shanten(t, &g, &s), MJT_ESTALE));
    cr_assert(eq(int, mjt_hand_add(&g, 9), MJT_ESTALE));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_OK));
    cr_assert(eq(int, s.overall, 0));
}

/* ==== Red fives ==== */

Test(red, kept_through_parse_format_and_draws)
{
    mjt_hand h = hand_of("406m123p456s78s11z");
    mjt_tiles held;
    char text[64];

    mjt_hand_format(&h, text, sizeof text);
    cr_assert(eq(str, text, "406m123p45678s11z"));
    cr_assert(eq(int, mjt_hand_tiles(&h, &held), MJT_OK));
    cr_assert(eq(int, held.red[0], 1));
    cr_assert(eq(int, held.counts[4], 1));
    cr_assert(eq(int, mjt_hand_remove(&h, 4), MJT_EABSENT)); /* no plain */
    cr_assert(eq(int, mjt_hand_add(&h, 4), MJT_OK));
    mjt_hand_format(&h, text, sizeof text);
    cr_assert(eq(str, text, "4056m123p45678s11z"));
    cr_assert(eq(int, mjt_hand_remove(&h, MJT_RED_5M), MJT_OK));
    cr_assert(eq(int, mjt_hand_remove(&h, MJT_RED_5M), MJT_EABSENT));
    mjt_hand_format(&h, text, sizeof text);
    cr_assert(eq(str, text, "456m123p45678s11z"));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5S), MJT_OK));
    mjt_hand_format(&h, text, sizeof text);
    cr_assert(eq(str, text, "456m123p405678s11z"));
}

/* The red five as a discard of its own beside the plain one, in its
 * place when only red ones are held, and answers as a five. */
Test(red, discards_list_the_red_five)
{
    const mjt_tables *t = test_tables();
    mjt_discard d[MJT_MAX_DISCARDS], p[MJT_MAX_DISCARDS];
    size_t n, pn;
    mjt_hand h = hand_of("3055m123p456s78s11z");
    mjt_hand plain = hand_of("3555m123p456s78s11z");

    cr_assert(
        eq(int, mjt_discards(t, &h, NULL, d, MJT_MAX_DISCARDS, &n), MJT_OK));
    cr_assert(eq(int, mjt_discards(t, &plain, NULL, p, MJT_MAX_DISCARDS, &pn),
                 MJT_OK));
    cr_assert(eq(sz, n, pn + 1));
    cr_assert(eq(int, d[1].tile, 4));
    cr_assert(eq(int, d[2].tile, MJT_RED_5M));
    cr_assert(eq(int, d[2].shanten, d[1].shanten));
    cr_assert(eq(u64, d[2].tiles, d[1].tiles));
    cr_assert(eq(int, d[2].count, d[1].count));
    for (size_t i = 0, j = 0; i < n; i++) {
        if (d[i].tile == MJT_RED_5M)
            continue;
        cr_assert(eq(int, d[i].tile, p[j].tile));
        cr_assert(eq(int, d[i].shanten, p[j].shanten));
        cr_assert(eq(u64, d[i].tiles, p[j].tiles));
        j++;
    }
    /* too small a buffer: nothing written, the size needed */
    cr_assert(eq(int, mjt_discards(t, &h, NULL, d, pn, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, pn + 1));
    h = hand_of("340m123p456s789s11z");
    cr_assert(
        eq(int, mjt_discards(t, &h, NULL, d, MJT_MAX_DISCARDS, &n), MJT_OK));
    cr_assert(eq(int, d[2].tile, MJT_RED_5M));
    cr_assert(eq(int, d[3].tile, 9));
}

/* ==== Tile names and seen tiles ==== */

Test(tiles, every_name_round_trips)
{
    for (int id = 0; id < MJT_TILE_IDS; id++) {
        const char *name = mjt_tile_name(id);
        cr_assert(not(eq(ptr, (void *)name, NULL)));
        cr_assert(eq(int, mjt_tile_from_name(name, 2), id));
        cr_assert(eq(int, MJT_KIND_OF(id), id < 34 ? id : (id - 34) * 9 + 4));
    }
    cr_assert(eq(ptr, (void *)mjt_tile_name(-1), NULL));
    cr_assert(eq(ptr, (void *)mjt_tile_name(MJT_TILE_IDS), NULL));
    cr_assert(eq(int, mjt_tile_from_name("0z", 2), MJT_ESYNTAX));
    cr_assert(eq(int, mjt_tile_from_name("8z", 2), MJT_ESYNTAX));
    cr_assert(eq(int, mjt_tile_from_name("5m", 1), MJT_ESYNTAX));
    cr_assert(eq(int, mjt_tile_from_name(NULL, 2), MJT_ESYNTAX));
}

Test(tiles, seen_tiles_of_any_number)
{
    mjt_tiles seen;
    mjt_diag d;
    char text[256];

    cr_assert(eq(int, mjt_tiles_parse(&seen, "", 0, &d), MJT_OK));
    cr_assert(eq(int, seen.len, 0));
    cr_assert(eq(int, mjt_tiles_parse(&seen, "1z5p0p", 6, &d), MJT_OK));
    cr_assert(eq(int, seen.len, 3));
    cr_assert(eq(int, seen.red[1], 1));
    /* every kind four times, a red five of each suit among them: 136 */
    mjt_tiles all = {{0}, {0}, 0};
    for (int i = 0; i < MJT_KINDS; i++)
        all.counts[i] = 4;
    all.red[0] = all.red[1] = all.red[2] = 1;
    size_t len = mjt_tiles_format(&all, text, sizeof text);
    cr_assert(lt(sz, len, sizeof text));
    cr_assert(eq(int, mjt_tiles_parse(&seen, text, len, &d), MJT_OK));
    cr_assert(eq(int, seen.len, 136));
    cr_assert(eq(int, memcmp(&seen, &all, MJT_KINDS + 3), 0));
    cr_assert(eq(int, mjt_tiles_parse(&seen, "11111z", 6, &d), MJT_ECOPIES));
    cr_assert(eq(int, mjt_tiles_parse(&seen, "1x", 2, &d), MJT_ESYNTAX));
    cr_assert(eq(long, d.offset, 1));
}

/* ==== mjt_shanten_counts ==== */

Test(counts, shanten_counts_as_shanten)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 16;
    for (int k = 0; k < 200000; k++) {
        uint8_t c[MJT_KINDS], ids[14];
        mjt_hand h;
        mjt_shanten_info a, b;
        test_deal(&rng, legal[k % 10], c, ids);
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        cr_assert(eq(int, mjt_shanten(t, &h, &a), MJT_OK));
        cr_assert(eq(int, mjt_shanten_counts(t, c, &b), MJT_OK));
        cr_assert(eq(int, memcmp(&a, &b, sizeof a), 0));
    }
    uint8_t c[MJT_KINDS] = {0};
    mjt_shanten_info s = {9, 9, 9, 9};
    cr_assert(eq(int, mjt_shanten_counts(t, c, &s), MJT_ECOUNT));
    c[0] = 5;
    cr_assert(eq(int, mjt_shanten_counts(t, c, &s), MJT_ECOPIES));
    cr_assert(eq(int, s.overall, 9), "a failure leaves the output alone");
    cr_assert(eq(int, mjt_shanten_counts(NULL, c, &s), MJT_EINVAL));
}

/* ==== The bounds ==== */

/* Every hand of seven distinct pairs (C(34, 7) of them) has at most
 * MJT_MAX_DECOMPOSITIONS in all, seven pairs included; every hand of six
 * pairs and a single, at most 10 shapes.  With the standard forms' bounds
 * (test_shapes.c) and thirteen orphans' one decomposition and 13 shapes,
 * that makes the constants the true maxima. */
Test(bounds, seven_pairs_hands_add_nothing, .timeout = 120)
{
    const mjt_tables *t = test_tables();
    size_t most_d = 0, most_s = 0;
    int k[7];

    for (k[0] = 0; k[0] < MJT_KINDS; k[0]++)
        for (k[1] = k[0] + 1; k[1] < MJT_KINDS; k[1]++)
            for (k[2] = k[1] + 1; k[2] < MJT_KINDS; k[2]++)
                for (k[3] = k[2] + 1; k[3] < MJT_KINDS; k[3]++)
                    for (k[4] = k[3] + 1; k[4] < MJT_KINDS; k[4]++)
                        for (k[5] = k[4] + 1; k[5] < MJT_KINDS; k[5]++) {
                            uint8_t c[MJT_KINDS] = {0};
                            mjt_hand h;
                            size_t n;
                            for (int i = 0; i < 6; i++)
                                c[k[i]] = 2;
                            for (k[6] = 0; k[6] < MJT_KINDS; k[6]++) {
                                if (c[k[6]])
                                    continue;
                                mjt_shape e[MJT_MAX_SHAPES];
                                c[k[6]] = 1;
                                mjt_hand_from_counts(&h, c, NULL, NULL);
                                mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &n);
                                most_s = n > most_s ? n : most_s;
                                if (k[6] > k[5]) {
                                    mjt_decomposition d[MJT_MAX_DECOMPOSITIONS];
                                    c[k[6]] = 2;
                                    mjt_hand_from_counts(&h, c, NULL, NULL);
                                    cr_assert(
                                        eq(int,
                                           mjt_decompositions(
                                               t, &h, d, MJT_MAX_DECOMPOSITIONS,
                                               &n),
                                           MJT_OK));
                                    most_d = n > most_d ? n : most_d;
                                }
                                c[k[6]] = 0;
                            }
                        }
    cr_assert(eq(sz, most_d, MJT_MAX_DECOMPOSITIONS));
    cr_assert(eq(sz, most_s, 10));
}

/* Each MJT_MAX_* is reached, by the hand named in mjt.h. */
Test(bounds, each_maximum_is_reached)
{
    const mjt_tables *t = test_tables();
    mjt_shape e[MJT_MAX_SHAPES + 1];
    mjt_decomposition d[MJT_MAX_DECOMPOSITIONS + 1];
    mjt_discard x[MJT_MAX_DISCARDS];
    size_t n;

    mjt_hand h = hand_of("4555666777888m");
    cr_assert(eq(int, mjt_shapes(t, &h, e, MJT_MAX_SHAPES + 1, &n), MJT_OK));
    cr_assert(eq(sz, n, MJT_MAX_SHAPES));
    h = hand_of("1112345678999m");
    cr_assert(eq(int, mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    cr_assert(eq(sz, n, 15)); /* not the most, whatever is said of it */
    h = hand_of("11122233344455m");
    cr_assert(eq(int,
                 mjt_decompositions(t, &h, d, MJT_MAX_DECOMPOSITIONS + 1, &n),
                 MJT_OK));
    cr_assert(eq(sz, n, MJT_MAX_DECOMPOSITIONS));
    h = hand_of("11223344556677m"); /* three standard and seven pairs */
    cr_assert(eq(int,
                 mjt_decompositions(t, &h, d, MJT_MAX_DECOMPOSITIONS + 1, &n),
                 MJT_OK));
    cr_assert(eq(sz, n, MJT_MAX_DECOMPOSITIONS));
    h = hand_of("19m19p19s1234567z");
    cr_assert(eq(int, mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &n), MJT_OK));
    cr_assert(eq(sz, n, 13));
    h = hand_of("1357m2468p1357s13z");
    cr_assert(
        eq(int, mjt_discards(t, &h, NULL, x, MJT_MAX_DISCARDS, &n), MJT_OK));
    cr_assert(eq(sz, n, MJT_MAX_DISCARDS));
}
