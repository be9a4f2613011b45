/* SPDX-License-Identifier: MIT */
/*
 * Byte layouts of the table format; see format.h and tables/FORMAT.md.
 * Everything is little-endian but the LMDB keys, written byte by byte so the
 * host's order never matters.
 */
#include "format.h"

#include <string.h>

static void le16_put(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

static unsigned le16_get(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

static void le_put(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t le_get(const unsigned char *p, int n)
{
    uint64_t v = 0;

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
                     unsigned char row[MJT_ROW_SIZE])
{
    le_put(row, key, 8);
    for (int s = 0; s < MJT_SLOTS; s++) {
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
    for (int s = 0; s < MJT_SLOTS; s++)
        for (uint32_t i = 0; i < n; i++)
            *p++ = recs[i].slot[s].deficit;
    for (int s = 0; s < MJT_SLOTS; s++)
        for (uint32_t i = 0; i < n; i++, p += 2)
            le16_put(p, recs[i].slot[s].need);
    for (int s = 0; s < MJT_SLOTS; s++)
        for (uint32_t i = 0; i < n; i++, p += 2)
            le16_put(p, recs[i].slot[s].excess);
}

uint32_t mjt__block_decode(const unsigned char *buf, size_t size, uint32_t max,
                           uint64_t *keys, mjt__record *recs)
{
    if (size < 4)
        return 0;
    uint32_t n = (uint32_t)le_get(buf, 4);
    if (n == 0 || n > max || size != MJT_BLOCK_SIZE(n))
        return 0;
    const unsigned char *kp = buf + 4;
    const unsigned char *dp = kp + 8 * (size_t)n;
    const unsigned char *np = dp + MJT_SLOTS * (size_t)n;
    const unsigned char *ep = np + 2 * MJT_SLOTS * (size_t)n;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t k = le_get(kp + 8 * (size_t)i, 8);
        if (i > 0 && k <= le_get(kp + 8 * (size_t)(i - 1), 8))
            return 0;
        if (keys != NULL)
            keys[i] = k;
    }
    if (recs == NULL)
        return n;
    for (int s = 0; s < MJT_SLOTS; s++)
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
