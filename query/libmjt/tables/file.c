/* SPDX-License-Identifier: MIT */
/*
 * A table file's raw content, public (mjt_file_*): the records and forms
 * of a pattern, a part's check against its digest, and the comparison of
 * two files, part by part, that mjq diff prints.
 *
 * Records are compared by a merge of the two files' key orders, one
 * decoded block of each in memory at a time.  Forms are rows of varied
 * length in spans of many patterns: each file's rows of a part are read
 * whole (a few megabytes) and merged.  When both files record the same
 * digest for a part it is identical at once, unless MJT_DIFF_FULL asks
 * for the rows (and so checks each file against its own digest).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "format.h"
#include "forms.h"
#include "internal.h"
#include "suit.h"
#include "tablefile.h"

struct mjt_file {
    mjt__tfile *f;
    char *path;
};

static const char *const part_names[] = {
    "suit", "honor", "suit" MJT__FORMS_SUFFIX, "honor" MJT__FORMS_SUFFIX};

/* ==== The file ==== */

int mjt_file_open(mjt_file **out, const char *path, mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    mjt_file *f;
    int rc;

    if (out == NULL || path == NULL) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "no file given");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    *out = NULL;
    if ((f = mjt__calloc(1, sizeof *f)) == NULL ||
        (f->path = mjt__strdup(path)) == NULL) {
        free(f);
        mjt__diag_set(&d, MJT_ENOMEM, -1, "%s: out of memory", path);
        return mjt__diag_out(diag, &d, MJT_ENOMEM);
    }
    if ((rc = mjt__tfile_open_any(&f->f, path, &d)) != MJT_OK) {
        free(f->path);
        free(f);
        return mjt__diag_out(diag, &d, rc);
    }
    *out = f;
    return MJT_OK;
}

void mjt_file_close(mjt_file *f)
{
    if (f == NULL)
        return;
    mjt__tfile_close(f->f);
    free(f->path);
    free(f);
}

int mjt_file_format(const mjt_file *f)
{
    return mjt__tfile_format(f->f);
}

int mjt_file_parts(const mjt_file *f)
{
    return mjt__tfile_format(f->f) >= 3 ? 4 : 2;
}

long long mjt_file_size(const mjt_file *f)
{
    return mjt__tfile_size(f->f);
}

const char *mjt_file_part_name(int part)
{
    return part >= 0 && part < 4 ? part_names[part] : NULL;
}

int mjt_file_meta(mjt_file *f, const char *key, char *buf, size_t cap)
{
    if (f == NULL || key == NULL || buf == NULL)
        return MJT_EINVAL;
    return mjt__tfile_meta(f->f, key, buf, cap);
}

int mjt_file_meta_each(mjt_file *f,
                       void (*fn)(void *user, const char *key, size_t klen,
                                  const char *value, size_t vlen),
                       void *user)
{
    if (f == NULL || fn == NULL)
        return MJT_EINVAL;
    return mjt__tfile_meta_each(f->f, fn, user);
}

static int ranks_of(int part)
{
    return mjt__table_ranks[part % MJT__NTABLES];
}

static void slot_out(const mjt__slotinfo *in, mjt_slot *out)
{
    out->deficit = in->deficit;
    out->need = in->need;
    out->excess = in->excess;
}

/* ==== One pattern ==== */

