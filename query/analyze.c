/* SPDX-License-Identifier: MIT */
/*
 * The join: shanten, effective tiles, discards and waits from the per-part
 * records.
 *
 * Standard form.  A hand of n tiles targets k = n / 3 melds and one pair.
 * Each non-empty part (m, p, s, z) contributes a vector of deficits over the
 * slots (melds, pair); the hand's deficit is their min-plus convolution at
 * (k, 1), and its shanten that minus one.  Empty parts are skipped: an
 * empty part's vector is 3m + 2p, and convolving with it changes nothing,
 * because a meld or pair made of drawn tiles alone always fits in any part.
 *
 * Effective tiles.  Drawing a tile of part i lowers the deficit exactly when
 * some optimal split gives part i a slot whose need mask holds that rank.
 * So for each part the others are convolved without it (prefix and suffix
 * products), and the need masks of its slots that reach the optimum are
 * OR-ed.  An empty part helps when a split giving it anything at all is
 * optimal; then every rank of it helps.
 *
 * Seven pairs and thirteen orphans come from the counts directly.
 */
#include "internal.h"

#include <string.h>

#define INF 0x3F

typedef struct vec {
    uint8_t d[MJT_SLOTS];
} vec;

typedef struct parts {
    int n;                  /* non-empty parts */
    int id[4];              /* which part (0 m, 1 p, 2 s, 3 z) */
    const mjt__mrec *rec[4];
    int empty[4];           /* the empty parts */
    int nempty;
} parts;

static const uint64_t part_bits[4] = {0x1FFull, 0x1FFull << 9,
                                      0x1FFull << 18, 0x7Full << 27};

static uint64_t yaochu_mask(void)
{
    uint64_t m = 0;
    for (int s = 0; s < 3; s++)
        m |= (1ull << (9 * s)) | (1ull << (9 * s + 8));
    return m | part_bits[3];
}

static void vec_of(const mjt__mrec *r, int k, vec *v)
{
    for (int m = 0; m <= k; m++)
        for (int p = 0; p <= 1; p++)
            v->d[2 * m + p] = (uint8_t)mjt__mrec_deficit(r, 2 * m + p);
}

/* c = a (*) b over slots with at most k melds. */
static void conv(const vec *a, const vec *b, vec *c, int k)
{
    for (int m = 0; m <= k; m++)
        for (int p = 0; p <= 1; p++) {
            int best = INF;
            for (int m1 = 0; m1 <= m; m1++)
                for (int p1 = 0; p1 <= p; p1++) {
                    int x = a->d[2 * m1 + p1] + b->d[2 * (m - m1) + p - p1];
                    if (x < best)
                        best = x;
                }
            c->d[2 * m + p] = (uint8_t)best;
        }
}

/* The unit of conv: nothing, at no cost. */
static void unit(vec *v)
{
    memset(v, INF, sizeof *v);
    v->d[0] = 0;
}

static void split(const mjt_tables *t, const mjt_hand *h, parts *ps)
{
    ps->n = ps->nempty = 0;
    for (int part = 0; part < 4; part++) {
        if (h->code[part] == 0) {
            ps->empty[ps->nempty++] = part;
            continue;
        }
        ps->id[ps->n] = part;
        ps->rec[ps->n] = mjt__rec(t, part, h->code[part]);
        ps->n++;
    }
}

static int valid_len(const mjt_hand *h)
{
    return h->len >= 1 && h->len <= 14 && h->len % 3 != 0;
}

/* min over splits of a and b at (k, 1): the last step of a fold, which
 * needs one entry rather than a whole vector. */
static int conv_at(const vec *a, const vec *b, int k)
{
    int best = INF;
    for (int m = 0; m <= k; m++) {
        int x = a->d[2 * m] + b->d[2 * (k - m) + 1];
        int y = a->d[2 * m + 1] + b->d[2 * (k - m)];
        if (x < best)
            best = x;
        if (y < best)
            best = y;
    }
    return best;
}

/* Standard-form deficit (shanten + 1) of the hand split into ps. */
static int std_deficit(const parts *ps, int k)
{
    vec acc, v, tmp;

    vec_of(ps->rec[0], k, &acc);
    if (ps->n == 1)
        return acc.d[2 * k + 1];
    for (int i = 1; i < ps->n - 1; i++) {
        vec_of(ps->rec[i], k, &v);
        conv(&acc, &v, &tmp, k);
        acc = tmp;
    }
    vec_of(ps->rec[ps->n - 1], k, &v);
    return conv_at(&acc, &v, k);
}

/* Standard-form deficit and effective-tile mask of a 3k+1 hand. */
static int std_ukeire(const parts *ps, int k, uint64_t *mask)
{
    vec v[4], pre[5], suf[5], rest;
    int n = ps->n, D;

    unit(&pre[0]);
    unit(&suf[n]);
    for (int i = 0; i < n; i++)
        vec_of(ps->rec[i], k, &v[i]);
    for (int i = 0; i < n; i++)
        conv(&pre[i], &v[i], &pre[i + 1], k);
    for (int i = n - 1; i > 0; i--)
        conv(&v[i], &suf[i + 1], &suf[i], k);
    D = pre[n].d[2 * k + 1];
    *mask = 0;
    for (int i = 0; i < n; i++) {
        unsigned need = 0;
        if (i == 0)
            rest = suf[1];
        else if (i == n - 1)
            rest = pre[n - 1];
        else
            conv(&pre[i], &suf[i + 1], &rest, k);
        for (int m = 0; m <= k; m++)
            for (int p = 0; p <= 1; p++)
                if (v[i].d[2 * m + p] + rest.d[2 * (k - m) + 1 - p] == D)
                    need |= mjt__mrec_need(ps->rec[i], 2 * m + p);
        *mask |= (uint64_t)need << (9 * ps->id[i]);
    }
    /* An empty part helps when giving it a meld or the pair is optimal. */
    for (int e = 0; e < ps->nempty; e++) {
        int helps = 0;
        for (int m = 0; m <= k && !helps; m++)
            for (int p = 0; p <= 1; p++)
                if ((m | p) != 0 &&
                    3 * m + 2 * p + pre[n].d[2 * (k - m) + 1 - p] == D)
                    helps = 1;
        if (helps)
            *mask |= part_bits[ps->empty[e]];
    }
    return D;
}

