/* SPDX-License-Identifier: MIT */
/* Every pattern of a table, from an open mjt_tables (records.h). */
#include "records.h"

#include "index.h"
#include "suit.h"

typedef struct walk {
    const struct mjt_tables *t;
    int part, ranks;
    uint8_t c[9];
    mjt__pattern_fn *fn;
    void *ctx;
    size_t seen; /* patterns visited */
} walk;

/* Ranks r.. of the pattern, with `left` tiles at most still to place. */
static int each(walk *w, int r, int n, int left)
{
    if (r == w->ranks) {
        uint64_t key = mjt__key_from_counts(w->c, w->ranks);
        uint32_t code = mjt__code_of_key(key, w->ranks);
        const mjt__mrec *rec =
            mjt__rec(&w->t->game[0], w->part == MJT__PART_SUIT ? 0 : 3, code);
        w->seen++;
        return w->fn(w->ctx, w->c, n, rec);
    }
    for (int k = 0; k <= 4 && k <= left; k++) {
        w->c[r] = (uint8_t)k;
        int rc = each(w, r + 1, n + k, left - k);
        if (rc != 0)
            return rc;
    }
    w->c[r] = 0;
    return 0;
}

int mjt__each_pattern(const struct mjt_tables *t, int part, int most,
                      mjt__pattern_fn *fn, void *ctx)
{
    walk w = {t, part, part == MJT__PART_SUIT ? 9 : 7, {0}, fn, ctx, 0};
    int rc = each(&w, 0, 0, most < 14 ? most : 14);
    /* every pattern once: as many as the table holds */
    assert(rc != 0 || most < 14 ||
           w.seen == (part == MJT__PART_SUIT ? MJT__SUIT_PATTERNS
                                             : MJT__HONOR_PATTERNS));
    return rc;
}
