/* SPDX-License-Identifier: MIT */
/*
 * The graph of hands a question's play can reach.  A node is a 3k+1 hand
 * (with the kind counted as seen once more and the exchanges made: wkey);
 * its edges are its draws, each leading to a draw node: the 14-tile hand
 * the draw makes, with the nodes its keeping discards leave.  Draw nodes
 * are shared: many hands draw to the same 14 tiles (in the chances'
 * graph, to the same class of 14 tiles: the canonical hand of it).
 *
 * Everything is found by hash maps of keys (open addressing, a slot the
 * entry's index and 24 bits of its key's hash: most probes read the slots
 * alone) and made once: a node's
 * shanten and effective kinds (one query) when first reached, its draws
 * when mjt__wall_build reaches it, breadth first; a draw node's children from
 * the shanten of each of its discards (mjt__discard_shanten, one join).
 * A draw that makes a 1-shanten hand tenpai, when the tenpai hand makes no
 * more moves, makes no node: its value depends only on the winning tiles
 * left, and the best keeping discard is the one that leaves most (the
 * chance of a win from tenpai grows with them), so the draw node keeps
 * that count alone; the winning tiles of those tenpai hands are memoised
 * too, and so are the keeping discards of an expected-score question's 14
 * tiles, which come back with other red fives and ura counts.
 *
 * Everything is allocated in the question's budget (store.c); the
 * budget and the cancel flag are looked at every 64 hands made.
 */
#include "store.h"

#include <assert.h>
#include <string.h>

#include "codes.h"

/* ==== The question ==== */

