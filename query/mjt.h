/* SPDX-License-Identifier: MIT */
/*
 * mjt.h: exact riichi mahjong hand analysis in O(1) from precomputed tables.
 *
 * libmjt answers, for any concealed hand of 1 to 14 tiles whose count is 1 or
 * 2 mod 3, the shanten of the standard form, seven pairs and thirteen orphans,
 * the effective tiles (ukeire) of a 3k+1 hand, the whole discard table of a
 * 3k+2 hand and the waits of a tenpai hand.  Answers are exact under the rule
 * that a hand can never hold a fifth copy of a tile: 1111m123p112233s is
 * 1-shanten, not tenpai.
 *
 * Tables.  mjt_tables_open() reads the file written by mjt-gen (`make tables`
 * writes tables/mjt.lmdb), checks its magic, format version and digests, and
 * loads it into a dense in-memory form of about 7 MB; the file is closed
 * again before the call returns.  Every query then finds each suit's record
 * with two small array reads and no search.
 *
 * Threads.  An open mjt_tables is immutable: any number of threads may query
 * it at once without locks.  No query allocates, prints or keeps state.
 *
 * Ownership.  Callers own what they pass, and no call keeps a pointer to
 * caller memory after it returns; the library owns what sits behind an
 * mjt_tables until mjt_tables_close(), which accepts NULL.
 */
#ifndef MJT_H
#define MJT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MJT_VERSION_MAJOR 0
#define MJT_VERSION_MINOR 1
#define MJT_VERSION_PATCH 0
#define MJT_VERSION_STRING "0.1.0"

/* The library's version, MJT_VERSION_STRING of the build that was linked. */
const char *mjt_version(void);

/* ==== Errors ==== */

/*
 * Every call that can fail returns MJT_OK (0) or one of these negative codes.
 * The list is the single source of both the enum and mjt_strerror().
 */
#define MJT_ERRNO_MAP(X)                                                    \
    X(EINVAL, -1, "invalid argument")                                       \
    X(ENOMEM, -2, "out of memory")                                          \
    X(EIO, -3, "input/output error")                                        \
    X(ENOENT, -4, "no such file")                                           \
    X(EFORMAT, -5, "not a table of this format")                            \
    X(ECORRUPT, -6, "table content does not match its digest")              \
    X(ESYNTAX, -7, "malformed tiles")                                       \
    X(ECOPIES, -8, "more than 4 copies of a tile")                          \
    X(ECOUNT, -9, "wrong number of tiles")                                  \
    X(ESUIT, -10, "tiles of more than one suit")                            \
    X(ESPACE, -11, "output buffer too small")

typedef enum mjt_errno {
    MJT_OK = 0,
#define MJT_ERRNO_ENUM_(name, code, msg) MJT_##name = (code),
    MJT_ERRNO_MAP(MJT_ERRNO_ENUM_)
#undef MJT_ERRNO_ENUM_
} mjt_errno;

/* A short description of code; never NULL, "unknown error" for a stranger. */
const char *mjt_strerror(int code);

/*
 * Detail of a failure, for the calls that take one (parse and open).  The
 * caller owns it and may pass NULL.  On failure the call sets code, the errno
 * it saw (0 if none), the byte offset in the text it parsed (-1 if the
 * failure has no place), and a one-line message naming the problem.  On
 * success it is left untouched.
 */
typedef struct mjt_diag {
    int code;
    int sys_errno;
    long offset;
    char message[160];
} mjt_diag;

#ifdef __cplusplus
}
#endif
#endif /* MJT_H */
