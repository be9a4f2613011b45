/* SPDX-License-Identifier: MIT */
/*
 * The situation of a win checked against the hand and the rules the long
 * way, every check in order, naming the first that fails (score.c takes
 * the short way when the situation plainly holds); and the dora its
 * indicators make.
 */
#include "score.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "codes.h"

/* The kind an indicator points at: the next of its suit, winds and
 * dragons each in a circle. */
#ifndef NDEBUG
static int dora_of(int indicator)
{
    int k = MJT_KIND_OF(indicator);
    if (k < HONOR0)
        return k / 9 * 9 + (k % 9 + 1) % 9;
    if (k < WHITE)
        return HONOR0 + (k - HONOR0 + 1) % 4;
    return WHITE + (k - WHITE + 1) % 3;
}
#endif

/* dora_of of every tile id (debug builds check each use against it). */
static const uint8_t dora_next[MJT_TILE_IDS] = {
    1,  2,  3,  4,  5,  6,  7,  8,  0,       /* m */
    10, 11, 12, 13, 14, 15, 16, 17, 9,       /* p */
    19, 20, 21, 22, 23, 24, 25, 26, 18,      /* s */
    28, 29, 30, 27, 32, 33, 31, 5,  14, 23}; /* z, then the red fives */

int mjt__dora_of(int tile)
{
    return dora_next[tile];
}

/* The winning tile (a valid id) among the concealed tiles, a red five
 * among the red ones. */
int mjt__score_winning_tile_held(const mjt_win *w, const mjt_tiles *held,
                                 mjt__diag *d)
{
    /* the suit of a five (red or not) by tile id, 3 for the rest */
    static const uint8_t five_of[MJT_TILE_IDS] = {
        3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3,
        3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 1, 2};
    const uint8_t reds[4] = {held->red[0], held->red[1], held->red[2], 0};
    int k = MJT_KIND_OF(w->tile), red = reds[five_of[w->tile]];
    int ok = w->tile >= MJT_KINDS ? red > 0 : held->counts[k] > red;
    if (!ok) {
        mjt__diag_set(d, MJT_EABSENT, -1, "winning tile %s is not in the hand",
                      mjt_tile_name(w->tile));
        return MJT_EABSENT;
    }
    return MJT_OK;
}

