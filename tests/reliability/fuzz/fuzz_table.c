/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: any bytes where a table file should be.  The library's
 * loader and the table-file API that mjq info --verify, dump and diff use
 * (verify every part, look a pattern up, compare the file with itself
 * record by record) must each give an error or an answer, never crash or
 * read out of bounds.
 */
#include <stdio.h>

#include "fuzz.h"

static int ignore(void *user, const mjt_change *c)
{
    (void)user, (void)c;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(0, data, size);
    mjt_tables *t = NULL;
    mjt_file *f = NULL;

    if (mjt_tables_open(&t, path, NULL) == MJT_OK) {
        mjt_hand h;
        mjt_shanten_info s;
        if (mjt_hand_parse(&h, "123m456p789s1122z", 17, NULL, NULL) == MJT_OK)
            mjt_shanten(t, &h, &s);
    }
    mjt_tables_close(t);
    if (mjt_file_open(&f, path, NULL) == MJT_OK) {
        mjt_tiles pattern;
        mjt_record rec;
        mjt_diff_tally tally;
        for (int part = 0; part < mjt_file_parts(f); part++) {
            uint64_t rows;
            mjt_file_verify(f, part, &rows, NULL);
            mjt_file_diff(f, f, part, MJT_DIFF_FULL, ignore, NULL, &tally,
                          NULL);
        }
        if (mjt_tiles_parse(&pattern, "1234m", 5, NULL) == MJT_OK)
            mjt_file_record(f, &pattern, &rec, NULL);
    }
    mjt_file_close(f);
    return 0;
}
