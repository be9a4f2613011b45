/* SPDX-License-Identifier: MIT */
/*
 * The relabellings of kinds that keep a question's chances, and the
 * canonical hand of each class (graph.c makes one node a class).
 *
 * The game does not tell the three suits apart, nor a suit from itself
 * read backwards (9 to 1: runs stay runs, terminals terminals, the
 * thirteen orphans stay the same set), nor one honor from another.  What
 * tells kinds apart in a question is what each has to give: its copies
 * not seen or called and its cap (4 less called).  A relabelling of kinds
 * that keeps both for every kind maps each hand to one with the same
 * chances (the draws, the shanten, the moves all map along), so a node
 * holds one hand of each class, the canonical one: each suit read the way
 * that sorts first (when reading it backwards keeps what it has to give),
 * suits of equal gifts sorted, honors of equal gifts sorted by count, and
 * where the counts tie, adj (below) on the first place it can take.
 *
 * A row's discard (adj: one copy fewer left) is the node's, not the
 * question's: it goes with the hand, to the kind the relabelling sends it
 * to, and the relabellings are those of the question's gifts alone.  Kind
 * k of a hand of counts c then has as many copies left as kind k' = s(k)
 * of its image, whose counts c' hold c'[k'] = c[k]: base[k'] - c'[k'] -
 * [k' = s(adj)] = base[k] - c[k] - [k = adj], for every k.  (Gifts
 * counted with adj's copy taken off would let a kind seen once more than
 * adj trade places with it, and the copy taken off would land on the
 * other: 3m seen, a row of 7m, and the suit read backwards, gave that row
 * a 7m fewer and a 3m more than the wall holds.)  With nothing seen, a
 * deep hand's graph shrinks some forty times; seen tiles leave fewer
 * relabellings.
 */
#include "wall.h"

#include <assert.h>
#include <string.h>

/* What kind k has to give. */
static int gift(const wall *w, int k)
{
    return w->base[k] | w->cap[k] << 4;
}

static const wsym *sym_of(wall *w)
{
    wsym *y = &w->sym;

    if (y->ok)
        return y;
    /* Scoring tells every kind apart (the three-colour yaku read ranks,
     * all green one suit, the winds and dragons their own yaku, the dora
     * their kinds): an expected-score question relabels nothing, and
     * mjt__wall_node never asks it to. */
    assert(w->ev == NULL);
    for (int s = 0; s < 3; s++) {
        y->rev[s] = 1;
        y->cls[s] = (uint8_t)s;
        for (int r = 0; r < 9; r++)
            if (gift(w, 9 * s + r) != gift(w, 9 * s + 8 - r))
                y->rev[s] = 0;
        for (int t = 0; t < s && y->cls[s] == s; t++) {
            int same = 1;
            for (int r = 0; r < 9 && same; r++)
                same = gift(w, 9 * s + r) == gift(w, 9 * t + r);
            if (same)
                y->cls[s] = y->cls[t];
        }
    }
    y->hone = 1;
    for (int z = 0; z < 7; z++) {
        y->hcls[z] = (uint8_t)z;
        for (int u = 0; u < z && y->hcls[z] == z; u++)
            if (gift(w, 27 + z) == gift(w, 27 + u))
                y->hcls[z] = y->hcls[u];
        y->hone &= y->hcls[z] == 0;
    }
    y->ok = 1;
    return y;
}

/* x read from (or to be written as) 8 bytes in memory order: the bytes'
 * order on a little-endian machine. */
static inline uint64_t le64(uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(x);
#else
    return x;
#endif
}

/* A suit's nine counts (each below 16) as nibbles, rank r at nibble r. */
static inline uint64_t suit_nibbles(const uint8_t v[9])
{
    uint64_t x;
    memcpy(&x, v, sizeof x); /* ranks 0-7, a byte each, little-endian */
    x = le64(x);
    x = (x | x >> 4) & UINT64_C(0x00FF00FF00FF00FF);
    x = (x | x >> 8) & UINT64_C(0x0000FFFF0000FFFF);
    x = (x | x >> 16) & UINT64_C(0x00000000FFFFFFFF);
    return x | (uint64_t)v[8] << 32;
}

/* The nine counts back from suit_nibbles' form. */
static inline void suit_counts(uint64_t x, uint8_t v[9])
{
    uint64_t y = x & UINT64_C(0xFFFFFFFF);
    y = (y | y << 16) & UINT64_C(0x0000FFFF0000FFFF);
    y = (y | y << 8) & UINT64_C(0x00FF00FF00FF00FF);
    y = (y | y << 4) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    y = le64(y);
    memcpy(v, &y, sizeof y);
    v[8] = (uint8_t)(x >> 32);
}

