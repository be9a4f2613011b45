/* SPDX-License-Identifier: MIT */
/*
 * mjt_enumerate: the counts of mjt_stats_exact by the other route, every
 * count vector of N tiles (at most 4 of a kind) of a rank range, each
 * weighed as the statistics weigh it.  Two walks: the fast visit
 * (visit.c), which joins the tables' records itself, and the walk through
 * the public queries (mjt_shanten_counts, mjt_ukeire and, when tenpai,
 * the form each draw completes from the shanten of the hand plus that
 * tile), which three-player hands and a caller's visitor take.
 *
 * Threads take the range in chunks, the next free one each time (hands
 * cost more or less from one region of ranks to the next, so equal halves
 * would leave a thread idle), and each tallies into its own result; the
 * results are added at the end.  Chunks are small enough that progress
 * and a cancel are seen about every second.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "stats.h"

/* The sets of `tiles` tiles on `kinds` kinds, in mjq rank's order: count
 * vectors ascending, the first kind most significant.  ways[k][t] counts
 * the sets of t tiles on k kinds (sets_table); kind[k] is the tile of
 * kind k (the first kinds, or the 27 of three players). */
typedef struct space {
    int kinds, tiles;
    uint8_t kind[MJT_KINDS];
    uint64_t ways[MJT_KINDS + 1][15];
} space;

/* The indexes [first, end) in `chunks` chunks; next is the next free,
 * done the hands of the chunks finished, stop set when a thread failed or
 * the caller cancelled.  lock orders the progress calls. */
typedef struct job {
    uint64_t first, end, chunks;
    atomic_uint_fast64_t next;
    uint64_t done; /* under lock */
    atomic_int stop;
    const mjt_work *work;
    const mjt_enum *e;
    pthread_mutex_t lock;
} job;

typedef struct worker {
    const visit_data *fast; /* the fast visit's data, or NULL */
    const mjt_tables *t;
    const space *sp;
    int tiles, failed, players;
    job *job;
    stats_result *r;
} worker;

static const int c4[5] = {1, 4, 6, 4, 1};

/* The forms a drawn tile completes, for a tenpai 3k+1 hand. */
static void waits_of(worker *w, uint8_t *c, u128 dealt)
{
    uint64_t kinds = mjt__stats_kinds(w->players);
    for (int k = 0; k < MJT_KINDS; k++) {
        mjt_shanten_info s;
        if (c[k] == 4 || !(kinds >> k & 1))
            continue;
        c[k]++;
        int rc = mjt_shanten_counts_players(w->t, c, w->players, &s);
        c[k]--;
        if (rc != MJT_OK) {
            w->failed = 1;
            return;
        }
        int won[3] = {s.standard == -1, s.chiitoitsu == -1, s.kokushi == -1};
        for (int f = 0; f < 3; f++)
            if (won[f]) {
                w->r->waiting[k][0][f] += dealt;
                w->r->waiting[k][1][f] += 1;
            }
    }
}

