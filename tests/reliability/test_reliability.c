/* SPDX-License-Identifier: MIT */
/*
 * Damaged tables and tables replaced under running readers.  Every byte
 * of a small table is flipped in turn, and a sample of the full one: each
 * flip is caught by a check or changes nothing the reader returns.
 * Readers keep answering right while mjt-gen regenerates their table into
 * the same path, any reader that opens meanwhile gets a whole table, and
 * killing mjt-gen at any moment leaves the previous table in place.
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "asserts.h"
#include "format.h"
#include "helpers.h"
#include "tablefile.h"

/* ==== Helpers ==== */

static void sh(const char *fmt, const char *a, const char *b)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    cr_assert(eq(int, system(cmd), 0), "%s", cmd);
}

static void collect(void *ctx, const char *k, size_t klen, const char *v,
                    size_t vlen)
{
    XXH3_64bits_update(ctx, k, klen);
    XXH3_64bits_update(ctx, v, vlen);
}

/* What a reader gets from path: every meta entry and every record, hashed;
 * or 0 when a check refuses the file (every check the readers run). */
static uint64_t read_all(const char *path)
{
    mjt__tfile *f;
    XXH3_state_t *st = XXH3_createState();
    uint64_t h = 0;
    int ok = 1;

    XXH3_64bits_reset(st);
    if (mjt__tfile_open(&f, path, NULL) != MJT_OK) {
        XXH3_freeState(st);
        return 0;
    }
    mjt__tfile_meta_each(f, collect, st);
    for (int table = 0; ok && table < MJT__NTABLES; table++) {
        mjt__walk w;
        uint64_t key;
        const mjt__record *rec;
        int rc;
        if (mjt__walk_open(&w, f, table) != MJT_OK) {
            ok = 0;
            break;
        }
        while ((rc = mjt__walk_next(&w, &key, &rec, NULL)) > 0) {
            XXH3_64bits_update(st, &key, sizeof key);
            XXH3_64bits_update(st, rec, sizeof *rec);
        }
        ok = rc == 0 && mjt__tfile_check_digest(f, table, mjt__walk_digest(&w),
                                                path, NULL) == MJT_OK;
        mjt__walk_close(&w);
    }
    mjt__tfile_close(f);
    h = ok ? XXH3_64bits_digest(st) | 1 : 0;
    XXH3_freeState(st);
    return h;
}

static void flip_bit(const char *path, long off)
{
    int fd = open(path, O_RDWR);
    unsigned char b;
    cr_assert(ge(int, fd, 0));
    cr_assert(eq(long, (long)pread(fd, &b, 1, off), 1));
    b ^= (unsigned char)(1u << (off % 8));
    cr_assert(eq(long, (long)pwrite(fd, &b, 1, off), 1));
    close(fd);
}

static long file_size(const char *path)
{
    struct stat st;
    cr_assert(eq(int, stat(path, &st), 0));
    return (long)st.st_size;
}

/* ==== Byte flips ==== */

Test(reliability, every_bit_flip_of_a_small_table_is_caught_or_harmless,
     .timeout = 600)
{
    char d[] = "/tmp/mjt-flip-XXXXXX", path[256];
    long caught = 0, harmless = 0;

    cr_assert(not(eq(ptr, mkdtemp(d), NULL)));
    snprintf(path, sizeof path, "%s/small.lmdb", d);
    sh("%s/mjt-gen -q -j 2 --max-tiles 4 -o %s >/dev/null", test_build_dir(),
       path);
    uint64_t want = read_all(path);
    cr_assert(not(eq(u64, want, 0)));
    long size = file_size(path);
    for (long off = 0; off < size; off++) {
        flip_bit(path, off);
        uint64_t got = read_all(path);
        if (got == 0)
            caught++;
        else if (got == want)
            harmless++;
        else
            cr_assert(eq(u64, got, want),
                      "flip at byte %ld read wrong "
                      "content without an error",
                      off);
        flip_bit(path, off);
    }
    cr_assert(eq(u64, read_all(path), want));
    fprintf(stderr,
            "reliability: %ld bit flips of a %ld-byte table: %ld "
            "caught, %ld changed nothing read\n",
            size, size, caught, harmless);
    unlink(path);
    rmdir(d);
}

