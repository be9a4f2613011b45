/* SPDX-License-Identifier: MIT */
/* What the expected-score tests (test_expect.c, test_expect_worlds.c)
 * share: a random stream, options, names, and points compared. */
#ifndef MJT__TESTS_EXPECT_H
#define MJT__TESTS_EXPECT_H

#include <math.h>
#include <stdint.h>

#include "asserts.h"
#include "mjt.h"

static inline uint64_t next(uint64_t *rng)
{
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    return *rng >> 33;
}

static inline mjt_prob_opts opts_of(int draws, unsigned flags)
{
    mjt_prob_opts o;
    mjt_prob_opts_init(&o);
    o.draws = draws;
    o.flags = flags;
    return o;
}

static inline const char *riichi_name(int r)
{
    return r == MJT_RIICHI_BEST    ? "best"
           : r == MJT_RIICHI_NEVER ? "never"
                                   : "always";
}

/* Points of tiles c (red fives in c.red) won by tsumo on tile in w. */
static inline double points_of(const mjt_tiles *c, const mjt_call *calls,
                               size_t ncalls, const mjt_win *w)
{
    mjt_score s;
    mjt_diag d;
    int rc = mjt_score_tiles(c, calls, ncalls, w, NULL, &s, &d);
    cr_assert(eq(int, rc, MJT_OK), "score: %s", d.message);
    return s.points;
}

/* Two expectations in points agree: within 1e-12 of a thousand points. */
static inline int same_points(double a, double b)
{
    return fabs(a - b) <= 1e-12 * fmax(1000, fabs(b));
}

#endif
