/* SPDX-License-Identifier: MIT */
/*
 * mjt-gen's solvers: the bitboard decomposer (decompose.c) and the slow
 * reference solver it is checked against (reference.c), which fill a
 * pattern's record (core/record.h), and the finder of a pattern's forms
 * (forms.c, core/forms.h).  Only mjt-gen and the tests link them; libmjt
 * reads what they wrote.
 */
#ifndef MJT__GEN_SOLVERS_H
#define MJT__GEN_SOLVERS_H

#include <stdint.h>

#include "forms.h"
#include "record.h"

/*
 * The bitboard decomposer (decompose.c): the ten deficits of the pattern key
 * of ranks ranks (9 for a number suit, 7 for honors, which make no
 * sequences); key must satisfy mjt__key_valid().  known, if not NULL, holds
 * deficits known to be reachable, and floor, if not NULL, deficits known to
 * be unbeatable; both only prune the search.
 */
void mjt__bitboard_deficits(uint64_t key, int ranks,
                            const uint8_t known[MJT__SLOTS],
                            const uint8_t floor[MJT__SLOTS],
                            uint8_t out[MJT__SLOTS]);

/* The reference solver (reference.c): one pattern, masks included, slowly
 * and simply, to check the bitboard solver against. */
void mjt__solve_reference(uint64_t key, int ranks, mjt__record *out);

/* The reference solver without the cap of 4 copies a kind: deliberately
 * wrong, for comparing tables (mjt-gen --solver nocap). */
void mjt__solve_nocap(uint64_t key, int ranks, mjt__record *out);

/*
 * Every form of key (a valid pattern of ranks ranks, at most 14 tiles).
 * complete and arrangements say which kinds to look for: a caller that knows
 * the pattern's deficits passes 0 for a kind it cannot have, and only the ranks
 * set in wins_hint (the tiles that lower its deficit to 0) are tried for the
 * arrangements.  Returns 0, or -1 if a pattern had more than MJT__MAX_FORMS
 * forms of a kind (none of at most 14 tiles does).
 */
int mjt__forms_of(uint64_t key, int ranks, int complete, unsigned wins_hint,
                  mjt__forms *out);

#endif
