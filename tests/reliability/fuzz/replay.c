/* SPDX-License-Identifier: MIT */
/*
 * The fuzz targets without libFuzzer: `make test` links each with this
 * main and feeds it every committed seed (tests/fuzz-replay.sh), so that
 * every input that once crashed a target is tried on every test run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        static uint8_t buf[1 << 22];
        if (f == NULL) {
            perror(argv[i]);
            return 1;
        }
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    return 0;
}
