/* SPDX-License-Identifier: MIT */
/*
 * Hands with calls (called.c): their caps, and the exact standard form
 * and discard table under them, for the queries of analyze.c.
 */
#ifndef MJT__QUERY_CALLED_H
#define MJT__QUERY_CALLED_H

#include "join.h"

/* The caps of a hand's concealed part: what its calls hold. */
typedef struct caps {
    uint8_t called[MJT_KINDS]; /* copies in the calls */
    uint8_t held[MJT_KINDS];   /* copies in the concealed part, of the
                                  called kinds only */
    uint64_t kinds;            /* the called kinds */
    unsigned suits;            /* bit s: suit s holds a called kind and
                                  forms runs */
    unsigned dead_parts;       /* bit p: a part forming no run holds one */
    uint32_t code[4];          /* those parts without called kinds' copies */
    unsigned dead[4];          /* their called ranks */
} caps;

/* Solved suit records a discard table shares: those of the suits its
 * discard leaves as they are. */
typedef struct solved {
    unsigned have; /* bit p: rec[p] holds suit p's */
    mjt__mrec rec[3];
} solved;

/* The caps of a hand of v's codes whose calls hold called[] (kinds: the
 * kinds with a copy there). */
void mjt__caps_of(const uint8_t called[MJT_KINDS], uint64_t kinds,
                  const mjt__hv *v, caps *c);
/* The caps of h (which has calls) and v. */
void mjt__hand_caps(const mjt_hand *h, const mjt__hv *v, caps *c);
/* The standard-form deficit of a hand with calls (concealed part v, caps
 * c), exactly, and its effective tiles in *mask when mask is not NULL.
 * With sv, suits but `changed` take their solved record from there, or
 * leave it there. */
int mjt__called_std(const mjt__hv *v, const caps *c, uint64_t *mask, solved *sv,
                    int changed);
/* The discard table of a valid 3k+2 hand with calls (caps c, planes pl)
 * into out, one entry per kind held: how many. */
size_t mjt__called_discards(const mjt__hv *v, const caps *c, const planes *pl,
                            mjt_discard *out);

/* analyze.c's standard form of records r (len tiles): the deficit, and
 * with it the effective tiles into *mask and each part's tied slots into
 * ties (when not NULL). */
int mjt__std_deficit(const recs *r, int len);
int mjt__std_ukeire(const recs *r, int len, uint64_t *mask, unsigned *ties);

#endif
