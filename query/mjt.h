/* SPDX-License-Identifier: MIT */
/*
 * mjt.h: exact riichi mahjong hand analysis in O(1) from precomputed tables.
 *
 * libmjt answers, for any concealed hand of 1 to 14 tiles whose count is 1 or
 * 2 mod 3, the shanten of the standard form, seven pairs and thirteen orphans,
 * the effective tiles (ukeire) of a 3k+1 hand, the whole discard table of a
 * 3k+2 hand, the waits of a tenpai hand with every wait shape, and every
 * decomposition of a complete hand.  Answers are exact under the rule
 * that a hand can never hold a fifth copy of a tile: 1111m123p112233s is
 * 1-shanten, not tenpai.
 *
 * Tables.  mjt_tables_open() reads the file written by mjt-gen (`make tables`
 * writes tables/mjt.lmdb), checks its magic, format version and digests, and
 * loads it into a dense in-memory form of about 11 MB; the file is closed
 * again before the call returns.  Every query then finds each suit's record
 * with two small array reads and no search.
 *
 * Threads.  An open mjt_tables is immutable: any number of threads may query
 * it at once without locks.  No query allocates, prints or keeps state.
 *
 * Ownership.  Callers own what they pass, and no call keeps a pointer to
 * caller memory after it returns; the library owns what sits behind an
 * mjt_tables until mjt_tables_close(), which accepts NULL.
 */
#ifndef MJT_H
#define MJT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MJT_VERSION_MAJOR 0
#define MJT_VERSION_MINOR 1
#define MJT_VERSION_PATCH 0
#define MJT_VERSION_STRING "0.1.0"

/* The library's version, MJT_VERSION_STRING of the build that was linked. */
const char *mjt_version(void);

/* ==== Errors ==== */

/*
 * Every call that can fail returns MJT_OK (0) or one of these negative codes.
 * The list is the single source of both the enum and mjt_strerror().
 */
#define MJT_ERRNO_MAP(X)                                                       \
    X(EINVAL, -1, "invalid argument")                                          \
    X(ENOMEM, -2, "out of memory")                                             \
    X(EIO, -3, "input/output error")                                           \
    X(ENOENT, -4, "no such file")                                              \
    X(EFORMAT, -5, "not a table of this format")                               \
    X(ECORRUPT, -6, "table content does not match its digest")                 \
    X(ESYNTAX, -7, "malformed tiles")                                          \
    X(ECOPIES, -8, "more than 4 copies of a tile")                             \
    X(ECOUNT, -9, "wrong number of tiles")                                     \
    X(ESUIT, -10, "tiles of more than one suit")                               \
    X(ESPACE, -11, "output buffer too small")

typedef enum mjt_errno {
    MJT_OK = 0,
#define MJT_ERRNO_ENUM_(name, code, msg) MJT_##name = (code),
    MJT_ERRNO_MAP(MJT_ERRNO_ENUM_)
#undef MJT_ERRNO_ENUM_
} mjt_errno;

/* A short description of code; never NULL, "unknown error" for a stranger. */
const char *mjt_strerror(int code);

/*
 * Detail of a failure, for the calls that take one (parse and open).  The
 * caller owns it and may pass NULL.  On failure the call sets code, the errno
 * it saw (0 if none), the byte offset in the text it parsed (-1 if the
 * failure has no place), and a one-line message naming the problem.  On
 * success it is left untouched.
 */
typedef struct mjt_diag {
    int code;
    int sys_errno;
    long offset;
    char message[160];
} mjt_diag;

/* ==== Tables ==== */

typedef struct mjt_tables mjt_tables;

/*
 * Open the table file at path (written by mjt-gen) and load it.  Returns
 * MJT_OK and sets *out, or: MJT_ENOENT (no file), MJT_EIO, MJT_EFORMAT (not
 * a table, another format version, truncated), MJT_ECORRUPT (content does
 * not match its digest, or patterns missing), MJT_ENOMEM, MJT_EINVAL (out or
 * path NULL); then *out is NULL and diag, if not NULL, says why.  The handle
 * holds about 11 MB, keeps no file open, and is shareable by any number of
 * threads.  Takes tens of milliseconds (it checks every record).
 */
int mjt_tables_open(mjt_tables **out, const char *path, mjt_diag *diag);

/* Free t and everything behind it.  NULL is a no-op. */
void mjt_tables_close(mjt_tables *t);

/* ==== Hands ==== */

#define MJT_KINDS 34

