/* SPDX-License-Identifier: MIT */
/* What the C benchmarks share: a clock, the median of runs, and the
 * wait for a figure's child process. */
#ifndef MJT__TESTS_BENCH_H
#define MJT__TESTS_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the n values of v (which it sorts). */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return v[n / 2];
}

/* Wait for the child pid (from fork: -1 when it failed) that prints the
 * figures of what: 0 when it exited 0, else 1 after saying how it ended on
 * stderr (as prog), so that a benchmark whose child crashed or failed
 * fails too, not merely missing some lines. */
static inline int bench_child(const char *prog, pid_t pid, const char *what)
{
    int status;

    if (pid < 0) {
        fprintf(stderr, "%s: %s: cannot fork\n", prog, what);
        return 1;
    }
    if (waitpid(pid, &status, 0) < 0) {
        fprintf(stderr, "%s: %s: cannot wait for its process\n", prog, what);
        return 1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status))
        fprintf(stderr, "%s: %s: killed by signal %d\n", prog, what,
                WTERMSIG(status));
    else
        fprintf(stderr, "%s: %s: exit status %d\n", prog, what,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 1;
}

#endif
