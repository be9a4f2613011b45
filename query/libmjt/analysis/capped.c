/* SPDX-License-Identifier: MIT */
/*
 * The record of a part whose caps a hand's calls lowered.
 *
 * The tables solve every pattern with a cap of 4 copies a kind.  A kind
 * whose copies sit in the hand's own calls may hold only 4 less those in
 * the concealed part, so a part whose caps the tables' records are not
 * proved to be exact for (called.c) gets its record here instead, by a
 * dynamic program over its ranks that knows each rank's cap.  The record
 * has the tables' layout (internal.h), and the join is exact on it for the
 * same reason it is on theirs, since the caps of different parts are
 * independent.
 *
 * A target of m melds and p pairs is chosen rank by rank: at rank r, how
 * many runs start there (suits only, ranks 0 to n - 3), whether a triplet
 * and whether the pair sit there.  The runs started one and two ranks back
 * also use rank r.  The state between ranks is those two run counts; for
 * each state one 16-lane vector holds, in lane 2m + p, the cheapest cost
 * so far of reaching it with m melds and p pairs, kept complemented as in
 * minplus.h (63 - cost, 0 for "no way"), so that adding melds or the pair
 * is a shift of the lanes that brings in zeros.  Rank r costs the copies
 * its target holds beyond the part's own.  The deficit of (m, p) is lane
 * 2m + p of the state with no open run after the last rank.
 *
 * The need mask of a slot holds r when adding a tile of rank r lowers the
 * deficit: the program runs again from rank r on with one more tile there
 * (the states before r are the same), and the lanes that got cheaper are
 * the slots whose need holds r.
 *
 * Only targets of at most `melds` melds are solved (the hand's own target);
 * lanes above them are never read.  With SSE2 the lanes are one register;
 * without, a loop over 16 bytes does the same.
 */
#include "internal.h"

#include <assert.h>
#include <string.h>

#define INF 63

#if defined(__SSE2__)
#include <emmintrin.h>

typedef __m128i lanes;

static inline lanes l_max(lanes a, lanes b)
{
    return _mm_max_epu8(a, b);
}
static inline lanes l_subs(lanes a, lanes b)
{
    return _mm_subs_epu8(a, b);
}
static inline lanes l_set(int x)
{
    return _mm_set1_epi8((char)x);
}
static inline lanes l_first(int x) /* lane 0 is x, the rest 0 */
{
    return _mm_cvtsi32_si128(x);
}
static inline lanes l_even(lanes a) /* the lanes without the pair */
{
    return _mm_and_si128(a, _mm_set1_epi16(0x00FF));
}
static inline void l_store(uint8_t out[16], lanes a)
{
    _mm_storeu_si128((__m128i *)out, a);
}
/* Lanes moved up by d (a constant), zeros brought in. */
#define L_UP(a, d) _mm_slli_si128((a), (d))

#else

typedef struct lanes {
    uint8_t b[16];
} lanes;

static inline lanes l_max(lanes a, lanes b)
{
    for (int i = 0; i < 16; i++)
        a.b[i] = a.b[i] > b.b[i] ? a.b[i] : b.b[i];
    return a;
}
static inline lanes l_subs(lanes a, lanes b)
{
    for (int i = 0; i < 16; i++)
        a.b[i] = (uint8_t)(a.b[i] > b.b[i] ? a.b[i] - b.b[i] : 0);
    return a;
}
static inline lanes l_set(int x)
{
    lanes a;
    memset(a.b, x, sizeof a.b);
    return a;
}
static inline lanes l_first(int x)
{
    lanes a = l_set(0);
    a.b[0] = (uint8_t)x;
    return a;
}
static inline lanes l_even(lanes a)
{
    for (int i = 1; i < 16; i += 2)
        a.b[i] = 0;
    return a;
}
static inline void l_store(uint8_t out[16], lanes a)
{
    memcpy(out, a.b, 16);
}
static inline lanes l_up(lanes a, int d)
{
    lanes o = l_set(0);
    memcpy(o.b + d, a.b, (size_t)(16 - d));
    return o;
}
#define L_UP(a, d) l_up((a), (d))