static void visit(worker *w, uint8_t *c, u128 dealt, uint64_t rank)
{
    stats_result *r = w->r;
    const mjt_enum *e = w->job->e;
    mjt_shanten_info s;

    if (mjt_shanten_counts_players(w->t, c, w->players, &s) != MJT_OK) {
        w->failed = 1;
        return;
    }
    if (e->visit != NULL && e->visit(e->user, c, rank, &s) != 0) {
        w->failed = MJT_ECANCELED;
        atomic_store(&w->job->stop, 1); /* the other threads stop too */
        return;
    }
    int sh[4] = {s.standard, s.chiitoitsu, s.kokushi, s.overall};
    u128 wt[2] = {dealt, 1};
    for (int x = 0; x < 2; x++) {
        for (int f = 0; f < 4; f++)
            if (sh[f] != MJT_SHANTEN_NONE)
                r->dist[x][f][sh[f] + 1] += wt[x];
        r->total[x] += wt[x];
        r->shanten_sum[x] += wt[x] * (u128)(sh[3] + 1);
    }
    if (w->tiles % 3 == 2) {
        int comp = (s.standard == -1) | (s.chiitoitsu == -1) << 1 |
                   (s.kokushi == -1) << 2;
        r->complete[0][comp] += dealt;
        r->complete[1][comp] += 1;
        return;
    }
    mjt_hand h;
    mjt_ukeire_info u;
    if (mjt_hand_from_counts(&h, c, NULL, NULL) != MJT_OK ||
        mjt_hand_set_players(&h, w->players, NULL) != MJT_OK ||
        mjt_ukeire(w->t, &h, NULL, &u) != MJT_OK) {
        w->failed = 1;
        return;
    }
    r->ukeire_sum[0] += dealt * (u128)u.count;
    r->ukeire_sum[1] += (u128)u.count;
    if (s.overall == 0)
        waits_of(w, c, dealt);
}

/* ==== Rank ranges ==== */

void mjt__sets_table(uint64_t ways[MJT_KINDS + 1][15])
{
    for (int t = 0; t <= 14; t++)
        ways[0][t] = t == 0;
    for (int k = 1; k <= MJT_KINDS; k++)
        for (int t = 0; t <= 14; t++) {
            ways[k][t] = 0;
            for (int c = 0; c <= 4 && c <= t; c++)
                ways[k][t] += ways[k - 1][t - c];
        }
}

/* The space of `kinds` kinds: 27 are those of three players, any other
 * number the first ones. */
static void space_init(space *sp, int kinds, int tiles)
{
    uint64_t of = kinds == 27 ? mjt__stats_kinds(3) : mjt__stats_kinds(4);
    sp->kinds = kinds;
    sp->tiles = tiles;
    for (int i = 0, k = 0; i < MJT_KINDS && k < kinds; i++)
        if (of >> i & 1)
            sp->kind[k++] = (uint8_t)i;
    mjt__sets_table(sp->ways);
}

/* The set at index into c. */

static void set_at(const space *sp, uint64_t index, uint8_t *c)
{
    memset(c, 0, MJT_KINDS);
    for (int k = 0, left = sp->tiles; k < sp->kinds; k++) {
        const uint64_t *after = sp->ways[sp->kinds - k - 1];
        while (c[k] < 4 && c[k] < left && index >= after[left - c[k]]) {
            index -= after[left - c[k]];
            c[k]++;
        }
        left -= c[k];
    }
}

/* Step c to the next set; 0 when it was the last.  The next one raises
 * the last kind that can take a tile from the kinds after it, and puts
 * what is left of those as far back as it goes (the smallest way). */
static int set_next(uint8_t *c, int kinds)
{
    int after = 0;
    for (int i = kinds - 1; i >= 0; i--) {
        if (c[i] < 4 && after > 0) {
            c[i]++;
            after--;
            for (int k = kinds - 1; k > i; k--) {
                c[k] = (uint8_t)(after < 4 ? after : 4);
                after -= c[k];
            }
            return 1;
        }
        after += c[i];
        c[i] = 0;
    }
    return 0;
}

/* Tally the indexes [first, end). */
static void visit_all(worker *w, uint64_t first, uint64_t end)
{
    uint8_t c[MJT_KINDS];

    if (w->fast != NULL) {
        if (mjt__visit_range(w->fast, w->tiles, w->sp->kinds == 9, first, end,
                             w->r) != 0)
            w->failed = MJT_ENOMEM;
        return;
    }
    set_at(w->sp, first, c);
    for (uint64_t i = first; i < end && !w->failed; i++) {
        /* a stop (another thread failed, the caller cancelled) is seen
         * within a few thousand hands */
        if ((i & 4095) == 0 &&
            (atomic_load(&w->job->stop) || mjt__work_cancelled(w->job->work))) {
            w->failed = w->failed ? w->failed : MJT_ECANCELED;
            return;
        }
        u128 dealt = 1;
        uint8_t all[MJT_KINDS] = {0};
        for (int k = 0; k < w->sp->kinds; k++) {
            dealt *= (u128)c4[c[k]];
            all[w->sp->kind[k]] = c[k];
        }
        visit(w, all, dealt, i);
        if (i + 1 < end && !set_next(c, w->sp->kinds))
            w->failed = 1;
    }
}

