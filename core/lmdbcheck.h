/* SPDX-License-Identifier: MIT */
/*
 * Whether an LMDB file is safe to map, checked with pread before LMDB sees
 * it (lmdbcheck.c): both sides open table files, mjt-gen to see whether a
 * file it would replace is a table, libmjt to load one.
 */
#ifndef MJT__CORE_LMDBCHECK_H
#define MJT__CORE_LMDBCHECK_H

#include "diag.h"

/*
 * Check that the LMDB file at path (size bytes) is safe to map: every page
 * LMDB could reach from its newest meta page lies in the file and holds
 * together.  MJT__OK, or MJT__EFORMAT / MJT__EIO with diag set.
 */
int mjt__lmdb_check(const char *path, long long size, mjt__diag *diag);

#endif
