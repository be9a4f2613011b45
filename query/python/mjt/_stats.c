/* SPDX-License-Identifier: MIT */
/*
 * mjt._mjt's statistics: Tables.stats (mjt_stats_exact), Tables.enumerate
 * (mjt_enumerate, with a visitor and progress in Python) and mjt.deal
 * (mjt_deal).  The counts pass 2^64, so they come back as Python ints in
 * dicts, not as arrays.  The long calls release the GIL; a visitor or a
 * progress callable takes it back for each call, and an exception it
 * raises stops the work and is raised again from the call.
 */
#include "_mjt.h"

#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ==== Results ==== */

static PyObject *u128(mjt_u128 v)
{
    PyObject *hi = PyLong_FromUnsignedLongLong(v.hi), *r = NULL;
    PyObject *lo = PyLong_FromUnsignedLongLong(v.lo), *sh = NULL;
    PyObject *shift = PyLong_FromLong(64);
    if (hi != NULL && lo != NULL && shift != NULL &&
        (sh = PyNumber_Lshift(hi, shift)) != NULL)
        r = PyNumber_Or(sh, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(sh);
    Py_XDECREF(shift);
    return r;
}

/* d[key] = value, consuming value; -1 on failure. */
static int put(PyObject *d, const char *key, PyObject *value)
{
    int rc = value != NULL ? PyDict_SetItemString(d, key, value) : -1;
    Py_XDECREF(value);
    return rc;
}

/* {shanten: hands} of one form, or None where the form does not apply. */
static PyObject *distribution(const mjt_stats *s, int c, int form)
{
    if ((form == 1 || form == 2) && s->tiles < 13)
        return Py_NewRef(Py_None);
    PyObject *d = PyDict_New();
    for (int sh = 0; d != NULL && sh < 16; sh++) {
        mjt_u128 v = s->dist[c][form][sh];
        if (v.lo == 0 && v.hi == 0)
            continue;
        PyObject *k = PyLong_FromLong(sh - 1), *n = u128(v);
        if (k == NULL || n == NULL || PyDict_SetItem(d, k, n) < 0)
            Py_CLEAR(d);
        Py_XDECREF(k);
        Py_XDECREF(n);
    }
    return d;
}

static const char *const forms[] = {"standard", "chiitoitsu", "kokushi",
                                    "overall"};

/* The counts of one kind (c: MJT_DEALT or MJT_DISTINCT). */
static PyObject *counts_dict(const mjt_stats *s, int c)
{
    PyObject *d = PyDict_New();
    if (d == NULL || put(d, "total", u128(s->total[c])) < 0)
        goto fail;
    for (int f = 0; f < 4; f++)
        if (put(d, forms[f], distribution(s, c, f)) < 0)
            goto fail;
    if (put(d, "shanten_sum", u128(s->shanten_sum[c])) < 0)
        goto fail;
    if (s->tiles % 3 == 2) {
        /* hands by which forms are complete: bit 0 standard, 1 seven
         * pairs, 2 thirteen orphans */
        PyObject *l = PyList_New(8);
        for (int k = 0; l != NULL && k < 8; k++) {
            PyObject *n = u128(s->complete[c][k]);
            if (n == NULL)
                Py_CLEAR(l);
            else
                PyList_SET_ITEM(l, k, n);
        }
        return put(d, "complete", l) < 0 ? (Py_DECREF(d), NULL) : d;
    }
    if (put(d, "ukeire_sum", u128(s->ukeire_sum[c])) < 0)
        goto fail;
    PyObject *w = PyDict_New();
    for (int k = 0; w != NULL && k < MJT_KINDS; k++) {
        if (s->players == 3 && k >= 1 && k <= 7)
            continue;
        PyObject *t =
            Py_BuildValue("(NNN)", u128(s->waiting[k][c][0]),
                          u128(s->waiting[k][c][1]), u128(s->waiting[k][c][2]));
        if (put(w, mjt_tile_name(k), t) < 0)
            Py_CLEAR(w);
    }
    if (put(d, "waiting", w) < 0)
        goto fail;
    return d;
fail:
    Py_XDECREF(d);
    return NULL;
}

static PyObject *stats_dict(const mjt_stats *s)
{
    PyObject *d = PyDict_New();
    if (d == NULL || put(d, "tiles", PyLong_FromLong(s->tiles)) < 0 ||
        put(d, "players", PyLong_FromLong(s->players)) < 0 ||
        put(d, "one_suit", PyBool_FromLong(s->one_suit)) < 0 ||
        put(d, "dealt", counts_dict(s, MJT_DEALT)) < 0 ||
        put(d, "distinct", counts_dict(s, MJT_DISTINCT)) < 0) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

/* ==== Arguments ==== */

/* A flag argument: None or a bool (an int too), into *out. */
static int get_flag(PyObject *o, int *out)
{
    *out = 0;
    if (o == NULL || o == Py_None)
        return 0;
    int v = PyObject_IsTrue(o);
    if (v < 0)
        return -1;
    *out = v;
    return 0;
}

/* An int argument within [lo, hi] (dflt when not given); -1 with
 * ValueError naming it. */
static int get_int(const char *fn, const char *name, PyObject *o, long lo,
                   long hi, long dflt, long *out)
{
    *out = dflt;
    if (o == NULL || o == Py_None)
        return 0;
    long v = PyLong_Check(o) ? PyLong_AsLong(o) : lo - 1;
    if (v < lo || v > hi) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s(): %s=%R: want %ld to %ld", fn, name,
                     o, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* The exception for a failed long call. */
static void *work_error(int rc, const mjt_diag *d)
{
    PyErr_SetString(rc == MJT_ENOMEM ? PyExc_MemoryError : PyExc_ValueError,
                    d->message);
    return NULL;
}

/* ==== Tables.stats ==== */

const char tables_stats_doc[] =
    "stats(tiles=14, *, players=None, one_suit=False) -> dict\n\n"
    "Exact counts of every hand of tiles tiles (1 to 14, 1 or 2 mod 3),\n"
    "computed from the tables without visiting a hand (about a second):\n"
    "{'tiles', 'players', 'one_suit', 'dealt': {...}, 'distinct': {...}}.\n"
    "dealt counts sets of physical tiles, distinct count vectors; each\n"
    "holds 'total', the hands by shanten of each form ('standard',\n"
    "'chiitoitsu', 'kokushi': None below 13 tiles, 'overall'; -1 is\n"
    "complete), 'shanten_sum' (of shanten + 1), and 'complete' (3k+2:\n"
    "hands by the bits of the forms complete) or 'ukeire_sum' and\n"
    "'waiting' (3k+1: per tile, the hands it completes in each form).";

static const char *const stats_names[] = {"tiles", "players", "one_suit"};

PyObject *tables_stats(TablesObject *self, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[3];
    long tiles;
    int players, one;
    mjt_rules rules;
    mjt_stats s;
    mjt_diag d;
    int rc;

    if (parse_args("stats", args, nargs, kwnames, stats_names, 3, 1, 0, a) <
            0 ||
        get_int("stats", "tiles", a[0], 1, 14, 14, &tiles) < 0 ||
        get_players(a[1], &players) < 0 || get_flag(a[2], &one) < 0)
        return NULL;
    const mjt_tables *t = open_tables(self);
    if (t == NULL)
        return NULL;
    mjt_rules_init(&rules, players ? players : 4);
    self->busy++;
    Py_BEGIN_ALLOW_THREADS rc = mjt_stats_exact(
        t, &rules, (int)tiles, one ? MJT_STATS_ONE_SUIT : 0, &s, NULL, &d);
    Py_END_ALLOW_THREADS busy_end(self);
    return rc == MJT_OK ? stats_dict(&s) : work_error(rc, &d);
}

/* ==== Tables.enumerate ==== */

/* The Python callables of one enumeration, and the first exception one of
 * them raised (held until the call returns). */
typedef struct calls {
    PyObject *visit, *progress;
    PyObject *type, *value, *tb;
    volatile int cancel;
} calls;

/* Keep the exception being raised, the first one only; ask to stop. */
static void keep_error(calls *c)
{
    if (c->type == NULL)
        PyErr_Fetch(&c->type, &c->value, &c->tb);
    else
        PyErr_Clear();
    c->cancel = 1;
}

static int visit_py(void *user, const uint8_t counts[MJT_KINDS], uint64_t rank,
                    const mjt_shanten_info *s)
{
    calls *c = user;
    PyGILState_STATE g = PyGILState_Ensure();
    int stop = c->cancel;
    if (!stop) {
        PyObject *r = PyObject_CallFunction(
            c->visit, "y#Ki", (const char *)counts, (Py_ssize_t)MJT_KINDS,
            (unsigned long long)rank, s->overall);
        stop = r == NULL ? -1 : PyObject_IsTrue(r);
        Py_XDECREF(r);
        if (stop < 0)
            keep_error(c);
        else if (stop)
            c->cancel = 1; /* the other threads stop too */
    }
    PyGILState_Release(g);
    return stop != 0;
}

static void progress_py(void *user, uint64_t done, uint64_t total)
{
    calls *c = user;
    PyGILState_STATE g = PyGILState_Ensure();
    if (c->progress != NULL && !c->cancel) {
        PyObject *r =
            PyObject_CallFunction(c->progress, "KK", (unsigned long long)done,
                                  (unsigned long long)total);
        if (r == NULL)
            keep_error(c);
        Py_XDECREF(r);
    }
    PyGILState_Release(g);
}

/* part=(k, n) into e's range; -1 with ValueError. */
static int get_part(PyObject *o, mjt_enum *e)
{
    long k = 1, n = 1;
    if (o != NULL && o != Py_None &&
        (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "ll", &k, &n))) {
        PyErr_Clear();
        k = 0;
    }
    if (k < 1 || n < 1 || k > n || n > 1000000000 ||
        mjt_enum_part(e->tiles, e->rules, e->flags, (int)k, (int)n, &e->first,
                      &e->end) != MJT_OK) {
        PyErr_Format(PyExc_ValueError,
                     "enumerate(): part=%R: want (k, n), 1 <= k <= n", o);
        return -1;
    }
    return 0;
}

const char tables_enumerate_doc[] =
    "enumerate(tiles=14, *, part=None, players=None, one_suit=False,\n"
    "          by_query=False, threads=1, visit=None, progress=None)\n"
    "    -> dict\n\n"
    "The counts of stats() by visiting every hand: of part (k, n) of them\n"
    "only (mjt's rank order, parts within one hand of each other's size),\n"
    "so that a large job splits; parts add up to the whole.  The dict is\n"
    "stats()'s, with 'first' and 'end', the ranks visited.  visit(counts,\n"
    "rank, shanten) is called for every hand (34 bytes of counts, its\n"
    "rank, its overall shanten) and stops the walk by returning True\n"
    "(enumerate then returns None);\n"
    "progress(done, total) is called about every second.  An exception\n"
    "either raises stops the walk and is raised from here.";

static const char *const enum_names[] = {"tiles",    "part",     "players",
                                         "one_suit", "by_query", "threads",
                                         "visit",    "progress"};

PyObject *tables_enumerate(TablesObject *self, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[8];
    long tiles, threads;
    int players, one, by_query;
    mjt_rules rules;
    mjt_enum e = {0};
    mjt_stats s;
    mjt_diag d;
    calls c = {0};
    int rc;

    if (parse_args("enumerate", args, nargs, kwnames, enum_names, 8, 1, 0, a) <
            0 ||
        get_int("enumerate", "tiles", a[0], 1, 14, 14, &tiles) < 0 ||
        get_players(a[2], &players) < 0 || get_flag(a[3], &one) < 0 ||
        get_flag(a[4], &by_query) < 0 ||
        get_int("enumerate", "threads", a[5], 1, 64, 1, &threads) < 0)
        return NULL;
    for (int i = 6; i < 8; i++)
        if (a[i] != NULL && a[i] != Py_None && !PyCallable_Check(a[i])) {
            PyErr_Format(PyExc_TypeError, "enumerate(): %s=%R is not callable",
                         enum_names[i], a[i]);
            return NULL;
        }
    const mjt_tables *t = open_tables(self);
    if (t == NULL)
        return NULL;
    mjt_rules_init(&rules, players ? players : 4);
    e.tiles = (int)tiles;
    e.rules = &rules;
    e.flags =
        (one ? MJT_STATS_ONE_SUIT : 0) | (by_query ? MJT_ENUM_BY_QUERY : 0);
    e.threads = (int)threads;
    if (get_part(a[1], &e) < 0)
        return NULL;
    c.visit = a[6] != Py_None ? a[6] : NULL;
    c.progress = a[7] != Py_None ? a[7] : NULL;
    if (c.visit != NULL) {
        e.visit = visit_py;
        e.user = &c;
    }
    mjt_work work = {progress_py, &c, &c.cancel};
    self->busy++;
    Py_BEGIN_ALLOW_THREADS rc = mjt_enumerate(t, &e, &s, &work, &d);
    Py_END_ALLOW_THREADS busy_end(self);
    if (c.type != NULL) {
        PyErr_Restore(c.type, c.value, c.tb);
        return NULL;
    }
    if (rc == MJT_ECANCELED) /* the visitor returned True */
        Py_RETURN_NONE;
    if (rc != MJT_OK)
        return work_error(rc, &d);
    PyObject *r = stats_dict(&s);
    if (r == NULL ||
        put(r, "first", PyLong_FromUnsignedLongLong(e.first)) < 0 ||
        put(r, "end", PyLong_FromUnsignedLongLong(e.end)) < 0)
        Py_CLEAR(r);
    return r;
}

/* ==== mjt.deal ==== */

const char module_deal_doc[] =
    "deal(tiles=14, count=1, *, seed=None, players=None, red=False)\n"
    "    -> list[str]\n\n"
    "count random hands of tiles tiles (0 to 14), each a uniform set of\n"
    "physical tiles off a shuffled wall (136 tiles, 108 with players=3),\n"
    "as text; with red, one five of each suit is red.  The same seed\n"
    "deals the same hands on every machine, and as mjq deal does.";

static const char *const deal_names[] = {"tiles", "count", "seed", "players",
                                         "red"};

PyObject *module_deal(PyObject *m, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames)
{
    PyObject *a[5];
    long tiles, count;
    int players, red;
    unsigned long long seed;
    mjt_rules rules;
    mjt_dealer dealer;

    (void)m;
    if (parse_args("deal", args, nargs, kwnames, deal_names, 5, 2, 0, a) < 0 ||
        get_int("deal", "tiles", a[0], 0, 14, 14, &tiles) < 0 ||
        get_int("deal", "count", a[1], 0, 100000000, 1, &count) < 0 ||
        get_players(a[3], &players) < 0 || get_flag(a[4], &red) < 0)
        return NULL;
    if (a[2] == NULL || a[2] == Py_None) {
        seed = (unsigned long long)time(NULL) ^ (unsigned long long)getpid()
                                                    << 32;
    } else {
        seed = PyLong_Check(a[2]) ? PyLong_AsUnsignedLongLong(a[2])
                                  : (unsigned long long)-1;
        if (!PyLong_Check(a[2]) || PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "deal(): seed=%R: want an int from 0 to 2**64 - 1",
                         a[2]);
            return NULL;
        }
    }
    mjt_rules_init(&rules, players ? players : 4);
    mjt_dealer_init(&dealer, seed, &rules, red ? MJT_DEAL_RED : 0);
    PyObject *l = PyList_New(count);
    for (long i = 0; l != NULL && i < count; i++) {
        mjt_tiles tl;
        char text[200];
        mjt_deal(&dealer, (int)tiles, &tl);
        mjt_tiles_format(&tl, text, sizeof text);
        PyObject *x = PyUnicode_FromString(text);
        if (x == NULL)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, i, x);
    }
    return l;
}
