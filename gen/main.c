/* SPDX-License-Identifier: MIT */
/*
 * mjt-gen: enumerate every suit and honor pattern, solve each, and write the
 * compressed LMDB tables.  Prints a progress bar when stderr is a terminal
 * and always a one-line summary.
 */
#include "gen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "format.h"
#include "diag.h"
#include "solvers.h"
#include "suit.h"

const char *gen_prog = "mjt-gen";

static const gen_solver solvers[] = {
    {"bitboard", 2, NULL, "branch and bound on the 45-bit word (the default)"},
    {"reference", 1, mjt__solve_reference,
     "dynamic program over ranks, masks from their definitions (slow)"},
    {"nocap", 1, mjt__solve_nocap,
     "the reference without the 4-copy cap: wrong on purpose, to diff"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: mjt-gen [-o PATH] [-j N] [--solver NAME] [--max-tiles N]"
               " [-q]\n"
               "\n"
               "Solve every suit pattern (405,350) and honor pattern (43,130)\n"
               "and write the tables, compressed, to one LMDB file.\n"
               "\n"
               "  -o PATH         output file (default tables/mjt.lmdb where\n"
               "                  a tables/ directory is, as in the source\n"
               "                  tree, else mjt.lmdb)\n"
               "  -j N            worker threads (default: one per processor)\n"
               "  --max-tiles N   only patterns of at most N tiles (1-14; a\n"
               "                  smaller table for tests and experiments,\n"
               "                  which mjq diff reads but libmjt does not)\n"
               "  --solver NAME   solver to use:\n");
    for (size_t i = 0; i < sizeof solvers / sizeof *solvers; i++)
        fprintf(f, "                    %-10s %s\n", solvers[i].name,
                solvers[i].about);
    fprintf(f, "  -q              no progress bar\n"
               "  --version       the version, and the table format it writes\n"
               "  -h, --help      this text\n");
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* v as a whole number from 1 to max for option flag, or -1 after saying
 * what was wanted. */
static int parse_count(const char *flag, const char *v, long max,
                       const char *what, long *out)
{
    char *end;
    *out = strtol(v, &end, 10);
    if (*end != '\0' || *out < 1 || *out > max) {
        fprintf(stderr, "%s: %s %s: want %s from 1 to %ld\n", gen_prog, flag, v,
                what, max);
        return -1;
    }
    return 0;
}

static int parse_args(int argc, char **argv, gen_options *opt)
{
    long n;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char flag[3] = {0};
        if (a[0] == '-' && (a[1] == 'j' || a[1] == 'o') && a[2] != '\0') {
            /* "-j2" and "-oPATH" as well as "-j 2" and "-o PATH". */
            flag[0] = '-';
            flag[1] = a[1];
            v = a + 2;
            a = flag;
            i--;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--version")) {
            printf("mjt-gen %s (table format %d)\n", MJT__GEN_VERSION,
                   MJT__FORMAT_VERSION);
            exit(0);
        } else if (!strcmp(a, "-q")) {
            opt->quiet = 1;
        } else if (!strcmp(a, "-o") && v != NULL) {
            opt->out = v;
            i++;
        } else if (!strcmp(a, "-j") && v != NULL) {
            if (parse_count(a, v, 256, "a thread count", &n) < 0)
                return -1;
            opt->jobs = (unsigned)n;
            i++;
        } else if (!strcmp(a, "--max-tiles") && v != NULL) {
            if (parse_count(a, v, MJT__MAX_PATTERN_TILES, "a tile count", &n) <
                0)
                return -1;
            opt->max_tiles = (int)n;
            i++;
        } else if (!strcmp(a, "--solver") && v != NULL) {
            opt->solver = NULL;
            for (size_t k = 0; k < sizeof solvers / sizeof *solvers; k++)
                if (!strcmp(v, solvers[k].name))
                    opt->solver = &solvers[k];
            if (opt->solver == NULL) {
                fprintf(stderr,
                        "%s: --solver %s: unknown solver (try "
                        "'mjt-gen --help')\n",
                        gen_prog, v);
                return -1;
            }
            i++;
        } else {
            fprintf(stderr, "%s: %s: %s (try 'mjt-gen --help')\n", gen_prog, a,
                    v == NULL && a[0] == '-' && strlen(a) > 1
                        ? "unknown option or missing value"
                        : "unexpected argument");
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    gen_options opt = {NULL, 0, &solvers[0], 0, 0, 9, MJT__MAX_PATTERN_TILES};
    gen_table tables[2] = {{.name = "suit", .ranks = MJT__SUIT_RANKS},
                           {.name = "honor", .ranks = MJT__HONOR_RANKS}};
    struct stat st;
    double t0 = now();
    int rc = 1;

    if (parse_args(argc, argv, &opt) < 0)
        return 2;
    /* The source tree's place where there is one, else here: a default
     * that works from any directory. */
    if (opt.out == NULL)
        opt.out = stat("tables", &st) == 0 && S_ISDIR(st.st_mode)
                      ? "tables/mjt.lmdb"
                      : "mjt.lmdb";
    if (opt.jobs == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        opt.jobs = n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
    }
    opt.progress = !opt.quiet && isatty(STDERR_FILENO);
    if (gen_check_existing(opt.out) < 0 || gen_check_writable(opt.out) < 0)
        return 1;
    gen_remove_stale(opt.out);
    if (gen_build(tables, 2, &opt) < 0)
        goto out;
    if (gen_write(tables, 2, &opt) < 0)
        goto out;
    if (stat(opt.out, &st) != 0) {
        fprintf(stderr, "%s: %s: %s\n", gen_prog, opt.out, strerror(errno));
        goto out;
    }
    printf("%s: %s: suit %zu patterns (xxh3:%016llx), honor %zu patterns "
           "(xxh3:%016llx), %lld bytes, %.2f s, solver %s, -j%u\n",
           gen_prog, opt.out, tables[0].len,
           (unsigned long long)tables[0].digest, tables[1].len,
           (unsigned long long)tables[1].digest, (long long)st.st_size,
           now() - t0, opt.solver->name, opt.jobs);
    printf("%s: %s: forms of suit %zu patterns (xxh3:%016llx), honor %zu "
           "patterns (xxh3:%016llx)\n",
           gen_prog, opt.out, tables[0].fpatterns,
           (unsigned long long)tables[0].fdigest, tables[1].fpatterns,
           (unsigned long long)tables[1].fdigest);
    rc = 0;
out:
    for (int i = 0; i < 2; i++)
        gen_table_free(&tables[i]);
    return rc;
}
