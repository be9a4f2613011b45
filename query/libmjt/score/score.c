/* SPDX-License-Identifier: MIT */
/*
 * Scoring a complete hand: every reading of it (each way the tiles split
 * into blocks, and each block the winning tile may have completed), its
 * yaku, fu and points, and the best of them.
 *
 * A reading is a list of blocks: the pair, the concealed melds, then the
 * calls, held as bits of kinds.  The concealed part splits by a small
 * search (a pair, then at the lowest tile left either a triplet and runs,
 * or runs only), so each multiset of melds comes out once; a hand has at
 * most four standard splits.  Most hands have one: the search's first
 * way is taken without a branch on the tiles, and the search runs only
 * where another choice is open (greedy).  Which block the winning tile
 * completed decides the wait (and its fu), and whether a triplet counts
 * as concealed: one completed by a ron is open for fu and for the
 * concealed triplets.  Every yaku and fu is
 * a function of one reading; the hand's value is its best reading's, by
 * points, then a yakuman first, then the more yakuman named, then han,
 * then fu.
 */
#include "internal.h"
#include "codes.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

enum { HONOR0 = 27, WHITE = 31 };

/* 2s 3s 4s 6s 8s and 6z: all green */
#define GREEN_TILES                                                            \
    (1ull << 19 | 1ull << 20 | 1ull << 21 | 1ull << 23 | 1ull << 25 |          \
     1ull << 32)

typedef struct blk {
    uint8_t kind; /* MJT_RUN, MJT_TRIPLET, MJT_QUAD, MJT_CLOSED_QUAD */
    uint8_t tile;
    uint8_t from; /* its mjt_from */
} blk;

typedef struct ctx {
    const mjt_win *w;
    const mjt_rules *r;
    uint8_t counts[40]; /* concealed, winning tile included; 0 past 34 */
    blk calls[MJT_MAX_CALLS];
    int ncalls;
    int menzen; /* no call but closed quads */
    int win;    /* the winning tile's kind */
    int dora, red, ura;
    int chuuren; /* 0, 1 nine gates, 2 pure nine gates (hand-level) */
    int have, cur_used;
    /* the calls as a standard reading counts them: the kinds of the
     * triplets and quads, the lowest kinds of the runs, how many, and
     * their fu parts in order */
    uint64_t call_trips, call_runs;
    int call_nrun, call_ntrip, call_nquad, call_nclosed;
    int call_fu_len, call_fu_sum;
    struct {
        uint8_t part, tile, fu;
    } call_fu[MJT_MAX_CALLS]; /* 0 past */
    uint64_t call_blocks;     /* the calls as mjt_blocks, 16 bits each */
    /* the tiles' own facts, calls and all: a terminal or honor held, an
     * honor, honors alone, greens alone, one suit alone */
    int any_yaochu, any_honor, all_honors, green, one_suit;
    int tiles_yakuman;  /* a first draw, all honors, all green, nine gates */
    uint32_t situation; /* the situation's yaku, bits L_* below */
    uint64_t held;      /* the kinds held concealed, as bits */
    uint64_t ones;      /* those held once */
    uint64_t twos;      /* those held twice */
    uint64_t fours;     /* those held four times */
    int sum[4];         /* tiles of each part (m, p, s, z) */
    mjt_score *best;    /* the caller's */
    mjt_score cur;
    /* mjt__score_ladder's: the most points of a reading with e more han,
     * e = 0 .. nladder - 1; NULL for none */
    int32_t *ladder;
    int nladder;
} ctx;
_Static_assert(sizeof(((ctx *)0)->call_fu) == 3 * MJT_MAX_CALLS &&
                   sizeof(((mjt_score *)0)->fu_parts[0]) == 3,
               "fu parts are three bytes, copied as such");

/* The terminals and honors, as bits of kinds; the runs that hold a
 * terminal, by their lowest tile (123 and 789 of each suit). */
#define YAOCHU                                                                 \
    (0x7Full << 27 | 1ull << 0 | 1ull << 8 | 1ull << 9 | 1ull << 17 |          \
     1ull << 18 | 1ull << 26)
#define YAOCHU_RUNS                                                            \
    (1ull << 0 | 1ull << 6 | 1ull << 9 | 1ull << 15 | 1ull << 18 | 1ull << 24)

static int is_terminal_or_honor(int k)
{
    return (int)(YAOCHU >> k & 1);
}

/* The sum of the bytes of w (below 256 in all). */
static int byte_sum(uint64_t w)
{
    return (int)((w * 0x0101010101010101ull) >> 56);
}

/* What the 34 counts of a hand say at a glance: the kinds held exactly
 * 0, 1, 2 and 4 times (eq[3] is unused) and more than 4, as bits, and
 * the counts' sum (below 2^16 whatever the bytes). */
typedef struct tally {
    uint64_t eq[5], over;
    int sum;
} tally;

#define ALL_KINDS ((1ull << MJT_KINDS) - 1)

#if !defined(__SSE2__) || !defined(NDEBUG)
/* The portable tally (and, in a debug build, the check of the other). */
static void tally_scalar(const uint8_t *counts, tally *t)
{
    memset(t, 0, sizeof *t);
    for (int k = 0; k < MJT_KINDS; k++) {
        int v = counts[k];
        if (v <= 4 && v != 3)
            t->eq[v] |= 1ull << k;
        t->over |= (uint64_t)(v > 4) << k;
        t->sum += v;
    }
}
#endif

#if defined(__SSE2__)
/* The kinds whose counts (as mjt__lanes34 holds them) equal v's lanes. */
static inline uint64_t lanes_eq(const __m128i x[3], __m128i v)
{
    return mjt__lanes34_bits(_mm_cmpeq_epi8(x[0], v), _mm_cmpeq_epi8(x[1], v),
                             _mm_cmpeq_epi8(x[2], v));
}

static inline void tally_of(const uint8_t *counts, tally *t)
{
    __m128i x[3], four = _mm_set1_epi8(4), zero = _mm_setzero_si128();
    mjt__lanes34(counts, x);
    t->eq[0] = lanes_eq(x, zero);
    t->eq[1] = lanes_eq(x, _mm_set1_epi8(1));
    t->eq[2] = lanes_eq(x, _mm_set1_epi8(2));
    t->eq[3] = 0;
    t->eq[4] = lanes_eq(x, four);
    /* at most 4: the unsigned max with 4 is 4 */
    __m128i y[3] = {_mm_max_epu8(x[0], four), _mm_max_epu8(x[1], four),
                    _mm_max_epu8(x[2], four)};
    t->over = ~lanes_eq(y, four) & ALL_KINDS;
    __m128i s =
        _mm_add_epi64(_mm_sad_epu8(x[0], zero), _mm_sad_epu8(x[1], zero));
    s = _mm_add_epi64(s, _mm_sad_epu8(_mm_srli_si128(x[2], 14), zero));
    t->sum = _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128(s, 8));
#ifndef NDEBUG
    tally u;
    tally_scalar(counts, &u);
    for (int v = 0; v < 5; v++)
        assert(t->eq[v] == u.eq[v]);
    assert(t->over == u.over && t->sum == u.sum);
#endif
}
#else
#define tally_of tally_scalar
#endif

/* The part of a kind: 0-2 the suits, 3 the honors. */
static const uint8_t part_of[MJT_KINDS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1,
                                           1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2,
                                           2, 2, 2, 3, 3, 3, 3, 3, 3, 3};

/* A reading's score being written: the running counts of its lists, its
 * fu, the han of its yaku and the multiples of its yakuman, which reach
 * the score at the end (finish), so that settle need not add up the list
 * again. */
typedef struct sheet {
    mjt_score *s;
    int yaku, fu_parts, blocks; /* the lists' entries */
    int fu, han, yakuman;
    unsigned calls; /* which blocks are calls, as bits */
} sheet;

/* A yaku of han when cond, without a branch on cond: the entry is
 * written either way, as zeroes unless cond, and counted only when cond
 * (so the entries past the list's length stay 0).  A full list takes no
 * more. */
static inline void yaku_if(sheet *t, int cond, int yaku, int han)
{
    int on = cond != 0;
    if (t->yaku < MJT_MAX_YAKU) {
        t->s->yaku[t->yaku].yaku = (uint8_t)(yaku & -on);
        t->s->yaku[t->yaku].han = (uint8_t)(han & -on);
        t->yaku += on;
        t->han += han & -on;
    }
}

/* The multiple a yakuman counts for under the rules. */
static inline int multiple(const ctx *c, int yaku)
{
    int twice = yaku == MJT_Y_KOKUSHI13 || yaku == MJT_Y_SUUANKOU_TANKI ||
                yaku == MJT_Y_DAISUUSHII || yaku == MJT_Y_CHUUREN9;
    return twice && c->r->double_yakuman ? 2 : 1;
}

