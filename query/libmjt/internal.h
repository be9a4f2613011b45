/* SPDX-License-Identifier: MIT */
/*
 * libmjt's in-memory tables.  Each pattern's record is 16 bytes, found by a
 * dense index computed from the hand's per-part code with two reads of small
 * arrays (see mjt__index_of), never by search.
 *
 *   w0 bits  0..39  deficits of slots 0..9, one nibble each (slot 0 is
 *                   always 0); the join widens them to bytes in one step
 *   w0 bits 40..57  need masks of slots 1 and 2, 9 bits each
 *   w1 bits  0..62  need masks of slots 3..9, 9 bits each
 *
 * Slot 0 (no meld, no pair) needs nothing, so its mask is not stored.
 *
 * A part's code and the dense index are core/index.h's.
 *
 * Forms (core/forms.h) sit beside the records: each pattern has a 32-bit
 * word, by the same dense index, pointing at its forms in one array of
 * 64-bit form words shared by both tables:
 *
 *   pattern word  bits  0..21  index of its first form
 *                 bits 22..26  decompositions, first
 *                 bits 27..31  arrangements, after them
 *   form word     bytes 0..3   meld blocks (kind << 4 | rank), 0xFF unused
 *                 byte  4      the pair block, or 0xFF
 *                 byte  5      the waiting block, or 0xFF
 *                 bits 48..56  winning ranks (arrangements)
 *                 bits 60..62  number of melds
 *
 * The empty pattern has one decomposition with no block (the tables hold
 * it), so that a hand whose part is empty joins like any other.
 */
#ifndef MJT__QUERY_INTERNAL_H
#define MJT__QUERY_INTERNAL_H

#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "index.h"
#include "mjt.h"
#include "record.h"

typedef struct mjt__mrec {
    uint64_t w0, w1;
} mjt__mrec;

/*
 * What the queries read of each part under one game's rules.  With four
 * players m, p and s share the suit arrays and [3] is the honors'.  With
 * three, the manzu holds only 1m and 9m, which form no run: its part is
 * answered as the honor pattern of those two counts (ranks 0 and 1), whose
 * 25 records and forms tables.c copies with rank 1 moved to rank 8.  That
 * is exact: an honor target may put a group on ranks 2 to 6, which do not
 * exist here, but such a group is drawn whole, and the same group costs
 * no more on a kind of another part that the target leaves free (a target
 * uses at most 15 of the 27 kinds, calls close at most 4), so the two
 * worlds have the same deficit for every hand, and so the same effective
 * tiles among the kinds that exist.  The manzu's index arrays give a code
 * holding 2m to 8m a count above 14, so such a hand fails the view.
 */
typedef struct mjt__game {
    const mjt__mrec *rec[4];
    const mjt__index_of_kind *kind[4];
    const uint32_t *fidx[4]; /* pattern words of each part's table */
    uint64_t kinds;          /* the kinds of the game, as bits */
    unsigned honor_like;     /* bit p: part p forms no run */
} mjt__game;

#define MJT__SANMA_PATTERNS 25
/* 2m to 8m: no kind of the three-player game. */
#define MJT__SANMA_ABSENT (UINT64_C(0x7F) << 1)

struct mjt_tables {
    mjt__game game[2]; /* four players, three */
    mjt__index ix;
    mjt__index_of_kind sanma; /* the manzu with three players */
    mjt__mrec *suit, *honor;
    mjt__mrec sanma_rec[MJT__SANMA_PATTERNS];
    uint32_t sanma_fidx[MJT__SANMA_PATTERNS];
    uint32_t *fidx_of[2]; /* suit, honor */
    uint64_t *forms;
    void *map; /* the records, pattern words and forms are a cache file's
                  (tables/cache.c), mapped here; NULL: in malloc'd memory */
    size_t map_len;
};

static inline uint32_t mjt__index_of(const mjt__game *ru, int part,
                                     uint32_t code)
{
    return mjt__index_at(ru->kind[part], code);
}

static inline const mjt__mrec *mjt__rec(const mjt__game *ru, int part,
                                        uint32_t code)
{
    return &ru->rec[part][mjt__index_of(ru, part, code)];
}

