/* SPDX-License-Identifier: MIT */
/*
 * Every allocation of core and libmjt goes through these, so that a test
 * can make the n-th one fail and check that each failure comes back as
 * MJT_ENOMEM with nothing leaked or half made (tests/test_table.c walks
 * every allocation of an open).  Outside tests they are malloc, calloc,
 * realloc and strdup.
 */
#ifndef MJT__CORE_ALLOC_H
#define MJT__CORE_ALLOC_H

#include <stddef.h>

void *mjt__malloc(size_t size);
void *mjt__calloc(size_t n, size_t size);
void *mjt__realloc(void *p, size_t size);
char *mjt__strdup(const char *s);

/*
 * The test hook: the number of allocations that still succeed, after
 * which every one fails; -1 (the default) for no limit.  Not for threads:
 * a test arms it around calls made on its own thread, and reads it back
 * (still >= 0 means the calls needed fewer allocations than allowed).
 */
extern long mjt__alloc_budget;

#endif
