/* SPDX-License-Identifier: MIT */
/*
 * Improvement tiles and two-step effective tiles (mjt.h): for each draw x,
 * the best count of effective tiles over the discards y that leave the
 * shanten where the question wants it.
 *
 * Played out, that is a discard table of H + x for every x: some 34 joins
 * of 14 entries.  Four facts make it far less.
 *
 * The shanten.  A 14-tile hand's standard deficit is the least over its
 * discards of the 13-tile deficits, and discarding y keeps it exactly when some
 * optimal split of H + x leaves y out: when part b of y has a tied slot (the
 * alignments of std_ukeire) on which b's record less y has the same deficit.
 * So the ties of H + x, one alignment per part against the discard table state
 * of H (x's part against the other three, which are H's; each other part
 * against x's new record joined with the two H parts left), sort every discard
 * at once, with a mask of free slots a discard (H's own, made once, unless y is
 * in x's part).  Seven pairs and thirteen orphans move by one a tile, so they
 * are looked at only when H + x can reach the shanten wanted in them.
 *
 * The optimal splits of H + x - y are those of H + x whose slot of part b
 * is free of y.  So a part other than b keeps a subset of its ties, and
 * all of them when it has one tied slot or when y is free on every tied
 * slot of b: then its tiles are those of H + x, known already.
 *
 * The rest take a join, and only when the tiles of H + x on the parts
 * still open could reach the best count so far: with x and y in one part
 * the discard table state of H answers it (one record replaced); in two,
 * x's part against y's new record joined with the two H parts left, and
 * each of those against the two new records joined with the other.
 *
 * The count.  y is held, so discarding it and counting it as seen leaves
 * its copies to draw as they were; x is drawn, one copy fewer.  The
 * copies left of H's tiles, as planes, count any mask with four popcounts,
 * less one when x is in it.
 *
 * A hand with calls takes the discard table of each H + x from
 * mjt_discards, where the caps are handled exactly.
 */
#include <string.h>

#include "internal.h"
#include "minplus.h"
#include "join.h"

/* What every draw of one question shares. */
typedef struct question {
    const mjt__hv *v;
    dtable d;             /* H's discard table state */
    uint64_t held;        /* kinds H holds */
    uint64_t ge0, ge1;    /* H's planes, for seven pairs and orphans */
    uint64_t left[4];     /* bit i of left[j]: more than j copies of i left */
    uint8_t n[MJT_KINDS]; /* H's concealed counts */
    /* for each kind y held: the record of its part less y, and the slots
     * on which that costs what the part costs with y (bit j: slot j) */
    const mjt__mrec *less[MJT_KINDS];
    unsigned free[MJT_KINDS];
    int chiitoi, kokushi; /* H's shanten in those forms; 99: not 13 tiles */
} question;

/* Copies left of the tiles in mask once x is drawn. */
static inline int count_of(const question *q, uint64_t mask, int x)
{
    return __builtin_popcountll(mask & q->left[0]) +
           __builtin_popcountll(mask & q->left[1]) +
           __builtin_popcountll(mask & q->left[2]) +
           __builtin_popcountll(mask & q->left[3]) - (int)(mask >> x & 1);
}

/* H + x's planes, for seven pairs and thirteen orphans. */
typedef struct drawn {
    uint64_t ge0, ge1;
    int chiitoi, kokushi; /* of H + x: no discard lowers them */
} drawn;

static void drawn_of(const question *q, int x, drawn *dx)
{
    uint64_t bx = UINT64_C(1) << x, m;

    dx->ge0 = q->ge0 | bx;
    dx->ge1 = q->ge1 | (q->ge0 & bx);
    dx->chiitoi = mjt__chiitoi(dx->ge0, dx->ge1, q->v->ru->kinds, &m);
    dx->kokushi = mjt__kokushi(dx->ge0, dx->ge1, &m);
}

/* Seven pairs and thirteen orphans of H + x - y: the shanten wanted or
 * not, and their tiles at it into *mask. */