/* A yakuman when cond, listed with its multiple. */
static inline void yakuman_if(const ctx *c, sheet *t, int cond, int yaku)
{
    int on = cond != 0, m = multiple(c, yaku);
    if (t->yaku < MJT_MAX_YAKU) {
        t->s->yaku[t->yaku].yaku = (uint8_t)(yaku & -on);
        t->s->yaku[t->yaku].han = (uint8_t)(m & -on);
        t->yaku += on;
        t->yakuman += m & -on;
    }
}

/* A fu part when cond.  A reading has 9 at most (the base, the pair, the
 * wait, four melds, how it was won, the rounding), so the list never
 * fills. */
static inline void fu_if(sheet *t, int cond, int part, int tile, int fu)
{
    int on = cond != 0;
    assert(t->fu_parts < MJT_MAX_FU_PARTS);
    t->s->fu_parts[t->fu_parts].part = (uint8_t)(part & -on);
    t->s->fu_parts[t->fu_parts].tile = (uint8_t)(tile & -on);
    t->s->fu_parts[t->fu_parts].fu = (uint8_t)(fu & -on);
    t->fu_parts += on;
    t->fu += fu & -on;
}
_Static_assert(MJT_MAX_FU_PARTS >= 11, "a reading's fu parts fit, and the "
                                       "calls' are copied four at once");

static inline void block(sheet *t, int kind, int tile, int call)
{
    t->calls |= (unsigned)call << t->blocks;
    t->s->blocks[t->blocks].kind = (uint8_t)kind;
    t->s->blocks[t->blocks].tile = (uint8_t)tile;
    t->blocks++;
}

static void settle(const ctx *c, mjt_score *s, int k, int han, int pao,
                   int pao_yaku);
static void ladder_add(const ctx *c, const mjt_score *s, int k, int han);

/* The sheet's counts into its score, then settle. */
static inline void finish(const ctx *c, const sheet *t, int pao, int pao_yaku)
{
    t->s->yaku_len = (uint8_t)t->yaku;
    t->s->fu_len = (uint8_t)t->fu_parts;
    t->s->fu = t->fu;
    t->s->blocks_len = (uint8_t)t->blocks;
    t->s->calls = (uint8_t)t->calls;
    settle(c, t->s, t->yakuman, t->han, pao, pao_yaku);
    if (c->ladder != NULL)
        ladder_add(c, t->s, t->yakuman, t->han);
}

static int ceil100(long v)
{
    return (int)((v + 99) / 100 * 100);
}

/* The yaku of a standard reading in the order they are listed, as the
 * bits of a mask: the situation's (every form's), then the reading's;
 * with their han closed and open. */
/* clang-format off */
enum {
    L_RIICHI, L_DOUBLE_RIICHI, L_IPPATSU, L_MENZEN_TSUMO, L_HAITEI,
    L_HOUTEI, L_RINSHAN, L_CHANKAN, L_ROUND_WIND, L_SEAT_WIND, L_WHITE,
    L_GREEN, L_RED, L_PINFU, L_TANYAO, L_IIPEIKOU, L_RYANPEIKOU,
    L_SANSHOKU, L_ITTSU, L_CHANTA, L_JUNCHAN, L_TOITOI, L_SANANKOU,
    L_SANKANTSU, L_SANSHOKU_DOUKOU, L_HONROUTOU, L_SHOUSANGEN, L_HONITSU,
    L_CHINITSU, L_COUNT
};

static const struct {
    uint8_t yaku, han[2];
} listed[L_COUNT] = {
    {MJT_Y_RIICHI, {1, 1}},      {MJT_Y_DOUBLE_RIICHI, {2, 2}},
    {MJT_Y_IPPATSU, {1, 1}},     {MJT_Y_MENZEN_TSUMO, {1, 1}},
    {MJT_Y_HAITEI, {1, 1}},      {MJT_Y_HOUTEI, {1, 1}},
    {MJT_Y_RINSHAN, {1, 1}},     {MJT_Y_CHANKAN, {1, 1}},
    {MJT_Y_ROUND_WIND, {1, 1}},  {MJT_Y_SEAT_WIND, {1, 1}},
    {MJT_Y_WHITE, {1, 1}},       {MJT_Y_GREEN, {1, 1}},
    {MJT_Y_RED, {1, 1}},         {MJT_Y_PINFU, {1, 1}},
    {MJT_Y_TANYAO, {1, 1}},      {MJT_Y_IIPEIKOU, {1, 1}},
    {MJT_Y_RYANPEIKOU, {3, 3}},  {MJT_Y_SANSHOKU, {2, 1}},
    {MJT_Y_ITTSU, {2, 1}},       {MJT_Y_CHANTA, {2, 1}},
    {MJT_Y_JUNCHAN, {3, 2}},     {MJT_Y_TOITOI, {2, 2}},
    {MJT_Y_SANANKOU, {2, 2}},    {MJT_Y_SANKANTSU, {2, 2}},
    {MJT_Y_SANSHOKU_DOUKOU, {2, 2}}, {MJT_Y_HONROUTOU, {2, 2}},
    {MJT_Y_SHOUSANGEN, {2, 2}},  {MJT_Y_HONITSU, {3, 2}},
    {MJT_Y_CHINITSU, {6, 5}}};
/* clang-format on */

/* The yaku of mask (bits L_*), in list order, with their han. */
static inline void list_yaku(sheet *t, uint32_t mask, int open)
{
    if (t->yaku + __builtin_popcount(mask) > MJT_MAX_YAKU) {
        for (; mask != 0; mask &= mask - 1) {
            int i = __builtin_ctz(mask);
            yaku_if(t, 1, listed[i].yaku, listed[i].han[open]);
        }
        return;
    }
    /* they fit: no test of the list's room for each */
    mjt_score *s = t->s;
    int n = t->yaku, han = t->han;
    for (; mask != 0; mask &= mask - 1) {
        int i = __builtin_ctz(mask), h = listed[i].han[open];
        s->yaku[n].yaku = listed[i].yaku;
        s->yaku[n].han = (uint8_t)h;
        n++;
        han += h;
    }
    t->yaku = n;
    t->han = han;
}

/* The situation's yaku (every form's), as bits L_*. */
static uint32_t situation_mask(const ctx *c)
{
    const mjt_win *w = c->w;
    return (uint32_t)(w->riichi == 1) << L_RIICHI |
           (uint32_t)(w->riichi == 2) << L_DOUBLE_RIICHI |
           (uint32_t)w->ippatsu << L_IPPATSU |
           (uint32_t)(c->menzen & w->tsumo) << L_MENZEN_TSUMO |
           (uint32_t)(w->last & w->tsumo) << L_HAITEI |
           (uint32_t)(w->last & !w->tsumo) << L_HOUTEI |
           (uint32_t)w->rinshan << L_RINSHAN |
           (uint32_t)w->chankan << L_CHANKAN;
}

static inline void first_draw_yakuman(const ctx *c, sheet *t)
{
    yakuman_if(c, t, c->w->first,
               c->w->seat == MJT_EAST ? MJT_Y_TENHOU : MJT_Y_CHIIHOU);
}

