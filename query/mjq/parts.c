/* SPDX-License-Identifier: MIT */
/*
 * Parts of an enumeration: mjq enumerate --part K/N writes the sums of
 * its K-th of N rank ranges as one JSON line, and mjq stats --merge adds
 * the N files up into the whole count, so that one job can run on many
 * machines.  A part names its job (tiles, one suit or not, N) and its
 * range, and the merge refuses parts of different jobs, a part given
 * twice, a missing part, a range that is not the part's, and a file that
 * is truncated or not a part, before it prints anything.
 *
 *   {"mjq":"enumerate-part","tiles":13,"one_suit":false,"part":1,
 *    "parts":4,"first":"0","end":"24630399000","sums":["...",...]}
 *
 * "sums" holds every sum of the result in the order stats.h declares
 * them, from total on.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

/* The sums a part holds: the result's from total on. */
#define SUMS STATS_SUMS
#define PART_MAX (256 + SUMS * 42)

static void put_u128(u128 v)
{
    char buf[40], *p = buf + 39;
    *p = '\0';
    do {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    fputs(p, stdout);
}

void parts_write(const mjt_stats *r, int part, int parts, uint64_t first,
                 uint64_t end)
{
    const mjt_u128 *s = stats_sums((mjt_stats *)r);

    printf("{\"mjq\":\"enumerate-part\",\"tiles\":%d,\"players\":%d,"
           "\"one_suit\":%s,\"part\":%d,\"parts\":%d,\"first\":\"%llu\","
           "\"end\":\"%llu\",\"sums\":[",
           r->tiles, r->players, r->one_suit ? "true" : "false", part, parts,
           (unsigned long long)first, (unsigned long long)end);
    for (size_t i = 0; i < SUMS; i++) {
        fputs(i ? ",\"" : "\"", stdout);
        put_u128(cli_u128(s[i]));
        putchar('"');
    }
    printf("]}\n");
}

/* ==== Reading ==== */

typedef struct part {
    const char *path;
    int tiles, players, one_suit, part, parts;
    unsigned long long first, end;
} part;

/* A quoted decimal u128 at *p ("123"), moving *p past it; 0 on success. */
static int get_u128(const char **p, u128 *out)
{
    const char *q = *p;
    u128 v = 0;
    if (*q++ != '"' || *q < '0' || *q > '9')
        return -1;
    for (; *q >= '0' && *q <= '9'; q++) {
        if (v > (~(u128)0 - 9) / 10)
            return -1;
        v = v * 10 + (u128)(*q - '0');
    }
    if (*q++ != '"')
        return -1;
    *p = q;
    *out = v;
    return 0;
}

/* Read part file path into *pt and add its sums into r; 0, or 2 with the
 * problem reported. */
static int read_part(const char *path, part *pt, mjt_stats *r)
{
    static char buf[PART_MAX + 2];
    FILE *f = fopen(path, "r");
    char one[8];
    int n = 0;

    if (f == NULL) {
        fprintf(stderr, "%s: stats: %s: cannot read it\n", cli_prog, path);
        return 2;
    }
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    pt->path = path;
    if (sscanf(buf,
               "{\"mjq\":\"enumerate-part\",\"tiles\":%d,\"players\":%d,"
               "\"one_suit\":%5[a-z],\"part\":%d,\"parts\":%d,\"first\":"
               "\"%llu\",\"end\":\"%llu\",\"sums\":[%n",
               &pt->tiles, &pt->players, one, &pt->part, &pt->parts, &pt->first,
               &pt->end, &n) != 7 ||
        n == 0 || (pt->players != 3 && pt->players != 4)) {
        fprintf(stderr, "%s: stats: %s: not a part of mjq enumerate\n",
                cli_prog, path);
        return 2;
    }
    pt->one_suit = !strcmp(one, "true");
    const char *p = buf + n;
    mjt_u128 *s = stats_sums(r);
    for (size_t i = 0; i < SUMS; i++) {
        u128 v;
        if ((i > 0 && *p++ != ',') || get_u128(&p, &v) != 0) {
            fprintf(stderr,
                    "%s: stats: %s: truncated or damaged (sum %zu of %zu)\n",
                    cli_prog, path, i + 1, (size_t)SUMS);
            return 2;
        }
        v += cli_u128(s[i]);
        s[i].lo = (uint64_t)v;
        s[i].hi = (uint64_t)(v >> 64);
    }
    if (strcmp(p, "]}\n") != 0 && strcmp(p, "]}") != 0) {
        fprintf(stderr, "%s: stats: %s: truncated or damaged (its end)\n",
                cli_prog, path);
        return 2;
    }
    return 0;
}

/* Whether b is of a's job and the parts are whole and distinct. */
static int check_parts(const part *pt, int n)
{
    for (int i = 0; i < n; i++) {
        const part *a = &pt[0], *b = &pt[i];
        uint64_t first, end;
        if (b->tiles != a->tiles || b->one_suit != a->one_suit ||
            b->players != a->players || b->parts != a->parts) {
            fprintf(stderr,
                    "%s: stats: %s and %s are parts of different jobs "
                    "(--tiles %d%s%s, %d parts; --tiles %d%s%s, %d parts)\n",
                    cli_prog, a->path, b->path, a->tiles,
                    a->one_suit ? " --one-suit" : "",
                    a->players == 3 ? " --players 3" : "", a->parts, b->tiles,
                    b->one_suit ? " --one-suit" : "",
                    b->players == 3 ? " --players 3" : "", b->parts);
            return 2;
        }
        mjt_rules rules;
        mjt_rules_init(&rules, b->players);
        if (mjt_enum_part(b->tiles, &rules,
                          b->one_suit ? MJT_STATS_ONE_SUIT : 0, b->part,
                          b->parts, &first, &end) != MJT_OK ||
            b->first != first || b->end != end) {
            fprintf(stderr, "%s: stats: %s: not the range of part %d of %d\n",
                    cli_prog, b->path, b->part, b->parts);
            return 2;
        }
        for (int j = 0; j < i; j++)
            if (pt[j].part == b->part) {
                fprintf(stderr,
                        "%s: stats: part %d of %d given twice (%s, "
                        "%s)\n",
                        cli_prog, b->part, b->parts, pt[j].path, b->path);
                return 2;
            }
    }
    if (n != pt[0].parts) {
        for (int k = 1; k <= pt[0].parts; k++) {
            int seen = 0;
            for (int i = 0; i < n; i++)
                seen |= pt[i].part == k;
            if (!seen) {
                fprintf(stderr, "%s: stats: part %d of %d missing\n", cli_prog,
                        k, pt[0].parts);
                break;
            }
        }
        return 2;
    }
    return 0;
}

int parts_merge(char **paths, int n, mjt_stats *r)
{
    part *pt = calloc((size_t)n, sizeof *pt);
    int rc = 0;

    if (pt == NULL) {
        fprintf(stderr, "%s: stats: out of memory\n", cli_prog);
        return 1;
    }
    memset(r, 0, sizeof *r);
    for (int i = 0; i < n && rc == 0; i++)
        rc = read_part(paths[i], &pt[i], r);
    if (rc == 0)
        rc = check_parts(pt, n);
    r->tiles = pt[0].tiles;
    r->one_suit = pt[0].one_suit;
    r->players = pt[0].players;
    free(pt);
    return rc;
}
