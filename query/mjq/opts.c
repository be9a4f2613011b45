/* SPDX-License-Identifier: MIT */
/*
 * mjq's options, one parser for every command, so that each takes them the
 * same way: `--name value` and `--name=value`, `-j 2` and `-j2`, options
 * before, between and after the arguments, `--` to end them, `-h` and
 * `--help` everywhere.  Each problem has its own message: an unknown
 * option, a missing value, a value given to an option that takes none.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_parser_init(cli_parser *p, int argc, char **argv, const char *cmd)
{
    p->argc = argc;
    p->argv = argv;
    p->i = 0;
    p->args_only = 0;
    p->cmd = cmd;
}

/* "mjq: CMD: " or "mjq: " before a usage message. */
static void prefix(const cli_parser *p)
{
    if (p->cmd != NULL)
        fprintf(stderr, "%s: %s: ", cli_prog, p->cmd);
    else
        fprintf(stderr, "%s: ", cli_prog);
}

static int bad(const cli_parser *p, const char *what, const char *opt,
               size_t len)
{
    prefix(p);
    fprintf(stderr, "%.*s: %s (try 'mjq %s%s--help')\n", (int)len, opt, what,
            p->cmd ? p->cmd : "", p->cmd ? " " : "");
    return CLI_BAD;
}

int cli_next(cli_parser *p, const cli_opt *opts, const char **value)
{
    for (;;) {
        if (p->i >= p->argc)
            return CLI_END;
        char *a = p->argv[p->i++];
        *value = a;
        /* no option starts with a digit: "-1" is a (negative) argument */
        if (p->args_only || a[0] != '-' || a[1] == '\0' ||
            (a[1] >= '0' && a[1] <= '9'))
            return CLI_ARG;
        if (!strcmp(a, "--")) {
            p->args_only = 1;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return CLI_HELP;
        int longopt = a[1] == '-';
        const char *name = a + (longopt ? 2 : 1);
        const char *eq = longopt ? strchr(name, '=') : NULL;
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        for (int k = 0; opts[k].name != NULL; k++) {
            const cli_opt *o = &opts[k];
            int match =
                longopt ? strlen(o->name) == len && !strncmp(o->name, name, len)
                        : o->letter != '\0' && name[0] == o->letter;
            if (!match)
                continue;
            const char *attached =
                longopt ? (eq ? eq + 1 : NULL) : (name[1] ? name + 1 : NULL);
            if (!o->takes_value) {
                if (attached != NULL)
                    return bad(p, "takes no value", a, longopt ? len + 2 : 2);
                *value = NULL;
                return k;
            }
            if (attached != NULL) {
                *value = attached;
                return k;
            }
            if (p->i >= p->argc)
                return bad(p, "needs a value", a, strlen(a));
            *value = p->argv[p->i++];
            return k;
        }
        return bad(p, "unknown option", a, longopt ? len + 2 : 2);
    }
}

int cli_add_visible(cli_globals *g, const char *text)
{
    mjt_diag diag;
    mjt_tiles seen;

    if (mjt_tiles_parse(&seen, text, strlen(text), &diag) != MJT_OK) {
        fprintf(stderr, "%s: --visible %s: %s\n", cli_prog, text, diag.message);
        return CLI_BAD;
    }
    for (int i = 0; i < MJT_KINDS; i++) {
        int n = g->visible[i] + seen.counts[i];
        if (n > 4) {
            fprintf(stderr,
                    "%s: --visible: tile %s seen %d times in all (at most "
                    "4)\n",
                    cli_prog, mjt_tile_name(i), n);
            return CLI_BAD;
        }
        g->visible[i] = (uint8_t)n;
    }
    for (int s = 0; s < 3; s++)
        g->visible_red[s] = (uint8_t)(g->visible_red[s] + seen.red[s]);
    g->has_visible = 1;
    return 0;
}

const cli_opt cli_global_opts[] = {{"tables", 0, 1},  {"json", 0, 0},
                                   {"visible", 0, 1}, {"version", 0, 0},
                                   {"players", 0, 1}, {NULL, 0, 0}};

int cli_players_value(const char *text, int *players)
{
    if (strcmp(text, "3") != 0 && strcmp(text, "4") != 0)
        return -1;
    *players = text[0] - '0';
    return 0;
}

int cli_players(const char *cmd, const char *text, int *players)
{
    if (cli_players_value(text, players) != 0) {
        fprintf(stderr,
                "%s: %s%s--players %.20s: a game has 3 or 4 players (try "
                "'mjq --help')\n",
                cli_prog, cmd ? cmd : "", cmd ? ": " : "", text);
        return CLI_BAD;
    }
    return 0;
}

int cli_hand_players(const char *cmd, const char *text, mjt_hand *h,
                     int players)
{
    mjt_diag diag;

    if (players == 0 || players == 4 ||
        mjt_hand_set_players(h, players, &diag) == MJT_OK)
        return 0;
    fprintf(stderr, "%s: %s%s%.60s%s: %s\n", cli_prog, cmd ? cmd : "",
            cmd ? ": " : "", text, strlen(text) > 60 ? "..." : "",
            diag.message);
    return CLI_BAD;
}

int cli_global(cli_globals *g, int k, const char *value)
{
    switch (k) {
    case CLI_OPT_TABLES:
        if (g->tables != NULL) {
            fprintf(stderr, "%s: --tables given twice\n", cli_prog);
            return CLI_BAD;
        }
        g->tables = value;
        return 0;
    case CLI_OPT_JSON:
        g->json = 1;
        return 0;
    case CLI_OPT_VISIBLE:
        return cli_add_visible(g, value);
    case CLI_OPT_PLAYERS:
        return cli_players(NULL, value, &g->players);
    }
    printf("mjq %s (libmjt %s, JSON %s, code path %s)\n", MJT_VERSION_STRING,
           mjt_version(), MJQ_JSON_VERSION, mjt_isa());
    return CLI_DONE;
}
