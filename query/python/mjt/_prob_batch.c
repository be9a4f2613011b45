/* SPDX-License-Identifier: MIT */
/*
 * Tables.prob_batch: the chances of an (N, 34) buffer of 3k+1 hands, the
 * GIL released and the rows shared among worker threads, each with a
 * workspace of its own; a row the budget refuses, or Ctrl-C, stops them
 * all.
 */
#include "_mjt.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

typedef struct pshared {
    pthread_mutex_t lock;
    pthread_cond_t done;
    Py_ssize_t next;   /* the next row to answer */
    int running;       /* workers not finished */
    volatile int stop; /* the cancel flag the library reads */
    Py_ssize_t bad;    /* the lowest row refused, or -1 */
} pshared;

typedef struct pworker {
    pshared *s;
    const mjt_tables *t;
    const rows *r;
    mjt_prob_opts o;
    int players;
    double *tenpai, *win; /* N x width */
    int width;            /* draws when curves, else 1 */
    int rc;               /* of the row bad */
    Py_ssize_t bad;
    mjt_diag d;
} pworker;

static void *prob_worker(void *arg)
{
    pworker *w = arg;
    pshared *s = w->s;
    uint8_t c[MJT_KINDS];
    mjt_prob p;

    w->o.work = mjt_prob_work_create();
    w->o.cancel = &s->stop;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        Py_ssize_t i = s->stop || s->bad >= 0 ? w->r->n : s->next++;
        pthread_mutex_unlock(&s->lock);
        if (i >= w->r->n)
            break;
        mjt_hand h;
        int rc = mjt_hand_from_counts(&h, row_counts(w->r, i, c), NULL, &w->d);
        if (rc == MJT_OK && w->players == 3)
            rc = mjt_hand_set_players(&h, 3, &w->d);
        if (rc == MJT_OK)
            rc = mjt_prob_hand(w->t, &h, NULL, &w->o, &p, &w->d);
        if (rc != MJT_OK) {
            pthread_mutex_lock(&s->lock);
            if (s->bad < 0 || i < s->bad)
                s->bad = i;
            pthread_mutex_unlock(&s->lock);
            w->bad = i;
            w->rc = rc;
            break;
        }
        if (w->width == 1) {
            w->tenpai[i] = p.tenpai[p.draws - 1];
            w->win[i] = p.win[p.draws - 1];
        } else {
            memcpy(w->tenpai + i * w->width, p.tenpai,
                   (size_t)w->width * sizeof(double));
            memcpy(w->win + i * w->width, p.win,
                   (size_t)w->width * sizeof(double));
        }
    }
    mjt_prob_work_free(w->o.work);
    pthread_mutex_lock(&s->lock);
    s->running--;
    pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static const char *const batch_names[] = {"counts", "players", "threads",
                                          "draws",  "moves",   "extra",
                                          "curves", "memory",  "timeout"};

const char tables_prob_batch_doc[] =
    "prob_batch(counts, *, players=4, threads=1, draws=None,\n"
    "           moves='forward', extra=1, curves=False, memory=None,\n"
    "           timeout=None) -> (tenpai, win)\n\n"
    "prob() of every row of an (N, 34) uint8 buffer of 3k+1 hands, on\n"
    "threads threads without the GIL: float64 arrays of the chances at the\n"
    "last draw (N of them), or with curves=True every point (N rows of\n"
    "draws; array.array without numpy: row after row).  memory and\n"
    "timeout bound each row.  A refused row raises HandError (or\n"
    "BudgetError) naming the lowest such row; Ctrl-C stops the workers.";