int mjt_file_record(mjt_file *f, const mjt_tiles *pattern, mjt_record *out,
                    mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK}, why;
    mjt__record rec;
    int suit = -1, rc;

    if (f == NULL || pattern == NULL || out == NULL)
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    for (int i = 0; i < MJT_KINDS; i++)
        if (pattern->counts[i] > 0) {
            if (suit >= 0 && suit != i / 9) {
                mjt__diag_set(&d, MJT_EINVAL, -1,
                              "tiles of more than one suit (a pattern is "
                              "one suit)");
                return mjt__diag_out(diag, &d, MJT_EINVAL);
            }
            suit = i / 9;
        }
    if (pattern->len == 0 || pattern->len > MJT__MAX_PATTERN_TILES) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "%d tiles (a pattern has 1 to %d)",
                      pattern->len, MJT__MAX_PATTERN_TILES);
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    memset(out, 0, sizeof *out);
    out->part = suit == 3 ? MJT_PART_HONOR : MJT_PART_SUIT;
    out->tiles = pattern->len;
    memcpy(out->counts, pattern->counts + 9 * suit,
           (size_t)ranks_of(out->part));
    out->key = mjt__key_from_counts(out->counts, ranks_of(out->part));
    why.message[0] = '\0';
    rc = mjt__tfile_find(f->f, out->part, out->key, &rec, &why);
    if (rc == MJT_ENOENT)
        mjt__diag_set(&d, MJT_ENOENT, -1, "%s: pattern missing from the table",
                      f->path);
    else if (rc != MJT_OK)
        mjt__diag_set(&d, rc, -1, "%s: %s", f->path,
                      why.message[0] ? why.message : mjt_strerror(rc));
    if (rc != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    for (int s = 0; s < MJT_SLOTS; s++)
        slot_out(&rec.slot[s], &out->slot[s]);
    return MJT_OK;
}

/* ==== Rows ==== */

/* A part the file holds, or MJT_EINVAL in d. */
static int check_part(const mjt_file *f, int part, mjt__diag *d)
{
    if (part >= 0 && part < mjt_file_parts(f))
        return MJT_OK;
    mjt__diag_set(d, MJT_EINVAL, -1,
                  "%s: no part %d (a file of format %d "
                  "has %d)",
                  f->path, part, mjt_file_format(f), mjt_file_parts(f));
    return MJT_EINVAL;
}

/* Step walk w on: 1 (a record), 0 (the end), or a failure with d naming
 * the file and the table. */
static int step(mjt__walk *w, const char *path, uint64_t *key,
                const mjt__record **rec, mjt__diag *d)
{
    mjt__diag why;
    int rc = mjt__walk_next(w, key, rec, &why);

    if (rc < 0)
        mjt__diag_set(d, rc, -1, "%s: %s table: %s", path,
                      mjt__table_names[w->table], why.message);
    return rc;
}

/* One file's forms of one table, as rows (core/format.h) in key order. */
typedef struct fset {
    uint64_t *keys;
    size_t *at; /* row i is rows[at[i] .. at[i + 1]) */
    unsigned char *rows;
    size_t n, cap, size, room;
} fset;

static void fset_free(fset *s)
{
    free(s->keys);
    free(s->at);
    free(s->rows);
}

static int collect(void *ctx, uint64_t key, const mjt__forms *f)
{
    fset *s = ctx;

    if (s->n + 2 > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        uint64_t *k = mjt__realloc(s->keys, cap * sizeof *k);
        if (k != NULL)
            s->keys = k;
        size_t *a = mjt__realloc(s->at, cap * sizeof *a);
        if (a != NULL)
            s->at = a;
        if (k == NULL || a == NULL)
            return MJT_ENOMEM;
        s->cap = cap;
    }
    if (s->size + MJT__FORMS_ROW_MAX > s->room) {
        size_t room = s->room ? 2 * s->room : 1 << 20;
        unsigned char *r = mjt__realloc(s->rows, room);
        if (r == NULL)
            return MJT_ENOMEM;
        s->rows = r;
        s->room = room;
    }
    s->keys[s->n] = key;
    s->at[s->n++] = s->size;
    s->size += mjt__forms_row_encode(key, f, s->rows + s->size);
    s->at[s->n] = s->size;
    return MJT_OK;
}

static int count_forms(void *ctx, uint64_t key, const mjt__forms *f)
{
    (void)key, (void)f;
    ++*(uint64_t *)ctx;
    return MJT_OK;
}

/*
 * Walk the forms of table in f through fn, then check them against the
 * file's digest: MJT_OK; MJT_ECORRUPT with *damaged set when only the
 * digest differs; another failure (d names the file) otherwise.
 */
