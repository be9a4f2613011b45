/* SPDX-License-Identifier: MIT */
/*
 * Byte layouts of the table format; see format.h and tables/FORMAT.md.
 * Everything is little-endian but the LMDB keys, written byte by byte so the
 * host's order never matters.
 */
#include "format.h"

#include <string.h>

#include "suit.h"

static void le16_put(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

static unsigned le16_get(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

/* n bytes little-endian.  Written out for n = 8 (the keys, read and
 * written once per record at open), which compilers turn into one load or
 * store; byte by byte otherwise. */
static void le_put(unsigned char *p, uint64_t v, int n)
{
    if (n == 8) {
        p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
        p[2] = (unsigned char)(v >> 16), p[3] = (unsigned char)(v >> 24);
        p[4] = (unsigned char)(v >> 32), p[5] = (unsigned char)(v >> 40);
        p[6] = (unsigned char)(v >> 48), p[7] = (unsigned char)(v >> 56);
        return;
    }
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t le_get(const unsigned char *p, int n)
{
    uint64_t v = 0;

    if (n == 8)
        return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
               (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
               (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
               (uint64_t)p[7] << 56;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

void mjt__be64_put(unsigned char out[8], uint64_t v)
{
    for (int i = 0; i < 8; i++)
        out[i] = (unsigned char)(v >> (56 - 8 * i));
}

uint64_t mjt__be64_get(const unsigned char in[8])
{
    uint64_t v = 0;

    for (int i = 0; i < 8; i++)
        v = v << 8 | in[i];
    return v;
}

void mjt__row_encode(uint64_t key, const mjt__record *rec,
                     unsigned char row[MJT__ROW_SIZE])
{
    le_put(row, key, 8);
    for (int s = 0; s < MJT__SLOTS; s++) {
        unsigned char *p = row + 8 + 5 * s;
        p[0] = rec->slot[s].deficit;
        le16_put(p + 1, rec->slot[s].need);
        le16_put(p + 3, rec->slot[s].excess);
    }
}

void mjt__block_encode(const uint64_t *keys, const mjt__record *recs,
                       uint32_t n, unsigned char *buf)
{
    unsigned char *p = buf;

    le_put(p, n, 4);
    p += 4;
    for (uint32_t i = 0; i < n; i++, p += 8)
        le_put(p, keys[i], 8);
    for (int s = 0; s < MJT__SLOTS; s++)
        for (uint32_t i = 0; i < n; i++)
            *p++ = recs[i].slot[s].deficit;
    for (int s = 0; s < MJT__SLOTS; s++)
        for (uint32_t i = 0; i < n; i++, p += 2)
            le16_put(p, recs[i].slot[s].need);
    for (int s = 0; s < MJT__SLOTS; s++)
        for (uint32_t i = 0; i < n; i++, p += 2)
            le16_put(p, recs[i].slot[s].excess);
}

uint32_t mjt__block_decode(const unsigned char *buf, size_t size, uint32_t max,
                           uint64_t *keys, mjt__record *recs)
{
    if (size < 4)
        return 0;
    uint32_t n = (uint32_t)le_get(buf, 4);
    if (n == 0 || n > max || size != MJT__BLOCK_SIZE(n))
        return 0;
    const unsigned char *kp = buf + 4;
    const unsigned char *dp = kp + 8 * (size_t)n;
    const unsigned char *np = dp + MJT__SLOTS * (size_t)n;
    const unsigned char *ep = np + 2 * MJT__SLOTS * (size_t)n;
    for (uint64_t i = 0, last = 0; i < n; i++) {
        uint64_t k = le_get(kp + 8 * i, 8);
        if (i > 0 && k <= last)
            return 0;
        last = k;
        if (keys != NULL)
            keys[i] = k;
    }
    if (recs == NULL)
        return n;
    for (int s = 0; s < MJT__SLOTS; s++)
        for (uint32_t i = 0; i < n; i++) {
            size_t at = (size_t)s * n + i;
            recs[i].slot[s].deficit = dp[at];
            recs[i].slot[s].need = (uint16_t)le16_get(np + 2 * at);
            recs[i].slot[s].excess = (uint16_t)le16_get(ep + 2 * at);
        }
    return n;
}

size_t mjt__meta_entry(unsigned char *buf, size_t cap, const void *key,
                       size_t klen, const void *val, size_t vlen)
{
    if (klen + vlen + 2 > cap)
        return 0;
    memcpy(buf, key, klen);
    buf[klen] = 0;
    memcpy(buf + klen + 1, val, vlen);
    buf[klen + 1 + vlen] = 0;
    return klen + vlen + 2;
}

size_t mjt__forms_row_encode(uint64_t key, const mjt__forms *f,
                             unsigned char *row)
{
    int tiles = mjt__key_tiles(key);
    /* A width is used only for a kind the pattern has, so it is never -1
     * where it is used. */
    size_t wc = (size_t)mjt__forms_width(tiles, 0);
    size_t ws = (size_t)mjt__forms_width(tiles, 1);
    unsigned char *p = row;

    le_put(p, key, 8);
    p[8] = (unsigned char)f->ndecompositions;
    p[9] = (unsigned char)f->narrangements;
    p += 10;
    for (int i = 0; i < f->ndecompositions; i++, p += wc)
        memcpy(p, f->decompositions[i], wc);
    for (int i = 0; i < f->narrangements; i++, p += ws + 2) {
        memcpy(p, f->arrangements[i], ws);
        le16_put(p + ws, f->wins[i]);
    }
    return (size_t)(p - row);
}

/* Whether every block of a form is of a known kind and inside the ranks
 * (honors make no runs, so no side or gap waits either). */
static int blocks_ok(const uint8_t *b, size_t n, int ranks)
{
    static const int span[MJT__BLOCK_KINDS] = {3, 1, 1, 1, 1, 2, 3};

    for (size_t i = 0; i < n; i++) {
        int kind = mjt__block_kind(b[i]);
        if (kind >= MJT__BLOCK_KINDS ||
            mjt__block_rank(b[i]) + span[kind] > ranks)
            return 0;
        if (ranks != MJT__SUIT_RANKS && span[kind] > 1)
            return 0;
    }
    return 1;
}

size_t mjt__forms_row_decode(const unsigned char *p, size_t avail, int ranks,
                             uint64_t *key, mjt__forms *f)
{
    if (avail < 10)
        return 0;
    uint64_t k = le_get(p, 8);
    if (!mjt__key_valid(k, ranks) || mjt__key_tiles(k) > MJT__MAX_PATTERN_TILES)
        return 0;
    int tiles = mjt__key_tiles(k), nc = p[8], ns = p[9];
    int wci = mjt__forms_width(tiles, 0), wsi = mjt__forms_width(tiles, 1);
    if (nc > MJT__MAX_FORMS || ns > MJT__MAX_FORMS || (nc > 0 && wci < 0) ||
        (ns > 0 && wsi < 0) || (nc == 0 && ns == 0))
        return 0;
    size_t wc = nc > 0 ? (size_t)wci : 0, ws = ns > 0 ? (size_t)wsi : 0;
    size_t size = 10 + (size_t)nc * wc + (size_t)ns * (ws + 2);
    if (size > avail)
        return 0;
    /* Only the forms given are written, each whole (its bytes past the
     * width zero), so that forms compare as MJT__FORM_BLOCKS bytes. */
    f->ndecompositions = nc;
    f->narrangements = ns;
    p += 10;
    for (int i = 0; i < nc; i++, p += wc) {
        memset(f->decompositions[i], 0, MJT__FORM_BLOCKS);
        memcpy(f->decompositions[i], p, wc);
        if (!blocks_ok(p, wc, ranks))
            return 0;
    }
    for (int i = 0; i < ns; i++, p += ws + 2) {
        memset(f->arrangements[i], 0, MJT__FORM_BLOCKS);
        memcpy(f->arrangements[i], p, ws);
        f->wins[i] = (uint16_t)le16_get(p + ws);
        if (!blocks_ok(p, ws, ranks) || f->wins[i] == 0 ||
            f->wins[i] >> ranks != 0)
            return 0;
    }
    *key = k;
    return size;
}

int mjt__forms_width(int tiles, int is_arrangement)
{
    if (!is_arrangement)
        return tiles % 3 == 1 ? -1 : tiles / 3 + (tiles % 3 == 2);
    if (tiles % 3 == 0 || tiles >= MJT__MAX_PATTERN_TILES)
        return -1;
    /* 3m+1: m-1 melds, a pair and a wait, or m melds and a single;
     * 3m+2: m melds and a two-tile wait. */
    return tiles / 3 + 1;
}
