/* SPDX-License-Identifier: MIT */
/*
 * Hands: built from counts, tile ids or text, changed a tile at a time.
 *
 * A hand is the code of each of its four parts (core/index.h), its tile
 * count and its red fives (internal.h has the layout).  The codes are all
 * a query needs to find the records, and a draw or a discard changes one
 * of them by one addition.  Nothing else is cached: the planes of held
 * tiles that seven pairs, thirteen orphans and the counting of tiles left
 * read come with the part words a query looks up anyway.
 *
 * From 34 counts the codes come with no loop over ranks (codes.h): two
 * multiply-and-add steps turn each suit's count bytes into its two base-5
 * halves, and the same loads check that no count exceeds 4 and sum the
 * tiles, about forty instructions for the whole hand.  A draw or a discard
 * reads the one digit it needs with a multiply by a reciprocal.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#include "codes.h"
#include "tiles.h"

/*
 * A fresh hand of codes, n tiles and red fives red (the meta word's red
 * field), without calls.  The magic and meta words go in one 8-byte store,
 * as the queries read them: a load that spans two smaller stores waits for
 * both to reach the cache.
 */
static inline void put_hand(mjt_hand *h, const uint32_t code[4], int n,
                            unsigned red, uint32_t rules)
{
    static const uint32_t zero[6];
    uint32_t low = (uint32_t)n | red << MJT__RED_SHIFT(0) | rules;
    uint64_t meta = MJT__HAND_MAGIC | (uint64_t)low << 32;
    memcpy(h->opaque_, code, 4 * sizeof *code);
    memcpy(h->opaque_ + MJT__H_MAGIC, &meta, sizeof meta);
    memcpy(h->opaque_ + MJT__H_META + 1, zero, sizeof zero);
}

/* mjt__hand_build (internal.h). */
static inline int build_any(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                            unsigned red, int allow_any)
{
    uint32_t code[4];
    int n = mjt__codes_of(counts, code);

    if (n <= 0 || n > 14 || (n % 3 == 0 && !(allow_any && n <= 11)))
        return n;
    put_hand(h, code, n, red, 0);
    return n;
}

static int build(mjt_hand *h, const uint8_t counts[MJT_KINDS], unsigned red)
{
    return build_any(h, counts, red, 0);
}

int mjt__hand_build(mjt_hand *h, const uint8_t counts[MJT_KINDS], unsigned red,
                    int allow_any)
{
    return build_any(h, counts, red, allow_any);
}

/* The four base-5 digits of every value of a code's lo field (those past
 * 5^4 too, so that any code reads inside the table), worked out by the
 * compiler: 4 KB. */
/* clang-format off */
#define DIGITS4(n) {(n) % 5, (n) / 5 % 5, (n) / 25 % 5, (n) / 125 % 5}
/* clang-format on */
#define DIGITS4_4(n)                                                           \
    DIGITS4(n), DIGITS4((n) + 1), DIGITS4((n) + 2), DIGITS4((n) + 3)
#define DIGITS4_16(n)                                                          \
    DIGITS4_4(n), DIGITS4_4((n) + 4), DIGITS4_4((n) + 8), DIGITS4_4((n) + 12)
#define DIGITS4_64(n)                                                          \
    DIGITS4_16(n), DIGITS4_16((n) + 16), DIGITS4_16((n) + 32),                 \
        DIGITS4_16((n) + 48)
#define DIGITS4_256(n)                                                         \
    DIGITS4_64(n), DIGITS4_64((n) + 64), DIGITS4_64((n) + 128),                \
        DIGITS4_64((n) + 192)
static const uint8_t digits4[MJT__LO_MASK + 1][4] = {
    DIGITS4_256(0), DIGITS4_256(256), DIGITS4_256(512), DIGITS4_256(768)};
#undef DIGITS4_256
#undef DIGITS4_64
#undef DIGITS4_16
#undef DIGITS4_4
#undef DIGITS4

/* Digit r of code: the count of rank r. */
static int digit(uint32_t code, int r)
{
    uint32_t hi = code >> MJT__HI_SHIFT;

    return r < 4   ? digits4[code & MJT__LO_MASK][r]
           : r < 8 ? digits4[hi % 625][r - 4]
                   : (int)(hi / 625 % 5);
}

