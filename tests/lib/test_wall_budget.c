/* SPDX-License-Identifier: MIT */
/*
 * The wall model's refusals, budgets and cancel flag, its memory, and
 * its workspaces: a deep question frees its maps and gives its memory
 * back, a workspace changes no answer, and its maps outlive the 8-bit
 * question number they carry.  And its graph, looked into through a
 * workspace: one node for each class of hands that play alike.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_sweep.h"
#include "asserts.h"
#include "helpers.h"
#include "mjt.h"
#include "wall.h" /* a workspace's maps, looked into */
#include "wall_test.h"

Test(wall, refusals_say_why)
{
    mjt_hand h13, h14;
    mjt_prob p;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_diag d;
    mjt_prob_opts o;
    uint8_t seen[MJT_KINDS] = {0};

    mjt_hand_parse(&h13, "4566m123p456p789s", 17, NULL, NULL);
    mjt_hand_parse(&h14, "4566m123p456p789s1z", 19, NULL, NULL);
    o = opts_of(17, 7, 0);
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, NULL, &o, &p, &d),
                 MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(d.message, "moves 7"), NULL)), "%s",
              d.message);
    o = opts_of(200, MJT_FORWARD, 0);
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, NULL, &o, &p, &d),
                 MJT_EINVAL));
    o = opts_of(17, MJT_EXCHANGE, 0);
    o.extra = 9;
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, NULL, &o, &p, &d),
                 MJT_EINVAL));
    o = opts_of(17, MJT_FORWARD, 64);
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, NULL, &o, &p, &d),
                 MJT_EINVAL));
    o = opts_of(17, MJT_FORWARD, 0);
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h14, NULL, &o, &p, &d),
                 MJT_ECOUNT));
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h13, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_ECOUNT));
    seen[2] = 4; /* 3m: the hand holds none, but 4 seen is fine */
    cr_assert(
        eq(int, mjt_prob_hand(test_tables(), &h13, seen, &o, &p, &d), MJT_OK));
    cr_assert(eq(dbl, p.tenpai[16], 1.0));
    seen[5] = 3; /* 6m: held twice */
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, seen, &o, &p, &d),
                 MJT_ECOPIES));
    /* more draws than the wall holds: every tile seen but 2 of 1m and 1
     * of 2m */
    uint8_t all[MJT_KINDS];
    mjt_hand_held(&h13, all);
    for (int k = 0; k < MJT_KINDS; k++)
        seen[k] = (uint8_t)(4 - all[k]);
    seen[0] -= 2;
    seen[1] -= 1;
    o = opts_of(5, MJT_FORWARD, 0);
    cr_assert(eq(int, mjt_prob_hand(test_tables(), &h13, seen, &o, &p, &d),
                 MJT_EINVAL));
    cr_assert(not(eq(ptr, strstr(d.message, "the wall holds 3 tiles"), NULL)),
              "%s", d.message);
    o.draws = 0; /* the default: 17, or the wall when it holds fewer */
    cr_assert(
        eq(int, mjt_prob_hand(test_tables(), &h13, seen, &o, &p, &d), MJT_OK));
    cr_assert(eq(int, p.draws, 3));
}

Test(wall, budgets_and_cancel_stop_the_search)
{
    mjt_hand h;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    size_t n;
    mjt_diag d;
    mjt_prob_opts o = opts_of(17, MJT_EXCHANGE, 0);
    volatile int stop = 1;

    mjt_hand_parse(&h, "148m23458p345s237z", 18, NULL, NULL); /* 4-shanten */
    o.memory = 100000;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_EBUDGET));
    cr_assert(
        not(eq(ptr, strstr(d.message, "over the memory budget (100000 bytes)"),
               NULL)),
        "%s", d.message);
    o.memory = 0;
    o.time_ms = 1;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_EBUDGET));
    cr_assert(not(eq(ptr, strstr(d.message, "over the time budget"), NULL)),
              "%s", d.message);
    o.time_ms = 0;
    o.cancel = &stop;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_ECANCELED));
    /* a workspace that holds more than a later call's budget does not
     * lend it: the budget counts what the call holds */
    mjt_prob_work *work = mjt_prob_work_create();
    mjt_hand h2;
    mjt_hand_parse(&h2, "144588m345p123s35z", 18, NULL, NULL); /* 2-shanten */
    o.cancel = NULL;
    o.work = work;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h2, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_OK));
    o.memory = 100000;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h2, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_EBUDGET));
    o.memory = 0;
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h2, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, &n, &d),
                 MJT_OK));
    mjt_prob_work_free(work);
    o.work = NULL;
    /* asking the size */
    o.cancel = NULL;
    o.moves = MJT_FORWARD;
    cr_assert(
        eq(int, mjt_prob_discards(test_tables(), &h, NULL, &o, NULL, 0, &n, &d),
           MJT_ESPACE));
    cr_assert(eq(sz, n, 14));
}

/* A question deeper than a workspace keeps (its graph over 32 MiB) frees
 * the build's maps before its curves: it is answered within a budget
 * that holds its graph or its curves but not both, its best row as
 * before it did (the values of commit f5aa791, which kept them), the
 * same rows through a workspace as without, and the workspace answers
 * the next questions, small and deep, as a fresh call does. */
static void table_of(const char *text, mjt_prob_work *work, mjt_prob_row *rows,
                     size_t *n)
{
    mjt_hand h;
    mjt_prob_opts o = opts_of(17, MJT_FORWARD, MJT_PROB_KEEPING);
    mjt_diag d;
    o.work = work;
    /* the deep question's graph holds 37.5 MB, its maps 11 MB of it, and
     * its curves 7.5 MB more: within 40 MiB only when the maps go first */
    o.memory = (size_t)40 << 20;
    cr_assert(
        eq(int, mjt_hand_parse(&h, text, strlen(text), NULL, NULL), MJT_OK));
    cr_assert(eq(int,
                 mjt_prob_discards(test_tables(), &h, NULL, &o, rows,
                                   MJT_MAX_DISCARDS, n, &d),
                 MJT_OK),
              "%s: %s", text, d.message);
}

