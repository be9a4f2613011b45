/* SPDX-License-Identifier: MIT */
/*
 * mjq's hand analysis: what a hand analysis page shows, as text for people
 * or one JSON object a line for programs, for hands given as arguments or
 * read a line at a time from stdin (batch mode).  This file reads hands;
 * analysis.c gathers each one's answers and prints them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "mjt.h"
#include "prob.h"

typedef struct opts {
    FILE *out; /* where the answers go */
    const char *tables;
    int json; /* the printer: analysis_json, else analysis_text */
    int has_visible;
    int players; /* 3 or 4 */
    uint8_t visible[MJT_KINDS];
    /* mjq prob (prob_cmd), or plain mjq --prob (with_prob), and how */
    int prob_cmd, with_prob;
    mjt_prob_opts prob;
    int with_improve; /* --improve */
    /* mjq prob --score: the expected points in the situation of expect */
    int with_score;
    mjt_expect_opts expect;
    mjt_rules rules;
} opts;

static const uint8_t *vis(const opts *o)
{
    return o->has_visible ? o->visible : NULL;
}

/* A failure of the wall model's calls (the budget, say) or another one
 * beyond the analysis: reported. */
static int prob_failed(const opts *o, const mjt_diag *diag)
{
    if (o->json) {
        fprintf(o->out, "{\"error\":");
        cli_json_string(o->out, diag->message);
        fprintf(o->out, "}\n");
    } else {
        fprintf(stderr, "%s: %s\n", cli_prog, diag->message);
    }
    return 1;
}

/* Print the analysis (or mjq prob's curves) of a valid hand by the
 * printer o chose.  Returns 0, or 1 on a failure. */
static int analyse(const mjt_tables *t, const mjt_hand *h, const opts *o)
{
    mjt_diag diag;

    if (o->prob_cmd) {
        prob_result *r = malloc(sizeof *r); /* 30 KB: not on the stack */
        int rc = r == NULL
                     ? MJT_ENOMEM
                     : prob_of(t, h, vis(o), &o->prob,
                               o->with_score ? &o->expect : NULL, r, &diag);
        if (rc != MJT_OK) {
            if (rc == MJT_ENOMEM)
                snprintf(diag.message, sizeof diag.message, "out of memory");
            free(r);
            return prob_failed(o, &diag);
        }
        if (o->json)
            prob_json(o->out, r);
        else
            prob_text(o->out, r);
        free(r);
        return 0;
    }
    analysis a; /* mjq serve answers on several threads: no static */
    if (analysis_of(t, h, vis(o), &a) != 0)
        return 1;
    if (o->with_prob &&
        analysis_prob(t, h, vis(o), &o->prob, o->with_score ? &o->expect : NULL,
                      &a, &diag) != MJT_OK)
        return prob_failed(o, &diag);
    if (o->with_improve) {
        int rc = analysis_improve(t, h, vis(o), &a);
        if (rc != MJT_OK) {
            analysis_free(&a);
            snprintf(diag.message, sizeof diag.message, "improve: %s",
                     mjt_strerror(rc));
            return prob_failed(o, &diag);
        }
    }
    if (o->json)
        analysis_json(o->out, &a);
    else
        analysis_text(o->out, &a);
    analysis_free(&a);
    return 0;
}

/* The hand, its calls and the visible tiles together hold at most 4 of a
 * kind; diag says which does not. */
static int visible_fits(const mjt_hand *h, const opts *o, mjt_diag *diag)
{
    uint8_t all[MJT_KINDS];
    int ncalls;
    if (!o->has_visible)
        return MJT_OK;
    for (int i = 1; i <= 7 && o->players == 3; i++)
        if (o->visible[i] != 0) {
            snprintf(diag->message, sizeof diag->message,
                     "visible tile %s has no place in three-player mahjong "
                     "(it has no 2m to 8m)",
                     mjt_tile_name(i));
            diag->code = MJT_EPLAYERS;
            diag->offset = -1;
            diag->sys_errno = 0;
            return MJT_EPLAYERS;
        }
    cli_hand_all(h, all, &ncalls);
    for (int i = 0; i < MJT_KINDS; i++)
        if (all[i] + o->visible[i] > 4) {
            snprintf(diag->message, sizeof diag->message,
                     "tile %s: %d in the hand%s and %d visible (at most 4)",
                     mjt_tile_name(i), all[i], ncalls ? " and its calls" : "",
                     o->visible[i]);
            diag->code = MJT_ECOPIES;
            diag->offset = -1;
            diag->sys_errno = 0;
            return MJT_ECOPIES;
        }
    return MJT_OK;
}

