/* SPDX-License-Identifier: MIT */
/*
 * The analysis of one hand as a value: what the library answers about it,
 * gathered once (analysis_of), then rendered by one of two printers, the
 * text a person reads or the JSON object a program reads.  Neither
 * printer computes, and nothing that computes knows the format.
 */
#ifndef MJT__QUERY_MJQ_ANALYSIS_H
#define MJT__QUERY_MJQ_ANALYSIS_H

#include <stdio.h>

#include "mjt.h"

/* Effective tiles and the copies of each left to draw. */
typedef struct an_ukeire {
    uint64_t tiles;
    int count;
    int8_t left[MJT_KINDS]; /* by kind, for the kinds in tiles */
} an_ukeire;

typedef struct analysis {
    char text[MJT_HAND_TEXT]; /* the hand, its calls after commas */
    int ncalls;
    int len; /* concealed tiles */
    int players;
    mjt_shanten_info shanten;
    /* 3k+1 hands: effective tiles, and the shapes when tenpai */
    an_ukeire ukeire;
    size_t nshapes;
    mjt_shape shapes[MJT_MAX_SHAPES];
    /* 3k+2 hands: the discards, best first, and the decompositions */
    size_t ndiscards;
    mjt_discard discards[MJT_MAX_DISCARDS];
    an_ukeire after[MJT_MAX_DISCARDS]; /* of each discard */
    size_t ndecompositions;
    mjt_decomposition decompositions[MJT_MAX_DECOMPOSITIONS];
    /* --prob: the chance of tenpai and of a win within prob.draws, of a
     * 3k+1 hand, or after each of discards[] */
    int has_prob;
    mjt_prob prob;
    double tenpai[MJT_MAX_DISCARDS], win[MJT_MAX_DISCARDS];
    /* --prob --score: the expected points at T (riichi: the option), of
     * the hand (score13) or after each of discards[] */
    int has_score, riichi;
    double score13, score[MJT_MAX_DISCARDS];
    /* --improve: the improvement tiles and two-step effective tiles of a
     * 3k+1 hand (improve[0]), or after each of discards[] (improve[i]);
     * NULL unless asked (analysis_improve makes it, analysis_free frees) */
    mjt_improve_info *improve;
} analysis;

/* The analysis of the valid hand h with seen tiles (34 counts, or NULL)
 * into *a: 0, or 1 when the library failed. */
int analysis_of(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
                analysis *a);

/* Add the values at T of the wall model (o) to a, and the expected points
 * in situation x when x is not NULL: MJT_OK, or the library's failure
 * with diag. */
int analysis_prob(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
                  const mjt_prob_opts *o, const mjt_expect_opts *x, analysis *a,
                  mjt_diag *diag);

/* Add the improvement tiles and two-step effective tiles to a: MJT_OK,
 * or the library's failure (MJT_ENOMEM when no memory). */
int analysis_improve(const mjt_tables *t, const mjt_hand *h,
                     const uint8_t *seen, analysis *a);

/* Free what a holds beyond itself (after analysis_improve). */
void analysis_free(analysis *a);

/* The analysis's printers: text lines, or one JSON object and a newline. */
void analysis_text(FILE *out, const analysis *a);
void analysis_json(FILE *out, const analysis *a);

/* The wait shapes (3k+1) or decompositions (3k+2) of a as text lines, as
 * the analysis prints them (mjq waits too). */
void analysis_forms_text(FILE *out, const analysis *a);

#endif
