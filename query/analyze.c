/* SPDX-License-Identifier: MIT */
/*
 * The join: shanten, effective tiles, discards and waits from the per-part
 * records, with the min-plus algebra of minplus.h.
 *
 * Standard form.  A hand of n tiles targets k = n / 3 melds and one pair,
 * lane t = 2k + 1 of the vectors.  Each part (m, p, s, z) has a vector of
 * deficits; the hand's deficit is their min-plus convolution at lane t, and
 * its shanten that minus one.  An empty part can be left out of a shanten:
 * its vector is 3m + 2p, and every vector already allows a meld or pair of
 * drawn tiles anywhere, so convolving with it changes nothing.
 *
 * Effective tiles.  Drawing a tile of part i lowers the deficit exactly when
 * some optimal split gives part i a slot whose need mask holds that rank.
 * So each part is aligned against the convolution of the other three, the
 * slots on which the sum reaches the optimum are the part's "ties", and the
 * need masks of the ties are OR-ed.  Here empty parts take part like any
 * other, through the record of the empty pattern (need: every rank, for any
 * slot but (0, 0)), which says exactly when a meld or pair of drawn tiles in
 * that suit is optimal.
 *
 * Discards.  Discarding from part i changes part i's vector alone.  So the
 * convolution of every pair of parts is made once, and per discard the
 * other parts are each aligned against the new vector convolved with the
 * pair of parts left: three convolutions a discard instead of six.
 *
 * Waits.  A tenpai hand plus its winning tile splits into complete parts,
 * one of them holding the pair, so its part sizes mod 3 are one 1 and the
 * rest 0 (the tile goes to the pair's part) or two 2s and the rest 0 (seed
 * 002's filter).  Any other hand has no standard-form wait, and a hand that
 * passes needs only the records that can hold the pair and the tile: no
 * convolution at all.
 *
 * Seven pairs and thirteen orphans come from the hand's count planes.
 */
#include "internal.h"
#include "minplus.h"

#if MJT__HAVE_VEC
const uint8_t mjt__rev[5][16] = {
#define R_ 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
    {1, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, R_},
    {3, 2, 1, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, R_},
    {5, 4, 3, 2, 1, 0, 0x80, 0x80, 0x80, 0x80, R_},
    {7, 6, 5, 4, 3, 2, 1, 0, 0x80, 0x80, R_},
    {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, R_},
#undef R_
};
#endif

#define ALL_TILES ((UINT64_C(1) << MJT_KINDS) - 1)
/* 1m 9m 1p 9p 1s 9s and the seven honors. */
#define YAOCHU                                                             \
    (UINT64_C(1) << 0 | UINT64_C(1) << 8 | UINT64_C(1) << 9 |                \
     UINT64_C(1) << 17 | UINT64_C(1) << 18 | UINT64_C(1) << 26 |             \
     UINT64_C(0x7F) << 27)

static int valid_len(const mjt_hand *h)
{
    return h->len >= 1 && h->len <= 14 && h->len % 3 != 0;
}

static unsigned need_of(const mjt__mrec *r, unsigned ties)
{
    unsigned need = 0;
    for (; ties != 0; ties &= ties - 1)
        need |= mjt__mrec_need(r, __builtin_ctz(ties));
    return need;
}

/* ==== Standard form ==== */

/* Deficit (shanten + 1) of the hand's standard form. */
static int std_deficit(const mjt_tables *t, const mjt_hand *h)
{
    const mjt__mrec *r[4];
    int n = 0, k = h->len / 3;

    for (int part = 0; part < 4; part++)
        if (h->part_len[part] != 0)
            r[n++] = mjt__rec(t, part, h->code[part]);
    if (n == 1)
        return mjt__mrec_deficit(r[0], 2 * k + 1);
    mjt__vec e = mjt__comp(mjt__load(r[0]));
    for (int i = 1; i < n - 1; i++)
        e = mjt__conv(e, mjt__load(r[i]));
    return MJT__INF - mjt__hmax(mjt__align(e, mjt__load(r[n - 1]), k));
}

