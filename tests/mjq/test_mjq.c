/* SPDX-License-Identifier: MIT */
/*
 * mjq against the library it prints: the exact statistics, a part of an
 * enumeration and dealing give what the library's calls give; the
 * countTiles listing of mjq waits is the brute force's, hand by hand; and
 * mjq's dump, info and diff say what the library's file calls found in
 * tables damaged on purpose (tests/lib/alter.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "asserts.h"
#include "alter.h"
#include "enum.h"
#include "helpers.h"
#include "mjt.h"

#define MOST 512

/* Every sum of s, in order, as mjq enumerate --part writes them. */
static void sums_text(const mjt_stats *s, char *out, size_t cap)
{
    const mjt_u128 *v = &s->total[0];
    size_t n = (sizeof *s - offsetof(mjt_stats, total)) / sizeof *v;
    size_t len = 0;
    char b[40];
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s\"%s\"", i ? "," : "",
                                test_u128_text(v[i], b));
}

/* ==== The engines ==== */

/* mjq stats --json writes "total" and the "overall" distribution from the
 * same library call; this reads them back and compares. */
Test(stats, exact_13_tiles_are_mjqs)
{
    mjt_stats s;
    mjt_diag d;
    char cmd[4200], out[16384], b[40];

    cr_assert(eq(int, mjt_stats_exact(test_tables(), NULL, 13, 0, &s, NULL, &d),
                 MJT_OK));
    cr_assert(eq(int, s.tiles, 13));
    cr_assert(eq(int, s.players, 4));
    /* C(136, 13) dealt hands, and the published 98,521,596,000 distinct */
    cr_assert(eq(str, (char *)test_u128_text(s.total[MJT_DEALT], b),
                 "483774556165488000"));
    cr_assert(eq(str, (char *)test_u128_text(s.total[MJT_DISTINCT], b),
                 "98521596000"));
    snprintf(cmd, sizeof cmd, "%s/mjq --tables %s stats --tiles 13 --json",
             test_build_dir(), test_tables_path());
    test_run(cmd, out, sizeof out);
    char want[64];
    snprintf(want, sizeof want, "\"total\":\"%s\"",
             test_u128_text(s.total[MJT_DEALT], b));
    cr_assert(not(eq(ptr, strstr(out, want), NULL)), "%s in %s", want, out);
    const char *o = strstr(out, "\"overall\":{");
    cr_assert(not(eq(ptr, (char *)o, NULL)));
    for (int sh = 0; sh < 16; sh++) {
        if (s.dist[MJT_DEALT][3][sh].lo == 0 &&
            s.dist[MJT_DEALT][3][sh].hi == 0)
            continue;
        snprintf(want, sizeof want, "\"%d\":\"%s\"", sh - 1,
                 test_u128_text(s.dist[MJT_DEALT][3][sh], b));
        cr_assert(not(eq(ptr, strstr(o, want), NULL)), "%s", want);
    }
}

/* mjq enumerate --part writes the sums of mjt_enumerate's part. */
Test(enumerate, a_part_is_mjqs_part, .timeout = 300)
{
    static char out[16384], mine[16384];
    char cmd[4200];
    mjt_stats s;
    mjt_enum e = {13, NULL, 0, 0, 0, 2, NULL, NULL};

    cr_assert(eq(int,
                 mjt_enum_part(13, NULL, 0, 30001, 100000, &e.first, &e.end),
                 MJT_OK));
    cr_assert(
        eq(int, mjt_enumerate(test_tables(), &e, &s, NULL, NULL), MJT_OK));
    snprintf(cmd, sizeof cmd,
             "%s/mjq --tables %s enumerate --tiles 13 --part 30001/100000",
             test_build_dir(), test_tables_path());
    test_run(cmd, out, sizeof out);
    char range[96];
    snprintf(range, sizeof range,
             "\"first\":\"%" PRIu64 "\",\"end\":\"%" PRIu64 "\"", e.first,
             e.end);
    cr_assert(not(eq(ptr, strstr(out, range), NULL)), "%s in %s", range, out);
    sums_text(&s, mine, sizeof mine);
    const char *at = strstr(out, "\"sums\":[");
    cr_assert(not(eq(ptr, (char *)at, NULL)));
    cr_assert(eq(int, strncmp(at + 8, mine, strlen(mine)), 0),
              "mjq: %.200s\nC:   %.200s", at + 8, mine);
}

