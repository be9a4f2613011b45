/* SPDX-License-Identifier: MIT */
/*
 * The bitboard decomposer: all ten (melds, pair) slots of a pattern, with
 * their need and excess masks, from one depth-first search on the 45-bit
 * word.
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
 * 2, and a sequence on three neighbouring ranks below 4.  A leaf with mu
 * melds and pu pairs therefore serves every slot (m >= mu, p >= pu) with
 * overlap o and deficit 3m + 2p - o.
 *
 * Masks.  Adding rank r lowers a slot's deficit exactly when some optimal
 * target holds more r than the pattern, and removing r leaves it unchanged
 * exactly when some optimal target holds fewer.  In an optimal leaf no block
 * adds a tile where a pattern tile was left out (using it would be better),
 * so "more" is the ranks where blocks or fillers add tiles and "less" is the
 * ranks left out.  Fillers may go on any rank they fit, so they contribute
 * the ranks a single filler can cover given T.
 *
 * Alternatives rejected: enumerating all targets (the classic generator,
 * thousands per slot), and counting melds and partial melds (fast but wrong
 * once a target would need a fifth copy).
 */
#include "record.h"
#include "suit.h"

#include <string.h>

enum { PAIR, TRIPLET, SEQ_HIGH, SEQ_MID, SEQ_LOW, NTYPES };

/* Best found for the leaves of one (mu, pu) group. */
typedef struct group {
    int overlap; /* -1: no leaf yet */
    uint16_t add, add_m, add_p, add_mp, drop;
} group;

typedef struct search {
    int ranks;
    int ntypes; /* honors stop after TRIPLET */
    group g[MJT_SLOTS];
    int best[MJT_SLOTS]; /* best overlap any slot has seen so far */
} search;

/* Nibble-parallel: bit 3 of a nibble is set where the count exceeds 4. */
#define NIB_ONES 0x111111111ULL
#define over_cap(T) ((((T) + 3 * NIB_ONES) & (8 * NIB_ONES)) != 0)

static inline int nib(uint64_t T, int r) { return (int)(T >> (4 * r)) & 0xF; }

/* Ranks a single filler meld can cover (triplet on <= 1, or sequences). */
static uint16_t filler_meld(const search *s, uint64_t T)
{
    uint16_t m = 0;

    for (int r = 0; r < s->ranks; r++)
        if (nib(T, r) <= 1)
            m |= (uint16_t)(1u << r);
    if (s->ntypes > SEQ_HIGH)
        for (int r = 0; r + 2 < s->ranks; r++)
            if (nib(T, r) < 4 && nib(T, r + 1) < 4 && nib(T, r + 2) < 4)
                m |= (uint16_t)(7u << r);
    return m;
}

static uint16_t filler_pair(const search *s, uint64_t T)
{
    uint16_t m = 0;

    for (int r = 0; r < s->ranks; r++)
        if (nib(T, r) <= 2)
            m |= (uint16_t)(1u << r);
    return m;
}

static void or_into(group *g, const group *leaf)
{
    g->add |= leaf->add;
    g->add_m |= leaf->add_m;
    g->add_p |= leaf->add_p;
    g->add_mp |= leaf->add_mp;
    g->drop |= leaf->drop;
}

static void leaf(search *s, uint64_t T, uint16_t add, uint16_t drop, int o,
                 int mu, int pu)
{
    group *g = &s->g[mjt__slot(mu, pu)];
    group l;

    if (o < g->overlap)
        return;
    uint16_t fm = mu < MJT_MAX_MELDS ? filler_meld(s, T) : 0;
    uint16_t fp = pu < 1 ? filler_pair(s, T) : 0;
    l.overlap = o;
    l.add = add;
    l.add_m = add | fm;
    l.add_p = add | fp;
    l.add_mp = add | fm | fp;
    l.drop = drop;
    for (int m = mu; m <= MJT_MAX_MELDS; m++)
        for (int p = pu; p <= 1; p++)
            if (o > s->best[mjt__slot(m, p)])
                s->best[mjt__slot(m, p)] = o;
    if (o > g->overlap) {
        *g = l;
        return;
    }
    or_into(g, &l);
}

/* Remove one tile at rank r from the unary word: its field shifts right. */
static inline uint64_t take_one(uint64_t H, int r)
{
    uint64_t f = (H >> (5 * r)) & 0xF;
    return (H & ~(UINT64_C(0xF) << (5 * r))) | ((f >> 1) << (5 * r));
}