/* The counts of a part's ranks (9, or 7 for the honors) from its code
 * into out; returns their sum.  Ranks 0-3 are the lo field's digits,
 * ranks 4-7 those of the hi field's low four, rank 8 what is above. */
static int decode(uint32_t code, uint8_t *out, int ranks)
{
    const uint8_t *lo = digits4[code & MJT__LO_MASK];
    const uint8_t *hi = digits4[(code >> MJT__HI_SHIFT) % 625];
    uint32_t a, b;

    memcpy(&a, lo, 4);
    memcpy(&b, hi, 4);
    /* the eight digits' sum: bytes of at most 8, added into the top one */
    int n = (int)(((a + b) * UINT32_C(0x01010101)) >> 24);
    memcpy(out, lo, 4);
    if (ranks == 9) {
        memcpy(out + 4, hi, 4);
        out[8] = (uint8_t)((code >> MJT__HI_SHIFT) / 625 % 5);
        return n + out[8];
    }
    memcpy(out + 4, hi, 3);
    return n - hi[3];
}

int mjt__code_digit(uint32_t code, int r)
{
    return digit(code, r);
}

int mjt__code_counts(uint32_t code, uint8_t *out, int ranks)
{
    return decode(code, out, ranks);
}

static int check_len(int n, mjt__diag *diag)
{
    if (n == 0) {
        mjt__diag_set(diag, MJT_ECOUNT, -1, "empty hand (1 to 14 tiles)");
        return MJT_ECOUNT;
    }
    if (n > 14) {
        mjt__diag_set(diag, MJT_ECOUNT, -1, "%d tiles (at most 14)", n);
        return MJT_ECOUNT;
    }
    if (n % 3 == 0) {
        mjt__diag_set(diag, MJT_ECOUNT, -1,
                      "%d tiles: the count must be 1 or 2 mod 3", n);
        return MJT_ECOUNT;
    }
    return MJT_OK;
}

int mjt__hand_len_error(int n, mjt__diag *diag)
{
    return check_len(n, diag);
}

/* The first count above 4, named in diag. */
static int fifth_copy(const uint8_t counts[MJT_KINDS], mjt__diag *diag)
{
    for (int i = 0; i < MJT_KINDS; i++)
        if (counts[i] > 4) {
            char name[3];
            mjt__tile_name(i, name);
            mjt__diag_set(diag, MJT_ECOPIES, -1,
                          "tile %s appears %d times (at most 4)", name,
                          counts[i]);
            break;
        }
    return MJT_ECOPIES;
}

int mjt__hand_fifth_copy(const uint8_t counts[MJT_KINDS], mjt__diag *diag)
{
    return fifth_copy(counts, diag);
}

/* Why counts (of n tiles, as build() said) make no hand. */
static int counts_refused(const mjt_hand *h, const uint8_t *counts, int n,
                          mjt__diag *diag)
{
    if (h == NULL || counts == NULL) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand or counts");
        return MJT_EINVAL;
    }
    return n < 0 ? fifth_copy(counts, diag) : check_len(n, diag);
}

/* mjt_hand_from_counts under rules, out of the hot path's way. */
static __attribute__((noinline)) int
from_counts_rules(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                  const mjt_rules *rules, mjt_diag *diag)
{
    mjt_hand tmp;
    int n = build(&tmp, counts, 0);
    mjt__diag d; /* filled by a failure alone: mjt__diag_out */
    d.code = MJT_OK;

    if (n <= 0 || n > 14 || n % 3 == 0)
        return mjt__diag_out(diag, &d, counts_refused(h, counts, n, &d));
    /* no diag to fill unless the rules refuse the hand */
    if (mjt__hand_rules(&tmp, rules, NULL) == MJT_OK) {
        *h = tmp;
        return MJT_OK;
    }
    return mjt__diag_out(diag, &d, mjt__hand_rules(&tmp, rules, &d));
}

