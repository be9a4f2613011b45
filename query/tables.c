/* SPDX-License-Identifier: MIT */
/*
 * mjt_tables_open: read a table file whole into the dense in-memory form,
 * checking as it goes that every pattern is present exactly once and that
 * the decoded content hashes to the digest the file records.
 *
 * The dense index.  A part's code is sum counts[r] * 5^r.  Split it into
 * lo (ranks 0-4) and hi (the rest).  Sort the 3125 lo values by tile count:
 * those a hi of h tiles can join (at most 14 - h tiles) are then a prefix of
 * that order, of known length.  So index = base[hi] + pos[lo], where pos is
 * a lo's place in the order and base[hi] counts the patterns of every
 * smaller hi.  Two reads of arrays that fit in L1 and L2, no search.
 */
#include "internal.h"
#include "tablefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "format.h"
#include "suit.h"
#include "tiles.h"

const uint32_t mjt__code_step[9] = {1, 5, 25, 125, 625, 1u << 12, 5u << 12,
                                    25u << 12, 125u << 12};

uint32_t mjt__code_of(const uint8_t *counts, int ranks)
{
    uint32_t code = 0;
    for (int r = 0; r < ranks; r++)
        code += counts[r] * mjt__code_step[r];
    return code;
}

static int digit_sum(uint32_t code)
{
    int s = 0;
    for (; code > 0; code /= 5)
        s += (int)(code % 5);
    return s;
}

void mjt__index_init(struct mjt_tables *t)
{
    uint32_t upto[MJT_MAX_PATTERN_TILES + 1] = {0}; /* lo codes of <= s */
    uint32_t next = 0;

    for (int s = 0; s <= 20; s++)
        for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
            if (digit_sum(lo) == s)
                t->pos[lo] = next++;
    for (uint32_t lo = 0; lo < MJT__LO_CODES; lo++)
        for (int s = digit_sum(lo); s <= MJT_MAX_PATTERN_TILES; s++)
            upto[s]++;
    for (int part = 0; part < 2; part++) {
        uint32_t *base = part == 0 ? t->base_suit : t->base_honor;
        uint32_t nhi = part == 0 ? MJT__SUIT_HI : MJT__HONOR_HI, at = 0;
        for (uint32_t hi = 0; hi < nhi; hi++) {
            int s = digit_sum(hi);
            base[hi] = at;
            if (s <= MJT_MAX_PATTERN_TILES)
                at += upto[MJT_MAX_PATTERN_TILES - s];
        }
    }
    for (int part = 0; part < 3; part++)
        t->base[part] = t->base_suit;
    t->base[3] = t->base_honor;
}

mjt__mrec mjt__mrec_pack(const mjt__record *rec)
{
    mjt__mrec m = {0, 0};

    for (int s = 0; s < MJT_SLOTS; s++) {
        m.w0 |= (uint64_t)(rec->slot[s].deficit & 0xF) << (4 * s);
        if (s == 0)
            continue;
        if (s <= 2)
            m.w0 |= (uint64_t)rec->slot[s].need << (31 + 9 * s);
        else
            m.w1 |= (uint64_t)rec->slot[s].need << (9 * (s - 3));
    }
    return m;
}

typedef struct loader {
    struct mjt_tables *t;
    int table;
    mjt__mrec *out;
    unsigned char *seen;
    size_t len, count;
    XXH3_state_t *xxh;
    unsigned char *rows; /* a block's decoded rows, hashed in one call */
    int bad;
} loader;

