/* SPDX-License-Identifier: MIT */
/*
 * mjt._mjt: libmjt for Python, on the public header alone.
 *
 * A hand comes in as text ("123m456p789s1122z", calls after commas), as 34
 * counts (bytes, any buffer, a sequence of ints), as tile ids (0-36, up to
 * 14 of them) or as tile names ("1m", "0p"; mjai's "5mr", "E" ... "C"):
 * _tiles.c.  The one-hand queries (here) convert it on the stack and call
 * the library with the GIL held: they take tens of nanoseconds, less than
 * releasing the GIL would cost.  The batch queries (_batch.c) take an
 * (N, 34) buffer of uint8 counts, release the GIL and may split the rows
 * across threads; they write their answers into a buffer of their own
 * and copy it out only when every row was answered, so an error leaves a
 * caller's output untouched.  The other files each hold a query of their
 * own (_mjt.h names them).
 *
 * A Tables may be shared by any number of Python threads: the library's
 * tables are immutable.  close() while a batch runs without the GIL only
 * marks it closed; the last batch to finish frees it.
 */
#include "_mjt.h"

#include <stdint.h>
#include <string.h>

static PyObject *HandError;
static PyTypeObject *ShantenType, *UkeireType, *DiscardType;

/* ==== Errors ==== */

/* Raise mjt.HandError(message) with .code and .offset (None when the
 * problem has no place in the text). */
void *hand_error(int code, const char *message, long offset)
{
    PyObject *e = PyObject_CallFunction(HandError, "s", message);
    if (e == NULL)
        return NULL;
    PyObject *c = PyLong_FromLong(code);
    PyObject *o = offset >= 0 ? PyLong_FromLong(offset) : Py_NewRef(Py_None);
    if (c != NULL && o != NULL && PyObject_SetAttrString(e, "code", c) == 0 &&
        PyObject_SetAttrString(e, "offset", o) == 0)
        PyErr_SetObject(HandError, e);
    Py_XDECREF(c);
    Py_XDECREF(o);
    Py_DECREF(e);
    return NULL;
}

void *diag_error(int code, const mjt_diag *d)
{
    if (d->code == code && d->message[0] != '\0')
        return hand_error(code, d->message, d->offset);
    return hand_error(code, mjt_strerror(code), -1);
}

/* ==== Arguments ==== */

/*
 * Arguments of a METH_FASTCALL | METH_KEYWORDS call into out[0..n-1] by
 * the names in names (positional up to npos of them, keywords any); those
 * not given are left NULL.  min are required.  0, or -1 with TypeError.
 */
int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
               PyObject *kwnames, const char *const *names, int n, int npos,
               int min, PyObject **out)
{
    for (int i = 0; i < n; i++)
        out[i] = NULL;
    if (nargs > npos) {
        PyErr_Format(PyExc_TypeError,
                     "%s() takes at most %d positional arguments (%zd given)",
                     fn, npos, nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        out[i] = args[i];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        int i = 0;
        while (i < n && PyUnicode_CompareWithASCIIString(key, names[i]) != 0)
            i++;
        if (i == n) {
            PyErr_Format(PyExc_TypeError,
                         "%s() got an unexpected keyword argument '%U'", fn,
                         key);
            return -1;
        }
        if (out[i] != NULL) {
            PyErr_Format(PyExc_TypeError,
                         "%s() got multiple values for argument '%s'", fn,
                         names[i]);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    for (int i = 0; i < min; i++)
        if (out[i] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing argument '%s'", fn,
                         names[i]);
            return -1;
        }
    return 0;
}

/* players=None, 3 or 4 into *players (0 for None); -1 with ValueError. */
int get_players(PyObject *o, int *players)
{
    *players = 0;
    if (o == NULL || o == Py_None)
        return 0;
    long v = PyLong_Check(o) ? PyLong_AsLong(o) : -1;
    if (v != 3 && v != 4) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "players=%R: a game has 3 or 4 players", o);
        }
        return -1;
    }
    *players = (int)v;
    return 0;
}