/* settle for a hand of han (no yakuman), without a branch on the numbers:
 * the limit hands from a table, the payments of a tsumo and of a ron
 * both worked out and one kept. */
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
static void settle(const ctx *c, mjt_score *s, int k, int han, int pao,
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
static void ladder_add(const ctx *c, const mjt_score *s, int k, int han)
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
static int better(const mjt_score *a, const mjt_score *b)
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

/* The scores are built where they are kept: the first reading's in the
 * caller's *c->best, each later one in c->cur, copied over when better. */
static sheet begin(ctx *c, int form, int win_block, int wait)
{
    sheet t = {c->best, 0, 0, 0, 0, 0, 0, 0};
    mjt_score *s;
    if (c->have) {
        /* a later reading: the numbers of the one before are cleared */
        t.s = s = &c->cur;
        if (!c->cur_used)
            memset(s, 0, sizeof *s);
        c->cur_used = 1;
        s->han = s->yakuman = s->title = s->base = s->points = 0;
        s->pay[0] = s->pay[1] = s->pay[2] = s->pay[3] = 0;
        s->sticks = 0;
    } else {
        /* the first, in the caller's answer: all zeroes so far */
        s = t.s;
    }
    s->pao = -1;
    s->form = (uint8_t)form;
    s->win_block = (uint8_t)win_block;
    s->wait = (uint8_t)wait;
    return t;
}

/* Keep the reading scored in s when it is the first or the best so far. */
static void keep(ctx *c, mjt_score *s)
{
    if (s == c->best)
        c->have = 1;
    else if (better(s, c->best))
        *c->best = *s;
}

static inline void add_dora(const ctx *c, sheet *t)
{
    yaku_if(t, c->dora, MJT_Y_DORA, c->dora);
    yaku_if(t, c->red, MJT_Y_RED_FIVE, c->red);
    yaku_if(t, c->ura, MJT_Y_URA_DORA, c->ura);
}

/* The concealed melds of a standard reading: the pair's kind, the
 * triplets by kind, and the runs by their lowest kind, run[i] holding
 * those that appear more than i times.  Its blocks are the pair, then the
 * melds by kind (a triplet before the runs of its kind), then the calls. */
typedef struct split {
    int pair;
    uint64_t trip;
    uint64_t run[4];
} split;

/* Blocks gathered in a word are stored as they lie in memory. */
#define LITTLE_ENDIAN_BLOCKS (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
_Static_assert(sizeof(mjt_block) == 2 && offsetof(mjt_block, tile) == 1,
               "an mjt_block is its kind, then its tile");

/* The kinds a run may start at: ranks 1-7 of each suit. */
#define RUN_STARTS (0x7Full | 0x7Full << 9 | 0x7Full << 18)
#define DRAGONS (7ull << WHITE)
#define WINDS (15ull << HONOR0)

/* The place among the blocks of the meld of kind k (a run when run). */
static int block_at(const split *sp, int k, int run)
{
    uint64_t below = (1ull << k) - 1;
    int i = 1 + __builtin_popcountll(sp->trip & below);
    for (int j = 0; j < 4; j++)
        i += __builtin_popcountll(sp->run[j] & below);
    return i + (run && (sp->trip >> k & 1));
}

/* Score the standard reading sp whose block win_block, of wait, the
 * winning tile completed.  The tiles' own facts (which suits, honors,
 * terminals, greens) are the hand's, in c; the rest is the reading's,
 * counted on bits of kinds. */
static void standard(ctx *c, const split *sp, int win_block, int wait)
{
    const mjt_win *w = c->w;
    sheet t = begin(c, MJT_STANDARD, win_block, wait);

    /* a triplet completed by a ron is open, for fu and for yaku */
    uint64_t ron_trip = wait == MJT_SHANPON && !w->tsumo ? 1ull << c->win : 0;
    uint64_t runs = sp->run[0] | c->call_runs;
    uint64_t trips = sp->trip | c->call_trips;
    int nrun = c->call_nrun;
    for (int j = 0; j < 4; j++)
        nrun += __builtin_popcountll(sp->run[j]);
    /* a pure double sequence is each second copy of a run (iipeikou and
     * ryanpeikou count only in a concealed hand: no called runs) */
    int pairs =
        __builtin_popcountll(sp->run[1]) + __builtin_popcountll(sp->run[3]);
    int ntrip = __builtin_popcountll(sp->trip) + c->call_ntrip;
    int nanko = __builtin_popcountll(sp->trip & ~ron_trip) + c->call_nclosed;
    int nquad = c->call_nquad;
    int pair = sp->pair;
    /* every block holds a terminal or an honor */
    int outside =
        (int)(YAOCHU >> pair & 1) & !(trips & ~YAOCHU) & !(runs & ~YAOCHU_RUNS);
    int dragons = __builtin_popcountll(trips & DRAGONS);
    int winds = __builtin_popcountll(trips & WINDS);

    /* fu: the base, the pair, the wait, then the melds' (below) */
    fu_if(&t, 1, MJT_FU_BASE, MJT_NO_TILE, 20);
    int pv = 2 * (pair == HONOR0 + w->round) + 2 * (pair == HONOR0 + w->seat) +
             2 * (pair >= WHITE);
    if (pv > 2 && c->r->double_wind_fu == 2)
        pv = 2;
    fu_if(&t, pv, MJT_FU_PAIR, pair, pv);
    fu_if(&t, wait == MJT_TANKI || wait == MJT_KANCHAN || wait == MJT_PENCHAN,
          MJT_FU_WAIT, c->win, 2);

    block(&t, MJT_PAIR, pair, 0);
    if (sp->run[2] == 0 && LITTLE_ENDIAN_BLOCKS) {
        /* at most two copies of a run: the concealed melds, then the
         * calls (four in all), gathered as mjt_blocks of 16 bits (kind,
         * then tile, in memory order) and stored at once; a triplet's fu
         * part as it goes, each kind's one loop */
        uint64_t melds = 0;
        int at = 0;
        for (uint64_t m = sp->trip | sp->run[0]; m != 0; m &= m - 1) {
            int k = __builtin_ctzll(m);
            uint64_t trip = sp->trip >> k & 1, r0 = sp->run[0] >> k & 1,
                     r1 = sp->run[1] >> k & 1;
            uint64_t as_trip = MJT_TRIPLET | (uint64_t)k << 8;
            uint64_t as_run = MJT_RUN | (uint64_t)k << 8;
            int closed = !(ron_trip >> k & 1);
            fu_if(&t, (int)trip,
                  closed ? MJT_FU_CLOSED_TRIPLET : MJT_FU_OPEN_TRIPLET, k,
                  2 << (is_terminal_or_honor(k) + closed));
            melds |= (as_trip & -trip) << (16 * at & 63);
            at += (int)trip;
            melds |= (as_run & -r0) << (16 * at & 63);
            at += (int)r0;
            melds |= (as_run & -r1) << (16 * at & 63);
            at += (int)r1;
        }
        assert(at + c->ncalls == 4);
        melds |= c->call_blocks << (16 * at & 63);
        memcpy(&t.s->blocks[1], &melds, sizeof melds);
        t.calls = ((1u << c->ncalls) - 1) << (1 + at);
        t.blocks = 5;
    } else {
        for (uint64_t m = sp->trip | sp->run[0]; m != 0; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (sp->trip >> k & 1)
                block(&t, MJT_TRIPLET, k, 0);
            for (int j = 0; j < 4 && (sp->run[j] >> k & 1); j++)
                block(&t, MJT_RUN, k, 0);
        }
        for (int i = 0; i < c->ncalls; i++)
            block(&t, c->calls[i].kind, c->calls[i].tile, 1);
        for (uint64_t m = sp->trip; m != 0; m &= m - 1) {
            int k = __builtin_ctzll(m), closed = !(ron_trip >> k & 1);
            fu_if(&t, 1, closed ? MJT_FU_CLOSED_TRIPLET : MJT_FU_OPEN_TRIPLET,
                  k, 2 << (is_terminal_or_honor(k) + closed));
        }
    }
    /* the calls' fu parts, in one copy (zeroes past their number): at
     * most 3 parts and 4 - ncalls triplets come before them */
    assert(t.fu_parts + MJT_MAX_CALLS <= MJT_MAX_FU_PARTS);
    memcpy(&t.s->fu_parts[t.fu_parts], c->call_fu, sizeof c->call_fu);
    t.fu_parts += c->call_fu_len;
    t.fu += c->call_fu_sum;
    /* how it was won: the three cases written in turn, one counted */
    int pinfu = c->menzen & (t.fu == 20), tsumo = w->tsumo;
    fu_if(&t, tsumo & ((pinfu == 0) | c->r->pinfu_tsumo_fu), MJT_FU_TSUMO,
          MJT_NO_TILE, 2);
    fu_if(&t, (tsumo ^ 1) & c->menzen, MJT_FU_CLOSED_RON, MJT_NO_TILE, 10);
    fu_if(&t, (tsumo ^ 1) & (c->menzen ^ 1) & (t.fu == 20), MJT_FU_OPEN_PINFU,
          MJT_NO_TILE, 10);
    fu_if(&t, t.fu % 10, MJT_FU_ROUNDING, MJT_NO_TILE, 10 - t.fu % 10);

    /* yakuman (none in most hands: those of the tiles alone were seen
     * once a hand, and the rest need three triplets or more) */
    int pao = -1, pao_yaku = -1;
    if (c->tiles_yakuman | (ntrip >= 3)) {
        first_draw_yakuman(c, &t);
        yakuman_if(c, &t, nanko == 4,
                   wait == MJT_TANKI ? MJT_Y_SUUANKOU_TANKI : MJT_Y_SUUANKOU);
        yakuman_if(c, &t, dragons == 3, MJT_Y_DAISANGEN);
        yakuman_if(c, &t, winds == 4, MJT_Y_DAISUUSHII);
        yakuman_if(c, &t, (winds == 3) & (pair >= HONOR0) & (pair < WHITE),
                   MJT_Y_SHOUSUUSHII);
        yakuman_if(c, &t, c->all_honors, MJT_Y_TSUUIISOU);
        yakuman_if(c, &t, c->green, MJT_Y_RYUUIISOU);
        yakuman_if(c, &t, outside & (ntrip == 4) & !c->any_honor,
                   MJT_Y_CHINROUTOU);
        yakuman_if(c, &t, nquad == 4, MJT_Y_SUUKANTSU);
        yakuman_if(c, &t, c->chuuren,
                   c->chuuren == 2 ? MJT_Y_CHUUREN9 : MJT_Y_CHUUREN);
    }
    if (t.yaku) {
        /* Who fed the last set of big three dragons (big four winds):
         * the seat of the last call of such sets, when all of them are
         * calls and that one came from a seat. */
        for (int y = 0; y < 2; y++) {
            int want = y == 0 ? 3 : 4, n = 0, last = -1;
            int yk = y == 0 ? MJT_Y_DAISANGEN : MJT_Y_DAISUUSHII;
            if ((y == 0 ? dragons : winds) != want)
                continue;
            for (int i = 0; i < c->ncalls; i++) {
                const blk *x = &c->calls[i];
                int tile = x->tile;
                if (x->kind == MJT_RUN || tile < HONOR0 ||
                    (y == 0) != (tile >= WHITE))
                    continue;
                n++;
                last = i;
            }
            if (n == want && pao < 0 &&
                c->calls[last].kind != MJT_CLOSED_QUAD &&
                c->calls[last].from != MJT_FROM_UNKNOWN) {
                pao = (w->seat + c->calls[last].from) % 4;
                pao_yaku = yk;
            }
        }
        finish(c, &t, pao, pao_yaku);
        keep(c, t.s);
        return;
    }

    /* yaku: the situation's, then the reading's, as bits in list order */
    int open = !c->menzen, menzen = c->menzen;
    uint64_t straight = runs & runs >> 3 & runs >> 6 & (1 | 1 << 9 | 1 << 18);
    uint32_t m = c->situation;
    m |= (uint32_t)(trips >> (HONOR0 + w->round) & 1) << L_ROUND_WIND;
    m |= (uint32_t)(trips >> (HONOR0 + w->seat) & 1) << L_SEAT_WIND;
    m |= (uint32_t)(trips >> WHITE & 7) << L_WHITE;
    m |= (uint32_t)pinfu << L_PINFU;
    m |= (uint32_t)((c->any_yaochu == 0) & (menzen | c->r->open_tanyao))
         << L_TANYAO;
    m |= (uint32_t)(menzen & (pairs == 1)) << L_IIPEIKOU;
    m |= (uint32_t)(menzen & (pairs == 2)) << L_RYANPEIKOU;
    m |= (uint32_t)((runs & runs >> 9 & runs >> 18 & 0x7F) != 0) << L_SANSHOKU;
    m |= (uint32_t)(straight != 0) << L_ITTSU; /* 123 456 789 of a suit */
    m |= (uint32_t)(outside & (nrun > 0))
         << (c->any_honor ? L_CHANTA : L_JUNCHAN);
    m |= (uint32_t)(ntrip == 4) << L_TOITOI;
    m |= (uint32_t)(nanko == 3) << L_SANANKOU;
    m |= (uint32_t)(nquad == 3) << L_SANKANTSU;
    m |= (uint32_t)((trips & trips >> 9 & trips >> 18 & 0x1FF) != 0)
         << L_SANSHOKU_DOUKOU;
    m |= (uint32_t)(outside & (nrun == 0) & c->any_honor) << L_HONROUTOU;
    m |= (uint32_t)((dragons == 2) & (pair >= WHITE)) << L_SHOUSANGEN;
    m |= (uint32_t)c->one_suit << (c->any_honor ? L_HONITSU : L_CHINITSU);
    list_yaku(&t, m, open);
    if (t.yaku)
        add_dora(c, &t);
    finish(c, &t, -1, -1);
    keep(c, t.s);
}

/* Each block of reading sp the winning tile may have completed, in the
 * order of the blocks: the pair, the runs below it, its triplet, its run. */
static void each_wait(ctx *c, const split *sp)
{
    int k = c->win, r = k % 9, suit = k < HONOR0;
    uint64_t run = sp->run[0];
    if (sp->pair == k)
        standard(c, sp, 0, MJT_TANKI);
    if (suit && r >= 2 && (run >> (k - 2) & 1))
        standard(c, sp, block_at(sp, k - 2, 1),
                 r == 2 ? MJT_PENCHAN : MJT_RYANMEN);
    if (suit && r >= 1 && (run >> (k - 1) & 1))
        standard(c, sp, block_at(sp, k - 1, 1), MJT_KANCHAN);
    if (sp->trip >> k & 1)
        standard(c, sp, block_at(sp, k, 0), MJT_SHANPON);
    if (suit && (run >> k & 1))
        standard(c, sp, block_at(sp, k, 1), r == 6 ? MJT_PENCHAN : MJT_RYANMEN);
}

/* Every split of the concealed counts n (pair taken) into melds, the
 * kinds still held in the bits of left: at the lowest, a triplet or none,
 * then runs for the rest of its copies. */
static void search(ctx *c, uint8_t *n, uint64_t left, const split *sp)
{
    if (left == 0) {
        each_wait(c, sp);
        return;
    }
    int k = __builtin_ctzll(left);
    for (int trip = n[k] >= 3; trip >= 0; trip--) {
        int runs = n[k] - 3 * trip;
        if (runs > 0 &&
            (!(RUN_STARTS >> k & 1) || n[k + 1] < runs || n[k + 2] < runs))
            continue;
        split next = *sp;
        next.trip |= (uint64_t)trip << k;
        for (int j = 0; j < runs; j++)
            next.run[j] |= 1ull << k;
        uint64_t rest = left & (left - 1);
        n[k + 1] -= (uint8_t)runs;
        n[k + 2] -= (uint8_t)runs;
        if (n[k + 1] == 0)
            rest &= ~(1ull << (k + 1));
        if (n[k + 2] == 0)
            rest &= ~(1ull << (k + 2));
        search(c, n, rest, &next);
        n[k + 1] += (uint8_t)runs;
        n[k + 2] += (uint8_t)runs;
    }
}

/* The split of n (pair taken; the kinds held in left) when the search
 * above has one way alone: a triplet of each kind held three times or
 * more, runs for the rest.  The other choice at a kind, runs for all of
 * its copies, needs that kind and the next two held three times or more
 * (ge3, the kinds held so in the hand): where that can happen, -1 (the
 * search decides).  Else 1 and *sp, or 0 when the tiles do not split.
 * The honors are triplets or nothing; a suit's kinds are taken in order,
 * each run taking its copies from the next two, and the tiles split when
 * no count goes below 0 and no run starts at rank 8 or 9.  No branch on
 * the tiles but the loop's. */
static int greedy(const uint8_t *counts, uint64_t left, uint64_t ge3,
                  uint64_t twos, split *sp)
{
    int8_t n[40];
    uint64_t trip = 0, r1 = 0, r2 = 0, w[5];

    if ((ge3 & ge3 >> 1 & ge3 >> 2 & RUN_STARTS) != 0)
        return -1;
    memcpy(n, counts, sizeof n);
    for (uint64_t m = left & ((1ull << HONOR0) - 1); m != 0; m &= m - 1) {
        int k = __builtin_ctzll(m);
        int v = n[k], t = v >= 3, r = v - 3 * t;
        n[k + 1] = (int8_t)(n[k + 1] - r);
        n[k + 2] = (int8_t)(n[k + 2] - r);
        trip |= (uint64_t)t << k;
        r1 |= (uint64_t)(r > 0) << k;
        r2 |= (uint64_t)(r > 1) << k;
    }
    /* an honor left is a triplet: held 3 times (1 and 4 were refused
     * before, 2 is another pair) */
    uint64_t honors = left >> HONOR0 << HONOR0;
    memcpy(w, n, sizeof w);
    uint64_t neg = (w[0] | w[1] | w[2] | w[3] | w[4]) & 0x8080808080808080ull;
    neg |= honors & twos;
    sp->trip = trip | honors;
    sp->run[0] = r1;
    sp->run[1] = r2;
    sp->run[2] = sp->run[3] = 0;
    return (neg | (r1 & ~RUN_STARTS)) == 0;
}

static void seven_pairs(ctx *c)
{
    int win_block = 0, yaochu = 0, honors = 0, suits = 0;
    if ((c->ncalls != 0) | (c->twos != c->held) |
        (__builtin_popcountll(c->held) != 7))
        return;
    win_block = __builtin_popcountll(c->held & ((1ull << c->win) - 1));
    sheet t = begin(c, MJT_CHIITOITSU, win_block, MJT_SHAPE_CHIITOITSU);
    for (uint64_t left = c->held; left != 0; left &= left - 1) {
        int k = __builtin_ctzll(left);
        block(&t, MJT_PAIR, k, 0);
        yaochu += is_terminal_or_honor(k);
        if (k >= HONOR0)
            honors++;
        else
            suits |= 1 << part_of[k];
    }
    fu_if(&t, 1, MJT_FU_BASE, MJT_NO_TILE, 25);
    first_draw_yakuman(c, &t);
    yakuman_if(c, &t, honors == 7, MJT_Y_TSUUIISOU);
    if (t.yaku == 0) {
        list_yaku(&t, c->situation, 0);
        yaku_if(&t, 1, MJT_Y_CHIITOITSU, 2);
        yaku_if(&t, yaochu == 0, MJT_Y_TANYAO, 1);
        yaku_if(&t, (yaochu == 7) & (honors > 0), MJT_Y_HONROUTOU, 2);
        yaku_if(&t, suits == 1 || suits == 2 || suits == 4,
                honors ? MJT_Y_HONITSU : MJT_Y_CHINITSU, honors ? 3 : 6);
        add_dora(c, &t);
    }
    finish(c, &t, -1, -1);
    keep(c, t.s);
}

static void thirteen_orphans(ctx *c)
{
    int pair = -1;
    if ((c->ncalls != 0) | (c->held != YAOCHU))
        return;
    for (int k = 0; k < MJT_KINDS; k++) {
        int want = is_terminal_or_honor(k);
        if (c->counts[k] > 2 || (c->counts[k] == 0) == want ||
            (!want && c->counts[k]))
            return;
        if (c->counts[k] == 2) {
            if (pair >= 0)
                return;
            pair = k;
        }
    }
    int thirteen = pair == c->win;
    sheet t = begin(c, MJT_KOKUSHI, thirteen ? 0 : 255,
                    thirteen ? MJT_SHAPE_KOKUSHI13 : MJT_SHAPE_KOKUSHI);
    block(&t, MJT_PAIR, pair, 0);
    first_draw_yakuman(c, &t);
    yakuman_if(c, &t, 1, thirteen ? MJT_Y_KOKUSHI13 : MJT_Y_KOKUSHI);
    finish(c, &t, -1, -1);
    keep(c, t.s);
}

/* Nine gates: no call, one suit, 1112345678999 and one more; pure when
 * the 13 before the winning tile are exactly that. */
static int nine_gates(const ctx *c)
{
    static const uint8_t gate[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    if ((c->ncalls != 0) | (c->win >= HONOR0) | (c->sum[part_of[c->win]] != 14))
        return 0;
    int s0 = c->win / 9 * 9;
    for (int k = 0; k < MJT_KINDS; k++)
        if ((k < s0 || k >= s0 + 9) && c->counts[k])
            return 0;
    int exact = 1;
    for (int r = 0; r < 9; r++) {
        if (c->counts[s0 + r] < gate[r])
            return 0;
        if (c->counts[s0 + r] - (s0 + r == c->win) != gate[r])
            exact = 0;
    }
    return exact ? 2 : 1;
}

/* The kind an indicator points at: the next of its suit, winds and
 * dragons each in a circle. */
#ifndef NDEBUG
static int dora_of(int indicator)
{
    int k = MJT_KIND_OF(indicator);
    if (k < HONOR0)
        return k / 9 * 9 + (k % 9 + 1) % 9;
    if (k < WHITE)
        return HONOR0 + (k - HONOR0 + 1) % 4;
    return WHITE + (k - WHITE + 1) % 3;
}
#endif

/* dora_of of every tile id (debug builds check each use against it). */
static const uint8_t dora_next[MJT_TILE_IDS] = {
    1,  2,  3,  4,  5,  6,  7,  8,  0,       /* m */
    10, 11, 12, 13, 14, 15, 16, 17, 9,       /* p */
    19, 20, 21, 22, 23, 24, 25, 26, 18,      /* s */
    28, 29, 30, 27, 32, 33, 31, 5,  14, 23}; /* z, then the red fives */

int mjt__dora_of(int tile)
{
    return dora_next[tile];
}

/* The winning tile (a valid id) among the concealed tiles, a red five
 * among the red ones. */
static int winning_tile_held(const mjt_win *w, const mjt_tiles *held,
                             mjt__diag *d)
{
    /* the suit of a five (red or not) by tile id, 3 for the rest */
    static const uint8_t five_of[MJT_TILE_IDS] = {
        3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3,
        3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 1, 2};
    const uint8_t reds[4] = {held->red[0], held->red[1], held->red[2], 0};
    int k = MJT_KIND_OF(w->tile), red = reds[five_of[w->tile]];
    int ok = w->tile >= MJT_KINDS ? red > 0 : held->counts[k] > red;
    if (!ok) {
        mjt__diag_set(d, MJT_EABSENT, -1, "winning tile %s is not in the hand",
                      mjt_tile_name(w->tile));
        return MJT_EABSENT;
    }
    return MJT_OK;
}

/* Every check of the situation, in order, naming the first that fails. */
static int check_win_all(const ctx *c, const mjt_tiles *held, mjt__diag *d)
{
    const mjt_win *w = c->w;
    static const char *const flags[] = {"tsumo",   "ippatsu", "last",
                                        "rinshan", "chankan", "first"};
    const uint8_t v[] = {w->tsumo,   w->ippatsu, w->last,
                         w->rinshan, w->chankan, w->first};
    uint64_t reserved;
    memcpy(&reserved, w->reserved_, sizeof reserved);
    if ((v[0] | v[1] | v[2] | v[3] | v[4] | v[5]) > 1 || reserved != 0) {
        for (size_t i = 0; i < sizeof v; i++)
            if (v[i] > 1) {
                mjt__diag_set(d, MJT_EINVAL, -1, "%s is %d (0 or 1)", flags[i],
                              v[i]);
                return MJT_EINVAL;
            }
        for (size_t i = 0; i < sizeof w->reserved_; i++)
            if (w->reserved_[i]) {
                mjt__diag_set(d, MJT_EINVAL, -1, "reserved byte %zu is not 0",
                              i);
                return MJT_EINVAL;
            }
    }
    /* Every condition below at once, without a branch on each: a
     * situation that passes them all (nearly every one) skips the chain
     * that names the first that fails. */
    int tsumo = w->tsumo, riichi = w->riichi != 0;
    int fails = (w->round > 3) | (w->seat > 3) | (w->riichi > 2) |
                ((tsumo ^ 1) &
                 ((w->from < MJT_FROM_RIGHT) | (w->from > MJT_FROM_LEFT))) |
                (riichi & (c->menzen ^ 1)) | (w->ippatsu & (riichi ^ 1)) |
                (w->rinshan & (tsumo ^ 1)) | (w->chankan & tsumo) |
                (w->rinshan & w->last) |
                (w->first & ((tsumo ^ 1) | (c->ncalls != 0) | riichi)) |
                (w->dora_len > MJT_MAX_INDICATORS) |
                (w->ura_len > MJT_MAX_INDICATORS) |
                ((w->ura_len != 0) & (riichi ^ 1));
    const char *bad = NULL;
    if (!fails)
        ;
    else if (w->round > 3)
        bad = "round: a wind 0-3 (1z-4z)";
    else if (w->seat > 3)
        bad = "seat: a wind 0-3 (1z-4z)";
    else if (w->riichi > 2)
        bad = "riichi: 0, 1 or 2 (double)";
    else if (!w->tsumo && (w->from < MJT_FROM_RIGHT || w->from > MJT_FROM_LEFT))
        bad = "a ron needs the seat it came from: left, across or right";
    else if (w->riichi && !c->menzen)
        bad = "riichi with an open hand";
    else if (w->ippatsu && !w->riichi)
        bad = "ippatsu without riichi";
    else if (w->rinshan && !w->tsumo)
        bad = "rinshan is a tsumo on the replacement tile, not a ron";
    else if (w->chankan && w->tsumo)
        bad = "chankan is a ron on a tile added to a quad, not a tsumo";
    else if (w->rinshan && w->last)
        bad = "rinshan and the last tile at once";
    else if (w->first && (!w->tsumo || c->ncalls || w->riichi))
        bad = "a first-draw win is a tsumo before any call or riichi";
    else if (w->dora_len > MJT_MAX_INDICATORS)
        bad = "more than 5 dora indicators";
    else if (w->ura_len > MJT_MAX_INDICATORS)
        bad = "more than 5 ura dora indicators";
    else if (w->ura_len && !w->riichi)
        bad = "ura dora without riichi";
    if (bad) {
        mjt__diag_set(d, MJT_EINVAL, -1, "%s", bad);
        return MJT_EINVAL;
    }
    if (w->rinshan) {
        int quad = 0;
        for (int i = 0; i < c->ncalls; i++)
            quad |= c->calls[i].kind == MJT_QUAD ||
                    c->calls[i].kind == MJT_CLOSED_QUAD;
        if (!quad) {
            mjt__diag_set(d, MJT_EINVAL, -1, "rinshan without a quad");
            return MJT_EINVAL;
        }
    }
    if (w->tile >= MJT_TILE_IDS) {
        mjt__diag_set(d, MJT_ETILE, -1, "winning tile: id %d (0-36)", w->tile);
        return MJT_ETILE;
    }
    return winning_tile_held(w, held, d);
}

/* The portable form of the ranges below (a debug build checks the
 * other against it). */
#if !defined(__SSE2__) || !defined(NDEBUG)
static int win_in_range(const mjt_win *w)
{
    return w->tile < MJT_TILE_IDS && w->tsumo <= 1 && w->from <= 3 &&
           w->riichi <= 2 && w->ippatsu <= 1 && w->last <= 1 &&
           w->rinshan == 0 && w->chankan <= 1 && w->first <= 1 &&
           w->round <= 3 && w->seat <= 3 && w->dora_len <= MJT_MAX_INDICATORS &&
           w->ura_len <= MJT_MAX_INDICATORS;
}
#endif

/* The bytes of a situation, each within its range (the winning tile 0-36,
 * the flags 0 or 1, from 0-3, riichi 0-2, the winds 0-3, 0-5 indicators
 * each, and no rinshan, whose quad check_win_all looks for), its
 * reserved bytes 0, and no two fields at odds: every check of
 * check_win_all at once.  A situation this refuses may still be fine: it
 * goes the long way. */
static int win_plainly_ok(const ctx *c)
{
    const mjt_win *w = c->w;
    uint64_t reserved;
    memcpy(&reserved, w->reserved_, sizeof reserved);
#if defined(__SSE2__)
    /* clang-format off */
    static const uint8_t most[16] = {MJT_TILE_IDS - 1, 1, 3, 2, 1, 1, 0, 1,
                                     1, 3, 3, MJT_MAX_INDICATORS,
                                     MJT_MAX_INDICATORS, 255, 255, 255};
    /* clang-format on */
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)w);
    __m128i m = _mm_loadu_si128((const __m128i *)(const void *)most);
    /* bytes 13-15 (dora indicators past the list, perhaps never
     * written) set aside, so that nothing depends on them */
    int in_range = (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(x, m), m)) |
                    0xE000) == 0xFFFF;
    assert(in_range == win_in_range(w));
