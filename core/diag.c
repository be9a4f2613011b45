/* SPDX-License-Identifier: MIT */
/* Error messages from the one list, and filling a diagnostic. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

const char *mjt__strerror(int code)
{
    switch (code) {
    case MJT__OK:
        return "success";
#define MJT__ERRORS_CASE_(name, value, msg)                                    \
    case MJT__##name:                                                          \
        return msg;
        MJT__ERRORS(MJT__ERRORS_CASE_)
#undef MJT__ERRORS_CASE_
    }
    return "unknown error";
}

void mjt__diag_set(mjt__diag *diag, int code, long offset, const char *fmt, ...)
{
    va_list ap;

    if (diag == NULL)
        return;
    diag->code = code;
    diag->sys_errno = 0;
    diag->offset = offset;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
}