static int walk_forms(mjt_file *f, int table, mjt__forms_fn fn, void *ctx,
                      int *damaged, mjt__diag *d)
{
    mjt__diag why;
    uint64_t digest;
    int rc = mjt__tfile_each_forms(f->f, table, fn, ctx, &digest, &why);

    if (rc == MJT_ENOMEM)
        snprintf(why.message, sizeof why.message, "out of memory");
    if (rc != MJT_OK) {
        mjt__diag_set(d, rc, -1, "%s: %s forms: %s", f->path,
                      mjt__table_names[table], why.message);
        return rc;
    }
    rc = mjt__tfile_check_forms_digest(f->f, table, digest, f->path, d);
    *damaged = rc != MJT_OK;
    return rc;
}

int mjt_file_verify(mjt_file *f, int part, uint64_t *rows, mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    int table = part % MJT__NTABLES, damaged = 0, rc;
    uint64_t n = 0, key;

    if (f == NULL)
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    if ((rc = check_part(f, part, &d)) != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    if (part >= MJT__NTABLES) {
        rc = walk_forms(f, table, count_forms, &n, &damaged, &d);
    } else {
        mjt__walk w;
        const mjt__record *rec;
        if ((rc = mjt__walk_open(&w, f->f, table)) != MJT_OK)
            return mjt__diag_out(diag, &d, rc);
        while ((rc = step(&w, f->path, &key, &rec, &d)) > 0)
            n++;
        if (rc == 0)
            rc = mjt__tfile_check_digest(f->f, table, mjt__walk_digest(&w),
                                         f->path, &d);
        mjt__walk_close(&w);
    }
    if (rc == MJT_OK && rows != NULL)
        *rows = n;
    return mjt__diag_out(diag, &d, rc);
}

/* ==== Two files ==== */

typedef struct differ {
    mjt_file *f[2];
    int part, table;
    int (*fn)(void *user, const mjt_change *c);
    void *user;
    mjt_diff_tally *t;
    mjt__diag *d;
} differ;

/* A change of key, its pattern filled in. */
static void change_init(const differ *x, int kind, uint64_t key, mjt_change *c)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->part = x->part;
    c->key = key;
    c->ranks = ranks_of(x->part);
    c->tiles = mjt__key_to_counts(key, c->ranks, c->counts);
    c->slot = -1;
}

static int report(const differ *x, const mjt_change *c)
{
    if (x->fn != NULL && x->fn(x->user, c) != 0) {
        mjt__diag_set(x->d, MJT_ECANCELED, -1, "stopped by the caller");
        return MJT_ECANCELED;
    }
    return MJT_OK;
}

/* A file whose rows do not hash to its digest: a change, and the walk
 * goes on.  d holds the message. */
static int report_damage(const differ *x, int side, mjt__diag *why)
{
    mjt_change c;

    memset(&c, 0, sizeof c);
    c.kind = MJT_DAMAGED;
    c.part = x->part;
    c.slot = -1;
    c.side = side;
    c.message = why->message;
    return report(x, &c);
}

/* Report each slot where a and b differ; *differs says whether any does. */
static int compare(differ *x, uint64_t key, const mjt__record *a,
                   const mjt__record *b, int *differs)
{
    *differs = 0;
    for (int s = 0; s < MJT_SLOTS; s++) {
        const mjt__slotinfo *p = &a->slot[s], *q = &b->slot[s];
        mjt_change c;
        int rc;
        if (p->deficit == q->deficit && p->need == q->need &&
            p->excess == q->excess)
            continue;
        *differs = 1;
        change_init(x, MJT_CHANGED, key, &c);
        c.slot = s;
        slot_out(p, &c.was);
        slot_out(q, &c.now);
        if ((rc = report(x, &c)) != MJT_OK)
            return rc;
    }
    return MJT_OK;
}

