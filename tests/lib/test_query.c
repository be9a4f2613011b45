/* SPDX-License-Identifier: MIT */
/*
 * libmjt through its public header: ara's 40,000 known answers, the classic
 * traps, every one-suit 13-tile hand and random hands of every legal size
 * against the brute force of brute.c (its errors: test_errors.c).
 */
#define _XOPEN_SOURCE 700 /* realpath */
/* criterion.h first: parameterized.h needs it */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

static mjt_hand hand_of(const char *text)
{
    mjt_hand h;
    mjt_diag d;
    int rc = mjt_hand_parse(&h, text, strlen(text), NULL, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s: %s", text, rc ? d.message : "");
    return h;
}

static uint64_t mask_of(const char *tiles)
{
    mjt_tiles set;
    uint64_t m = 0;
    cr_assert(
        eq(int, mjt_tiles_parse(&set, tiles, strlen(tiles), NULL), MJT_OK));
    for (int i = 0; i < MJT_KINDS; i++)
        if (set.counts[i])
            m |= 1ull << i;
    return m;
}

/* ==== Known answers ==== */

Test(query, classic_traps)
{
    const mjt_tables *t = test_tables();
    mjt_shanten_info s;
    uint64_t w;
    mjt_hand h;

    cr_assert(not(eq(ptr, (void *)t, NULL)));
    h = hand_of("1111m123p112233s");
    mjt_shanten(t, &h, &s);
    cr_assert(eq(int, s.standard, 1));
    h = hand_of("123456789m1111p");
    mjt_shanten(t, &h, &s);
    cr_assert(eq(int, s.standard, 1));
    h = hand_of("1234444m456p789s");
    cr_assert(eq(int, mjt_waits(t, &h, &w), MJT_OK));
    cr_assert(eq(u64, w, mask_of("1m")));
    h = hand_of("1112345678999m");
    mjt_waits(t, &h, &w);
    cr_assert(eq(u64, w, mask_of("123456789m")));
    h = hand_of("19m19p19s1234567z");
    mjt_waits(t, &h, &w);
    cr_assert(eq(u64, w, mask_of("19m19p19s1234567z")));
    h = hand_of("123m456p789s1122z");
    mjt_ukeire_info u;
    cr_assert(eq(int, mjt_ukeire(t, &h, NULL, &u), MJT_OK));
    cr_assert(eq(u64, u.tiles, mask_of("12z")));
    cr_assert(eq(int, u.count, 4));
    cr_assert(eq(int, u.shanten, 0));
}

static void run_ara(const char *name)
{
    char path[512], line[256];
    const mjt_tables *t = test_tables();
    snprintf(path, sizeof path, "tests/data/ara/%s", name);
    FILE *f = fopen(path, "r");
    int lines = 0;

    cr_assert(not(eq(ptr, f, NULL)), "%s", path);
    while (fgets(line, sizeof line, f) != NULL) {
        uint8_t c[MJT_KINDS] = {0};
        int v[17], n = 0;
        char *p = line;
        for (; n < 17; n++) {
            char *end;
            v[n] = (int)strtol(p, &end, 10);
            if (end == p)
                break;
            p = end;
        }
        cr_assert(eq(int, n, 17), "%s line %d", name, lines + 1);
        for (int i = 0; i < 14; i++)
            c[v[i]]++;
        mjt_hand h;
        mjt_shanten_info s;
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        mjt_shanten(t, &h, &s);
        cr_assert(eq(int, s.standard, v[14]), "%s line %d", name, lines + 1);
        cr_assert(eq(int, s.kokushi, v[15]), "%s line %d", name, lines + 1);
        cr_assert(eq(int, s.chiitoitsu, v[16]), "%s line %d", name, lines + 1);
        cr_assert(eq(int, test_keep_differs(t, &h), 0), "%s line %d", name,
                  lines + 1);
        lines++;
    }
    fclose(f);
    cr_assert(eq(int, lines, 10000));
}

Test(ara, normal)
{
    run_ara("p_normal_10000.txt");
}
Test(ara, half_flush)
{
    run_ara("p_hon_10000.txt");
}
Test(ara, full_flush)
{
    run_ara("p_tin_10000.txt");
}
Test(ara, terminals_and_honors)
{
    run_ara("p_koku_10000.txt");
}

/* ==== Against the brute force ==== */

static void hand_name(const uint8_t c[MJT_KINDS], char *buf, size_t cap)
{
    test_counts_text(c, buf, cap);
}

/* Copies of the tiles in mask that counts (the hand, or the hand before a
 * discard) leave to draw. */
static int left_of(const uint8_t c[MJT_KINDS], uint64_t mask)
{
    int n = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        if (mask >> i & 1)
            n += 4 - c[i];
    return n;
}

/* Check shanten, effective tiles, waits or discards of counts. */
static void check_hand(const mjt_tables *t, const uint8_t c[MJT_KINDS],
                       uint64_t seed)
{
    mjt_hand h;
    mjt_shanten_info got, want;
    char name[64];

    hand_name(c, name, sizeof name);
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK), "%s",
              name);
    mjt_shanten(t, &h, &got);
    brute_shanten(c, &want);
    cr_assert(eq(int, got.standard, want.standard), "%s seed %llu", name,
              (unsigned long long)seed);
    cr_assert(eq(int, got.chiitoitsu, want.chiitoitsu), "%s", name);
    cr_assert(eq(int, got.kokushi, want.kokushi), "%s", name);
    cr_assert(eq(int, got.overall, want.overall), "%s", name);
    if (test_hand_len(&h) % 3 == 1) {
        mjt_ukeire_info u;
        uint64_t w, bw = brute_ukeire(c);
        mjt_ukeire(t, &h, NULL, &u);
        cr_assert(eq(u64, u.tiles, bw), "%s seed %llu ukeire", name,
                  (unsigned long long)seed);
        cr_assert(eq(int, u.count, left_of(c, bw)), "%s count", name);
        cr_assert(eq(int, u.shanten, want.overall), "%s", name);
        mjt_waits(t, &h, &w);
        cr_assert(eq(u64, w, want.overall == 0 ? bw : 0), "%s waits", name);
        return;
    }
    mjt_discard d[MJT_MAX_DISCARDS];
    size_t n;
    uint8_t after[MJT_KINDS];
    cr_assert(
        eq(int, mjt_discards(t, &h, NULL, d, MJT_MAX_DISCARDS, &n), MJT_OK));
    for (size_t i = 0; i < n; i++) {
        mjt_shanten_info s;
        memcpy(after, c, sizeof after);
        after[d[i].tile]--;
        brute_shanten(after, &s);
        cr_assert(eq(int, d[i].shanten, s.overall), "%s discard %d", name,
                  d[i].tile);
        cr_assert(eq(u64, d[i].tiles, brute_ukeire(after)), "%s discard %d",
                  name, d[i].tile);
        /* The discarded tile counts as seen: it is in the river. */
        cr_assert(eq(int, d[i].count, left_of(c, d[i].tiles)),
                  "%s discard %d count", name, d[i].tile);
    }
    cr_assert(eq(int, test_keep_differs(t, &h), 0), "%s", name);
}