static void *work(void *arg)
{
    worker *w = arg;
    job *j = w->job;

    for (uint64_t k; !atomic_load(&j->stop) &&
                     (k = atomic_fetch_add(&j->next, 1)) < j->chunks;) {
        u128 span = j->end - j->first;
        uint64_t lo = j->first + (uint64_t)(span * k / j->chunks);
        uint64_t hi = j->first + (uint64_t)(span * (k + 1) / j->chunks);
        assert(lo <= hi && hi <= j->end);
        visit_all(w, lo, hi);
        if (w->failed || mjt__work_cancelled(j->work)) {
            atomic_store(&j->stop, 1);
            break;
        }
        /* counted and reported under one lock, so that the calls rise
         * and the last one is the whole */
        pthread_mutex_lock(&j->lock);
        j->done += hi - lo;
        if (j->work != NULL && j->work->progress != NULL)
            j->work->progress(j->work->user, j->done, j->end - j->first);
        pthread_mutex_unlock(&j->lock);
    }
    return NULL;
}

/* ==== The public calls ==== */

/* The kinds of a walk: the manzu alone, the 27 of three players, all. */
static int space_kinds(int players, unsigned flags)
{
    return flags & MJT_STATS_ONE_SUIT ? 9 : players == 3 ? 27 : MJT_KINDS;
}

/* players of rules (NULL: 4), or 0 when they are not a ruleset we play;
 * flags must be known, and one suit is a four-player question. */
static int players_of(const mjt_rules *rules, unsigned flags, unsigned known)
{
    int players = rules == NULL ? 4 : rules->players;
    if (rules != NULL && mjt_rules_check(rules, NULL) != MJT_OK)
        return 0;
    if ((flags & ~known) != 0 || ((flags & MJT_STATS_ONE_SUIT) && players != 4))
        return 0;
    return players;
}

#define ENUM_FLAGS (MJT_STATS_ONE_SUIT | MJT_ENUM_BY_QUERY)

uint64_t mjt_enum_size(int tiles, const mjt_rules *rules, unsigned flags)
{
    int players = players_of(rules, flags, ENUM_FLAGS);
    space sp;

    if (players == 0 || tiles < 0 || tiles > 14)
        return 0;
    space_init(&sp, space_kinds(players, flags), tiles);
    return sp.ways[sp.kinds][tiles];
}

int mjt_enum_part(int tiles, const mjt_rules *rules, unsigned flags, int part,
                  int parts, uint64_t *first, uint64_t *end)
{
    uint64_t all = mjt_enum_size(tiles, rules, flags);

    if (first == NULL || end == NULL || parts < 1 || part < 1 || part > parts ||
        players_of(rules, flags, ENUM_FLAGS) == 0 || tiles < 0 || tiles > 14)
        return MJT_EINVAL;
    *first = (uint64_t)((u128)all * (u128)(part - 1) / (u128)parts);
    *end = (uint64_t)((u128)all * (u128)part / (u128)parts);
    return MJT_OK;
}

