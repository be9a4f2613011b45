/* SPDX-License-Identifier: MIT */
/* mjq stats and mjq enumerate: their options, the printing of an
 * mjt_stats (stats_print.c) and the files of parts (parts.c); the
 * library counts. */
#ifndef MJT__QUERY_MJQ_STATS_H
#define MJT__QUERY_MJQ_STATS_H

#include <stddef.h>

#include "cli.h"

/* GCC and Clang on 64-bit targets; __extension__ keeps -Wpedantic quiet. */
__extension__ typedef unsigned __int128 u128;

/* An mjt_u128 as a number. */
static inline u128 cli_u128(mjt_u128 v)
{
    return (u128)v.hi << 64 | v.lo;
}

/* The sums of an mjt_stats, from total to its end, as an array. */
#define STATS_SUMS                                                             \
    ((sizeof(mjt_stats) - offsetof(mjt_stats, total)) / sizeof(mjt_u128))
static inline mjt_u128 *stats_sums(mjt_stats *r)
{
    return (mjt_u128 *)((char *)r + offsetof(mjt_stats, total));
}

/* Print r's counts of one kind (count 0 dealt, 1 distinct) as text or
 * as one JSON object. */
void stats_print(const mjt_stats *r, int count, int json);

/* Read the options of mjq stats and of mjq enumerate (the same ones, -j
 * too when jobs is not NULL).  0, or the exit status of a usage error or
 * of --help (then *done is 1). */
typedef struct stats_opts {
    const char *tables;
    int tiles, count, json, jobs, one_suit;
    int part, parts;   /* enumerate --part K/N (parts 0: the whole) */
    int merge, nfiles; /* stats --merge FILE... */
    char **files;
    int have_tiles;
    int by_query; /* enumerate --by-query: the public queries */
    int players;  /* 3 or 4 */
    int quiet;    /* -q: no progress on a terminal */
} stats_opts;
int stats_parse(int argc, char **argv, cli_globals *g, const char *cmd,
                stats_opts *o, int *done);

/* Print r as part `part` of `parts`, covering [first, end) (parts.c). */
void parts_write(const mjt_stats *r, int part, int parts, uint64_t first,
                 uint64_t end);

/* Read the part files paths[0..n-1], check that they are the whole of one
 * job, and add them up into *r: 0, or 2 with the problem reported. */
int parts_merge(char **paths, int n, mjt_stats *r);

#endif