static int diff_records(differ *x)
{
    mjt__walk w[2];
    uint64_t key[2];
    const mjt__record *rec[2];
    int have[2] = {0, 0}, rc;

    if ((rc = mjt__walk_open(&w[0], x->f[0]->f, x->table)) != MJT_OK)
        return rc;
    if ((rc = mjt__walk_open(&w[1], x->f[1]->f, x->table)) != MJT_OK) {
        mjt__walk_close(&w[0]);
        return rc;
    }
    for (int s = 0; s < 2; s++)
        if ((rc = have[s] =
                 step(&w[s], x->f[s]->path, &key[s], &rec[s], x->d)) < 0)
            goto out;
    while (have[0] || have[1]) {
        if (have[0] && have[1] && key[0] == key[1]) {
            int differs;
            x->t->compared++;
            if ((rc = compare(x, key[0], rec[0], rec[1], &differs)) != MJT_OK)
                goto out;
            x->t->changed += (uint64_t)differs;
            for (int s = 0; s < 2; s++)
                if ((rc = have[s] = step(&w[s], x->f[s]->path, &key[s], &rec[s],
                                         x->d)) < 0)
                    goto out;
            continue;
        }
        int side = !have[1] || (have[0] && key[0] < key[1]) ? 0 : 1;
        mjt_change c;
        x->t->only[side]++;
        change_init(x, side ? MJT_ONLY_NEW : MJT_ONLY_OLD, key[side], &c);
        if ((rc = report(x, &c)) != MJT_OK)
            goto out;
        if ((rc = have[side] = step(&w[side], x->f[side]->path, &key[side],
                                    &rec[side], x->d)) < 0)
            goto out;
    }
    rc = MJT_OK;
    for (int s = 0; s < 2 && rc == MJT_OK; s++) {
        mjt__diag why;
        if (mjt__tfile_check_digest(x->f[s]->f, x->table,
                                    mjt__walk_digest(&w[s]), x->f[s]->path,
                                    &why) != MJT_OK)
            rc = report_damage(x, s, &why);
    }
out:
    mjt__walk_close(&w[0]);
    mjt__walk_close(&w[1]);
    return rc;
}

/* The forms of row i of s (none when i is past the end) as public forms,
 * decompositions then arrangements, into out; returns their number. */
static int row_forms(const fset *s, size_t i, int table, mjt__forms *f)
{
    uint64_t key;
    memset(f, 0, sizeof *f);
    if (i < s->n)
        mjt__forms_row_decode(s->rows + s->at[i], s->at[i + 1] - s->at[i],
                              mjt__table_ranks[table], &key, f);
    return f->ndecompositions + f->narrangements;
}

/* Whether form i of a (an arrangement or not) is among b's. */
static int has_form(const mjt__forms *a, int i, const mjt__forms *b,
                    int arrangement)
{
    int n = arrangement ? b->narrangements : b->ndecompositions;
    for (int j = 0; j < n; j++)
        if (arrangement ? !memcmp(a->arrangements[i], b->arrangements[j],
                                  MJT__FORM_BLOCKS) &&
                              a->wins[i] == b->wins[j]
                        : !memcmp(a->decompositions[i], b->decompositions[j],
                                  MJT__FORM_BLOCKS))
            return 1;
    return 0;
}

/* The forms a has and b lacks into out; returns their number. */
static int forms_only(const mjt__forms *a, const mjt__forms *b, int tiles,
                      mjt_pattern_form out[2 * MJT__MAX_FORMS])
{
    int n = 0;
    for (int arr = 0; arr < 2; arr++) {
        int width = mjt__forms_width(tiles, arr);
        for (int i = 0; i < (arr ? a->narrangements : a->ndecompositions);
             i++) {
            const uint8_t *blk =
                arr ? a->arrangements[i] : a->decompositions[i];
            if (has_form(a, i, b, arr))
                continue;
            memset(&out[n], 0, sizeof out[n]);
            out[n].len = (uint8_t)width;
            out[n].arrangement = (uint8_t)arr;
            out[n].wins = arr ? a->wins[i] : 0;
            for (int k = 0; k < width; k++)
                out[n].blocks[k] =
                    (mjt_block){(uint8_t)mjt__block_kind(blk[k]),
                                (uint8_t)mjt__block_rank(blk[k])};
            n++;
        }
    }
    return n;
}

/* Report the forms of key that one side has and the other lacks (an
 * index past a set's end: that side has no forms of key). */
