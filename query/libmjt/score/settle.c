/* SPDX-License-Identifier: MIT */
/*
 * A reading's points: its han and fu (or yakuman) into the base points,
 * the limit hands, and what each seat pays for a tsumo or a ron, pao
 * included; the ladder of an expected-score question; and which of two
 * scores is the better.
 */
#include "score.h"

#include <string.h>

static int ceil100(long v)
{
    return (int)((v + 99) / 100 * 100);
}

/* mjt__score_settle for a hand of han (no yakuman), without a branch on the
 * numbers: the limit hands from a table, the payments of a tsumo and of
 * a ron both worked out and one kept. */
static void settle_han(const ctx *c, mjt_score *s, int han)
{
    /* clang-format off */
    static const int16_t limit_base[14] = {0,    0,    0,    0,    0,
                                           0,    3000, 3000, 4000, 4000,
                                           4000, 6000, 6000, 8000};
    static const uint8_t limit_title[14] = {
        0, 0, 0, 0, 0, 0, MJT_TITLE_HANEMAN, MJT_TITLE_HANEMAN,
        MJT_TITLE_BAIMAN, MJT_TITLE_BAIMAN, MJT_TITLE_BAIMAN,
        MJT_TITLE_SANBAIMAN, MJT_TITLE_SANBAIMAN, MJT_TITLE_COUNTED_YAKUMAN};
    /* clang-format on */
    const mjt_win *w = c->w;
    const mjt_rules *r = c->r;
    int dealer = w->seat == MJT_EAST;
    /* 13 han and more: a counted yakuman, or sanbaiman without it */
    int i = han < 13 ? han : 13 - (r->counted_yakuman == 0);
    long base = (long)s->fu << (2 + (han < 6 ? han : 0));
    base = r->round_up_mangan && base == 1920 ? 2000 : base;
    int title = base >= 2000 ? MJT_TITLE_MANGAN : MJT_TITLE_NONE;
    base = base >= 2000 ? 2000 : base;
    title = han >= 6 ? limit_title[i] : title;
    base = han >= 6 ? limit_base[i] : base;
    s->han = han;
    s->title = title;
    s->base = (int32_t)base;

    int mult = dealer ? 6 : 4, honba = w->honba, tsumo = w->tsumo;
    int ron = ceil100(base * mult), two = ceil100(2 * base),
        one = ceil100(base);
    int payer = (w->seat + w->from) % 4;
    for (int p = 0; p < 4; p++) {
        int by_tsumo = p == w->seat ? 0
                                    : ((dealer | (p == MJT_EAST)) ? two : one) +
                                          100 * honba;
        int by_ron = p == payer ? ron + 300 * honba : 0;
        s->pay[p] = tsumo ? by_tsumo : by_ron;
    }
    s->points = tsumo ? (dealer ? 3 * two : two + 2 * one) : ron;
    s->sticks = 1000 * w->sticks;
}

/*
 * Points and payments of s (its lists and fu set, k the yakuman's
 * multiples, han the other yaku's) into s.  pao is the seat that fed the
 * yakuman pao_yaku, or -1.
 */