int mjt_hand_from_counts(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                         const mjt_rules *rules, mjt_diag *diag)
{
    int n = 0;

    if (h != NULL && counts != NULL) {
        if (rules != NULL)
            return from_counts_rules(h, counts, rules, diag);
        /* the hot path: build writes h only for a count it takes */
        n = build(h, counts, 0);
        if (n > 0 && n <= 14 && n % 3 != 0)
            return MJT_OK;
    }
    mjt__diag d = {.code = MJT_OK};
    return mjt__diag_out(diag, &d, counts_refused(h, counts, n, &d));
}

/* Red fives of tiles as the meta word's red field; the caller has checked
 * that there are no more than fives. */
static unsigned red_field(const mjt_tiles *tiles)
{
    return (unsigned)tiles->red[0] | (unsigned)tiles->red[1] << 3 |
           (unsigned)tiles->red[2] << 6;
}

/* A hand of what tiles holds under rules, checking its count. */
static int from_set(mjt_hand *h, const mjt_tiles *tiles, const mjt_rules *rules,
                    mjt__diag *diag)
{
    mjt_hand tmp;
    int n = build(&tmp, tiles->counts, red_field(tiles));
    int rc = n < 0 ? fifth_copy(tiles->counts, diag) : check_len(n, diag);

    if (rc == MJT_OK)
        rc = mjt__hand_rules(&tmp, rules, diag);
    if (rc == MJT_OK)
        *h = tmp;
    return rc;
}

/* mjt__id_fields (codes.h): kinds 0-33 a field of their part, the red
 * fives 34-36 rank 4 of their suit and a field of the honors' word, the
 * ids past them 0x55 at field 9 of the manzu's word, and a last row of
 * zeros.  k bad ids (1 to 14) put 85k there, below 2^12, so within fields
 * 9 to 11 (real tiles never carry out of field 8), and field 10 of 85k is
 * 5, 10 or 15: above 4, which the caps' check refuses. */
/* clang-format off */
#define FIELD(p, r)                                                            \
    {(p) == 0 ? UINT64_C(1) << 4 * (r) : 0,                                    \
     (p) == 1 ? UINT64_C(1) << 4 * (r) : 0,                                    \
     (p) == 2 ? UINT64_C(1) << 4 * (r) : 0,                                    \
     (p) == 3 ? UINT64_C(1) << 4 * (r) : 0}
#define KIND(k) FIELD((k) / 9, (k) % 9)
#define RED(s)                                                                 \
    {(s) == 0 ? UINT64_C(1) << 16 : 0, (s) == 1 ? UINT64_C(1) << 16 : 0,       \
     (s) == 2 ? UINT64_C(1) << 16 : 0, UINT64_C(1) << (32 + 4 * (s))}
#define BAD {UINT64_C(0x55) << 36, 0, 0, 0}
#define BAD4 BAD, BAD, BAD, BAD
#define BAD16 BAD4, BAD4, BAD4, BAD4
_Alignas(32) const uint64_t mjt__id_fields[257][4] = {
    KIND(0),  KIND(1),  KIND(2),  KIND(3),  KIND(4),  KIND(5),  KIND(6),
    KIND(7),  KIND(8),  KIND(9),  KIND(10), KIND(11), KIND(12), KIND(13),
    KIND(14), KIND(15), KIND(16), KIND(17), KIND(18), KIND(19), KIND(20),
    KIND(21), KIND(22), KIND(23), KIND(24), KIND(25), KIND(26), KIND(27),
    KIND(28), KIND(29), KIND(30), KIND(31), KIND(32), KIND(33), RED(0),
    RED(1),   RED(2),   BAD,      BAD,      BAD, /* 40: */
    BAD16,    BAD16,    BAD16,    BAD16,    BAD16,    BAD16,    BAD16,
    BAD16,    BAD16,    BAD16,    BAD16,    BAD16,    BAD16,    BAD4,
    BAD4, /* 256: no id, for a choice that adds nothing */
    {0, 0, 0, 0},
};
/* clang-format on */
#undef BAD16
#undef BAD4
#undef BAD
#undef FIELD
#undef KIND
#undef RED

/* The hand of the len ids at tiles (len at most 14) in *h, red fives
 * included, under rules.  Returns MJT_OK, or -1 for ids that make no such
 * hand (a bad id, a fifth copy, a count that is no hand's, what the rules
 * refuse), and then h is not written. */
