/* SPDX-License-Identifier: MIT */
/*
 * Hands with their calls: built from text ("12m55p,3333m,111z,222z") or from
 * counts and a list of melds, checked, and read back.
 *
 * A hand keeps its calls beside its concealed codes (internal.h has the
 * layout).  The codes stay those of the concealed tiles alone, so every
 * query joins them as before; what the calls change is the caps of the
 * kinds they hold, which the queries read from the calls (called.c).
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#include "tiles.h"

/* The call's kind as its two bits, or -1. */
static int kind_bits(int kind)
{
    return kind == MJT_RUN           ? 0
           : kind == MJT_TRIPLET     ? 1
           : kind == MJT_QUAD        ? 2
           : kind == MJT_CLOSED_QUAD ? 3
                                     : -1;
}

static const uint8_t kind_of_bits[4] = {MJT_RUN, MJT_TRIPLET, MJT_QUAD,
                                        MJT_CLOSED_QUAD};

static int is_quad(int kind)
{
    return kind == MJT_QUAD || kind == MJT_CLOSED_QUAD;
}

/* Where a call came from in text, by mjt_from: ":left" and the rest. */
static const char *const from_words[4] = {"", "right", "across", "left"};

/* Fives a valid call holds. */
static int fives_in(int kind, int tile)
{
    int r = tile % 9;
    if (tile >= 27)
        return 0;
    if (kind == MJT_RUN)
        return r >= 2 && r <= 4;
    return r == 4 ? (is_quad(kind) ? 4 : 3) : 0;
}

/* Add the copies of a valid call to called[34]. */
static void add_copies(int kind, int tile, uint8_t called[MJT_KINDS])
{
    if (kind == MJT_RUN) {
        called[tile]++, called[tile + 1]++, called[tile + 2]++;
        return;
    }
    called[tile] = (uint8_t)(called[tile] + (is_quad(kind) ? 4 : 3));
}

/* What is wrong with a call (kind, tile, red, from), or NULL. */
static const char *call_problem(int kind, int tile, int red, int from)
{
    if (kind_bits(kind) < 0)
        return "its kind is not a run, a triplet or a quad";
    if (tile < 0 || tile >= MJT_KINDS)
        return "its tile is not a kind (0 to 33)";
    if (kind == MJT_RUN && tile >= 27)
        return "honors make no runs";
    if (kind == MJT_RUN && tile % 9 > 6)
        return "a run starts at 1 to 7 of its suit";
    if (red > fives_in(kind, tile))
        return "more red fives than it has fives";
    if (from < MJT_FROM_UNKNOWN || from > MJT_FROM_LEFT)
        return "it came from no seat (right, across or left)";
    if (kind == MJT_RUN && from != MJT_FROM_UNKNOWN && from != MJT_FROM_LEFT)
        return "a run is called from the left only";
    if (kind == MJT_CLOSED_QUAD && from != MJT_FROM_UNKNOWN)
        return "a closed quad comes from no other seat";
    return NULL;
}

/*
 * The same verdict fast, for the hot paths (call_problem names the
 * problem once one is found): by the call's kind as its two bits, the red
 * fives each kind may hold at each tile (-1: no such call), and the seats
 * each kind may come from (bit `from`).
 */
#define RUN_MOST(t)                                                            \
    ((t) < 27 && (t) % 9 <= 6 ? (t) % 9 >= 2 && (t) % 9 <= 4 : -1)
#define SET_MOST(t, n) ((t) < 27 && (t) % 9 == 4 ? (n) : 0)
#define ROW(m, ...)                                                            \
    {                                                                          \
        m(0, __VA_ARGS__), m(1, __VA_ARGS__), m(2, __VA_ARGS__),               \
            m(3, __VA_ARGS__), m(4, __VA_ARGS__), m(5, __VA_ARGS__),           \
            m(6, __VA_ARGS__), m(7, __VA_ARGS__), m(8, __VA_ARGS__),           \
            m(9, __VA_ARGS__), m(10, __VA_ARGS__), m(11, __VA_ARGS__),         \
            m(12, __VA_ARGS__), m(13, __VA_ARGS__), m(14, __VA_ARGS__),        \
            m(15, __VA_ARGS__), m(16, __VA_ARGS__), m(17, __VA_ARGS__),        \
            m(18, __VA_ARGS__), m(19, __VA_ARGS__), m(20, __VA_ARGS__),        \
            m(21, __VA_ARGS__), m(22, __VA_ARGS__), m(23, __VA_ARGS__),        \
            m(24, __VA_ARGS__), m(25, __VA_ARGS__), m(26, __VA_ARGS__),        \
            m(27, __VA_ARGS__), m(28, __VA_ARGS__), m(29, __VA_ARGS__),        \
            m(30, __VA_ARGS__), m(31, __VA_ARGS__), m(32, __VA_ARGS__),        \
            m(33, __VA_ARGS__)                                                 \
    }