/* Answers of the full tables on a fixed set of hands, folded. */
static uint64_t answers(const mjt_tables *t)
{
    uint64_t rng = 5, sum = 0;
    for (int i = 0; i < 300; i++) {
        uint8_t c[MJT_KINDS] = {0};
        int n = 13 + i % 2;
        for (int k = 0; k < n;) {
            int x = (int)(test_rand(&rng) % MJT_KINDS);
            if (c[x] < 4) {
                c[x]++;
                k++;
            }
        }
        mjt_hand h;
        mjt_shanten_info s;
        cr_assert(eq(int, mjt_hand_from_counts(&h, c, NULL, NULL), MJT_OK));
        mjt_shanten(t, &h, &s);
        sum = sum * 31 + (uint64_t)(s.overall + 2);
        if (n == 13) {
            mjt_ukeire_info u;
            mjt_ukeire(t, &h, NULL, &u);
            sum = sum * 31 + u.tiles;
        }
    }
    return sum;
}

Test(reliability, sampled_bit_flips_of_the_full_table, .timeout = 600)
{
    char d[] = "/tmp/mjt-flipfull-XXXXXX", path[256];
    long caught = 0, harmless = 0;
    int flips = getenv("MJT_LONG") ? 3000 : 150;
    uint64_t rng = 17;
    mjt_tables *t;

    cr_assert(not(eq(ptr, mkdtemp(d), NULL)));
    snprintf(path, sizeof path, "%s/full.lmdb", d);
    sh("cp %s %s", test_tables_path(), path);
    uint64_t want = answers(test_tables());
    long size = file_size(path);
    for (int i = 0; i < flips; i++) {
        long off = (long)(test_rand(&rng) % (uint64_t)size);
        flip_bit(path, off);
        if (mjt_tables_open(&t, path, NULL) != MJT_OK) {
            caught++;
        } else {
            cr_assert(eq(u64, answers(t), want), "flip at byte %ld", off);
            mjt_tables_close(t);
            harmless++;
        }
        flip_bit(path, off);
    }
    fprintf(stderr,
            "reliability: %d sampled bit flips of the %ld-byte "
            "table: %ld caught, %ld changed no answer\n",
            flips, size, caught, harmless);
    unlink(path);
    rmdir(d);
}

/* ==== Readers while the table is regenerated ==== */

typedef struct reader {
    const mjt_tables *t;
    uint64_t want;
    atomic_int *stop;
    long queries;
    int wrong;
} reader;

static void *keep_reading(void *arg)
{
    reader *r = arg;
    while (!atomic_load(r->stop)) {
        if (answers(r->t) != r->want)
            r->wrong++;
        r->queries += 450; /* 300 shanten and 150 ukeire */
    }
    return NULL;
}

static pid_t start_gen(const char *path)
{
    char prog[512];
    pid_t pid = fork();
    snprintf(prog, sizeof prog, "%s/mjt-gen", test_build_dir());
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(prog, prog, "-q", "-j", "1", "-o", path, (char *)NULL);
        _exit(127);
    }
    cr_assert(gt(int, pid, 0));
    return pid;
}