/* mjq deal is mjt_deal: the same seed, the same hands. */
Test(deal, mjq_deals_what_the_library_deals)
{
    char cmd[4200], out[4096], want[4096] = "";
    mjt_dealer d;
    size_t len = 0;

    cr_assert(eq(int, mjt_dealer_init(&d, 12345, NULL, MJT_DEAL_RED), MJT_OK));
    for (int i = 0; i < 20; i++) {
        mjt_tiles t;
        char text[200];
        cr_assert(eq(int, mjt_deal(&d, 13, &t), MJT_OK));
        mjt_tiles_format(&t, text, sizeof text);
        len += (size_t)snprintf(want + len, sizeof want - len, "%s\n", text);
    }
    snprintf(cmd, sizeof cmd,
             "%s/mjq deal --tiles 13 --count 20 --seed 12345 --red",
             test_build_dir());
    test_run(cmd, out, sizeof out);
    cr_assert(eq(str, out, want));
}

/* ==== The countTiles listing of mjq waits ==== */

/* The listing line of brute arrangement a (one suit): melds in the order
 * of their unary values, the pair, the wait. */
static void listing_line(const brute_arr *a, char *buf)
{
    static const char *const digits[] = {"012", "000", "00", "0",
                                         "00",  "01",  "02"};
    mjt_block m[4];
    int n = a->melds_len;
    size_t k = 0;

    memcpy(m, a->melds, sizeof m);
    /* unary value: by top tile, a run before a triplet ending there */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            int x = 2 * (m[j].tile + (m[j].kind == MJT_RUN ? 2 : 0)) +
                    (m[j].kind == MJT_TRIPLET);
            int y = 2 * (m[j - 1].tile + (m[j - 1].kind == MJT_RUN ? 2 : 0)) +
                    (m[j - 1].kind == MJT_TRIPLET);
            if (x >= y)
                break;
            mjt_block s = m[j];
            m[j] = m[j - 1];
            m[j - 1] = s;
        }
    for (int i = 0; i < n; i++) {
        buf[k++] = '(';
        for (const char *d = digits[m[i].kind]; *d; d++)
            buf[k++] = (char)('1' + m[i].tile % 9 + (*d - '0'));
        buf[k++] = ')';
    }
    if (a->pair != MJT_NO_TILE)
        k += (size_t)sprintf(buf + k, "(%d%d)", a->pair % 9 + 1,
                             a->pair % 9 + 1);
    buf[k++] = '[';
    for (const char *d = digits[a->wait.kind]; *d; d++)
        buf[k++] = (char)('1' + a->wait.tile % 9 + (*d - '0'));
    buf[k++] = ']';
    buf[k] = '\0';
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* mjq waits --all-one-suit: the hands in successor order, each with the
 * distinct arrangements of the brute force (any winning tile). */
Test(listing, all_one_suit_hands_as_the_brute_force, .timeout = 900)
{
    char cmd[4096], line[256], want_lines[MOST][48];
    char *want[MOST], *got[MOST];
    FILE *p;
    mjt__enum e;
    long hands = 0, lines = 0;

    snprintf(cmd, sizeof cmd, "%s/mjq waits --tables %s --all-one-suit -j 2",
             test_build_dir(), test_tables_path());
    cr_assert(not(eq(ptr, p = popen(cmd, "r"), NULL)));
    mjt__enum_init_at(&e, MJT__SUIT_RANKS, 13);
    cr_assert(not(eq(ptr, fgets(line, sizeof line, p), NULL)));
    do {
        uint8_t c[MJT_KINDS] = {0};
        char head[32];
        brute_arr a[MOST];
        for (int i = 0; i < 13; i++) {
            c[e.t[i]]++;
            head[i] = (char)('1' + e.t[i]);
        }
        strcpy(head + 13, ":\n");
        cr_assert(eq(str, line, head), "hand %ld", hands);
        int na = brute_shapes(c, a, MOST), nw = 0, ng = 0;
        for (int i = 0; i < na; i++) {
            a[i].tile = 0; /* the listing does not tell winning tiles */
            a[i].shape = 0;
            listing_line(&a[i], want_lines[nw]);
            if (nw == 0 || strcmp(want_lines[nw], want_lines[nw - 1]) != 0)
                want[nw] = want_lines[nw], nw++;
        }
        qsort(want, (size_t)nw, sizeof *want, cmp_str);
        int k = 0;
        for (int i = 0; i < nw; i++)
            if (k == 0 || strcmp(want[i], want[k - 1]) != 0)
                want[k++] = want[i];
        nw = k;
        static char got_lines[MOST][48];
        while (fgets(line, sizeof line, p) != NULL &&
               strchr(line, ':') == NULL) {
            line[strcspn(line, "\n")] = '\0';
            cr_assert(ng < MOST);
            strcpy(got_lines[ng], line);
            got[ng] = got_lines[ng];
            ng++;
            lines++;
        }
        if (nw == 0) {
            cr_assert(eq(int, ng, 1), "%s", head);
            cr_assert(eq(str, got[0], "(none)"), "%s", head);
        } else {
            qsort(got, (size_t)ng, sizeof *got, cmp_str);
            cr_assert(eq(int, ng, nw), "%s", head);
            for (int i = 0; i < ng; i++)
                cr_assert(eq(str, got[i], want[i]), "%s", head);
        }
        hands++;
    } while (mjt__enum_next(&e));
    cr_assert(eq(int, pclose(p), 0));
    cr_assert(eq(long, hands, 93600));
    printf("listing: %ld hands, %ld lines, as the brute force\n", hands, lines);
}

