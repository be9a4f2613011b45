/* SPDX-License-Identifier: MIT */
/*
 * The error list and the diagnostics that every part of mjt shares.  core
 * reports with these codes; mjt.h's MJT_E* codes are the same numbers and
 * mjt_strerror() returns these messages (query/errors.c checks both at
 * compile time, test_errors.c checks the messages), so the public list
 * and this one cannot drift apart.
 */
#ifndef MJT__CORE_DIAG_H
#define MJT__CORE_DIAG_H

/* Each code with its message: the single source of both. */
#define MJT__ERRORS(X)                                                         \
    X(EINVAL, -1, "invalid argument")                                          \
    X(ENOMEM, -2, "out of memory")                                             \
    X(EIO, -3, "input/output error")                                           \
    X(ENOENT, -4, "no such file")                                              \
    X(EFORMAT, -5, "not a table of this format")                               \
    X(ECORRUPT, -6, "table content does not match its digest")                 \
    X(ESYNTAX, -7, "malformed tiles")                                          \
    X(ECOPIES, -8, "more than 4 copies of a tile")                             \
    X(ECOUNT, -9, "wrong number of tiles")                                     \
    X(ETILE, -10, "tile id out of range")                                      \
    X(ESPACE, -11, "output buffer too small")                                  \
    X(EABSENT, -12, "tile not in the hand")                                    \
    X(EHAND, -13, "not a hand made by the mjt_hand calls")                     \
    X(ESTALE, -14, "hand changed outside the mjt_hand calls")                  \
    X(ECALL, -15, "not a meld that can be called")                             \
    X(EPLAYERS, -16, "not in the game of the hand's number of players")        \
    X(ECANCELED, -17, "stopped by the caller")                                 \
    X(ERED, -18, "more red fives than the rules have")                         \
    X(EBUDGET, -19, "over the budget of memory or time")                       \
    X(ENOTWIN, -20, "not a complete hand")

enum {
    MJT__OK = 0,
#define MJT__ERRORS_ENUM_(name, code, msg) MJT__##name = (code),
    MJT__ERRORS(MJT__ERRORS_ENUM_)
#undef MJT__ERRORS_ENUM_
};

/* The message of code: "success", a message of the list, or "unknown
 * error"; never NULL. */
const char *mjt__strerror(int code);

/*
 * Detail of a failure: the code, the errno seen (0 if none), the byte
 * offset in the text parsed (-1 if none) and a one-line message.  mjt.h's
 * mjt_diag has the same layout (checked where the library copies one into
 * the other).
 */
#define MJT__DIAG_MESSAGE 160
typedef struct mjt__diag {
    int code;
    int sys_errno;
    long offset;
    char message[MJT__DIAG_MESSAGE];
} mjt__diag;

/* Fill diag (if not NULL) with code, offset and a printf-style message;
 * sys_errno becomes 0. */
void mjt__diag_set(mjt__diag *diag, int code, long offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
