/* SPDX-License-Identifier: MIT */
/*
 * Error messages and the version.  The codes and messages are core's
 * (core/diag.h), which mjt.h repeats so that it stands alone: the
 * assertions below fail the build if a code of either list is missing from
 * the other or has another value, or if mjt_diag's layout is not
 * mjt__diag's.  (test_errors.c checks that the messages agree too.)
 */
#include "internal.h"

#include <stddef.h>
#include <string.h>

#define SAME_CODE_(name, value, msg)                                           \
    _Static_assert((int)MJT_##name == (int)MJT__##name &&                      \
                       MJT_##name == (value),                                  \
                   "mjt.h and core/diag.h disagree on " #name);
MJT_ERRNO_MAP(SAME_CODE_)
MJT__ERRORS(SAME_CODE_)
#undef SAME_CODE_

#define SAME_FIELD_(f)                                                         \
    _Static_assert(offsetof(mjt_diag, f) == offsetof(mjt__diag, f) &&          \
                       sizeof((mjt_diag *)0)->f == sizeof((mjt__diag *)0)->f,  \
                   "mjt_diag." #f " is not laid out as mjt__diag." #f);
SAME_FIELD_(code)
SAME_FIELD_(sys_errno)
SAME_FIELD_(offset)
SAME_FIELD_(message)
#undef SAME_FIELD_
_Static_assert(sizeof(mjt_diag) == sizeof(mjt__diag), "mjt_diag's size");

const char *mjt_version(void)
{
    return MJT_VERSION_STRING;
}

int mjt_version_number(void)
{
    return MJT_VERSION_NUMBER;
}

const char *mjt_strerror(int code)
{
    return mjt__strerror(code);
}

const char *mjt_errname(int code)
{
    switch (code) {
    case MJT_OK:
        return "OK";
#define NAME_(name, value, msg)                                                \
    case MJT_##name:                                                           \
        return #name;
        MJT_ERRNO_MAP(NAME_)
#undef NAME_
    }
    return NULL;
}

int mjt__diag_out(mjt_diag *out, mjt__diag *d, int rc)
{
    if (rc == MJT_OK || out == NULL)
        return rc;
    if (d->code == MJT_OK) /* a failure that left no detail */
        mjt__diag_set(d, rc, -1, "%s", mjt__strerror(rc));
    /* the message up to its end, the rest zeroed: a caller's d may have
     * set only its code before the failure filled it (the parsers, the
     * scores) */
    size_t n = strnlen(d->message, sizeof d->message - 1);
    out->code = d->code;
    out->sys_errno = d->sys_errno;
    out->offset = d->offset;
    memcpy(out->message, d->message, n);
    memset(out->message + n, 0, sizeof out->message - n);
    return rc;
}
