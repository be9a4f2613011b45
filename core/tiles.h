/* SPDX-License-Identifier: MIT */
/*
 * Tile kinds and the text form.  Ids: 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
 * 27-33 the honors 1z-7z (East South West North White Green Red).  The text
 * form is runs of digits each closed by a suit letter, "123m406p789s11z",
 * where 0 is a red five and reads as a 5.
 */
#ifndef MJT__CORE_TILES_H
#define MJT__CORE_TILES_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define MJT__KINDS 34
#define MJT__MAX_COPIES 4

/* The suit of a tile id: 0 m, 1 p, 2 s, 3 z. */
static inline int mjt__suit_of(int tile)
{
    return tile / 9;
}
/* Rank 0-8 of a tile id within its suit. */
static inline int mjt__rank_of(int tile)
{
    return tile % 9;
}

/* "mpsz"[suit]. */
extern const char mjt__suit_letters[5];

/*
 * Parse the text form into counts[34] (red fives counted as fives) and
 * red[3] (the red fives of m, p, s), both cleared first; spaces are
 * allowed between groups.  Returns the number of tiles (0 for empty text)
 * or a negative code: MJT__ESYNTAX for an unknown character, a space
 * inside a group, a suit letter with no digits before it, digits with no
 * suit letter after them or an honor digit 0, 8 or 9; MJT__ECOPIES for a
 * fifth copy.  diag, if not NULL, receives the offset and a message.
 */
int mjt__tiles_parse(const char *text, size_t len, uint8_t counts[MJT__KINDS],
                     uint8_t red[3], mjt__diag *diag);

/* The same on bytes from to to - 1 of text, offsets counted from text:
 * one group of a longer text (a call of "12m55p,3333m"). */
int mjt__tiles_parse_range(const char *text, size_t from, size_t to,
                           uint8_t counts[MJT__KINDS], uint8_t red[3],
                           mjt__diag *diag);

/*
 * Write tiles in the text form ("123m406p11z", suits in order m p s z, red
 * fives as 0 before the plain fives) into buf, NUL-terminated when cap > 0.
 * Returns the length the full text needs, not counting the NUL
 * (snprintf's rule).
 */
size_t mjt__tiles_format(const uint8_t counts[MJT__KINDS], const uint8_t red[3],
                         char *buf, size_t cap);

/* Write tile's name ("5p") into buf[3].  Returns 2. */
size_t mjt__tile_name(int tile, char buf[3]);

#endif
