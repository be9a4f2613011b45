/* SPDX-License-Identifier: MIT */
/* Solving every pattern of a suit; see patterns.h. */
#include "patterns.h"

#include "solvers.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The pattern read from the other end: rank r becomes rank ranks-1-r. */
static uint64_t mirror_key(uint64_t key, int ranks)
{
    uint64_t m = 0;

    for (int r = 0; r < ranks; r++)
        m |= ((key >> (5 * r)) & 0x1F) << (5 * (ranks - 1 - r));
    return m;
}

static const uint8_t *def_at(const mjt__patterns *ps, uint32_t code)
{
    return ps->def[mjt__index_at(ps->kind, code)];
}

/*
 * Append every pattern that adds `left` tiles of ranks from `low` up to
 * key, in successor order: patterns of one tile count in successor order
 * are their sorted rank strings in lexicographic order, so the next tile
 * is each rank from the last one up, smallest first.  The same order as
 * mjt__enum_next (test_solver checks), at a few instructions a pattern.
 */
static void emit(mjt__patterns *ps, size_t *n, uint64_t key, int low, int left)
{
    if (left == 0) {
        ps->keys[(*n)++] = key;
        return;
    }
    for (int x = low; x < ps->ranks; x++) {
        uint64_t field = (key >> (5 * x)) & 0x1F;
        if (field == 0xF)
            continue; /* four already */
        if (4 * (ps->ranks - x) < left)
            break; /* not enough room above */
        emit(ps, n, key + ((field + 1) << (5 * x)), x, left - 1);
    }
}

int mjt__patterns_init(mjt__patterns *ps, int ranks)
{
    size_t n = 0;

    memset(ps, 0, sizeof *ps);
    ps->ranks = ranks;
    mjt__index_init(&ps->ix);
    ps->kind = ranks == MJT__SUIT_RANKS ? &ps->ix.suit : &ps->ix.honor;
    ps->len =
        ranks == MJT__SUIT_RANKS ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;
    ps->keys = malloc(ps->len * sizeof *ps->keys);
    ps->def = calloc(ps->len, sizeof *ps->def);
    if (ps->keys == NULL || ps->def == NULL) {
        mjt__patterns_free(ps);
        return -1;
    }
    for (int b = 0; b <= MJT__MAX_PATTERN_TILES; b++)
        ps->fewer[0][b] = 1;
    for (int r = 1; r <= ranks; r++)
        for (int b = 0; b <= MJT__MAX_PATTERN_TILES; b++) {
            ps->fewer[r][b] = 0;
            for (int v = 0; v <= 4 && v <= b; v++)
                ps->fewer[r][b] += ps->fewer[r - 1][b - v];
        }
    for (int tiles = 0; tiles <= MJT__MAX_PATTERN_TILES; tiles++) {
        ps->start[tiles] = n;
        emit(ps, &n, 0, 0, tiles);
    }
    ps->start[MJT__MAX_PATTERN_TILES + 1] = n;
    return 0;
}

void mjt__patterns_free(mjt__patterns *ps)
{
    free(ps->keys);
    free(ps->def);
    ps->keys = NULL;
    ps->def = NULL;
}

size_t mjt__patterns_rank(const mjt__patterns *ps, uint64_t key, int max_tiles)
{
    size_t at = 0;
    int budget = max_tiles;

    for (int r = ps->ranks - 1; r >= 0; r--) {
        int c = mjt__key_count(key, r);
        for (int v = 0; v < c; v++)
            at += ps->fewer[r][budget - v];
        budget -= c;
    }
    return at;
}

/* First position of tile count `tiles` in share k of n. */
static size_t first_of(const mjt__patterns *ps, int tiles, unsigned k,
                       unsigned n)
{
    size_t at = ps->start[tiles];
    return at + (k + n - at % n) % n;
}

void mjt__patterns_solve(mjt__patterns *ps, int tiles, unsigned k, unsigned n)
{
    for (size_t i = first_of(ps, tiles, k, n); i < ps->start[tiles + 1];
         i += n) {
        uint64_t key = ps->keys[i];
        if (mirror_key(key, ps->ranks) < key)
            continue;
        uint32_t code = mjt__code_of_key(key, ps->ranks);
        uint8_t known[MJT__SLOTS], floor[MJT__SLOTS];
        uint8_t *out = ps->def[mjt__index_at(ps->kind, code)];
        if (tiles == 0) {
            mjt__bitboard_deficits(key, ps->ranks, NULL, NULL, out);
            continue;
        }
        /* One tile more never hurts and helps by at most one. */
        memset(known, 0xFF, sizeof known);
        memset(floor, 0, sizeof floor);
        for (int r = 0; r < ps->ranks; r++) {
            if (mjt__key_count(key, r) == 0)
                continue;
            const uint8_t *d = def_at(ps, code - mjt__code_step[r]);
            for (int s = 0; s < MJT__SLOTS; s++) {
                if (d[s] < known[s])
                    known[s] = d[s];
                if (d[s] > 0 && d[s] - 1 > floor[s])
                    floor[s] = (uint8_t)(d[s] - 1);
            }
        }
        mjt__bitboard_deficits(key, ps->ranks, known, floor, out);
    }
}

