/* SPDX-License-Identifier: MIT */
/*
 * The exact number of hands of N tiles at each shanten, from
 * the tables, without visiting a hand.
 *
 * A hand is four parts (m, p, s, honors), and everything a count needs of
 * a part is small: its tile count, the deficits of its ten (melds, pair)
 * targets, and for seven pairs and thirteen orphans its kinds held, kinds
 * paired, terminal and honor kinds held and whether one is paired.  Many
 * patterns share all of that, so the patterns of a part are first grouped
 * by it, each group weighing the hands it stands for: 1 a pattern counting
 * count vectors ("distinct"), the product of C(4, c) over its ranks
 * counting sets of physical tiles ("dealt").  Parts then combine two at a
 * time: the deficits by min-plus over the targets, the rest by addition,
 * the weights by multiplication, and equal results merge.  The state space
 * stays small (about 2,700 groups a suit and 11,000 states for three
 * parts at 14 tiles), and the last part is joined straight into the
 * tallies, bucketed by tile count so only pairs that make N tiles meet.
 *
 * Effective tiles and waits (3k+1 hands) need the hand after each draw.
 * Drawing rank r changes one part only, so that part's groups carry both
 * its state and its state after a tile of rank r, weighted by the copies
 * of r left (4 - c) for the mean; suits are alike, a suit is symmetric
 * under reading its ranks backwards, and all honors are alike, so ranks
 * 0-4 of one suit and one honor rank cover all 34 kinds.
 *
 * Integers are 128 bits: the dealt count of 14-tile hands is about
 * 4.3e18, and sums of shanten or of effective tiles over it exceed 2^64.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "stats.h"
#include "records.h"
#include "suit.h"

uint64_t mjt__stats_kinds(int players)
{
    uint64_t all = (UINT64_C(1) << MJT_KINDS) - 1;
    return players == 3 ? all & ~(UINT64_C(0x7F) << 1) : all;
}

/* ==== Part states ==== */

#define SLOTS 10
/* Honor patterns of ranks 0 and 1 alone: the manzu of three players. */
#define SANMA_PATTERNS 25

/* What a count needs of a part (and of the part after a drawn tile). */
typedef struct skey {
    uint8_t n;        /* tiles before the draw */
    uint8_t d[SLOTS]; /* deficit of (m melds, p pairs) at 2m + p */
    uint8_t form[4];  /* pairs, kinds (at most 7), terminal and honor
                            kinds, a terminal or honor pair (0 or 1) */
    uint8_t drawn;    /* 1: d2 and form2 are the part after the draw */
    uint8_t d2[SLOTS];
    uint8_t form2[4];
} skey;

/* Weights: dealt and distinct hands, then the same times the copies left
 * of the drawn tile (equal to the first two in a part without a draw). */
typedef struct sent {
    skey k;
    u128 w[4];
    int used;
} sent;

typedef struct smap {
    sent *a;
    size_t cap, len;
} smap;

static uint64_t key_hash(const skey *k)
{
    const uint8_t *p = (const uint8_t *)k;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < sizeof *k; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

static int map_init(smap *m, size_t cap)
{
    m->a = mjt__calloc(cap, sizeof *m->a);
    m->cap = cap;
    m->len = 0;
    return m->a != NULL ? 0 : -1;
}

static int map_add(smap *m, const skey *k, const u128 w[4]);

static int map_grow(smap *m)
{
    smap g;
    if (map_init(&g, 2 * m->cap) < 0)
        return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->a[i].used)
            map_add(&g, &m->a[i].k, m->a[i].w);
    free(m->a);
    *m = g;
    return 0;
}

/* Add w to the state k (keys compare as bytes: callers zero them whole). */
static int map_add(smap *m, const skey *k, const u128 w[4])
{
    if (2 * (m->len + 1) > m->cap && map_grow(m) < 0)
        return -1;
    size_t i = key_hash(k) & (m->cap - 1);
    while (m->a[i].used && memcmp(&m->a[i].k, k, sizeof *k) != 0)
        i = (i + 1) & (m->cap - 1);
    if (!m->a[i].used) {
        m->a[i].used = 1;
        m->a[i].k = *k;
        m->len++;
    }
    assert(2 * m->len <= m->cap); /* grown before: a free slot ends a probe */
    for (int j = 0; j < 4; j++)
        m->a[i].w[j] += w[j];
    return 0;
}

/* ==== The patterns of a table ==== */

