/* SPDX-License-Identifier: MIT */
/*
 * Hands under rules: the red fives a suit has, three players, and the
 * calls that say where they came from and whether a quad is closed, by
 * every way a hand is made and changed.
 */
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "mjt.h"

static int parse(mjt_hand *h, const char *text, const mjt_rules *r, mjt_diag *d)
{
    return mjt_hand_parse(h, text, strlen(text), r, d);
}

static const char *text_of(const mjt_hand *h)
{
    static char buf[MJT_HAND_TEXT];
    mjt_hand_format(h, buf, sizeof buf);
    return buf;
}

/* ==== Red fives ==== */

Test(red, one_a_suit_by_default_from_every_constructor)
{
    mjt_hand h;
    mjt_diag d;

    cr_assert(eq(int, parse(&h, "123m406p789s1122z", NULL, &d), MJT_OK));
    cr_assert(eq(int, parse(&h, "00m", NULL, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "2 red 5m (the game has only 1)"));
    cr_assert(eq(int, parse(&h, "0000m", NULL, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "4 red 5m (the game has only 1)"));
    uint8_t ids[4] = {MJT_RED_5P, MJT_RED_5P, MJT_RED_5P, MJT_RED_5P};
    cr_assert(eq(int, mjt_hand_from_tiles(&h, ids, 4, NULL, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "4 red 5p (the game has only 1)"));
    /* the calls' red fives count: 406s held and 055s called */
    cr_assert(eq(int, parse(&h, "406s33z,055s,111z,222z", NULL, &d), MJT_ERED));
    cr_assert(eq(str, d.message,
                 "2 red 5s counting the calls (the game has only 1)"));
    uint8_t c[MJT_KINDS] = {0};
    c[27] = 2, c[28] = 2;
    mjt_call calls[3] = {
        {MJT_QUAD, 13, 2, 0}, {MJT_TRIPLET, 29, 0, 0}, {MJT_TRIPLET, 30, 0, 0}};
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 3, NULL, &d), MJT_ERED));
}

Test(red, the_rules_may_have_more)
{
    mjt_rules r;
    mjt_hand h;
    mjt_diag d;

    mjt_rules_init(&r, 4);
    r.red[1] = 2;
    cr_assert(eq(int, parse(&h, "123m4006p789s112z", &r, &d), MJT_OK));
    cr_assert(eq(str, (char *)text_of(&h), "123m4006p789s112z"));
    cr_assert(eq(int, parse(&h, "123m4000p789s112z", &r, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "3 red 5p (the game has only 2)"));
    cr_assert(eq(int, parse(&h, "123m400p789s1122z", &r, &d), MJT_OK));
    /* and fewer: none at all */
    r.red[0] = r.red[1] = r.red[2] = 0;
    cr_assert(eq(int, parse(&h, "123m406p789s1122z", &r, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "1 red 5p (the game has none)"));
    r.red[2] = 5;
    cr_assert(eq(int, parse(&h, "123m456p789s1122z", &r, &d), MJT_EINVAL));
}

Test(red, a_draw_stops_at_the_rules)
{
    mjt_rules r;
    mjt_hand h;

    cr_assert(eq(int, parse(&h, "123m406p789s1122z", NULL, NULL), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5P), MJT_ERED));
    cr_assert(eq(str, (char *)text_of(&h), "123m406p789s1122z"));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5M), MJT_OK));
    cr_assert(eq(int, mjt_hand_remove(&h, MJT_RED_5M), MJT_OK));
    mjt_rules_init(&r, 4);
    r.red[1] = 2;
    cr_assert(eq(int, mjt_hand_set_rules(&h, &r, NULL), MJT_OK));
    cr_assert(eq(int, mjt_hand_add(&h, MJT_RED_5P), MJT_OK));
    cr_assert(eq(str, (char *)text_of(&h), "123m4006p789s1122z"));
    /* back to the defaults: the hand holds more than they allow */
    mjt_diag d;
    cr_assert(eq(int, mjt_hand_set_rules(&h, NULL, &d), MJT_ERED));
    cr_assert(eq(str, d.message, "2 red 5p (the game has only 1)"));
    cr_assert(eq(str, (char *)text_of(&h), "123m4006p789s1122z"));
    mjt_shanten_info s;
    cr_assert(eq(int, mjt_shanten(test_tables(), &h, &s), MJT_OK));
}

/* A hand whose red fives were raised past its rules by changing its bytes
 * is refused, never answered. */