#endif

/* The states after a rank: runs started one rank back (a) and two ranks
 * back (b), a + b <= 4; live has bit 5a + b for each state reached. */
typedef struct layer {
    lanes v[25];
    uint32_t live;
} layer;

static void layer_start(layer *l)
{
    l->v[0] = l_first(INF);
    l->live = 1;
}

/* v with its lanes moved up by d into up[d], d = 0..9: by an odd d only
 * the lanes without the pair move (they take it). */
static inline void ups(lanes v, lanes up[10])
{
    lanes e = l_even(v);
    up[0] = v;
    up[1] = L_UP(e, 1);
    up[2] = L_UP(v, 2);
    up[3] = L_UP(e, 3);
    up[4] = L_UP(v, 4);
    up[5] = L_UP(e, 5);
    up[6] = L_UP(v, 6);
    up[7] = L_UP(e, 7);
    up[8] = L_UP(v, 8);
    up[9] = L_UP(e, 9);
}

/* Put x into state to of out: the better of the two where it has one. */
static inline void put(layer *out, int to, lanes x)
{
    if (out->live >> to & 1) {
        out->v[to] = l_max(out->v[to], x);
    } else {
        out->v[to] = x;
        out->live |= 1u << to;
    }
}

/* The costs of 0 to 4 copies drawn, in every lane. */
static inline void costs_of(lanes cost[5])
{
    for (int c = 0; c < 5; c++)
        cost[c] = l_set(c);
}

/* The copies a target of use copies of a rank draws beyond the held. */
static inline int beyond(int use, int held)
{
    return use > held ? use - held : 0;
}

/* The best of a rank's ways for one state and one s, which all go to the
 * same state: the runs through the rank take use = a + b + s <= cap
 * copies and move the lanes up by d = 2s, and then the rank holds nothing
 * more, or the pair (up one more), or a triplet when a meld is still free
 * (more; up two more), as the cap allows.  (Both would be five copies.) */
static inline lanes ways(const lanes up[10], int d, int use, int held, int cap,
                         int more, const lanes cost[5])
{
    lanes v = l_subs(up[d], cost[beyond(use, held)]);
    if (use + 2 <= cap)
        v = l_max(v, l_subs(up[d + 1], cost[beyond(use + 2, held)]));
    if (more && use + 3 <= cap)
        v = l_max(v, l_subs(up[d + 2], cost[beyond(use + 3, held)]));
    return v;
}

/*
 * Rank r: from the states before it to those after it.  Its target holds
 * a + b + s + 3t + 2u copies (s runs start here, t triplets, u pairs),
 * at most cap; those beyond held cost one each.  The melds s + t and the
 * pair u move the lanes up by 2(s + t) + u, the pair only from lanes
 * without one.
 */
static void step(const layer *in, layer *out, int held, int cap, int max_runs,
                 int melds)
{
    lanes cost[5];
    costs_of(cost);
    out->live = 0;
    for (uint32_t live = in->live; live != 0; live &= live - 1) {
        int state = __builtin_ctz(live), a = state / 5, b = state % 5;
        /* the runs through the rank are melds already, a + b + s of
         * them: at most melds, and at most cap copies */
        int top = (melds < cap ? melds : cap) - (a + b);
        if (top > max_runs)
            top = max_runs;
        if (top < 0)
            continue;
        lanes up[10];
        ups(in->v[state], up);
        for (int s = 0; s <= top; s++) {
            int use = a + b + s;
            put(out, 5 * s + a,
                ways(up, 2 * s, use, held, cap, use < melds, cost));
        }
    }
}

/*
 * The same backwards: from the states after rank r (lanes: the melds and
 * pair still to come from there on) to those before it.  State (s, a)
 * after r is reached from (a, b) before it by starting s runs at r.
 */