Test(wall, a_deep_question_frees_its_maps_and_the_workspace_goes_on,
     .timeout = 120)
{
    static const char *const asked[] = {
        "369m2566p12579s37z", /* 5-shanten: 37 MB built, before its curves */
        "144588m345p123s35z", /* 2-shanten */
        "369m2566p12579s37z"};
    mjt_prob_work *work = mjt_prob_work_create();
    for (int i = 0; i < 3; i++) {
        mjt_prob_row a[MJT_MAX_DISCARDS], b[MJT_MAX_DISCARDS];
        size_t na, nb;
        table_of(asked[i], NULL, a, &na);
        table_of(asked[i], work, b, &nb);
        if (i != 1) {
            cr_assert(eq(int, a[0].tile, 29)); /* 3z */
            cr_assert(
                lt(dbl, fabs(a[0].p.tenpai[16] - 0x1.942b574053276p-2), 1e-12));
            cr_assert(
                lt(dbl, fabs(a[0].p.win[16] - 0x1.1de5597a0305ep-4), 1e-12));
        }
        cr_assert(eq(sz, na, nb), "%s", asked[i]);
        for (size_t k = 0; k < na; k++) {
            cr_assert(eq(int, a[k].tile, b[k].tile), "%s row %zu", asked[i], k);
            /* the values at T (the rest NAN); NAN for a row that raises
             * the shanten */
            cr_assert(eq(int, isnan(a[k].p.win[16]), isnan(b[k].p.win[16])));
            if (!isnan(a[k].p.win[16])) {
                cr_assert(lt(dbl, fabs(a[k].p.win[16] - b[k].p.win[16]), 1e-12),
                          "%s row %zu", asked[i], k);
                cr_assert(
                    lt(dbl, fabs(a[k].p.tenpai[16] - b[k].p.tenpai[16]), 1e-12),
                    "%s row %zu", asked[i], k);
            }
        }
    }
    mjt_prob_work_free(work);
}

/* A line of /proc/self/status in kB (VmHWM: the peak resident size), or
 * -1 where there is none. */
static long status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    size_t n = strlen(field);

    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, field, n) == 0 && line[n] == ':')
            v = atol(line + n + 1);
    fclose(f);
    return v;
}

/* A deep question's memory is given back whole: asked again and again,
 * with no workspace and with one, it peaks no higher than the first time.
 * (Left to malloc, glibc's heap kept the arrays of the later questions,
 * and each one's moves left holes: the peak rose 10 MB in three.)  Not
 * under a sanitizer, whose allocator holds what is freed for a while. */
Test(wall, a_deep_question_asked_again_peaks_no_higher, .timeout = 120)
{
    static const char text[] = "369m2566p12579s37z"; /* 5-shanten, 37 MB */
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    size_t n;

    if (getenv("MJT_SANITIZER") != NULL)
        cr_skip_test("a sanitizer's allocator keeps freed memory");
    if (status_kb("VmHWM") < 0)
        cr_skip_test("no /proc/self/status here");
    table_of(text, NULL, rows, &n);
    long first = status_kb("VmHWM");
    mjt_prob_work *work = mjt_prob_work_create();
    for (int i = 0; i < 4; i++)
        table_of(text, i % 2 ? work : NULL, rows, &n);
    mjt_prob_work_free(work);
    long last = status_kb("VmHWM");
    cr_assert(le(long, last, first + 2048), "peak %ld kB, then %ld kB", first,
              last);
}

/* The next random 13-tile question of d whose shanten is at most s
 * (within 100000 deals, or the test fails). */
static void question_within(mjt_dealer *d, int s, mjt_hand *h,
                            uint8_t seen[MJT_KINDS])
{
    for (int i = 0; i < 100000; i++) {
        mjt_shanten_info x;
        random_question(d, 13, h, seen);
        mjt_shanten(test_tables(), h, &x);
        if (x.overall <= s)
            return;
    }
    cr_fatal("no question of shanten %d or less in 100000 deals", s);
}

/* The same answers through one workspace and without, the questions'
 * walls and T changing (the workspace keeps dp.c's table of W and T). */
Test(wall, a_workspace_changes_nothing, .timeout = 120)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();

    cr_assert(eq(int, mjt_dealer_init(&d, 94, NULL, 0), MJT_OK));
    int asked = 0;
    for (; asked < 12;) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        question_within(&d, 2, &h, seen);
        int n = asked++;
        /* the same wall with T of 9 and 12, then the next wall with the
         * same T first */
        for (int j = 0; j < 2; j++) {
            int T = (n + j) % 2 ? 12 : 9;
            mjt_prob a, b;
            mjt_prob_opts o =
                opts_of(T, n % 2 ? MJT_EXCHANGE : MJT_FORWARD, MJT_PROB_CURVES);
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &a, NULL),
                         MJT_OK));
            o.work = work;
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &b, NULL),
                         MJT_OK));
            same_curves(&a, &b, T, "workspace");
        }
    }
    cr_assert(eq(int, asked, 12));
    mjt_prob_work_free(work);
}

/* A refusal for the memory budget can come in the middle of a map's
 * growth, whose old slots go first: the workspace that was refused then
 * answers the question, given room, as a fresh call does.  Budgets from
 * 16 kB to 8 MB, each refused or answered and each followed by the
 * question with room, in forward play (5-shanten) and in exchange play
 * (3-shanten); the sweep sees both a refusal and an answer. */
