/* SPDX-License-Identifier: MIT */
/*
 * mjt_tables_open: read a table file whole into the dense in-memory form,
 * checking as it goes that every pattern is present exactly once and that
 * the decoded content hashes to the digest the file records.  Records land
 * at their dense index (core/index.h), where the queries find them.
 */
#include "internal.h"
#include "tablefile.h"
#include "cache.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "alloc.h"
#include "format.h"
#include "forms.h"
#include "suit.h"
#include "tiles.h"

mjt__mrec mjt__mrec_pack(const mjt__record *rec)
{
    mjt__mrec m = {0, 0};

    for (int s = 0; s < MJT__SLOTS; s++) {
        m.w0 |= (uint64_t)(rec->slot[s].deficit & 0xF) << (4 * s);
        if (s == 0)
            continue;
        if (s <= 2)
            m.w0 |= (uint64_t)rec->slot[s].need << (31 + 9 * s);
        else
            m.w1 |= (uint64_t)rec->slot[s].need << (9 * (s - 3));
    }
    return m;
}

typedef struct loader {
    struct mjt_tables *t;
    int table;
    mjt__mrec *out;
    unsigned char *seen;
    size_t len, count;
    int bad;
} loader;

static int load_block(void *ctx, const uint64_t *keys, const mjt__record *recs,
                      uint32_t n)
{
    loader *l = ctx;
    int ranks = mjt__table_ranks[l->table];

    for (uint32_t i = 0; i < n; i++) {
        uint64_t key = keys[i];
        if (!mjt__key_valid(key, ranks) ||
            mjt__key_tiles(key) > MJT__MAX_PATTERN_TILES)
            return l->bad = MJT_ECORRUPT;
        uint32_t code = mjt__code_of_key(key, ranks);
        uint32_t idx =
            mjt__index_of(&l->t->game[0], l->table == MJT__SUIT ? 0 : 3, code);
        if (idx >= l->len || l->seen[idx])
            return l->bad = MJT_ECORRUPT;
        /* what the packed form holds: a nibble of deficit, 9 bits of need
         * (a damaged block may hold more; its digest is checked after) */
        for (int s = 0; s < MJT__SLOTS; s++)
            if (recs[i].slot[s].deficit > 15 || recs[i].slot[s].need > 0x1FF)
                return l->bad = MJT_ECORRUPT;
        l->seen[idx] = 1;
        l->out[idx] = mjt__mrec_pack(&recs[i]);
        l->count++;
    }
    return MJT_OK;
}

static int load_table(struct mjt_tables *t, mjt__tfile *f, int table,
                      const char *path, mjt__diag *diag)
{
    const char *name = mjt__table_names[table];
    size_t len = table == MJT__SUIT ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;
    loader l = {t, table, NULL, NULL, len, 0, 0};
    uint64_t digest = 0;
    int rc;

    l.out = mjt__malloc(len * sizeof *l.out);
    l.seen = mjt__calloc(len, 1);
    if (l.out == NULL || l.seen == NULL) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        rc = MJT_ENOMEM;
        goto out;
    }
    rc = mjt__tfile_each_block(f, table, load_block, &l, &digest, diag);
    if (rc == MJT_ECORRUPT && l.bad == 0)
        goto out; /* diag already says which block */
    if (rc != MJT_OK || l.count != len) {
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "%s: %s table holds %zu "
                      "valid patterns of the %zu expected%s",
                      path, name, l.count, len,
                      rc == MJT_OK && l.count < len
                          ? " (a table made with mjt-gen --max-tiles "
                            "answers no query)"
                          : "");
        rc = MJT_ECORRUPT;
        goto out;
    }
    if ((rc = mjt__tfile_check_digest(f, table, digest, path, diag)) != MJT_OK)
        goto out;
    if (table == MJT__SUIT)
        t->suit = l.out;
    else
        t->honor = l.out;
    l.out = NULL;
out:
    free(l.out);
    free(l.seen);
    return rc;
}

/* ==== Forms ==== */

/* The forms being gathered from both tables into one array. */
typedef struct floader {
    struct mjt_tables *t;
    int table;
    uint32_t *idx;
    size_t nidx, len, cap; /* forms in t->forms, and its room */
    int bad;               /* a row the file decoded but we refuse */
} floader;

static int fl_put(floader *l, uint64_t w)
{
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        uint64_t *p = mjt__realloc(l->t->forms, cap * sizeof *p);
        if (p == NULL)
            return MJT_ENOMEM;
        l->t->forms = p;
        l->cap = cap;
    }
    l->t->forms[l->len++] = w;
    return MJT_OK;
}

