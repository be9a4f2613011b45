/* SPDX-License-Identifier: MIT */
/*
 * Brute-force chances of tenpai and of a win from a known wall (the model
 * is in brute_wall.h).  It walks every order of draws: a node is a 13-tile
 * state, the concealed counts, the wall left and the exchanges used; each
 * tile kind in the wall is a branch weighted by its copies, and each
 * allowed discard after it a choice, taken at its best.
 *
 * Horizons.  The draws made so far are the tiles gone from the wall, so a
 * node of the search for T draws has exactly T - made draws left at most.
 * A node therefore keeps one value per number of draws left, 0 to T -
 * made, for either objective: value[d] = sum over draws of p * max over
 * discards of child value[d - 1].  The max is taken for each d on its own,
 * which is what makes every horizon its own optimum, and one search
 * answers every h = 1 .. T.  The key (hand, wall, exchanges used) with
 * that array is the memo of (hand, wall, draws left, exchanges used).
 *
 * Orders of draws that meet in the same state are solved once: with a
 * one-suit wall most orders of a few draws collapse onto few walls.  The
 * last draw of a line needs no node at all (see one_draw), and a child
 * whose shanten leaves it no chance within its draws is not searched.
 * Shanten, the only thing asked of the library, is memoised too, keyed
 * by the concealed counts (the calls never change), and each hand links
 * to the hands a draw or a discard makes of it.
 *
 * The forgetful wall (brute_wall.h) changes two things: a state's wall is
 * only its size (a kind's copies follow from the hand), and a state's
 * value is the best wall's (best_wall) over the values of the kinds
 * drawn, in place of their weighted sum.  one_draw, which reads the real
 * wall, is not used there: the last draw takes a node too.
 */
#include "brute_wall.h"

#include <stdlib.h>
#include <string.h>

/* The most states (a node times its draws left) one question may visit,
 * and the most hands it may remember (about 250 bytes each): the bounds
 * of its memory, some GB at worst. */
#define BW_MAX_STATES 50000000u
#define BW_MAX_HANDS 4000000u
#define BW_MAX_DRAWS 8
#define BW_MAX_EXTRA 3
/* No such shanten: the slot is empty, or the kind is not held. */
#define BW_NONE 0x7f
/* A failure deep in the search, passed up as an offset. */
#define BW_FAIL UINT32_MAX

/*
 * 34 counts of 0 to 4, 3 bits each: kinds 0-20 fill 63 bits of w[0] and
 * 21-33 the low 39 of w[1], whose high bits are free for the key.  A draw
 * or a discard is one addition, and the packed form is the memo's key.
 */
typedef struct bw_set {
    uint64_t w[2];
} bw_set;

#define BW_BIT(i) ((uint64_t)1 << (3 * ((i) % 21)))

static int set_get(const bw_set *s, int i)
{
    return (int)((s->w[i / 21] >> (3 * (i % 21))) & 7);
}

static void set_add(bw_set *s, int i, int delta)
{
    if (delta > 0)
        s->w[i / 21] += BW_BIT(i);
    else
        s->w[i / 21] -= BW_BIT(i);
}

static void set_pack(bw_set *s, const uint8_t c[MJT_KINDS])
{
    s->w[0] = s->w[1] = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        s->w[i / 21] |= (uint64_t)c[i] << (3 * (i % 21));
}

static void set_unpack(const bw_set *s, uint8_t c[MJT_KINDS])
{
    for (int i = 0; i < MJT_KINDS; i++)
        c[i] = (uint8_t)set_get(s, i);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 29);
}

/* Links of a hand's memo entry that are not an entry's index. */
#define BW_UNKNOWN (-2) /* not asked yet */
#define BW_ABSENT (-3)  /* no such hand: the kind is not held */

/*
 * The memo entry of a concealed hand.  Entries never move within the
 * array (only the array does, as it grows), so they link to each other by
 * index: a 3k+1 hand to the hand each draw makes (link[k]), a 3k+2 hand
 * to the hand each discard leaves (link[x], with that hand's shanten in
 * after[x]).  The search then follows a link where it would hash a hand,
 * which is most of its work.  Links are found when first needed (a 3k+2
 * hand's all at once, when linked is set): most hands are asked only
 * their shanten, and making their discards too would make hands by the
 * million in a world of many kinds.
 */
typedef struct bw_hand {
    bw_set key;
    int8_t shanten, linked;
    int8_t after[MJT_KINDS];
    int32_t link[MJT_KINDS];
} bw_hand;

