/* SPDX-License-Identifier: MIT */
/*
 * Successor-order enumeration of the patterns of a suit.
 *
 * A pattern of n tiles is kept as its sorted rank string t[0..n-1].  Reading
 * from the right, the tile j places from the end can hold at most rank
 * ranks-1 - j/4, because the j tiles after it need room for at most four of
 * each rank.  So the rightmost tile below its own ceiling is the one that can
 * grow; it goes up by one and everything to its right is refilled with that
 * new rank four at a time, then the next rank, and so on.  When no tile can
 * grow, the next pattern is the smallest of n+1 tiles.
 */
#include "enum.h"

/* The smallest pattern of e->tiles tiles: 0000 1111 2222 ... */
static void fill_from(mjt__enum *e, int pos, int rank)
{
    for (int i = pos, k = 0; i < e->tiles; i++, k++)
        e->t[i] = (uint8_t)(rank + k / 4);
}

static int max_tiles_of(int ranks, int max_tiles)
{
    return max_tiles < 4 * ranks ? max_tiles : 4 * ranks;
}

void mjt__enum_init(mjt__enum *e, int ranks, int max_tiles)
{
    e->ranks = ranks;
    e->max_tiles = max_tiles_of(ranks, max_tiles);
    e->tiles = 0;
    e->index = 0;
}

void mjt__enum_init_at(mjt__enum *e, int ranks, int tiles)
{
    mjt__enum_init(e, ranks, tiles);
    e->tiles = e->max_tiles;
    fill_from(e, 0, 0);
}

int mjt__enum_next(mjt__enum *e)
{
    for (int i = e->tiles - 1; i >= 0; i--) {
        int j = e->tiles - 1 - i;
        if (e->t[i] < e->ranks - 1 - j / 4) {
            int grown = e->t[i] + 1;
            /* Tiles left of i are <= t[i], so the new rank starts fresh. */
            fill_from(e, i, grown);
            e->index++;
            return 1;
        }
    }
    if (e->tiles >= e->max_tiles)
        return 0;
    e->tiles++;
    fill_from(e, 0, 0);
    e->index++;
    return 1;
}

int mjt__enum_skip(mjt__enum *e, uint64_t n)
{
    while (n-- > 0)
        if (!mjt__enum_next(e))
            return 0;
    return 1;
}

uint64_t mjt__enum_key(const mjt__enum *e)
{
    uint8_t counts[MJT__SUIT_RANKS] = {0};

    for (int i = 0; i < e->tiles; i++)
        counts[e->t[i]]++;
    return mjt__key_from_counts(counts, e->ranks);
}

int mjt__stride_init(mjt__stride *s, int ranks, unsigned k, unsigned n)
{
    mjt__enum_init(&s->e, ranks, MJT__MAX_PATTERN_TILES);
    s->step = n;
    return mjt__enum_skip(&s->e, k);
}

int mjt__stride_next(mjt__stride *s)
{
    return mjt__enum_skip(&s->e, s->step);
}
