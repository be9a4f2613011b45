/* SPDX-License-Identifier: MIT */
/* mjq stats: exact counts of every hand of N tiles (stats.c computes,
 * stats_print.c prints). */
#ifndef MJT__QUERY_CLI_STATS_H
#define MJT__QUERY_CLI_STATS_H

#include "cli.h"
#include "tablefile.h"

/* GCC and Clang on 64-bit targets; __extension__ keeps -Wpedantic quiet. */
__extension__ typedef unsigned __int128 u128;

/* A form's shanten where the form does not apply. */
#define STATS_NONE 127

/* Index [c] of every count: 0 dealt hands (sets of physical tiles), 1
 * distinct hands (count vectors). */
typedef struct stats_result {
    int tiles;
    int players;   /* 4, or 3: 108 tiles without 2m to 8m */
    int one_suit;  /* the hands of the manzu alone */
    size_t states; /* states of three parts joined (for the curious) */
    u128 total[2];
    /* hands by shanten + 1 of each form: standard, chiitoitsu, kokushi,
     * overall */
    u128 dist[2][4][16];
    u128 shanten_sum[2]; /* sum of overall shanten + 1 */
    /* 3k+2: hands by which forms are complete (bit 1 standard, 2 seven
     * pairs, 4 thirteen orphans) */
    u128 complete[2][8];
    /* 3k+1: sum over hands of their effective tiles' copies left */
    u128 ukeire_sum[2];
    /* 3k+1: hands that kind i completes in each form (standard,
     * chiitoitsu, kokushi), never held four times */
    u128 waiting[34][2][3];
    u128 wait[2][3]; /* scratch: one kind's */
} stats_result;

/*
 * Count every hand of `tiles` tiles of a game of `players` players (3 or
 * 4) from the records of table file f, at path, checked against its
 * digests (with one_suit, only the hands of the manzu alone, four
 * players).  MJT_OK, or MJT_ENOMEM, MJT_ECORRUPT or MJT_EIO with diag
 * set.  Takes about a second at 13 or 14 tiles, far less below.
 */
int stats_compute(mjt__tfile *f, const char *path, int tiles, int one_suit,
                  int players, stats_result *r, mjt__diag *diag);

/* Print r's counts of one kind (count 0 dealt, 1 distinct) as text or
 * as one JSON object (stats_print.c). */
void stats_print(const stats_result *r, int count, int json);

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
} stats_opts;
int stats_parse(int argc, char **argv, cli_globals *g, const char *cmd,
                stats_opts *o, int *done);

/* The kinds of a game of `players` players, as bits. */
uint64_t stats_kinds(int players);

/* The rank range [*first, *end) of part `part` of `parts` (1-based) of
 * the sets of `tiles` tiles on `kinds` kinds (enumerate.c). */
void enumerate_range(int kinds, int tiles, int part, int parts, uint64_t *first,
                     uint64_t *end);

/* Print r as part `part` of `parts`, covering [first, end) (parts.c). */
void parts_write(const stats_result *r, int part, int parts, uint64_t first,
                 uint64_t end);

/* Add up the part files paths[0..n-1] into r: 0, or the exit status of a
 * problem, reported (parts of different jobs, a part twice or missing, a
 * file truncated or not a part). */
int parts_merge(char **paths, int n, stats_result *r);

#endif