ParameterizedTestParameters(exhaustive, one_suit_13_tile_hands)
{
    static int part[4] = {0, 1, 2, 3};
    return cr_make_param_array(int, part, 4);
}

/* The one-suit hands of `left` more tiles over ranks r..8 of c, in a
 * fixed order; those whose place is `part` mod 4 are checked. */
typedef struct walk {
    const mjt_tables *t;
    uint64_t place, seen;
    int part;
} walk;

static void one_suit(walk *w, uint8_t c[MJT_KINDS], int r, int left)
{
    if (r == 9) {
        if (left == 0 && w->place++ % 4 == (uint64_t)w->part) {
            check_hand(w->t, c, 0);
            w->seen++;
        }
        return;
    }
    for (int k = 0; k <= 4 && k <= left; k++) {
        c[r] = (uint8_t)k;
        one_suit(w, c, r + 1, left - k);
    }
    c[r] = 0;
}

/* All 93,600 one-suit 13-tile hands, a quarter per test (by place mod 4),
 * in the manzu; the suits share one table, so this covers p and s too. */
ParameterizedTest(int *part, exhaustive, one_suit_13_tile_hands, .timeout = 900)
{
    walk w = {test_tables(), 0, 0, *part};
    uint8_t c[MJT_KINDS] = {0};

    one_suit(&w, c, 0, 13);
    cr_assert(eq(u64, w.place, 93600));
    cr_assert(eq(u64, w.seen, 93600 / 4));
}

