/* SPDX-License-Identifier: MIT */
/*
 * The statistics and enumeration engines through the public header: the
 * exact counts, the two engines against each other, a count whose
 * allocations fail, a part of an enumeration with a visitor, merging,
 * progress and cancelling, and dealing.  (Their agreement with mjq's output is tests/mjq/test_mjq.c's.)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_sweep.h"
#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

/* ==== Helpers ==== */

static int same_sums(const mjt_stats *a, const mjt_stats *b)
{
    return memcmp(&a->total, &b->total,
                  sizeof *a - offsetof(mjt_stats, total)) == 0;
}

/* ==== The exact counts ==== */

/* The totals of 13 tiles: C(136, 13) dealt hands, and the published
 * 98,521,596,000 distinct ones. */
Test(stats, exact_13_tiles_totals)
{
    mjt_stats s;
    mjt_diag d;

    cr_assert(eq(int, mjt_stats_exact(test_tables(), NULL, 13, 0, &s, NULL, &d),
                 MJT_OK));
    cr_assert(eq(int, s.tiles, 13));
    cr_assert(eq(int, s.players, 4));
    cr_assert(eq(u64, s.total[MJT_DEALT].hi, 0));
    cr_assert(eq(u64, s.total[MJT_DEALT].lo, UINT64_C(483774556165488000)));
    cr_assert(eq(u64, s.total[MJT_DISTINCT].hi, 0));
    cr_assert(eq(u64, s.total[MJT_DISTINCT].lo, UINT64_C(98521596000)));
}

/* The engines share nothing but the tables: every sum agrees, for every
 * size the enumeration walks quickly, four and three players. */
Test(stats, exact_and_enumerated_agree, .timeout = 300)
{
    for (int players = 3; players <= 4; players++)
        for (int tiles = 1; tiles <= 8; tiles += 1 + (tiles % 3 == 2)) {
            mjt_rules rules;
            mjt_stats a, b;
            mjt_rules_init(&rules, players);
            mjt_enum e = {tiles, &rules, 0, 0, 0, 2, NULL, NULL};
            e.end = mjt_enum_size(tiles, &rules, 0);
            cr_assert(eq(int,
                         mjt_stats_exact(test_tables(), &rules, tiles, 0, &a,
                                         NULL, NULL),
                         MJT_OK));
            cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &b, NULL, NULL),
                         MJT_OK));
            cr_assert(same_sums(&a, &b), "%d tiles, %d players", tiles,
                      players);
            cr_assert(eq(int, b.players, players));
        }
}

/* One count or enumeration of a sweep, and its answer. */
typedef struct counting {
    mjt_rules rules;
    int tiles;
    unsigned flags;
    mjt_enum e; /* e.tiles 0: an exact count */
    mjt_stats s;
} counting;

static int count_once(void *ctx, mjt_diag *d)
{
    counting *c = ctx;
    return c->e.tiles == 0
               ? mjt_stats_exact(test_tables(), &c->rules, c->tiles, c->flags,
                                 &c->s, NULL, d)
               : mjt_enumerate(test_tables(), &c->e, &c->s, NULL, d);
}

/* Every allocation of a count may fail, in turn (alternately alone and
 * with all after it, case by case): each failure is MJT_ENOMEM with a
 * message, nothing leaks, and the count that gets every allocation it
 * asks for is the whole one.  Four tiles go every way a count goes (3k+1
 * hands join their parts and then the draws; one suit; three players),
 * five through the complete hands of 3k+2. */
Test(alloc, every_allocation_of_a_count_may_fail)
{
    static const struct {
        int tiles, players;
        unsigned flags;
    } cases[] = {
        {4, 4, 0}, {5, 4, 0}, {4, 4, MJT_STATS_ONE_SUIT}, {4, 3, 0}, {5, 3, 0}};

    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        counting x = {.tiles = cases[c].tiles, .flags = cases[c].flags};
        mjt_stats whole;
        mjt_rules_init(&x.rules, cases[c].players);
        cr_assert(eq(int,
                     mjt_stats_exact(test_tables(), &x.rules, x.tiles, x.flags,
                                     &whole, NULL, NULL),
                     MJT_OK));
        /* the n-th refused, or all from it on */
        long failed = test_refuse_each(count_once, &x, (int)(c % 2), "a count");
        cr_assert(same_sums(&x.s, &whole), "case %zu: another count", c);
        cr_log_info("alloc: case %zu: %ld allocations", c, failed);
        /* the tables' patterns, the parts' states, their joins */
        cr_assert(gt(long, failed, 5), "case %zu: %ld allocations", c, failed);
        test_no_leaks("a count refused");
    }
}

