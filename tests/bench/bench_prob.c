/* SPDX-License-Identifier: MIT */
/*
 * The wall model's benchmark: the per-discard table of a 14-tile hand,
 * T = 17, one core, from the text line a player types (parse and ask,
 * inside the clock), the median over N hands of each shanten 1 to 6 dealt
 * from a shuffled wall (fixed seed).  Each group runs in a child process
 * of its own, so that its peak memory (VmHWM less the resident size it
 * started with, the opened tables included in neither) is its own.
 *
 *   bench_prob TABLES N OUTDIR [MAXS]
 *
 * Prints `BENCH prob.VARIANT.sS value unit` lines: the median (a refused
 * hand in it, above every answer; none when it would be a refused one),
 * the largest answer's time, and the peak memory of each group (the
 * expect variants: the expected-score table, mjt_expect_discards, in the
 * default situation; `.seen`: with 14 tiles of another wall seen, as by
 * the middle of a hand), and the answers refused for the budget (256 MiB;
 * the slow groups, below, 1 second too).  Writes
 * the hands of shanten S to OUTDIR/hands.S, and for each the best
 * discards (every discard within 1e-12 of the best) of forward play and
 * of exchange to OUTDIR/best.forward.S and OUTDIR/best.exchange.S, for
 * the comparison with a peer (scripts/bench.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mjt.h"
#include "bench.h"
#include "helpers.h"

#define MAX_S 6

/* A line of /proc/self/status in kB (VmRSS, VmHWM), or -1. */
static long status_kb(const char *field)
{
    char line[256];
    long v = -1;
    size_t n = strlen(field);
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (!strncmp(line, field, n) && line[n] == ':') {
            v = atol(line + n + 1);
            break;
        }
    fclose(f);
    return v;
}

static char hands[MAX_S + 1][1000][24];
static uint8_t seen[MAX_S + 1][1000][MJT_KINDS];
static int nhands, maxs = MAX_S;

/* Deal 14-tile hands until each shanten 1..6 has nhands, and for each
 * the tiles a player has seen by the middle of a hand: 14 more off
 * another wall (a dealer of its own, so that the hands are the same with
 * or without them), as many of each kind as the hand leaves room for. */
static void deal_hands(const mjt_tables *t)
{
    mjt_dealer d, o;
    int have[MAX_S + 1] = {0}, full = 0;

    mjt_dealer_init(&d, 20261125, NULL, 0);
    mjt_dealer_init(&o, 20261129, NULL, 0);
    while (full < MAX_S) {
        mjt_tiles c, more;
        mjt_shanten_info s;
        mjt_deal(&d, 14, &c);
        if (mjt_shanten_counts(t, c.counts, &s) != MJT_OK || s.overall < 1 ||
            s.overall > MAX_S || have[s.overall] == nhands)
            continue;
        mjt_hand h;
        int i = have[s.overall];
        mjt_hand_from_counts(&h, c.counts, NULL, NULL);
        mjt_hand_format(&h, hands[s.overall][i], 24);
        mjt_deal(&o, 14, &more);
        test_seen_of(c.counts, more.counts, 1, seen[s.overall][i]);
        if (++have[s.overall] == nhands)
            full++;
    }
}

/* A variant of the question, timed on the hands of shanten 1 to maxs.
 * From shanten slow on, it is asked with a 1-second budget on the first
 * tenth of the hands only: what matters there is that it answers or
 * refuses, never crashes. */
typedef struct variant {
    const char *name;
    int moves;
    unsigned flags;
    int work; /* a workspace kept from one hand to the next */
    int maxs, slow;
    int expect; /* the expected-score table (mjt_expect_discards) */
    int seen;   /* with the tiles seen by the middle of a hand */
} variant;

