/* SPDX-License-Identifier: MIT */
/* libFuzzer target: mjq's batch input, any bytes as stdin. */
#include <stdio.h>

#include "cli.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet) {
        /* Answers to /dev/null; stderr stays for libFuzzer's reports. */
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    }
    FILE *in = fmemopen((void *)data, size, "r");
    if (in == NULL)
        return 0; /* fmemopen refuses size 0 on some libcs */
    cli_batch(fuzz_tables(), in, stdout, size % 2);
    fclose(in);
    return 0;
}
