/* SPDX-License-Identifier: MIT */
/*
 * Criterion and its assertions, as every C test includes them.
 *
 * Criterion 2.4.1, the release Debian 12 packages, tests a tagged
 * gt(Tag, a, b) as !(a < b): it passes when a equals b, and when either
 * is a NaN; its tagged ge passes on a NaN too (Criterion's issue 473,
 * mended after that release).  A test here that asks for more than a
 * count, a strict order or a number would pass on exactly the case it
 * is there to catch.  So the two comparisons are defined again below, as
 * their names say and as later releases have them: a > b, and a > b or
 * a == b, false on a NaN.  test_harness.c holds them to it.
 */
#ifndef MJT__TESTS_ASSERTS_H
#define MJT__TESTS_ASSERTS_H

#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#if !defined(__cplusplus)
#undef CRI_BINOP_T_GT
#define CRI_BINOP_T_GT(Tag, Actual, Ref) (CRI_BINOP_LT_TAG(Tag, , Ref, Actual))
#undef CRI_BINOP_T_GE
#define CRI_BINOP_T_GE(Tag, Actual, Ref)                                       \
    (CRI_BINOP_LT_TAG(Tag, , Ref, Actual) ||                                   \
     CRI_BINOP_EQ_TAG(Tag, , Actual, Ref))
#endif

/*
 * No memory leaked so far in this test's process, or the test fails:
 * under AddressSanitizer a leak check made now (LeakSanitizer's report is
 * printed above the failure); elsewhere nothing.  A leak found as a
 * test's process exits is printed after the test has passed, so this is
 * the check that fails one.  It sees only what was allocated on threads
 * the test started: tests/reliability/lsan.supp, which Criterion's own
 * leaks need, matches every allocation made on the test's own thread
 * (alloc_sweep.h runs each call it checks on a thread of its own).
 */
#if defined(__SANITIZE_ADDRESS__)
#define MJT__TEST_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MJT__TEST_LSAN 1
#endif
#endif
#if defined(MJT__TEST_LSAN)
#include <sanitizer/lsan_interface.h>
#define test_no_leaks(what)                                                    \
    cr_assert(eq(int, __lsan_do_recoverable_leak_check(), 0),                  \
              "%s: memory leaked", (what))
#else
#define test_no_leaks(what) ((void)(what))
#endif

#endif
