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

#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#else
#define INLINE static inline
#endif

/* Call fn(args..., k) with k a constant 0-4, so that each query is compiled
 * five times with the convolutions cut to the terms that k needs. */
#define WITH_K(k, fn, ...)                                                     \
    ((k) == 4   ? fn(__VA_ARGS__, 4)                                           \
     : (k) == 3 ? fn(__VA_ARGS__, 3)                                           \
     : (k) == 2 ? fn(__VA_ARGS__, 2)                                           \
     : (k) == 1 ? fn(__VA_ARGS__, 1)                                           \
                : fn(__VA_ARGS__, 0))

static int valid_len(const mjt_hand *h)
{
    return h->len >= 1 && h->len <= 14 && h->len % 3 != 0;
}

/*
 * Bit i of b (up to 7 bits) to a run of nine ones at bit 9i.  The multiply
 * lays copies of b 8 bits apart, so bit i of copy i lands on bit 9i and no
 * two copies overlap (no carries); the AND keeps those bits and the second
 * multiply widens each into a 9-bit field, again without overlap.
 */
static inline uint64_t spread9(uint64_t b)
{
    return ((b * UINT64_C(0x01010101010101)) & UINT64_C(0x40201008040201)) *
           0x1FF;
}

/* OR of the need masks of the slots in ties, without a branch: the masks
 * of the slots chosen are kept and their 9-bit fields folded together. */
INLINE unsigned need_of(const mjt__mrec *r, unsigned ties)
{
    uint64_t a = r->w0 & (spread9((ties >> 1) & 3) << 40);
    uint64_t b = r->w1 & spread9((ties >> 3) & 0x7F);

    a |= a >> 9;
    b |= b >> 36;
    b |= b >> 18;
    b |= b >> 9;
    return (unsigned)((a >> 40) | b) & 0x1FF;
}

/* ==== Standard form ==== */

/* Deficit (shanten + 1) of the hand's standard form. */
INLINE int std_deficit_k(const mjt_tables *t, const mjt_hand *h, int k)
{
    const mjt__mrec *r[4];
    int n = 0;

    for (int part = 0; part < 4; part++)
        if (h->part_len[part] != 0)
            r[n++] = mjt__rec(t, part, h->code[part]);
    if (n == 1)
        return mjt__mrec_deficit(r[0], 2 * k + 1);
    mjt__vec e = mjt__comp(mjt__load(r[0]));
    for (int i = 1; i < n - 1; i++)
        e = mjt__conv(e, mjt__load(r[i]), k);
    return MJT__INF - mjt__hmax(mjt__align(e, mjt__load(r[n - 1]), k));
}

static int std_deficit(const mjt_tables *t, const mjt_hand *h)
{
    return WITH_K(h->len / 3, std_deficit_k, t, h);
}

/* Deficit and effective-tile mask of a 3k+1 hand's standard form. */
INLINE int std_ukeire_k(const mjt_tables *t, const mjt_hand *h, uint64_t *mask,
                        int k)
{
    const mjt__mrec *r[4];
    mjt__vec v[4], y[4];

    for (int part = 0; part < 4; part++) {
        r[part] = mjt__rec(t, part, h->code[part]);
        v[part] = mjt__load(r[part]);
    }
    mjt__vec p01 = mjt__conv(mjt__comp(v[0]), v[1], k);
    mjt__vec p23 = mjt__conv(mjt__comp(v[2]), v[3], k);
    y[0] = mjt__align(mjt__conv(p23, v[1], k), v[0], k);
    y[1] = mjt__align(mjt__conv(p23, v[0], k), v[1], k);
    y[2] = mjt__align(mjt__conv(p01, v[3], k), v[2], k);
    y[3] = mjt__align(mjt__conv(p01, v[2], k), v[3], k);
    int best = mjt__hmax(y[0]);
    uint64_t m = 0;
    for (int part = 0; part < 4; part++)
        m |= (uint64_t)need_of(r[part], mjt__ties(y[part], best)) << (9 * part);
    *mask = m;
    return MJT__INF - best;
}

static int std_ukeire(const mjt_tables *t, const mjt_hand *h, uint64_t *mask)
{
    return WITH_K(h->len / 3, std_ukeire_k, t, h, mask);
}

/* ==== Seven pairs and thirteen orphans ==== */

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
static void other_forms(uint64_t ge0, uint64_t ge1, int *best, uint64_t *mask)
{
    uint64_t m;
    int s = mjt__chiitoi(ge0, ge1, &m);
    fold(best, mask, s, m);
    s = mjt__kokushi(ge0, ge1, &m);
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
        out->chiitoitsu = mjt__chiitoi(h->ge[0], h->ge[1], &m);
        out->kokushi = mjt__kokushi(h->ge[0], h->ge[1], &m);
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

int mjt_ukeire(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
               mjt_ukeire_info *out)
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
    const mjt__mrec *r[4];
    mjt__vec v[4];
    mjt__vec rest[4];     /* the other three parts, complemented */
    mjt__vec other[4][4]; /* other[i][j]: the two parts but i and j */
} dtable;

