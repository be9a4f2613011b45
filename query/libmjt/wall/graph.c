/* SPDX-License-Identifier: MIT */
/*
 * The graph of hands a question's play can reach.  A node is a 3k+1 hand
 * (with the kind counted as seen once more and the exchanges made: wkey);
 * its edges are its draws, each leading to a draw node: the 14-tile hand
 * the draw makes, with the nodes its keeping discards leave.  Draw nodes
 * are shared: many hands draw to the same 14 tiles.
 *
 * Everything is found by hash maps of keys (open addressing, a slot the
 * entry's index and 24 bits of its key's hash: most probes read the slots
 * alone) and made once: a node's
 * shanten and effective kinds (one query) when first reached, its draws
 * when wall_build reaches it, breadth first; a draw node's children from
 * the shanten of each of its discards (mjt__discard_shanten, one join).
 * A draw that makes a 1-shanten hand tenpai, when the tenpai hand makes no
 * more moves, makes no node: its value depends only on the winning tiles
 * left, and the best keeping discard is the one that leaves most (the
 * chance of a win from tenpai grows with them), so the draw node keeps
 * that count alone; the winning tiles of those tenpai hands are memoised
 * too, and so are the keeping discards of an expected-score question's 14
 * tiles, which come back with other red fives and ura counts.
 *
 * Everything is allocated in the question's budget (wall.h); the budget
 * and the cancel flag are looked at every 64 hands made.
 */
#include "wall.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codes.h"

/* ==== Memory ==== */

static int charge(wall *w, size_t bytes)
{
    if (w->used + bytes > w->budget)
        return MJT_EBUDGET;
    w->used += bytes;
    return MJT_OK;
}