static void dfs(search *s, uint64_t H, uint64_t T, uint16_t add,
                uint16_t drop, int o, int mu, int pu, int tmin, int left);

/* Place block `type` through the lowest held rank r, then search on. */
static void place(search *s, uint64_t H, uint64_t T, uint16_t add,
                  uint16_t drop, int o, int mu, int pu, int r, int type,
                  int left)
{
    int o0 = o;
    static const int first[NTYPES] = {0, 0, -2, -1, 0};
    static const int len[NTYPES] = {2, 3, 3, 3, 3};
    int lo = r + first[type];

    if (lo < 0 || (type >= SEQ_HIGH && lo + 2 >= s->ranks))
        return;
    for (int i = 0; i < len[type]; i++) {
        int x = type <= TRIPLET ? r : lo + i;
        if ((H >> (5 * x)) & 1) {
            H = take_one(H, x);
            o++;
        } else {
            add |= (uint16_t)(1u << x);
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
    dfs(s, H, T, add, drop, o, mu, pu, (H >> (5 * r)) & 1 ? type : 0,
        left - (o - o0));
}

/*
 * Whether a node can still reach, for some slot it may serve, an overlap at
 * least the best already seen there (ties matter: they widen the masks).
 * From here the overlap can grow by at most the tiles left in H, and a slot
 * (m, p) takes at most 3 (m - mu) + 2 (p - pu) more.
 */
static int promising(const search *s, int o, int left, int mu, int pu)
{
    for (int m = mu; m <= MJT_MAX_MELDS; m++)
        for (int p = pu; p <= 1; p++) {
            int room = 3 * (m - mu) + 2 * (p - pu);
            int ub = o + (left < room ? left : room);
            if (ub >= s->best[mjt__slot(m, p)])
                return 1;
        }
    return 0;
}

static void dfs(search *s, uint64_t H, uint64_t T, uint16_t add,
                uint16_t drop, int o, int mu, int pu, int tmin, int left)
{
    if (!promising(s, o, left, mu, pu))
        return;
    if (H == 0) {
        leaf(s, T, add, drop, o, mu, pu);
        return;
    }
    int r = __builtin_ctzll(H) / 5;
    for (int type = tmin; type < s->ntypes; type++) {
        if (type == PAIR ? pu >= 1 : mu >= MJT_MAX_MELDS)
            continue;
        place(s, H, T, add, drop, o, mu, pu, r, type, left);
    }
    /* Leave out the rest of rank r; the next rank starts its types anew. */
    uint64_t field = (H >> (5 * r)) & 0xF;
    int held = (int)(field == 0xF ? 4 : field == 7 ? 3 : field == 3 ? 2 : 1);
    dfs(s, H & ~(UINT64_C(0x1F) << (5 * r)), T, add,
        (uint16_t)(drop | (1u << r)), o, mu, pu, 0, left - held);
}

void mjt__solve_bitboard(uint64_t key, int ranks, mjt__record *out)
{
    search s;

    s.ranks = ranks;
    s.ntypes = ranks == MJT_SUIT_RANKS ? NTYPES : TRIPLET + 1;
    for (int i = 0; i < MJT_SLOTS; i++) {
        s.g[i].overlap = -1;
        s.best[i] = 0;
    }
    dfs(&s, key, 0, 0, 0, 0, 0, 0, 0, mjt__key_tiles(key));

    memset(out, 0, sizeof *out);
    for (int m = 0; m <= MJT_MAX_MELDS; m++)
    for (int p = 0; p <= 1; p++) {
        mjt__slotinfo *si = &out->slot[mjt__slot(m, p)];
        int best = -1;
        for (int mu = 0; mu <= m; mu++)
        for (int pu = 0; pu <= p; pu++) {
            const group *g = &s.g[mjt__slot(mu, pu)];
            if (g->overlap < 0 || g->overlap < best)
                continue;
            int fm = mu < m, fp = pu < p;
            uint16_t need = fm ? (fp ? g->add_mp : g->add_m)
                               : (fp ? g->add_p : g->add);
            if (g->overlap > best) {
                best = g->overlap;
                si->need = 0;
                si->excess = 0;
            }
            si->need |= need;
            si->excess |= g->drop;
        }
        si->deficit = (uint8_t)(3 * m + 2 * p - best);
    }
}
