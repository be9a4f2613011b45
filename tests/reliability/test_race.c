/* SPDX-License-Identifier: MIT */
/*
 * Caller memory read once: a caller's counts written by another thread
 * while the library reads them (Python's batch calls release the GIL, so
 * this is an ordinary use, not a curiosity) may get the answer of any
 * counts the buffer held, or a refusal, but never a read out of bounds or
 * an answer no counts have.  A writer thread flips the bytes that a
 * second read would once have seen changed (a rank 9 of each suit, 2m)
 * between valid and invalid values while this thread asks; the
 * AddressSanitizer build (make asan) catches a stray read outright, and
 * every build checks the answers' ranges.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "asserts.h"
#include "helpers.h"

typedef struct flipper {
    _Atomic uint8_t *counts;
    atomic_int stop;
} flipper;

static void *flip(void *arg)
{
    flipper *f = arg;
    static const uint8_t values[] = {0, 200, 1, 255, 4, 5};
    static const int bytes[] = {1, 8, 17, 26, 33};

    for (unsigned k = 0; !atomic_load_explicit(&f->stop, memory_order_relaxed);
         k++) {
        int b = bytes[k % 5];
        atomic_store_explicit(&f->counts[b], values[(k / 5) % 6],
                              memory_order_relaxed);
    }
    return NULL;
}

Test(race, counts_written_meanwhile_are_read_once, .timeout = 300)
{
    const mjt_tables *t = test_tables();
    /* 13 tiles with the flipped bytes at 0: 19m 1p 9p 1s 9s 1-7z */
    static _Atomic uint8_t counts[MJT_KINDS];
    uint8_t start[MJT_KINDS] = {0};
    flipper f = {counts, 0};
    pthread_t tid;
    long answered = 0, refused = 0;

    cr_assert(not(eq(ptr, (void *)t, NULL)));
    start[0] = 1, start[9] = 1, start[18] = 1, start[27] = 2, start[28] = 2;
    start[29] = 2, start[30] = 2, start[31] = 1, start[32] = 1;
    for (int i = 0; i < MJT_KINDS; i++)
        atomic_store(&counts[i], start[i]);
    cr_assert(eq(int, pthread_create(&tid, NULL, flip, &f), 0));
    /* Two million questions, and on until both an answer and a refusal
     * were seen: on a busy machine the writer can sit descheduled on
     * invalid counts for a whole run of them (CI once saw no answer in
     * 0.29 s).  Fifty million without both is a failure below. */
    for (long i = 0;
         i < 2000000 || ((answered == 0 || refused == 0) && i < 50000000);
         i++) {
        /* The library takes the counts as plain bytes, which is what a
         * caller hands it. */
        const uint8_t *c = (const uint8_t *)counts;
        mjt_shanten_info s = {0, 0, 0, 0};
        int rc = i % 3 == 2 ? mjt_shanten_counts_players(t, c, 3, &s)
                            : mjt_shanten_counts(t, c, &s);
        if (i % 3 == 1) {
            mjt_hand h;
            mjt_ukeire_info u = {0, 0, 0};
            if (mjt_hand_from_counts(&h, c, NULL, NULL) == MJT_OK &&
                mjt_ukeire(t, &h, NULL, &u) == MJT_OK)
                cr_assert(u.count >= 0 && u.count <= 136 && u.tiles >> 34 == 0,
                          "ukeire %d %#llx", u.count,
                          (unsigned long long)u.tiles);
        }
        if (rc == MJT_OK) {
            answered++;
            cr_assert(s.overall >= -1 && s.overall <= 13 && s.standard >= -1 &&
                          s.standard <= 8,
                      "shanten %d (standard %d)", s.overall, s.standard);
        } else {
            refused++;
            cr_assert(rc == MJT_ECOPIES || rc == MJT_ECOUNT ||
                          rc == MJT_EPLAYERS,
                      "rc %d", rc);
        }
    }
    atomic_store(&f.stop, 1);
    pthread_join(tid, NULL);
    cr_assert(gt(long, answered, 0));
    cr_assert(gt(long, refused, 0));
}
