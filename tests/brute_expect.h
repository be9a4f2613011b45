/* SPDX-License-Identifier: MIT */
/*
 * Brute-force expected points of play from a known wall, the
 * oracle for the expected-score tests.  It shares no code with the
 * library's wall engine: mjt_shanten says what a hand is and
 * mjt_score_tiles what a win is worth.
 *
 * The model (mjt.h's, taken from its definition).  The player holds a
 * 3k+1 hand with red fives and draws from wall, the exact multiset left
 * (red fives among its fives: wall_red), each draw uniform over its tiles
 * and never going back.  A draw that completes the hand is a tsumo win,
 * scored: riichi when declared, ippatsu on the first draw after the
 * declaration, haitei on draw T when last is set, and with riichi the ura
 * dora an expectation over one indicator drawn from unseen (the copies
 * unseen at the question) less the copies the winning hand holds beyond
 * orig (the question's 13 concealed tiles).  Otherwise a draw that lowers
 * the shanten is kept and the player discards, among the tiles that keep
 * the lower shanten, the best, a red five or a plain one alike (both are
 * tried); any other draw is thrown.  A closed hand that reaches tenpai
 * (or starts tenpai) with a draw left declares riichi never, always or
 * when worth more, as riichi says; a declared riichi that has not won
 * within the h draws loses 1000.  score[h - 1] is the best expectation
 * within h draws.
 *
 * Exchange and back (moves, extra, top): a draw that neither wins nor
 * lowers the shanten is thrown, or, while fewer than extra such moves are
 * made and no riichi is declared, kept with a discard that leaves the
 * same shanten, or under back one more, to at most top.  A closed tenpai
 * hand decides on riichi on the discard that makes it tenpai, and again
 * on each draw it throws while it may still move.  On the true wall that
 * is the game; with forgetful set, the forgetful wall as brute_wall.h has
 * it: a kind's copies are those the hand started with or the wall held,
 * less those it holds now (the player's discards go back, a red five as
 * red), the wall holds W - t tiles after t draws, and a state's value is
 * the best wall's, its most valuable copies.
 */
#ifndef MJT__TESTS_BRUTE_EXPECT_H
#define MJT__TESTS_BRUTE_EXPECT_H

#include <stdint.h>

#include "mjt.h"

typedef struct brute_expect_q {
    const mjt_tables *t;
    mjt_tiles hand; /* 3k+1 concealed tiles, red fives among them */
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    uint8_t wall[MJT_KINDS];   /* the tiles the player draws from */
    uint8_t wall_red[3];       /* red fives among the wall's fives */
    uint8_t unseen[MJT_KINDS]; /* copies unseen at the question */
    int draws;                 /* T: 1 to 6 */
    int riichi;                /* an mjt_riichi */
    int last;                  /* the T-th draw is the wall's last tile */
    mjt_win win;               /* round, seat, dora indicators */
    const mjt_rules *rules;    /* scoring's */
    int moves;                 /* an mjt_moves */
    int extra;                 /* K: exchanges and backward moves */
    int top;                   /* MJT_BACK: the highest shanten after a
                                  discard */
    int forgetful;             /* 1: the forgetful wall's bound (above) */
} brute_expect_q;

/* Fill score[0 .. draws - 1]; 0, or -1 when the search passes its bounds
 * or a call of the library fails (score then untouched). */
int brute_expect(const brute_expect_q *q, double score[]);

#endif
