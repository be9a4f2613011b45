/* SPDX-License-Identifier: MIT */
/*
 * Tables.shanten_batch and Tables.ukeire_batch: an (N, 34) buffer of
 * uint8 counts, the GIL released and the rows split across threads, the
 * answers written into a buffer of their own and copied out only when
 * every row was answered; and the rows and result arrays every batch
 * query of the module shares.
 */
#include "_mjt.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

int rows_get(PyObject *obj, rows *r, const char *fn)
{
    if (PyObject_GetBuffer(obj, &r->b, PyBUF_RECORDS_RO) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "%s(): a %.60s is not a buffer: give an (N, 34) array "
                     "of uint8 counts (numpy, array, bytes)",
                     fn, Py_TYPE(obj)->tp_name);
        return -1;
    }
    const char *f = r->b.format ? r->b.format : "B";
    if (*f == '@' || *f == '=' || *f == '<' || *f == '>' || *f == '!')
        f++;
    int ok = r->b.itemsize == 1 && (!strcmp(f, "B") || !strcmp(f, "b"));
    if (ok && r->b.ndim == 2 && r->b.shape[1] == MJT_KINDS) {
        r->n = r->b.shape[0];
        r->stride = r->b.strides[0];
        r->col = r->b.strides[1];
    } else if (ok && r->b.ndim == 1 && r->b.shape[0] % MJT_KINDS == 0) {
        r->n = r->b.shape[0] / MJT_KINDS;
        r->stride = MJT_KINDS * r->b.strides[0];
        r->col = r->b.strides[0];
    } else if (!ok) {
        PyErr_Format(PyExc_TypeError,
                     "%s(): an array of format '%s' (%zd bytes an item): want "
                     "uint8 counts (format 'B'; numpy: .astype('uint8'))",
                     fn, r->b.format ? r->b.format : "B", r->b.itemsize);
        PyBuffer_Release(&r->b);
        return -1;
    } else {
        char shape[64] = "";
        for (int i = 0; i < r->b.ndim && i < 3; i++)
            PyOS_snprintf(shape + strlen(shape), sizeof shape - strlen(shape),
                          "%s%zd", i ? ", " : "", r->b.shape[i]);
        PyErr_Format(PyExc_ValueError,
                     "%s(): an array of shape (%s): want shape (N, 34), a "
                     "row of 34 counts a hand",
                     fn, shape);
        PyBuffer_Release(&r->b);
        return -1;
    }
    r->numpy = PyObject_HasAttrString(obj, "__array_interface__");
    return 0;
}

typedef struct job {
    const mjt_tables *t;
    const rows *r;
    Py_ssize_t first, end, bad; /* bad: the first row refused, or -1 */
    int players, what, rc;
    int8_t *shanten;
    int16_t *count;
    uint64_t *mask;
} job;

enum { SHANTEN_BATCH, UKEIRE_BATCH };

static void *run_job(void *arg)
{
    job *j = arg;
    uint8_t c[MJT_KINDS];

    for (Py_ssize_t i = j->first; i < j->end; i++) {
        int rc;
        const uint8_t *row = row_counts(j->r, i, c);
        if (j->what == SHANTEN_BATCH) {
            mjt_shanten_info s = {0, 0, 0, 0};
            rc = mjt_shanten_counts_players(j->t, row, j->players, &s);
            j->shanten[i] = (int8_t)s.overall;
        } else {
            mjt_hand h;
            mjt_ukeire_info u = {0, 0, 0};
            rc = mjt_hand_from_counts(&h, row, NULL, NULL);
            if (rc == MJT_OK && j->players == 3)
                rc = mjt_hand_set_players(&h, 3, NULL);
            if (rc == MJT_OK)
                rc = mjt_ukeire(j->t, &h, NULL, &u);
            j->count[i] = (int16_t)u.count;
            j->mask[i] = u.tiles;
        }
        if (rc != MJT_OK) {
            j->bad = i;
            j->rc = rc;
            return NULL;
        }
    }
    return NULL;
}

/* Run what over the rows on `threads` threads, the GIL released; the
 * first refused row is raised as HandError. */
static int run_batch(TablesObject *self, const rows *r, int what, int players,
                     int threads, int8_t *shanten, int16_t *count,
                     uint64_t *mask)
{
    job jobs[64];
    pthread_t tid[64];
    int started = 0;

    if (threads > r->n)
        threads = r->n > 0 ? (int)r->n : 1;
    for (int k = 0; k < threads; k++)
        jobs[k] = (job){self->t,
                        r,
                        r->n * k / threads,
                        r->n * (k + 1) / threads,
                        -1,
                        players,
                        what,
                        MJT_OK,
                        shanten,
                        count,
                        mask};
    self->busy++;
    Py_BEGIN_ALLOW_THREADS for (int k = 1; k < threads; k++)
    {
        if (pthread_create(&tid[k], NULL, run_job, &jobs[k]) != 0)
            break;
        started++;
    }
    run_job(&jobs[0]);
    for (int k = 1; k <= started; k++)
        pthread_join(tid[k], NULL);
    for (int k = started + 1; k < threads; k++)
        run_job(&jobs[k]); /* threads that did not start: here */
    Py_END_ALLOW_THREADS busy_end(self);
    for (int k = 0; k < threads; k++)
        if (jobs[k].bad >= 0) {
            uint8_t c[MJT_KINDS];
            mjt_hand h;
            mjt_diag d;
            char m[200];
            int rc = mjt_hand_from_counts(&h, row_counts(r, jobs[k].bad, c),
                                          NULL, &d);
            if (rc == MJT_OK && players == 3)
                rc = mjt_hand_set_players(&h, 3, &d);
            const char *why = rc != MJT_OK ? d.message
                              : jobs[k].rc == MJT_ECOUNT
                                  ? "effective tiles take 3k+1 tiles"
                                  : mjt_strerror(jobs[k].rc);
            PyOS_snprintf(m, sizeof m, "row %zd: %s", jobs[k].bad, why);
            hand_error(rc != MJT_OK ? rc : jobs[k].rc, m, (long)jobs[k].bad);
            return -1;
        }
    return 0;
}

