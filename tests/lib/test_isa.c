/* SPDX-License-Identifier: MIT */
/*
 * The library's code paths (query/libmjt/isa): every path this build holds
 * and this CPU runs answers every query as the portable path does, field
 * for field and bit for bit (the doubles of the wall model too), on random
 * hands of every size, three and four players, with and without calls.
 * Each hand is asked on the portable path, then on each other path, by
 * switching the table the public functions jump through.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"
#include "isa.h"
#include "mjt.h"

/* Everything one path says of a hand (the arrays past their lengths
 * zeroed, as ask() finds them). */
typedef struct answers {
    int rc[12];
    mjt_shanten_info shanten, counts, ids;
    mjt_ukeire_info ukeire;
    mjt_discard discards[MJT_MAX_DISCARDS];
    size_t ndiscards;
    uint64_t keep, waits;
    int keep_shanten;
    mjt_improve_info improve;
    mjt_decomposition dec[MJT_MAX_DECOMPOSITIONS];
    size_t ndec;
    mjt_shape shapes[MJT_MAX_SHAPES];
    size_t nshapes;
    mjt_score score;
} answers;

/* A hand as a caller holds it: the ids it was dealt, its calls. */
typedef struct given {
    uint8_t ids[14];
    int len, players;
    called_hand called; /* ncalls 0: none */
    mjt_win win;        /* tile MJT_NO_TILE: not a complete hand */
} given;

static void ask(const mjt_tables *t, const given *g, answers *a)
{
    mjt_hand h;
    mjt_rules rules;
    uint8_t counts[MJT_KINDS] = {0};
    int n = 0;

    memset(a, 0, sizeof *a);
    mjt_rules_init(&rules, g->players);
    if (g->called.ncalls) {
        a->rc[n++] =
            mjt_hand_from_calls(&h, g->called.counts, g->called.calls,
                                (size_t)g->called.ncalls, &rules, NULL);
    } else {
        a->rc[n++] =
            mjt_hand_from_tiles(&h, g->ids, (size_t)g->len, &rules, NULL);
        for (int i = 0; i < g->len; i++)
            counts[g->ids[i]]++;
        a->rc[n++] =
            mjt_shanten_counts_players(t, counts, g->players, &a->counts);
        a->rc[n++] =
            mjt_shanten_tiles(t, g->ids, (size_t)g->len, &rules, &a->ids);
    }
    if (a->rc[0] != MJT_OK)
        return;
    a->rc[n++] = mjt_shanten(t, &h, &a->shanten);
    if (test_hand_len(&h) % 3 == 1) {
        a->rc[n++] = mjt_ukeire(t, &h, NULL, &a->ukeire);
        a->rc[n++] = mjt_waits(t, &h, &a->waits);
        a->rc[n++] = mjt_improve(t, &h, NULL, &a->improve);
        a->rc[n++] = mjt_shapes(t, &h, a->shapes, MJT_MAX_SHAPES, &a->nshapes);
    } else if (test_hand_len(&h) % 3 == 2) {
        a->rc[n++] = mjt_discards(t, &h, NULL, a->discards, MJT_MAX_DISCARDS,
                                  &a->ndiscards);
        a->rc[n++] = mjt_discards_keep(t, &h, &a->keep, &a->keep_shanten);
        a->rc[n++] =
            mjt_decompositions(t, &h, a->dec, MJT_MAX_DECOMPOSITIONS, &a->ndec);
    }
    if (g->win.tile != MJT_NO_TILE) {
        mjt_tiles held;
        memset(&held, 0, sizeof held);
        memcpy(held.counts, counts, sizeof counts);
        held.len = (uint8_t)g->len;
        a->rc[n++] =
            mjt_score_tiles(&held, NULL, 0, &g->win, NULL, &a->score, NULL);
    }
}

/* Equal field for field: a struct's padding is not an answer, and the
 * library may copy whatever a local's padding held.  Doubles compare bit
 * for bit. */
#define SAME_(a, b, f) ((a)->f == (b)->f)
#define SAME_BYTES_(a, b, f) (memcmp(&(a)->f, &(b)->f, sizeof(a)->f) == 0)

