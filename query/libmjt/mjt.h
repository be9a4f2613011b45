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
 *
 * Caller arrays.  A call that fills an array takes it as (out, cap) and
 * sets *len to the number of entries the answer has.  When cap is smaller
 * it returns MJT_ESPACE and writes nothing to out; out NULL with cap 0
 * asks only the number (MJT_ESPACE, or MJT_OK for an empty answer), and
 * out NULL with cap above 0 is MJT_EINVAL.  Each array's MJT_MAX_* bound
 * always suffices.  Text goes by snprintf's rule instead (the *_format
 * calls).
 */
#ifndef MJT_H
#define MJT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * MJT_API marks what libmjt exports; everything else in it is hidden
 * (soname libmjt.so.1: the major version, raised when the ABI breaks).
 */
#if defined(_WIN32)
#define MJT_API
#elif defined(__GNUC__) && __GNUC__ >= 4
#define MJT_API __attribute__((visibility("default")))
#else
#define MJT_API
#endif

#define MJT_VERSION_MAJOR 1
#define MJT_VERSION_MINOR 5
#define MJT_VERSION_PATCH 1
#define MJT_VERSION_STRING "1.5.1"
/* 10000 major + 100 minor + patch: compare builds with < and >. */
#define MJT_VERSION_NUMBER                                                     \
    (MJT_VERSION_MAJOR * 10000 + MJT_VERSION_MINOR * 100 + MJT_VERSION_PATCH)

/* The version of the library linked, which may differ from the header's:
 * MJT_VERSION_STRING and MJT_VERSION_NUMBER of the build that was linked. */
MJT_API const char *mjt_version(void);
MJT_API int mjt_version_number(void);

/* The code path the library's queries run: "x86-64-v2" (SSSE3, SSE4.1 and
 * POPCNT) or "portable" (plain C, any CPU).  On x86-64 the library holds
 * both and takes, once, as the program starts, the best this CPU runs;
 * MJT_ISA=portable in the environment then asks for the portable one (a
 * path this CPU cannot run is never taken).  Elsewhere it is the one the
 * library was built as.  Every path gives the same answers. */
MJT_API const char *mjt_isa(void);

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
    X(ETILE, -10, "tile id out of range")                                      \
    X(ESPACE, -11, "output buffer too small")                                  \
    X(EABSENT, -12, "tile not in the hand")                                    \
    X(EHAND, -13, "not a hand made by the mjt_hand calls")                     \
    X(ESTALE, -14, "hand changed outside the mjt_hand calls")                  \
    X(ECALL, -15, "not a meld that can be called")                             \
    X(EPLAYERS, -16, "not in the game of the hand's number of players")        \
    X(ECANCELED, -17, "stopped by the caller")                                 \
    X(ERED, -18, "more red fives than the rules have")                         \
    X(EBUDGET, -19, "over the budget of memory or time")                       \
    X(ENOTWIN, -20, "not a complete hand")

typedef enum mjt_errno {
    MJT_OK = 0,
#define MJT_ERRNO_ENUM_(name, code, msg) MJT_##name = (code),
    MJT_ERRNO_MAP(MJT_ERRNO_ENUM_)
#undef MJT_ERRNO_ENUM_
} mjt_errno;

/* A short description of code; never NULL, "unknown error" for a stranger. */
MJT_API const char *mjt_strerror(int code);

/* The name of code without its prefix ("OK", "ECOUNT", ...), for programs
 * that report errors by name (mjq serve's JSON); NULL for a stranger. */
MJT_API const char *mjt_errname(int code);

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
 * Open the table file at path (written by mjt-gen) and load it.  With path
 * NULL, the one mjt_tables_find finds.  Returns MJT_OK and sets *out, or:
 * MJT_ENOENT (no file; with path NULL the message names every path tried),
 * MJT_EIO, MJT_EFORMAT (not a table, another format version, truncated),
 * MJT_ECORRUPT (content does not match its digest, or patterns missing),
 * MJT_ENOMEM, MJT_EINVAL (out NULL); then *out is NULL and diag, if not
 * NULL, says why.  The handle keeps no file open and is shareable by any
 * number of threads.
 *
 * The tables decompressed (about 11 MB) are shared between processes: the
 * first to open a table file writes them to a cache file, and every later
 * open of the same content maps that file read-only, so that a process
 * opening tables another has opened pays about 0.5 MB of memory of its
 * own.  The cache is in $MJT_CACHE_DIR (set empty: none; a relative path
 * is taken from the working directory), else $XDG_CACHE_HOME/mjt, else
 * $HOME/.cache/mjt, and is read only when the user owns it and its
 * directory and no one else may write them; its name is a hash of the
 * table file's every byte and of this library's version, and at every
 * open its digest and the shape of its forms are checked (a cache that
 * fails is written again).  Without it
 * (none writable, or MJT_OPEN_PRIVATE) the tables are in the process's own
 * memory.  An open that decompresses takes tens of milliseconds (it checks
 * every record); one that maps the cache, a few.
 */
MJT_API int mjt_tables_open(mjt_tables **out, const char *path, mjt_diag *diag);

/*
 * The same, with flags.  A table made by a solver whose answers are not
 * exact (mjt-gen --solver nocap, kept to compare solvers, counts a fifth
 * copy of a tile) is refused with MJT_EFORMAT and a message saying so,
 * unless flags hold MJT_OPEN_INEXACT.  MJT_OPEN_PRIVATE: no cache file
 * read or written, the tables in this process's memory alone.  MJT_EINVAL
 * for an unknown flag.
 */
#define MJT_OPEN_INEXACT 1u
#define MJT_OPEN_PRIVATE 2u
MJT_API int mjt_tables_open_flags(mjt_tables **out, const char *path,
                                  unsigned flags, mjt_diag *diag);

/* Free t and everything behind it.  NULL is a no-op. */
MJT_API void mjt_tables_close(mjt_tables *t);

/* Where this build installs its tables (PREFIX/share/mjt/mjt.lmdb), a
 * static string: what mjt_tables_find tries last. */
MJT_API const char *mjt_tables_default(void);

/*
 * Where the tables are when no path is given: the first that exists of
 * the file $MJT_TABLES names (when it is set and not empty), then
 * tables/mjt.lmdb in the working directory or the nearest folder above it
 * that has one (a source tree where `make tables` ran), then
 * mjt_tables_default().  The path goes into buf (cap bytes, NUL-ended;
 * MJT_ESPACE when it does not fit).  MJT_ENOENT when none exists, diag's
 * message naming what was tried.  mjq, mjq serve and the Python module
 * find their tables so.
 */
MJT_API int mjt_tables_find(char *buf, size_t cap, mjt_diag *diag);

/* ==== Rules ====
 *
 * The rules a question runs under, one plain value: how many players,
 * how many red fives each suit has, and the choices of scoring that differ
 * between rulesets.  mjt_rules_init gives the defaults; a caller may then
 * change fields and check the whole with mjt_rules_check.  What a player
 * sees (seen tiles, calls) is not part of the rules.  Calls that take a
 * const mjt_rules * take NULL for the defaults of four players.
 */
typedef struct mjt_rules {
    uint8_t players; /* 3 or 4 */
    /* Red fives each suit (m, p, s) has, 0 to 4: 1 each by default, none
     * in the manzu with three players (it has no 5m). */
    uint8_t red[3];
    /* Scoring: 1 for yes, 0 for no (the defaults in brackets). */
    uint8_t open_tanyao;     /* all simples counts in an open hand [1] */
    uint8_t double_yakuman;  /* the double ones count twice [1] */
    uint8_t counted_yakuman; /* 13 han or more is a yakuman [1] */
    uint8_t yakuman_stack;   /* yakuman of one hand add up [1] */
    uint8_t round_up_mangan; /* 4 han 30 fu, 3 han 60 fu: mangan [0] */
    uint8_t pinfu_tsumo_fu;  /* pinfu tsumo takes the 2 fu of tsumo [0] */
    uint8_t double_wind_fu;  /* fu of a pair of round and seat wind [4] */
    uint8_t pao;             /* who fed the last set of big three dragons
                                or big four winds pays for it [1] */
    uint8_t reserved_[20];   /* 0: room for later fields */
} mjt_rules;

/* The defaults for players (3 or 4; anything else gives 4) into *r. */
MJT_API void mjt_rules_init(mjt_rules *r, int players);

/* MJT_OK when r is a ruleset this library plays, else MJT_EINVAL naming
 * the field in diag: players 3 or 4, red fives 0 to 4 (0 in the manzu
 * with three players), yes-or-no fields 0 or 1, double_wind_fu 2 or 4,
 * the reserved bytes 0.  The calls that make hands read the players and
 * the red fives alone (refusing those out of range); every other call that
 * takes rules checks them whole. */
MJT_API int mjt_rules_check(const mjt_rules *r, mjt_diag *diag);

/* ==== Tiles ==== */

#define MJT_KINDS 34

