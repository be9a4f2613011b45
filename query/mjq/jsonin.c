/* SPDX-License-Identifier: MIT */
/*
 * Reading what mjq is given a line at a time: lines of bounded length, and
 * the small pieces of JSON its batch lines are made of (strings, arrays of
 * strings), shared by the analysis's batch mode and mjq score.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/*
 * Read one line of f into buf, keeping at most cap - 1 bytes: the rest of
 * a longer line is read and dropped, and *too_long says so.  Returns the
 * length kept, or -1 at the end of the input.  Memory stays flat however
 * long the line or the input.
 */
long cli_read_line(FILE *f, char *buf, size_t cap, int *too_long)
{
    size_t n = 0;
    int c, any = 0;

    *too_long = 0;
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        any = 1;
        if (n + 1 < cap)
            buf[n++] = (char)c;
        else
            *too_long = 1;
    }
    if (c == EOF && !any)
        return -1;
    return (long)n;
}

/* A JSON string at *p (past the opening quote) into out (cap bytes, NUL
 * kept); *p moves past the closing quote.  Tiles are ASCII, so \u escapes
 * above 0x7F are refused.  NULL, or the problem. */
const char *cli_json_str(const char **p, const char *end, char *out, size_t cap)
{
    size_t n = 0;

    while (*p < end && **p != '"') {
        int c = (unsigned char)*(*p)++;
        if (c < 0x20)
            return "a control character inside a string";
        if (c == '\\') {
            if (*p >= end)
                return "a string that does not end";
            c = *(*p)++;
            const char *esc = c != 0 ? strchr("\"\\/bfnrt", c) : NULL;
            if (esc != NULL && c != 'u') {
                c = "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"];
            } else if (c == 'u') {
                unsigned v = 0;
                for (int i = 0; i < 4; i++, (*p)++) {
                    if (*p >= end || !strchr("0123456789abcdefABCDEF", **p) ||
                        **p == '\0')
                        return "a \\u escape without four hex digits";
                    v = v * 16 + (unsigned)(isdigit((unsigned char)**p)
                                                ? **p - '0'
                                                : (tolower((unsigned char)**p) -
                                                   'a' + 10));
                }
                if (v == 0 || v > 0x7F)
                    return "a \\u escape of no tile text";
                c = (int)v;
            } else {
                return "an unknown escape in a string";
            }
        }
        if (n + 1 >= cap)
            return "a string too long";
        out[n++] = (char)c;
    }
    if (*p >= end)
        return "a string that does not end";
    (*p)++;
    out[n] = '\0';
    return NULL;
}

void cli_json_space(const char **p, const char *end)
{
    while (*p < end && strchr(" \t\r\n", **p) && **p != '\0')
        (*p)++;
}

/*
 * The value of "calls" at *p: an array of strings, ["3333m","111z"], as
 * mjq --json writes them, or one string, "3333m,111z".  Into out joined by
 * commas.  NULL, or the problem.
 */
const char *cli_json_calls(const char **p, const char *end, char *out,
                           size_t cap)
{
    size_t n = 0;
    const char *err;

    if (*p < end && **p == '"') {
        (*p)++;
        return cli_json_str(p, end, out, cap);
    }
    if (*p >= end || *(*p)++ != '[')
        return "\"calls\" is not an array of strings";
    out[0] = '\0';
    cli_json_space(p, end);
    if (*p < end && **p == ']') {
        (*p)++;
        return NULL;
    }
    for (;;) {
        cli_json_space(p, end);
        if (*p >= end || *(*p)++ != '"')
            return "\"calls\" holds something other than strings";
        if (n > 0) {
            if (n + 2 >= cap)
                return "a string too long";
            out[n++] = ',';
        }
        if ((err = cli_json_str(p, end, out + n, cap - n)) != NULL)
            return err;
        if (out[n] == '\0')
            return "an empty string in \"calls\"";
        n += strlen(out + n);
        cli_json_space(p, end);
        if (*p < end && **p == ',') {
            (*p)++;
            continue;
        }
        if (*p >= end || *(*p)++ != ']')
            return "no ',' or ']' after a call";
        return NULL;
    }
}