static int other_pass(const question *q, const drawn *dx, int y, int want,
                      uint64_t *mask)
{
    uint64_t by = UINT64_C(1) << y, m;
    uint64_t ge0 = dx->ge0, ge1 = dx->ge1;
    int ny = q->n[y]; /* y is not x */

    if (ny == 1)
        ge0 &= ~by;
    else if (ny == 2)
        ge1 &= ~by;
    int pass = 0;
    *mask = 0;
    if (dx->chiitoi <= want &&
        mjt__chiitoi(ge0, ge1, q->v->ru->kinds, &m) == want) {
        *mask |= m;
        pass = 1;
    }
    if (dx->kokushi <= want && mjt__kokushi(ge0, ge1, &m) == want) {
        *mask |= m;
        pass = 1;
    }
    return pass;
}

/* Keep count c of discard y (its tiles: tiles) in *st when it is the best
 * so far; the discards come in any order. */
static void keep(mjt_step *st, int c, int y, uint64_t tiles)
{
    uint64_t by = UINT64_C(1) << y;

    if (c > st->count || st->discards == 0) {
        st->count = (uint8_t)c;
        st->discards = by;
        st->tiles = tiles;
    } else if (c == st->count) {
        /* the first discard in tile order gives the tiles */
        if (by < (st->discards & (0 - st->discards)))
            st->tiles = tiles;
        st->discards |= by;
    }
}

/*
 * Draw x of a hand without calls: st gets the best count over the
 * discards y (not x) that leave the overall shanten at want, with those
 * that reach it and the tiles after the first; st->discards stays 0 when
 * no discard does, or when none can leave more than floor.
 *
 * The ties of H + x bound those of every H + x - y that keeps its
 * deficit: a part that y leaves as it is can only lose tied slots (the
 * other parts, less y, cost no less on any slot), and a part with one
 * tied slot keeps it.  So its tiles are those of H + x on that part
 * (f[p]), and on a part with more only a subset of them: the bound that
 * skips the discards that cannot reach the best so far, or floor.
 */
