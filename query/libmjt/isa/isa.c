/* SPDX-License-Identifier: MIT */
/*
 * The code path every public function runs, chosen once as the program
 * starts (or as the shared library is loaded).
 *
 * The join (analysis/minplus.h), the hand codes (hand/codes.h), the
 * enumeration's visit and scoring run about ten times faster with SSSE3's
 * byte shuffles, SSE4.1 and POPCNT than as plain C; AVX2 (x86-64-v3) gains
 * nothing on them (make bench, both built).  A library built for
 * x86-64-v2 alone would stop with an illegal instruction on a CPU from
 * before 2009, and one built portable would run ten times slower
 * everywhere else; so on x86-64 the build compiles the library twice, as
 * portable C and for x86-64-v2 (scripts/dispatch.sh renames each copy's
 * symbols apart), and each public function is a trampoline (one indirect
 * jump, its arguments untouched) through mjt__isa_table, which choose()
 * fills in from the CPU's own report (CPUID) before main runs and then
 * makes read-only: a table of code addresses that stayed writable would
 * let any stray write in the process (a server's, say) choose where the
 * next call into the library goes.
 *
 * Both copies read the same tables and hands: the structures are the
 * same, only the instructions differ.  What they share at run time is
 * core/alloc.c's allocation budget, which only the portable copy holds.
 *
 * A build without dispatch (another architecture, or DISPATCH=no) has the
 * one path it was compiled as, and this file only names it.
 */
#if defined(MJT__DISPATCH) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* mprotect, sysconf */
#endif
#include "internal.h"
#include "isa.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[MJT__ISA_PATHS] = {"portable", "x86-64-v2"};

const char *mjt__isa_name(int path)
{
    return path >= 0 && path < MJT__ISA_PATHS ? names[path] : "?";
}

#ifdef MJT__DISPATCH

#include <cpuid.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fns.h"

typedef void (*fn)(void);

/* Each copy's public functions, as scripts/dispatch.sh renamed them: their
 * types are mjt.h's, but these are only addresses to jump to. */
#define DECLARE_(f)                                                            \
    void f##__portable(void);                                                  \
    void f##__v2(void);
MJT__ISA_FNS(DECLARE_)
#undef DECLARE_

#define PORTABLE_(f) f##__portable,
#define V2_(f) f##__v2,
static const fn paths[MJT__ISA_PATHS][MJT__ISA_COUNT] = {
    {MJT__ISA_FNS(PORTABLE_)}, {MJT__ISA_FNS(V2_)}};

/* What the trampolines (tramp.S) jump through: the portable path until
 * choose() has run, so a call from another constructor still works.  A
 * page of its own (x86-64's pages are 4 KiB), so that it alone is made
 * read-only; TABLE_ROOM entries, of which the first MJT__ISA_COUNT. */
#define PAGE 4096
#define TABLE_ROOM ((MJT__ISA_COUNT * sizeof(fn) + PAGE - 1) / PAGE * PAGE)
_Alignas(PAGE) fn mjt__isa_table[TABLE_ROOM / sizeof(fn)] = {
    MJT__ISA_FNS(PORTABLE_)};
_Static_assert(sizeof mjt__isa_table % PAGE == 0,
               "the table is whole pages, so that it alone is protected");
#undef PORTABLE_
#undef V2_

static int current = MJT__ISA_PORTABLE;
static int sealed; /* the table is read-only */

/* Make the table writable (prot: PROT_READ | PROT_WRITE) or read-only
 * (PROT_READ): 0, or -1 where the system refuses or its pages are not
 * the size the table is laid out for (then it stays as it was). */
static int protect(int prot)
{
    if (sysconf(_SC_PAGESIZE) != PAGE)
        return -1;
    return mprotect(mjt__isa_table, sizeof mjt__isa_table, prot);
}

void *mjt__isa_jumps(void)
{
    return mjt__isa_table;
}

/* x86-64-v2 as the psABI defines it: CMPXCHG16B, LAHF-SAHF, POPCNT, SSE3,
 * SSE4.1, SSE4.2 and SSSE3 (the compiler may use any of them there). */
static int has_v2(void)
{
    unsigned a, b, c, d;
    const unsigned leaf1 = bit_SSE3 | bit_SSSE3 | bit_CMPXCHG16B | bit_SSE4_1 |
                           bit_SSE4_2 | bit_POPCNT;
    if (!__get_cpuid(1, &a, &b, &c, &d) || (c & leaf1) != leaf1)
        return 0;
    return __get_cpuid(0x80000001u, &a, &b, &c, &d) && (c & bit_LAHF_LM);
}

int mjt__isa_runs(int path)
{
    return path == MJT__ISA_PORTABLE || (path == MJT__ISA_V2 && has_v2());
}

int mjt__isa_use(int path)
{
    if (path < 0 || path >= MJT__ISA_PATHS || !mjt__isa_runs(path))
        return MJT_EINVAL;
    if (protect(PROT_READ | PROT_WRITE) != 0 && sealed)
        return MJT_EINVAL; /* read-only, and to stay so */
    memcpy(mjt__isa_table, paths[path], sizeof paths[path]);
    sealed = protect(PROT_READ) == 0;
    current = path;
    return MJT_OK;
}

__attribute__((constructor)) static void choose(void)
{
    const char *want = getenv("MJT_ISA");
    int path = MJT__ISA_V2;
    if (want != NULL && strcmp(want, names[MJT__ISA_PORTABLE]) == 0)
        path = MJT__ISA_PORTABLE;
    if (mjt__isa_use(path) != MJT_OK)
        mjt__isa_use(MJT__ISA_PORTABLE);
}

int mjt__isa_current(void)
{
    return current;
}

#else /* one path: the one this file was compiled as */

#if defined(__SSSE3__) && defined(__SSE4_1__) && defined(__POPCNT__)
#define BUILT_ MJT__ISA_V2
#else
#define BUILT_ MJT__ISA_PORTABLE
#endif

int mjt__isa_runs(int path)
{
    return path == BUILT_;
}

int mjt__isa_use(int path)
{
    return path == BUILT_ ? MJT_OK : MJT_EINVAL;
}

int mjt__isa_current(void)
{
    return BUILT_;
}

void *mjt__isa_jumps(void)
{
    return NULL;
}

#endif

const char *mjt_isa(void)
{
    return names[mjt__isa_current()];
}
