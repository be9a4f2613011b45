/* SPDX-License-Identifier: MIT */
/* What mjq's commands share: the program name, the default table path and
 * the form of a usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

const char *cli_prog = "mjq";

#ifndef MJT_INSTALLED_TABLES
#define MJT_INSTALLED_TABLES "/usr/local/share/mjt/mjt.lmdb"
#endif

/* $MJT_TABLES; else tables/mjt.lmdb (a source tree where `make tables`
 * ran); else the tables `make install` put under PREFIX. */
const char *cli_default_tables(void)
{
    const char *env = getenv("MJT_TABLES");
    if (env != NULL && env[0] != '\0')
        return env;
    if (access("tables/mjt.lmdb", F_OK) == 0 ||
        access(MJT_INSTALLED_TABLES, F_OK) != 0)
        return "tables/mjt.lmdb";
    return MJT_INSTALLED_TABLES;
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
