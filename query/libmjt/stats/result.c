/* SPDX-License-Identifier: MIT */
/*
 * What the statistics engines share: the caller's mjt_work, the sums of
 * a result, and the public mjt_stats they are handed out as (mjt_u128
 * pairs, for a header that stands without a 128-bit type).  And
 * mjt_stats_exact, the public face of stats.c.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "stats.h"

int mjt__work_cancelled(const mjt_work *work)
{
    return work != NULL && work->cancel != NULL && *work->cancel != 0;
}

void mjt__work_progress(const mjt_work *work, uint64_t done, uint64_t total)
{
    if (work != NULL && work->progress != NULL)
        work->progress(work->user, done, total);
}

/* The sums of r, from total up to the scratch (kept contiguous). */
static u128 *sums(stats_result *r)
{
    return (u128 *)((char *)r + offsetof(stats_result, total));
}

/* mjt_stats's sums: mjt_u128 from total up to its end, as many. */
static mjt_u128 *public_sums(mjt_stats *s)
{
    return (mjt_u128 *)((char *)s + offsetof(mjt_stats, total));
}

_Static_assert(sizeof(mjt_stats) - offsetof(mjt_stats, total) ==
                   STATS_SUMS * sizeof(mjt_u128),
               "mjt_stats holds the sums of stats_result, in its order");

void mjt__stats_sum(stats_result *to, const stats_result *from)
{
    u128 *t = sums(to);
    const u128 *f = sums((stats_result *)from);
    for (size_t i = 0; i < STATS_SUMS; i++)
        t[i] += f[i];
}

void mjt__stats_export(const stats_result *r, mjt_stats *out)
{
    const u128 *f = sums((stats_result *)r);
    mjt_u128 *t = public_sums(out);

    out->tiles = r->tiles;
    out->players = r->players;
    out->one_suit = r->one_suit;
    out->states = r->states;
    for (size_t i = 0; i < STATS_SUMS; i++) {
        t[i].lo = (uint64_t)f[i];
        t[i].hi = (uint64_t)(f[i] >> 64);
    }
}

int mjt__stats_tiles_ok(int tiles)
{
    return tiles >= 1 && tiles <= 14 && tiles % 3 != 0;
}

void mjt__stats_tiles_error(mjt__diag *d, int tiles)
{
    mjt__diag_set(d, MJT_ECOUNT, -1,
                  tiles < 1 || tiles > 14
                      ? "%d tiles (a hand has 1 to 14)"
                      : "%d tiles: the count must be 1 or 2 mod 3",
                  tiles);
}

int mjt_stats_add(mjt_stats *to, const mjt_stats *from)
{
    if (to == NULL || from == NULL || to->tiles != from->tiles ||
        to->players != from->players || to->one_suit != from->one_suit)
        return MJT_EINVAL;
    mjt_u128 *t = public_sums(to);
    const mjt_u128 *f = public_sums((mjt_stats *)from);
    for (size_t i = 0; i < STATS_SUMS; i++) {
        uint64_t lo = t[i].lo + f[i].lo;
        t[i].hi += f[i].hi + (lo < t[i].lo);
        t[i].lo = lo;
    }
    return MJT_OK;
}

int mjt_stats_exact(const mjt_tables *t, const mjt_rules *rules, int tiles,
                    unsigned flags, mjt_stats *out, const mjt_work *work,
                    mjt_diag *diag)
{
    mjt__diag d = {0, 0, -1, ""};
    int players = rules == NULL ? 4 : rules->players;
    int rc;

    if (t == NULL || out == NULL) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "NULL argument");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    if (rules != NULL && (rc = mjt_rules_check(rules, diag)) != MJT_OK)
        return rc;
    if (!mjt__stats_tiles_ok(tiles)) {
        mjt__stats_tiles_error(&d, tiles);
        return mjt__diag_out(diag, &d, MJT_ECOUNT);
    }
    if ((flags & ~MJT_STATS_ONE_SUIT) != 0 ||
        ((flags & MJT_STATS_ONE_SUIT) && players != 4)) {
        mjt__diag_set(&d, MJT_EINVAL, -1,
                      "unknown flags, or one suit with %d players", players);
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    stats_result *r = mjt__malloc(sizeof *r);
    if (r == NULL) {
        mjt__diag_set(&d, MJT_ENOMEM, -1, "out of memory");
        return mjt__diag_out(diag, &d, MJT_ENOMEM);
    }
    rc = mjt__stats_compute(t, tiles, (flags & MJT_STATS_ONE_SUIT) != 0,
                            players, r, work);
    if (rc == MJT_OK)
        mjt__stats_export(r, out);
    else
        mjt__diag_set(&d, rc, -1, "%s",
                      rc == MJT_ECANCELED ? "stopped by the caller"
                                          : "out of memory");
    free(r);
    return mjt__diag_out(diag, &d, rc);
}