/* A form's word (internal.h) from its width blocks in the file, or 0 when
 * they are not melds, then a pair, then a wait where they must be. */
static uint64_t form_word(const uint8_t *b, int width, int tiles,
                          int is_arrangement, unsigned wins)
{
    uint8_t w[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    int n = width, melds;

    if (is_arrangement) {
        w[5] = b[--n];
        if (mjt__block_kind(w[5]) < MJT__WAIT_SINGLE)
            return 0;
    }
    /* a pair: in every decomposition of 2 mod 3 tiles, and in the short
     * forms of 1 mod 3 tiles that do not wait on a single */
    if (is_arrangement
            ? tiles % 3 == 1 && mjt__block_kind(w[5]) != MJT__WAIT_SINGLE
            : tiles % 3 == 2) {
        w[4] = b[--n];
        if (mjt__block_kind(w[4]) != MJT__PAIR)
            return 0;
    }
    for (melds = 0; melds < n; melds++) {
        if (mjt__block_kind(b[melds]) > MJT__TRIPLET)
            return 0;
        w[melds] = b[melds];
    }
    uint64_t x = (uint64_t)wins << 48 | (uint64_t)melds << 60;
    for (int i = 0; i < 6; i++)
        x |= (uint64_t)w[i] << (8 * i);
    return x;
}

/* Whether x is a form word as form_word and sanma_form make them: up to
 * four runs and triplets, a pair or none, a wait or none, each block's
 * tiles within a suit's nine ranks, the wins in nine bits. */
static int form_word_ok(uint64_t x)
{
    /* the highest rank each kind of block may start at */
    static const uint8_t top[MJT__BLOCK_KINDS] = {
        [MJT__RUN] = 6,         [MJT__TRIPLET] = 8,   [MJT__PAIR] = 8,
        [MJT__WAIT_SINGLE] = 8, [MJT__WAIT_PAIR] = 8, [MJT__WAIT_SIDE] = 7,
        [MJT__WAIT_GAP] = 6};
    unsigned melds = (unsigned)(x >> 60);

    if (melds > 4 || (x >> 57 & 7) != 0)
        return 0;
    for (unsigned i = 0; i < 6; i++) {
        unsigned b = (unsigned)(x >> (8 * i)) & 0xFF, kind = b >> 4;
        int ok = i < melds ? kind <= MJT__TRIPLET
                 : i < 4   ? b == MJT__F_NONE
                 : i == 4  ? b == MJT__F_NONE || kind == MJT__PAIR
                           : b == MJT__F_NONE || (kind >= MJT__WAIT_SINGLE &&
                                                 kind < MJT__BLOCK_KINDS);
        if (!ok || (b != MJT__F_NONE && (b & 0xF) > top[kind]))
            return 0;
    }
    return 1;
}

static int load_forms_of(void *ctx, uint64_t key, const mjt__forms *f)
{
    floader *l = ctx;
    int ranks = mjt__table_ranks[l->table], tiles = mjt__key_tiles(key);
    uint32_t idx = mjt__index_of(&l->t->game[0], l->table == MJT__SUIT ? 0 : 3,
                                 mjt__code_of_key(key, ranks));
    int wc = mjt__forms_width(tiles, 0), ws = mjt__forms_width(tiles, 1);

    if (idx >= l->nidx || l->len > MJT__F_MAX_FIRST ||
        f->ndecompositions > MJT__F_MAX_COUNT ||
        f->narrangements > MJT__F_MAX_COUNT)
        return l->bad = MJT_ECORRUPT;
    l->idx[idx] = (uint32_t)l->len | (uint32_t)f->ndecompositions << 22 |
                  (uint32_t)f->narrangements << 27;
    for (int i = 0; i < f->ndecompositions + f->narrangements; i++) {
        int sh = i >= f->ndecompositions;
        const uint8_t *b =
            sh ? f->arrangements[i - f->ndecompositions] : f->decompositions[i];
        uint64_t w = form_word(b, sh ? ws : wc, tiles, sh,
                               sh ? f->wins[i - f->ndecompositions] : 0);
        if (w == 0)
            return l->bad = MJT_ECORRUPT;
        /* a cache's forms are checked by the same rule (cache_forms_ok) */
        assert(form_word_ok(w));
        if (fl_put(l, w) != MJT_OK)
            return MJT_ENOMEM;
    }
    return MJT_OK;
}

static int load_forms(struct mjt_tables *t, mjt__tfile *f, floader *l,
                      const char *path, mjt__diag *diag)
{
    uint64_t digest;
    int rc;

    l->nidx = l->table == MJT__SUIT ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;
    if ((l->idx = mjt__calloc(l->nidx, sizeof *l->idx)) == NULL)
        return MJT_ENOMEM;
    t->fidx_of[l->table] = l->idx;
    rc = mjt__tfile_each_forms(f, l->table, load_forms_of, l, &digest, diag);
    if (rc == MJT_ENOMEM)
        return rc;
    /* Every hand with an empty part joins through the empty pattern's one
     * decomposition: a table without it would answer wrong, not fail. */
    if (rc == MJT_OK &&
        MJT__F_DECOMPOSITIONS(l->idx[mjt__index_of(
            &t->game[0], l->table == MJT__SUIT ? 0 : 3, 0)]) != 1)
        rc = l->bad = MJT_ECORRUPT;
    if (l->bad)
        mjt__diag_set(diag, MJT_ECORRUPT, -1,
                      "%s: the %s forms are malformed (the file is damaged)",
                      path, mjt__table_names[l->table]);
    if (rc != MJT_OK)
        return rc;
    return mjt__tfile_check_forms_digest(f, l->table, digest, path, diag);
}

/* ==== Three players ==== */

/* Rank 1 of an honor pattern's block byte (kind << 4 | rank) as rank 8:
 * 1m and 9m are the manzu's ranks 0 and 8. */
static unsigned sanma_block(unsigned b)
{
    return b == MJT__F_NONE || (b & 0xF) == 0 ? b : (b & 0xF0) | 8;
}

static uint64_t sanma_form(uint64_t f)
{
    uint64_t x = f & ~(UINT64_C(0xFFFFFFFFFFFF) | UINT64_C(0x1FF) << 48);

    for (int i = 0; i < 6; i++)
        x |= (uint64_t)sanma_block((unsigned)(f >> (8 * i)) & 0xFF) << (8 * i);
    unsigned wins = (unsigned)(f >> 48) & 0x1FF;
    return x | (uint64_t)((wins & 1) | (wins >> 1 & 1) << 8) << 48;
}

/* A need mask of the honors, ranks 0 and 1, as the manzu's 0 and 8. */
static uint64_t sanma_need(unsigned need)
{
    return (need & 1) | (need >> 1 & 1) << 8;
}

static mjt__mrec sanma_mrec(const mjt__mrec *h)
{
    mjt__mrec m = {h->w0 & ((UINT64_C(1) << 40) - 1), 0};

    for (int slot = 1; slot < 10; slot++) {
        uint64_t need = sanma_need(mjt__mrec_need(h, slot));
        if (slot <= 2)
            m.w0 |= need << (31 + 9 * slot);
        else
            m.w1 |= need << (9 * (slot - 3));
    }
    return m;
}

/*
 * The rules of three players (internal.h): the manzu part's index arrays
 * take only codes of 1m and 9m, pattern c1 + 5 c9 being the honor
 * pattern of those counts, whose code that is too; everything else is
 * the four-player rules'.  Its forms are appended to the shared array by
 * fl, or (fl NULL: tables from a cache) are there already from at on,
 * nforms in all (-1 when they are not).
 */
static int sanma_rules(struct mjt_tables *t, floader *fl, size_t at,
                       size_t nforms)
{
    mjt__index_of_kind *k = &t->sanma;
    const mjt__index_of_kind *suit = &t->ix.suit;
    /* a value no pattern has: its count is MJT__W_BAD */
    uint64_t bad = suit->pos[MJT__LO_MASK];
    const uint64_t index_field = (uint64_t)0x7FFFF << 8;

    for (uint32_t lo = 0; lo <= MJT__LO_MASK; lo++)
        k->pos[lo] =
            lo < 5 ? (suit->pos[lo] & ~index_field) | (uint64_t)lo << 8 : bad;
    for (uint32_t hi = 0; hi < MJT__HI_FIELD; hi++)
        k->base[hi] = hi % 625 == 0 && hi / 625 < 5
                          ? (suit->base[hi] & ~index_field) |
                                (uint64_t)(5 * (hi / 625)) << 8
                          : bad;
    for (uint32_t code = 0; code < MJT__SANMA_PATTERNS; code++) {
        t->sanma_rec[code] = sanma_mrec(mjt__rec(&t->game[0], 3, code));
        uint32_t w = mjt__fword(&t->game[0], 3, code);
        uint32_t n = MJT__F_DECOMPOSITIONS(w) + MJT__F_ARRANGEMENTS(w);
        size_t first = fl != NULL ? fl->len : at;
        if (first + n > MJT__F_MAX_FIRST)
            return MJT_ENOMEM;
        t->sanma_fidx[code] = (uint32_t)first | (w & ~MJT__F_MAX_FIRST);
        at = first + n;
        for (uint32_t i = 0; fl != NULL && i < n; i++)
            if (fl_put(fl, sanma_form(t->forms[MJT__F_FIRST(w) + i])) != MJT_OK)
                return MJT_ENOMEM;
    }
    if (fl == NULL && at != nforms)
        return -1;
    t->game[1] = t->game[0];
    t->game[1].kind[0] = k;
    t->game[1].rec[0] = t->sanma_rec;
    t->game[1].fidx[0] = t->sanma_fidx;
    t->game[1].kinds = MJT__ALL_TILES & ~MJT__SANMA_ABSENT;
    t->game[1].honor_like = 1u << 0 | 1u << 3;
    return MJT_OK;
}

#ifndef MJT__INSTALLED_TABLES
#define MJT__INSTALLED_TABLES "/usr/local/share/mjt/mjt.lmdb"
#endif

const char *mjt_tables_default(void)
{
    return MJT__INSTALLED_TABLES;
}

/* path into buf (cap bytes): MJT_OK, or MJT_ESPACE when it does not fit. */
static int put_path(char *buf, size_t cap, const char *path, mjt__diag *diag)
{
    if (strlen(path) >= cap) {
        mjt__diag_set(diag, MJT_ESPACE, -1, "the path %s is longer than %zu",
                      path, cap);
        return MJT_ESPACE;
    }
    memcpy(buf, path, strlen(path) + 1);
    return MJT_OK;
}

/* tables/mjt.lmdb in the working directory or the nearest folder above it
 * that has one, into probe; 0 when there is none (or no working
 * directory: *cwd is then empty). */
static int find_in_tree(char probe[1100], char cwd[1024])
{
    char dir[1024];

    if (getcwd(dir, sizeof dir) == NULL) {
        cwd[0] = '\0';
        return 0;
    }
    memcpy(cwd, dir, sizeof dir);
    for (;;) {
        snprintf(probe, 1100, "%s/tables/mjt.lmdb",
                 strcmp(dir, "/") == 0 ? "" : dir);
        if (access(probe, F_OK) == 0)
            return 1;
        char *slash = strrchr(dir, '/');
        if (slash == NULL || strcmp(dir, "/") == 0)
            return 0;
        if (slash == dir)
            slash[1] = '\0'; /* "/a" -> "/" */
        else
            *slash = '\0';
    }
}

static int find(char *buf, size_t cap, mjt__diag *diag)
{
    const char *env = getenv("MJT_TABLES");
    char cwd[1024], env_part[600], probe[1100];

    if (buf == NULL || cap == 0) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no buffer for the path");
        return MJT_EINVAL;
    }
    int have_env = env != NULL && env[0] != '\0';
    if (have_env && access(env, F_OK) == 0)
        return put_path(buf, cap, env, diag);
    if (find_in_tree(probe, cwd))
        return put_path(buf, cap, probe, diag);
    if (access(MJT__INSTALLED_TABLES, F_OK) == 0)
        return put_path(buf, cap, MJT__INSTALLED_TABLES, diag);
    /* every place in the 159 bytes of a message: the working directory
     * gives way (its start cut) to the others */
    if (have_env)
        snprintf(env_part, sizeof env_part,
                 "$MJT_TABLES (%.40s) does not "
                 "exist",
                 env);
    else
        snprintf(env_part, sizeof env_part, "$MJT_TABLES is not set");
    const char *fmt = "no tables: %s, no tables/mjt.lmdb in %s%s or above, "
                      "no %s";
    size_t fixed =
        strlen(fmt) - 8 + strlen(env_part) + strlen(MJT__INSTALLED_TABLES);
    size_t room =
        fixed < MJT__DIAG_MESSAGE - 1 - 12 ? MJT__DIAG_MESSAGE - 1 - fixed : 12;
    const char *where = cwd[0] ? cwd : "the working directory";
    int cut = strlen(where) > room;
    if (cut)
        where += strlen(where) - (room - 3);
    mjt__diag_set(diag, MJT_ENOENT, -1, fmt, env_part, cut ? "..." : "", where,
                  MJT__INSTALLED_TABLES);
    return MJT_ENOENT;
}