/* ==== Results ==== */

PyObject *tile_names(uint64_t mask)
{
    PyObject *l = PyList_New(0);
    for (int i = 0; l != NULL && i < MJT_KINDS; i++)
        if (mask >> i & 1) {
            PyObject *s = PyUnicode_FromString(mjt_tile_name(i));
            if (s == NULL || PyList_Append(l, s) < 0) {
                Py_XDECREF(s);
                Py_CLEAR(l);
                break;
            }
            Py_DECREF(s);
        }
    return l;
}

static PyObject *shanten_value(int s)
{
    return s == MJT_SHANTEN_NONE ? Py_NewRef(Py_None) : PyLong_FromLong(s);
}

static PyObject *shanten_result(const mjt_shanten_info *s)
{
    PyObject *r = PyStructSequence_New(ShantenType);
    if (r == NULL)
        return NULL;
    PyStructSequence_SET_ITEM(r, 0, PyLong_FromLong(s->standard));
    PyStructSequence_SET_ITEM(r, 1, shanten_value(s->chiitoitsu));
    PyStructSequence_SET_ITEM(r, 2, shanten_value(s->kokushi));
    PyStructSequence_SET_ITEM(r, 3, PyLong_FromLong(s->overall));
    return r;
}

/* Block b as mjq writes it: "123m", "11z", "45m". */
static PyObject *block_text(mjt_block b)
{
    char out[MJT_BLOCK_TEXT];
    size_t n = mjt_block_format(&b, out, sizeof out);
    return PyUnicode_FromStringAndSize(out, (Py_ssize_t)n);
}

/* {"melds": [...], "pair": "11z" or None} into d. */
static int put_rest(PyObject *d, const mjt_block *m, int n, int pair)
{
    PyObject *melds = PyList_New(n), *p;
    if (melds == NULL)
        return -1;
    for (int i = 0; i < n; i++) {
        PyObject *s = block_text(m[i]);
        if (s == NULL) {
            Py_DECREF(melds);
            return -1;
        }
        PyList_SET_ITEM(melds, i, s);
    }
    p = pair == MJT_NO_TILE ? Py_NewRef(Py_None)
                            : block_text((mjt_block){MJT_PAIR, (uint8_t)pair});
    int rc = p == NULL || PyDict_SetItemString(d, "melds", melds) < 0 ||
                     PyDict_SetItemString(d, "pair", p) < 0
                 ? -1
                 : 0;
    Py_DECREF(melds);
    Py_XDECREF(p);
    return rc;
}

static int set_str(PyObject *d, const char *key, const char *value)
{
    PyObject *s = PyUnicode_FromString(value);
    int rc = s != NULL ? PyDict_SetItemString(d, key, s) : -1;
    Py_XDECREF(s);
    return rc;
}

