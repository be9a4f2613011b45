/* SPDX-License-Identifier: MIT */
/*
 * Tables.prob and Tables.expect (Tables.prob_batch: _prob_batch.c): the
 * wall model of mjt_prob_hand and mjt_prob_discards, and the expected
 * points of mjt_expect_hand and mjt_expect_discards (mjt.h says the
 * model).
 *
 * The curves come back as float64 numpy arrays, or array.array('d')
 * where numpy is not installed.  Both calls release the GIL.  prob keeps
 * a workspace per thread (mjt_prob_work, freed when the thread ends), so
 * that a bot asking every turn pays for the search's memory once.
 * prob_batch (_prob_batch.c) runs its rows on worker threads while the
 * calling thread waits for them with the GIL taken back every 50 ms, so
 * that Ctrl-C (any pending signal's exception) stops the workers through
 * the library's cancel flag and is raised.
 */
#include "_mjt.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

PyTypeObject *ProbType, *ProbRowType;
PyObject *BudgetError;

static const char *const moves_names[] = {"forward", "exchange", "back"};

/* ==== Options ==== */

int long_in(const char *fn, const char *name, PyObject *o, long lo, long hi,
            long *out)
{
    int overflow = 0;
    long v = PyLong_Check(o) ? PyLong_AsLongAndOverflow(o, &overflow) : 0;
    if (!PyLong_Check(o) || PyBool_Check(o) || overflow || v < lo || v > hi) {
        PyObject *type = PyLong_Check(o) && !PyBool_Check(o) ? PyExc_ValueError
                                                             : PyExc_TypeError;
        if (PyErr_Occurred())
            ;
        else if (hi == LONG_MAX)
            PyErr_Format(type, "%s(): %s=%R: want an int of at least %ld", fn,
                         name, o, lo);
        else
            PyErr_Format(type, "%s(): %s=%R: want an int from %ld to %ld", fn,
                         name, o, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* The keywords into *o; 0, or -1 with an exception. */
int prob_opts(const char *fn, const prob_kw *k, mjt_prob_opts *o)
{
    long v;

    mjt_prob_opts_init(o);
    if (k->draws != NULL && k->draws != Py_None) {
        if (long_in(fn, "draws", k->draws, 1, MJT_MAX_DRAWS, &v) < 0)
            return -1;
        o->draws = (int)v;
    }
    if (k->moves != NULL) {
        const char *s =
            PyUnicode_Check(k->moves) ? PyUnicode_AsUTF8(k->moves) : NULL;
        int m = -1;
        for (int i = 0; s != NULL && i < 3; i++)
            if (!strcmp(s, moves_names[i]))
                m = i;
        if (m < 0) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError,
                             "%s(): moves=%R: want 'forward', 'exchange' or "
                             "'back'",
                             fn, k->moves);
            return -1;
        }
        o->moves = m;
    }
    if (k->extra != NULL) {
        if (long_in(fn, "extra", k->extra, 0, 8, &v) < 0)
            return -1;
        o->extra = (int)v;
    }
    if (k->curves != NULL) {
        int c = PyObject_IsTrue(k->curves);
        if (c < 0)
            return -1;
        o->flags |= c ? MJT_PROB_CURVES : 0;
    } else {
        o->flags |= MJT_PROB_CURVES;
    }
    if (k->memory != NULL && k->memory != Py_None) {
        if (long_in(fn, "memory (bytes)", k->memory, 1 << 20, LONG_MAX, &v) < 0)
            return -1;
        o->memory = (size_t)v;
    }
    if (k->timeout != NULL && k->timeout != Py_None) {
        double s = PyFloat_AsDouble(k->timeout);
        if (s == -1.0 && PyErr_Occurred())
            return -1;
        if (!(s > 0 && s < 1e6)) {
            PyErr_Format(PyExc_ValueError,
                         "%s(): timeout=%R: want seconds above 0 (None: no "
                         "limit)",
                         fn, k->timeout);
            return -1;
        }
        o->time_ms = (long)ceil(s * 1000);
    }
    return 0;
}

/* The library's refusal of a question: BudgetError for the budget,
 * ValueError for the options, HandError for the hand. */
static void *prob_error(int rc, const mjt_diag *d, const mjt_hand *h,
                        const uint8_t *seen, const char *fn)
{
    char m[256];
    if (rc == MJT_EBUDGET) {
        PyErr_SetString(BudgetError, d->message);
        return NULL;
    }
    if (rc == MJT_ENOMEM)
        return PyErr_NoMemory();
    if (rc == MJT_EINVAL && d->code == MJT_EINVAL && d->message[0]) {
        PyErr_Format(PyExc_ValueError, "%s(): %s", fn, d->message);
        return NULL;
    }
    if (rc == MJT_ECOPIES || rc == MJT_EPLAYERS)
        return visible_error(rc, h, seen);
    if (rc == MJT_ECOUNT) {
        PyOS_snprintf(m, sizeof m,
                      "%s(): a hand of 3k+1 tiles (13) for its curves, or 3k+2 "
                      "(14) for a row per discard",
                      fn);
        return hand_error(rc, m, -1);
    }
    return diag_error(rc, d);
}

/* ==== Results ==== */

/* The first n doubles of v as an array: numpy when numpy is 1, or when
 * it is -1 and numpy imports; else array.array('d'). */
PyObject *doubles(const double *v, size_t n, int numpy)
{
    static int have_numpy = -1;
    if (numpy < 0 && have_numpy < 0) {
        PyObject *np = PyImport_ImportModule("numpy");
        have_numpy = np != NULL;
        Py_XDECREF(np);
        PyErr_Clear();
    }
    return result_array("d", v, n * sizeof *v, numpy < 0 ? have_numpy : numpy);
}

static PyObject *prob_result(const mjt_prob *p)
{
    PyObject *ten = doubles(p->tenpai, (size_t)p->draws, -1);
    PyObject *win = ten ? doubles(p->win, (size_t)p->draws, -1) : NULL;
    PyObject *r = win ? PyStructSequence_New(ProbType) : NULL;
    if (r == NULL) {
        Py_XDECREF(ten);
        Py_XDECREF(win);
        return NULL;
    }
    PyStructSequence_SET_ITEM(r, 0, ten);
    PyStructSequence_SET_ITEM(r, 1, win);
    PyStructSequence_SET_ITEM(r, 2, PyLong_FromLong(p->draws));
    PyStructSequence_SET_ITEM(r, 3,
                              PyUnicode_FromString(moves_names[p->moves]));
    PyStructSequence_SET_ITEM(r, 4, PyBool_FromLong(p->exact));
    PyStructSequence_SET_ITEM(r, 5, PyLong_FromLong(p->shanten));
    if (PyErr_Occurred()) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

static PyObject *row_result(const mjt_prob_row *row)
{
    const mjt_prob *p = &row->p;
    PyObject *ten, *win;
    if (isnan(p->tenpai[p->draws - 1])) { /* keeping=True */
        ten = Py_NewRef(Py_None);
        win = Py_NewRef(Py_None);
    } else {
        ten = doubles(p->tenpai, (size_t)p->draws, -1);
        win = ten ? doubles(p->win, (size_t)p->draws, -1) : NULL;
    }
    PyObject *r = win ? PyStructSequence_New(ProbRowType) : NULL;
    if (r == NULL) {
        Py_XDECREF(ten);
        Py_XDECREF(win);
        return NULL;
    }
    PyStructSequence_SET_ITEM(r, 0,
                              PyUnicode_FromString(mjt_tile_name(row->tile)));
    PyStructSequence_SET_ITEM(r, 1, PyLong_FromLong(row->shanten));
    PyStructSequence_SET_ITEM(r, 2, tile_names(row->tiles));
    PyStructSequence_SET_ITEM(r, 3, PyLong_FromLong(row->count));
    PyStructSequence_SET_ITEM(r, 4, ten);
    PyStructSequence_SET_ITEM(r, 5, win);
    PyStructSequence_SET_ITEM(r, 6, PyBool_FromLong(p->exact));
    if (PyErr_Occurred()) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

/* A list of n rows, row i made by at(rows, i); NULL with an exception. */
static PyObject *list_of(const void *rows, size_t n,
                         PyObject *(*at)(const void *rows, size_t i))
{
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l != NULL && i < n; i++) {
        PyObject *e = at(rows, i);
        if (e == NULL) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, e);
    }
    return l;
}

static PyObject *prob_row_at(const void *rows, size_t i)
{
    return row_result(&((const mjt_prob_row *)rows)[i]);
}

/* ==== Tables.prob ==== */

/* This thread's workspace, made on first use and freed as it ends. */
static pthread_key_t work_key;
static pthread_once_t work_once = PTHREAD_ONCE_INIT;

static void work_free(void *w)
{
    mjt_prob_work_free(w);
}

static void work_key_make(void)
{
    (void)pthread_key_create(&work_key, work_free);
}

static mjt_prob_work *thread_work(void)
{
    pthread_once(&work_once, work_key_make);
    mjt_prob_work *w = pthread_getspecific(work_key);
    if (w == NULL && (w = mjt_prob_work_create()) != NULL &&
        pthread_setspecific(work_key, w) != 0) {
        mjt_prob_work_free(w);
        w = NULL;
    }
    return w; /* NULL: each call makes its own */
}

static const char *const prob_names[] = {
    "hand",  "visible", "players", "draws",  "moves",
    "extra", "curves",  "keeping", "memory", "timeout"};

const char tables_prob_doc[] =
    "prob(hand, visible=None, *, players=None, draws=None, moves='forward',\n"
    "     extra=1, curves=True, keeping=False, memory=None, timeout=None)\n\n"
    "The chance of reaching tenpai and of winning within the next draws,\n"
    "playing best (the wall model: see the README).  A 3k+1 hand gives a\n"
    "Prob: tenpai and win, float64 arrays whose item h - 1 is the chance\n"
    "within h draws (numpy, else array.array('d')), draws, moves, exact\n"
    "(True in forward play) and shanten.  A 3k+2 hand gives a list of\n"
    "ProbRow, one a discard, ranked by win, then tenpai at the last draw:\n"
    "tile, shanten, tiles and count as in discards(), tenpai, win, exact.\n"
    "visible: the tiles seen (discards, dora indicators, others' calls).\n"
    "draws: 1 to the tiles left to draw (None: 17, or fewer when the wall\n"
    "is shorter).  moves: 'forward' (exact), 'exchange' or 'back' (keep\n"
    "up to extra tiles that do not lower the shanten; the forgetful wall,\n"
    "an upper bound; with extra=0, forward play, exact, and a 13-tile\n"
    "hand's moves says 'forward').  curves=False computes only the last\n"
    "point (the rest NaN), several times faster.  keeping=True leaves the\n"
    "rows that raise the shanten without curves (None).  memory (bytes,\n"
    "default 256 MiB) and timeout (seconds) bound the search: over either\n"
    "raises BudgetError.  The GIL is released.";

PyObject *tables_prob(TablesObject *self, PyObject *const *args,
                      Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[10];
    const mjt_tables *t = open_tables(self);
    uint8_t seen[MJT_KINDS];
    mjt_prob_opts o;
    mjt_diag d = {0};
    hand_in hi;
    int given, keeping = 0, rc;

    if (t == NULL ||
        parse_args("prob", args, nargs, kwnames, prob_names, 10, 2, 1, a) < 0 ||
        make_hand(a[0], a[2], &hi) < 0 || make_visible(a[1], seen, &given) < 0)
        return NULL;
    prob_kw k = {a[3], a[4], a[5], a[6], a[8], a[9]};
    if (prob_opts("prob", &k, &o) < 0)
        return NULL;
    if (a[7] != NULL && (keeping = PyObject_IsTrue(a[7])) < 0)
        return NULL;
    if (keeping)
        o.flags |= MJT_PROB_KEEPING;
    const uint8_t *vis = given ? seen : NULL;
    mjt_tiles held;
    if (mjt_hand_tiles(&hi.h, &held) == MJT_OK && held.len % 3 == 1) {
        mjt_prob p;
        self->busy++;
        Py_BEGIN_ALLOW_THREADS o.work = thread_work();
        rc = mjt_prob_hand(t, &hi.h, vis, &o, &p, &d);
        Py_END_ALLOW_THREADS busy_end(self);
        if (rc != MJT_OK)
            return prob_error(rc, &d, &hi.h, vis, "prob");
        return prob_result(&p);
    }
    mjt_prob_row *rows = PyMem_Malloc(MJT_MAX_DISCARDS * sizeof *rows);
    size_t n = 0;
    if (rows == NULL)
        return PyErr_NoMemory();
    self->busy++;
    Py_BEGIN_ALLOW_THREADS o.work = thread_work();
    rc = mjt_prob_discards(t, &hi.h, vis, &o, rows, MJT_MAX_DISCARDS, &n, &d);
    Py_END_ALLOW_THREADS busy_end(self);
    PyObject *l = rc != MJT_OK ? prob_error(rc, &d, &hi.h, vis, "prob")
                               : list_of(rows, n, prob_row_at);
    PyMem_Free(rows);
    return l;
}

/* ==== Tables.expect ==== */

static PyTypeObject *ExpectType, *ExpectRowType;

static const char *const riichi_names[] = {"best", "never", "always"};

static const char *const expect_names[] = {
    "hand",   "visible", "players", "draws", "curves", "keeping",
    "memory", "timeout", "riichi",  "round", "seat",   "dora",
    "last",   "rules",   "moves",   "extra"};

const char tables_expect_doc[] =
    "expect(hand, visible=None, *, players=None, draws=None, curves=True,\n"
    "       keeping=False, memory=None, timeout=None, riichi='best',\n"
    "       round='1z', seat='2z', dora=None, last=False, rules=None,\n"
    "       moves='forward', extra=1)\n\n"
    "prob() with the best expected points of a tsumo win within the next\n"
    "draws (see the README): exact in forward play, the forgetful wall's\n"
    "upper bound in 'exchange' and 'back' (moves and extra as prob()\n"
    "takes them).  A 3k+1 hand gives an Expect: tenpai, win and score\n"
    "(float64 arrays, item h - 1 the value within h draws), draws, riichi\n"
    "and shanten, and by name moves and exact.  A 3k+2 hand gives a list\n"
    "of ExpectRow, one a discard, ranked by score at the last draw: tile,\n"
    "shanten, tiles, count, tenpai, win, score, and by name exact.\n"
    "riichi: a closed hand that\n"
    "reaches tenpai declares it 'never', 'always', or when worth more\n"
    "('best'): ippatsu on the next draw, ura dora an expectation, 1000\n"
    "lost without a win.  round, seat: winds '1z'-'4z' ('1z' the dealer).\n"
    "dora: indicators, text ('4p1z') or a list, seen tiles too (not to be\n"
    "repeated in visible).  last=True: the last draw is the wall's last\n"
    "tile (haitei).  rules: a dict of ruleset choices, as score() takes.\n"
    "Red fives in visible (0p, or id 35) are seen; the others not held or\n"
    "called are in the wall.  The GIL is released.";

static PyObject *curve_or_none(const double *v, int T)
{
    if (isnan(v[T - 1]))
        return Py_NewRef(Py_None);
    return doubles(v, (size_t)T, -1);
}

static PyObject *expect_result(const mjt_expect *e)
{
    const mjt_prob *p = &e->p;
    PyObject *r = PyStructSequence_New(ExpectType);
    if (r == NULL)
        return NULL;
    PyStructSequence_SET_ITEM(r, 0, doubles(p->tenpai, (size_t)p->draws, -1));
    PyStructSequence_SET_ITEM(r, 1, doubles(p->win, (size_t)p->draws, -1));
    PyStructSequence_SET_ITEM(r, 2, doubles(e->score, (size_t)p->draws, -1));
    PyStructSequence_SET_ITEM(r, 3, PyLong_FromLong(p->draws));
    PyStructSequence_SET_ITEM(r, 4,
                              PyUnicode_FromString(riichi_names[e->riichi]));
    PyStructSequence_SET_ITEM(r, 5, PyLong_FromLong(p->shanten));
    PyStructSequence_SET_ITEM(r, 6,
                              PyUnicode_FromString(moves_names[p->moves]));
    PyStructSequence_SET_ITEM(r, 7, PyBool_FromLong(p->exact));
    if (PyErr_Occurred()) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

static PyObject *expect_row_result(const mjt_expect_row *row)
{
    const mjt_prob *p = &row->e.p;
    PyObject *r = PyStructSequence_New(ExpectRowType);
    if (r == NULL)
        return NULL;
    PyStructSequence_SET_ITEM(r, 0,
                              PyUnicode_FromString(mjt_tile_name(row->tile)));
    PyStructSequence_SET_ITEM(r, 1, PyLong_FromLong(row->shanten));
    PyStructSequence_SET_ITEM(r, 2, tile_names(row->tiles));
    PyStructSequence_SET_ITEM(r, 3, PyLong_FromLong(row->count));
    PyStructSequence_SET_ITEM(r, 4, curve_or_none(p->tenpai, p->draws));
    PyStructSequence_SET_ITEM(r, 5, curve_or_none(p->win, p->draws));
    PyStructSequence_SET_ITEM(r, 6, curve_or_none(row->e.score, p->draws));
    PyStructSequence_SET_ITEM(r, 7, PyBool_FromLong(p->exact));
    if (PyErr_Occurred()) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

static PyObject *expect_row_at(const void *rows, size_t i)
{
    return expect_row_result(&((const mjt_expect_row *)rows)[i]);
}

/* The situation's keywords (a[8..13] of expect_names) into *x, the rules
 * into *rules; 0, or -1 with an exception. */
static int expect_opts(PyObject *const *a, mjt_expect_opts *x, mjt_rules *rules)
{
    mjt_expect_opts_init(x);
    if (a[8] != NULL) {
        const char *s = PyUnicode_Check(a[8]) ? PyUnicode_AsUTF8(a[8]) : NULL;
        int r = -1;
        for (int i = 0; s != NULL && i < 3; i++)
            if (!strcmp(s, riichi_names[i]))
                r = i;
        if (r < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "expect(): riichi=%R: want 'best', 'never' or "
                         "'always'",
                         a[8]);
            return -1;
        }
        x->riichi = r;
    }
    if ((a[9] != NULL && wind_of("expect", "round", a[9], &x->round) < 0) ||
        (a[10] != NULL && wind_of("expect", "seat", a[10], &x->seat) < 0))
        return -1;
    if (a[11] != NULL && a[11] != Py_None &&
        indicators_of("expect", "dora", a[11], x->dora, &x->dora_len) < 0)
        return -1;
    if (a[12] != NULL) {
        int v = PyObject_IsTrue(a[12]);
        if (v < 0)
            return -1;
        x->last = (uint8_t)v;
    }
    if (rules_of("expect", a[13], rules) < 0)
        return -1;
    x->rules = rules;
    return 0;
}

PyObject *tables_expect(TablesObject *self, PyObject *const *args,
                        Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *a[16];
    const mjt_tables *t = open_tables(self);
    uint8_t seen[MJT_KINDS];
    mjt_prob_opts o;
    mjt_expect_opts x;
    mjt_rules rules;
    mjt_diag d = {0};
    hand_in hi;
    int given, keeping = 0, rc;

    if (t == NULL ||
        parse_args("expect", args, nargs, kwnames, expect_names, 16, 2, 1, a) <
            0 ||
        make_hand(a[0], a[2], &hi) < 0 || expect_opts(a, &x, &rules) < 0 ||
        make_visible_red(a[1], seen, x.red_seen, &given) < 0)
        return NULL;
    prob_kw k = {a[3], a[14], a[15], a[4], a[6], a[7]};
    if (prob_opts("expect", &k, &o) < 0)
        return NULL;
    if (a[5] != NULL && (keeping = PyObject_IsTrue(a[5])) < 0)
        return NULL;
    if (keeping)
        o.flags |= MJT_PROB_KEEPING;
    const uint8_t *vis = given ? seen : NULL;
    mjt_tiles held;
    if (mjt_hand_tiles(&hi.h, &held) == MJT_OK && held.len % 3 == 1) {
        mjt_expect e;
        self->busy++;
        Py_BEGIN_ALLOW_THREADS o.work = thread_work();
        rc = mjt_expect_hand(t, &hi.h, vis, &o, &x, &e, &d);
        Py_END_ALLOW_THREADS busy_end(self);
        if (rc != MJT_OK)
            return prob_error(rc, &d, &hi.h, vis, "expect");
        return expect_result(&e);
    }
    mjt_expect_row *rows = PyMem_Malloc(MJT_MAX_DISCARDS * sizeof *rows);
    size_t n = 0;
    if (rows == NULL)
        return PyErr_NoMemory();
    self->busy++;
    Py_BEGIN_ALLOW_THREADS o.work = thread_work();
    rc = mjt_expect_discards(t, &hi.h, vis, &o, &x, rows, MJT_MAX_DISCARDS, &n,
                             &d);
    Py_END_ALLOW_THREADS busy_end(self);
    PyObject *l = rc != MJT_OK ? prob_error(rc, &d, &hi.h, vis, "expect")
                               : list_of(rows, n, expect_row_at);
    PyMem_Free(rows);
    return l;
}

/* ==== Types ==== */

static PyStructSequence_Field prob_fields[] = {
    {"tenpai", "chance of tenpai within h draws at [h - 1] (float64)"},
    {"win", "chance of a win within h draws at [h - 1] (float64)"},
    {"draws", "the draws T"},
    {"moves", "the move set: 'forward', 'exchange' or 'back'"},
    {"exact", "True in forward play; else the forgetful wall's upper bound"},
    {"shanten", "of the hand"},
    {NULL, NULL}};
static PyStructSequence_Desc prob_desc = {
    "mjt.Prob", "The curves of a 3k+1 hand (Tables.prob).", prob_fields, 6};
static PyStructSequence_Field row_fields[] = {
    {"tile", "the tile discarded ('0m' for a red five)"},
    {"shanten", "the overall shanten after it"},
    {"tiles", "the effective tiles of what remains"},
    {"count", "copies of them left (the discard counts as seen)"},
    {"tenpai", "chance of tenpai within h draws at [h - 1], or None"},
    {"win", "chance of a win within h draws at [h - 1], or None"},
    {"exact", "True in forward play"},
    {NULL, NULL}};
static PyStructSequence_Desc row_desc = {
    "mjt.ProbRow", "A discard's row of a 3k+2 hand's chances.", row_fields, 7};
static PyStructSequence_Field expect_fields[] = {
    {"tenpai", "chance of tenpai within h draws at [h - 1] (float64)"},
    {"win", "chance of a win within h draws at [h - 1] (float64)"},
    {"score", "expected points of a tsumo win within h draws at [h - 1]"},
    {"draws", "the draws T"},
    {"riichi", "the riichi choice: 'best', 'never' or 'always'"},
    {"shanten", "of the hand"},
    {"moves", "the move set: 'forward', 'exchange' or 'back' (by name)"},
    {"exact", "True in forward play; else the forgetful wall's upper bound "
              "(by name)"},
    {NULL, NULL}};
/* moves and exact came later: by name only, so that a tuple unpacked
 * keeps its six items */
static PyStructSequence_Desc expect_desc = {
    "mjt.Expect", "The curves of a 3k+1 hand (Tables.expect).", expect_fields,
    6};
static PyStructSequence_Field expect_row_fields[] = {
    {"tile", "the tile discarded ('0m' for a red five)"},
    {"shanten", "the overall shanten after it"},
    {"tiles", "the effective tiles of what remains"},
    {"count", "copies of them left (the discard counts as seen)"},
    {"tenpai", "chance of tenpai within h draws at [h - 1], or None"},
    {"win", "chance of a win within h draws at [h - 1], or None"},
    {"score", "expected points within h draws at [h - 1], or None"},
    {"exact", "True in forward play (by name)"},
    {NULL, NULL}};
static PyStructSequence_Desc expect_row_desc = {
    "mjt.ExpectRow", "A discard's row of a 3k+2 hand's expected points.",
    expect_row_fields, 7};

int prob_types(PyObject *m)
{
    ProbType = PyStructSequence_NewType(&prob_desc);
    ProbRowType = PyStructSequence_NewType(&row_desc);
    ExpectType = PyStructSequence_NewType(&expect_desc);
    ExpectRowType = PyStructSequence_NewType(&expect_row_desc);
    BudgetError = PyErr_NewExceptionWithDoc(
        "mjt.BudgetError",
        "A question over its memory or time budget (Tables.prob memory=,\n"
        "timeout=): the message says which, and how far it got.",
        PyExc_RuntimeError, NULL);
    if (ProbType == NULL || ProbRowType == NULL || ExpectType == NULL ||
        ExpectRowType == NULL || BudgetError == NULL ||
        PyModule_AddObjectRef(m, "Prob", (PyObject *)ProbType) < 0 ||
        PyModule_AddObjectRef(m, "Expect", (PyObject *)ExpectType) < 0 ||
        PyModule_AddObjectRef(m, "ExpectRow", (PyObject *)ExpectRowType) < 0 ||
        PyModule_AddObjectRef(m, "ProbRow", (PyObject *)ProbRowType) < 0 ||
        PyModule_AddObjectRef(m, "BudgetError", BudgetError) < 0)
        return -1;
    return 0;
}
