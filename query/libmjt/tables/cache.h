/* SPDX-License-Identifier: MIT */
/*
 * The opened tables shared between processes through a cache file
 * (cache.c says how and where).
 */
#ifndef MJT__QUERY_CACHE_H
#define MJT__QUERY_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"
#include "tablefile.h"

/* The identity of the table file open at fd (of format format: its bytes
 * read by offset) and of this build's layout in memory (0: none to be had,
 * then no cache). */
uint64_t mjt__cache_id(int fd, int format);

/* Map the cache of id into t's records, pattern words and forms (t->map
 * and t->map_len then say what to unmap), with the number of forms and
 * where the three-player forms begin among them: 0, or -1 when there is
 * no cache of id that checks (t untouched). */
int mjt__cache_map(struct mjt_tables *t, uint64_t id, size_t *nforms,
                   size_t *sanma_base);

/* Once t's mapped cache has been checked: its pattern words and forms
 * out of this process's resident memory (the kernel keeps them cached,
 * and maps them again when a query reads them). */
void mjt__cache_cold(struct mjt_tables *t);

/* Write t's as the cache of id, if it can: 0, or -1 when it wrote
 * nothing. */
int mjt__cache_save(const struct mjt_tables *t, uint64_t id, size_t nforms,
                    size_t sanma_base);

#endif
