/* SPDX-License-Identifier: MIT */
/* What the files of mjt._mjt share: the Tables object and the helpers
 * that read arguments and build results (defined in _mjt.c). */
#ifndef MJT__PYTHON_MJT_H
#define MJT__PYTHON_MJT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

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

/* The result array of n items of format fmt ('b', 'h', 'Q') holding
 * bytes: a numpy array when numpy, else an array.array. */
PyObject *result_array(const char *fmt, const void *data, size_t bytes,
                       int numpy);

/* _stats.c: Tables.stats, Tables.enumerate and mjt.deal. */
PyObject *tables_stats(TablesObject *self, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames);
PyObject *tables_enumerate(TablesObject *self, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames);
PyObject *module_deal(PyObject *m, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames);
extern const char tables_stats_doc[], tables_enumerate_doc[],
    module_deal_doc[];

#endif