typedef struct pat {
    uint64_t key;
    uint8_t d[SLOTS];
} pat;

typedef struct pats {
    pat *a;
    size_t len;
    int ranks;
} pats;

static int pat_put(void *ctx, const uint8_t *c, int n, const mjt__mrec *rec)
{
    pats *ps = ctx;
    pat *p = &ps->a[ps->len++];

    (void)n;
    p->key = mjt__key_from_counts(c, ps->ranks);
    for (int s = 0; s < SLOTS; s++)
        p->d[s] = (uint8_t)mjt__mrec_deficit(rec, s);
    return 0;
}

static int pat_cmp(const void *a, const void *b)
{
    uint64_t x = ((const pat *)a)->key, y = ((const pat *)b)->key;
    return (x > y) - (x < y);
}

/* Every pattern of part `part` of t of at most `most` tiles, by key
 * (pats_find searches them).  A count of n tiles reads the patterns of n
 * and, for its draws, n + 1 tiles: at 4 tiles 1,993 of the 405,350 suit
 * patterns. */
static int pats_load(const struct mjt_tables *t, int part, int most, pats *ps)
{
    size_t cap =
        part == MJT__PART_SUIT ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;

    ps->ranks = part == MJT__PART_SUIT ? 9 : MJT__HONOR_RANKS;
    ps->len = 0;
    if ((ps->a = mjt__malloc(cap * sizeof *ps->a)) == NULL)
        return MJT_ENOMEM;
    mjt__each_pattern(t, part, most, pat_put, ps);
    qsort(ps->a, ps->len, sizeof *ps->a, pat_cmp);
    return MJT_OK;
}

