/* SPDX-License-Identifier: MIT */
/*
 * mjq rank, unrank and deal: sets of tiles by index (mjt_tiles_rank and
 * mjt_tiles_unrank), and random hands off a shuffled wall (mjt_deal: the
 * same seed gives the same hands on every machine).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* ==== Options ==== */

typedef struct hand_opts {
    int tiles, red, json, have_tiles, have_count, have_seed;
    uint64_t count, seed;
    int players;
} hand_opts;

/* A decimal u64 (no sign, no space); 0 on success. */
static int parse_u64(const char *a, uint64_t *out)
{
    char *end;
    if (a[0] < '0' || a[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(a, &end, 10);
    if (errno != 0 || *end != '\0')
        return -1;
    *out = v;
    return 0;
}

static const cli_opt hand_options[] = {
    {"tiles", 0, 1}, {"red", 0, 0},     {"count", 0, 1}, {"seed", 0, 1},
    {"json", 0, 0},  {"players", 0, 1}, {NULL, 0, 0}};

/*
 * Options of command cmd, whose arguments (hands, indexes) are collected
 * in args[0..*nargs-1].  0, or an exit status (*done set for --help).
 */
static int parse(int argc, char **argv, cli_globals *g, const char *cmd,
                 hand_opts *o, const char **args, int *nargs, int *done)
{
    cli_parser p;
    const char *a;
    char why[96];
    int k, legal = strcmp(cmd, "deal") == 0; /* hand sizes only */

    *o = (hand_opts){14, 0, g->json, 0, 0, 0, 1, 0, g->players};
    *nargs = *done = 0;
    if (cli_refuse_globals(g, cmd, CLI_G_TABLES | CLI_G_VISIBLE, NULL))
        return 2;
    cli_parser_init(&p, argc, argv, cmd);
    while ((k = cli_next(&p, hand_options, &a)) != CLI_END) {
        uint64_t v = 0;
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP) {
            *done = 1;
            return cli_help(cmd);
        }
        if (k == CLI_ARG) {
            if (*nargs == 4096)
                return cli_usage_error("%s: at most 4096 arguments", cmd);
            args[(*nargs)++] = a;
            continue;
        }
        if (k == 1) {
            o->red = 1;
            continue;
        }
        if (k == 4) {
            o->json = 1;
            continue;
        }
        if (k == 5) {
            if (cli_players(cmd, a, &o->players) != 0)
                return 2;
            continue;
        }
        if ((k == 2 || k == 3) && strcmp(cmd, "deal") != 0) {
            snprintf(why, sizeof why, "%s: --%s: only deal takes it", cmd,
                     k == 2 ? "count" : "seed");
            return cli_usage_error("%s", why);
        }
        if (k == 0 && !strcmp(cmd, "rank"))
            return cli_usage_error("%s", "rank: --tiles: a hand says how many");
        int bad = parse_u64(a, &v) != 0;
        if (k == 0 && (bad || v > 14 || (legal && (v == 0 || v % 3 == 0)))) {
            snprintf(why, sizeof why, "%s: --tiles %.20s: want %s", cmd, a,
                     legal ? "1 to 14 tiles, 1 or 2 mod 3" : "0 to 14 tiles");
            return cli_usage_error("%s", why);
        }
        if (bad) {
            snprintf(why, sizeof why, "%s: --%s %.20s: want a whole number",
                     cmd, k == 2 ? "count" : "seed", a);
            return cli_usage_error("%s", why);
        }
        if (k == 0)
            o->tiles = (int)v, o->have_tiles = 1;
        else if (k == 2)
            o->count = v, o->have_count = 1;
        else
            o->seed = v, o->have_seed = 1;
    }
    if (o->players == 3 && strcmp(cmd, "deal") != 0)
        return cli_usage_error("%s: --players 3: ranks are of four-player "
                               "sets of tiles",
                               cmd);
    return 0;
}

static void print_set(const mjt_tiles *t, uint64_t index, uint64_t of, int json)
{
    char text[192];
    mjt_tiles_format(t, text, sizeof text);
    if (json)
        printf("{\"hand\":\"%s\",\"tiles\":%d,\"index\":\"%llu\","
               "\"of\":\"%llu\"}\n",
               text, t->len, (unsigned long long)index, (unsigned long long)of);
    else
        printf("%s\n", text);
}

/* ==== rank and unrank ==== */

int cli_rank(int argc, char **argv, cli_globals *g)
{
    static const char *args[4096];
    hand_opts o;
    int n, done, rc = parse(argc, argv, g, "rank", &o, args, &n, &done);
    unsigned flags = o.red ? MJT_RANK_RED : 0;

    if (rc != 0 || done)
        return rc;
    if (n == 0)
        return cli_usage_error("rank: %s", "no HAND given");
    for (int i = 0; i < n; i++) {
        mjt_tiles t;
        mjt_diag diag;
        uint64_t index;
        if (mjt_tiles_parse(&t, args[i], strlen(args[i]), &diag) != MJT_OK) {
            fprintf(stderr, "%s: rank: %.60s: %s\n", cli_prog, args[i],
                    diag.message);
            return 2;
        }
        rc = t.len > 14 ? MJT_ECOUNT : mjt_tiles_rank(&t, flags, &index);
        if (rc != MJT_OK) {
            fprintf(stderr, "%s: rank: %.60s: %s\n", cli_prog, args[i],
                    rc == MJT_ECOUNT ? "more than 14 tiles"
                    : rc == MJT_ECOPIES
                        ? "two red fives of a suit (--red: one each)"
                        : mjt_strerror(rc));
            return 2;
        }
        if (o.json)
            print_set(&t, index, mjt_tiles_count(t.len, flags), 1);
        else
            printf("%llu\n", (unsigned long long)index);
    }
    return 0;
}

int cli_unrank(int argc, char **argv, cli_globals *g)
{
    static const char *args[4096];
    hand_opts o;
    int n, done, rc = parse(argc, argv, g, "unrank", &o, args, &n, &done);
    unsigned flags = o.red ? MJT_RANK_RED : 0;

    if (rc != 0 || done)
        return rc;
    if (!o.have_tiles)
        return cli_usage_error("unrank: %s", "--tiles N is needed");
    if (n == 0)
        return cli_usage_error("unrank: %s", "no INDEX given");
    uint64_t of = mjt_tiles_count(o.tiles, flags);
    for (int i = 0; i < n; i++) {
        uint64_t index;
        mjt_tiles t;
        if (parse_u64(args[i], &index) != 0 || index >= of) {
            fprintf(stderr,
                    "%s: unrank: %.40s: not an index of %d tiles%s (0 to "
                    "%llu)\n",
                    cli_prog, args[i], o.tiles, o.red ? " with red fives" : "",
                    (unsigned long long)(of - 1));
            return 2;
        }
        if (mjt_tiles_unrank(&t, o.tiles, index, flags) != MJT_OK) {
            fprintf(stderr, "%s: unrank: the library failed\n", cli_prog);
            return 1;
        }
        print_set(&t, index, of, o.json);
    }
    return 0;
}

/* ==== deal ==== */

int cli_deal(int argc, char **argv, cli_globals *g)
{
    static const char *args[4096];
    hand_opts o;
    int n, done, rc = parse(argc, argv, g, "deal", &o, args, &n, &done);
    mjt_dealer dealer;
    mjt_rules rules;

    if (rc != 0 || done)
        return rc;
    if (n > 0)
        return cli_usage_error("deal: %s: takes no argument", args[0]);
    if (!o.have_seed)
        o.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    mjt_rules_init(&rules, o.players);
    if (mjt_dealer_init(&dealer, o.seed, &rules, o.red ? MJT_DEAL_RED : 0) !=
        MJT_OK) {
        fprintf(stderr, "%s: deal: the library failed\n", cli_prog);
        return 1;
    }
    for (uint64_t h = 0; h < o.count; h++) {
        mjt_tiles t;
        if (mjt_deal(&dealer, o.tiles, &t) != MJT_OK) {
            fprintf(stderr, "%s: deal: the library failed\n", cli_prog);
            return 1;
        }
        char text[64];
        mjt_tiles_format(&t, text, sizeof text);
        if (o.json && o.players == 3)
            printf("{\"hand\":\"%s\",\"players\":3}\n", text);
        else if (o.json)
            printf("{\"hand\":\"%s\"}\n", text);
        else
            printf("%s\n", text);
        if (ferror(stdout))
            return 1; /* main reports it */
    }
    return 0;
}
