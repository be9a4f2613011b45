/* SPDX-License-Identifier: MIT */
/* mjq's commands, shared between its files. */
#ifndef MJT__QUERY_CLI_H
#define MJT__QUERY_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "mjt.h"

extern const char *cli_prog;

/* The version of everything mjq prints as JSON (the analysis, stats,
 * parts, deal, diff, serve's API), in this one place: the minor number
 * rises when fields are added, the major when one changes meaning or
 * goes.  mjq --version prints it; the README lists what each added. */
#define MJQ_JSON_VERSION "1.4"

/* The table path when --tables is not given (mjt_tables_find's), or
 * NULL when there are none. */
const char *cli_default_tables(void);

/* Report that no tables were found, naming what was tried; returns 1. */
int cli_no_tables(void);

/* The command being run ("stats"), or NULL for the analysis. */
extern const char *cli_cmd;

/* Print "mjq: <fmt with arg> (try 'mjq CMD --help')" and return 2. */
int cli_usage_error(const char *fmt, const char *arg);

/* Print why the tables did not open (code and message of a diagnostic),
 * with a hint where one helps; returns 1 (the exit status). */
int cli_tables_error(int code, const char *message);

/* ==== Options (opts.c) ==== */

/* One option a command takes: --name, and -letter when letter is not 0. */
typedef struct cli_opt {
    const char *name;
    char letter;
    int takes_value;
} cli_opt;

typedef struct cli_parser {
    int argc;
    char **argv;
    int i;         /* next word */
    int args_only; /* after "--" */
    const char *cmd;
} cli_parser;

#define CLI_END (-1)  /* no word left */
#define CLI_ARG (-2)  /* an argument, in *value */
#define CLI_BAD (-3)  /* a usage error, already reported */
#define CLI_HELP (-4) /* -h or --help */

/* Parse argv[0..argc-1] of command cmd (NULL: the analysis). */
void cli_parser_init(cli_parser *p, int argc, char **argv, const char *cmd);

/* The next word: an option (its index in opts, a list ended by a NULL
 * name; *value its value, or NULL), or one of the CLI_ codes. */
int cli_next(cli_parser *p, const cli_opt *opts, const char **value);

/* What the options before a command set; a command refuses those that do
 * not apply to it. */
typedef struct cli_globals {
    const char *tables; /* NULL: not given */
    int json;
    int has_visible;
    int players; /* 3 or 4; 0: not given (4) */
    uint8_t visible[34];
    uint8_t visible_red[3]; /* red fives among them */
} cli_globals;

/* The options every command may be given before its name, and the
 * analysis takes anywhere: --tables, --json, --visible, --version,
 * --players, in this order in cli_global_opts. */
extern const cli_opt cli_global_opts[];
#define CLI_OPT_TABLES 0
#define CLI_OPT_JSON 1
#define CLI_OPT_VISIBLE 2
#define CLI_OPT_VERSION 3
#define CLI_OPT_PLAYERS 4
#define CLI_DONE (-5) /* the option did all there was to do (--version) */

/* The options before a command that it may refuse, as bits. */
#define CLI_G_TABLES 1u
#define CLI_G_JSON 2u
#define CLI_G_VISIBLE 4u
#define CLI_G_PLAYERS 8u

/* When g holds any of the options in refuse, the usage error of cmd that
 * names those given ("waits: --json does not apply"), why appended when
 * not NULL; else 0. */
int cli_refuse_globals(const cli_globals *g, const char *cmd, unsigned refuse,
                       const char *why);

/* Apply global option k with its value to g: 0, CLI_BAD (reported) or
 * CLI_DONE. */
int cli_global(cli_globals *g, int k, const char *value);

/* Add the tiles of text to g's seen tiles (--visible may be repeated); 0
 * or CLI_BAD, reported. */
int cli_add_visible(cli_globals *g, const char *text);

/* The situation's words, as mjq score and mjq prob --score take them:
 * "1z".."4z" into a wind 0-3, or -1; indicators as tile text ("4p1z")
 * into list and *len, and --rule NAME=VALUE into rules: NULL, or the
 * problem. */
int cli_wind_value(const char *s);
const char *cli_indicators_value(const char *text, uint8_t *list, uint8_t *len);
const char *cli_rule_value(mjt_rules *rules, const char *text);

/* "3" or "4" into *players: 0, or -1 for anything else. */
int cli_players_value(const char *text, int *players);

/* The value of --players (for command cmd, NULL for the analysis) into
 * *players: 0, or CLI_BAD (reported: a game has 3 or 4 players). */
int cli_players(const char *cmd, const char *text, int *players);

/* Make h a hand of `players` players; 0, or CLI_BAD with the library's
 * message (the tile or call that has no place there) reported, naming
 * the hand's text and the command cmd (NULL for the analysis). */
int cli_hand_players(const char *cmd, const char *text, mjt_hand *h,
                     int players);

/* s as a JSON string, quoted and escaped, into out. */
void cli_json_string(FILE *out, const char *s);

/* The ranks set in a 9-bit mask as digits, "1" to "9" ("" for none). */
void cli_mask_digits(unsigned mask, char out[10]);

/* Block b's ranks in brackets, as diff and the waits listing print a
 * suit's blocks: "[45]" for a wait, "(123)" for a meld or a pair
 * (mjt_block_format without the suit's letter), into out; returns its
 * length, 2 for no block. */
size_t cli_block_bracketed(mjt_block b, char out[MJT_BLOCK_TEXT + 2]);

