/* SPDX-License-Identifier: MIT */
/* What the wall model's tests (test_wall.c, test_wall_budget.c) share:
 * options, a random question, and two curves compared. */
#ifndef MJT__TESTS_WALL_TEST_H
#define MJT__TESTS_WALL_TEST_H

#include <math.h>
#include <stdint.h>

#include "asserts.h"
#include "mjt.h"

static inline mjt_prob_opts opts_of(int draws, int moves, unsigned flags)
{
    mjt_prob_opts o;
    mjt_prob_opts_init(&o);
    o.draws = draws;
    o.moves = moves;
    o.flags = flags;
    return o;
}

/* A random 13- or 14-tile hand off a shuffled wall, and seen tiles: each
 * tile of the rest seen with a chance of one in four. */
static inline void random_question(mjt_dealer *d, int tiles, mjt_hand *h,
                                   uint8_t seen[MJT_KINDS])
{
    mjt_tiles x, more;
    cr_assert(eq(int, mjt_deal(d, tiles, &x), MJT_OK));
    cr_assert(eq(int, mjt_hand_from_counts(h, x.counts, NULL, NULL), MJT_OK));
    cr_assert(eq(int, mjt_deal(d, 14, &more), MJT_OK));
    for (int k = 0; k < MJT_KINDS; k++) {
        int room = 4 - x.counts[k];
        seen[k] =
            (uint8_t)(more.counts[k] / 2 < room ? more.counts[k] / 2 : room);
    }
}

static inline void same_curves(const mjt_prob *a, const mjt_prob *b, int T,
                               const char *what)
{
    for (int h = 0; h < T; h++) {
        cr_assert(lt(dbl, fabs(a->tenpai[h] - b->tenpai[h]), 1e-12),
                  "%s: tenpai at %d: %.15f %.15f", what, h + 1, a->tenpai[h],
                  b->tenpai[h]);
        cr_assert(lt(dbl, fabs(a->win[h] - b->win[h]), 1e-12),
                  "%s: win at %d: %.15f %.15f", what, h + 1, a->win[h],
                  b->win[h]);
    }
}

#endif
