/* SPDX-License-Identifier: MIT */
/*
 * Hands with calls.
 *
 * A hand with calls has caps below 4 on the kinds its calls hold; the
 * tables are solved with 4.  Each part holding a called kind is answered
 * exactly, mostly from the tables still.
 *
 * Honors (and the manzu of three players, which forms no run either).  A
 * called honor is a triplet or a quad, so its kind has at most one copy
 * left: it can be no pair or triplet of the concealed part, and a copy of
 * it held is of no use.  The honors' record is then the tables' record of
 * the honors without those copies, with the called kinds taken out of its
 * need masks.  That is exact on every slot the join reads (at
 * most k + 1 groups for a hand of k melds and 4 - k calls): a target the
 * tables allow that puts a group on a called kind draws all of it, and at
 * least two more honor kinds than it has such groups are neither called
 * nor used by it, so none is held (a group there would cost less) and the
 * same group costs the same on one of them.  (For the three-player manzu
 * the free kind may be in another part: as internal.h says of its rules,
 * a drawn group costs no more there.)
 *
 * Suits.  A target that breaks a cap holds more of a called kind r than
 * its cap, so it draws at least cap(r) + 1 - held(r) copies of r: its part
 * of the hand costs that much at least, and r is in that slot's need mask.
 * The join says which slots of each part lie on an optimal split; when for
 * each of them and each called r of the part, r is not in its need mask,
 * or the slot costs no more than cap(r) - held(r), or the tables show no
 * target of that cost there holding more than cap(r) of r (within_caps),
 * no optimal target breaks a cap, so the capped optimum and its effective
 * tiles are the tables' own.
 * Otherwise the suits whose proof fails get their records from the exact
 * solve of capped.c and the join runs again; a suit still on the tables'
 * record is proved anew on the ties of that join.  That is exact for the
 * same reason: the capped records are nowhere below the tables', so an
 * optimum whose ties the proof covers is the capped one, with the same
 * ties and need masks.  The deficit alone (mask NULL) needs less: one
 * optimal split on proved slots (unbroken).
 */
#include "called.h"

#include <assert.h>
#include <string.h>

#include "codes.h"

/* The caps of a hand of v's codes whose calls hold called[] (kinds: the
 * kinds with a copy there). */
void mjt__caps_of(const uint8_t called[MJT_KINDS], uint64_t kinds,
                  const mjt__hv *v, caps *c)
{
    memcpy(c->called, called, MJT_KINDS);
    c->kinds = kinds;
    c->suits = c->dead_parts = 0;
    memcpy(c->code, v->code, sizeof c->code);
    memset(c->dead, 0, sizeof c->dead);
    uint8_t held[4][9];
    unsigned decoded = 0; /* the parts whose counts are in held */
    for (; kinds != 0; kinds &= kinds - 1) {
        int i = __builtin_ctzll(kinds), p = i / 9, r = i % 9;
        if (!(decoded >> p & 1)) {
            mjt__code_counts(v->code[p], held[p], p < 3 ? 9 : 7);
            decoded |= 1u << p;
        }
        c->held[i] = held[p][r];
        if (v->ru->honor_like >> p & 1) {
            c->dead_parts |= 1u << p;
            c->dead[p] |= 1u << r;
            c->code[p] -= c->held[i] * mjt__code_step[r];
        } else {
            c->suits |= 1u << p;
        }
    }
}

/* The caps of h (which has calls) and v. */
void mjt__hand_caps(const mjt_hand *h, const mjt__hv *v, caps *c)
{
    uint8_t called[MJT_KINDS];
    uint64_t kinds = mjt__hand_called(h, called);
    mjt__caps_of(called, kinds, v, c);
}

/* Suit p's record under the caps, by the exact solve; need masks when
 * with_need. */
static void capped_rec(const caps *c, const mjt__hv *v, int p, int melds,
                       int with_need, mjt__mrec *out)
{
    uint8_t cap[9], held[9];
    mjt__record rec;

    mjt__code_counts(v->code[p], held, 9);
    for (int r = 0; r < 9; r++)
        cap[r] = (uint8_t)(4 - c->called[9 * p + r]);
    mjt__capped_record(held, cap, 9, 1, melds, with_need, &rec);
    *out = mjt__mrec_pack(&rec);
}

/*
 * The slots in ties of suit p's record r on which a target of the slot's
 * deficit may break a cap (see above), all of them or (first) the first
 * found: none when the tables' optimum is the capped one on every slot in
 * ties.  A slot of deficit d whose need mask holds a called rank x with
 * d > cap(x) - held(x) asks the tables: with j = cap(x) + 1 - held(x),
 * some target of deficit d on it holds more of x than its cap exactly
 * when the pattern with j more copies of x has deficit d - j there (each
 * copy added lowers a deficit by one at most, and by j only for a target
 * that holds them all).
 */