/*
 * For a 3k+1 hand, by the same index, the kinds of the wall whose draw
 * makes it tenpai (ten) or complete (win), once known (BW_KNOWN set in
 * ten).  The last draw of every line reads them, so they lie apart from
 * the entries, in a small dense array that stays in the cache.
 */
typedef struct bw_masks {
    uint64_t ten, win;
} bw_masks;

#define BW_KNOWN ((uint64_t)1 << 63)

/* A slot of the hash of hands: the key and its entry (-1: empty). */
typedef struct bw_slot {
    bw_set key;
    int32_t index;
} bw_slot;

/* A node of the search: its key, and 1 + where its values lie in the
 * pool (0 for an empty slot). */
typedef struct bw_node {
    uint64_t key[4];
    uint32_t off;
} bw_node;

typedef struct bw_ctx {
    const mjt_tables *t;
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    mjt_rules rules;
    int moves, extra, top, horizon, wall0;
    /* The forgetful wall: a state's wall is then only its size (w[0]),
     * and a kind's copies are base less what the hand holds. */
    int forgetful;
    uint8_t base[MJT_KINDS];
    /* The kinds the wall starts with, the only ones ever drawn: loops
     * over draws run over these few instead of all 34. */
    int world[MJT_KINDS], nworld;
    uint8_t called[MJT_KINDS]; /* copies of each kind in the calls */

    bw_node *nodes; /* open addressing, at most half full */
    size_t ncap, nlen;
    double *pool; /* each node's tenpai[0..d], then win[0..d] */
    size_t plen, pcap;
    bw_hand *hands;  /* the hand memo, in the order made */
    bw_masks *masks; /* by the same index */
    size_t hlen, hcap;
    bw_slot *slots; /* open addressing over hands, at most half full */
    size_t scap;
    size_t states;
} bw_ctx;

static size_t slot_of(const bw_set *key, size_t cap)
{
    return mix(key->w[0], key->w[1]) & (cap - 1);
}

/* Make room for one more hand in both the array and its hash. */
static int hands_room(bw_ctx *c)
{
    if (c->hlen >= BW_MAX_HANDS)
        return -1;
    if (c->hlen == c->hcap) {
        size_t cap = c->hcap ? 2 * c->hcap : 1u << 10;
        bw_hand *h = realloc(c->hands, cap * sizeof *h);
        if (h == NULL)
            return -1;
        c->hands = h;
        bw_masks *m = realloc(c->masks, cap * sizeof *m);
        if (m == NULL)
            return -1;
        c->masks = m;
        c->hcap = cap;
    }
    if (2 * (c->hlen + 1) <= c->scap)
        return 0;
    size_t cap = c->scap ? 2 * c->scap : 1u << 11;
    bw_slot *s = malloc(cap * sizeof *s);
    if (s == NULL)
        return -1;
    for (size_t i = 0; i < cap; i++)
        s[i].index = -1;
    for (size_t i = 0; i < c->scap; i++) {
        if (c->slots[i].index < 0)
            continue;
        size_t j = slot_of(&c->slots[i].key, cap);
        while (s[j].index >= 0)
            j = (j + 1) & (cap - 1);
        s[j] = c->slots[i];
    }
    free(c->slots);
    c->slots = s;
    c->scap = cap;
    return 0;
}

/* The slot of hand: its own, or the empty one it would go in. */
static bw_slot *slot_find(bw_ctx *c, const bw_set *hand)
{
    size_t j = slot_of(hand, c->scap);
    while (c->slots[j].index >= 0 && (c->slots[j].key.w[0] != hand->w[0] ||
                                      c->slots[j].key.w[1] != hand->w[1]))
        j = (j + 1) & (c->scap - 1);
    return &c->slots[j];
}

/*
 * The overall shanten of concealed counts with the hand's calls, or -100
 * when the library refuses.  The hand is rebuilt from counts: its calls
 * cap the copies left, so mjt_shanten_counts, which knows no calls, would
 * not do.
 */
static int ask_shanten(bw_ctx *c, const uint8_t counts[MJT_KINDS])
{
    mjt_hand h;
    mjt_shanten_info info;
    if (mjt_hand_from_calls(&h, counts, c->calls, c->ncalls, &c->rules, NULL) !=
            MJT_OK ||
        mjt_shanten(c->t, &h, &info) != MJT_OK)
        return -100;
    return info.overall;
}

/* The index of hand's memo entry, made on first use with its shanten
 * alone; -1 when the library refuses or the memo is full. */
