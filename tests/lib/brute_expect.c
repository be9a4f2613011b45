/* SPDX-License-Identifier: MIT */
/*
 * Brute-force expected points (the model is in brute_expect.h).  It walks
 * every order of draws from the exact wall: a state is the concealed
 * tiles with their red fives, the wall with its red fives, the draws
 * made, the moves made and when riichi was declared; each tile in the
 * wall (a red five apart from its plain copies) is a branch weighted by
 * its copies, and each discard after a draw a choice, taken at its best.
 * On the forgetful wall a state's wall is its copies not held, and its
 * value the best wall's (best_wall).  States met again are memoised, a
 * table per question.
 */
#include "brute_expect.h"

#include <stdlib.h>
#include <string.h>

#define BE_MAX_STATES 4000000u

typedef struct be_key {
    uint8_t hand[MJT_KINDS], wall[MJT_KINDS];
    uint8_t hred[3], wred[3];
    int8_t t, h, riichi_at, e; /* e: the moves made (exchange, back) */
} be_key;

typedef struct be_slot {
    be_key key;
    double value;
    int used;
} be_slot;

typedef struct be {
    const brute_expect_q *q;
    be_slot *memo;
    size_t n, used;
    int closed;
    int failed;
    int forgetful;           /* the forgetful wall */
    int W;                   /* the wall's tiles at the start */
    uint8_t base[MJT_KINDS]; /* the hand's and the wall's copies */
    int reds[3];             /* the hand's and the wall's red fives */
} be;

static uint64_t key_hash(const be_key *k)
{
    const uint8_t *p = (const uint8_t *)k;
    uint64_t x = 1469598103934665603u;
    for (size_t i = 0; i < sizeof *k; i++)
        x = (x ^ p[i]) * 1099511628211u;
    return x ^ (x >> 29);
}

static be_slot *slot(be *b, const be_key *k)
{
    size_t i = key_hash(k) & (b->n - 1);
    while (b->memo[i].used && memcmp(&b->memo[i].key, k, sizeof *k) != 0)
        i = (i + 1) & (b->n - 1);
    return &b->memo[i];
}

/* The shanten of concealed counts c with the calls; -2 on failure. */
static int shanten_of(be *b, const uint8_t *c)
{
    mjt_hand h;
    mjt_shanten_info s;
    mjt_call calls[MJT_MAX_CALLS];
    for (size_t i = 0; i < b->q->ncalls; i++) {
        calls[i] = b->q->calls[i];
        calls[i].red = 0;
    }
    if (mjt_hand_from_calls(&h, c, calls, b->q->ncalls, NULL, NULL) != MJT_OK ||
        mjt_shanten(b->q->t, &h, &s) != MJT_OK) {
        b->failed = 1;
        return -2;
    }
    return s.overall;
}

static double points(be *b, const be_key *s, const mjt_win *w)
{
    mjt_tiles c;
    mjt_score sc;
    memcpy(c.counts, s->hand, MJT_KINDS);
    memcpy(c.red, s->hred, 3);
    c.len = 0;
    for (int k = 0; k < MJT_KINDS; k++)
        c.len = (uint8_t)(c.len + s->hand[k]);
    if (mjt_score_tiles(&c, b->q->calls, b->q->ncalls, w, b->q->rules, &sc,
                        NULL) != MJT_OK) {
        b->failed = 1;
        return 0;
    }
    return sc.points;
}

/* The points of the win of s (14 tiles) on tile at draw d. */
static double win_points(be *b, const be_key *s, int tile, int d)
{
    const brute_expect_q *q = b->q;
    mjt_win w = q->win;
    w.tile = (uint8_t)tile;
    w.tsumo = 1;
    w.riichi = s->riichi_at >= 0;
    w.ippatsu = s->riichi_at >= 0 && d == s->riichi_at + 1;
    w.last = q->last && d == q->draws;
    if (!w.riichi)
        return points(b, s, &w);
    /* every ura indicator on its own, weighed by its copies */
    double sum = 0;
    long total = 0;
    for (int k = 0; k < MJT_KINDS; k++) {
        int kept = s->hand[k] - q->hand.counts[k];
        int pool = q->unseen[k] - (kept > 0 ? kept : 0);
        if (pool <= 0)
            continue;
        w.ura_len = 1;
        w.ura[0] = (uint8_t)k;
        sum += pool * points(b, s, &w);
        total += pool;
    }
    if (total == 0) {
        w.ura_len = 0;
        return points(b, s, &w);
    }
    return sum / (double)total;
}