static inline int ids_hand(mjt_hand *h, const uint8_t *tiles, size_t len,
                           const mjt_rules *rules)
{
    uint32_t code[4];
    unsigned red;
    int n = (int)len;

    if (mjt__codes_of_ids(tiles, len, code, &red) != 0 || n == 0 || n % 3 == 0)
        return -1;
    int64_t bits = mjt__rules_take(rules, code[0], red);
    if (bits < 0)
        return -1;
    put_hand(h, code, n, red, (uint32_t)bits);
    return MJT_OK;
}

/* The whole of mjt_hand_from_tiles, with the reason for a refusal in diag:
 * the ids counted as the slow path does, then the rules. */
static __attribute__((noinline)) int
from_tiles(mjt_hand *h, const uint8_t *tiles, size_t len,
           const mjt_rules *rules, mjt__diag *diag)
{
    mjt_tiles set;

    if (h == NULL || (tiles == NULL && len > 0)) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand or tiles");
        return MJT_EINVAL;
    }
    if (len > 14)
        return check_len(15, diag);
    memset(&set, 0, sizeof set);
    for (size_t i = 0; i < len; i++) {
        int id = tiles[i];
        if (id >= MJT_TILE_IDS) {
            mjt__diag_set(diag, MJT_ETILE, (long)i,
                          "tile id %d at index %zu (ids are 0 to 36)", id, i);
            return MJT_ETILE;
        }
        set.counts[MJT_KIND_OF(id)]++;
        if (id >= MJT_KINDS)
            set.red[id - MJT_KINDS]++;
    }
    return from_set(h, &set, rules, diag);
}

int mjt_hand_from_tiles(mjt_hand *h, const uint8_t *tiles, size_t len,
                        const mjt_rules *rules, mjt_diag *diag)
{
    /* the hot path: a hand the rules take */
    if (h != NULL && (tiles != NULL || len == 0) && len <= 14 &&
        ids_hand(h, tiles, len, rules) == MJT_OK)
        return MJT_OK;
    mjt__diag d = {.code = MJT_OK};
    return mjt__diag_out(diag, &d, from_tiles(h, tiles, len, rules, &d));
}

static int parse(mjt_hand *h, const char *text, size_t len,
                 const mjt_rules *rules, mjt__diag *diag)
{
    mjt_tiles set;

    if (h == NULL || (text == NULL && len > 0)) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand or text");
        return MJT_EINVAL;
    }
    const char *comma = len > 0 ? memchr(text, ',', len) : NULL;
    if (comma != NULL)
        return mjt__parse_calls(h, text, len, (size_t)(comma - text), rules,
                                diag);
    int rc = mjt__tiles_read(&set, text, len, diag);
    if (rc != MJT_OK)
        return rc;
    return from_set(h, &set, rules, diag);
}

int mjt_hand_parse(mjt_hand *h, const char *text, size_t len,
                   const mjt_rules *rules, mjt_diag *diag)
{
    mjt__diag d; /* filled by a failure alone: mjt__diag_out */
    d.code = MJT_OK;
    return mjt__diag_out(diag, &d, parse(h, text, len, rules, &d));
}

/* The first of 2m to 8m that counts hold (1 to 7), or 0: the kinds a
 * three-player game has not. */
static int middle_manzu(const uint8_t counts[MJT_KINDS])
{
    for (int i = 1; i <= 7; i++)
        if (counts[i] != 0)
            return i;
    return 0;
}

/*
 * What h holds, decoded from its codes alone, into *out; MJT_EHAND or
 * MJT_ESTALE as the queries would say (their checks in internal.h, made
 * here without the tables).
 */
