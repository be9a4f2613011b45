/* SPDX-License-Identifier: MIT */
/*
 * Brute-force analysis of whole hands, the oracle for the query tests.  It
 * shares no code with the library: one dynamic program runs over the tiles
 * of the whole hand (sequences do not cross suits), choosing at each tile
 * how many triplets, pairs and sequences of the target use it, and charging
 * each copy the hand lacks.  Effective tiles are found by drawing every
 * tile and recomputing.
 *
 * One shortcut: suits the hand does not touch are left out of the program.
 * It cannot change the answer, since a target has at most 14 tiles and
 * whatever part of it lies in an empty suit fits in any 9-rank suit (or the
 * 7 honors) instead, on ranks holding at most 1 for a triplet or 2 for a
 * pair; it makes the exhaustive tests fast enough to run in `make test`.
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG 100

/* cost[a][b][m][p]: a sequences started one tile back, b two back. */
typedef int dp[5][5][5][2];

static void dp_fill(dp d)
{
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            for (int m = 0; m < 5; m++)
                d[a][b][m][0] = d[a][b][m][1] = BIG;
}

int brute_deficit(const uint8_t counts[MJT_KINDS], int k)
{
    return brute_deficit_caps(counts, NULL, k);
}

/*
 * With caps, a suit holding a capped kind always takes part; of the empty
 * suits without one, the first does: every meld and pair a target puts in
 * such suits is drawn whole, and all of them (at most 4 melds and a pair)
 * fit in any one of those suits at the same cost.
 */
int brute_deficit_caps(const uint8_t counts[MJT_KINDS],
                       const uint8_t caps[MJT_KINDS], int k)
{
    dp cur, nxt;
    int kept_empty = 0;

    dp_fill(cur);
    cur[0][0][0][0] = 0;
    for (int suit = 0; suit < 4; suit++) {
        int lo = 9 * suit, n = suit == 3 ? 7 : 9, any = 0, capped = 0;
        for (int r = 0; r < n; r++) {
            any |= counts[lo + r];
            capped |= caps != NULL && caps[lo + r] < 4;
        }
        if (!any && !capped) {
            if (caps == NULL || kept_empty)
                continue;
            kept_empty = 1;
        }
        for (int r = 0; r < n; r++) {
            int have = counts[lo + r];
            int cap = caps != NULL ? caps[lo + r] : 4;
            int can_start = suit < 3 && r + 2 < n;
            dp_fill(nxt);
            /* Open sequences count as melds already: a + b <= m. */
            for (int m = 0; m <= k; m++)
                for (int a = 0; a <= m; a++)
                    for (int b = 0; a + b <= m; b++)
                        for (int p = 0; p < 2; p++) {
                            int c = cur[a][b][m][p];
                            if (c >= BIG)
                                continue;
                            for (int t = 0; t < 2; t++)
                                for (int q = 0; q + p < 2; q++)
                                    for (int s = 0; s <= (can_start ? 4 : 0);
                                         s++) {
                                        int use = 3 * t + 2 * q + s + a + b;
                                        int melds = m + t + s;
                                        if (use > cap || melds > k)
                                            break;
                                        int cost =
                                            c + (use > have ? use - have : 0);
                                        if (cost < nxt[s][a][melds][p + q])
                                            nxt[s][a][melds][p + q] = cost;
                                    }
                        }
            memcpy(cur, nxt, sizeof cur);
        }
    }
    return cur[0][0][k][1];
}

static int is_terminal_or_honor(int i)
{
    return i >= 27 || i % 9 == 0 || i % 9 == 8;
}

void brute_shanten(const uint8_t counts[MJT_KINDS], mjt_shanten_info *out)
{
    brute_shanten_in(counts, NULL, 1, out);
}

void brute_shanten_in(const uint8_t counts[MJT_KINDS],
                      const uint8_t caps[MJT_KINDS], int forms,
                      mjt_shanten_info *out)
{
    int n = 0, pairs = 0, kinds = 0, yao = 0, yao_pair = 0;

    for (int i = 0; i < MJT_KINDS; i++) {
        n += counts[i];
        kinds += counts[i] > 0;
        pairs += counts[i] >= 2;
        if (is_terminal_or_honor(i) && counts[i] > 0) {
            yao++;
            yao_pair |= counts[i] >= 2;
        }
    }
    out->standard = brute_deficit_caps(counts, caps, n / 3) - 1;
    out->chiitoitsu = out->kokushi = MJT_SHANTEN_NONE;
    out->overall = out->standard;
    if (forms && n >= 13) {
        out->chiitoitsu = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        out->kokushi = 13 - yao - yao_pair;
        if (out->chiitoitsu < out->overall)
            out->overall = out->chiitoitsu;
        if (out->kokushi < out->overall)
            out->overall = out->kokushi;
    }
}

uint64_t brute_ukeire(const uint8_t counts[MJT_KINDS])
{
    return brute_ukeire_in(counts, NULL, 1);
}

uint64_t brute_ukeire_in(const uint8_t counts[MJT_KINDS],
                         const uint8_t caps[MJT_KINDS], int forms)
{
    uint8_t c[MJT_KINDS];
    mjt_shanten_info before, after;
    uint64_t mask = 0;

    memcpy(c, counts, sizeof c);
    brute_shanten_in(c, caps, forms, &before);
    for (int i = 0; i < MJT_KINDS; i++) {
        if (c[i] >= (caps != NULL ? caps[i] : 4))
            continue;
        c[i]++;
        brute_shanten_in(c, caps, forms, &after);
        c[i]--;
        if (after.overall < before.overall)
            mask |= 1ull << i;
    }
    return mask;
}

const char *test_build_dir(void)
{
    const char *b = getenv("MJT_BUILD");
    return b != NULL ? b : "build";
}

const char *test_tables_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/test/mjt.lmdb", test_build_dir());
    return path;
}

const mjt_tables *test_tables(void)
{
    static mjt_tables *t;
    mjt_diag diag;

    if (t == NULL && mjt_tables_open(&t, test_tables_path(), &diag) != 0) {
        fprintf(stderr, "cannot open test tables: %s\n", diag.message);
        return NULL;
    }
    return t;
}

int brute_shanten_caps(const uint8_t counts[MJT_KINDS],
                       const uint8_t caps[MJT_KINDS])
{
    mjt_shanten_info s;
    brute_shanten_in(counts, caps, 0, &s);
    return s.standard;
}

uint64_t brute_ukeire_caps(const uint8_t counts[MJT_KINDS],
                           const uint8_t caps[MJT_KINDS])
{
    return brute_ukeire_in(counts, caps, 0);
}