int mjt_tables_find(char *buf, size_t cap, mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    return mjt__diag_out(diag, &d, find(buf, cap, &d));
}

static int load(mjt_tables **out, const char *path, unsigned flags,
                mjt__diag *diag);

static int open_flags(mjt_tables **out, const char *path, unsigned flags,
                      mjt__diag *diag)
{
    char found[1100];

    const unsigned known = MJT_OPEN_INEXACT | MJT_OPEN_PRIVATE;
    if (flags & ~known) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "unknown flags 0x%x",
                      flags & ~known);
        return MJT_EINVAL;
    }
    if (out != NULL && path == NULL) {
        int rc = find(found, sizeof found, diag);
        if (rc != MJT_OK) {
            *out = NULL;
            return rc;
        }
        path = found;
    }
    return load(out, path, flags, diag);
}

int mjt_tables_open_flags(mjt_tables **out, const char *path, unsigned flags,
                          mjt_diag *diag)
{
    mjt__diag d = {.code = MJT_OK};
    return mjt__diag_out(diag, &d, open_flags(out, path, flags, &d));
}

int mjt_tables_open(mjt_tables **out, const char *path, mjt_diag *diag)
{
    return mjt_tables_open_flags(out, path, 0, diag);
}

/* Solvers whose tables are exact; any other (nocap, kept to compare
 * against) is refused unless the caller asks for it. */