int mjt_hand_tiles(const mjt_hand *h, mjt_tiles *out)
{
    mjt_tiles set;
    int n = 0;

    if (h == NULL || out == NULL)
        return MJT_EINVAL;
    memset(out, 0, sizeof *out);
    const uint32_t *o = h->opaque_;
    if (o[MJT__H_MAGIC] != MJT__HAND_MAGIC)
        return MJT_EHAND;
    if (!mjt__code_ok(o[0], 0) || !mjt__code_ok(o[1], 1) ||
        !mjt__code_ok(o[2], 2) || !mjt__code_ok(o[3], 3) ||
        o[MJT__H_META] >> MJT__META_BITS ||
        mjt__calls_check(h, o, NULL) != MJT_OK)
        return MJT_ESTALE;
    memset(&set, 0, sizeof set);
    for (int p = 0; p < 4; p++)
        n += decode(o[p], set.counts + 9 * p, p < 3 ? 9 : 7);
    int called_red[3];
    mjt__calls_red(h, called_red);
    for (int s = 0; s < 3; s++) {
        set.red[s] = (uint8_t)mjt__hand_red(h, s);
        if (set.red[s] > set.counts[9 * s + 4] ||
            set.red[s] + called_red[s] > mjt__hand_red_limit(h, s))
            return MJT_ESTALE;
    }
    if (n != (int)(o[MJT__H_META] & 0xFF) || n > 14)
        return MJT_ESTALE;
    if (mjt__hand_sanma(h) && middle_manzu(set.counts) != 0)
        return MJT_ESTALE;
    set.len = (uint8_t)n;
    *out = set;
    return MJT_OK;
}

/* The slow half of mjt__hand_view (internal.h): a hand that failed its
 * fast check, or holds red fives.  The codes (two to a word, the first in
 * the low half) and the count come by value, so that the view stays in
 * registers: a view whose address escapes goes through the stack, and its
 * part words came back as one load over two stores. */
int mjt__hand_refused(const mjt_hand *h, uint64_t c01, uint64_t c23, int len)
{
    const uint32_t *o = h->opaque_;
    const uint32_t code[4] = {(uint32_t)c01, (uint32_t)(c01 >> 32),
                              (uint32_t)c23, (uint32_t)(c23 >> 32)};

    if (o[MJT__H_MAGIC] != MJT__HAND_MAGIC)
        return MJT_EHAND;
    if ((o[MJT__H_META] & 0xFF) != (unsigned)len || len > 14 ||
        o[MJT__H_META] >> MJT__META_BITS)
        return MJT_ESTALE;
    int called_red[3] = {0, 0, 0};
    if (mjt__hand_ncalls(h)) {
        int rc = mjt__calls_check(h, code, NULL);
        if (rc != MJT_OK)
            return rc;
        mjt__calls_red(h, called_red);
    }
    for (int s = 0; s < 3; s++)
        if (mjt__hand_red(h, s) > digit(code[s], 4) ||
            mjt__hand_red(h, s) + called_red[s] > mjt__hand_red_limit(h, s))
            return MJT_ESTALE;
    return MJT_OK;
}

size_t mjt_hand_format(const mjt_hand *h, char *buf, size_t cap)
{
    mjt_tiles set;

    if (mjt_hand_tiles(h, &set) != MJT_OK) {
        if (buf != NULL && cap > 0)
            buf[0] = '\0';
        return 0;
    }
    size_t n = mjt_tiles_format(&set, buf, cap);
    return mjt__hand_ncalls(h) ? mjt__calls_format(h, buf, cap, n) : n;
}

/* ==== Rules ==== */

/* The bits of rules in the meta word (internal.h): 0 for the defaults of
 * four players; -1 for players or red fives mjt_rules_check refuses. */
static int64_t rules_bits(const mjt_rules *r)
{
    if (r == NULL)
        return 0;
    if ((r->players != 3 && r->players != 4) || r->red[0] > 4 ||
        r->red[1] > 4 || r->red[2] > 4 || (r->players == 3 && r->red[0] != 0))
        return -1;
    uint32_t bits = (uint32_t)(r->players == 3) << MJT__SANMA_SHIFT;
    for (int s = 0; s < 3; s++)
        bits |= (uint32_t)(r->red[s] ^ 1) << MJT__RLIM_SHIFT(s);
    return bits;
}

/* mjt__rules_take (internal.h): the rules' bits, the red fives of each
 * suit within their limit, and a three-player manzu of 1m and 9m alone
 * (its ranks 1-3 and 4-7 all 0). */
int64_t mjt__rules_take_any(const mjt_rules *rules, uint32_t manzu,
                            unsigned red)
{
    int64_t bits = rules_bits(rules);
    uint32_t hi = manzu >> MJT__HI_SHIFT;

    if (bits < 0)
        return -1;
    for (int s = 0; s < 3; s++)
        if ((red >> 3 * s & 7) > ((bits >> MJT__RLIM_SHIFT(s) & 7) ^ 1))
            return -1;
    if ((bits >> MJT__SANMA_SHIFT & 1) &&
        ((manzu & MJT__LO_MASK) >= 5 || hi % 625 != 0))
        return -1;
    return bits;
}

