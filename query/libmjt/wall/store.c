/* SPDX-License-Identifier: MIT */
/*
 * A question's memory: the arrays its graph grows, the hash maps that
 * find their entries (store.h has a lookup's steps), the tables of the
 * curves, and the budget all of them are counted in, with the time and
 * the cancel flag beside it.  A map holds only indexes into its array
 * (and a tag of each key's hash), so that growing it reads the array's
 * keys in order rather than following the old slots.
 */
/* Anonymous mappings are beyond POSIX 2008: asked for where they are
 * (Linux with mremap, macOS); a system whose headers still hide them gets
 * malloc's blocks (Blocks, below). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* mremap, MAP_ANONYMOUS */
#elif defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE /* MAP_ANON */
#elif !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, where a libc shows it so */
#endif
#include "store.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif
#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#include "alloc.h"

/* ==== The budget ==== */

static int charge(wall *w, size_t bytes)
{
    if (w->used + bytes > w->budget)
        return MJT_EBUDGET;
    w->used += bytes;
    return MJT_OK;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int mjt__wall_check(wall *w)
{
    if (w->cancel != NULL && *w->cancel)
        return MJT_ECANCELED;
    if (w->deadline != 0 && now_ns() > w->deadline) {
        w->late = 1;
        return MJT_EBUDGET;
    }
    return MJT_OK;
}

/* ==== Blocks ==== */

/*
 * A deep question's arrays are large, grow several times and are freed
 * when it ends.  Left to malloc they stay resident after it: glibc raises
 * its mapping threshold to the size of the first large block freed, so a
 * later question's arrays grow in the heap, each move leaving a hole that
 * stays resident, and the heap keeps its free top (the bench's hundred
 * 6-shanten questions peaked 50 MB above the largest one's own need).  So
 * a block of BIG bytes or more is a mapping of its own: grown in place or
 * moved by the kernel without a copy where there is mremap, and unmapped
 * when freed, its pages given back at once.  Its size, which the caller
 * keeps (the room it asked for), says which kind of block it is.
 */
#define BIG ((size_t)1 << 20)

/* AddressSanitizer watches malloc's blocks (their bounds, their use after
 * free), not mappings: under it every block is malloc's, so that the
 * sanitized tests check a deep question's arrays too. */
#if defined(__SANITIZE_ADDRESS__)
#define NO_MAPPINGS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_MAPPINGS 1
#endif
#endif

#if defined(MAP_ANONYMOUS) && !defined(NO_MAPPINGS)
static void *map_new(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* p of old bytes (0: none) with room for bytes, its contents kept: NULL
 * when there is no memory, p then as it was.  A mapping's new pages are
 * zeros; malloc's are not.  (No length is rounded here: the kernel takes
 * a mapping's length up to whole pages in each call.) */
static void *blk_resize(void *p, size_t old, size_t bytes)
{
    if (bytes < BIG) {
        assert(old < BIG); /* a block never shrinks */
        return mjt__realloc(p, bytes);
    }
    if (mjt__alloc_refused())
        return NULL;
    if (old >= BIG) {
#if defined(MREMAP_MAYMOVE)
        void *q = mremap(p, old, bytes, MREMAP_MAYMOVE);
        return q == MAP_FAILED ? NULL : q;
#endif
    }
    void *q = map_new(bytes);
    if (q == NULL)
        return NULL;
    if (old > 0)
        memcpy(q, p, old);
    if (old >= BIG)
        munmap(p, old);
    else
        free(p);
    return q;
}

/* A block of bytes, zeros. */
static void *blk_zeros(size_t bytes)
{
    if (bytes < BIG)
        return mjt__calloc(1, bytes);
    return mjt__alloc_refused() ? NULL : map_new(bytes);
}

static void blk_free(void *p, size_t bytes)
{
    if (bytes >= BIG && p != NULL)
        munmap(p, bytes);
    else
        free(p);
}
#else /* no anonymous mappings (or a sanitizer): malloc's blocks all */
static void *blk_resize(void *p, size_t old, size_t bytes)
{
    (void)old;
    return mjt__realloc(p, bytes);
}

static void *blk_zeros(size_t bytes)
{
    return mjt__calloc(1, bytes);
}

static void blk_free(void *p, size_t bytes)
{
    (void)bytes;
    free(p);
}
#endif

/* ==== Arrays ==== */

int mjt__wall_grow_room(wall *w, warr *a, size_t need)
{
    /* doubling while small; past a million entries half again, so that
     * a deep question's room overshoots its need by a half at most */
    size_t cap = a->cap ? a->cap : 1024;
    while (cap < need)
        cap += cap < ((size_t)1 << 20) ? cap : cap / 2;
    int rc = charge(w, (cap - a->cap) * a->size);
    if (rc != MJT_OK)
        return rc;
    void *p = blk_resize(a->p, a->cap * a->size, cap * a->size);
    if (p == NULL) {
        w->used -= (cap - a->cap) * a->size; /* not held after all */
        return MJT_ENOMEM;
    }
    a->p = p;
    a->cap = cap;
    return MJT_OK;
}

static void arr_free(warr *a)
{
    blk_free(a->p, a->cap * a->size);
    a->p = NULL;
    a->len = a->cap = 0;
}

/* ==== Maps ==== */

/* Empty m for a new question: a new gen (the slots are cleared only when
 * the count wraps). */
void mjt__wall_map_clear(wmap *m)
{
    m->used = 0;
    if (++m->gen == 1u << (32 - WSLOT_GEN_SHIFT)) {
        if (m->s != NULL)
            memset(m->s, 0, m->n * sizeof *m->s);
        m->gen = 1;
    }
}

/*
 * Put a's last m->used entries into m's slots, all free: they are the
 * entries m holds (each is set as it is made; a map that was shed holds
 * none of those before).  In the array's order, so the keys are read one
 * after another, not wherever the old slots sent them; and they are all
 * different, so a free slot is all that is looked for.
 */
static void map_fill(wmap *m, const warr *a)
{
    size_t mask = m->n - 1, first = a->len - m->used;

    assert(a->len >= m->used);
    m->used = 0; /* map_set counts them again */
    for (size_t i = first; i < a->len; i++) {
        uint64_t x = key_hash(key_at(a, i));
        size_t j = x & mask;
        while (live(m, &m->s[j]))
            j = (j + 1) & mask;
        map_set(m, &m->s[j], x, (uint32_t)i);
    }
}

int mjt__wall_map_slot(wall *w, wmap *m, const warr *a, const wkey *k,
                       wslot **out, uint64_t *hash)
{
    if (10 * (m->used + 1) > 7 * m->n) { /* at most 70% full */
        size_t n = m->n ? 2 * m->n : 4096;
        /* the entries, not the old slots, say what goes in the new: the
         * old are freed first, so the peak is not both */
        blk_free(m->s, m->n * sizeof *m->s);
        w->used -= m->n * sizeof *m->s;
        m->s = NULL;
        m->n = 0;
        int rc = charge(w, n * sizeof *m->s);
        if (rc == MJT_OK && (m->s = blk_zeros(n * sizeof *m->s)) == NULL) {
            w->used -= n * sizeof *m->s;
            rc = MJT_ENOMEM;
        }
        if (rc != MJT_OK) { /* the question fails; the map holds none */
            m->used = 0;
            return rc;
        }
        m->n = n;
        m->gen = 1;
        map_fill(m, a);
    }
    *hash = key_hash(k);
    *out = probe(m, a, k, *hash);
    return MJT_OK;
}

/* ==== Freeing ==== */

void mjt__wall_free(wall *w)
{
    arr_free(&w->nodes);
    arr_free(&w->edges);
    arr_free(&w->draws_);
    arr_free(&w->kids);
    arr_free(&w->memo);
    blk_free(w->node_map.s, w->node_map.n * sizeof *w->node_map.s);
    blk_free(w->draw_map.s, w->draw_map.n * sizeof *w->draw_map.s);
    blk_free(w->memo_map.s, w->memo_map.n * sizeof *w->memo_map.s);
    blk_free(w->q, w->nq * sizeof *w->q);
    blk_free(w->val, w->nval * sizeof *w->val);
    memset(&w->node_map, 0, sizeof w->node_map);
    memset(&w->draw_map, 0, sizeof w->draw_map);
    memset(&w->memo_map, 0, sizeof w->memo_map);
    w->q = w->val = NULL;
    w->q_kinds = 0;
    w->nq = w->nval = 0;
    w->used = 0;
}

/* What only the build needs, freed and given back to the budget: the
 * maps and the memo. */
static void shed_map(wall *w, wmap *m)
{
    w->used -= m->n * sizeof *m->s;
    blk_free(m->s, m->n * sizeof *m->s);
    m->s = NULL;
    m->n = m->used = 0;
}

static void shed_arr(wall *w, warr *a)
{
    w->used -= a->cap * a->size;
    arr_free(a);
}

void mjt__wall_shed(wall *w)
{
    shed_map(w, &w->node_map);
    shed_map(w, &w->draw_map);
    shed_map(w, &w->memo_map);
    shed_arr(w, &w->memo);
}

int mjt__wall_doubles(wall *w, double **p, size_t *room, size_t n)
{
    if (n <= *room)
        return MJT_OK;
    int rc = charge(w, (n - *room) * sizeof **p);
    if (rc != MJT_OK)
        return rc;
    double *q = blk_resize(*p, *room * sizeof **p, n * sizeof **p);
    if (q == NULL) {
        w->used -= (n - *room) * sizeof **p; /* not held after all */
        return MJT_ENOMEM;
    }
    *p = q;
    *room = n;
    return MJT_OK;
}

void mjt__wall_doubles_free(wall *w, double **p, size_t *room)
{
    w->used -= *room * sizeof **p;
    blk_free(*p, *room * sizeof **p);
    *p = NULL;
    *room = 0;
}

mjt_prob_work *mjt_prob_work_create(void)
{
    return mjt__calloc(1, sizeof(mjt_prob_work));
}

void mjt_prob_work_free(mjt_prob_work *work)
{
    if (work == NULL)
        return;
    mjt__wall_free(&work->w);
    free(work);
}
