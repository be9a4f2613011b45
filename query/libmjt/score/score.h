/* SPDX-License-Identifier: MIT */
/*
 * What the parts of scoring share: a question's context (ctx), the kinds
 * and yaku they name, and each part's entry.  score.c is the public API
 * and scores a hand (score.c says how), taking the short way through the
 * checks of the situation when it plainly holds; readings.c finds the
 * hand's readings and their yaku and fu; settle.c turns a reading into
 * points and payments and chooses the best; situation.c checks the
 * situation the long way, naming the first problem, and counts the dora.
 */
#ifndef MJT__QUERY_SCORE_H
#define MJT__QUERY_SCORE_H

#include <stdint.h>

#include "internal.h"

enum { HONOR0 = 27, WHITE = 31 };

/* 2s 3s 4s 6s 8s and 6z: all green */
#define GREEN_TILES                                                            \
    (1ull << 19 | 1ull << 20 | 1ull << 21 | 1ull << 23 | 1ull << 25 |          \
     1ull << 32)

typedef struct blk {
    uint8_t kind; /* MJT_RUN, MJT_TRIPLET, MJT_QUAD, MJT_CLOSED_QUAD */
    uint8_t tile;
    uint8_t from; /* its mjt_from */
} blk;

typedef struct ctx {
    const mjt_win *w;
    const mjt_rules *r;
    uint8_t counts[40]; /* concealed, winning tile included; 0 past 34 */
    blk calls[MJT_MAX_CALLS];
    int ncalls;
    int menzen; /* no call but closed quads */
    int win;    /* the winning tile's kind */
    int dora, red, ura;
    int chuuren; /* 0, 1 nine gates, 2 pure nine gates (hand-level) */
    int have, cur_used;
    /* the calls as a standard reading counts them: the kinds of the
     * triplets and quads, the lowest kinds of the runs, how many, and
     * their fu parts in order */
    uint64_t call_trips, call_runs;
    int call_nrun, call_ntrip, call_nquad, call_nclosed;
    int call_fu_len, call_fu_sum;
    struct {
        uint8_t part, tile, fu;
    } call_fu[MJT_MAX_CALLS]; /* 0 past */
    uint64_t call_blocks;     /* the calls as mjt_blocks, 16 bits each */
    /* the tiles' own facts, calls and all: a terminal or honor held, an
     * honor, honors alone, greens alone, one suit alone */
    int any_yaochu, any_honor, all_honors, green, one_suit;
    int tiles_yakuman;  /* a first draw, all honors, all green, nine gates */
    uint32_t situation; /* the situation's yaku, bits L_* below */
    uint64_t held;      /* the kinds held concealed, as bits */
    uint64_t ones;      /* those held once */
    uint64_t twos;      /* those held twice */
    uint64_t fours;     /* those held four times */
    int sum[4];         /* tiles of each part (m, p, s, z) */
    mjt_score *best;    /* the caller's */
    mjt_score cur;
    /* mjt__score_ladder's: the most points of a reading with e more han,
     * e = 0 .. nladder - 1; NULL for none */
    int32_t *ladder;
    int nladder;
} ctx;
_Static_assert(sizeof(((ctx *)0)->call_fu) == 3 * MJT_MAX_CALLS &&
                   sizeof(((mjt_score *)0)->fu_parts[0]) == 3,
               "fu parts are three bytes, copied as such");

/* The terminals and honors, as bits of kinds; the runs that hold a
 * terminal, by their lowest tile (123 and 789 of each suit). */
#define YAOCHU                                                                 \
    (0x7Full << 27 | 1ull << 0 | 1ull << 8 | 1ull << 9 | 1ull << 17 |          \
     1ull << 18 | 1ull << 26)
#define YAOCHU_RUNS                                                            \
    (1ull << 0 | 1ull << 6 | 1ull << 9 | 1ull << 15 | 1ull << 18 | 1ull << 24)