static inline int mjt__mrec_deficit(const mjt__mrec *r, int slot)
{
    assert(slot >= 0 && slot < MJT__SLOTS);
    return (int)(r->w0 >> (4 * slot)) & 0xF;
}

static inline unsigned mjt__mrec_need(const mjt__mrec *r, int slot)
{
    assert(slot >= 0 && slot < MJT__SLOTS);
    if (slot <= 2)
        return slot == 0 ? 0 : (unsigned)(r->w0 >> (31 + 9 * slot)) & 0x1FF;
    return (unsigned)(r->w1 >> (9 * (slot - 3))) & 0x1FF;
}

#define MJT__F_NONE 0xFF
#define MJT__F_FIRST(w) ((w)&0x3FFFFFu)
#define MJT__F_DECOMPOSITIONS(w) ((w) >> 22 & 0x1F)
#define MJT__F_ARRANGEMENTS(w) ((w) >> 27)
#define MJT__F_MAX_FIRST 0x3FFFFFu
#define MJT__F_MAX_COUNT 31

static inline uint32_t mjt__fword(const mjt__game *ru, int part, uint32_t code)
{
    return ru->fidx[part][mjt__index_of(ru, part, code)];
}

/* ==== Hands ====
 *
 * An mjt_hand is twelve 32-bit words: the code of each part (m, p, s, z;
 * core/index.h) of its concealed tiles, a magic word, a meta word holding
 * the concealed tile count (bits 0-7), the red fives of m, p and s (3 bits
 * each from bit 8), the number of calls (bits 17-19), and the two things
 * of its rules it is checked against: whether it is a three-player hand
 * (bit 20) and the red fives each suit has, 3 bits a suit from bit 21,
 * held as the number xor 1 (so that the defaults of four players, one a
 * suit, are all zero); then the calls, 16 bits each in words 6 and 7
 * (call i in bits 16 (i % 2) of word 6 + i / 2): its lowest tile (bits
 * 0-5), its kind (bits 6-7: a run, a triplet, a quad, a closed quad), its
 * red fives (bits 8-10) and where it came from (bits 11-12, an mjt_from).
 * The rest is zero.  The
 * codes alone say what the concealed part holds, so the only other state
 * is checked against them: a query reads the part words of the four codes
 * anyway (two small-array reads a part), and they carry each part's tile
 * count.  A hand with red fives or calls takes the slow check, which
 * checks its calls too.
 */
#define MJT__H_MAGIC 4
#define MJT__H_META 5
#define MJT__H_CALLS 6
#define MJT__HAND_MAGIC 0x4D4A4831u /* "MJH1" */
#define MJT__RED_SHIFT(s) (8 + 3 * (s))
#define MJT__CALLS_SHIFT 17
#define MJT__SANMA_SHIFT 20
#define MJT__RLIM_SHIFT(s) (21 + 3 * (s))
#define MJT__META_BITS 30 /* bits above these are 0 */
/* The bits of the hand's rules: the queries' fast check passes over them. */
#define MJT__RULES_BITS (1u << MJT__SANMA_SHIFT | 0x1FFu << MJT__RLIM_SHIFT(0))

/* 1 for a three-player hand, by its meta word. */
static inline int mjt__hand_sanma(const mjt_hand *h)
{
    return (int)(h->opaque_[MJT__H_META] >> MJT__SANMA_SHIFT) & 1;
}

/* A call's 16 bits. */
#define MJT__CALL_TILE(c) ((int)(c)&0x3F)
#define MJT__CALL_KIND(c) ((int)((c) >> 6) & 3) /* run, triplet, quad, closed */
#define MJT__CALL_RED(c) ((int)((c) >> 8) & 7)
#define MJT__CALL_FROM(c) ((int)((c) >> 11) & 3)
#define MJT__CALL_BITS 13 /* bits above these are 0 */

/* The red fives suit s (0-2) may hold under the hand's rules. */
static inline int mjt__hand_red_limit(const mjt_hand *h, int s)
{
    return (int)((h->opaque_[MJT__H_META] >> MJT__RLIM_SHIFT(s)) & 7) ^ 1;
}

/* The number of calls of a checked hand. */
static inline int mjt__hand_ncalls(const mjt_hand *h)
{
    return (int)(h->opaque_[MJT__H_META] >> MJT__CALLS_SHIFT) & 7;
}