/* Deficit and effective-tile mask of a 3k+1 hand's standard form. */
static int std_ukeire(const mjt_tables *t, const mjt_hand *h,
                      uint64_t *mask)
{
    const mjt__mrec *r[4];
    mjt__vec v[4], y[4];
    int k = h->len / 3;

    for (int part = 0; part < 4; part++) {
        r[part] = mjt__rec(t, part, h->code[part]);
        v[part] = mjt__load(r[part]);
    }
    mjt__vec p01 = mjt__conv(mjt__comp(v[0]), v[1]);
    mjt__vec p23 = mjt__conv(mjt__comp(v[2]), v[3]);
    y[0] = mjt__align(mjt__conv(p23, v[1]), v[0], k);
    y[1] = mjt__align(mjt__conv(p23, v[0]), v[1], k);
    y[2] = mjt__align(mjt__conv(p01, v[3]), v[2], k);
    y[3] = mjt__align(mjt__conv(p01, v[2]), v[3], k);
    int best = mjt__hmax(y[0]);
    uint64_t m = 0;
    for (int part = 0; part < 4; part++)
        m |= (uint64_t)need_of(r[part], mjt__ties(y[part], best))
             << (9 * part);
    *mask = m;
    return MJT__INF - best;
}

/* ==== Seven pairs and thirteen orphans ==== */

static int chiitoi(uint64_t ge0, uint64_t ge1, uint64_t *mask)
{
    int pairs = __builtin_popcountll(ge1), kinds = __builtin_popcountll(ge0);
    int short_kinds = kinds < 7 ? 7 - kinds : 0;

    /* A single becomes a pair; a new kind helps while fewer than 7. */
    *mask = (ge0 & ~ge1) | (short_kinds ? ALL_TILES & ~ge0 : 0);
    return 6 - pairs + short_kinds;
}

static int kokushi(uint64_t ge0, uint64_t ge1, uint64_t *mask)
{
    int kinds = __builtin_popcountll(ge0 & YAOCHU);
    int paired = (ge1 & YAOCHU) != 0;

    *mask = (YAOCHU & ~ge0) | (paired ? 0 : ge0 & YAOCHU);
    return 13 - kinds - paired;
}

/* Fold form f (shanten s, mask m) into the overall best. */
static void fold(int *best, uint64_t *mask, int s, uint64_t m)
{
    if (s < *best) {
        *best = s;
        *mask = m;
    } else if (s == *best) {
        *mask |= m;
    }
}

/* Seven pairs and thirteen orphans of a 13-tile hand into best and mask. */
static void other_forms(uint64_t ge0, uint64_t ge1, int *best,
                        uint64_t *mask)
{
    uint64_t m;
    int s = chiitoi(ge0, ge1, &m);
    fold(best, mask, s, m);
    s = kokushi(ge0, ge1, &m);
    fold(best, mask, s, m);
}

/* ==== Public queries ==== */

int mjt_shanten(const mjt_tables *t, const mjt_hand *h, mjt_shanten_info *out)
{
    uint64_t m;

    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    if (!valid_len(h))
        return MJT_ECOUNT;
    out->standard = std_deficit(t, h) - 1;
    out->overall = out->standard;
    out->chiitoitsu = out->kokushi = MJT_SHANTEN_NONE;
    if (h->len >= 13) {
        out->chiitoitsu = chiitoi(h->ge[0], h->ge[1], &m);
        out->kokushi = kokushi(h->ge[0], h->ge[1], &m);
        if (out->chiitoitsu < out->overall)
            out->overall = out->chiitoitsu;
        if (out->kokushi < out->overall)
            out->overall = out->kokushi;
    }
    return MJT_OK;
}

