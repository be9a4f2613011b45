/* SPDX-License-Identifier: MIT */
/*
 * Scoring benchmarks, measured from what a caller holds: a hand's text
 * line, or its 34 counts and calls, and the situation of the win (an
 * mjt_win it fills in).  Each figure is the median over RUNS runs of the
 * time a hand, over every hand of the input.  score.counts.hand (the
 * counts made a hand first) and score.prebuilt (a hand made beforehand)
 * are printed for comparison.
 *
 *   bench_score FILE [FIGURE]   (FIGURE 0-3: that one alone)
 *
 * FILE: one hand a line, fields separated by spaces: the hand's text
 * (calls after commas), the winning tile, then tsumo, from, riichi,
 * ippatsu, round, seat, last, rinshan, chankan, first, honba and sticks as
 * numbers, then the dora and ura indicators as text ("-" for none).
 * scripts/bench.sh writes it from tests/data/score.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mjt.h"
#include "bench.h"

#define RUNS 5

typedef struct item {
    char text[64];
    size_t len;
    mjt_tiles held; /* the concealed tiles, red fives and all */
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    mjt_win w;
} item;

static int indicators(const char *text, uint8_t *list, uint8_t *len)
{
    mjt_tiles t;
    *len = 0;
    if (!strcmp(text, "-"))
        return 0;
    if (mjt_tiles_parse(&t, text, strlen(text), NULL) != MJT_OK)
        return -1;
    for (int k = 0; k < MJT_KINDS; k++)
        for (int c = 0; c < t.counts[k]; c++)
            list[(*len)++] = (uint8_t)(k < 27 && k % 9 == 4 && c < t.red[k / 9]
                                           ? MJT_KINDS + k / 9
                                           : k);
    return 0;
}

static int read_item(const char *line, item *it)
{
    char win[8], dora[32], ura[32];
    int f[12];
    mjt_hand h;
    mjt_tiles held;

    memset(it, 0, sizeof *it);
    if (sscanf(line, "%63s %7s %d %d %d %d %d %d %d %d %d %d %d %d %31s %31s",
               it->text, win, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6],
               &f[7], &f[8], &f[9], &f[10], &f[11], dora, ura) != 16)
        return -1;
    it->len = strlen(it->text);
    mjt_win_init(&it->w);
    it->w.tile = (uint8_t)mjt_tile_from_name(win, 2);
    it->w.tsumo = (uint8_t)f[0];
    it->w.from = (uint8_t)f[1];
    it->w.riichi = (uint8_t)f[2];
    it->w.ippatsu = (uint8_t)f[3];
    it->w.round = (uint8_t)f[4];
    it->w.seat = (uint8_t)f[5];
    it->w.last = (uint8_t)f[6];
    it->w.rinshan = (uint8_t)f[7];
    it->w.chankan = (uint8_t)f[8];
    it->w.first = (uint8_t)f[9];
    it->w.honba = (uint16_t)f[10];
    it->w.sticks = (uint16_t)f[11];
    if (indicators(dora, it->w.dora, &it->w.dora_len) < 0 ||
        indicators(ura, it->w.ura, &it->w.ura_len) < 0 ||
        mjt_hand_parse(&h, it->text, it->len, NULL, NULL) != MJT_OK ||
        mjt_hand_tiles(&h, &held) != MJT_OK ||
        mjt_hand_calls(&h, it->calls, MJT_MAX_CALLS, &it->ncalls) != MJT_OK)
        return -1;
    it->held = held;
    return 0;
}

/* ns a hand of one pass: 0 from the text, 1 from the counts and calls
 * (mjt_score_tiles), 2 from them through a hand (mjt_hand_from_calls,
 * then mjt_score_hand: no red five), 3 a hand made beforehand. */
static double pass(const item *items, const mjt_hand *built, size_t n, int how,
                   long *sink)
{
    mjt_score s;
    int rc = MJT_OK;
    double t0 = bench_now();
    for (size_t i = 0; i < n; i++) {
        const item *it = &items[i];
        mjt_hand h;
        mjt_win w;
        switch (how) {
        case 0:
            mjt_hand_parse(&h, it->text, it->len, NULL, NULL);
            rc = mjt_score_hand(&h, &it->w, NULL, &s, NULL);
            break;
        case 1:
            rc = mjt_score_tiles(&it->held, it->calls, it->ncalls, &it->w, NULL,
                                 &s, NULL);
            break;
        case 2:
            mjt_hand_from_calls(&h, it->held.counts, it->calls, it->ncalls,
                                NULL, NULL);
            w = it->w;
            w.tile = (uint8_t)MJT_KIND_OF(w.tile);
            rc = mjt_score_hand(&h, &w, NULL, &s, NULL);
            break;
        default:
            rc = mjt_score_hand(&built[i], &it->w, NULL, &s, NULL);
        }
        if (rc == MJT_OK)
            *sink += s.points;
    }
    return (bench_now() - t0) * 1e9 / (double)n;
}

int main(int argc, char **argv)
{
    static const char *const names[] = {"score.text", "score.counts",
                                        "score.counts.hand", "score.prebuilt"};
    char line[256];
    size_t n = 0, cap = 1024;
    item *items = malloc(cap * sizeof *items);
    long sink = 0;

    /* a second argument: that figure alone (0-3), for a profiler */
    int only = argc == 3 ? atoi(argv[2]) : -1;
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: bench_score FILE [FIGURE]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (f == NULL || items == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (n == cap &&
            (items = realloc(items, (cap *= 2) * sizeof *items)) == NULL)
            return 1;
        if (read_item(line, &items[n]) < 0) {
            fprintf(stderr, "bench_score: line %zu: %s", n + 1, line);
            return 1;
        }
        n++;
    }
    fclose(f);
    mjt_hand *built = malloc((n ? n : 1) * sizeof *built);
    if (built == NULL)
        return 1;
    for (size_t i = 0; i < n; i++)
        mjt_hand_parse(&built[i], items[i].text, items[i].len, NULL, NULL);
    for (int how = 0; how < 4; how++) {
        double runs[RUNS];
        if (only >= 0 && how != only)
            continue;
        pass(items, built, n, how, &sink); /* warm */
        for (int r = 0; r < RUNS; r++)
            runs[r] = pass(items, built, n, how, &sink);
        qsort(runs, RUNS, sizeof *runs, bench_cmp_double);
        printf("BENCH %s %.1f ns\n", names[how], runs[RUNS / 2]);
    }
    printf("BENCH score.hands %zu hands\n", n);
    free(built);
    free(items);
    return sink == 42 ? 3 : 0;
}