void mjt__patterns_mirror(mjt__patterns *ps, int tiles, unsigned k, unsigned n)
{
    for (size_t i = first_of(ps, tiles, k, n); i < ps->start[tiles + 1];
         i += n) {
        uint64_t key = ps->keys[i], m = mirror_key(key, ps->ranks);
        if (m < key)
            memcpy(ps->def[mjt__index_at(ps->kind,
                                         mjt__code_of_key(key, ps->ranks))],
                   def_at(ps, mjt__code_of_key(m, ps->ranks)), MJT__SLOTS);
    }
}

/* Slots where deficit rows b are below a, and where they equal a (the
 * masks phase does little else, so it compares whole rows at once). */
#if defined(__SSE2__)
static unsigned below(const uint8_t *a, const uint8_t *b)
{
    __m128i x = _mm_loadu_si128((const __m128i *)a);
    __m128i y = _mm_loadu_si128((const __m128i *)b);
    /* y < x exactly where min(x, y) differs from x. */
    __m128i ge = _mm_cmpeq_epi8(_mm_min_epu8(x, y), x);
    return ~(unsigned)_mm_movemask_epi8(ge) & ((1u << MJT__SLOTS) - 1);
}

static unsigned equal(const uint8_t *a, const uint8_t *b)
{
    __m128i x = _mm_loadu_si128((const __m128i *)a);
    __m128i y = _mm_loadu_si128((const __m128i *)b);
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) &
           ((1u << MJT__SLOTS) - 1);
}
#else
static unsigned below(const uint8_t *a, const uint8_t *b)
{
    unsigned m = 0;
    for (int s = 0; s < MJT__SLOTS; s++)
        m |= (unsigned)(b[s] < a[s]) << s;
    return m;
}

static unsigned equal(const uint8_t *a, const uint8_t *b)
{
    unsigned m = 0;
    for (int s = 0; s < MJT__SLOTS; s++)
        m |= (unsigned)(b[s] == a[s]) << s;
    return m;
}
#endif

void mjt__patterns_record(const mjt__patterns *ps, uint64_t key,
                          mjt__record *out)
{
    uint32_t code = mjt__code_of_key(key, ps->ranks);
    const uint8_t *d = def_at(ps, code);
    int full = mjt__key_tiles(key) == MJT__MAX_PATTERN_TILES;
    unsigned need[MJT__SUIT_RANKS] = {0}, excess[MJT__SUIT_RANKS] = {0};

    for (int r = 0; r < ps->ranks; r++) {
        int c = mjt__key_count(key, r);
        if (c > 0)
            excess[r] = equal(d, def_at(ps, code - mjt__code_step[r]));
        if (c == 4)
            continue;
        if (!full) {
            need[r] = below(d, def_at(ps, code + mjt__code_step[r]));
            continue;
        }
        /* 15 tiles: the least over the 14-tile patterns one tile away. */
        for (int x = 0; x < ps->ranks; x++)
            if (x != r && mjt__key_count(key, x) > 0)
                need[r] |= below(d, def_at(ps, code + mjt__code_step[r] -
                                                   mjt__code_step[x]));
    }
    /* From slots by rank to ranks by slot, in registers, then one write
     * of the whole record (padding too: records are compared). */
    uint16_t n_of[MJT__SLOTS] = {0}, e_of[MJT__SLOTS] = {0};
    for (int r = 0; r < ps->ranks; r++)
        for (int s = 0; s < MJT__SLOTS; s++) {
            n_of[s] |= (uint16_t)((need[r] >> s & 1) << r);
            e_of[s] |= (uint16_t)((excess[r] >> s & 1) << r);
        }
    mjt__record rec;
    memset(&rec, 0, sizeof rec);
    for (int s = 0; s < MJT__SLOTS; s++) {
        rec.slot[s].deficit = d[s];
        rec.slot[s].need = n_of[s];
        rec.slot[s].excess = e_of[s];
    }
    *out = rec;
}

void mjt__patterns_solve_upto(mjt__patterns *ps, int max_tiles)
{
    for (int tiles = 0; tiles <= max_tiles; tiles++) {
        mjt__patterns_solve(ps, tiles, 0, 1);
        mjt__patterns_mirror(ps, tiles, 0, 1);
    }
}
