/* SPDX-License-Identifier: MIT */
/*
 * libmjt's in-memory tables.  Each pattern's record is 16 bytes, found by a
 * dense index computed from the hand's per-part base-5 code with two reads
 * of small arrays (see index_of), never by search.
 *
 *   w0 bits  0..35  deficits of slots 1..9, 4 bits each (slot 0 is always
 *                   deficit 0 with nothing needed, so it is not stored)
 *   w0 bits 36..62  need masks of slots 1..3, 9 bits each
 *   w1 bits  0..53  need masks of slots 4..9, 9 bits each
 */
#ifndef MJT_QUERY_INTERNAL_H
#define MJT_QUERY_INTERNAL_H

#include <stdint.h>

#include "mjt.h"
#include "record.h"

typedef struct mjt__mrec {
    uint64_t w0, w1;
} mjt__mrec;

#define MJT__LO_CODES 3125 /* 5^5: ranks 0-4 */
#define MJT__SUIT_HI 625   /* 5^4: ranks 5-8 */
#define MJT__HONOR_HI 25   /* 5^2: ranks 5-6 */

struct mjt_tables {
    mjt__mrec *rec[4];      /* m, p, s share the suit array; [3] honors */
    const uint32_t *base[4];
    uint32_t pos[MJT__LO_CODES];
    uint32_t base_suit[MJT__SUIT_HI];
    uint32_t base_honor[MJT__HONOR_HI];
    mjt__mrec *suit, *honor;
    uint64_t digest[2];
    char solver[32];
};

extern const uint32_t mjt__pow5[9];

static inline uint32_t mjt__index_of(const struct mjt_tables *t, int part,
                                     uint32_t code)
{
    return t->base[part][code / MJT__LO_CODES] + t->pos[code % MJT__LO_CODES];
}

static inline const mjt__mrec *mjt__rec(const struct mjt_tables *t, int part,
                                        uint32_t code)
{
    return &t->rec[part][mjt__index_of(t, part, code)];
}

static inline int mjt__mrec_deficit(const mjt__mrec *r, int slot)
{
    return slot == 0 ? 0 : (int)(r->w0 >> (4 * (slot - 1))) & 0xF;
}

static inline unsigned mjt__mrec_need(const mjt__mrec *r, int slot)
{
    if (slot == 0)
        return 0;
    if (slot <= 3)
        return (unsigned)(r->w0 >> (27 + 9 * slot)) & 0x1FF;
    return (unsigned)(r->w1 >> (9 * (slot - 4))) & 0x1FF;
}

/* Pack a solved record into its in-memory form. */
mjt__mrec mjt__mrec_pack(const mjt__record *rec);

/* Set up pos and base; after it, index_of is a bijection from the codes of
 * patterns of at most 14 tiles onto 0..patterns-1. */
void mjt__index_init(struct mjt_tables *t);

#endif