static PyObject *shape_dict(const mjt_shape *e)
{
    PyObject *d = PyDict_New(), *w;
    if (d == NULL)
        return NULL;
    if (set_str(d, "tile", mjt_tile_name(e->tile)) < 0 ||
        set_str(d, "shape", mjt_shape_name(e->shape)) < 0 ||
        (w = block_text(e->wait)) == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    int rc = PyDict_SetItemString(d, "wait", w);
    Py_DECREF(w);
    if (rc < 0 || put_rest(d, e->melds, e->melds_len, e->pair) < 0) {
        Py_DECREF(d);
        return NULL;
    }
    return d;
}

static PyObject *decomposition_dict(const mjt_decomposition *x)
{
    PyObject *d = PyDict_New();
    if (d == NULL || set_str(d, "form", mjt_form_name(x->form)) < 0 ||
        (x->form == MJT_STANDARD &&
         put_rest(d, x->melds, x->melds_len, x->pair) < 0)) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

/* ==== Tables ==== */

static int tables_init(TablesObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = {"path", NULL};
    PyObject *path = NULL, *bytes = NULL;
    mjt_diag d;
    mjt_tables *t;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:Tables", names, &path))
        return -1;
    if (self->t != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Tables is open already");
        return -1;
    }
    if (path != NULL && path != Py_None && !PyUnicode_FSConverter(path, &bytes))
        return -1;
    const char *p = bytes ? PyBytes_AS_STRING(bytes) : NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = mjt_tables_open(&t, p, &d);
    Py_END_ALLOW_THREADS if (rc != MJT_OK)
    {
        Py_XDECREF(bytes);
        PyErr_SetString(rc == MJT_ENOENT   ? PyExc_FileNotFoundError
                        : rc == MJT_ENOMEM ? PyExc_MemoryError
                                           : PyExc_OSError,
                        d.message);
        return -1;
    }
    self->t = t;
    Py_XSETREF(self->path,
               bytes ? PyUnicode_DecodeFSDefault(p) : Py_NewRef(Py_None));
    Py_XDECREF(bytes);
    return 0;
}

static void tables_dealloc(TablesObject *self)
{
    mjt_tables_close(self->t);
    Py_XDECREF(self->path);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The open tables of self, or NULL with ValueError. */
const mjt_tables *open_tables(TablesObject *self)
{
    if (self->t == NULL || self->closing) {
        PyErr_SetString(PyExc_ValueError, "the Tables is closed");
        return NULL;
    }
    return self->t;
}

void busy_end(TablesObject *self)
{
    if (--self->busy == 0 && self->closing) {
        mjt_tables_close(self->t);
        self->t = NULL;
        self->closing = 0;
    }
}

static PyObject *tables_close(TablesObject *self, PyObject *unused)
{
    (void)unused;
    if (self->busy > 0)
        self->closing = 1;
    else {
        mjt_tables_close(self->t);
        self->t = NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *tables_enter(TablesObject *self, PyObject *unused)
{
    (void)unused;
    if (open_tables(self) == NULL)
        return NULL;
    return Py_NewRef(self);
}

static PyObject *tables_exit(TablesObject *self, PyObject *args)
{
    (void)args;
    return tables_close(self, NULL);
}

static PyObject *tables_closed(TablesObject *self, void *unused)
{
    (void)unused;
    return PyBool_FromLong(self->t == NULL || self->closing);
}

static PyObject *tables_path(TablesObject *self, void *unused)
{
    (void)unused;
    return Py_NewRef(self->path ? self->path : Py_None);
}

/* ==== One hand ==== */

static const char *const hand_names[] = {"hand", "players"};
static const char *const hand_vis_names[] = {"hand", "visible", "players"};

/* The hand of a query that takes a hand alone (and players=), into *hi;
 * 0, or -1 with the exception set. */
static int hand_only(const char *fn, PyObject *const *args, Py_ssize_t nargs,
                     PyObject *kwnames, hand_in *hi)
{
    PyObject *a[2];

    if (parse_args(fn, args, nargs, kwnames, hand_names, 2, 1, 1, a) < 0)
        return -1;
    return make_hand(a[0], a[1], hi);
}

static PyObject *tables_shanten(TablesObject *self, PyObject *const *args,
                                Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    mjt_shanten_info s;
    uint8_t c[MJT_KINDS];
    hand_in hi;
    int rc;

    if (t == NULL)
        return NULL;
    /* 34 counts in bytes, no keyword: straight to the library */
    if (nargs == 1 && kwnames == NULL && PyBytes_CheckExact(args[0]) &&
        PyBytes_GET_SIZE(args[0]) == MJT_KINDS) {
        memcpy(c, PyBytes_AS_STRING(args[0]), MJT_KINDS);
        rc = mjt_shanten_counts(t, c, &s);
        if (rc == MJT_OK)
            return shanten_result(&s);
    }
    if (hand_only("shanten", args, nargs, kwnames, &hi) < 0)
        return NULL;
    rc = hi.is_counts ? mjt_shanten_counts_players(
                            t, hi.counts, hi.players ? hi.players : 4, &s)
                      : mjt_shanten(t, &hi.h, &s);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, NULL);
    return shanten_result(&s);
}

/* The hand and the visible tiles of a query that takes both. */
static int hand_and_visible(const char *fn, PyObject *const *args,
                            Py_ssize_t nargs, PyObject *kwnames, hand_in *hi,
                            uint8_t seen[MJT_KINDS], int *given)
{
    PyObject *a[3];
    if (parse_args(fn, args, nargs, kwnames, hand_vis_names, 3, 2, 1, a) < 0 ||
        make_hand(a[0], a[2], hi) < 0 || make_visible(a[1], seen, given) < 0)
        return -1;
    return 0;
}

static PyObject *tables_ukeire(TablesObject *self, PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    uint8_t seen[MJT_KINDS];
    mjt_ukeire_info u;
    hand_in hi;
    int given;

    if (t == NULL ||
        hand_and_visible("ukeire", args, nargs, kwnames, &hi, seen, &given) < 0)
        return NULL;
    int rc = mjt_ukeire(t, &hi.h, given ? seen : NULL, &u);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, given ? seen : NULL);
    PyObject *r = PyStructSequence_New(UkeireType),
             *tiles = tile_names(u.tiles);
    if (r == NULL || tiles == NULL) {
        Py_XDECREF(r);
        Py_XDECREF(tiles);
        return NULL;
    }
    PyStructSequence_SET_ITEM(r, 0, tiles);
    PyStructSequence_SET_ITEM(r, 1, PyLong_FromLong(u.count));
    return r;
}

static PyObject *tables_discards(TablesObject *self, PyObject *const *args,
                                 Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    uint8_t seen[MJT_KINDS];
    mjt_discard d[MJT_MAX_DISCARDS];
    size_t n;
    hand_in hi;
    int given;

    if (t == NULL || hand_and_visible("discards", args, nargs, kwnames, &hi,
                                      seen, &given) < 0)
        return NULL;
    int rc =
        mjt_discards(t, &hi.h, given ? seen : NULL, d, MJT_MAX_DISCARDS, &n);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, given ? seen : NULL);
    mjt_discards_sort(d, n);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l != NULL && i < n; i++) {
        PyObject *e = PyStructSequence_New(DiscardType);
        PyObject *tiles = tile_names(d[i].tiles);
        if (e == NULL || tiles == NULL) {
            Py_XDECREF(e);
            Py_XDECREF(tiles);
            Py_CLEAR(l);
            break;
        }
        PyStructSequence_SET_ITEM(
            e, 0, PyUnicode_FromString(mjt_tile_name(d[i].tile)));
        PyStructSequence_SET_ITEM(e, 1, PyLong_FromLong(d[i].shanten));
        PyStructSequence_SET_ITEM(e, 2, tiles);
        PyStructSequence_SET_ITEM(e, 3, PyLong_FromLong(d[i].count));
        PyList_SET_ITEM(l, (Py_ssize_t)i, e);
    }
    return l;
}

static PyObject *tables_waits(TablesObject *self, PyObject *const *args,
                              Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    hand_in hi;
    uint64_t w;

    if (t == NULL || hand_only("waits", args, nargs, kwnames, &hi) < 0)
        return NULL;
    int rc = mjt_waits(t, &hi.h, &w);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, NULL);
    return tile_names(w);
}