Test(red, bytes_past_the_rules_are_stale)
{
    mjt_hand h;
    mjt_shanten_info s;

    cr_assert(eq(int, parse(&h, "123m406p789s1122z", NULL, NULL), MJT_OK));
    mjt_hand bad = h;
    bad.opaque_[0] += 0;        /* the same codes */
    bad.opaque_[5] += 1u << 11; /* two red 5p in the meta word */
    cr_assert(eq(int, mjt_shanten(test_tables(), &bad, &s), MJT_ESTALE));
    mjt_tiles t;
    cr_assert(eq(int, mjt_hand_tiles(&bad, &t), MJT_ESTALE));
}

/* ==== Three players by the rules ==== */

Test(players, rules_of_three_players_at_construction)
{
    mjt_rules r;
    mjt_hand h;
    mjt_diag d;
    mjt_shanten_info a, b;
    uint8_t c[MJT_KINDS] = {0};

    mjt_rules_init(&r, 3);
    c[0] = 3, c[8] = 3, c[9] = 3, c[18] = 3, c[27] = 1;
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, &r, &d), MJT_OK));
    cr_assert(eq(int, mjt_hand_players(&h), 3));
    cr_assert(eq(int, mjt_shanten(test_tables(), &h, &a), MJT_OK));
    cr_assert(
        eq(int, mjt_shanten_counts_players(test_tables(), c, 3, &b), MJT_OK));
    cr_assert(eq(int, a.overall, b.overall));
    c[1] = 1, c[27] = 0;
    cr_assert(eq(int, mjt_hand_from_counts(&h, c, &r, &d), MJT_EPLAYERS));
    cr_assert(eq(int, parse(&h, "19m406p789s11223z", &r, &d), MJT_OK), "%s",
              d.message);
    cr_assert(eq(int, mjt_hand_players(&h), 3));
    cr_assert(
        eq(int, parse(&h, "1m406p789s112z,555p:across", &r, &d), MJT_EPLAYERS));
    cr_assert(eq(str, d.message,
                 "call 555p:across has no place in three-player mahjong "
                 "(there is no seat across)"));
    cr_assert(eq(int, parse(&h, "1m406p789s112z,555p:left", &r, &d), MJT_OK));
    /* set_players is set_rules with the defaults */
    cr_assert(eq(int, parse(&h, "19m406p789s11223z", NULL, &d), MJT_OK));
    cr_assert(eq(int, mjt_hand_set_players(&h, 3, &d), MJT_OK));
    cr_assert(eq(int, mjt_hand_players(&h), 3));
    cr_assert(eq(int, mjt_hand_set_players(&h, 4, &d), MJT_OK));
    cr_assert(eq(int, mjt_hand_players(&h), 4));
    cr_assert(eq(int, mjt_hand_set_players(&h, 5, &d), MJT_EINVAL));
}

/* ==== Calls: closed quads and where calls came from ==== */

Test(calls_from, the_notation_round_trips)
{
    static const char *const texts[] = {
        "123m44p,789s:left,555p:across,7777z:closed",
        "11z,123m,4444p:right,406s:left,555m",
        "1m,2222z:closed,3333z:closed,5555z:closed,6666z:closed",
        "123m456p1z,0555s:across,111z"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        mjt_hand h;
        mjt_diag d;
        cr_assert(eq(int, parse(&h, texts[i], NULL, &d), MJT_OK), "%s: %s",
                  texts[i], d.message);
        cr_assert(eq(str, (char *)text_of(&h), (char *)texts[i]));
    }
    mjt_hand h;
    mjt_call calls[MJT_MAX_CALLS];
    size_t n;
    cr_assert(
        eq(int,
           parse(&h, "123m44p,789s:left,555p:across,7777z:closed", NULL, NULL),
           MJT_OK));
    cr_assert(eq(int, mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &n), MJT_OK));
    cr_assert(eq(sz, n, 3));
    cr_assert(eq(int, calls[0].kind, MJT_RUN));
    cr_assert(eq(int, calls[0].from, MJT_FROM_LEFT));
    cr_assert(eq(int, calls[1].kind, MJT_TRIPLET));
    cr_assert(eq(int, calls[1].from, MJT_FROM_ACROSS));
    cr_assert(eq(int, calls[2].kind, MJT_CLOSED_QUAD));
    cr_assert(eq(int, calls[2].tile, 33));
    cr_assert(eq(int, calls[2].from, MJT_FROM_UNKNOWN));
}

