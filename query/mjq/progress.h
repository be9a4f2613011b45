/* SPDX-License-Identifier: MIT */
/* Progress of long work on a terminal, drawn from the library's
 * mjt_work callbacks (progress.c). */
#ifndef MJT__QUERY_MJQ_PROGRESS_H
#define MJT__QUERY_MJQ_PROGRESS_H

#include <stdint.h>

#include "mjt.h"

typedef struct progress {
    const char *what;  /* "enumerate" */
    const char *units; /* "hands" */
    double start, last;
    int on; /* stderr is a terminal and --quiet was not given */
    int drawn;
} progress;

/* Set p up for work named what counted in units, and point work's
 * progress callback at it; nothing is drawn unless stderr is a terminal
 * and quiet is 0. */
void progress_start(progress *p, mjt_work *work, const char *what,
                    const char *units, int quiet);

/* Clear the line the progress took, if any. */
void progress_end(progress *p);

#endif