static int load_block(void *ctx, const uint64_t *keys,
                      const mjt__record *recs, uint32_t n)
{
    loader *l = ctx;
    int ranks = mjt__table_ranks[l->table];

    for (uint32_t i = 0; i < n; i++) {
        uint64_t key = keys[i];
        if (!mjt__key_valid(key, ranks) ||
            mjt__key_tiles(key) > MJT_MAX_PATTERN_TILES)
            return l->bad = MJT_ECORRUPT;
        uint32_t code = 0;
        for (int r = 0; r < ranks; r++)
            code += (uint32_t)mjt__key_count(key, r) * mjt__code_step[r];
        uint32_t idx = mjt__index_of(l->t, l->table == MJT__SUIT ? 0 : 3,
                                     code);
        if (idx >= l->len || l->seen[idx])
            return l->bad = MJT_ECORRUPT;
        l->seen[idx] = 1;
        l->out[idx] = mjt__mrec_pack(&recs[i]);
        mjt__row_encode(key, &recs[i], l->rows + (size_t)i * MJT_ROW_SIZE);
        l->count++;
    }
    XXH3_64bits_update(l->xxh, l->rows, (size_t)n * MJT_ROW_SIZE);
    return MJT_OK;
}

static int load_table(struct mjt_tables *t, mjt__tfile *f, int table,
                      const char *path, mjt_diag *diag)
{
    const char *name = mjt__table_names[table];
    size_t len = table == MJT__SUIT ? MJT_SUIT_PATTERNS : MJT_HONOR_PATTERNS;
    loader l = {t, table, NULL, NULL, len, 0, NULL, NULL, 0};
    char key[32], want[64], got[64];
    int rc;

    l.out = malloc(len * sizeof *l.out);
    l.seen = calloc(len, 1);
    l.xxh = XXH3_createState();
    l.rows = malloc((size_t)MJT_BLOCK_RECORDS * MJT_ROW_SIZE);
    if (l.out == NULL || l.seen == NULL || l.xxh == NULL || l.rows == NULL) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        rc = MJT_ENOMEM;
        goto out;
    }
    XXH3_64bits_reset(l.xxh);
    rc = mjt__tfile_each_block(f, table, load_block, &l, diag);
    if (rc == MJT_ECORRUPT && l.bad == 0)
        goto out; /* diag already says which block */
    if (rc != MJT_OK || l.count != len) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1, "%s: %s table holds %zu "
                      "valid patterns of the %zu expected", path, name,
                      l.count, len);
        rc = MJT_ECORRUPT;
        goto out;
    }
    snprintf(key, sizeof key, "%s.digest", name);
    snprintf(got, sizeof got, "xxh3:%016llx",
             (unsigned long long)XXH3_64bits_digest(l.xxh));
    if (mjt__tfile_meta(f, key, want, sizeof want) != MJT_OK ||
        strcmp(want, got) != 0) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1, "%s: %s table content hashes "
                      "to %s, the file records %s", path, name, got,
                      want[0] ? want : "none");
        rc = MJT_ECORRUPT;
        goto out;
    }
    t->digest[table] = XXH3_64bits_digest(l.xxh);
    if (table == MJT__SUIT)
        t->suit = l.out;
    else
        t->honor = l.out;
    l.out = NULL;
out:
    free(l.out);
    free(l.seen);
    free(l.rows);
    XXH3_freeState(l.xxh);
    return rc;
}

int mjt_tables_open(mjt_tables **out, const char *path, mjt_diag *diag)
{
    struct mjt_tables *t;
    mjt__tfile *f = NULL;
    int rc;

    if (out == NULL || path == NULL) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no output handle or path");
        return MJT_EINVAL;
    }
    *out = NULL;
    if ((t = calloc(1, sizeof *t)) == NULL) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        return MJT_ENOMEM;
    }
    mjt__index_init(t);
    if ((rc = mjt__tfile_open(&f, path, diag)) != MJT_OK)
        goto fail;
    for (int table = 0; table < MJT__NTABLES; table++)
        if ((rc = load_table(t, f, table, path, diag)) != MJT_OK)
            goto fail;
    mjt__tfile_meta(f, "solver", t->solver, sizeof t->solver);
    mjt__tfile_close(f);
    for (int part = 0; part < 3; part++)
        t->rec[part] = t->suit;
    t->rec[3] = t->honor;
    *out = t;
    return MJT_OK;
fail:
    mjt__tfile_close(f);
    mjt_tables_close(t);
    return rc;
}

void mjt_tables_close(mjt_tables *t)
{
    if (t == NULL)
        return;
    free(t->suit);
    free(t->honor);
    free(t);
}