#define RUN_AT(t, unused) RUN_MOST(t)
static const int8_t red_most[4][MJT_KINDS] = {
    ROW(RUN_AT, 0), ROW(SET_MOST, 3), ROW(SET_MOST, 4), ROW(SET_MOST, 4)};
#undef RUN_AT
#undef ROW
#undef SET_MOST
#undef RUN_MOST
static const uint8_t from_ok[4] = {1u << MJT_FROM_UNKNOWN | 1u << MJT_FROM_LEFT,
                                   0xF, 0xF, 1u << MJT_FROM_UNKNOWN};

/* Whether a call of kind bits kb (0-3), tile, red and from (below 4) is
 * valid: call_problem's verdict. */
static int call_ok(unsigned kb, unsigned tile, unsigned red, unsigned from)
{
    return tile < MJT_KINDS && (int)red <= red_most[kb][tile] &&
           (from_ok[kb] >> from & 1);
}

int mjt__call_ok(unsigned kb, unsigned tile, unsigned red, unsigned from)
{
    return call_ok(kb, tile, red, from);
}

int mjt__call_struct_ok(const mjt_call *c)
{
    int kb = kind_bits(c->kind);
    return kb >= 0 && c->from <= MJT_FROM_LEFT &&
           call_ok((unsigned)kb, c->tile, c->red, c->from);
}

const char *mjt__call_problem(int kind, int tile, int red, int from)
{
    return call_problem(kind, tile, red, from);
}

/* A valid call as text ("406m", "3333m:closed", "555p:left") into
 * buf[16]. */
static void call_text(int kind, int tile, int red, int from, char buf[16])
{
    uint8_t counts[MJT_KINDS] = {0}, reds[3] = {0};

    add_copies(kind, tile, counts);
    if (tile < 27)
        reds[tile / 9] = (uint8_t)red;
    size_t n = mjt__tiles_format(counts, reds, buf, 16);
    const char *word = kind == MJT_CLOSED_QUAD ? "closed" : from_words[from];
    if (*word != '\0')
        snprintf(buf + n, 16 - n, ":%s", word);
}

/* The kinds a valid call holds, as bits. */
static uint64_t kinds_of(int kind, int tile)
{
    return (kind == MJT_RUN ? UINT64_C(7) : UINT64_C(1)) << tile;
}

void mjt__calls_red(const mjt_hand *h, int red[3])
{
    red[0] = red[1] = red[2] = 0;
    for (int i = 0, n = mjt__hand_ncalls(h); i < n; i++) {
        unsigned c = mjt__hand_call(h, i);
        int tile = MJT__CALL_TILE(c);
        if (tile < 27)
            red[tile / 9] += MJT__CALL_RED(c);
    }
}

uint64_t mjt__hand_called(const mjt_hand *h, uint8_t called[MJT_KINDS])
{
    uint64_t kinds = 0;
    memset(called, 0, MJT_KINDS);
    for (int i = 0, n = mjt__hand_ncalls(h); i < n; i++) {
        unsigned c = mjt__hand_call(h, i);
        int kind = kind_of_bits[MJT__CALL_KIND(c)], tile = MJT__CALL_TILE(c);
        add_copies(kind, tile, called);
        kinds |= kinds_of(kind, tile);
    }
    return kinds;
}

/*
 * Whether the calls of a hand whose concealed codes are code[] are as the
 * calls here made them: at most 4, each a valid meld, and no kind above 4
 * copies counting the concealed ones.  MJT_OK or MJT_ESTALE; out, if not
 * NULL, gets the copies of each kind in the calls (mjt__hand_called's).
 */
int mjt__sanma_call_problem(int kind, int tile, int from)
{
    return kind == MJT_RUN || (tile >= 1 && tile <= 7) ||
           from == MJT_FROM_ACROSS;
}

int mjt__sanma_calls(const mjt_hand *h, mjt__diag *diag)
{
    for (int i = 0, n = mjt__hand_ncalls(h); i < n; i++) {
        unsigned c = mjt__hand_call(h, i);
        int kind = kind_of_bits[MJT__CALL_KIND(c)], tile = MJT__CALL_TILE(c);
        int from = MJT__CALL_FROM(c);
        if (mjt__sanma_call_problem(kind, tile, from)) {
            char text[16];
            call_text(kind, tile, MJT__CALL_RED(c), from, text);
            mjt__diag_set(diag, MJT_EPLAYERS, -1,
                          "call %s has no place in three-player mahjong (%s)",
                          text,
                          kind == MJT_RUN           ? "there is no chi"
                          : from == MJT_FROM_ACROSS ? "there is no seat across"
                                                    : "it has no 2m to 8m");
            return MJT_EPLAYERS;
        }
    }
    return MJT_OK;
}