static int32_t hand_index(bw_ctx *c, const bw_set *hand)
{
    if (hands_room(c) != 0)
        return -1;
    bw_slot *slot = slot_find(c, hand);
    if (slot->index >= 0)
        return slot->index;

    bw_hand *e = &c->hands[c->hlen];
    uint8_t counts[MJT_KINDS];
    set_unpack(hand, counts);
    int s = ask_shanten(c, counts);
    if (s < -1)
        return -1;
    e->key = *hand;
    e->shanten = (int8_t)s;
    e->linked = 0;
    for (int i = 0; i < MJT_KINDS; i++) {
        e->after[i] = BW_NONE;
        e->link[i] = BW_UNKNOWN;
    }
    c->masks[c->hlen].ten = c->masks[c->hlen].win = 0;
    slot->key = *hand;
    slot->index = (int32_t)c->hlen;
    return (int32_t)c->hlen++;
}

/*
 * Link 3k+2 hand i to the hands its discards leave, once; 0, or -1.  The
 * shanten after each discard comes from those hands' entries, which many
 * 3k+2 hands share, so the library is asked once per hand.
 */
static int hand_discards(bw_ctx *c, int32_t i)
{
    if (c->hands[i].linked)
        return 0;
    for (int x = 0; x < MJT_KINDS; x++) {
        if (set_get(&c->hands[i].key, x) == 0) {
            c->hands[i].link[x] = BW_ABSENT;
            continue;
        }
        bw_set h13 = c->hands[i].key;
        set_add(&h13, x, -1);
        /* hand_index may move the array: index it again after. */
        int32_t j = hand_index(c, &h13);
        if (j < 0)
            return -1;
        c->hands[i].link[x] = j;
        c->hands[i].after[x] = c->hands[j].shanten;
    }
    c->hands[i].linked = 1;
    return 0;
}

/* The entry of 3k+1 hand i with kind k drawn (k not held 4 times, calls
 * included), or -1. */
static int32_t hand_draw(bw_ctx *c, int32_t i, int k)
{
    int32_t j = c->hands[i].link[k];
    if (j != BW_UNKNOWN)
        return j;
    bw_set h14 = c->hands[i].key;
    set_add(&h14, k, 1);
    j = hand_index(c, &h14);
    if (j >= 0)
        c->hands[i].link[k] = j;
    return j;
}

/*
 * The chances, with one draw left, that 3k+1 hand i of shanten s is
 * tenpai (*t) and complete (*w) after it, drawing from wall (left tiles).
 * They need no node: one draw wins when it completes the hand, and gives
 * tenpai exactly when it lowers the shanten to 0 (a draw that does not
 * lower it leaves the shanten as it was, exchange or not).  The kinds that
 * do are kept with the hand, found once for the kinds of the whole wall,
 * which only shrinks.
 */
static int one_draw(bw_ctx *c, int32_t i, int s, const bw_set *wall, int left,
                    double *t, double *w)
{
    if (!(c->masks[i].ten & BW_KNOWN)) {
        uint64_t ten = BW_KNOWN, win = 0;
        for (int m = 0; m < c->nworld; m++) {
            int k = c->world[m];
            /* A kind this hand and the calls hold 4 of is gone from
             * the wall for good, and a fifth copy is no hand. */
            if (set_get(&c->hands[i].key, k) + c->called[k] >= 4)
                continue;
            int32_t j = hand_draw(c, i, k);
            if (j < 0)
                return -1;
            ten |= (uint64_t)(c->hands[j].shanten <= 0) << k;
            win |= (uint64_t)(c->hands[j].shanten == -1) << k;
        }
        c->masks[i].ten = ten;
        c->masks[i].win = win;
    }
    const bw_masks *h = &c->masks[i];
    /* A win is tenpai too: win is a subset of ten. */
    int nt = 0, nw = 0;
    for (int m = 0; left > 0 && m < c->nworld; m++) {
        int k = c->world[m];
        if (!(h->ten >> k & 1))
            continue;
        int n = set_get(wall, k);
        nt += n;
        nw += (h->win >> k & 1) ? n : 0;
    }
    *t = s == 0 ? 1.0 : left > 0 ? (double)nt / left : 0.0;
    *w = left > 0 ? (double)nw / left : 0.0;
    return 0;
}

static size_t node_slot(const uint64_t key[4], size_t cap)
{
    return mix(mix(key[0], key[1]), mix(key[2], key[3])) & (cap - 1);
}

