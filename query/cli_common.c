/* SPDX-License-Identifier: MIT */
/* What mjq's commands share: the program name, the default table path and
 * the form of a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

const char *cli_prog = "mjq";

const char *cli_default_tables(void)
{
    const char *env = getenv("MJT_TABLES");
    return env != NULL && env[0] != '\0' ? env : "tables/mjt.lmdb";
}

int cli_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", cli_prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (try 'mjq --help')\n");
    return 2;
}

void cli_mask_digits(unsigned mask, char out[10])
{
    int n = 0;
    for (int r = 0; r < 9; r++)
        if (mask >> r & 1)
            out[n++] = (char)('1' + r);
    out[n] = '\0';
}