Test(random, hands_of_every_legal_size, .timeout = 600)
{
    static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
    const mjt_tables *t = test_tables();
    uint64_t rng = 20261122;
    int hands = getenv("MJT_LONG") ? 100000 : 3000; /* make test-long */

    for (int k = 0; k < hands; k++) {
        uint8_t c[MJT_KINDS];
        uint64_t seed = rng;
        test_deal(&rng, sizes[k % 10], c, NULL);
        check_hand(t, c, seed);
    }
}

/* Hands built around four of a kind, where the cap on copies matters. */
Test(random, hands_holding_four_of_a_kind, .timeout = 600)
{
    const mjt_tables *t = test_tables();
    uint64_t rng = 4444;
    int hands = getenv("MJT_LONG") ? 100000 : 3000; /* make test-long */

    for (int k = 0; k < hands; k++) {
        uint8_t c[MJT_KINDS] = {0};
        uint64_t seed = rng;
        int n = (k % 2) ? 13 : 14, len = 0;
        int quads = 1 + (int)(test_rand(&rng) % 3);
        /* One suit or two, to crowd the quads together. */
        int lo = 9 * (int)(test_rand(&rng) % 4), span = lo == 27 ? 7 : 9;
        for (int q = 0; q < quads && len + 4 <= n; q++) {
            int tile = lo + (int)(test_rand(&rng) % (uint64_t)span);
            if (c[tile] == 0) {
                c[tile] = 4;
                len += 4;
            }
        }
        while (len < n) {
            int tile = (int)(test_rand(&rng) % (k % 3 ? 9 : 34));
            if (k % 3)
                tile += lo == 27 ? 0 : lo;
            if (tile < MJT_KINDS && c[tile] < 4) {
                c[tile]++;
                len++;
            }
        }
        check_hand(t, c, seed);
    }
}

/* ==== Threads ==== */

typedef struct reader {
    const mjt_tables *t;
    const mjt_hand *hands;
    int n;
    uint64_t sum; /* a fold of every answer (unsigned: it wraps) */
} reader;

static void *read_hands(void *arg)
{
    reader *r = arg;
    for (int pass = 0; pass < 20; pass++)
        for (int i = 0; i < r->n; i++) {
            const mjt_hand *h = &r->hands[i];
            mjt_shanten_info s;
            mjt_shanten(r->t, h, &s);
            r->sum = r->sum * 31 + (uint64_t)(8 + s.overall) +
                     (uint64_t)(8 + s.standard) * 7;
            if (test_hand_len(h) % 3 == 1) {
                mjt_ukeire_info u;
                uint64_t w;
                mjt_ukeire(r->t, h, NULL, &u);
                mjt_waits(r->t, h, &w);
                r->sum = r->sum * 31 + (u.tiles ^ w) + (uint64_t)u.count;
            } else {
                mjt_discard d[MJT_MAX_DISCARDS];
                size_t len;
                mjt_discards(r->t, h, NULL, d, MJT_MAX_DISCARDS, &len);
                for (size_t k = 0; k < len; k++)
                    r->sum = r->sum * 31 + d[k].tiles + (uint64_t)d[k].count;
            }
        }
    return NULL;
}

/* One shared table, eight threads at once, each answer as on one thread. */
Test(threads, shared_tables_answer_alike, .timeout = 300)
{
    static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
    enum { HANDS = 2000, THREADS = 8 };
    static mjt_hand hands[HANDS];
    uint64_t rng = 99;
    pthread_t tid[THREADS];
    reader r[THREADS], alone;

    for (int i = 0; i < HANDS; i++) {
        uint8_t c[MJT_KINDS];
        test_deal(&rng, sizes[i % 10], c, NULL);
        cr_assert(
            eq(int, mjt_hand_from_counts(&hands[i], c, NULL, NULL), MJT_OK));
    }
    alone = (reader){test_tables(), hands, HANDS, 0};
    read_hands(&alone);
    for (int k = 0; k < THREADS; k++) {
        r[k] = (reader){test_tables(), hands, HANDS, 0};
        cr_assert(eq(int, pthread_create(&tid[k], NULL, read_hands, &r[k]), 0));
    }
    for (int k = 0; k < THREADS; k++) {
        pthread_join(tid[k], NULL);
        cr_assert(eq(u64, r[k].sum, alone.sum), "thread %d", k);
    }
}