static int exact_solver(mjt__tfile *f, const char *path, unsigned flags,
                        mjt__diag *diag)
{
    char solver[32] = "";

    mjt__tfile_meta(f, "solver", solver, sizeof solver);
    if ((flags & MJT_OPEN_INEXACT) || !strcmp(solver, "bitboard") ||
        !strcmp(solver, "reference"))
        return MJT_OK;
    mjt__diag_set(diag, MJT_EFORMAT, -1,
                  "%s: made by solver '%.31s', whose answers are not exact "
                  "(it may count a fifth copy of a tile); open it with "
                  "MJT_OPEN_INEXACT to compare",
                  path, solver);
    return MJT_EFORMAT;
}

/* The games' pointers to the loaded (or mapped) tables. */
static void point_games(struct mjt_tables *t)
{
    for (int part = 0; part < 3; part++) {
        t->game[0].rec[part] = t->suit;
        t->game[0].fidx[part] = t->fidx_of[MJT__SUIT];
    }
    t->game[0].rec[3] = t->honor;
    t->game[0].fidx[3] = t->fidx_of[MJT__HONOR];
    t->game[0].kinds = MJT__ALL_TILES;
    t->game[0].honor_like = 1u << 3;
}

/* A cache's forms as the file's would be: every pattern word's within the
 * nforms forms, every form word well made, and the empty pattern's one
 * decomposition (load_forms).  Its digest tells damage, not a file made
 * to pass: these are what the queries rely on not to read or write out
 * of bounds. */