/* Copies of each kind in h's concealed tiles and calls together into
 * all[34], its number of calls into *ncalls (if not NULL); returns the
 * concealed tile count, or -1 for a hand the library refuses. */
int cli_hand_all(const mjt_hand *h, uint8_t all[MJT_KINDS], int *ncalls);

/* Blocks as bytes of the tables (kind << 4 | rank, core/forms.h) as the
 * countTiles listing writes them, completed ones in parentheses and a
 * waiting one in brackets:
 * "(123)(11)[45]".  out must hold 6 n + 1 bytes; returns the length. */
size_t cli_blocks_text(const uint8_t *b, int n, char *out);

/* Print mjq's help, or command cmd's (NULL: mjq's) to stdout; returns 0. */
int cli_help(const char *cmd);

/* The commands, each on the words after its name and the options given
 * before it; each returns the exit status. */

/* mjq waits [--format text|countTiles] [--all-one-suit [-j N]] [HAND...]. */
int cli_waits(int argc, char **argv, cli_globals *g);

/* mjq [options] [HAND...]: the hand analysis, on the words from the
 * first hand on. */
int cli_analyze(int argc, char **argv, cli_globals *g);

/* Batch mode on in, answers to out, with tables t: what mjq does with no
 * HAND (mjq serve's POST and the fuzz target for batch input call it too).
 * Returns 0, or 1 if a line was bad. */
int cli_batch(const mjt_tables *t, FILE *in, FILE *out, int json);

/* What may stop batch mode early: answer past answer bytes (0: no limit),
 * or stop(user) non-zero (asked every 16 lines: a time limit, a client
 * gone, a server stopping).  stopped says which stopped it, or 0. */
enum { CLI_STOP_ANSWER = 1, CLI_STOP_TIME };
typedef struct cli_budget {
    size_t answer;
    int (*stop)(void *user);
    void *user;
    int stopped;
} cli_budget;

/* cli_batch within b: returns 1 when stopped (b->stopped set). */
int cli_batch_budget(const mjt_tables *t, FILE *in, FILE *out, int json,
                     cli_budget *b);

/* The analysis of one hand (text, with calls) and its seen tiles (text or
 * NULL) by the rules of players (3 or 4) into out, as mjq prints it (with
 * --improve's when improve): 0; 2 for a hand or tiles refused, *why
 * saying why (its code, the offset in the text refused, the message) and
 * *field which text ("hand" or "visible"), nothing written; 1 on a
 * failure. */
int cli_analyze_one(const mjt_tables *t, const char *hand, const char *visible,
                    int players, int improve, int json, FILE *out,
                    mjt_diag *why, const char **field);

/* ==== Reading lines and JSON (jsonin.c) ==== */

/* One line of f into buf (at most cap - 1 bytes kept, the rest of a longer
 * line read and dropped, *too_long set): its length, or -1 at the end. */
long cli_read_line(FILE *f, char *buf, size_t cap, int *too_long);

/* A JSON string at *p (past its opening quote) into out (cap bytes, NUL
 * kept), *p past the closing quote: NULL, or the problem. */
const char *cli_json_str(const char **p, const char *end, char *out,
                         size_t cap);

/* Skip JSON white space at *p. */
void cli_json_space(const char **p, const char *end);

/* The value of "calls" at *p: an array of strings or one string, into out
 * joined by commas: NULL, or the problem. */
const char *cli_json_calls(const char **p, const char *end, char *out,
                           size_t cap);

/* mjq score [--json] [OPTIONS] [HAND]: the yaku, fu and points of a
 * complete hand (score.c). */
int cli_score(int argc, char **argv, cli_globals *g);

/* mjq score --json's batch mode from in to out, with the defaults: 0, or
 * 1 when a line was refused (its error line written); for mjq serve. */
int cli_score_lines(FILE *in, FILE *out);

/* mjq prob [--draws T] [--moves M] [--extra K] [HAND...]: the chance of
 * tenpai and of a win (analyze.c reads the hands, prob.c prints). */
int cli_prob(int argc, char **argv, cli_globals *g);

/* Whether arg is an option of the analysis alone (--prob, --draws, ...),
 * which no command before it takes. */
int cli_analysis_opt(const char *arg);

/* mjq stats [--tiles N] [--count dealt|distinct]: exact counts of every
 * hand of N tiles (stats.c). */
int cli_stats(int argc, char **argv, cli_globals *g);

/* mjq enumerate [--tiles N] [--count ...] [-j N]: the same counts, one
 * hand at a time through the public queries (enumerate.c). */
int cli_enumerate(int argc, char **argv, cli_globals *g);

/* mjq rank HAND..., mjq unrank --tiles N INDEX..., mjq deal [--tiles N]
 * [--count K] [--seed S]; each takes --red (deal.c). */
int cli_rank(int argc, char **argv, cli_globals *g);
int cli_unrank(int argc, char **argv, cli_globals *g);
int cli_deal(int argc, char **argv, cli_globals *g);

/* mjq serve [--listen ADDR:PORT] [--tables PATH] [--threads N]
 * [--max-connections N]: the analysis over HTTP and the page (serve.c). */
int cli_serve(int argc, char **argv, cli_globals *g);

/* mjq diff [--json] [--max N] [--full] OLD NEW: exit status 0 identical,
 * 1 different, 2 trouble. */
int cli_diff(int argc, char **argv, cli_globals *g);

/* mjq info --verify: print whether each part of f hashes to the digest
 * f records; returns 0 when all do, else 1. */
int cli_verify(mjt_file *f);

#endif