static int same_discard(const mjt_discard *a, const mjt_discard *b)
{
    return SAME_(a, b, tile) && SAME_(a, b, shanten) && SAME_(a, b, tiles) &&
           SAME_(a, b, count);
}

static int same_step(const mjt_step *a, const mjt_step *b)
{
    return SAME_(a, b, tile) && SAME_(a, b, left) && SAME_(a, b, count) &&
           SAME_(a, b, reserved_) && SAME_(a, b, discards) &&
           SAME_(a, b, tiles);
}

static int same_improve(const mjt_improve_info *a, const mjt_improve_info *b)
{
    if (!(SAME_(a, b, shanten) && SAME_(a, b, count) && SAME_(a, b, nimprove) &&
          SAME_(a, b, improve_count) && SAME_(a, b, ntwo) &&
          SAME_(a, b, two_total)))
        return 0;
    for (int i = 0; i < a->nimprove; i++)
        if (!same_step(&a->improve[i], &b->improve[i]))
            return 0;
    for (int i = 0; i < a->ntwo; i++)
        if (!same_step(&a->two[i], &b->two[i]))
            return 0;
    return 1;
}

static int same_score(const mjt_score *a, const mjt_score *b)
{
    /* yaku_len to blocks are bytes, without padding between them */
    size_t from = offsetof(mjt_score, yaku_len),
           to = offsetof(mjt_score, blocks) + sizeof a->blocks;
    return SAME_(a, b, han) && SAME_(a, b, fu) && SAME_(a, b, yakuman) &&
           SAME_(a, b, title) && SAME_(a, b, base) && SAME_(a, b, points) &&
           SAME_BYTES_(a, b, pay) && SAME_(a, b, sticks) &&
           memcmp((const char *)a + from, (const char *)b + from, to - from) ==
               0 &&
           SAME_(a, b, pao);
}

static int same_prob_row(const mjt_prob_row *a, const mjt_prob_row *b)
{
    return SAME_(a, b, tile) && SAME_(a, b, shanten) && SAME_(a, b, tiles) &&
           SAME_(a, b, count) && SAME_(a, b, p.draws) && SAME_(a, b, p.moves) &&
           SAME_(a, b, p.exact) && SAME_(a, b, p.shanten) &&
           SAME_BYTES_(a, b, p.tenpai) && SAME_BYTES_(a, b, p.win);
}

static int same_stats(const mjt_stats *a, const mjt_stats *b)
{
    /* states to the end are 64-bit words, without padding */
    size_t from = offsetof(mjt_stats, states);
    return SAME_(a, b, tiles) && SAME_(a, b, players) &&
           SAME_(a, b, one_suit) &&
           memcmp((const char *)a + from, (const char *)b + from,
                  sizeof *a - from) == 0;
}

static int same_answers(const answers *a, const answers *b)
{
    if (!(SAME_BYTES_(a, b, rc) && SAME_BYTES_(a, b, shanten) &&
          SAME_BYTES_(a, b, counts) && SAME_BYTES_(a, b, ids) &&
          SAME_BYTES_(a, b, ukeire) && SAME_(a, b, ndiscards) &&
          SAME_(a, b, keep) && SAME_(a, b, waits) &&
          SAME_(a, b, keep_shanten) && same_improve(&a->improve, &b->improve) &&
          SAME_(a, b, ndec) && SAME_(a, b, nshapes) &&
          same_score(&a->score, &b->score)))
        return 0;
    for (size_t i = 0; i < a->ndiscards; i++)
        if (!same_discard(&a->discards[i], &b->discards[i]))
            return 0;
    /* decompositions and shapes are bytes, without padding */
    return memcmp(a->dec, b->dec, a->ndec * sizeof *a->dec) == 0 &&
           memcmp(a->shapes, b->shapes, a->nshapes * sizeof *a->shapes) == 0;
}

/* The paths other than the portable one that run here: their number. */
static int others(int *paths)
{
    int n = 0;
    for (int p = MJT__ISA_PORTABLE + 1; p < MJT__ISA_PATHS; p++)
        if (mjt__isa_runs(p))
            paths[n++] = p;
    return n;
}