/* Parse a hand and make it one of o's players. */
static int parse_hand(const char *text, size_t len, const opts *o, mjt_hand *h,
                      mjt_diag *diag)
{
    int rc = mjt_hand_parse(h, text, len, NULL, diag);
    if (rc == MJT_OK && o->players == 3)
        rc = mjt_hand_set_players(h, 3, diag);
    return rc;
}

/* The same, and check it against the visible tiles. */
static int read_hand(const char *text, size_t len, const opts *o, mjt_hand *h,
                     mjt_diag *diag)
{
    int rc = parse_hand(text, len, o, h, diag);
    return rc != MJT_OK ? rc : visible_fits(h, o, diag);
}

/* An argument hand against the visible tiles: 0, or 2 (reported). */
static int check_visible(const mjt_hand *h, const opts *o)
{
    mjt_diag diag;
    if (visible_fits(h, o, &diag) == MJT_OK)
        return 0;
    fprintf(stderr, "%s: %s\n", cli_prog, diag.message);
    return 2;
}

/* The length of the well-formed UTF-8 character of 2 to 4 bytes at s (no
 * overlong form, no surrogate, nothing past U+10FFFF), or 0. */
static int utf8_length(const unsigned char *s)
{
    unsigned c = s[0];
    int n = c >= 0xC2 && c <= 0xDF   ? 2
            : c >= 0xE0 && c <= 0xEF ? 3
            : c >= 0xF0 && c <= 0xF4 ? 4
                                     : 0;
    for (int k = 1; k < n; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) ||
        (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] > 0x8F))
        return 0;
    return n;
}

void cli_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    while (*s) {
        unsigned char c = (unsigned char)*s;
        int n = c >= 0x80 ? utf8_length((const unsigned char *)s) : 1;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\u%04x", c);
        else if (n == 0) /* a byte of no character: the replacement */
            fputs("\\ufffd", out);
        else
            fwrite(s, 1, (size_t)n, out);
        s += n ? n : 1;
    }
    fputc('"', out);
}

/* Longest line batch mode reads; a hand needs a few dozen bytes. */
#define LINE_BYTES 1024

static void batch_error(const opts *o, long lineno, const char *message)
{
    if (o->json) {
        fprintf(o->out, "{\"line\":%ld,\"error\":", lineno);
        cli_json_string(o->out, message);
        fprintf(o->out, "}\n");
    } else {
        fprintf(stderr, "%s: line %ld: %s\n", cli_prog, lineno, message);
    }
}

/* Batch mode: one hand a line from in; bad lines are reported, not
 * fatal, and the exit status is 1 if there was any. */
/* ==== JSON lines ==== */

/*
 * A batch line that is a JSON object: {"hand":"...","visible":"...",
 * "calls":[...],"players":3}, in any order, all but "hand" optional.
 * NULL, or the problem; *players is 0 unless given.
 */
