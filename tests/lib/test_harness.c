/* SPDX-License-Identifier: MIT */
/*
 * The harness itself: the comparisons the tests' assertions make mean
 * what their names say (asserts.h), so that a bound, a strict order or a
 * floor on a count that a test asks for fails when it does not hold.
 */
#include <math.h>
#include <stddef.h>

#include "asserts.h"

Test(harness, comparisons_mean_what_they_say)
{
    int one = 1, two = 2;
    size_t three = 3;
    double x = 0.5, y = 0.5, z = 0.75, nan = NAN;

    cr_assert(gt(int, two, one));
    cr_assert(not(gt(int, one, one)));
    cr_assert(not(gt(int, one, two)));
    cr_assert(ge(int, one, one));
    cr_assert(ge(int, two, one));
    cr_assert(not(ge(int, one, two)));
    cr_assert(not(gt(sz, three, three)));
    cr_assert(gt(dbl, z, x));
    cr_assert(not(gt(dbl, x, y)));
    cr_assert(ge(dbl, x, y));
    for (int i = 0; i < 2; i++) { /* a NaN either side: never in order */
        double a = i ? nan : x, b = i ? x : nan;
        cr_assert(not(gt(dbl, a, b)));
        cr_assert(not(ge(dbl, a, b)));
        cr_assert(not(lt(dbl, a, b)));
        cr_assert(not(le(dbl, a, b)));
    }
    cr_assert(lt(int, one, two));
    cr_assert(not(lt(int, one, one)));
    cr_assert(le(int, one, one));
}
