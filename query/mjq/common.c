/* SPDX-License-Identifier: MIT */
/* What mjq's commands share: the program name, the default table path and
 * the form of a usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mjt.h"

const char *cli_prog = "mjq";

/* The library's finding (mjt_tables_find), or NULL when there is none:
 * then mjt_tables_open(NULL) says what was tried, and cli_no_tables. */
const char *cli_default_tables(void)
{
    static char path[1100];
    return mjt_tables_find(path, sizeof path, NULL) == MJT_OK ? path : NULL;
}

int cli_no_tables(void)
{
    char path[1100];
    mjt_diag d;
    if (mjt_tables_find(path, sizeof path, &d) == MJT_OK)
        return 0;
    return cli_tables_error(d.code, d.message);
}

int cli_tables_error(int code, const char *message)
{
    fprintf(stderr, "%s: %s", cli_prog, message);
    if (code == MJT_ENOENT && !strncmp(message, "no tables", 9))
        fprintf(stderr, " (make them with 'make tables' in the source tree "
                        "or with mjt-gen, or name them with --tables)");
    else if (code == MJT_ENOENT)
        fprintf(stderr, " (make them with 'make tables' in the source tree "
                        "or with mjt-gen)");
    else if ((code == MJT_EFORMAT && !strstr(message, "not exact")) ||
             code == MJT_ECORRUPT)
        fprintf(stderr, " (make them again with 'make tables' in the source "
                        "tree, which keeps this file as .bad, or with "
                        "mjt-gen)");
    fputc('\n', stderr);
    return 1;
}

const char *cli_cmd;

int cli_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", cli_prog);
    fprintf(stderr, fmt, arg);
    if (cli_cmd != NULL)
        fprintf(stderr, " (try 'mjq %s --help')\n", cli_cmd);
    else
        fprintf(stderr, " (try 'mjq --help')\n");
    return 2;
}

int cli_refuse_globals(const cli_globals *g, const char *cmd, unsigned refuse,
                       const char *why)
{
    static const char *const names[] = {"--tables", "--json", "--visible",
                                        "--players"};
    unsigned given =
        (g->tables != NULL ? CLI_G_TABLES : 0) | (g->json ? CLI_G_JSON : 0) |
        (g->has_visible ? CLI_G_VISIBLE : 0) | (g->players ? CLI_G_PLAYERS : 0);
    char text[160];
    int n = 0, k = 0, count = __builtin_popcount(given & refuse);

    if (count == 0)
        return 0;
    n = snprintf(text, sizeof text, "%s: ", cmd);
    for (int i = 0; i < 4; i++)
        if (given & refuse & (1u << i)) {
            k++;
            n += snprintf(text + n, sizeof text - (size_t)n, "%s%s",
                          k == 1       ? ""
                          : k == count ? " and "
                                       : ", ",
                          names[i]);
        }
    snprintf(text + n, sizeof text - (size_t)n, " %s%s%s",
             count == 1 ? "does not apply" : "do not apply", why ? " " : "",
             why ? why : "");
    return cli_usage_error("%s", text);
}

void cli_mask_digits(unsigned mask, char out[10])
{
    int n = 0;
    for (int r = 0; r < 9; r++)
        if (mask >> r & 1)
            out[n++] = (char)('1' + r);
    out[n] = '\0';
}

size_t cli_block_bracketed(mjt_block b, char out[MJT_BLOCK_TEXT + 2])
{
    int wait = b.kind >= MJT_WAIT_ONE;
    size_t n = mjt_block_format(&b, out + 1, MJT_BLOCK_TEXT);

    if (n > 0)
        n--; /* the suit's letter, always the last */
    out[0] = wait ? '[' : '(';
    out[n + 1] = wait ? ']' : ')';
    out[n + 2] = '\0';
    return n + 2;
}

int cli_hand_all(const mjt_hand *h, uint8_t all[MJT_KINDS], int *ncalls)
{
    mjt_tiles held;
    size_t n = 0;

    if (mjt_hand_tiles(h, &held) != MJT_OK || mjt_hand_held(h, all) != MJT_OK)
        return -1;
    mjt_hand_calls(h, NULL, 0, &n); /* the number alone: MJT_ESPACE or OK */
    if (ncalls != NULL)
        *ncalls = (int)n;
    return held.len;
}

size_t cli_blocks_text(const uint8_t *b, int n, char *out)
{
    size_t len = 0;

    for (int i = 0; i < n; i++) {
        mjt_block blk = {(uint8_t)(b[i] >> 4), (uint8_t)(b[i] & 0xF)};
        len += cli_block_bracketed(blk, out + len);
    }
    out[len] = '\0';
    return len;
}
