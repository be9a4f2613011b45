/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: mjq diff --full on any pair of files.  The input's
 * first byte says where it splits into OLD and NEW (in 256ths).
 */
#include <stdio.h>

#include <string.h>

#include "cli.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet) {
        /* Answers to /dev/null; stderr stays for libFuzzer's reports. */
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    }
    if (size < 1)
        return 0;
    size_t cut = 1 + (size - 1) * data[0] / 256;
    char *argv[] = {"diff", "--full", (char *)fuzz_file(0, data + 1, cut - 1),
                    (char *)fuzz_file(1, data + cut, size - cut), NULL};
    cli_globals g;
    memset(&g, 0, sizeof g);
    cli_diff(3, argv + 1, &g);
    return 0;
}
