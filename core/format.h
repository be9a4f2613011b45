/* SPDX-License-Identifier: MIT */
/*
 * The table format's byte layouts, shared by the writer (gen/) and the
 * readers (query/): the decoded row of one record, whose bytes the digests
 * cover, and the block that groups consecutive records before compression.
 * tables/FORMAT.md is the prose version of this file; keep them together.
 */
#ifndef MJT__CORE_FORMAT_H
#define MJT__CORE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "forms.h"
#include "record.h"

#define MJT__FORMAT_MAGIC "mjt-tables"
#define MJT__FORMAT_VERSION 3
/* The oldest format whose records this build can still read (for mjq
 * info and diff; libmjt loads only MJT__FORMAT_VERSION). */
#define MJT__FORMAT_OLDEST 1

/* Records a block holds, but the last block of a table. */
#define MJT__BLOCK_RECORDS 4096u

/* A decoded row: key (u64 LE), then per slot deficit u8, need, excess u16. */
#define MJT__ROW_SIZE (8 + MJT__SLOTS * 5)

/* Bytes a decoded block of n records takes: count u32, keys, columns. */
#define MJT__BLOCK_SIZE(n) (4 + (size_t)(n)*MJT__ROW_SIZE)

void mjt__row_encode(uint64_t key, const mjt__record *rec,
                     unsigned char row[MJT__ROW_SIZE]);

/*
 * Lay out n records column by column (all keys, then each slot's deficits,
 * then each slot's need masks, then excess masks), which compresses far
 * better than rows.  buf must hold MJT__BLOCK_SIZE(n) bytes.
 */
void mjt__block_encode(const uint64_t *keys, const mjt__record *recs,
                       uint32_t n, unsigned char *buf);

/*
 * Read a decoded block of size bytes.  Returns the record count, or 0 when
 * size does not match the count it declares or the keys are not strictly
 * increasing.  keys and recs, if not NULL, must hold max records; a block
 * declaring more returns 0.
 */
uint32_t mjt__block_decode(const unsigned char *buf, size_t size, uint32_t max,
                           uint64_t *keys, mjt__record *recs);

/*
 * Forms (format 3 on): each table has a second database, "suit.forms" or
 * "honor.forms", holding the forms of every pattern that has any, as rows
 * in key order: key (u64 LE), the counts of complete and arrangements (u8
 * each), the decompositions (mjt__forms_width bytes each), then each short
 * form followed by its winning ranks (u16 LE).  A block is a u32 LE count
 * of rows and the rows, compressed as one zstd frame; its digest covers
 * the rows.
 */
#define MJT__FORMS_SUFFIX ".forms"
/* Positions of the key order one forms block covers (it holds only the
 * patterns among them that have forms). */
#define MJT__FORMS_SPAN 16384u
#define MJT__FORMS_ROW_MAX                                                     \
    (10 + MJT__MAX_FORMS * (MJT__FORM_BLOCKS + MJT__FORM_BLOCKS + 2))

/* Encode the row of key into row (MJT__FORMS_ROW_MAX bytes); returns its
 * size. */
size_t mjt__forms_row_encode(uint64_t key, const mjt__forms *f,
                             unsigned char *row);

/*
 * Decode the row at p (avail bytes) of a pattern of ranks ranks.  Returns
 * its size, or 0 when it is malformed: an invalid key, more forms than
 * MJT__MAX_FORMS, a form the pattern's tile count cannot have, a block of
 * an unknown kind or outside the ranks, or a row running past avail.
 * Only f's first ndecompositions and narrangements forms are written.
 */
size_t mjt__forms_row_decode(const unsigned char *p, size_t avail, int ranks,
                             uint64_t *key, mjt__forms *f);

/*
 * The meta record's own digest, "meta.digest": XXH3-64 over every other
 * meta entry in LMDB's key order, each laid out by mjt__meta_entry as the
 * key, a NUL, the value and a NUL.  Writes into buf (cap bytes) and
 * returns the length, or 0 when it does not fit.
 */
#define MJT__META_DIGEST "meta.digest"
size_t mjt__meta_entry(unsigned char *buf, size_t cap, const void *key,
                       size_t klen, const void *val, size_t vlen);

/* Big-endian 8 bytes: LMDB's byte order then sorts keys numerically. */
void mjt__be64_put(unsigned char out[8], uint64_t v);
uint64_t mjt__be64_get(const unsigned char in[8]);

#endif
