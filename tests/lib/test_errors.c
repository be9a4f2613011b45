/* SPDX-License-Identifier: MIT */
/*
 * libmjt's errors through its public header: each code's message and
 * name, a refusal's zeroed answer, every query's checks of its
 * arguments, and what opening the tables says when it cannot.
 */
/* criterion.h first: parameterized.h needs it */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

Test(errors, each_code_has_its_own_message)
{
    static const int codes[] = {
        MJT_EINVAL,   MJT_ENOMEM,    MJT_EIO,     MJT_ENOENT, MJT_EFORMAT,
        MJT_ECORRUPT, MJT_ESYNTAX,   MJT_ECOPIES, MJT_ECOUNT, MJT_ETILE,
        MJT_ESPACE,   MJT_EABSENT,   MJT_EHAND,   MJT_ESTALE, MJT_ECALL,
        MJT_EPLAYERS, MJT_ECANCELED, MJT_ERED,    MJT_EBUDGET};
    size_t n = sizeof codes / sizeof *codes;
    for (size_t i = 0; i < n; i++) {
        cr_assert(lt(int, codes[i], 0));
        for (size_t j = 0; j < i; j++)
            cr_assert(ne(str, (char *)mjt_strerror(codes[i]),
                         (char *)mjt_strerror(codes[j])));
    }
    cr_assert(eq(str, (char *)mjt_strerror(12345), "unknown error"));
    cr_assert(eq(str, (char *)mjt_strerror(MJT_OK), "success"));
}

/* mjt_strerror gives core's messages (core/diag.h); mjt.h repeats the list
 * for its users, and the two must say the same. */
Test(errors, the_public_list_says_what_mjt_strerror_says)
{
    int n = 0;
#define CHECK_(name, code, msg)                                                \
    cr_assert(eq(str, (char *)mjt_strerror(MJT_##name), msg), #name);          \
    n++;
    MJT_ERRNO_MAP(CHECK_)
#undef CHECK_
    cr_assert(eq(int, n, 20));
}

/* A refusal's diag holds its message and zeroes after it, whatever the
 * caller's diag held before (0xAA here) and whatever the stack held: the
 * parsers fill theirs only when they fail. */
Test(errors, a_refusal_is_its_message_and_zeroes)
{
    static const char *const bad[] = {"123m456p789s1z9", "12345678m9x",
                                      "11111m", "0z"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mjt_hand h;
        mjt_tiles t;
        mjt_diag d;
        for (int which = 0; which < 2; which++) {
            memset(&d, 0xAA, sizeof d);
            int rc = which == 0
                         ? mjt_hand_parse(&h, bad[i], strlen(bad[i]), NULL, &d)
                         : mjt_tiles_parse(&t, bad[i], strlen(bad[i]), &d);
            cr_assert(lt(int, rc, 0), "%s", bad[i]);
            cr_assert(eq(int, d.code, rc));
            cr_assert(eq(int, d.sys_errno, 0));
            size_t n = strlen(d.message);
            cr_assert(gt(sz, n, 0));
            for (size_t j = n; j < sizeof d.message; j++)
                cr_assert(eq(int, d.message[j], 0), "%s: byte %zu", bad[i], j);
        }
    }
}

Test(errors, each_code_has_its_name)
{
    cr_assert(eq(str, (char *)mjt_errname(MJT_OK), "OK"));
    cr_assert(eq(str, (char *)mjt_errname(MJT_ECOUNT), "ECOUNT"));
    cr_assert(eq(str, (char *)mjt_errname(MJT_ESYNTAX), "ESYNTAX"));
    cr_assert(eq(str, (char *)mjt_errname(MJT_ERED), "ERED"));
    cr_assert(eq(ptr, (void *)mjt_errname(12345), NULL));
    cr_assert(eq(str, (char *)mjt_errname(MJT_EBUDGET), "EBUDGET"));
    cr_assert(eq(str, (char *)mjt_errname(MJT_ENOTWIN), "ENOTWIN"));
    cr_assert(eq(ptr, (void *)mjt_errname(-21), NULL));
}

struct bad_hand { /* arrays: see test_core.c */
    char text[32];
    int code;
    char message[96];
};

static struct bad_hand bad_hands[] = {
    {"", MJT_ECOUNT, "empty hand (1 to 14 tiles)"},
    {"123456789m123456p", MJT_ECOUNT, "15 tiles (at most 14)"},
    {"123456789m123p", MJT_ECOUNT, "12 tiles: the count must be 1 or 2 mod 3"},
    {"11111m", MJT_ECOPIES,
     "tile 1m appears 5 times (at most 4), fifth at offset 4"},
    {"12x3m", MJT_ESYNTAX, "unknown character 'x' at offset 2"},
};

ParameterizedTestParameters(errors, bad_hands_are_refused)
{
    return cr_make_param_array(struct bad_hand, bad_hands,
                               sizeof bad_hands / sizeof *bad_hands);
}

ParameterizedTest(struct bad_hand *b, errors, bad_hands_are_refused)
{
    mjt_hand h;
    mjt_diag d;
    cr_assert(eq(int, mjt_hand_parse(&h, b->text, strlen(b->text), NULL, &d),
                 b->code));
    cr_assert(eq(str, d.message, b->message));
}

Test(errors, queries_check_their_arguments)
{
    const mjt_tables *t = test_tables();
    const char *text = "123m456p789s1122z";
    mjt_hand h;
    cr_assert(
        eq(int, mjt_hand_parse(&h, text, strlen(text), NULL, NULL), MJT_OK));
    mjt_shanten_info s;
    mjt_ukeire_info u;
    mjt_discard d[MJT_MAX_DISCARDS];
    size_t n;
    uint8_t visible[MJT_KINDS] = {0};

    cr_assert(eq(int, mjt_shanten(NULL, &h, &s), MJT_EINVAL));
    cr_assert(eq(int, mjt_discards(t, &h, NULL, d, MJT_MAX_DISCARDS, &n),
                 MJT_ECOUNT));
    visible[27] = 3; /* two 1z in hand + three seen */
    cr_assert(eq(int, mjt_ukeire(t, &h, visible, &u), MJT_ECOPIES));
    visible[27] = 1;
    cr_assert(eq(int, mjt_ukeire(t, &h, visible, &u), MJT_OK));
    cr_assert(eq(int, u.count, 3));
    cr_assert(eq(int, mjt_hand_remove(&h, 0), MJT_OK));
    cr_assert(eq(int, mjt_hand_remove(&h, 0), MJT_EABSENT));
    cr_assert(eq(int, mjt_shanten(t, &h, &s), MJT_ECOUNT));
    cr_assert(eq(int, mjt_hand_add(&h, 27), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, 27), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, 27), MJT_ECOPIES));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_TILE_IDS), MJT_ETILE));
    cr_assert(eq(int, mjt_hand_add(&h, -1), MJT_ETILE));
}