/*
 * Tile ids.  0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 the honors 1z-7z
 * (East South West North White Green Red): the 34 kinds, by which every
 * count array is indexed.  A red five is the same kind as its five for
 * every answer, and has an id of its own where a tile is named one at a
 * time: MJT_RED_5M, MJT_RED_5P, MJT_RED_5S.  Its name is "0m", "0p", "0s".
 */
#define MJT_RED_5M 34
#define MJT_RED_5P 35
#define MJT_RED_5S 36
#define MJT_TILE_IDS 37

/* The kind of a tile id: the id itself, or the five of a red five's suit. */
#define MJT_KIND_OF(tile)                                                      \
    ((tile) >= MJT_KINDS ? ((tile)-MJT_KINDS) * 9 + 4 : (tile))

/* The name of a tile id ("1m", "0p" for a red five, "7z"), a static
 * string; NULL for an id outside 0-36. */
MJT_API const char *mjt_tile_name(int tile);

/* The tile id of the two-byte name at text ("5m", "0p", "7z"); MJT_ESYNTAX
 * when those bytes are no tile's name (fewer than two, NULL). */
MJT_API int mjt_tile_from_name(const char *text, size_t len);

/*
 * A set of tiles of any size: the tiles a player has seen (discards, calls,
 * dora indicators), or any other.  counts[i] is how many of kind i, red
 * fives included, and red[s] how many of those of kind 9s + 4 are red; len
 * their sum.  A plain value the caller may fill by hand: the queries take
 * its counts (a count array of 34).
 */
typedef struct mjt_tiles {
    uint8_t counts[MJT_KINDS];
    uint8_t red[3];
    uint8_t len;
} mjt_tiles;

/*
 * Read len bytes of the text form ("1z5p", "406m", "" for none) into *out:
 * 0 to 136 tiles, spaces allowed between groups.  MJT_ESYNTAX (malformed,
 * diag gives the byte offset), MJT_ECOPIES (a fifth copy of a kind).
 * Never allocates.
 */
MJT_API int mjt_tiles_parse(mjt_tiles *out, const char *text, size_t len,
                            mjt_diag *diag);

/*
 * Write tiles in the text form into buf (NUL-terminated if cap > 0), red
 * fives as 0 before the plain fives.  Returns the length the whole text
 * needs without the NUL (at most 180, snprintf's rule).
 */
MJT_API size_t mjt_tiles_format(const mjt_tiles *tiles, char *buf, size_t cap);

/*
 * Ranking.  Every distinct set of len tiles (0 to 14) has an index below
 * mjt_tiles_count(len, flags): its place in the lexicographic order of
 * count vectors, the count of tile 0 (1m) most significant, so index 0
 * holds the highest tiles.  Red fives count as fives, unless flags hold
 * MJT_RANK_RED: then a set's count vector has 37 entries, ids 0-36, a
 * plain five at most 3 and each red five at most 1 (705,790,937,972 sets
 * of 14 tiles instead of 326,520,504,500).  None allocates.
 */
#define MJT_RANK_RED 1u

/* The number of distinct sets of len tiles; 0 for len outside 0-14 or an
 * unknown flag. */
MJT_API uint64_t mjt_tiles_count(int len, unsigned flags);

/* The index of tiles (0 to 14 of them) into *index.  MJT_ECOUNT for more
 * than 14 tiles, MJT_ECOPIES for a count above 4 (or, with
 * MJT_RANK_RED, two red fives of a suit), MJT_EINVAL for a NULL argument,
 * more red fives than fives, or an unknown flag. */
MJT_API int mjt_tiles_rank(const mjt_tiles *tiles, unsigned flags,
                           uint64_t *index);

/* The set of len tiles whose index is index into *out.  MJT_ECOUNT for len
 * outside 0-14, MJT_EINVAL for an index not below mjt_tiles_count(len,
 * flags), a NULL out or an unknown flag; then *out is untouched. */
MJT_API int mjt_tiles_unrank(mjt_tiles *out, int len, uint64_t index,
                             unsigned flags);

/* ==== Hands ==== */

/*
 * A hand: 0 to 14 concealed tiles and up to 4 calls, sealed: its bytes are
 * the library's, made only by mjt_hand_from_counts, mjt_hand_from_tiles,
 * mjt_hand_from_calls or mjt_hand_parse and changed only by mjt_hand_add
 * and mjt_hand_remove, which keep what the queries read up to date in a
 * few instructions.  A plain value: copy it freely (48 bytes, no pointers,
 * nothing to free).  Every call that takes a hand checks it first: one not
 * made by these calls (garbage, zeroed) gets MJT_EHAND, and one whose
 * bytes were changed outside them, so that they no longer agree,
 * MJT_ESTALE.  No bytes make a query read out of bounds or answer MJT_OK
 * for another hand than the one the accessors report.
 */
typedef struct mjt_hand {
    uint32_t opaque_[12];
} mjt_hand;

/*
 * The calls that make a hand take the rules it is played under (NULL: the
 * defaults of four players).  The hand keeps the two things of them that
 * it is checked against: the number of players (three: no 2m to 8m,
 * MJT_EPLAYERS) and the red fives each suit has (more held, counting the
 * calls, is MJT_ERED).  Rules whose players or red fives mjt_rules_check
 * refuses get MJT_EINVAL; the other fields are not read here.
 */

/*
 * Make *h from 34 counts (no red five).  MJT_ECOPIES if a count exceeds 4,
 * MJT_ECOUNT unless 1 to 14 tiles with a count of 1 or 2 mod 3.  About as
 * fast as a query: a bot may build a hand from its counts for every call.
 */
MJT_API int mjt_hand_from_counts(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                                 const mjt_rules *rules, mjt_diag *diag);

/*
 * Make *h from len tile ids (0-36, red fives kept).  MJT_ETILE for an id
 * outside 0-36 (diag->offset is its index), MJT_ECOPIES for a fifth copy,
 * MJT_ERED for more red fives than the rules have, MJT_ECOUNT as above.
 */
MJT_API int mjt_hand_from_tiles(mjt_hand *h, const uint8_t *tiles, size_t len,
                                const mjt_rules *rules, mjt_diag *diag);

/*
 * Make *h from len bytes of text in the text form ("123m406p789s1122z", 0
 * is a red five; spaces may separate groups), the concealed tiles then
 * each call after a comma: "12m55p,3333m,111z,222z" (the call notation is
 * under Calls).  MJT_ESYNTAX for a malformed text (a comma with no call
 * after it, too), MJT_ECOPIES for a fifth copy (counting the calls),
 * MJT_ERED for more red fives than the rules have, MJT_ECOUNT for a wrong
 * number of tiles, MJT_ECALL for a call that is no meld or a fifth call;
 * diag gets the message and the byte offset.  Never allocates.
 */
MJT_API int mjt_hand_parse(mjt_hand *h, const char *text, size_t len,
                           const mjt_rules *rules, mjt_diag *diag);

/*
 * Write h in the text form into buf (NUL-terminated if cap > 0), red fives
 * as 0 before the plain fives, each call after a comma.  Returns the length
 * the whole text needs, without the NUL (at most 18 without calls, 56 with
 * them: MJT_HAND_TEXT bytes always suffice), or 0 (and an empty buf) for a
 * hand the checks above refuse.
 */
#define MJT_HAND_TEXT 64
MJT_API size_t mjt_hand_format(const mjt_hand *h, char *buf, size_t cap);

/*
 * Add or remove one tile by id (a draw, a discard; 34-36 a red five, 4, 13
 * and 22 a plain one).  Each touches only its tile's suit.  Add:
 * MJT_ECOPIES if four of its kind are held (counting the calls),
 * MJT_ERED for a red five beyond the hand's rules, MJT_EPLAYERS for 2m to
 * 8m in a three-player hand, MJT_ECOUNT if 14 tiles are (3 a call).
 * Remove: MJT_EABSENT if no such tile is held (a plain five when every
 * five held is red, too).  Both: MJT_ETILE for an id outside 0-36,
 * MJT_EHAND or MJT_ESTALE for a hand as above.  On failure h is unchanged.
 * The hand may pass through counts the queries refuse (0 tiles, a multiple
 * of 3); the queries check.
 */
MJT_API int mjt_hand_add(mjt_hand *h, int tile);
MJT_API int mjt_hand_remove(mjt_hand *h, int tile);

/*
 * What a hand holds concealed: *out gets its 34 counts (red fives counted as
 * fives) and its red fives; mjt_hand_calls gives the calls.  Returns MJT_OK, or
 * MJT_EHAND or MJT_ESTALE as above (then *out is all zero).
 */
MJT_API int mjt_hand_tiles(const mjt_hand *h, mjt_tiles *out);

