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
#include "sealed.h"

static void ask_all(const mjt_tables *t, const mjt_hand *h)
{
    mjt_tiles held;
    if (sealed_ask_all(t, h, &held) == 1)
        abort();
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
