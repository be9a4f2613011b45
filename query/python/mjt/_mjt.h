/* SPDX-License-Identifier: MIT */
/* What the files of mjt._mjt share: the Tables object and the helpers
 * that read arguments and build results, each under the file that
 * defines it. */
#ifndef MJT__PYTHON_MJT_H
#define MJT__PYTHON_MJT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "mjt.h"

typedef struct {
    PyObject_HEAD mjt_tables *t;
    PyObject *path;
    int busy;    /* calls running without the GIL */
    int closing; /* closed while busy: the last call frees the tables */
} TablesObject;

/*
 * Arguments of a METH_FASTCALL | METH_KEYWORDS call into out[0..n-1] by
 * the names in names (positional up to npos of them, keywords any); those
 * not given are left NULL.  min are required.  0, or -1 with TypeError.
 */
int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
               PyObject *kwnames, const char *const *names, int n, int npos,
               int min, PyObject **out);

/* players=None, 3 or 4 into *players (0 for None); -1 with ValueError. */
int get_players(PyObject *o, int *players);

/* The open tables of self, or NULL with ValueError. */
const mjt_tables *open_tables(TablesObject *self);

/* self->busy++ before releasing the GIL; busy_end after taking it back
 * frees the tables if close() came meanwhile. */
void busy_end(TablesObject *self);

/* ==== Helpers of _mjt.c ==== */

/* Raise mjt.HandError(message) with .code and .offset (-1: None); NULL. */
void *hand_error(int code, const char *message, long offset);
/* HandError from a library diagnostic (its message when it has one). */
void *diag_error(int code, const mjt_diag *d);
/* The names of the kinds of a 34-bit mask, as a list. */
PyObject *tile_names(uint64_t mask);

/* ==== Helpers of _tiles.c ==== */

/* The tile id of a name: mjt's ("1m", "0p", "7z") or mjai's ("5mr", "E",
 * "S", "W", "N", "P", "F", "C") of n bytes at s; -1 for none. */
int tile_of_name(const char *s, Py_ssize_t n);
/* mjt.tile_name, mjt.tile_id and mjt.counts. */
PyObject *module_tile_name(PyObject *m, PyObject *arg);
PyObject *module_tile_id(PyObject *m, PyObject *arg);
PyObject *module_counts(PyObject *m, PyObject *arg);
/* Copies of each kind in h's concealed tiles and its calls (the
 * library's count), and the number of calls. */
void hand_all(const mjt_hand *h, uint8_t all[MJT_KINDS], size_t *ncalls);

/* A hand from what the caller gave. */
typedef struct hand_in {
    mjt_hand h;
    uint8_t counts[MJT_KINDS];
    int is_counts; /* counts holds it, and it has no calls or red fives */
    int players;
} hand_in;

/* obj (a hand in any form) and players=... into *hi; 0, or -1 with an
 * exception. */
int make_hand(PyObject *obj, PyObject *players_obj, hand_in *hi);
/* Seen tiles (None, text, counts, ids or names) into c; *given 0 for
 * None.  0, or -1 with an exception. */
int make_visible(PyObject *obj, uint8_t c[MJT_KINDS], int *given);
/* make_visible with the red fives among them into red (none from 34
 * counts). */
int make_visible_red(PyObject *obj, uint8_t c[MJT_KINDS], uint8_t red[3],
                     int *given);
/* The error of a query that takes visible tiles, as mjq names it. */
void *visible_error(int rc, const mjt_hand *h, const uint8_t *seen);

/* ==== Helpers of _batch.c ==== */

/* An (N, 34) buffer of uint8 counts, read a row at a time. */
typedef struct rows {
    Py_buffer b;
    Py_ssize_t n, stride, col; /* rows, bytes between rows and between
                                  counts */
    int numpy;                 /* the caller passed a numpy array */
} rows;

/* obj as rows, for the batch fn(); 0, or -1 with an exception. */
int rows_get(PyObject *obj, rows *r, const char *fn);