/* Every allocation of an enumeration may fail, in turn, as a count's: on
 * one thread, so that the hook counts one thread's calls at a time.  Four
 * players through the fast visit (its parts, lists and walkers: about a
 * hundred allocations, each refused alone, as refusing all after one
 * would find less and takes as long again) and through the queries, and
 * three players (both ways).  Ten seconds: in the exhaustive suite, out
 * of make unit's way. */
Test(exhaustive, every_allocation_of_an_enumeration_may_fail, .timeout = 300)
{
    static const struct {
        int tiles, players;
        unsigned flags;
        int modes; /* 1: refused alone; 3: alone, then with all after */
    } cases[] = {{4, 4, 0, 1}, {4, 4, MJT_ENUM_BY_QUERY, 3}, {4, 3, 0, 3}};

    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int once = 1; once >= 0; once--) {
            if (!(cases[c].modes >> (1 - once) & 1))
                continue;
            counting x;
            mjt_stats whole;
            memset(&x, 0, sizeof x);
            mjt_rules_init(&x.rules, cases[c].players);
            x.e = (mjt_enum){cases[c].tiles, &x.rules, cases[c].flags, 0, 0, 1,
                             NULL,           NULL};
            x.e.end = mjt_enum_size(x.e.tiles, &x.rules, x.e.flags);
            cr_assert(eq(int,
                         mjt_enumerate(test_tables(), &x.e, &whole, NULL, NULL),
                         MJT_OK));
            long failed =
                test_refuse_each(count_once, &x, once, "an enumeration");
            cr_assert(same_sums(&x.s, &whole), "case %zu: another sum", c);
            cr_log_info("alloc: enumeration case %zu: %ld allocations%s", c,
                        failed, once ? ", each alone" : "");
            cr_assert(gt(long, failed, 0), "case %zu", c);
            test_no_leaks("an enumeration refused");
        }
}

/* ==== A part of an enumeration, with a visitor ==== */

typedef struct seen {
    uint64_t first, end, hands, rank_sum;
    int bad;
} seen;

static int visitor(void *user, const uint8_t counts[MJT_KINDS], uint64_t rank,
                   const mjt_shanten_info *s)
{
    seen *v = user;
    mjt_shanten_info again;
    int n = 0;
    for (int k = 0; k < MJT_KINDS; k++)
        n += counts[k];
    if (rank < v->first || rank >= v->end || n != 13 ||
        mjt_shanten_counts(test_tables(), counts, &again) != MJT_OK ||
        again.overall != s->overall)
        v->bad = 1;
    /* the visitor runs on several threads: add atomically */
    __atomic_add_fetch(&v->hands, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&v->rank_sum, rank, __ATOMIC_RELAXED);
    return 0;
}

/* One part of the 13-tile hands, walked with a visitor on two threads:
 * each rank of the part once, its counts and shanten the hand's own
 * (tests/mjq/test_mjq.c compares its sums with mjq's part file). */
Test(enumerate, a_part_with_a_visitor, .timeout = 300)
{
    mjt_stats s;
    seen v = {0};
    mjt_enum e = {13, NULL, 0, 0, 0, 2, visitor, &v};

    cr_assert(eq(int,
                 mjt_enum_part(13, NULL, 0, 30001, 100000, &e.first, &e.end),
                 MJT_OK));
    v.first = e.first;
    v.end = e.end;
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL), MJT_OK));
    uint64_t n = e.end - e.first;
    cr_assert(eq(u64, v.hands, n));
    /* each rank once: their sum is that of first .. end - 1 */
    cr_assert(eq(u64, v.rank_sum, n * e.first + n * (n - 1) / 2));
    cr_assert(eq(int, v.bad, 0));
}

/* Parts of sizes within one of each other cover the whole, and their
 * results add up to the whole's. */
