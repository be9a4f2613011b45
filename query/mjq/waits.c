/* SPDX-License-Identifier: MIT */
/*
 * mjq waits: the wait shapes of hands, and the countTiles listing.
 *
 * The listing (--format countTiles) writes, for a one-suit hand of 3k+1 tiles,
 * the line "DIGITS:" and then one line per distinct arrangement waiting on
 * a tile not already held 4 times: the completed blocks in parentheses
 * (melds, then the pair), the waiting block in brackets,
 * "(111)(234)(567)(99)[89]"; "(none)" when there is no such arrangement.
 * The lines come from mjt_shapes: its standard-form shapes, one per
 * winning tile and arrangement, less the winning tile, are the
 * arrangements (a two-sided wait appears under both its tiles, once
 * here).  Written as bytes, kind << 4 | rank, melds then pair then wait,
 * they are sorted and each printed once: the order in which the tables
 * list a pattern's arrangements, and countTiles' order.
 *
 * --all-one-suit lists the 93,600 hands of 13 tiles of one number suit in
 * successor order (their sorted digit strings in increasing order).
 * Thread k of N formats the hands k, k+N, k+2N, ... into its own buffer,
 * noting where each hand's text ends; the main thread then interleaves the
 * buffers in hand order into one output buffer and writes it with one call.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"

/* Bytes one hand's listing can take: its header and at most 20 lines of
 * four melds, a pair and a wait. */
#define LISTING_MAX (16 + MJT_MAX_SHAPES * 32)

/* The most blocks of an arrangement: four melds, a pair, a wait. */
#define LINE_BLOCKS 6

/* A block as the listing sorts it. */
static uint8_t block_byte(mjt_block b)
{
    return (uint8_t)(b.kind << 4 | b.tile % 9);
}

/* The arrangement of standard shape e as bytes into line; returns how
 * many. */
static int line_of(const mjt_shape *e, uint8_t line[LINE_BLOCKS])
{
    int n = 0;

    for (int i = 0; i < e->melds_len; i++)
        line[n++] = block_byte(e->melds[i]);
    if (e->pair != MJT_NO_TILE)
        line[n++] = block_byte((mjt_block){MJT_PAIR, e->pair});
    line[n++] = block_byte(e->wait);
    return n;
}

/*
 * The listing of the hand of n tiles of suit `suit` whose ranks (sorted)
 * are digits[0..n-1], into out (LISTING_MAX bytes); returns its length,
 * or 0 if the library failed.
 */
static size_t listing(const mjt_tables *t, int suit, const uint8_t *digits,
                      int n, char *out)
{
    uint8_t counts[MJT_KINDS] = {0}, lines[MJT_MAX_SHAPES][LINE_BLOCKS];
    mjt_shape e[MJT_MAX_SHAPES];
    size_t ne = 0;
    int nl = 0, width = 0;
    mjt_hand h;
    char *p = out;

    for (int i = 0; i < n; i++) {
        counts[9 * suit + digits[i]]++;
        *p++ = (char)('1' + digits[i]);
    }
    *p++ = ':';
    *p++ = '\n';
    if (mjt_hand_from_counts(&h, counts, NULL, NULL) != MJT_OK ||
        mjt_shapes(t, &h, e, MJT_MAX_SHAPES, &ne) != MJT_OK)
        return 0;
    for (size_t i = 0; i < ne; i++) {
        uint8_t line[LINE_BLOCKS];
        int at = 0, cmp = 1;
        if (e[i].shape > MJT_RYANMEN)
            continue; /* seven pairs or thirteen orphans */
        width = line_of(&e[i], line);
        while (at < nl && (cmp = memcmp(lines[at], line, width)) < 0)
            at++;
        if (at < nl && cmp == 0)
            continue; /* the same arrangement, another winning tile */
        memmove(lines[at + 1], lines[at], (size_t)(nl - at) * LINE_BLOCKS);
        memcpy(lines[at], line, LINE_BLOCKS);
        nl++;
    }
    if (nl == 0) {
        memcpy(p, "(none)\n", 7);
        return (size_t)(p + 7 - out);
    }
    for (int i = 0; i < nl; i++) {
        p += cli_blocks_text(lines[i], width, p);
        *p++ = '\n';
    }
    return (size_t)(p - out);
}

/* ==== The whole listing ==== */

#define ONE_SUIT_HANDS 93600u
#define ONE_SUIT_TILES 13

/* Every one-suit hand of 13 tiles as its sorted ranks, in increasing
 * order: a depth-first walk that tries the smaller rank first. */
static void all_hands(uint8_t (*out)[ONE_SUIT_TILES], size_t *len, uint8_t *cur,
                      int pos, int from, uint8_t *held)
{
    if (pos == ONE_SUIT_TILES) {
        memcpy(out[(*len)++], cur, ONE_SUIT_TILES);
        return;
    }
    for (int r = from; r < 9; r++)
        if (held[r] < 4) {
            cur[pos] = (uint8_t)r;
            held[r]++;
            all_hands(out, len, cur, pos + 1, r, held);
            held[r]--;
        }
}

typedef struct lister {
    const mjt_tables *t;
    const uint8_t (*hands)[ONE_SUIT_TILES];
    unsigned k, n;
    char *buf;   /* this thread's text */
    size_t *end; /* end of its j-th hand's text in buf */
    int failed;
} lister;