static PyObject *tables_keep(TablesObject *self, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    hand_in hi;
    uint64_t keep;
    int s;

    if (t == NULL || hand_only("keep", args, nargs, kwnames, &hi) < 0)
        return NULL;
    int rc = mjt_discards_keep(t, &hi.h, &keep, &s);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, NULL);
    PyObject *tiles = tile_names(keep);
    if (tiles == NULL)
        return NULL;
    return Py_BuildValue("(iN)", s, tiles);
}

static PyObject *tables_shapes(TablesObject *self, PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    mjt_shape e[MJT_MAX_SHAPES];
    hand_in hi;
    size_t n;

    if (t == NULL || hand_only("shapes", args, nargs, kwnames, &hi) < 0)
        return NULL;
    int rc = mjt_shapes(t, &hi.h, e, MJT_MAX_SHAPES, &n);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, NULL);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l != NULL && i < n; i++) {
        PyObject *x = shape_dict(&e[i]);
        if (x == NULL)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, (Py_ssize_t)i, x);
    }
    return l;
}

static PyObject *tables_decompositions(TablesObject *self,
                                       PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames)
{
    const mjt_tables *t = open_tables(self);
    mjt_decomposition x[MJT_MAX_DECOMPOSITIONS];
    hand_in hi;
    size_t n;

    if (t == NULL || hand_only("decompositions", args, nargs, kwnames, &hi) < 0)
        return NULL;
    int rc = mjt_decompositions(t, &hi.h, x, MJT_MAX_DECOMPOSITIONS, &n);
    if (rc != MJT_OK)
        return visible_error(rc, &hi.h, NULL);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l != NULL && i < n; i++) {
        PyObject *d = decomposition_dict(&x[i]);
        if (d == NULL)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, (Py_ssize_t)i, d);
    }
    return l;
}

