/* SPDX-License-Identifier: MIT */
/*
 * mjq enumerate [--tiles N] [--count ...] [-j N] [--part K/N]
 * [--by-query]: the counts of mjq stats by the other route, every hand
 * visited by mjt_enumerate; with --part, the sums of one part as a line
 * that mjq stats --merge adds up (parts.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "progress.h"
#include "stats.h"

int cli_enumerate(int argc, char **argv, cli_globals *g)
{
    stats_opts o;
    int done, rc = stats_parse(argc, argv, g, "enumerate", &o, &done);
    mjt_tables *t;
    mjt_diag diag;
    mjt_rules rules;
    mjt_enum e = {0};

    if (rc != 0 || done)
        return rc;
    if (mjt_tables_open(&t, o.tables, &diag) != MJT_OK)
        return cli_tables_error(diag.code, diag.message);
    mjt_stats *r = malloc(sizeof *r);
    if (r == NULL) {
        mjt_tables_close(t);
        fprintf(stderr, "%s: enumerate: out of memory\n", cli_prog);
        return 1;
    }
    mjt_rules_init(&rules, o.players);
    e.tiles = o.tiles;
    e.rules = &rules;
    e.flags = (o.one_suit ? MJT_STATS_ONE_SUIT : 0) |
              (o.by_query ? MJT_ENUM_BY_QUERY : 0);
    e.threads = o.jobs;
    mjt_enum_part(e.tiles, e.rules, e.flags, o.parts ? o.part : 1,
                  o.parts ? o.parts : 1, &e.first, &e.end);
    mjt_work work;
    progress bar;
    progress_start(&bar, &work, "enumerate", "hands", o.quiet);
    rc = mjt_enumerate(t, &e, r, &work, &diag);
    progress_end(&bar);
    if (rc != MJT_OK) {
        fprintf(stderr, "%s: enumerate: %s\n", cli_prog, diag.message);
        rc = 1;
    } else if (o.parts) {
        parts_write(r, o.part, o.parts, e.first, e.end);
    } else {
        stats_print(r, o.count, o.json);
    }
    free(r);
    mjt_tables_close(t);
    return rc;
}
