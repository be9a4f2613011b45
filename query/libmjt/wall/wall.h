/* SPDX-License-Identifier: MIT */
/*
 * The wall model's engine (graph.c builds the graph of hands a question
 * can reach, one hand of each class of symmetry.c's relabellings, in the
 * memory store.c keeps; dp.c computes the curves over it and points.c
 * the expected points; prob.c and expect.c are the public API).
 * See prob.c for the model and the argument that makes forward play exact.
 */
#ifndef MJT__QUERY_WALL_H
#define MJT__QUERY_WALL_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

/* What the maps of a question are keyed by: a hand's part codes, the
 * kind counted as seen once more (a 14-tile row's discard: see prob.c),
 * the exchanges made (a draw node's: bit 7 its mode, below), and in an
 * expected-score question the red fives (5 bits a suit, suit s at bit
 * 5s: 5 times those held plus those in the wall; 0 otherwise). */
typedef struct wkey {
    uint32_t code[4];
    int8_t adj;
    uint8_t ex;
    uint16_t red;
} wkey;

#define WKEY_MODE 0x80u

/* A map from keys to the index of the entry that holds the key: open
 * addressing, a slot the index + 1 and in mark 24 bits of the key's hash,
 * so that most probes read only the slots, below the gen of the question
 * the slot belongs to (8 bits): a workspace's maps are cleared once in 255
 * questions.  Eight bytes a slot: a deep question's draw map holds
 * millions. */
typedef struct wslot {
    uint32_t idx, mark;
} wslot;

#define WSLOT_TAG(hash) ((uint32_t)((hash) >> 40))
#define WSLOT_GEN_SHIFT 24

typedef struct wmap {
    wslot *s;
    size_t n, used;
    uint32_t gen;
} wmap;

/* A hand the play can reach: 3k+1 concealed tiles, the question's calls
 * (the hand itself is the question's with these codes, its counts read
 * from them). */
typedef struct wnode {
    wkey key;
    int8_t shanten;
    uint8_t built, nedge;
    uint8_t left_eff; /* copies left of its effective kinds (winning tiles,
                         tenpai) */
    uint32_t edge;    /* its draws: edges[edge .. edge + nedge) */
    uint32_t aux;     /* an expected-score question's tenpai node: its
                         values' index (value.c) */
    uint64_t eff;     /* its effective kinds, whether left or not */
} wnode;

/*
 * What a 14-tile hand (a node and a draw) leads to, shared by every node
 * that draws to it (in the chances' graph, to its class): the nodes its
 * keeping discards leave (kids[child .. child + nchild), the best of them
 * is taken), or, when they are tenpai hands that make no more moves, the
 * most winning tiles one of them leaves (best_waits; their value depends
 * on that alone, and grows with it).  key.mode: 0 the discards that keep
 * the 14 tiles' shanten; 1 those and, in back play, those one step above
 * it.
 */
typedef struct wdraw {
    wkey key;
    uint32_t child;
    uint8_t nchild;    /* at most 14 discards */
    int8_t best_waits; /* -1: the children decide (at most 4 x 13 tiles) */
    uint8_t pad_[2];
} wdraw;

/* A node's draw: the kind drawn, its copies left, and a win or the draw
 * node it leads to.  In an expected-score question a win is 1 on a plain
 * copy and 2 on a red five, and its draw is the index of its values
 * (wexpect's w, value.c). */
typedef struct wedge {
    uint8_t kind, left, wins, pad_;
    uint32_t draw;
} wedge;

/* What the build asks of a concealed hand, memoised by its codes (key.adj
 * -1, ex and red 0): of 3k+1 tiles, tenpai, its winning tiles (tiles); of
 * 3k+2 tiles, the least shanten a discard leaves (shanten), the discards
 * that leave it (tiles) and those that leave one more (up).  The two sizes
 * never share a key. */
typedef struct wmemo {
    wkey key;
    int shanten;
    uint64_t tiles, up;
} wmemo;

/* A growing array in the question's budget. */
typedef struct warr {
    void *p;
    size_t len, cap, size; /* elements, room, bytes an element */
} warr;

/* The relabellings of kinds that keep a question's chances (symmetry.c):
 * which suits may be read backwards, and which suits and which honors may
 * trade places (hone: every honor with every other); ok once made. */
typedef struct wsym {
    uint8_t ok, rev[3], cls[3], hcls[7], hone;
} wsym;

