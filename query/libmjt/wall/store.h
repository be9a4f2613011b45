/* SPDX-License-Identifier: MIT */
/*
 * A question's memory (store.c): the arrays its graph grows and the hash
 * maps that find their entries, all counted in its budget.  The steps of
 * a lookup and the room check of a push are inline here: graph.c takes
 * them for every hand it meets.
 */
#ifndef MJT__WALL_STORE_H
#define MJT__WALL_STORE_H

#include <string.h>

#include "wall.h"

/* Room in a for need entries: MJT_OK, MJT_EBUDGET or MJT_ENOMEM. */
int mjt__wall_grow_room(wall *w, warr *a, size_t need);

static inline int grow(wall *w, warr *a, size_t need)
{
    return need <= a->cap ? MJT_OK : mjt__wall_grow_room(w, a, need);
}

/* Every bit of the key into every bit of the hash (the index takes the
 * low ones): MurmurHash3's 64-bit finaliser over the codes combined. */
static inline uint64_t key_hash(const wkey *k)
{
    uint64_t a = (uint64_t)k->code[0] | (uint64_t)k->code[1] << 32;
    uint64_t b = (uint64_t)k->code[2] | (uint64_t)k->code[3] << 32;
    uint64_t x = a ^ (b * UINT64_C(0x9E3779B97F4A7C15)) ^
                 ((uint64_t)(uint8_t)k->adj << 48 | (uint64_t)k->ex << 56 |
                  (uint64_t)k->red << 32);
    x ^= x >> 33;
    x *= UINT64_C(0xFF51AFD7ED558CCD);
    x ^= x >> 33;
    x *= UINT64_C(0xC4CEB9FE1A85EC53);
    return x ^ (x >> 33);
}

/* The key of the hand h with adj, ex, mode and red fives red. */
static inline void key_of(wkey *k, const mjt_hand *h, int adj, int ex, int mode,
                          unsigned red)
{
    memcpy(k->code, h->opaque_, sizeof k->code);
    k->adj = (int8_t)adj;
    k->ex = (uint8_t)(ex | (mode ? WKEY_MODE : 0));
    k->red = (uint16_t)red;
}

/* The key of entry i of the array a map indexes: every entry (wnode,
 * wdraw, wmemo) begins with its key. */
static inline const wkey *key_at(const warr *a, size_t i)
{
    return (const wkey *)((const char *)a->p + i * a->size);
}

/* Whether slot s holds an entry of m's question. */
static inline int live(const wmap *m, const wslot *s)
{
    return s->mark >> WSLOT_GEN_SHIFT == m->gen;
}

/* The slot of k (hash x) in m, which indexes a: the one holding it, or
 * the free one where it goes. */
static inline wslot *probe(const wmap *m, const warr *a, const wkey *k,
                           uint64_t x)
{
    size_t mask = m->n - 1, i = x & mask;
    uint32_t mark = m->gen << WSLOT_GEN_SHIFT | WSLOT_TAG(x);
    for (;; i = (i + 1) & mask) {
        wslot *s = &m->s[i];
        if (!live(m, s))
            return s;
        if (s->mark == mark && !memcmp(key_at(a, s->idx - 1), k, sizeof *k))
            return s;
    }
}

/* The fewest slots a map has for its lookups to be fetched ahead (1 MiB
 * of them): in a smaller one they mostly hit the caches anyway, and the
 * keys made twice would cost more than the waits they save. */
#define FETCH_SLOTS ((size_t)1 << 17)

/* Whether m is large enough for its lookups to be fetched ahead. */
static inline int map_fetches(const wmap *m)
{
    return m->n >= FETCH_SLOTS;
}

/* Fetch ahead the slot where a lookup of k in m starts, when m is large
 * enough.  Always inline: a function that only prefetches has no effect
 * the compiler must keep, and it drops the calls of one it judges apart
 * (GCC 12 does). */
__attribute__((always_inline)) static inline void map_fetch(const wmap *m,
                                                            const wkey *k)
{
    if (map_fetches(m))
        __builtin_prefetch(&m->s[key_hash(k) & (m->n - 1)]);
}

/* Empty m for a new question. */
void mjt__wall_map_clear(wmap *m);

/* The slot of k in m, which indexes a, with room for it: its gen is not
 * the map's when k is new (then fill it with map_set).  MJT_OK, or
 * MJT_EBUDGET or MJT_ENOMEM (then m holds nothing: the question fails). */
int mjt__wall_map_slot(wall *w, wmap *m, const warr *a, const wkey *k,
                       wslot **out, uint64_t *hash);

/* Fill slot s of m, which mjt__wall_map_slot gave for a new key of this hash,
 * with the entry idx (0-based). */
static inline void map_set(wmap *m, wslot *s, uint64_t hash, uint32_t idx)
{
    s->idx = idx + 1;
    s->mark = m->gen << WSLOT_GEN_SHIFT | WSLOT_TAG(hash);
    m->used++;
}

#endif