static int nodes_grow(bw_ctx *c)
{
    size_t cap = c->ncap ? 2 * c->ncap : 1u << 12;
    bw_node *n = calloc(cap, sizeof *n);
    if (n == NULL)
        return -1;
    for (size_t i = 0; i < c->ncap; i++) {
        const bw_node *o = &c->nodes[i];
        if (o->off == 0)
            continue;
        size_t j = node_slot(o->key, cap);
        while (n[j].off != 0)
            j = (j + 1) & (cap - 1);
        n[j] = *o;
    }
    free(c->nodes);
    c->nodes = n;
    c->ncap = cap;
    return 0;
}

/* The slot of key: the node's, or the empty one it would go in. */
static bw_node *nodes_find(bw_ctx *c, const uint64_t key[4])
{
    size_t j = node_slot(key, c->ncap);
    while (c->nodes[j].off != 0 &&
           memcmp(c->nodes[j].key, key, sizeof c->nodes[j].key) != 0)
        j = (j + 1) & (c->ncap - 1);
    return &c->nodes[j];
}

/* Room for n more doubles in the pool: their offset, or BW_FAIL. */
static uint32_t pool_take(bw_ctx *c, size_t n)
{
    if (c->plen + n > c->pcap) {
        size_t cap = c->pcap ? 2 * c->pcap : 1u << 14;
        while (cap < c->plen + n)
            cap *= 2;
        double *p = realloc(c->pool, cap * sizeof *p);
        if (p == NULL)
            return BW_FAIL;
        c->pool = p;
        c->pcap = cap;
    }
    size_t off = c->plen;
    c->plen += n;
    return (uint32_t)off;
}

/* The forgetful wall's bound with d draws left: the left most valuable
 * of the copies wc[kinds[i]], each worth v[i][d], averaged over left. */
