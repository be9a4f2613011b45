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
 *
 * This file checks the arguments, tallies the counts and sets up the
 * context (score.h) each part reads: readings.c reads the hand,
 * settle.c makes points, situation.c checks the situation.
 */
#include "score.h"

#include "codes.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

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
 * each, and no rinshan, whose quad mjt__score_check_win_all looks for), its
 * reserved bytes 0, and no two fields at odds: every check of
 * mjt__score_check_win_all at once.  A situation this refuses may still
 * be fine: it goes the long way. */
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
        return mjt__score_winning_tile_held(c->w, held, d);
    return mjt__score_check_win_all(c, held, d);
}

/* Nine gates: no call, one suit, 1112345678999 and one more; pure when
 * the 13 before the winning tile are exactly that.  (The winning tile's
 * part is its kind / 9, the honors' 3 too.) */
static int nine_gates(const ctx *c)
{
    static const uint8_t gate[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    if ((c->ncalls != 0) | (c->win >= HONOR0) | (c->sum[c->win / 9] != 14))
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
    c.situation = score_situation_mask(&c);
    memcpy(seen, all, sizeof seen);
    if ((rc = mjt__score_indicators(w->dora, w->dora_len, "dora", seen,
                                    seen_red, all, &c.dora, d)) != MJT_OK ||
        (rc = mjt__score_indicators(w->ura, w->ura_len, "ura dora", seen,
                                    seen_red, all, &c.ura, d)) != MJT_OK)
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
    mjt__score_forms(&c);
    mjt__score_seven_pairs(&c);
    mjt__score_thirteen_orphans(&c);
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
