/* SPDX-License-Identifier: MIT */
/*
 * The code paths of the library (isa.c): the portable C and, on x86-64,
 * the same sources built for x86-64-v2, one of which every public function
 * runs.  The tests compare the paths through these; nothing else switches.
 */
#ifndef MJT__QUERY_ISA_H
#define MJT__QUERY_ISA_H

enum { MJT__ISA_PORTABLE, MJT__ISA_V2, MJT__ISA_PATHS };

/* The path's name, as mjt_isa() gives it. */
const char *mjt__isa_name(int path);
/* 1 if this build holds the path and this CPU runs it. */
int mjt__isa_runs(int path);
/* The path in use. */
int mjt__isa_current(void);
/* Take the path (one that runs) for every public function from now on:
 * for the tests, single-threaded; MJT_OK, or MJT_EINVAL when it does not
 * run here or the table cannot be made writable again. */
int mjt__isa_use(int path);
/* The table every public function jumps through (read-only but while
 * mjt__isa_use writes it, where the system allows), or NULL in a build of
 * one path: for the test that reads its page's permissions. */
void *mjt__isa_jumps(void);

#endif