/* Call i of h (below its number of calls). */
static inline unsigned mjt__hand_call(const mjt_hand *h, int i)
{
    return (h->opaque_[MJT__H_CALLS + i / 2] >> (16 * (i % 2))) & 0xFFFF;
}

/* Copies of each kind in the calls of a checked hand, into called[34];
 * returns the kinds with a copy there, as bits. */
uint64_t mjt__hand_called(const mjt_hand *h, uint8_t called[MJT_KINDS]);

/* Whether len concealed tiles and ncalls calls make a hand the queries
 * take: 1 to 14 tiles of 1 or 2 mod 3 without calls, 13 or 14 in all with
 * them. */
static inline int mjt__hand_len_ok(int len, int ncalls)
{
    if (ncalls == 0)
        return len >= 1 && len <= 14 && len % 3 != 0;
    return len >= 1 && (len + 3 * ncalls == 13 || len + 3 * ncalls == 14);
}

/* MJT_OK when the calls of h agree with its concealed codes code[] (at
 * most 4 valid melds, no kind above 4 copies in all), else MJT_ESTALE;
 * called (if not NULL) gets the copies of each kind in the calls. */
int mjt__calls_check(const mjt_hand *h, const uint32_t code[4],
                     uint8_t *called);

/* Whether a call of kind (an mjt_block_kind) on tile from seat from has
 * no place in a three-player game: a run, a meld of 2m to 8m, or a call
 * from across. */
int mjt__sanma_call_problem(int kind, int tile, int from);

/* What is wrong with a call (kind, tile, red fives, from), in words, or
 * NULL for a valid one: the check every maker of hands makes. */
const char *mjt__call_problem(int kind, int tile, int red, int from);
/* call_problem's verdict fast: kind as its two bits (run, triplet, quad,
 * closed quad, so below 4) and from below 4; any tile and red. */
int mjt__call_ok(unsigned kb, unsigned tile, unsigned red, unsigned from);
/* call_ok of a caller's call, any field out of range included. */
int mjt__call_struct_ok(const mjt_call *c);

/* The red fives of each suit in the calls of a checked hand. */
void mjt__calls_red(const mjt_hand *h, int red[3]);

/* MJT_EPLAYERS, named in diag, when a call of the checked hand h has no
 * place in a three-player game; else MJT_OK. */
int mjt__sanma_calls(const mjt_hand *h, mjt__diag *diag);

/* mjt_hand_parse of a text with calls, the first ',' at offset comma. */
int mjt__parse_calls(mjt_hand *h, const char *text, size_t len, size_t comma,
                     const mjt_rules *rules, mjt__diag *diag);

/* Put the hand h, just made under the defaults, under rules (NULL: the
 * defaults): check what it holds against them and keep their bits.
 * MJT_OK, or MJT_EINVAL, MJT_EPLAYERS or MJT_ERED with diag set (h is
 * then left as it was). */
int mjt__hand_rules(mjt_hand *h, const mjt_rules *rules, mjt__diag *diag);

/* The meta word's bits of rules (NULL: the defaults) when they take a hand
 * without calls whose manzu code is manzu and whose red fives are red (3
 * bits a suit, as at MJT__RED_SHIFT); -1 when they refuse it, or are
 * rules mjt_rules_check refuses.  The fast check of a hand made from tile
 * ids, in hand.c and for mjt_shanten_tiles: the defaults inline (no bits,
 * at most one red five a suit), other rules in hand.c. */
int64_t mjt__rules_take_any(const mjt_rules *rules, uint32_t manzu,
                            unsigned red);

static inline int64_t mjt__rules_take(const mjt_rules *rules, uint32_t manzu,
                                      unsigned red)
{
    if (rules == NULL) /* red fields of 2 or more: bits 1 and 2 of each */
        return (red & 0x1B6u) == 0 ? 0 : -1;
    return mjt__rules_take_any(rules, manzu, red);
}

/* Append ",call" for each call of a checked hand to buf, which holds n
 * bytes of text already; snprintf's rule, as mjt_hand_format. */
size_t mjt__calls_format(const mjt_hand *h, char *buf, size_t cap, size_t n);

