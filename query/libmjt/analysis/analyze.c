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
 * Waits.  A tenpai hand plus its winning tile splits into complete parts, one
 * of them holding the pair, so its part sizes mod 3 are one 1 and the rest 0
 * (the tile goes to the pair's part) or two 2s and the rest 0 (the mod-3
 * filter, mjt__wait_parts).  Any other hand has no standard-form wait, and a
 * hand that passes needs only the records that can hold the pair and the tile:
 * no convolution at all.
 *
 * Seven pairs and thirteen orphans: their shanten from the kinds and
 * pairs the part words count (so from their sum), their tiles from the
 * planes of held tiles (core/index.h), read only by the queries that need
 * tiles.
 *
 * Hands with calls: each query takes the caps the calls put on the
 * concealed kinds from called.c, which says why its answers are exact.
 */
#include "internal.h"
#include "codes.h"
#include "minplus.h"
#include "join.h"
#include "called.h"

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

/* mjt__spread9[b]: bit i of b to a run of nine ones at bit 9i (join.h).
 * The multiply lays copies of b 8 bits apart, so bit i of copy i lands
 * on bit 9i and no two copies overlap (no carries); the AND keeps those
 * bits and the second multiply widens each into a 9-bit field, again
 * without overlap. */
#define S9_1(b)                                                                \
    (((b)*UINT64_C(0x01010101010101) & UINT64_C(0x40201008040201)) * 0x1FF)
#define S9_4(b) S9_1(b), S9_1(b + 1), S9_1(b + 2), S9_1(b + 3)
#define S9_16(b) S9_4(b), S9_4(b + 4), S9_4(b + 8), S9_4(b + 12)
#define S9_64(b) S9_16(b), S9_16(b + 16), S9_16(b + 32), S9_16(b + 48)
const uint64_t mjt__spread9[128] = {S9_64(0), S9_64(64)};
#undef S9_64
#undef S9_16
#undef S9_4
#undef S9_1

/* ==== Standard form ==== */

/*
 * Deficit (shanten + 1) of the hand's standard form.  All four parts take
 * part, empty ones too (their record's vector changes nothing), so that
 * no branch depends on the hand: m with p and s with z are joined side by
 * side, and the two halves meet in one alignment, the second complemented
 * back to plain deficits.
 */
INLINE int std_deficit_k(const recs *r, int k)
{
    mjt__vec mp =
        mjt__conv(mjt__comp(mjt__load(r->r[0])), mjt__load(r->r[1]), k);
    mjt__vec sz =
        mjt__conv(mjt__comp(mjt__load(r->r[2])), mjt__load(r->r[3]), k);
    return MJT__INF - mjt__hmax(mjt__align(mp, mjt__comp(sz), k));
}

static int std_deficit(const recs *r, int len)
{
    return WITH_K(len / 3, std_deficit_k, r);
}

/* Deficit and effective-tile mask of a 3k+1 hand's standard form. */
INLINE int std_ukeire_k(const recs *rs, uint64_t *mask, unsigned *ties, int k)
{
    const mjt__mrec *const *r = rs->r;
    mjt__vec v[4], y[4];

    for (int part = 0; part < 4; part++)
        v[part] = mjt__load(r[part]);
    mjt__vec p01 = mjt__conv(mjt__comp(v[0]), v[1], k);
    mjt__vec p23 = mjt__conv(mjt__comp(v[2]), v[3], k);
    y[0] = mjt__align(mjt__conv(p23, v[1], k), v[0], k);
    y[1] = mjt__align(mjt__conv(p23, v[0], k), v[1], k);
    y[2] = mjt__align(mjt__conv(p01, v[3], k), v[2], k);
    y[3] = mjt__align(mjt__conv(p01, v[2], k), v[3], k);
    int best = mjt__hmax(y[0]);
    uint64_t m = 0;
    for (int part = 0; part < 4; part++) {
        unsigned tie = mjt__ties(y[part], best);
        m |= (uint64_t)need_of(r[part], tie) << (9 * part);
        if (ties != NULL)
            ties[part] = tie;
    }
    *mask = m;
    return MJT__INF - best;
}

/* Deficit and mask of a 3k+1 hand (of any hand: the tiles its optimal
 * targets lack); ties[p] (if not NULL) gets the slots of part p on which
 * an optimal split lies. */
