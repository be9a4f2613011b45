/* SPDX-License-Identifier: MIT */
/*
 * mjq: the command line face of libmjt.
 *
 *   mjq [--tables PATH] [--json] [--visible TILES] [HAND...]   analysis
 *   mjq waits [--format text|countTiles] HAND... | --all-one-suit
 *   mjq dump [--tables PATH] PATTERN                           one record
 *   mjq info [--verify] [PATH]                                 meta record
 *   mjq diff [--json] [--max N] [--full] OLD NEW               table diff
 *   mjq help [COMMAND]
 *
 * The options before a command apply to it (opts.c parses them all);
 * the help texts are in help.c.
 * Exit 0 on success, 1 on a runtime failure (or a bad line in batch mode),
 * 2 on a usage error.  Messages go to stderr as "mjq: context: problem".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mjt.h"

static int cmd_dump(int argc, char **argv, cli_globals *g);
static int cmd_info(int argc, char **argv, cli_globals *g);
static int cmd_help(int argc, char **argv, cli_globals *g);

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv, cli_globals *g);
} commands[] = {
    {"waits", cli_waits}, {"dump", cmd_dump},     {"info", cmd_info},
    {"diff", cli_diff},   {"stats", cli_stats},   {"enumerate", cli_enumerate},
    {"rank", cli_rank},   {"unrank", cli_unrank}, {"deal", cli_deal},
    {"serve", cli_serve}, {"help", cmd_help},     {"prob", cli_prob},
    {"score", cli_score},
};

static const struct command *command_named(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

/* The edit distance of a and b (insertions, deletions, substitutions,
 * and swaps of neighbours), for words of at most 31 letters. */
static int distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    int d[32][32];

    if (n > 31 || m > 31)
        return 99;
    for (size_t i = 0; i <= n; i++)
        for (size_t j = 0; j <= m; j++) {
            if (i == 0 || j == 0) {
                d[i][j] = (int)(i + j);
                continue;
            }
            int x = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            x = d[i - 1][j] + 1 < x ? d[i - 1][j] + 1 : x;
            x = d[i][j - 1] + 1 < x ? d[i][j - 1] + 1 : x;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                x = d[i - 2][j - 2] + 1 < x ? d[i - 2][j - 2] + 1 : x;
            d[i][j] = x;
        }
    return d[n][m];
}

/* A first word that is a command mistyped, not a hand: a short word of
 * letters (and hyphens) alone, which no hand is.  Reported with the
 * nearest command, when one is near. */
static int unknown_command(const char *word)
{
    const char *best = NULL;
    int best_d = 3;
    size_t len = strlen(word);

    if (len < 2 || len > 16 ||
        strspn(word, "abcdefghijklmnopqrstuvwxyz-") != len)
        return 0;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        int d = distance(word, commands[i].name);
        if (strncmp(commands[i].name, word, strlen(word)) == 0)
            d = 1; /* a prefix: "enum" */
        if (d < best_d)
            best_d = d, best = commands[i].name;
    }
    if (best != NULL)
        fprintf(stderr,
                "%s: unknown command '%s'; did you mean '%s'? (try "
                "'mjq help')\n",
                cli_prog, word, best);
    else
        fprintf(stderr,
                "%s: unknown command '%s' (try 'mjq help'; a hand "
                "is tiles such as 123m456p789s1122z)\n",
                cli_prog, word);
    return 1;
}

/* mjq help [COMMAND]. */
static int cmd_help(int argc, char **argv, cli_globals *g)
{
    (void)g;
    if (argc > 1)
        return cli_usage_error("help: %s: one COMMAND at most", argv[1]);
    if (argc == 1 && command_named(argv[0]) == NULL)
        return cli_usage_error("help: %s: no such command", argv[0]);
    return cli_help(argc ? argv[0] : NULL);
}

/* ==== dump and info ==== */

static const cli_opt dump_opts[] = {{"tables", 0, 1}, {NULL, 0, 0}};

