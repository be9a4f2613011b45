/* SPDX-License-Identifier: MIT */
/*
 * Tile names and sets of tiles, for callers: the text form itself is
 * core's (core/tiles.c), shared with mjt-gen.
 */
#include "internal.h"

#include <string.h>

#include "tiles.h"

/* Every id's name, in id order: "1m" ... "7z", then "0m" "0p" "0s". */
static const char names[MJT_TILE_IDS][3] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p",
    "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s",
    "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z",
    "4z", "5z", "6z", "7z", "0m", "0p", "0s"};

const char *mjt_tile_name(int tile)
{
    return tile >= 0 && tile < MJT_TILE_IDS ? names[tile] : NULL;
}

int mjt_tile_from_name(const char *text, size_t len)
{
    if (text == NULL || len != 2)
        return MJT_ESYNTAX;
    for (int i = 0; i < MJT_TILE_IDS; i++)
        if (text[0] == names[i][0] && text[1] == names[i][1])
            return i;
    return MJT_ESYNTAX;
}

int mjt__tiles_read(mjt_tiles *out, const char *text, size_t len,
                    mjt__diag *diag)
{
    if (out == NULL || (text == NULL && len > 0)) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no tiles or text");
        return MJT_EINVAL;
    }
    int n = mjt__tiles_parse(text, len, out->counts, out->red, diag);
    if (n < 0)
        return n;
    out->len = (uint8_t)n;
    return MJT_OK;
}

int mjt_tiles_parse(mjt_tiles *out, const char *text, size_t len,
                    mjt_diag *diag)
{
    mjt__diag d; /* filled by a failure alone: mjt__diag_out */
    d.code = MJT_OK;
    return mjt__diag_out(diag, &d, mjt__tiles_read(out, text, len, &d));
}

size_t mjt_tiles_format(const mjt_tiles *tiles, char *buf, size_t cap)
{
    if (tiles == NULL) {
        if (buf != NULL && cap > 0)
            buf[0] = '\0';
        return 0;
    }
    return mjt__tiles_format(tiles->counts, tiles->red, buf, cap);
}

/* Each block kind's tiles: how many, and the step from one to the next. */
static const struct {
    uint8_t len, step;
} block_tiles[] = {
    [MJT_RUN] = {3, 1},         [MJT_TRIPLET] = {3, 0},
    [MJT_PAIR] = {2, 0},        [MJT_WAIT_ONE] = {1, 0},
    [MJT_WAIT_PAIR] = {2, 0},   [MJT_WAIT_SIDE] = {2, 1},
    [MJT_WAIT_GAP] = {2, 2},    [MJT_QUAD] = {4, 0},
    [MJT_CLOSED_QUAD] = {4, 0},
};

size_t mjt_block_format(const mjt_block *b, char *buf, size_t cap)
{
    size_t n = 0;

    if (buf == NULL)
        cap = 0;
    if (b != NULL && b->kind <= MJT_CLOSED_QUAD && b->tile < MJT_KINDS) {
        int len = block_tiles[b->kind].len, step = block_tiles[b->kind].step;
        int suit = mjt__suit_of(b->tile), rank = mjt__rank_of(b->tile);
        /* a step stays in the suit: never among the honors, never past 9 */
        if (step == 0 || (suit < 3 && rank + (len - 1) * step < 9)) {
            for (int i = 0; i < len; i++, n++)
                if (n + 1 < cap)
                    buf[n] = (char)('1' + rank + i * step);
            if (n + 1 < cap)
                buf[n] = mjt__suit_letters[suit];
            n++;
        }
    }
    if (cap > 0)
        buf[n < cap ? n : cap - 1] = '\0';
    return n;
}