static int std_ukeire(const recs *r, int len, uint64_t *mask, unsigned *ties)
{
    return WITH_K(len / 3, std_ukeire_k, r, mask, ties);
}

/* std_deficit and std_ukeire for called.c, whose calls are rarer than
 * this file's: the hot paths here keep their static, inlined forms. */
int mjt__std_deficit(const recs *r, int len)
{
    return std_deficit(r, len);
}

int mjt__std_ukeire(const recs *r, int len, uint64_t *mask, unsigned *ties)
{
    return std_ukeire(r, len, mask, ties);
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

/* Seven pairs and thirteen orphans of a 13-tile hand (of a game of the
 * kinds `kinds`) into best and mask. */
static void other_forms(uint64_t ge0, uint64_t ge1, uint64_t kinds, int *best,
                        uint64_t *mask)
{
    uint64_t m;
    int s = mjt__chiitoi(ge0, ge1, kinds, &m);
    fold(best, mask, s, m);
    s = mjt__kokushi(ge0, ge1, &m);
    fold(best, mask, s, m);
}

/* ==== Public queries ==== */

/* The shanten of a checked hand of a valid count. */
INLINE int shanten_of(const recs *r, const mjt__hv *v, mjt_shanten_info *out)
{
    out->standard = std_deficit(r, v->len) - 1;
    out->overall = out->standard;
    out->chiitoitsu = out->kokushi = MJT_SHANTEN_NONE;
    if (v->len >= 13) {
        /* The counts these forms need are sums over kinds: the parts'
         * words hold them, so their sum is the hand's. */
        int kinds = MJT__W_KINDS(v->sum), pairs = MJT__W_PAIRS(v->sum);
        out->chiitoitsu = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        out->kokushi =
            13 - MJT__W_YAO_KINDS(v->sum) - (MJT__W_YAO_PAIRS(v->sum) != 0);
        if (out->chiitoitsu < out->overall)
            out->overall = out->chiitoitsu;
        if (out->kokushi < out->overall)
            out->overall = out->kokushi;
    }
    return MJT_OK;
}

/* mjt_shanten of a checked hand with calls (view v, of a valid count). */
static int shanten_called(const mjt_hand *h, const mjt__hv *v,
                          mjt_shanten_info *out)
{
    caps c;

    mjt__hand_caps(h, v, &c);
    out->standard = out->overall = mjt__called_std(v, &c, NULL, NULL, -1) - 1;
    out->chiitoitsu = out->kokushi = MJT_SHANTEN_NONE;
    return MJT_OK;
}

int mjt_shanten(const mjt_tables *t, const mjt_hand *h, mjt_shanten_info *out)
{
    mjt__hv v;

    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    int ncalls = mjt__hand_ncalls(h);
    if (!mjt__hand_len_ok(v.len, ncalls))
        return MJT_ECOUNT;
    if (ncalls != 0) {
        /* a copy: were v itself handed to another file, it would live in
         * memory, and the closed hand's path would read its part words
         * back as one vector from the narrower stores that wrote them (a
         * store-forwarding stall, a third of a prebuilt hand's time) */
        mjt__hv vc = v;
        return shanten_called(h, &vc, out);
    }
    recs r = recs_of(&v);
    return shanten_of(&r, &v, out);
}

/* Whether a manzu code holds nothing but 1m and 9m: digits 1 to 7 zero,
 * that is a low half of 1m alone and a high half of 9m alone. */
static int sanma_manzu(uint32_t code)
{
    return (code & MJT__LO_MASK) < 5 && (code >> MJT__HI_SHIFT) % 625 == 0;
}

/* mjt_shanten_counts under rules ru (three players: sanma set).  The
 * counts are read once, into the codes, and every check is made on those
 * (codes.h), so a buffer written meanwhile cannot pass a check it fails. */
INLINE int shanten_counts(const mjt__game *ru, const uint8_t counts[MJT_KINDS],
                          int sanma, mjt_shanten_info *out)
{
    mjt__hv v;

    v.len = mjt__codes_of(counts, v.code);
    if (v.len < 0)
        return MJT_ECOPIES;
    if (sanma && !sanma_manzu(v.code[0]))
        return MJT_EPLAYERS;
    if (!mjt__hand_len_ok(v.len, 0))
        return MJT_ECOUNT;
    /* Counts of at most 4 and 14 tiles in all: every code is a pattern's
     * (the three-player manzu's too, once 2m to 8m are checked). */
    v.ru = ru;
    mjt__hv_words(&v);
    recs r = recs_of(&v);
    return shanten_of(&r, &v, out);
}

int mjt_shanten_counts(const mjt_tables *t, const uint8_t counts[MJT_KINDS],
                       mjt_shanten_info *out)
{
    if (t == NULL || counts == NULL || out == NULL)
        return MJT_EINVAL;
    return shanten_counts(&t->game[0], counts, 0, out);
}

int mjt_shanten_counts_players(const mjt_tables *t,
                               const uint8_t counts[MJT_KINDS], int players,
                               mjt_shanten_info *out)
{
    if (t == NULL || counts == NULL || out == NULL ||
        (players != 3 && players != 4))
        return MJT_EINVAL;
    if (players == 4)
        return shanten_counts(&t->game[0], counts, 0, out);
    return shanten_counts(&t->game[1], counts, 1, out);
}

/* mjt_shanten_tiles: a hand that the rules take goes from its ids to the
 * records with no hand made; anything else (an error to name) through
 * mjt_hand_from_tiles, whose answer it is. */
int mjt_shanten_tiles(const mjt_tables *t, const uint8_t *tiles, size_t len,
                      const mjt_rules *rules, mjt_shanten_info *out)
{
    mjt__hv v;
    unsigned red;
    int64_t bits;

    if (t == NULL || out == NULL || (tiles == NULL && len > 0))
        return MJT_EINVAL;
    if (len <= 14 && mjt__codes_of_ids(tiles, len, v.code, &red) == 0 &&
        mjt__hand_len_ok((int)len, 0) &&
        (bits = mjt__rules_take(rules, v.code[0], red)) >= 0) {
        /* at most 4 of a kind and 14 tiles: every code is a pattern's (the
         * three-player manzu's too, once 2m to 8m are checked) */
        v.len = (int)len;
        v.ru = &t->game[bits >> MJT__SANMA_SHIFT & 1];
        mjt__hv_words(&v);
        recs r = recs_of(&v);
        return shanten_of(&r, &v, out);
    }
    mjt_hand h;
    int rc = mjt_hand_from_tiles(&h, tiles, len, rules, NULL);
    return rc != MJT_OK ? rc : mjt_shanten(t, &h, out);
}

/* ==== Tiles left to draw ==== */

#if defined(__SSE2__)
/* Bits of the 34 counts of x (as mjt__lanes34 holds them) above j. */
static uint64_t above(const __m128i x[3], int j)
{
    __m128i jj = _mm_set1_epi8((char)j);
    return mjt__lanes34_bits(_mm_cmpgt_epi8(x[0], jj), _mm_cmpgt_epi8(x[1], jj),
                             _mm_cmpgt_epi8(x[2], jj));
}

static void visible_planes(const uint8_t *visible, uint64_t vis[5])
{
    /* Capped at 5 first, so that the signed compare sees 0 to 5. */
    __m128i five = _mm_set1_epi8(5), x[3];
    mjt__lanes34(visible, x);
    for (int i = 0; i < 3; i++)
        x[i] = _mm_min_epu8(x[i], five);
    for (int j = 0; j < 5; j++)
        vis[j] = above(x, j);
}
#else
static void visible_planes(const uint8_t *visible, uint64_t vis[5])
{
    memset(vis, 0, 5 * sizeof *vis);
    for (int i = 0; i < MJT_KINDS; i++)
        for (int j = 0; j < 5 && j < visible[i]; j++)
            vis[j] |= UINT64_C(1) << i;
}
#endif

/* The planes of v and visible, and of the calls' copies when called is
 * not NULL (they are not in the wall either, so they count as seen);
 * MJT_ECOPIES when some tile is held and seen more than 4 times in all,
 * MJT_EPLAYERS when a kind not in the game is seen. */
static int planes_of(const mjt_tables *t, const mjt__hv *v,
                     const uint8_t *visible, const uint8_t *called, planes *pl)
{
    uint64_t pp[4];
    uint8_t seen[MJT_KINDS];

    mjt__hv_planes(t, v, pp);
    for (int j = 0; j < 4; j++)
        pl->ge[j] = mjt__plane(pp, j);
    if (called != NULL) {
        for (int i = 0; i < MJT_KINDS; i++) {
            int n = (visible ? visible[i] : 0) + called[i];
            seen[i] = (uint8_t)(n > 5 ? 5 : n);
        }
        visible = seen;
    }
    if (visible == NULL) {
        memset(pl->vis, 0, sizeof pl->vis);
        return MJT_OK;
    }
    visible_planes(visible, pl->vis);
    /* held > j and seen > 3 - j, for some j: more than 4 in all */
    uint64_t over = pl->vis[4];
    for (int j = 0; j < 4; j++)
        over |= pl->ge[j] & pl->vis[3 - j];
    if (over != 0)
        return MJT_ECOPIES;
    return pl->vis[0] & ~v->ru->kinds ? MJT_EPLAYERS : MJT_OK;
}

int mjt_ukeire(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
               mjt_ukeire_info *out)
{
    mjt__hv v;
    planes pl;
    uint64_t tiles;

    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    int ncalls = mjt__hand_ncalls(h);
    if (!mjt__hand_len_ok(v.len, ncalls) || v.len % 3 != 1)
        return MJT_ECOUNT;
    caps c;
    if (ncalls != 0)
        mjt__hand_caps(h, &v, &c);
    if ((rc = planes_of(t, &v, visible, ncalls ? c.called : NULL, &pl)) !=
        MJT_OK)
        return rc;
    int shanten;
    if (ncalls != 0) {
        shanten = mjt__called_std(&v, &c, &tiles, NULL, -1) - 1;
    } else {
        recs r = recs_of(&v);
        shanten = std_ukeire(&r, v.len, &tiles, NULL) - 1;
    }
    if (v.len == 13)
        other_forms(pl.ge[0], pl.ge[1], v.ru->kinds, &shanten, &tiles);
    out->shanten = shanten;
    out->tiles = tiles;
    out->count = tiles_left(&pl, tiles);
    return MJT_OK;
}

/* The least shanten of seven pairs and thirteen orphans after any
 * discard of the 14 tiles of planes pl: the 14 tiles' own, since a
 * discard takes kinds and pairs away and never adds them.  A row whose
 * standard shanten is below it keeps its answer without the two forms
 * (on random 14-tile hands, half the rows). */
static int other_forms_floor(const planes *pl)
{
    uint64_t ge0 = pl->ge[0], ge1 = pl->ge[1];
    int c =
        mjt__chiitoi_of(__builtin_popcountll(ge1), __builtin_popcountll(ge0));
    int x = mjt__kokushi_of(__builtin_popcountll(ge0 & MJT__YAOCHU),
                            (ge1 & MJT__YAOCHU) != 0);
    return c < x ? c : x;
}

/* The discard table of a valid 3k+2 hand (k melds after the discard),
 * one entry per kind held.  Discards of one part whose records less the
 * tile have the same deficits on the lanes the join reads (nibbles 0 to
 * 2k + 1 of w0: a lone 1m or a lone 9m; any of three lone honors) join
 * alike: the deficit, every part's ties and the other parts' masks are
 * the first such row's, and only the part's own masks, read on the same
 * ties, differ.  Rows come in tile order, so a part's rows are together. */
INLINE size_t discards_k(const mjt__hv *v, const planes *pl, mjt_discard *out,
                         int k)
{
    dtable d;
    recs r = recs_of(v);
    uint64_t lanes = (UINT64_C(1) << (8 * k + 8)) - 1;
    const mjt__mrec *rec[MJT_MAX_DISCARDS];
    int tiles[MJT_MAX_DISCARDS];
    struct {
        uint64_t deficits, others;
        int deficit;
        unsigned ties;
    } join[MJT_MAX_DISCARDS];
    size_t rows = 0, first = 0;
    uint64_t left[4];

    left_planes(pl, left);
    int other = v->len == 14 ? other_forms_floor(pl) : 99;
    /* Every row's record first, so that their loads overlap. */
    for (uint64_t held = pl->ge[0]; held != 0; held &= held - 1) {
        int tile = __builtin_ctzll(held), part = tile / 9;
        tiles[rows] = tile;
        rec[rows++] =
            mjt__rec(v->ru, part, v->code[part] - mjt__code_step[tile % 9]);
    }
    dtable_init(&d, &r, k);
    for (size_t n = 0; n < rows; n++) {
        int tile = tiles[n], part = tile / 9;
        const mjt__mrec *ri = rec[n];
        uint64_t deficits = ri->w0 & lanes;

        if (n > 0 && tiles[n - 1] / 9 != part)
            first = n;
        size_t same = first;
        while (same < n && join[same].deficits != deficits)
            same++;
        if (same < n) {
            join[n] = join[same];
        } else {
            unsigned t[4];
            join[n].deficits = deficits;
            join[n].deficit =
                dtable_join(&d, part, mjt__load(ri), &join[n].others, t, k);
            join[n].ties = t[part];
        }
        mjt_discard *e = &out[n];
        e->tile = tile;
        e->shanten = join[n].deficit - 1;
        e->tiles = join[n].others | (uint64_t)need_of(ri, join[n].ties)
                                        << (9 * part);
        if (other <= e->shanten) {
            /* Only the plane of the copy removed changes. */
            uint64_t bit = UINT64_C(1) << tile, ge0 = pl->ge[0];
            uint64_t ge1 = pl->ge[1];
            if (!(ge1 & bit))
                ge0 &= ~bit;
            else if (!(pl->ge[2] & bit))
                ge1 &= ~bit;
            other_forms(ge0, ge1, v->ru->kinds, &e->shanten, &e->tiles);
        }
        /* The discarded tile is gone from the hand but still not drawable,
         * so the 14-tile planes count what is left. */
        e->count = count_left(left, e->tiles);
    }
    return rows;
}

/* Copies of tile the planes hold. */
static int held_of(const planes *pl, int tile)
{
    int n = 0;
    for (int j = 0; j < 4; j++)
        n += (int)(pl->ge[j] >> tile & 1);
    return n;
}

/* Red fives as discards of their own: where a suit's fives are all red the
 * entry of the five becomes the red one's; where some are, a copy of it
 * follows.  out has room for n + the copies; returns the new length. */
static size_t split_red(const mjt_hand *h, const planes *pl, mjt_discard *out,
                        size_t n)
{
    for (size_t i = n; i-- > 0;) {
        int tile = out[i].tile, s = tile / 9;
        if (tile % 9 != 4 || s > 2 || mjt__hand_red(h, s) == 0)
            continue;
        int held = held_of(pl, tile);
        if (mjt__hand_red(h, s) == held) {
            out[i].tile = MJT_KINDS + s;
            continue;
        }
        memmove(&out[i + 2], &out[i + 1], (n - i - 1) * sizeof *out);
        out[i + 1] = out[i];
        out[i + 1].tile = MJT_KINDS + s;
        n++;
    }
    return n;
}

/* Entries the discard table of h needs: a kind each, and a red five each
 * where the suit holds plain fives too. */
static size_t discards_needed(const mjt_hand *h, const planes *pl)
{
    size_t n = (size_t)__builtin_popcountll(pl->ge[0]);

    for (int s = 0; s < 3; s++) {
        int tile = 9 * s + 4, red = mjt__hand_red(h, s);
        int held = held_of(pl, tile);
        n += red > 0 && red < held;
    }
    return n;
}

int mjt_discards(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
                 mjt_discard *out, size_t cap, size_t *len)
{
    mjt__hv v;
    planes pl;
    mjt_discard buf[MJT_MAX_DISCARDS];

    if (t == NULL || h == NULL || (out == NULL && cap > 0) || len == NULL)
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    int ncalls = mjt__hand_ncalls(h);
    if (!mjt__hand_len_ok(v.len, ncalls) || v.len % 3 != 2)
        return MJT_ECOUNT;
    caps c;
    if (ncalls != 0)
        mjt__hand_caps(h, &v, &c);
    if ((rc = planes_of(t, &v, visible, ncalls ? c.called : NULL, &pl)) !=
        MJT_OK)
        return rc;
    size_t need = discards_needed(h, &pl);
    if (need > cap) {
        *len = need;
        return MJT_ESPACE;
    }
    /* Straight into out when it has room for a whole table. */
    mjt_discard *e = cap >= MJT_MAX_DISCARDS ? out : buf;
    size_t n = ncalls != 0 ? mjt__called_discards(&v, &c, &pl, e)
                           : WITH_K(v.len / 3, discards_k, &v, &pl, e);
    if (h->opaque_[MJT__H_META] >> MJT__RED_SHIFT(0) & 0x1FF) /* red fives */
        n = split_red(h, &pl, e, n);
    assert(n == need && n <= MJT_MAX_DISCARDS);
    if (e != out)
        memcpy(out, e, n * sizeof *e);
    *len = n;
    return MJT_OK;
}

/* ==== The shanten of each discard alone ==== */

/* The shanten after each discard of the checked 3k+2 hand h (view v):
 * sh[y] for each kind y held; returns the kinds held.  Without calls the
 * standard form's ties sort every discard at once (keep_std, join.h), and
 * seven pairs and thirteen orphans are a few bit operations a discard;
 * with calls each discard takes the capped join. */
static uint64_t discard_shanten(const mjt_tables *t, const mjt_hand *h,
                                const mjt__hv *v, int8_t sh[MJT_KINDS])
{
    uint64_t pp[4], ge[3];

    mjt__hv_planes(t, v, pp);
    for (int j = 0; j < 3; j++)
        ge[j] = mjt__plane(pp, j);
    if (mjt__hand_ncalls(h) == 0) {
        int s0;
        uint64_t keep = WITH_K(v->len / 3, keep_std, v, ge[0], &s0);
        /* Seven pairs and thirteen orphans after a discard of 14 tiles
         * depend only on what it takes, a single (a kind fewer), one of a
         * pair (a pair fewer) or one of three or four (neither), and on
         * whether it is a terminal or honor: six cases, each a shanten. */
        int other[2][3] = {{99, 99, 99}, {99, 99, 99}}, beaten = 0;
        if (v->len == 14) {
            int pairs = __builtin_popcountll(ge[1]);
            int kinds = __builtin_popcountll(ge[0]);
            int yk = __builtin_popcountll(ge[0] & MJT__YAOCHU);
            int yp = __builtin_popcountll(ge[1] & MJT__YAOCHU);
            for (int took = 0; took < 3; took++) {
                int c =
                    mjt__chiitoi_of(pairs - (took == 1), kinds - (took == 0));
                int x = mjt__kokushi_of(yk - (took == 0), yp - (took == 1) > 0);
                other[0][took] = c;
                other[1][took] = x < c ? x : c;
            }
            /* a discard of another kind keeps the orphans as they are */
            int x = mjt__kokushi_of(yk, yp > 0);
            int least = 99;
            for (int took = 0; took < 3; took++) {
                other[0][took] = x < other[0][took] ? x : other[0][took];
                least = other[0][took] < least ? other[0][took] : least;
                least = other[1][took] < least ? other[1][took] : least;
            }
            /* below s0 + 1 some discard may do better than the standard
             * form, which leaves s0 or s0 + 1 */
            beaten = least <= s0;
        }
        for (uint64_t held = ge[0]; held != 0; held &= held - 1) {
            int y = __builtin_ctzll(held);
            int s = s0 + !(keep >> y & 1);
            if (beaten) {
                int took = (int)(ge[1] >> y & 1) + (int)(ge[2] >> y & 1);
                int o = other[MJT__YAOCHU >> y & 1][took];
                s = o < s ? o : s;
            }
            sh[y] = (int8_t)s;
        }
        return ge[0];
    }
    caps c;
    solved sv = {0, {{0, 0}}};
    mjt__hand_caps(h, v, &c);
    for (uint64_t held = ge[0]; held != 0; held &= held - 1) {
        int tile = __builtin_ctzll(held), part = tile / 9;
        mjt__hv less = *v;
        caps cl;
        less.code[part] -= mjt__code_step[tile % 9];
        less.len--;
        mjt__hv_words(&less);
        mjt__caps_of(c.called, c.kinds, &less, &cl);
        sh[tile] = (int8_t)(mjt__called_std(&less, &cl, NULL, &sv, part) - 1);
    }
    return ge[0];
}

uint64_t mjt__discard_shanten(const mjt_tables *t, const mjt_hand *h,
                              int8_t sh[MJT_KINDS])
{
    mjt__hv v;

    if (mjt__hand_view(t, h, &v) != MJT_OK ||
        !mjt__hand_len_ok(v.len, mjt__hand_ncalls(h)) || v.len % 3 != 2)
        return 0;
    return discard_shanten(t, h, &v, sh);
}

int mjt_discards_keep(const mjt_tables *t, const mjt_hand *h, uint64_t *tiles,
                      int *shanten)
{
    mjt__hv v;
    int8_t sh[MJT_KINDS];

    if (t == NULL || h == NULL || tiles == NULL)
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    if (!mjt__hand_len_ok(v.len, mjt__hand_ncalls(h)) || v.len % 3 != 2)
        return MJT_ECOUNT;
    uint64_t held = discard_shanten(t, h, &v, sh), keep = 0;
    int least = 99;
    for (uint64_t c = held; c != 0; c &= c - 1) {
        int y = __builtin_ctzll(c);
        if (sh[y] < least) {
            least = sh[y];
            keep = 0;
        }
        keep |= (uint64_t)(sh[y] == least) << y;
    }
    *tiles = keep;
    if (shanten != NULL)
        *shanten = least;
    return MJT_OK;
}

/* Before in mjt_discards_sort's order. */
static int discard_before(const mjt_discard *x, const mjt_discard *y)
{
    if (x->shanten != y->shanten)
        return x->shanten < y->shanten;
    if (x->count != y->count)
        return x->count > y->count;
    if (MJT_KIND_OF(x->tile) != MJT_KIND_OF(y->tile))
        return MJT_KIND_OF(x->tile) < MJT_KIND_OF(y->tile);
    return x->tile < y->tile;
}

void mjt_discards_sort(mjt_discard *d, size_t n)
{
    /* insertion: at most 14 entries, and stable */
    for (size_t i = 1; d != NULL && i < n; i++) {
        mjt_discard e = d[i];
        size_t j = i;
        for (; j > 0 && discard_before(&e, &d[j - 1]); j--)
            d[j] = d[j - 1];
        d[j] = e;
    }
}

/* ==== Waits ==== */

/* Standard-form winning tiles of a 3k+1 hand, through the mod-3 filter. */
static uint64_t std_waits(const recs *rs, const mjt__hv *v)
{
    unsigned wp = mjt__wait_parts(v);
    int single = __builtin_popcount(wp) == 1;

    if (wp == 0)
        return 0;

    /* Each part's deficits from slot 2 (c / 3) on, three nibbles: the part
     * complete as it is, with the pair, and with one meld more. */
    unsigned near[4];
    const mjt__mrec *const *r = rs->r;
    for (int part = 0; part < 4; part++) {
        near[part] =
            (unsigned)(r[part]->w0 >> (8 * (MJT__W_LEN(v->w[part]) / 3)));
        if (!(wp >> part & 1) && (near[part] & 0xF) != 0)
            return 0; /* a part that must be complete is not */
    }
    uint64_t w = 0;
    for (int part = 0; part < 4; part++) {
        int base = 2 * (MJT__W_LEN(v->w[part]) / 3);
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
    mjt__hv v;
    uint64_t w, m;

    if (t == NULL || h == NULL || waits == NULL)
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    int ncalls = mjt__hand_ncalls(h);
    if (!mjt__hand_len_ok(v.len, ncalls) || v.len % 3 != 1)
        return MJT_ECOUNT;
    if (ncalls != 0) { /* the effective tiles of a tenpai hand */
        caps c;
        mjt__hand_caps(h, &v, &c);
        *waits = mjt__called_std(&v, &c, &m, NULL, -1) == 1 ? m : 0;
        return MJT_OK;
    }
    recs r = recs_of(&v);
    w = std_waits(&r, &v);
    if (v.len == 13) {
        uint64_t pp[4];
        mjt__hv_planes(t, &v, pp);
        uint64_t ge0 = mjt__plane(pp, 0), ge1 = mjt__plane(pp, 1);
        if (mjt__chiitoi(ge0, ge1, v.ru->kinds, &m) == 0)
            w |= m;
        if (mjt__kokushi(ge0, ge1, &m) == 0)
            w |= m;
    }
    *waits = w;
    return MJT_OK;
}
