/* SPDX-License-Identifier: MIT */
/* core/: tiles and the text form, the suit word, the enumeration. */
/* criterion.h first: parameterized.h needs it */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "asserts.h"
#include "diag.h"
#include "enum.h"
#include "record.h"
#include "suit.h"
#include "tiles.h"

/* ==== Text form ==== */

/* What core's parser fills (the library's tset, without mjt.h). */
typedef struct tset {
    uint8_t counts[MJT__KINDS];
    uint8_t red[3];
    int len;
} tset;

static int parse(const char *s, tset *t, mjt__diag *d)
{
    t->len = mjt__tiles_parse(s, strlen(s), t->counts, t->red, d);
    return t->len;
}

static size_t format(const tset *t, char *out, size_t cap)
{
    return mjt__tiles_format(t->counts, t->red, out, cap);
}

Test(tiles, parses_and_formats_back)
{
    tset t;
    char out[64];

    cr_assert(eq(int, parse("123m406p789s11z", &t, NULL), 11));
    cr_assert(eq(int, t.counts[0], 1));
    cr_assert(eq(int, t.counts[9 + 4], 1)); /* the red five is a 5p */
    cr_assert(eq(int, t.red[1], 1));        /* and a red one */
    cr_assert(eq(int, t.red[0] + t.red[2], 0));
    cr_assert(eq(int, t.counts[9 + 3], 1));
    cr_assert(eq(int, t.counts[27], 2));
    cr_assert(eq(int, t.len, 11));
    format(&t, out, sizeof out);
    cr_assert(eq(str, out, "123m406p789s11z"));
    t.red[1] = 0;
    format(&t, out, sizeof out);
    cr_assert(eq(str, out, "123m456p789s11z"));
}

Test(tiles, red_fives_come_before_the_plain_ones)
{
    tset t;
    char out[64];

    cr_assert(eq(int, parse("5505m 0p 555s0s", &t, NULL), 9));
    cr_assert(eq(int, t.red[0], 1));
    cr_assert(eq(int, t.red[1], 1));
    cr_assert(eq(int, t.red[2], 1));
    cr_assert(eq(int, t.counts[4], 4));
    format(&t, out, sizeof out);
    cr_assert(eq(str, out, "0555m0p0555s"));
}

Test(tiles, spaces_between_groups)
{
    tset t;
    cr_assert(eq(int, parse(" 123m  456p 789s 1z ", &t, NULL), 10));
    cr_assert(eq(int, t.counts[27], 1));
}

Test(tiles, format_round_trips_every_single_tile)
{
    for (int i = 0; i < MJT__KINDS; i++) {
        tset t = {{0}, {0}, 0}, back;
        char text[8], name[3];
        t.counts[i] = 4;
        format(&t, text, sizeof text);
        mjt__tile_name(i, name);
        cr_assert(eq(int, text[0], name[0]));
        cr_assert(eq(int, parse(text, &back, NULL), 4));
        cr_assert(eq(int, memcmp(t.counts, back.counts, MJT__KINDS), 0));
    }
}

Test(tiles, format_reports_needed_length_when_truncated)
{
    tset t = {{0}, {0}, 0};
    char out[4];
    t.counts[0] = 3;
    t.counts[27] = 2;
    cr_assert(eq(sz, format(&t, out, sizeof out), 7));
    cr_assert(eq(str, out, "111"));
}

/* Arrays, not pointers: Criterion copies parameters into each test's own
 * process, where the addresses of string literals may differ. */
struct parse_error {
    char text[16];
    int code;
    long offset;
    char message[96];
};

static struct parse_error errors[] = {
    {"123x", MJT__ESYNTAX, 3, "unknown character 'x' at offset 3"},
    {"m123", MJT__ESYNTAX, 0, "suit letter 'm' at offset 0 follows no digits"},
    {"123m45", MJT__ESYNTAX, 4,
     "digits at offset 4 have no suit letter (m, p, s or z)"},
    {"18z", MJT__ESYNTAX, 1, "no honor tile 8z at offset 1 (honors are 1z-7z)"},
    {"0z", MJT__ESYNTAX, 0, "no honor tile 0z at offset 0 (honors are 1z-7z)"},
    {"55550p", MJT__ECOPIES, 4,
     "tile 5p appears 5 times (at most 4), fifth at offset 4"},
    {"12 3m", MJT__ESYNTAX, 2,
     "space at offset 2 inside a group (a suit letter must close the digits "
     "first)"},
    {"12\t3m", MJT__ESYNTAX, 2, "unknown byte 0x09 at offset 2"},
    {"1m\x01", MJT__ESYNTAX, 2, "unknown byte 0x01 at offset 2"},
};

ParameterizedTestParameters(tiles, reports_each_parse_error)
{
    return cr_make_param_array(struct parse_error, errors,
                               sizeof errors / sizeof *errors);
}

ParameterizedTest(struct parse_error *e, tiles, reports_each_parse_error)
{
    tset t;
    mjt__diag d;
    cr_assert(eq(int, parse(e->text, &t, &d), e->code));
    cr_assert(eq(int, d.code, e->code));
    cr_assert(eq(long, d.offset, e->offset));
    cr_assert(eq(str, d.message, e->message));
}

