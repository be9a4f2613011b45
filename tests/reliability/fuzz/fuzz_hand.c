/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the hand text parser, and every query on what it accepts,
 * calls included.  A parsed hand must format back to text that parses to the
 * same hand; each query must return a code, never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mjt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const mjt_tables *t = fuzz_tables();
    mjt_hand h, back;
    mjt_diag diag;
    mjt_tiles held;
    char text[MJT_HAND_TEXT];

    if (mjt_hand_parse(&h, (const char *)data, size, NULL, &diag) != MJT_OK) {
        if (memchr(diag.message, '\0', sizeof diag.message) == NULL)
            abort(); /* the message must be a string */
        return 0;
    }
    size_t n = mjt_hand_format(&h, text, sizeof text);
    if (n >= sizeof text ||
        mjt_hand_parse(&back, text, n, NULL, NULL) != MJT_OK ||
        memcmp(&back, &h, sizeof h) != 0 || mjt_hand_tiles(&h, &held) != MJT_OK)
        abort();
    /* Without calls, the counts alone answer the same; with them, the
     * counts and the calls made into a hand anew. */
    mjt_shanten_info s, c;
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    mjt_hand again;
    if (mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &ncalls) != MJT_OK ||
        mjt_hand_from_calls(&again, held.counts, calls, ncalls, NULL, NULL) !=
            MJT_OK)
        abort();
    if (mjt_shanten(t, &h, &s) != MJT_OK || s.overall < -1 || s.overall > 8 ||
        mjt_shanten(t, &again, &c) != MJT_OK || memcmp(&s, &c, sizeof s) != 0)
        abort();
    if (ncalls == 0 && (mjt_shanten_counts(t, held.counts, &c) != MJT_OK ||
                        memcmp(&s, &c, sizeof s) != 0))
        abort();
    if (held.len % 3 == 1) {
        mjt_ukeire_info u;
        uint64_t w;
        if (mjt_ukeire(t, &h, NULL, &u) != MJT_OK ||
            mjt_waits(t, &h, &w) != MJT_OK || (w & ~u.tiles) != 0)
            abort();
    } else {
        mjt_discard d[MJT_MAX_DISCARDS];
        size_t len;
        if (mjt_discards(t, &h, NULL, d, MJT_MAX_DISCARDS, &len) != MJT_OK ||
            len == 0 || len > MJT_MAX_DISCARDS)
            abort();
    }
    /* Three players: the hand is one of theirs exactly when it holds no
     * 2m to 8m, calls no run and calls nothing from across (there is no
     * such seat), and then never draws or waits on them. */
    int middle = 0;
    for (int i = 1; i <= 7; i++)
        middle |= held.counts[i];
    for (size_t i = 0; i < ncalls; i++)
        middle |= calls[i].kind == MJT_RUN ||
                  (calls[i].tile >= 1 && calls[i].tile <= 7) ||
                  calls[i].from == MJT_FROM_ACROSS;
    int rc = mjt_hand_set_players(&h, 3, &diag);
    if (rc != (middle ? MJT_EPLAYERS : MJT_OK))
        abort();
    if (rc != MJT_OK)
        return 0;
    if (mjt_shanten(t, &h, &s) != MJT_OK ||
        (ncalls == 0 &&
         (mjt_shanten_counts_players(t, held.counts, 3, &c) != MJT_OK ||
          memcmp(&s, &c, sizeof s) != 0)))
        abort();
    if (held.len % 3 == 1) {
        mjt_ukeire_info u;
        uint64_t w;
        if (mjt_ukeire(t, &h, NULL, &u) != MJT_OK ||
            mjt_waits(t, &h, &w) != MJT_OK || (w & ~u.tiles) != 0 ||
            (u.tiles & 0xFE) != 0)
            abort();
    }
    return 0;
}