static const char *json_line(const char *p, const char *end, char *hand,
                             char *visible, char *calls, size_t cap,
                             int *players)
{
    int have_hand = 0, have_visible = 0, have_calls = 0, have_players = 0;

    hand[0] = visible[0] = calls[0] = '\0';
    *players = 0;
    cli_json_space(&p, end);
    if (p >= end || *p++ != '{')
        return "not a JSON object";
    cli_json_space(&p, end);
    if (p < end && *p == '}')
        return "no \"hand\" in the object";
    for (;;) {
        char key[16];
        const char *err;
        cli_json_space(&p, end);
        if (p >= end || *p++ != '"')
            return "a key that is not a string";
        if ((err = cli_json_str(&p, end, key, sizeof key)) != NULL)
            return err;
        cli_json_space(&p, end);
        if (p >= end || *p++ != ':')
            return "no ':' after a key";
        cli_json_space(&p, end);
        int *seen = !strcmp(key, "hand")      ? &have_hand
                    : !strcmp(key, "visible") ? &have_visible
                    : !strcmp(key, "calls")   ? &have_calls
                    : !strcmp(key, "players") ? &have_players
                                              : NULL;
        if (seen == NULL)
            return "an unknown key (the keys are \"hand\", \"visible\", "
                   "\"calls\" and \"players\")";
        if (*seen)
            return "a key given twice";
        *seen = 1;
        if (seen == &have_players) {
            if (p >= end || (*p != '3' && *p != '4') ||
                (p + 1 < end && isdigit((unsigned char)p[1])))
                return "\"players\" is not 3 or 4 (a game has 3 or 4 "
                       "players)";
            *players = *p++ - '0';
        } else if (seen == &have_calls) {
            if ((err = cli_json_calls(&p, end, calls, cap)) != NULL)
                return err;
        } else {
            if (p >= end || *p++ != '"')
                return "a value that is not a string (\"hand\" and "
                       "\"visible\" are tiles as text)";
            if ((err =
                     cli_json_str(&p, end, seen == &have_hand ? hand : visible,
                                  cap)) != NULL)
                return err;
        }
        cli_json_space(&p, end);
        if (p < end && *p == ',') {
            p++;
            continue;
        }
        if (p >= end || *p++ != '}')
            return "no ',' or '}' after a value";
        cli_json_space(&p, end);
        if (p != end)
            return "text after the object";
        return have_hand ? NULL : "no \"hand\" in the object";
    }
}

/* Read a batch line, plain text or a JSON object, into h, with the
 * line's own seen tiles added to o's in *lo. */
static int read_line_hand(const char *line, size_t len, const opts *o, opts *lo,
                          mjt_hand *h, mjt_diag *diag)
{
    char hand[2 * LINE_BYTES], vis[LINE_BYTES], calls[LINE_BYTES];
    size_t at = 0;
    int players;

    *lo = *o;
    while (at < len && line[at] == ' ')
        at++;
    if (at == len || line[at] != '{')
        return read_hand(line, len, o, h, diag);
    const char *err =
        json_line(line, line + len, hand, vis, calls, LINE_BYTES, &players);
    if (players != 0)
        lo->players = players;
    if (err == NULL && calls[0] != '\0' && strchr(hand, ',') != NULL)
        err = "calls both in \"hand\" and in \"calls\"";
    if (err != NULL) {
        snprintf(diag->message, sizeof diag->message, "JSON line: %s", err);
        return MJT_ESYNTAX;
    }
    if (calls[0] != '\0') { /* the text form: "12m55p,3333m,111z" */
        size_t n = strlen(hand);
        hand[n] = ',';
        memcpy(hand + n + 1, calls, strlen(calls) + 1);
    }
    if (vis[0] != '\0') {
        mjt_tiles seen;
        int rc = mjt_tiles_parse(&seen, vis, strlen(vis), diag);
        if (rc != MJT_OK) {
            char m[sizeof diag->message];
            snprintf(m, sizeof m, "\"visible\": %.140s", diag->message);
            memcpy(diag->message, m, sizeof m);
            return rc;
        }
        for (int i = 0; i < MJT_KINDS; i++) {
            if (lo->visible[i] + seen.counts[i] > 4) {
                snprintf(diag->message, sizeof diag->message,
                         "\"visible\": tile %s seen %d times in all (at "
                         "most 4)",
                         mjt_tile_name(i), lo->visible[i] + seen.counts[i]);
                return MJT_ECOPIES;
            }
            lo->visible[i] = (uint8_t)(lo->visible[i] + seen.counts[i]);
        }
        lo->has_visible = 1;
    }
    return read_hand(hand, strlen(hand), lo, h, diag);
}

/* Whether b says to stop before the next line (its reason kept in b). */
static int over_budget(cli_budget *b, FILE *out, long lineno)
{
    if (b->answer > 0 && ftell(out) > (long)b->answer)
        b->stopped = CLI_STOP_ANSWER;
    else if (lineno % 16 == 0 && b->stop != NULL && b->stop(b->user))
        b->stopped = CLI_STOP_TIME;
    return b->stopped != 0;
}