/* ==== Ranking ==== */

/* Whether a's count vector (over ids 0-36 with red, else 0-33) comes
 * before b's. */
static int before(const mjt_tiles *a, const mjt_tiles *b, int red)
{
    for (int k = 0; k < (red ? MJT_TILE_IDS : MJT_KINDS); k++) {
        int ca, cb;
        if (k >= MJT_KINDS) {
            ca = a->red[k - MJT_KINDS];
            cb = b->red[k - MJT_KINDS];
        } else {
            int five = red && k < 27 && k % 9 == 4;
            ca = a->counts[k] - (five ? a->red[k / 9] : 0);
            cb = b->counts[k] - (five ? b->red[k / 9] : 0);
        }
        if (ca != cb)
            return ca < cb;
    }
    return 0;
}

Test(rank, counts_every_size)
{
    /* count vectors of 34 kinds at most 4 each; with red fives, of 31
     * kinds, 3 plain fives at most 3 and 3 red fives at most 1 */
    static const uint64_t plain[15] = {
        1,          34,         595,         7140,        66045,
        501908,     3261467,    18623330,    95305485,    443646280,
        1900269316, 7558429024, 28126474500, 98521596000, 326520504500};
    for (int n = 0; n <= 14; n++)
        cr_assert(eq(u64, mjt_tiles_count(n, 0), plain[n]), "%d tiles", n);
    cr_assert(eq(u64, mjt_tiles_count(13, MJT_RANK_RED), 205596295422u));
    cr_assert(eq(u64, mjt_tiles_count(14, MJT_RANK_RED), 705790937972u));
    cr_assert(eq(u64, mjt_tiles_count(15, 0), 0));
    cr_assert(eq(u64, mjt_tiles_count(-1, 0), 0));
    cr_assert(eq(u64, mjt_tiles_count(1, 2), 0));
}

/* Every set of up to 3 tiles, each way: unrank gives strictly increasing
 * count vectors, and rank gives the index back. */
Test(rank, small_sizes_exhaustively)
{
    for (int red = 0; red < 2; red++)
        for (int n = 0; n <= 3; n++) {
            unsigned flags = red ? MJT_RANK_RED : 0;
            mjt_tiles prev, t;
            for (uint64_t i = 0; i < mjt_tiles_count(n, flags); i++) {
                uint64_t back = ~(uint64_t)0;
                cr_assert(eq(int, mjt_tiles_unrank(&t, n, i, flags), MJT_OK));
                cr_assert(eq(int, t.len, n));
                cr_assert(eq(int, mjt_tiles_rank(&t, flags, &back), MJT_OK));
                cr_assert(eq(u64, back, i), "n %d red %d", n, red);
                if (i > 0)
                    cr_assert(before(&prev, &t, red), "n %d index %lu", n,
                              (unsigned long)i);
                prev = t;
            }
        }
}