/* Digit r of a part's code: the count of rank r. */
int mjt__code_digit(uint32_t code, int r);
/* The counts of a part's ranks (9, or 7 for the honors) from its code
 * into out; returns their sum. */
int mjt__code_counts(uint32_t code, uint8_t *out, int ranks);

/* The concealed part of a hand from counts with red fives red (3 bits a
 * suit, as the meta word holds them), without calls: returns the tile
 * count, and writes h only when it is 1 to 14 tiles of 1 or 2 mod 3 (or
 * any count from 1 to 11 when allow_any, for a hand that gets calls
 * next); -1 when a count exceeds 4. */
int mjt__hand_build(mjt_hand *h, const uint8_t counts[MJT_KINDS], unsigned red,
                    int allow_any);

/* Why a hand of n tiles (as mjt__hand_build said) was refused, in diag;
 * and MJT_ECOPIES naming the first count above 4. */
int mjt__hand_len_error(int n, mjt__diag *diag);
int mjt__hand_fifth_copy(const uint8_t counts[MJT_KINDS], mjt__diag *diag);

/*
 * The record of a part whose ranks have caps below 4 (capped.c): held[r]
 * and cap[r] for its n ranks (9, or 7 for the honors), runs when it is a
 * suit, for targets of at most melds melds (deficit 15 above).  Deficits
 * always; need masks only when with_need.
 */
void mjt__capped_record(const uint8_t *held, const uint8_t *cap, int n,
                        int runs, int melds, int with_need, mjt__record *out);

/* What a query reads of a hand, checked. */
typedef struct mjt__hv {
    const mjt__game *ru; /* the rules of its game */
    uint32_t code[4];
    uint64_t w[4]; /* part words (core/index.h) */
    uint64_t sum;  /* their sum: the hand's counts of tiles, kinds, ... */
    int len;
} mjt__hv;

/* Whether code is a pattern's code of part p: the decoding of hand.c
 * relies on it; the queries need only code < MJT__CODES. */
static inline int mjt__code_ok(uint32_t code, int p)
{
    return (code & MJT__LO_MASK) < MJT__LO_CODES &&
           code >> MJT__HI_SHIFT < (p < 3 ? MJT__SUIT_HI : MJT__HONOR_HI);
}

int mjt__hand_refused(const mjt_hand *h, uint64_t c01, uint64_t c23, int len);

/* The part words of v's codes (each below MJT__CODES) under v's rules, and
 * their sum.  Written out: the four parts' reads are independent. */
static inline void mjt__hv_words(mjt__hv *v)
{
    const mjt__index_of_kind *const *k = v->ru->kind;
    v->w[0] = mjt__index_word(k[0], v->code[0]);
    v->w[1] = mjt__index_word(k[1], v->code[1]);
    v->w[2] = mjt__index_word(k[2], v->code[2]);
    v->w[3] = mjt__index_word(k[3], v->code[3]);
    v->sum = v->w[0] + v->w[1] + v->w[2] + v->w[3];
}

/*
 * Check h and read its part words into v.  The fast path is two compares: the
 * codes are within the index arrays, and the magic and meta words (read as one)
 * are the magic, the tile count the part words add up to, and no red five or
 * call; the rules' bits are passed over (the three-player bit only picks the
 * game).  Anything else goes to mjt__hand_refused (hand.c), which accepts red
 * fives that the hand holds and says MJT_EHAND or MJT_ESTALE for the rest.  A
 * count of at most 14 bounds every part's, so every index is valid.
 */