typedef struct wall {
    const struct mjt_tables *t;
    mjt_hand proto;         /* the question's hand: its calls and rules */
    mjt_hand hand13;        /* a hand of the nodes' size, for their codes */
    int base[MJT_KINDS];    /* 4 less seen and called, 0 outside the game */
    uint8_t cap[MJT_KINDS]; /* 4 less called */
    wsym sym;
    int wall;           /* tiles the wall holds at the start */
    int draws;          /* T */
    int moves, extra;   /* move set, K */
    int top;            /* back: the highest shanten allowed */
    int smin;           /* the roots' least shanten (mjt__wall_build's) */
    int maxk;           /* the most copies left a closed form meets */
    struct wexpect *ev; /* an expected-score question's part, or NULL */
    warr nodes, edges, draws_, kids, memo; /* wnode, wedge, wdraw,
                                             uint32_t, wmemo */
    wmap node_map, draw_map, memo_map;
    double *q, *val;     /* dp.c's tables */
    size_t q_kinds;      /* the copies q is made for (+ 1), 0: not made */
    int q_wall, q_draws; /* the W and T it is made for */
    size_t nq, nval;     /* their room, in doubles */
    size_t used, budget; /* bytes held, and the most allowed */
    long long deadline;  /* ns of CLOCK_MONOTONIC, 0: none */
    const volatile int *cancel;
    unsigned steps;
    int late; /* MJT_EBUDGET came from the time, not the memory */
} wall;

/* An expected-score question's part: the situation its wins are scored
 * in, and per tenpai node (its aux) the average points of a win from it,
 * per winning copy left, in each way the win can come (value.c: 0 for a
 * node the build left out, which no pass reads); on the forgetful wall,
 * the same ways per win edge too. */
enum {
    EV_DAMA,
    EV_DAMA_LAST,
    EV_RIICHI,
    EV_IPPATSU,
    EV_RIICHI_LAST,
    EV_IPPATSU_LAST,
    EV_WAYS
};

typedef struct wexpect {
    mjt_win win;     /* tsumo, round, seat, dora; the rest set per way */
    mjt_rules rules; /* scoring's, with the hand's players and red fives */
    mjt_call calls[MJT_MAX_CALLS]; /* the question's, red fives and all */
    size_t ncalls;
    int riichi; /* an mjt_riichi; MJT_RIICHI_NEVER for an open hand */
    int last;   /* the T-th draw is the wall's last tile */
    uint8_t orig[MJT_KINDS]; /* the question's concealed counts (a
                                table's: its 14 tiles) */
    int unseen[MJT_KINDS];   /* copies unseen at the question */
    double *v;               /* EV_WAYS values a tenpai node */
    size_t nv;               /* their room, in doubles */
    double *w;               /* EV_WAYS values a win edge (exchange and
                                back: a win's own, not an average) */
    size_t nw;               /* their room, in doubles */
    size_t ntenpai;          /* the tenpai nodes (their aux: 0 to this) */
    double *lock;            /* points.c's rows on the forgetful wall */
    size_t nlock;            /* their room, in doubles */
} wexpect;

/* value.c: the values of every tenpai node the build built (the others'
 * are 0: reached with no draw left, no pass reads them).  0, or a
 * failure. */
int mjt__wall_values(wall *w);

/* ==== prob.c: a question, shared by the chances and the points ==== */

/* The move set a question is answered in: exchange and back with no
 * exchange (K = 0) are forward play. */
int mjt__wall_moves(const mjt_prob_opts *o);
/* The question's wall from the hand, the seen tiles and the options. */
int mjt__wall_setup(wall *w, const struct mjt_tables *t, const mjt_hand *h,
                    const uint8_t *visible, const mjt_prob_opts *o,
                    mjt__diag *d);
/* The wall a call works on: the caller's workspace, or local (emptied);
 * mjt__wall_done frees local's memory, and a workspace's past what it keeps. */
wall *mjt__wall_for(const mjt_prob_opts *o, wall *local);
void mjt__wall_done(const mjt_prob_opts *o, wall *w);
/* Build the graph, freeing a deep question's maps before the curves. */
int mjt__wall_built(wall *w);
/* rc, the budget's failures said in d. */
int mjt__wall_failed(int rc, mjt__diag *d, const wall *w);
/* The rest of p: T, the move set, exactness, shanten, 0 past T and NAN
 * below T without curves. */
void mjt__wall_fill(mjt_prob *p, const wall *w, int shanten, int curves);
/* Whether h's concealed tiles are rest mod 3. */
int mjt__wall_count_is(const mjt_hand *h, int rest);
/* Whether the ia-th row (its win and tenpai at T: wa, ta) ranks before
 * the ib-th: win at T, tenpai at T, then table order. */
int mjt__wall_row_before(double wa, double ta, int ia, double wb, double tb,
                         int ib);

/* The rows a 14-tile table asks for, and where their curves go: row i's
 * into tenpai[i], win[i] and, in an expected-score question, score[i]. */
typedef struct wrows {
    const mjt_discard *ds;
    size_t n;
    int only;     /* the rows of this shanten alone; -1: every row */
    int curves;   /* every point its own optimum */
    unsigned red; /* the 14 tiles' red fives (a key's), 0 for chances */
    double (*tenpai)[MJT_MAX_DRAWS], (*win)[MJT_MAX_DRAWS];
    double (*score)[MJT_MAX_DRAWS]; /* NULL: the chances alone */
} wrows;
/* The curves of q's rows, one graph for them all: 0, or a failure. */
int mjt__wall_rows(wall *w, const wrows *q);
/* A row's curves into *p (with the rest of p: mjt__wall_fill). */
void mjt__wall_row_fill(mjt_prob *p, const mjt_discard *ds, const wall *w,
                        const double *ten, const double *win, int curves);

