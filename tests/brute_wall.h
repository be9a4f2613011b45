/* SPDX-License-Identifier: MIT */
/*
 * Brute-force chances of tenpai and of a win from a known wall, the oracle
 * for the wall tests.  It shares no code with the library's wall engine:
 * only mjt_shanten tells it what a hand is.
 *
 * The model.  The player holds a 3k+1 hand and draws from wall, the exact
 * multiset of tiles left (each draw uniform over the tiles in it, and a
 * tile drawn never goes back, even when it is discarded).  After each draw
 * the 3k+2 tiles win when complete; otherwise the player, knowing every
 * draw so far, discards within the move set: a draw that lowers the
 * shanten is kept (the discard keeps the lower shanten); any other draw is
 * thrown away, or, under MJT_EXCHANGE and at most `extra` times in all,
 * kept with another discard at the same shanten, or under MJT_BACK also
 * one that raises the shanten by one, to at most `top`.  tenpai[h - 1] is
 * the best chance that a 13-tile hand after a discard is tenpai within h
 * draws (1 when the hand starts tenpai; a win counts), win[h - 1] the best
 * chance of a win within h draws, each h its own optimum; a wall of fewer
 * than h tiles gives as many draws as it holds.  Red fives count as fives.
 *
 * The forgetful wall (forgetful set): the stated bound that the engine
 * computes for MJT_EXCHANGE and MJT_BACK, taken here from its definition.
 * A kind's copies are those the hand started with or the wall held, less
 * those the hand holds now (the player's discards go back); the wall
 * holds n = W - t tiles after t draws, of at most those copies each, and
 * the value of a state is the best over such walls: the n most valuable
 * copies, each worth the best move after drawing it, averaged over n.
 */
#ifndef MJT__TESTS_BRUTE_WALL_H
#define MJT__TESTS_BRUTE_WALL_H

#include <stdint.h>

#include "mjt.h"

typedef struct brute_wall_q {
    const mjt_tables *t;
    mjt_hand hand;           /* 3k+1 concealed tiles, calls allowed */
    uint8_t wall[MJT_KINDS]; /* the tiles the player draws from */
    int draws;               /* T: 1 to 8 */
    int moves;               /* MJT_FORWARD, MJT_EXCHANGE or MJT_BACK */
    int extra;               /* K: exchanges and backward moves, 0 to 3 */
    int top;                 /* MJT_BACK: the highest shanten after a discard */
    int forgetful;           /* 1: the forgetful wall's bound (above) */
} brute_wall_q;

/*
 * Fill tenpai[0 .. draws - 1] and win[0 .. draws - 1].  Returns 0, or -1
 * when the search passes 50 million (hand, wall, draws left, exchanges
 * used) states, when the question is out of range (a 3k+2 hand, a wall
 * that with the hand and its calls holds a fifth copy, options outside
 * the ranges above), or when a query of the library fails; then the
 * arrays are untouched.
 */
int brute_wall(const brute_wall_q *q, double tenpai[], double win[]);

#endif