/* The defaults of three players: no red 5m. */
#define SANMA_BITS (1u << MJT__SANMA_SHIFT | 1u << MJT__RLIM_SHIFT(0))

/*
 * The fast path of a hand without calls or red fives put under the
 * defaults of three players: one whose manzu code is of 1m and 9m alone
 * (its ranks 1-3 and 4-7 all 0) takes the bits, as cheaply as a bot that
 * builds a hand from counts for every query needs.  A hand whose other
 * bytes were changed stays as refused as it was: the queries check it
 * whole.
 */
static int sanma_fast(mjt_hand *h)
{
    uint32_t m = h->opaque_[0], hi = m >> MJT__HI_SHIFT;
    uint64_t meta;

    /* read and written as the 8 bytes the queries read (see
     * change_start), so that a query right after it reads one store */
    memcpy(&meta, h->opaque_ + MJT__H_MAGIC, sizeof meta);
    if ((uint32_t)meta != MJT__HAND_MAGIC ||
        (meta >> 32 & ~(uint64_t)(0xFF | MJT__RULES_BITS)) != 0 ||
        (m & MJT__LO_MASK) >= 5 || hi % 625 != 0 || hi >= MJT__SUIT_HI)
        return 0;
    meta = (meta & ~((uint64_t)MJT__RULES_BITS << 32)) |
           ((uint64_t)SANMA_BITS << 32);
    memcpy(h->opaque_ + MJT__H_MAGIC, &meta, sizeof meta);
    return 1;
}

/* Whether the checked hand h, its tiles set, fits a game of the rules'
 * bits: MJT_OK, or MJT_EPLAYERS or MJT_ERED with diag set. */
static int fits(const mjt_hand *h, const mjt_tiles *set, uint32_t bits,
                mjt__diag *diag)
{
    static const char suits[] = "mps";
    int called_red[3];

    if (bits >> MJT__SANMA_SHIFT & 1) {
        int i = middle_manzu(set->counts);
        if (i != 0) {
            const char *name = mjt_tile_name(
                i == 4 && set->red[0] == set->counts[4] ? MJT_RED_5M : i);
            mjt__diag_set(diag, MJT_EPLAYERS, -1,
                          "tile %s has no place in three-player mahjong (it "
                          "has no 2m to 8m)",
                          name);
            return MJT_EPLAYERS;
        }
        int rc = mjt__sanma_calls(h, diag);
        if (rc != MJT_OK)
            return rc;
    }
    mjt__calls_red(h, called_red);
    for (int s = 0; s < 3; s++) {
        int have = set->red[s] + called_red[s];
        int most = (int)(bits >> MJT__RLIM_SHIFT(s) & 7) ^ 1;
        if (have > most) {
            char has[16] = "none";
            if (most > 0)
                snprintf(has, sizeof has, "only %d", most);
            mjt__diag_set(diag, MJT_ERED, -1, "%d red 5%c%s (the game has %s)",
                          have, suits[s],
                          called_red[s] ? " counting the calls" : "", has);
            return MJT_ERED;
        }
    }
    return MJT_OK;
}

/* The rules' bits that hold any hand: four players, four red fives a
 * suit (4 xor 1 in each field). */
#define ANY_BITS                                                               \
    (5u << MJT__RLIM_SHIFT(0) | 5u << MJT__RLIM_SHIFT(1) |                     \
     5u << MJT__RLIM_SHIFT(2))

/* Put h under the rules' bits, or say why not (h is then unchanged).  Its
 * bytes are checked under rules that hold any hand, then what it holds
 * against the new ones. */