PyObject *tables_prob_batch(TablesObject *self, PyObject *const *args,
                            Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[9];
    int players = 4;
    long threads = 1;
    mjt_prob_opts o;
    rows r;

    if (open_tables(self) == NULL ||
        parse_args("prob_batch", args, nargs, kwnames, batch_names, 9, 1, 1,
                   a) < 0 ||
        get_players(a[1], &players) < 0)
        return NULL;
    if (players == 0)
        players = 4;
    if (a[2] != NULL && a[2] != Py_None &&
        long_in("prob_batch", "threads", a[2], 1, 64, &threads) < 0)
        return NULL;
    prob_kw k = {a[3], a[4], a[5], a[6] ? a[6] : Py_False, a[7], a[8]};
    if (prob_opts("prob_batch", &k, &o) < 0 ||
        rows_get(a[0], &r, "prob_batch") < 0)
        return NULL;

    int curves = (o.flags & MJT_PROB_CURVES) != 0;
    /* a row's points: with no visible tiles every wall holds more than
     * 17, so draws=None is 17 */
    int width = curves ? (o.draws ? o.draws : 17) : 1;
    size_t n = r.n > 0 ? (size_t)r.n : 1;
    double *ten = PyMem_Malloc(n * (size_t)width * sizeof *ten);
    double *win = PyMem_Malloc(n * (size_t)width * sizeof *win);
    pworker *w = PyMem_Calloc((size_t)threads, sizeof *w);
    pthread_t *tid = PyMem_Calloc((size_t)threads, sizeof *tid);
    pshared s = {.next = 0, .running = 0, .stop = 0, .bad = -1};
    PyObject *res = NULL;
    int started = 0, interrupted = 0;

    if (ten == NULL || win == NULL || w == NULL || tid == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.done, NULL);
    if (threads > r.n)
        threads = r.n > 0 ? (long)r.n : 1;
    pworker proto = {.s = &s,
                     .t = self->t,
                     .r = &r,
                     .o = o,
                     .players = players,
                     .tenpai = ten,
                     .win = win,
                     .width = width,
                     .rc = MJT_OK,
                     .bad = -1};
    self->busy++;
    Py_BEGIN_ALLOW_THREADS for (long i = 0; i < threads; i++)
    {
        w[i] = proto;
        pthread_mutex_lock(&s.lock);
        s.running++;
        pthread_mutex_unlock(&s.lock);
        if (pthread_create(&tid[i], NULL, prob_worker, &w[i]) != 0) {
            pthread_mutex_lock(&s.lock);
            s.running--;
            pthread_mutex_unlock(&s.lock);
            break;
        }
        started++;
    }
    if (started == 0) { /* no thread: here, without a way to stop */
        w[0] = proto;
        s.running = 1;
        prob_worker(&w[0]);
    }
    for (;;) {
        struct timespec ts;
        int left;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 50 * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&s.lock);
        if (s.running > 0)
            pthread_cond_timedwait(&s.done, &s.lock, &ts);
        left = s.running;
        pthread_mutex_unlock(&s.lock);
        if (left == 0)
            break;
        if (!interrupted) {
            Py_BLOCK_THREADS interrupted = PyErr_CheckSignals() < 0;
            Py_UNBLOCK_THREADS if (interrupted) s.stop = 1;
        }
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    Py_END_ALLOW_THREADS busy_end(self);
    pthread_mutex_destroy(&s.lock);
    pthread_cond_destroy(&s.done);
    if (interrupted)
        goto out; /* the signal's exception is set */
    if (s.bad >= 0) {
        for (long i = 0; i < threads; i++)
            if (w[i].bad == s.bad) {
                char m[300];
                int rc = w[i].rc;
                const char *why =
                    w[i].d.message[0] ? w[i].d.message : mjt_strerror(rc);
                if (rc == MJT_ECOUNT)
                    why = "prob_batch takes 3k+1 hands (prob() gives a 3k+2 "
                          "hand's table)";
                PyOS_snprintf(m, sizeof m, "row %zd: %s", s.bad, why);
                if (rc == MJT_EBUDGET)
                    PyErr_SetString(BudgetError, m);
                else if (rc == MJT_ENOMEM)
                    PyErr_NoMemory();
                else if (rc == MJT_EINVAL)
                    PyErr_Format(PyExc_ValueError, "prob_batch(): %s", why);
                else
                    hand_error(rc, m, (long)s.bad);
                goto out;
            }
    }
    {
        PyObject *t = doubles(ten, (size_t)r.n * (size_t)width, r.numpy);
        PyObject *u =
            t ? doubles(win, (size_t)r.n * (size_t)width, r.numpy) : NULL;
        if (u != NULL && curves && PyObject_HasAttrString(t, "reshape")) {
            PyObject *t2 =
                PyObject_CallMethod(t, "reshape", "nn", r.n, (Py_ssize_t)width);
            PyObject *u2 = t2 ? PyObject_CallMethod(u, "reshape", "nn", r.n,
                                                    (Py_ssize_t)width)
                              : NULL;
            Py_SETREF(t, t2);
            Py_SETREF(u, u2);
        }
        if (t != NULL && u != NULL)
            res = PyTuple_Pack(2, t, u);
        Py_XDECREF(t);
        Py_XDECREF(u);
    }
out:
    PyMem_Free(ten);
    PyMem_Free(win);
    PyMem_Free(w);
    PyMem_Free(tid);
    PyBuffer_Release(&r.b);
    return res;
}