Test(tiles, empty_text_is_zero_tiles)
{
    tset t;
    cr_assert(eq(int, parse("", &t, NULL), 0));
}

/* ==== The suit word ==== */

Test(suit, field_constants_match_the_layout)
{
    uint64_t low = 0;
    for (int r = 0; r < 9; r++)
        low |= 1ull << (5 * r);
    cr_assert(eq(u64, MJT__FIELD_LOW, low));
    cr_assert(eq(u64, MJT__FIELD_COUNT & MJT__FIELD_GUARD, 0));
}

Test(suit, key_of_1111_is_0xf_and_round_trips)
{
    uint8_t c[9] = {4}, back[9];
    cr_assert(eq(u64, mjt__key_from_counts(c, 9), 0xF));
    c[8] = 2;
    uint64_t k = mjt__key_from_counts(c, 9);
    cr_assert(eq(u64, k, 0xFull | 3ull << 40));
    cr_assert(eq(int, mjt__key_to_counts(k, 9, back), 6));
    cr_assert(eq(int, memcmp(c, back, 9), 0));
    cr_assert(mjt__key_valid(k, 9));
    cr_assert(not(mjt__key_valid(k, 7)));
    cr_assert(not(mjt__key_valid(0x5, 9)));  /* not unary */
    cr_assert(not(mjt__key_valid(0x1F, 9))); /* guard bit */
}

/* ==== Enumeration ==== */

static void count_patterns(int ranks, uint64_t per[15], uint64_t *total)
{
    mjt__enum e;
    memset(per, 0, 15 * sizeof *per);
    mjt__enum_init(&e, ranks, MJT__MAX_PATTERN_TILES);
    *total = 0;
    do {
        per[e.tiles]++;
        (*total)++;
    } while (mjt__enum_next(&e));
}

Test(enumeration, counts_every_suit_pattern)
{
    static const uint64_t want[15] = {1,     9,     45,    165,   495,
                                      1278,  2922,  6030,  11385, 19855,
                                      32211, 48879, 69675, 93600, 118800};
    uint64_t per[15], total;
    count_patterns(9, per, &total);
    for (int n = 0; n < 15; n++)
        cr_assert(eq(u64, per[n], want[n]), "tiles %d", n);
    cr_assert(eq(u64, total, MJT__SUIT_PATTERNS));
}

Test(enumeration, counts_every_honor_pattern)
{
    uint64_t per[15], total;
    count_patterns(7, per, &total);
    cr_assert(eq(u64, per[14], 8135));
    cr_assert(eq(u64, total, MJT__HONOR_PATTERNS));
}

/* Compare sorted rank strings: successor order is lexicographic. */
Test(enumeration, successor_order_strictly_increases)
{
    mjt__enum e;
    uint8_t prev[14];
    int prev_tiles = -1;

    mjt__enum_init(&e, 9, MJT__MAX_PATTERN_TILES);
    do {
        if (e.tiles == prev_tiles)
            cr_assert(gt(int, memcmp(e.t, prev, (size_t)e.tiles), 0));
        else
            cr_assert(eq(int, e.tiles, prev_tiles + 1));
        /* no rank above 4 copies, sorted */
        for (int i = 1; i < e.tiles; i++)
            cr_assert(le(int, e.t[i - 1], e.t[i]));
        for (int i = 4; i < e.tiles; i++)
            cr_assert(ne(int, e.t[i - 4], e.t[i]));
        memcpy(prev, e.t, (size_t)e.tiles);
        prev_tiles = e.tiles;
    } while (mjt__enum_next(&e));
}

Test(enumeration, known_successors_follow_each_other)
{
    /* Successor order as countTiles walks it: 1111222233334 -> ...5,
     * ...9 -> ...44, 1111222889999 -> 1111223333444. Ranks here are
     * 0-based. */
    static const char *pairs[][2] = {
        {"0000111122223", "0000111122224"},
        {"0000111122228", "0000111122233"},
        {"0000111122888", "0000111123333"},
        {"0000111778888", "0000112222333"},
    };
    for (size_t k = 0; k < sizeof pairs / sizeof *pairs; k++) {
        mjt__enum e;
        mjt__enum_init(&e, 9, 14);
        e.tiles = 13;
        for (int i = 0; i < 13; i++)
            e.t[i] = (uint8_t)(pairs[k][0][i] - '0');
        cr_assert(mjt__enum_next(&e));
        for (int i = 0; i < 13; i++)
            cr_assert(eq(int, e.t[i], pairs[k][1][i] - '0'), "pair %zu", k);
    }
}

Test(enumeration, stride_visits_every_pattern_once)
{
    static unsigned char seen[MJT__SUIT_PATTERNS];
    for (unsigned n = 1; n <= 8; n++) {
        memset(seen, 0, sizeof seen);
        uint64_t visits = 0;
        for (unsigned k = 0; k < n; k++) {
            mjt__stride s;
            if (!mjt__stride_init(&s, 9, k, n))
                continue;
            do {
                cr_assert(eq(u64, s.e.index % n, k));
                cr_assert(eq(int, seen[s.e.index], 0));
                seen[s.e.index] = 1;
                visits++;
            } while (mjt__stride_next(&s));
        }
        cr_assert(eq(u64, visits, MJT__SUIT_PATTERNS), "n = %u", n);
    }
}