Test(enumerate, parts_add_up_to_the_whole)
{
    mjt_stats whole, sum, part;
    uint64_t last = 0;
    mjt_enum e = {4, NULL, 0, 0, 0, 1, NULL, NULL};

    e.end = mjt_enum_size(4, NULL, 0);
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &whole, NULL, NULL), MJT_OK));
    for (int k = 1; k <= 7; k++) {
        cr_assert(
            eq(int, mjt_enum_part(4, NULL, 0, k, 7, &e.first, &e.end), MJT_OK));
        cr_assert(eq(u64, e.first, last));
        last = e.end;
        cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &part, NULL, NULL),
                     MJT_OK));
        if (k == 1)
            sum = part;
        else
            cr_assert(eq(int, mjt_stats_add(&sum, &part), MJT_OK));
    }
    cr_assert(eq(u64, last, mjt_enum_size(4, NULL, 0)));
    cr_assert(same_sums(&sum, &whole));
    /* parts of another job are refused, and leave to alone */
    mjt_stats other = part;
    other.tiles = 5;
    cr_assert(eq(int, mjt_stats_add(&sum, &other), MJT_EINVAL));
    cr_assert(same_sums(&sum, &whole));
}

/* ==== Long work ==== */

typedef struct watch {
    uint64_t calls, last_done, total;
    int backwards;
    volatile int cancel;
    uint64_t cancel_after;
} watch;

static void progress(void *user, uint64_t done, uint64_t total)
{
    watch *w = user;
    if (done < w->last_done || done > total)
        w->backwards = 1;
    w->last_done = done;
    w->total = total;
    if (++w->calls == w->cancel_after)
        w->cancel = 1;
}

Test(work, progress_reaches_the_whole)
{
    watch w = {0};
    mjt_work work = {progress, &w, &w.cancel};
    mjt_stats s;
    mjt_enum e = {8, NULL, 0, 0, 0, 2, NULL, NULL};

    e.end = mjt_enum_size(8, NULL, 0);
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, &work, NULL), MJT_OK));
    cr_assert(eq(int, w.backwards, 0));
    cr_assert(eq(u64, w.last_done, e.end));
    cr_assert(eq(u64, w.total, e.end));
    w = (watch){0};
    cr_assert(eq(int,
                 mjt_stats_exact(test_tables(), NULL, 14, 0, &s, &work, NULL),
                 MJT_OK));
    cr_assert(eq(u64, w.last_done, w.total));
    cr_assert(gt(u64, w.calls, 1));
}

Test(work, a_cancel_stops_the_work)
{
    watch w = {0};
    mjt_work work = {progress, &w, &w.cancel};
    mjt_stats s;
    mjt_diag d;
    mjt_enum e = {10, NULL, 0, 0, 0, 2, NULL, NULL};

    w.cancel_after = 3;
    e.end = mjt_enum_size(10, NULL, 0);
    cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &s, &work, &d),
                 MJT_ECANCELED));
    cr_assert(eq(str, d.message, "stopped by the caller"));
    cr_assert(lt(u64, w.last_done, e.end));
    w = (watch){0};
    w.cancel = 1;
    cr_assert(eq(int,
                 mjt_stats_exact(test_tables(), NULL, 13, 0, &s, &work, NULL),
                 MJT_ECANCELED));
}

static int stop_at_once(void *user, const uint8_t counts[MJT_KINDS],
                        uint64_t rank, const mjt_shanten_info *s)
{
    (void)user, (void)counts, (void)rank, (void)s;
    return 1;
}

Test(work, a_visitor_stops_the_walk)
{
    mjt_stats s;
    mjt_enum e = {7, NULL, 0, 0, 0, 1, stop_at_once, NULL};
    e.end = mjt_enum_size(7, NULL, 0);
    cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL),
                 MJT_ECANCELED));
}