#else
    int in_range = win_in_range(w);
#endif
    int tsumo = w->tsumo, riichi = w->riichi != 0;
    int odds = ((tsumo ^ 1) & (w->from == MJT_FROM_UNKNOWN)) |
               (riichi & (c->menzen ^ 1)) | (w->ippatsu & (riichi ^ 1)) |
               (w->chankan & tsumo) |
               (w->first & ((tsumo ^ 1) | (c->ncalls != 0) | riichi)) |
               ((w->ura_len != 0) & (riichi ^ 1));
    return in_range & (reserved == 0) & !odds;
}
_Static_assert(
    offsetof(mjt_win, tile) == 0 && offsetof(mjt_win, tsumo) == 1 &&
        offsetof(mjt_win, from) == 2 && offsetof(mjt_win, riichi) == 3 &&
        offsetof(mjt_win, ippatsu) == 4 && offsetof(mjt_win, last) == 5 &&
        offsetof(mjt_win, rinshan) == 6 && offsetof(mjt_win, chankan) == 7 &&
        offsetof(mjt_win, first) == 8 && offsetof(mjt_win, round) == 9 &&
        offsetof(mjt_win, seat) == 10 && offsetof(mjt_win, dora_len) == 11 &&
        offsetof(mjt_win, ura_len) == 12 && sizeof(mjt_win) >= 16,
    "win_plainly_ok reads the situation's first 16 bytes");

