/* SPDX-License-Identifier: MIT */
/* What the fuzz targets share: the tables, opened once per process from
 * $MJT_FUZZ_TABLES (make fuzz sets it), and a scratch file. */
#ifndef MJT__FUZZ_H
#define MJT__FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "mjt.h"

const mjt_tables *fuzz_tables(void);

/* Write data to this process's scratch file number i and return its
 * path. */
const char *fuzz_file(int i, const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
