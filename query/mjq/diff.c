/* SPDX-License-Identifier: MIT */
/*
 * mjq diff: what changed between two table files, record by record and
 * decoded, for the authors of a solver; and mjq info --verify.
 *
 * Each table is compared by a merge of the two files' key orders, one
 * decoded block of each in memory at a time.  When both files record the
 * same digest for a table it is reported identical at once, without
 * reading a record; --full reads the records anyway and checks that each
 * file's content still hashes to the digest it records.
 *
 * Exit status, as diff(1): 0 identical, 1 different, 2 trouble (a bad
 * argument, a file that cannot be read, or a file whose content does not
 * match its digest).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "format.h"
#include "mjt.h"
#include "suit.h"
#include "tablefile.h"

typedef struct diffopts {
    int json, full;
    long max; /* differences to print; -1: all */
    long printed;
    const char *path[2];
} diffopts;

typedef struct tally {
    uint64_t compared, changed, only[2];
    int by_digest;
    int damaged[2];
} tally;

static const char *const side_name[2] = {"OLD", "NEW"};

/* ==== Words ==== */

static void pattern_text(uint64_t key, int ranks, char out[16])
{
    int n = 0;
    for (int r = 0; r < ranks; r++)
        for (int c = mjt__key_count(key, r); c > 0; c--)
            out[n++] = (char)('1' + r);
    if (n == 0)
        memcpy(out, "empty", 6);
    else
        out[n] = '\0';
}

static void slot_text(int s, char out[24])
{
    int m = s / 2, p = s % 2;
    if (m == 0)
        snprintf(out, 24, p ? "pair" : "nothing");
    else
        snprintf(out, 24, "%d meld%s%s", m, m > 1 ? "s" : "",
                 p ? " + pair" : "");
}

static int may_print(diffopts *o)
{
    if (o->max >= 0 && o->printed >= o->max)
        return 0;
    o->printed++;
    return 1;
}

/* ==== One difference ==== */

static void print_only(diffopts *o, int table, uint64_t key, int side)
{
    char pat[16];
    if (!may_print(o))
        return;
    pattern_text(key, mjt__table_ranks[table], pat);
    if (o->json)
        printf("{\"table\":\"%s\",\"pattern\":\"%s\",\"key\":\"0x%016llx\","
               "\"only_in\":\"%s\"}\n",
               mjt__table_names[table], pat, (unsigned long long)key,
               side ? "new" : "old");
    else
        printf("%s %s: only in %s\n", mjt__table_names[table], pat,
               side_name[side]);
}

static void print_slot_json(const mjt__slotinfo *x)
{
    char need[10], excess[10];
    cli_mask_digits(x->need, need);
    cli_mask_digits(x->excess, excess);
    printf("{\"deficit\":%d,\"need\":\"%s\",\"excess\":\"%s\"}", x->deficit,
           need, excess);
}

static void print_slot_text(const mjt__slotinfo *a, const mjt__slotinfo *b)
{
    char x[10], y[10];
    const char *sep = "";
    if (a->deficit != b->deficit) {
        printf("deficit %d -> %d", a->deficit, b->deficit);
        sep = "; ";
    }
    if (a->need != b->need) {
        cli_mask_digits(a->need, x);
        cli_mask_digits(b->need, y);
        printf("%sneed \"%s\" -> \"%s\"", sep, x, y);
        sep = "; ";
    }
    if (a->excess != b->excess) {
        cli_mask_digits(a->excess, x);
        cli_mask_digits(b->excess, y);
        printf("%sexcess \"%s\" -> \"%s\"", sep, x, y);
    }
}

/* Print the slots where a and b differ; returns whether any does. */
static int compare(diffopts *o, int table, uint64_t key, const mjt__record *a,
                   const mjt__record *b)
{
    int differs = 0;
    char pat[16], slot[24];

    pattern_text(key, mjt__table_ranks[table], pat);
    for (int s = 0; s < MJT__SLOTS; s++) {
        const mjt__slotinfo *x = &a->slot[s], *y = &b->slot[s];
        if (x->deficit == y->deficit && x->need == y->need &&
            x->excess == y->excess)
            continue;
        differs = 1;
        if (!may_print(o))
            continue;
        if (o->json) {
            printf("{\"table\":\"%s\",\"pattern\":\"%s\",\"key\":"
                   "\"0x%016llx\",\"melds\":%d,\"pair\":%d,\"old\":",
                   mjt__table_names[table], pat, (unsigned long long)key, s / 2,
                   s % 2);
            print_slot_json(x);
            printf(",\"new\":");
            print_slot_json(y);
            printf("}\n");
        } else {
            slot_text(s, slot);
            printf("%s %s (%s): ", mjt__table_names[table], pat, slot);
            print_slot_text(x, y);
            printf("\n");
        }
    }
    return differs;
}

