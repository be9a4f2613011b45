/* SPDX-License-Identifier: MIT */
/*
 * Improvement tiles and two-step effective tiles by their definition
 * (mjt.h), played out through the public queries: every draw with a copy
 * left, every discard, the hand after both asked by mjt_shanten and
 * mjt_ukeire with the discard seen.  The oracle of test_improve.c and the
 * brute force bench_improve.c times the library against.
 */
#ifndef MJT__TESTS_BRUTE_IMPROVE_H
#define MJT__TESTS_BRUTE_IMPROVE_H

#include <string.h>

#include "mjt.h"

/* Remove one tile of kind y from h: a plain one, or a red five when every
 * five held is red. */
static inline int brute_remove_kind(mjt_hand *h, int y)
{
    int rc = mjt_hand_remove(h, y);
    if (rc == MJT_EABSENT && y < 27 && y % 9 == 4)
        rc = mjt_hand_remove(h, MJT_RED_5M + y / 9);
    return rc;
}

/* Keep count c of discard y as the best so far of st. */
static inline void brute_keep(mjt_step *st, int c, int y, uint64_t tiles)
{
    if (st->discards == 0 || c > st->count) {
        st->count = (uint8_t)c;
        st->discards = UINT64_C(1) << y;
        st->tiles = tiles;
    } else if (c == st->count) {
        st->discards |= UINT64_C(1) << y;
    }
}

/* Draw x then every discard y of hx (h with x), keeping those at want. */
static inline int brute_draw(const mjt_tables *t, const mjt_hand *hx,
                             const uint8_t *visible, int x, int want,
                             mjt_step *st)
{
    mjt_tiles concealed;
    uint8_t seen[MJT_KINDS];
    int rc = mjt_hand_tiles(hx, &concealed);

    for (int y = 0; rc == MJT_OK && y < MJT_KINDS; y++) {
        mjt_hand g = *hx;
        mjt_ukeire_info u;
        if (y == x || concealed.counts[y] == 0)
            continue;
        if ((rc = brute_remove_kind(&g, y)) != MJT_OK)
            break;
        if (visible != NULL)
            memcpy(seen, visible, sizeof seen);
        else
            memset(seen, 0, sizeof seen);
        seen[y]++;
        if ((rc = mjt_ukeire(t, &g, seen, &u)) == MJT_OK && u.shanten == want)
            brute_keep(st, u.count, y, u.tiles);
    }
    return rc;
}

static inline int brute_improve(const mjt_tables *t, const mjt_hand *h,
                                const uint8_t *visible, mjt_improve_info *out)
{
    uint8_t all[MJT_KINDS];
    mjt_ukeire_info u;
    mjt_shanten_info s;
    int rc;

    memset(out, 0, sizeof *out);
    if ((rc = mjt_ukeire(t, h, visible, &u)) != MJT_OK ||
        (rc = mjt_hand_held(h, all)) != MJT_OK)
        return rc;
    int three = mjt_hand_players(h) == 3;
    out->shanten = u.shanten;
    out->count = u.count;
    out->ntwo = out->two_total = u.shanten >= 1 ? 0 : -1;
    for (int x = 0; x < MJT_KINDS; x++) {
        int left = 4 - all[x] - (visible ? visible[x] : 0);
        if (left < 1 || (three && x >= 1 && x <= 7))
            continue;
        mjt_hand hx = *h;
        if ((rc = mjt_hand_add(&hx, x)) != MJT_OK ||
            (rc = mjt_shanten(t, &hx, &s)) != MJT_OK)
            return rc;
        int lowered = s.overall < u.shanten;
        if (lowered && u.shanten < 1)
            continue; /* a win */
        mjt_step st = {0, 0, 0, 0, 0, 0};
        rc = brute_draw(t, &hx, visible, x, u.shanten - lowered, &st);
        if (rc != MJT_OK)
            return rc;
        st.tile = (uint8_t)x;
        st.left = (uint8_t)left;
        if (lowered) {
            if (st.discards == 0)
                return MJT_EINVAL; /* no discard keeps what x lowered */
            out->two[out->ntwo++] = st;
            out->two_total += left * st.count;
        } else if (st.discards != 0 && st.count > u.count) {
            out->improve[out->nimprove++] = st;
            out->improve_count += left;
        }
    }
    return MJT_OK;
}

#endif
