/* SPDX-License-Identifier: MIT */
/*
 * The min-plus algebra of the join (query/minplus.h): the scalar versions
 * against the plain definition over (melds, pair) splits, and the vector
 * versions against the scalar ones, on the lanes each promises (0 to
 * 2k + 1), for random deficit vectors and every k; and the need masks of
 * tied slots (join.h) against the record's slot by slot.
 */
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "join.h"
#include "minplus.h"

/* A record whose deficits are random (slot 0 is 0, as in every record)
 * and whose other bits are random too, as need masks are. */
static mjt__mrec random_rec(uint64_t *rng)
{
    mjt__mrec r = {test_rand(rng), test_rand(rng)};
    r.w0 &= ~(uint64_t)0xF;
    for (int s = 1; s < MJT__SLOTS; s++) {
        uint64_t d = test_rand(rng) % 15;
        r.w0 = (r.w0 & ~((uint64_t)0xF << (4 * s))) | d << (4 * s);
    }
    return r;
}

/* min over splits of a and b at lane j, one pair at most. */
static int definition(const mjt__svec *a, const mjt__svec *b, int j)
{
    int best = MJT__INF;
    for (int i = 0; i <= j; i++) {
        if ((i & 1) && ((j - i) & 1))
            continue;
        int x = a->b[j - i] + b->b[i];
        best = x < best ? x : best;
    }
    return best;
}

Test(join, scalar_convolution_is_the_definition)
{
    uint64_t rng = 7;
    for (int n = 0; n < 2000; n++) {
        mjt__mrec ra = random_rec(&rng), rb = random_rec(&rng);
        mjt__svec a = mjt__sload(&ra), b = mjt__sload(&rb);
        int k = n % 5;
        mjt__svec c = mjt__sconv(mjt__scomp(a), b, k);
        for (int j = 0; j <= 2 * k + 1; j++)
            cr_assert(eq(int, MJT__INF - c.b[j], definition(&a, &b, j)),
                      "n %d k %d lane %d", n, k, j);
        /* align + hmax is the convolution at the target lane. */
        mjt__svec y = mjt__salign(mjt__scomp(a), b, k);
        cr_assert(
            eq(int, MJT__INF - mjt__shmax(y), definition(&a, &b, 2 * k + 1)));
    }
}

/* need_of is the OR of the need masks of the slots in ties: every set of
 * slots, on random records (slot 0, no target, needs nothing). */
Test(join, need_of_ors_the_masks_of_the_slots)
{
    uint64_t rng = 13;
    int wrong = 0, first = -1;
    for (int n = 0; n < 300; n++) {
        mjt__mrec r = random_rec(&rng);
        for (unsigned ties = 0; ties < 1u << MJT__SLOTS; ties++) {
            unsigned want = 0;
            for (int s = 0; s < MJT__SLOTS; s++)
                if (ties >> s & 1)
                    want |= mjt__mrec_need(&r, s);
            if (need_of(&r, ties) != want && wrong++ == 0)
                first = (int)ties;
        }
    }
    cr_assert(eq(int, wrong, 0), "%d sets wrong, the first ties 0x%x", wrong,
              first);
}

#if MJT__HAVE_VEC
static void same_lanes(mjt__vvec v, mjt__svec s, int upto, int n)
{
    uint8_t got[16];
    memcpy(got, &v, 16);
    for (int j = 0; j <= upto; j++)
        cr_assert(eq(u8, got[j], s.b[j]), "n %d lane %d", n, j);
}

Test(join, vector_code_agrees_with_scalar_code)
{
    uint64_t rng = 11;
    for (int n = 0; n < 5000; n++) {
        mjt__mrec ra = random_rec(&rng), rb = random_rec(&rng);
        mjt__mrec rc = random_rec(&rng);
        int k = n % 5;
        same_lanes(mjt__vload(&ra), mjt__sload(&ra), 15, n);
        mjt__vvec va = mjt__vcomp(mjt__vload(&ra));
        mjt__svec sa = mjt__scomp(mjt__sload(&ra));
        mjt__vvec vc = mjt__vconv(va, mjt__vload(&rb), k);
        mjt__svec sc = mjt__sconv(sa, mjt__sload(&rb), k);
        same_lanes(vc, sc, 2 * k + 1, n);
        vc = mjt__vconv(vc, mjt__vload(&rc), k);
        sc = mjt__sconv(sc, mjt__sload(&rc), k);
        same_lanes(vc, sc, 2 * k + 1, n);
        mjt__vvec vy = mjt__valign(vc, mjt__vload(&ra), k);
        mjt__svec sy = mjt__salign(sc, mjt__sload(&ra), k);
        same_lanes(vy, sy, 15, n);
        int best = mjt__shmax(sy);
        cr_assert(eq(int, mjt__vhmax(vy), best));
        cr_assert(eq(u32, mjt__vties(vy, best), mjt__sties(sy, best)));
    }
}
#else
/* The portable build has no vector code: say so in the test count. */
Test(join, vector_code_agrees_with_scalar_code)
{
    cr_skip_test("built without SSSE3 (ARCH_CFLAGS=): no vector code");
}
#endif