INLINE void draw_k(const question *q, int x, int want, int floor, mjt_step *st,
                   int k)
{
    const dtable *d = &q->d;
    const mjt__hv *v = q->v;
    int a = x / 9;
    uint32_t ca = v->code[a] + mjt__code_step[x % 9];
    const mjt__mrec *ra = mjt__rec(v->ru, a, ca);
    const mjt__mrec *rp[4] = {d->r[0], d->r[1], d->r[2], d->r[3]};
    mjt__vec va = mjt__load(ra);
    unsigned tie[4], fr[MJT_KINDS];
    const mjt__mrec *ry[MJT_KINDS];
    uint64_t f[4], all = 0;
    uint64_t pass = 0, cands = q->held & ~(UINT64_C(1) << x);
    drawn dx;
    int others = 0;
    if (v->len == 13 && (q->chiitoi - 1 <= want || q->kokushi - 1 <= want)) {
        drawn_of(q, x, &dx);
        others = dx.chiitoi <= want || dx.kokushi <= want;
    }

    memset(st, 0, sizeof *st);
    rp[a] = ra;
    /* The standard form of H + x: its deficit, its ties and their tiles,
     * and the discards that keep the deficit. */
    mjt__vec ya = mjt__align(d->rest[a], va, k);
    int best = mjt__hmax(ya);
    if (MJT__INF - best - 1 == want) {
        tie[a] = mjt__ties(ya, best);
        for (int p = 0; p < 4; p++) {
            if (p != a) {
                mjt__vec rest = mjt__conv(d->other[a][p], va, k);
                tie[p] = mjt__ties(mjt__align(rest, d->v[p], k), best);
            }
            f[p] = (uint64_t)need_of(rp[p], tie[p]) << (9 * p);
            all |= f[p];
        }
        /* No discard leaves more than all of them. */
        if (!others && count_of(q, all, x) <= floor)
            return;
        /* y of another part: its free slots are H's */
        for (uint64_t c = cands & ~((uint64_t)0x1FF << (9 * a)); c != 0;
             c &= c - 1) {
            int y = __builtin_ctzll(c);
            fr[y] = q->free[y];
            pass |= (uint64_t)((fr[y] & tie[y / 9]) != 0) << y;
        }
        for (uint64_t c = cands & (uint64_t)0x1FF << (9 * a); c != 0;
             c &= c - 1) {
            int y = __builtin_ctzll(c);
            ry[y] = mjt__rec(v->ru, a, ca - mjt__code_step[y % 9]);
            fr[y] = same_slots(ry[y], ra);
            pass |= (uint64_t)((fr[y] & tie[a]) != 0) << y;
        }
    }
    uint64_t std_pass = pass, oms[MJT_KINDS];
    /* Seven pairs and thirteen orphans, once a discard: their tiles, and
     * the discards they alone keep at want. */
    if (others)
        for (uint64_t c = cands; c != 0; c &= c - 1) {
            int y = __builtin_ctzll(c);
            if (!other_pass(q, &dx, y, want, &oms[y]))
                oms[y] = 0;
            else
                pass |= UINT64_C(1) << y;
        }
    /* A discard free on every tied slot of its part keeps every optimal
     * split, so the other parts keep all their tiles: these first, for a
     * best count that bounds the rest. */
    for (uint64_t c = std_pass; c != 0; c &= c - 1) {
        int y = __builtin_ctzll(c), b = y / 9;
        uint64_t om = others ? oms[y] : 0;
        if (tie[b] & ~fr[y])
            continue;
        const mjt__mrec *rb = b == a ? ry[y] : q->less[y];
        uint64_t m = om | (all & ~((uint64_t)0x1FF << (9 * b))) |
                     (uint64_t)need_of(rb, tie[b]) << (9 * b);
        int n = count_of(q, m, x);
        if (n > floor)
            keep(st, n, y, m);
        pass &= ~(UINT64_C(1) << y);
    }

    for (; pass != 0; pass &= pass - 1) {
        int y = __builtin_ctzll(pass), b = y / 9;
        uint64_t m = 0, om = others ? oms[y] : 0;
        if (!(std_pass >> y & 1)) {
            int n = count_of(q, om, x);
            if (n > floor)
                keep(st, n, y, om);
            continue;
        }
        const mjt__mrec *rb = b == a ? ry[y] : q->less[y];
        /* part b: its ties less those y is needed on; the others as H + x
         * has them, exact where one slot is tied */
        unsigned open = 0;
        m = om | (uint64_t)need_of(rb, tie[b] & fr[y]) << (9 * b);
        for (int p = 0; p < 4; p++) {
            if (p == b)
                continue;
            if (tie[p] & (tie[p] - 1))
                open |= 1u << p;
            m |= f[p];
        }
        int bound = count_of(q, m, x);
        if (bound <= floor || (st->discards != 0 && bound < st->count))
            continue;
        mjt__vec vb = mjt__load(rb), ab;
        int have_ab = 0;
        for (unsigned o = open; o != 0; o &= o - 1) {
            int p = __builtin_ctz(o);
            mjt__vec rest;
            if (b == a) {
                rest = mjt__conv(d->other[a][p], vb, k);
            } else if (p == a) {
                rest = mjt__conv(d->other[a][b], vb, k);
            } else {
                if (!have_ab) {
                    ab = mjt__conv(mjt__comp(va), vb, k);
                    have_ab = 1;
                }
                rest = mjt__conv(ab, d->v[6 - a - b - p], k);
            }
            mjt__vec own = p == a ? va : d->v[p];
            unsigned tp = mjt__ties(mjt__align(rest, own, k), best);
            m &= ~((uint64_t)0x1FF << (9 * p));
            m |= om & (uint64_t)0x1FF << (9 * p);
            m |= (uint64_t)need_of(rp[p], tp) << (9 * p);
        }
        int n = count_of(q, m, x);
        if (n > floor)
            keep(st, n, y, m);
    }
}

/* The same for a hand with calls, from the discard table of H + x. */
static void draw_called(const mjt_tables *t, const mjt_hand *h,
                        const uint8_t *visible, int x, int want, mjt_step *st)
{
    mjt_hand hx = *h;
    mjt_discard rows[MJT_MAX_DISCARDS];
    size_t n = 0;

    memset(st, 0, sizeof *st);
    if (mjt_hand_add(&hx, x) != MJT_OK ||
        mjt_discards(t, &hx, visible, rows, MJT_MAX_DISCARDS, &n) != MJT_OK)
        return; /* not reached: x has a copy left */
    for (size_t i = 0; i < n; i++) {
        int y = MJT_KIND_OF(rows[i].tile);
        if (y != x && rows[i].shanten == want)
            keep(st, rows[i].count, y, rows[i].tiles);
    }
}

