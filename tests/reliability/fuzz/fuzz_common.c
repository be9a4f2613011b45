/* SPDX-License-Identifier: MIT */
/* The fuzz targets' shared parts; see fuzz.h. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const mjt_tables *fuzz_tables(void)
{
    static mjt_tables *t;
    mjt_diag diag;

    if (t == NULL) {
        const char *path = getenv("MJT_FUZZ_TABLES");
        if (mjt_tables_open(&t, path ? path : "build/test/mjt.lmdb", &diag) !=
            MJT_OK) {
            fprintf(stderr, "fuzz: %s (set MJT_FUZZ_TABLES)\n", diag.message);
            exit(1);
        }
    }
    return t;
}

const char *fuzz_file(int i, const uint8_t *data, size_t size)
{
    static char path[2][64];
    FILE *f;

    snprintf(path[i], sizeof path[i], "/tmp/mjt-fuzz-%ld-%d.lmdb",
             (long)getpid(), i);
    if ((f = fopen(path[i], "wb")) == NULL ||
        fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    return path[i];
}