static inline int mjt__hand_view(const struct mjt_tables *t, const mjt_hand *h,
                                 mjt__hv *v)
{
    const uint32_t *o = h->opaque_;

    if ((o[0] | o[1] | o[2] | o[3]) >= MJT__CODES)
        return o[MJT__H_MAGIC] == MJT__HAND_MAGIC ? MJT_ESTALE : MJT_EHAND;
    v->code[0] = o[0], v->code[1] = o[1], v->code[2] = o[2], v->code[3] = o[3];
    unsigned sanma = o[MJT__H_META] >> MJT__SANMA_SHIFT & 1;
    v->ru = &t->game[sanma];
    mjt__hv_words(v);
    unsigned len = (unsigned)v->sum & 0xFF;
    v->len = (int)len;
    uint64_t meta = (uint64_t)o[MJT__H_MAGIC] |
                    (uint64_t)(o[MJT__H_META] & ~MJT__RULES_BITS) << 32;
    if (meta != (MJT__HAND_MAGIC | (uint64_t)len << 32) || len > 14)
        return mjt__hand_refused(h, v->code[0] | (uint64_t)v->code[1] << 32,
                                 v->code[2] | (uint64_t)v->code[3] << 32,
                                 v->len);
    /* the part words agree with the codes: each part at most 14 tiles */
    assert(MJT__W_LEN(v->w[0]) + MJT__W_LEN(v->w[1]) + MJT__W_LEN(v->w[2]) +
               MJT__W_LEN(v->w[3]) ==
           v->len);
    return MJT_OK;
}

/* The planes of each part of v (core/index.h), for mjt__plane. */
static inline void mjt__hv_planes(const struct mjt_tables *t, const mjt__hv *v,
                                  uint64_t pp[4])
{
    for (int p = 0; p < 4; p++)
        pp[p] = mjt__index_planes(&t->ix, v->code[p]);
}

/* Plane j of the whole hand from its parts' planes: bit i set when tile i
 * is held more than j times. */
static inline uint64_t mjt__plane(const uint64_t pp[4], int j)
{
    return (uint64_t)MJT__PLANE(pp[0], j) |
           (uint64_t)MJT__PLANE(pp[1], j) << 9 |
           (uint64_t)MJT__PLANE(pp[2], j) << 18 |
           (uint64_t)MJT__PLANE(pp[3], j) << 27;
}

/* Red fives of suit s (0-2) in a checked hand. */
static inline int mjt__hand_red(const mjt_hand *h, int s)
{
    return (int)(h->opaque_[MJT__H_META] >> MJT__RED_SHIFT(s)) & 7;
}

/* ==== Shared by the queries (analyze.c, shapes.c) ==== */

#define MJT__ALL_TILES ((UINT64_C(1) << MJT_KINDS) - 1)
/* 1m 9m 1p 9p 1s 9s and the seven honors. */
#define MJT__YAOCHU                                                            \
    (UINT64_C(1) << 0 | UINT64_C(1) << 8 | UINT64_C(1) << 9 |                  \
     UINT64_C(1) << 17 | UINT64_C(1) << 18 | UINT64_C(1) << 26 |               \
     UINT64_C(0x7F) << 27)

/* A change of hand h's tiles written: its meta word as one store, and
 * part's code by delta (mod 2^32).  mjt_hand_add and mjt_hand_remove end
 * with it, after their checks. */
static inline void mjt__hand_write(mjt_hand *h, uint64_t meta, int part,
                                   uint32_t delta)
{
    h->opaque_[part] += delta;
    memcpy(h->opaque_ + MJT__H_MAGIC, &meta, sizeof meta);
}

/* Hand h with one more (d = 1) or one fewer (d = -1) of plain kind k,
 * as mjt_hand_add and mjt_hand_remove change it, without their checks:
 * for a caller whose changes are legal by its making (the wall's search,
 * on its hot path: inline). */
static inline void mjt__hand_step(mjt_hand *h, int k, int d)
{
    uint64_t meta;

    memcpy(&meta, h->opaque_ + MJT__H_MAGIC, sizeof meta);
    mjt__hand_write(h, meta + ((uint64_t)(int64_t)d << 32), k / 9,
                    (uint32_t)d * mjt__code_step[k % 9]);
}

/* Seven pairs shanten of a hand of `pairs` kinds held twice or more and
 * `kinds` kinds held. */
