/* SPDX-License-Identifier: MIT */
/*
 * A hand's readings and what each is worth in yaku and fu: the standard
 * ones (a pair, then melds, split by a small search, and each block the
 * winning tile may have completed), seven pairs and thirteen orphans.
 * Each reading is written straight into the score that keeps it (begin,
 * keep), its yaku and fu parts listed without a branch on whether each
 * counts; settle.c makes it points.
 */
#include "score.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

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

/* The sheet's counts into its score, then settle. */
static inline void finish(const ctx *c, const sheet *t, int pao, int pao_yaku)
{
    t->s->yaku_len = (uint8_t)t->yaku;
    t->s->fu_len = (uint8_t)t->fu_parts;
    t->s->fu = t->fu;
    t->s->blocks_len = (uint8_t)t->blocks;
    t->s->calls = (uint8_t)t->calls;
    mjt__score_settle(c, t->s, t->yakuman, t->han, pao, pao_yaku);
    if (c->ladder != NULL)
        mjt__score_ladder_add(c, t->s, t->yakuman, t->han);
}

/* The yaku of the L_* bits (score.h), with their han closed and open. */
/* clang-format off */
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

static inline void first_draw_yakuman(const ctx *c, sheet *t)
{
    yakuman_if(c, t, c->w->first,
               c->w->seat == MJT_EAST ? MJT_Y_TENHOU : MJT_Y_CHIIHOU);
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
    else if (mjt__score_better(s, c->best))
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

void mjt__score_seven_pairs(ctx *c)
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

void mjt__score_thirteen_orphans(ctx *c)
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

/* Every standard reading: a pair, then melds.  The pair lies in the one
 * part whose tiles are 2 mod 3 (the rest are melds alone, 0 mod 3), and
 * an honor's count is 0, 3, or 2 for the pair.  In a suit, each meld's
 * ranks add up to 0 mod 3, so the pair's rank r has 2r = the suit's rank
 * sum mod 3: a third of the ranks are tried. */
void mjt__score_forms(ctx *c)
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