int mjt__wall_init(wall *w, const struct mjt_tables *t, const mjt_hand *proto,
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
    mjt__wall_map_clear(&w->node_map);
    mjt__wall_map_clear(&w->draw_map);
    mjt__wall_map_clear(&w->memo_map);
    w->maxk = 0;
    w->smin = 99; /* mjt__wall_build sets it */
    w->steps = 0;
    w->late = 0;
    memset(&w->sym, 0, sizeof w->sym);
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
    if ((rc = mjt__wall_map_slot(w, &w->node_map, &w->nodes, &k, &s, &hash)) !=
        MJT_OK)
        return rc;
    if (live(&w->node_map, s)) {
        *out = s->idx - 1;
        return MJT_OK;
    }
    if ((++w->steps & 63) == 0 && (rc = mjt__wall_check(w)) != MJT_OK)
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
    const wslot *s = probe(&w->node_map, &w->nodes, k, key_hash(k));
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

/* A node about to be found: the hand and counts the play left (after
 * a discard, adj the kind thrown or -1), its exchanges and red fives;
 * then, as child_look makes them, the hand and counts of its class's
 * canonical hand and adj's kind in them, or where the graph is not
 * relabelled h, counts and adj again. */
typedef struct wchild {
    mjt_hand h;
    uint8_t counts[MJT_KINDS];
    int adj, ex;
    unsigned red;
    mjt_hand hc; /* child_look's */
    uint8_t c[MJT_KINDS];
    int a;
} wchild;

/* The node of h with counts, adj, ex and red, to be looked at. */
static wchild child_of(const mjt_hand *h, const uint8_t *counts, int adj,
                       int ex, unsigned red)
{
    wchild ch = {.h = *h, .adj = adj, .ex = ex, .red = red};
    memcpy(ch.counts, counts, MJT_KINDS);
    return ch;
}

/* Relabel ch as child_find takes it, and fetch the slot of the lookup
 * child_find makes first (look: its adj; the two must agree) ahead: a
 * deep question's map is far larger than the caches, and a draw node's
 * children are looked up one after another. */
static void child_look(wall *w, wchild *ch)
{
    int look = ch->adj;
    wkey k;

    ch->a = ch->adj;
    ch->hc = ch->h;
    memcpy(ch->c, ch->counts, MJT_KINDS);
    if (w->ev == NULL) {
        mjt__wall_canon(w, ch->c, &ch->a);
        ch->hc = coded(&ch->h, ch->c);
        look = w->moves == MJT_FORWARD ? -1 : ch->a;
    } else if (w->moves == MJT_FORWARD && ch->adj >= 0 &&
               ch->counts[ch->adj] < w->ev->orig[ch->adj]) {
        look = -1;
    }
    if (!map_fetches(&w->node_map))
        return;
    key_of(&k, &ch->hc, look, ch->ex, 0, ch->red);
    map_fetch(&w->node_map, &k);
}

/* Find or make ch's node (child_look has made ch ready). */
static int child_find(wall *w, const wchild *ch, uint32_t *out)
{
    mjt_ukeire_info u;
    uint64_t eff = 0;
    int rc, a = ch->a, adj = ch->adj, asked = 0;

    /* In forward play adj counts only while it is an effective kind (it
     * never becomes one later): then a node of its own, whose copies left
     * of adj are one fewer.  Exchanges make any kind useful again, so
     * there it always counts.  An expected-score question's ura dora
     * count the copies of adj a winning hand drew back (value.c): a hand
     * holding as many as the question did has drawn one back, and keeps
     * adj too.  Whether adj is effective is the hand's to say, adj aside:
     * it is asked without making the node that leaves adj out, which the
     * play may never reach.  An expected-score question's graph is not
     * relabelled. */
    if (w->moves != MJT_FORWARD)
        return find(w, &ch->hc, ch->c, a, ch->ex, ch->red, NULL, out);
    if (w->ev != NULL) {
        int keep = adj >= 0 && ch->counts[adj] >= w->ev->orig[adj];
        if (adj >= 0 && !keep) {
            rc = eff_of(w, &ch->h, ch->ex, ch->red, &eff, &u, &asked);
            if (rc != MJT_OK)
                return rc;
            keep = (int)(eff >> adj & 1);
        }
        return find(w, &ch->h, ch->counts, keep ? adj : -1, ch->ex, ch->red,
                    asked ? &u : NULL, out);
    }
    /* hc is the canonical hand, a adj's place in it */
    if (adj >= 0) {
        rc = eff_of(w, &ch->hc, ch->ex, ch->red, &eff, &u, &asked);
        if (rc != MJT_OK)
            return rc;
        if (!(eff >> a & 1))
            a = -1;
    }
    return find(w, &ch->hc, ch->c, a, ch->ex, ch->red, asked ? &u : NULL, out);
}

int mjt__wall_node(wall *w, const mjt_hand *h, const uint8_t *counts, int adj,
                   int ex, unsigned red, uint32_t *out)
{
    wchild ch = child_of(h, counts, adj, ex, red);

    child_look(w, &ch);
    return child_find(w, &ch, out);
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
    if ((rc = mjt__wall_map_slot(w, &w->memo_map, &w->memo, &k, &s, &hash)) !=
        MJT_OK)
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

/* The children of draw node d: the nodes that g's discards in keep leave
 * (g: the 14 tiles with their counts, adj, ex and red fives as a child's
 * are).  Every child is looked at first, so that their slots are fetched
 * while the first are found. */
static int draw_children(wall *w, const wchild *g, uint64_t keep, wdraw *d)
{
    wchild ch[14];
    int n = 0, rc;

    for (; keep != 0; keep &= keep - 1) {
        int x = __builtin_ctzll(keep);
        assert(n < 14); /* at most 14 kinds held */
        wchild *cx = &ch[n++];
        *cx = *g;
        cx->red = red_after(g->red, g->counts, x, 0);
        /* the forgetful wall takes the player's discards back: a red five
         * thrown is in the wall again */
        if (cx->red != g->red && w->moves != MJT_FORWARD)
            cx->red += 1u << 5 * (x / 9);
        mjt__hand_step(&cx->h, x, -1);
        cx->counts[x]--;
        child_look(w, cx);
    }
    for (int i = 0; i < n; i++) {
        uint32_t child;
        if ((rc = child_find(w, &ch[i], &child)) != MJT_OK ||
            (rc = grow(w, &w->kids, w->kids.len + 1)) != MJT_OK)
            return rc;
        ((uint32_t *)w->kids.p)[w->kids.len++] = child;
    }
    d->nchild = (uint8_t)n;
    return MJT_OK;
}

/*
 * The draw node of g (14 tiles, of counts c, shanten s14, red fives red)
 * with adj (the draw's, relabelled with g): its children have ex
 * exchanges, and are the hands its discards of shanten s14 leave, and in
 * mode 1 also those of shanten s14 + 1 (back).  closed: they are tenpai
 * and make no more moves.  closed is not in the key: in exchange play a
 * settled 1-shanten hand's effective draw (closed) and a tenpai hand's
 * exchange to its last (not closed, its children settled tenpai hands)
 * may meet the same 14 tiles, and either way the draw is worth the same:
 * tenpai for sure, and a win as likely as the most winning tiles a
 * keeping discard leaves make it (the children's closed form, best of).
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
    if ((rc = mjt__wall_map_slot(w, &w->draw_map, &w->draws_, &k, &s, &hash)) !=
        MJT_OK)
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
        wchild from = child_of(g, c, adj, ex, red);
        rc = draw_children(w, &from, m.tiles | (mode == 1 ? m.up : 0), &d);
        if (rc != MJT_OK)
            return rc;
    }
    if ((rc = grow(w, &w->draws_, w->draws_.len + 1)) != MJT_OK)
        return rc;
    ((wdraw *)w->draws_.p)[w->draws_.len] = d;
    *out = (uint32_t)w->draws_.len++;
    /* the children make nodes and memos, not draw nodes, so s is still
     * k's free slot; found again all the same (a probe that hits the
     * cache), so that no later change can leave it stale */
    wslot *again = probe(&w->draw_map, &w->draws_, &k, hash);
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

/* The mode of node n's draw node for a draw that is not effective (eff
 * 0): in back play one step back is allowed while n is below the top. */
static int draw_mode(const wall *w, const wnode *n, int eff)
{
    return !eff && w->moves == MJT_BACK && n->shanten < w->top;
}

/* A draw of node n as its draw node takes it: the 14 tiles (and their
 * counts), with adj where they put it.  The chances' graph is relabelled
 * (symmetry.c), so two hands that draw to one class of 14 tiles share a
 * draw node, as the hands of one class share a node: the same keeping
 * discards, asked once, and their children found once (a third of the
 * draw nodes at 4 shanten were another's relabelled, half at 6).  An
 * expected-score question's draws are the hands themselves. */
typedef struct wdrawn {
    mjt_hand g;
    uint8_t c[MJT_KINDS];
    int adj;
} wdrawn;

static void drawn_of(wall *w, const mjt_hand *hand, const uint8_t *counts,
                     int adj, int k, wdrawn *out)
{
    memcpy(out->c, counts, MJT_KINDS);
    out->c[k]++;
    out->adj = adj;
    out->g = *hand;
    mjt__hand_step(&out->g, k, 1);
    if (w->ev == NULL) {
        mjt__wall_canon(w, out->c, &out->adj);
        out->g = coded(&out->g, out->c);
    }
}

/* Fetch ahead the draw map's slot of node n's draw of kind k (d: as
 * drawn_of made it), as build looks it up (a red five's aside): a node's
 * draws are looked up one after another, and a deep question's map is
 * far larger than the caches.  Always inline, as map_fetch is. */
__attribute__((always_inline)) static inline void
fetch_draw(const wall *w, const wnode *n, const wdrawn *d, int k)
{
    int eff = (int)(n->eff >> k & 1);
    wkey key;

    key_of(&key, &d->g, d->adj, n->key.ex + !eff, draw_mode(w, n, eff),
           n->key.red);
    map_fetch(&w->draw_map, &key);
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
    /* Each draw that makes a draw node (none left, or a win, makes
     * none) relabelled (drawn_of) and its slot fetched ahead first, then
     * every draw in kind order; drawn: the kinds of dn made.  The
     * chances' hands hold no red five, so relabelling moves none. */
    assert(w->ev != NULL || n.key.red == 0);
    wdrawn dn[MJT_KINDS];
    uint64_t drawn = 0;
    int fetch = n.shanten > 0 && map_fetches(&w->draw_map);
    for (uint64_t m = kinds; m != 0; m &= m - 1) {
        int k = __builtin_ctzll(m);
        if (left_of(w, counts, n.key.adj, k) == 0 ||
            (n.shanten == 0 && (n.eff >> k & 1)))
            continue;
        drawn_of(w, &hand, counts, n.key.adj, k, &dn[k]);
        drawn |= UINT64_C(1) << k;
        if (fetch)
            fetch_draw(w, &n, &dn[k], k);
    }
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
         * (mjt__wall_init), a kind is drawn while copies of it are left, and
         * only a held kind is discarded.  An expected-score question
         * keeps its red fives in the key: a five's draw is a red one (a
         * draw of its own) as often as the wall holds them. */
        unsigned red = n.key.red;
        int reds = k < 27 && k % 9 == 4 ? red_wall(red, k / 9) : 0;
        reds = reds < left ? reds : left;
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
            /* draw_node leaves d's counts as it found them */
            assert(drawn >> k & 1);
            wdrawn *d = &dn[k];
            if (eff)
                rc =
                    draw_node(w, &d->g, d->c, d->adj, n.key.ex, 0,
                              n.shanten == 1 && settled(w, &n) && w->ev == NULL,
                              r, &draw);
            else
                rc = draw_node(w, &d->g, d->c, d->adj, n.key.ex + 1,
                               draw_mode(w, &n, 0), 0, r, &draw);
            if (rc == MJT_OK)
                rc = add_edge(w, k, m, 0, draw);
        }
    }
    wnode *p = &wall_nodes(w)[i];
    p->edge = first;
    p->nedge = (uint8_t)(w->edges.len - first);
    p->built = 1;
    return rc;
}

int mjt__wall_build(wall *w)
{
    /* smin is the roots' least shanten (the nodes made before the build
     * are the roots).  A node not reached with a draw left makes no draw
     * (wall_reached), and with T below smin no node is tenpai within T
     * draws: the passes read nothing of those nodes but their shanten and
     * their values with no draw left, and their draws are not made.  Only
     * a question with few draws left (T at most smin + K) has such nodes:
     * all of its graph with T below smin, less as T grows. */
    w->smin = 99;
    for (size_t i = 0; i < w->nodes.len; i++)
        if (wall_nodes(w)[i].shanten < w->smin)
            w->smin = wall_nodes(w)[i].shanten;
    if (w->draws < w->smin)
        return MJT_OK;
    /* breadth first: a node's index is its place in the order it was
     * made, so building them in index order builds each once */
    for (size_t i = 0; i < w->nodes.len; i++) {
        int rc;
        const wnode *n = &wall_nodes(w)[i];
        if (n->built || !wall_reached(w, n, w->draws - 1))
            continue;
        if ((rc = build(w, (uint32_t)i)) != MJT_OK)
            return rc;
    }
    return MJT_OK;
}