Test(work, arguments_out_of_range_are_refused)
{
    mjt_stats s;
    mjt_diag d;
    mjt_rules bad;
    mjt_rules_init(&bad, 4);
    bad.players = 5;
    mjt_enum e = {13, NULL, 0, 0, 1, 1, NULL, NULL};

    cr_assert(eq(int, mjt_stats_exact(test_tables(), NULL, 15, 0, &s, NULL, &d),
                 MJT_ECOUNT));
    cr_assert(eq(str, d.message, "15 tiles (a hand has 1 to 14)"));
    cr_assert(eq(int, mjt_stats_exact(test_tables(), NULL, 12, 0, &s, NULL, &d),
                 MJT_ECOUNT));
    cr_assert(eq(str, d.message, "12 tiles: the count must be 1 or 2 mod 3"));
    e.tiles = 9;
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, &d), MJT_ECOUNT));
    e.tiles = 13;
    cr_assert(eq(int, mjt_stats_exact(test_tables(), &bad, 13, 0, &s, NULL, &d),
                 MJT_EINVAL));
    cr_assert(eq(str, d.message, "rules: 5 players (a game has 3 or 4)"));
    cr_assert(eq(int, mjt_stats_exact(NULL, NULL, 13, 0, &s, NULL, NULL),
                 MJT_EINVAL));
    e.threads = 0;
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL), MJT_EINVAL));
    e.threads = 1;
    e.end = mjt_enum_size(13, NULL, 0) + 1;
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL), MJT_EINVAL));
    e.rules = &bad;
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL), MJT_EINVAL));
    cr_assert(eq(u64, mjt_enum_size(13, &bad, 0), 0));
    cr_assert(eq(u64, mjt_enum_size(15, NULL, 0), 0));
    cr_assert(eq(u64, mjt_enum_size(13, NULL, 4), 0));
    mjt_rules three;
    mjt_rules_init(&three, 3);
    cr_assert(eq(u64, mjt_enum_size(13, &three, MJT_STATS_ONE_SUIT), 0));
    uint64_t f, t;
    cr_assert(eq(int, mjt_enum_part(13, NULL, 0, 0, 4, &f, &t), MJT_EINVAL));
    cr_assert(eq(int, mjt_enum_part(13, NULL, 0, 5, 4, &f, &t), MJT_EINVAL));
}

/* ==== Dealing ==== */

Test(deal, a_seed_deals_the_same_hands_and_they_are_sets)
{
    mjt_dealer a, b;
    mjt_rules three;
    mjt_rules_init(&three, 3);

    cr_assert(eq(int, mjt_dealer_init(&a, 42, NULL, MJT_DEAL_RED), MJT_OK));
    cr_assert(eq(int, mjt_dealer_init(&b, 42, NULL, MJT_DEAL_RED), MJT_OK));
    int reds = 0;
    for (int i = 0; i < 2000; i++) {
        mjt_tiles x, y;
        cr_assert(eq(int, mjt_deal(&a, 14, &x), MJT_OK));
        cr_assert(eq(int, mjt_deal(&b, 14, &y), MJT_OK));
        cr_assert(eq(int, memcmp(&x, &y, sizeof x), 0));
        int n = 0;
        for (int k = 0; k < MJT_KINDS; k++) {
            cr_assert(le(int, x.counts[k], 4));
            n += x.counts[k];
        }
        cr_assert(eq(int, n, 14));
        for (int s = 0; s < 3; s++) {
            cr_assert(le(int, x.red[s], 1));
            reds += x.red[s];
        }
    }
    cr_assert(gt(int, reds, 0));
    /* three players: no 2m to 8m, no red 5m */
    cr_assert(eq(int, mjt_dealer_init(&a, 7, &three, MJT_DEAL_RED), MJT_OK));
    for (int i = 0; i < 500; i++) {
        mjt_tiles x;
        cr_assert(eq(int, mjt_deal(&a, 13, &x), MJT_OK));
        for (int k = 1; k <= 7; k++)
            cr_assert(eq(int, x.counts[k], 0));
        cr_assert(eq(int, x.red[0], 0));
    }
    cr_assert(eq(int, mjt_deal(&a, 15, NULL), MJT_EINVAL));
    mjt_tiles x;
    cr_assert(eq(int, mjt_deal(&a, 15, &x), MJT_ECOUNT));
    cr_assert(eq(int, mjt_dealer_init(&a, 7, NULL, 2), MJT_EINVAL));
}

/* ==== Rules ==== */

