/* SPDX-License-Identifier: MIT */
/*
 * Progress on a terminal, and only there: "enumerate: 41.2% (40,591,...
 * of 98,521,596,000 hands), 85.2 M hands/s, 5m 12s left", redrawn at most
 * four times a second on stderr and cleared at the end, so that what
 * mjq prints on stdout is the same with or without it.
 */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* n with thousands separators into buf (32 bytes). */
static const char *grouped(uint64_t n, char buf[32])
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t k = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = '\0';
    return buf;
}

/* A duration as "1h 02m", "5m 12s" or "42s". */
static void duration(double s, char buf[24])
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, 24, "%ldh %02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, 24, "%ldm %02lds", t / 60, t % 60);
    else
        snprintf(buf, 24, "%lds", t);
}

static void draw(void *user, uint64_t done, uint64_t total)
{
    progress *p = user;
    double t = now(), el = t - p->start;
    char a[32], b[32], left[24];

    if (!p->on || (done < total && t - p->last < 0.25))
        return;
    p->last = t;
    double rate = el > 0 ? (double)done / el : 0;
    if (rate > 0 && done < total)
        duration((double)(total - done) / rate, left);
    else
        snprintf(left, sizeof left, "0s");
    fprintf(stderr, "\r\033[K%s: %.1f%% (%s of %s %s)", p->what,
            total ? 100.0 * (double)done / (double)total : 100.0,
            grouped(done, a), grouped(total, b), p->units);
    if (rate >= 1e6)
        fprintf(stderr, ", %.1f M %s/s", rate / 1e6, p->units);
    fprintf(stderr, ", %s left", left);
    fflush(stderr);
    p->drawn = 1;
}

void progress_start(progress *p, mjt_work *work, const char *what,
                    const char *units, int quiet)
{
    memset(p, 0, sizeof *p);
    p->what = what;
    p->units = units;
    p->start = p->last = now();
    p->on = !quiet && isatty(STDERR_FILENO);
    memset(work, 0, sizeof *work);
    work->progress = draw;
    work->user = p;
}

void progress_end(progress *p)
{
    if (p->drawn)
        fprintf(stderr, "\r\033[K");
}
