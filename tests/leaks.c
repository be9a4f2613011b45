/* SPDX-License-Identifier: MIT */
/*
 * LeakSanitizer in the Criterion suites (every one links this file).
 *
 * A leak LeakSanitizer finds as a process exits fails nothing here: a
 * test's process has reported its result by then, and the runner's own
 * exit finds only what Criterion keeps.  So the check at exit is off, and
 * a test that promises to leak nothing asks for a check of its own while
 * it runs (asserts.h: test_no_leaks), which fails it.
 */
#include "asserts.h"

int mjt__test_leak_check = 0;

#if defined(MJT__TEST_LSAN)
/* LeakSanitizer's hook, read at exit and by every check. */
int __lsan_is_turned_off(void)
{
    return !mjt__test_leak_check;
}
#endif