/* A workspace is a wall kept between calls. */
struct mjt_prob_work {
    wall w;
};

/* graph.c: a question on w, whose memory (empty, or a workspace's) it
 * keeps; mjt__wall_free (store.c) frees it. */
int mjt__wall_init(wall *w, const struct mjt_tables *t, const mjt_hand *proto,
                   const uint8_t *visible);
void mjt__wall_free(wall *w);
/* store.c: grow *p (room *n doubles) to n doubles in the budget, and
 * free it, given back to the budget. */
int mjt__wall_doubles(wall *w, double **p, size_t *room, size_t n);
void mjt__wall_doubles_free(wall *w, double **p, size_t *room);
/* The node of 3k+1 hand h (of counts counts), with adj, ex and red as in
 * wkey, made when new (mjt__wall_build builds it, when it is reached with
 * a draw left); its index into *out,
 * or a failure (MJT_EBUDGET, MJT_ECANCELED, MJT_ENOMEM).  The first node
 * made sets the size of every node's hand. */
int mjt__wall_node(wall *w, const mjt_hand *h, const uint8_t *counts, int adj,
                   int ex, unsigned red, uint32_t *out);
/* symmetry.c: put counts c (a node's 3k+1 tiles or a draw's 3k+2) in the
 * canonical order of its class under the relabellings that keep the
 * question's gifts; *kind (a kind, or -1: the adj of the node or draw)
 * follows its tile, and where counts tie takes the first place it can.
 * Never for an expected-score question, whose scoring tells every kind
 * apart. */
void mjt__wall_canon(wall *w, uint8_t c[MJT_KINDS], int *kind);
/* Build every node made and not built yet, breadth first: those reached
 * with a draw left.  Sets w->smin, the least shanten of the nodes made
 * before it (the roots), which the passes read: what they compute is what
 * it builds. */
int mjt__wall_build(wall *w);
/* store.c: the time budget and the cancel flag. */
int mjt__wall_check(wall *w);
/* Once built: free what only the build needs (the maps, the memo), so
 * that the curves' memory takes its place; the next question
 * makes them again. */
void mjt__wall_shed(wall *w);

static inline wnode *wall_nodes(const wall *w)
{
    return (wnode *)w->nodes.p;
}

/* Whether node n can be reached within t draws: a draw lowers the
 * shanten by one at most (in every move set), and an exchange or a step
 * back takes a draw of its own, so a node of shanten s and ex moves is
 * reached after w->smin - s + ex draws at least.  The build makes the
 * draws of a node reached within T - 1 (one with a draw left), and the
 * passes compute at draw t the nodes reached within t: the same bound. */
static inline int wall_reached(const wall *w, const wnode *n, int t)
{
    return n->shanten - n->key.ex >= w->smin - t;
}

/* The red fives of a key: held and in the wall, of suit s. */
static inline int red_held(unsigned red, int s)
{
    return (int)(red >> 5 * s & 31) / 5;
}

static inline int red_wall(unsigned red, int s)
{
    return (int)(red >> 5 * s & 31) % 5;
}

static inline unsigned red_make(const int held[3], const int inwall[3])
{
    unsigned r = 0;
    for (int s = 0; s < 3; s++)
        r |= (unsigned)(5 * held[s] + inwall[s]) << 5 * s;
    return r;
}

/* The red fives after discarding kind x (red: its red copy) from 14 tiles
 * of counts c with red fives red: of a five, a plain copy goes first (a
 * red one is worth more), a red one when no plain one is held. */
static inline unsigned red_after(unsigned red, const uint8_t *c, int x,
                                 int red_copy)
{
    int s = x / 9;
    if (red == 0 || x >= 27 || x % 9 != 4 ||
        (!red_copy && c[x] > red_held(red, s)))
        return red;
    return red - 5u * (1u << 5 * s);
}

/* dp.c: the curves of the roots (node indices) into tenpai[r][h - 1] and
 * win[r][h - 1], h = 1 .. T: each its own optimum when curves, else only
 * the values at T (the rest left as they are).  0, or MJT_ENOMEM,
 * MJT_EBUDGET, MJT_ECANCELED. */
int mjt__wall_curves(wall *w, const uint32_t *roots, int nroots, int curves,
                     double (*tenpai)[MJT_MAX_DRAWS],
                     double (*win)[MJT_MAX_DRAWS]);
/* A root that is not asked (a table's row of another shanten): its curves
 * are left as they are. */
#define WALL_NO_ROOT UINT32_MAX
/* points.c: as mjt__wall_curves, with the expected points of the roots into
 * score[r][h - 1] (mjt__wall_values done). */
int mjt__wall_expect(wall *w, const uint32_t *roots, int nroots, int curves,
                     double (*tenpai)[MJT_MAX_DRAWS],
                     double (*win)[MJT_MAX_DRAWS],
                     double (*score)[MJT_MAX_DRAWS]);

#endif