int mjt__calls_check(const mjt_hand *h, const uint32_t code[4], uint8_t *out)
{
    uint8_t own[MJT_KINDS], *called = out != NULL ? out : own;
    uint64_t kinds = 0;

    memset(called, 0, MJT_KINDS);
    int n = mjt__hand_ncalls(h);

    if (n > MJT_MAX_CALLS)
        return MJT_ESTALE;
    for (int i = 0; i < n; i++) {
        unsigned c = mjt__hand_call(h, i);
        if (c >> MJT__CALL_BITS != 0)
            return MJT_ESTALE;
        int kind = kind_of_bits[MJT__CALL_KIND(c)], tile = MJT__CALL_TILE(c);
        int from = MJT__CALL_FROM(c);
        if (!call_ok((unsigned)MJT__CALL_KIND(c), (unsigned)tile,
                     (unsigned)MJT__CALL_RED(c), (unsigned)from) ||
            (mjt__hand_sanma(h) && mjt__sanma_call_problem(kind, tile, from)))
            return MJT_ESTALE;
        add_copies(kind, tile, called);
        kinds |= kinds_of(kind, tile);
    }
    for (; kinds != 0; kinds &= kinds - 1) {
        int i = __builtin_ctzll(kinds);
        if (called[i] + mjt__code_digit(code[i / 9], i % 9) > 4)
            return MJT_ESTALE;
    }
    return MJT_OK;
}

/*
 * Give h, whose concealed part of n tiles mjt__hand_build made (or
 * refused), the calls.  where[i] is call i's offset in a text (or -1),
 * for the messages.
 */
static int attach(mjt_hand *h, int n, const uint8_t counts[MJT_KINDS],
                  const mjt_call *calls, size_t ncalls, const long *where,
                  mjt__diag *diag)
{
    uint8_t called[MJT_KINDS] = {0};
    uint64_t kinds = 0;

    if (ncalls > MJT_MAX_CALLS) {
        mjt__diag_set(diag, MJT_ECALL, -1, "%zu calls (at most 4)", ncalls);
        return MJT_ECALL;
    }
    for (size_t i = 0; i < ncalls; i++) {
        const mjt_call *c = &calls[i];
        const char *why = mjt__call_struct_ok(c)
                              ? NULL
                              : call_problem(c->kind, c->tile, c->red, c->from);
        if (why != NULL) {
            mjt__diag_set(diag, MJT_ECALL, where ? where[i] : -1,
                          "call %zu: %s", i + 1, why);
            return MJT_ECALL;
        }
        add_copies(c->kind, c->tile, called);
        kinds |= kinds_of(c->kind, c->tile);
    }
    if (n < 0)
        return mjt__hand_fifth_copy(counts, diag);
    if (ncalls == 0)
        return mjt__hand_len_error(n, diag);
    for (; kinds != 0; kinds &= kinds - 1) {
        int i = __builtin_ctzll(kinds);
        if (counts[i] + called[i] > 4) {
            char name[3];
            mjt__tile_name(i, name);
            mjt__diag_set(diag, MJT_ECOPIES, -1,
                          "tile %s appears %d times counting the calls (at "
                          "most 4)",
                          name, counts[i] + called[i]);
            return MJT_ECOPIES;
        }
    }
    if (n == 0 || (n + 3 * (int)ncalls != 13 && n + 3 * (int)ncalls != 14)) {
        mjt__diag_set(diag, MJT_ECOUNT, -1,
                      "%d concealed tile%s and %zu call%s make %d tiles (3 a "
                      "call): a hand with calls makes 13 or 14",
                      n, n == 1 ? "" : "s", ncalls, ncalls == 1 ? "" : "s",
                      n + 3 * (int)ncalls);
        return MJT_ECOUNT;
    }
    uint32_t words[2] = {0, 0};
    assert(ncalls <= MJT_MAX_CALLS);
    for (size_t i = 0; i < ncalls; i++) {
        const mjt_call *c = &calls[i];
        unsigned bits = (unsigned)c->tile | (unsigned)kind_bits(c->kind) << 6 |
                        (unsigned)c->red << 8 | (unsigned)c->from << 11;
        words[i / 2] |= bits << (16 * (i % 2));
    }
    memcpy(h->opaque_ + MJT__H_CALLS, words, sizeof words);
    h->opaque_[MJT__H_META] |= (uint32_t)ncalls << MJT__CALLS_SHIFT;
    return MJT_OK;
}

