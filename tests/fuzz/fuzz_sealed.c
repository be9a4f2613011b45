/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: any bytes as a hand.  The first 48 bytes are the
 * mjt_hand (zeros past the end of the input); each later byte is a draw or
 * a discard of a tile id (bit 7: discard; the rest: the id, 0-127, so ids
 * out of range come too), after which every query is asked again.  Nothing
 * may crash, and a query that says MJT_OK must answer for the hand
 * mjt_hand_tiles reports: the same shanten as that hand rebuilt from its
 * counts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mjt.h"

static void ask_all(const mjt_tables *t, const mjt_hand *h)
{
    mjt_shanten_info s, want;
    mjt_ukeire_info u;
    mjt_discard d[MJT_MAX_DISCARDS];
    mjt_shape e[MJT_MAX_SHAPES];
    mjt_decomposition x[MJT_MAX_DECOMPOSITIONS];
    mjt_tiles held;
    uint64_t w;
    size_t n;
    char text[64];

    int rc = mjt_shanten(t, h, &s);
    int rt = mjt_hand_tiles(h, &held);
    mjt_ukeire(t, h, NULL, &u);
    mjt_discards(t, h, NULL, d, MJT_MAX_DISCARDS, &n);
    mjt_waits(t, h, &w);
    mjt_shapes(t, h, e, MJT_MAX_SHAPES, &n);
    mjt_decompositions(t, h, x, MJT_MAX_DECOMPOSITIONS, &n);
    mjt_hand_format(h, text, sizeof text);
    if (rc == MJT_OK) {
        if (rt != MJT_OK ||
            mjt_shanten_counts(t, held.counts, &want) != MJT_OK ||
            memcmp(&s, &want, sizeof s) != 0)
            abort();
    } else if (rc != MJT_EHAND && rc != MJT_ESTALE && rc != MJT_ECOUNT) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const mjt_tables *t = fuzz_tables();
    mjt_hand h;
    size_t head = size < sizeof h ? size : sizeof h;

    memset(&h, 0, sizeof h);
    memcpy(&h, data, head);
    ask_all(t, &h);
    for (size_t i = head; i < size; i++) {
        int tile = data[i] & 0x7F;
        int rc =
            data[i] & 0x80 ? mjt_hand_remove(&h, tile) : mjt_hand_add(&h, tile);
        if (rc == MJT_OK && tile >= MJT_TILE_IDS)
            abort();
        ask_all(t, &h);
    }
    return 0;
}
