/* SPDX-License-Identifier: MIT */
/*
 * Tables.improve: the improvement tiles and two-step effective tiles of a
 * hand (mjt_improve, mjt_improve_discard) as the dicts mjq --json
 * --improve writes, so that Tables.analyze(..., improve=True) equals its
 * object.
 */
#include "_mjt.h"

/* [names of the steps' tiles], [left], [counts] or [[discards], ...] */
enum { STEP_TILE, STEP_LEFT, STEP_COUNT, STEP_DISCARDS };

static PyObject *steps_list(const mjt_step *s, int n, int what)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l != NULL && i < n; i++) {
        PyObject *x = what == STEP_TILE
                          ? PyUnicode_FromString(mjt_tile_name(s[i].tile))
                      : what == STEP_LEFT  ? PyLong_FromLong(s[i].left)
                      : what == STEP_COUNT ? PyLong_FromLong(s[i].count)
                                           : tile_names(s[i].discards);
        if (x == NULL) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, i, x);
    }
    return l;
}

/* {"tiles", "left", count_key, "discards", total_key} of n steps. */
static PyObject *steps_dict(const mjt_step *s, int n, const char *count_key,
                            const char *total_key, int total)
{
    PyObject *d = PyDict_New(), *v = NULL;
    static const char *const keys[] = {"tiles", "left", NULL, "discards"};

    for (int what = STEP_TILE; d != NULL && what <= STEP_DISCARDS; what++) {
        v = steps_list(s, n, what);
        if (v == NULL ||
            PyDict_SetItemString(d, keys[what] ? keys[what] : count_key, v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    if (d == NULL)
        return NULL;
    v = PyLong_FromLong(total);
    if (v == NULL || PyDict_SetItemString(d, total_key, v) < 0)
        Py_CLEAR(d);
    Py_XDECREF(v);
    return d;
}

/* Set "improvement" and "two_step" of m into dict out: 0, or -1. */
static int improve_into(PyObject *out, const mjt_improve_info *m)
{
    PyObject *imp =
        steps_dict(m->improve, m->nimprove, "best", "count", m->improve_count);
    PyObject *two = m->ntwo < 0 ? Py_NewRef(Py_None)
                                : steps_dict(m->two, m->ntwo, "reach", "total",
                                             m->two_total);
    int rc = imp == NULL || two == NULL ||
                     PyDict_SetItemString(out, "improvement", imp) < 0 ||
                     PyDict_SetItemString(out, "two_step", two) < 0
                 ? -1
                 : 0;
    Py_XDECREF(imp);
    Py_XDECREF(two);
    return rc;
}

static const char *const improve_names[] = {"hand", "visible", "players"};

const char tables_improve_doc[] =
    "improve(hand, visible=None, *, players=None) -> dict | list[dict]\n\n"
    "Improvement tiles and two-step effective tiles, as mjq --json\n"
    "--improve writes them.  A 3k+1 hand: {'improvement': {'tiles',\n"
    "'left', 'best', 'discards', 'count'}, 'two_step': {'tiles', 'left',\n"
    "'reach', 'discards', 'total'} or None when tenpai}.  Improvement\n"
    "tiles are the draws that do not lower the shanten but after which a\n"
    "discard keeps it with more effective tiles (copies left) than now;\n"
    "best is the most any discard leaves, discards those that leave it.\n"
    "The two-step: for each effective tile, the most effective tiles a\n"
    "discard leaves after drawing it (reach), and total, the sum of\n"
    "left * reach.  A 3k+2 hand: a list in the order of discards(), each\n"
    "{'tile', 'improvement', 'two_step'} of the hand after that discard\n"
    "(it counts as seen).";

PyObject *tables_improve(TablesObject *self, PyObject *const *args,
                         Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    PyObject *a[3];
    uint8_t seen[MJT_KINDS];
    mjt_discard d[MJT_MAX_DISCARDS];
    mjt_improve_info m;
    hand_in hi;
    size_t n;
    int given, rc;

    if (t == NULL ||
        parse_args("improve", args, nargs, kwnames, improve_names, 3, 2, 1, a) <
            0 ||
        make_hand(a[0], a[2], &hi) < 0 || make_visible(a[1], seen, &given) < 0)
        return NULL;
    const uint8_t *v = given ? seen : NULL;
    rc = mjt_discards(t, &hi.h, v, d, MJT_MAX_DISCARDS, &n);
    if (rc == MJT_ECOUNT) { /* 3k+1 */
        if ((rc = mjt_improve(t, &hi.h, v, &m)) != MJT_OK)
            return visible_error(rc, &hi.h, v);
        PyObject *out = PyDict_New();
        if (out != NULL && improve_into(out, &m) < 0)
            Py_CLEAR(out);
        return out;
    }
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, v);
    mjt_discards_sort(d, n);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l != NULL && i < n; i++) {
        PyObject *row = PyDict_New(), *tile = NULL;
        rc = mjt_improve_discard(t, &hi.h, v, d[i].tile, &m);
        if (rc != MJT_OK) {
            Py_XDECREF(row);
            Py_CLEAR(l);
            return visible_error(rc, &hi.h, v);
        }
        if (row == NULL ||
            (tile = PyUnicode_FromString(mjt_tile_name(d[i].tile))) == NULL ||
            PyDict_SetItemString(row, "tile", tile) < 0 ||
            improve_into(row, &m) < 0) {
            Py_XDECREF(row);
            Py_XDECREF(tile);
            Py_CLEAR(l);
            break;
        }
        Py_DECREF(tile);
        PyList_SET_ITEM(l, (Py_ssize_t)i, row);
    }
    return l;
}