static int batch(const mjt_tables *t, const opts *o, FILE *in, cli_budget *b)
{
    char line[LINE_BYTES];
    long got, lineno = 0;
    int status = 0, too_long;

    while ((got = cli_read_line(in, line, sizeof line, &too_long)) >= 0) {
        size_t len = (size_t)got;
        mjt_hand h;
        mjt_diag diag;
        if (b != NULL && over_budget(b, o->out, lineno))
            return 1;
        lineno++;
        if (too_long) {
            batch_error(o, lineno, "line longer than 1023 bytes");
            status = 1;
            continue;
        }
        while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' ' ||
                           line[len - 1] == '\t'))
            len--;
        if (len == 0)
            continue;
        opts lo;
        if (read_line_hand(line, len, o, &lo, &h, &diag) != MJT_OK) {
            batch_error(o, lineno, diag.message);
            status = 1;
            continue;
        }
        status |= analyse(t, &h, &lo);
        if (!o->json)
            fputc('\n', o->out);
        if (ferror(o->out))
            return 1; /* no one reads on: main says why */
    }
    return status;
}

/* Words of which one or more are no hand, but all together one (123m
 * 456p ..., a hand typed without quotes): say so, and return 1. */
static int unquoted_hand(const char *const *texts, int n)
{
    char joined[256];
    size_t len = 0;
    mjt_hand h;

    for (int i = 0; i < n; i++) {
        size_t w = strlen(texts[i]);
        if (len + w + 2 > sizeof joined)
            return 0;
        if (i > 0)
            joined[len++] = ' ';
        memcpy(joined + len, texts[i], w);
        len += w;
    }
    joined[len] = '\0';
    if (n < 2 || mjt_hand_parse(&h, joined, len, NULL, NULL) != MJT_OK)
        return 0;
    fprintf(stderr, "%s: %d words make one hand: quote the hand: mjq '%s'\n",
            cli_prog, n, joined);
    return 1;
}

/* Why the argument hand text is refused, as "mjq: TEXT: why" ("mjq: why"
 * for an empty one). */
static void hand_error(const char *text, const mjt_diag *diag)
{
    if (*text == '\0')
        fprintf(stderr, "%s: %s\n", cli_prog, diag->message);
    else
        fprintf(stderr, "%s: %.60s%s: %s\n", cli_prog, text,
                strlen(text) > 60 ? "..." : "", diag->message);
}

/* The analysis's own options after the ones every command takes: plain
 * mjq's --prob, how the wall model plays (mjq prob's too), and plain
 * mjq's --improve. */
static const cli_opt analyze_opts[] = {
    {"tables", 0, 1},  {"json", 0, 0},    {"visible", 0, 1}, {"version", 0, 0},
    {"players", 0, 1}, {"prob", 0, 0},    {"draws", 0, 1},   {"moves", 0, 1},
    {"extra", 0, 1},   {"improve", 0, 0}, {"score", 0, 0},   {"riichi", 0, 1},
    {"round", 0, 1},   {"seat", 0, 1},    {"dora", 'd', 1},  {"last", 0, 0},
    {"rule", 0, 1},    {NULL, 0, 0}};
enum {
    OPT_PROB = 5,
    OPT_DRAWS,
    OPT_MOVES,
    OPT_EXTRA,
    OPT_IMPROVE,
    OPT_SCORE,
    OPT_RIICHI,
    OPT_ROUND,
    OPT_SEAT,
    OPT_DORA,
    OPT_LAST,
    OPT_RULE
};

/* One of mjq prob --score's options (k) into o; 0, or 2 after a
 * message. */
static int score_option(int k, const char *a, opts *o)
{
    const char *err = NULL;
    int x;

    switch (k) {
    case OPT_SCORE:
        o->with_score = 1;
        return 0;
    case OPT_LAST:
        o->expect.last = 1;
        return 0;
    case OPT_RIICHI:
        if ((o->expect.riichi = prob_riichi_value(a)) < 0)
            err = "best, never or always";
        break;
    case OPT_ROUND:
    case OPT_SEAT:
        if ((x = cli_wind_value(a)) < 0)
            err = k == OPT_ROUND ? "a wind, 1z to 4z"
                                 : "a wind, 1z to 4z (1z the dealer)";
        else
            *(k == OPT_ROUND ? &o->expect.round : &o->expect.seat) = (uint8_t)x;
        break;
    case OPT_DORA:
        err = cli_indicators_value(a, o->expect.dora, &o->expect.dora_len);
        break;
    default: /* OPT_RULE */
        err = cli_rule_value(&o->rules, a);
    }
    if (err != NULL) {
        fprintf(stderr, "%s: prob: --%s %s: %s\n", cli_prog,
                analyze_opts[k].name, a, err);
        return 2;
    }
    return 0;
}