Test(reliability, readers_run_on_while_the_table_is_regenerated, .timeout = 600)
{
    char d[] = "/tmp/mjt-regen-XXXXXX", path[256];
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    int nthreads = 2 * (int)(nproc < 1 ? 1 : nproc > 32 ? 32 : nproc);
    pthread_t tid[64];
    reader r[64];
    atomic_int stop = 0;
    mjt_tables *t;
    long opens = 0;

    cr_assert(not(eq(ptr, mkdtemp(d), NULL)));
    snprintf(path, sizeof path, "%s/mjt.lmdb", d);
    sh("cp %s %s", test_tables_path(), path);
    cr_assert(eq(int, mjt_tables_open(&t, path, NULL), MJT_OK));
    uint64_t want = answers(t);
    for (int k = 0; k < nthreads; k++) {
        r[k] = (reader){t, want, &stop, 0, 0};
        pthread_create(&tid[k], NULL, keep_reading, &r[k]);
    }
    for (int round = 0; round < 2; round++) {
        struct stat before, after;
        cr_assert(eq(int, stat(path, &before), 0));
        pid_t pid = start_gen(path);
        int status;
        /* Whoever opens the path meanwhile gets a whole table. */
        while (waitpid(pid, &status, WNOHANG) == 0) {
            mjt_tables *u;
            cr_assert(eq(int, mjt_tables_open(&u, path, NULL), MJT_OK));
            mjt_tables_close(u);
            opens++;
        }
        cr_assert(eq(int, WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0));
        cr_assert(eq(int, stat(path, &after), 0));
        cr_assert(not(eq(u64, (uint64_t)after.st_ino, (uint64_t)before.st_ino)),
                  "a new file");
        mjt_tables *u;
        cr_assert(eq(int, mjt_tables_open(&u, path, NULL), MJT_OK));
        cr_assert(eq(u64, answers(u), want));
        mjt_tables_close(u);
    }
    atomic_store(&stop, 1);
    long queries = 0;
    for (int k = 0; k < nthreads; k++) {
        pthread_join(tid[k], NULL);
        cr_assert(eq(int, r[k].wrong, 0), "thread %d", k);
        queries += r[k].queries;
    }
    mjt_tables_close(t);
    fprintf(stderr,
            "reliability: %d reader threads, %ld queries, %ld opens "
            "during 2 regenerations, all right\n",
            nthreads, queries, opens);
    sh("rm -rf %s%s", d, "");
}

Test(reliability, killing_mjt_gen_keeps_the_old_table, .timeout = 600)
{
    char d[] = "/tmp/mjt-kill-XXXXXX", path[256];
    uint64_t rng = 23;

    cr_assert(not(eq(ptr, mkdtemp(d), NULL)));
    snprintf(path, sizeof path, "%s/mjt.lmdb", d);
    sh("cp %s %s", test_tables_path(), path);
    uint64_t want = answers(test_tables());
    for (int round = 0; round < 6; round++) {
        pid_t pid = start_gen(path);
        struct timespec ts = {0, (long)(test_rand(&rng) % 700) * 1000000};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        /* The old table, or (if mjt-gen had finished) a whole new one. */
        mjt_tables *t;
        cr_assert(eq(int, mjt_tables_open(&t, path, NULL), MJT_OK), "round %d",
                  round);
        cr_assert(eq(u64, answers(t), want), "round %d", round);
        mjt_tables_close(t);
    }
    /* A run to the end clears what the killed ones left behind. */
    int status;
    waitpid(start_gen(path), &status, 0);
    cr_assert(eq(int, WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0));
    sh("test -z \"$(ls %s | grep -v '^mjt.lmdb$')\"%s", d, "");
    sh("rm -rf %s%s", d, "");
}

/* ==== Fuzz finds ==== */

/* Every input a fuzz target ever crashed on (tests/reliability/fuzz/seeds/),
 * through the loaders: each must be refused or read, never crash. */
Test(reliability, fuzz_finds_stay_fixed)
{
    static const char *dirs[] = {"tests/reliability/fuzz/seeds/table",
                                 "tests/reliability/fuzz/seeds/diff"};
    int seen = 0;

    for (int i = 0; i < 2; i++) {
        DIR *dir = opendir(dirs[i]);
        struct dirent *e;
        cr_assert(not(eq(ptr, dir, NULL)), "%s", dirs[i]);
        while ((e = readdir(dir)) != NULL) {
            char path[512];
            mjt_tables *t = NULL;
            if (strncmp(e->d_name, "crash", 5) != 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dirs[i], e->d_name);
            cr_assert(not(eq(int, mjt_tables_open(&t, path, NULL), MJT_OK)),
                      "%s", path);
            cr_assert(eq(u64, read_all(path), 0), "%s", path);
            seen++;
        }
        closedir(dir);
    }
    cr_assert(gt(int, seen, 0));
}
