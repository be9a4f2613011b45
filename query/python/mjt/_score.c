/* SPDX-License-Identifier: MIT */
/*
 * mjt.score and mjt.score_batch: mjt_score_hand's answer as a dict equal
 * to the JSON object `mjq score --json` prints.  score_batch reads every
 * question first, scores them all without the GIL, then builds the dicts.
 * Scoring needs no tables: both are module functions.
 */
#include "_mjt.h"

#include <string.h>

/* The situation's fields, by their names in mjq's JSON lines. */
/* clang-format off */
enum {
    Q_HAND, Q_CALLS, Q_WIN, Q_TSUMO, Q_FROM, Q_RIICHI, Q_IPPATSU, Q_ROUND,
    Q_SEAT, Q_DORA, Q_URA, Q_LAST, Q_RINSHAN, Q_CHANKAN, Q_FIRST, Q_HONBA,
    Q_STICKS, Q_FIELDS
};
static const char *const fields[Q_FIELDS] = {
    "hand",  "calls",   "win",     "tsumo",   "from",   "riichi",
    "ippatsu", "round", "seat",    "dora",    "ura",    "last",
    "rinshan", "chankan", "first", "honba",   "sticks"};
/* clang-format on */

static const char *const seat_words[4] = {NULL, "right", "across", "left"};

static void *score_error(const char *fn, const char *field, const char *what)
{
    PyErr_Format(PyExc_ValueError, "%s(): %s: %s", fn, field, what);
    return NULL;
}

static int flag_of(const char *fn, const char *name, PyObject *o, uint8_t *out)
{
    int v = PyObject_IsTrue(o);
    if (v < 0)
        return -1;
    (void)fn;
    (void)name;
    *out = (uint8_t)v;
    return 0;
}

static int small_int(const char *fn, const char *name, PyObject *o, long hi,
                     long *out)
{
    int overflow = 0;
    long v = PyLong_Check(o) ? PyLong_AsLongAndOverflow(o, &overflow) : -1;
    if (!PyLong_Check(o) || overflow || v < 0 || v > hi) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError,
                         "%s(): %s=%R: want an int from 0 "
                         "to %ld",
                         fn, name, o, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* A tile's id from its name ("5p", "0p") or an int id. */
static int tile_of(const char *fn, const char *name, PyObject *o, int *out)
{
    if (PyUnicode_Check(o)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(o, &n);
        if (s == NULL)
            return -1;
        int t = n == 2 ? mjt_tile_from_name(s, 2) : -1;
        if (t >= 0) {
            *out = t;
            return 0;
        }
    } else if (PyLong_Check(o) && !PyBool_Check(o)) {
        long v = PyLong_AsLong(o);
        if (v >= 0 && v < MJT_TILE_IDS) {
            *out = (int)v;
            return 0;
        }
        PyErr_Clear();
    }
    PyErr_Format(PyExc_ValueError,
                 "%s(): %s=%R: want a tile, like '5p' ('0p' the red five) "
                 "or an id 0-36",
                 fn, name, o);
    return -1;
}

int wind_of(const char *fn, const char *name, PyObject *o, uint8_t *out)
{
    int t;
    if (tile_of(fn, name, o, &t) < 0 || t < 27 || t > 30) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "%s(): %s=%R: want a wind, '1z' to '4z'", fn, name, o);
        }
        return -1;
    }
    *out = (uint8_t)(t - 27);
    return 0;
}

