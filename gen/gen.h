/* SPDX-License-Identifier: MIT */
/*
 * mjt-gen's parts: the solving pool (solve.c) and the table writer
 * (writer.c), driven by main.c.
 */
#ifndef MJT__GEN_H
#define MJT__GEN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"

typedef void (*mjt__solver_fn)(uint64_t key, int ranks, mjt__record *out);

/* A solver: fn solves one pattern, or is NULL for the bitboard solver,
 * which works a table at a time (gen/patterns.h). */
typedef struct gen_solver {
    const char *name;
    unsigned version;
    mjt__solver_fn fn;
    const char *about;
} gen_solver;

/* One table (suit or honor) as it is built. */
typedef struct gen_table {
    const char *name; /* LMDB database name: "suit" or "honor" */
    int ranks;
    size_t len;     /* patterns */
    uint64_t *keys; /* ascending once gen_build returns */
    mjt__record *recs;
    uint64_t digest; /* XXH3-64 of the decoded rows in key order */
    size_t nblocks;
    unsigned char **blocks; /* compressed blocks */
    size_t *block_size;
    size_t compressed; /* sum of block_size */
    /* Forms (core/format.h): span s covers key-order positions s *
     * MJT__FORMS_SPAN on, and gives a block if any of them has forms. */
    size_t nspans;
    unsigned char **frows;   /* each span's decoded block: count, rows */
    size_t *frows_size;      /* 0: no pattern of the span has forms */
    unsigned char **fblocks; /* compressed */
    size_t *fblock_size;
    size_t fpatterns;   /* patterns with forms */
    uint64_t fdigest;   /* XXH3-64 of their rows in key order */
    size_t fcompressed; /* sum of fblock_size */
} gen_table;

typedef struct gen_options {
    const char *out;
    unsigned jobs;
    const gen_solver *solver;
    int quiet;
    int progress;  /* draw a progress bar (stderr is a terminal) */
    int level;     /* zstd level */
    int max_tiles; /* patterns of at most this many tiles (14: all) */
} gen_options;

/* Solve, digest and compress the tables (at most 2, each with name and
 * ranks set) with opt->jobs threads.  Returns 0, or -1 after printing what
 * failed; gen_table_free() each table either way. */
int gen_build(gen_table *tables, int ntables, const gen_options *opt);
void gen_table_free(gen_table *t);

/* Write the tables to opt->out through a temporary file and a rename.
 * Returns 0, or -1 after printing what failed; the old file is untouched. */
int gen_write(gen_table *tables, int ntables, const gen_options *opt);

/* Whether path exists and is a table of ours (1), absent (0), or exists and
 * is something else (-1, after printing why). */
int gen_check_existing(const char *path);

/* Remove the temporary files of path left by writers that were killed
 * (PATH.tmp.PID whose process is gone); a running writer's stays. */
void gen_remove_stale(const char *path);

/* Whether a temporary file can be made beside path (0), or -1 after
 * printing why: checked before hours of work, not after. */
int gen_check_writable(const char *path);

extern const char *gen_prog;

#endif
