/* SPDX-License-Identifier: MIT */
/*
 * Shared by the tests: the brute-force hand analysis (brute.c), which knows
 * nothing of tables or joins, and where to find the built tables.
 */
#ifndef MJT__TESTS_HELPERS_H
#define MJT__TESTS_HELPERS_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "mjt.h"

/* Fewest tiles to add so counts hold k melds and a pair, no fifth copy. */
int brute_deficit(const uint8_t counts[MJT_KINDS], int k);

/* The same where kind i may end with at most caps[i] copies (4 less
 * those in the hand's calls; NULL: 4 each). */
int brute_deficit_caps(const uint8_t counts[MJT_KINDS],
                       const uint8_t caps[MJT_KINDS], int k);

/* Standard-form shanten of a hand's concealed counts under caps, and the
 * kinds whose draw lowers it (never a kind at its cap).  Seven pairs and
 * thirteen orphans do not apply to a hand with calls. */
int brute_shanten_caps(const uint8_t counts[MJT_KINDS],
                       const uint8_t caps[MJT_KINDS]);
uint64_t brute_ukeire_caps(const uint8_t counts[MJT_KINDS],
                           const uint8_t caps[MJT_KINDS]);

/* The three shanten values and the overall of n tiles, by definition. */
void brute_shanten(const uint8_t counts[MJT_KINDS], mjt_shanten_info *out);

/* Kinds whose draw lowers the overall shanten of a 3k+1 hand. */
uint64_t brute_ukeire(const uint8_t counts[MJT_KINDS]);

/* Both under caps (NULL: 4 each; a kind capped at 0 does not exist, as
 * 2m-8m with three players), with seven pairs and thirteen orphans only
 * when forms (they do not apply to a hand with calls); the ukeire never
 * draws a kind at its cap. */
void brute_shanten_in(const uint8_t counts[MJT_KINDS],
                      const uint8_t caps[MJT_KINDS], int forms,
                      mjt_shanten_info *out);
uint64_t brute_ukeire_in(const uint8_t counts[MJT_KINDS],
                         const uint8_t caps[MJT_KINDS], int forms);

/*
 * A standard-form arrangement as the brute force (brute_forms.c) finds it:
 * melds sorted by (tile, kind), the pair (MJT_NO_TILE if none), and for a
 * arrangement the winning tile, the waiting block and the shape
 * (tile and wait.tile MJT_NO_TILE for a decomposition).  Zeroed first, so
 * two equal arrangements are equal bytes.
 */
typedef struct brute_arr {
    uint8_t tile, shape, pair, melds_len;
    mjt_block wait;
    mjt_block melds[4];
} brute_arr;

/* Every standard decomposition of counts (3k or 3k+2 tiles, melds only or
 * melds and a pair); writes at most cap, returns how many there are. */
int brute_decompositions(const uint8_t counts[MJT_KINDS], brute_arr *out,
                         int cap);

/* Every distinct (winning tile, standard arrangement) of a 3k+1 hand,
 * never winning on a fifth copy, sorted; writes at most cap, returns how
 * many there are. */
int brute_shapes(const uint8_t counts[MJT_KINDS], brute_arr *out, int cap);

/* qsort order of blocks: by tile, then kind. */
int brute_block_cmp(const void *a, const void *b);

/* The tables `make test` generated (build/test/mjt.lmdb), opened once per
 * test process. */
const mjt_tables *test_tables(void);
const char *test_build_dir(void);
const char *test_tables_path(void);

/* The number of tiles h holds (-1 for a hand the library refuses). */
static inline int test_hand_len(const mjt_hand *h)
{
    mjt_tiles t;
    return mjt_hand_tiles(h, &t) == MJT_OK ? t.len : -1;
}

/* An mjt_moves' name, as mjq prints it. */
static inline const char *test_moves_name(int moves)
{
    return moves == MJT_FORWARD    ? "forward"
           : moves == MJT_EXCHANGE ? "exchange"
                                   : "back";
}

/* The text form of counts (no red five) into buf. */
static inline void test_counts_text(const uint8_t c[MJT_KINDS], char *buf,
                                    size_t cap)
{
    mjt_tiles t = {{0}, {0}, 0};
    for (int i = 0; i < MJT_KINDS; i++)
        t.counts[i] = c[i];
    mjt_tiles_format(&t, buf, cap);
}

/* A tiny deterministic generator (splitmix64) for random tests. */
static inline uint64_t test_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* n tiles off a shuffled 136-tile wall into c (counts) and, if not NULL,
 * ids (tile ids in the order drawn). */
