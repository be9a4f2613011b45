/* SPDX-License-Identifier: MIT */
/*
 * Brute-force decompositions and arrangements of whole hands, the
 * oracle for test_shapes.c.  It shares no code with gen/forms.c and works
 * the other way round: instead of reading blocks off the hand from its
 * lowest tile, it tries every multiset of melds of the whole 34-tile
 * universe (meld ids in non-decreasing order: 34 triplets, then the 21
 * runs), taking each from the hand while the tiles last, and accepts what
 * leaves exactly the pair.  Arrangements are then every (winning tile t,
 * block holding t) over the decompositions of the hand plus t, with t
 * taken out of the block, sorted and made unique.
 */
#include "helpers.h"

#include <stdlib.h>
#include <string.h>

#define MELD_IDS (MJT_KINDS + 21)

/* Meld id -> its block: triplets of every tile, then runs 1-7 of m, p, s. */
static mjt_block meld_of(int id)
{
    if (id < MJT_KINDS)
        return (mjt_block){MJT_TRIPLET, (uint8_t)id};
    id -= MJT_KINDS;
    return (mjt_block){MJT_RUN, (uint8_t)(9 * (id / 7) + id % 7)};
}

static int take(uint8_t *c, mjt_block b, int sign)
{
    int t = b.tile;
    if (b.kind == MJT_TRIPLET) {
        if (sign < 0 && c[t] < 3)
            return 0;
        c[t] = (uint8_t)(c[t] + 3 * sign);
        return 1;
    }
    if (sign < 0 && (c[t] == 0 || c[t + 1] == 0 || c[t + 2] == 0))
        return 0;
    c[t] = (uint8_t)(c[t] + sign);
    c[t + 1] = (uint8_t)(c[t + 1] + sign);
    c[t + 2] = (uint8_t)(c[t + 2] + sign);
    return 1;
}

int brute_block_cmp(const void *a, const void *b)
{
    const mjt_block *x = a, *y = b;
    return x->tile != y->tile ? x->tile - y->tile : x->kind - y->kind;
}

static int arr_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(brute_arr));
}

typedef struct hunt {
    uint8_t c[MJT_KINDS];
    int left, want_pair;
    brute_arr cur;
    brute_arr *out;
    int cap, n;
} hunt;

static void found(hunt *h)
{
    int pair = MJT_NO_TILE;
    for (int i = 0; i < MJT_KINDS; i++) {
        if (h->c[i] == 0)
            continue;
        if (h->c[i] != 2 || !h->want_pair || pair != MJT_NO_TILE)
            return;
        pair = i;
    }
    if (h->want_pair && pair == MJT_NO_TILE)
        return;
    if (h->n < h->cap) {
        h->out[h->n] = h->cur;
        h->out[h->n].pair = (uint8_t)pair;
        memset(h->out[h->n].melds + h->cur.melds_len, 0,
               sizeof(mjt_block) * (size_t)(4 - h->cur.melds_len));
        qsort(h->out[h->n].melds, h->cur.melds_len, sizeof(mjt_block),
              brute_block_cmp);
    }
    h->n++;
}

static void melds_from(hunt *h, int id)
{
    if (h->left == 0) {
        found(h);
        return;
    }
    for (; id < MELD_IDS; id++) {
        mjt_block b = meld_of(id);
        if (!take(h->c, b, -1))
            continue;
        h->cur.melds[h->cur.melds_len++] = b;
        h->left--;
        melds_from(h, id);
        h->left++;
        h->cur.melds_len--;
        take(h->c, b, +1);
    }
}

int brute_decompositions(const uint8_t counts[MJT_KINDS], brute_arr *out,
                         int cap)
{
    hunt h;
    int n = 0;

    memset(&h, 0, sizeof h);
    memcpy(h.c, counts, MJT_KINDS);
    for (int i = 0; i < MJT_KINDS; i++)
        n += counts[i];
    if (n % 3 == 1)
        return 0;
    h.left = n / 3;
    h.want_pair = n % 3 == 2;
    h.cur.tile = MJT_NO_TILE;
    h.cur.wait.tile = MJT_NO_TILE;
    h.out = out;
    h.cap = cap;
    melds_from(&h, 0);
    return h.n;
}

static int holds(mjt_block b, int t)
{
    return b.kind == MJT_RUN ? t >= b.tile && t <= b.tile + 2 : t == b.tile;
}

/* Block b (of a complete hand) with tile t taken out, as a waiting block,
 * and the shape that t completes: straight from the definitions. */
static void wait_of(mjt_block b, int t, brute_arr *a)
{
    int r = b.tile % 9;
    a->wait.tile = b.tile;
    if (b.kind == MJT_PAIR) {
        a->wait.kind = MJT_WAIT_ONE;
        a->shape = MJT_TANKI;
    } else if (b.kind == MJT_TRIPLET) {
        a->wait.kind = MJT_WAIT_PAIR;
        a->shape = MJT_SHANPON;
    } else if (t == b.tile + 1) {
        a->wait.kind = MJT_WAIT_GAP;
        a->shape = MJT_KANCHAN;
    } else {
        a->wait.kind = MJT_WAIT_SIDE;
        a->wait.tile = (uint8_t)(t == b.tile ? b.tile + 1 : b.tile);
        /* 3 of 123 and 7 of 789 are the closed ones */
        a->shape = (t == b.tile + 2 && r == 0) || (t == b.tile && r == 6)
                       ? MJT_PENCHAN
                       : MJT_RYANMEN;
    }
}

int brute_shapes(const uint8_t counts[MJT_KINDS], brute_arr *out, int cap)
{
    enum { MOST = 256 };
    brute_arr dec[MOST], *all = malloc(sizeof(brute_arr) * 4096);
    uint8_t c[MJT_KINDS];
    int n = 0, kept = 0;

    memcpy(c, counts, sizeof c);
    for (int t = 0; t < MJT_KINDS && all != NULL; t++) {
        if (c[t] == 4)
            continue;
        c[t]++;
        int nd = brute_decompositions(c, dec, MOST);
        c[t]--;
        for (int d = 0; d < nd && d < MOST; d++) {
            mjt_block blocks[5];
            int nb = dec[d].melds_len;
            memcpy(blocks, dec[d].melds, sizeof(mjt_block) * (size_t)nb);
            if (dec[d].pair != MJT_NO_TILE)
                blocks[nb++] = (mjt_block){MJT_PAIR, dec[d].pair};
            for (int i = 0; i < nb && n < 4096; i++) {
                if (!holds(blocks[i], t))
                    continue;
                brute_arr a;
                memset(&a, 0, sizeof a);
                a.tile = (uint8_t)t;
                a.pair = MJT_NO_TILE;
                wait_of(blocks[i], t, &a);
                for (int j = 0; j < nb; j++) {
                    if (j == i)
                        continue;
                    if (blocks[j].kind == MJT_PAIR)
                        a.pair = blocks[j].tile;
                    else
                        a.melds[a.melds_len++] = blocks[j];
                }
                qsort(a.melds, a.melds_len, sizeof(mjt_block), brute_block_cmp);
                all[n++] = a;
            }
        }
    }
    qsort(all, (size_t)n, sizeof *all, arr_cmp);
    for (int i = 0; i < n; i++)
        if (i == 0 || arr_cmp(&all[i], &all[i - 1]) != 0) {
            if (kept < cap)
                out[kept] = all[i];
            kept++;
        }
    free(all);
    return kept;
}