int cli_analysis_opt(const char *arg)
{
    for (int k = OPT_PROB; analyze_opts[k].name != NULL; k++) {
        size_t n = strlen(analyze_opts[k].name);
        if (!strncmp(arg, "--", 2) &&
            !strncmp(arg + 2, analyze_opts[k].name, n) &&
            (arg[2 + n] == '\0' || arg[2 + n] == '='))
            return 1;
    }
    return 0;
}

/* One of the wall model's options (k) into o; 0, or 2 after a message. */
static int prob_option(int k, const char *a, const char *cmd, opts *o)
{
    char *end;
    long v;

    if (k == OPT_PROB) {
        o->with_prob = 1;
        return 0;
    }
    if (k == OPT_MOVES) {
        if ((o->prob.moves = prob_moves_value(a)) < 0)
            return cli_usage_error(
                cmd ? "prob: --moves %s: forward, exchange "
                      "or back"
                    : "--moves %s: forward, exchange or back",
                a);
        return 0;
    }
    v = strtol(a, &end, 10);
    if (*a == '\0' || *end != '\0' ||
        (k == OPT_DRAWS ? v < 1 || v > MJT_MAX_DRAWS : v < 0 || v > 8))
        return cli_usage_error(
            k == OPT_DRAWS ? "--draws %s: want 1 to 128 (at most the wall)"
                           : "--extra %s: want 0 to 8",
            a);
    if (k == OPT_DRAWS)
        o->prob.draws = (int)v;
    else
        o->prob.extra = (int)v;
    return 0;
}

/* Plain mjq (cmd NULL) and mjq prob: the hands as arguments, or a line at
 * a time from stdin. */
