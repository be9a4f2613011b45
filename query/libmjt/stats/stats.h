/* SPDX-License-Identifier: MIT */
/*
 * The statistics and enumeration engines inside the library: stats.c
 * counts every hand from the tables' records without visiting one,
 * visit.c and enumerate.c visit every hand of a rank range; result.c
 * turns their 128-bit sums into the public mjt_stats.
 */
#ifndef MJT__STATS_H
#define MJT__STATS_H

#include <stdint.h>

#include "diag.h"
#include "internal.h"

/* GCC and Clang on 64-bit targets; __extension__ keeps -Wpedantic quiet. */
__extension__ typedef unsigned __int128 u128;

/* mjt_stats with native 128-bit sums (its fields, in its order), and a
 * scratch member for one kind's waits. */
typedef struct stats_result {
    int tiles;
    int players;
    int one_suit;
    size_t states;
    u128 total[2];
    u128 dist[2][4][16];
    u128 shanten_sum[2];
    u128 complete[2][8];
    u128 ukeire_sum[2];
    u128 waiting[MJT_KINDS][2][3];
    u128 wait[2][3]; /* scratch: one kind's */
} stats_result;

/* The sums from total to waiting: as many as mjt_stats holds. */
#define STATS_SUMS                                                             \
    ((offsetof(stats_result, wait) - offsetof(stats_result, total)) /          \
     sizeof(u128))

/* How far a long computation is, and whether to stop: the caller's
 * mjt_work (or NULL) and where the work stands. */
int mjt__work_cancelled(const mjt_work *work);
void mjt__work_progress(const mjt_work *work, uint64_t done, uint64_t total);

/* Count every hand of `tiles` tiles of a game of `players` players (3 or
 * 4) from the records of t (with one_suit, only the hands of the manzu
 * alone, four players).  MJT_OK, or MJT_ENOMEM or MJT_ECANCELED. */
int mjt__stats_compute(const struct mjt_tables *t, int tiles, int one_suit,
                       int players, stats_result *r, const mjt_work *work);

/* The kinds of a game of `players` players, as bits. */
uint64_t mjt__stats_kinds(int players);

/* ways[k][t]: the sets of t tiles on k kinds, at most 4 a kind. */
void mjt__sets_table(uint64_t ways[MJT_KINDS + 1][15]);

/* The fast visit's data, read from t. */
typedef struct visit_data visit_data;
int mjt__visit_load(const struct mjt_tables *t, visit_data **out);
void mjt__visit_free(visit_data *v);

/* Tally into r every hand of `tiles` tiles (of the manzu alone with
 * one_suit) whose rank is in [first, end): 0, or -1 when out of memory.
 * Any number of threads may share v. */
int mjt__visit_range(const visit_data *v, int tiles, int one_suit,
                     uint64_t first, uint64_t end, stats_result *r);

/* Whether the engines count hands of `tiles` tiles (1 to 14, 1 or 2 mod
 * 3), and the MJT_ECOUNT message when not. */
int mjt__stats_tiles_ok(int tiles);
void mjt__stats_tiles_error(mjt__diag *d, int tiles);

/* Add from's sums into to's. */
void mjt__stats_sum(stats_result *to, const stats_result *from);

/* r's sums into the public out. */
void mjt__stats_export(const stats_result *r, mjt_stats *out);

#endif
