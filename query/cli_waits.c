/* SPDX-License-Identifier: MIT */
/*
 * mjq waits: the wait shapes of hands, and the countTiles listing.
 *
 * The listing (--format countTiles) writes, for a one-suit hand of 3k+1 tiles,
 * the line "DIGITS:" and then one line per distinct arrangement waiting on
 * a tile not already held 4 times: the completed blocks in parentheses
 * (melds, then the pair), the waiting block in brackets,
 * "(111)(234)(567)(99)[89]"; "(none)" when there is no such arrangement.
 * These are exactly the pattern's short forms as the tables hold them, in
 * their order, so a line is a table read and some byte copies.
 *
 * --all-one-suit lists the 93,600 hands of 13 tiles of one number suit in
 * successor order.  Thread k of N formats the hands k, k+N, k+2N, ... (seed
 * 000's stride) into its own buffer, noting where each hand's text ends;
 * the main thread then interleaves the buffers in hand order into one
 * output buffer and writes it with one call.  It needs only the forms, so
 * it opens the tables without the records (mjt__tables_open).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "forms.h"
#include "internal.h"
#include "suit.h"
#include "tiles.h"

/* Bytes one hand's listing can take: its header and at most 31 lines of
 * four melds, a pair and a wait. */
#define SEED_MAX (16 + 31 * 32)

/* The listing of the one-suit pattern with code `code` in part `part`,
 * whose ranks (sorted) are digits[0..n-1], into out; returns its length. */
static size_t seed_listing(const mjt_tables *t, int part, uint32_t code,
                           const uint8_t *digits, int n, char *out)
{
    uint32_t w = mjt__fword(t, part, code);
    const uint64_t *f = t->forms + MJT__F_FIRST(w) + MJT__F_COMPLETE(w);
    int forms = (int)MJT__F_SHORT(w);
    char *p = out;

    for (int i = 0; i < n; i++)
        *p++ = (char)('1' + digits[i]);
    *p++ = ':';
    *p++ = '\n';
    if (forms == 0) {
        memcpy(p, "(none)\n", 7);
        return (size_t)(p + 7 - out);
    }
    for (int i = 0; i < forms; i++) {
        /* the form word's melds, pair and wait (internal.h), in order */
        uint8_t b[MJT_FORM_BLOCKS];
        int k = (int)(f[i] >> 60 & 7);
        for (int j = 0; j < k; j++)
            b[j] = (uint8_t)(f[i] >> (8 * j));
        for (int j = 4; j <= 5; j++)
            if ((uint8_t)(f[i] >> (8 * j)) != MJT__F_NONE)
                b[k++] = (uint8_t)(f[i] >> (8 * j));
        p += cli_blocks_text(b, k, p);
        *p++ = '\n';
    }
    return (size_t)(p - out);
}

/* ==== The whole listing ==== */

#define ONE_SUIT_HANDS 93600u

typedef struct lister {
    const mjt_tables *t;
    unsigned k, n;
    char *buf;   /* this thread's text */
    size_t *end; /* end of its j-th hand's text in buf */
    int failed;
} lister;

static void *list_share(void *arg)
{
    lister *l = arg;
    size_t hands = (ONE_SUIT_HANDS - l->k + l->n - 1) / l->n, used = 0;
    mjt__enum e;

    l->buf = malloc(hands * SEED_MAX);
    l->end = malloc(hands * sizeof *l->end);
    if (l->buf == NULL || l->end == NULL) {
        l->failed = 1;
        return NULL;
    }
    mjt__enum_init_at(&e, MJT_SUIT_RANKS, 13);
    if (!mjt__enum_skip(&e, l->k))
        return NULL;
    for (size_t j = 0; j < hands; j++) {
        uint32_t code = 0;
        for (int i = 0; i < 13; i++)
            code += mjt__code_step[e.t[i]];
        used += seed_listing(l->t, 0, code, e.t, 13, l->buf + used);
        l->end[j] = used;
        if (j + 1 < hands && !mjt__enum_skip(&e, l->n)) {
            l->failed = 1;
            break;
        }
    }
    return NULL;
}

/* Interleave the shares in hand order into one buffer and write it. */
static int write_listing(lister *ls, unsigned n)
{
    size_t total = 0;

    for (unsigned k = 0; k < n; k++) {
        size_t hands = (ONE_SUIT_HANDS - k + n - 1) / n;
        total += hands ? ls[k].end[hands - 1] : 0;
    }
    char *out = malloc(total), *p = out;
    if (out == NULL)
        return -1;
    for (size_t i = 0; i < ONE_SUIT_HANDS; i++) {
        lister *l = &ls[i % n];
        size_t j = i / n, from = j ? l->end[j - 1] : 0;
        memcpy(p, l->buf + from, l->end[j] - from);
        p += l->end[j] - from;
    }
    size_t wrote = fwrite(out, 1, total, stdout);
    free(out);
    return wrote == total && fflush(stdout) == 0 ? 0 : -1;
}

static int all_one_suit(const mjt_tables *t, unsigned n)
{
    lister ls[64];
    pthread_t tid[64];
    unsigned started = 0;
    int rc = 0;

    for (unsigned k = 0; k < n; k++) {
        ls[k] = (lister){t, k, n, NULL, NULL, 0};
        if (pthread_create(&tid[k], NULL, list_share, &ls[k]) != 0)
            break;
        started++;
    }
    for (unsigned k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        rc |= ls[k].failed;
    }
    if (started < n || rc) {
        fprintf(stderr, "%s: waits: out of memory or threads\n", cli_prog);
        rc = 1;
    } else if (write_listing(ls, n) < 0) {
        fprintf(stderr, "%s: waits: cannot write the listing\n", cli_prog);
        rc = 1;
    }
    for (unsigned k = 0; k < started; k++) {
        free(ls[k].buf);
        free(ls[k].end);
    }
    return rc;
}