/* Indicators: tiles as text ("4p1z") or a list of names or ids. */
int indicators_of(const char *fn, const char *name, PyObject *o, uint8_t *list,
                  uint8_t *len)
{
    *len = 0;
    if (PyUnicode_Check(o)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(o, &n);
        mjt_tiles set;
        mjt_diag d;
        if (s == NULL)
            return -1;
        if (mjt_tiles_parse(&set, s, (size_t)n, &d) != MJT_OK) {
            PyErr_Format(PyExc_ValueError, "%s(): %s: %s", fn, name, d.message);
            return -1;
        }
        if (set.len > MJT_MAX_INDICATORS) {
            PyErr_Format(PyExc_ValueError, "%s(): %s: more than 5 indicators",
                         fn, name);
            return -1;
        }
        for (int k = 0; k < MJT_KINDS; k++)
            for (int c = 0; c < set.counts[k]; c++) {
                int red = k < 27 && k % 9 == 4 && c < set.red[k / 9];
                list[(*len)++] = (uint8_t)(red ? MJT_KINDS + k / 9 : k);
            }
        return 0;
    }
    PyObject *seq = PySequence_Fast(o, "");
    if (seq == NULL) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "%s(): %s=%R: want tiles as text or a list of tiles", fn,
                     name, o);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MJT_MAX_INDICATORS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s(): %s: more than 5 indicators", fn,
                     name);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int t;
        if (tile_of(fn, name, PySequence_Fast_GET_ITEM(seq, i), &t) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        list[(*len)++] = (uint8_t)t;
    }
    Py_DECREF(seq);
    return 0;
}

/* The last tile of a hand given as text (before its calls) or as a list
 * of tiles: the winning tile when none is named.  -1 when there is none
 * (34 counts). */
static int last_tile_of(PyObject *hand)
{
    if (PyUnicode_Check(hand)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(hand, &n);
        if (s == NULL)
            return PyErr_Clear(), -1;
        const char *comma = memchr(s, ',', (size_t)n);
        if (comma != NULL)
            n = comma - s;
        while (n > 0 && s[n - 1] == ' ')
            n--;
        return n >= 2 ? mjt_tile_from_name(s + n - 2, 2) : -1;
    }
    if (PyList_Check(hand) || PyTuple_Check(hand)) {
        Py_ssize_t n = PySequence_Size(hand);
        if (n <= 0 || n == MJT_KINDS)
            return -1;
        PyObject *last = PySequence_GetItem(hand, n - 1);
        int t = -1;
        if (last != NULL && tile_of("score", "hand", last, &t) < 0)
            t = -1;
        Py_XDECREF(last);
        PyErr_Clear();
        return t;
    }
    return -1;
}

/* The rules: None, or a dict of the scoring fields of mjt_rules. */
int rules_of(const char *fn, PyObject *o, mjt_rules *r)
{
    static const char *const names[] = {
        "open_tanyao",     "double_yakuman", "counted_yakuman", "yakuman_stack",
        "round_up_mangan", "pinfu_tsumo_fu", "double_wind_fu",  "pao"};
    uint8_t *const at[] = {&r->open_tanyao,     &r->double_yakuman,
                           &r->counted_yakuman, &r->yakuman_stack,
                           &r->round_up_mangan, &r->pinfu_tsumo_fu,
                           &r->double_wind_fu,  &r->pao};
    mjt_rules_init(r, 4);
    if (o == NULL || o == Py_None)
        return 0;
    if (!PyDict_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s(): rules=%R: want a dict", fn, o);
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(o, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        size_t i = 0;
        while (k != NULL && i < sizeof names / sizeof *names &&
               strcmp(k, names[i]) != 0)
            i++;
        if (k == NULL || i == sizeof names / sizeof *names) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "%s(): rules: %R is no rule (open_tanyao, "
                         "double_yakuman, counted_yakuman, yakuman_stack, "
                         "round_up_mangan, pinfu_tsumo_fu, double_wind_fu, "
                         "pao)",
                         fn, key);
            return -1;
        }
        long v;
        if (small_int(fn, names[i], value, 255, &v) < 0)
            return -1;
        *at[i] = (uint8_t)v;
    }
    mjt_diag d;
    if (mjt_rules_check(r, &d) != MJT_OK) {
        PyErr_Format(PyExc_ValueError, "%s(): %s", fn, d.message);
        return -1;
    }
    return 0;
}

