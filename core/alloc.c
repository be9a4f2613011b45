/* SPDX-License-Identifier: MIT */
/* Allocation with a failure hook for tests; see alloc.h. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

long mjt__alloc_budget = -1;
int mjt__alloc_once = 0;

/* Whether this allocation is to fail (the budget is spent). */
static int refused(void)
{
    if (mjt__alloc_budget < 0)
        return 0;
    if (mjt__alloc_budget == 0) {
        if (mjt__alloc_once)
            mjt__alloc_budget = -1;
        return 1;
    }
    mjt__alloc_budget--;
    return 0;
}

int mjt__alloc_refused(void)
{
    return refused();
}

void *mjt__malloc(size_t size)
{
    return refused() ? NULL : malloc(size);
}

void *mjt__calloc(size_t n, size_t size)
{
    return refused() ? NULL : calloc(n, size);
}

void *mjt__realloc(void *p, size_t size)
{
    return refused() ? NULL : realloc(p, size);
}

char *mjt__strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = mjt__malloc(n);
    return p != NULL ? memcpy(p, s, n) : NULL;
}