/* Both ends of every size, and dealt sets of every size, round trip. */
Test(rank, ends_and_random_sets_round_trip)
{
    uint64_t rng = 20261123;
    for (int red = 0; red < 2; red++) {
        unsigned flags = red ? MJT_RANK_RED : 0;
        for (int n = 0; n <= 14; n++) {
            uint64_t last = mjt_tiles_count(n, flags) - 1, back;
            mjt_tiles t;
            uint64_t ends[2] = {0, last};
            for (int e = 0; e < 2; e++) {
                cr_assert(
                    eq(int, mjt_tiles_unrank(&t, n, ends[e], flags), MJT_OK));
                cr_assert(eq(int, mjt_tiles_rank(&t, flags, &back), MJT_OK));
                cr_assert(eq(u64, back, ends[e]));
            }
            cr_assert(
                eq(int, mjt_tiles_unrank(&t, n, last + 1, flags), MJT_EINVAL));
            for (int k = 0; k < 200; k++) {
                uint8_t c[MJT_KINDS];
                uint8_t red_fives[3];
                mjt_tiles s, u;
                test_deal(&rng, n, c, NULL);
                for (int f = 0; f < 3; f++) /* a red five, now and then */
                    red_fives[f] = red && c[9 * f + 4] > 0
                                       ? (uint8_t)(test_rand(&rng) % 2)
                                       : 0;
                memset(&s, 0, sizeof s);
                memcpy(s.counts, c, sizeof c);
                if (red)
                    memcpy(s.red, red_fives, 3);
                s.len = (uint8_t)n;
                cr_assert(eq(int, mjt_tiles_rank(&s, flags, &back), MJT_OK));
                cr_assert(lt(u64, back, last + 1));
                cr_assert(
                    eq(int, mjt_tiles_unrank(&u, n, back, flags), MJT_OK));
                cr_assert(eq(int, memcmp(u.counts, s.counts, MJT_KINDS), 0));
                if (red)
                    cr_assert(eq(int, memcmp(u.red, s.red, 3), 0));
            }
        }
    }
}

Test(rank, refuses_what_is_no_set)
{
    mjt_tiles t;
    uint64_t i;
    memset(&t, 0, sizeof t);
    t.counts[0] = 5;
    cr_assert(eq(int, mjt_tiles_rank(&t, 0, &i), MJT_ECOPIES));
    t.counts[0] = 4, t.counts[1] = 4, t.counts[2] = 4, t.counts[3] = 3;
    cr_assert(eq(int, mjt_tiles_rank(&t, 0, &i), MJT_ECOUNT));
    memset(&t, 0, sizeof t);
    t.counts[4] = 2, t.red[0] = 2;
    cr_assert(eq(int, mjt_tiles_rank(&t, 0, &i), MJT_OK));
    cr_assert(eq(int, mjt_tiles_rank(&t, MJT_RANK_RED, &i), MJT_ECOPIES));
    t.red[0] = 3;
    cr_assert(eq(int, mjt_tiles_rank(&t, 0, &i), MJT_EINVAL));
    cr_assert(eq(int, mjt_tiles_rank(NULL, 0, &i), MJT_EINVAL));
    cr_assert(eq(int, mjt_tiles_rank(&t, 4, &i), MJT_EINVAL));
    cr_assert(eq(int, mjt_tiles_unrank(&t, 15, 0, 0), MJT_ECOUNT));
    cr_assert(eq(int, mjt_tiles_unrank(NULL, 1, 0, 0), MJT_EINVAL));
}

/* ==== Caller arrays ==== */

/* Every call that fills a caller's array follows one rule: when cap is
 * too small it returns MJT_ESPACE, sets *len to the entries needed and
 * writes nothing; NULL with cap 0 asks the number; NULL with a cap is
 * MJT_EINVAL; a cap that fits gets them all. */