static double best_wall(const uint8_t wc[MJT_KINDS], const int *kinds,
                        int nkinds, double v[][BW_MAX_DRAWS + 1], int d,
                        int left)
{
    int order[MJT_KINDS];
    for (int i = 0; i < nkinds; i++) {
        int j = i;
        for (; j > 0 && v[order[j - 1]][d] < v[i][d]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    double sum = 0;
    int need = left;
    for (int j = 0; j < nkinds && need > 0; j++) {
        int take = wc[kinds[order[j]]];
        take = take < need ? take : need;
        sum += take * v[order[j]][d];
        need -= take;
    }
    return sum / left;
}

/* The chance with d draws left from the values v[i][d] of drawing each
 * kinds[i] (of copies wc): their average weighted by copies on the real
 * wall, the best wall's on the forgetful one. */
static double chance(const bw_ctx *c, const uint8_t wc[MJT_KINDS],
                     const int *kinds, int nkinds, double v[][BW_MAX_DRAWS + 1],
                     int d, int left)
{
    if (c->forgetful)
        return best_wall(wc, kinds, nkinds, v, d, left);
    double sum = 0;
    for (int i = 0; i < nkinds; i++)
        if (wc[kinds[i]] > 0)
            sum += (double)wc[kinds[i]] / left * v[i][d];
    return sum;
}

/*
 * Solve the state (hand i13: 3k+1 concealed tiles, wall, e exchanges
 * used) and return the offset of its values in the pool, or BW_FAIL.  The
 * pool and the tables may move under a child's solve, so values and
 * entries are read again after each call, never kept as pointers across
 * one.
 */
static uint32_t solve(bw_ctx *c, int32_t i13, const bw_set *wall, int e)
{
    const bw_set hand = c->hands[i13].key;
    uint64_t key[4] = {hand.w[0], hand.w[1] | (uint64_t)e << 40, wall->w[0],
                       wall->w[1]};
    if (2 * (c->nlen + 1) > c->ncap && nodes_grow(c) != 0)
        return BW_FAIL;
    const bw_node *found = nodes_find(c, key);
    if (found->off != 0)
        return found->off - 1;

    uint8_t wc[MJT_KINDS];
    int left = 0, kinds[MJT_KINDS], nkinds = 0;
    if (c->forgetful) {
        left = (int)wall->w[0];
        for (int k = 0; k < MJT_KINDS; k++) {
            wc[k] = (uint8_t)(c->base[k] - set_get(&hand, k));
            if (wc[k] > 0)
                kinds[nkinds++] = k;
        }
    } else {
        set_unpack(wall, wc);
        for (int i = 0; i < c->nworld; i++) {
            left += wc[c->world[i]];
            kinds[nkinds++] = c->world[i];
        }
    }
    /* Draws left: the horizon less the draws already made. */
    int dmax = c->horizon - (c->wall0 - left);
    int s13 = c->hands[i13].shanten;

    /* kind_t[i][d], kind_w[i][d]: the value of drawing kinds[i] with d
     * draws left (d >= 1), the best move after it; gain_t[d], gain_w[d]
     * below: the chances, from them. */
    double kind_t[MJT_KINDS][BW_MAX_DRAWS + 1];
    double kind_w[MJT_KINDS][BW_MAX_DRAWS + 1];
    for (int i = 0; dmax > 0 && i < nkinds; i++) {
        int k = kinds[i];
        if (wc[k] == 0)
            continue;
        bw_set rest = *wall;
        if (c->forgetful)
            rest.w[0]--;
        else
            set_add(&rest, k, -1);
        int32_t i14 = hand_draw(c, i13, k);
        if (i14 < 0)
            return BW_FAIL;
        int s14 = c->hands[i14].shanten;
        if (s14 != -1 && hand_discards(c, i14) != 0)
            return BW_FAIL;
        if (s14 == -1) {
            /* A win ends the game, and counts for tenpai too. */
            for (int d = 1; d <= dmax; d++)
                kind_t[i][d] = kind_w[i][d] = 1.0;
            continue;
        }
        /* Copies: the memo may move while the children are solved. */
        int8_t after[MJT_KINDS];
        int32_t link[MJT_KINDS];
        memcpy(after, c->hands[i14].after, sizeof after);
        memcpy(link, c->hands[i14].link, sizeof link);

        /* Every discard allowed after this draw, best per d of each. */
        double best_t[BW_MAX_DRAWS + 1], best_w[BW_MAX_DRAWS + 1];
        for (int d = 0; d <= dmax; d++)
            best_t[d] = best_w[d] = 0.0;
        int lowered = s14 < s13;
        int swaps = c->moves != MJT_FORWARD && e < c->extra;
        for (int x = 0; x < MJT_KINDS; x++) {
            int s = after[x]; /* the shanten the discard leaves */
            if (s == BW_NONE)
                continue;
            int use = 0; /* exchanges this discard costs */
            if (lowered) {
                /* Drawing an effective tile binds: keep the lower
                 * shanten.  Discarding the drawn tile itself never
                 * does, since it gives back the hand of s13. */
                if (s != s14)
                    continue;
            } else if (x != k) {
                /* Keeping a tile that does not help: an exchange at
                 * the same shanten, or under BACK a step back. */
                int ok = s == s13 ||
                         (c->moves == MJT_BACK && s == s13 + 1 && s <= c->top);
                if (!swaps || !ok)
                    continue;
                use = 1;
            }
            /* else the drawn tile goes, and the hand is as it was. */

            /*
             * Two shortcuts that skip a child's search without changing
             * a value.  With one draw left the child is judged as it
             * stands: tenpai or not, and no win.  A child of shanten s
             * needs s more draws to be tenpai and s + 1 to win, so one
             * with s above the dmax - 1 draws it has adds nothing.
             */
            if (dmax == 1) {
                if (s == 0)
                    best_t[1] = 1.0;
                continue;
            }
            if (s > dmax - 1)
                continue;
            /* A tenpai hand has its tenpai: only wins count, which the
             * child's dmax - 1 draws cannot bring from shanten s unless
             * s + 1 <= dmax - 1. */
            if (s13 == 0 && s > dmax - 2)
                continue;
            /* The child has dmax - 1 draws left at most: its tenpai
             * values ct[0 .. dmax-1] and its win values cw[...]. */
            const double *ct, *cw;
            double one_t[2], one_w[2];
            if (dmax == 2 && !c->forgetful) {
                /* One draw left: no node, the most numerous kind. */
                one_t[0] = s == 0;
                one_w[0] = 0.0;
                if (one_draw(c, link[x], s, &rest, left - 1, &one_t[1],
                             &one_w[1]) != 0)
                    return BW_FAIL;
                ct = one_t;
                cw = one_w;
            } else {
                uint32_t off = solve(c, link[x], &rest, e + use);
                if (off == BW_FAIL)
                    return BW_FAIL;
                ct = c->pool + off;
                cw = ct + dmax;
            }
            for (int d = 1; d <= dmax; d++) {
                if (ct[d - 1] > best_t[d])
                    best_t[d] = ct[d - 1];
                if (cw[d - 1] > best_w[d])
                    best_w[d] = cw[d - 1];
            }
        }
        for (int d = 1; d <= dmax; d++) {
            kind_t[i][d] = best_t[d];
            kind_w[i][d] = best_w[d];
        }
    }
    double gain_t[BW_MAX_DRAWS + 1] = {0}, gain_w[BW_MAX_DRAWS + 1] = {0};
    for (int d = 1; d <= dmax; d++) {
        gain_t[d] = chance(c, wc, kinds, nkinds, kind_t, d, left);
        gain_w[d] = chance(c, wc, kinds, nkinds, kind_w, d, left);
    }

    c->states += (size_t)dmax + 1;
    if (c->states > BW_MAX_STATES)
        return BW_FAIL;
    uint32_t off = pool_take(c, 2 * ((size_t)dmax + 1));
    if (off == BW_FAIL)
        return BW_FAIL;
    double *vt = c->pool + off, *vw = vt + dmax + 1;
    for (int d = 0; d <= dmax; d++) {
        /* A tenpai hand is tenpai already, whatever comes; with no draw
         * left (d = 0) nothing else is. */
        vt[d] = s13 == 0 ? 1.0 : gain_t[d];
        vw[d] = gain_w[d];
    }
    /* Children may have grown the table: find the slot again. */
    bw_node *slot = nodes_find(c, key);
    memcpy(slot->key, key, sizeof key);
    slot->off = off + 1;
    c->nlen++;
    return off;
}

int brute_wall(const brute_wall_q *q, double tenpai[], double win[])
{
    if (q == NULL || q->t == NULL || tenpai == NULL || win == NULL ||
        q->draws < 1 || q->draws > BW_MAX_DRAWS || q->moves < MJT_FORWARD ||
        q->moves > MJT_BACK || q->extra < 0 || q->extra > BW_MAX_EXTRA)
        return -1;

    bw_ctx c;
    memset(&c, 0, sizeof c);
    c.t = q->t;
    c.moves = q->moves;
    c.extra = q->extra;
    c.top = q->top;
    c.horizon = q->draws;
    c.forgetful = q->forgetful;

    /* Red fives are fives here: rebuild the hand from kinds, its calls
     * with no red, under the same number of players. */
    mjt_tiles tiles;
    uint8_t held[MJT_KINDS];
    int players = mjt_hand_players(&q->hand);
    if (mjt_hand_tiles(&q->hand, &tiles) != MJT_OK ||
        mjt_hand_held(&q->hand, held) != MJT_OK || players < 0 ||
        mjt_hand_calls(&q->hand, c.calls, MJT_MAX_CALLS, &c.ncalls) != MJT_OK)
        return -1;
    for (size_t i = 0; i < c.ncalls; i++)
        c.calls[i].red = 0;
    for (int i = 0; i < MJT_KINDS; i++)
        c.called[i] = (uint8_t)(held[i] - tiles.counts[i]);
    mjt_rules_init(&c.rules, players);

    int n = 0;
    for (int i = 0; i < MJT_KINDS; i++) {
        n += tiles.counts[i];
        c.wall0 += q->wall[i];
        if (q->wall[i] > 0)
            c.world[c.nworld++] = i;
        /* A fifth copy could not be drawn, and would not pack in 3 bits. */
        if (held[i] + q->wall[i] > 4)
            return -1;
    }
    if (n % 3 != 1)
        return -1;

    bw_set hand, wall;
    set_pack(&hand, tiles.counts);
    set_pack(&wall, q->wall);
    if (c.forgetful) {
        for (int i = 0; i < MJT_KINDS; i++)
            c.base[i] = (uint8_t)(tiles.counts[i] + q->wall[i]);
        wall.w[0] = (uint64_t)c.wall0;
        wall.w[1] = 0;
    }
    int rc = -1;
    int32_t root = hand_index(&c, &hand);
    uint32_t off = root < 0 ? BW_FAIL : solve(&c, root, &wall, 0);
    if (off != BW_FAIL) {
        const double *vt = c.pool + off, *vw = vt + q->draws + 1;
        for (int h = 1; h <= q->draws; h++) {
            /* Sums of exact terms can pass 1 by a rounding step. */
            tenpai[h - 1] = vt[h] > 1.0 ? 1.0 : vt[h];
            win[h - 1] = vw[h] > 1.0 ? 1.0 : vw[h];
        }
        rc = 0;
    }
    free(c.nodes);
    free(c.pool);
    free(c.hands);
    free(c.masks);
    free(c.slots);
    return rc;
}