/* Double the memo; 0 when out of memory (the search then fails). */
static int grow(be *b)
{
    be b2 = *b;
    b2.n = 2 * b->n;
    b2.memo = calloc(b2.n, sizeof *b2.memo);
    if (b2.memo == NULL) {
        b->failed = 1;
        return 0;
    }
    for (size_t i = 0; i < b->n; i++)
        if (b->memo[i].used)
            *slot(&b2, &b->memo[i].key) = b->memo[i];
    free(b->memo);
    b->memo = b2.memo;
    b->n = b2.n;
    return 1;
}

static double value(be *b, be_key *s);
static double reached(be *b, be_key *s, int d);
static double real_wall(be *b, be_key *s);
static double best_wall(be *b, be_key *s);

/* The value of 13-tile s after a discard that made it tenpai at draw d:
 * the riichi choice. */
static double reached(be *b, be_key *s, int d)
{
    double dama, riichi;
    if (!b->closed || b->q->riichi == MJT_RIICHI_NEVER || d == s->h)
        return value(b, s); /* no riichi, or no draw left to declare it */
    s->riichi_at = (int8_t)d;
    riichi = value(b, s);
    s->riichi_at = -1;
    if (b->q->riichi == MJT_RIICHI_ALWAYS)
        return riichi;
    dama = value(b, s);
    return riichi > dama ? riichi : dama;
}

/* The best of v (the draw thrown) and the moves of exchange and back
 * after drawing kind k (red: a red five) into 13-tile state s of shanten
 * s13: the draw kept, another tile discarded, one move more. */
static double moved(be *b, const be_key *s, int k, int red, int s13, double v)
{
    const brute_expect_q *q = b->q;
    be_key c = *s;
    c.hand[k]++;
    if (red)
        c.hred[k / 9]++;
    c.t = (int8_t)(s->t + 1);
    c.e = (int8_t)(s->e + 1);
    for (int x = 0; x < MJT_KINDS; x++) {
        if (c.hand[x] == 0)
            continue;
        int five = x < 27 && x % 9 == 4, sx = x / 9;
        for (int r = 0; r <= five; r++) {
            if (r ? c.hred[sx] == 0 : five && c.hand[x] == c.hred[sx])
                continue; /* no such copy */
            c.hand[x]--;
            if (r)
                c.hred[sx]--;
            int after = shanten_of(b, c.hand);
            if (after == s13 ||
                (q->moves == MJT_BACK && after == s13 + 1 && after <= q->top)) {
                double cv = after == 0 ? reached(b, &c, c.t) : value(b, &c);
                v = cv > v ? cv : v;
            }
            c.hand[x]++;
            if (r)
                c.hred[sx]++;
        }
    }
    return v;
}

/* The value after drawing kind k (red: a red five) at draw d = s->t + 1:
 * s is the state before the draw, its wall already without the tile. */
static double after_draw(be *b, be_key *s, int k, int red)
{
    int d = s->t + 1, sred = k / 9;
    double v;

    s->hand[k]++;
    if (red)
        s->hred[sred]++;
    int s14 = shanten_of(b, s->hand);
    if (s14 == -1) {
        v = win_points(b, s, red ? MJT_RED_5M + sred : k, d);
        s->hand[k]--;
        if (red)
            s->hred[sred]--;
        return v;
    }
    s->hand[k]--;
    if (red)
        s->hred[sred]--;
    int s13 = shanten_of(b, s->hand);
    if (s->riichi_at >= 0 || s14 >= s13) { /* thrown */
        int moves = s->riichi_at < 0 && s->e < b->q->extra;
        s->t = (int8_t)d;
        v = moves && s13 == 0 ? reached(b, s, d) : value(b, s);
        s->t = (int8_t)(d - 1);
        return moves ? moved(b, s, k, red, s13, v) : v;
    }
    /* kept: the best discard that keeps the lower shanten, a red five and
     * a plain one both tried */
    be_key c = *s;
    c.hand[k]++;
    if (red)
        c.hred[sred]++;
    c.t = (int8_t)d;
    double best = -1e300;
    for (int x = 0; x < MJT_KINDS; x++) {
        if (c.hand[x] == 0)
            continue;
        int five = x < 27 && x % 9 == 4;
        for (int r = 0; r <= five; r++) {
            int sx = x / 9;
            if (r ? c.hred[sx] == 0 : five && c.hand[x] == c.hred[sx])
                continue; /* no such copy */
            c.hand[x]--;
            if (r)
                c.hred[sx]--;
            if (shanten_of(b, c.hand) == s14) {
                double cv = s14 == 0 ? reached(b, &c, d) : value(b, &c);
                best = cv > best ? cv : best;
            }
            c.hand[x]++;
            if (r)
                c.hred[sx]++;
        }
    }
    return best;
}