Test(wall, a_workspace_answers_after_a_refusal, .timeout = 120)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();
    int refused = 0, answered = 0;

    cr_assert(eq(int, mjt_dealer_init(&d, 96, NULL, 0), MJT_OK));
    for (int q = 0; q < 4; q++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_prob fresh, got;
        int s = q % 2 ? 3 : 5;
        mjt_shanten_info x;
        do /* questions whose maps grow more than once */
            question_within(&d, s, &h, seen);
        while (mjt_shanten(test_tables(), &h, &x) != MJT_OK || x.overall < s);
        mjt_prob_opts o =
            opts_of(q % 2 ? 9 : 17, q % 2 ? MJT_EXCHANGE : MJT_FORWARD,
                    MJT_PROB_CURVES);
        cr_assert(eq(int,
                     mjt_prob_hand(test_tables(), &h, seen, &o, &fresh, NULL),
                     MJT_OK));
        o.work = work;
        for (size_t budget = 16000; budget <= 8000000; budget += budget / 2) {
            o.memory = budget;
            int rc = mjt_prob_hand(test_tables(), &h, seen, &o, &got, NULL);
            cr_assert(rc == MJT_OK || rc == MJT_EBUDGET, "rc %d", rc);
            refused += rc == MJT_EBUDGET;
            answered += rc == MJT_OK;
            o.memory = 0;
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &got, NULL),
                         MJT_OK));
            same_curves(&fresh, &got, o.draws, "after a budget");
        }
    }
    cr_assert(gt(int, refused, 0));
    cr_assert(gt(int, answered, 0));
    mjt_prob_work_free(work);
}

/* ==== Allocations that fail ==== */

/* One question of the sweep below, asked again and again. */
typedef struct sweep {
    const mjt_hand *h;
    const uint8_t *seen;
    mjt_prob_opts o;
    int what; /* 0 a hand's curves, 1 a table of chances, 2 of scores */
    mjt_prob p;
    mjt_prob_row rows[MJT_MAX_DISCARDS];
    mjt_expect_row erows[MJT_MAX_DISCARDS];
    size_t n;
} sweep;

static int ask(void *ctx, mjt_diag *d)
{
    sweep *a = ctx;
    const mjt_tables *t = test_tables();
    switch (a->what) {
    case 0:
        return mjt_prob_hand(t, a->h, a->seen, &a->o, &a->p, d);
    case 1:
        return mjt_prob_discards(t, a->h, a->seen, &a->o, a->rows,
                                 MJT_MAX_DISCARDS, &a->n, d);
    default:
        return mjt_expect_discards(t, a->h, a->seen, &a->o, NULL, a->erows,
                                   MJT_MAX_DISCARDS, &a->n, d);
    }
}

/* got's answer is want's, to the last bit (the same search). */
static void same_answer(const sweep *want, const sweep *got, const char *what)
{
    if (want->what == 0) {
        same_curves(&want->p, &got->p, want->o.draws, what);
        return;
    }
    cr_assert(eq(sz, got->n, want->n), "%s", what);
    for (size_t i = 0; i < want->n; i++) {
        const mjt_prob *x =
            want->what == 1 ? &want->rows[i].p : &want->erows[i].e.p;
        const mjt_prob *y =
            want->what == 1 ? &got->rows[i].p : &got->erows[i].e.p;
        cr_assert(
            eq(int, want->what == 1 ? got->rows[i].tile : got->erows[i].tile,
               want->what == 1 ? want->rows[i].tile : want->erows[i].tile),
            "%s: row %zu", what, i);
        same_curves(x, y, want->o.draws, what);
        if (want->what == 2)
            for (int h = 0; h < want->o.draws; h++)
                cr_assert(eq(dbl, got->erows[i].e.score[h],
                             want->erows[i].e.score[h]),
                          "%s: row %zu, score at %d", what, i, h + 1);
    }
}

/*
 * Every allocation of a question may fail, in turn, alone and with all
 * after it: the arrays and maps of its graph (mappings of their own once
 * large), its tables of curves, a scorer's.  Each failure is MJT_ENOMEM
 * with a message, nothing leaks, and the question that gets every
 * allocation it asks for answers as one never refused.  A hand's curves
 * and a table of chances in forward and exchange play, a table of scores.
 * Then the same sweeps on one workspace, which keeps what grew before
 * each refusal, so that later rounds refuse its growth further on: a
 * workspace refused in the middle of a growth answers the next question
 * alike.
 */
Test(alloc, every_allocation_of_a_wall_question_may_fail, .timeout = 300)
{
    mjt_dealer dealer;
    mjt_hand h13, h14;
    uint8_t seen[MJT_KINDS];
    static const struct {
        int what, moves, draws;
    } cases[] = {{0, MJT_FORWARD, 17},
                 {0, MJT_EXCHANGE, 9},
                 {1, MJT_FORWARD, 17},
                 {1, MJT_EXCHANGE, 9},
                 {2, MJT_FORWARD, 17}};

    mjt__alloc_budget = 0;
    cr_assert(eq(ptr, mjt_prob_work_create(), NULL));
    mjt__alloc_budget = -1;
    cr_assert(eq(int, mjt_dealer_init(&dealer, 31, NULL, 0), MJT_OK));
    question_within(&dealer, 2, &h13, seen);
    /* the 14 tiles: the 13 and a tile of the wall */
    uint8_t held[MJT_KINDS];
    mjt_hand_held(&h13, held);
    for (int k = 0; k < MJT_KINDS; k++)
        if (held[k] + seen[k] < 4) {
            held[k]++;
            break;
        }
    cr_assert(eq(int, mjt_hand_from_counts(&h14, held, NULL, NULL), MJT_OK));

    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int m = 0; m < 4; m++) {
            static sweep whole, a;
            int with_work = m & 1, once = m >> 1;
            mjt_prob_work *work = with_work ? mjt_prob_work_create() : NULL;
            whole.h = cases[c].what == 0 ? &h13 : &h14;
            whole.seen = seen;
            whole.o = opts_of(cases[c].draws, cases[c].moves, MJT_PROB_CURVES);
            whole.what = cases[c].what;
            cr_assert(eq(int, ask(&whole, NULL), MJT_OK), "case %zu", c);
            a = whole;
            a.o.work = work;
            long failed = test_refuse_each(ask, &a, once, "a wall question");
            same_answer(&whole, &a, "after every refusal");
            cr_log_info("alloc: wall case %zu%s%s: %ld allocations", c,
                        with_work ? ", a workspace" : "",
                        once ? ", one refused" : "", failed);
            /* without a workspace: its arrays and maps, at the least */
            if (!with_work)
                cr_assert(gt(long, failed, 5), "case %zu: %ld allocations", c,
                          failed);
            mjt_prob_work_free(work);
            test_no_leaks("a wall question refused");
        }
}