/*
 * What analyze needs of a hand beyond the queries: its text form, its
 * concealed tile count, its players and the copies of each kind in its
 * tiles and calls.
 */
static PyObject *tables_describe(TablesObject *self, PyObject *const *args,
                                 Py_ssize_t nargs, PyObject *kwnames)
{
    hand_in hi;
    mjt_tiles held;
    uint8_t all[MJT_KINDS];
    char text[MJT_HAND_TEXT];

    if (open_tables(self) == NULL ||
        hand_only("_describe", args, nargs, kwnames, &hi) < 0)
        return NULL;
    mjt_hand_tiles(&hi.h, &held);
    mjt_hand_format(&hi.h, text, sizeof text);
    hand_all(&hi.h, all, NULL);
    PyObject *counts = PyBytes_FromStringAndSize((const char *)all, MJT_KINDS);
    if (counts == NULL)
        return NULL;
    return Py_BuildValue("(siiN)", text, held.len, mjt_hand_players(&hi.h),
                         counts);
}

/* ==== Module ==== */

#define FAST (METH_FASTCALL | METH_KEYWORDS)
#define M_(name, doc)                                                          \
    {                                                                          \
#name, (PyCFunction)(void (*)(void))tables_##name, FAST, doc           \
    }

static PyMethodDef tables_methods[] = {
    M_(shanten,
       "shanten(hand, *, players=None) -> Shanten\n\n"
       "Shanten of each form: standard, chiitoitsu and kokushi (None below\n"
       "13 tiles or with calls), and the overall least; -1 is complete.\n"
       "hand: text ('123m456p789s1122z', calls after commas), 34 counts\n"
       "(bytes, a buffer or a sequence of ints), tile ids (0-36) or tile\n"
       "names ('1m', '0p', mjai's '5mr', 'E'...'C').  players=3 answers by\n"
       "three-player rules (no 2m to 8m)."),
    M_(ukeire,
       "ukeire(hand, visible=None, *, players=None) -> Ukeire\n\n"
       "Effective tiles of a 3k+1 hand: the kinds whose draw lowers the\n"
       "shanten, and the copies of them neither held, called nor visible\n"
       "(tiles seen, in any form a hand takes)."),
    M_(discards,
       "discards(hand, visible=None, *, players=None) -> list[Discard]\n\n"
       "The discard table of a 3k+2 hand, best first (lower shanten, then\n"
       "more tiles left): each discard, the shanten after it, and the\n"
       "effective tiles of what remains with the copies left."),
    M_(keep,
       "keep(hand, *, players=None) -> (int, list[str])\n\n"
       "The discards of a 3k+2 hand that keep its shanten (the unnecessary\n"
       "tiles): the least shanten after a discard, and the kinds whose\n"
       "discard leaves it, in tile order (a red five as its kind).  The rows\n"
       "of least shanten of discards(), without their effective tiles, at a\n"
       "fraction of the cost."),
    M_(waits, "waits(hand, *, players=None) -> list[str]\n\n"
              "The winning tiles of a tenpai 3k+1 hand ([] when not tenpai)."),
    M_(shapes,
       "shapes(hand, *, players=None) -> list[dict]\n\n"
       "Every way each winning tile completes a tenpai 3k+1 hand, as mjq\n"
       "--json writes them: {'tile', 'shape', 'wait', 'melds', 'pair'}."),
    M_(decompositions,
       "decompositions(hand, *, players=None) -> list[dict]\n\n"
       "Every arrangement of a complete 3k+2 hand, as mjq --json writes\n"
       "them: {'form': 'standard', 'melds': [...], 'pair': '11z'}, or\n"
       "{'form': 'chiitoitsu'} and {'form': 'kokushi'}."),
    M_(shanten_batch,
       "shanten_batch(counts, *, players=4, threads=1, out=None)\n\n"
       "Overall shanten of every row of an (N, 34) uint8 buffer of counts\n"
       "(numpy arrays and any other buffer), as N int8: a numpy array for\n"
       "a numpy input, else an array.array('b'), or written into out.  The\n"
       "GIL is released; threads splits the rows.  A bad row raises\n"
       "HandError naming it, and out is then left untouched."),
    M_(ukeire_batch,
       "ukeire_batch(counts, *, players=4, threads=1) -> (count, mask)\n\n"
       "Effective tiles of every row of an (N, 34) uint8 buffer of 3k+1\n"
       "hands: the copies left (int16) and the kinds as 34-bit masks\n"
       "(uint64, bit i for tile id i), numpy arrays for a numpy input."),
    {"improve", (PyCFunction)(void (*)(void))tables_improve, FAST,
     tables_improve_doc},
    {"prob", (PyCFunction)(void (*)(void))tables_prob, FAST, tables_prob_doc},
    {"expect", (PyCFunction)(void (*)(void))tables_expect, FAST,
     tables_expect_doc},
    {"prob_batch", (PyCFunction)(void (*)(void))tables_prob_batch, FAST,
     tables_prob_batch_doc},
    {"stats", (PyCFunction)(void (*)(void))tables_stats, FAST,
     tables_stats_doc},
    {"enumerate", (PyCFunction)(void (*)(void))tables_enumerate, FAST,
     tables_enumerate_doc},
    {"_describe", (PyCFunction)(void (*)(void))tables_describe, FAST, NULL},
    {"close", (PyCFunction)tables_close, METH_NOARGS,
     "close()\n\nFree the tables; any later query raises ValueError."},
    {"__enter__", (PyCFunction)tables_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)tables_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};
