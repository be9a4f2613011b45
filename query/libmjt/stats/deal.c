/* SPDX-License-Identifier: MIT */
/*
 * Dealing from a seed: a wall of tile ids and splitmix64, both in the
 * caller's mjt_dealer, so that a seed deals the same hands everywhere.
 * Each deal is a partial Fisher-Yates shuffle of the wall as the last
 * deal left it, and the draws below n reject the values that would bias
 * a plain remainder.
 */
#include "internal.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform below n (n > 0). */
static uint64_t below(uint64_t *s, uint64_t n)
{
    uint64_t limit = -n % n; /* 2^64 mod n: the values to reject */
    uint64_t r;
    do
        r = splitmix64(s);
    while (r < limit);
    return r % n;
}

int mjt_dealer_init(mjt_dealer *d, uint64_t seed, const mjt_rules *rules,
                    unsigned flags)
{
    mjt_rules def;

    if (rules == NULL) {
        mjt_rules_init(&def, 4);
        rules = &def;
    }
    if (d == NULL || (flags & ~MJT_DEAL_RED) != 0 ||
        mjt_rules_check(rules, NULL) != MJT_OK)
        return MJT_EINVAL;
    /* tile ids, four of a kind (no 2m to 8m with three players); with
     * MJT_DEAL_RED the first copies of each five as many red as the
     * rules have */
    memset(d, 0, sizeof *d);
    for (int i = 0; i < 136; i++) {
        int kind = i / 4, copy = i % 4;
        if (rules->players == 3 && kind >= 1 && kind <= 7)
            continue;
        int red = (flags & MJT_DEAL_RED) && kind < 27 && kind % 9 == 4 &&
                  copy < rules->red[kind / 9];
        d->wall[d->size++] = (uint8_t)(red ? MJT_KINDS + kind / 9 : kind);
    }
    d->state = seed;
    return MJT_OK;
}

int mjt_deal(mjt_dealer *d, int tiles, mjt_tiles *out)
{
    if (d == NULL || out == NULL || d->size < 14 || d->size > 136)
        return MJT_EINVAL;
    if (tiles < 0 || tiles > 14)
        return MJT_ECOUNT;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < tiles; i++) {
        int j = i + (int)below(&d->state, (uint64_t)(d->size - i));
        uint8_t x = d->wall[i];
        d->wall[i] = d->wall[j];
        d->wall[j] = x;
        /* a wall changed outside these calls deals no id above 36 */
        int id = d->wall[i] < MJT_TILE_IDS ? d->wall[i] : 0;
        out->counts[MJT_KIND_OF(id)]++;
        if (id >= MJT_KINDS)
            out->red[id - MJT_KINDS]++;
    }
    out->len = (uint8_t)tiles;
    return MJT_OK;
}