/*
 * A concealed hand.  counts[i] is how many of tile i it holds (ids: 0-8
 * 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 1z-7z) and len their sum.  The other
 * fields are derived from counts and kept by the mjt_hand_* calls, so that a
 * query reads them instead of recomputing: part_len[] is the tile count of
 * each part (m, p, s, z), code[] each part's key into the tables, and bit i
 * of ge[j] is set when counts[i] > j.  Change a hand only through the
 * mjt_hand_* calls.  A plain value: copy it freely.
 */
typedef struct mjt_hand {
    uint8_t counts[MJT_KINDS];
    uint8_t len;
    uint8_t part_len[4];
    uint32_t code[4];
    uint64_t ge[4];
} mjt_hand;

/*
 * Make *h from 34 counts.  MJT_ECOPIES if a count exceeds 4, MJT_ECOUNT
 * unless 1 to 14 tiles with a count of 1 or 2 mod 3.  Never allocates.
 */
int mjt_hand_from_counts(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                         mjt_diag *diag);

/*
 * Make *h from len bytes of text in the text form ("123m406p789s1122z", 0 is
 * a red five).  MJT_ESYNTAX for a malformed text, MJT_ECOPIES for a fifth
 * copy, MJT_ECOUNT for a wrong number of tiles; diag gets the message and
 * the byte offset.  Never allocates.
 */
int mjt_hand_parse(mjt_hand *h, const char *text, size_t len, mjt_diag *diag);

/*
 * Write h in the text form into buf (NUL-terminated if cap > 0).  Returns
 * the length the whole text needs, without the NUL; at most 48.
 */
size_t mjt_hand_format(const mjt_hand *h, char *buf, size_t cap);

/*
 * Add or remove one tile (a draw, a discard).  Add: MJT_ECOPIES if four are
 * held, MJT_ECOUNT if 14 are; remove: MJT_EINVAL if none is held; MJT_EINVAL
 * for a tile outside 0-33.  The hand may pass through counts the queries
 * refuse (0 tiles, a multiple of 3); the queries check.
 */
int mjt_hand_add(mjt_hand *h, int tile);
int mjt_hand_remove(mjt_hand *h, int tile);

/* ==== Queries ====
 *
 * Each takes an open table and a hand of 1 to 14 tiles whose count is 1 or
 * 2 mod 3 (fewer than 13 means calls were made), returns MJT_OK or
 * MJT_ECOUNT for another count (MJT_EINVAL for a NULL argument), never
 * allocates, and is safe from any number of threads.
 */

/* Shanten of a form that does not apply (seven pairs below 13 tiles). */
#define MJT_SHANTEN_NONE 127

/* Shanten: -1 complete, 0 tenpai, ... (never "shanten + 1"). */
typedef struct mjt_shanten_info {
    int standard;   /* n//3 melds and a pair, no fifth copy of a tile */
    int chiitoitsu; /* seven pairs, or MJT_SHANTEN_NONE below 13 tiles */
    int kokushi;    /* thirteen orphans, or MJT_SHANTEN_NONE below 13 */
    int overall;    /* the least of the three */
} mjt_shanten_info;

int mjt_shanten(const mjt_tables *t, const mjt_hand *h, mjt_shanten_info *out);

/*
 * Effective tiles of a 3k+1 hand: bit i of tiles is set when drawing tile i
 * lowers the overall shanten (never for a kind held 4 times).  count is the
 * copies of those kinds not in the hand and not in visible (34 counts of
 * tiles the caller has seen: discards, calls, dora indicators; NULL for
 * none).  MJT_ECOPIES if visible and the hand together exceed 4 of a kind.
 */
typedef struct mjt_ukeire_info {
    uint64_t tiles;
    int count;
    int shanten; /* overall shanten of the hand */
} mjt_ukeire_info;

int mjt_ukeire(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
               mjt_ukeire_info *out);

/*
 * Discard table of a 3k+2 hand: one entry per kind held, in tile order,
 * with the overall shanten after discarding it and the effective tiles of
 * what remains.  count is the copies of those tiles left to draw, where
 * the discarded tile counts as seen (it lies in the river).  out must hold
 * 14 entries; *len gets the number written.  visible as for mjt_ukeire.
 */
typedef struct mjt_discard {
    int tile;
    int shanten;
    uint64_t tiles;
    int count;
} mjt_discard;

int mjt_discards(const mjt_tables *t, const mjt_hand *h, const uint8_t *visible,
                 mjt_discard out[14], size_t *len);

/*
 * Waits of a 3k+1 hand: *waits gets its effective tiles when it is tenpai
 * (overall shanten 0), else 0.  Bit i = tile i; never a kind held 4 times.
 */
int mjt_waits(const mjt_tables *t, const mjt_hand *h, uint64_t *waits);

