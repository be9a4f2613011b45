/* SPDX-License-Identifier: MIT */
/*
 * Reading a table file: for libmjt's loader, and for the raw records that
 * mjt_file_* (file.c) gives the tools.  The file is opened read-only and
 * without a lock file: a table never changes after mjt-gen renames it into
 * place.  Before LMDB maps anything the file's size is
 * checked against what its header claims, so a truncated file is an error,
 * not a SIGBUS.
 */
#ifndef MJT__QUERY_TABLEFILE_H
#define MJT__QUERY_TABLEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "forms.h"
#include "mjt.h"
#include "record.h"

enum { MJT__SUIT, MJT__HONOR, MJT__NTABLES };

extern const char *const mjt__table_names[MJT__NTABLES];
extern const int mjt__table_ranks[MJT__NTABLES];

typedef struct mjt__tfile mjt__tfile;

/*
 * Open path and check magic and format version.  Errors: MJT_ENOENT,
 * MJT_EIO, MJT_EFORMAT (not LMDB, not ours, other version, truncated),
 * MJT_ENOMEM; diag gets the message.
 */
int mjt__tfile_open(mjt__tfile **out, const char *path, mjt__diag *diag);
void mjt__tfile_close(mjt__tfile *f);

/* The same, accepting every format this build can read records of (1 to
 * MJT__FORMAT_VERSION), for the tools that compare and inspect tables;
 * mjt__tfile_format says which the file is. */
int mjt__tfile_open_any(mjt__tfile **out, const char *path, mjt__diag *diag);
int mjt__tfile_format(const mjt__tfile *f);
/* The descriptor of the file open (for reading what was opened, even once
 * the path names another), or -1. */
int mjt__tfile_fd(const mjt__tfile *f);

/* Copy the meta value of key, NUL-terminated; MJT_ENOENT if absent. */
int mjt__tfile_meta(mjt__tfile *f, const char *key, char *buf, size_t cap);

/* Call fn for each meta key and value (not NUL-terminated), in key order. */
int mjt__tfile_meta_each(mjt__tfile *f,
                         void (*fn)(void *ctx, const char *k, size_t klen,
                                    const char *v, size_t vlen),
                         void *ctx);

/* The record of key in table; MJT_ENOENT if the table has no such key. */
int mjt__tfile_find(mjt__tfile *f, int table, uint64_t key, mjt__record *rec,
                    mjt__diag *diag);

/*
 * Decode every block of table in key order and call fn on each; a block that
 * does not decompress or decode is MJT_ECORRUPT.  fn returning non-zero stops
 * the walk and is returned.  On MJT_OK, *digest (if not NULL) is the XXH3-64
 * of the table's decoded rows, to give mjt__tfile_check_digest.
 */
typedef int (*mjt__block_fn)(void *ctx, const uint64_t *keys,
                             const mjt__record *recs, uint32_t n);
int mjt__tfile_each_block(mjt__tfile *f, int table, mjt__block_fn fn, void *ctx,
                          uint64_t *digest, mjt__diag *diag);

/* MJT_OK when digest is what the file records for table, else MJT_ECORRUPT
 * with diag naming path, the table and both digests. */
int mjt__tfile_check_digest(mjt__tfile *f, int table, uint64_t digest,
                            const char *path, mjt__diag *diag);

/*
 * Call fn for the forms of every pattern of table that has any, in key
 * order (nothing for a file of format 1 or 2, which has none); a block
 * that does not decode, a malformed row or keys out of order is
 * MJT_ECORRUPT.  fn returning non-zero stops the walk and is returned.  On
 * MJT_OK, *digest (if not NULL) is the XXH3-64 of the rows, for
 * mjt__tfile_check_forms_digest.
 */
typedef int (*mjt__forms_fn)(void *ctx, uint64_t key, const mjt__forms *f);
int mjt__tfile_each_forms(mjt__tfile *f, int table, mjt__forms_fn fn, void *ctx,
                          uint64_t *digest, mjt__diag *diag);
int mjt__tfile_check_forms_digest(mjt__tfile *f, int table, uint64_t digest,
                                  const char *path, mjt__diag *diag);

/* Bytes the file takes on disk. */
long long mjt__tfile_size(const mjt__tfile *f);

/*
 * A walk over one table's records in key order, a block decoded at a time
 * into the file's buffers (so one walk at a time per file).  next returns
 * 1 with *key and *rec set (rec valid until the next call), 0 at the end,
 * or MJT_ECORRUPT / MJT_EIO with diag set.  Each walk also hashes the rows
 * it returns: mjt__walk_digest is the table's digest once next returned 0.
 */
typedef struct mjt__walk {
    mjt__tfile *f;
    void *cursor; /* MDB_cursor */
    void *xxh;    /* XXH3_state_t */
    int table;
    uint32_t n, i;
    int first, any;
    uint64_t last; /* the key returned last, if any (keys must rise) */
} mjt__walk;

int mjt__walk_open(mjt__walk *w, mjt__tfile *f, int table);
int mjt__walk_next(mjt__walk *w, uint64_t *key, const mjt__record **rec,
                   mjt__diag *diag);
uint64_t mjt__walk_digest(const mjt__walk *w);
void mjt__walk_close(mjt__walk *w);

#endif