Test(errors, open_names_the_problem)
{
    mjt_tables *t = (mjt_tables *)1;
    mjt_diag d;
    cr_assert(
        eq(int, mjt_tables_open(&t, "/nonexistent/mjt.lmdb", &d), MJT_ENOENT));
    cr_assert(eq(ptr, t, NULL));
    cr_assert(not(eq(ptr, strstr(d.message, "no such file"), NULL)));
    cr_assert(eq(int, mjt_tables_open(&t, "tests/data/ara/README.md", &d),
                 MJT_EFORMAT));
    cr_assert(eq(int, mjt_tables_open(NULL, "x", &d), MJT_EINVAL));
    mjt_tables_close(NULL);
}

/* A path through a file is no directory: an I/O error, not "no file". */
Test(errors, open_says_io_error)
{
    mjt_tables *t = NULL;
    mjt_diag d;
    cr_assert(
        eq(int, mjt_tables_open(&t, "tests/mjq/cli.sh/x.lmdb", &d), MJT_EIO));
    cr_assert(eq(ptr, t, NULL));
    cr_assert(eq(int, d.sys_errno, ENOTDIR));
}

/* Out of address space while loading: MJT_ENOMEM, nothing leaked or half
 * made.  Sanitizers reserve more address space than any limit allows. */
Test(errors, open_says_out_of_memory)
{
    if (getenv("MJT_SANITIZER") != NULL)
        cr_skip_test("the sanitizers need the address space");
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    cr_assert(not(eq(ptr, f, NULL)));
    cr_assert(eq(int, fscanf(f, "%ld", &pages), 1));
    fclose(f);
    struct rlimit lim;
    lim.rlim_cur = lim.rlim_max = (rlim_t)pages * 4096 + (2u << 20);
    cr_assert(eq(int, setrlimit(RLIMIT_AS, &lim), 0));
    mjt_tables *t = NULL;
    mjt_diag d;
    cr_assert(eq(int, mjt_tables_open(&t, test_tables_path(), &d), MJT_ENOMEM),
              "%s", d.message);
    cr_assert(eq(ptr, t, NULL));
}
