/* SPDX-License-Identifier: MIT */
/*
 * Every allocation of core and libmjt goes through these, so that a test
 * can make the n-th one fail and check that each failure comes back as
 * MJT_ENOMEM with nothing leaked or half made (tests/alloc_sweep.h, and
 * the sweeps that use it).  Outside tests they are malloc, calloc,
 * realloc and strdup.  Two buffers are left out on purpose: those of the
 * tables' cache (tables/cache.c), where a failure only means no cache and
 * the open goes on from the file; and LMDB, zstd and xxHash allocate on
 * their own.
 */
#ifndef MJT__CORE_ALLOC_H
#define MJT__CORE_ALLOC_H

#include <stddef.h>

void *mjt__malloc(size_t size);
void *mjt__calloc(size_t n, size_t size);
void *mjt__realloc(void *p, size_t size);
char *mjt__strdup(const char *s);

/* For an allocator of its own (the wall model's mappings): 1 when the
 * test hook refuses this allocation, else 0, and the allocation counted
 * as made. */
int mjt__alloc_refused(void);

/*
 * The test hook: the number of allocations that still succeed, after
 * which every one fails; -1 (the default) for no limit.  Not for threads
 * at once: a test arms it around calls that allocate on one thread at a
 * time, and reads it back (above 0: the calls needed fewer allocations
 * than allowed; 0: as many, or a refusal came).
 */
extern long mjt__alloc_budget;

/* With mjt__alloc_once set, the budget refuses one allocation only, the
 * one it runs out at, and is then -1 again: a test that reads -1 back
 * knows the refusal came, and that every allocation after it succeeded,
 * as where a large block fails and small ones still do. */
extern int mjt__alloc_once;

#endif