static inline int mjt__chiitoi_of(int pairs, int kinds)
{
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

/* Seven pairs shanten of a hand of 13 or 14 tiles from its planes
 * ge0, ge1 (mjt__plane) in a game of the kinds `kinds`; *mask gets the
 * tiles whose draw lowers it.  At shanten 0 of 13 tiles the hand is six
 * pairs and a single, and *mask is the single. */
static inline int mjt__chiitoi(uint64_t ge0, uint64_t ge1, uint64_t kinds_of,
                               uint64_t *mask)
{
    int pairs = __builtin_popcountll(ge1), kinds = __builtin_popcountll(ge0);

    /* A single becomes a pair; a new kind helps while fewer than 7. */
    *mask = (ge0 & ~ge1) | (kinds < 7 ? kinds_of & ~ge0 : 0);
    return mjt__chiitoi_of(pairs, kinds);
}

/* Thirteen orphans shanten of `kinds` terminal and honor kinds held,
 * `paired` when one of them is held twice or more. */
static inline int mjt__kokushi_of(int kinds, int paired)
{
    return 13 - kinds - paired;
}

/* Thirteen orphans shanten from the planes, as mjt__chiitoi.  At
 * shanten 0 *mask is the missing kind, or all 13 when none is missing
 * (the 13-sided wait). */
static inline int mjt__kokushi(uint64_t ge0, uint64_t ge1, uint64_t *mask)
{
    int kinds = __builtin_popcountll(ge0 & MJT__YAOCHU);
    int paired = (ge1 & MJT__YAOCHU) != 0;

    *mask = (MJT__YAOCHU & ~ge0) | (paired ? 0 : ge0 & MJT__YAOCHU);
    return mjt__kokushi_of(kinds, paired);
}

/*
 * The mod-3 filter for a 3k+1 hand: the parts that can hold the
 * waiting block of a standard-form wait, bit p for part p.  A tenpai hand
 * plus its winning tile splits into complete parts, one holding the pair,
 * so its part sizes mod 3 are one 1 and the rest 0 (that part waits, with
 * or without the pair) or two 2s and the rest 0 (either waits, the other
 * holds the pair).  Any other hand has no standard-form wait: 0.
 */
static inline unsigned mjt__wait_parts(const mjt__hv *v)
{
    unsigned ones = 0, twos = 0;

    for (unsigned p = 0; p < 4; p++) {
        unsigned r = (unsigned)MJT__W_LEN(v->w[p]) % 3;
        ones |= (r == 1) << p;
        twos |= (r == 2) << p;
    }
    if (twos == 0 && __builtin_popcount(ones) == 1)
        return ones;
    return ones == 0 && __builtin_popcount(twos) == 2 ? twos : 0;
}

/* The kind an indicator (a tile id) makes dora: the next of its suit, its
 * winds or its dragons, round the end. */
int mjt__dora_of(int tile);

/* Score a complete hand as mjt_score_tiles does, for a caller that has
 * checked the tiles, the calls and the rules (four players): ladder[e]
 * (e = 0 .. n - 1) gets the most points a reading scores with e more han
 * than the situation gives (as another 1-han yaku of the situation
 * would: riichi, ippatsu, haitei, an ura dora), 0 where no reading has a
 * yaku.  MJT_OK, or scoring's refusal (MJT_ENOTWIN, ...). */
int mjt__score_ladder(const mjt_tiles *concealed, const mjt_call *calls,
                      size_t ncalls, const mjt_win *w, const mjt_rules *rules,
                      int n, int32_t *ladder);

/* The overall shanten after each discard of the checked-or-not 3k+2 hand
 * h, as mjt_discards gives it, without the effective tiles: sh[kind] for
 * each kind held; returns the kinds held, as bits (0 for a hand the
 * queries refuse).  For the wall model's search (wall/graph.c). */
uint64_t mjt__discard_shanten(const struct mjt_tables *t, const mjt_hand *h,
                              int8_t sh[MJT_KINDS]);

/* ==== Errors (errors.c) ==== */

/* Copy d into the caller's out (when not NULL) if rc is a failure, and
 * return rc: the public calls that take an mjt_diag report through core's
 * mjt__diag, whose layout errors.c checks is mjt_diag's.  d starts with
 * code MJT_OK and need have nothing else set (mjt__diag_set fills every
 * field); a failure that set no detail gets rc's message.  The caller
 * gets the message up to its end and zeroes after it. */
int mjt__diag_out(mjt_diag *out, mjt__diag *d, int rc);

/* mjt_tiles_parse into a core diagnostic, for the calls built on it. */
int mjt__tiles_read(mjt_tiles *out, const char *text, size_t len,
                    mjt__diag *diag);

/* Pack a solved record into its in-memory form. */
mjt__mrec mjt__mrec_pack(const mjt__record *rec);

#endif