static int cache_forms_ok(const struct mjt_tables *t, size_t nforms)
{
    for (size_t i = 0; i < nforms; i++)
        if (!form_word_ok(t->forms[i]))
            return 0;
    for (int part = 0; part < 4; part += 3)
        if (MJT__F_DECOMPOSITIONS(mjt__fword(&t->game[0], part, 0)) != 1)
            return 0;
    for (int table = 0; table < 2; table++) {
        size_t n =
            table == MJT__SUIT ? MJT__SUIT_PATTERNS : MJT__HONOR_PATTERNS;
        for (size_t i = 0; i < n; i++) {
            uint32_t w = t->fidx_of[table][i];
            if ((size_t)MJT__F_FIRST(w) + MJT__F_DECOMPOSITIONS(w) +
                    MJT__F_ARRANGEMENTS(w) >
                nforms)
                return 0;
        }
    }
    return 1;
}

/* The tables from the cache of id (cache.c), if there is one that
 * checks: MJT_OK, or -1 with t as it was (what it held before, a copy
 * decompressed or none, still in place; the sanma index arrays that
 * sanma_rules rewrites are a function of t->ix alone, the same either
 * way). */
static int from_cache(struct mjt_tables *t, uint64_t id)
{
    size_t nforms, sanma_base;
    mjt__mrec *suit = t->suit, *honor = t->honor;
    uint32_t *fidx[2] = {t->fidx_of[0], t->fidx_of[1]};
    uint64_t *forms = t->forms;
    mjt__game game[2];
    mjt__mrec sanma_rec[MJT__SANMA_PATTERNS];
    uint32_t sanma_fidx[MJT__SANMA_PATTERNS];

    memcpy(game, t->game, sizeof game);
    memcpy(sanma_rec, t->sanma_rec, sizeof sanma_rec);
    memcpy(sanma_fidx, t->sanma_fidx, sizeof sanma_fidx);
    if (mjt__cache_map(t, id, &nforms, &sanma_base) != 0)
        return -1;
    point_games(t);
    if (cache_forms_ok(t, nforms) &&
        sanma_rules(t, NULL, sanma_base, nforms) == MJT_OK) {
        mjt__cache_cold(t);
        return MJT_OK;
    }
    munmap(t->map, t->map_len);
    t->map = NULL;
    t->suit = suit;
    t->honor = honor;
    t->fidx_of[0] = fidx[0];
    t->fidx_of[1] = fidx[1];
    t->forms = forms;
    memcpy(t->game, game, sizeof game);
    memcpy(t->sanma_rec, sanma_rec, sizeof sanma_rec);
    memcpy(t->sanma_fidx, sanma_fidx, sizeof sanma_fidx);
    return -1;
}

