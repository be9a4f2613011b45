/* SPDX-License-Identifier: MIT */
/*
 * The forms of a pattern; see forms.h.
 *
 * Decompositions are found rank by rank from the bottom.  Every block
 * starts at its lowest tile, so once the ranks below r are used up, the
 * tiles left at r are exactly those of the blocks starting at r: at most
 * one triplet, at most one pair (if the pair is still free) and as many
 * runs as remain, which must then be taken from r+1 and r+2 too.  Choosing
 * the triplet and the pair settles the runs, so each decomposition is
 * reached once and no duplicates need removing.
 *
 * Arrangements one tile short are read off the decompositions of the
 * pattern plus each tile t that completes it: taking t out of any block
 * holding it leaves the waiting block (a pair becomes a single, a triplet a
 * pair, a run a side or gap wait).  Different t and different blocks can
 * leave the same arrangement, so these are sorted and merged, their winning
 * tiles OR-ed.
 */
#include "solvers.h"

#include <string.h>

#include "suit.h"

/* Melds in unary-value order: by top tile, a run before a triplet that
 * ends on the same tile. */
static int meld_order(uint8_t b)
{
    int r = mjt__block_rank(b);
    return mjt__block_kind(b) == MJT__RUN ? 2 * (r + 2) : 2 * r + 1;
}

static void sort_melds(uint8_t *m, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && meld_order(m[j]) < meld_order(m[j - 1]); j--) {
            uint8_t x = m[j];
            m[j] = m[j - 1];
            m[j - 1] = x;
        }
}

/* A decomposition being built. */
typedef struct search {
    int ranks, want_pair;
    uint8_t c[MJT__SUIT_RANKS + 2]; /* counts; two zero ranks past the top */
    uint8_t melds[4];
    int nmelds, pair; /* pair: its rank, or -1 */
    void (*emit)(struct search *s, void *ctx);
    void *ctx;
} search;

static void decompose(search *s, int r)
{
    while (r < s->ranks && s->c[r] == 0)
        r++;
    if (r == s->ranks) {
        if (s->want_pair == (s->pair >= 0))
            s->emit(s, s->ctx);
        return;
    }
    int have = s->c[r], nm = s->nmelds;
    for (int trip = 0; trip <= (have >= 3); trip++)
        for (int pr = 0; pr <= (s->want_pair && s->pair < 0); pr++) {
            int runs = have - 3 * trip - 2 * pr;
            if (runs < 0 || nm + trip + runs > 4)
                continue;
            if (runs > 0 && (s->ranks != MJT__SUIT_RANKS ||
                             s->c[r + 1] < runs || s->c[r + 2] < runs))
                continue;
            int n = nm;
            if (trip)
                s->melds[n++] = mjt__block(MJT__TRIPLET, r);
            for (int k = 0; k < runs; k++)
                s->melds[n++] = mjt__block(MJT__RUN, r);
            s->nmelds = n;
            if (pr)
                s->pair = r;
            s->c[r] = 0;
            s->c[r + 1] -= (uint8_t)runs;
            s->c[r + 2] -= (uint8_t)runs;
            decompose(s, r + 1);
            s->c[r] = (uint8_t)have;
            s->c[r + 1] += (uint8_t)runs;
            s->c[r + 2] += (uint8_t)runs;
            if (pr)
                s->pair = -1;
            s->nmelds = nm;
        }
}

/* Start a search over key (plus one tile of rank add, if add >= 0). */
static void search_init(search *s, uint64_t key, int ranks, int add)
{
    memset(s, 0, sizeof *s);
    s->ranks = ranks;
    mjt__key_to_counts(key, ranks, s->c);
    if (add >= 0)
        s->c[add]++;
    int tiles = mjt__key_tiles(key) + (add >= 0);
    s->want_pair = tiles % 3 == 2;
    s->pair = -1;
}

/* Collected forms of one kind, before sorting and merging. */
typedef struct bag {
    int n, overflow, width, add;
    uint8_t f[4 * MJT__MAX_FORMS][MJT__FORM_BLOCKS];
    uint16_t win[4 * MJT__MAX_FORMS];
} bag;

static void bag_put(bag *b, const uint8_t *blocks, unsigned win)
{
    if (b->n == 4 * MJT__MAX_FORMS) {
        b->overflow = 1;
        return;
    }
    memset(b->f[b->n], 0, MJT__FORM_BLOCKS);
    memcpy(b->f[b->n], blocks, (size_t)b->width);
    b->win[b->n++] = (uint16_t)win;
}

/* A whole decomposition, as found. */
static void emit_complete(search *s, void *ctx)
{
    uint8_t f[MJT__FORM_BLOCKS];
    int n = s->nmelds;

    memcpy(f, s->melds, (size_t)n);
    sort_melds(f, n);
    if (s->pair >= 0)
        f[n++] = mjt__block(MJT__PAIR, s->pair);
    bag_put(ctx, f, 0);
}

