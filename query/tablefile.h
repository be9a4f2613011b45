/* SPDX-License-Identifier: MIT */
/*
 * Reading a table file (internal to libmjt and mjq).  The file is opened
 * read-only and without a lock file: a table never changes after mjt-gen
 * renames it into place.  Before LMDB maps anything the file's size is
 * checked against what its header claims, so a truncated file is an error,
 * not a SIGBUS.
 */
#ifndef MJT_QUERY_TABLEFILE_H
#define MJT_QUERY_TABLEFILE_H

#include <stddef.h>
#include <stdint.h>

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
int mjt__tfile_open(mjt__tfile **out, const char *path, mjt_diag *diag);
void mjt__tfile_close(mjt__tfile *f);

/* Copy the meta value of key, NUL-terminated; MJT_ENOENT if absent. */
int mjt__tfile_meta(mjt__tfile *f, const char *key, char *buf, size_t cap);

/* Call fn for each meta key and value (not NUL-terminated), in key order. */
int mjt__tfile_meta_each(mjt__tfile *f,
                         void (*fn)(void *ctx, const char *k, size_t klen,
                                    const char *v, size_t vlen),
                         void *ctx);

/* The record of key in table; MJT_ENOENT if the table has no such key. */
int mjt__tfile_find(mjt__tfile *f, int table, uint64_t key, mjt__record *rec,
                    mjt_diag *diag);

/*
 * Decode every block of table in key order and call fn on each; a block that
 * does not decompress or decode is MJT_ECORRUPT.  fn returning non-zero stops
 * the walk and is returned.
 */
typedef int (*mjt__block_fn)(void *ctx, const uint64_t *keys,
                             const mjt__record *recs, uint32_t n);
int mjt__tfile_each_block(mjt__tfile *f, int table, mjt__block_fn fn,
                          void *ctx, mjt_diag *diag);

/* Bytes the file takes on disk. */
long long mjt__tfile_size(const mjt__tfile *f);

#endif