static const variant variants[] = {
    {"forward.keep", MJT_FORWARD, MJT_PROB_KEEPING, 1, 6, 7, 0, 0},
    {"forward.keep.seen", MJT_FORWARD, MJT_PROB_KEEPING, 1, 4, 7, 0, 1},
    {"forward.keep.fresh", MJT_FORWARD, MJT_PROB_KEEPING, 0, 4, 7, 0, 0},
    {"forward.keep.curves", MJT_FORWARD, MJT_PROB_KEEPING | MJT_PROB_CURVES, 1,
     4, 7, 0, 0},
    {"forward.table", MJT_FORWARD, 0, 1, 4, 4, 0, 0},
    {"exchange.keep", MJT_EXCHANGE, MJT_PROB_KEEPING, 1, 6, 4, 0, 0},
    {"back.keep", MJT_BACK, MJT_PROB_KEEPING, 1, 6, 3, 0, 0},
    {"expect.keep", MJT_FORWARD, MJT_PROB_KEEPING, 1, 4, 5, 1, 0},
    {"expect.table", MJT_FORWARD, 0, 1, 4, 4, 1, 0},
    {"expect.exchange.keep", MJT_EXCHANGE, MJT_PROB_KEEPING, 1, 3, 3, 1, 0},
};

/* One group (variant v, shanten s) in this process: its BENCH lines, and
 * the forward play's best discards into best (NULL: none). */
static void group(const mjt_tables *t, const variant *v, int s, FILE *best)
{
    static double ms[1000];
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    mjt_expect_row erows[MJT_MAX_DISCARDS];
    mjt_prob_opts o;
    int n = nhands, answered = 0, refused = 0;
    long rss0 = status_kb("VmRSS");

    mjt_prob_opts_init(&o);
    o.draws = 17;
    o.moves = v->moves;
    o.flags = v->flags;
    o.work = v->work ? mjt_prob_work_create() : NULL;
    if (s >= v->slow) {
        o.time_ms = 1000;
        n = nhands / 10 > 0 ? nhands / 10 : 1;
    }
    for (int i = 0; i < n; i++) {
        const char *text = hands[s][i];
        const uint8_t *vis = v->seen ? seen[s][i] : NULL;
        mjt_hand h;
        size_t len;
        double t0 = 1e3 * bench_now();
        int rc = mjt_hand_parse(&h, text, strlen(text), NULL, NULL);
        if (rc == MJT_OK && v->expect) /* the defaults: best riichi, South */
            rc = mjt_expect_discards(t, &h, vis, &o, NULL, erows,
                                     MJT_MAX_DISCARDS, &len, NULL);
        else if (rc == MJT_OK)
            rc = mjt_prob_discards(t, &h, vis, &o, rows, MJT_MAX_DISCARDS, &len,
                                   NULL);
        double t1 = 1e3 * bench_now();
        if (rc == MJT_EBUDGET) {
            refused++;
            continue;
        }
        if (rc != MJT_OK) {
            fprintf(stderr, "bench_prob: %s: %s\n", text, mjt_strerror(rc));
            exit(1);
        }
        ms[answered++] = t1 - t0;
        if (best != NULL) {
            fprintf(best, "%s %s", text, mjt_tile_name(rows[0].tile));
            for (size_t k = 1; k < len; k++)
                if (rows[k].p.win[16] >= rows[0].p.win[16] - 1e-12 &&
                    rows[k].p.tenpai[16] >= rows[0].p.tenpai[16] - 1e-12)
                    fprintf(best, ",%s", mjt_tile_name(rows[k].tile));
            fputc('\n', best);
        }
    }
    long peak = status_kb("VmHWM");
    mjt_prob_work_free(o.work);
    if (answered > 0) {
        /* The median is of every hand asked, a refused one above every
         * answer (a hand refused for time would have taken longer than
         * the budget): over the answered alone, a variant that refuses
         * the hardest hands would leave them out of its median, and its
         * ratio to one that answers them would flatter it.  When the
         * median is a refused hand, its time is not known: no line. */
        int mid = (answered + refused) / 2;
        qsort(ms, (size_t)answered, sizeof *ms, bench_cmp_double);
        if (mid < answered)
            printf("BENCH prob.%s.s%d %.3f ms\n", v->name, s, ms[mid]);
        printf("BENCH prob.%s.s%d.max %.3f ms\n", v->name, s, ms[answered - 1]);
    }
    printf("BENCH prob.%s.s%d.peak %.1f MB\n", v->name, s,
           (double)(peak - rss0) / 1024);
    if (refused > 0 || n < nhands)
        printf("BENCH prob.%s.s%d.refused %d of %d hands\n", v->name, s,
               refused, n);
}