static int from_calls(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                      const mjt_call *calls, size_t ncalls,
                      const mjt_rules *rules, mjt__diag *diag)
{
    mjt_hand tmp;

    if (h == NULL || counts == NULL || (calls == NULL && ncalls > 0)) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no hand, counts or calls");
        return MJT_EINVAL;
    }
    int n = mjt__hand_build(&tmp, counts, 0, ncalls > 0);
    int rc = attach(&tmp, n, counts, calls, ncalls, NULL, diag);
    if (rc == MJT_OK)
        rc = mjt__hand_rules(&tmp, rules, diag);
    if (rc == MJT_OK)
        *h = tmp;
    return rc;
}

int mjt_hand_from_calls(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                        const mjt_call *calls, size_t ncalls,
                        const mjt_rules *rules, mjt_diag *diag)
{
    /* the hot path makes no message: a refused hand is asked again for
     * one (from_calls writes h only for a hand it takes) */
    if (from_calls(h, counts, calls, ncalls, rules, NULL) == MJT_OK)
        return MJT_OK;
    mjt__diag d = {.code = MJT_OK};
    return mjt__diag_out(diag, &d,
                         from_calls(h, counts, calls, ncalls, rules, &d));
}

/* Where a call came from, the word after its ':' (len bytes at w), into
 * *from, or a closed quad's "closed" (*closed 1); -1 for another word. */
static int from_word(const char *w, size_t len, int *from, int *closed)
{
    *closed = len == 6 && memcmp(w, "closed", 6) == 0;
    *from = MJT_FROM_UNKNOWN;
    for (int k = MJT_FROM_RIGHT; k <= MJT_FROM_LEFT; k++)
        if (len == strlen(from_words[k]) && memcmp(w, from_words[k], len) == 0)
            *from = k;
    return *closed || *from != MJT_FROM_UNKNOWN ? 0 : -1;
}

/* The call that text[from..to) spells, into *c; diag names it. */
static int read_call(const char *text, size_t from, size_t to, mjt_call *c,
                     mjt__diag *diag)
{
    uint8_t counts[MJT_KINDS], red[3];
    size_t a = from, b = to, end = to;
    int seat = MJT_FROM_UNKNOWN, closed = 0;

    while (a < b && text[a] == ' ')
        a++;
    while (b > a && text[b - 1] == ' ')
        b--;
    if (a == b) {
        mjt__diag_set(diag, MJT_ESYNTAX, (long)from - 1,
                      "',' at offset %zu has no call after it (a call is a "
                      "meld such as 111z)",
                      from - 1);
        return MJT_ESYNTAX;
    }
    const char *colon = memchr(text + a, ':', b - a);
    if (colon != NULL) {
        size_t at = (size_t)(colon - text), w = at + 1;
        while (w < b && text[w] == ' ')
            w++;
        if (from_word(text + w, b - w, &seat, &closed) < 0) {
            mjt__diag_set(diag, MJT_ESYNTAX, (long)w,
                          "'%.*s' at offset %zu: after ':' comes left, "
                          "across, right or closed",
                          (int)(b - w > 12 ? 12 : b - w), text + w, w);
            return MJT_ESYNTAX;
        }
        end = b;
        for (b = at; b > a && text[b - 1] == ' ';)
            b--;
    }
    int n = mjt__tiles_parse_range(text, a, b, counts, red, diag);
    if (n < 0)
        return n;
    int len = (int)(b - a), first = -1, kinds = 0, suits = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        if (counts[i]) {
            if (first < 0)
                first = i;
            kinds++;
            suits |= 1 << (i / 9);
        }
    const char *why = NULL;
    if (n != 3 && n != 4)
        why = "a call is 3 tiles, or 4 for a kan";
    else if (suits & (suits - 1))
        why = "its tiles are of more than one suit";
    else if (kinds == 1)
        c->kind = n == 4 ? (closed ? MJT_CLOSED_QUAD : MJT_QUAD) : MJT_TRIPLET;
    else if (n == 3 && kinds == 3 && first >= 27)
        why = "honors make no runs";
    else if (n == 3 && kinds == 3 && counts[first + 1] && counts[first + 2])
        c->kind = MJT_RUN;
    else
        why = "not a run, a triplet or a quad";
    if (why == NULL && closed && c->kind != MJT_CLOSED_QUAD)
        why = "only a quad is closed";
    else if (why == NULL && c->kind == MJT_RUN && seat != MJT_FROM_UNKNOWN &&
             seat != MJT_FROM_LEFT)
        why = "a run is called from the left only";
    if (why != NULL) {
        len = (int)(end - a);
        mjt__diag_set(diag, MJT_ECALL, (long)a, "call %.*s at offset %zu: %s",
                      len > 20 ? 20 : len, text + a, a, why);
        return MJT_ECALL;
    }
    c->tile = (uint8_t)first;
    c->red = first < 27 ? red[first / 9] : 0;
    c->from = (uint8_t)seat;
    return MJT_OK;
}

