/* SPDX-License-Identifier: MIT */
/*
 * A pattern's part of the standard form (tables/FORMAT.md defines these
 * words): every way a complete pattern splits into melds and at most one
 * pair (its decompositions), and every way a pattern one tile short of
 * complete is laid out as completed blocks plus one waiting block (its
 * arrangements), with the tiles that finish it.
 *
 * A block is one byte, kind << 4 | rank, where rank is the block's lowest
 * tile:
 *
 *   MJT__RUN      r, r+1, r+2         MJT__WAIT_SINGLE  r      (tanki)
 *   MJT__TRIPLET  r, r, r             MJT__WAIT_PAIR    r, r   (shanpon)
 *   MJT__PAIR     r, r                MJT__WAIT_SIDE    r, r+1 (ryanmen,
 *                                                               penchan)
 *                                     MJT__WAIT_GAP     r, r+2 (kanchan)
 *
 * Each lists its melds first, in the order of their 45-bit unary values
 * (by top tile, and a run before a triplet that ends on the same tile, as
 * countTiles orders them), then the pair if it has one, then the waiting
 * block if it has one.  All decompositions (or all arrangements) of one
 * pattern have the same number of blocks (mjt__forms_width), and are
 * listed in increasing byte order, each once.
 *
 * A pattern of n tiles is complete when it is n/3 melds (n = 0 mod 3) or
 * n/3 melds and a pair (n = 2 mod 3), and one short when adding one tile of
 * a rank held fewer than 4 times makes it complete (n = 1 or 2 mod 3).  A
 * pattern of 2 mod 3 tiles can be both.  Honors make no runs.
 */
#ifndef MJT__CORE_FORMS_H
#define MJT__CORE_FORMS_H

#include <stdint.h>

enum {
    MJT__RUN,
    MJT__TRIPLET,
    MJT__PAIR,
    MJT__WAIT_SINGLE,
    MJT__WAIT_PAIR,
    MJT__WAIT_SIDE,
    MJT__WAIT_GAP,
    MJT__BLOCK_KINDS
};

static inline uint8_t mjt__block(int kind, int rank)
{
    return (uint8_t)(kind << 4 | rank);
}

static inline int mjt__block_kind(uint8_t b)
{
    return b >> 4;
}

static inline int mjt__block_rank(uint8_t b)
{
    return b & 0xF;
}

/* The most blocks a form has (4 melds, a pair, a wait) and the most forms
 * of one kind a pattern has (test_shapes.c finds every pattern within them). */
#define MJT__FORM_BLOCKS 6
#define MJT__MAX_FORMS 16

typedef struct mjt__forms {
    int ndecompositions, narrangements;
    uint8_t decompositions[MJT__MAX_FORMS][MJT__FORM_BLOCKS];
    uint8_t arrangements[MJT__MAX_FORMS][MJT__FORM_BLOCKS];
    uint16_t wins[MJT__MAX_FORMS]; /* bit r: a tile of rank r finishes it */
} mjt__forms;

/*
 * Blocks in each form of a pattern of `tiles` tiles: complete (short 0) or
 * one short (short 1).  -1 when no pattern of that many tiles can have such
 * a form (a complete pattern of 1 mod 3 tiles, a short one of 0 mod 3 or of
 * 14 tiles).  The empty pattern is complete: its one decomposition has no
 * block, so that a hand with an empty part joins like any other.
 */
int mjt__forms_width(int tiles, int is_arrangement);

#endif