/* The slots of map m that hold one of its question's entries. */
static size_t live_slots(const wmap *m)
{
    size_t n = 0;
    for (size_t i = 0; i < m->n; i++)
        n += m->s[i].mark >> WSLOT_GEN_SHIFT == m->gen;
    return n;
}

/* The slots of a workspace's maps carry the question's number in 8 bits,
 * and the maps are cleared when it wraps, every 255 questions: through
 * 600 questions, each map's live slots are exactly its entries, each
 * graph is as large as a fresh workspace makes it (no entry is missed),
 * and the answers are those asked without a workspace.  Question 300 is
 * a deeper one, so that every map grows when its question number is no
 * longer 1 and it holds slots of the questions since the wrap: its
 * entries (the array's last, as many as it holds) must all be live in
 * the grown map, whose number starts at 1 again. */
Test(wall, a_workspace_outlives_its_map_generations, .timeout = 120)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();

    cr_assert(eq(int, mjt_dealer_init(&d, 95, NULL, 0), MJT_OK));
    int asked = 0;
    for (; asked < 600;) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        int deep = asked == 300, T = deep ? 8 : 4 + asked % 3;
        const wmap *maps[3] = {&work->w.node_map, &work->w.draw_map,
                               &work->w.memo_map};
        size_t before[3];
        for (int m = 0; m < 3; m++) {
            before[m] = maps[m]->n;
            /* the premise: the deep question's number is neither 1 nor a
             * wrap's (the one before it was not 0, 254 or past) */
            if (deep)
                cr_assert(maps[m]->gen >= 1 && maps[m]->gen + 1 < 255,
                          "map %d at question number %u", m,
                          (unsigned)maps[m]->gen);
        }
        mjt_shanten_info x;
        do {
            question_within(&d, deep ? 3 : 1, &h, seen);
            cr_assert(eq(int, mjt_shanten(test_tables(), &h, &x), MJT_OK));
        } while (deep && x.overall < 3);
        mjt_prob a, b;
        mjt_prob_opts o =
            opts_of(T, asked % 4 && !deep ? MJT_FORWARD : MJT_EXCHANGE,
                    MJT_PROB_CURVES);
        mjt_prob_work *fresh = mjt_prob_work_create();
        o.work = fresh;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &a, NULL),
                     MJT_OK));
        o.work = work;
        cr_assert(eq(int, mjt_prob_hand(test_tables(), &h, seen, &o, &b, NULL),
                     MJT_OK));
        same_curves(&a, &b, T, "workspace");
        const wall *w = &work->w;
        cr_assert(eq(sz, w->nodes.len, fresh->w.nodes.len), "question %d",
                  asked);
        cr_assert(eq(sz, w->draws_.len, fresh->w.draws_.len), "question %d",
                  asked);
        cr_assert(eq(sz, live_slots(&w->node_map), w->nodes.len), "question %d",
                  asked);
        cr_assert(eq(sz, live_slots(&w->draw_map), w->draws_.len),
                  "question %d", asked);
        cr_assert(eq(sz, live_slots(&w->memo_map), w->memo.len), "question %d",
                  asked);
        /* (a question past the workspace's keep, 32 MiB, would shed its
         * maps: then n is 0, and the deep question must be made smaller) */
        for (int m = 0; deep && m < 3; m++)
            cr_assert(gt(sz, maps[m]->n, before[m]),
                      "map %d grew at question 300 and was kept", m);
        mjt_prob_work_free(fresh);
        asked++;
    }
    cr_assert(eq(int, asked, 600));
    mjt_prob_work_free(work);
}

/* A draw lowers the shanten by one at most, so a question of T draws
 * whose hand is further than T from tenpai has curves of zeros, and one
 * T from tenpai reaches no win: neither pays for the hands it cannot
 * reach with a draw left.  A 4-shanten hand in every move set at T = 1
 * to 5 (back play: to 3): each curve is the first T points of the T = 17
 * question's (every point is its own optimum; back play's is over the
 * memory budget), no tenpai within 3 draws and no win within 4; and its
 * 14-tile table at T = 3 answers within 1 MB of memory, which at T = 17
 * it is far over. */
