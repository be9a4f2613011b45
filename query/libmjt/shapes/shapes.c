/* SPDX-License-Identifier: MIT */
/*
 * Decompositions and wait shapes, joined from the per-part forms that the
 * tables hold (internal.h).
 *
 * A complete hand is complete part by part: every part is a complete
 * pattern, and its decompositions are the products of the parts' own.  A
 * tenpai hand's arrangements are found with the mod-3 filter, as waits are
 * (analyze.c): the part sizes mod 3 are either one 1 and the rest 0, and
 * then the 1 part holds the waiting block (with or without the pair) and
 * the others are melds only; or two 2s and the rest 0, and then either 2
 * part holds the waiting block and the other the pair.  So each arrangement
 * is one arrangement of the waiting part times one decomposition of each
 * other part, and the distinct arrangements of the hand are exactly these
 * products, since forms of one part are distinct and parts do not mix.
 *
 * Nothing is searched: the work is writing the answer, a few stores per
 * entry.
 */
#include "internal.h"

#include <assert.h>
#include <string.h>

#include "forms.h"

/* The public block kinds are the tables' own, so a block byte's kind is
 * copied, not translated. */
_Static_assert((int)MJT_RUN == MJT__RUN && (int)MJT_TRIPLET == MJT__TRIPLET &&
                   (int)MJT_PAIR == MJT__PAIR &&
                   (int)MJT_WAIT_ONE == MJT__WAIT_SINGLE &&
                   (int)MJT_WAIT_PAIR == MJT__WAIT_PAIR &&
                   (int)MJT_WAIT_SIDE == MJT__WAIT_SIDE &&
                   (int)MJT_WAIT_GAP == MJT__WAIT_GAP,
               "block kinds of mjt.h and core/forms.h differ");

/* An answer being gathered into buf (MJT_MAX_* entries always suffice:
 * the tests prove it), and copied to the caller's array only when it
 * fits whole. */
typedef struct sink {
    void *buf;
    size_t cap, len;
} sink;

/* The caller-array rule of mjt.h: *len the entries needed; all of them
 * into out when cap holds them, else nothing and MJT_ESPACE. */
static int sink_out(const sink *s, void *out, size_t cap, size_t size,
                    size_t *len)
{
    *len = s->len;
    if (s->len > cap)
        return MJT_ESPACE;
    if (s->len > 0)
        memcpy(out, s->buf, s->len * size);
    return MJT_OK;
}

/* The decompositions of every part but one, as an odometer over their
 * lists. */
typedef struct combo {
    int n;
    int part[4];
    const uint64_t *first[4];
    int count[4], at[4];
} combo;

/* Set up c over the parts other than skip (-1: none); 0 when a part has
 * no decomposition (then nothing joins). */
static int combo_init(combo *c, const mjt_tables *t, const mjt__hv *v, int skip)
{
    c->n = 0;
    for (int p = 0; p < 4; p++) {
        if (p == skip)
            continue;
        uint32_t w = mjt__fword(v->ru, p, v->code[p]);
        if (MJT__F_DECOMPOSITIONS(w) == 0)
            return 0;
        c->part[c->n] = p;
        c->first[c->n] = t->forms + MJT__F_FIRST(w);
        c->count[c->n] = (int)MJT__F_DECOMPOSITIONS(w);
        c->at[c->n++] = 0;
    }
    return 1;
}

/* Step to the next combination; 0 after the last. */
static int combo_next(combo *c)
{
    for (int i = c->n - 1; i >= 0; i--) {
        if (++c->at[i] < c->count[i])
            return 1;
        c->at[i] = 0;
    }
    return 0;
}

/* The pair block of form word f, or MJT__F_NONE. */
static inline unsigned pair_of(uint64_t f)
{
    return (unsigned)(f >> 32) & 0xFF;
}

/* Append the melds of form word f of part p to melds[*n]; returns its
 * pair's tile, or MJT_NO_TILE. */
static inline int add_melds(uint64_t f, int p, mjt_block *melds, uint8_t *n)
{
    int base = 9 * p, k = (int)(f >> 60 & 7);

    for (int i = 0; i < k; i++) {
        unsigned b = (unsigned)(f >> (8 * i)) & 0xFF;
        melds[*n].kind = (uint8_t)(b >> 4);
        melds[*n].tile = (uint8_t)(base + (b & 0xF));
        ++*n;
    }
    unsigned pair = pair_of(f);
    return pair == MJT__F_NONE ? MJT_NO_TILE : base + (int)(pair & 0xF);
}

/* ==== Decompositions ==== */

static void put_decomposition(sink *s, const mjt_decomposition *d)
{
    if (s->len < s->cap)
        ((mjt_decomposition *)s->buf)[s->len] = *d;
    s->len++;
}

