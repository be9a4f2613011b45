/* SPDX-License-Identifier: MIT */
/*
 * A hand and seen tiles as a caller gives them: text (calls after
 * commas), 34 counts (bytes, any buffer, a sequence of ints), tile ids
 * (0-36, up to 14 of them) or tile names ("1m", "0p"; mjai's "5mr",
 * "E" ... "C"), converted on the stack; the error a query that takes
 * seen tiles gives, named as mjq names it; and the module's tile_name,
 * tile_id and counts.
 */
#include "_mjt.h"

#include <stdint.h>
#include <string.h>

/* ==== Reading tiles ==== */

/* The tile id of a name: mjt's ("1m", "0p", "7z") or mjai's ("5mr", "E",
 * "S", "W", "N", "P", "F", "C"); -1 for none. */
int tile_of_name(const char *s, Py_ssize_t n)
{
    static const char winds[] = "ESWNPFC";
    if (n == 1) {
        const char *w = memchr(winds, s[0], 7);
        return w != NULL && s[0] != '\0' ? 27 + (int)(w - winds) : -1;
    }
    if (n == 3 && s[0] == '5' && s[2] == 'r' && strchr("mps", s[1]) != NULL &&
        s[1] != '\0')
        return MJT_KINDS + (int)(strchr("mps", s[1]) - "mps");
    if (n != 2)
        return -1;
    int t = mjt_tile_from_name(s, 2);
    return t >= 0 ? t : -1;
}

/* The integers of a 1-D buffer's items into v (at most cap); their number,
 * or -1 with TypeError for another format. */
static Py_ssize_t buffer_ints(const Py_buffer *b, long *v, Py_ssize_t cap)
{
    const char *f = b->format ? b->format : "B";
    if (*f == '@' || *f == '=' || *f == '<' || *f == '>' || *f == '!')
        f++;
    if (b->ndim > 1 || strlen(f) != 1 || strchr("bBhHiIlLqQnN", *f) == NULL) {
        PyErr_Format(PyExc_TypeError,
                     "a buffer of format '%s' and %d dimensions: a hand is "
                     "one row of integers (34 counts or tile ids)",
                     b->format ? b->format : "B", b->ndim);
        return -1;
    }
    Py_ssize_t n = b->len / b->itemsize;
    const char *p = b->buf;
    for (Py_ssize_t i = 0; i < n && i < cap; i++, p += b->itemsize) {
        switch (*f) {
#define AS_(c, type)                                                           \
    case c: {                                                                  \
        type x;                                                                \
        memcpy(&x, p, sizeof x);                                               \
        v[i] = (long)x;                                                        \
        if ((type)v[i] != x)                                                   \
            v[i] = -1;                                                         \
        break;                                                                 \
    }
            AS_('b', signed char)
            AS_('B', unsigned char)
            AS_('h', short)
            AS_('H', unsigned short)
            AS_('i', int)
            AS_('I', unsigned int)
            AS_('l', long)
            AS_('L', unsigned long)
            AS_('q', long long)
            AS_('Q', unsigned long long)
            AS_('n', Py_ssize_t)
            AS_('N', size_t)
#undef AS_
        }
    }
    return n;
}

/* What a caller gave as tiles: n integers (counts when n is 34, else tile
 * ids) or, from text, a hand or a set. */
typedef struct tiles_in {
    long v[MJT_KINDS];
    Py_ssize_t n;
    const char *text; /* text form, or NULL */
    Py_ssize_t len;
} tiles_in;

/* Read obj as tiles into *in: text, a buffer or a sequence of ints (34
 * counts or ids) or of names.  0, or -1 with an exception. */