/* mjt_hand_held counts a quad as four, closed or open. */
Test(calls_from, held_counts_every_copy)
{
    mjt_hand h;
    uint8_t all[MJT_KINDS];

    cr_assert(eq(int, parse(&h, "12m55p,5555m:closed,111z,222z", NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_hand_held(&h, all), MJT_OK));
    cr_assert(eq(int, all[4], 4));
    cr_assert(eq(int, all[13], 2));
    cr_assert(eq(int, all[27] + all[28], 6));
    cr_assert(
        eq(int, parse(&h, "12m55p,5555m,111z:left,222z", NULL, NULL), MJT_OK));
    cr_assert(eq(int, mjt_hand_held(&h, all), MJT_OK));
    cr_assert(eq(int, all[4], 4));
    mjt_hand bad;
    memset(&bad, 0, sizeof bad);
    cr_assert(eq(int, mjt_hand_held(&bad, all), MJT_EHAND));
    cr_assert(eq(int, all[0], 0));
}

/* A closed quad is a quad to every answer here: the same caps. */
Test(calls_from, closed_and_open_quads_answer_alike)
{
    mjt_hand a, b;
    mjt_shanten_info sa, sb;
    mjt_ukeire_info ua, ub;

    cr_assert(eq(int, parse(&a, "123m456p78s11z,9999s", NULL, NULL), MJT_OK));
    cr_assert(
        eq(int, parse(&b, "123m456p78s11z,9999s:closed", NULL, NULL), MJT_OK));
    cr_assert(eq(int, mjt_shanten(test_tables(), &a, &sa), MJT_OK));
    cr_assert(eq(int, mjt_shanten(test_tables(), &b, &sb), MJT_OK));
    cr_assert(eq(int, sa.overall, sb.overall));
    cr_assert(eq(int, mjt_ukeire(test_tables(), &a, NULL, &ua), MJT_OK));
    cr_assert(eq(int, mjt_ukeire(test_tables(), &b, NULL, &ub), MJT_OK));
    cr_assert(eq(u64, ua.tiles, ub.tiles));
    cr_assert(eq(int, ua.count, ub.count));
}

Test(calls_from, what_cannot_be_is_refused)
{
    static const struct {
        const char *text;
        int code;
        const char *says;
    } bad[] = {
        {"123m456p11z,789s:right", MJT_ECALL,
         "call 789s:right at offset 12: a run is called from the left only"},
        {"123m456p11z,789s:across", MJT_ECALL,
         "call 789s:across at offset 12: a run is called from the left only"},
        {"123m456p11z,777s:closed", MJT_ECALL,
         "call 777s:closed at offset 12: only a quad is closed"},
        {"123m456p11z,777s:up", MJT_ESYNTAX,
         "'up' at offset 17: after ':' comes left, across, right or closed"},
        {"123m456p11z,777s:", MJT_ESYNTAX,
         "'' at offset 17: after ':' comes left, across, right or closed"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mjt_hand h;
        mjt_diag d;
        cr_assert(eq(int, parse(&h, bad[i].text, NULL, &d), bad[i].code), "%s",
                  bad[i].text);
        cr_assert(eq(str, d.message, (char *)bad[i].says));
    }
    uint8_t c[MJT_KINDS] = {0};
    c[27] = 2, c[0] = 1, c[1] = 1, c[2] = 1, c[9] = 1, c[10] = 1, c[11] = 1;
    mjt_call calls[2] = {{MJT_RUN, 18, 0, MJT_FROM_RIGHT},
                         {MJT_CLOSED_QUAD, 30, 0, MJT_FROM_LEFT}};
    mjt_hand h;
    mjt_diag d;
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 1, NULL, &d), MJT_ECALL));
    cr_assert(eq(str, d.message, "call 1: a run is called from the left only"));
    calls[0].from = MJT_FROM_LEFT;
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 2, NULL, &d), MJT_ECALL));
    cr_assert(
        eq(str, d.message, "call 2: a closed quad comes from no other seat"));
    calls[1].from = 7;
    cr_assert(
        eq(int, mjt_hand_from_calls(&h, c, calls, 2, NULL, &d), MJT_ECALL));
    calls[1].from = MJT_FROM_UNKNOWN;
    cr_assert(eq(int, mjt_hand_from_calls(&h, c, calls, 2, NULL, &d), MJT_OK));
    cr_assert(
        eq(str, (char *)text_of(&h), "123m123p11z,123s:left,4444z:closed"));
}
