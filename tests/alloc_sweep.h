/* SPDX-License-Identifier: MIT */
/*
 * The loop of the allocation sweeps: a call asked again and again, the
 * n-th of its allocations refused by core/alloc.h's hook, for n = 0, 1,
 * ... until it answers.
 */
#ifndef MJT__TESTS_ALLOC_SWEEP_H
#define MJT__TESTS_ALLOC_SWEEP_H

#include <string.h>

#include "alloc.h"
#include "asserts.h"
#include "mjt.h"

/*
 * ask(ctx, diag) with the n-th allocation refused, alone (once) or with
 * every one after it, for n = 0, 1, ... until it answers MJT_OK without
 * reaching the refusal.  Each refusal must come back as MJT_ENOMEM with
 * "out of memory" in diag's message, and no other answer: neither an
 * error that no refusal caused nor, refused alone, an answer (a failure
 * swallowed).  Returns the number of refusals; what names the call.
 */
static inline long test_refuse_each(int (*ask)(void *ctx, mjt_diag *d),
                                    void *ctx, int once, const char *what)
{
    for (long n = 0;; n++) {
        mjt_diag d;
        memset(&d, 0, sizeof d);
        mjt__alloc_budget = n;
        mjt__alloc_once = once;
        int rc = ask(ctx, &d);
        long left = mjt__alloc_budget;
        mjt__alloc_budget = -1;
        mjt__alloc_once = 0;
        if (rc == MJT_OK) {
            cr_assert(ge(long, left, 0), "%s: allocation %ld refused, and %s",
                      what, n, "an answer");
            return n;
        }
        cr_assert(eq(int, rc, MJT_ENOMEM), "%s, allocation %ld: %s", what, n,
                  d.message);
        cr_assert(once ? left < 0 : left == 0,
                  "%s, allocation %ld: MJT_ENOMEM with no refusal", what, n);
        cr_assert(not(eq(ptr, strstr(d.message, "out of memory"), NULL)),
                  "%s, allocation %ld: %s", what, n, d.message);
        cr_assert(lt(long, n, 100000), "%s: no end to the allocations", what);
    }
}

#endif