/* ==== Calls ====
 *
 * A called meld: a run, a triplet, or a quad (a kan), open or closed, and where
 * it came from: the seat relative to the player (a run only from the left; a
 * closed quad from no one).  Open and closed quads, and where a call came from,
 * matter to scoring only.  Its copies count against the four of each kind: the
 * concealed part may hold only 4 less those in the calls, they are not in the
 * wall, and a kind whose four copies are all in the hand and its calls is never
 * an effective tile or a wait.  The concealed part must reach 4 less the calls
 * melds and a pair; seven pairs and thirteen orphans do not apply.  Queries
 * answer about the concealed part with these caps, exactly; a hand whose calls
 * lower the caps of a suit takes a small exact solve of that suit
 * (microseconds), not the tables alone.  A hand of fewer than 13 tiles made
 * without calls is taken as before: calls were made, but nothing is known of
 * them.
 */
#define MJT_MAX_CALLS 4

/* Where a call came from: the seat relative to the player (the next
 * player in turn is on the right). */
enum mjt_from {
    MJT_FROM_UNKNOWN, /* not said (and a closed quad's) */
    MJT_FROM_RIGHT,   /* shimocha */
    MJT_FROM_ACROSS,  /* toimen; no such seat with three players */
    MJT_FROM_LEFT     /* kamicha */
};

/*
 * In text, a call is its tiles after a comma, then optionally a colon and
 * where it came from: ":left", ":across" or ":right", or ":closed" for a
 * closed quad: "123m:left", "555p:across", "3333m", "7777z:closed".
 * Without a colon nothing is said of where it came from, and a quad is an
 * open one.
 */
typedef struct mjt_call {
    uint8_t kind; /* MJT_RUN, MJT_TRIPLET, MJT_QUAD or MJT_CLOSED_QUAD */
    uint8_t tile; /* its lowest tile, 0-33 */
    uint8_t red;  /* how many of its fives are red */
    uint8_t from; /* an mjt_from */
} mjt_call;

/*
 * Make *h from the concealed tiles' 34 counts (no red five) and ncalls
 * calls.  With calls, the concealed tiles and 3 a call make 13 or 14.
 * MJT_ECALL for a call that is no meld (a run of honors, a run past 9, a
 * red five it does not hold, an unknown kind or seat, a run not from the
 * left, a closed quad from a seat) or more than 4 calls, MJT_ECOPIES for a
 * fifth copy counting the calls, MJT_ERED and MJT_EPLAYERS as the rules
 * say, MJT_ECOUNT for a wrong number of tiles; diag names the call and the
 * problem.  With no calls it is mjt_hand_from_counts.
 */
MJT_API int mjt_hand_from_calls(mjt_hand *h, const uint8_t counts[MJT_KINDS],
                                const mjt_call *calls, size_t ncalls,
                                const mjt_rules *rules, mjt_diag *diag);

/* The copies of each kind in h's concealed tiles and its calls together
 * (a quad 4, open or closed) into all, what is no longer to be drawn;
 * MJT_OK, or MJT_EHAND or MJT_ESTALE as above (then all is zero). */
MJT_API int mjt_hand_held(const mjt_hand *h, uint8_t all[MJT_KINDS]);

/*
 * The calls of h into out, in the order they were given, by the rule of
 * caller arrays (MJT_MAX_CALLS always suffice).  MJT_EHAND or MJT_ESTALE
 * for a hand as above.
 */
MJT_API int mjt_hand_calls(const mjt_hand *h, mjt_call *out, size_t cap,
                           size_t *len);

/* ==== Three players ====
 *
 * Three-player mahjong (sanma) plays without 2m to 8m: 108 tiles of 27
 * kinds.  1m and 9m form no run there, so they pair and make triplets
 * like honors; seven pairs and thirteen orphans are as with four players
 * (seven distinct pairs of the 27 kinds, the same 13 terminals and
 * honors); there is no chi, and no seat across.  A hand made under rules
 * of three players, or given them by mjt_hand_set_rules, answers every
 * query by three-player rules (2m to 8m are never an effective tile or a
 * wait), and refuses what the game has not: mjt_hand_add of 2m to 8m
 * gives MJT_EPLAYERS, and so does a visible 2m to 8m.  Its queries cost
 * what four-player ones do.
 */

/*
 * Put h under rules (NULL: four players' defaults), as if it had been made
 * under them: MJT_EPLAYERS when h holds what the rules' game has not (2m
 * to 8m, a run call or a call from across, with three players),
 * MJT_ERED when it holds more red fives than they have, MJT_EINVAL for
 * rules as above; diag names the tile or the call, and h is then
 * unchanged.  MJT_EHAND or MJT_ESTALE for bytes that are no hand.  A few
 * nanoseconds to make a hand without calls one of three players' defaults,
 * tens otherwise; a hand made under its rules costs nothing more.
 */
MJT_API int mjt_hand_set_rules(mjt_hand *h, const mjt_rules *rules,
                               mjt_diag *diag);

/* mjt_hand_set_rules with the defaults of players (3 or 4) players;
 * MJT_EINVAL for another number. */
MJT_API int mjt_hand_set_players(mjt_hand *h, int players, mjt_diag *diag);

/* The players of h (3 or 4), or MJT_EHAND or MJT_ESTALE. */
MJT_API int mjt_hand_players(const mjt_hand *h);

/* ==== Queries ====
 *
 * Each takes an open table and a hand of 1 to 14 tiles whose count is 1 or
 * 2 mod 3 (fewer than 13 means calls were made) and returns MJT_OK, or:
 * MJT_EINVAL for a NULL argument, MJT_EHAND or MJT_ESTALE for a hand the
 * mjt_hand calls did not make as it is, MJT_ECOUNT for another number of
 * tiles.  On a failure the outputs are left as they were, but for
 * MJT_ESPACE, which says how many entries were needed.  No query
 * allocates, and any number of threads may ask at once.
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

MJT_API int mjt_shanten(const mjt_tables *t, const mjt_hand *h,
                        mjt_shanten_info *out);

/*
 * The same from 34 counts, with no hand in between: what a bot that keeps
 * counts calls in its hot loop (a few nanoseconds less than making a hand
 * and asking it).  MJT_ECOPIES for a count above 4.
 */
MJT_API int mjt_shanten_counts(const mjt_tables *t,
                               const uint8_t counts[MJT_KINDS],
                               mjt_shanten_info *out);

/* The same by the rules of players (3 or 4) players: MJT_EPLAYERS when
 * players is 3 and a count of 2m to 8m is not 0, MJT_EINVAL for players
 * other than 3 or 4.  As fast as mjt_shanten_counts. */
MJT_API int mjt_shanten_counts_players(const mjt_tables *t,
                                       const uint8_t counts[MJT_KINDS],
                                       int players, mjt_shanten_info *out);

/*
 * The same from len tile ids (0-36), with no hand in between, under rules
 * (NULL: the defaults of four players): what a bot that keeps a list of
 * ids calls in its hot loop.  Each id goes straight into its suit's code;
 * no counts are made.  MJT_EINVAL for NULL t or out, before anything else;
 * then the answer and the errors are those of mjt_hand_from_tiles and
 * mjt_shanten (MJT_EINVAL for NULL tiles with a length or rules that
 * mjt_rules_check refuses, MJT_ETILE, MJT_ECOPIES, MJT_ERED, MJT_ECOUNT,
 * MJT_EPLAYERS).  *out is written only on MJT_OK.  Never allocates.
 */
MJT_API int mjt_shanten_tiles(const mjt_tables *t, const uint8_t *tiles,
                              size_t len, const mjt_rules *rules,
                              mjt_shanten_info *out);

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

MJT_API int mjt_ukeire(const mjt_tables *t, const mjt_hand *h,
                       const uint8_t *visible, mjt_ukeire_info *out);

/*
 * Discard table of a 3k+2 hand: one entry per distinct tile held, in tile
 * order, a red five (tile MJT_RED_5M, ...) right after its suit's plain
 * five when both are held, in its place when only red ones are: the
 * overall shanten after discarding it and the effective tiles of what
 * remains.  count is the copies of those tiles left to draw, where the
 * discarded tile counts as seen (it lies in the river).  out, cap and *len
 * by the rule of caller arrays; MJT_MAX_DISCARDS always suffice.  visible
 * as for mjt_ukeire.
 */
typedef struct mjt_discard {
    int tile; /* a tile id: 0-33, or 34-36 for a red five */
    int shanten;
    uint64_t tiles;
    int count;
} mjt_discard;

/* The most entries a discard table has: one per tile of a 14-tile hand. */
#define MJT_MAX_DISCARDS 14

MJT_API int mjt_discards(const mjt_tables *t, const mjt_hand *h,
                         const uint8_t *visible, mjt_discard *out, size_t cap,
                         size_t *len);