#undef M_

static PyGetSetDef tables_getset[] = {
    {"closed", (getter)tables_closed, NULL, "whether close() was called", NULL},
    {"path", (getter)tables_path, NULL,
     "the path given, or None for the default tables", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mjt._mjt.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Tables(path=None)\n\n"
              "The tables mjt-gen wrote, loaded (about 11 MB, tens of\n"
              "milliseconds).  path None: $MJT_TABLES, else tables/mjt.lmdb\n"
              "here or in the nearest folder above, else the installed\n"
              "tables.  Immutable: any number of threads may share one.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)tables_init,
    .tp_dealloc = (destructor)tables_dealloc,
    .tp_methods = tables_methods,
    .tp_getset = tables_getset,
};

static PyMethodDef module_methods[] = {
    {"tile_name", module_tile_name, METH_O,
     "tile_name(id) -> str\n\nThe name of a tile id: '1m', '0p' (a red "
     "five, ids 34-36), '7z'."},
    {"tile_id", module_tile_id, METH_O,
     "tile_id(name) -> int\n\nThe id of a tile name, mjt's ('5m', '0m', "
     "'1z') or mjai's ('5mr', 'E')."},
    {"counts", module_counts, METH_O,
     "counts(tiles) -> list[int]\n\nThe 34 counts of any tiles: text "
     "('1z5p0p'), ids, names or counts (a red five counts as a five)."},
    {"deal", (PyCFunction)(void (*)(void))module_deal,
     METH_FASTCALL | METH_KEYWORDS, module_deal_doc},
    {"score", (PyCFunction)(void (*)(void))module_score,
     METH_FASTCALL | METH_KEYWORDS, module_score_doc},
    {"score_batch", (PyCFunction)(void (*)(void))module_score_batch,
     METH_FASTCALL | METH_KEYWORDS, module_score_batch_doc},
    {NULL, NULL, 0, NULL}};

static PyStructSequence_Field shanten_fields[] = {
    {"standard", "melds and a pair"},
    {"chiitoitsu", "seven pairs, None below 13 tiles or with calls"},
    {"kokushi", "thirteen orphans, None below 13 tiles or with calls"},
    {"overall", "the least of the three"},
    {NULL, NULL}};
static PyStructSequence_Desc shanten_desc = {
    "mjt.Shanten", "Shanten of each form: -1 complete, 0 tenpai, ...",
    shanten_fields, 4};
static PyStructSequence_Field ukeire_fields[] = {
    {"tiles", "the kinds whose draw lowers the shanten, by name"},
    {"count", "copies of them left to draw"},
    {NULL, NULL}};
static PyStructSequence_Desc ukeire_desc = {
    "mjt.Ukeire", "Effective tiles of a 3k+1 hand.", ukeire_fields, 2};
static PyStructSequence_Field discard_fields[] = {
    {"tile", "the tile discarded ('0m' for a red five)"},
    {"shanten", "the overall shanten after it"},
    {"tiles", "the effective tiles of what remains"},
    {"count", "copies of them left (the discard counts as seen)"},
    {NULL, NULL}};
static PyStructSequence_Desc discard_desc = {
    "mjt.Discard", "One entry of a discard table.", discard_fields, 4};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "mjt._mjt",
    "libmjt: exact riichi mahjong hand analysis from precomputed tables.",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL};

