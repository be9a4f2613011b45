/* SPDX-License-Identifier: MIT */
/* The fast visit of mjq enumerate (visit.c). */
#ifndef MJT__QUERY_CLI_VISIT_H
#define MJT__QUERY_CLI_VISIT_H

#include "stats.h"

typedef struct visit_data visit_data;

/* Read the records of table file f (at path), checked against its
 * digests, into *out: MJT_OK, or a code with diag set. */
int visit_load(mjt__tfile *f, const char *path, visit_data **out,
               mjt__diag *diag);
/* ways[k][t]: the sets of t tiles on k kinds, at most 4 a kind (the
 * ranges of mjq enumerate and the prefixes the visit skips). */
void sets_table(uint64_t ways[35][15]);

void visit_free(visit_data *v);

/* Tally into r every hand of `tiles` tiles (of the manzu alone with
 * one_suit) whose rank is in [first, end): 0, or -1 when out of memory.
 * Any number of threads may share v. */
int visit_range(const visit_data *v, int tiles, int one_suit, uint64_t first,
                uint64_t end, stats_result *r);

#endif
