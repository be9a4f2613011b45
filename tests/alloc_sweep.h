/* SPDX-License-Identifier: MIT */
/*
 * The loop of the allocation sweeps: a call asked again and again, the
 * n-th of its allocations refused by core/alloc.h's hook, for n = 0, 1,
 * ... until it answers.
 */
#ifndef MJT__TESTS_ALLOC_SWEEP_H
#define MJT__TESTS_ALLOC_SWEEP_H

#include <pthread.h>
#include <string.h>

#include "alloc.h"
#include "asserts.h"
#include "mjt.h"

/* One call of a sweep, made on a thread of its own. */
typedef struct test_asking {
    int (*ask)(void *ctx, mjt_diag *d);
    void *ctx;
    mjt_diag *d;
    int rc;
} test_asking;

static inline void *test_asking_run(void *arg)
{
    test_asking *a = arg;
    a->rc = a->ask(a->ctx, a->d);
    return NULL;
}

/*
 * ask(ctx, diag) with the n-th allocation refused, alone (once) or with
 * every one after it, for n = 0, 1, ... until it answers MJT_OK without
 * reaching the refusal.  Each refusal must come back as MJT_ENOMEM with
 * "out of memory" in diag's message, and no other answer: neither an
 * error that no refusal caused nor, refused alone, an answer (a failure
 * swallowed).  Returns the number of refusals; what names the call.
 *
 * Each call runs on a thread of its own, the test's waiting for it (so
 * the hook still counts one thread's allocations at a time): what it
 * allocates is then seen by test_no_leaks, whose suppressions match all
 * that the test's own thread allocates (asserts.h).  So ask may not use
 * Criterion's assertions; it says what is wrong through ctx.
 */
static inline long test_refuse_each(int (*ask)(void *ctx, mjt_diag *d),
                                    void *ctx, int once, const char *what)
{
    for (long n = 0;; n++) {
        mjt_diag d;
        test_asking a = {ask, ctx, &d, 0};
        pthread_t tid;
        memset(&d, 0, sizeof d);
        mjt__alloc_budget = n;
        mjt__alloc_once = once;
        int started = pthread_create(&tid, NULL, test_asking_run, &a) == 0;
        if (started)
            pthread_join(tid, NULL);
        int rc = a.rc;
        long left = mjt__alloc_budget;
        mjt__alloc_budget = -1;
        mjt__alloc_once = 0;
        cr_assert(started, "%s: no thread to ask on", what);
        if (rc == MJT_OK) {
            /* refused alone, the budget reads -1 again */
            cr_assert(once == 0 || left >= 0,
                      "%s: allocation %ld refused, and an answer", what, n);
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
