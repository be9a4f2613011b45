/* SPDX-License-Identifier: MIT */
/*
 * mjq: the command line face of libmjt.
 *
 *   mjq [--tables PATH] [--json] [--visible TILES] [HAND...]   analysis
 *   mjq dump [--tables PATH] PATTERN                           one record
 *   mjq info [--verify] [PATH]                                 meta record
 *   mjq diff [--json] [--max N] [--full] OLD NEW               table diff
 *
 * Exit 0 on success, 1 on a runtime failure (or a bad line in batch mode),
 * 2 on a usage error.  Messages go to stderr as "mjq: context: problem".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mjt.h"
#include "suit.h"
#include "tablefile.h"
#include "tiles.h"

static void usage(FILE *f)
{
    fputs("usage: mjq [--tables PATH] [--json] [--visible TILES] [HAND...]\n"
          "       mjq dump [--tables PATH] PATTERN\n"
          "       mjq info [--verify] [PATH]\n"
          "       mjq diff [--json] [--max N] [--full] OLD NEW\n"
          "       mjq waits [--tables PATH] [--format=seed|text] HAND...\n"
          "       mjq waits [--tables PATH] --all-one-suit [-j N]\n"
          "\n"
          "Analyse hands (1 to 14 tiles, count 1 or 2 mod 3, text form\n"
          "such as 123m406p789s1122z): shanten of each form, effective\n"
          "tiles, waits, and for 3k+2 hands every discard.  With no HAND,\n"
          "read one hand a line from stdin.\n"
          "\n"
          "  --tables PATH    table file (default $MJT_TABLES, else\n"
          "                   tables/mjt.lmdb, else the installed one)\n"
          "  --json           one JSON object a line\n"
          "  --visible TILES  tiles already seen (discards, calls, dora\n"
          "                   indicators), not counted as drawable\n"
          "  -h, --help       this text\n"
          "\n"
          "dump prints the record of one suit pattern (1111m, 1122z) as\n"
          "JSON; info prints a table file's meta record, and with\n"
          "--verify checks every table against its digest.  diff prints\n"
          "what changed between two table files, record by record (exit\n"
          "0 identical, 1 different, 2 trouble): --full reads tables whose\n"
          "digests are equal too, --max N prints at most N differences,\n"
          "--json one object a difference and a summary.\n"
          "\n"
          "waits prints each wait of a 3k+1 hand with its shapes; with\n"
          "--format=seed, a one-suit hand's arrangements as seed 000 lists\n"
          "them, (111)(234)(567)(99)[89]: completed blocks, then the\n"
          "waiting block.  --all-one-suit lists all 93,600 one-suit hands\n"
          "of 13 tiles in successor order, on N threads.\n",
          f);
}

/* ==== dump and info ==== */

static int cmd_dump(int argc, char **argv)
{
    const char *path = cli_default_tables(), *pattern = NULL;
    mjt_tiles set;
    const uint8_t *counts = set.counts;
    mjt__tfile *f;
    mjt__record rec;
    mjt_diag diag;
    int suit = -1, n, rc;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--tables") && i + 1 < argc)
            path = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return cli_usage_error("dump: %s: unknown option", argv[i]);
        else if (pattern == NULL)
            pattern = argv[i];
        else
            return cli_usage_error("dump: %s: one pattern only", argv[i]);
    }
    if (pattern == NULL)
        return cli_usage_error("dump: %s", "no PATTERN given");
    n = mjt__tiles_parse(pattern, strlen(pattern), &set, &diag);
    if (n < 0) {
        fprintf(stderr, "%s: dump: %s: %s\n", cli_prog, pattern, diag.message);
        return 2;
    }
    for (int i = 0; i < MJT_KINDS; i++)
        if (counts[i] > 0) {
            if (suit >= 0 && suit != i / 9) {
                fprintf(stderr,
                        "%s: dump: %s: tiles of more than one suit "
                        "(a pattern is one suit)\n",
                        cli_prog, pattern);
                return 2;
            }
            suit = i / 9;
        }
    if (n == 0 || n > MJT_MAX_PATTERN_TILES) {
        fprintf(stderr, "%s: dump: %s: %d tiles (a pattern has 1 to 14)\n",
                cli_prog, pattern, n);
        return 2;
    }
    int table = suit == 3 ? MJT__HONOR : MJT__SUIT;
    uint64_t key =
        mjt__key_from_counts(counts + 9 * suit, mjt__table_ranks[table]);
    if ((rc = mjt__tfile_open(&f, path, &diag)) != MJT_OK)
        return cli_tables_error(&diag);
    rc = mjt__tfile_find(f, table, key, &rec, &diag);
    mjt__tfile_close(f);
    if (rc != MJT_OK) {
        fprintf(stderr, "%s: %s: %s\n", cli_prog, path,
                rc == MJT_ENOENT ? "pattern missing from the table"
                                 : diag.message);
        return 1;
    }
    char text[64];
    mjt__tiles_format(&set, text, sizeof text);
    printf("{\"pattern\":\"%s\",\"key\":\"0x%016llx\",\"tiles\":%d,"
           "\"slots\":[",
           text, (unsigned long long)key, n);
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

static void print_meta(void *ctx, const char *k, size_t klen, const char *v,
                       size_t vlen)
{
    (void)ctx;
    printf("%-16.*s %.*s\n", (int)klen, k, (int)vlen, v);
}

static int cmd_info(int argc, char **argv)
{
    const char *path = NULL;
    mjt__tfile *f;
    mjt_diag diag;
    int verify = 0, rc = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--verify")) {
            verify = 1;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return cli_usage_error("info: %s: unknown option", argv[i]);
        if (path != NULL)
            return cli_usage_error("info: %s: one file only", argv[i]);
        path = argv[i];
    }
    if (path == NULL)
        path = cli_default_tables();
    if (mjt__tfile_open_any(&f, path, &diag) != MJT_OK)
        return cli_tables_error(&diag);
    printf("%-16s %s\n", "file", path);
    printf("%-16s %lld\n", "bytes", mjt__tfile_size(f));
    mjt__tfile_meta_each(f, print_meta, NULL);
    if (verify)
        rc = cli_verify(f, path);
    mjt__tfile_close(f);
    return rc;
}

static int dispatch(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        usage(stdout);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "dump"))
        return cmd_dump(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "info"))
        return cmd_info(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "diff"))
        return cli_diff(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "waits"))
        return cli_waits(argc - 1, argv + 1);
    return cli_analyze(argc, argv);
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