static int put_rules(mjt_hand *h, int64_t bits, mjt__diag *diag)
{
    mjt_tiles set;
    mjt_hand any = *h;

    if (bits < 0) {
        mjt__diag_set(diag, MJT_EINVAL, -1,
                      "rules: players or red fives out of range (see "
                      "mjt_rules_check)");
        return MJT_EINVAL;
    }
    any.opaque_[MJT__H_META] =
        (any.opaque_[MJT__H_META] & ~MJT__RULES_BITS) | ANY_BITS;
    int rc = mjt_hand_tiles(&any, &set);
    if (rc == MJT_OK)
        rc = fits(&any, &set, (uint32_t)bits, diag);
    if (rc != MJT_OK)
        return rc;
    h->opaque_[MJT__H_META] =
        (h->opaque_[MJT__H_META] & ~MJT__RULES_BITS) | (uint32_t)bits;
    return MJT_OK;
}

/* Whether no call of h holds a red five: the red fields of the calls'
 * 16-bit words (put_hand zeroes the words, attach fills those of its
 * calls). */
static int no_called_red(const mjt_hand *h)
{
    uint64_t words;
    memcpy(&words, h->opaque_ + MJT__H_CALLS, sizeof words);
    return (words & UINT64_C(0x0700070007000700)) == 0;
}

int mjt__hand_rules(mjt_hand *h, const mjt_rules *rules, mjt__diag *diag)
{
    int64_t bits = rules_bits(rules);
    uint32_t meta = h->opaque_[MJT__H_META];

    /* A fresh hand (no rules yet) with no red five, concealed or called,
     * holds nothing that red fives limit: four players' bits go in as
     * they are, three players' after sanma_fast's check of the manzu
     * (which takes hands without calls: put_rules checks three players'
     * calls). */
    if (bits >= 0 &&
        (meta & (0x1FFu << MJT__RED_SHIFT(0) | MJT__RULES_BITS)) == 0 &&
        no_called_red(h)) {
        if (!(bits >> MJT__SANMA_SHIFT & 1)) {
            h->opaque_[MJT__H_META] = meta | (uint32_t)bits;
            return MJT_OK;
        }
        if (sanma_fast(h)) {
            h->opaque_[MJT__H_META] =
                (h->opaque_[MJT__H_META] & ~MJT__RULES_BITS) | (uint32_t)bits;
            return MJT_OK;
        }
    }
    return put_rules(h, bits, diag);
}

static int set_rules(mjt_hand *h, const mjt_rules *rules, mjt__diag *diag)
{
    if (h == NULL) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand");
        return MJT_EINVAL;
    }
    int64_t bits = rules_bits(rules);
    if (bits == SANMA_BITS && sanma_fast(h))
        return MJT_OK;
    /* the hand as it is, under its own rules first: bytes that are no
     * hand stay refused whatever rules it is given */
    mjt_tiles set;
    int rc = mjt_hand_tiles(h, &set);
    if (rc != MJT_OK)
        return rc;
    mjt_hand tmp = *h;
    rc = put_rules(&tmp, bits, diag);
    if (rc == MJT_OK)
        *h = tmp;
    return rc;
}

int mjt_hand_set_rules(mjt_hand *h, const mjt_rules *rules, mjt_diag *diag)
{
    mjt__diag d; /* filled by a failure alone: mjt__diag_out */
    d.code = MJT_OK;
    return mjt__diag_out(diag, &d, set_rules(h, rules, &d));
}

