/* SPDX-License-Identifier: MIT */
/*
 * Hands: built from counts or text, changed a tile at a time.  Besides the
 * counts a hand keeps what the queries read on every call: each part's tile
 * count and code (its key into the dense tables), and the counts again as
 * four 34-bit planes, ge[j] holding the tiles held more than j times.  The
 * planes turn seven pairs, thirteen orphans and the counting of tiles left
 * into a few popcounts, and a draw or discard changes one bit of one plane.
 */
#include "internal.h"

#include <string.h>

#include "tiles.h"

static void recode(mjt_hand *h)
{
    memset(h->part_len, 0, sizeof h->part_len);
    memset(h->code, 0, sizeof h->code);
    memset(h->ge, 0, sizeof h->ge);
    h->len = 0;
    for (int i = 0; i < MJT_KINDS; i++) {
        for (int j = 0; j < h->counts[i]; j++)
            h->ge[j] |= UINT64_C(1) << i;
        h->part_len[i / 9] = (uint8_t)(h->part_len[i / 9] + h->counts[i]);
        h->code[i / 9] += h->counts[i] * mjt__code_step[i % 9];
        h->len = (uint8_t)(h->len + h->counts[i]);
    }
}

static int check_len(int n, mjt_diag *diag)
{
    if (n == 0) {
        mjt__diag_set(diag, MJT_ECOUNT, -1, "empty hand (1 to 14 tiles)");
        return MJT_ECOUNT;
    }
    if (n > 14) {
        mjt__diag_set(diag, MJT_ECOUNT, -1, "%d tiles (at most 14)", n);
        return MJT_ECOUNT;
    }
    if (n % 3 == 0) {
        mjt__diag_set(diag, MJT_ECOUNT, -1,
                      "%d tiles: the count must be 1 or 2 mod 3", n);
        return MJT_ECOUNT;
    }
    return MJT_OK;
}

int mjt_hand_from_counts(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                         mjt_diag *diag)
{
    int n = 0;

    if (h == NULL || counts == NULL) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand or counts");
        return MJT_EINVAL;
    }
    for (int i = 0; i < MJT_KINDS; i++) {
        if (counts[i] > 4) {
            char name[3];
            mjt__tile_name(i, name);
            mjt__diag_set(diag, MJT_ECOPIES, -1,
                          "tile %s appears %d times (at most 4)", name,
                          counts[i]);
            return MJT_ECOPIES;
        }
        n += counts[i];
    }
    int rc = check_len(n, diag);
    if (rc != MJT_OK)
        return rc;
    memcpy(h->counts, counts, MJT_KINDS);
    recode(h);
    return MJT_OK;
}

int mjt_hand_parse(mjt_hand *h, const char *text, size_t len, mjt_diag *diag)
{
    uint8_t counts[MJT_KINDS];
    int n;

    if (h == NULL || (text == NULL && len > 0)) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand or text");
        return MJT_EINVAL;
    }
    n = mjt__tiles_parse(text, len, counts, diag);
    if (n < 0)
        return n;
    return mjt_hand_from_counts(h, counts, diag);
}

size_t mjt_hand_format(const mjt_hand *h, char *buf, size_t cap)
{
    return mjt__tiles_format(h->counts, buf, cap);
}

int mjt_hand_add(mjt_hand *h, int tile)
{
    if (h == NULL || tile < 0 || tile >= MJT_KINDS)
        return MJT_EINVAL;
    if (h->counts[tile] >= 4)
        return MJT_ECOPIES;
    if (h->len >= 14)
        return MJT_ECOUNT;
    h->ge[h->counts[tile]] |= UINT64_C(1) << tile;
    h->counts[tile]++;
    h->len++;
    h->part_len[tile / 9]++;
    h->code[tile / 9] += mjt__code_step[tile % 9];
    return MJT_OK;
}

int mjt_hand_remove(mjt_hand *h, int tile)
{
    if (h == NULL || tile < 0 || tile >= MJT_KINDS || h->counts[tile] == 0)
        return MJT_EINVAL;
    h->counts[tile]--;
    h->ge[h->counts[tile]] &= ~(UINT64_C(1) << tile);
    h->len--;
    h->part_len[tile / 9]--;
    h->code[tile / 9] -= mjt__code_step[tile % 9];
    return MJT_OK;
}