/* The result array of n items of format fmt ('b', 'h', 'Q', 'd') holding
 * bytes: a numpy array when the caller gave one, else an array.array. */
PyObject *result_array(const char *fmt, const void *data, size_t bytes,
                       int numpy)
{
    PyObject *buf = PyByteArray_FromStringAndSize(data, (Py_ssize_t)bytes);
    if (buf == NULL)
        return NULL;
    PyObject *mod = PyImport_ImportModule(numpy ? "numpy" : "array"), *r;
    if (mod == NULL) {
        Py_DECREF(buf);
        return NULL;
    }
    if (numpy) {
        const char *dtype = fmt[0] == 'b'   ? "int8"
                            : fmt[0] == 'h' ? "int16"
                            : fmt[0] == 'd' ? "float64"
                                            : "uint64";
        r = PyObject_CallMethod(mod, "frombuffer", "Os", buf, dtype);
    } else {
        r = PyObject_CallMethod(mod, "array", "sO", fmt, buf);
    }
    Py_DECREF(mod);
    Py_DECREF(buf);
    return r;
}

static const char *const batch_names[] = {"counts", "players", "threads",
                                          "out"};

static int batch_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames, PyObject **a, int *players,
                      int *threads)
{
    if (parse_args(fn, args, nargs, kwnames, batch_names, 4, 1, 1, a) < 0 ||
        get_players(a[1], players) < 0)
        return -1;
    if (*players == 0)
        *players = 4;
    *threads = 1;
    if (a[2] != NULL && a[2] != Py_None) {
        long v = PyLong_Check(a[2]) ? PyLong_AsLong(a[2]) : -1;
        if (v < 1 || v > 64) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s(): threads=%R: want 1 to 64", fn,
                         a[2]);
            return -1;
        }
        *threads = (int)v;
    }
    return 0;
}

PyObject *tables_shanten_batch(TablesObject *self, PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[4];
    int players, threads;
    rows r;

    if (open_tables(self) == NULL ||
        batch_args("shanten_batch", args, nargs, kwnames, a, &players,
                   &threads) < 0 ||
        rows_get(a[0], &r, "shanten_batch") < 0)
        return NULL;
    Py_buffer out = {0};
    if (a[3] != NULL && a[3] != Py_None) {
        if (PyObject_GetBuffer(a[3], &out,
                               PyBUF_WRITABLE | PyBUF_FORMAT |
                                   PyBUF_C_CONTIGUOUS) < 0) {
            PyBuffer_Release(&r.b);
            return NULL;
        }
        const char *f = out.format ? out.format : "B";
        if (out.itemsize != 1 || out.len != r.n || *f != 'b') {
            PyErr_Format(PyExc_ValueError,
                         "shanten_batch(): out must be %zd writable int8 "
                         "items (format '%s', %zd bytes given)",
                         r.n, out.format ? out.format : "B", out.len);
            PyBuffer_Release(&out);
            PyBuffer_Release(&r.b);
            return NULL;
        }
    }
    int8_t *sh = PyMem_Malloc(r.n > 0 ? (size_t)r.n : 1);
    PyObject *res = NULL;
    if (sh == NULL)
        PyErr_NoMemory();
    else if (run_batch(self, &r, SHANTEN_BATCH, players, threads, sh, NULL,
                       NULL) == 0) {
        if (out.buf != NULL) {
            memcpy(out.buf, sh, (size_t)r.n);
            res = Py_NewRef(a[3]);
        } else {
            res = result_array("b", sh, (size_t)r.n, r.numpy);
        }
    }
    PyMem_Free(sh);
    if (out.buf != NULL)
        PyBuffer_Release(&out);
    PyBuffer_Release(&r.b);
    return res;
}

PyObject *tables_ukeire_batch(TablesObject *self, PyObject *const *args,
                              Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[4];
    int players, threads;
    rows r;

    if (open_tables(self) == NULL ||
        batch_args("ukeire_batch", args, nargs, kwnames, a, &players,
                   &threads) < 0)
        return NULL;
    if (a[3] != NULL) {
        PyErr_SetString(PyExc_TypeError, "ukeire_batch() takes no out=");
        return NULL;
    }
    if (rows_get(a[0], &r, "ukeire_batch") < 0)
        return NULL;
    size_t n = r.n > 0 ? (size_t)r.n : 1;
    int16_t *count = PyMem_Malloc(n * sizeof *count);
    uint64_t *mask = PyMem_Malloc(n * sizeof *mask);
    PyObject *res = NULL;
    if (count == NULL || mask == NULL)
        PyErr_NoMemory();
    else if (run_batch(self, &r, UKEIRE_BATCH, players, threads, NULL, count,
                       mask) == 0) {
        PyObject *c =
            result_array("h", count, (size_t)r.n * sizeof *count, r.numpy);
        PyObject *m =
            c ? result_array("Q", mask, (size_t)r.n * sizeof *mask, r.numpy)
              : NULL;
        if (m != NULL)
            res = PyTuple_Pack(2, c, m);
        Py_XDECREF(c);
        Py_XDECREF(m);
    }
    PyMem_Free(count);
    PyMem_Free(mask);
    PyBuffer_Release(&r.b);
    return res;
}