/*
 * The discards of a 3k+2 hand that keep its shanten (the "unnecessary
 * tiles"): the kinds of the rows of least shanten in its discard table,
 * without their effective tiles, at a fraction of its cost.  Bit i of
 * *tiles is set for each kind i whose discard leaves the least shanten (a
 * red five is its kind), and *shanten (when not NULL) is that shanten:
 * the hand's own, or 0 for a complete hand.  MJT_EINVAL for NULL t, h or
 * tiles, MJT_EHAND or MJT_ESTALE for a hand the queries refuse, MJT_ECOUNT
 * unless 3k+2 tiles; the outputs are written only on MJT_OK.  Calls, three
 * players and red fives as mjt_discards.  Never allocates.
 */
MJT_API int mjt_discards_keep(const mjt_tables *t, const mjt_hand *h,
                              uint64_t *tiles, int *shanten);

/* Order the n entries of a discard table best first, as mjq prints them:
 * lower shanten, then more tiles left, then tile order (a red five right
 * after its plain five).  A stable order of equal entries; no allocation. */
MJT_API void mjt_discards_sort(mjt_discard *d, size_t n);

/*
 * Waits of a 3k+1 hand: *waits gets its effective tiles when it is tenpai
 * (overall shanten 0), else 0.  Bit i = tile i; never a kind held 4 times.
 */
MJT_API int mjt_waits(const mjt_tables *t, const mjt_hand *h, uint64_t *waits);

/* ==== Improvement tiles and two-step effective tiles ====
 *
 * Of a 3k+1 hand H of overall shanten s whose effective tiles leave c copies to
 * draw (mjt_ukeire, with the same visible tiles).  A draw is of a kind of the
 * game (three players: no 2m to 8m) with a copy left: not all four in the hand,
 * its calls and visible.  After drawing x and discarding y (x and y kinds, y
 * not x), the hand H + x - y has its own effective tiles, counted as mjt_ukeire
 * counts them with y added to visible (it lies in the river) and x held.
 *
 * Improvement tile: a draw x that is not an effective tile of H, such that
 * some discard y leaves the shanten at s and strictly more than c copies
 * of effective tiles.  Its count is the most any such discard leaves, and
 * its discards are every y that leaves that count (ties: all of them).
 * For a tenpai hand these are the draws that widen the wait.
 *
 * Two-step: for each effective tile x of H with a copy left (s >= 1
 * only), the most effective tiles (copies left) any discard y leaves
 * among those that keep the lower shanten s - 1, and every y that leaves
 * that many.  The total is the sum over these x of x's copies left times
 * that count: the figure that ranks hands of equal c.  A tenpai hand has
 * no two-step (the next step is a win).
 *
 * Discards are kinds: which of a suit's fives (red or plain) to throw
 * does not change a count.  The effective tiles given with each entry are
 * those after its first discard in tile order.
 */
typedef struct mjt_step {
    uint8_t tile;      /* the kind drawn, 0-33 */
    uint8_t left;      /* its copies left to draw */
    uint8_t count;     /* the most copies of effective tiles left after it */
    uint8_t reserved_; /* 0 */
    uint64_t discards; /* bit i: discarding kind i leaves count */
    uint64_t tiles;    /* the effective tiles after the first of those */
} mjt_step;

typedef struct mjt_improve_info {
    int shanten;       /* overall shanten of the hand */
    int count;         /* copies left of its effective tiles */
    int nimprove;      /* improvement tiles, in improve[], in tile order */
    int improve_count; /* copies left of all of them */
    int ntwo;          /* effective tiles with a copy left, in two[], in
                          tile order; -1 when the hand is tenpai */
    int two_total;     /* sum of left * count over two[]; -1 when tenpai */
    mjt_step improve[MJT_KINDS];
    mjt_step two[MJT_KINDS];
} mjt_improve_info;

/*
 * Improvement tiles and two-step effective tiles of the 3k+1 hand h, as
 * defined above, with visible as for mjt_ukeire.  Errors as mjt_ukeire's.
 * From counts a 13-tile hand takes a few microseconds: a small fraction of
 * playing every draw and discard through mjt_ukeire.  A hand with calls
 * takes a discard table per draw (and the exact solves of Calls where
 * they lower a suit's caps): tens to hundreds of microseconds.
 */
MJT_API int mjt_improve(const mjt_tables *t, const mjt_hand *h,
                        const uint8_t *visible, mjt_improve_info *out);

/*
 * The same of the 3k+2 hand h after discarding tile (an id, 0-36, as in a
 * discard table), the tile counted as visible: the columns of that
 * discard's row.  h and visible are checked first, as mjt_discards checks
 * them; then MJT_ETILE for an id outside 0-36, MJT_EABSENT when h holds no
 * such tile.
 */
MJT_API int mjt_improve_discard(const mjt_tables *t, const mjt_hand *h,
                                const uint8_t *visible, int tile,
                                mjt_improve_info *out);

/* ==== Decompositions and wait shapes ==== */

/* A block of tiles, named by its kind and its lowest tile (0-33). */
enum mjt_block_kind {
    MJT_RUN,        /* meld: tile, tile+1, tile+2 */
    MJT_TRIPLET,    /* meld: three of tile */
    MJT_PAIR,       /* two of tile */
    MJT_WAIT_ONE,   /* waiting block: tile alone (tanki) */
    MJT_WAIT_PAIR,  /* waiting block: two of tile (shanpon) */
    MJT_WAIT_SIDE,  /* waiting block: tile, tile+1 (ryanmen, penchan) */
    MJT_WAIT_GAP,   /* waiting block: tile, tile+2 (kanchan) */
    MJT_QUAD,       /* a called quad (kan): four of tile; in calls only */
    MJT_CLOSED_QUAD /* a closed quad (ankan): four of tile; in calls only */
};

typedef struct mjt_block {
    uint8_t kind; /* an mjt_block_kind */
    uint8_t tile;
} mjt_block;

/* No tile: the pair of a form that has none. */
#define MJT_NO_TILE 255

/*
 * Write block b's tiles in the text form into buf (NUL-terminated if cap >
 * 0), as mjq writes them: "123m", "555p", "11z", "7z" (a tanki wait), "46s"
 * (a kanchan wait), "1111z" (a quad).  Returns the length the whole text
 * needs without the NUL (at most 5: MJT_BLOCK_TEXT bytes always suffice),
 * or 0 (and an empty buf) when b is NULL or no block: a kind past
 * MJT_CLOSED_QUAD, a tile past 33, or tiles past the end of their suit (a
 * run of honors, a side wait on a 9).
 */
#define MJT_BLOCK_TEXT 8
MJT_API size_t mjt_block_format(const mjt_block *b, char *buf, size_t cap);

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

/* The most decompositions a hand has: 4 standard (11122233344455m), or 3
 * standard and seven pairs (11223344556677m); no hand has more
 * (tests/test_hand.c and test_shapes.c prove it). */
#define MJT_MAX_DECOMPOSITIONS 4

/*
 * Decompositions of a complete 3k+2 hand, without repeats, into out by the
 * rule of caller arrays: the standard ones, then seven pairs, then
 * thirteen orphans.  *len gets their number: 0 when the hand is not
 * complete.  MJT_ECOUNT for a 3k+1 hand.
 */