/* ==== Decompositions and wait shapes ==== */

/* A block of tiles, named by its kind and its lowest tile (0-33). */
enum mjt_block_kind {
    MJT_RUN,       /* meld: tile, tile+1, tile+2 */
    MJT_TRIPLET,   /* meld: three of tile */
    MJT_PAIR,      /* two of tile */
    MJT_WAIT_ONE,  /* waiting block: tile alone (tanki) */
    MJT_WAIT_PAIR, /* waiting block: two of tile (shanpon) */
    MJT_WAIT_SIDE, /* waiting block: tile, tile+1 (ryanmen, penchan) */
    MJT_WAIT_GAP   /* waiting block: tile, tile+2 (kanchan) */
};

typedef struct mjt_block {
    uint8_t kind; /* an mjt_block_kind */
    uint8_t tile;
} mjt_block;

/* No tile: the pair of a form that has none. */
#define MJT_NO_TILE 255

enum mjt_form { MJT_STANDARD, MJT_CHIITOITSU, MJT_KOKUSHI };

/*
 * One way a complete hand splits.  Standard form: melds_len melds (len / 3,
 * by suit m, p, s, z, and within a suit by top tile, a run before a
 * triplet ending on the same tile) and the pair.  Seven pairs and thirteen
 * orphans: no melds, pair MJT_NO_TILE.
 */
typedef struct mjt_decomposition {
    uint8_t form; /* an mjt_form */
    uint8_t pair;
    uint8_t melds_len;
    mjt_block melds[4];
} mjt_decomposition;

/* The most decompositions a hand has: 4 standard (e.g. 11122233344455m)
 * and seven pairs (tests/test_shapes.c checks this bound). */
#define MJT_MAX_DECOMPOSITIONS 5

/*
 * Decompositions of a complete 3k+2 hand, without repeats, into out (cap
 * entries): the standard ones, then seven pairs, then thirteen orphans.
 * *len gets their number: 0 when the hand is not complete.  MJT_ESPACE
 * when there are more than cap (the first cap are written); a buffer of
 * MJT_MAX_DECOMPOSITIONS never is too small.  MJT_ECOUNT for a 3k+1 hand.
 */
int mjt_decompositions(const mjt_tables *t, const mjt_hand *h,
                       mjt_decomposition *out, size_t cap, size_t *len);

enum mjt_shape_kind {
    MJT_TANKI,            /* wait: the single tile; the rest has no pair */
    MJT_SHANPON,          /* wait: a pair, which becomes a triplet */
    MJT_KANCHAN,          /* wait: tile, tile+2; wins on the middle */
    MJT_PENCHAN,          /* wait: 12 winning 3, or 89 winning 7 */
    MJT_RYANMEN,          /* wait: two in a row, open at both ends */
    MJT_SHAPE_CHIITOITSU, /* seven pairs, waiting on the single */
    MJT_SHAPE_KOKUSHI,    /* thirteen orphans waiting on the missing one */
    MJT_SHAPE_KOKUSHI13   /* thirteen orphans, 13-sided */
};

/*
 * One way a winning tile completes a tenpai hand.  Standard form: wait is
 * the waiting block, melds the completed melds (ordered as in
 * mjt_decomposition) and pair the other pair, MJT_NO_TILE for tanki (the
 * waiting tile becomes the pair).  Seven pairs and thirteen orphans: wait
 * is MJT_WAIT_ONE on the winning tile, no melds and no pair.
 */
typedef struct mjt_shape {
    uint8_t tile;  /* the winning tile */
    uint8_t shape; /* an mjt_shape_kind */
    uint8_t pair;
    uint8_t melds_len;
    mjt_block wait;
    mjt_block melds[4];
} mjt_shape;

/* The most shapes a 13-tile hand has: 20 (1112345678999m) and one of
 * seven pairs, or 13 of thirteen orphans (tests/test_shapes.c). */
#define MJT_MAX_SHAPES 21

/*
 * Wait shapes of a tenpai 3k+1 hand into out (cap entries): for every
 * winning tile (never a kind held 4 times), every distinct arrangement it
 * completes, standard ones first by winning tile, then seven pairs, then
 * thirteen orphans.  *len gets their number: 0 when the hand is not
 * tenpai.  MJT_ESPACE when there are more than cap (the first cap are
 * written); a buffer of MJT_MAX_SHAPES never is too small.  MJT_ECOUNT for
 * a 3k+2 hand.
 */
int mjt_shapes(const mjt_tables *t, const mjt_hand *h, mjt_shape *out,
               size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif
#endif /* MJT_H */