static inline void test_deal(uint64_t *rng, int n, uint8_t c[MJT_KINDS],
                             uint8_t *ids)
{
    int wall[136];
    for (int i = 0; i < 136; i++)
        wall[i] = i / 4;
    for (int i = 0; i < MJT_KINDS; i++)
        c[i] = 0;
    for (int i = 0; i < n; i++) {
        int j = i + (int)(test_rand(rng) % (uint64_t)(136 - i));
        int x = wall[i];
        wall[i] = wall[j];
        wall[j] = x;
        c[wall[i]]++;
        if (ids != NULL)
            ids[i] = (uint8_t)wall[i];
    }
}

/* A random complete hand of `melds` melds (of the 34 triplets and 21
 * runs, all suits mixed) and a pair, with no fifth copy, into c. */
static inline void test_random_complete(uint64_t *seed, int melds,
                                        uint8_t c[MJT_KINDS])
{
    for (;;) {
        int ok = 1;
        for (int i = 0; i < MJT_KINDS; i++)
            c[i] = 0;
        c[test_rand(seed) % MJT_KINDS] += 2;
        for (int m = 0; m < melds; m++) {
            int id = (int)(test_rand(seed) % (MJT_KINDS + 21));
            if (id < MJT_KINDS) {
                c[id] += 3;
            } else {
                int t = 9 * ((id - MJT_KINDS) / 7) + (id - MJT_KINDS) % 7;
                c[t]++, c[t + 1]++, c[t + 2]++;
            }
        }
        for (int i = 0; i < MJT_KINDS; i++)
            ok &= c[i] <= 4;
        if (ok)
            return;
    }
}

/* The 14 tiles of the next line of an ara file (tests/data/ara: 14 tile
 * ids, then 3 numbers) into c: 1, or 0 at the end. */
static inline int test_ara_hand(FILE *f, uint8_t c[MJT_KINDS])
{
    int id[17];
    for (int i = 0; i < MJT_KINDS; i++)
        c[i] = 0;
    for (int i = 0; i < 17; i++)
        if (fscanf(f, "%d", &id[i]) != 1)
            return 0;
    for (int i = 0; i < 14; i++)
        c[id[i]]++;
    return 1;
}

/* ==== Hands with calls ==== */

typedef struct called_hand {
    uint8_t counts[MJT_KINDS]; /* concealed */
    uint8_t caps[MJT_KINDS];   /* 4 less the copies in the calls */
    mjt_call calls[MJT_MAX_CALLS];
    int ncalls, len;
} called_hand;

/* Take one copy of a kind left in the wall, chosen uniformly among the
 * copies left. */
static inline int draw_any(uint64_t *rng, uint8_t left[MJT_KINDS])
{
    int total = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        total += left[i];
    int x = (int)(test_rand(rng) % (uint64_t)total);
    for (int i = 0;; i++) {
        if (x < left[i]) {
            left[i]--;
            return i;
        }
        x -= left[i];
    }
}

/* Which calls deal_called makes: any, of honors only, of suits only. */
enum { CALLS_ANY, CALLS_HONORS, CALLS_SUITS };

/*
 * A random hand with 1 to 4 calls (runs, triplets and quads, as the wall
 * allows, of the kinds which says) and 13 or 14 tiles in all.  With near,
 * two concealed tiles in three are of a called kind or within two ranks of
 * one when the wall still has it.
 */