Test(wall, draws_past_the_last_cost_nothing, .timeout = 600)
{
    const char *text = "148m23458p345s237z"; /* rows of 4 and 5 */
    mjt_hand h13, h14;
    mjt_shanten_info s;
    mjt_diag d;

    cr_assert(
        eq(int, mjt_hand_parse(&h14, text, strlen(text), NULL, NULL), MJT_OK));
    h13 = h14;
    cr_assert(eq(int, mjt_hand_remove(&h13, 16), MJT_OK)); /* 8p */
    cr_assert(eq(int, mjt_shanten(test_tables(), &h13, &s), MJT_OK));
    cr_assert(eq(int, s.overall, 4));
    const int moves[] = {MJT_FORWARD, MJT_EXCHANGE, MJT_BACK};
    for (int m = 0; m < 3; m++) {
        mjt_prob all, p;
        mjt_prob_opts o = opts_of(17, moves[m], MJT_PROB_CURVES);
        /* (back play's is over the memory budget: not asked) */
        int rc = moves[m] == MJT_BACK
                     ? MJT_EBUDGET
                     : mjt_prob_hand(test_tables(), &h13, NULL, &o, &all, &d);
        cr_assert(rc == MJT_OK || moves[m] == MJT_BACK, "moves %d: %s",
                  moves[m], d.message);
        /* (back play from 4-shanten is over the budget from T = 4) */
        for (int T = 1; T <= (moves[m] == MJT_BACK ? 3 : 5); T++) {
            o = opts_of(T, moves[m], MJT_PROB_CURVES);
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h13, NULL, &o, &p, &d),
                         MJT_OK),
                      "moves %d, T = %d: %s", moves[m], T, d.message);
            if (rc == MJT_OK)
                same_curves(&all, &p, T, "T draws against 17");
            for (int x = 0; x < T && x < 4; x++) {
                cr_assert(eq(dbl, p.win[x], 0.0));
                if (x < 3)
                    cr_assert(eq(dbl, p.tenpai[x], 0.0));
            }
        }
        mjt_prob_row rows[MJT_MAX_DISCARDS];
        size_t n;
        o = opts_of(17, moves[m], MJT_PROB_CURVES);
        o.memory = 1000000;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &h14, NULL, &o, rows,
                                       MJT_MAX_DISCARDS, &n, &d),
                     MJT_EBUDGET),
                  "moves %d: T = 17 within 1 MB", moves[m]);
        o.draws = 3;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &h14, NULL, &o, rows,
                                       MJT_MAX_DISCARDS, &n, &d),
                     MJT_OK),
                  "moves %d: %s", moves[m], d.message);
        cr_assert(eq(sz, n, 14));
        for (size_t r = 0; r < n; r++)
            for (int x = 0; x < 3; x++)
                cr_assert(eq(dbl, rows[r].p.tenpai[x] + rows[r].p.win[x], 0.0));
    }
}

/* The same on random questions (seen tiles too) where an exchange or a
 * step back is worth a draw: in exchange play (K of 1 and 2, 0 to 2
 * shanten) and back play (K = 1, 0 and 1 shanten), the curves of T = 1
 * to 5 (past every T at which the build leaves nodes out) are the first
 * T points of the T = 8 question's.  In those move sets a node is
 * reached after its moves' draws too. */
Test(wall, short_questions_are_the_long_ones_first_points, .timeout = 600)
{
    mjt_dealer d;

    cr_assert(eq(int, mjt_dealer_init(&d, 96, NULL, 0), MJT_OK));
    for (int q = 0; q < 12; q++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_prob all, p;
        mjt_diag dg;
        question_within(&d, q % 2 ? 1 : 2, &h, seen);
        mjt_prob_opts o =
            opts_of(8, q % 2 ? MJT_BACK : MJT_EXCHANGE, MJT_PROB_CURVES);
        o.extra = q % 2 ? 1 : 1 + q / 2 % 2;
        int rc = mjt_prob_hand(test_tables(), &h, seen, &o, &all, &dg);
        if (rc == MJT_EBUDGET) /* back play's deepest */
            continue;
        cr_assert(eq(int, rc, MJT_OK), "%s", dg.message);
        for (int T = 1; T <= 5; T++) {
            o.draws = T;
            cr_assert(eq(int,
                         mjt_prob_hand(test_tables(), &h, seen, &o, &p, &dg),
                         MJT_OK),
                      "%s", dg.message);
            same_curves(&all, &p, T, "T draws against 8");
        }
    }
}

/* The expected score's passes skip the same nodes: its curves (chances
 * and points, best riichi) of T = 1 to 5 are the first points of the
 * T = 8 question's, for random questions of 0 to 2 shanten (back play: 0
 * and 1) in the three move sets and the 4-shanten hand above in forward
 * play, where T = 4 leaves its tenpai hands unbuilt. */
Test(wall, short_expectations_are_the_long_ones_first_points, .timeout = 600)
{
    mjt_dealer d;

    cr_assert(eq(int, mjt_dealer_init(&d, 97, NULL, 0), MJT_OK));
    for (int q = 0; q < 10; q++) {
        mjt_hand h;
        uint8_t seen[MJT_KINDS];
        mjt_expect all, x;
        mjt_diag dg;
        int moves = q == 9 ? MJT_FORWARD : q % 3;
        if (q == 9) {
            memset(seen, 0, sizeof seen);
            cr_assert(
                eq(int, mjt_hand_parse(&h, "148m2345p345s237z", 17, NULL, NULL),
                   MJT_OK));
        } else {
            question_within(&d, moves == MJT_BACK ? 1 : 2, &h, seen);
        }
        mjt_prob_opts o = opts_of(8, moves, MJT_PROB_CURVES);
        int rc = mjt_expect_hand(test_tables(), &h, seen, &o, NULL, &all, &dg);
        cr_assert(eq(int, rc, MJT_OK), "question %d: %s", q, dg.message);
        for (int T = 1; T <= 5; T++) {
            o.draws = T;
            cr_assert(
                eq(int,
                   mjt_expect_hand(test_tables(), &h, seen, &o, NULL, &x, &dg),
                   MJT_OK),
                "question %d, T = %d: %s", q, T, dg.message);
            same_curves(&all.p, &x.p, T, "expectation: T draws against 8");
            for (int k = 0; k < T; k++)
                cr_assert(lt(dbl, fabs(all.score[k] - x.score[k]), 1e-9),
                          "question %d, T = %d: score at %d: %.12f %.12f", q, T,
                          k + 1, all.score[k], x.score[k]);
        }
    }
}

/* ==== One node a class ==== */