static unsigned caps_broken(const caps *c, const mjt__hv *v, int p,
                            const mjt__mrec *r, unsigned ties, int first)
{
    unsigned broken = 0;

    for (; ties != 0; ties &= ties - 1) {
        int slot = __builtin_ctz(ties), d = mjt__mrec_deficit(r, slot);
        for (unsigned need = mjt__mrec_need(r, slot); need; need &= need - 1) {
            int x = __builtin_ctz(need), i = 9 * p + x;
            if (!c->called[i]) /* held[i] is set for called kinds only */
                continue;
            int j = 4 - c->called[i] + 1 - c->held[i];
            if (d < j)
                continue;
            /* past the tables, no proof */
            int sure = MJT__W_LEN(v->w[p]) + j <= 14;
            if (sure) {
                const mjt__mrec *more = mjt__rec(
                    v->ru, p, v->code[p] + (uint32_t)j * mjt__code_step[x]);
                sure = mjt__mrec_deficit(more, slot) != d - j;
            }
            if (!sure) {
                broken |= 1u << slot;
                break;
            }
        }
        if (broken && first)
            break;
    }
    return broken;
}

/* Whether no target on the slots in ties breaks a cap. */
static int within_caps(const caps *c, const mjt__hv *v, int p,
                       const mjt__mrec *r, unsigned ties)
{
    return caps_broken(c, v, p, r, ties, 1) == 0;
}

/* The record of part p, forming no run, whose called ranks dead are taken
 * out: the tables' record of code (the part without their copies), those
 * ranks out of its need masks (slots 1 and 2 at bits 40 and 49 of w0, the
 * rest in w1, 9 bits each). */
static void dead_rec(const mjt__game *ru, int p, uint32_t code, unsigned dead,
                     mjt__mrec *out)
{
    uint64_t d = dead;
    *out = *mjt__rec(ru, p, code);
    out->w0 &= ~(d << 40 | d << 49);
    out->w1 &= ~spread_need(dead);
}

/* The records of v under caps c: the tables' own, but those of the parts
 * forming no run that hold a called kind, which dead_rec makes in dead. */
static recs called_recs(const mjt__hv *v, const caps *c, mjt__mrec dead[4])
{
    recs r = recs_of(v);
    for (unsigned dp = c->dead_parts; dp != 0; dp &= dp - 1) {
        int p = __builtin_ctz(dp);
        dead_rec(v->ru, p, c->code[p], c->dead[p], &dead[p]);
        r.r[p] = &dead[p];
    }
    return r;
}

/*
 * Whether the deficit d of the records r is reached by a split that puts
 * no suit of todo on a slot broken[] holds: the deficit then stays d under
 * the caps.  The capped records are nowhere below r, and they are r's on
 * the tied slots not broken, so with those slots alone the split costs d
 * under the caps too.  (So the deficit needs no exact solve when one optimal split
 * is proved, though the effective tiles need every one.)  A broken slot is
 * made one of no target (15) and the records joined again: a split that
 * reaches d there is one of r's optimal splits, on tied slots, none of
 * them broken.
 */
static int unbroken(const recs *r, int len, unsigned todo,
                    const unsigned broken[4], int d)
{
    mjt__mrec own[4];
    recs x = *r;

    for (; todo != 0; todo &= todo - 1) {
        int p = __builtin_ctz(todo);
        own[p] = *r->r[p];
        /* slot 0 (nothing) has no need and breaks nothing: the join's
         * first lanes stay as they were */
        assert(!(broken[p] & 1));
        for (unsigned b = broken[p]; b != 0; b &= b - 1)
            own[p].w0 |= UINT64_C(0xF) << (4 * __builtin_ctz(b));
        x.r[p] = &own[p];
    }
    return mjt__std_deficit(&x, len) == d;
}

/*
 * The standard-form deficit of a hand with calls (concealed part v, caps
 * c), exactly, and its effective tiles in *mask when mask is not NULL.
 * With sv, suits but `changed` take their solved record from there, or
 * leave it there.
 */