/* One question from its fields (NULL: not given) into *h and *w. */
static int question_of(const char *fn, PyObject *const *v, mjt_hand *h,
                       mjt_win *w)
{
    hand_in hi;
    PyObject *hand = v[Q_HAND];
    PyObject *joined = NULL;
    long n;

    mjt_win_init(w);
    if (hand == NULL)
        return PyErr_Format(PyExc_TypeError, "%s(): no hand", fn), -1;
    if (v[Q_CALLS] != NULL && v[Q_CALLS] != Py_None) {
        if (!PyUnicode_Check(hand))
            return score_error(fn, "calls", "with calls, the hand is text"), -1;
        PyObject *sep = PyUnicode_FromString(",");
        PyObject *parts = sep ? PySequence_List(v[Q_CALLS]) : NULL;
        if (parts != NULL && PyList_Insert(parts, 0, hand) == 0)
            joined = PyUnicode_Join(sep, parts);
        Py_XDECREF(sep);
        Py_XDECREF(parts);
        if (joined == NULL)
            return -1;
        hand = joined;
    }
    int rc = make_hand(hand, NULL, &hi);
    int last = rc == 0 ? last_tile_of(hand) : -1;
    Py_XDECREF(joined);
    if (rc < 0)
        return -1;
    *h = hi.h;
    if (v[Q_WIN] != NULL && v[Q_WIN] != Py_None) {
        int t;
        if (tile_of(fn, "win", v[Q_WIN], &t) < 0)
            return -1;
        w->tile = (uint8_t)t;
    } else if (last >= 0) {
        w->tile = (uint8_t)last;
    } else {
        return score_error(fn, "win",
                           "name the winning tile (a hand of "
                           "counts has no last tile)"),
               -1;
    }
    uint8_t *const flags[] = {
        [Q_TSUMO] = &w->tsumo,     [Q_IPPATSU] = &w->ippatsu,
        [Q_LAST] = &w->last,       [Q_RINSHAN] = &w->rinshan,
        [Q_CHANKAN] = &w->chankan, [Q_FIRST] = &w->first};
    for (int f = 0; f < Q_FIELDS; f++) {
        if (v[f] == NULL || v[f] == Py_None)
            continue;
        if (f < (int)(sizeof flags / sizeof *flags) && flags[f] != NULL) {
            if (flag_of(fn, fields[f], v[f], flags[f]) < 0)
                return -1;
        } else if (f == Q_FROM) {
            const char *s =
                PyUnicode_Check(v[f]) ? PyUnicode_AsUTF8(v[f]) : NULL;
            int i = 1;
            while (s != NULL && i < 4 && strcmp(s, seat_words[i]) != 0)
                i++;
            if (s == NULL || i == 4) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError,
                             "%s(): discarder=%R: want 'left', 'across' or "
                             "'right'",
                             fn, v[f]);
                return -1;
            }
            w->from = (uint8_t)i;
        } else if (f == Q_RIICHI) {
            if (PyBool_Check(v[f]))
                n = v[f] == Py_True;
            else if (small_int(fn, "riichi", v[f], 2, &n) < 0)
                return -1;
            w->riichi = (uint8_t)n;
        } else if (f == Q_ROUND || f == Q_SEAT) {
            if (wind_of(fn, fields[f], v[f],
                        f == Q_ROUND ? &w->round : &w->seat) < 0)
                return -1;
        } else if (f == Q_DORA || f == Q_URA) {
            if (indicators_of(fn, fields[f], v[f],
                              f == Q_DORA ? w->dora : w->ura,
                              f == Q_DORA ? &w->dora_len : &w->ura_len) < 0)
                return -1;
        } else if (f == Q_HONBA || f == Q_STICKS) {
            if (small_int(fn, fields[f], v[f], 999, &n) < 0)
                return -1;
            *(f == Q_HONBA ? &w->honba : &w->sticks) = (uint16_t)n;
        }
    }
    return 0;
}

/* ==== The answer ==== */

static int put(PyObject *d, const char *key, PyObject *v)
{
    if (v == NULL)
        return -1;
    int rc = PyDict_SetItemString(d, key, v);
    Py_DECREF(v);
    return rc;
}