/* a[0 .. n) shuffled (Fisher-Yates). */
static void shuffle(int *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(test_rand(rng) % (uint64_t)(i + 1)), t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

/* Counts c relabelled: suit s to suit perm[s], honor z to honor hon[z]. */
static void relabel(const uint8_t *c, const int perm[3], const int hon[7],
                    uint8_t *out)
{
    for (int s = 0; s < 3; s++)
        memcpy(out + 9 * perm[s], c + 9 * s, 9);
    for (int z = 0; z < 7; z++)
        out[27 + hon[z]] = c[27 + z];
}

/* The chances' graph holds one node for each class of hands that play
 * alike (symmetry.c): so two questions that a relabelling of suits and
 * honors maps one to the other make graphs of one size.  Random 14-tile
 * tables at 2-3 shanten with a few tiles seen, each against a random
 * relabelling of itself: the same answers, and the same number of nodes
 * and draw nodes.  Seen tiles split the kinds into classes whose members
 * need not be neighbours (3z seen between 1z and 7z); a sort that moved a
 * kind past its neighbours alone left such hands in two nodes, more of
 * them in one question than in the other.  (Suits are not read backwards
 * here: the graph's classes are of suits whose gifts read alike forwards,
 * and a suit whose gifts mirror another's is not folded with it, so a
 * question and its mirror image may fold apart.) */
Test(wall, relabelled_questions_make_graphs_of_one_size, .timeout = 120)
{
    mjt_dealer d;
    uint64_t rng = 20261202;
    int tables = 0, split = 0;
    mjt_prob_work *a = mjt_prob_work_create(), *b = mjt_prob_work_create();

    cr_assert(eq(int, mjt_dealer_init(&d, 20261202, NULL, 0), MJT_OK));
    while (tables < 40) {
        mjt_tiles x, more;
        mjt_shanten_info s;
        mjt_hand h, g;
        uint8_t seen[MJT_KINDS], c[MJT_KINDS], cs[MJT_KINDS];
        cr_assert(eq(int, mjt_deal(&d, 14, &x), MJT_OK));
        cr_assert(eq(int, mjt_deal(&d, 6, &more), MJT_OK));
        cr_assert(
            eq(int, mjt_shanten_counts(test_tables(), x.counts, &s), MJT_OK));
        if (s.overall < 2 || s.overall > 3)
            continue;
        test_seen_of(x.counts, more.counts, 1, seen);
        /* a random relabelling: suits and honors shuffled */
        int perm[3] = {0, 1, 2}, hon[7] = {0, 1, 2, 3, 4, 5, 6};
        shuffle(perm, 3, &rng);
        shuffle(hon, 7, &rng);
        relabel(x.counts, perm, hon, c);
        relabel(seen, perm, hon, cs);
        cr_assert(
            eq(int, mjt_hand_from_counts(&h, x.counts, NULL, NULL), MJT_OK));
        cr_assert(eq(int, mjt_hand_from_counts(&g, c, NULL, NULL), MJT_OK));
        mjt_prob_opts o = opts_of(17, MJT_FORWARD, MJT_PROB_KEEPING);
        mjt_prob_row ra[MJT_MAX_DISCARDS], rb[MJT_MAX_DISCARDS];
        size_t na, nb;
        o.work = a;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &h, seen, &o, ra,
                                       MJT_MAX_DISCARDS, &na, NULL),
                     MJT_OK));
        o.work = b;
        cr_assert(eq(int,
                     mjt_prob_discards(test_tables(), &g, cs, &o, rb,
                                       MJT_MAX_DISCARDS, &nb, NULL),
                     MJT_OK));
        char text[MJT_HAND_TEXT], other[MJT_HAND_TEXT];
        mjt_hand_format(&h, text, sizeof text);
        mjt_hand_format(&g, other, sizeof other);
        cr_assert(eq(sz, na, nb));
        cr_assert(lt(dbl, fabs(ra[0].p.win[16] - rb[0].p.win[16]), 1e-12),
                  "%s and %s: %.15f, %.15f", text, other, ra[0].p.win[16],
                  rb[0].p.win[16]);
        cr_assert(eq(sz, a->w.nodes.len, b->w.nodes.len),
                  "%s and %s, relabelled: %zu nodes and %zu", text, other,
                  a->w.nodes.len, b->w.nodes.len);
        cr_assert(eq(sz, a->w.draws_.len, b->w.draws_.len),
                  "%s and %s, relabelled: %zu draw nodes and %zu", text, other,
                  a->w.draws_.len, b->w.draws_.len);
        /* a seen honor between two unseen ones: their class is split */
        int cls_split = 0;
        for (int z = 1; z < 6; z++)
            cls_split |= seen[27 + z] != 0 && seen[27 + z - 1] == 0 &&
                         seen[27 + z + 1] == 0;
        split += cls_split;
        tables++;
    }
    mjt_prob_work_free(a);
    mjt_prob_work_free(b);
    printf("wall: %d questions relabelled, %d with a class split by a "
           "seen honor: graphs of one size\n",
           tables, split);
    cr_assert(ge(int, split, 10));
}

/* A hand's class, as the graph's relabellings (symmetry.c) make it: the
 * least (counts, adj) of its images, worked out here apart from the
 * library's way, by trying each of the 48 ways to place the suits and
 * sorting the honors.  A suit may take the place of another whose gifts
 * (base, rank by rank) are its own, and be read backwards when its gifts
 * read alike both ways; honors of equal gifts trade places.  (A suit
 * whose gifts mirror another's is not folded with it, by the graph or
 * here.) */
typedef struct hand_class {
    uint8_t c[MJT_KINDS];
    int8_t adj;
    uint8_t ex;
} hand_class;