Test(rules, defaults_and_checks)
{
    mjt_rules r;
    mjt_diag d;

    mjt_rules_init(&r, 4);
    cr_assert(eq(int, r.players, 4));
    cr_assert(eq(int, r.red[0] + r.red[1] + r.red[2], 3));
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_OK));
    mjt_rules_init(&r, 3);
    cr_assert(eq(int, r.red[0], 0));
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_OK));
    r.red[0] = 1;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    cr_assert(eq(str, d.message,
                 "rules: 1 red fives of m (three players have no 5m)"));
    mjt_rules_init(&r, 4);
    r.red[1] = 5;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    cr_assert(
        eq(str, d.message, "rules: 5 red fives of p (a suit has 4 fives)"));
    mjt_rules_init(&r, 4);
    r.open_tanyao = 2;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    cr_assert(eq(str, d.message, "rules: open_tanyao is 2 (0 or 1)"));
    mjt_rules_init(&r, 4);
    r.double_wind_fu = 3;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    mjt_rules_init(&r, 4);
    r.reserved_[19] = 1;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    mjt_rules_init(&r, 4);
    cr_assert(eq(int, r.pao, 1));
    r.pao = 2;
    cr_assert(eq(int, mjt_rules_check(&r, &d), MJT_EINVAL));
    cr_assert(eq(str, d.message, "rules: pao is 2 (0 or 1)"));
    cr_assert(eq(int, mjt_rules_check(NULL, &d), MJT_EINVAL));
}

/* ==== Threads and stops ==== */

typedef struct counter {
    uint64_t visits, after_stop;
    uint64_t stop_at;
    volatile int cancel;
    uint64_t progress_calls, last_done;
    int backwards;
} counter;

static int count_and_stop(void *user, const uint8_t counts[MJT_KINDS],
                          uint64_t rank, const mjt_shanten_info *s)
{
    counter *c = user;
    (void)counts, (void)rank, (void)s;
    uint64_t n = __atomic_add_fetch(&c->visits, 1, __ATOMIC_RELAXED);
    if (n > c->stop_at)
        __atomic_add_fetch(&c->after_stop, 1, __ATOMIC_RELAXED);
    return n == c->stop_at;
}

/* A visitor's stop stops every thread within a few thousand hands each. */
Test(work, a_visitor_stop_stops_every_thread)
{
    counter c = {0};
    mjt_stats s;
    mjt_enum e = {10, NULL, 0, 0, 0, 4, count_and_stop, &c};

    c.stop_at = 1000;
    e.end = mjt_enum_size(10, NULL, 0);
    cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL),
                 MJT_ECANCELED));
    cr_assert(lt(u64, c.after_stop, 4 * 4096), "%llu visits after the stop",
              (unsigned long long)c.after_stop);
}

static void cancel_at_once(void *user, uint64_t done, uint64_t total)
{
    counter *c = user;
    (void)total;
    if (done < c->last_done)
        c->backwards = 1;
    c->last_done = done;
    c->progress_calls++;
    c->cancel = 1;
}

/* Through the queries, chunks are small: a cancel at the first progress
 * call stops the walk long before its end. */
Test(work, a_cancel_stops_the_query_walk_soon, .timeout = 120)
{
    counter c = {0};
    mjt_stats s;
    mjt_enum e = {13, NULL, MJT_ENUM_BY_QUERY, 0, 0, 2, count_and_stop, &c};
    mjt_work work = {cancel_at_once, &c, &c.cancel};

    c.stop_at = UINT64_MAX;
    cr_assert(eq(int, mjt_enum_part(13, NULL, 0, 1, 10000, &e.first, &e.end),
                 MJT_OK));
    cr_assert(eq(int, mjt_enumerate(test_tables(), &e, &s, &work, NULL),
                 MJT_ECANCELED));
    cr_assert(lt(u64, c.visits, 3u << 20), "%llu of %llu hands visited",
              (unsigned long long)c.visits,
              (unsigned long long)(e.end - e.first));
}

static void watch_order(void *user, uint64_t done, uint64_t total)
{
    counter *c = user;
    if (done < c->last_done || done > total)
        c->backwards = 1;
    c->last_done = done;
    c->progress_calls++;
}

/* Progress rises and ends at the whole, on many threads. */
Test(work, progress_rises_on_many_threads)
{
    counter c = {0};
    mjt_stats s;
    mjt_enum e = {7, NULL, 0, 0, 0, 16, NULL, NULL};
    mjt_work work = {watch_order, &c, NULL};

    e.end = mjt_enum_size(7, NULL, 0);
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, &work, NULL), MJT_OK));
    cr_assert(eq(int, c.backwards, 0));
    cr_assert(eq(u64, c.last_done, e.end));
    cr_assert(gt(u64, c.progress_calls, 16));
}