Test(arrays, one_rule_for_too_small)
{
    const mjt_tables *t = test_tables();
    mjt_hand h14 = hand_of("11122233344455m"), h13 = hand_of("1112345678999m");
    mjt_hand hc = hand_of("11z,123m,456p:left,789s,777z:across");
    union {
        mjt_discard d[MJT_MAX_DISCARDS];
        mjt_decomposition x[MJT_MAX_DECOMPOSITIONS];
        mjt_shape s[MJT_MAX_SHAPES];
        mjt_call c[MJT_MAX_CALLS];
    } buf, untouched;
    size_t n, want[4] = {5, 4, 15, 4};
    int rc[4];

    for (int k = 0; k < 4; k++)
        for (size_t c = 0; c <= want[k] + 1; c++) {
            memset(&buf, 0xEE, sizeof buf);
            memset(&untouched, 0xEE, sizeof untouched);
            n = 99;
            rc[k] = k == 0   ? mjt_discards(t, &h14, NULL, buf.d, c, &n)
                    : k == 1 ? mjt_decompositions(t, &h14, buf.x, c, &n)
                    : k == 2 ? mjt_shapes(t, &h13, buf.s, c, &n)
                             : mjt_hand_calls(&hc, buf.c, c, &n);
            cr_assert(eq(sz, n, want[k]), "call %d, cap %zu", k, c);
            if (c < want[k]) {
                cr_assert(eq(int, rc[k], MJT_ESPACE), "call %d, cap %zu", k, c);
                cr_assert(eq(int, memcmp(&buf, &untouched, sizeof buf), 0),
                          "call %d wrote into a short array", k);
            } else {
                cr_assert(eq(int, rc[k], MJT_OK), "call %d, cap %zu", k, c);
                cr_assert(
                    not(eq(int, memcmp(&buf, &untouched, sizeof buf), 0)));
            }
        }
    n = 99;
    cr_assert(eq(int, mjt_discards(t, &h14, NULL, NULL, 0, &n), MJT_ESPACE));
    cr_assert(eq(sz, n, 5));
    cr_assert(eq(int, mjt_decompositions(t, &h14, NULL, 0, &n), MJT_ESPACE));
    cr_assert(eq(int, mjt_shapes(t, &h13, NULL, 0, &n), MJT_ESPACE));
    cr_assert(eq(int, mjt_hand_calls(&hc, NULL, 0, &n), MJT_ESPACE));
    cr_assert(eq(int, mjt_discards(t, &h14, NULL, NULL, 3, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_decompositions(t, &h14, NULL, 3, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_shapes(t, &h13, NULL, 3, &n), MJT_EINVAL));
    cr_assert(eq(int, mjt_hand_calls(&hc, NULL, 3, &n), MJT_EINVAL));
}

/* The order mjq prints a discard table in, from any order of it. */
Test(query, discards_sort_best_first)
{
    mjt_hand h = hand_of("123m406p55p789s112z");
    mjt_discard d[MJT_MAX_DISCARDS], e[MJT_MAX_DISCARDS];
    size_t n;

    cr_assert(eq(int,
                 mjt_discards(test_tables(), &h, NULL, d, MJT_MAX_DISCARDS, &n),
                 MJT_OK));
    mjt_discards_sort(d, n);
    for (size_t i = 1; i < n; i++) {
        const mjt_discard *x = &d[i - 1], *y = &d[i];
        cr_assert(x->shanten < y->shanten ||
                  (x->shanten == y->shanten &&
                   (x->count > y->count ||
                    (x->count == y->count &&
                     MJT_KIND_OF(x->tile) <= MJT_KIND_OF(y->tile)))));
        if (MJT_KIND_OF(x->tile) == MJT_KIND_OF(y->tile))
            cr_assert(lt(int, x->tile, y->tile), "a red five after its five");
    }
    for (unsigned seed = 1; seed < 50; seed++) {
        memcpy(e, d, n * sizeof *d);
        for (size_t i = n - 1; i > 0; i--) { /* a shuffle of it */
            size_t j = (seed * 2654435761u + i * 40503u) % (i + 1);
            mjt_discard x = e[i];
            e[i] = e[j];
            e[j] = x;
        }
        mjt_discards_sort(e, n);
        for (size_t i = 0; i < n; i++) /* by field: padding may differ */
            cr_assert(e[i].tile == d[i].tile && e[i].count == d[i].count &&
                      e[i].shanten == d[i].shanten && e[i].tiles == d[i].tiles);
    }
    mjt_discards_sort(NULL, 3); /* no entries to order: nothing happens */
}

/* mjt_tables_find: $MJT_TABLES, then tables/mjt.lmdb here or in the
 * nearest folder above, then the installed path; a failure names all. */
Test(tables, find_looks_in_the_tree_above)
{
    char dir[256], path[1100], sub[300], want[300];
    mjt_diag d;

    char abs[4096], cmd[10000];
    cr_assert(not(eq(ptr, realpath(test_tables_path(), abs), NULL)));
    snprintf(dir, sizeof dir, "/tmp/mjt-find-%d", (int)getpid());
    snprintf(sub, sizeof sub, "%s/a/b", dir);
    snprintf(want, sizeof want, "%s/tables/mjt.lmdb", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s %s/tables && ln -sf %s %s", sub, dir,
             abs, want);
    cr_assert(eq(int, system(cmd), 0));
    cr_assert(eq(int, chdir(sub), 0));
    unsetenv("MJT_TABLES");
    cr_assert(eq(int, mjt_tables_find(path, sizeof path, &d), MJT_OK));
    cr_assert(eq(str, path, want));
    mjt_tables *t = NULL;
    cr_assert(eq(int, mjt_tables_open(&t, NULL, &d), MJT_OK), "%s", d.message);
    mjt_tables_close(t);
    cr_assert(eq(int, mjt_tables_find(path, 4, &d), MJT_ESPACE));
    /* $MJT_TABLES first */
    setenv("MJT_TABLES", abs, 1);
    cr_assert(eq(int, mjt_tables_find(path, sizeof path, &d), MJT_OK));
    cr_assert(eq(str, path, abs));
    /* nothing anywhere: every place is named */
    setenv("MJT_TABLES", "/nonexistent/x.lmdb", 1);
    cr_assert(eq(int, chdir("/"), 0));
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert(eq(int, system(cmd), 0));
    if (access(mjt_tables_default(), F_OK) == 0)
        return; /* installed tables: found last */
    cr_assert(eq(int, mjt_tables_find(path, sizeof path, &d), MJT_ENOENT));
    cr_assert(not(eq(ptr, strstr(d.message, "/nonexistent/x.lmdb"), NULL)));
    cr_assert(not(eq(ptr, strstr(d.message, "tables/mjt.lmdb in /"), NULL)),
              "%s", d.message);
    cr_assert(not(eq(ptr, strstr(d.message, mjt_tables_default()), NULL)));
    cr_assert(eq(int, mjt_tables_open(&t, NULL, &d), MJT_ENOENT));
}

/* mjt_discards_keep against the discard table on many more hands than the
 * brute force can take (the table is checked against it above): every
 * 3k+2 size off the wall, and hands with red fives; and it refuses what
 * the table refuses. */
Test(keep, the_rows_of_least_shanten, .timeout = 300)
{
    static const int sizes[] = {2, 5, 8, 11, 14};
    const mjt_tables *t = test_tables();
    uint64_t rng = 31;
    for (int k = 0; k < 200000; k++) {
        uint8_t c[MJT_KINDS], ids[14];
        mjt_hand h;
        int len = sizes[k % 5];
        test_deal(&rng, len, c, ids);
        /* a red five where the hand holds a five, one hand in two */
        for (int i = 0; i < len && k % 2; i++)
            if (ids[i] < 27 && ids[i] % 9 == 4) {
                ids[i] = (uint8_t)(MJT_KINDS + ids[i] / 9);
                break;
            }
        cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, (size_t)len, NULL, NULL),
                     MJT_OK));
        cr_assert(eq(int, test_keep_differs(t, &h), 0));
    }
    mjt_hand h;
    uint64_t keep = 7;
    int s = 7;
    cr_assert(eq(int, mjt_hand_parse(&h, "123m456p789s1122z", 17, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_discards_keep(t, &h, &keep, &s), MJT_ECOUNT));
    cr_assert(eq(u64, keep, 7), "a failure leaves the outputs alone");
    cr_assert(eq(int, s, 7));
    cr_assert(eq(int, mjt_hand_parse(&h, "123m456p789s11222z", 18, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_discards_keep(t, &h, &keep, NULL), MJT_OK));
    /* complete: any discard leaves tenpai, waiting on the tile it threw */
    cr_assert(eq(int, mjt_discards_keep(t, &h, &keep, &s), MJT_OK));
    cr_assert(eq(int, s, 0));
    cr_assert(eq(u64, keep, 0x7 | 0x38 << 9 | 0x1C0 << 18 | UINT64_C(3) << 27));
    cr_assert(eq(int, mjt_discards_keep(NULL, &h, &keep, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_discards_keep(t, NULL, &keep, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_discards_keep(t, &h, NULL, &s), MJT_EINVAL));
    memset(&h, 0, sizeof h);
    cr_assert(eq(int, mjt_discards_keep(t, &h, &keep, &s), MJT_EHAND));
}
