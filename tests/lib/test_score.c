/* SPDX-License-Identifier: MIT */
/*
 * Scoring: the readings where a hand's value turns on which way it is
 * read (the famous traps), the limits and payments, and the situations
 * the library refuses.  Every number here is worked by hand from the
 * rules; tests/score/compare.py checks thousands more against
 * majiang-core.
 */
#include <string.h>

#include "asserts.h"
#include "internal.h"
#include "mjt.h"

static mjt_score s;
static mjt_diag d;

/* Score text with the winning tile win (its name) in situation w. */
static int score(const char *text, const char *win, mjt_win *w,
                 const mjt_rules *r)
{
    mjt_hand h;
    int rc = mjt_hand_parse(&h, text, strlen(text), r, &d);
    cr_assert(eq(int, rc, MJT_OK), "%s: %s", text, d.message);
    w->tile = (uint8_t)mjt_tile_from_name(win, 2);
    return mjt_score_hand(&h, w, r, &s, &d);
}

static mjt_win ron(int from)
{
    mjt_win w;
    mjt_win_init(&w);
    w.from = (uint8_t)from;
    return w;
}

static mjt_win tsumo(void)
{
    mjt_win w;
    mjt_win_init(&w);
    w.tsumo = 1;
    return w;
}

static int has(int yaku)
{
    for (int i = 0; i < s.yaku_len; i++)
        if (s.yaku[i].yaku == yaku)
            return s.yaku[i].han;
    return 0;
}

/* ==== Readings ==== */

Test(reading, pinfu_where_the_win_is_also_an_edge_wait)
{
    /* 3m ends 12-3 (edge: 2 fu, no pinfu, no yaku) or starts 3-45
     * (two-sided: pinfu): the better reading is taken. */
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_PINFU), 1));
    cr_assert(eq(int, s.han, 1));
    cr_assert(eq(int, s.fu, 30));
    cr_assert(eq(int, s.points, 1000));
    cr_assert(eq(int, s.wait, MJT_RYANMEN));
}

Test(reading, three_concealed_triplets_over_three_runs)
{
    /* 111222333m: three concealed triplets (2 han, 50 fu: 3200) beat
     * three runs (pinfu and a pure double sequence, 30 fu: 2000). */
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("111222333m456p77s", "4p", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_SANANKOU), 2));
    cr_assert(eq(int, s.fu, 50));
    cr_assert(eq(int, s.points, 3200));
}