static void class_of(const uint8_t base[MJT_KINDS], const uint8_t *c, int adj,
                     int ex, hand_class *out)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int found = 0;

    for (int p = 0; p < 6; p++)
        for (int back = 0; back < 8; back++) {
            hand_class x;
            int ok = 1;
            memset(&x, 0, sizeof x);
            x.adj = (int8_t)(adj >= 27 ? adj : -1);
            x.ex = (uint8_t)ex;
            for (int j = 0; j < 3 && ok; j++) { /* place j takes suit s */
                int s = perms[p][j], rev = back >> j & 1;
                for (int r = 0; r < 9 && ok; r++) {
                    int from = 9 * s + (rev ? 8 - r : r);
                    ok = base[9 * j + r] == base[9 * s + r] &&
                         (!rev || base[9 * s + r] == base[9 * s + 8 - r]);
                    x.c[9 * j + r] = c[from];
                    if (adj == from)
                        x.adj = (int8_t)(9 * j + r);
                }
            }
            if (!ok)
                continue;
            /* honors: each class of equal gifts sorted, fewest first; adj
             * to the first place of its class holding its count */
            uint8_t done[7] = {0};
            for (int z = 0; z < 7; z++) {
                int at[7], m = 0;
                uint8_t v[7];
                if (done[z])
                    continue;
                for (int u = z; u < 7; u++)
                    if (base[27 + u] == base[27 + z]) {
                        done[u] = 1;
                        v[m] = c[27 + u];
                        at[m++] = u;
                    }
                for (int i = 1; i < m; i++)
                    for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
                        uint8_t t = v[j];
                        v[j] = v[j - 1];
                        v[j - 1] = t;
                    }
                for (int i = 0; i < m; i++)
                    x.c[27 + at[i]] = v[i];
                for (int i = 0; i < m; i++)
                    if (adj == 27 + at[i])
                        for (int j = 0; j < m; j++)
                            if (v[j] == c[adj]) {
                                x.adj = (int8_t)(27 + at[j]);
                                break;
                            }
            }
            if (!found || memcmp(&x, out, sizeof x) < 0)
                *out = x;
            found = 1;
        }
    cr_assert(found); /* the identity is always one */
}

static int class_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(hand_class));
}

/* A node's hand's counts, from its key. */
static void key_counts(const wkey *k, uint8_t c[MJT_KINDS])
{
    for (int p = 0; p < 4; p++)
        mjt__code_counts(k->code[p], c + 9 * p, p < 3 ? 9 : 7);
}

/* Hands that draw to 14 tiles of one class share a draw node (graph.c):
 * a third of a 4-shanten question's draw nodes had been another's
 * relabelled.  Every draw of every node built leads to a draw node of the
 * class of the node's hand and the tile drawn (with adj and the
 * exchanges made), and no two draw nodes and no two nodes are of one
 * class: forward play at 2-3 shanten and exchange at 1-2, with tiles
 * seen.  (Back play's draws carry a mode, which this class leaves out.) */
Test(wall, a_draw_node_for_each_class_of_fourteen_tiles, .timeout = 120)
{
    mjt_dealer d;
    mjt_prob_work *work = mjt_prob_work_create();
    size_t edges = 0, draws = 0, nodes = 0;

    cr_assert(eq(int, mjt_dealer_init(&d, 20261207, NULL, 0), MJT_OK));
    for (int moves = MJT_FORWARD; moves <= MJT_EXCHANGE; moves++)
        for (int tables = 0; tables < 20;) {
            mjt_tiles x, more;
            mjt_shanten_info s;
            mjt_hand h;
            uint8_t seen[MJT_KINDS], base[MJT_KINDS];
            cr_assert(eq(int, mjt_deal(&d, 14, &x), MJT_OK));
            cr_assert(eq(int, mjt_deal(&d, 6, &more), MJT_OK));
            cr_assert(eq(int, mjt_shanten_counts(test_tables(), x.counts, &s),
                         MJT_OK));
            int low = moves == MJT_FORWARD ? 2 : 1;
            if (s.overall < low || s.overall > low + 1)
                continue;
            test_seen_of(x.counts, more.counts, 1, seen);
            for (int k = 0; k < MJT_KINDS; k++)
                base[k] = (uint8_t)(4 - seen[k]);
            cr_assert(eq(int, mjt_hand_from_counts(&h, x.counts, NULL, NULL),
                         MJT_OK));
            mjt_prob_opts o = opts_of(17, moves, MJT_PROB_KEEPING);
            mjt_prob_row rows[MJT_MAX_DISCARDS];
            size_t n;
            o.work = work;
            cr_assert(eq(int,
                         mjt_prob_discards(test_tables(), &h, seen, &o, rows,
                                           MJT_MAX_DISCARDS, &n, NULL),
                         MJT_OK));
            const wall *w = &work->w;
            const wdraw *dn = w->draws_.p;
            const wedge *ed = w->edges.p;
            size_t G = w->draws_.len;
            /* the graph is still there (a question past 32 MiB would
             * have given it back) */
            cr_assert(gt(sz, G, 0));
            cr_assert(gt(sz, w->nodes.len, 1));
            hand_class *dc = malloc((G ? G : 1) * sizeof *dc);
            cr_assert(not(eq(ptr, dc, NULL)));
            for (size_t g = 0; g < G; g++) {
                uint8_t c[MJT_KINDS];
                key_counts(&dn[g].key, c);
                class_of(base, c, dn[g].key.adj, dn[g].key.ex, &dc[g]);
            }
            char text[MJT_HAND_TEXT];
            mjt_hand_format(&h, text, sizeof text);
            for (size_t i = 0; i < w->nodes.len; i++) {
                const wnode *nd = &wall_nodes(w)[i];
                uint8_t c[MJT_KINDS];
                key_counts(&nd->key, c);
                for (const wedge *e = ed + nd->edge;
                     e < ed + nd->edge + nd->nedge; e++) {
                    if (e->wins)
                        continue;
                    hand_class want;
                    int eff = (int)(nd->eff >> e->kind & 1);
                    c[e->kind]++;
                    class_of(base, c, nd->key.adj, nd->key.ex + !eff, &want);
                    c[e->kind]--;
                    cr_assert(lt(sz, (size_t)e->draw, G));
                    cr_assert(eq(int, class_cmp(&want, &dc[e->draw]), 0),
                              "%s: node %zu draws %s to a draw node of "
                              "another class",
                              text, i, mjt_tile_name(e->kind));
                    edges++;
                }
            }
            qsort(dc, G, sizeof *dc, class_cmp);
            for (size_t g = 1; g < G; g++)
                cr_assert(not(eq(int, class_cmp(&dc[g - 1], &dc[g]), 0)),
                          "%s: two draw nodes of one class", text);
            /* and the nodes, one a class too */
            size_t N = w->nodes.len;
            hand_class *nc = malloc((N ? N : 1) * sizeof *nc);
            cr_assert(not(eq(ptr, nc, NULL)));
            for (size_t i = 0; i < N; i++) {
                uint8_t c[MJT_KINDS];
                key_counts(&wall_nodes(w)[i].key, c);
                class_of(base, c, wall_nodes(w)[i].key.adj,
                         wall_nodes(w)[i].key.ex, &nc[i]);
            }
            qsort(nc, N, sizeof *nc, class_cmp);
            for (size_t i = 1; i < N; i++)
                cr_assert(not(eq(int, class_cmp(&nc[i - 1], &nc[i]), 0)),
                          "%s: two nodes of one class", text);
            draws += G;
            nodes += N;
            free(dc);
            free(nc);
            tables++;
        }
    mjt_prob_work_free(work);
    cr_assert(gt(sz, edges, draws)); /* draw nodes were shared */
    printf("wall: %zu nodes and %zu draws of 40 tables, to %zu draw nodes; "
           "one of each a class\n",
           nodes, edges, draws);
}