/* The situation checked, the short way when it plainly holds. */
static int check_win(const ctx *c, const mjt_tiles *held, mjt__diag *d)
{
    if (win_plainly_ok(c))
        return winning_tile_held(c->w, held, d);
    return check_win_all(c, held, d);
}

/* Count the dora the indicators of list point at, in all; check them. */
static int indicators(const uint8_t *list, int n, const char *what,
                      uint8_t *seen, uint8_t *seen_red, const uint8_t *all,
                      int *han, mjt__diag *d)
{
    for (int i = 0; i < n; i++) {
        int t = list[i];
        if (t >= MJT_TILE_IDS) {
            mjt__diag_set(d, MJT_ETILE, -1, "%s indicator %d: id %d (0-36)",
                          what, i + 1, t);
            return MJT_ETILE;
        }
        int k = MJT_KIND_OF(t);
        if (++seen[k] > 4) {
            mjt__diag_set(d, MJT_ECOPIES, -1,
                          "%s indicator %s: a fifth copy, counting the hand",
                          what, mjt_tile_name(t));
            return MJT_ECOPIES;
        }
        if (t >= MJT_KINDS)
            seen_red[t - MJT_KINDS]++;
        assert(dora_next[t] == dora_of(t));
        *han += all[dora_next[t]];
    }
    return MJT_OK;
}