Test(reading, a_triplet_completed_by_ron_is_open)
{
    /* Ron on 3m: 333m is open, two concealed triplets only; the runs
     * reading (123m three times, edge or closed wait) scores less. */
    mjt_win w = ron(MJT_FROM_LEFT);
    w.riichi = 1;
    cr_assert(eq(int, score("111222333m456p77s", "3m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_SANANKOU), 0));
    /* tsumo: all three concealed */
    w = tsumo();
    cr_assert(eq(int, score("111222333m456p77s", "3m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_SANANKOU), 2));
}

Test(reading, twice_pure_double_sequence_over_seven_pairs)
{
    /* 5 han mangan as runs; seven pairs would be 4 han 25 fu. */
    mjt_win w = tsumo();
    cr_assert(eq(int, score("223344m556677p88s", "8s", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_RYANPEIKOU), 3));
    cr_assert(eq(int, has(MJT_Y_CHIITOITSU), 0));
    cr_assert(eq(int, s.han, 5));
    cr_assert(eq(int, s.title, MJT_TITLE_MANGAN));
    cr_assert(eq(int, s.points, 8000));
    cr_assert(eq(int, s.pay[MJT_EAST], 4000));
    cr_assert(eq(int, s.pay[2], 2000));
}

Test(reading, seven_pairs_is_25_fu)
{
    mjt_win w = ron(MJT_FROM_ACROSS);
    w.riichi = 1;
    cr_assert(eq(int, score("1133m557799p1166z", "6z", &w, NULL), MJT_OK));
    cr_assert(eq(int, s.form, MJT_CHIITOITSU));
    cr_assert(eq(int, s.fu, 25));
    cr_assert(eq(int, s.han, 3));
    cr_assert(eq(int, s.points, 3200));
    cr_assert(eq(int, s.pay[3], 3200)); /* South's across: North */
}

/* ==== Yakuman ==== */

Test(yakuman, thirteen_orphans_thirteen_sided_is_double)
{
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("119m19p19s1234567z", "1m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_KOKUSHI13), 2));
    cr_assert(eq(int, s.yakuman, 2));
    cr_assert(eq(int, s.points, 64000));
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.double_yakuman = 0;
    cr_assert(eq(int, score("119m19p19s1234567z", "1m", &w, &r), MJT_OK));
    cr_assert(eq(int, s.points, 32000));
    /* the single wait: one yakuman */
    cr_assert(eq(int, score("119m19p19s1234567z", "9m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_KOKUSHI), 1));
}

Test(yakuman, nine_gates_pure_and_not)
{
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("11123455678999m", "5m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_CHUUREN9), 2));
    cr_assert(eq(int, s.points, 64000));
    cr_assert(eq(int, score("11123455678999m", "9m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_CHUUREN), 1));
    cr_assert(eq(int, s.points, 32000));
}

Test(yakuman, four_concealed_triplets_single_wait_and_shanpon_tsumo)
{
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("111m222p333s44455z", "5z", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_SUUANKOU_TANKI), 2));
    /* ron on a shanpon: the last triplet is open: three, not four */
    cr_assert(eq(int, score("111m222p333s44455z", "4z", &w, NULL), MJT_OK));
    cr_assert(eq(int, s.yakuman, 0));
    cr_assert(eq(int, has(MJT_Y_SANANKOU), 2));
    w = tsumo();
    cr_assert(eq(int, score("111m222p333s44455z", "4z", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_SUUANKOU), 1));
}

Test(yakuman, a_yakuman_over_a_counted_one_of_the_same_points)
{
    /* 666777888999m and 44m: four concealed triplets, or a full flush of
     * runs with dora worth 13 han and more: the same 32000; the hand is
     * the yakuman. */
    mjt_win w = tsumo();
    w.riichi = 1;
    w.ippatsu = 1;
    w.dora_len = w.ura_len = 1;
    w.dora[0] = MJT_RED_5M;
    w.ura[0] = (uint8_t)mjt_tile_from_name("3m", 2);
    cr_assert(eq(int, score("44666777888999m", "8m", &w, NULL), MJT_OK));
    cr_assert(eq(int, s.yakuman, 1));
    cr_assert(eq(int, has(MJT_Y_SUUANKOU), 1));
    cr_assert(eq(int, s.points, 32000));
}

Test(yakuman, the_more_named_where_they_do_not_add_up)
{
    /* 444 555 666 777 88s: four concealed triplets, or runs; on the first
     * draw both readings are one yakuman when yakuman do not add up: the
     * one naming both is taken, whatever the order readings come in */
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.yakuman_stack = 0;
    mjt_win w = tsumo();
    w.first = 1;
    w.seat = 2;
    cr_assert(eq(int, score("44405566677788s", "4s", &w, &r), MJT_OK));
    cr_assert(eq(int, s.yakuman, 1));
    cr_assert(eq(int, has(MJT_Y_CHIIHOU), 1));
    cr_assert(eq(int, has(MJT_Y_SUUANKOU), 1));
    cr_assert(eq(int, s.points, 32000));
}

Test(yakuman, big_three_dragons_fed_by_one_seat_pays_half_on_ron)
{
    /* South wins; the last dragon came from the right (West): West pays
     * half of the yakuman, the discarder (East, on the left) the rest. */
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(
        int, score("123m55p,555z:left,666z:across,777z:right", "5p", &w, NULL),
        MJT_OK));
    cr_assert(eq(int, has(MJT_Y_DAISANGEN), 1));
    cr_assert(eq(int, s.points, 32000));
    cr_assert(eq(int, s.pao, 2));
    cr_assert(eq(int, s.pay[MJT_EAST], 16000));
    cr_assert(eq(int, s.pay[2], 16000));
    /* tsumo: the feeder pays it all */
    w = tsumo();
    w.honba = 1;
    cr_assert(eq(
        int, score("123m55p,555z:left,666z:across,777z:right", "5p", &w, NULL),
        MJT_OK));
    cr_assert(eq(int, s.pay[2], 32300));
    cr_assert(eq(int, s.pay[MJT_EAST] + s.pay[3], 0));
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.pao = 0;
    cr_assert(
        eq(int, score("123m55p,555z:left,666z:across,777z:right", "5p", &w, &r),
           MJT_OK));
    cr_assert(eq(int, s.pay[MJT_EAST], 16100));
    cr_assert(eq(int, s.pay[2], 8100));
}

/* ==== Fu ==== */

Test(fu, closed_quad_of_the_round_wind)
{
    /* 20 + closed quad of honors 32 + single wait 2 + tsumo 2 = 56: 60 */
    mjt_win w = tsumo();
    cr_assert(
        eq(int, score("123m456p789s22s,1111z:closed", "2s", &w, NULL), MJT_OK));
    cr_assert(eq(int, s.fu, 60));
    cr_assert(eq(int, s.han, 2)); /* fully concealed tsumo, round wind */
    cr_assert(eq(int, s.points, 4000));
    cr_assert(eq(int, s.pay[MJT_EAST], 2000));
}

Test(fu, double_wind_pair_is_four_or_two_by_the_rules)
{
    /* the dealer in the East round, a pair of East: 20 + 10 + 4 + two
     * closed triplets of simples 8 = 42: 50 fu; with 2 fu, 40 */
    mjt_win w = ron(MJT_FROM_LEFT);
    w.seat = MJT_EAST;
    w.riichi = 1;
    cr_assert(eq(int, score("222m555p789s234s11z", "4s", &w, NULL), MJT_OK));
    cr_assert(eq(int, s.fu, 50));
    cr_assert(eq(int, s.points, 2400));
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.double_wind_fu = 2;
    cr_assert(eq(int, score("222m555p789s234s11z", "4s", &w, &r), MJT_OK));
    cr_assert(eq(int, s.fu, 40));
    cr_assert(eq(int, s.points, 2000));
}

Test(fu, open_hand_of_no_fu_is_30_and_pinfu_tsumo_20)
{
    /* open all simples won two-sided: 20 fu, made 30 */
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(eq(int, score("234m456p22s,678s:left,345p:left", "4m", &w, NULL),
                 MJT_OK));
    cr_assert(eq(int, s.fu, 30));
    cr_assert(eq(int, s.fu_parts[s.fu_len - 1].part, MJT_FU_OPEN_PINFU));
    cr_assert(eq(int, has(MJT_Y_TANYAO), 1));
    cr_assert(eq(int, s.points, 1000));
    w = tsumo();
    cr_assert(eq(int, score("234567m234p66s678s", "8s", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_PINFU), 1));
    cr_assert(eq(int, s.fu, 20));
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.pinfu_tsumo_fu = 1;
    cr_assert(eq(int, score("234567m234p66s678s", "8s", &w, &r), MJT_OK));
    cr_assert(eq(int, s.fu, 30));
}

/* ==== No yaku, limits, refusals ==== */

Test(limits, complete_without_a_yaku_scores_nothing)
{
    mjt_win w = ron(MJT_FROM_LEFT);
    w.dora_len = 1;
    w.dora[0] = (uint8_t)mjt_tile_from_name("4p", 2);
    cr_assert(eq(int, score("123m456p55s,234s:left,789s:left", "5s", &w, NULL),
                 MJT_OK));
    cr_assert(eq(int, s.yaku_len, 0));
    cr_assert(eq(int, s.han, 0));
    cr_assert(eq(int, s.points, 0));
    for (int p = 0; p < 4; p++)
        cr_assert(eq(int, s.pay[p], 0));
}

Test(limits, counted_yakuman_and_sanbaiman)
{
    /* closed full flush with riichi, tsumo, pure straight, dora: 13+ */
    mjt_win w = tsumo();
    w.riichi = 1;
    w.dora_len = 2;
    w.dora[0] = w.dora[1] = (uint8_t)mjt_tile_from_name("1m", 2);
    cr_assert(eq(int, score("12345678922233m", "3m", &w, NULL), MJT_OK));
    cr_assert(ge(int, s.han, 13));
    cr_assert(eq(int, s.title, MJT_TITLE_COUNTED_YAKUMAN));
    cr_assert(eq(int, s.points, 32000));
    mjt_rules r;
    mjt_rules_init(&r, 4);
    r.counted_yakuman = 0;
    cr_assert(eq(int, score("12345678922233m", "3m", &w, &r), MJT_OK));
    cr_assert(eq(int, s.title, MJT_TITLE_SANBAIMAN));
    cr_assert(eq(int, s.points, 24000));
}

Test(refused, what_cannot_happen_is_named)
{
    mjt_win w = ron(MJT_FROM_LEFT);
    w.riichi = 1;
    cr_assert(eq(int, score("123m456p55s,234s:left,789s:left", "5s", &w, NULL),
                 MJT_EINVAL));
    cr_assert(eq(str, d.message, "riichi with an open hand"));
    w = ron(MJT_FROM_LEFT);
    w.ippatsu = 1;
    cr_assert(eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_EINVAL));
    w = tsumo();
    w.rinshan = 1;
    cr_assert(eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_EINVAL));
    cr_assert(eq(str, d.message, "rinshan without a quad"));
    w = ron(MJT_FROM_UNKNOWN);
    cr_assert(eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_EINVAL));
    w = ron(MJT_FROM_LEFT);
    cr_assert(
        eq(int, score("123345m456p789s22s", "1z", &w, NULL), MJT_EABSENT));
    cr_assert(
        eq(int, score("123345m456p789s23s", "3m", &w, NULL), MJT_ENOTWIN));
    w.dora_len = 3;
    w.dora[0] = w.dora[1] = w.dora[2] = (uint8_t)mjt_tile_from_name("2s", 2);
    cr_assert(
        eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_ECOPIES));
    /* chankan: the quad holds the other three copies of the winning tile,
     * so the hand, a call or an indicator showing one more is refused */
    w = ron(MJT_FROM_LEFT);
    w.chankan = 1;
    cr_assert(eq(int, score("123345m456p789s22s", "4m", &w, NULL), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_CHANKAN), 1));
    cr_assert(
        eq(int, score("123345m456p789s22s", "3m", &w, NULL), MJT_ECOPIES));
    cr_assert(eq(str, d.message,
                 "chankan on 3m: the quad holds its other three copies, but "
                 "the hand, its calls and the indicators show 1 more"));
    cr_assert(
        eq(int, score("123m345p789s22s,456m:left", "1m", &w, NULL), MJT_OK));
    cr_assert(eq(int, score("123m345p789s22s,123m:left", "1m", &w, NULL),
                 MJT_ECOPIES));
    w.dora_len = 1;
    w.dora[0] = (uint8_t)mjt_tile_from_name("4m", 2);
    cr_assert(
        eq(int, score("123345m456p789s22s", "4m", &w, NULL), MJT_ECOPIES));
    w.dora[0] = (uint8_t)mjt_tile_from_name("3m", 2);
    cr_assert(eq(int, score("123345m456p789s22s", "4m", &w, NULL), MJT_OK));
    mjt_rules r3;
    mjt_rules_init(&r3, 3);
    w = ron(MJT_FROM_LEFT);
    cr_assert(
        eq(int, score("111999m456p789s22s", "1m", &w, &r3), MJT_EPLAYERS));
    cr_assert(eq(int, mjt_score_hand(NULL, &w, NULL, &s, &d), MJT_EINVAL));
    /* from counts too: a NULL anywhere is refused, not read */
    mjt_tiles held;
    cr_assert(eq(int, mjt_tiles_parse(&held, "123345m456p789s22s", 18, NULL),
                 MJT_OK));
    cr_assert(
        eq(int, mjt_score_tiles(NULL, NULL, 0, &w, NULL, &s, &d), MJT_EINVAL));
    cr_assert(eq(str, d.message, "score: NULL argument"));
    cr_assert(eq(int, mjt_score_tiles(&held, NULL, 0, NULL, NULL, &s, &d),
                 MJT_EINVAL));
    cr_assert(eq(int, mjt_score_tiles(&held, NULL, 0, &w, NULL, NULL, &d),
                 MJT_EINVAL));
    cr_assert(
        eq(int, mjt_score_tiles(&held, NULL, 1, &w, NULL, &s, &d), MJT_EINVAL));
}

Test(refused, a_refusal_is_its_message_and_zeroes)
{
    /* A score fills its diag only when it fails; the caller's diag then
     * holds the message and zeroes after it, whatever it held before and
     * whatever the stack held (each field here starts as 0xAA). */
    mjt_tiles t;
    mjt_hand h;
    mjt_diag out;
    cr_assert(eq(int, mjt_hand_parse(&h, "123345m456p789s22s", 18, NULL, NULL),
                 MJT_OK));
    cr_assert(eq(int, mjt_hand_tiles(&h, &t), MJT_OK));
    for (int riichi = 3; riichi < 6; riichi++) {
        mjt_win w = ron(MJT_FROM_LEFT);
        w.tile = (uint8_t)mjt_tile_from_name("3m", 2);
        w.riichi = (uint8_t)riichi;
        memset(&out, 0xAA, sizeof out);
        cr_assert(eq(int, mjt_score_tiles(&t, NULL, 0, &w, NULL, &s, &out),
                     MJT_EINVAL));
        cr_assert(eq(int, out.code, MJT_EINVAL));
        cr_assert(eq(int, out.sys_errno, 0));
        cr_assert(eq(long, out.offset, -1L));
        cr_assert(eq(str, out.message, "riichi: 0, 1 or 2 (double)"));
        for (size_t i = strlen(out.message); i < sizeof out.message; i++)
            cr_assert(eq(int, out.message[i], 0), "byte %zu", i);
        /* and the answer is all zeroes */
        const unsigned char *b = (const unsigned char *)&s;
        for (size_t i = 0; i < sizeof s; i++)
            cr_assert(eq(int, b[i], 0), "answer byte %zu", i);
    }
}

Test(rules, null_is_the_defaults)
{
    /* the scorer keeps its own copy of the defaults for rules given as
     * NULL: it must be mjt_rules_init's (every field that scoring reads
     * shows in one of these hands; the random hands of tiles:: too) */
    static const char *const hands[][2] = {
        {"123m456p789s22s,1111z:closed", "2s"}, /* quad fu, round wind */
        {"222m555p789s234s11z", "4s"},          /* double wind pair */
        {"123m55p,555z:left,666z:across,777z:right", "5p"}, /* pao */
        {"119m19p19s1234567z", "1m"},                       /* double yakuman */
        {"12345678922233m", "3m"},                 /* counted yakuman */
        {"234m456p22s,678s:left,345p:left", "4m"}, /* open tanyao */
        {"234567m234p66s678s", "8s"},              /* pinfu tsumo */
    };
    mjt_rules r;
    mjt_rules_init(&r, 4);
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        mjt_win w = tsumo();
        w.seat = MJT_EAST;
        w.dora_len = 2;
        w.dora[0] = w.dora[1] = (uint8_t)mjt_tile_from_name("1m", 2);
        cr_assert(eq(int, score(hands[i][0], hands[i][1], &w, NULL), MJT_OK));
        mjt_score a = s;
        cr_assert(eq(int, score(hands[i][0], hands[i][1], &w, &r), MJT_OK));
        cr_assert(eq(int, memcmp(&a, &s, sizeof s), 0), "%s", hands[i][0]);
    }
}

Test(names, every_one_is_named)
{
    for (int y = 0; y < MJT_YAKU_COUNT; y++)
        cr_assert(not(eq(ptr, (void *)mjt_yaku_name(y), NULL)), "yaku %d", y);
    cr_assert(eq(ptr, (void *)mjt_yaku_name(MJT_YAKU_COUNT), NULL));
    for (int f = 0; f <= MJT_FU_ROUNDING; f++)
        cr_assert(not(eq(ptr, (void *)mjt_fu_name(f), NULL)));
    for (int t = 0; t <= MJT_TITLE_COUNTED_YAKUMAN; t++)
        cr_assert(not(eq(ptr, (void *)mjt_title_name(t), NULL)));
}

/* ==== From counts ==== */

static uint64_t seed = 20261126;
static unsigned rnd(unsigned n)
{
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((seed >> 33) % n);
}

/* A random complete hand: a pair and four melds, some of them calls,
 * within four copies a kind; its concealed tiles into *t. */
static size_t random_hand(mjt_tiles *t, mjt_call *calls)
{
    uint8_t all[MJT_KINDS];
    size_t ncalls;
    for (;;) {
        memset(t, 0, sizeof *t);
        memset(all, 0, sizeof all);
        ncalls = 0;
        int p = (int)rnd(MJT_KINDS);
        t->counts[p] = all[p] = 2;
        int ok = 1;
        for (int m = 0; m < 4 && ok; m++) {
            int run = rnd(2), k;
            if (run) {
                k = (int)rnd(27);
                if (k % 9 > 6 || all[k] > 3 || all[k + 1] > 3 ||
                    all[k + 2] > 3) {
                    ok = 0;
                    break;
                }
                all[k]++, all[k + 1]++, all[k + 2]++;
            } else {
                k = (int)rnd(MJT_KINDS);
                if (all[k] > 1) {
                    ok = 0;
                    break;
                }
                all[k] += 3;
            }
            int call = rnd(3) == 0;
            if (call) {
                mjt_call *c = &calls[ncalls++];
                c->tile = (uint8_t)k;
                c->red = 0;
                c->kind = run ? MJT_RUN : rnd(4) == 0 ? MJT_QUAD : MJT_TRIPLET;
                c->from = run ? MJT_FROM_LEFT : (uint8_t)(1 + rnd(3));
                if (c->kind == MJT_QUAD && all[k] == 3)
                    all[k] = 4;
                else if (c->kind == MJT_QUAD)
                    c->kind = MJT_TRIPLET;
            } else if (run) {
                t->counts[k]++, t->counts[k + 1]++, t->counts[k + 2]++;
            } else {
                t->counts[k] += 3;
            }
        }
        if (!ok)
            continue;
        int n = 0;
        for (int k = 0; k < MJT_KINDS; k++)
            n += t->counts[k];
        t->len = (uint8_t)n;
        return ncalls;
    }
}

Test(tiles, the_same_answers_as_a_hand)
{
    for (int i = 0; i < 20000; i++) {
        mjt_tiles t;
        mjt_call calls[MJT_MAX_CALLS];
        size_t ncalls = random_hand(&t, calls);
        mjt_hand h;
        cr_assert(eq(int,
                     mjt_hand_from_calls(&h, t.counts, calls, ncalls, NULL, &d),
                     MJT_OK),
                  "%s", d.message);
        mjt_win w;
        mjt_win_init(&w);
        do
            w.tile = (uint8_t)rnd(MJT_KINDS);
        while (t.counts[w.tile] == 0);
        w.tsumo = (uint8_t)rnd(2);
        w.from = (uint8_t)(1 + rnd(3));
        w.round = (uint8_t)rnd(2);
        w.seat = (uint8_t)rnd(4);
        w.honba = (uint16_t)rnd(3);
        mjt_score a, b;
        int ra = mjt_score_hand(&h, &w, NULL, &a, NULL);
        mjt_rules r;
        mjt_rules_init(&r, 4); /* and NULL above: the same defaults */
        int rb = mjt_score_tiles(&t, calls, ncalls, &w, &r, &b, NULL);
        cr_assert(eq(int, ra, MJT_OK));
        cr_assert(eq(int, rb, ra));
        cr_assert(eq(int, memcmp(&a, &b, sizeof a), 0), "hand %d", i);
    }
}

/* The ladder the expected score is built on: a closed hand's points with
 * e more han are its points with e more han of the situation, as the
 * scorer counts them: riichi (1), ippatsu (2), haitei (3), double riichi
 * (4, its 2 han in riichi's place), then each ura indicator's dora on
 * top (4 + the ura count).  Every reading of a closed tsumo has a yaku,
 * so each adds one han to every reading; the scorer picks the best reading
 * again each time, the ladder the best of its own. */
Test(tiles, the_ladder_is_the_scorer_with_more_han)
{
    int checked = 0, ura_checked = 0;
    for (int i = 0; i < 20000; i++) {
        mjt_tiles t;
        mjt_call calls[MJT_MAX_CALLS];
        size_t ncalls = random_hand(&t, calls);
        if (ncalls > 0)
            continue; /* closed hands: every reading has menzen tsumo */
        mjt_win w = tsumo();
        do
            w.tile = (uint8_t)rnd(MJT_KINDS);
        while (t.counts[w.tile] == 0);
        w.round = (uint8_t)rnd(4);
        w.seat = (uint8_t)rnd(4);
        w.dora_len = (uint8_t)rnd(2);
        w.dora[0] = (uint8_t)rnd(MJT_KINDS);
        if (w.dora_len && t.counts[w.dora[0]] == 4)
            w.dora_len = 0;
        mjt_rules r;
        mjt_rules_init(&r, 4);
        r.counted_yakuman = (uint8_t)rnd(2);
        r.round_up_mangan = (uint8_t)rnd(2);
        int32_t ladder[9];
        cr_assert(
            eq(int, mjt__score_ladder(&t, NULL, 0, &w, &r, 9, ladder), MJT_OK));
        mjt_score sc;
        mjt_win x = w;
        for (int e = 0; e <= 4; e++) {
            x.riichi = (uint8_t)(e >= 4 ? 2 : e >= 1);
            x.ippatsu = (uint8_t)(e >= 2);
            x.last = (uint8_t)(e >= 3);
            cr_assert(
                eq(int, mjt_score_tiles(&t, NULL, 0, &x, &r, &sc, &d), MJT_OK),
                "%s", d.message);
            cr_assert(eq(i32, ladder[e], sc.points), "hand %d, %d more han", i,
                      e);
        }
        /* double riichi, ippatsu, haitei and one ura indicator */
        for (int k = 0; k < MJT_KINDS; k++) {
            int target = k < 27   ? (k % 9 == 8 ? k - 8 : k + 1)
                         : k < 31 ? (k == 30 ? 27 : k + 1)
                                  : (k == 33 ? 31 : k + 1);
            int seen = t.counts[k] + (w.dora_len && w.dora[0] == k);
            if (seen == 4)
                continue;
            x.ura_len = 1;
            x.ura[0] = (uint8_t)k;
            cr_assert(
                eq(int, mjt_score_tiles(&t, NULL, 0, &x, &r, &sc, &d), MJT_OK),
                "%s", d.message);
            cr_assert(eq(i32, ladder[4 + t.counts[target]], sc.points),
                      "hand %d, ura %d", i, k);
            ura_checked++;
        }
        checked++;
    }
    cr_assert(gt(int, checked, 2000));
    cr_log_info("ladder: %d closed hands, %d with an ura indicator", checked,
                ura_checked);
}

Test(tiles, what_a_hand_maker_refuses)
{
    mjt_tiles t;
    mjt_win w = ron(MJT_FROM_LEFT);
    cr_assert(
        eq(int, mjt_tiles_parse(&t, "123345m456p789s22s", 18, NULL), MJT_OK));
    w.tile = (uint8_t)mjt_tile_from_name("3m", 2);
    cr_assert(eq(int, mjt_score_tiles(&t, NULL, 0, &w, NULL, &s, &d), MJT_OK));
    cr_assert(eq(int, s.points, 1000));
    mjt_tiles bad = t;
    bad.len = 13;
    cr_assert(
        eq(int, mjt_score_tiles(&bad, NULL, 0, &w, NULL, &s, &d), MJT_EINVAL));
    bad = t;
    bad.counts[0] = 5, bad.len += 4;
    cr_assert(
        eq(int, mjt_score_tiles(&bad, NULL, 0, &w, NULL, &s, &d), MJT_ECOPIES));
    /* the first kind above 4 is named, wherever it lies among the
     * counts (the last two kinds and bytes of 128 and more too) */
    static const struct {
        int kind, count;
        const char *says;
    } over[] = {{33, 250, "250 copies of 7z"},
                {32, 5, "5 copies of 6z"},
                {20, 128, "128 copies of 3s"},
                {17, 6, "6 copies of 9p"}};
    for (size_t i = 0; i < sizeof over / sizeof *over; i++) {
        bad = t;
        bad.counts[over[i].kind] = (uint8_t)over[i].count;
        bad.counts[33] = bad.counts[33] ? bad.counts[33] : 7;
        cr_assert(eq(int, mjt_score_tiles(&bad, NULL, 0, &w, NULL, &s, &d),
                     MJT_ECOPIES));
        cr_assert(eq(str, d.message, (char *)over[i].says));
    }
    mjt_tiles red = t;
    red.red[1] = 1; /* the 5p is the red one */
    cr_assert(
        eq(int, mjt_score_tiles(&red, NULL, 0, &w, NULL, &s, &d), MJT_OK));
    cr_assert(eq(int, has(MJT_Y_RED_FIVE), 1));
    cr_assert(eq(int, s.points, 2000));
    bad = t;
    bad.red[0] = 2; /* one 5m held, two red */
    cr_assert(
        eq(int, mjt_score_tiles(&bad, NULL, 0, &w, NULL, &s, &d), MJT_ERED));
    mjt_call c = {MJT_RUN, 25, 0, MJT_FROM_LEFT}; /* 8s9s and no 10s */
    cr_assert(eq(int, mjt_tiles_parse(&t, "123345m456p22s", 14, NULL), MJT_OK));
    cr_assert(eq(int, mjt_score_tiles(&t, &c, 1, &w, NULL, &s, &d), MJT_ECALL));
    cr_assert(eq(str, d.message, "call 1: a run starts at 1 to 7 of its suit"));
    c.tile = 24; /* 789s */
    cr_assert(eq(int, mjt_score_tiles(&t, &c, 1, &w, NULL, &s, &d), MJT_OK));
    cr_assert(
        eq(int, mjt_score_tiles(&t, NULL, 1, &w, NULL, &s, &d), MJT_EINVAL));
}