/* A random relabelling of (c, *kind) that keeps the gifts base: suits of
 * equal gifts trade places, a suit whose gifts read alike both ways is
 * read either way, honors of equal gifts trade places (as class_of
 * allows them). */
static void relabel_kept(const uint8_t base[MJT_KINDS], uint64_t *rng,
                         const uint8_t *c, int *kind, uint8_t *out)
{
    int to[MJT_KINDS], place[3] = {0, 1, 2}, hon[7] = {0, 1, 2, 3, 4, 5, 6};

    shuffle(place, 3, rng); /* kept if it may be */
    int kept = 1;
    for (int s = 0; s < 3; s++)
        kept &= memcmp(base + 9 * s, base + 9 * place[s], 9) == 0;
    for (int s = 0; s < 3 && !kept; s++)
        place[s] = s;
    for (int s = 0; s < 3; s++) {
        int pal = 1, rev;
        for (int r = 0; r < 9; r++)
            pal &= base[9 * s + r] == base[9 * s + 8 - r];
        rev = pal && (test_rand(rng) & 1);
        for (int r = 0; r < 9; r++)
            to[9 * s + r] = 9 * place[s] + (rev ? 8 - r : r);
    }
    for (int i = 6; i > 0; i--) {
        int j = (int)(test_rand(rng) % (uint64_t)(i + 1)), t = hon[i];
        if (base[27 + i] == base[27 + j])
            hon[i] = hon[j], hon[j] = t;
    }
    for (int z = 0; z < 7; z++)
        to[27 + z] = 27 + hon[z];
    for (int k = 0; k < MJT_KINDS; k++)
        out[to[k]] = c[k];
    if (*kind >= 0)
        *kind = to[*kind];
}

/* mjt__wall_canon gives one hand a class, with its kind in one place:
 * every relabelling that keeps the gifts of a hand gives the same
 * canonical hand and kind, and that is of the hand's class (class_of).
 * The hands are made to tie where ties are decided: two suits alike, a
 * suit that reads alike both ways, honors of one count, with the kind in
 * one of them; under four sets of gifts (nothing seen: one class of
 * suits and one of honors; a 5m seen: the manzu apart, still read both
 * ways; a 2p and a 3z seen: the pinzu apart and the honors in two
 * classes; a 1s and a 9s seen, the souzu still read both ways). */
Test(wall, the_canonical_hand_is_one_a_class)
{
    static wall w; /* only its gifts are read */
    static const int seen_kinds[4][2] = {{-1, -1}, {4, -1}, {10, 29}, {18, 26}};
    uint64_t rng = 20261207;
    int ties[3] = {0, 0, 0};

    for (int g = 0; g < 4; g++) {
        uint8_t base[MJT_KINDS];
        memset(&w, 0, sizeof w);
        for (int k = 0; k < MJT_KINDS; k++) {
            int seen = k == seen_kinds[g][0] || k == seen_kinds[g][1];
            w.base[k] = base[k] = (uint8_t)(4 - seen);
            w.cap[k] = 4;
        }
        for (int n = 0; n < 3000; n++) {
            uint8_t c[MJT_KINDS], x[MJT_KINDS], y[MJT_KINDS];
            for (int k = 0; k < MJT_KINDS; k++) /* mostly 0 and 1 */
                c[k] = (uint8_t)(test_rand(&rng) % 8 < 5
                                     ? 0
                                     : 1 + test_rand(&rng) % 3);
            int shape = (int)(test_rand(&rng) % 3);
            if (shape == 0) /* two suits alike */
                memcpy(c + 9, c, 9);
            if (shape == 1) /* a suit that reads alike both ways */
                for (int r = 5; r < 9; r++)
                    c[18 + r] = c[18 + 8 - r];
            if (shape == 2) /* honors of one count */
                for (int z = 1; z < 7; z += 2)
                    c[27 + z] = c[27];
            int kind = (int)(test_rand(&rng) % (MJT_KINDS + 1)) - 1;
            if (kind >= 0 && c[kind] == 0)
                c[kind] = 1; /* a kind held, as adj always is */
            ties[shape]++;
            int k0 = kind, k1 = kind;
            memcpy(x, c, sizeof x);
            mjt__wall_canon(&w, x, &k0);
            relabel_kept(base, &rng, c, &k1, y);
            mjt__wall_canon(&w, y, &k1);
            cr_assert(eq(int, memcmp(x, y, sizeof x), 0),
                      "gifts %d, hand %d: two canonical hands", g, n);
            cr_assert(eq(int, k0, k1),
                      "gifts %d, hand %d: the kind at %d and at %d", g, n, k0,
                      k1);
            hand_class a, b;
            class_of(base, c, kind, 0, &a);
            class_of(base, x, k0, 0, &b);
            cr_assert(eq(int, class_cmp(&a, &b), 0),
                      "gifts %d, hand %d: canonical hand of another class", g,
                      n);
        }
    }
    cr_assert(gt(int, ties[0] + ties[1] + ties[2], 0));
}
