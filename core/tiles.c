/* SPDX-License-Identifier: MIT */
/*
 * The text form of tiles.  Parsing is one pass: digits are remembered with
 * their offsets until a suit letter says which suit they belong to, so that a
 * fifth copy is reported at the offset of the digit that made it.
 */
#include "tiles.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char mjt__suit_letters[5] = "mpsz";

void mjt__diag_set(mjt_diag *diag, int code, long offset, const char *fmt, ...)
{
    va_list ap;

    if (diag == NULL)
        return;
    diag->code = code;
    diag->sys_errno = 0;
    diag->offset = offset;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
}

static int suit_index(char c)
{
    const char *p = c != '\0' ? strchr(mjt__suit_letters, c) : NULL;
    return p != NULL ? (int)(p - mjt__suit_letters) : -1;
}

/* Close a run of digits (held at offsets start..end-1) with suit. */
static int close_run(const char *text, size_t start, size_t end, int suit,
                     mjt_tiles *out, mjt_diag *diag)
{
    uint8_t *counts = out->counts;

    for (size_t i = start; i < end; i++) {
        int digit = text[i] - '0';
        int tile;

        if (suit == 3 && (digit == 0 || digit > 7)) {
            mjt__diag_set(diag, MJT_ESYNTAX, (long)i,
                          "no honor tile %dz at offset %zu (honors are "
                          "1z-7z)",
                          digit, i);
            return MJT_ESYNTAX;
        }
        tile = suit * 9 + (digit == 0 ? 4 : digit - 1);
        if (digit == 0)
            out->red[suit]++;
        if (++counts[tile] > MJT_MAX_COPIES) {
            char name[3];
            mjt__tile_name(tile, name);
            mjt__diag_set(diag, MJT_ECOPIES, (long)i,
                          "tile %s appears %d times (at most 4), fifth at "
                          "offset %zu",
                          name, counts[tile], i);
            return MJT_ECOPIES;
        }
    }
    return MJT_OK;
}

int mjt__tiles_parse(const char *text, size_t len, mjt_tiles *out,
                     mjt_diag *diag)
{
    size_t run = 0; /* offset of the first digit awaiting a suit letter */
    int have_run = 0, total = 0;

    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < len; i++) {
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
            mjt__diag_set(diag, MJT_ESYNTAX, (long)i,
                          "space at offset %zu inside a group (a suit "
                          "letter must close the digits first)",
                          i);
            return MJT_ESYNTAX;
        }
        suit = suit_index(c);
        if (suit < 0) {
            if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
                mjt__diag_set(diag, MJT_ESYNTAX, (long)i,
                              "unknown character '%c' at offset %zu", c, i);
            else
                mjt__diag_set(diag, MJT_ESYNTAX, (long)i,
                              "unknown byte 0x%02x at offset %zu",
                              (unsigned char)c, i);
            return MJT_ESYNTAX;
        }
        if (!have_run) {
            mjt__diag_set(diag, MJT_ESYNTAX, (long)i,
                          "suit letter '%c' at offset %zu follows no digits", c,
                          i);
            return MJT_ESYNTAX;
        }
        int rc = close_run(text, run, i, suit, out, diag);
        if (rc < 0)
            return rc;
        total += (int)(i - run);
        have_run = 0;
    }
    if (have_run) {
        mjt__diag_set(diag, MJT_ESYNTAX, (long)run,
                      "digits at offset %zu have no suit letter (m, p, s "
                      "or z)",
                      run);
        return MJT_ESYNTAX;
    }
    out->len = (uint8_t)total;
    return total;
}

size_t mjt__tile_name(int tile, char buf[3])
{
    buf[0] = (char)('1' + mjt__rank_of(tile));
    buf[1] = mjt__suit_letters[mjt__suit_of(tile)];
    buf[2] = '\0';
    return 2;
}

size_t mjt__tiles_format(const mjt_tiles *tiles, char *buf, size_t cap)
{
    size_t n = 0;

    for (int suit = 0; suit < 4; suit++) {
        int any = 0;
        for (int r = 0; r < 9 && suit * 9 + r < MJT_KINDS; r++) {
            int c = tiles->counts[suit * 9 + r];
            int red = r == 4 && suit < 3 ? tiles->red[suit] : 0;
            for (int k = 0; k < c; k++, n++) {
                if (n + 1 < cap)
                    buf[n] = (char)(k < red ? '0' : '1' + r);
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