static void standard_decompositions(const mjt_tables *t, const mjt__hv *v,
                                    sink *s)
{
    combo c;
    int pairs = 0;

    if (!combo_init(&c, t, v, -1))
        return;
    /* A part's decompositions hold a pair when its tiles are 2 mod 3, and
     * a 3k+2 hand has one such part, or four: then each part is complete
     * alone, but four pairs are no hand (55m66p33s11122233z). */
    for (int i = 0; i < c.n; i++)
        pairs += pair_of(c.first[i][0]) != MJT__F_NONE;
    if (pairs != 1)
        return;
    do {
        mjt_decomposition d = {MJT_STANDARD, MJT_NO_TILE, 0, {{0, 0}}};
        for (int i = 0; i < c.n; i++) {
            int pair = add_melds(c.first[i][c.at[i]], c.part[i], d.melds,
                                 &d.melds_len);
            if (pair != MJT_NO_TILE)
                d.pair = (uint8_t)pair;
        }
        put_decomposition(s, &d);
    } while (combo_next(&c));
}

int mjt_decompositions(const mjt_tables *t, const mjt_hand *h,
                       mjt_decomposition *out, size_t cap, size_t *len)
{
    mjt_decomposition buf[MJT_MAX_DECOMPOSITIONS];
    sink s = {buf, MJT_MAX_DECOMPOSITIONS, 0};
    mjt__hv v;

    if (t == NULL || h == NULL || len == NULL || (out == NULL && cap > 0))
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    /* Calls change nothing here: a complete concealed part is its own
     * target, so it holds no more than its caps. */
    if (!mjt__hand_len_ok(v.len, mjt__hand_ncalls(h)) || v.len % 3 != 2)
        return MJT_ECOUNT;
    standard_decompositions(t, &v, &s);
    if (v.len == 14) {
        mjt_decomposition d = {MJT_CHIITOITSU, MJT_NO_TILE, 0, {{0, 0}}};
        uint64_t m, pp[4];
        mjt__hv_planes(t, &v, pp);
        uint64_t ge0 = mjt__plane(pp, 0), ge1 = mjt__plane(pp, 1);
        if (mjt__chiitoi(ge0, ge1, v.ru->kinds, &m) == -1)
            put_decomposition(&s, &d);
        d.form = MJT_KOKUSHI;
        if (mjt__kokushi(ge0, ge1, &m) == -1)
            put_decomposition(&s, &d);
    }
    assert(s.len <= s.cap);
    return sink_out(&s, out, cap, sizeof *out, len);
}

/* ==== Shapes ==== */

static void put_shape(sink *s, const mjt_shape *e)
{
    if (s->len < s->cap)
        ((mjt_shape *)s->buf)[s->len] = *e;
    s->len++;
}

/* The shape a waiting block makes. */
static int shape_of(unsigned wait)
{
    switch (wait >> 4) {
    case MJT__WAIT_SINGLE:
        return MJT_TANKI;
    case MJT__WAIT_PAIR:
        return MJT_SHANPON;
    case MJT__WAIT_GAP:
        return MJT_KANCHAN;
    default: /* a side wait: 12 and 89 are closed at one end */
        return (wait & 0xF) == 0 || (wait & 0xF) == 7 ? MJT_PENCHAN
                                                      : MJT_RYANMEN;
    }
}

/* Every arrangement with the waiting block in part w and the rest in the
 * decompositions of the other parts (one of which may hold the pair),
 * but for winning tiles in banned (34 bits). */
static void shapes_in(const mjt_tables *t, const mjt__hv *v, int w,
                      uint64_t banned, sink *s)
{
    uint32_t fw = mjt__fword(v->ru, w, v->code[w]);
    const uint64_t *f = t->forms + MJT__F_FIRST(fw) + MJT__F_DECOMPOSITIONS(fw);
    int n = (int)MJT__F_ARRANGEMENTS(fw);
    unsigned wins = 0;
    combo c;

    if (n == 0 || !combo_init(&c, t, v, w))
        return;
    for (int i = 0; i < n; i++)
        wins |= (unsigned)(f[i] >> 48) & 0x1FF;
    wins &= ~(unsigned)(banned >> (9 * w));
    for (; wins != 0; wins &= wins - 1) {
        int r = __builtin_ctz(wins);
        for (int i = 0; i < n; i++) {
            if (!(f[i] >> (48 + r) & 1))
                continue;
            unsigned wait = (unsigned)(f[i] >> 40) & 0xFF;
            mjt_shape e = {0};
            e.tile = (uint8_t)(9 * w + r);
            e.shape = (uint8_t)shape_of(wait);
            e.wait.kind = (uint8_t)(wait >> 4);
            e.wait.tile = (uint8_t)(9 * w + (int)(wait & 0xF));
            int pair = add_melds(f[i], w, e.melds, &e.melds_len);
            for (int k = 0; k < c.n; k++)
                c.at[k] = 0;
            do {
                mjt_shape x = e;
                int p = pair;
                for (int k = 0; k < c.n; k++) {
                    int q = add_melds(c.first[k][c.at[k]], c.part[k], x.melds,
                                      &x.melds_len);
                    if (q != MJT_NO_TILE)
                        p = q;
                }
                x.pair = (uint8_t)p;
                put_shape(s, &x);
            } while (combo_next(&c));
        }
    }
}