/* Row i's 34 counts: in place when they lie side by side, else gathered
 * into c.  The library checks them (an int8 -1 reads as 255, above 4). */
static inline const uint8_t *row_counts(const rows *r, Py_ssize_t i,
                                        uint8_t c[MJT_KINDS])
{
    const uint8_t *p = (const uint8_t *)r->b.buf + i * r->stride;
    if (r->col == 1)
        return p;
    for (int k = 0; k < MJT_KINDS; k++)
        c[k] = p[k * r->col];
    return c;
}

/* The result array of n items of format fmt ('b', 'h', 'Q', 'd') holding
 * bytes: a numpy array when numpy, else an array.array. */
PyObject *result_array(const char *fmt, const void *data, size_t bytes,
                       int numpy);

/* _batch.c: Tables.shanten_batch and Tables.ukeire_batch. */
PyObject *tables_shanten_batch(TablesObject *self, PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames);
PyObject *tables_ukeire_batch(TablesObject *self, PyObject *const *args,
                              Py_ssize_t nargs, PyObject *kwnames);

/* _stats.c: Tables.stats, Tables.enumerate and mjt.deal. */
PyObject *tables_stats(TablesObject *self, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames);
PyObject *tables_enumerate(TablesObject *self, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames);
PyObject *module_deal(PyObject *m, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames);
extern const char tables_stats_doc[], tables_enumerate_doc[], module_deal_doc[];

/* _prob.c: Tables.prob and Tables.expect, and the types of both and of
 * Tables.prob_batch (_prob_batch.c), added to module m by prob_types (0,
 * or -1 with an exception). */
PyObject *tables_prob(TablesObject *self, PyObject *const *args,
                      Py_ssize_t nargs, PyObject *kwnames);
PyObject *tables_prob_batch(TablesObject *self, PyObject *const *args,
                            Py_ssize_t nargs, PyObject *kwnames);
PyObject *tables_expect(TablesObject *self, PyObject *const *args,
                        Py_ssize_t nargs, PyObject *kwnames);
extern const char tables_prob_doc[], tables_prob_batch_doc[],
    tables_expect_doc[];
int prob_types(PyObject *m);

/* What _prob.c lends _prob_batch.c: the keywords Tables.prob and
 * Tables.prob_batch share after their own, read into *o by prob_opts (0,
 * or -1 with an exception naming fn); an int keyword from lo to hi; n
 * doubles as an array (numpy's when numpy); the error of a budget
 * refused. */
typedef struct prob_kw {
    PyObject *draws, *moves, *extra, *curves, *memory, *timeout;
} prob_kw;

int prob_opts(const char *fn, const prob_kw *k, mjt_prob_opts *o);
int long_in(const char *fn, const char *name, PyObject *o, long lo, long hi,
            long *out);
PyObject *doubles(const double *v, size_t n, int numpy);
extern PyObject *BudgetError;

/* _score.c: mjt.score and mjt.score_batch, and the situation's words
 * Tables.expect shares: a wind ('1z'-'4z'), indicators (text or a list),
 * the rules (None or a dict of scoring fields); 0, or -1 with an
 * exception naming fn and the keyword. */
int wind_of(const char *fn, const char *name, PyObject *o, uint8_t *out);
int indicators_of(const char *fn, const char *name, PyObject *o, uint8_t *list,
                  uint8_t *len);
int rules_of(const char *fn, PyObject *o, mjt_rules *r);
PyObject *module_score(PyObject *m, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames);
PyObject *module_score_batch(PyObject *m, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames);
extern const char module_score_doc[], module_score_batch_doc[];

/* _improve.c: Tables.improve. */
PyObject *tables_improve(TablesObject *self, PyObject *const *args,
                         Py_ssize_t nargs, PyObject *kwnames);
extern const char tables_improve_doc[];

#endif