int mjt_hand_set_players(mjt_hand *h, int players, mjt_diag *diag)
{
    mjt_rules r;

    if (players != 3 && players != 4) {
        mjt__diag d = {.code = MJT_OK};
        mjt__diag_set(&d, MJT_EINVAL, -1,
                      "%d players: a game has 3 or 4 players", players);
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    mjt_rules_init(&r, players);
    return mjt_hand_set_rules(h, &r, diag);
}

int mjt_hand_players(const mjt_hand *h)
{
    mjt_tiles set;
    int rc = mjt_hand_tiles(h, &set);
    return rc != MJT_OK ? rc : 4 - mjt__hand_sanma(h);
}

/* ==== Draws and discards ==== */

/* What a tile id changes: its part, its rank, and the meta word (one
 * tile, and a red five for ids 34-36). */
typedef struct tile_ref {
    uint8_t part, rank;
    uint32_t meta;
} tile_ref;

#define REF_SUIT(p)                                                            \
    {p, 0, 1}, {p, 1, 1}, {p, 2, 1}, {p, 3, 1}, {p, 4, 1}, {p, 5, 1},          \
        {p, 6, 1}, {p, 7, 1},                                                  \
    {                                                                          \
        p, 8, 1                                                                \
    }
static const tile_ref refs[MJT_TILE_IDS] = {
    REF_SUIT(0),
    REF_SUIT(1),
    REF_SUIT(2),
    {3, 0, 1},
    {3, 1, 1},
    {3, 2, 1},
    {3, 3, 1},
    {3, 4, 1},
    {3, 5, 1},
    {3, 6, 1},
    {0, 4, 1 | 1u << MJT__RED_SHIFT(0)},
    {1, 4, 1 | 1u << MJT__RED_SHIFT(1)},
    {2, 4, 1 | 1u << MJT__RED_SHIFT(2)}};
#undef REF_SUIT

/*
 * The checks both changes share, and the hand's magic and meta words as
 * one: they are read and written as the 8 bytes the queries read, so that
 * a query right after a draw reads what one store wrote.
 */
static int change_start(const mjt_hand *h, int tile, uint64_t *meta)
{
    if (h == NULL)
        return MJT_EINVAL;
    if (tile < 0 || tile >= MJT_TILE_IDS)
        return MJT_ETILE;
    memcpy(meta, h->opaque_ + MJT__H_MAGIC, sizeof *meta);
    if ((uint32_t)*meta != MJT__HAND_MAGIC)
        return MJT_EHAND;
    if (!mjt__code_ok(h->opaque_[refs[tile].part], refs[tile].part))
        return MJT_ESTALE;
    return MJT_OK;
}

int mjt_hand_add(mjt_hand *h, int tile)
{
    uint64_t meta;
    int rc = change_start(h, tile, &meta);

    if (rc != MJT_OK)
        return rc;
    const tile_ref *t = &refs[tile];
    /* 2m to 8m (ranks 1 to 7 of part 0) are not in a three-player game */
    if ((meta >> (32 + MJT__SANMA_SHIFT) & 1) && t->part == 0 &&
        t->rank - 1u < 7u)
        return MJT_EPLAYERS;
    int have = digit(h->opaque_[t->part], t->rank), most = 14;
    if (meta >> (32 + MJT__CALLS_SHIFT) & 7) { /* the calls hold copies too */
        uint8_t called[MJT_KINDS];
        if (mjt__calls_check(h, h->opaque_, called) != MJT_OK)
            return MJT_ESTALE;
        have += called[9 * t->part + t->rank];
        most -= 3 * mjt__hand_ncalls(h);
    }
    if (have >= 4)
        return MJT_ECOPIES;
    if ((int)(meta >> 32 & 0xFF) >= most)
        return MJT_ECOUNT;
    if (tile >= MJT_KINDS) { /* a red five: as many as the rules have */
        int s = tile - MJT_KINDS, called_red[3] = {0, 0, 0};
        if (meta >> (32 + MJT__CALLS_SHIFT) & 7)
            mjt__calls_red(h, called_red);
        int red = (int)(meta >> (32 + MJT__RED_SHIFT(s)) & 7) + called_red[s];
        if (red >= ((int)(meta >> (32 + MJT__RLIM_SHIFT(s)) & 7) ^ 1))
            return MJT_ERED;
    }
    mjt__hand_write(h, meta + ((uint64_t)t->meta << 32), t->part,
                    mjt__code_step[t->rank]);
    return MJT_OK;
}

int mjt_hand_remove(mjt_hand *h, int tile)
{
    uint64_t meta;
    int rc = change_start(h, tile, &meta);

    if (rc != MJT_OK)
        return rc;
    const tile_ref *t = &refs[tile];
    int have = digit(h->opaque_[t->part], t->rank);
    if (t->rank == 4 && t->part < 3) {
        /* Red and plain fives are told apart here. */
        int red = (int)(meta >> (32 + MJT__RED_SHIFT(t->part))) & 7;
        have = tile >= MJT_KINDS ? red : have - red;
    }
    if (have <= 0 || (meta >> 32 & 0xFF) == 0)
        return MJT_EABSENT;
    mjt__hand_write(h, meta - ((uint64_t)t->meta << 32), t->part,
                    0u - mjt__code_step[t->rank]);
    return MJT_OK;
}
