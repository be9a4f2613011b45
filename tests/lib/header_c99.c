/* SPDX-License-Identifier: MIT */
/*
 * mjt.h stands alone: this file includes nothing else and `make test`
 * compiles it as C99 and as C++ with every warning an error, so an
 * embedder's compiler never trips over the one public header.
 */
#include "mjt.h"
#include "mjt.h" /* twice: the include guard holds */

int mjt_header_check(void);

int mjt_header_check(void)
{
    mjt_hand h;
    mjt_shanten_info s;
    mjt_tiles seen = {{0}, {0}, 0};
    h.opaque_[0] = 0;
    s.overall = MJT_SHANTEN_NONE;
    return (int)h.opaque_[0] + s.overall + MJT_OK + MJT_KINDS + seen.len +
           MJT_KIND_OF(MJT_RED_5P) + MJT_VERSION_NUMBER;
}