static int chiitoi_shanten(const mjt_hand *h, uint64_t *mask)
{
    int pairs = 0, kinds = 0;
    uint64_t singles = 0, absent = 0;

    for (int i = 0; i < MJT_KINDS; i++) {
        kinds += h->counts[i] > 0;
        pairs += h->counts[i] >= 2;
        if (h->counts[i] == 1)
            singles |= 1ull << i;
        else if (h->counts[i] == 0)
            absent |= 1ull << i;
    }
    if (mask != NULL)
        *mask = singles | (kinds < 7 ? absent : 0);
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

static int kokushi_shanten(const mjt_hand *h, uint64_t *mask)
{
    uint64_t yao = yaochu_mask(), held = 0;
    int kinds = 0, paired = 0;

    for (int i = 0; i < MJT_KINDS; i++)
        if ((yao >> i & 1) && h->counts[i] > 0) {
            held |= 1ull << i;
            kinds++;
            paired |= h->counts[i] >= 2;
        }
    if (mask != NULL)
        *mask = (yao & ~held) | (paired ? 0 : held);
    return 13 - kinds - paired;
}

static void shanten_into(const mjt_tables *t, const mjt_hand *h,
                         mjt_shanten_info *out)
{
    parts ps;

    split(t, h, &ps);
    out->standard = std_deficit(&ps, h->len / 3) - 1;
    out->chiitoitsu = out->kokushi = MJT_SHANTEN_NONE;
    out->overall = out->standard;
    if (h->len >= 13) {
        out->chiitoitsu = chiitoi_shanten(h, NULL);
        out->kokushi = kokushi_shanten(h, NULL);
        if (out->chiitoitsu < out->overall)
            out->overall = out->chiitoitsu;
        if (out->kokushi < out->overall)
            out->overall = out->kokushi;
    }
}

int mjt_shanten(const mjt_tables *t, const mjt_hand *h, mjt_shanten_info *out)
{
    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    if (!valid_len(h))
        return MJT_ECOUNT;
    shanten_into(t, h, out);
    return MJT_OK;
}

static int count_left(const mjt_hand *h, const uint8_t *visible,
                      uint64_t tiles)
{
    int n = 0;

    for (; tiles != 0; tiles &= tiles - 1) {
        int i = __builtin_ctzll(tiles);
        int left = 4 - h->counts[i] - (visible != NULL ? visible[i] : 0);
        n += left > 0 ? left : 0;
    }
    return n;
}

/* Overall shanten and effective tiles of a valid 3k+1 hand. */
static int ukeire_mask(const mjt_tables *t, const mjt_hand *h, uint64_t *out)
{
    parts ps;
    uint64_t m;
    int s;

    split(t, h, &ps);
    s = std_ukeire(&ps, h->len / 3, out) - 1;
    if (h->len == 13) {
        int c = chiitoi_shanten(h, &m);
        if (c < s)
            *out = m;
        else if (c == s)
            *out |= m;
        s = c < s ? c : s;
        c = kokushi_shanten(h, &m);
        if (c < s)
            *out = m;
        else if (c == s)
            *out |= m;
        s = c < s ? c : s;
    }
    return s;
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
    out->shanten = ukeire_mask(t, h, &out->tiles);
    out->count = count_left(h, visible, out->tiles);
    return MJT_OK;
}

int mjt_discards(const mjt_tables *t, const mjt_hand *h,
                 const uint8_t *visible, mjt_discard out[14], size_t *len)
{
    mjt_hand after;
    size_t n = 0;

    if (t == NULL || h == NULL || out == NULL || len == NULL)
        return MJT_EINVAL;
    *len = 0;
    if (!valid_len(h) || h->len % 3 != 2)
        return MJT_ECOUNT;
    if (check_visible(h, visible) != MJT_OK)
        return MJT_ECOPIES;
    for (int i = 0; i < MJT_KINDS; i++) {
        if (h->counts[i] == 0)
            continue;
        after = *h;
        mjt_hand_remove(&after, i);
        out[n].tile = i;
        out[n].shanten = ukeire_mask(t, &after, &out[n].tiles);
        /* The discarded tile is gone from the hand but still not drawable. */
        after.counts[i]++;
        out[n].count = count_left(&after, visible, out[n].tiles);
        n++;
    }
    *len = n;
    return MJT_OK;
}

int mjt_waits(const mjt_tables *t, const mjt_hand *h, uint64_t *waits)
{
    uint64_t m;

    if (t == NULL || h == NULL || waits == NULL)
        return MJT_EINVAL;
    if (!valid_len(h) || h->len % 3 != 1)
        return MJT_ECOUNT;
    *waits = ukeire_mask(t, h, &m) == 0 ? m : 0;
    return MJT_OK;
}
