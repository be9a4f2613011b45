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
#include "mjt.h"

typedef struct diffopts {
    int json, full;
    long max; /* differences to print; -1: all */
    long printed;
    int damaged; /* a file's content does not match its digest */
    const char *path[2];
} diffopts;

static const char *const side_name[2] = {"OLD", "NEW"};

/* ==== Words ==== */

static void pattern_text(const mjt_change *c, char out[16])
{
    int n = 0;
    for (int r = 0; r < c->ranks; r++)
        for (int k = c->counts[r]; k > 0; k--)
            out[n++] = (char)('1' + r);
    if (n == 0)
        memcpy(out, "empty", 6);
    else
        out[n] = '\0';
}

static void slot_text(int s, char out[32])
{
    int m = s / 2, p = s % 2;
    if (m == 0)
        snprintf(out, 32, p ? "pair" : "nothing");
    else
        snprintf(out, 32, "%d meld%s%s", m, m > 1 ? "s" : "",
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

static void print_only(diffopts *o, const mjt_change *c, const char *part)
{
    char pat[16];
    int side = c->kind == MJT_ONLY_NEW;
    if (!may_print(o))
        return;
    pattern_text(c, pat);
    if (o->json)
        printf("{\"table\":\"%s\",\"pattern\":\"%s\",\"key\":\"0x%016llx\","
               "\"only_in\":\"%s\"}\n",
               part, pat, (unsigned long long)c->key, side ? "new" : "old");
    else
        printf("%s %s: only in %s\n", part, pat, side_name[side]);
}

static void print_slot_json(const mjt_slot *x)
{
    char need[10], excess[10];
    cli_mask_digits(x->need, need);
    cli_mask_digits(x->excess, excess);
    printf("{\"deficit\":%d,\"need\":\"%s\",\"excess\":\"%s\"}", x->deficit,
           need, excess);
}

static void print_slot_text(const mjt_slot *a, const mjt_slot *b)
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

/* A slot of a record that changed. */
static void print_slot(diffopts *o, const mjt_change *c, const char *part)
{
    char pat[16], slot[32];

    if (!may_print(o))
        return;
    pattern_text(c, pat);
    if (o->json) {
        printf("{\"table\":\"%s\",\"pattern\":\"%s\",\"key\":"
               "\"0x%016llx\",\"melds\":%d,\"pair\":%d,\"old\":",
               part, pat, (unsigned long long)c->key, c->slot / 2, c->slot % 2);
        print_slot_json(&c->was);
        printf(",\"new\":");
        print_slot_json(&c->now);
        printf("}\n");
    } else {
        slot_text(c->slot, slot);
        printf("%s %s (%s): ", part, pat, slot);
        print_slot_text(&c->was, &c->now);
        printf("\n");
    }
}

/* A form as text: "(123)(456)(11)" or "(123)(11)[45] wins 36". */
static void form_text(const mjt_pattern_form *f, char *out)
{
    size_t n = 0;

    for (int i = 0; i < f->len; i++)
        n += cli_block_bracketed(f->blocks[i], out + n);
    out[n] = '\0';
    if (f->arrangement) {
        char digits[10];
        cli_mask_digits(f->wins, digits);
        sprintf(out + n, " wins %s", digits);
    }
}

/* The forms one side has and the other lacks. */
static void print_forms(diffopts *o, const mjt_change *c, const char *part)
{
    char pat[16], text[64];

    pattern_text(c, pat);
    if (o->json && !may_print(o))
        return;
    if (o->json)
        printf("{\"table\":\"%s\",\"pattern\":\"%s\",\"key\":"
               "\"0x%016llx\"",
               part, pat, (unsigned long long)c->key);
    for (int s = 0; s < 2; s++) {
        const mjt_pattern_form *f = s ? c->added : c->removed;
        int n = s ? c->nadded : c->nremoved;
        if (o->json)
            printf(",\"%s\":[", s ? "added" : "removed");
        for (int i = 0; i < n; i++) {
            form_text(&f[i], text);
            if (o->json)
                printf("%s\"%s\"", i ? "," : "", text);
            else if (may_print(o))
                printf("%s %s: %c %s\n", part, pat, s ? '+' : '-', text);
        }
        if (o->json)
            printf("]");
    }
    if (o->json)
        printf("}\n");
}

static int print_change(void *user, const mjt_change *c)
{
    diffopts *o = user;
    const char *part = mjt_file_part_name(c->part);

    if (c->kind == MJT_DAMAGED) {
        fprintf(stderr, "%s: %s\n", cli_prog, c->message);
        o->damaged = 1;
    } else if (c->part >= MJT_PART_SUIT_FORMS) {
        print_forms(o, c, part);
    } else if (c->kind == MJT_CHANGED) {
        print_slot(o, c, part);
    } else {
        print_only(o, c, part);
    }
    return 0;
}

static void print_tally(const diffopts *o, const char *name,
                        const mjt_diff_tally *t)
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

/* ==== The command ==== */

static const cli_opt diff_opts[] = {
    {"json", 0, 0}, {"full", 0, 0}, {"max", 0, 1}, {NULL, 0, 0}};

/* 0, 2 for a usage error (reported), or CLI_DONE after --help. */
static int parse_diff(int argc, char **argv, const cli_globals *g, diffopts *o)
{
    int files = 0, k;
    const char *a;
    cli_parser p;

    if (cli_refuse_globals(g, "diff",
                           CLI_G_TABLES | CLI_G_VISIBLE | CLI_G_PLAYERS,
                           "(give OLD and NEW)"))
        return 2;
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

static void print_header(mjt_file *f[2], const diffopts *o)
{
    char solver[32], version[16];
    int a = mjt_file_format(f[0]), b = mjt_file_format(f[1]);

    if (o->json)
        return;
    for (int s = 0; s < 2; s++) {
        mjt_file_meta(f[s], "solver", solver, sizeof solver);
        mjt_file_meta(f[s], "solver.version", version, sizeof version);
        printf("%s %s (format %d, solver %s %s)\n", s ? "+++" : "---",
               o->path[s], mjt_file_format(f[s]), solver, version);
    }
    /* Formats 1 and 2 hold the record tables; 3 adds the forms. */
    if (a != b)
        printf("note: formats %d and %d differ; comparing the tables both "
               "hold (suit, honor%s)\n",
               a, b, a >= 3 && b >= 3 ? ", their forms" : "");
}

int cli_diff(int argc, char **argv, cli_globals *g)
{
    diffopts o = {0, 0, -1, 0, 0, {NULL, NULL}};
    mjt_file *f[2] = {NULL, NULL};
    /* The record tables, then (format 3 on, in both) their forms. */
    mjt_diff_tally t[4];
    int rc = 2, differ = 0, parts;
    mjt_diag diag;

    int parsed = parse_diff(argc, argv, g, &o);
    if (parsed != 0)
        return parsed == CLI_DONE ? 0 : 2;
    if (same_file(o.path[0], o.path[1])) {
        fprintf(stderr, "%s: diff: %s and %s are the same file\n", cli_prog,
                o.path[0], o.path[1]);
        return 2;
    }
    for (int s = 0; s < 2; s++)
        if (mjt_file_open(&f[s], o.path[s], &diag) != MJT_OK) {
            fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
            goto out;
        }
    print_header(f, &o);
    parts = mjt_file_parts(f[0]) < mjt_file_parts(f[1]) ? mjt_file_parts(f[0])
                                                        : mjt_file_parts(f[1]);
    for (int i = 0; i < parts; i++) {
        if (mjt_file_diff(f[0], f[1], i, o.full ? MJT_DIFF_FULL : 0,
                          print_change, &o, &t[i], &diag) != MJT_OK) {
            fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
            goto out;
        }
        differ |= t[i].changed || t[i].only[0] || t[i].only[1];
    }
    if (o.max >= 0 && o.printed >= o.max && !o.json)
        printf("(--max %ld: later differences not shown)\n", o.max);
    if (o.json)
        printf("{\"summary\":[");
    for (int i = 0; i < parts; i++) {
        if (o.json && i)
            printf(",");
        print_tally(&o, mjt_file_part_name(i), &t[i]);
    }
    if (o.json)
        printf("],\"formats\":[%d,%d],\"identical\":%s}\n",
               mjt_file_format(f[0]), mjt_file_format(f[1]),
               differ ? "false" : "true");
    rc = o.damaged ? 2 : differ ? 1 : 0;
out:
    mjt_file_close(f[0]);
    mjt_file_close(f[1]);
    return rc;
}

/* mjq info --verify: recompute each part's digest from its rows. */
int cli_verify(mjt_file *f)
{
    int bad = 0;

    for (int part = 0; part < mjt_file_parts(f); part++) {
        const char *name = mjt_file_part_name(part);
        uint64_t rows;
        mjt_diag diag;
        if (mjt_file_verify(f, part, &rows, &diag) != MJT_OK) {
            fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
            printf("%-16s damaged\n", name);
            bad = 1;
        } else if (part < MJT_PART_SUIT_FORMS) {
            printf("%-16s intact (%llu records hash to the recorded "
                   "digest)\n",
                   name, (unsigned long long)rows);
        } else {
            printf("%-16s intact (%llu patterns' forms hash to the "
                   "recorded digest)\n",
                   name, (unsigned long long)rows);
        }
    }
    return bad;
}
