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
 * Threads split the hands by the counts of the first two kinds (25
 * shares, thread k taking shares k, k + N, ...) and each tallies into its
 * own result; the results are added at the end.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

typedef struct worker {
    const mjt_tables *t;
    int tiles, kinds, k, n, failed; /* kinds: 9 for one suit, else 34 */
    stats_result *r;
} worker;

static const int c4[5] = {1, 4, 6, 4, 1};

/* The forms a drawn tile completes, for a tenpai 3k+1 hand. */
static void waits_of(worker *w, uint8_t *c, u128 dealt)
{
    for (int k = 0; k < MJT_KINDS; k++) {
        mjt_shanten_info s;
        if (c[k] == 4)
            continue;
        c[k]++;
        int rc = mjt_shanten_counts(w->t, c, &s);
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

    if (mjt_shanten_counts(w->t, c, &s) != MJT_OK) {
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
        mjt_ukeire(w->t, &h, NULL, &u) != MJT_OK) {
        w->failed = 1;
        return;
    }
    r->ukeire_sum[0] += dealt * (u128)u.count;
    r->ukeire_sum[1] += (u128)u.count;
    if (s.overall == 0)
        waits_of(w, c, dealt);
}

/* Every way to give kinds `kind` on `left` more tiles. */
static void walk(worker *w, uint8_t *c, int kind, int left, u128 dealt)
{
    if (left == 0) {
        visit(w, c, dealt);
        return;
    }
    if (kind == w->kinds || left > 4 * (w->kinds - kind))
        return;
    for (int n = 0; n <= 4 && n <= left && !w->failed; n++) {
        c[kind] = (uint8_t)n;
        walk(w, c, kind + 1, left - n, dealt * (u128)c4[n]);
    }
    c[kind] = 0;
}

static void *work(void *arg)
{
    worker *w = arg;
    uint8_t c[MJT_KINDS] = {0};

    for (int share = w->k; share < 25; share += w->n) {
        int a = share / 5, b = share % 5;
        if (a + b > w->tiles)
            continue;
        c[0] = (uint8_t)a;
        c[1] = (uint8_t)b;
        walk(w, c, 2, w->tiles - a - b, (u128)c4[a] * (u128)c4[b]);
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

int cli_enumerate(int argc, char **argv, cli_globals *g)
{
    stats_opts o;
    int done, rc = stats_parse(argc, argv, g, "enumerate", &o, &done);
    worker w[64];
    pthread_t tid[64];
    int started = 0, failed = 0;
    mjt_tables *t;
    mjt_diag diag;

    if (rc != 0 || done)
        return rc;
    if (mjt_tables_open(&t, o.tables, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    stats_result *r = calloc((size_t)o.jobs + 1, sizeof *r);
    if (r == NULL) {
        mjt_tables_close(t);
        fprintf(stderr, "%s: enumerate: out of memory\n", cli_prog);
        return 1;
    }
    for (int k = 0; k < o.jobs; k++) {
        w[k] = (worker){t, o.tiles,  o.one_suit ? 9 : MJT_KINDS, k, o.jobs,
                        0, &r[k + 1]};
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
    if (started < o.jobs || failed) {
        fprintf(stderr, "%s: enumerate: %s\n", cli_prog,
                failed ? "a query failed" : "cannot start the threads");
        rc = 1;
    } else {
        stats_print(&r[0], o.count, o.json);
    }
    free(r);
    mjt_tables_close(t);
    return rc;
}
