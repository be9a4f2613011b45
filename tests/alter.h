/* SPDX-License-Identifier: MIT */
/*
 * Tables altered on purpose, and small helpers the library's and mjq's
 * tests share (tests/lib/alter.c).  Each fails the calling test (a
 * Criterion assertion) when it cannot do its job.
 */
#ifndef MJT__TESTS_ALTER_H
#define MJT__TESTS_ALTER_H

#include <stddef.h>

#include "mjt.h"

/* Copy the test tables to name in a new temporary directory made from the
 * template tmpl (mkdtemp's); path gets the copy's path. */
void alter_temp_copy(char *tmpl, const char *name, char *path, size_t cap);
/* Remove the copy and its directory. */
void alter_remove(char *dir, const char *path);

/* Raise one deficit of the first block of the honor table: slot 9 (4 melds
 * and a pair) of record 100. */
void alter_one_record(const char *path);
/* Give the first arrangement of the first suit.forms block one more or
 * one fewer winning tile (pattern "1": wins 1 becomes wins 12). */
void alter_one_form(const char *path);
/* Set meta key to value (NULL: remove the key), leaving the meta digest
 * as it was; alter_reseal_meta then recomputes it, as mjt-gen does. */
void alter_set_meta(const char *path, const char *key, const char *value);
void alter_reseal_meta(const char *path);

/* The output of a shell command (at most cap - 1 bytes) into buf; the
 * command must exit 0. */
void test_run(const char *cmd, char *buf, size_t cap);
/* v in decimal into buf (40 bytes); returns the text's start in buf. */
const char *test_u128_text(mjt_u128 v, char buf[40]);

#endif
