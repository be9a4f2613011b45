/* SPDX-License-Identifier: MIT */
/*
 * mjq rank, unrank and deal: sets of tiles by index (mjt_tiles_rank and
 * mjt_tiles_unrank), and random hands off a shuffled wall.
 *
 * deal draws each hand by a partial Fisher-Yates shuffle of one wall of
 * 136 physical tiles (108 with three players, no 2m to 8m): the first N
 * places of a uniform shuffle are a
 * uniform set of N tiles, and the wall is left as it was shuffled for the
 * next hand.  The generator is SplitMix64, whose output is fixed by its
 * definition, and a draw below n rejects the top 2^64 mod n values rather
 * than taking a biased remainder: the same seed gives the same hands on
 * every machine.
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
    if (g->tables != NULL || g->has_visible)
        return cli_usage_error("%s: --tables and --visible do not apply", cmd);
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

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform below n (n > 0), without the bias of a plain remainder. */
static uint64_t below(uint64_t *s, uint64_t n)
{
    uint64_t limit = -n % n; /* 2^64 mod n: the values to reject */
    uint64_t r;
    do
        r = splitmix64(s);
    while (r < limit);
    return r % n;
}

int cli_deal(int argc, char **argv, cli_globals *g)
{
    static const char *args[4096];
    hand_opts o;
    int n, done, rc = parse(argc, argv, g, "deal", &o, args, &n, &done);
    uint8_t wall[136];
    int size = 0;

    if (rc != 0 || done)
        return rc;
    if (n > 0)
        return cli_usage_error("deal: %s: takes no argument", args[0]);
    if (!o.have_seed)
        o.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    /* tile ids, four of a kind (no 2m to 8m with three players); with
     * --red one five of each suit there is red */
    for (int i = 0; i < 136; i++) {
        int kind = i / 4, absent = o.players == 3 && kind >= 1 && kind <= 7;
        if (!absent)
            wall[size++] =
                (uint8_t)(o.red && i % 4 == 0 && kind < 27 && kind % 9 == 4
                              ? MJT_KINDS + kind / 9
                              : kind);
    }
    uint64_t state = o.seed;
    for (uint64_t h = 0; h < o.count; h++) {
        mjt_tiles t;
        memset(&t, 0, sizeof t);
        for (int i = 0; i < o.tiles; i++) {
            int j = i + (int)below(&state, (uint64_t)(size - i));
            uint8_t x = wall[i];
            wall[i] = wall[j];
            wall[j] = x;
            t.counts[MJT_KIND_OF(wall[i])]++;
            if (wall[i] >= MJT_KINDS)
                t.red[wall[i] - MJT_KINDS]++;
        }
        t.len = (uint8_t)o.tiles;
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
