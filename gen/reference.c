/* SPDX-License-Identifier: MIT */
/*
 * The reference solver: slow, simple, and independent of the bitboard
 * decomposer, so that the two can check each other.
 *
 * Deficits come from a dynamic program over ranks.  A target is described by
 * what it puts at each rank: t triplets (0-1), q pairs (0-1) and s sequences
 * starting there; the tiles it needs at rank r are 3t + 2q + s(r) + s(r-1) +
 * s(r-2), at most 4, and each one the pattern lacks costs 1.  The state after
 * a rank is the number of sequences still open from the two ranks before it,
 * with the melds and pairs used so far.
 *
 * The masks follow their definitions literally: a rank is in need when
 * adding it lowers the deficit, in excess when removing it does not raise
 * it; each is one more run of the program.
 *
 * The same program without the cap of 4 copies is the "nocap" solver, a
 * classic mistake kept on purpose so that `mjq diff` has something to find:
 * it lets a target hold a fifth 1 next to 1111, as counting-based shanten
 * code effectively does.
 */
#include "solvers.h"
#include "suit.h"

#include <string.h>

#define INF 0x7F

/* cost[a][b][m][p]: a sequences started at r-1, b started at r-2. */
typedef uint8_t dpstate[5][5][MJT__MAX_MELDS + 1][2];

static void relax(uint8_t *cell, int cost)
{
    if (cost < *cell)
        *cell = (uint8_t)cost;
}

static void step(const dpstate cur, dpstate nxt, int have, int seq_ok, int cap)
{
    memset(nxt, INF, sizeof(dpstate));
    for (int a = 0; a <= 4; a++)
        for (int b = 0; a + b <= 4; b++)
            for (int m = a + b; m <= MJT__MAX_MELDS; m++)
                for (int p = 0; p <= 1; p++) {
                    int c = cur[a][b][m][p];
                    if (c == INF)
                        continue;
                    for (int t = 0; t <= 1 && m + t <= MJT__MAX_MELDS; t++)
                        for (int q = 0; q + p <= 1; q++)
                            for (int s = 0;
                                 s <= (seq_ok ? 4 : 0) && m + t + s <= 4; s++) {
                                int need = 3 * t + 2 * q + s + a + b;
                                if (need > cap)
                                    break;
                                int lack = need > have ? need - have : 0;
                                relax(&nxt[s][a][m + t + s][p + q], c + lack);
                            }
                }
}

static void deficits(const uint8_t *counts, int ranks, int cap,
                     uint8_t out[MJT__SLOTS])
{
    dpstate dp[2];
    int cur = 0;

    memset(dp[cur], INF, sizeof(dpstate));
    dp[cur][0][0][0][0] = 0;
    for (int r = 0; r < ranks; r++) {
        /* A sequence may start at r only if r+2 exists: not in honors. */
        int seq_ok = ranks == MJT__SUIT_RANKS && r + 2 < ranks;
        step((const uint8_t(*)[5][MJT__MAX_MELDS + 1][2]) dp[cur], dp[cur ^ 1],
             counts[r], seq_ok, cap);
        cur ^= 1;
    }
    for (int m = 0; m <= MJT__MAX_MELDS; m++)
        for (int p = 0; p <= 1; p++)
            out[mjt__slot(m, p)] = dp[cur][0][0][m][p];
}

static void solve(uint64_t key, int ranks, int cap, mjt__record *out)
{
    uint8_t counts[MJT__SUIT_RANKS], base[MJT__SLOTS], other[MJT__SLOTS];

    mjt__key_to_counts(key, ranks, counts);
    deficits(counts, ranks, cap, base);
    memset(out, 0, sizeof *out);
    for (int s = 0; s < MJT__SLOTS; s++)
        out->slot[s].deficit = base[s];
    for (int r = 0; r < ranks; r++) {
        if (counts[r] < 4) {
            counts[r]++;
            deficits(counts, ranks, cap, other);
            counts[r]--;
            for (int s = 0; s < MJT__SLOTS; s++)
                if (other[s] < base[s])
                    out->slot[s].need |= (uint16_t)(1u << r);
        }
        if (counts[r] > 0) {
            counts[r]--;
            deficits(counts, ranks, cap, other);
            counts[r]++;
            for (int s = 0; s < MJT__SLOTS; s++)
                if (other[s] == base[s])
                    out->slot[s].excess |= (uint16_t)(1u << r);
        }
    }
}

void mjt__solve_reference(uint64_t key, int ranks, mjt__record *out)
{
    solve(key, ranks, 4, out);
}

void mjt__solve_nocap(uint64_t key, int ranks, mjt__record *out)
{
    solve(key, ranks, MJT__MAX_PATTERN_TILES, out);
}