/* The question's shared state of a hand without calls. */
static void question_init(question *q, const mjt_tables *t, const mjt__hv *v)
{
    uint64_t pp[4], m;

    q->v = v;
    recs r = recs_of(v);
    WITH_K(v->len / 3, dtable_init, &q->d, &r);
    mjt__hv_planes(t, v, pp);
    q->ge0 = mjt__plane(pp, 0);
    q->ge1 = mjt__plane(pp, 1);
    q->held = q->ge0;
    q->chiitoi = q->kokushi = 99;
    if (v->len == 13) {
        q->chiitoi = mjt__chiitoi(q->ge0, q->ge1, v->ru->kinds, &m);
        q->kokushi = mjt__kokushi(q->ge0, q->ge1, &m);
    }
    for (int i = 0; i < MJT_KINDS; i++) {
        int n = 0;
        for (int j = 0; j < 4; j++)
            n += (int)(mjt__plane(pp, j) >> i & 1);
        q->n[i] = (uint8_t)n;
    }
    for (uint64_t c = q->held; c != 0; c &= c - 1) {
        int y = __builtin_ctzll(c), b = y / 9;
        q->less[y] = mjt__rec(v->ru, b, v->code[b] - mjt__code_step[y % 9]);
        q->free[y] = same_slots(q->less[y], q->d.r[b]);
    }
}

int mjt_improve(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
                mjt_improve_info *out)
{
    mjt_ukeire_info u;
    mjt__hv v;
    uint8_t all[MJT_KINDS];
    question q;

    if (out == NULL)
        return MJT_EINVAL;
    /* every check of the hand and of visible, and H's own answer */
    int rc = mjt_ukeire(t, h, visible, &u);
    if (rc != MJT_OK)
        return rc;
    if ((rc = mjt__hand_view(t, h, &v)) != MJT_OK ||
        (rc = mjt_hand_held(h, all)) != MJT_OK)
        return rc;
    int called = mjt__hand_ncalls(h) != 0;
    if (!called)
        question_init(&q, t, &v);
    int8_t left[MJT_KINDS];
    memset(q.left, 0, sizeof q.left);
    for (int i = 0; i < MJT_KINDS; i++) {
        int n = (v.ru->kinds >> i & 1) ? 4 - all[i] - (visible ? visible[i] : 0)
                                       : 0;
        left[i] = (int8_t)n;
        for (int j = 0; j < n; j++)
            q.left[j] |= UINT64_C(1) << i;
    }

    memset(out, 0, sizeof *out);
    out->shanten = u.shanten;
    out->count = u.count;
    out->ntwo = out->two_total = u.shanten >= 1 ? 0 : -1;
    for (int x = 0; x < MJT_KINDS; x++) {
        int effective = (int)(u.tiles >> x & 1);
        if (left[x] < 1 || (effective && u.shanten < 1))
            continue;
        int want = effective ? u.shanten - 1 : u.shanten;
        mjt_step st;
        if (called)
            draw_called(t, h, visible, x, want, &st);
        else
            WITH_K(v.len / 3, draw_k, &q, x, want, effective ? -1 : u.count,
                   &st);
        st.tile = (uint8_t)x;
        st.left = (uint8_t)left[x];
        if (effective) {
            /* some discard keeps the lower shanten: x lowered it */
            assert(st.discards != 0);
            out->two[out->ntwo++] = st;
            out->two_total += st.left * st.count;
        } else if (st.discards != 0 && st.count > u.count) {
            out->improve[out->nimprove++] = st;
            out->improve_count += st.left;
        }
    }
    return MJT_OK;
}

int mjt_improve_discard(const mjt_tables *t, const mjt_hand *h,
                        const uint8_t *visible, int tile, mjt_improve_info *out)
{
    uint8_t seen[MJT_KINDS];
    mjt_hand less;

    if (t == NULL || h == NULL || out == NULL)
        return MJT_EINVAL;
    /* the hand and visible as mjt_discards checks them (its size alone:
     * no entry is made), then the tile */
    size_t rows;
    int rc = mjt_discards(t, h, visible, NULL, 0, &rows);
    if (rc != MJT_ESPACE && rc != MJT_OK)
        return rc;
    less = *h;
    if ((rc = mjt_hand_remove(&less, tile)) != MJT_OK)
        return rc;
    if (visible != NULL)
        memcpy(seen, visible, sizeof seen);
    else
        memset(seen, 0, sizeof seen);
    int kind = MJT_KIND_OF(tile);
    seen[kind] = (uint8_t)(seen[kind] < 255 ? seen[kind] + 1 : 255);
    return mjt_improve(t, &less, seen, out);
}