/* Run the threads of j over sp into r[0] (r[1..threads] theirs). */
static int run(const mjt_tables *t, const visit_data *fast, const space *sp,
               int players, int threads, job *j, stats_result *r)
{
    worker w[64];
    pthread_t tid[64];
    int started = 0, failed = 0;

    for (int k = 0; k < threads; k++) {
        w[k] = (worker){fast, t, sp, sp->tiles, 0, players, j, &r[k + 1]};
        if (pthread_create(&tid[k], NULL, work, &w[k]) != 0) {
            atomic_store(&j->stop, 1);
            break;
        }
        started++;
    }
    for (int k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        /* the cause, rather than the threads it stopped */
        if (w[k].failed != 0 && (failed == 0 || failed == MJT_ECANCELED))
            failed = w[k].failed;
        mjt__stats_sum(&r[0], &r[k + 1]);
    }
    if (started < threads)
        return MJT_ENOMEM;
    if (failed != 0)
        return failed == MJT_ECANCELED ? MJT_ECANCELED
               : failed < 0            ? failed
                                       : MJT_EINVAL;
    return mjt__work_cancelled(j->work) ? MJT_ECANCELED : MJT_OK;
}

int mjt_enumerate(const mjt_tables *t, const mjt_enum *e, mjt_stats *out,
                  const mjt_work *work, mjt_diag *diag)
{
    mjt__diag d = {0, 0, -1, ""};
    int players = e == NULL ? 0 : players_of(e->rules, e->flags, ENUM_FLAGS);
    visit_data *fast = NULL;
    stats_result *r = NULL;
    int rc;

    if (t == NULL || out == NULL || players == 0) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "%s",
                      e == NULL || players != 0
                          ? "NULL argument"
                          : "rules or flags out of range");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    if (!mjt__stats_tiles_ok(e->tiles)) {
        mjt__stats_tiles_error(&d, e->tiles);
        return mjt__diag_out(diag, &d, MJT_ECOUNT);
    }
    uint64_t all = mjt_enum_size(e->tiles, e->rules, e->flags);
    if (e->first > e->end || e->end > all || e->threads < 1 ||
        e->threads > 64) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "%s out of range",
                      e->threads < 1 || e->threads > 64 ? "threads" : "ranks");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    /* the fast visit joins four-player parts and visits no hand itself */
    int by_query =
        (e->flags & MJT_ENUM_BY_QUERY) || players == 3 || e->visit != NULL;
    rc = MJT_ENOMEM;
    if ((!by_query && mjt__visit_load(t, &fast) != MJT_OK) ||
        (r = mjt__calloc((size_t)e->threads + 1, sizeof *r)) == NULL)
        goto out;
    space sp;
    space_init(&sp, space_kinds(players, e->flags), e->tiles);
    job j;
    j.first = e->first;
    j.end = e->end;
    /* 64 chunks a thread, and none of more than about a second's hands
     * (2^26 by the fast visit, 2^20 through the queries), so that
     * progress is seen */
    j.chunks = 64 * (uint64_t)e->threads;
    int shift = by_query ? 20 : 26;
    if (j.chunks < (j.end - j.first) >> shift)
        j.chunks = (j.end - j.first) >> shift;
    if (j.chunks > j.end - j.first)
        j.chunks = j.end - j.first > 0 ? j.end - j.first : 1;
    atomic_init(&j.next, 0);
    j.done = 0;
    atomic_init(&j.stop, 0);
    j.work = work;
    j.e = e;
    pthread_mutex_init(&j.lock, NULL);
    rc = run(t, fast, &sp, players, e->threads, &j, r);
    pthread_mutex_destroy(&j.lock);
    r[0].tiles = e->tiles;
    r[0].one_suit = (e->flags & MJT_STATS_ONE_SUIT) != 0;
    r[0].players = players;
    if (rc == MJT_OK)
        mjt__stats_export(&r[0], out);
out:
    if (rc != MJT_OK)
        mjt__diag_set(&d, rc, -1, "%s",
                      rc == MJT_ECANCELED ? "stopped by the caller"
                      : rc == MJT_ENOMEM  ? "out of memory"
                                          : "a query failed");
    free(r);
    mjt__visit_free(fast);
    return mjt__diag_out(diag, &d, rc);
}