static const pat *pats_find(const pats *ps, uint64_t key)
{
    size_t lo = 0, hi = ps->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ps->a[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ps->len && ps->a[lo].key == key ? &ps->a[lo] : NULL;
}

/* The seven-pairs and thirteen-orphans counts of a part's ranks. */
static void form_of(const uint8_t *c, int ranks, uint8_t out[4])
{
    int pairs = 0, kinds = 0, yk = 0, yp = 0;
    for (int r = 0; r < ranks; r++) {
        int yao = ranks == MJT__HONOR_RANKS || r == 0 || r == 8;
        kinds += c[r] > 0;
        pairs += c[r] >= 2;
        yk += yao && c[r] > 0;
        yp |= yao && c[r] >= 2;
    }
    out[0] = (uint8_t)pairs;
    out[1] = (uint8_t)(kinds < 7 ? kinds : 7);
    out[2] = (uint8_t)yk;
    out[3] = (uint8_t)yp;
}

/* What a problem of N tiles needs: the slots of at most N/3 melds, and
 * the other forms only at 13 and 14 tiles (and after a draw to 14). */
typedef struct need {
    int tiles, melds, forms;
} need;

static void key_of(const need *nd, const uint8_t *c, int ranks,
                   const uint8_t *d, uint8_t *kd, uint8_t kf[4])
{
    for (int s = 0; s < SLOTS; s++)
        kd[s] = s / 2 <= nd->melds ? d[s] : 0;
    if (nd->forms)
        form_of(c, ranks, kf);
}

/*
 * Group the patterns of ps of at most most tiles.  With draw >= 0, only
 * those holding fewer than 4 of rank draw, each keyed with itself and
 * with itself plus that tile.
 */
static int group_upto(const pats *ps, const need *nd, int most, int draw,
                      smap *out)
{
    static const int c4[5] = {1, 4, 6, 4, 1};

    if (map_init(out, 1024) < 0)
        return -1;
    for (size_t i = 0; i < ps->len; i++) {
        uint8_t c[9] = {0};
        int n = mjt__key_to_counts(ps->a[i].key, ps->ranks, c);
        if (n > most || (draw >= 0 && c[draw] == 4))
            continue;
        skey k;
        memset(&k, 0, sizeof k);
        k.n = (uint8_t)n;
        key_of(nd, c, ps->ranks, ps->a[i].d, k.d, k.form);
        u128 dealt = 1;
        for (int r = 0; r < ps->ranks; r++)
            dealt *= (u128)c4[c[r]];
        u128 w[4] = {dealt, 1, dealt, 1};
        if (draw >= 0) {
            const pat *p2;
            c[draw]++;
            p2 = pats_find(ps, mjt__key_from_counts(c, ps->ranks));
            if (p2 == NULL)
                return -1;
            k.drawn = 1;
            key_of(nd, c, ps->ranks, p2->d, k.d2, k.form2);
            w[2] *= (u128)(4 - (c[draw] - 1));
            w[3] *= (u128)(4 - (c[draw] - 1));
        }
        if (map_add(out, &k, w) < 0)
            return -1;
    }
    return 0;
}

static int group(const pats *ps, const need *nd, int draw, smap *out)
{
    return group_upto(ps, nd, nd->tiles, draw, out);
}

/* ==== Joining parts ==== */

/* The deficit of slot (m, p) of two parts joined. */
static int join_slot(const uint8_t *a, const uint8_t *b, int m, int p)
{
    int best = 255;
    for (int ma = 0; ma <= m; ma++)
        for (int pa = 0; pa <= p; pa++) {
            int v = a[2 * ma + pa] + b[2 * (m - ma) + (p - pa)];
            best = v < best ? v : best;
        }
    return best;
}

static void join_form(const uint8_t *a, const uint8_t *b, uint8_t *out)
{
    int kinds = a[1] + b[1];
    out[0] = (uint8_t)(a[0] + b[0]);
    out[1] = (uint8_t)(kinds < 7 ? kinds : 7);
    out[2] = (uint8_t)(a[2] + b[2]);
    out[3] = (uint8_t)(a[3] | b[3]);
}

/* B's states of at most `most` tiles (most <= 14) in order of their
 * tiles: those of n tiles are (*out)[start[n]] to (*out)[start[n + 1]]
 * (free *out after).  A join meets only the states of B whose tiles fit:
 * a 13-tile count met every pair, and fewer than 1 in 100 fitted.  -1:
 * out of memory. */
static int by_tiles(const smap *B, int most, size_t start[16],
                    const sent ***out)
{
    size_t fill[16];
    const sent **a = mjt__malloc((B->len + 1) * sizeof *a);

    if (a == NULL)
        return -1;
    memset(start, 0, 16 * sizeof *start);
    for (size_t j = 0; j < B->cap; j++)
        if (B->a[j].used && B->a[j].k.n <= most)
            start[B->a[j].k.n + 1]++;
    for (int n = 1; n < 16; n++)
        start[n] += start[n - 1];
    memcpy(fill, start, sizeof fill);
    for (size_t j = 0; j < B->cap; j++)
        if (B->a[j].used && B->a[j].k.n <= most)
            a[fill[B->a[j].k.n]++] = &B->a[j];
    *out = a;
    return 0;
}

/* The states of A and B joined (at most one of them carries a draw);
 * -1 when out of memory, and then *out holds nothing to free. */
static int join(const smap *A, const smap *B, const need *nd, smap *out)
{
    size_t start[16];
    const sent **b;

    if (map_init(out, 4096) < 0)
        return -1;
    if (by_tiles(B, nd->tiles, start, &b) < 0) {
        free(out->a);
        out->a = NULL;
        return -1;
    }
    for (size_t i = 0; i < A->cap; i++) {
        const sent *a = &A->a[i];
        if (!a->used || a->k.n > nd->tiles)
            continue;
        for (size_t j = 0; j < start[nd->tiles - a->k.n + 1]; j++) {
            skey k;
            memset(&k, 0, sizeof k);
            k.n = (uint8_t)(a->k.n + b[j]->k.n);
            for (int m = 0; m <= nd->melds; m++)
                for (int p = 0; p < 2; p++)
                    k.d[2 * m + p] =
                        (uint8_t)join_slot(a->k.d, b[j]->k.d, m, p);
            if (nd->forms)
                join_form(a->k.form, b[j]->k.form, k.form);
            u128 w[4];
            for (int x = 0; x < 4; x++)
                w[x] = a->w[x] * b[j]->w[x];
            if (map_add(out, &k, w) < 0) {
                free(b);
                free(out->a);
                out->a = NULL;
                return -1;
            }
        }
    }
    free(b);
    return 0;
}

/* Shanten of each form of a whole hand of n tiles: standard, seven pairs,
 * thirteen orphans (MJT_SHANTEN_NONE where they do not apply), overall. */
static void shanten_of(const uint8_t *d, const uint8_t *form, int n, int forms,
                       int out[4])
{
    out[0] = d[2 * (n / 3) + 1] - 1;
    out[1] = out[2] = MJT_SHANTEN_NONE;
    out[3] = out[0];
    if (forms && (n == 13 || n == 14)) {
        out[1] = 6 - form[0] + (7 - form[1]);
        out[2] = 13 - form[2] - form[3];
        out[3] = out[1] < out[3] ? out[1] : out[3];
        out[3] = out[2] < out[3] ? out[2] : out[3];
    }
}

/* The tallies of a (the first parts) joined with b (the last part). */
static void tally_pair(const sent *a, const sent *b, const need *nd, u128 mult,
                       stats_result *r)
{
    uint8_t d[SLOTS], f[4] = {0};
    int sh[4];

    d[2 * (nd->tiles / 3) + 1] =
        (uint8_t)join_slot(a->k.d, b->k.d, nd->tiles / 3, 1);
    if (nd->forms)
        join_form(a->k.form, b->k.form, f);
    shanten_of(d, f, nd->tiles, nd->forms, sh);
    if (!b->k.drawn) {
        for (int c = 0; c < 2; c++) {
            u128 w = a->w[c] * b->w[c];
            for (int x = 0; x < 4; x++)
                if (sh[x] != MJT_SHANTEN_NONE)
                    r->dist[c][x][sh[x] + 1] += w;
            r->total[c] += w;
            r->shanten_sum[c] += w * (u128)(sh[3] + 1);
            int comp = (sh[0] < 0) | (sh[1] == -1) << 1 | (sh[2] == -1) << 2;
            if (nd->tiles % 3 == 2) /* a 3k+1 hand is never complete */
                r->complete[c][comp] += w;
        }
        return;
    }
    uint8_t d2[SLOTS], f2[4] = {0};
    int sh2[4];
    d2[2 * ((nd->tiles + 1) / 3) + 1] =
        (uint8_t)join_slot(a->k.d, b->k.d2, (nd->tiles + 1) / 3, 1);
    if (nd->forms)
        join_form(a->k.form, b->k.form2, f2);
    shanten_of(d2, f2, nd->tiles + 1, nd->forms, sh2);
    for (int c = 0; c < 2; c++) {
        if (sh2[3] < sh[3])
            r->ukeire_sum[c] += mult * a->w[2 + c] * b->w[2 + c];
        for (int x = 0; x < 3; x++)
            if (sh2[x] == -1)
                r->wait[c][x] += a->w[c] * b->w[c];
    }
}

/* Join states A with the last part B into r: the pairs whose tiles are
 * the hand's.  -1: out of memory. */
static int tally(const smap *A, const smap *B, const need *nd, u128 mult,
                 stats_result *r)
{
    size_t start[16];
    const sent **b;

    if (by_tiles(B, nd->tiles, start, &b) < 0)
        return -1;
    for (size_t i = 0; i < A->cap; i++) {
        const sent *a = &A->a[i];
        if (!a->used || a->k.n > nd->tiles)
            continue;
        int n = nd->tiles - a->k.n;
        for (size_t j = start[n]; j < start[n + 1]; j++)
            tally_pair(a, b[j], nd, mult, r);
    }
    free(b);
    return 0;
}

/* ==== The whole count ==== */

static void free_maps(smap *m, int n)
{
    for (int i = 0; i < n; i++)
        free(m[i].a);
}

/* Waits on rank `rank` (a suit rank, or an honor when honor): r->wait
 * then holds the counts for one such kind, and r->ukeire_sum gains every
 * kind like it (mult of them). */
static int draw_run(const pats *ps, int most, int rank, const smap *rest,
                    const need *nd, u128 mult, stats_result *r)
{
    smap g;
    if (group_upto(ps, nd, most, rank, &g) < 0) {
        free(g.a);
        return -1;
    }
    memset(r->wait, 0, sizeof r->wait);
    int rc = tally(rest, &g, nd, mult, r);
    free(g.a);
    return rc;
}

/*
 * The hands of one number suit (the manzu): the other parts are empty.
 * Their draws still count (a new kind helps seven pairs, an honor or a
 * terminal thirteen orphans), so each part's draws are joined with the
 * other three as they are: the m part with empty ones, an empty p or s
 * (alike, 2 of them) with m and two empty parts, the empty honors (7
 * alike) with m and two empty suits.
 */
static int one_suit(const pats *suit, const pats *honor, const need *nd,
                    stats_result *r)
{
    smap m[6] = {{NULL, 0, 0}};
    stats_result w;
    int tiles = nd->tiles;

    /* m[0] all of a suit, m[1] an empty suit, m[2] empty honors, m[3] the
     * three empty parts, m[4] m and an empty suit and the honors, m[5] m
     * and two empty suits */
    if (group(suit, nd, -1, &m[0]) < 0 ||
        group_upto(suit, nd, 0, -1, &m[1]) < 0 ||
        group_upto(honor, nd, 0, -1, &m[2]) < 0 ||
        join(&m[2], &m[1], nd, &m[5]) < 0 || join(&m[5], &m[1], nd, &m[3]) < 0)
        goto fail;
    free(m[5].a);
    m[5].a = NULL;
    if (tally(&m[3], &m[0], nd, 1, r) < 0)
        goto fail;
    if (tiles % 3 != 1)
        goto done;
    w = *r;
    smap t;
    if (join(&m[2], &m[1], nd, &t) < 0)
        goto fail;
    int rc = join(&t, &m[0], nd, &m[4]);
    free(t.a);
    if (rc < 0 || join(&m[1], &m[1], nd, &t) < 0)
        goto fail;
    rc = join(&t, &m[0], nd, &m[5]);
    free(t.a);
    if (rc < 0)
        goto fail;
    for (int rank = 0; rank < 9; rank++) {
        if (draw_run(suit, tiles, rank, &m[3], nd, 1, &w) < 0)
            goto fail;
        memcpy(r->waiting[rank], w.wait, sizeof w.wait);
        if (draw_run(suit, 0, rank, &m[4], nd, 2, &w) < 0)
            goto fail;
        memcpy(r->waiting[9 + rank], w.wait, sizeof w.wait);
        memcpy(r->waiting[18 + rank], w.wait, sizeof w.wait);
    }
    if (draw_run(honor, 0, 0, &m[5], nd, 7, &w) < 0)
        goto fail;
    for (int h = 27; h < 34; h++)
        memcpy(r->waiting[h], w.wait, sizeof w.wait);
    memcpy(r->ukeire_sum, w.ukeire_sum, sizeof r->ukeire_sum);
done:
    free_maps(m, 6);
    return 0;
fail:
    free_maps(m, 6);
    return -1;
}

/*
 * Three players: the manzu is 1m and 9m, which form no run, so its part is
 * the honor patterns of ranks 0 and 1 alone (query/libmjt/internal.h says why
 * their records are exact for it: a group the honors could put on ranks
 * 2 to 6 costs no more on a free kind elsewhere).  Its kinds are both
 * terminals, as honors are.  The parts join as with four players, the
 * manzu last; draws are on a suit's ranks 0-4 (two suits), an honor, and
 * the manzu's 1m (9m alike).
 */
static int sanma(const pats *suit, const pats *honor, const need *nd,
                 stats_result *r)
{
    pats man = {NULL, 0, 7};
    smap m[6] = {{NULL, 0, 0}};
    int rc = -1, tiles = nd->tiles;

    if ((man.a = mjt__malloc(SANMA_PATTERNS * sizeof *man.a)) == NULL)
        return -1;
    for (size_t i = 0; i < honor->len; i++) {
        uint8_t c[9] = {0};
        mjt__key_to_counts(honor->a[i].key, 7, c);
        if (c[2] + c[3] + c[4] + c[5] + c[6] == 0 && man.len < SANMA_PATTERNS)
            man.a[man.len++] = honor->a[i];
    }
    /* m[0] a suit, m[1] the honors, m[2] z+s, m[3] z+s+s, m[4] the
     * manzu, m[5] scratch */
    if (group(suit, nd, -1, &m[0]) < 0 || group(honor, nd, -1, &m[1]) < 0 ||
        group(&man, nd, -1, &m[4]) < 0 || join(&m[1], &m[0], nd, &m[2]) < 0 ||
        join(&m[2], &m[0], nd, &m[3]) < 0 || tally(&m[3], &m[4], nd, 1, r) < 0)
        goto out;
    r->states = m[3].len;
    if (tiles % 3 == 1) {
        stats_result w = *r;
        smap zsm, ssm;
        /* a suit's draws against z+s+m */
        if (join(&m[2], &m[4], nd, &zsm) < 0)
            goto out;
        for (int rank = 0; rank < 5; rank++) {
            /* 2 suits, and rank 8 - rank alike */
            if (draw_run(suit, tiles, rank, &zsm, nd, rank < 4 ? 4 : 2, &w) <
                0) {
                free(zsm.a);
                goto out;
            }
            for (int s = 1; s < 3; s++) {
                memcpy(r->waiting[9 * s + rank], w.wait, sizeof w.wait);
                memcpy(r->waiting[9 * s + 8 - rank], w.wait, sizeof w.wait);
            }
        }
        free(zsm.a);
        /* an honor's draws against s+s+m */
        if (join(&m[0], &m[0], nd, &m[5]) < 0 ||
            join(&m[5], &m[4], nd, &ssm) < 0)
            goto out;
        int bad = draw_run(honor, tiles, 0, &ssm, nd, 7, &w) < 0;
        free(ssm.a);
        if (bad)
            goto out;
        for (int h = 27; h < 34; h++)
            memcpy(r->waiting[h], w.wait, sizeof w.wait);
        /* the manzu's draws against z+s+s */
        if (draw_run(&man, tiles, 0, &m[3], nd, 2, &w) < 0)
            goto out;
        memcpy(r->waiting[0], w.wait, sizeof w.wait);
        memcpy(r->waiting[8], w.wait, sizeof w.wait);
        memcpy(r->ukeire_sum, w.ukeire_sum, sizeof r->ukeire_sum);
    }
    rc = 0;
out:
    free_maps(m, 6);
    free(man.a);
    return rc;
}

int mjt__stats_compute(const struct mjt_tables *t, int tiles, int one,
                       int players, stats_result *r, const mjt_work *work)
{
    need nd = {tiles, tiles / 3, tiles >= 13};
    pats suit = {NULL, 0, 9}, honor = {NULL, 0, 7};
    smap m[6] = {{NULL, 0, 0}};
    int rc;

    memset(r, 0, sizeof *r);
    r->tiles = tiles;
    r->one_suit = one;
    r->players = players;
    /* steps: the hands, then each rank's draws (3k+1 hands, four players) */
    uint64_t steps = tiles % 3 == 1 && !one && players == 4 ? 7 : 1;
    if (mjt__work_cancelled(work))
        return MJT_ECANCELED;
    mjt__work_progress(work, 0, steps);
    if ((rc = pats_load(t, MJT__PART_SUIT, tiles + 1, &suit)) != MJT_OK ||
        (rc = pats_load(t, MJT__PART_HONOR, tiles + 1, &honor)) != MJT_OK)
        goto out;
    rc = MJT_ENOMEM;
    if (one || players == 3) {
        if ((one ? one_suit(&suit, &honor, &nd, r)
                 : sanma(&suit, &honor, &nd, r)) == 0) {
            rc = MJT_OK;
            mjt__work_progress(work, steps, steps);
        }
        goto out;
    }
    /* m[0] a suit, m[1] the honors, m[2] z+s, m[3] z+s+s, m[4] s+s,
     * m[5] s+s+s. */
    if (group(&suit, &nd, -1, &m[0]) < 0 || group(&honor, &nd, -1, &m[1]) < 0 ||
        join(&m[1], &m[0], &nd, &m[2]) < 0 ||
        join(&m[2], &m[0], &nd, &m[3]) < 0 ||
        tally(&m[3], &m[0], &nd, 1, r) < 0)
        goto out;
    r->states = m[3].len;
    if (tiles % 3 == 1) {
        stats_result w = *r;
        if (join(&m[0], &m[0], &nd, &m[4]) < 0 ||
            join(&m[4], &m[0], &nd, &m[5]) < 0)
            goto out;
        for (int rank = 0; rank < 5; rank++) {
            mjt__work_progress(work, 1 + (uint64_t)rank, steps);
            if (mjt__work_cancelled(work)) {
                rc = MJT_ECANCELED;
                goto out;
            }
            /* 3 suits, and rank 8 - rank alike */
            if (draw_run(&suit, tiles, rank, &m[3], &nd, rank < 4 ? 6 : 3, &w) <
                0)
                goto out;
            for (int s = 0; s < 3; s++) {
                memcpy(r->waiting[9 * s + rank], w.wait, sizeof w.wait);
                memcpy(r->waiting[9 * s + 8 - rank], w.wait, sizeof w.wait);
            }
        }
        if (draw_run(&honor, tiles, 0, &m[5], &nd, 7, &w) < 0)
            goto out;
        for (int h = 27; h < 34; h++)
            memcpy(r->waiting[h], w.wait, sizeof w.wait);
        memcpy(r->ukeire_sum, w.ukeire_sum, sizeof r->ukeire_sum);
    }
    rc = MJT_OK;
    mjt__work_progress(work, steps, steps);
out:
    free_maps(m, 6);
    free(suit.a);
    free(honor.a);
    return rc;
}
