/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: any bytes where a table file should be.  The library's
 * loader, mjq info --verify's walk and mjq dump's lookup must each give an
 * error or an answer, never crash or read out of bounds.
 */
#include <stdio.h>

#include "cli.h"
#include "fuzz.h"
#include "tablefile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(0, data, size);
    mjt_tables *t = NULL;
    mjt__tfile *f = NULL;
    mjt__record rec;

    if (mjt_tables_open(&t, path, NULL) == MJT_OK) {
        mjt_hand h;
        mjt_shanten_info s;
        if (mjt_hand_parse(&h, "123m456p789s1122z", 17, NULL, NULL) == MJT_OK)
            mjt_shanten(t, &h, &s);
    }
    mjt_tables_close(t);
    if (mjt__tfile_open(&f, path, NULL) == MJT_OK) {
        for (int table = 0; table < MJT__NTABLES; table++) {
            mjt__walk w;
            uint64_t key;
            const mjt__record *r;
            if (mjt__walk_open(&w, f, table) != MJT_OK)
                continue;
            while (mjt__walk_next(&w, &key, &r, NULL) > 0)
                ;
            mjt__walk_close(&w);
        }
        mjt__tfile_find(f, MJT__SUIT, 0xF, &rec, NULL);
    }
    mjt__tfile_close(f);
    return 0;
}