int mjt__parse_calls(mjt_hand *h, const char *text, size_t len, size_t comma,
                     const mjt_rules *rules, mjt__diag *diag)
{
    uint8_t counts[MJT_KINDS], red[3];
    mjt_call calls[MJT_MAX_CALLS];
    long where[MJT_MAX_CALLS];
    size_t ncalls = 0;
    mjt_hand tmp;

    int n = mjt__tiles_parse_range(text, 0, comma, counts, red, diag);
    if (n < 0)
        return n;
    size_t commas = 0, fifth = 0;
    for (size_t i = comma; i < len; i++)
        if (text[i] == ',' && ++commas == MJT_MAX_CALLS + 1)
            fifth = i + 1;
    if (commas > MJT_MAX_CALLS) {
        mjt__diag_set(diag, MJT_ECALL, (long)fifth,
                      "%zu calls (at most 4), the fifth at offset %zu", commas,
                      fifth);
        return MJT_ECALL;
    }
    for (size_t at = comma; at < len;) {
        size_t from = at + 1, to = from;
        while (to < len && text[to] != ',')
            to++;
        int rc = read_call(text, from, to, &calls[ncalls], diag);
        if (rc != MJT_OK)
            return rc;
        where[ncalls++] = (long)from;
        at = to;
    }
    n = mjt__hand_build(
        &tmp, counts,
        (unsigned)red[0] | (unsigned)red[1] << 3 | (unsigned)red[2] << 6, 1);
    int rc = attach(&tmp, n, counts, calls, ncalls, where, diag);
    if (rc == MJT_OK)
        rc = mjt__hand_rules(&tmp, rules, diag);
    if (rc == MJT_OK)
        *h = tmp;
    return rc;
}

int mjt_hand_held(const mjt_hand *h, uint8_t all[MJT_KINDS])
{
    mjt_tiles held;
    uint8_t called[MJT_KINDS];

    if (all == NULL)
        return MJT_EINVAL;
    memset(all, 0, MJT_KINDS);
    int rc = mjt_hand_tiles(h, &held);
    if (rc != MJT_OK)
        return rc;
    mjt__hand_called(h, called);
    for (int i = 0; i < MJT_KINDS; i++)
        all[i] = (uint8_t)(held.counts[i] + called[i]);
    return MJT_OK;
}

int mjt_hand_calls(const mjt_hand *h, mjt_call *out, size_t cap, size_t *len)
{
    mjt_tiles held;

    if (h == NULL || len == NULL || (out == NULL && cap > 0))
        return MJT_EINVAL;
    int rc = mjt_hand_tiles(h, &held);
    if (rc != MJT_OK)
        return rc;
    size_t n = (size_t)mjt__hand_ncalls(h);
    *len = n;
    if (n > cap)
        return MJT_ESPACE;
    for (size_t i = 0; i < n; i++) {
        unsigned c = mjt__hand_call(h, (int)i);
        out[i].kind = kind_of_bits[MJT__CALL_KIND(c)];
        out[i].tile = (uint8_t)MJT__CALL_TILE(c);
        out[i].red = (uint8_t)MJT__CALL_RED(c);
        out[i].from = (uint8_t)MJT__CALL_FROM(c);
    }
    return MJT_OK;
}

size_t mjt__calls_format(const mjt_hand *h, char *buf, size_t cap, size_t n)
{
    for (int i = 0, k = mjt__hand_ncalls(h); i < k; i++) {
        unsigned c = mjt__hand_call(h, i);
        char text[16];
        call_text(kind_of_bits[MJT__CALL_KIND(c)], MJT__CALL_TILE(c),
                  MJT__CALL_RED(c), MJT__CALL_FROM(c), text);
        for (const char *p = ",", *q = text; *p || *q;) {
            char ch = *p ? *p++ : *q++;
            if (n + 1 < cap)
                buf[n] = ch;
            n++;
        }
    }
    if (cap > 0)
        buf[n < cap ? n : cap - 1] = '\0';
    return n;
}