/* The tables this open decompressed, just written as the cache of id,
 * mapped from it in place of the copy made here: this process then
 * shares them as every later one does.  When the cache does not map, the
 * copy stays (from_cache leaves t as it was). */
static void adopt_cache(struct mjt_tables *t, uint64_t id)
{
    void *copy[] = {t->suit, t->honor, t->fidx_of[0], t->fidx_of[1], t->forms};

    if (from_cache(t, id) == MJT_OK)
        for (size_t i = 0; i < sizeof copy / sizeof *copy; i++)
            free(copy[i]);
}

/* Open and load the tables at path, all of them: from the cache of its
 * content when there is one, else from the file, then writing the cache
 * and mapping it (unless flags hold MJT_OPEN_PRIVATE). */
static int load(mjt_tables **out, const char *path, unsigned flags,
                mjt__diag *diag)
{
    struct mjt_tables *t;
    mjt__tfile *f = NULL;
    uint64_t id = 0;
    int rc;

    if (out == NULL || path == NULL) {
        mjt__diag_set(diag, MJT_EINVAL, -1, "no output handle or path");
        return MJT_EINVAL;
    }
    *out = NULL;
    if ((t = mjt__calloc(1, sizeof *t)) == NULL) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        return MJT_ENOMEM;
    }
    mjt__index_init(&t->ix);
    for (int part = 0; part < 4; part++)
        t->game[0].kind[part] = part < 3 ? &t->ix.suit : &t->ix.honor;
    if ((rc = mjt__tfile_open(&f, path, diag)) != MJT_OK ||
        (rc = exact_solver(f, path, flags, diag)) != MJT_OK)
        goto fail;
    if (!(flags & MJT_OPEN_PRIVATE))
        id = mjt__cache_id(mjt__tfile_fd(f), mjt__tfile_format(f));
    if (id != 0 && from_cache(t, id) == MJT_OK) {
        mjt__tfile_close(f);
        *out = t;
        return MJT_OK;
    }
    floader fl = {t, 0, NULL, 0, 0, 0, 0};
    for (int table = 0; table < MJT__NTABLES; table++) {
        if ((rc = load_table(t, f, table, path, diag)) != MJT_OK)
            goto fail;
        fl.table = table;
        if ((rc = load_forms(t, f, &fl, path, diag)) != MJT_OK) {
            if (rc == MJT_ENOMEM)
                mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
            goto fail;
        }
    }
    mjt__tfile_close(f);
    f = NULL;
    point_games(t);
    size_t sanma_base = fl.len;
    if ((rc = sanma_rules(t, &fl, 0, 0)) != MJT_OK) {
        mjt__diag_set(diag, MJT_ENOMEM, -1, "%s: out of memory", path);
        goto fail;
    }
    if (id != 0 && mjt__cache_save(t, id, fl.len, sanma_base) == 0)
        adopt_cache(t, id);
    *out = t;
    return MJT_OK;
fail:
    mjt__tfile_close(f);
    mjt_tables_close(t);
    return rc;
}

void mjt_tables_close(mjt_tables *t)
{
    if (t == NULL)
        return;
    if (t->map != NULL) {
        munmap(t->map, t->map_len);
    } else {
        free(t->suit);
        free(t->honor);
        free(t->fidx_of[0]);
        free(t->fidx_of[1]);
        free(t->forms);
    }
    free(t);
}