void mjt__score_settle(const ctx *c, mjt_score *s, int k, int han, int pao,
                       int pao_yaku)
{
    const mjt_win *w = c->w;
    const mjt_rules *r = c->r;
    int dealer = w->seat == MJT_EAST;
    long base;

    s->pao = -1;
    if (s->yaku_len == 0)
        return;
    if (k == 0) {
        settle_han(c, s, han);
        return;
    }
    if (k > 0) {
        s->yakuman = r->yakuman_stack ? k : 1;
        s->han = 0;
        s->fu = 0;
        s->fu_len = 0;
        memset(s->fu_parts, 0, sizeof s->fu_parts);
        s->title = MJT_TITLE_YAKUMAN;
        base = 8000L * s->yakuman;
    } else {
        s->han = han;
        if (han >= 13 && r->counted_yakuman) {
            base = 8000;
            s->title = MJT_TITLE_COUNTED_YAKUMAN;
        } else if (han >= 11) {
            base = 6000;
            s->title = MJT_TITLE_SANBAIMAN;
        } else if (han >= 8) {
            base = 4000;
            s->title = MJT_TITLE_BAIMAN;
        } else if (han >= 6) {
            base = 3000;
            s->title = MJT_TITLE_HANEMAN;
        } else {
            base = (long)s->fu << (2 + han);
            if (r->round_up_mangan && base == 1920)
                base = 2000;
            if (base >= 2000) {
                base = 2000;
                s->title = MJT_TITLE_MANGAN;
            }
        }
    }
    s->base = (int32_t)base;

    int mult = dealer ? 6 : 4;
    long fed = 0;
    int feeder = -1;
    if (k > 0 && pao >= 0 && r->pao) {
        int m = 0;
        for (int i = 0; i < s->yaku_len; i++)
            if (s->yaku[i].yaku == pao_yaku)
                m = s->yaku[i].han;
        long part = 8000L * (m < s->yakuman ? m : s->yakuman);
        if (!w->tsumo)
            part /= 2;
        base -= part;
        fed = part * mult;
        feeder = pao;
        s->pay[pao] += (int32_t)fed;
        s->pao = pao;
    }
    long got;
    if (!w->tsumo || base == 0) {
        int payer = w->tsumo ? feeder : (w->seat + w->from) % 4;
        got = ceil100(base * mult);
        s->pay[payer] += (int32_t)(got + 300L * w->honba);
    } else if (dealer) {
        int each = ceil100(2 * base);
        got = 3L * each;
        for (int p = 0; p < 4; p++)
            if (p != w->seat)
                s->pay[p] += each + 100 * w->honba;
    } else {
        int from_dealer = ceil100(2 * base), from_other = ceil100(base);
        got = from_dealer + 2L * from_other;
        for (int p = 0; p < 4; p++)
            if (p != w->seat)
                s->pay[p] +=
                    (p == MJT_EAST ? from_dealer : from_other) + 100 * w->honba;
    }
    s->points = (int32_t)(got + fed);
    s->sticks = 1000 * w->sticks;
}

/* A reading settled in s (k yakuman, han) into the ladder: its points with
 * e more han, for each e.  A yakuman's do not change; a reading without a
 * yaku scores nothing (more han from the situation would be a yaku: the
 * caller asks again). */
void mjt__score_ladder_add(const ctx *c, const mjt_score *s, int k, int han)
{
    for (int e = 0; e < c->nladder; e++) {
        int32_t v = 0;
        if (s->yaku_len > 0 && k > 0) {
            v = s->points;
        } else if (s->yaku_len > 0) {
            mjt_score x = *s;
            settle_han(c, &x, han + e);
            v = x.points;
        }
        if (v > c->ladder[e])
            c->ladder[e] = v;
    }
}

/* The yakuman a score names, each at its multiple, before the rules cap
 * their sum (yakuman_stack 0 counts one however many). */
static int named_yakuman(const mjt_score *s)
{
    int k = 0;
    for (int i = 0; i < s->yaku_len; i++)
        if (s->yaku[i].yaku >= MJT_Y_TENHOU &&
            s->yaku[i].yaku <= MJT_Y_CHUUREN9)
            k += s->yaku[i].han;
    return k;
}

/* A score is better than another by points, then a yakuman over a counted
 * one (four concealed triplets read as a 13-han full flush score the
 * same: the hand is the yakuman), then the more yakuman named (when they
 * do not add up, a first-draw win read as four concealed triplets too
 * scores what it scores without them), then han, then fu.  Readings equal
 * in all of these are equal in every number; the first found is kept. */
int mjt__score_better(const mjt_score *a, const mjt_score *b)
{
    if (a->points != b->points)
        return a->points > b->points;
    if (a->yakuman != b->yakuman)
        return a->yakuman > b->yakuman;
    if (a->yakuman && named_yakuman(a) != named_yakuman(b))
        return named_yakuman(a) > named_yakuman(b);
    if (a->han != b->han)
        return a->han > b->han;
    return a->fu > b->fu;
}