/* Every standard reading: a pair, then melds.  The pair lies in the one
 * part whose tiles are 2 mod 3 (the rest are melds alone, 0 mod 3), and
 * an honor's count is 0, 3, or 2 for the pair.  In a suit, each meld's
 * ranks add up to 0 mod 3, so the pair's rank r has 2r = the suit's rank
 * sum mod 3: a third of the ranks are tried. */
static void standard_forms(ctx *c)
{
    /* each part's tiles mod 3, two bits a part: one part at 2, the rest
     * at 0, is 2 << 2p (the sums are at most 14) */
    const uint32_t mod3 = 0x24924924u; /* 2 bits for each of 0..15 */
    unsigned res = 0;
    for (int p = 0; p < 4; p++)
        res |= (mod3 >> 2 * c->sum[p] & 3) << 2 * p;
    /* an honor held once or four times is in no meld and no pair */
    uint64_t odd = (c->ones | c->fours) >> HONOR0;
    if ((res & (res - 1)) != 0 || (res & 0xAA) == 0 || odd != 0)
        return;
    int pair_part = __builtin_ctz(res) / 2;
    uint64_t ge3 = c->held & ~c->ones & ~c->twos; /* held 3 or 4 times */
    uint64_t pairs = c->twos >> HONOR0 << HONOR0; /* an honor held twice */
    if (pair_part < 3) {
        /* the ranks' sum mod 3: ranks 2, 5, 8 count 1, ranks 3, 6, 9
         * count 2 */
        int first = 9 * pair_part;
        uint64_t w;
        memcpy(&w, c->counts + first, sizeof w);
        int rank_sum =
            byte_sum(w & 0xFF0000FF0000FF00ull) +
            2 * (byte_sum(w & 0x0000FF0000FF0000ull) + c->counts[first + 8]);
        /* the kinds held twice or more at ranks q, q + 3, q + 6 */
        pairs = (c->held & ~c->ones) & 0x49ull << (first + 2 * rank_sum % 3);
    }
    for (; pairs != 0; pairs &= pairs - 1) {
        int p = __builtin_ctzll(pairs);
        split sp;
        c->counts[p] -= 2;
        uint64_t left = c->counts[p] ? c->held : c->held & ~(1ull << p);
        sp.pair = p;
        int one = greedy(c->counts, left, ge3, c->twos, &sp);
        if (one > 0) {
            each_wait(c, &sp);
        } else if (one < 0) {
            sp.trip = sp.run[0] = sp.run[1] = sp.run[2] = sp.run[3] = 0;
            search(c, c->counts, left, &sp);
        }
        c->counts[p] += 2;
    }
}

/* Score the checked concealed tiles (counts, red fives, len of them; ty
 * their tally) and calls in situation w under checked rules into *out. */