int main(int argc, char **argv)
{
    mjt_tables *t;
    mjt_diag d;
    char path[4096];

    if ((argc != 4 && argc != 5) || (nhands = atoi(argv[2])) < 1 ||
        nhands > 1000 ||
        (argc == 5 && ((maxs = atoi(argv[4])) < 1 || maxs > MAX_S))) {
        fprintf(stderr,
                "usage: bench_prob TABLES N OUTDIR [MAXS] (N: 1 to "
                "1000, MAXS: 1 to %d)\n",
                MAX_S);
        return 2;
    }
    if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
        fprintf(stderr, "bench_prob: %s\n", d.message);
        return 1;
    }
    deal_hands(t);
    for (int s = 1; s <= MAX_S; s++) {
        snprintf(path, sizeof path, "%s/hands.%d", argv[3], s);
        FILE *f = fopen(path, "w");
        if (f == NULL) {
            perror(path);
            return 1;
        }
        for (int i = 0; i < nhands; i++)
            fprintf(f, "%s\n", hands[s][i]);
        fclose(f);
    }
    mjt_tables_close(t);

    /* The first question's memory: a process that opens the tables, asks
     * once (a 2-shanten hand) and reads its resident size before and
     * after. */
    fflush(stdout);
    pid_t first = fork();
    if (first == 0) {
        mjt_prob_row rows[MJT_MAX_DISCARDS];
        mjt_hand h;
        size_t len;
        if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
            fprintf(stderr, "bench_prob: %s\n", d.message);
            _exit(1);
        }
        long before = status_kb("VmRSS");
        int rc =
            mjt_hand_parse(&h, hands[2][0], strlen(hands[2][0]), NULL, NULL);
        if (rc == MJT_OK)
            rc = mjt_prob_discards(t, &h, NULL, NULL, rows, MJT_MAX_DISCARDS,
                                   &len, NULL);
        if (rc != MJT_OK) {
            fprintf(stderr, "bench_prob: %s: %s\n", hands[2][0],
                    mjt_strerror(rc));
            _exit(1);
        }
        printf("BENCH prob.first_question.rss %.2f MB\n",
               (double)(status_kb("VmRSS") - before) / 1024);
        fflush(stdout);
        _exit(0);
    }
    if (bench_child("bench_prob", first, "the first question"))
        return 1;

    for (size_t v = 0; v < sizeof variants / sizeof *variants; v++)
        for (int s = 1; s <= variants[v].maxs && s <= maxs; s++) {
            fflush(stdout);
            pid_t pid = fork();
            if (pid == 0) {
                FILE *best = NULL;
                if (!strcmp(variants[v].name, "forward.keep") ||
                    !strcmp(variants[v].name, "exchange.keep")) {
                    snprintf(path, sizeof path, "%s/best.%.*s.%d", argv[3],
                             (int)strcspn(variants[v].name, "."),
                             variants[v].name, s);
                    best = fopen(path, "w");
                }
                if (mjt_tables_open(&t, argv[1], &d) != MJT_OK) {
                    fprintf(stderr, "bench_prob: %s\n", d.message);
                    _exit(1);
                }
                group(t, &variants[v], s, best);
                if (best != NULL)
                    fclose(best);
                fflush(stdout);
                _exit(0);
            }
            char what[64];
            snprintf(what, sizeof what, "%s at %d-shanten", variants[v].name,
                     s);
            if (bench_child("bench_prob", pid, what))
                return 1;
        }
    return 0;
}