static int read_tiles(PyObject *obj, tiles_in *in, const char *what)
{
    in->text = NULL;
    if (PyUnicode_Check(obj)) {
        in->text = PyUnicode_AsUTF8AndSize(obj, &in->len);
        return in->text != NULL ? 0 : -1;
    }
    if (PyBytes_CheckExact(obj)) { /* the common fast case */
        const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(obj);
        in->n = PyBytes_GET_SIZE(obj);
        for (Py_ssize_t i = 0; i < in->n && i < MJT_KINDS; i++)
            in->v[i] = p[i];
    } else if (PyObject_CheckBuffer(obj)) {
        Py_buffer b;
        if (PyObject_GetBuffer(obj, &b, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
            return -1;
        in->n = buffer_ints(&b, in->v, MJT_KINDS);
        PyBuffer_Release(&b);
        if (in->n < 0)
            return -1;
    } else {
        PyObject *seq = PySequence_Fast(
            obj, "tiles are text, 34 counts, tile ids or tile names");
        if (seq == NULL) {
            PyErr_Format(PyExc_TypeError,
                         "%s of type %.60s: give text (\"123m456p\"), 34 "
                         "counts, tile ids or tile names",
                         what, Py_TYPE(obj)->tp_name);
            return -1;
        }
        in->n = PySequence_Fast_GET_SIZE(seq);
        PyObject **items = PySequence_Fast_ITEMS(seq);
        for (Py_ssize_t i = 0; i < in->n && i < MJT_KINDS; i++) {
            PyObject *x = items[i];
            if (PyLong_Check(x)) {
                int overflow;
                in->v[i] = PyLong_AsLongAndOverflow(x, &overflow);
                if (overflow || in->v[i] < 0 || in->v[i] > 255) {
                    /* named as given: a long cannot hold every int */
                    char m[160];
                    PyObject *r = PyObject_Repr(x);
                    const char *t = r ? PyUnicode_AsUTF8(r) : NULL;
                    if (t == NULL) {
                        Py_XDECREF(r);
                        Py_DECREF(seq);
                        return -1;
                    }
                    if (in->n == MJT_KINDS)
                        PyOS_snprintf(m, sizeof m,
                                      "%s: count %.40s%s of %s is not 0 to 4",
                                      what, t, strlen(t) > 40 ? "..." : "",
                                      mjt_tile_name((int)i));
                    else
                        PyOS_snprintf(m, sizeof m,
                                      "%s: tile id %.40s%s at index %zd (ids "
                                      "are 0 to 36)",
                                      what, t, strlen(t) > 40 ? "..." : "", i);
                    Py_DECREF(r);
                    Py_DECREF(seq);
                    return hand_error(in->n == MJT_KINDS ? MJT_ECOPIES
                                                         : MJT_ETILE,
                                      m, (long)i),
                           -1;
                }
            } else if (PyUnicode_Check(x)) {
                Py_ssize_t len;
                const char *s = PyUnicode_AsUTF8AndSize(x, &len);
                int t = s != NULL ? tile_of_name(s, len) : -1;
                if (t < 0) {
                    char m[160];
                    if (s != NULL)
                        PyOS_snprintf(m, sizeof m,
                                      "%s: '%.12s' at index %zd is no tile "
                                      "name (1m-9m, 0m, 1z-7z, or mjai's 5mr, "
                                      "E S W N P F C)",
                                      what, s, i);
                    Py_DECREF(seq);
                    if (s == NULL)
                        return -1;
                    return hand_error(MJT_ESYNTAX, m, (long)i), -1;
                }
                if (in->n == MJT_KINDS) { /* 34 names: ids, not counts */
                    Py_DECREF(seq);
                    return hand_error(MJT_ECOUNT, "34 tiles (at most 14)", -1),
                           -1;
                }
                in->v[i] = t;
            } else {
                Py_DECREF(seq);
                PyErr_Format(PyExc_TypeError,
                             "%s: item %zd is a %.60s, not a count, a tile id "
                             "or a tile name",
                             what, i, Py_TYPE(x)->tp_name);
                return -1;
            }
        }
        Py_DECREF(seq);
    }
    if (in->n != MJT_KINDS && in->n > 14) {
        char m[80];
        PyOS_snprintf(m, sizeof m,
                      "%s of %zd tiles: 34 counts, or at most 14 tile ids",
                      what, in->n);
        return hand_error(MJT_ECOUNT, m, -1), -1;
    }
    return 0;
}

/* The 34 counts of in (which holds n == 34 integers) into c; 0, or -1
 * with HandError for one outside 0-4. */
static int counts_of(const tiles_in *in, uint8_t c[MJT_KINDS], const char *what)
{
    for (int i = 0; i < MJT_KINDS; i++) {
        if (in->v[i] < 0 || in->v[i] > 4) {
            char m[96];
            PyOS_snprintf(m, sizeof m, "%s: count %ld of %s is not 0 to 4",
                          what, in->v[i], mjt_tile_name(i));
            return hand_error(MJT_ECOPIES, m, i), -1;
        }
        c[i] = (uint8_t)in->v[i];
    }
    return 0;
}

int make_hand(PyObject *obj, PyObject *players_obj, hand_in *hi)
{
    tiles_in in;
    mjt_diag d;
    int rc;

    if (get_players(players_obj, &hi->players) < 0 ||
        read_tiles(obj, &in, "hand") < 0)
        return -1;
    hi->is_counts = 0;
    if (in.text != NULL) {
        rc = mjt_hand_parse(&hi->h, in.text, (size_t)in.len, NULL, &d);
    } else if (in.n == MJT_KINDS) {
        if (counts_of(&in, hi->counts, "hand") < 0)
            return -1;
        hi->is_counts = 1;
        rc = mjt_hand_from_counts(&hi->h, hi->counts, NULL, &d);
    } else {
        uint8_t ids[14];
        for (Py_ssize_t i = 0; i < in.n; i++) {
            if (in.v[i] < 0 || in.v[i] >= MJT_TILE_IDS) {
                char m[80];
                PyOS_snprintf(m, sizeof m,
                              "tile id %ld at index %zd (ids are 0 to 36)",
                              in.v[i], i);
                return hand_error(MJT_ETILE, m, (long)i), -1;
            }
            ids[i] = (uint8_t)in.v[i];
        }
        rc = mjt_hand_from_tiles(&hi->h, ids, (size_t)in.n, NULL, &d);
    }
    if (rc == MJT_OK && hi->players == 3)
        rc = mjt_hand_set_players(&hi->h, 3, &d);
    if (rc != MJT_OK)
        return diag_error(rc, &d), -1;
    return 0;
}

/* ==== Seen tiles, and the error of a query that takes them ==== */

/* Seen tiles (None, text, counts, ids or names) into c; *given 0 for
 * None.  0, or -1 with an exception. */
int make_visible(PyObject *obj, uint8_t c[MJT_KINDS], int *given)
{
    uint8_t red[3];
    return make_visible_red(obj, c, red, given);
}

int make_visible_red(PyObject *obj, uint8_t c[MJT_KINDS], uint8_t red[3],
                     int *given)
{
    tiles_in in;
    *given = 0;
    red[0] = red[1] = red[2] = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (PyUnicode_Check(obj)) {
        mjt_tiles set;
        mjt_diag d;
        Py_ssize_t len;
        const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
        if (s == NULL)
            return -1;
        int rc = mjt_tiles_parse(&set, s, (size_t)len, &d);
        if (rc != MJT_OK) {
            char m[200];
            PyOS_snprintf(m, sizeof m, "visible: %s", d.message);
            return hand_error(rc, m, d.offset), -1;
        }
        memcpy(c, set.counts, MJT_KINDS);
        memcpy(red, set.red, 3);
        *given = 1;
        return 0;
    }
    if (read_tiles(obj, &in, "visible") < 0)
        return -1;
    if (in.n == MJT_KINDS) {
        if (counts_of(&in, c, "visible") < 0)
            return -1;
    } else {
        memset(c, 0, MJT_KINDS);
        for (Py_ssize_t i = 0; i < in.n; i++) {
            if (in.v[i] < 0 || in.v[i] >= MJT_TILE_IDS) {
                char m[80];
                PyOS_snprintf(m, sizeof m,
                              "visible: tile id %ld at index %zd (ids are 0 to "
                              "36)",
                              in.v[i], i);
                return hand_error(MJT_ETILE, m, (long)i), -1;
            }
            c[MJT_KIND_OF(in.v[i])]++;
            if (in.v[i] >= MJT_KINDS)
                red[in.v[i] - MJT_KINDS]++;
        }
    }
    *given = 1;
    return 0;
}

/* Copies of each kind in h's concealed tiles and its calls (the
 * library's count), and the number of calls. */
void hand_all(const mjt_hand *h, uint8_t all[MJT_KINDS], size_t *ncalls)
{
    size_t n = 0;

    mjt_hand_held(h, all);          /* all zero for a hand it refuses */
    mjt_hand_calls(h, NULL, 0, &n); /* the number alone */
    if (ncalls != NULL)
        *ncalls = n;
}

/* The error of a query that takes visible tiles, named as mjq names it. */
void *visible_error(int rc, const mjt_hand *h, const uint8_t *seen)
{
    uint8_t all[MJT_KINDS];
    size_t ncalls = 0;
    char m[160];

    if (rc == MJT_ECOPIES && seen != NULL) {
        hand_all(h, all, &ncalls);
        for (int i = 0; i < MJT_KINDS; i++)
            if (all[i] + seen[i] > 4) {
                PyOS_snprintf(m, sizeof m,
                              "tile %s: %d in the hand%s and %d visible (at "
                              "most 4)",
                              mjt_tile_name(i), all[i],
                              ncalls ? " and its calls" : "", seen[i]);
                return hand_error(rc, m, -1);
            }
    }
    if (rc == MJT_EPLAYERS && seen != NULL)
        for (int i = 1; i <= 7; i++)
            if (seen[i]) {
                PyOS_snprintf(m, sizeof m,
                              "visible tile %s has no place in three-player "
                              "mahjong (it has no 2m to 8m)",
                              mjt_tile_name(i));
                return hand_error(rc, m, -1);
            }
    if (rc == MJT_ECOUNT)
        return hand_error(rc,
                          "wrong number of tiles for this query (effective "
                          "tiles and waits take 3k+1, discards and "
                          "decompositions 3k+2)",
                          -1);
    return hand_error(rc, mjt_strerror(rc), -1);
}

/* ==== mjt.tile_name, mjt.tile_id, mjt.counts ==== */

PyObject *module_tile_name(PyObject *m, PyObject *arg)
{
    (void)m;
    long id = PyLong_AsLong(arg);
    const char *name =
        id >= 0 && id < MJT_TILE_IDS ? mjt_tile_name((int)id) : NULL;
    if (name == NULL) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "tile id %R (ids are 0 to 36)", arg);
        return NULL;
    }
    return PyUnicode_FromString(name);
}

PyObject *module_tile_id(PyObject *m, PyObject *arg)
{
    (void)m;
    Py_ssize_t len;
    const char *s =
        PyUnicode_Check(arg) ? PyUnicode_AsUTF8AndSize(arg, &len) : NULL;
    int t = s != NULL ? tile_of_name(s, len) : -1;
    if (t < 0) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError,
                         "%R is no tile name (1m-9m, 0m, 1z-7z, or mjai's "
                         "5mr, E S W N P F C)",
                         arg);
        return NULL;
    }
    return PyLong_FromLong(t);
}

PyObject *module_counts(PyObject *m, PyObject *arg)
{
    (void)m;
    uint8_t c[MJT_KINDS];
    int given;
    if (make_visible(arg, c, &given) < 0)
        return NULL;
    PyObject *l = PyList_New(MJT_KINDS);
    for (int i = 0; l != NULL && i < MJT_KINDS; i++)
        PyList_SET_ITEM(l, i, PyLong_FromLong(c[i]));
    return l;
}