static int score(const mjt_tiles *held, const tally *ty, const mjt_call *calls,
                 size_t ncalls, const mjt_win *w, const mjt_rules *rules,
                 mjt_score *out, int32_t *ladder, int nladder, mjt__diag *d)
{
    ctx c;
    int rc;

    c.w = w;
    c.r = rules;
    c.best = out;
    c.ladder = ladder;
    c.nladder = nladder;
    for (int e = 0; e < nladder; e++)
        ladder[e] = 0;
    c.have = c.cur_used = 0;
    c.dora = c.ura = 0;
    c.call_trips = c.call_runs = 0;
    c.call_nrun = c.call_ntrip = c.call_nquad = c.call_nclosed = 0;
    c.call_fu_len = c.call_fu_sum = 0;
    memset(c.call_fu, 0, sizeof c.call_fu);
    c.call_blocks = 0;
    /* The counts, eight kinds a word, stored as the words the reads
     * below take (a read that spans two stores waits for both). */
    uint64_t word[5];
    memcpy(word, held->counts, 4 * sizeof *word);
    word[4] = (uint64_t)held->counts[32] | (uint64_t)held->counts[33] << 8;
    memcpy(c.counts, word, sizeof word);
    c.ncalls = (int)ncalls;
    c.menzen = 1;
    /* all and seen: room past the 34 kinds for a triplet's two kinds
     * above it (below); seen_red: for the honors' "suit" too */
    uint8_t all[MJT_KINDS + 2], seen[MJT_KINDS], seen_red[4] = {0};
    uint64_t called = 0; /* the kinds the calls hold */
    memcpy(all, held->counts, MJT_KINDS);
    all[MJT_KINDS] = all[MJT_KINDS + 1] = 0;
    c.red = held->red[0] + held->red[1] + held->red[2];
    memcpy(seen_red, held->red, 3);
    /* Each call without a branch on its kind (one of up to four, in any
     * order): a run adds 1 to each of its kinds, a triplet 3 and a quad 4
     * to its one (and 0 to the two above it). */
    for (size_t i = 0; i < ncalls; i++) {
        const mjt_call *x = &calls[i];
        int kind = x->kind, k = x->tile;
        int run = kind == MJT_RUN, set = !run;
        int quad = set & (kind != MJT_TRIPLET),
            closed = kind == MJT_CLOSED_QUAD;
        c.calls[i] = (blk){(uint8_t)kind, x->tile, x->from};
        uint64_t as_block = (unsigned)kind | (unsigned)k << 8;
        c.call_blocks |= as_block << (16 * i);
        all[k] = (uint8_t)(all[k] + (run ? 1 : 3 + quad));
        all[k + 1] = (uint8_t)(all[k + 1] + run);
        all[k + 2] = (uint8_t)(all[k + 2] + run);
        called |= (1 | 6ull * (unsigned)run) << k;
        c.call_runs |= (uint64_t)run << k;
        c.call_nrun += run;
        c.call_trips |= (uint64_t)set << k;
        c.call_ntrip += set;
        c.call_nquad += quad;
        c.call_nclosed += closed;
        /* a triplet's or quad's fu part (written as zeroes for a run, so
         * that the list holds zeroes past its length) */
        int fu = (2 << (is_terminal_or_honor(k) + closed + 2 * quad)) & -set;
        int part = quad ? (closed ? MJT_FU_CLOSED_QUAD : MJT_FU_OPEN_QUAD)
                        : MJT_FU_OPEN_TRIPLET;
        c.call_fu[c.call_fu_len].part = (uint8_t)(part & -set);
        c.call_fu[c.call_fu_len].tile = (uint8_t)(k & -set);
        c.call_fu[c.call_fu_len].fu = (uint8_t)fu;
        c.call_fu_len += set;
        c.call_fu_sum += fu;
        c.menzen &= closed;
        c.red += x->red;
        seen_red[k / 9] = (uint8_t)(seen_red[k / 9] + x->red);
    }
    /* a fifth copy, only ever through the calls: looked for by name when
     * some kind has one */
    if ((mjt__above4(mjt__load64le(all)) | mjt__above4(mjt__load64le(all + 8)) |
         mjt__above4(mjt__load64le(all + 16)) |
         mjt__above4(mjt__load64le(all + 24)) |
         mjt__above4(mjt__load64le(all + 26))) != 0)
        for (size_t i = 0; i < ncalls; i++)
            for (int k = calls[i].tile; k < calls[i].tile + 3 && k < MJT_KINDS;
                 k++)
                if (all[k] > 4) {
                    mjt__diag_set(d, MJT_ECOPIES, -1,
                                  "%s: a fifth copy, counting the calls",
                                  mjt_tile_name(k));
                    return MJT_ECOPIES;
                }
    if (held->len + 3 * (int)ncalls != 14) {
        mjt__diag_set(d, MJT_ECOUNT, -1,
                      "%d tiles and %zu calls: a won hand has 14 with the "
                      "calls at 3 each (the winning tile among them)",
                      held->len, ncalls);
        return MJT_ECOUNT;
    }
    if ((rc = check_win(&c, held, d)) != MJT_OK)
        return rc;
    c.win = MJT_KIND_OF(w->tile);
    c.situation = situation_mask(&c);
    memcpy(seen, all, sizeof seen);
    if ((rc = indicators(w->dora, w->dora_len, "dora", seen, seen_red, all,
                         &c.dora, d)) != MJT_OK ||
        (rc = indicators(w->ura, w->ura_len, "ura dora", seen, seen_red, all,
                         &c.ura, d)) != MJT_OK)
        return rc;
    for (int su = 0; su < 3; su++)
        if (seen_red[su] > rules->red[su]) {
            mjt__diag_set(d, MJT_ERED, -1,
                          "%d red fives of %c in the hand and the "
                          "indicators; the rules have %d",
                          seen_red[su], "mps"[su], rules -> red[su]);
            return MJT_ERED;
        }
    /* A robbed quad's other three copies are in it: the winning tile is
     * the hand's one copy of its kind, and no call or indicator shows
     * another. */
    if (w->chankan && seen[c.win] != 1) {
        mjt__diag_set(d, MJT_ECOPIES, -1,
                      "chankan on %s: the quad holds its other three copies, "
                      "but the hand, its calls and the indicators show %d more",
                      mjt_tile_name(c.win), seen[c.win] - 1);
        return MJT_ECOPIES;
    }

    /* The kinds held, held once, twice and four times (the tally's), and
     * each part's tiles, eight kinds a word (counts are at most 4, so no
     * byte carries into the next). */
    c.held = ~ty->eq[0] & ALL_KINDS;
    c.ones = ty->eq[1];
    c.twos = ty->eq[2];
    c.fours = ty->eq[4];
    uint64_t tiles = c.held | called;
    unsigned suits = (tiles & 0x1FF ? 1u : 0) | (tiles >> 9 & 0x1FF ? 2u : 0) |
                     (tiles >> 18 & 0x1FF ? 4u : 0);
    c.any_yaochu = (tiles & YAOCHU) != 0;
    c.any_honor = tiles >> HONOR0 != 0;
    c.all_honors = (tiles & ((1ull << HONOR0) - 1)) == 0;
    c.green = (tiles & ~GREEN_TILES) == 0;
    c.one_suit = suits == 1 || suits == 2 || suits == 4;
    c.sum[0] = byte_sum(word[0]) + c.counts[8];
    c.sum[1] = byte_sum(word[1] >> 8) + c.counts[16] + c.counts[17];
    c.sum[2] = byte_sum(word[2] >> 16) + byte_sum(word[3] & 0xFFFFFF);
    c.sum[3] = byte_sum(word[3] >> 24) + c.counts[32] + c.counts[33];
    c.chuuren = nine_gates(&c);
    c.tiles_yakuman = w->first | c.all_honors | c.green | (c.chuuren != 0);
    standard_forms(&c);
    seven_pairs(&c);
    thirteen_orphans(&c);
    if (!c.have) {
        mjt__diag_set(d, MJT_ENOTWIN, -1,
                      "the tiles are no complete hand (a pair and melds, "
                      "seven pairs, or thirteen orphans)");
        return MJT_ENOTWIN;
    }
    /* the lists' entries past their lengths: 0, not another reading's
     * (a reading built in out writes none) */
    if (c.cur_used) {
        memset(out->yaku + out->yaku_len, 0,
               (MJT_MAX_YAKU - out->yaku_len) * sizeof *out->yaku);
        memset(out->fu_parts + out->fu_len, 0,
               (MJT_MAX_FU_PARTS - out->fu_len) * sizeof *out->fu_parts);
        memset(out->blocks + out->blocks_len, 0,
               (7 - out->blocks_len) * sizeof *out->blocks);
    }
    return MJT_OK;
}

/* *s all zeroes, padding and all.  A call to memset costs a tenth of a
 * score, and a copy of a static zero a tenth too where that static
 * happens to lie badly: stores of a zeroed register cost neither. */
static inline void zero_score(mjt_score *s)
{
#if defined(__SSE2__)
    /* written out: as a loop, the compiler makes it the memset again */
    __m128i z = _mm_setzero_si128();
    __m128i *p = (__m128i *)(void *)s;
    _mm_storeu_si128(p, z);
    _mm_storeu_si128(p + 1, z);
    _mm_storeu_si128(p + 2, z);
    _mm_storeu_si128(p + 3, z);
    _mm_storeu_si128(p + 4, z);
    _mm_storeu_si128(p + 5, z);
    _mm_storeu_si128(p + 6, z);
    _mm_storeu_si128(p + 7, z);
    _mm_storeu_si128(p + 8, z);
    _mm_storeu_si128((__m128i *)(void *)((unsigned char *)s + sizeof *s - 16),
                     z);
#else
    memset(s, 0, sizeof *s);
#endif
}
_Static_assert(sizeof(mjt_score) >= 144 && sizeof(mjt_score) <= 160,
               "zero_score's stores cover an mjt_score");

/* mjt_rules_init's four players, for rules given as NULL (test_score.c
 * checks they are equal). */
static const mjt_rules default_rules = {.players = 4,
                                        .red = {1, 1, 1},
                                        .open_tanyao = 1,
                                        .double_yakuman = 1,
                                        .counted_yakuman = 1,
                                        .yakuman_stack = 1,
                                        .double_wind_fu = 4,
                                        .pao = 1};

/* The checks both calls share: NULL arguments, the rules (NULL: the
 * defaults), four players.  MJT_OK or the code, d set. */
static int check_args(const void *hand, const mjt_win *w,
                      const mjt_rules **rules, const mjt_rules *defaults,
                      mjt_score *out, mjt__diag *d)
{
    if (out != NULL)
        zero_score(out);
    if (hand == NULL || w == NULL || out == NULL) {
        mjt__diag_set(d, MJT_EINVAL, -1, "score: NULL argument");
        return MJT_EINVAL;
    }
    if (*rules == NULL) {
        *rules = defaults;
    } else {
        mjt_diag pd;
        int rc = mjt_rules_check(*rules, &pd);
        if (rc != MJT_OK) {
            mjt__diag_set(d, rc, -1, "%s", pd.message);
            return rc;
        }
    }
    if ((*rules)->players != 4) {
        mjt__diag_set(d, MJT_EPLAYERS, -1,
                      "scoring three players is not supported yet");
        return MJT_EPLAYERS;
    }
    return MJT_OK;
}