/* Every check of the situation, in order, naming the first that fails. */
int mjt__score_check_win_all(const ctx *c, const mjt_tiles *held, mjt__diag *d)
{
    const mjt_win *w = c->w;
    static const char *const flags[] = {"tsumo",   "ippatsu", "last",
                                        "rinshan", "chankan", "first"};
    const uint8_t v[] = {w->tsumo,   w->ippatsu, w->last,
                         w->rinshan, w->chankan, w->first};
    uint64_t reserved;
    memcpy(&reserved, w->reserved_, sizeof reserved);
    if ((v[0] | v[1] | v[2] | v[3] | v[4] | v[5]) > 1 || reserved != 0) {
        for (size_t i = 0; i < sizeof v; i++)
            if (v[i] > 1) {
                mjt__diag_set(d, MJT_EINVAL, -1, "%s is %d (0 or 1)", flags[i],
                              v[i]);
                return MJT_EINVAL;
            }
        for (size_t i = 0; i < sizeof w->reserved_; i++)
            if (w->reserved_[i]) {
                mjt__diag_set(d, MJT_EINVAL, -1, "reserved byte %zu is not 0",
                              i);
                return MJT_EINVAL;
            }
    }
    /* Every condition below at once, without a branch on each: a
     * situation that passes them all (nearly every one) skips the chain
     * that names the first that fails. */
    int tsumo = w->tsumo, riichi = w->riichi != 0;
    int fails = (w->round > 3) | (w->seat > 3) | (w->riichi > 2) |
                ((tsumo ^ 1) &
                 ((w->from < MJT_FROM_RIGHT) | (w->from > MJT_FROM_LEFT))) |
                (riichi & (c->menzen ^ 1)) | (w->ippatsu & (riichi ^ 1)) |
                (w->rinshan & (tsumo ^ 1)) | (w->chankan & tsumo) |
                (w->rinshan & w->last) |
                (w->first & ((tsumo ^ 1) | (c->ncalls != 0) | riichi)) |
                (w->dora_len > MJT_MAX_INDICATORS) |
                (w->ura_len > MJT_MAX_INDICATORS) |
                ((w->ura_len != 0) & (riichi ^ 1));
    const char *bad = NULL;
    if (!fails)
        ;
    else if (w->round > 3)
        bad = "round: a wind 0-3 (1z-4z)";
    else if (w->seat > 3)
        bad = "seat: a wind 0-3 (1z-4z)";
    else if (w->riichi > 2)
        bad = "riichi: 0, 1 or 2 (double)";
    else if (!w->tsumo && (w->from < MJT_FROM_RIGHT || w->from > MJT_FROM_LEFT))
        bad = "a ron needs the seat it came from: left, across or right";
    else if (w->riichi && !c->menzen)
        bad = "riichi with an open hand";
    else if (w->ippatsu && !w->riichi)
        bad = "ippatsu without riichi";
    else if (w->rinshan && !w->tsumo)
        bad = "rinshan is a tsumo on the replacement tile, not a ron";
    else if (w->chankan && w->tsumo)
        bad = "chankan is a ron on a tile added to a quad, not a tsumo";
    else if (w->rinshan && w->last)
        bad = "rinshan and the last tile at once";
    else if (w->first && (!w->tsumo || c->ncalls || w->riichi))
        bad = "a first-draw win is a tsumo before any call or riichi";
    else if (w->dora_len > MJT_MAX_INDICATORS)
        bad = "more than 5 dora indicators";
    else if (w->ura_len > MJT_MAX_INDICATORS)
        bad = "more than 5 ura dora indicators";
    else if (w->ura_len && !w->riichi)
        bad = "ura dora without riichi";
    if (bad) {
        mjt__diag_set(d, MJT_EINVAL, -1, "%s", bad);
        return MJT_EINVAL;
    }
    if (w->rinshan) {
        int quad = 0;
        for (int i = 0; i < c->ncalls; i++)
            quad |= c->calls[i].kind == MJT_QUAD ||
                    c->calls[i].kind == MJT_CLOSED_QUAD;
        if (!quad) {
            mjt__diag_set(d, MJT_EINVAL, -1, "rinshan without a quad");
            return MJT_EINVAL;
        }
    }
    if (w->tile >= MJT_TILE_IDS) {
        mjt__diag_set(d, MJT_ETILE, -1, "winning tile: id %d (0-36)", w->tile);
        return MJT_ETILE;
    }
    return mjt__score_winning_tile_held(w, held, d);
}

/* Count the dora the indicators of list point at, in all; check them. */
int mjt__score_indicators(const uint8_t *list, int n, const char *what,
                          uint8_t *seen, uint8_t *seen_red, const uint8_t *all,
                          int *han, mjt__diag *d)
{
    for (int i = 0; i < n; i++) {
        int t = list[i];
        if (t >= MJT_TILE_IDS) {
            mjt__diag_set(d, MJT_ETILE, -1, "%s indicator %d: id %d (0-36)",
                          what, i + 1, t);
            return MJT_ETILE;
        }
        int k = MJT_KIND_OF(t);
        if (++seen[k] > 4) {
            mjt__diag_set(d, MJT_ECOPIES, -1,
                          "%s indicator %s: a fifth copy, counting the hand",
                          what, mjt_tile_name(t));
            return MJT_ECOPIES;
        }
        if (t >= MJT_KINDS)
            seen_red[t - MJT_KINDS]++;
        assert(dora_next[t] == dora_of(t));
        *han += all[dora_next[t]];
    }
    return MJT_OK;
}