/* The value of 13-tile state s (s->t draws made, s->h the horizon). */
static double value(be *b, be_key *s)
{
    if (b->failed)
        return 0;
    if (s->t == s->h)
        return s->riichi_at >= 0 ? -1000 : 0;
    be_slot *m = slot(b, s);
    if (m->used)
        return m->value;
    if (b->used >= BE_MAX_STATES) {
        b->failed = 1;
        return 0;
    }
    double v = b->forgetful ? best_wall(b, s) : real_wall(b, s);
    if (10 * (b->used + 1) > 7 * b->n && !grow(b))
        return 0;
    m = slot(b, s); /* the search may have grown the table */
    m->key = *s;
    m->value = v;
    m->used = 1;
    b->used++;
    return v;
}

/* The value of s on the real wall: each tile of it, weighed by copies. */
static double real_wall(be *b, be_key *s)
{
    int n = 0;
    for (int k = 0; k < MJT_KINDS; k++)
        n += s->wall[k];
    double sum = 0;
    for (int k = 0; k < MJT_KINDS; k++) {
        if (s->wall[k] == 0)
            continue;
        int five = k < 27 && k % 9 == 4, sk = k / 9;
        int reds = five ? s->wred[sk] : 0;
        for (int red = 0; red <= 1; red++) {
            int copies = red ? reds : s->wall[k] - reds;
            if (copies == 0)
                continue;
            s->wall[k]--;
            if (red)
                s->wred[sk]--;
            sum += copies * after_draw(b, s, k, red);
            s->wall[k]++;
            if (red)
                s->wred[sk]++;
        }
    }
    return sum / n;
}

/* The value of s on the forgetful wall: of the copies not held (a red
 * five apart), the W - t most valuable, averaged. */
static double best_wall(be *b, be_key *s)
{
    double v[MJT_KINDS + 3];
    int c[MJT_KINDS + 3], m = 0;
    for (int k = 0; k < MJT_KINDS; k++) {
        int left = b->base[k] - s->hand[k];
        int reds = k < 27 && k % 9 == 4 ? b->reds[k / 9] - s->hred[k / 9] : 0;
        for (int red = 0; red <= 1 && left > 0; red++) {
            int copies = red ? reds : left - reds;
            if (copies <= 0)
                continue;
            double x = after_draw(b, s, k, red);
            int j = m++;
            for (; j > 0 && v[j - 1] < x; j--) { /* most valuable first */
                v[j] = v[j - 1];
                c[j] = c[j - 1];
            }
            v[j] = x;
            c[j] = copies;
        }
    }
    int n = b->W - s->t, need = n;
    double sum = 0;
    for (int j = 0; j < m && need > 0; j++) {
        int take = c[j] < need ? c[j] : need;
        sum += take * v[j];
        need -= take;
    }
    return sum / n;
}

int brute_expect(const brute_expect_q *q, double score[])
{
    be b = {.q = q, .n = (size_t)1 << 12, .closed = 1};
    double out[8];

    if (q->draws < 1 || q->draws > 6 || q->moves < MJT_FORWARD ||
        q->moves > MJT_BACK || q->extra < 0 ||
        (q->moves == MJT_FORWARD && q->extra != 0))
        return -1;
    for (size_t i = 0; i < q->ncalls; i++)
        b.closed &= q->calls[i].kind == MJT_CLOSED_QUAD;
    b.forgetful = q->forgetful;
    b.W = 0;
    for (int k = 0; k < MJT_KINDS; k++) {
        b.W += q->wall[k];
        b.base[k] = (uint8_t)(q->hand.counts[k] + q->wall[k]);
    }
    for (int s = 0; s < 3; s++)
        b.reds[s] = q->hand.red[s] + q->wall_red[s];
    b.memo = calloc(b.n, sizeof *b.memo);
    if (b.memo == NULL)
        return -1;
    for (int h = 1; h <= q->draws && !b.failed; h++) {
        be_key s;
        memset(&s, 0, sizeof s);
        memcpy(s.hand, q->hand.counts, MJT_KINDS);
        memcpy(s.hred, q->hand.red, 3);
        memcpy(s.wall, q->wall, MJT_KINDS);
        memcpy(s.wred, q->wall_red, 3);
        s.h = (int8_t)h;
        s.riichi_at = -1;
        int s13 = shanten_of(&b, s.hand);
        out[h - 1] = s13 == 0 ? reached(&b, &s, 0) : value(&b, &s);
    }
    free(b.memo);
    if (b.failed)
        return -1;
    memcpy(score, out, (size_t)q->draws * sizeof *score);
    return 0;
}