static void describe(const given *g, char *buf, size_t cap)
{
    mjt_hand h;
    mjt_rules rules;
    mjt_rules_init(&rules, g->players);
    if ((g->called.ncalls
             ? mjt_hand_from_calls(&h, g->called.counts, g->called.calls,
                                   (size_t)g->called.ncalls, &rules, NULL)
             : mjt_hand_from_tiles(&h, g->ids, (size_t)g->len, &rules, NULL)) !=
            MJT_OK ||
        mjt_hand_format(&h, buf, cap) == 0)
        snprintf(buf, cap, "(a hand that did not build)");
}

/* Each hand on the portable path and on every other: the same answers.
 * Returns how many hands every query answered with MJT_OK (and, for a
 * complete hand, with points), so that a test can tell it compared
 * answers and not only errors. */
static size_t compare(const given *hands, size_t n)
{
    const mjt_tables *t = test_tables();
    int paths[MJT__ISA_PATHS];
    int np = others(paths);
    int was = mjt__isa_current();
    answers want, got;
    size_t answered = 0;

    for (size_t i = 0; i < n; i++) {
        int ok = 1;
        cr_assert(eq(int, mjt__isa_use(MJT__ISA_PORTABLE), MJT_OK));
        ask(t, &hands[i], &want);
        for (size_t r = 0; r < sizeof want.rc / sizeof *want.rc; r++)
            ok &= want.rc[r] == MJT_OK;
        if (hands[i].win.tile != MJT_NO_TILE)
            ok &= want.score.points > 0;
        answered += (size_t)ok;
        for (int k = 0; k < np; k++) {
            cr_assert(eq(int, mjt__isa_use(paths[k]), MJT_OK));
            ask(t, &hands[i], &got);
            if (!same_answers(&want, &got)) {
                char text[MJT_HAND_TEXT];
                describe(&hands[i], text, sizeof text);
                mjt__isa_use(was);
                cr_fatal("%s: %s answers otherwise than portable", text,
                         mjt__isa_name(paths[k]));
            }
        }
    }
    cr_assert(eq(int, mjt__isa_use(was), MJT_OK));
    return answered;
}

static size_t scale(size_t n)
{
    return getenv("MJT_LONG") ? 50 * n : n;
}

Test(isa, the_path_in_use_is_named_and_runs)
{
    int now = mjt__isa_current();
    cr_assert(mjt__isa_runs(now));
    cr_assert(eq(str, (char *)mjt_isa(), (char *)mjt__isa_name(now)));
    cr_assert(mjt__isa_runs(MJT__ISA_PORTABLE) || now != MJT__ISA_PORTABLE);
    /* the best path that runs is the one taken, unless MJT_ISA asks for
     * the portable one */
    const char *want = getenv("MJT_ISA");
    int best = MJT__ISA_PORTABLE;
    for (int p = 0; p < MJT__ISA_PATHS; p++)
        if (mjt__isa_runs(p))
            best = p;
    if (want == NULL || strcmp(want, "portable") != 0)
        cr_assert(eq(int, now, best), "took %s, %s runs", mjt__isa_name(now),
                  mjt__isa_name(best));
    cr_assert(eq(int, mjt__isa_use(MJT__ISA_PATHS), MJT_EINVAL));
    cr_assert(eq(int, mjt__isa_use(-1), MJT_EINVAL));
    cr_assert(eq(int, mjt__isa_current(), now));
}

/* The permissions ("rw-p", "r--p") of the mapping that holds p, as the
 * kernel lists it; "" when none does. */
static void perms_at(const void *p, char out[5])
{
    char line[512];
    uintptr_t a = (uintptr_t)p;
    FILE *f = fopen("/proc/self/maps", "r");

    out[0] = '\0';
    cr_assert(f != NULL);
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        char perms[5];
        if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) == 3 && a >= lo &&
            a < hi) {
            memcpy(out, perms, 5);
            break;
        }
    }
    fclose(f);
}

/* The table the public functions jump through cannot be written, as the
 * program starts and after paths are switched: a stray write elsewhere in
 * the process cannot choose where the library's calls go. */
