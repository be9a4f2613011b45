/* SPDX-License-Identifier: MIT */
/*
 * mjq prob: the chance of tenpai and of a win within the draws left, as
 * one value gathered from the library (prob_of) and rendered by one of
 * two printers, the table a player reads or the JSON object a program
 * reads.  Plain mjq's --prob adds the values at T to its analysis.
 */
#ifndef MJT__QUERY_MJQ_PROB_H
#define MJT__QUERY_MJQ_PROB_H

#include <stdio.h>

#include "mjt.h"

typedef struct prob_result {
    char text[MJT_HAND_TEXT];
    int len; /* concealed tiles */
    int ncalls, players;
    size_t nrows; /* 0: a 3k+1 hand, whose curves are p */
    mjt_prob p;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    /* with the expected points (riichi: the option), score[0] the hand's
     * (a table's: its first row's), score[1 + i] row i's */
    int scored, riichi;
    double score[1 + MJT_MAX_DISCARDS][MJT_MAX_DRAWS];
} prob_result;

/* The curves of h (3k+1) or its discard table's rows (3k+2), seen tiles
 * seen (34 counts or NULL), into *r, and the expected points with them
 * when x is not NULL: MJT_OK, or the library's failure with diag. */
int prob_of(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
            const mjt_prob_opts *o, const mjt_expect_opts *x, prob_result *r,
            mjt_diag *diag);

/* "best", "never", "always"; -1 for another name. */
const char *prob_riichi_name(int riichi);
int prob_riichi_value(const char *name);

void prob_text(FILE *out, const prob_result *r);
void prob_json(FILE *out, const prob_result *r);

/* "forward", "exchange", "back"; -1 for another name. */
const char *prob_moves_name(int moves);
int prob_moves_value(const char *name);

/* The curves as JSON arrays: ,"tenpai":[...],"win":[...], and
 * ,"score":[...] when score is not NULL */
void prob_curves_json(FILE *out, const mjt_prob *p, const double *score);

#endif