int mjt_score_hand(const mjt_hand *h, const mjt_win *w, const mjt_rules *rules,
                   mjt_score *out, mjt_diag *diag)
{
    mjt__diag d; /* filled by a failure alone: zeroing it costs more than
                    a score's every yaku */
    d.code = MJT_OK;
    mjt_tiles held;
    mjt_call calls[MJT_MAX_CALLS];
    int rc = check_args(h, w, &rules, &default_rules, out, &d);

    if (rc != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    /* mjt_hand_tiles checks the whole hand, its calls too */
    if ((rc = mjt_hand_tiles(h, &held)) != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    if (mjt__hand_sanma(h)) {
        mjt__diag_set(&d, MJT_EPLAYERS, -1,
                      "scoring three players is not supported yet");
        return mjt__diag_out(diag, &d, MJT_EPLAYERS);
    }
    size_t ncalls = (size_t)mjt__hand_ncalls(h);
    for (size_t i = 0; i < ncalls; i++) {
        static const uint8_t kind_of_bits[4] = {MJT_RUN, MJT_TRIPLET, MJT_QUAD,
                                                MJT_CLOSED_QUAD};
        unsigned bits = mjt__hand_call(h, (int)i);
        calls[i].kind = kind_of_bits[MJT__CALL_KIND(bits)];
        calls[i].tile = (uint8_t)MJT__CALL_TILE(bits);
        calls[i].red = (uint8_t)MJT__CALL_RED(bits);
        calls[i].from = (uint8_t)MJT__CALL_FROM(bits);
    }
    tally ty;
    tally_of(held.counts, &ty);
    rc = score(&held, &ty, calls, ncalls, w, rules, out, NULL, 0, &d);
    return rc == MJT_OK ? MJT_OK : mjt__diag_out(diag, &d, rc);
}

int mjt_score_tiles(const mjt_tiles *concealed, const mjt_call *calls,
                    size_t ncalls, const mjt_win *w, const mjt_rules *rules,
                    mjt_score *out, mjt_diag *diag)
{
    mjt__diag d; /* filled by a failure alone: zeroing it costs more than
                    a score's every yaku */
    d.code = MJT_OK;
    int rc = check_args(concealed, w, &rules, &default_rules, out, &d);

    if ((rc == MJT_OK) & (ncalls > 0) & (calls == NULL)) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "score: NULL calls");
        rc = MJT_EINVAL;
    }
    if (rc == MJT_OK && ncalls > MJT_MAX_CALLS) {
        mjt__diag_set(&d, MJT_ECALL, -1, "%zu calls (a hand has at most 4)",
                      ncalls);
        rc = MJT_ECALL;
    }
    for (size_t i = 0; rc == MJT_OK && i < ncalls; i++) {
        const mjt_call *x = &calls[i];
        if (mjt__call_struct_ok(x))
            continue;
        const char *why = mjt__call_problem(x->kind, x->tile, x->red, x->from);
        if (why != NULL) {
            mjt__diag_set(&d, MJT_ECALL, -1, "call %zu: %s", i + 1, why);
            rc = MJT_ECALL;
        }
    }
    if (rc != MJT_OK) /* concealed may be NULL */
        return mjt__diag_out(diag, &d, rc);
    tally ty;
    tally_of(concealed->counts, &ty);
    if (rc == MJT_OK && ty.over != 0) {
        int k = __builtin_ctzll(ty.over);
        mjt__diag_set(&d, MJT_ECOPIES, -1, "%d copies of %s",
                      concealed->counts[k], mjt_tile_name(k));
        rc = MJT_ECOPIES;
    }
    for (int su = 0; rc == MJT_OK && su < 3; su++)
        if (concealed->red[su] > concealed->counts[9 * su + 4]) {
            mjt__diag_set(&d, MJT_ERED, -1, "%d red fives of %c but %d fives",
                          concealed->red[su], "mps"[su],
                          concealed -> counts[9 * su + 4]);
            rc = MJT_ERED;
        }
    if (rc == MJT_OK && ty.sum != concealed->len) {
        mjt__diag_set(&d, MJT_EINVAL, -1,
                      "the tiles' len is %d, their counts add up to %d",
                      concealed->len, ty.sum);
        rc = MJT_EINVAL;
    }
    if (rc == MJT_OK)
        rc = score(concealed, &ty, calls, ncalls, w, rules, out, NULL, 0, &d);
    return rc == MJT_OK ? MJT_OK : mjt__diag_out(diag, &d, rc);
}

int mjt__score_ladder(const mjt_tiles *concealed, const mjt_call *calls,
                      size_t ncalls, const mjt_win *w, const mjt_rules *rules,
                      int n, int32_t *ladder)
{
    mjt__diag d;
    mjt_score out;
    tally ty;

    d.code = MJT_OK;
    zero_score(&out);
    tally_of(concealed->counts, &ty);
    return score(concealed, &ty, calls, ncalls, w, rules, &out, ladder, n, &d);
}

void mjt_win_init(mjt_win *w)
{
    if (w == NULL)
        return;
    memset(w, 0, sizeof *w);
    w->from = MJT_FROM_LEFT;
    w->round = MJT_EAST;
    w->seat = 1;
}

const char *mjt_yaku_name(int yaku)
{
    static const char *const names[MJT_YAKU_COUNT] = {
        [MJT_Y_RIICHI] = "riichi",
        [MJT_Y_DOUBLE_RIICHI] = "double riichi",
        [MJT_Y_IPPATSU] = "ippatsu",
        [MJT_Y_MENZEN_TSUMO] = "fully concealed tsumo",
        [MJT_Y_HAITEI] = "last tile drawn",
        [MJT_Y_HOUTEI] = "last tile discarded",
        [MJT_Y_RINSHAN] = "after a quad",
        [MJT_Y_CHANKAN] = "robbing a quad",
        [MJT_Y_ROUND_WIND] = "round wind",
        [MJT_Y_SEAT_WIND] = "seat wind",
        [MJT_Y_WHITE] = "white dragon",
        [MJT_Y_GREEN] = "green dragon",
        [MJT_Y_RED] = "red dragon",
        [MJT_Y_PINFU] = "pinfu",
        [MJT_Y_TANYAO] = "all simples",
        [MJT_Y_IIPEIKOU] = "pure double sequence",
        [MJT_Y_SANSHOKU] = "mixed triple sequence",
        [MJT_Y_ITTSU] = "pure straight",
        [MJT_Y_CHANTA] = "half outside hand",
        [MJT_Y_CHIITOITSU] = "seven pairs",
        [MJT_Y_TOITOI] = "all triplets",
        [MJT_Y_SANANKOU] = "three concealed triplets",
        [MJT_Y_SANKANTSU] = "three quads",
        [MJT_Y_SANSHOKU_DOUKOU] = "triple triplets",
        [MJT_Y_HONROUTOU] = "all terminals and honors",
        [MJT_Y_SHOUSANGEN] = "little three dragons",
        [MJT_Y_HONITSU] = "half flush",
        [MJT_Y_JUNCHAN] = "fully outside hand",
        [MJT_Y_RYANPEIKOU] = "twice pure double sequence",
        [MJT_Y_CHINITSU] = "full flush",
        [MJT_Y_TENHOU] = "blessing of heaven",
        [MJT_Y_CHIIHOU] = "blessing of earth",
        [MJT_Y_KOKUSHI] = "thirteen orphans",
        [MJT_Y_KOKUSHI13] = "thirteen orphans, 13-sided wait",
        [MJT_Y_SUUANKOU] = "four concealed triplets",
        [MJT_Y_SUUANKOU_TANKI] = "four concealed triplets, single wait",
        [MJT_Y_DAISANGEN] = "big three dragons",
        [MJT_Y_SHOUSUUSHII] = "little four winds",
        [MJT_Y_DAISUUSHII] = "big four winds",
        [MJT_Y_TSUUIISOU] = "all honors",
        [MJT_Y_RYUUIISOU] = "all green",
        [MJT_Y_CHINROUTOU] = "all terminals",
        [MJT_Y_SUUKANTSU] = "four quads",
        [MJT_Y_CHUUREN] = "nine gates",
        [MJT_Y_CHUUREN9] = "pure nine gates",
        [MJT_Y_DORA] = "dora",
        [MJT_Y_RED_FIVE] = "red five",
        [MJT_Y_URA_DORA] = "ura dora",
    };
    return yaku >= 0 && yaku < MJT_YAKU_COUNT ? names[yaku] : NULL;
}

const char *mjt_fu_name(int part)
{
    static const char *const names[] = {
        "base",       "closed ron",  "tsumo",        "open pinfu",
        "value pair", "wait",        "open triplet", "closed triplet",
        "open quad",  "closed quad", "rounding"};
    return part >= 0 && part < (int)(sizeof names / sizeof *names) ? names[part]
                                                                   : NULL;
}

const char *mjt_title_name(int title)
{
    static const char *const names[] = {
        "none",      "mangan",  "haneman",        "baiman",
        "sanbaiman", "yakuman", "counted yakuman"};
    return title >= 0 && title < (int)(sizeof names / sizeof *names)
               ? names[title]
               : NULL;
}