/* Copies of the tiles in mask that are neither in planes ge nor visible. */
static int tiles_left(const uint64_t ge[4], const uint8_t *visible,
                      uint64_t mask)
{
    int n = 4 * __builtin_popcountll(mask);

    for (int j = 0; j < 4; j++)
        n -= __builtin_popcountll(mask & ge[j]);
    if (visible != NULL)
        for (uint64_t m = mask; m != 0; m &= m - 1)
            n -= visible[__builtin_ctzll(m)];
    return n;
}

static int check_visible(const mjt_hand *h, const uint8_t *visible)
{
    if (visible != NULL)
        for (int i = 0; i < MJT_KINDS; i++)
            if (h->counts[i] + visible[i] > 4)
                return MJT_ECOPIES;
    return MJT_OK;
}

int mjt_ukeire(const mjt_tables *t, const mjt_hand *h,
               const uint8_t *visible, mjt_ukeire_info *out)
{
    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    if (!valid_len(h) || h->len % 3 != 1)
        return MJT_ECOUNT;
    if (check_visible(h, visible) != MJT_OK)
        return MJT_ECOPIES;
    out->shanten = std_ukeire(t, h, &out->tiles) - 1;
    if (h->len == 13)
        other_forms(h->ge[0], h->ge[1], &out->shanten, &out->tiles);
    out->count = tiles_left(h->ge, visible, out->tiles);
    return MJT_OK;
}

/* The join state a discard table shares across its entries. */
typedef struct dtable {
    int k;
    const mjt__mrec *r[4];
    mjt__vec v[4];
    mjt__vec rest[4];    /* the other three parts, complemented */
    mjt__vec pair[4][4]; /* pair[a][b], a < b: parts a and b */
} dtable;

static void dtable_init(dtable *d, const mjt_tables *t, const mjt_hand *h)
{
    d->k = (h->len - 1) / 3;
    for (int part = 0; part < 4; part++) {
        d->r[part] = mjt__rec(t, part, h->code[part]);
        d->v[part] = mjt__load(d->r[part]);
    }
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            d->pair[a][b] = mjt__conv(mjt__comp(d->v[a]), d->v[b]);
    d->rest[0] = mjt__conv(d->pair[2][3], d->v[1]);
    d->rest[1] = mjt__conv(d->pair[2][3], d->v[0]);
    d->rest[2] = mjt__conv(d->pair[0][1], d->v[3]);
    d->rest[3] = mjt__conv(d->pair[0][1], d->v[2]);
}

/* The pair of parts other than i and j. */
static mjt__vec other_pair(const dtable *d, int i, int j)
{
    int a = -1, b = -1;
    for (int x = 0; x < 4; x++)
        if (x != i && x != j) {
            if (a < 0)
                a = x;
            else
                b = x;
        }
    return d->pair[a][b];
}

/* Standard-form deficit and mask once part i's record becomes ri. */
static int dtable_entry(const dtable *d, int i, const mjt__mrec *ri,
                        uint64_t *mask)
{
    mjt__vec vi = mjt__load(ri);
    mjt__vec y = mjt__align(d->rest[i], vi, d->k);
    int best = mjt__hmax(y);
    uint64_t m = (uint64_t)need_of(ri, mjt__ties(y, best)) << (9 * i);

    for (int j = 0; j < 4; j++) {
        if (j == i)
            continue;
        mjt__vec rest = mjt__conv(other_pair(d, i, j), vi);
        mjt__vec yj = mjt__align(rest, d->v[j], d->k);
        m |= (uint64_t)need_of(d->r[j], mjt__ties(yj, best)) << (9 * j);
    }
    *mask = m;
    return MJT__INF - best;
}