static int cmd_dump(int argc, char **argv, cli_globals *g)
{
    const char *path = NULL, *pattern = NULL, *a;
    mjt_tiles set;
    mjt_file *f;
    mjt_record rec;
    mjt_diag diag;
    int rc;

    cli_parser p;
    cli_parser_init(&p, argc, argv, "dump");
    while ((rc = cli_next(&p, dump_opts, &a)) != CLI_END) {
        if (rc == CLI_BAD)
            return 2;
        if (rc == CLI_HELP)
            return cli_help("dump");
        if (rc == 0 && (path != NULL || g->tables != NULL))
            return cli_usage_error("dump: %s", "--tables given twice");
        if (rc == 0)
            path = a;
        else if (pattern == NULL)
            pattern = a;
        else
            return cli_usage_error("dump: %s: one pattern only", a);
    }
    if (g->has_visible || g->players)
        return cli_usage_error("dump: %s", "--visible and --players do not "
                                           "apply");
    if (path == NULL)
        path = g->tables ? g->tables : cli_default_tables();
    if (pattern == NULL)
        return cli_usage_error("dump: %s", "no PATTERN given");
    if (path == NULL)
        return cli_no_tables();
    if (mjt_tiles_parse(&set, pattern, strlen(pattern), &diag) != MJT_OK) {
        fprintf(stderr, "%s: dump: %s: %s\n", cli_prog, pattern, diag.message);
        return 2;
    }
    if ((rc = mjt_file_open(&f, path, &diag)) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    rc = mjt_file_record(f, &set, &rec, &diag);
    mjt_file_close(f);
    if (rc == MJT_EINVAL) {
        fprintf(stderr, "%s: dump: %s: %s\n", cli_prog, pattern, diag.message);
        return 2;
    }
    if (rc != MJT_OK) {
        fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
        return 1;
    }
    char text[64];
    mjt_tiles_format(&set, text, sizeof text);
    printf("{\"pattern\":\"%s\",\"key\":\"0x%016llx\",\"tiles\":%d,"
           "\"slots\":[",
           text, (unsigned long long)rec.key, rec.tiles);
    for (int s = 0; s < MJT_SLOTS; s++) {
        char need[10], excess[10];
        cli_mask_digits(rec.slot[s].need, need);
        cli_mask_digits(rec.slot[s].excess, excess);
        printf("%s{\"melds\":%d,\"pair\":%d,\"deficit\":%d,\"need\":\"%s\","
               "\"excess\":\"%s\"}",
               s ? "," : "", s / 2, s % 2, rec.slot[s].deficit, need, excess);
    }
    printf("]}\n");
    return 0;
}

/* The widest key, so that the values line up however long the keys. */
static void widest_key(void *ctx, const char *k, size_t klen, const char *v,
                       size_t vlen)
{
    int *w = ctx;
    (void)k, (void)v, (void)vlen;
    if ((int)klen > *w)
        *w = (int)klen;
}

static void print_meta(void *ctx, const char *k, size_t klen, const char *v,
                       size_t vlen)
{
    printf("%-*.*s %.*s\n", *(int *)ctx, (int)klen, k, (int)vlen, v);
}

static const cli_opt info_opts[] = {{"verify", 0, 0}, {NULL, 0, 0}};

static int cmd_info(int argc, char **argv, cli_globals *g)
{
    const char *path = g->tables, *a;
    mjt_file *f;
    mjt_diag diag;
    int verify = 0, rc = 0, k;
    cli_parser p;

    cli_parser_init(&p, argc, argv, "info");
    while ((k = cli_next(&p, info_opts, &a)) != CLI_END) {
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help("info");
        if (k == 0)
            verify = 1;
        else if (path != NULL)
            return cli_usage_error("info: %s: one file only", a);
        else
            path = a;
    }
    if (cli_refuse_globals(g, "info",
                           CLI_G_JSON | CLI_G_VISIBLE | CLI_G_PLAYERS, NULL))
        return 2;
    if (path == NULL)
        path = cli_default_tables();
    if (path == NULL)
        return cli_no_tables();
    if (mjt_file_open(&f, path, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    int width = 5; /* "bytes" */
    mjt_file_meta_each(f, widest_key, &width);
    printf("%-*s %s\n", width, "file", path);
    printf("%-*s %lld\n", width, "bytes", mjt_file_size(f));
    mjt_file_meta_each(f, print_meta, &width);
    if (verify)
        rc = cli_verify(f);
    mjt_file_close(f);
    return rc;
}

/*
 * The options before a command (or before the first hand) apply to what
 * follows; then the command, or the analysis, reads the rest.
 */
static int dispatch(int argc, char **argv)
{
    cli_globals g;
    cli_parser p;
    const char *a = NULL;
    int k = CLI_END;

    memset(&g, 0, sizeof g);
    cli_parser_init(&p, argc - 1, argv + 1, NULL);
    /* an option of the analysis alone (--prob ...) starts the analysis */
    int analysis = 0;
    while (!(analysis = p.i < p.argc && cli_analysis_opt(p.argv[p.i])) &&
           (k = cli_next(&p, cli_global_opts, &a)) >= 0) {
        int rc = cli_global(&g, k, a);
        if (rc != 0)
            return rc == CLI_DONE ? 0 : 2;
    }
    if (analysis)
        return cli_analyze(p.argc - p.i, p.argv + p.i, &g);
    if (k == CLI_BAD)
        return 2;
    if (k == CLI_HELP)
        return cli_help(NULL);
    const struct command *c =
        k == CLI_ARG && !p.args_only ? command_named(a) : NULL;
    if (c == NULL && k == CLI_ARG && !p.args_only && unknown_command(a))
        return 2;
    if (c != NULL)
        cli_cmd = c->name;
    if (c == NULL) { /* hands, from the first one on */
        int from = k == CLI_ARG ? p.i - 1 : p.i;
        return cli_analyze(p.argc - from, p.argv + from, &g);
    }
    return c->run(p.argc - p.i, p.argv + p.i, &g);
}

/* Every command's output is checked once it is all written: a full disk
 * or a closed file is a failure (exit 1), never a silent success.  A
 * closed pipe ends mjq by SIGPIPE before this, quietly, as it does other
 * tools. */
int main(int argc, char **argv)
{
    int rc = dispatch(argc, argv);

    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the output: %s\n", cli_prog,
                strerror(errno));
        return 1;
    }
    return rc;
}