static PyObject *named(const char *name_key, PyObject *name, const char *n_key,
                       int n)
{
    PyObject *d = PyDict_New();
    if (d == NULL || put(d, name_key, name) < 0 ||
        put(d, n_key, PyLong_FromLong(n)) < 0) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

static PyObject *block_text(const mjt_score *s, int i, const mjt_call *calls,
                            int *call_at)
{
    char buf[24];
    size_t at = mjt_block_format(&s->blocks[i], buf, sizeof buf);
    if (s->calls >> i & 1) {
        const mjt_call *c = &calls[(*call_at)++];
        const char *from = c->kind == MJT_CLOSED_QUAD ? "closed"
                           : c->from                  ? seat_words[c->from]
                                                      : NULL;
        if (from != NULL)
            PyOS_snprintf(buf + at, sizeof buf - at, ":%s", from);
    }
    return PyUnicode_FromString(buf);
}

static PyObject *answer(const mjt_hand *h, const mjt_score *s)
{
    char text[MJT_HAND_TEXT], name[48];
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls = 0;
    PyObject *d = PyDict_New(), *list;

    mjt_hand_format(h, text, sizeof text);
    mjt_hand_calls(h, calls, MJT_MAX_CALLS, &ncalls);
    if (d == NULL || put(d, "hand", PyUnicode_FromString(text)) < 0)
        goto fail;
    if ((list = PyList_New(s->yaku_len)) == NULL || put(d, "yaku", list) < 0)
        goto fail;
    for (int i = 0; i < s->yaku_len; i++) {
        PyObject *y =
            named("name", PyUnicode_FromString(mjt_yaku_name(s->yaku[i].yaku)),
                  "han", s->yaku[i].han);
        if (y == NULL)
            goto fail;
        PyList_SET_ITEM(list, i, y);
    }
    if (put(d, "han", PyLong_FromLong(s->han)) < 0)
        goto fail;
    if (s->yakuman || s->yaku_len == 0) {
        if (PyDict_SetItemString(d, "fu", Py_None) < 0 ||
            PyDict_SetItemString(d, "fu_parts", Py_None) < 0)
            goto fail;
    } else {
        if (put(d, "fu", PyLong_FromLong(s->fu)) < 0 ||
            (list = PyList_New(s->fu_len)) == NULL ||
            put(d, "fu_parts", list) < 0)
            goto fail;
        for (int i = 0; i < s->fu_len; i++) {
            int part = s->fu_parts[i].part, tile = s->fu_parts[i].tile;
            if (part == MJT_FU_WAIT)
                PyOS_snprintf(name, sizeof name, "wait %s (%s)",
                              mjt_tile_name(tile), mjt_shape_name(s->wait));
            else if (tile != MJT_NO_TILE)
                PyOS_snprintf(name, sizeof name, "%s %s", mjt_fu_name(part),
                              mjt_tile_name(tile));
            else
                PyOS_snprintf(name, sizeof name, "%s", mjt_fu_name(part));
            PyObject *f = named("name", PyUnicode_FromString(name), "fu",
                                s->fu_parts[i].fu);
            if (f == NULL)
                goto fail;
            PyList_SET_ITEM(list, i, f);
        }
    }
    if (put(d, "yakuman", PyLong_FromLong(s->yakuman)) < 0 ||
        put(d, "title", PyUnicode_FromString(mjt_title_name(s->title))) < 0 ||
        put(d, "points", PyLong_FromLong(s->points)) < 0)
        goto fail;
    PyObject *pay = PyDict_New();
    if (pay == NULL || put(d, "payments", pay) < 0)
        goto fail;
    for (int p = 0; p < 4; p++)
        if (s->pay[p]) {
            PyOS_snprintf(name, sizeof name, "%dz", p + 1);
            if (put(pay, name, PyLong_FromLong(s->pay[p])) < 0)
                goto fail;
        }
    if (s->yaku_len && put(pay, "sticks", PyLong_FromLong(s->sticks)) < 0)
        goto fail;
    if (s->pao >= 0) {
        PyOS_snprintf(name, sizeof name, "%dz", s->pao + 1);
        if (put(d, "pao", PyUnicode_FromString(name)) < 0)
            goto fail;
    }
    PyObject *dec = PyDict_New();
    if (dec == NULL || put(d, "decomposition", dec) < 0 ||
        put(dec, "form", PyUnicode_FromString(mjt_form_name(s->form))) < 0 ||
        (list = PyList_New(s->blocks_len)) == NULL ||
        put(dec, "blocks", list) < 0)
        goto fail;
    int call_at = 0;
    for (int i = 0; i < s->blocks_len; i++) {
        PyObject *b = block_text(s, i, calls, &call_at);
        if (b == NULL)
            goto fail;
        PyList_SET_ITEM(list, i, b);
    }
    if (put(dec, "wait", PyUnicode_FromString(mjt_shape_name(s->wait))) < 0)
        goto fail;
    return d;
fail:
    Py_XDECREF(d);
    return NULL;
}

/* ==== The calls ==== */

const char module_score_doc[] =
    "score(hand, win=None, *, tsumo=False, discarder='left', riichi=0,\n"
    "      ippatsu=False, round='1z', seat='2z', dora=None, ura=None,\n"
    "      last=False, rinshan=False, chankan=False, first=False, honba=0,\n"
    "      sticks=0, rules=None) -> dict\n\n"
    "The yaku, han, fu, points and payments of a complete hand: its 14\n"
    "tiles with the winning tile among the concealed ones, and its calls\n"
    "(text: '123m55p,555z:left,666z:across,777z:right'; a closed quad\n"
    "'3333m:closed').  win defaults to the last tile of a hand given as\n"
    "text or a list.  discarder: the seat a ron came from.  dora and ura:\n"
    "indicators, as text ('4p1z') or a list.  rules: a dict of ruleset\n"
    "choices (open_tanyao, double_yakuman, counted_yakuman, yakuman_stack,\n"
    "round_up_mangan, pinfu_tsumo_fu, double_wind_fu, pao).  The dict is\n"
    "the JSON object `mjq score --json` prints.  A hand that is not\n"
    "complete, or a situation that cannot happen, raises mjt.HandError.";

PyObject *module_score(PyObject *m, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames)
{
    static const char *const names[] = {
        "hand",    "win",   "tsumo", "discarder", "riichi", "ippatsu",
        "round",   "seat",  "dora",  "ura",       "last",   "rinshan",
        "chankan", "first", "honba", "sticks",    "rules"};
    static const int field_of[] = {Q_HAND,    Q_WIN,     Q_TSUMO, Q_FROM,
                                   Q_RIICHI,  Q_IPPATSU, Q_ROUND, Q_SEAT,
                                   Q_DORA,    Q_URA,     Q_LAST,  Q_RINSHAN,
                                   Q_CHANKAN, Q_FIRST,   Q_HONBA, Q_STICKS};
    PyObject *a[17] = {0}, *v[Q_FIELDS] = {0};
    mjt_rules rules;
    mjt_hand h;
    mjt_win w;
    mjt_score s;
    mjt_diag d;
    (void)m;

    if (parse_args("score", args, nargs, kwnames, names, 17, 2, 1, a) < 0)
        return NULL;
    for (int i = 0; i < 16; i++)
        v[field_of[i]] = a[i];
    if (rules_of("score", a[16], &rules) < 0 ||
        question_of("score", v, &h, &w) < 0)
        return NULL;
    int rc = mjt_score_hand(&h, &w, &rules, &s, &d);
    if (rc != MJT_OK)
        return diag_error(rc, &d);
    return answer(&h, &s);
}

const char module_score_batch_doc[] =
    "score_batch(questions, *, rules=None) -> list\n\n"
    "score() of each question, a dict with the keys of `mjq score`'s JSON\n"
    "lines ('hand', 'calls', 'win', 'tsumo', 'from', 'riichi', 'ippatsu',\n"
    "'round', 'seat', 'dora', 'ura', 'last', 'rinshan', 'chankan', 'first',\n"
    "'honba', 'sticks') or a hand alone.  The scoring runs without the\n"
    "GIL.  A question the library refuses gives a dict {'error': message,\n"
    "'code': the library's error code} in its place; an argument of the\n"
    "wrong type raises.";

typedef struct job {
    mjt_hand h;
    mjt_win w;
    mjt_score s;
    mjt_diag d;
    int rc;
} job;

PyObject *module_score_batch(PyObject *m, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"questions", "rules"};
    PyObject *a[2] = {0};
    mjt_rules rules;
    (void)m;

    if (parse_args("score_batch", args, nargs, kwnames, names, 2, 1, 1, a) <
            0 ||
        rules_of("score_batch", a[1], &rules) < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(a[0], "score_batch(): questions: want a "
                                          "list of dicts or hands");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    job *jobs = PyMem_Calloc(n ? (size_t)n : 1, sizeof *jobs);
    PyObject *out = NULL;
    if (jobs == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *q = PySequence_Fast_GET_ITEM(seq, i);
        PyObject *v[Q_FIELDS] = {0};
        if (PyDict_Check(q)) {
            PyObject *key, *value;
            Py_ssize_t pos = 0;
            while (PyDict_Next(q, &pos, &key, &value)) {
                const char *k =
                    PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
                int f = 0;
                while (k != NULL && f < Q_FIELDS && strcmp(k, fields[f]) != 0)
                    f++;
                if (k == NULL || f == Q_FIELDS) {
                    PyErr_Clear();
                    PyErr_Format(PyExc_ValueError,
                                 "score_batch(): question %zd: %R is no key "
                                 "of mjq score's lines",
                                 i, key);
                    goto done;
                }
                v[f] = value;
            }
        } else {
            v[Q_HAND] = q;
        }
        int rc = question_of("score_batch", v, &jobs[i].h, &jobs[i].w);
        if (rc < 0) {
            /* a hand the library refuses is that question's answer */
            if (!PyErr_ExceptionMatches(PyExc_ValueError))
                goto done;
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyObject *msg = value ? PyObject_Str(value) : NULL;
            const char *s = msg ? PyUnicode_AsUTF8(msg) : NULL;
            jobs[i].rc = MJT_EINVAL;
            PyObject *code =
                value ? PyObject_GetAttrString(value, "code") : NULL;
            if (code != NULL && PyLong_Check(code))
                jobs[i].rc = (int)PyLong_AsLong(code);
            PyErr_Clear();
            PyOS_snprintf(jobs[i].d.message, sizeof jobs[i].d.message, "%s",
                          s ? s : "refused");
            Py_XDECREF(code);
            Py_XDECREF(msg);
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
            jobs[i].rc = jobs[i].rc ? jobs[i].rc : MJT_EINVAL;
        }
    }
    Py_BEGIN_ALLOW_THREADS for (Py_ssize_t i = 0; i < n;
                                i++) if (jobs[i].rc == MJT_OK) jobs[i]
        .rc =
        mjt_score_hand(&jobs[i].h, &jobs[i].w, &rules, &jobs[i].s, &jobs[i].d);
    Py_END_ALLOW_THREADS if ((out = PyList_New(n)) == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r;
        if (jobs[i].rc == MJT_OK) {
            r = answer(&jobs[i].h, &jobs[i].s);
        } else {
            r = PyDict_New();
            if (r != NULL &&
                (put(r, "error", PyUnicode_FromString(jobs[i].d.message)) < 0 ||
                 put(r, "code", PyLong_FromLong(jobs[i].rc)) < 0))
                Py_CLEAR(r);
        }
        if (r == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, r);
    }
done:
    PyMem_Free(jobs);
    Py_DECREF(seq);
    return out;
}