int mjt_discards(const mjt_tables *t, const mjt_hand *h,
                 const uint8_t *visible, mjt_discard out[14], size_t *len)
{
    dtable d;
    size_t n = 0;

    if (t == NULL || h == NULL || out == NULL || len == NULL)
        return MJT_EINVAL;
    *len = 0;
    if (!valid_len(h) || h->len % 3 != 2)
        return MJT_ECOUNT;
    if (check_visible(h, visible) != MJT_OK)
        return MJT_ECOPIES;
    dtable_init(&d, t, h);
    for (uint64_t held = h->ge[0]; held != 0; held &= held - 1) {
        int tile = __builtin_ctzll(held), part = tile / 9;
        int c = h->counts[tile];
        const mjt__mrec *ri =
            mjt__rec(t, part, h->code[part] - mjt__code_step[tile % 9]);
        mjt_discard *e = &out[n++];

        e->tile = tile;
        e->shanten = dtable_entry(&d, part, ri, &e->tiles) - 1;
        if (h->len == 14) {
            /* Only the plane of the copy removed changes. */
            uint64_t ge0 = h->ge[0], ge1 = h->ge[1];
            if (c == 1)
                ge0 &= ~(UINT64_C(1) << tile);
            else if (c == 2)
                ge1 &= ~(UINT64_C(1) << tile);
            other_forms(ge0, ge1, &e->shanten, &e->tiles);
        }
        /* The discarded tile is gone from the hand but still not drawable,
         * so the 14-tile planes count what is left. */
        e->count = tiles_left(h->ge, visible, e->tiles);
    }
    *len = n;
    return MJT_OK;
}

/* ==== Waits ==== */

/* Whether a part of c tiles (c = 0 mod 3) is complete as it stands. */
static int complete(const mjt_tables *t, const mjt_hand *h, int part)
{
    int c = h->part_len[part];
    return c == 0 ||
           mjt__mrec_deficit(mjt__rec(t, part, h->code[part]),
                             2 * (c / 3)) == 0;
}

/* Tiles completing part w at slot s (deficit 1 there), else none. */
static uint64_t completing(const mjt_tables *t, const mjt_hand *h, int w,
                           int s)
{
    const mjt__mrec *r = mjt__rec(t, w, h->code[w]);
    return mjt__mrec_deficit(r, s) == 1
               ? (uint64_t)mjt__mrec_need(r, s) << (9 * w)
               : 0;
}

/* Standard-form winning tiles of a 3k+1 hand, through the mod-3 filter. */
static uint64_t std_waits(const mjt_tables *t, const mjt_hand *h)
{
    int one = 0, two[4], ones = 0, twos = 0;

    for (int part = 0; part < 4; part++) {
        int res = h->part_len[part] % 3;
        if (res == 1) {
            one = part;
            ones++;
        } else if (res == 2) {
            two[twos++] = part;
        }
    }
    if (!((ones == 1 && twos == 0) || (ones == 0 && twos == 2)))
        return 0;
    for (int part = 0; part < 4; part++)
        if (h->part_len[part] % 3 == 0 && !complete(t, h, part))
            return 0;
    if (ones == 1) /* the tile joins the pair's part */
        return completing(t, h, one, 2 * (h->part_len[one] / 3) + 1);
    uint64_t w = 0;
    for (int x = 0; x < 2; x++) {
        int pair = two[x], other = two[1 - x];
        const mjt__mrec *rp = mjt__rec(t, pair, h->code[pair]);
        if (mjt__mrec_deficit(rp, 2 * (h->part_len[pair] / 3) + 1) == 0)
            w |= completing(t, h, other,
                            2 * ((h->part_len[other] + 1) / 3));
    }
    return w;
}

int mjt_waits(const mjt_tables *t, const mjt_hand *h, uint64_t *waits)
{
    uint64_t w, m;

    if (t == NULL || h == NULL || waits == NULL)
        return MJT_EINVAL;
    if (!valid_len(h) || h->len % 3 != 1)
        return MJT_ECOUNT;
    w = std_waits(t, h);
    if (h->len == 13) {
        if (chiitoi(h->ge[0], h->ge[1], &m) == 0)
            w |= m;
        if (kokushi(h->ge[0], h->ge[1], &m) == 0)
            w |= m;
    }
    *waits = w;
    return MJT_OK;
}