/* ==== Tables damaged on purpose ==== */

/* Whether mjq's output (stdout and stderr) for args holds text. */
static int mjq_says(const char *args, const char *text)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/mjq %s 2>&1 | grep -qF -- '%s'",
             test_build_dir(), args, text);
    return system(cmd) == 0;
}

static int mjq(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/mjq %s >/dev/null 2>&1", test_build_dir(),
             args);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(tables, an_altered_record, .timeout = 120)
{
    char d[] = "/tmp/mjt-alter-XXXXXX", path[256], args[1024];

    alter_temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_record(path);
    /* info --verify says damaged; diff trusts equal digests unless --full,
     * which finds the record and the damage (exit 2). */
    snprintf(args, sizeof args, "info --verify %s", path);
    cr_assert(eq(int, mjq(args), 1));
    cr_assert(mjq_says(args, "honor            damaged"));
    snprintf(args, sizeof args, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 0));
    snprintf(args, sizeof args, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 2));
    cr_assert(mjq_says(args, "(4 melds + pair): deficit"));
    /* stats opens the tables, which checks every record's digest */
    snprintf(args, sizeof args, "--tables %s stats --tiles 2", path);
    cr_assert(eq(int, mjq(args), 1));
    cr_assert(mjq_says(args, "honor table content"));
    alter_remove(d, path);
}

Test(tables, an_altered_form, .timeout = 120)
{
    char d[] = "/tmp/mjt-alterf-XXXXXX", path[256], args[1024];

    alter_temp_copy(d, "altered.lmdb", path, sizeof path);
    alter_one_form(path);
    snprintf(args, sizeof args, "info --verify %s", path);
    cr_assert(eq(int, mjq(args), 1));
    cr_assert(mjq_says(args, "suit.forms       damaged"));
    snprintf(args, sizeof args, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 0));
    /* --full reads the forms: the change, both ways, and the damage */
    snprintf(args, sizeof args, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(args), 2));
    cr_assert(mjq_says(args, "suit.forms 1: - [1] wins 1"));
    cr_assert(mjq_says(args, "suit.forms 1: + [1] wins 12"));
    cr_assert(mjq_says(args, "suit.forms: 83166 compared, 1 changed"));
    snprintf(args, sizeof args, "diff --full --json %s %s", test_tables_path(),
             path);
    cr_assert(mjq_says(args, "{\"table\":\"suit.forms\",\"pattern\":\"1\","
                             "\"key\":\"0x0000000000000001\",\"removed\":"
                             "[\"[1] wins 1\"],\"added\":[\"[1] wins 12\"]}"));
    alter_remove(d, path);
}

Test(tables, another_format_and_the_previous_one, .timeout = 120)
{
    char d[] = "/tmp/mjt-format-XXXXXX", path[256], cmd[2048], want[64];

    alter_temp_copy(d, "format9.lmdb", path, sizeof path);
    alter_set_meta(path, "format", "9");
    snprintf(cmd, sizeof cmd, "diff %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(cmd), 2));
    cr_assert(mjq_says(cmd, "format 9"));
    /* format 1: info and diff read it, and diff says the formats differ */
    alter_set_meta(path, "format", "1");
    alter_set_meta(path, "meta.digest", NULL);
    snprintf(cmd, sizeof cmd, "info %s", path);
    cr_assert(eq(int, mjq(cmd), 0));
    snprintf(cmd, sizeof cmd, "diff --full %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjq(cmd), 0));
    snprintf(cmd, sizeof cmd, "diff %s %s", test_tables_path(), path);
    snprintf(want, sizeof want, "note: formats 3 and 1 differ");
    cr_assert(mjq_says(cmd, want));
    alter_remove(d, path);
}

Test(tables, absurd_meta_and_an_inexact_solver, .timeout = 120)
{
    char d[] = "/tmp/mjt-absurd-XXXXXX", path[256], cmd[1024];

    alter_temp_copy(d, "absurd.lmdb", path, sizeof path);
    alter_set_meta(path, "suit.patterns", "18446744073709551615");
    snprintf(cmd, sizeof cmd, "info --verify %s", path);
    cr_assert(eq(int, mjq(cmd), 1));
    alter_set_meta(path, "suit.patterns", "405350");
    alter_set_meta(path, "solver", "nocap");
    alter_reseal_meta(path);
    snprintf(cmd, sizeof cmd, "--tables %s 1m", path);
    cr_assert(mjq_says(cmd, "not exact"));
    alter_remove(d, path);
}
