/* SPDX-License-Identifier: MIT */
/*
 * The text form of tiles.  Parsing is one pass: digits are remembered with
 * their offsets until a suit letter says which suit they belong to, so that a
 * fifth copy is reported at the offset of the digit that made it.
 */
#include "tiles.h"

#include <string.h>

const char mjt__suit_letters[5] = "mpsz";

static int suit_index(char c)
{
    const char *p = c != '\0' ? strchr(mjt__suit_letters, c) : NULL;
    return p != NULL ? (int)(p - mjt__suit_letters) : -1;
}

/* The length of the UTF-8 character at text[i] (below end), or 0 when the
 * bytes there are not one. */
static size_t utf8_at(const char *text, size_t i, size_t end)
{
    unsigned char c = (unsigned char)text[i];
    size_t n = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;

    if (c >= 0xF5 || n == 0 || i + n > end)
        return 0;
    for (size_t k = 1; k < n; k++)
        if (((unsigned char)text[i + k] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* The honor a character names (東 南 西 北 白 發 发 中), 1 to 7, or 0. */
static int honor_character(const char *s, size_t n)
{
    static const char *const names[] = {"東", "南", "西", "北",
                                        "白", "發", "发", "中"};
    static const int honor[] = {1, 2, 3, 4, 5, 6, 6, 7};

    for (int k = 0; k < 8; k++)
        if (strlen(names[k]) == n && !memcmp(names[k], s, n))
            return honor[k];
    return 0;
}

/* The message of a byte that starts no tile: the character it begins
 * when it is UTF-8, with the way to write an honor named by its
 * character. */
static void unknown_byte(const char *text, size_t i, size_t end,
                         mjt__diag *diag)
{
    size_t n = utf8_at(text, i, end);
    int z = n ? honor_character(text + i, n) : 0;

    if (z != 0)
        mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                      "unknown character '%.*s' at offset %zu (write it %dz)",
                      (int)n, text + i, i, z);
    else if (n != 0)
        mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                      "unknown character '%.*s' at offset %zu (tiles are "
                      "digits and m, p, s, z: 1z-7z for the honors)",
                      (int)n, text + i, i);
    else
        mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                      "unknown byte 0x%02x at offset %zu",
                      (unsigned char)text[i], i);
}

/* Close a run of digits (held at offsets start..end-1) with suit. */
static int close_run(const char *text, size_t start, size_t end, int suit,
                     uint8_t *counts, uint8_t *red, mjt__diag *diag)
{
    for (size_t i = start; i < end; i++) {
        int digit = text[i] - '0';
        int tile;

        if (suit == 3 && (digit == 0 || digit > 7)) {
            mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                          "no honor tile %dz at offset %zu (honors are "
                          "1z-7z)",
                          digit, i);
            return MJT__ESYNTAX;
        }
        tile = suit * 9 + (digit == 0 ? 4 : digit - 1);
        if (digit == 0)
            red[suit]++;
        if (++counts[tile] > MJT__MAX_COPIES) {
            char name[3];
            mjt__tile_name(tile, name);
            mjt__diag_set(diag, MJT__ECOPIES, (long)i,
                          "tile %s appears %d times (at most 4), fifth at "
                          "offset %zu",
                          name, counts[tile], i);
            return MJT__ECOPIES;
        }
    }
    return MJT__OK;
}

int mjt__tiles_parse(const char *text, size_t len, uint8_t counts[MJT__KINDS],
                     uint8_t red[3], mjt__diag *diag)
{
    return mjt__tiles_parse_range(text, 0, len, counts, red, diag);
}

int mjt__tiles_parse_range(const char *text, size_t from, size_t to,
                           uint8_t counts[MJT__KINDS], uint8_t red[3],
                           mjt__diag *diag)
{
    size_t run = 0; /* offset of the first digit awaiting a suit letter */
    int have_run = 0, total = 0;

    memset(counts, 0, MJT__KINDS);
    memset(red, 0, 3);
    for (size_t i = from; i < to; i++) {
        char c = text[i];
        int suit;

        if (c >= '0' && c <= '9') {
            if (!have_run)
                run = i;
            have_run = 1;
            continue;
        }
        if (c == ' ' && !have_run)
            continue; /* between groups: "123m 456p" */
        if (c == ' ') {
            mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                          "space at offset %zu inside a group (a suit "
                          "letter must close the digits first)",
                          i);
            return MJT__ESYNTAX;
        }
        suit = suit_index(c);
        if (suit < 0) {
            if (c == 'M' || c == 'P' || c == 'S' || c == 'Z')
                mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                              "unknown character '%c' at offset %zu (suit "
                              "letters are lower case: m, p, s, z)",
                              c, i);
            else if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
                mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                              "unknown character '%c' at offset %zu", c, i);
            else
                unknown_byte(text, i, to, diag);
            return MJT__ESYNTAX;
        }
        if (!have_run) {
            mjt__diag_set(diag, MJT__ESYNTAX, (long)i,
                          "suit letter '%c' at offset %zu follows no digits", c,
                          i);
            return MJT__ESYNTAX;
        }
        int rc = close_run(text, run, i, suit, counts, red, diag);
        if (rc < 0)
            return rc;
        total += (int)(i - run);
        have_run = 0;
    }
    if (have_run) {
        mjt__diag_set(diag, MJT__ESYNTAX, (long)run,
                      "digits at offset %zu have no suit letter (m, p, s "
                      "or z)",
                      run);
        return MJT__ESYNTAX;
    }
    return total;
}

size_t mjt__tile_name(int tile, char buf[3])
{
    buf[0] = (char)('1' + mjt__rank_of(tile));
    buf[1] = mjt__suit_letters[mjt__suit_of(tile)];
    buf[2] = '\0';
    return 2;
}

size_t mjt__tiles_format(const uint8_t counts[MJT__KINDS], const uint8_t red[3],
                         char *buf, size_t cap)
{
    size_t n = 0;

    for (int suit = 0; suit < 4; suit++) {
        int any = 0;
        for (int r = 0; r < 9 && suit * 9 + r < MJT__KINDS; r++) {
            int c = counts[suit * 9 + r];
            int reds = r == 4 && suit < 3 ? red[suit] : 0;
            for (int k = 0; k < c; k++, n++) {
                if (n + 1 < cap)
                    buf[n] = (char)(k < reds ? '0' : '1' + r);
                any = 1;
            }
        }
        if (any) {
            if (n + 1 < cap)
                buf[n] = mjt__suit_letters[suit];
            n++;
        }
    }
    if (cap > 0)
        buf[n < cap ? n : cap - 1] = '\0';
    return n;
}
