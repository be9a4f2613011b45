/* SPDX-License-Identifier: MIT */
/*
 * The bitboard decomposer: the deficits of all ten (melds, pair) slots of a
 * pattern from one branch-and-bound search on the 45-bit word.
 *
 * How it works.  A deficit is |target| minus the most tiles of the pattern a
 * target can reuse, so the search maximises that overlap.  It builds partial
 * decompositions: sets of blocks (pair 11, triplet 111, sequence
 * 10000100001) each of which uses at least one tile of the pattern, the
 * missing tiles being added.  The lowest rank still held decides the next
 * step: either a block through that rank (pair, triplet, or one of the three
 * sequences containing it; present tiles of the block are always used, which
 * loses no target) or every remaining tile of that rank is left out.  Blocks
 * at one rank come in non-decreasing type order so that no set is visited
 * twice.  The target's counts ride along in T, four bits a rank, and a block
 * that would take a rank above 4 copies is refused.
 *
 * Blocks that use no tile of the pattern ("fillers") are never searched:
 * the target has at most 14 tiles, so whatever has been placed, a triplet
 * still fits on some rank holding at most 1, a pair on one holding at most
 * 2.  A leaf with mu melds and pu pairs therefore serves every slot
 * (m >= mu, p >= pu) with its overlap.
 *
 * The bound.  A node is searched only while some slot it can still serve
 * could beat the best overlap known for that slot: from here the overlap
 * grows by at most the tiles left, and by at most 3 a meld and 2 a pair
 * still to place.  The caller may pass deficits already known to be
 * reachable (mjt-gen passes the best of the pattern's one-tile-smaller
 * sub-patterns, solved before it, which is never worse and at most one
 * better), and then only strict improvements are searched for: about 200
 * nodes a pattern instead of 1,400 for a search that must also visit every
 * tied optimum.
 *
 * Masks are not this file's business: mjt-gen derives them from the
 * deficits of neighbouring patterns (gen/masks.c), which is both faster
 * and exactly their definition.
 *
 * Alternatives rejected: enumerating all targets (the classic generator,
 * thousands per slot); counting melds and partial melds (fast but wrong
 * once a target would need a fifth copy); collecting the masks from every
 * optimal leaf of one search (correct, but ties defeat the bound).
 */
#include "solvers.h"
#include "suit.h"

#include <stddef.h>

enum { PAIR, TRIPLET, SEQ_HIGH, SEQ_MID, SEQ_LOW, NTYPES };

typedef struct search {
    int ranks;
    int ntypes;           /* honors stop after TRIPLET */
    int best[MJT__SLOTS]; /* best overlap reached (or known) per slot */
    int cap[MJT__SLOTS];  /* no slot can do better than this */
} search;

/* Nibble-parallel: bit 3 of a nibble is set where the count exceeds 4. */
#define NIB_ONES 0x111111111ULL
#define over_cap(T) ((((T) + 3 * NIB_ONES) & (8 * NIB_ONES)) != 0)

static void leaf(search *s, int o, int mu, int pu)
{
    for (int m = mu; m <= MJT__MAX_MELDS; m++)
        for (int p = pu; p <= 1; p++)
            if (o > s->best[mjt__slot(m, p)])
                s->best[mjt__slot(m, p)] = o;
}

/* Remove one tile at rank r from the unary word: its field shifts right. */
static inline uint64_t take_one(uint64_t H, int r)
{
    uint64_t f = (H >> (5 * r)) & 0xF;
    return (H & ~(UINT64_C(0xF) << (5 * r))) | ((f >> 1) << (5 * r));
}

/*
 * Whether a node can still beat, for some slot it may serve, the best
 * overlap known there.  From here the overlap grows by at most the tiles
 * left in H, and a slot (m, p) takes at most 3 (m - mu) + 2 (p - pu) more.
 */
static int promising(const search *s, int o, int left, int mu, int pu)
{
    for (int m = mu; m <= MJT__MAX_MELDS; m++)
        for (int p = pu; p <= 1; p++) {
            int slot = mjt__slot(m, p);
            int room = 3 * (m - mu) + 2 * (p - pu);
            int ub = o + (left < room ? left : room);
            if (ub > s->best[slot] && s->best[slot] < s->cap[slot])
                return 1;
        }
    return 0;
}

static void dfs(search *s, uint64_t H, uint64_t T, int o, int mu, int pu,
                int tmin, int left);

/* Place block `type` through the lowest held rank r, then search on. */
static void place(search *s, uint64_t H, uint64_t T, int o, int mu, int pu,
                  int r, int type, int left)
{
    static const int first[NTYPES] = {0, 0, -2, -1, 0};
    static const int len[NTYPES] = {2, 3, 3, 3, 3};
    int lo = r + first[type], o0 = o;

    if (lo < 0 || (type >= SEQ_HIGH && lo + 2 >= s->ranks))
        return;
    for (int i = 0; i < len[type]; i++) {
        int x = type <= TRIPLET ? r : lo + i;
        if ((H >> (5 * x)) & 1) {
            H = take_one(H, x);
            o++;
        }
        T += UINT64_C(1) << (4 * x);
    }
    if (over_cap(T))
        return;
    if (type == PAIR)
        pu++;
    else
        mu++;
    /* More blocks may start at r only if tiles of r remain. */
    dfs(s, H, T, o, mu, pu, (H >> (5 * r)) & 1 ? type : 0, left - (o - o0));
}

static void dfs(search *s, uint64_t H, uint64_t T, int o, int mu, int pu,
                int tmin, int left)
{
    if (!promising(s, o, left, mu, pu))
        return;
    if (H == 0) {
        leaf(s, o, mu, pu);
        return;
    }
    int r = __builtin_ctzll(H) / 5;
    for (int type = tmin; type < s->ntypes; type++) {
        if (type == PAIR ? pu >= 1 : mu >= MJT__MAX_MELDS)
            continue;
        place(s, H, T, o, mu, pu, r, type, left);
    }
    /* Leave out the rest of rank r; the next rank starts its types anew. */
    int held = mjt__key_count(H, r);
    dfs(s, H & ~(UINT64_C(0x1F) << (5 * r)), T, o, mu, pu, 0, left - held);
}

void mjt__bitboard_deficits(uint64_t key, int ranks,
                            const uint8_t known[MJT__SLOTS],
                            const uint8_t floor[MJT__SLOTS],
                            uint8_t out[MJT__SLOTS])
{
    search s;
    int tiles = mjt__key_tiles(key);

    s.ranks = ranks;
    s.ntypes = ranks == MJT__SUIT_RANKS ? NTYPES : TRIPLET + 1;
    for (int slot = 0; slot < MJT__SLOTS; slot++) {
        int size = 3 * (slot / 2) + 2 * (slot % 2);
        /* With nothing known, overlap -1 lets any leaf count. */
        s.best[slot] = known != NULL ? size - known[slot] : -1;
        s.cap[slot] = size < tiles ? size : tiles;
        if (floor != NULL && size - floor[slot] < s.cap[slot])
            s.cap[slot] = size - floor[slot];
    }
    dfs(&s, key, 0, 0, 0, 0, 0, tiles);
    for (int slot = 0; slot < MJT__SLOTS; slot++)
        out[slot] = (uint8_t)(3 * (slot / 2) + 2 * (slot % 2) - s.best[slot]);
}
