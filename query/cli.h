/* SPDX-License-Identifier: MIT */
/* mjq's commands, shared between its files. */
#ifndef MJT_QUERY_CLI_H
#define MJT_QUERY_CLI_H

extern const char *cli_prog;

/* The table path when --tables is not given. */
const char *cli_default_tables(void);

/* Print "mjq: <fmt with arg> (try 'mjq --help')" and return 2. */
int cli_usage_error(const char *fmt, const char *arg);

/* Print why the tables did not open, with a hint where one helps;
 * returns 1 (the exit status). */
struct mjt_diag;
int cli_tables_error(const struct mjt_diag *diag);

/* The ranks set in a 9-bit mask as digits, "1" to "9" ("" for none). */
void cli_mask_digits(unsigned mask, char out[10]);

#include <stdio.h>

#include "mjt.h"

/* Block b as text, "123p" (with_suit) or "123", into out; returns its
 * length. */
size_t cli_block_text(mjt_block b, int with_suit, char out[8]);

/* Blocks as bytes of the tables (kind << 4 | rank, core/forms.h) in seed
 * 000's text, completed ones in parentheses and a waiting one in brackets:
 * "(123)(11)[45]".  out must hold 6 n + 1 bytes; returns the length. */
size_t cli_blocks_text(const uint8_t *b, int n, char *out);

/* "ryanmen", "chiitoitsu", ...: the names mjq prints for mjt_shape_kind
 * and mjt_form values. */
const char *cli_shape_name(int shape);
const char *cli_form_name(int form);

/* mjq waits [--format=seed|text] [--all-one-suit [-j N]] [HAND...]. */
int cli_waits(int argc, char **argv);

/* Print the wait shapes (of a 3k+1 hand) or decompositions (3k+2), as
 * text lines or as a JSON member `,"shapes":[...]` (nothing when there are
 * none).  Returns 0, or 1 on a failure. */
int cli_print_forms(const mjt_tables *t, const mjt_hand *h, int json);

/* mjq [options] [HAND...]: the hand analysis. */
int cli_analyze(int argc, char **argv);

/* Batch mode on in, with tables t: what mjq does with no HAND (the fuzz
 * target for batch input calls it too).  Returns 0, or 1 if a line was
 * bad. */
int cli_batch(const mjt_tables *t, FILE *in, int json);

/* mjq diff [--json] [--max N] [--full] OLD NEW: exit status 0 identical,
 * 1 different, 2 trouble. */
int cli_diff(int argc, char **argv);

/* mjq info --verify: print whether each table's records hash to the digest
 * f records; returns 0 when all do, else 1. */
struct mjt__tfile;
int cli_verify(struct mjt__tfile *f, const char *path);

#endif