/* ==== One hand at a time ==== */

/* The seed listing of one hand, which must be of one suit and 3k+1
 * tiles. */
static int seed_hand(const mjt_tables *t, const mjt_hand *h, const char *arg)
{
    int part = -1;
    uint8_t digits[MJT_MAX_PATTERN_TILES];
    char out[SEED_MAX];
    mjt_tiles held;
    uint32_t code = 0;
    int n = 0;

    if (mjt_hand_tiles(h, &held) != MJT_OK)
        return 1;
    for (int i = 0; i < MJT_KINDS; i++)
        if (held.counts[i] > 0) {
            if (part >= 0 && part != i / 9) {
                fprintf(stderr,
                        "%s: waits: %s: tiles of more than one suit "
                        "(--format=seed lists one-suit hands)\n",
                        cli_prog, arg);
                return 2;
            }
            part = i / 9;
        }
    if (held.len % 3 != 1) {
        fprintf(stderr,
                "%s: waits: %s: %d tiles: the count must be 1 mod 3 "
                "(13 for the seed listing)\n",
                cli_prog, arg, held.len);
        return 2;
    }
    for (int r = 0; r < (part == 3 ? 7 : 9); r++) {
        code += held.counts[9 * part + r] * mjt__code_step[r];
        for (int c = 0; c < held.counts[9 * part + r]; c++)
            digits[n++] = (uint8_t)r;
    }
    size_t len = seed_listing(t, part, code, digits, n, out);
    fwrite(out, 1, len, stdout);
    return 0;
}

static int shapes_hand(const mjt_tables *t, const mjt_hand *h, const char *arg)
{
    char text[64];
    mjt_tiles held;

    if (mjt_hand_tiles(h, &held) != MJT_OK)
        return 1;
    if (held.len % 3 != 1) {
        fprintf(stderr, "%s: waits: %s: %d tiles: the count must be 1 mod 3\n",
                cli_prog, arg, held.len);
        return 2;
    }
    mjt_shape e[MJT_MAX_SHAPES];
    size_t n = 0;
    mjt_hand_format(h, text, sizeof text);
    printf("%s\n", text);
    /* (the tables hold only forms here: shapes, not waits, can be asked) */
    if (mjt_shapes(t, h, e, MJT_MAX_SHAPES, &n) == MJT_OK && n == 0) {
        printf("not tenpai\n");
        return 0;
    }
    return cli_print_forms(t, h, 0);
}

static const cli_opt waits_opts[] = {{"tables", 0, 1},
                                     {"format", 0, 1},
                                     {"all-one-suit", 0, 0},
                                     {"jobs", 'j', 1},
                                     {NULL, 0, 0}};

int cli_waits(int argc, char **argv, cli_globals *g)
{
    const char *tables = g->tables, *format = NULL, *jobs_text = NULL, *a;
    int listing = 0, all = 0, nhands = 0, rc = 0, k;
    long jobs = 1;
    mjt_hand hands[64];
    const char *text[64];
    cli_parser p;

    if (g->json || g->has_visible)
        return cli_usage_error("waits: %s", "--json and --visible do not "
                                            "apply (waits prints text)");
    cli_parser_init(&p, argc, argv, "waits");
    while ((k = cli_next(&p, waits_opts, &a)) != CLI_END) {
        mjt_diag diag;
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help("waits");
        if (k == 0 && tables != NULL)
            return cli_usage_error("waits: %s", "--tables given twice");
        if (k == 0) {
            tables = a;
        } else if (k == 1) {
            format = a;
            if (!strcmp(a, "countTiles") || !strcmp(a, "listing"))
                listing = 1;
            else if (!strcmp(a, "text"))
                listing = 0;
            else
                return cli_usage_error("waits: --format %s: want text or "
                                       "countTiles (or listing)",
                                       a);
        } else if (k == 2) {
            all = 1;
        } else if (k == 3) {
            char *end;
            jobs_text = a;
            jobs = strtol(a, &end, 10);
            if (*end != '\0' || a[0] == '\0' || jobs < 1 || jobs > 64)
                return cli_usage_error("waits: -j %s: want 1 to 64", a);
        } else if (nhands == 64) {
            return cli_usage_error("waits: %s: at most 64 hands", a);
        } else if (mjt_hand_parse(&hands[nhands], a, strlen(a), &diag) !=
                   MJT_OK) {
            fprintf(stderr, "%s: waits: %.60s%s: %s\n", cli_prog, a,
                    strlen(a) > 60 ? "..." : "", diag.message);
            return 2;
        } else {
            text[nhands++] = a;
        }
    }
    if (all && format != NULL && !listing)
        return cli_usage_error("waits: --format %s: --all-one-suit prints "
                               "the countTiles listing only",
                               format);
    if (jobs_text != NULL && !all)
        return cli_usage_error("waits: -j %s: only --all-one-suit runs on "
                               "threads",
                               jobs_text);
    if (tables == NULL)
        tables = cli_default_tables();
    if (all == (nhands > 0))
        return cli_usage_error("waits: %s", all ? "--all-one-suit takes no HAND"
                                                : "no HAND given");
    mjt_tables *t;
    mjt_diag diag;
    if (mjt__tables_open(&t, tables, MJT__OPEN_FORMS_ONLY, &diag) != MJT_OK)
        return cli_tables_error(&diag);
    if (all)
        rc = all_one_suit(t, (unsigned)jobs);
    for (int i = 0; i < nhands && rc == 0; i++)
        rc = listing ? seed_hand(t, &hands[i], text[i])
                     : shapes_hand(t, &hands[i], text[i]);
    mjt_tables_close(t);
    return rc;
}