static int forms_change(differ *x, int kind, uint64_t key, const fset s[2],
                        size_t i, size_t j)
{
    mjt__forms a, b;
    mjt_pattern_form removed[2 * MJT__MAX_FORMS], added[2 * MJT__MAX_FORMS];
    mjt_change c;

    row_forms(&s[0], i, x->table, &a);
    row_forms(&s[1], j, x->table, &b);
    change_init(x, kind, key, &c);
    c.nremoved = forms_only(&a, &b, c.tiles, removed);
    c.nadded = forms_only(&b, &a, c.tiles, added);
    c.removed = removed;
    c.added = added;
    return report(x, &c);
}

static int read_forms(differ *x, int side, fset *s)
{
    mjt__diag why;
    int damaged = 0;
    int rc = walk_forms(x->f[side], x->table, collect, s, &damaged, &why);

    if (rc == MJT_OK)
        return MJT_OK;
    if (damaged)
        return report_damage(x, side, &why);
    *x->d = why;
    return rc;
}

static int diff_forms(differ *x)
{
    fset s[2];
    size_t i = 0, j = 0;
    int rc;

    memset(s, 0, sizeof s);
    if ((rc = read_forms(x, 0, &s[0])) != MJT_OK ||
        (rc = read_forms(x, 1, &s[1])) != MJT_OK)
        goto out;
    while (i < s[0].n || j < s[1].n) {
        uint64_t a = i < s[0].n ? s[0].keys[i] : UINT64_MAX;
        uint64_t b = j < s[1].n ? s[1].keys[j] : UINT64_MAX;
        if (a == b) {
            size_t la = s[0].at[i + 1] - s[0].at[i];
            size_t lb = s[1].at[j + 1] - s[1].at[j];
            x->t->compared++;
            if (la != lb ||
                memcmp(s[0].rows + s[0].at[i], s[1].rows + s[1].at[j], la)) {
                x->t->changed++;
                if ((rc = forms_change(x, MJT_CHANGED, a, s, i, j)) != MJT_OK)
                    goto out;
            }
            i++, j++;
            continue;
        }
        int side = a < b ? 0 : 1;
        x->t->only[side]++;
        rc = side ? forms_change(x, MJT_ONLY_NEW, b, s, s[0].n, j)
                  : forms_change(x, MJT_ONLY_OLD, a, s, i, s[1].n);
        if (rc != MJT_OK)
            goto out;
        side ? j++ : i++;
    }
    rc = MJT_OK;
out:
    fset_free(&s[0]);
    fset_free(&s[1]);
    return rc;
}

/* Whether both files record one digest for part. */
static int equal_digests(mjt_file *f[2], int part)
{
    char key[64], a[64], b[64];
    snprintf(key, sizeof key, "%s.digest", part_names[part]);
    return mjt__tfile_meta(f[0]->f, key, a, sizeof a) == MJT_OK &&
           mjt__tfile_meta(f[1]->f, key, b, sizeof b) == MJT_OK &&
           strcmp(a, b) == 0;
}

int mjt_file_diff(mjt_file *old, mjt_file *now, int part, unsigned flags,
                  int (*fn)(void *user, const mjt_change *c), void *user,
                  mjt_diff_tally *tally, mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    mjt_diff_tally t;
    differ x = {{old, now}, part, part % MJT__NTABLES, fn, user, &t, &d};
    int rc;

    memset(&t, 0, sizeof t);
    if (old == NULL || now == NULL || (flags & ~MJT_DIFF_FULL)) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "%s",
                      old == NULL || now == NULL ? "no file given"
                                                 : "unknown flags");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    if ((rc = check_part(old, part, &d)) != MJT_OK ||
        (rc = check_part(now, part, &d)) != MJT_OK)
        return mjt__diag_out(diag, &d, rc);
    if (!(flags & MJT_DIFF_FULL) && equal_digests(x.f, part))
        t.by_digest = 1;
    else
        rc = part >= MJT__NTABLES ? diff_forms(&x) : diff_records(&x);
    if (tally != NULL)
        *tally = t;
    return mjt__diag_out(diag, &d, rc);
}