PyMODINIT_FUNC PyInit__mjt(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    HandError = PyErr_NewExceptionWithDoc(
        "mjt.HandError",
        "A hand or tiles the library refuses: the message names the problem;\n"
        ".code is libmjt's error code (mjt.h), .offset the byte offset in\n"
        "the text (or the index in a list, the row of a batch), or None.",
        PyExc_ValueError, NULL);
    ShantenType = PyStructSequence_NewType(&shanten_desc);
    UkeireType = PyStructSequence_NewType(&ukeire_desc);
    DiscardType = PyStructSequence_NewType(&discard_desc);
    if (HandError == NULL || ShantenType == NULL || UkeireType == NULL ||
        DiscardType == NULL || PyType_Ready(&TablesType) < 0 ||
        PyModule_AddObjectRef(m, "HandError", HandError) < 0 ||
        PyModule_AddObjectRef(m, "Shanten", (PyObject *)ShantenType) < 0 ||
        PyModule_AddObjectRef(m, "Ukeire", (PyObject *)UkeireType) < 0 ||
        PyModule_AddObjectRef(m, "Discard", (PyObject *)DiscardType) < 0 ||
        PyModule_AddObjectRef(m, "Tables", (PyObject *)&TablesType) < 0 ||
        prob_types(m) < 0 ||
        PyModule_AddStringConstant(m, "__version__", MJT_VERSION_STRING) < 0 ||
        PyModule_AddStringConstant(m, "libmjt_version", mjt_version()) < 0 ||
        PyModule_AddStringConstant(m, "libmjt_isa", mjt_isa()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