/* ==== One table ==== */

/* Step walk w on; returns 1 (a record), 0 (the end) or -1 (reported). */
static int step(mjt__walk *w, const diffopts *o, int side, uint64_t *key,
                const mjt__record **rec)
{
    mjt__diag diag;
    int rc = mjt__walk_next(w, key, rec, &diag);
    if (rc < 0) {
        fprintf(stderr, "%s: %s: %s table: %s\n", cli_prog, o->path[side],
                mjt__table_names[w->table], diag.message);
        return -1;
    }
    return rc;
}

/* Check the digest a finished walk computed against the file's record. */
static void check_digest(mjt__tfile *f, const mjt__walk *w, const diffopts *o,
                         int side, tally *t)
{
    mjt__diag diag;

    if (mjt__tfile_check_digest(f, w->table, mjt__walk_digest(w), o->path[side],
                                &diag) != MJT_OK) {
        fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
        t->damaged[side] = 1;
    }
}

/* Merge the two key orders of table; returns 0, or -1 after a message. */
static int diff_table(mjt__tfile *f[2], int table, diffopts *o, tally *t)
{
    mjt__walk w[2];
    uint64_t key[2];
    const mjt__record *rec[2];
    int have[2], rc = -1;

    if (mjt__walk_open(&w[0], f[0], table) != MJT_OK)
        return -1;
    if (mjt__walk_open(&w[1], f[1], table) != MJT_OK) {
        mjt__walk_close(&w[0]);
        return -1;
    }
    for (int s = 0; s < 2; s++)
        if ((have[s] = step(&w[s], o, s, &key[s], &rec[s])) < 0)
            goto out;
    while (have[0] || have[1]) {
        int side;
        if (have[0] && have[1] && key[0] == key[1]) {
            t->compared++;
            t->changed += (uint64_t)compare(o, table, key[0], rec[0], rec[1]);
            for (int s = 0; s < 2; s++)
                if ((have[s] = step(&w[s], o, s, &key[s], &rec[s])) < 0)
                    goto out;
            continue;
        }
        side = !have[1] || (have[0] && key[0] < key[1]) ? 0 : 1;
        t->only[side]++;
        print_only(o, table, key[side], side);
        if ((have[side] = step(&w[side], o, side, &key[side], &rec[side])) < 0)
            goto out;
    }
    for (int s = 0; s < 2; s++)
        check_digest(f[s], &w[s], o, s, t);
    rc = 0;
out:
    mjt__walk_close(&w[0]);
    mjt__walk_close(&w[1]);
    return rc;
}

static void print_tally(const diffopts *o, const char *name, const tally *t)
{
    if (o->json) {
        printf("{\"table\":\"%s\",\"identical_by_digest\":%s,\"compared\":"
               "%llu,\"changed\":%llu,\"only_old\":%llu,\"only_new\":%llu}",
               name, t->by_digest ? "true" : "false",
               (unsigned long long)t->compared, (unsigned long long)t->changed,
               (unsigned long long)t->only[0], (unsigned long long)t->only[1]);
        return;
    }
    if (t->by_digest) {
        printf("%s: identical (equal digests; --full reads the records)\n",
               name);
        return;
    }
    printf("%s: %llu compared, %llu changed, %llu only in OLD, %llu only "
           "in NEW\n",
           name, (unsigned long long)t->compared,
           (unsigned long long)t->changed, (unsigned long long)t->only[0],
           (unsigned long long)t->only[1]);
}

/* ==== Forms ==== */

/* One file's forms of one table, as rows (core/format.h) in key order. */
typedef struct fset {
    uint64_t *keys;
    size_t *at; /* row i is rows[at[i] .. at[i + 1]) */
    unsigned char *rows;
    size_t n, cap, size, room;
} fset;