static inline int is_terminal_or_honor(int k)
{
    return (int)(YAOCHU >> k & 1);
}

/* The sum of the bytes of w (below 256 in all). */
static inline int byte_sum(uint64_t w)
{
    return (int)((w * 0x0101010101010101ull) >> 56);
}

/* The yaku of a standard reading in the order they are listed, as the
 * bits of a mask: the situation's (every form's), then the reading's;
 * with their han closed and open. */
/* clang-format off */
enum {
    L_RIICHI, L_DOUBLE_RIICHI, L_IPPATSU, L_MENZEN_TSUMO, L_HAITEI,
    L_HOUTEI, L_RINSHAN, L_CHANKAN, L_ROUND_WIND, L_SEAT_WIND, L_WHITE,
    L_GREEN, L_RED, L_PINFU, L_TANYAO, L_IIPEIKOU, L_RYANPEIKOU,
    L_SANSHOKU, L_ITTSU, L_CHANTA, L_JUNCHAN, L_TOITOI, L_SANANKOU,
    L_SANKANTSU, L_SANSHOKU_DOUKOU, L_HONROUTOU, L_SHOUSANGEN, L_HONITSU,
    L_CHINITSU, L_COUNT
};
/* clang-format on */

/* The situation's yaku (every form's), as bits L_*. */
static inline uint32_t score_situation_mask(const ctx *c)
{
    const mjt_win *w = c->w;
    return (uint32_t)(w->riichi == 1) << L_RIICHI |
           (uint32_t)(w->riichi == 2) << L_DOUBLE_RIICHI |
           (uint32_t)w->ippatsu << L_IPPATSU |
           (uint32_t)(c->menzen & w->tsumo) << L_MENZEN_TSUMO |
           (uint32_t)(w->last & w->tsumo) << L_HAITEI |
           (uint32_t)(w->last & !w->tsumo) << L_HOUTEI |
           (uint32_t)w->rinshan << L_RINSHAN |
           (uint32_t)w->chankan << L_CHANKAN;
}

/* readings.c: every standard reading of the hand in c (its pair and
 * melds, and each block the winning tile may have completed), scored and
 * kept when best in *c->best. */
void mjt__score_forms(ctx *c);
/* The hand in c as seven pairs and as thirteen orphans, each scored and
 * kept when best. */
void mjt__score_seven_pairs(ctx *c);
void mjt__score_thirteen_orphans(ctx *c);

/* settle.c: the points and payments of s (its lists and fu set, k the
 * yakuman's multiples, han the other yaku's) into s; pao the seat that
 * fed the yakuman pao_yaku, or -1. */
void mjt__score_settle(const ctx *c, mjt_score *s, int k, int han, int pao,
                       int pao_yaku);
/* The reading settled in s into c's ladder: its points with e more han,
 * for each e. */
void mjt__score_ladder_add(const ctx *c, const mjt_score *s, int k, int han);
/* Whether a scores better than b (by points, then a yakuman, the more
 * yakuman named, han, fu). */
int mjt__score_better(const mjt_score *a, const mjt_score *b);

/* situation.c: every check of the situation c->w of the concealed tiles
 * held, in order (MJT_OK, or the first problem named in d); score.c
 * takes the short way when the situation plainly holds. */
int mjt__score_check_win_all(const ctx *c, const mjt_tiles *held, mjt__diag *d);
/* Whether the winning tile (a valid id) is among the tiles held, a red
 * five among the red ones (MJT_OK, or MJT_EABSENT named in d). */
int mjt__score_winning_tile_held(const mjt_win *w, const mjt_tiles *held,
                                 mjt__diag *d);
/* The dora the n indicators of list point at, in all, into *han; each
 * checked (a tile id, its copies within all's with seen and seen_red
 * counting those used so far); what names them in a message. */
int mjt__score_indicators(const uint8_t *list, int n, const char *what,
                          uint8_t *seen, uint8_t *seen_red, const uint8_t *all,
                          int *han, mjt__diag *d);

#endif
