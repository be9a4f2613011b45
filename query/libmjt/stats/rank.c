/* SPDX-License-Identifier: MIT */
/*
 * Ranking sets of tiles: the place of a set of n tiles (0 to 14) among all
 * distinct sets of n, in lexicographic order of their count vectors (the
 * count of the first kind most significant), and back.
 *
 * ways[k][t], the number of ways to put t tiles on kinds k and after,
 * each at most its cap, is a suffix sum over the caps (4 a kind; with red
 * fives told apart, 3 for a plain five and 1 for each red five, ids
 * 34-36).  A set's rank is, kind by kind, the number of sets that agree
 * on the kinds before and hold fewer of this one: the sum of
 * ways[k + 1][left - v] for v below its count.  Unranking walks the same
 * sums down.  The table is 38 x 15 words, built on each call in a few
 * hundred additions: cheaper than any lock around a shared one.
 */
#include "internal.h"

#include <string.h>

#define IDS MJT_TILE_IDS
#define MAX_TILES 14

typedef struct ranker {
    int len; /* kinds ranked: 34, or 37 with red fives */
    uint8_t cap[IDS];
    uint64_t ways[IDS + 1][MAX_TILES + 1];
} ranker;

static void ranker_init(ranker *r, unsigned flags)
{
    r->len = flags & MJT_RANK_RED ? IDS : MJT_KINDS;
    for (int k = 0; k < r->len; k++)
        r->cap[k] = k >= MJT_KINDS                                   ? 1
                    : (flags & MJT_RANK_RED) && k % 9 == 4 && k < 27 ? 3
                                                                     : 4;
    memset(r->ways[r->len], 0, sizeof r->ways[r->len]);
    r->ways[r->len][0] = 1;
    for (int k = r->len - 1; k >= 0; k--)
        for (int t = 0; t <= MAX_TILES; t++) {
            uint64_t w = 0;
            for (int v = 0; v <= r->cap[k] && v <= t; v++)
                w += r->ways[k + 1][t - v];
            r->ways[k][t] = w;
        }
}

/* The count of id k in tiles, as the ranking sees it. */
static int count_of(const ranker *r, const mjt_tiles *tiles, int k)
{
    if (k >= MJT_KINDS)
        return tiles->red[k - MJT_KINDS];
    if (r->len == IDS && k % 9 == 4 && k < 27)
        return tiles->counts[k] - tiles->red[k / 9];
    return tiles->counts[k];
}

static int check_flags(unsigned flags)
{
    return flags & ~(unsigned)MJT_RANK_RED ? MJT_EINVAL : MJT_OK;
}

uint64_t mjt_tiles_count(int len, unsigned flags)
{
    ranker r;
    if (len < 0 || len > MAX_TILES || check_flags(flags) != MJT_OK)
        return 0;
    ranker_init(&r, flags);
    return r.ways[0][len];
}

int mjt_tiles_rank(const mjt_tiles *tiles, unsigned flags, uint64_t *index)
{
    ranker r;
    int left = 0;
    uint64_t at = 0;

    if (tiles == NULL || index == NULL || check_flags(flags) != MJT_OK)
        return MJT_EINVAL;
    for (int k = 0; k < MJT_KINDS; k++) {
        if (tiles->counts[k] > 4)
            return MJT_ECOPIES;
        left += tiles->counts[k];
    }
    for (int s = 0; s < 3; s++) {
        if (tiles->red[s] > tiles->counts[9 * s + 4])
            return MJT_EINVAL; /* more red fives than fives */
        if ((flags & MJT_RANK_RED) && tiles->red[s] > 1)
            return MJT_ECOPIES; /* one red five a suit */
    }
    if (left > MAX_TILES)
        return MJT_ECOUNT;
    ranker_init(&r, flags);
    for (int k = 0; k < r.len && left > 0; k++) {
        int c = count_of(&r, tiles, k);
        for (int v = 0; v < c; v++)
            at += r.ways[k + 1][left - v];
        left -= c;
    }
    *index = at;
    return MJT_OK;
}

int mjt_tiles_unrank(mjt_tiles *out, int len, uint64_t index, unsigned flags)
{
    ranker r;
    mjt_tiles t;

    if (out == NULL || check_flags(flags) != MJT_OK)
        return MJT_EINVAL;
    if (len < 0 || len > MAX_TILES)
        return MJT_ECOUNT;
    ranker_init(&r, flags);
    if (index >= r.ways[0][len])
        return MJT_EINVAL;
    memset(&t, 0, sizeof t);
    for (int k = 0, left = len; k < r.len; k++) {
        int v = 0;
        while (v < r.cap[k] && v < left && index >= r.ways[k + 1][left - v]) {
            index -= r.ways[k + 1][left - v];
            v++;
        }
        if (k >= MJT_KINDS) {
            t.red[k - MJT_KINDS] = (uint8_t)v;
            t.counts[(k - MJT_KINDS) * 9 + 4] += (uint8_t)v;
        } else {
            t.counts[k] += (uint8_t)v;
        }
        left -= v;
    }
    t.len = (uint8_t)len;
    *out = t;
    return MJT_OK;
}