static int collect(void *ctx, uint64_t key, const mjt__forms *f)
{
    fset *s = ctx;

    if (s->n + 2 > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        uint64_t *k = realloc(s->keys, cap * sizeof *k);
        if (k != NULL)
            s->keys = k;
        size_t *a = realloc(s->at, cap * sizeof *a);
        if (a != NULL)
            s->at = a;
        if (k == NULL || a == NULL)
            return MJT_ENOMEM;
        s->cap = cap;
    }
    if (s->size + MJT__FORMS_ROW_MAX > s->room) {
        size_t room = s->room ? 2 * s->room : 1 << 20;
        unsigned char *r = realloc(s->rows, room);
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

/* A form as text: "(123)(456)(11)" or "(123)(11)[45] wins 36". */
static void form_text(const uint8_t *b, int width, int is_arrangement,
                      unsigned wins, char *out)
{
    size_t n = cli_blocks_text(b, width, out);

    if (is_arrangement) {
        char digits[10];
        cli_mask_digits(wins, digits);
        sprintf(out + n, " wins %s", digits);
    }
}

/* Whether form i of a is among b's (by bytes and winning tiles). */
static int has_form(const mjt__forms *a, int i, const mjt__forms *b,
                    int is_arrangement)
{
    int n = is_arrangement ? b->narrangements : b->ndecompositions;
    for (int j = 0; j < n; j++)
        if (is_arrangement ? !memcmp(a->arrangements[i], b->arrangements[j],
                                     MJT__FORM_BLOCKS) &&
                                 a->wins[i] == b->wins[j]
                           : !memcmp(a->decompositions[i], b->decompositions[j],
                                     MJT__FORM_BLOCKS))
            return 1;
    return 0;
}

/* Print the forms one side has and the other lacks. */
static void forms_change(diffopts *o, int table, uint64_t key,
                         const mjt__forms *x, const mjt__forms *y)
{
    const mjt__forms *f[2] = {x, y};
    char pat[16], text[64];
    int ranks = mjt__table_ranks[table], tiles = mjt__key_tiles(key);

    pattern_text(key, ranks, pat);
    if (o->json && !may_print(o))
        return;
    if (o->json)
        printf("{\"table\":\"%s.forms\",\"pattern\":\"%s\",\"key\":"
               "\"0x%016llx\"",
               mjt__table_names[table], pat, (unsigned long long)key);
    for (int s = 0; s < 2; s++) {
        const char *sep = "";
        if (o->json)
            printf(",\"%s\":[", s ? "added" : "removed");
        for (int sh = 0; sh < 2; sh++)
            for (int i = 0;
                 i < (sh ? f[s]->narrangements : f[s]->ndecompositions); i++) {
                if (has_form(f[s], i, f[!s], sh))
                    continue;
                form_text(sh ? f[s]->arrangements[i] : f[s]->decompositions[i],
                          mjt__forms_width(tiles, sh), sh,
                          sh ? f[s]->wins[i] : 0, text);
                if (o->json)
                    printf("%s\"%s\"", sep, text);
                else if (may_print(o))
                    printf("%s.forms %s: %c %s\n", mjt__table_names[table], pat,
                           s ? '+' : '-', text);
                sep = ",";
            }
        if (o->json)
            printf("]");
    }
    if (o->json)
        printf("}\n");
}

/* The forms of row i of s, or none when i is past the end. */
static void row_forms(const fset *s, size_t i, int table, mjt__forms *f)
{
    uint64_t key;
    memset(f, 0, sizeof *f);
    if (i < s->n)
        mjt__forms_row_decode(s->rows + s->at[i], s->at[i + 1] - s->at[i],
                              mjt__table_ranks[table], &key, f);
}

static int read_forms(mjt__tfile *f, int table, const diffopts *o, int side,
                      fset *s, tally *t)
{
    mjt__diag diag;
    uint64_t digest;
    int rc = mjt__tfile_each_forms(f, table, collect, s, &digest, &diag);

    if (rc == MJT_ENOMEM)
        snprintf(diag.message, sizeof diag.message, "out of memory");
    if (rc != MJT_OK) {
        fprintf(stderr, "%s: %s: %s forms: %s\n", cli_prog, o->path[side],
                mjt__table_names[table], diag.message);
        return -1;
    }
    if (mjt__tfile_check_forms_digest(f, table, digest, o->path[side], &diag) !=
        MJT_OK) {
        fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
        t->damaged[side] = 1;
    }
    return 0;
}

/* Merge the two files' forms of table; 0, or -1 after a message. */
static int diff_forms(mjt__tfile *f[2], int table, diffopts *o, tally *t)
{
    fset s[2];
    size_t i = 0, j = 0;
    int rc = -1;

    memset(s, 0, sizeof s);
    if (read_forms(f[0], table, o, 0, &s[0], t) < 0 ||
        read_forms(f[1], table, o, 1, &s[1], t) < 0)
        goto out;
    while (i < s[0].n || j < s[1].n) {
        uint64_t a = i < s[0].n ? s[0].keys[i] : UINT64_MAX;
        uint64_t b = j < s[1].n ? s[1].keys[j] : UINT64_MAX;
        mjt__forms x, y;
        if (a == b) {
            t->compared++;
            size_t la = s[0].at[i + 1] - s[0].at[i];
            size_t lb = s[1].at[j + 1] - s[1].at[j];
            if (la != lb ||
                memcmp(s[0].rows + s[0].at[i], s[1].rows + s[1].at[j], la)) {
                t->changed++;
                row_forms(&s[0], i, table, &x);
                row_forms(&s[1], j, table, &y);
                forms_change(o, table, a, &x, &y);
            }
            i++, j++;
            continue;
        }
        int side = a < b ? 0 : 1;
        t->only[side]++;
        row_forms(&s[0], side ? s[0].n : i, table, &x);
        row_forms(&s[1], side ? j : s[1].n, table, &y);
        forms_change(o, table, side ? b : a, &x, &y);
        side ? j++ : i++;
    }
    rc = 0;
out:
    for (int k = 0; k < 2; k++) {
        free(s[k].keys);
        free(s[k].at);
        free(s[k].rows);
    }
    return rc;
}

/* ==== The command ==== */

static const cli_opt diff_opts[] = {
    {"json", 0, 0}, {"full", 0, 0}, {"max", 0, 1}, {NULL, 0, 0}};

/* 0, 2 for a usage error (reported), or CLI_DONE after --help. */
static int parse_diff(int argc, char **argv, const cli_globals *g, diffopts *o)
{
    int files = 0, k;
    const char *a;
    cli_parser p;

    if (g->tables != NULL || g->has_visible || g->players)
        return cli_usage_error("diff: %s", "--tables, --visible and --players "
                                           "do not apply (give OLD and NEW)");
    o->json = g->json;
    cli_parser_init(&p, argc, argv, "diff");
    while ((k = cli_next(&p, diff_opts, &a)) != CLI_END) {
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help("diff"), CLI_DONE;
        if (k == 0) {
            o->json = 1;
        } else if (k == 1) {
            o->full = 1;
        } else if (k == 2) {
            char *end;
            o->max = strtol(a, &end, 10);
            if (*end != '\0' || a[0] == '\0' || o->max < 0)
                return cli_usage_error("diff: --max %s: want a count of 0 "
                                       "or more",
                                       a);
        } else if (files < 2) {
            o->path[files++] = a;
        } else {
            return cli_usage_error("diff: %s: two files only", a);
        }
    }
    if (files != 2)
        return cli_usage_error("diff: %s", "want two files, OLD and NEW");
    return 0;
}

/* Whether both paths name one file (the same inode). */
static int same_file(const char *a, const char *b)
{
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev &&
           x.st_ino == y.st_ino;
}

/* Whether both files record the same digest for name ("suit",
 * "suit.forms", ...). */
static int equal_digests(mjt__tfile *f[2], const char *name)
{
    char key[64], a[64], b[64];
    snprintf(key, sizeof key, "%.48s.digest", name);
    return mjt__tfile_meta(f[0], key, a, sizeof a) == MJT_OK &&
           mjt__tfile_meta(f[1], key, b, sizeof b) == MJT_OK &&
           strcmp(a, b) == 0;
}

static void print_header(mjt__tfile *f[2], const diffopts *o)
{
    char solver[32], version[16];
    int a = mjt__tfile_format(f[0]), b = mjt__tfile_format(f[1]);

    if (o->json)
        return;
    for (int s = 0; s < 2; s++) {
        mjt__tfile_meta(f[s], "solver", solver, sizeof solver);
        mjt__tfile_meta(f[s], "solver.version", version, sizeof version);
        printf("%s %s (format %d, solver %s %s)\n", s ? "+++" : "---",
               o->path[s], mjt__tfile_format(f[s]), solver, version);
    }
    /* Formats 1 and 2 hold the record tables; 3 adds the forms. */
    if (a != b)
        printf("note: formats %d and %d differ; comparing the tables both "
               "hold (suit, honor%s)\n",
               a, b, a >= 3 && b >= 3 ? ", their forms" : "");
}

int cli_diff(int argc, char **argv, cli_globals *g)
{
    diffopts o = {0, 0, -1, 0, {NULL, NULL}};
    mjt__tfile *f[2] = {NULL, NULL};
    /* The record tables, then (format 3 on, in both) their forms. */
    tally t[2 * MJT__NTABLES];
    char name[2 * MJT__NTABLES][32];
    int rc = 2, differ = 0, damaged = 0, parts = MJT__NTABLES;
    mjt__diag diag;

    int parsed = parse_diff(argc, argv, g, &o);
    if (parsed != 0)
        return parsed == CLI_DONE ? 0 : 2;
    if (same_file(o.path[0], o.path[1])) {
        fprintf(stderr, "%s: diff: %s and %s are the same file\n", cli_prog,
                o.path[0], o.path[1]);
        return 2;
    }
    for (int s = 0; s < 2; s++)
        if (mjt__tfile_open_any(&f[s], o.path[s], &diag) != MJT_OK) {
            fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
            goto out;
        }
    print_header(f, &o);
    if (mjt__tfile_format(f[0]) >= 3 && mjt__tfile_format(f[1]) >= 3)
        parts = 2 * MJT__NTABLES;
    for (int i = 0; i < parts; i++) {
        int table = i % MJT__NTABLES, forms = i >= MJT__NTABLES;
        snprintf(name[i], sizeof name[i], "%s%s", mjt__table_names[table],
                 forms ? MJT__FORMS_SUFFIX : "");
        memset(&t[i], 0, sizeof t[i]);
        if (!o.full && equal_digests(f, name[i])) {
            t[i].by_digest = 1;
            continue;
        }
        if ((forms ? diff_forms : diff_table)(f, table, &o, &t[i]) < 0)
            goto out;
        differ |= t[i].changed || t[i].only[0] || t[i].only[1];
        damaged |= t[i].damaged[0] | t[i].damaged[1];
    }
    if (o.max >= 0 && o.printed >= o.max && !o.json)
        printf("(--max %ld: later differences not shown)\n", o.max);
    if (o.json)
        printf("{\"summary\":[");
    for (int i = 0; i < parts; i++) {
        if (o.json && i)
            printf(",");
        print_tally(&o, name[i], &t[i]);
    }
    if (o.json)
        printf("],\"formats\":[%d,%d],\"identical\":%s}\n",
               mjt__tfile_format(f[0]), mjt__tfile_format(f[1]),
               differ ? "false" : "true");
    rc = damaged ? 2 : differ ? 1 : 0;
out:
    mjt__tfile_close(f[0]);
    mjt__tfile_close(f[1]);
    return rc;
}

/* mjq info --verify: recompute each table's digest from its records. */
int cli_verify(mjt__tfile *f, const char *path)
{
    diffopts o = {0, 1, -1, 0, {path, path}};
    int bad = 0;

    for (int table = 0; table < MJT__NTABLES; table++) {
        mjt__walk w;
        uint64_t key, n = 0;
        const mjt__record *rec;
        tally t = {0};
        int rc;

        if (mjt__walk_open(&w, f, table) != MJT_OK)
            return 1;
        while ((rc = step(&w, &o, 0, &key, &rec)) > 0)
            n++;
        if (rc == 0)
            check_digest(f, &w, &o, 0, &t);
        mjt__walk_close(&w);
        if (rc < 0 || t.damaged[0]) {
            bad = 1;
            printf("%-16s damaged\n", mjt__table_names[table]);
            continue;
        }
        printf("%-16s intact (%llu records hash to the recorded digest)\n",
               mjt__table_names[table], (unsigned long long)n);
    }
    for (int table = 0; mjt__tfile_format(f) >= 3 && table < MJT__NTABLES;
         table++) {
        fset s;
        tally t = {0};
        char name[32];
        memset(&s, 0, sizeof s);
        snprintf(name, sizeof name, "%s%s", mjt__table_names[table],
                 MJT__FORMS_SUFFIX);
        if (read_forms(f, table, &o, 0, &s, &t) < 0 || t.damaged[0]) {
            bad = 1;
            printf("%-16s damaged\n", name);
        } else {
            printf("%-16s intact (%zu patterns' forms hash to the recorded "
                   "digest)\n",
                   name, s.n);
        }
        free(s.keys);
        free(s.at);
        free(s.rows);
    }
    return bad;
}