static inline void deal_called(uint64_t *rng, called_hand *x, int near,
                               int which)
{
    uint8_t left[MJT_KINDS];

    memset(x, 0, sizeof *x);
    memset(left, 4, sizeof left);
    x->ncalls = 1 + (int)(test_rand(rng) % 4);
    for (int i = 0; i < x->ncalls;) {
        int pick = (int)(test_rand(rng) % 8), tile;
        mjt_call c = {0, 0, 0, 0};
        if (which == CALLS_HONORS && pick < 4)
            pick += 4;
        if (pick < 4) { /* a run */
            int s = (int)(test_rand(rng) % 3), r = (int)(test_rand(rng) % 7);
            tile = 9 * s + r;
            if (!left[tile] || !left[tile + 1] || !left[tile + 2])
                continue;
            left[tile]--, left[tile + 1]--, left[tile + 2]--;
            c.kind = MJT_RUN;
        } else {
            int need = pick < 7 ? 3 : 4;
            tile = which == CALLS_HONORS  ? 27 + (int)(test_rand(rng) % 7)
                   : which == CALLS_SUITS ? (int)(test_rand(rng) % 27)
                                          : (int)(test_rand(rng) % MJT_KINDS);
            if (left[tile] < need)
                continue;
            left[tile] = (uint8_t)(left[tile] - need);
            c.kind = need == 3 ? MJT_TRIPLET : MJT_QUAD;
        }
        c.tile = (uint8_t)tile;
        x->calls[i++] = c;
    }
    for (int i = 0; i < MJT_KINDS; i++)
        x->caps[i] = 4;
    for (int i = 0; i < x->ncalls; i++) {
        const mjt_call *c = &x->calls[i];
        if (c->kind == MJT_RUN)
            x->caps[c->tile]--, x->caps[c->tile + 1]--, x->caps[c->tile + 2]--;
        else
            x->caps[c->tile] -= c->kind == MJT_QUAD ? 4 : 3;
    }
    x->len = 13 - 3 * x->ncalls + (int)(test_rand(rng) % 2);
    for (int n = 0; n < x->len; n++) {
        int tile = -1;
        if (near && test_rand(rng) % 3 != 0) {
            const mjt_call *c = &x->calls[test_rand(rng) % (unsigned)x->ncalls];
            int t = c->tile + (int)(test_rand(rng) % 5) - 2;
            if (c->kind == MJT_RUN)
                t += (int)(test_rand(rng) % 3);
            if (t >= 0 && t < MJT_KINDS && t / 9 == c->tile / 9 && left[t]) {
                left[t]--;
                tile = t;
            }
        }
        if (tile < 0)
            tile = draw_any(rng, left);
        x->counts[tile]++;
    }
}

/* What mjt_discards_keep says of a hand whose discard table is d (n
 * rows), by its definition: the kinds of the rows of least shanten, and
 * that shanten in *least. */
static inline uint64_t test_keep_of(const mjt_discard *d, size_t n, int *least)
{
    uint64_t keep = 0;
    *least = 99;
    for (size_t i = 0; i < n; i++)
        if (d[i].shanten < *least)
            *least = d[i].shanten;
    for (size_t i = 0; i < n; i++)
        if (d[i].shanten == *least)
            keep |= UINT64_C(1) << MJT_KIND_OF(d[i].tile);
    return keep;
}

/* 0 when mjt_discards_keep of the 3k+2 hand h agrees with its discard
 * table; otherwise what differs, printed. */
static inline int test_keep_differs(const mjt_tables *t, const mjt_hand *h)
{
    mjt_discard d[MJT_MAX_DISCARDS];
    size_t n = 0;
    uint64_t got = 0;
    int least, s = -9;

    if (mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &n) != MJT_OK ||
        mjt_discards_keep(t, h, &got, &s) != MJT_OK)
        return 1;
    uint64_t want = test_keep_of(d, n, &least);
    /* the least is the hand's own shanten, or tenpai for a complete hand */
    mjt_shanten_info own;
    if (mjt_shanten(t, h, &own) != MJT_OK)
        return 1;
    if (got == want && s == least && s == (own.overall < 0 ? 0 : own.overall))
        return 0;
    char text[MJT_HAND_TEXT];
    mjt_hand_format(h, text, sizeof text);
    fprintf(stderr, "%s: keep %llx shanten %d, the table says %llx %d\n", text,
            (unsigned long long)got, s, (unsigned long long)want, least);
    return 1;
}

/* The tiles seen beside a hand of counts held: those of another deal,
 * more, each kind's count divided by div (2: its pairs), as many of each
 * as the hand leaves room for. */
static inline void test_seen_of(const uint8_t held[MJT_KINDS],
                                const uint8_t more[MJT_KINDS], int div,
                                uint8_t seen[MJT_KINDS])
{
    for (int k = 0; k < MJT_KINDS; k++) {
        int room = 4 - held[k], m = more[k] / div;
        seen[k] = (uint8_t)(m < room ? m : room);
    }
}

/* Up to want of the melds the counts c hold (a triplet or a run, lowest
 * kind first; triplets alone for three players, who have no chi) taken
 * out of c into calls, as a deal's hand that called them: how many. */
static inline size_t test_take_calls(uint8_t c[MJT_KINDS], size_t want,
                                     mjt_call *calls, int players)
{
    size_t n = 0;
    for (int k = 0; k < MJT_KINDS && n < want; k++) {
        if (c[k] >= 3) {
            c[k] -= 3;
            calls[n++] = (mjt_call){MJT_TRIPLET, (uint8_t)k, 0, 0};
        } else if (players == 4 && k < 27 && k % 9 < 7 && c[k] && c[k + 1] &&
                   c[k + 2]) {
            c[k]--, c[k + 1]--, c[k + 2]--;
            calls[n++] = (mjt_call){MJT_RUN, (uint8_t)k, 0, 0};
        }
    }
    return n;
}

#endif
