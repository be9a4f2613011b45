/* SPDX-License-Identifier: MIT */
/* Error messages and the version, both from mjt.h's single lists. */
#include "mjt.h"

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
    switch (code) {
    case MJT_OK:
        return "success";
#define MJT_ERRNO_CASE_(name, value, msg)                                      \
    case MJT_##name:                                                           \
        return msg;
        MJT_ERRNO_MAP(MJT_ERRNO_CASE_)
#undef MJT_ERRNO_CASE_
    }
    return "unknown error";
}
