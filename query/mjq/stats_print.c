/* SPDX-License-Identifier: MIT */
/*
 * mjq stats [--tiles N] [--count dealt|distinct] [--json]: the counts of
 * mjt_stats_exact (and of mjq enumerate), as text for people or as one JSON
 * object whose integers are strings (they exceed what a double holds exactly).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "progress.h"
#include "stats.h"

/* ==== 128-bit numbers as text ==== */

/* v in decimal into buf (40 bytes); returns buf. */
static const char *u128_text(u128 v, char buf[40])
{
    char *p = buf + 39;
    *p = '\0';
    do {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    return p;
}

static u128 gcd(u128 a, u128 b)
{
    while (b != 0) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* num/den (den > 0; num negative when neg) as "a/b" in lowest terms and
 * as a decimal rounded to 12 places. */
typedef struct ratio {
    char exact[84], decimal[48];
} ratio;

static void ratio_of(u128 num, int neg, u128 den, ratio *out)
{
    char a[40], b[40], ip[40];
    u128 g = gcd(num, den);
    if (g == 0)
        g = 1;
    snprintf(out->exact, sizeof out->exact, "%s%s/%s", neg && num ? "-" : "",
             u128_text(num / g, a), u128_text(den / g, b));
    const u128 scale = 1000000000000u; /* 10^12 */
    u128 q = (num * scale * 2 + den) / (2 * den);
    snprintf(out->decimal, sizeof out->decimal, "%s%s.%012llu",
             neg && q ? "-" : "", u128_text(q / scale, ip),
             (unsigned long long)(q % scale));
}

/* ==== Output ==== */

/* The kinds of a game of `players` players, as bits: no 2m to 8m with
 * three. */
static uint64_t game_kinds(int players)
{
    uint64_t all = (UINT64_C(1) << MJT_KINDS) - 1;
    return players == 3 ? all & ~(UINT64_C(0x7F) << 1) : all;
}

static const char *const form_names[4] = {"standard", "chiitoitsu", "kokushi",
                                          "overall"};

typedef struct view {
    const mjt_stats *r;
    int c; /* 0 dealt, 1 distinct */
} view;

static void mean_of(const view *v, ratio *out)
{
    u128 s = cli_u128(v->r->shanten_sum[v->c]), t = cli_u128(v->r->total[v->c]);
    /* mean = s/t - 1 */
    ratio_of(s >= t ? s - t : t - s, s < t, t, out);
}

static int applies(const view *v, int form)
{
    return form == 0 || form == 3 || v->r->tiles >= 13;
}

static u128 complete_of(const view *v, int which)
{
    u128 n = 0;
    for (int comp = 1; comp < 8; comp++) {
        int in = which == 0   ? comp & 1
                 : which == 1 ? comp & 2
                 : which == 2 ? (comp & 3) == 3
                 : which == 3 ? comp & 4
                              : 1;
        if (in)
            n += cli_u128(v->r->complete[v->c][comp]);
    }
    return n;
}

static const char *const complete_names[5] = {"standard", "chiitoitsu", "both",
                                              "kokushi", "any"};

static void print_json(const view *v)
{
    const mjt_stats *r = v->r;
    char a[40];
    ratio m;

    printf("{\"tiles\":%d,\"players\":%d,%s\"count\":\"%s\","
           "\"total\":\"%s\"",
           r->tiles, r->players, r->one_suit ? "\"one_suit\":true," : "",
           v->c ? "distinct" : "dealt", u128_text(cli_u128(r->total[v->c]), a));
    static const int order[4] = {3, 0, 1, 2}; /* overall first */
    for (int i = 0; i < 4; i++) {
        int x = order[i];
        printf(",\"%s\":", form_names[x]);
        if (!applies(v, x)) {
            printf("null");
        } else {
            const char *sep = "{";
            for (int s = 0; s < 16; s++)
                if (cli_u128(r->dist[v->c][x][s]) != 0) {
                    printf("%s\"%d\":\"%s\"", sep, s - 1,
                           u128_text(cli_u128(r->dist[v->c][x][s]), a));
                    sep = ",";
                }
            printf("}");
        }
    }
    mean_of(v, &m);
    printf(",\"mean\":{\"exact\":\"%s\",\"decimal\":\"%s\"}", m.exact,
           m.decimal);
    if (r->tiles % 3 == 2) {
        printf(",\"complete\":{");
        for (int i = 0; i < 5; i++)
            printf("%s\"%s\":\"%s\"", i ? "," : "", complete_names[i],
                   u128_text(complete_of(v, i), a));
        printf("}");
    } else {
        ratio_of(cli_u128(r->ukeire_sum[v->c]), 0, cli_u128(r->total[v->c]),
                 &m);
        printf(",\"ukeire_mean\":{\"exact\":\"%s\",\"decimal\":\"%s\"}",
               m.exact, m.decimal);
        printf(",\"waiting_on\":{");
        uint64_t kinds = game_kinds(r->players);
        for (int k = 0; k < 34; k++) {
            if (!(kinds >> k & 1))
                continue;
            printf("%s\"%s\":{", k ? "," : "", mjt_tile_name(k));
            for (int f = 0; f < 3; f++)
                printf("%s\"%s\":\"%s\"", f ? "," : "", form_names[f],
                       u128_text(cli_u128(r->waiting[k][v->c][f]), a));
            printf("}");
        }
        printf("}");
    }
    printf("}\n");
}

static void print_text(const view *v)
{
    const mjt_stats *r = v->r;
    char a[40], b[40], c[40], d[40];
    ratio m;

    printf("%d tile%s%s%s, %s: %s hands\n\n", r->tiles,
           r->tiles == 1 ? "" : "s", r->one_suit ? " of the manzu alone" : "",
           r->players == 3 ? ", three players" : "",
           v->c              ? "distinct hands (count vectors)"
           : r->players == 3 ? "dealt hands (sets of tiles out of 108)"
                             : "dealt hands (sets of tiles out of 136)",
           u128_text(cli_u128(r->total[v->c]), a));
    printf("%-8s %20s %20s %20s %20s\n", "shanten", "overall", "standard",
           "chiitoitsu", "kokushi");
    for (int s = 0; s < 16; s++) {
        int any = 0;
        for (int x = 0; x < 4; x++)
            any |= cli_u128(r->dist[v->c][x][s]) != 0;
        if (!any)
            continue;
        printf(
            "%-8d %20s %20s %20s %20s\n", s - 1,
            u128_text(cli_u128(r->dist[v->c][3][s]), a),
            u128_text(cli_u128(r->dist[v->c][0][s]), b),
            applies(v, 1) ? u128_text(cli_u128(r->dist[v->c][1][s]), c) : "-",
            applies(v, 2) ? u128_text(cli_u128(r->dist[v->c][2][s]), d) : "-");
    }
    mean_of(v, &m);
    printf("\nmean shanten  %s (%s)\n", m.decimal, m.exact);
    if (r->tiles % 3 == 2) {
        printf("complete     ");
        for (int i = 0; i < 5; i++)
            printf(" %s %s%s", complete_names[i],
                   u128_text(complete_of(v, i), a), i < 4 ? "," : "\n");
        return;
    }
    ratio_of(cli_u128(r->ukeire_sum[v->c]), 0, cli_u128(r->total[v->c]), &m);
    printf("mean effective tiles  %s (%s)\n", m.decimal, m.exact);
    printf("\ntenpai hands each tile completes\n%-4s %20s %20s %20s\n", "tile",
           "standard", "chiitoitsu", "kokushi");
    for (int k = 0; k < 34; k++)
        if (game_kinds(r->players) >> k & 1)
            printf("%-4s %20s %20s %20s\n", mjt_tile_name(k),
                   u128_text(cli_u128(r->waiting[k][v->c][0]), a),
                   u128_text(cli_u128(r->waiting[k][v->c][1]), b),
                   u128_text(cli_u128(r->waiting[k][v->c][2]), c));
}

void stats_print(const mjt_stats *r, int count, int json)
{
    view v = {r, count};
    if (json)
        print_json(&v);
    else
        print_text(&v);
}

/* ==== The command ==== */

static const cli_opt stats_options[] = {
    {"tables", 0, 1},   {"tiles", 0, 1},    {"count", 0, 1},   {"json", 0, 0},
    {"jobs", 'j', 1},   {"one-suit", 0, 0}, {"part", 0, 1},    {"merge", 0, 0},
    {"by-query", 0, 0}, {"players", 0, 1},  {"quiet", 'q', 0}, {NULL, 0, 0}};

/* --part K/N; 0, or -1 when malformed. */
static int parse_part(const char *a, stats_opts *o)
{
    char *end;
    long k = strtol(a, &end, 10);
    if (end == a || *end != '/' || end[1] < '0' || end[1] > '9')
        return -1;
    long n = strtol(end + 1, &end, 10);
    if (*end != '\0' || n < 1 || n > 1000000 || k < 1 || k > n)
        return -1;
    o->part = (int)k;
    o->parts = (int)n;
    return 0;
}

/* The option k with value a, for cmd: 0 or an exit status. */
static int stats_option(int k, const char *a, const char *cmd, stats_opts *o)
{
    char why[112];
    char *end;
    int enumerate = !strcmp(cmd, "enumerate");

    if ((k == 4 || k == 6) && !enumerate) {
        snprintf(why, sizeof why, "%s: %s: only enumerate takes it", cmd,
                 k == 4 ? "-j" : "--part");
        return cli_usage_error("%s", why);
    }
    if (k == 7 && enumerate)
        return cli_usage_error("%s", "enumerate: --merge: stats merges parts");
    if (k == 8 && !enumerate)
        return cli_usage_error("%s: --by-query: only enumerate takes it", cmd);
    switch (k) {
    case 0:
        if (o->tables != NULL)
            return cli_usage_error("%s: --tables given twice", cmd);
        o->tables = a;
        return 0;
    case 1:
    case 4: {
        long n = strtol(a, &end, 10);
        if (*end != '\0' || a[0] == '\0')
            n = -1;
        if (k == 1 && (n < 1 || n > 14 || n % 3 == 0)) {
            snprintf(why, sizeof why,
                     "%s: --tiles %.20s: want 1 to 14 tiles, 1 or 2 mod 3", cmd,
                     a);
            return cli_usage_error("%s", why);
        }
        if (k == 4 && (n < 1 || n > 64)) {
            snprintf(why, sizeof why, "%s: -j %.20s: want 1 to 64", cmd, a);
            return cli_usage_error("%s", why);
        }
        *(k == 1 ? &o->tiles : &o->jobs) = (int)n;
        o->have_tiles |= k == 1;
        return 0;
    }
    case 2:
        if (strcmp(a, "dealt") != 0 && strcmp(a, "distinct") != 0) {
            snprintf(why, sizeof why,
                     "%s: --count %.20s: want dealt or distinct", cmd, a);
            return cli_usage_error("%s", why);
        }
        o->count = !strcmp(a, "distinct");
        return 0;
    case 3:
        o->json = 1;
        return 0;
    case 5:
        o->one_suit = 1;
        return 0;
    case 6:
        if (parse_part(a, o) == 0)
            return 0;
        snprintf(why, sizeof why,
                 "%s: --part %.20s: want K/N, 1 <= K <= N (1/4, 2/4, ...)", cmd,
                 a);
        return cli_usage_error("%s", why);
    case 7:
        o->merge = 1;
        return 0;
    case 9:
        return cli_players(cmd, a, &o->players) == 0 ? 0 : 2;
    case 10:
        o->quiet = 1;
        return 0;
    default:
        o->by_query = 1;
        return 0;
    }
}

int stats_parse(int argc, char **argv, cli_globals *g, const char *cmd,
                stats_opts *o, int *done)
{
    static char *files[4096];
    const char *a;
    cli_parser p;
    int k;

    memset(o, 0, sizeof *o);
    o->tables = g->tables;
    o->tiles = 14;
    o->json = g->json;
    o->jobs = 1;
    o->players = g->players;
    o->files = files;
    *done = 0;
    if (g->has_visible)
        return cli_usage_error("%s: --visible does not apply", cmd);
    cli_parser_init(&p, argc, argv, cmd);
    while ((k = cli_next(&p, stats_options, &a)) != CLI_END) {
        int rc;
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP) {
            *done = 1;
            return cli_help(cmd);
        }
        if (k == CLI_ARG) {
            if (o->nfiles == 4096)
                return cli_usage_error("%s: at most 4096 files", cmd);
            o->files[o->nfiles++] = (char *)a;
            continue;
        }
        if ((rc = stats_option(k, a, cmd, o)) != 0)
            return rc;
    }
    if (o->nfiles > 0 && !o->merge) {
        char why[112];
        snprintf(why, sizeof why,
                 "%s: %.40s: takes no argument (--merge takes files)", cmd,
                 o->files[0]);
        return cli_usage_error("%s", why);
    }
    if (o->merge && o->nfiles == 0)
        return cli_usage_error("%s: --merge: no FILE given", cmd);
    if (o->merge && (o->have_tiles || o->one_suit || o->players))
        return cli_usage_error("%s: --merge: the parts say which hands", cmd);
    if (o->one_suit && o->players == 3)
        return cli_usage_error("%s: --one-suit: the hands of the manzu alone "
                               "are four-player ones",
                               cmd);
    if (o->players == 0)
        o->players = 4;
    if (o->tables == NULL)
        o->tables = cli_default_tables();
    return 0;
}

int cli_stats(int argc, char **argv, cli_globals *g)
{
    stats_opts o;
    int done, rc = stats_parse(argc, argv, g, "stats", &o, &done);
    if (rc != 0 || done)
        return rc;

    mjt_stats *r = malloc(sizeof *r);
    if (r == NULL) {
        fprintf(stderr, "%s: stats: out of memory\n", cli_prog);
        return 1;
    }
    if (o.merge) {
        if ((rc = parts_merge(o.files, o.nfiles, r)) == 0)
            stats_print(r, o.count, o.json);
        free(r);
        return rc;
    }

    mjt_tables *t;
    mjt_diag diag;
    mjt_rules rules;
    if (mjt_tables_open(&t, o.tables, &diag) != MJT_OK) {
        free(r);
        return cli_tables_error(diag.code, diag.message);
    }
    mjt_rules_init(&rules, o.players);
    mjt_work work;
    progress bar;
    progress_start(&bar, &work, "stats", "steps", o.quiet);
    rc = mjt_stats_exact(t, &rules, o.tiles,
                         o.one_suit ? MJT_STATS_ONE_SUIT : 0, r, &work, &diag);
    progress_end(&bar);
    mjt_tables_close(t);
    if (rc != MJT_OK) {
        fprintf(stderr, "%s: stats: %s\n", cli_prog, diag.message);
        free(r);
        return 1;
    }
    stats_print(r, o.count, o.json);
    free(r);
    return 0;
}