/* The waiting block left when tile t leaves block b, which holds it. */
static uint8_t wait_of(uint8_t b, int t)
{
    int r = mjt__block_rank(b);

    switch (mjt__block_kind(b)) {
    case MJT__PAIR:
        return mjt__block(MJT__WAIT_SINGLE, r);
    case MJT__TRIPLET:
        return mjt__block(MJT__WAIT_PAIR, r);
    default: /* a run: t is its bottom, middle or top */
        if (t == r)
            return mjt__block(MJT__WAIT_SIDE, r + 1);
        return t == r + 1 ? mjt__block(MJT__WAIT_GAP, r)
                          : mjt__block(MJT__WAIT_SIDE, r);
    }
}

static int holds(uint8_t b, int t)
{
    int r = mjt__block_rank(b);
    return mjt__block_kind(b) == MJT__RUN ? t >= r && t <= r + 2 : t == r;
}

/* A decomposition of the pattern plus tile t: each distinct block holding
 * t, with t taken out, is an arrangement waiting on t. */
static void emit_short(search *s, void *ctx)
{
    bag *b = ctx;
    int t = b->add, n = s->nmelds;
    uint8_t blocks[MJT__FORM_BLOCKS];

    memcpy(blocks, s->melds, (size_t)n);
    if (s->pair >= 0)
        blocks[n++] = mjt__block(MJT__PAIR, s->pair);
    for (int i = 0; i < n; i++) {
        if (!holds(blocks[i], t) || memchr(blocks, blocks[i], (size_t)i))
            continue;
        uint8_t f[MJT__FORM_BLOCKS];
        int k = 0;
        for (int j = 0; j < s->nmelds; j++)
            if (j != i)
                f[k++] = blocks[j];
        sort_melds(f, k);
        if (s->pair >= 0 && i != s->nmelds)
            f[k++] = mjt__block(MJT__PAIR, s->pair);
        f[k++] = wait_of(blocks[i], t);
        bag_put(b, f, 1u << t);
    }
}

static int cmp_form(const void *a, const void *b)
{
    return memcmp(a, b, MJT__FORM_BLOCKS);
}

/* Sort the bag and merge equal forms into out; returns their number, or
 * -1 if there are more than MJT__MAX_FORMS. */
static int bag_take(bag *b, uint8_t out[][MJT__FORM_BLOCKS], uint16_t *wins)
{
    /* Sort indices by form so the winning tiles travel along. */
    int idx[4 * MJT__MAX_FORMS], n = 0;

    if (b->overflow)
        return -1;
    for (int i = 0; i < b->n; i++) {
        int j = i;
        for (; j > 0 && cmp_form(b->f[idx[j - 1]], b->f[i]) > 0; j--)
            idx[j] = idx[j - 1];
        idx[j] = i;
    }
    for (int i = 0; i < b->n; i++) {
        const uint8_t *f = b->f[idx[i]];
        if (n > 0 && cmp_form(out[n - 1], f) == 0) {
            if (wins != NULL)
                wins[n - 1] |= b->win[idx[i]];
            continue;
        }
        if (n == MJT__MAX_FORMS)
            return -1;
        memcpy(out[n], f, MJT__FORM_BLOCKS);
        if (wins != NULL)
            wins[n] = b->win[idx[i]];
        n++;
    }
    return n;
}

int mjt__forms_of(uint64_t key, int ranks, int complete, unsigned wins_hint,
                  mjt__forms *out)
{
    int tiles = mjt__key_tiles(key);
    search s;
    bag bg, *b = &bg;

    memset(out, 0, sizeof *out);
    if (complete && (b->width = mjt__forms_width(tiles, 0)) >= 0) {
        b->n = b->overflow = 0;
        search_init(&s, key, ranks, -1);
        s.emit = emit_complete;
        s.ctx = b;
        decompose(&s, 0);
        out->ndecompositions = bag_take(b, out->decompositions, NULL);
    }
    if ((b->width = mjt__forms_width(tiles, 1)) >= 0 && wins_hint != 0) {
        b->n = b->overflow = 0;
        for (int t = 0; t < ranks; t++) {
            if (!(wins_hint >> t & 1) || mjt__key_count(key, t) == 4)
                continue;
            search_init(&s, key, ranks, t);
            s.emit = emit_short;
            s.ctx = b;
            b->add = t;
            decompose(&s, 0);
        }
        out->narrangements = bag_take(b, out->arrangements, out->wins);
    }
    return out->ndecompositions < 0 || out->narrangements < 0 ? -1 : 0;
}