Test(isa, the_jump_table_is_read_only)
{
    void *table = mjt__isa_jumps();
    char perms[5];

    if (table == NULL)
        cr_skip_test("a build of one path has no table");
    perms_at(table, perms);
    cr_assert(eq(str, perms, "r--p"), "the table's page is %s", perms);
    int now = mjt__isa_current();
    for (int p = 0; p < MJT__ISA_PATHS; p++) {
        if (!mjt__isa_runs(p))
            continue;
        cr_assert(eq(int, mjt__isa_use(p), MJT_OK));
        perms_at(table, perms);
        cr_assert(eq(str, perms, "r--p"), "after %s: %s", mjt__isa_name(p),
                  perms);
        mjt_shanten_info s;
        uint8_t ids[] = {0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 31};
        cr_assert(eq(int, mjt_shanten_tiles(NULL, ids, 14, NULL, &s),
                     MJT_EINVAL)); /* a call still goes through */
    }
    cr_assert(eq(int, mjt__isa_use(now), MJT_OK));
}

/* Dealt hands of every size a hand has, four and three players, by ids (so
 * counts, ids and a hand are each asked). */
Test(isa, dealt_hands_agree_on_every_path, .timeout = 600)
{
    size_t n = scale(6000);
    given *hands = calloc(n, sizeof *hands);
    uint64_t rng = 20261127;
    cr_assert(hands != NULL);
    for (size_t i = 0; i < n; i++) {
        given *g = &hands[i];
        uint8_t c[MJT_KINDS];
        static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
        g->players = i % 4 == 3 ? 3 : 4;
        g->len = sizes[i % 10];
        g->win.tile = MJT_NO_TILE;
        do
            test_deal(&rng, g->len, c, g->ids);
        while (g->players == 3 &&
               (c[1] | c[2] | c[3] | c[4] | c[5] | c[6] | c[7]) != 0);
    }
    cr_assert(eq(sz, compare(hands, n), n));
    free(hands);
}

/* Hands with calls, of suits, honors or both. */
Test(isa, called_hands_agree_on_every_path, .timeout = 600)
{
    size_t n = scale(3000);
    given *hands = calloc(n, sizeof *hands);
    uint64_t rng = 1127;
    cr_assert(hands != NULL);
    for (size_t i = 0; i < n; i++) {
        hands[i].players = 4;
        hands[i].win.tile = MJT_NO_TILE;
        deal_called(&rng, &hands[i].called, (int)(i % 2),
                    (int)(i % 3) == 0   ? CALLS_ANY
                    : (int)(i % 3) == 1 ? CALLS_SUITS
                                        : CALLS_HONORS);
    }
    cr_assert(eq(sz, compare(hands, n), n));
    free(hands);
}

/* Complete hands, scored in random situations. */
Test(isa, scores_agree_on_every_path, .timeout = 600)
{
    size_t n = scale(3000);
    given *hands = calloc(n, sizeof *hands);
    uint64_t rng = 271127;
    cr_assert(hands != NULL);
    for (size_t i = 0; i < n; i++) {
        given *g = &hands[i];
        uint8_t c[MJT_KINDS];
        test_random_complete(&rng, 4, c);
        g->players = 4;
        for (int k = 0; k < MJT_KINDS; k++)
            for (int j = 0; j < c[k]; j++)
                g->ids[g->len++] = (uint8_t)k;
        mjt_win_init(&g->win);
        g->win.tile = g->ids[test_rand(&rng) % 14];
        g->win.tsumo = (uint8_t)(test_rand(&rng) % 2);
        g->win.from = (uint8_t)(MJT_FROM_RIGHT + test_rand(&rng) % 3);
        g->win.riichi = (uint8_t)(test_rand(&rng) % 3);
        g->win.round = (uint8_t)(test_rand(&rng) % 2);
        g->win.seat = (uint8_t)(test_rand(&rng) % 4);
        g->win.dora_len = 1;
        g->win.dora[0] = (uint8_t)(test_rand(&rng) % MJT_KINDS);
    }
    /* most score (a closed hand's ron may have no yaku) */
    size_t scored = compare(hands, n);
    cr_assert(scored > n / 2, "%zu of %zu hands scored", scored, n);
    free(hands);
}