/* Nine nibbles in reverse: nibble r to nibble 8 - r. */
static inline uint64_t nibbles_reversed(uint64_t x)
{
    x = __builtin_bswap64(x);
    x = (x >> 4 & UINT64_C(0x0F0F0F0F0F0F0F0F)) |
        (x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4;
    return x >> 28;
}

/* Honors' counts h (each at most 4) when all honors are of one class:
 * sorted, most copies first, as the sort of mjt__wall_canon leaves them,
 * by counting them; *kind (a kind, or -1), when it is an honor, goes to
 * the first place of the honors of its count, as that sort puts it. */
static void honors_sorted(uint8_t h[7], int *kind)
{
    unsigned n = 0; /* nibble v: how many honors hold v copies */

    for (int z = 0; z < 7; z++)
        n += 1u << 4 * h[z];
    if (kind != NULL && *kind >= 27) {
        int v0 = h[*kind - 27], at = 0;
        for (int v = 4; v > v0; v--) /* first of the honors of its count */
            at += n >> 4 * v & 15;
        *kind = 27 + at;
    }
    /* runs of 4s, 3s, 2s and 1s, a byte a count (the rest 0s) */
    uint64_t out = 0;
    unsigned at = 0;
    for (unsigned v = 4; v >= 1; v--) {
        unsigned m = n >> 4 * v & 15;
        uint64_t run =
            ((UINT64_C(1) << 8 * m) - 1) & UINT64_C(0x0101010101010101);
        out |= v * run << 8 * at;
        at += m;
    }
    out = le64(out);
    memcpy(h, &out, 7);
}

/* Sort, within each class, what the places of that class hold: place p
 * (of n) is of class cls[p] (the first place of its class) and holds
 * order[p], first the identity; the places of a class then hold its
 * members in the order of key, least first, ties as they were.  A class's
 * places need not be neighbours: one between them of another class (a
 * suit with a tile seen, between two with none) is passed over. */
static void sort_classes(const uint8_t *cls, const uint64_t *key, int n,
                         int *order)
{
    for (int c = 0; c < n; c++) {
        int at[7], m = 0;
        if (cls[c] != c)
            continue;
        for (int p = c; p < n; p++)
            if (cls[p] == c)
                at[m++] = p;
        for (int i = 1; i < m; i++) /* insertion, over the class's places */
            for (int j = i; j > 0 && key[order[at[j]]] < key[order[at[j - 1]]];
                 j--) {
                int x = order[at[j]];
                order[at[j]] = order[at[j - 1]];
                order[at[j - 1]] = x;
            }
    }
}

/* mjt__wall_canon (wall.h).  Each suit is read the way whose counts, rank by
 * rank, come first (when backwards keeps its gifts); suits of a class are
 * then sorted by those readings, and honors of a class by their counts,
 * most first; where counts tie, kind's suit or honor comes first, and a
 * suit that reads alike both ways puts kind on its lower rank. */
void mjt__wall_canon(wall *w, uint8_t c[MJT_KINDS], int *kind)
{
    const wsym *y = sym_of(w);
    uint64_t key[7], out[3];
    int order[3] = {0, 1, 2}, back[3];

    /* A reading's counts rank by rank as one number: nibble 8 - r holds
     * rank r, so numbers compare as the readings do.  The forward
     * reading's is the reversed nibbles; the backward reading's is the
     * nibbles themselves. */
    int ks = kind != NULL && *kind >= 0 && *kind < 27 ? *kind / 9 : -1;
    for (int s = 0; s < 3; s++) {
        uint64_t lo = suit_nibbles(c + 9 * s), hi = nibbles_reversed(lo);
        /* a suit that reads alike both ways is read the way that puts
         * kind on the lower rank */
        back[s] =
            y->rev[s] && (lo < hi || (lo == hi && s == ks && *kind % 9 > 4));
        key[s] = (back[s] ? lo : hi) << 1 | (s != ks);
        out[s] = back[s] ? hi : lo; /* the reading, rank r at nibble r */
    }
    /* of suits that read alike, kind's first (the low bit of the keys):
     * a hand's class then has one canonical hand and kind one place */
    sort_classes(y->cls, key, 3, order);
    for (int i = 0; i < 3; i++)
        suit_counts(out[order[i]], c + 9 * i);
    if (kind != NULL && *kind >= 0 && *kind < 27) {
        int s = *kind / 9, r = *kind % 9, i = 0;
        while (order[i] != s)
            i++;
        *kind = 9 * i + (back[s] ? 8 - r : r);
    }
    if (y->hone) {
        honors_sorted(c + 27, kind);
        return;
    }
    int hon[7] = {0, 1, 2, 3, 4, 5, 6};
    uint8_t h[7];
    memcpy(h, c + 27, sizeof h);
    for (int z = 0; z < 7; z++) /* more copies first, kind first of equals */
        key[z] = (uint64_t)(4 - h[z]) << 1 | (27 + z != (kind ? *kind : -1));
    sort_classes(y->hcls, key, 7, hon);
    for (int i = 0; i < 7; i++)
        c[27 + i] = h[hon[i]];
    if (kind != NULL && *kind >= 27) {
        int i = 0;
        while (hon[i] != *kind - 27)
            i++;
        *kind = 27 + i;
    }
}