/*
 * Kinds whose four copies are all in the hand and its calls: no wait.  The
 * arrangements need nothing else from the calls: one that wins on a kind
 * with a copy left is a complete concealed part of that tile added, which
 * holds no more than its caps.
 */
static uint64_t exhausted(const mjt_hand *h, const mjt__hv *v)
{
    uint8_t called[MJT_KINDS];
    uint64_t m = 0;

    mjt__hand_called(h, called);
    for (int i = 0; i < MJT_KINDS; i++)
        if (called[i] &&
            called[i] + mjt__code_digit(v->code[i / 9], i % 9) >= 4)
            m |= UINT64_C(1) << i;
    return m;
}

/* Seven pairs and thirteen orphans of a 13-tile hand: one entry for each
 * tile that wins in the form where the hand is tenpai. */
static void special_shapes(const mjt_tables *t, const mjt__hv *v, sink *s)
{
    mjt_shape e = {0};
    uint64_t pp[4];
    mjt__hv_planes(t, v, pp);
    uint64_t m, ge0 = mjt__plane(pp, 0), ge1 = mjt__plane(pp, 1);

    e.pair = MJT_NO_TILE;
    e.wait.kind = MJT_WAIT_ONE;
    for (int form = 0; form < 2; form++) {
        if (form == 0) {
            if (mjt__chiitoi(ge0, ge1, v->ru->kinds, &m) != 0)
                continue;
            e.shape = MJT_SHAPE_CHIITOITSU;
        } else {
            if (mjt__kokushi(ge0, ge1, &m) != 0)
                continue;
            e.shape = __builtin_popcountll(m) == 13 ? MJT_SHAPE_KOKUSHI13
                                                    : MJT_SHAPE_KOKUSHI;
        }
        for (; m != 0; m &= m - 1) {
            e.tile = e.wait.tile = (uint8_t)__builtin_ctzll(m);
            put_shape(s, &e);
        }
    }
}

int mjt_shapes(const mjt_tables *t, const mjt_hand *h, mjt_shape *out,
               size_t cap, size_t *len)
{
    mjt_shape buf[MJT_MAX_SHAPES];
    sink s = {buf, MJT_MAX_SHAPES, 0};
    mjt__hv v;

    if (t == NULL || h == NULL || len == NULL || (out == NULL && cap > 0))
        return MJT_EINVAL;
    int rc = mjt__hand_view(t, h, &v);
    if (rc != MJT_OK)
        return rc;
    int ncalls = mjt__hand_ncalls(h);
    if (!mjt__hand_len_ok(v.len, ncalls) || v.len % 3 != 1)
        return MJT_ECOUNT;
    uint64_t banned = ncalls ? exhausted(h, &v) : 0;
    for (unsigned wp = mjt__wait_parts(&v); wp != 0; wp &= wp - 1)
        shapes_in(t, &v, __builtin_ctz(wp), banned, &s);
    if (v.len == 13)
        special_shapes(t, &v, &s);
    assert(s.len <= s.cap);
    return sink_out(&s, out, cap, sizeof *out, len);
}

/* ==== Names ==== */

const char *mjt_shape_name(int shape)
{
    static const char *const names[] = {
        [MJT_TANKI] = "tanki",           [MJT_SHANPON] = "shanpon",
        [MJT_KANCHAN] = "kanchan",       [MJT_PENCHAN] = "penchan",
        [MJT_RYANMEN] = "ryanmen",       [MJT_SHAPE_CHIITOITSU] = "chiitoitsu",
        [MJT_SHAPE_KOKUSHI] = "kokushi", [MJT_SHAPE_KOKUSHI13] = "kokushi13",
    };
    return shape >= 0 && shape <= MJT_SHAPE_KOKUSHI13 ? names[shape] : NULL;
}

const char *mjt_form_name(int form)
{
    static const char *const names[] = {
        [MJT_STANDARD] = "standard",
        [MJT_CHIITOITSU] = "chiitoitsu",
        [MJT_KOKUSHI] = "kokushi",
    };
    return form >= 0 && form <= MJT_KOKUSHI ? names[form] : NULL;
}