/* The wall model's tables, bit for bit: forward and exchange play. */
Test(isa, wall_model_agrees_on_every_path, .timeout = 600)
{
    static const char *const texts[] = {
        "123m456p789s11z345m", "144588m345p123s35z", "1122m3345p678s567z",
        "13579m2468p123s11z", "112233m445566p77z"};
    const mjt_tables *t = test_tables();
    int paths[MJT__ISA_PATHS];
    int np = others(paths);
    int was = mjt__isa_current();
    static mjt_prob_row want[MJT_MAX_DISCARDS], got[MJT_MAX_DISCARDS];

    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        for (int moves = MJT_FORWARD; moves <= MJT_EXCHANGE; moves++) {
            mjt_hand h;
            mjt_prob_opts o;
            size_t nw = 0, ng = 0;
            cr_assert(eq(
                int, mjt_hand_parse(&h, texts[i], strlen(texts[i]), NULL, NULL),
                MJT_OK));
            mjt_prob_opts_init(&o);
            o.moves = moves;
            o.draws = moves == MJT_FORWARD ? 17 : 6;
            memset(want, 0, sizeof want);
            cr_assert(eq(int, mjt__isa_use(MJT__ISA_PORTABLE), MJT_OK));
            cr_assert(eq(int,
                         mjt_prob_discards(t, &h, NULL, &o, want,
                                           MJT_MAX_DISCARDS, &nw, NULL),
                         MJT_OK),
                      "%s", texts[i]);
            for (int k = 0; k < np; k++) {
                memset(got, 0, sizeof got);
                cr_assert(eq(int, mjt__isa_use(paths[k]), MJT_OK));
                cr_assert(eq(int,
                             mjt_prob_discards(t, &h, NULL, &o, got,
                                               MJT_MAX_DISCARDS, &ng, NULL),
                             MJT_OK));
                cr_assert(eq(sz, nw, ng));
                for (size_t r = 0; r < nw; r++)
                    cr_assert(same_prob_row(&want[r], &got[r]),
                              "%s, moves %d, row %zu: %s answers otherwise "
                              "than portable",
                              texts[i], moves, r, mjt__isa_name(paths[k]));
            }
        }
    cr_assert(eq(int, mjt__isa_use(was), MJT_OK));
}

/* The exact statistics (the fast visit) and the enumeration. */
Test(exhaustive, statistics_agree_on_every_isa_path, .timeout = 600)
{
    const mjt_tables *t = test_tables();
    int paths[MJT__ISA_PATHS];
    int np = others(paths);
    int was = mjt__isa_current();

    for (int players = 3; players <= 4; players++)
        for (int tiles = 4; tiles <= 8; tiles += 3) {
            mjt_rules rules;
            mjt_stats want[2], got[2];
            mjt_rules_init(&rules, players);
            mjt_enum e = {tiles, &rules, 0, 0, 0, 2, NULL, NULL};
            e.end = mjt_enum_size(tiles, &rules, 0);
            memset(want, 0, sizeof want);
            cr_assert(eq(int, mjt__isa_use(MJT__ISA_PORTABLE), MJT_OK));
            cr_assert(eq(
                int, mjt_stats_exact(t, &rules, tiles, 0, &want[0], NULL, NULL),
                MJT_OK));
            cr_assert(
                eq(int, mjt_enumerate(t, &e, &want[1], NULL, NULL), MJT_OK));
            for (int k = 0; k < np; k++) {
                memset(got, 0, sizeof got);
                cr_assert(eq(int, mjt__isa_use(paths[k]), MJT_OK));
                cr_assert(eq(
                    int,
                    mjt_stats_exact(t, &rules, tiles, 0, &got[0], NULL, NULL),
                    MJT_OK));
                cr_assert(
                    eq(int, mjt_enumerate(t, &e, &got[1], NULL, NULL), MJT_OK));
                cr_assert(same_stats(&want[0], &got[0]) &&
                              same_stats(&want[1], &got[1]),
                          "%d tiles, %d players: %s counts otherwise", tiles,
                          players, mjt__isa_name(paths[k]));
            }
        }
    cr_assert(eq(int, mjt__isa_use(was), MJT_OK));
}