int mjt__called_std(const mjt__hv *v, const caps *c, uint64_t *mask, solved *sv,
                    int changed)
{
    uint64_t unused;
    mjt__mrec dead[4], own[3];
    unsigned ties[4];
    recs r = called_recs(v, c, dead);

    if (mask == NULL && c->suits == 0)
        return mjt__std_deficit(&r, v->len);
    int d = mjt__std_ukeire(&r, v->len, mask ? mask : &unused, ties);
    for (unsigned left = c->suits;;) { /* the suits on the tables' records */
        unsigned todo = 0, broken[4] = {0, 0, 0, 0};
        for (unsigned s = left; s != 0; s &= s - 1) {
            int p = __builtin_ctz(s);
            broken[p] = caps_broken(c, v, p, r.r[p], ties[p], mask != NULL);
            if (broken[p] != 0)
                todo |= 1u << p;
        }
        if (todo == 0 ||
            (mask == NULL && unbroken(&r, v->len, todo, broken, d)))
            return d;
        for (; todo != 0; todo &= todo - 1) {
            int p = __builtin_ctz(todo);
            left &= ~(1u << p);
            if (sv != NULL && p != changed && (sv->have >> p & 1)) {
                r.r[p] = &sv->rec[p];
                continue;
            }
            capped_rec(c, v, p, v->len / 3, mask != NULL, &own[p]);
            r.r[p] = &own[p];
            if (sv != NULL && p != changed) {
                sv->rec[p] = own[p];
                sv->have |= 1u << p;
            }
        }
        if (left == 0)
            return mask != NULL ? mjt__std_ukeire(&r, v->len, mask, NULL)
                                : mjt__std_deficit(&r, v->len);
        d = mjt__std_ukeire(&r, v->len, mask ? mask : &unused, ties);
    }
}

/* The caps of v less one tile (of its part) from v's caps c:
 * mjt__caps_of's, for the kind and part the tile changes alone. */
static void caps_less(const caps *c, const mjt__hv *less, int tile, caps *cl)
{
    int part = tile / 9;

    *cl = *c;
    if (!(c->dead_parts >> part & 1))
        cl->code[part] = less->code[part];
    else if (!(c->kinds >> tile & 1))
        cl->code[part] -= mjt__code_step[tile % 9];
    if (c->kinds >> tile & 1)
        cl->held[tile]--;
#ifndef NDEBUG
    caps x;
    mjt__caps_of(c->called, c->kinds, less, &x);
    assert(!memcmp(x.code, cl->code, sizeof x.code) &&
           (!(c->kinds >> tile & 1) || x.held[tile] == cl->held[tile]));
#endif
}

/*
 * The discard table of a hand with calls (caps c): each entry is the hand
 * less one tile, answered as mjt_ukeire answers it.  The entries share the
 * join of the tables' records (dtable), and each entry's answer from it is
 * proved against the caps on its ties as mjt__called_std proves a hand's;
 * an entry whose proof fails is answered by mjt__called_std, which shares
 * the suits it solves with the next such entries.
 */
INLINE size_t called_discards_k(const mjt__hv *v, const caps *c,
                                const planes *pl, mjt_discard *out, int k)
{
    size_t n = 0;
    solved sv = {0, {{0, 0}}};
    mjt__mrec dead[4];
    recs r = called_recs(v, c, dead);
    dtable d;
    uint64_t left[4];

    left_planes(pl, left);
    dtable_init(&d, &r, k);
    for (uint64_t held = pl->ge[0]; held != 0; held &= held - 1) {
        int tile = __builtin_ctzll(held), part = tile / 9;
        mjt__hv less = *v;
        caps cl;
        mjt__mrec own;
        const mjt__mrec *ri;
        unsigned ties[4];

        less.code[part] -= mjt__code_step[tile % 9];
        less.len--;
        mjt__hv_words(&less);
        caps_less(c, &less, tile, &cl);
        if (c->dead_parts >> part & 1) {
            dead_rec(v->ru, part, cl.code[part], c->dead[part], &own);
            ri = &own;
        } else {
            ri = mjt__rec(v->ru, part, less.code[part]);
        }
        mjt_discard *e = &out[n++];
        e->tile = tile;
        int def = dtable_entry(&d, part, ri, &e->tiles, ties, k), proved = 1;
        for (unsigned s = c->suits; s != 0 && proved; s &= s - 1) {
            int p = __builtin_ctz(s);
            proved =
                within_caps(&cl, &less, p, p == part ? ri : r.r[p], ties[p]);
        }
        if (!proved)
            def = mjt__called_std(&less, &cl, &e->tiles, &sv, part);
        e->shanten = def - 1;
        e->count = count_left(left, e->tiles);
    }
    return n;
}

size_t mjt__called_discards(const mjt__hv *v, const caps *c, const planes *pl,
                            mjt_discard *out)
{
    return WITH_K(v->len / 3, called_discards_k, v, c, pl, out);
}