INLINE void dtable_init(dtable *d, const mjt_tables *t, const mjt_hand *h,
                        int k)
{
    for (int part = 0; part < 4; part++) {
        d->r[part] = mjt__rec(t, part, h->code[part]);
        d->v[part] = mjt__load(d->r[part]);
    }
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) {
            /* i and j are the two parts that are neither a nor b. */
            int i = -1, j = -1;
            for (int x = 0; x < 4; x++)
                if (x != a && x != b)
                    *(i < 0 ? &i : &j) = x;
            d->other[i][j] = d->other[j][i] =
                mjt__conv(mjt__comp(d->v[a]), d->v[b], k);
        }
    d->rest[0] = mjt__conv(d->other[0][1], d->v[1], k);
    d->rest[1] = mjt__conv(d->other[0][1], d->v[0], k);
    d->rest[2] = mjt__conv(d->other[2][3], d->v[3], k);
    d->rest[3] = mjt__conv(d->other[2][3], d->v[2], k);
}

/* Standard-form deficit and mask once part i's record becomes ri. */
INLINE int dtable_entry(const dtable *d, int i, const mjt__mrec *ri,
                        uint64_t *mask, int k)
{
    mjt__vec vi = mjt__load(ri);
    mjt__vec y = mjt__align(d->rest[i], vi, k);
    int best = mjt__hmax(y);
    uint64_t m = (uint64_t)need_of(ri, mjt__ties(y, best)) << (9 * i);

    for (int j = 0; j < 4; j++) {
        if (j == i)
            continue;
        mjt__vec rest = mjt__conv(d->other[i][j], vi, k);
        mjt__vec yj = mjt__align(rest, d->v[j], k);
        m |= (uint64_t)need_of(d->r[j], mjt__ties(yj, best)) << (9 * j);
    }
    *mask = m;
    return MJT__INF - best;
}

/* The discard table of a valid 3k+2 hand (k melds after the discard). */
INLINE size_t discards_k(const mjt_tables *t, const mjt_hand *h,
                         const uint8_t *visible, mjt_discard *out, int k)
{
    dtable d;
    size_t n = 0;

    dtable_init(&d, t, h, k);
    for (uint64_t held = h->ge[0]; held != 0; held &= held - 1) {
        int tile = __builtin_ctzll(held), part = tile / 9;
        int c = h->counts[tile];
        const mjt__mrec *ri =
            mjt__rec(t, part, h->code[part] - mjt__code_step[tile % 9]);
        mjt_discard *e = &out[n++];

        e->tile = tile;
        e->shanten = dtable_entry(&d, part, ri, &e->tiles, k) - 1;
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
    return n;
}

int mjt_discards(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
                 mjt_discard out[14], size_t *len)
{
    if (t == NULL || h == NULL || out == NULL || len == NULL)
        return MJT_EINVAL;
    *len = 0;
    if (!valid_len(h) || h->len % 3 != 2)
        return MJT_ECOUNT;
    if (check_visible(h, visible) != MJT_OK)
        return MJT_ECOPIES;
    *len = WITH_K(h->len / 3, discards_k, t, h, visible, out);
    return MJT_OK;
}

/* ==== Waits ==== */

/* Standard-form winning tiles of a 3k+1 hand, through the mod-3 filter. */
static uint64_t std_waits(const mjt_tables *t, const mjt_hand *h)
{
    unsigned wp = mjt__wait_parts(h);
    int single = __builtin_popcount(wp) == 1;

    if (wp == 0)
        return 0;

    /* Each part's deficits from slot 2 (c / 3) on, three nibbles: the part
     * complete as it is, with the pair, and with one meld more. */
    unsigned near[4];
    const mjt__mrec *r[4];
    for (int part = 0; part < 4; part++) {
        r[part] = mjt__rec(t, part, h->code[part]);
        near[part] = (unsigned)(r[part]->w0 >> (8 * (h->part_len[part] / 3)));
        if (!(wp >> part & 1) && (near[part] & 0xF) != 0)
            return 0; /* a part that must be complete is not */
    }
    uint64_t w = 0;
    for (int part = 0; part < 4; part++) {
        int base = 2 * (h->part_len[part] / 3);
        if (!(wp >> part & 1))
            continue;
        if (single) /* the tile joins the part that holds the pair */
            w |= (near[part] >> 4 & 0xF) == 1
                     ? (uint64_t)mjt__mrec_need(r[part], base + 1) << (9 * part)
                     : 0;
        else if ((near[part] >> 8 & 0xF) == 1)
            w |= (uint64_t)mjt__mrec_need(r[part], base + 2) << (9 * part);
    }
    if (single)
        return w;
    /* Two parts of size 2 mod 3: one holds the pair complete, the other
     * takes the tile; keep the other's tiles only where that is so. */
    uint64_t out = 0;
    for (int part = 0; part < 4; part++)
        if ((wp >> part & 1) && (near[part] >> 4 & 0xF) == 0)
            out |= w & ~((uint64_t)0x1FF << (9 * part));
    return out;
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
        if (mjt__chiitoi(h->ge[0], h->ge[1], &m) == 0)
            w |= m;
        if (mjt__kokushi(h->ge[0], h->ge[1], &m) == 0)
            w |= m;
    }
    *waits = w;
    return MJT_OK;
}