static void back(const layer *in, layer *out, int held, int cap, int max_runs,
                 int melds)
{
    lanes cost[5];
    costs_of(cost);
    out->live = 0;
    for (uint32_t live = in->live; live != 0; live &= live - 1) {
        int state = __builtin_ctz(live), s = state / 5, a = state % 5;
        if (s > max_runs)
            continue;
        int top = (melds < cap ? melds : cap) - (a + s);
        if (top < 0)
            continue;
        lanes up[10];
        ups(in->v[state], up);
        for (int b = 0; b <= top; b++) {
            int use = a + b + s;
            put(out, 5 * a + b,
                ways(up, 2 * s, use, held, cap, use < melds, cost));
        }
    }
}

/* Lane-wise, the best way to add up f (costs so far) and g (costs still to
 * come), both complemented: max over i of f[L - i] + g[i] - 63, where a
 * pair may come from one side only.  No lane is above 63, so a g[i] of 0
 * (no way) adds 0 and needs no test. */
static lanes meet(lanes f, lanes g, int melds)
{
    uint8_t gb[16];
    lanes up[10], acc = l_set(0);

    l_store(gb, g);
    ups(f, up);
    for (int i = 0; i <= 2 * melds + 1; i++)
        acc = l_max(acc, l_subs(up[i], l_set(INF - gb[i])));
    return acc;
}

/* The lanes of the finished state (no open run) after the last rank. */
static lanes finished(const layer *l)
{
    return (l->live & 1) ? l->v[0] : l_set(0);
}

void mjt__capped_record(const uint8_t *held, const uint8_t *cap, int n,
                        int runs, int melds, int with_need, mjt__record *out)
{
    layer at[10]; /* at[r]: the states before rank r */
    int max_runs[9];
    uint8_t d[16];

    /* the lanes (2 melds + pair <= 9, up[] to 9), the states (a + b <= 4)
     * and the costs (cost[] to 4) hold for these alone */
    assert(n <= 9 && melds >= 0 && melds <= 4);
    for (int r = 0; r < n; r++)
        assert(cap[r] <= 4 && held[r] <= cap[r]);
    layer_start(&at[0]);
    for (int r = 0; r < n; r++) {
        max_runs[r] = runs && r + 2 < n ? melds : 0;
        step(&at[r], &at[r + 1], held[r], cap[r], max_runs[r], melds);
    }
    lanes base = finished(&at[n]);
    l_store(d, base);
    memset(out, 0, sizeof *out);
    for (int slot = 0; slot < MJT__SLOTS; slot++) {
        int x = slot <= 2 * melds + 1 ? d[slot] : 0;
        /* No target (or one of more melds than solved): more than any
         * hand's deficit (at most 14), so no join picks it. */
        out->slot[slot].deficit = (uint8_t)(x > INF - 15 ? INF - x : 15);
    }
    if (!with_need)
        return;
    layer rest[10]; /* rest[r]: from the states before rank r to the end */
    layer_start(&rest[n]);
    for (int r = n - 1; r > 0; r--)
        back(&rest[r + 1], &rest[r], held[r], cap[r], max_runs[r], melds);
    for (int x = 0; x < n; x++) {
        if (held[x] >= cap[x])
            continue; /* no copy of x left to add */
        layer more;
        lanes best = l_set(0);
        step(&at[x], &more, held[x] + 1, cap[x], max_runs[x], melds);
        for (uint32_t live = more.live & rest[x + 1].live; live != 0;
             live &= live - 1) {
            int state = __builtin_ctz(live);
            best =
                l_max(best, meet(more.v[state], rest[x + 1].v[state], melds));
        }
        uint8_t dx[16];
        l_store(dx, best);
        for (int slot = 1; slot <= 2 * melds + 1 && slot < MJT__SLOTS; slot++)
            if (d[slot] != 0 && dx[slot] > d[slot])
                out->slot[slot].need |= (uint16_t)(1u << x);
    }
}