static int run_hands(int argc, char **argv, cli_globals *g, const char *cmd)
{
    mjt_hand hands[64];
    const char *texts[64];
    mjt_diag why[64];
    int nhands = 0, bad = 0, k;
    cli_parser p;
    const char *a;
    opts o = {stdout, NULL, 0, 0, 4, {0}, cmd != NULL, 0, {0}, 0, 0, {0}, {0}};
    const char *situation = NULL; /* an option of --score's, given */

    mjt_prob_opts_init(&o.prob);
    mjt_expect_opts_init(&o.expect);
    mjt_rules_init(&o.rules, 4);
    o.prob.flags = cmd != NULL ? MJT_PROB_CURVES : 0;
    /* Every hand is checked before anything is printed, so a bad hand
     * prints nothing; options may stand anywhere. */
    cli_parser_init(&p, argc, argv, cmd);
    while ((k = cli_next(&p, analyze_opts, &a)) != CLI_END) {
        mjt_diag diag;
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help(cmd);
        if (k == OPT_IMPROVE) {
            if (cmd != NULL)
                return cli_usage_error("prob: %s: the improvement tiles "
                                       "are the analysis's (mjq --improve "
                                       "HAND)",
                                       "--improve");
            o.with_improve = 1;
            continue;
        }
        if (k >= OPT_SCORE) {
            if (k != OPT_SCORE)
                situation = analyze_opts[k].name;
            if (score_option(k, a, &o) != 0)
                return 2;
            continue;
        }
        if (k >= OPT_PROB) {
            if (k == OPT_PROB && cmd != NULL)
                return cli_usage_error("prob: %s: mjq prob always says "
                                       "them",
                                       "--prob");
            if (prob_option(k, a, cmd, &o) != 0)
                return 2;
            continue;
        }
        if (k >= 0) {
            int rc = cli_global(g, k, a);
            if (rc != 0)
                return rc == CLI_DONE ? 0 : 2;
            continue;
        }
        if (nhands == (int)(sizeof hands / sizeof *hands)) {
            fprintf(stderr,
                    "%s: at most 64 hands as arguments (use stdin "
                    "for more)\n",
                    cli_prog);
            return 2;
        }
        why[nhands].code = MJT_OK;
        if (mjt_hand_parse(&hands[nhands], a, strlen(a), NULL, &diag) !=
            MJT_OK) {
            why[nhands] = diag;
            bad++;
        }
        texts[nhands++] = a;
    }
    if (situation != NULL && !o.with_score)
        return cli_usage_error(cmd ? "prob: --%s: the situation of the "
                                     "expected points, with --score"
                                   : "--%s: the situation of the expected "
                                     "points, with --prob --score",
                               situation);
    if (o.with_score && cmd == NULL && !o.with_prob)
        return cli_usage_error("--%s: the expected points come with the "
                               "chances: --prob --score",
                               "score");
    if (o.with_score) {
        mjt_diag rd;
        if (mjt_rules_check(&o.rules, &rd) != MJT_OK) {
            fprintf(stderr, "%s: prob: --rule: %s\n", cli_prog, rd.message);
            return 2;
        }
        o.expect.rules = &o.rules;
        memcpy(o.expect.red_seen, g->visible_red, 3);
    }
    if (bad >= 1 && nhands >= 2 && unquoted_hand(texts, nhands))
        return 2;
    for (int i = 0; i < nhands; i++)
        if (why[i].code != MJT_OK)
            hand_error(texts[i], &why[i]);
    if (bad)
        return 2;

    o.tables = g->tables ? g->tables : cli_default_tables();
    o.json = g->json;
    o.has_visible = g->has_visible;
    o.players = g->players ? g->players : 4;
    memcpy(o.visible, g->visible, MJT_KINDS);
    for (int i = 0; i < nhands; i++)
        if (cli_hand_players(cmd, texts[i], &hands[i], o.players) != 0 ||
            check_visible(&hands[i], &o) != 0)
            return 2;
    mjt_tables *t;
    mjt_diag diag;
    if (mjt_tables_open(&t, o.tables, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    int status = 0;
    if (nhands == 0) {
        if (isatty(STDIN_FILENO))
            fprintf(stderr,
                    "%s: reading hands from the terminal, one a line "
                    "(end with Ctrl-D; 'mjq %s--help' for more)\n",
                    cli_prog, cmd ? "prob " : "");
        status = batch(t, &o, stdin, NULL);
    }
    for (int i = 0; i < nhands; i++) {
        if (i > 0 && !o.json)
            fputc('\n', o.out);
        status |= analyse(t, &hands[i], &o);
    }
    mjt_tables_close(t);
    return status;
}

int cli_analyze(int argc, char **argv, cli_globals *g)
{
    return run_hands(argc, argv, g, NULL);
}

int cli_prob(int argc, char **argv, cli_globals *g)
{
    return run_hands(argc, argv, g, "prob");
}

int cli_batch(const mjt_tables *t, FILE *in, FILE *out, int json)
{
    opts o = {out, NULL, json, 0, 4, {0}, 0, 0, {0}, 0, 0, {0}, {0}};
    return batch(t, &o, in, NULL);
}

int cli_batch_budget(const mjt_tables *t, FILE *in, FILE *out, int json,
                     cli_budget *b)
{
    opts o = {out, NULL, json, 0, 4, {0}, 0, 0, {0}, 0, 0, {0}, {0}};
    b->stopped = 0;
    return batch(t, &o, in, b);
}

int cli_analyze_one(const mjt_tables *t, const char *hand, const char *visible,
                    int players, int improve, int json, FILE *out,
                    mjt_diag *why, const char **field)
{
    opts o = {out,     NULL, json, 0,  players == 3 ? 3 : 4, {0}, 0, 0, {0},
              improve, 0,    {0},  {0}};
    mjt_hand h;

    if (visible != NULL && visible[0] != '\0') {
        mjt_tiles seen;
        *field = "visible";
        if (mjt_tiles_parse(&seen, visible, strlen(visible), why) != MJT_OK)
            return 2;
        memcpy(o.visible, seen.counts, MJT_KINDS);
        o.has_visible = 1;
    }
    *field = "hand";
    if (parse_hand(hand, strlen(hand), &o, &h, why) != MJT_OK)
        return 2;
    *field = "visible"; /* the seen tiles do not fit the hand */
    if (visible_fits(&h, &o, why) != MJT_OK)
        return 2;
    return analyse(t, &h, &o);
}
