/* SPDX-License-Identifier: MIT */
/*
 * Every query on a hand of any bytes, for fuzz_sealed and test_hand.c:
 * each must answer with a code, and when mjt_shanten says MJT_OK the hand
 * must be the one mjt_hand_tiles, mjt_hand_calls and mjt_hand_players
 * report, which made anew gives the same shanten.
 */
#ifndef MJT__TESTS_SEALED_H
#define MJT__TESTS_SEALED_H

#include <string.h>

#include "mjt.h"

/* Ask h everything; returns mjt_shanten's code, or 1 when a promise was
 * broken.  *held gets what mjt_hand_tiles reports. */
static inline int sealed_ask_all(const mjt_tables *t, const mjt_hand *h,
                                 mjt_tiles *held)
{
    mjt_shanten_info s, want;
    mjt_ukeire_info u;
    mjt_discard d[MJT_MAX_DISCARDS];
    mjt_shape e[MJT_MAX_SHAPES];
    mjt_decomposition x[MJT_MAX_DECOMPOSITIONS];
    uint64_t w;
    size_t n;
    char text[MJT_HAND_TEXT];

    int rc = mjt_shanten(t, h, &s);
    int rt = mjt_hand_tiles(h, held);
    mjt_ukeire(t, h, NULL, &u);
    mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &n);
    mjt_discards_keep(t, h, &w, NULL);
    mjt_waits(t, h, &w);
    mjt_shapes(t, h, e, MJT_MAX_SHAPES, &n);
    mjt_decompositions(t, h, x, MJT_MAX_DECOMPOSITIONS, &n);
    mjt_hand_format(h, text, sizeof text);
    if (rc == MJT_OK) {
        /* The same hand made anew from what the accessors report, with its
         * calls, answers the same. */
        mjt_call calls[MJT_MAX_CALLS];
        mjt_hand g;
        int players = mjt_hand_players(h);
        if (rt != MJT_OK || (players != 3 && players != 4) ||
            mjt_hand_calls(h, calls, MJT_MAX_CALLS, &n) != MJT_OK ||
            mjt_hand_from_calls(&g, held->counts, calls, n, NULL, NULL) !=
                MJT_OK ||
            mjt_hand_set_players(&g, players, NULL) != MJT_OK ||
            mjt_shanten(t, &g, &want) != MJT_OK ||
            memcmp(&s, &want, sizeof s) != 0)
            return 1;
        return n > 0 || (mjt_shanten_counts_players(t, held->counts, players,
                                                    &want) == MJT_OK &&
                         memcmp(&s, &want, sizeof s) == 0)
                   ? MJT_OK
                   : 1;
    }
    return rc == MJT_EHAND || rc == MJT_ESTALE || rc == MJT_ECOUNT ? rc : 1;
}

#endif