static void *list_share(void *arg)
{
    lister *l = arg;
    size_t hands = (ONE_SUIT_HANDS - l->k + l->n - 1) / l->n, used = 0;

    l->buf = malloc(hands * LISTING_MAX);
    l->end = malloc(hands * sizeof *l->end);
    if (l->buf == NULL || l->end == NULL) {
        l->failed = 1;
        return NULL;
    }
    for (size_t j = 0; j < hands; j++) {
        size_t len = listing(l->t, 0, l->hands[l->k + j * l->n], ONE_SUIT_TILES,
                             l->buf + used);
        if (len == 0) {
            l->failed = 1;
            break;
        }
        used += len;
        l->end[j] = used;
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
    uint8_t(*hands)[ONE_SUIT_TILES] = malloc(ONE_SUIT_HANDS * sizeof *hands);
    uint8_t cur[ONE_SUIT_TILES], held[9] = {0};
    size_t len = 0;
    lister ls[64];
    pthread_t tid[64];
    unsigned started = 0;
    int rc = 0;

    if (hands == NULL) {
        fprintf(stderr, "%s: waits: out of memory\n", cli_prog);
        return 1;
    }
    all_hands(hands, &len, cur, 0, 0, held);
    for (unsigned k = 0; k < n; k++) {
        ls[k] = (lister){
            t, (const uint8_t(*)[ONE_SUIT_TILES])hands, k, n, NULL, NULL, 0};
        if (pthread_create(&tid[k], NULL, list_share, &ls[k]) != 0)
            break;
        started++;
    }
    for (unsigned k = 0; k < started; k++) {
        pthread_join(tid[k], NULL);
        rc |= ls[k].failed;
    }
    if (started < n || rc || len != ONE_SUIT_HANDS) {
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
    free(hands);
    return rc;
}

/* ==== One hand at a time ==== */

/* The listing of one hand, which must be of one suit and 3k+1 tiles. */
static int listing_hand(const mjt_tables *t, const mjt_hand *h, const char *arg)
{
    int part = -1, n = 0;
    uint8_t digits[14];
    char out[LISTING_MAX];
    mjt_tiles held;

    if (mjt_hand_tiles(h, &held) != MJT_OK)
        return 1;
    for (int i = 0; i < MJT_KINDS; i++)
        if (held.counts[i] > 0) {
            if (part >= 0 && part != i / 9) {
                fprintf(stderr,
                        "%s: waits: %s: tiles of more than one suit "
                        "(--format countTiles lists one-suit hands)\n",
                        cli_prog, arg);
                return 2;
            }
            part = i / 9;
        }
    if (held.len % 3 != 1) {
        fprintf(stderr,
                "%s: waits: %s: %d tiles: the count must be 1 mod 3 "
                "(13 for the countTiles listing)\n",
                cli_prog, arg, held.len);
        return 2;
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0;
             part * 9 + r < MJT_KINDS && c < held.counts[9 * part + r]; c++)
            digits[n++] = (uint8_t)r;
    size_t len = listing(t, part, digits, n, out);
    if (len == 0) {
        fprintf(stderr, "%s: waits: %s: the library failed\n", cli_prog, arg);
        return 1;
    }
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
    if (mjt_shapes(t, h, e, MJT_MAX_SHAPES, &n) == MJT_OK && n == 0) {
        printf("not tenpai\n");
        return 0;
    }
    analysis a;
    if (analysis_of(t, h, NULL, &a) != 0)
        return 1;
    analysis_forms_text(stdout, &a);
    return 0;
}

static const cli_opt waits_opts[] = {{"tables", 0, 1},       {"format", 0, 1},
                                     {"all-one-suit", 0, 0}, {"jobs", 'j', 1},
                                     {"players", 0, 1},      {NULL, 0, 0}};

int cli_waits(int argc, char **argv, cli_globals *g)
{
    const char *tables = g->tables, *format = NULL, *jobs_text = NULL, *a;
    int as_listing = 0, all = 0, nhands = 0, rc = 0, k, players = g->players;
    long jobs = 1;
    mjt_hand hands[64];
    const char *text[64];
    cli_parser p;

    if (cli_refuse_globals(g, "waits", CLI_G_JSON | CLI_G_VISIBLE,
                           "(waits prints text)"))
        return 2;
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
                as_listing = 1;
            else if (!strcmp(a, "text"))
                as_listing = 0;
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
        } else if (k == 4) {
            if (cli_players("waits", a, &players) != 0)
                return 2;
        } else if (nhands == 64) {
            return cli_usage_error("waits: %s: at most 64 hands", a);
        } else if (mjt_hand_parse(&hands[nhands], a, strlen(a), NULL, &diag) !=
                   MJT_OK) {
            fprintf(stderr, "%s: waits: %.60s%s: %s\n", cli_prog, a,
                    strlen(a) > 60 ? "..." : "", diag.message);
            return 2;
        } else {
            text[nhands++] = a;
        }
    }
    if (all && format != NULL && !as_listing)
        return cli_usage_error("waits: --format %s: --all-one-suit prints "
                               "the countTiles listing only",
                               format);
    if (jobs_text != NULL && !all)
        return cli_usage_error("waits: -j %s: only --all-one-suit runs on "
                               "threads",
                               jobs_text);
    if (all && players == 3)
        return cli_usage_error("waits: %s", "--all-one-suit lists the "
                                            "four-player suit");
    for (int i = 0; i < nhands; i++)
        if (cli_hand_players("waits", text[i], &hands[i], players) != 0)
            return 2;
    if (tables == NULL)
        tables = cli_default_tables();
    if (all == (nhands > 0))
        return cli_usage_error("waits: %s", all ? "--all-one-suit takes no HAND"
                                                : "no HAND given");
    mjt_tables *t;
    mjt_diag diag;
    if (mjt_tables_open(&t, tables, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    if (all)
        rc = all_one_suit(t, (unsigned)jobs);
    for (int i = 0; i < nhands && rc == 0; i++)
        rc = as_listing ? listing_hand(t, &hands[i], text[i])
                        : shapes_hand(t, &hands[i], text[i]);
    mjt_tables_close(t);
    return rc;
}
