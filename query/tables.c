/* SPDX-License-Identifier: MIT */
/*
 * mjt_tables_open: read a table file whole into the dense in-memory form,
 * checking as it goes that every pattern is present exactly once and that
 * the decoded content hashes to the digest the file records.  Records land
 * at their dense index (core/index.h), where the queries find them.
 */
#include "internal.h"
#include "tablefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "suit.h"
#include "tiles.h"

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
    int bad;
} loader;

static int load_block(void *ctx, const uint64_t *keys, const mjt__record *recs,
                      uint32_t n)
{
    loader *l = ctx;
    int ranks = mjt__table_ranks[l->table];

    for (uint32_t i = 0; i < n; i++) {
        uint64_t key = keys[i];
        if (!mjt__key_valid(key, ranks) ||
            mjt__key_tiles(key) > MJT_MAX_PATTERN_TILES)
            return l->bad = MJT_ECORRUPT;
        uint32_t code = mjt__code_of_key(key, ranks);
        uint32_t idx = mjt__index_of(l->t, l->table == MJT__SUIT ? 0 : 3, code);
        if (idx >= l->len || l->seen[idx])
            return l->bad = MJT_ECORRUPT;
        l->seen[idx] = 1;
        l->out[idx] = mjt__mrec_pack(&recs[i]);
        l->count++;
    }
    return MJT_OK;
}

static int load_table(struct mjt_tables *t, mjt__tfile *f, int table,
                      const char *path, mjt_diag *diag)
{
    const char *name = mjt__table_names[table];
    size_t len = table == MJT__SUIT ? MJT_SUIT_PATTERNS : MJT_HONOR_PATTERNS;
    loader l = {t, table, NULL, NULL, len, 0, 0};
    uint64_t digest = 0;
    int rc;

    l.out = malloc(len * sizeof *l.out);
    l.seen = calloc(len, 1);
    if (l.out == NULL || l.seen == NULL) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        rc = MJT_ENOMEM;
        goto out;
    }
    rc = mjt__tfile_each_block(f, table, load_block, &l, &digest, diag);
    if (rc == MJT_ECORRUPT && l.bad == 0)
        goto out; /* diag already says which block */
    if (rc != MJT_OK || l.count != len) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "%s: %s table holds %zu "
                      "valid patterns of the %zu expected",
                      path, name, l.count, len);
        rc = MJT_ECORRUPT;
        goto out;
    }
    if ((rc = mjt__tfile_check_digest(f, table, digest, path, diag)) != MJT_OK)
        goto out;
    t->digest[table] = digest;
    if (table == MJT__SUIT)
        t->suit = l.out;
    else
        t->honor = l.out;
    l.out = NULL;
out:
    free(l.out);
    free(l.seen);
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
    mjt__index_init(&t->ix);
    for (int part = 0; part < 4; part++)
        t->base[part] = part < 3 ? t->ix.base_suit : t->ix.base_honor;
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
