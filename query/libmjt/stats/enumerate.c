/* SPDX-License-Identifier: MIT */
/*
 * mjq enumerate: the counts of mjq stats by the other route, one hand at
 * a time through the public queries: every count vector of N tiles (at
 * most 4 of a kind) in lexicographic order, each weighed as stats weighs
 * it, its shanten from mjt_shanten_counts, its effective tiles from
 * mjt_ukeire and, when tenpai, the form each draw completes from the
 * shanten of the hand plus that tile.  It shares nothing with stats.c but
 * the result's layout and its printing, so the two agreeing checks both.
 *
 * Threads take the range in chunks, 64 a thread, the next free one each
 * time (hands cost more or less from one region of ranks to the next, so
 * equal halves would leave a thread idle), and each tallies into its own
 * result; the results are added at the end.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"
#include "visit.h"

/* The sets of `tiles` tiles on `kinds` kinds, in mjq rank's order: count
 * vectors ascending, the first kind most significant.  ways[k][t] counts
 * the sets of t tiles on k kinds (sets_table); kind[k] is the tile of
 * kind k (the first kinds, or the 27 of three players). */
typedef struct space {
    int kinds, tiles;
    uint8_t kind[MJT_KINDS];
    uint64_t ways[MJT_KINDS + 1][15];
} space;

/* The indexes [first, end) in `chunks` chunks; next is the next free. */
typedef struct job {
    uint64_t first, end, chunks;
    atomic_uint_fast64_t next;
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
    uint64_t kinds = stats_kinds(w->players);
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

static void visit(worker *w, uint8_t *c, u128 dealt)
{
    stats_result *r = w->r;
    mjt_shanten_info s;

    if (mjt_shanten_counts_players(w->t, c, w->players, &s) != MJT_OK) {
        w->failed = 1;
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
    if (mjt_hand_from_counts(&h, c, NULL) != MJT_OK ||
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

void sets_table(uint64_t ways[MJT_KINDS + 1][15])
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
    uint64_t of = kinds == 27 ? stats_kinds(3) : stats_kinds(4);
    sp->kinds = kinds;
    sp->tiles = tiles;
    for (int i = 0, k = 0; i < MJT_KINDS && k < kinds; i++)
        if (of >> i & 1)
            sp->kind[k++] = (uint8_t)i;
    sets_table(sp->ways);
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
        if (visit_range(w->fast, w->tiles, w->sp->kinds == 9, first, end,
                        w->r) != 0)
            w->failed = 1;
        return;
    }
    set_at(w->sp, first, c);
    for (uint64_t i = first; i < end && !w->failed; i++) {
        u128 dealt = 1;
        uint8_t all[MJT_KINDS] = {0};
        for (int k = 0; k < w->sp->kinds; k++) {
            dealt *= (u128)c4[c[k]];
            all[w->sp->kind[k]] = c[k];
        }
        visit(w, all, dealt);
        if (i + 1 < end && !set_next(c, w->sp->kinds))
            w->failed = 1;
    }
}

static void *work(void *arg)
{
    worker *w = arg;
    job *j = w->job;

    for (uint64_t k;
         !w->failed && (k = atomic_fetch_add(&j->next, 1)) < j->chunks;) {
        u128 span = j->end - j->first;
        visit_all(w, j->first + (uint64_t)(span * k / j->chunks),
                  j->first + (uint64_t)(span * (k + 1) / j->chunks));
    }
    return NULL;
}

static void add_result(stats_result *to, const stats_result *from)
{
    /* every field but tiles and states is an array of u128 sums */
    const u128 *f = (const u128 *)&from->total;
    u128 *t = (u128 *)&to->total;
    size_t n = (sizeof *to - offsetof(stats_result, total)) / sizeof(u128);
    for (size_t i = 0; i < n; i++)
        t[i] += f[i];
}

/* The indexes [*first, *end) of part `part` of `parts` (1-based) of the
 * sets of sp. */
void enumerate_range(int kinds, int tiles, int part, int parts, uint64_t *first,
                     uint64_t *end)
{
    space sp;
    space_init(&sp, kinds, tiles);
    u128 all = sp.ways[kinds][tiles];
    *first = (uint64_t)(all * (u128)(part - 1) / (u128)parts);
    *end = (uint64_t)(all * (u128)part / (u128)parts);
}

int cli_enumerate(int argc, char **argv, cli_globals *g)
{
    stats_opts o;
    int done, rc = stats_parse(argc, argv, g, "enumerate", &o, &done);
    worker w[64];
    pthread_t tid[64];
    int started = 0, failed = 0;
    mjt_tables *t;
    mjt_diag diag;
    space sp;
    uint64_t first, end;

    if (rc != 0 || done)
        return rc;
    if (o.players == 3) /* the fast visit joins four-player parts */
        o.by_query = 1;
    visit_data *fast = NULL;
    t = NULL;
    if (o.by_query && mjt_tables_open(&t, o.tables, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    if (!o.by_query) {
        mjt__tfile *f;
        mjt__diag d;
        if (mjt__tfile_open(&f, o.tables, &d) != MJT_OK)
            return cli_tables_error(d.code, d.message);
        rc = visit_load(f, o.tables, &fast, &d);
        mjt__tfile_close(f);
        if (rc != MJT_OK) {
            fprintf(stderr, "%s: enumerate: %s\n", cli_prog, d.message);
            return 1;
        }
    }
    stats_result *r = calloc((size_t)o.jobs + 1, sizeof *r);
    if (r == NULL) {
        visit_free(fast);
        mjt_tables_close(t);
        fprintf(stderr, "%s: enumerate: out of memory\n", cli_prog);
        return 1;
    }
    int kinds = o.one_suit ? 9 : o.players == 3 ? 27 : MJT_KINDS;
    space_init(&sp, kinds, o.tiles);
    enumerate_range(kinds, o.tiles, o.parts ? o.part : 1, o.parts ? o.parts : 1,
                    &first, &end);
    job j;
    j.first = first;
    j.end = end;
    j.chunks = 64 * (uint64_t)o.jobs;
    if (j.chunks > end - first)
        j.chunks = end - first > 0 ? end - first : 1;
    atomic_init(&j.next, 0);
    for (int k = 0; k < o.jobs; k++) {
        w[k] = (worker){fast, t, &sp, o.tiles, 0, o.players, &j, &r[k + 1]};
        if (pthread_create(&tid[k], NULL, work, &w[k]) != 0)
            break;
        started++;
    }
    for (int k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        failed |= w[k].failed;
        add_result(&r[0], &r[k + 1]);
    }
    r[0].tiles = o.tiles;
    r[0].one_suit = o.one_suit;
    r[0].players = o.players;
    if (started < o.jobs || failed) {
        fprintf(stderr, "%s: enumerate: %s\n", cli_prog,
                failed ? "a query failed" : "cannot start the threads");
        rc = 1;
    } else if (o.parts) {
        parts_write(&r[0], o.part, o.parts, first, end);
    } else {
        stats_print(&r[0], o.count, o.json);
    }
    free(r);
    visit_free(fast);
    mjt_tables_close(t);
    return rc;
}