MJT_API int mjt_decompositions(const mjt_tables *t, const mjt_hand *h,
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

/* The most shapes a hand has: 20 standard (4555666777888m).  A hand tenpai
 * on seven pairs has at most 10 in all, on thirteen orphans 13
 * (tests/test_hand.c and test_shapes.c prove it). */
#define MJT_MAX_SHAPES 20

/*
 * Wait shapes of a tenpai 3k+1 hand into out (cap entries): for every
 * winning tile (never a kind held 4 times), every distinct arrangement it
 * completes, standard ones first by winning tile, then seven pairs, then
 * thirteen orphans.  *len gets their number: 0 when the hand is not
 * tenpai.  out, cap and *len by the rule of caller arrays.  MJT_ECOUNT for
 * a 3k+2 hand.
 */
MJT_API int mjt_shapes(const mjt_tables *t, const mjt_hand *h, mjt_shape *out,
                       size_t cap, size_t *len);

/* The names every client prints, static strings: an mjt_shape_kind's
 * ("tanki", "shanpon", "kanchan", "penchan", "ryanmen", "chiitoitsu",
 * "kokushi", "kokushi13") and an mjt_form's ("standard", "chiitoitsu",
 * "kokushi"); NULL for a number outside the list. */
MJT_API const char *mjt_shape_name(int shape);
MJT_API const char *mjt_form_name(int form);

/* ==== The wall: the chance of tenpai and of a win ====
 *
 * The model.  The unseen tiles are every tile not in the hand, not in its
 * calls and not among the seen tiles (4 of each kind; three players: no
 * 2m-8m), W of them.  The player's next T draws are a uniformly random
 * sequence without replacement from them: a tile drawn and discarded is
 * gone.  (Other players' draws are not seen by the player, so by symmetry
 * this is exact for the player's own draws.)  After each draw the player
 * wins when the 14 tiles are complete (any form; yaku do not matter
 * here), else discards one tile, chosen within the move set, knowing every
 * draw so far.  Each number is the best over every way of playing in the
 * move set: point h of a curve (h = 1 .. T) is the best probability of
 * reaching tenpai (of winning) within the first h draws, each point its
 * own optimum, so each curve is nondecreasing; a tenpai hand's tenpai
 * curve is 1 from h = 1.
 *
 * Move sets.  MJT_FORWARD: a drawn tile that lowers the shanten is kept
 * and the player discards, among the tiles that keep the lower shanten,
 * the best; any other drawn tile is discarded at once.  There every later
 * hand's effective tiles are a subset of the earlier hand's and a tile
 * discarded is never effective later (the shanten being exact, calls and
 * all), so the copies left of a useful tile are 4 less seen, held and
 * called, and the wall holds W - t tiles after t draws: the answer is an
 * exact dynamic program over hands (exact: 1).  MJT_EXCHANGE also keeps,
 * at most K times in the T draws, a drawn tile that does not lower the
 * shanten, discarding another at the same shanten; MJT_BACK also allows
 * discards that raise the shanten one step above that of the 13 tiles the
 * question starts from, within the same K.  There a discarded tile can be
 * useful again, and these two use the stated forgetful wall: copies left
 * are 4 less seen, held and called, as if the player's own discards went
 * back (the wall still shrinks by one a draw), and where they add up to
 * more than the wall holds the best wall consistent with them is taken:
 * an upper bound of the game's chances (exact: 0).  With K = 0 there is
 * no exchange to make: both are then forward play, exact, and say so.
 *
 * Numbers are doubles summing exact hypergeometric terms, each kept
 * within [0, 1]; they are within 1e-12 of the exact rationals.
 */
#define MJT_MAX_DRAWS 128

enum mjt_moves { MJT_FORWARD, MJT_EXCHANGE, MJT_BACK };

/* Every point of the curves its own optimum; without it only the values
 * at T are computed (the other points are then NAN), several times
 * faster. */
#define MJT_PROB_CURVES 1u
/* mjt_prob_discards: only the rows whose discard keeps the shanten (a
 * complete hand's: those that leave it tenpai); the others get their
 * discard table entry and NAN curves. */
#define MJT_PROB_KEEPING 2u

/*
 * A workspace: the memory of the searches, kept from one call to the
 * next, so that a bot that asks every turn pays for it once (up to 32
 * MiB of it: a deeper question frees its memory as it returns).  One call
 * at a time uses a workspace (one per thread); a call given none makes and
 * frees its own.  mjt_prob_work_create returns NULL when out of memory;
 * mjt_prob_work_free accepts NULL.
 */
typedef struct mjt_prob_work mjt_prob_work;
MJT_API mjt_prob_work *mjt_prob_work_create(void);
MJT_API void mjt_prob_work_free(mjt_prob_work *w);

typedef struct mjt_prob_opts {
    int draws; /* T: 1 to W (and to MJT_MAX_DRAWS); 0: 17, or W if
                    fewer [0] */
    int moves; /* an mjt_moves [MJT_FORWARD] */
    int extra; /* K of exchange and back: 0 to 8 [1]; with 0 they
                    are forward play, answered and reported as such */
    unsigned flags;
    /* The budget: memory in bytes that one call may hold, a workspace's
     * included [256 MiB], and time in milliseconds [0: none].  A call
     * over either stops with MJT_EBUDGET, as it stops with MJT_ECANCELED
     * once *cancel is non-zero (any thread may set it; NULL for none). */
    size_t memory;
    long time_ms;
    const volatile int *cancel;
    mjt_prob_work *work; /* NULL: none */
} mjt_prob_opts;

/* The defaults, in brackets above, into *o. */
MJT_API void mjt_prob_opts_init(mjt_prob_opts *o);

/* The curves of one hand: [h - 1] is the point of h draws. */
typedef struct mjt_prob {
    int draws;   /* T */
    int moves;   /* the move set used */
    int exact;   /* 1 in forward play, 0 on the forgetful wall */
    int shanten; /* of the hand (13 tiles, or a 14-tile row's 13) */
    double tenpai[MJT_MAX_DRAWS];
    double win[MJT_MAX_DRAWS];
} mjt_prob;

/*
 * The curves of a 3k+1 hand (13 tiles, or fewer with calls) whose player
 * has seen visible (34 counts, NULL for none), under the hand's rules,
 * into *out.  MJT_OK, or MJT_EINVAL (options out of range: diag names
 * the field), MJT_ECOUNT (a 3k+2 hand: see mjt_prob_discards), MJT_ECOPIES
 * (held, called and seen past 4), MJT_EPLAYERS, MJT_EBUDGET,
 * MJT_ECANCELED, MJT_ENOMEM, MJT_EHAND, MJT_ESTALE.  Allocates (within the
 * budget) and frees before it returns; no state is kept, and any number
 * of threads may ask at once.
 */
MJT_API int mjt_prob_hand(const mjt_tables *t, const mjt_hand *h,
                          const uint8_t *visible, const mjt_prob_opts *o,
                          mjt_prob *out, mjt_diag *diag);

/* A row of a 3k+2 hand's table: the discard (a red five apart from a
 * plain one where the hand holds both, as in mjt_discards), its discard
 * table entry, and the curves of the hand after it, the discarded tile
 * counted as seen. */
typedef struct mjt_prob_row {
    int tile;
    int shanten;
    uint64_t tiles; /* effective tiles after the discard */
    int count;      /* their copies left */
    mjt_prob p;
} mjt_prob_row;

/*
 * The table of a 3k+2 hand: a row per distinct discard, those that raise
 * the shanten too, ranked by win at T, then tenpai at T, then tile order
 * (values within 1e-12 of each other count as equal).  out, cap and *len
 * by the rule of caller arrays (MJT_MAX_DISCARDS always suffice); errors
 * as mjt_prob_hand's (MJT_ECOUNT for a 3k+1 hand).  The rows share one
 * search.
 */
MJT_API int mjt_prob_discards(const mjt_tables *t, const mjt_hand *h,
                              const uint8_t *visible, const mjt_prob_opts *o,
                              mjt_prob_row *out, size_t cap, size_t *len,
                              mjt_diag *diag);

/* ==== Scoring ====
 *
 * What a complete hand scores: its yaku and han, its fu with their parts,
 * its points and who pays them, by the rules value's scoring fields.  The
 * hand is the 14 tiles after the win (the winning tile among the
 * concealed ones) with its calls, as the calls that make hands take them;
 * the situation is an mjt_win.  Where the hand reads several ways (a
 * standard form two ways, or seven pairs too), the reading that scores
 * most is taken (then a yakuman over 13 han or more, then more yakuman
 * named where they do not add up, then more han, then more fu), and the
 * answer says which.
 * Four players only: three-player scoring is refused (MJT_EPLAYERS).
 */

/* Seats and winds: 0 East, 1 South, 2 West, 3 North (1z-4z). */
#define MJT_EAST 0
#define MJT_MAX_INDICATORS 5

/* The situation of a win.  mjt_win_init gives the defaults: a ron from
 * the left in the East round, seat South, nothing else. */
typedef struct mjt_win {
    uint8_t tile;    /* the winning tile, 0-36 (a red five by its own id) */
    uint8_t tsumo;   /* 1: drawn from the wall; 0: ron */
    uint8_t from;    /* ron: the discarder (an mjt_from, not unknown) */
    uint8_t riichi;  /* 0, 1, or 2 for double riichi */
    uint8_t ippatsu; /* won within the go-around after riichi */
    uint8_t last;    /* the wall's last tile (tsumo), or the last discard */
    uint8_t rinshan; /* tsumo on the replacement tile after a quad */
    uint8_t chankan; /* ron on a tile added to a quad (its one copy
                        outside the quad) */
    uint8_t first;   /* tsumo on the first draw, no call made: the dealer's
                        tenhou, another seat's chiihou */
    uint8_t round;   /* the round wind, a seat 0-3 */
    uint8_t seat;    /* the player's seat wind, 0-3 (0: the dealer) */
    uint8_t dora_len, ura_len;        /* indicators given, 0-5 each */
    uint8_t dora[MJT_MAX_INDICATORS]; /* dora indicators, tile ids */
    uint8_t ura[MJT_MAX_INDICATORS];  /* ura dora indicators (riichi) */
    uint16_t honba;       /* counters: 300 points each, from the payers */
    uint16_t sticks;      /* riichi sticks on the table: 1000 each, taken */
    uint8_t reserved_[8]; /* 0 */
} mjt_win;

MJT_API void mjt_win_init(mjt_win *w);

/* The yaku, by the names every client prints (mjt_yaku_name). */
/* clang-format off */
enum mjt_yaku {
    MJT_Y_RIICHI, MJT_Y_DOUBLE_RIICHI, MJT_Y_IPPATSU, MJT_Y_MENZEN_TSUMO,
    MJT_Y_HAITEI, MJT_Y_HOUTEI, MJT_Y_RINSHAN, MJT_Y_CHANKAN,
    MJT_Y_ROUND_WIND, MJT_Y_SEAT_WIND, MJT_Y_WHITE, MJT_Y_GREEN, MJT_Y_RED,
    MJT_Y_PINFU, MJT_Y_TANYAO, MJT_Y_IIPEIKOU, MJT_Y_SANSHOKU, MJT_Y_ITTSU,
    MJT_Y_CHANTA, MJT_Y_CHIITOITSU, MJT_Y_TOITOI, MJT_Y_SANANKOU,
    MJT_Y_SANKANTSU, MJT_Y_SANSHOKU_DOUKOU, MJT_Y_HONROUTOU,
    MJT_Y_SHOUSANGEN, MJT_Y_HONITSU, MJT_Y_JUNCHAN, MJT_Y_RYANPEIKOU,
    MJT_Y_CHINITSU,
    /* yakuman */
    MJT_Y_TENHOU, MJT_Y_CHIIHOU, MJT_Y_KOKUSHI, MJT_Y_KOKUSHI13,
    MJT_Y_SUUANKOU, MJT_Y_SUUANKOU_TANKI, MJT_Y_DAISANGEN,
    MJT_Y_SHOUSUUSHII, MJT_Y_DAISUUSHII, MJT_Y_TSUUIISOU, MJT_Y_RYUUIISOU,
    MJT_Y_CHINROUTOU, MJT_Y_SUUKANTSU, MJT_Y_CHUUREN, MJT_Y_CHUUREN9,
    /* counted after a yaku */
    MJT_Y_DORA, MJT_Y_RED_FIVE, MJT_Y_URA_DORA,
    MJT_YAKU_COUNT
};
/* clang-format on */

/* The parts fu are made of (mjt_fu_name), each with the tile it is of
 * (the pair's, the meld's, the winning tile for a wait; MJT_NO_TILE for
 * the rest). */
enum mjt_fu_part {
    MJT_FU_BASE,           /* 20 (25 for seven pairs, all of their fu) */
    MJT_FU_CLOSED_RON,     /* 10 */
    MJT_FU_TSUMO,          /* 2 (not for pinfu, by the rules) */
    MJT_FU_OPEN_PINFU,     /* 10: an open hand of no other fu, up to 30 */
    MJT_FU_PAIR,           /* 2 or 4: a pair of a dragon or a seat's wind */
    MJT_FU_WAIT,           /* 2: a single, closed or edge wait */
    MJT_FU_OPEN_TRIPLET,   /* 2, 4 of terminals or honors */
    MJT_FU_CLOSED_TRIPLET, /* 4, 8 */
    MJT_FU_OPEN_QUAD,      /* 8, 16 */
    MJT_FU_CLOSED_QUAD,    /* 16, 32 */
    MJT_FU_ROUNDING        /* up to the next 10 */
};

/* Limits (mjt_title_name). */
enum mjt_title {
    MJT_TITLE_NONE,
    MJT_TITLE_MANGAN,
    MJT_TITLE_HANEMAN,
    MJT_TITLE_BAIMAN,
    MJT_TITLE_SANBAIMAN,
    MJT_TITLE_YAKUMAN,
    MJT_TITLE_COUNTED_YAKUMAN
};

#define MJT_MAX_YAKU 24
#define MJT_MAX_FU_PARTS 12

typedef struct mjt_score {
    int32_t han;     /* yaku, dora and all; 0 for a yakuman or no yaku */
    int32_t fu;      /* 0 for a yakuman */
    int32_t yakuman; /* the multiple of a yakuman, 0 for none */
    int32_t title;   /* an mjt_title */
    int32_t base;    /* basic points (mangan 2000) */
    int32_t points;  /* what the winner gains, honba and sticks left out */
    int32_t pay[4];  /* what each seat (0 East .. 3 North) pays, honba in */
    int32_t sticks;  /* riichi sticks taken, in points */
    uint8_t yaku_len;
    struct {
        uint8_t yaku, han;
    } yaku[MJT_MAX_YAKU]; /* han: the multiple
                                                          for a yakuman */
    uint8_t fu_len;
    struct {
        uint8_t part, tile, fu;
    } fu_parts[MJT_MAX_FU_PARTS];
    /* The reading taken: form (an mjt_form), its blocks (standard: the
     * pair then the melds, calls last; seven pairs: the pairs; thirteen
     * orphans: the pair), which of them are calls (bits), which one the
     * winning tile completed, and the wait (an mjt_shape_kind). */
    uint8_t form, blocks_len, calls, win_block, wait;
    mjt_block blocks[7];
    int32_t pao; /* the seat that pays for feeding a yakuman, or -1 */
} mjt_score;

/*
 * Score the complete hand h (3k+2 concealed tiles holding w->tile, and its
 * calls) in the situation w under rules (NULL: the defaults) into *out.
 * MJT_ENOTWIN when the tiles are no complete hand; MJT_EINVAL for a
 * situation that cannot happen (riichi with an open hand, ippatsu without
 * riichi, rinshan without a quad or by ron, chankan by tsumo, a first-draw
 * win with calls, ura dora without riichi, a seat or round outside 0-3),
 * MJT_EABSENT when the winning tile is not held, MJT_ETILE or MJT_ECOPIES
 * for an indicator (a fifth copy counting the hand), MJT_ECOPIES for a
 * chankan whose kind the hand, its calls or an indicator shows again (the
 * quad holds the other three), MJT_EPLAYERS for three
 * players; diag names the field.  A complete hand without a yaku scores
 * han 0 and points 0.  Never allocates; reentrant.
 */
MJT_API int mjt_score_hand(const mjt_hand *h, const mjt_win *w,
                           const mjt_rules *rules, mjt_score *out,
                           mjt_diag *diag);

/*
 * mjt_score_hand from what a bot holds: the concealed tiles as a plain
 * mjt_tiles (34 counts, the red fives among them, len their sum) and
 * ncalls calls, without making a hand.  The same answers and refusals,
 * and MJT_ECOPIES, MJT_ERED, MJT_ECALL or MJT_EINVAL (len not the sum) for
 * what mjt_hand_from_calls would refuse.
 */
MJT_API int mjt_score_tiles(const mjt_tiles *concealed, const mjt_call *calls,
                            size_t ncalls, const mjt_win *w,
                            const mjt_rules *rules, mjt_score *out,
                            mjt_diag *diag);

/* The names clients print, static strings, NULL outside the list: a
 * yaku's ("riichi", "all simples", ...), a fu part's, a title's. */
MJT_API const char *mjt_yaku_name(int yaku);
MJT_API const char *mjt_fu_name(int part);
MJT_API const char *mjt_title_name(int title);

/* ==== Expected score: the wall and scoring together ====
 *
 * The wall model above, with a third curve: point h of score is the best
 * expected points, over every way of playing in the move set, of a tsumo
 * win within the first h draws (0 when there is none; a complete hand
 * without a yaku wins nothing), each point its own optimum as the chances
 * are.  Points are mjt_score's (honba and sticks left out).  Exact in
 * forward play, as the chances are; in exchange and back, the forgetful
 * wall's bound (exact: 0), as below.
 *
 * Riichi.  A closed hand (no calls but closed quads) that reaches tenpai
 * (by a discard, or a 13-tile question's hand that is tenpai already)
 * with a draw left declares riichi at that moment never, always, or when
 * the expectation is higher (best), knowing every draw so far.  Forward
 * play changes a tenpai hand no more, so riichi costs no move.  With
 * riichi the next draw is ippatsu, the ura dora are an expectation
 * (below), and the 1000-point stick is lost when the hand does not win
 * within the h draws: a negative expectation is possible, and under
 * MJT_RIICHI_ALWAYS the curve may fall from one point to the next (one
 * more draw is one more chance to declare and lose the stick).  Under
 * never and best it never falls.
 *
 * Exchange and back.  Riichi ends a hand's moves.  A tenpai hand that may
 * still move decides on riichi when it reaches tenpai and again at each
 * draw it throws; one with no move left decides once, as in forward play.
 * The forgetful wall counts the copies as the chances do (a red five
 * thrown goes back to the wall) and takes the best wall those counts
 * allow, each copy's value its own: it is an upper bound of the
 * expectation on the true wall in the same moves, and it can keep a
 * winning copy out of the wall where waiting is worth more (a win on the
 * wall's last tile scores haitei; an open hand's earlier win may have no
 * yaku).
 *
 * The situation.  Round and seat winds and the dora indicators are
 * scoring's; the indicators count as seen tiles (not to be repeated in
 * visible).  Red fives: each suit has the rules' number; those not held,
 * called, seen (red_seen, and red indicators) are in the wall (as many as
 * the wall holds fives: the rest were among the fives seen), and a red
 * five drawn and kept is held.  Where a five's discard keeps the shanten,
 * a plain copy goes before a red one.  In forward play a red five whose
 * draw does not lower the shanten is thrown as any such draw is, even
 * where the hand holds a plain copy it could take the place of (forward
 * play keeps no such draw); in exchange and back it may take that place,
 * as one of the K moves.  Haitei: when last is set, or T equals the wall
 * (W), the T-th draw is the wall's last tile.
 *
 * Ura dora.  The ura indicator is uniform over the tiles unseen at the
 * question (not in the hand, for a 14-tile table its 14 tiles, not called
 * and not seen) less the copies the winning hand keeps of them; the tiles
 * drawn and thrown are not tracked, as the forgetful wall does not track
 * them.  Dora indicators revealed by later quads are out of scope.
 */
enum mjt_riichi { MJT_RIICHI_BEST, MJT_RIICHI_NEVER, MJT_RIICHI_ALWAYS };

typedef struct mjt_expect_opts {
    int riichi;       /* an mjt_riichi [MJT_RIICHI_BEST] */
    uint8_t round;    /* the round wind, 0-3 [0 East] */
    uint8_t seat;     /* the player's seat wind, 0-3 (0: dealer) [1] */
    uint8_t last;     /* 1: the T-th draw is the wall's last tile [0] */
    uint8_t dora_len; /* indicators given, 0-5 [0] */
    uint8_t dora[MJT_MAX_INDICATORS]; /* dora indicators, tile ids 0-36 */
    uint8_t red_seen[3];              /* red fives among visible, m p s [0] */
    const mjt_rules *rules; /* scoring's choices; NULL: the defaults.  The
                               players and red fives are the hand's. */
    uint8_t reserved_[16];  /* 0 */
} mjt_expect_opts;

/* The defaults, in brackets above, into *x.  Start from them: a value
 * zeroed by hand is the dealer's seat. */
MJT_API void mjt_expect_opts_init(mjt_expect_opts *x);

/* A hand's curves: the chances (p) and the expected points ([h - 1] the
 * point of h draws; NAN where p's are, without MJT_PROB_CURVES). */
typedef struct mjt_expect {
    mjt_prob p;
    int riichi; /* the choice made: the option, or never (an open hand) */
    double score[MJT_MAX_DRAWS];
    uint8_t reserved_[32]; /* 0: room for later fields */
} mjt_expect;

/*
 * The curves of a 3k+1 hand, as mjt_prob_hand (the same options, budget
 * and cancel flag) with the score curve of situation x (NULL: the
 * defaults).  Errors as mjt_prob_hand's, and MJT_EINVAL for x out of
 * range, MJT_ETILE or MJT_ECOPIES for an indicator, MJT_ERED for more red
 * fives seen than the rules have, MJT_EPLAYERS for three players (scoring
 * is four players').  Allocates within the budget and frees before it
 * returns; any number of threads may ask at once (a workspace is one
 * thread's).
 */
MJT_API int mjt_expect_hand(const mjt_tables *t, const mjt_hand *h,
                            const uint8_t *visible, const mjt_prob_opts *o,
                            const mjt_expect_opts *x, mjt_expect *out,
                            mjt_diag *diag);

/* A row of a 3k+2 hand's table, as mjt_prob_row (a red five's discard is
 * its own row where the hand holds a plain one too: it is worth less). */
typedef struct mjt_expect_row {
    int tile;
    int shanten;
    uint64_t tiles;
    int count;
    mjt_expect e;
} mjt_expect_row;

/*
 * The table of a 3k+2 hand, as mjt_prob_discards, ranked by score at T,
 * then win at T, then tenpai at T, then tile order (values within 1e-9
 * points or 1e-12 of each other count as equal).
 */
MJT_API int mjt_expect_discards(const mjt_tables *t, const mjt_hand *h,
                                const uint8_t *visible, const mjt_prob_opts *o,
                                const mjt_expect_opts *x, mjt_expect_row *out,
                                size_t cap, size_t *len, mjt_diag *diag);

/* ==== Long work ====
 *
 * The calls that take seconds or more (the statistics, the enumeration)
 * take an optional mjt_work: progress reports and a way to stop.  The
 * library never prints; its callers draw progress and stop work.
 */
typedef struct mjt_work {
    /* Called now and then, and once at the end, with the work done and
     * the whole, in the units the call names (hands, steps); from one of
     * the working threads, one call at a time.  NULL for none. */
    void (*progress)(void *user, uint64_t done, uint64_t total);
    void *user;
    /* When *cancel becomes non-zero (set from any thread, or a signal
     * handler), the call stops within about a second and returns
     * MJT_ECANCELED.  NULL for none. */
    const volatile int *cancel;
} mjt_work;

/* ==== Statistics and enumeration ====
 *
 * Exact counts of every hand of N tiles (1 to 14), two ways: dealt hands
 * (sets of physical tiles: a count vector weighs the product of C(4, c)
 * over its kinds) and distinct hands (count vectors).  mjt_stats_exact
 * computes them from the tables without visiting a hand; mjt_enumerate
 * visits every hand of a range of ranks, so that a large job splits into
 * parts (on one machine or many) whose results mjt_stats_add adds up.
 * The two share nothing but the tables, so their agreeing checks both.
 */

/* A 128-bit count: dealt hands of 14 tiles and the sums over them pass
 * 2^64.  The value is hi * 2^64 + lo. */
typedef struct mjt_u128 {
    uint64_t lo, hi;
} mjt_u128;

/* Index [c] of every count: MJT_DEALT or MJT_DISTINCT. */
enum { MJT_DEALT, MJT_DISTINCT };

/* Only the hands of the manzu alone (four players): a suit's own
 * statistics. */
#define MJT_STATS_ONE_SUIT 1u

typedef struct mjt_stats {
    int tiles;       /* hands of this many tiles */
    int players;     /* 3 or 4: with 3, 108 tiles without 2m to 8m */
    int one_suit;    /* MJT_STATS_ONE_SUIT was given */
    uint64_t states; /* mjt_stats_exact: states of three parts joined */
    mjt_u128 total[2];
    /* hands by shanten + 1 (0 complete) of each form: standard, seven
     * pairs, thirteen orphans, overall; a form that does not apply (seven
     * pairs below 13 tiles) counts no hand */
    mjt_u128 dist[2][4][16];
    mjt_u128 shanten_sum[2]; /* the sum of overall shanten + 1 */
    /* 3k+2 hands by which forms are complete: bit 0 standard, bit 1 seven
     * pairs, bit 2 thirteen orphans */
    mjt_u128 complete[2][8];
    /* 3k+1 hands: the sum of their effective tiles' copies left */
    mjt_u128 ukeire_sum[2];
    /* 3k+1 hands that a draw of kind k makes complete in each form
     * (standard, seven pairs, thirteen orphans), never held four times */
    mjt_u128 waiting[MJT_KINDS][2][3];
} mjt_stats;

/*
 * Count every hand of tiles tiles (1 to 14) by rules into *out, without
 * visiting one (flags: MJT_STATS_ONE_SUIT, four players only).  MJT_OK,
 * or MJT_ECOUNT (tiles outside 1-14 or a multiple of 3), MJT_EINVAL
 * (rules or flags out of range, NULL t or out),
 * MJT_ENOMEM, MJT_ECANCELED; diag says why.  Allocates a few megabytes
 * while it runs; under a second at 13 or 14 tiles.  Progress counts
 * steps.  Thread-safe: t is only read.
 */
MJT_API int mjt_stats_exact(const mjt_tables *t, const mjt_rules *rules,
                            int tiles, unsigned flags, mjt_stats *out,
                            const mjt_work *work, mjt_diag *diag);

/* Walk hands through the public queries, one at a time, rather than the
 * fast visit (the same counts, slower: a check of one route by the
 * other).  With three players, and with a visitor, hands always go this
 * way. */
#define MJT_ENUM_BY_QUERY 2u

/*
 * What mjt_enumerate visits.  The hands of tiles tiles are the count
 * vectors in ascending order, the count of 1m most significant (the order
 * of mjt_enum_part's ranges), of the 34 kinds, the 27 of three players,
 * or the 9 of the manzu with MJT_STATS_ONE_SUIT.  Ranks [first, end) are
 * visited (mjt_enum_part gives part k of n, mjt_enum_size the whole).
 */
typedef struct mjt_enum {
    int tiles;
    const mjt_rules *rules; /* NULL: four players */
    unsigned flags;         /* MJT_STATS_ONE_SUIT, MJT_ENUM_BY_QUERY */
    uint64_t first, end;
    int threads; /* 1 to 64 */
    /* When not NULL, called for every hand with its counts, its rank and
     * its shanten, from the working threads at once; a non-zero return
     * stops the walk (MJT_ECANCELED). */
    int (*visit)(void *user, const uint8_t counts[MJT_KINDS], uint64_t rank,
                 const mjt_shanten_info *shanten);
    void *user;
} mjt_enum;

/* The number of hands of tiles tiles (0 to 14) that mjt_enumerate walks
 * under rules and flags; 0 for arguments out of range. */
MJT_API uint64_t mjt_enum_size(int tiles, const mjt_rules *rules,
                               unsigned flags);

/* Part `part` of `parts` (1 <= part <= parts) of those hands: the ranks
 * [*first, *end), parts of sizes that differ by one at most, in order.
 * MJT_EINVAL for arguments out of range. */
MJT_API int mjt_enum_part(int tiles, const mjt_rules *rules, unsigned flags,
                          int part, int parts, uint64_t *first, uint64_t *end);

/*
 * Tally every hand of e into *out (states 0).  MJT_OK, or MJT_ECOUNT (as
 * mjt_stats_exact), MJT_EINVAL (e
 * out of range), MJT_ENOMEM, MJT_ECANCELED (by work or the visitor);
 * diag says why.  Progress counts hands.  Starts e->threads threads and
 * joins them before it returns; t is only read.
 */
MJT_API int mjt_enumerate(const mjt_tables *t, const mjt_enum *e,
                          mjt_stats *out, const mjt_work *work, mjt_diag *diag);

/* Add the counts of from into to, parts of one job: MJT_EINVAL when they
 * count hands of other tiles, players or flags (to is then unchanged). */
MJT_API int mjt_stats_add(mjt_stats *to, const mjt_stats *from);

/*
 * Dealing.  A dealer is a shuffled wall and a generator (splitmix64) in
 * caller memory: the same seed deals the same hands on every machine.
 * Each mjt_deal draws tiles tiles (0 to 14) uniformly from the 136 tiles
 * (108 with three players) by a partial Fisher-Yates shuffle of the wall
 * it keeps.  With MJT_DEAL_RED, the wall holds the red fives of the
 * rules (one of each suit by default), else none.
 */
#define MJT_DEAL_RED 1u

typedef struct mjt_dealer {
    uint64_t state;
    uint8_t wall[136];
    int size;
} mjt_dealer;

/* MJT_EINVAL for rules mjt_rules_check refuses or an unknown flag. */
MJT_API int mjt_dealer_init(mjt_dealer *d, uint64_t seed,
                            const mjt_rules *rules, unsigned flags);
/* MJT_ECOUNT for tiles outside 0-14 (then *out is untouched). */
MJT_API int mjt_deal(mjt_dealer *d, int tiles, mjt_tiles *out);

/* ==== Table files ====
 *
 * The raw content of a table file, for the tools that inspect and compare
 * tables (mjq dump, info and diff) and for the authors of a solver; a
 * query never needs it.  mjt_file_open reads every format this library
 * knows (1 to the current), where mjt_tables_open wants the current one.
 * A file is read a part at a time: one call at a time per mjt_file.
 */
typedef struct mjt_file mjt_file;

/* The parts of a file: the records of the suit patterns and of the honor
 * patterns, then (format 3 on) the forms of each (its decompositions and
 * the arrangements one tile short, with the tiles that complete them). */
enum {
    MJT_PART_SUIT,
    MJT_PART_HONOR,
    MJT_PART_SUIT_FORMS,
    MJT_PART_HONOR_FORMS
};

/* MJT_OK, or MJT_ENOENT, MJT_EIO, MJT_EFORMAT (not LMDB, not a table file,
 * a format this library does not know, truncated), MJT_ENOMEM, MJT_EINVAL;
 * diag names the file and the problem. */
MJT_API int mjt_file_open(mjt_file **out, const char *path, mjt_diag *diag);
MJT_API void mjt_file_close(mjt_file *f);
/* The file's format number, the parts it holds (2 or 4) and its size on
 * disk in bytes. */
MJT_API int mjt_file_format(const mjt_file *f);
MJT_API int mjt_file_parts(const mjt_file *f);
MJT_API long long mjt_file_size(const mjt_file *f);
/* "suit", "honor", "suit.forms", "honor.forms"; NULL for another number. */
MJT_API const char *mjt_file_part_name(int part);

/* The value of the file's meta key into buf, NUL-terminated and cut to
 * cap - 1 bytes: MJT_ENOENT (buf "") when the file has no such key,
 * MJT_EINVAL when cap is 0. */
MJT_API int mjt_file_meta(mjt_file *f, const char *key, char *buf, size_t cap);
/* Call fn with every meta key and value (lengths given, not
 * NUL-terminated), in key order. */
MJT_API int mjt_file_meta_each(mjt_file *f,
                               void (*fn)(void *user, const char *key,
                                          size_t klen, const char *value,
                                          size_t vlen),
                               void *user);

/*
 * A pattern's record: for each slot, 2 * melds + pair (0 to 4 melds,
 * without and with a pair), how many tiles the pattern is short of that
 * many melds and pair (deficit), the ranks whose tile would lower it
 * (need: bit r for rank r, 0-8) and the ranks of which one tile can go
 * without raising it (excess).  Ranks are 0-8 in a suit, 0-6 for honors.
 */
#define MJT_SLOTS 10

typedef struct mjt_slot {
    int deficit;
    unsigned need, excess;
} mjt_slot;

typedef struct mjt_record {
    int part;          /* MJT_PART_SUIT or MJT_PART_HONOR */
    int tiles;         /* in the pattern */
    uint8_t counts[9]; /* of each rank */
    uint64_t key;      /* the pattern's key in the file */
    mjt_slot slot[MJT_SLOTS];
} mjt_record;

/* The record of pattern (1 to 14 tiles of one suit, or of honors) into
 * *out: MJT_ENOENT when the file lacks it, MJT_EINVAL for a pattern of
 * several suits or out of size, MJT_ECORRUPT for a block that does not
 * decode; diag says which. */
MJT_API int mjt_file_record(mjt_file *f, const mjt_tiles *pattern,
                            mjt_record *out, mjt_diag *diag);

/* Read every row of part and hash them as the file's writer did: MJT_OK,
 * with *rows the records (or the patterns with forms) read, when they hash
 * to the digest the file records; MJT_ECORRUPT, diag saying where, when a
 * block does not decode or the digest differs; MJT_EINVAL for a part the
 * file lacks. */
MJT_API int mjt_file_verify(mjt_file *f, int part, uint64_t *rows,
                            mjt_diag *diag);

/* A form of a pattern in a file's forms: its blocks (tile: the rank in
 * the pattern, 0-8) and, for an arrangement one tile short, the ranks
 * whose tile completes it (bit r for rank r). */
typedef struct mjt_pattern_form {
    uint8_t len;
    uint8_t arrangement;
    uint16_t wins;
    mjt_block blocks[6];
} mjt_pattern_form;

/* What mjt_file_diff finds. */
enum mjt_change_kind {
    MJT_CHANGED,  /* a pattern both files hold differs */
    MJT_ONLY_OLD, /* a pattern only the old file holds */
    MJT_ONLY_NEW, /* a pattern only the new file holds */
    MJT_DAMAGED   /* a file's content does not hash to its recorded digest */
};

typedef struct mjt_change {
    int kind;  /* an mjt_change_kind */
    int part;  /* MJT_PART_* */
    int tiles; /* in the pattern */
    int ranks; /* 9 in a suit, 7 for honors */
    uint8_t counts[9];
    uint64_t key;
    /* Records, MJT_CHANGED: the slot that differs (one change each), as
     * the old file and the new one have it. */
    int slot;
    mjt_slot was, now;
    /* Forms: those only the old file has (removed) and those only the
     * new one has (added); decompositions first, then arrangements. */
    int nremoved, nadded;
    const mjt_pattern_form *removed, *added;
    /* MJT_DAMAGED: which file (0 old, 1 new) and why, naming it. */
    int side;
    const char *message;
} mjt_change;

typedef struct mjt_diff_tally {
    uint64_t compared; /* patterns both files hold */
    uint64_t changed;  /* of them, those that differ */
    uint64_t only[2];  /* patterns only the old, only the new file holds */
    int by_digest;     /* the digests were equal: nothing read */
} mjt_diff_tally;

/* Read every row even when both files record the same digest (and check
 * each file's rows against its own digest). */
#define MJT_DIFF_FULL 1u

/*
 * Compare part of two files, merging their key orders a block at a time,
 * and call fn on each change, in key order; a non-zero return stops the
 * walk (MJT_ECANCELED).  Equal digests make the part identical at once
 * unless flags has MJT_DIFF_FULL.  *tally gets the counts.  MJT_OK (also
 * after MJT_DAMAGED changes), or MJT_EINVAL (a part one file lacks, an
 * unknown flag), MJT_ECORRUPT (a block that does not decode: the walk
 * stops), MJT_ENOMEM; diag names the file.
 */
MJT_API int mjt_file_diff(mjt_file *old, mjt_file *now, int part,
                          unsigned flags,
                          int (*fn)(void *user, const mjt_change *c),
                          void *user, mjt_diff_tally *tally, mjt_diag *diag);

#ifdef __cplusplus
}
#endif
#endif /* MJT_H */