static int grow(wall *w, warr *a, size_t need)
{
    if (need <= a->cap)
        return MJT_OK;
    /* doubling while small; past a million entries half again, so that
     * a deep question's room overshoots its need by a half at most */
    size_t cap = a->cap ? a->cap : 1024;
    while (cap < need)
        cap += cap < ((size_t)1 << 20) ? cap : cap / 2;
    int rc = charge(w, (cap - a->cap) * a->size);
    if (rc != MJT_OK)
        return rc;
    void *p = realloc(a->p, cap * a->size);
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
    free(a->p);
    a->p = NULL;
    a->len = a->cap = 0;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int wall_check(wall *w)
{
    if (w->cancel != NULL && *w->cancel)
        return MJT_ECANCELED;
    if (w->deadline != 0 && now_ns() > w->deadline) {
        w->late = 1;
        return MJT_EBUDGET;
    }
    return MJT_OK;
}

/* ==== Maps ==== */

/* Every bit of the key into every bit of the hash (the index takes the
 * low ones): MurmurHash3's 64-bit finaliser over the codes combined. */
static uint64_t key_hash(const wkey *k)
{
    uint64_t a = (uint64_t)k->code[0] | (uint64_t)k->code[1] << 32;
    uint64_t b = (uint64_t)k->code[2] | (uint64_t)k->code[3] << 32;
    uint64_t x = a ^ (b * UINT64_C(0x9E3779B97F4A7C15)) ^
                 ((uint64_t)(uint8_t)k->adj << 48 | (uint64_t)k->ex << 56 |
                  (uint64_t)k->red << 32);
    x ^= x >> 33;
    x *= UINT64_C(0xFF51AFD7ED558CCD);
    x ^= x >> 33;
    x *= UINT64_C(0xC4CEB9FE1A85EC53);
    return x ^ (x >> 33);
}

/* The key of entry idx (0-based) of the array a map indexes. */
typedef const wkey *(*key_at)(const wall *w, uint32_t idx);

static const wkey *node_key(const wall *w, uint32_t i)
{
    return &((const wnode *)w->nodes.p)[i].key;
}

static const wkey *draw_key(const wall *w, uint32_t i)
{
    return &((const wdraw *)w->draws_.p)[i].key;
}

static const wkey *memo_key(const wall *w, uint32_t i)
{
    return &((const wmemo *)w->memo.p)[i].key;
}

/* Whether slot s holds an entry of m's question. */
static inline int live(const wmap *m, const wslot *s)
{
    return s->mark >> WSLOT_GEN_SHIFT == m->gen;
}

/* The slot of k (hash x) in m: the one holding it, or the free one where
 * it goes. */
static wslot *probe(const wall *w, const wmap *m, const wkey *k, uint64_t x,
                    key_at at)
{
    size_t mask = m->n - 1, i = x & mask;
    uint32_t mark = m->gen << WSLOT_GEN_SHIFT | WSLOT_TAG(x);
    for (;; i = (i + 1) & mask) {
        wslot *s = &m->s[i];
        if (!live(m, s))
            return s;
        if (s->mark == mark && !memcmp(at(w, s->idx - 1), k, sizeof *k))
            return s;
    }
}

/* Empty m for a new question: a new gen (the slots are cleared only when
 * the count wraps). */
static void map_clear(wmap *m)
{
    m->used = 0;
    if (++m->gen == 1u << (32 - WSLOT_GEN_SHIFT)) {
        if (m->s != NULL)
            memset(m->s, 0, m->n * sizeof *m->s);
        m->gen = 1;
    }
}

/* The slot of k in m, with room for it: its gen is not the map's when k
 * is new (then fill it with map_set). */
static int map_slot(wall *w, wmap *m, const wkey *k, key_at at, wslot **out,
                    uint64_t *hash)
{
    if (10 * (m->used + 1) > 7 * m->n) { /* at most 70% full */
        size_t n = m->n ? 2 * m->n : 4096;
        wslot *old = m->s;
        size_t nold = m->n;
        uint32_t gen = m->gen;
        /* the old slots are held until the new are filled: the budget
         * counts both meanwhile */
        int rc = charge(w, n * sizeof *old);
        if (rc != MJT_OK)
            return rc;
        if ((m->s = calloc(n, sizeof *m->s)) == NULL) {
            m->s = old;
            w->used -= n * sizeof *old;
            return MJT_ENOMEM;
        }
        m->n = n;
        m->gen = 1;
        for (size_t i = 0; i < nold; i++)
            if (old[i].mark >> WSLOT_GEN_SHIFT == gen) {
                const wkey *key = at(w, old[i].idx - 1);
                uint64_t x = key_hash(key);
                wslot *s = probe(w, m, key, x, at);
                s->idx = old[i].idx;
                s->mark = 1u << WSLOT_GEN_SHIFT | WSLOT_TAG(x);
            }
        free(old);
        w->used -= nold * sizeof *old;
    }
    *hash = key_hash(k);
    *out = probe(w, m, k, *hash, at);
    return MJT_OK;
}

static void map_set(wmap *m, wslot *s, uint64_t hash, uint32_t idx)
{
    s->idx = idx + 1;
    s->mark = m->gen << WSLOT_GEN_SHIFT | WSLOT_TAG(hash);
    m->used++;
}

static void key_of(wkey *k, const mjt_hand *h, int adj, int ex, int mode,
                   unsigned red)
{
    memcpy(k->code, h->opaque_, sizeof k->code);
    k->adj = (int8_t)adj;
    k->ex = (uint8_t)(ex | (mode ? WKEY_MODE : 0));
    k->red = (uint16_t)red;
}

/* ==== The question ==== */

int wall_init(wall *w, const struct mjt_tables *t, const mjt_hand *proto,
              const uint8_t *visible)
{
    mjt_tiles held;
    uint8_t all[MJT_KINDS];
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    mjt_rules rules;

    w->t = t;
    w->ev = NULL; /* q is kept: dp.c knows what it is made for */
    w->nodes.len = w->edges.len = w->draws_.len = w->kids.len = 0;
    w->memo.len = 0;
    map_clear(&w->node_map);
    map_clear(&w->draw_map);
    map_clear(&w->memo_map);
    w->maxk = 0;
    w->steps = 0;
    w->late = 0;
    memset(w->sym, 0, sizeof w->sym);
    w->nodes.size = sizeof(wnode);
    w->edges.size = sizeof(wedge);
    w->draws_.size = sizeof(wdraw);
    w->kids.size = sizeof(uint32_t);
    w->memo.size = sizeof(wmemo);
    if (mjt_hand_tiles(proto, &held) != MJT_OK ||
        mjt_hand_held(proto, all) != MJT_OK ||
        mjt_hand_calls(proto, calls, MJT_MAX_CALLS, &ncalls) != MJT_OK)
        return MJT_EHAND;
    int players = mjt_hand_players(proto);
    /* The play draws and discards kinds: the red fives go (they change no
     * chance), so that a plain five always comes off. */
    for (size_t i = 0; i < ncalls; i++)
        calls[i].red = 0;
    mjt_rules_init(&rules, players);
    int rc = mjt_hand_from_calls(&w->proto, held.counts, calls, ncalls, &rules,
                                 NULL);
    if (rc != MJT_OK)
        return rc;
    w->wall = 0;
    for (int k = 0; k < MJT_KINDS; k++) {
        int seen = visible != NULL ? visible[k] : 0;
        int absent = players == 3 && k >= 1 && k <= 7;
        if (absent && seen > 0)
            return MJT_EPLAYERS;
        if (all[k] + seen > 4)
            return MJT_ECOPIES;
        w->base[k] = absent ? 0 : 4 - seen - (all[k] - held.counts[k]);
        w->cap[k] = (uint8_t)(4 - (all[k] - held.counts[k]));
        w->wall += w->base[k] - held.counts[k];
    }
    return MJT_OK;
}

void wall_free(wall *w)
{
    arr_free(&w->nodes);
    arr_free(&w->edges);
    arr_free(&w->draws_);
    arr_free(&w->kids);
    arr_free(&w->memo);
    free(w->node_map.s);
    free(w->draw_map.s);
    free(w->memo_map.s);
    free(w->q);
    free(w->val);
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
    free(m->s);
    m->s = NULL;
    m->n = m->used = 0;
}

static void shed_arr(wall *w, warr *a)
{
    w->used -= a->cap * a->size;
    arr_free(a);
}

void wall_shed(wall *w)
{
    shed_map(w, &w->node_map);
    shed_map(w, &w->draw_map);
    shed_map(w, &w->memo_map);
    shed_arr(w, &w->memo);
}

int wall_doubles(wall *w, double **p, size_t *room, size_t n)
{
    if (n <= *room)
        return MJT_OK;
    int rc = charge(w, (n - *room) * sizeof **p);
    if (rc != MJT_OK)
        return rc;
    double *q = realloc(*p, n * sizeof **p);
    if (q == NULL) {
        w->used -= (n - *room) * sizeof **p; /* not held after all */
        return MJT_ENOMEM;
    }
    *p = q;
    *room = n;
    return MJT_OK;
}

mjt_prob_work *mjt_prob_work_create(void)
{
    return calloc(1, sizeof(mjt_prob_work));
}

void mjt_prob_work_free(mjt_prob_work *work)
{
    if (work == NULL)
        return;
    wall_free(&work->w);
    free(work);
}

/* ==== Nodes ==== */

/* The copies left of kind k to a hand of counts c. */
static int left_of(const wall *w, const uint8_t *c, int adj, int k)
{
    int l = w->base[k] - c[k] - (k == adj);
    return l > 0 ? l : 0;
}

/* Node i's hand: the nodes' hand with its codes. */
static void hand_at(const wall *w, uint32_t i, mjt_hand *h)
{
    *h = w->hand13;
    memcpy(h->opaque_, wall_nodes(w)[i].key.code, 16);
}

/* Find or make the node (h of counts c, adj, ex): made means its shanten
 * and effective kinds are known (known: asked already, or NULL). */
static int find(wall *w, const mjt_hand *h, const uint8_t *c, int adj, int ex,
                unsigned red, const mjt_ukeire_info *known, uint32_t *out)
{
    wkey k;
    wslot *s;
    uint64_t hash;
    int rc;

    key_of(&k, h, adj, ex, 0, red);
    if ((rc = map_slot(w, &w->node_map, &k, node_key, &s, &hash)) != MJT_OK)
        return rc;
    if (live(&w->node_map, s)) {
        *out = s->idx - 1;
        return MJT_OK;
    }
    if ((++w->steps & 63) == 0 && (rc = wall_check(w)) != MJT_OK)
        return rc;
    if ((rc = grow(w, &w->nodes, w->nodes.len + 1)) != MJT_OK)
        return rc;
    if (w->nodes.len == 0)
        w->hand13 = *h;
    wnode *n = &wall_nodes(w)[w->nodes.len];
    mjt_ukeire_info u;
    if (known != NULL)
        u = *known;
    else if ((rc = mjt_ukeire(w->t, h, NULL, &u)) != MJT_OK)
        return rc;
    memset(n, 0, sizeof *n);
    n->key = k;
    n->shanten = (int8_t)u.shanten;
    n->eff = u.tiles;
    int left = 0;
    for (uint64_t m = u.tiles; m != 0; m &= m - 1)
        left += left_of(w, c, adj, __builtin_ctzll(m));
    n->left_eff = (uint8_t)left;
    if (left > w->maxk)
        w->maxk = left;
    *out = (uint32_t)w->nodes.len++;
    map_set(&w->node_map, s, hash, *out);
    return MJT_OK;
}

/* The hand of counts c with h's calls. */
static mjt_hand coded(const mjt_hand *h, const uint8_t *c)
{
    uint32_t code[4] = {0, 0, 0, 0};
    mjt_hand hc = *h;

    mjt__codes_of(c, code);
    memcpy(hc.opaque_, code, sizeof code);
    return hc;
}

/* Whether the node of key k is made: its index into *out. */
static int made(const wall *w, const wkey *k, uint32_t *out)
{
    if (w->node_map.n == 0)
        return 0;
    const wslot *s = probe(w, &w->node_map, k, key_hash(k), node_key);
    if (!live(&w->node_map, s))
        return 0;
    *out = s->idx - 1;
    return 1;
}

/* The effective kinds of hand h (ex, red fives red, no adj: they are the
 * hand's alone): its node's when made, else asked of the tables into *u
 * (*asked set), for the node that is made next. */
static int eff_of(wall *w, const mjt_hand *h, int ex, unsigned red,
                  uint64_t *eff, mjt_ukeire_info *u, int *asked)
{
    wkey k;
    uint32_t i;

    key_of(&k, h, -1, ex, 0, red);
    if (made(w, &k, &i)) {
        *eff = wall_nodes(w)[i].eff;
        return MJT_OK;
    }
    int rc = mjt_ukeire(w->t, h, NULL, u);
    *asked = rc == MJT_OK;
    *eff = u->tiles;
    return rc;
}

/* find, on the canonical hand of (h, counts, adj)'s class. */
static int find_canon(wall *w, const mjt_hand *h, const uint8_t *counts,
                      int adj, int ex, unsigned red, int *mapped, uint32_t *out)
{
    uint8_t c[MJT_KINDS];

    memcpy(c, counts, MJT_KINDS);
    *mapped = adj;
    wall_canon(w, c, adj, mapped);
    mjt_hand hc = coded(h, c);
    return find(w, &hc, c, *mapped, ex, red, NULL, out);
}

int wall_node(wall *w, const mjt_hand *h, const uint8_t *counts, int adj,
              int ex, unsigned red, uint32_t *out)
{
    uint8_t c[MJT_KINDS];
    mjt_ukeire_info u;
    uint64_t eff = 0;
    int rc, a, asked = 0;

    /* In forward play adj counts only while it is an effective kind (it
     * never becomes one later): then a node of its own, whose copies left
     * of adj are one fewer.  Exchanges make any kind useful again, so
     * there it always counts.  An expected-score question's ura dora
     * count the copies of adj a winning hand drew back (value.c): a hand
     * holding as many as the question did has drawn one back, and keeps
     * adj too.  Whether adj is effective is the hand's to say, adj aside:
     * it is asked without making the node that leaves adj out, which the
     * play may never reach. */
    if (w->moves != MJT_FORWARD && w->ev != NULL) /* no relabelling */
        return find(w, h, counts, adj, ex, red, NULL, out);
    if (w->moves != MJT_FORWARD)
        return find_canon(w, h, counts, adj, ex, red, &a, out);
    if (w->ev != NULL) { /* no relabelling: h is its class's hand */
        int keep = adj >= 0 && counts[adj] >= w->ev->orig[adj];
        if (adj >= 0 && !keep) {
            if ((rc = eff_of(w, h, ex, red, &eff, &u, &asked)) != MJT_OK)
                return rc;
            keep = (int)(eff >> adj & 1);
        }
        return find(w, h, counts, keep ? adj : -1, ex, red, asked ? &u : NULL,
                    out);
    }
    memcpy(c, counts, MJT_KINDS); /* adj's absence's class, adj's place */
    a = adj;
    wall_canon(w, c, -1, &a);
    mjt_hand hc = coded(h, c);
    if (adj >= 0) {
        if ((rc = eff_of(w, &hc, ex, red, &eff, &u, &asked)) != MJT_OK)
            return rc;
        if (eff >> a & 1)
            return find_canon(w, h, counts, adj, ex, red, &a, out);
    }
    return find(w, &hc, c, -1, ex, red, asked ? &u : NULL, out);
}

/* ==== Draw nodes ==== */

/* The memo of hand h (wmemo), made by ask when new: 0, or a failure. */
static int memo_of(wall *w, const mjt_hand *h, wmemo *out,
                   int (*ask)(const wall *w, const mjt_hand *h, wmemo *m))
{
    wkey k;
    wslot *s;
    uint64_t hash;
    int rc;

    key_of(&k, h, -1, 0, 0, 0);
    if ((rc = map_slot(w, &w->memo_map, &k, memo_key, &s, &hash)) != MJT_OK)
        return rc;
    if (live(&w->memo_map, s)) {
        *out = ((const wmemo *)w->memo.p)[s->idx - 1];
        return MJT_OK;
    }
    out->key = k;
    out->shanten = 0;
    out->tiles = out->up = 0;
    if ((rc = ask(w, h, out)) != MJT_OK ||
        (rc = grow(w, &w->memo, w->memo.len + 1)) != MJT_OK)
        return rc;
    ((wmemo *)w->memo.p)[w->memo.len] = *out;
    map_set(&w->memo_map, s, hash, (uint32_t)w->memo.len++);
    return MJT_OK;
}

/* A tenpai hand's winning tiles. */
static int ask_waits(const wall *w, const mjt_hand *h, wmemo *m)
{
    mjt_ukeire_info u;
    int rc = mjt_ukeire(w->t, h, NULL, &u);
    if (rc == MJT_OK)
        m->tiles = u.tiles;
    return rc;
}

/* The discards of 3k+2 tiles that keep the least shanten, and those one
 * above it. */
static int ask_discards(const wall *w, const mjt_hand *g, wmemo *m)
{
    int8_t sh[MJT_KINDS];
    uint64_t held = mjt__discard_shanten(w->t, g, sh), keep = 0, up = 0;
    int least = 127;

    if (held == 0)
        return MJT_EHAND;
    for (uint64_t x = held; x != 0; x &= x - 1)
        if (sh[__builtin_ctzll(x)] < least)
            least = sh[__builtin_ctzll(x)];
    for (; held != 0; held &= held - 1) {
        int x = __builtin_ctzll(held);
        keep |= (uint64_t)(sh[x] == least) << x;
        up |= (uint64_t)(sh[x] == least + 1) << x;
    }
    m->shanten = least;
    m->tiles = keep;
    m->up = up;
    return MJT_OK;
}

/* The most winning tiles left one of g's discards leaves (keep: those
 * that leave a tenpai hand), g of counts c. */
static int best_waits(wall *w, const mjt_hand *g, uint8_t *c, int adj,
                      uint64_t keep)
{
    int best = 0;

    for (; keep != 0; keep &= keep - 1) {
        int d = __builtin_ctzll(keep), waits = 0, rc;
        wmemo m;
        mjt_hand h = *g;
        mjt__hand_step(&h, d, -1);
        if ((rc = memo_of(w, &h, &m, ask_waits)) != MJT_OK)
            return rc;
        c[d]--;
        for (uint64_t x = m.tiles; x != 0; x &= x - 1)
            waits += left_of(w, c, adj, __builtin_ctzll(x));
        c[d]++;
        if (waits > best)
            best = waits;
    }
    if (best > w->maxk)
        w->maxk = best;
    return best;
}

/*
 * The draw node of g (14 tiles, of counts c, shanten s14, red fives red)
 * for a node with adj: its children have ex exchanges, and are the hands
 * its discards of shanten s14 leave, and in mode 1 also those of shanten
 * s14 + 1 (back).  closed: they are tenpai and make no more moves.
 */
static int draw_node(wall *w, const mjt_hand *g, uint8_t *c, int adj, int ex,
                     int mode, int closed, unsigned red, uint32_t *out)
{
    wkey k;
    wslot *s;
    uint64_t hash;
    wmemo m;
    wdraw d;
    int rc;

    key_of(&k, g, adj, ex, mode, red);
    if ((rc = map_slot(w, &w->draw_map, &k, draw_key, &s, &hash)) != MJT_OK)
        return rc;
    if (live(&w->draw_map, s)) {
        *out = s->idx - 1;
        return MJT_OK;
    }
    d.key = k;
    d.child = (uint32_t)w->kids.len;
    d.nchild = 0;
    d.best_waits = -1;
    d.pad_[0] = d.pad_[1] = 0;
    /* An expected-score question meets the same 14 tiles again and again
     * with another adj or other red fives (about half its draw nodes):
     * their discards are asked once.  The chances' relabelled graph meets
     * them less often, and a deep question's memory is better spent on
     * the graph. */
    rc = w->ev != NULL ? memo_of(w, g, &m, ask_discards)
                       : ask_discards(w, g, &m);
    if (rc != MJT_OK)
        return rc;
    if (closed) {
        assert(m.shanten == 0);
        if ((rc = best_waits(w, g, c, adj, m.tiles)) < 0)
            return rc;
        assert(rc <= INT8_MAX); /* at most 13 kinds of 4 copies */
        d.best_waits = (int8_t)rc;
    } else {
        uint64_t keep = m.tiles | (mode == 1 ? m.up : 0);
        for (; keep != 0; keep &= keep - 1) {
            int x = __builtin_ctzll(keep);
            uint32_t child;
            mjt_hand h = *g;
            unsigned rx = red_after(red, c, x, 0);
            /* the forgetful wall takes the player's discards back: a red
             * five thrown is in the wall again */
            if (rx != red && w->moves != MJT_FORWARD)
                rx += 1u << 5 * (x / 9);
            c[x]--;
            mjt__hand_step(&h, x, -1);
            rc = wall_node(w, &h, c, adj, ex, rx, &child);
            c[x]++;
            if (rc != MJT_OK ||
                (rc = grow(w, &w->kids, w->kids.len + 1)) != MJT_OK)
                return rc;
            ((uint32_t *)w->kids.p)[w->kids.len++] = child;
            assert(d.nchild < UINT8_MAX); /* at most 14 kinds held */
            d.nchild++;
        }
    }
    if ((rc = grow(w, &w->draws_, w->draws_.len + 1)) != MJT_OK)
        return rc;
    ((wdraw *)w->draws_.p)[w->draws_.len] = d;
    *out = (uint32_t)w->draws_.len++;
    /* the children may have moved the map: find the slot again */
    wslot *again = probe(w, &w->draw_map, &k, hash, draw_key);
    map_set(&w->draw_map, again, hash, *out);
    return MJT_OK;
}

/* ==== Building a node ==== */

/* Whether node n makes no more moves. */
static int settled(const wall *w, const wnode *n)
{
    return w->moves == MJT_FORWARD || n->key.ex >= w->extra;
}

static int add_edge(wall *w, int k, int left, int wins, uint32_t draw)
{
    int rc = grow(w, &w->edges, w->edges.len + 1);
    if (rc == MJT_OK)
        ((wedge *)w->edges.p)[w->edges.len++] =
            (wedge){(uint8_t)k, (uint8_t)left, (uint8_t)wins, 0, draw};
    return rc;
}

/* Node i's draws: each effective kind (kept: its draw node's discards keep
 * the lower shanten), and, while exchanges are left, every other kind
 * (an exchange, or in back play a step back, or thrown). */
static int build(wall *w, uint32_t i)
{
    wnode n = wall_nodes(w)[i]; /* a copy: the arrays may move */
    int rc = MJT_OK, more = !settled(w, &n);
    uint32_t first = (uint32_t)w->edges.len;
    uint8_t counts[MJT_KINDS];
    mjt_hand hand;

    /* no node keeps its counts (they would cost a deep question a tenth
     * of its memory): they are read from its codes */
    hand_at(w, i, &hand);
    for (int p = 0; p < 4; p++)
        mjt__code_counts(n.key.code[p], counts + 9 * p, p < 3 ? 9 : 7);

    /* the kinds it may draw: its effective ones, or every one while it
     * makes moves; a tenpai hand that moves no more has a closed form: no
     * draws (but its wins, whose points the forgetful wall's bound weighs
     * one by one) */
    uint64_t kinds = more ? (UINT64_C(1) << MJT_KINDS) - 1 : n.eff;
    if (n.shanten <= 0 && !more && (w->ev == NULL || w->moves == MJT_FORWARD))
        kinds = 0;
    for (; kinds != 0 && rc == MJT_OK; kinds &= kinds - 1) {
        int k = __builtin_ctzll(kinds);
        int left = left_of(w, counts, n.key.adj, k);
        int eff = (int)(n.eff >> k & 1);
        uint32_t draw;
        if (left == 0)
            continue;
        if (eff && n.shanten == 0 && w->ev == NULL) { /* a winning tile */
            rc = add_edge(w, k, left, 1, 0);
            continue;
        }
        /* The play's changes need no checks: its hands hold no red five
         * (wall_init), a kind is drawn while copies of it are left, and
         * only a held kind is discarded.  An expected-score question
         * keeps its red fives in the key: a five's draw is a red one (a
         * draw of its own) as often as the wall holds them. */
        mjt_hand g = hand;
        unsigned red = n.key.red;
        int reds = k < 27 && k % 9 == 4 ? red_wall(red, k / 9) : 0;
        reds = reds < left ? reds : left;
        counts[k]++; /* draw_node leaves them as it found them */
        mjt__hand_step(&g, k, 1);
        for (int part = reds > 0; part >= 0 && rc == MJT_OK; part--) {
            /* part 1: a red five (held one more, the wall one fewer) */
            unsigned r = part ? red + 4u * (1u << 5 * (k / 9)) : red;
            int m = part ? reds : left - reds;
            if (m == 0)
                continue;
            if (eff && n.shanten == 0) { /* a win: value.c scores it */
                rc = add_edge(w, k, m, 1 + part, 0);
                continue;
            }
            if (eff)
                rc =
                    draw_node(w, &g, counts, n.key.adj, n.key.ex, 0,
                              n.shanten == 1 && settled(w, &n) && w->ev == NULL,
                              r, &draw);
            else
                rc = draw_node(w, &g, counts, n.key.adj, n.key.ex + 1,
                               w->moves == MJT_BACK && n.shanten < w->top, 0, r,
                               &draw);
            if (rc == MJT_OK)
                rc = add_edge(w, k, m, 0, draw);
        }
        counts[k]--;
    }
    wnode *p = &wall_nodes(w)[i];
    p->edge = first;
    p->nedge = (uint8_t)(w->edges.len - first);
    p->built = 1;
    return rc;
}

int wall_build(wall *w)
{
    /* breadth first: a node's index is its place in the order it was
     * made, so building them in index order builds each once */
    for (size_t i = 0; i < w->nodes.len; i++) {
        int rc;
        if (wall_nodes(w)[i].built)
            continue;
        if ((rc = build(w, (uint32_t)i)) != MJT_OK)
            return rc;
    }
    return MJT_OK;
}
