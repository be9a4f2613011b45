/* SPDX-License-Identifier: MIT */
/*
 * The analysis of one hand (analysis.h): gathered from the library once,
 * then printed as text or as JSON.  The copies left of an effective tile
 * are 4 less those held (in the hand and its calls) and those seen; for a
 * discard the 14 tiles held count, the discard among them (it lies in the
 * river).
 */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "prob.h"

/* ==== Gathering ==== */

static void ukeire_of(uint64_t tiles, int count, const uint8_t *held,
                      const uint8_t *seen, an_ukeire *u)
{
    u->tiles = tiles;
    u->count = count;
    for (int i = 0; i < MJT_KINDS; i++)
        u->left[i] =
            (int8_t)(tiles >> i & 1 ? 4 - held[i] - (seen ? seen[i] : 0) : 0);
}

int analysis_of(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
                analysis *a)
{
    uint8_t held[MJT_KINDS];
    mjt_tiles tiles;

    memset(a, 0, sizeof *a);
    if (mjt_hand_tiles(h, &tiles) != MJT_OK ||
        mjt_shanten(t, h, &a->shanten) != MJT_OK ||
        cli_hand_all(h, held, &a->ncalls) < 0)
        return 1;
    mjt_hand_format(h, a->text, sizeof a->text);
    a->len = tiles.len;
    a->players = mjt_hand_players(h);
    if (a->len % 3 == 1) {
        mjt_ukeire_info u;
        if (mjt_ukeire(t, h, seen, &u) != MJT_OK ||
            mjt_shapes(t, h, a->shapes, MJT_MAX_SHAPES, &a->nshapes) != MJT_OK)
            return 1;
        ukeire_of(u.tiles, u.count, held, seen, &a->ukeire);
        return 0;
    }
    if (mjt_discards(t, h, seen, a->discards, MJT_MAX_DISCARDS,
                     &a->ndiscards) != MJT_OK ||
        mjt_decompositions(t, h, a->decompositions, MJT_MAX_DECOMPOSITIONS,
                           &a->ndecompositions) != MJT_OK)
        return 1;
    mjt_discards_sort(a->discards, a->ndiscards);
    for (size_t i = 0; i < a->ndiscards; i++)
        ukeire_of(a->discards[i].tiles, a->discards[i].count, held, seen,
                  &a->after[i]);
    return 0;
}

int analysis_prob(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
                  const mjt_prob_opts *o, const mjt_expect_opts *x, analysis *a,
                  mjt_diag *diag)
{
    mjt_expect_row *rows;
    size_t n;
    int rc;

    if (a->len % 3 == 1) {
        mjt_expect e;
        if (x != NULL)
            rc = mjt_expect_hand(t, h, seen, o, x, &e, diag);
        else
            rc = mjt_prob_hand(t, h, seen, o, &e.p, diag);
        if (rc != MJT_OK)
            return rc;
        a->prob = e.p;
        a->has_prob = 1;
        if (x != NULL) {
            a->has_score = 1;
            a->riichi = e.riichi;
            a->score13 = e.score[e.p.draws - 1];
        }
        return MJT_OK;
    }
    if ((rows = malloc(MJT_MAX_DISCARDS * sizeof *rows)) == NULL)
        return MJT_ENOMEM;
    if (x != NULL) {
        rc = mjt_expect_discards(t, h, seen, o, x, rows, MJT_MAX_DISCARDS, &n,
                                 diag);
    } else {
        mjt_prob_row p[MJT_MAX_DISCARDS];
        rc = mjt_prob_discards(t, h, seen, o, p, MJT_MAX_DISCARDS, &n, diag);
        for (size_t j = 0; j < n && rc == MJT_OK; j++) {
            rows[j].tile = p[j].tile;
            rows[j].e.p = p[j].p;
        }
    }
    /* the rows, ranked by their chances (or points), to the table's order */
    for (size_t i = 0; i < a->ndiscards && rc == MJT_OK; i++)
        for (size_t j = 0; j < n; j++)
            if (rows[j].tile == a->discards[i].tile) {
                int T = rows[j].e.p.draws - 1;
                a->tenpai[i] = rows[j].e.p.tenpai[T];
                a->win[i] = rows[j].e.p.win[T];
                a->score[i] = x != NULL ? rows[j].e.score[T] : 0;
                a->riichi = x != NULL ? rows[j].e.riichi : 0;
                a->prob = rows[j].e.p;
            }
    free(rows);
    if (rc != MJT_OK)
        return rc;
    a->has_prob = 1;
    a->has_score = x != NULL;
    return MJT_OK;
}

/* Whether discard row i goes before row j once the improvement is known:
 * of equal shanten and effective tiles, the larger two-step total (none
 * when tenpai), then more improvement tiles. */
static int improve_before(const analysis *a, size_t i, size_t j)
{
    const mjt_discard *x = &a->discards[i], *y = &a->discards[j];
    const mjt_improve_info *p = &a->improve[i], *q = &a->improve[j];
    if (x->shanten != y->shanten || x->count != y->count)
        return 0;
    if (p->two_total != q->two_total)
        return p->two_total > q->two_total;
    return p->improve_count > q->improve_count;
}

/* Move element i of the array at base (elements of size bytes, at most an
 * mjt_improve_info's) to j < i, the ones between one up. */
static void move_one(void *base, size_t size, size_t i, size_t j)
{
    unsigned char keep[sizeof(mjt_improve_info)], *p = base;

    memcpy(keep, p + i * size, size);
    memmove(p + (j + 1) * size, p + j * size, (i - j) * size);
    memcpy(p + j * size, keep, size);
}

/* Move row i of every per-discard array of a to j < i. */
static void move_row(analysis *a, size_t i, size_t j)
{
    move_one(a->discards, sizeof a->discards[0], i, j);
    move_one(a->after, sizeof a->after[0], i, j);
    move_one(a->tenpai, sizeof a->tenpai[0], i, j);
    move_one(a->win, sizeof a->win[0], i, j);
    move_one(a->improve, sizeof a->improve[0], i, j);
}

int analysis_improve(const mjt_tables *t, const mjt_hand *h,
                     const uint8_t *seen, analysis *a)
{
    size_t n = a->len % 3 == 1 ? 1 : a->ndiscards;
    int rc = MJT_OK;

    a->improve = malloc((n ? n : 1) * sizeof *a->improve);
    if (a->improve == NULL)
        return MJT_ENOMEM;
    if (a->len % 3 == 1)
        return mjt_improve(t, h, seen, &a->improve[0]);
    for (size_t i = 0; i < n && rc == MJT_OK; i++)
        rc = mjt_improve_discard(t, h, seen, a->discards[i].tile,
                                 &a->improve[i]);
    /* insertion, stable: the table's order stands between equals */
    for (size_t i = 1; rc == MJT_OK && i < n; i++) {
        size_t j = i;
        while (j > 0 && improve_before(a, i, j - 1))
            j--;
        if (j < i)
            move_row(a, i, j);
    }
    return rc;
}

void analysis_free(analysis *a)
{
    free(a->improve);
    a->improve = NULL;
}

/* ==== Text ==== */

/* "3m(4) 6m(2) (6 tiles)" */
static void ukeire_text(FILE *out, const an_ukeire *u)
{
    const char *sep = "";
    for (int i = 0; i < MJT_KINDS; i++)
        if (u->tiles >> i & 1) {
            fprintf(out, "%s%s(%d)", sep, mjt_tile_name(i), u->left[i]);
            sep = " ";
        }
    fprintf(out, " (%d tile%s)", u->count, u->count == 1 ? "" : "s");
}

/* The kinds of a mask, each after a space. */
static void kinds_text(FILE *out, uint64_t mask)
{
    for (int i = 0; i < MJT_KINDS; i++)
        if (mask >> i & 1)
            fprintf(out, " %s", mjt_tile_name(i));
}

/* The draws of one of --improve's lists: "1m(3) 4m(4) (7 tiles)" (or
 * "(total N)"), then a line each: the count it reaches and the discards
 * that reach it. */
static void steps_text(FILE *out, const char *name, const mjt_step *s, int n,
                       int tiles, int total)
{
    fprintf(out, "%-10s", name);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s(%d) ", mjt_tile_name(s[i].tile), s[i].left);
    if (tiles)
        fprintf(out, "(%d tile%s)\n", total, total == 1 ? "" : "s");
    else
        fprintf(out, "(total %d)\n", total);
    for (int i = 0; i < n; i++) {
        fprintf(out, "  %-3s %3d %s discarding", mjt_tile_name(s[i].tile),
                s[i].count, s[i].count == 1 ? "tile, " : "tiles,");
        kinds_text(out, s[i].discards);
        fputc('\n', out);
    }
}

/* A 3k+1 hand's --improve lines. */
static void improve_text(FILE *out, const mjt_improve_info *m)
{
    steps_text(out, "improve", m->improve, m->nimprove, 1, m->improve_count);
    if (m->ntwo >= 0)
        steps_text(out, "two-step", m->two, m->ntwo, 0, m->two_total);
}

/* The melds and the pair of an answer, each after a space. */
static void rest_text(FILE *out, const mjt_block *m, int n, int pair)
{
    char b[MJT_BLOCK_TEXT];
    for (int i = 0; i < n; i++) {
        mjt_block_format(&m[i], b, sizeof b);
        fprintf(out, " %s", b);
    }
    if (pair != MJT_NO_TILE) {
        mjt_block_format(&(mjt_block){MJT_PAIR, (uint8_t)pair}, b, sizeof b);
        fprintf(out, " %s", b);
    }
}

void analysis_forms_text(FILE *out, const analysis *a)
{
    char wait[MJT_BLOCK_TEXT];

    if (a->nshapes > 0)
        fprintf(out, "shapes\n");
    for (size_t i = 0; i < a->nshapes; i++) {
        const mjt_shape *e = &a->shapes[i];
        mjt_block_format(&e->wait, wait, sizeof wait);
        fprintf(out, "  %-3s %-10s [%s]", mjt_tile_name(e->tile),
                mjt_shape_name(e->shape), wait);
        rest_text(out, e->melds, e->melds_len, e->pair);
        fputc('\n', out);
    }
    if (a->ndecompositions > 0)
        fprintf(out, "decompositions\n");
    for (size_t i = 0; i < a->ndecompositions; i++) {
        const mjt_decomposition *d = &a->decompositions[i];
        /* the name alone when no melds follow: no trailing spaces */
        if (d->form == MJT_STANDARD) {
            fprintf(out, "  %-10s", mjt_form_name(d->form));
            rest_text(out, d->melds, d->melds_len, d->pair);
        } else {
            fprintf(out, "  %s", mjt_form_name(d->form));
        }
        fputc('\n', out);
    }
}

void analysis_text(FILE *out, const analysis *a)
{
    const mjt_shanten_info *s = &a->shanten;

    fprintf(out, "%s (%d tile%s", a->text, a->len, a->len == 1 ? "" : "s");
    if (a->ncalls > 0)
        fprintf(out, ", %d call%s", a->ncalls, a->ncalls == 1 ? "" : "s");
    fprintf(out, "%s)\n", a->players == 3 ? ", three players" : "");
    fprintf(out, "shanten   %d (standard %d", s->overall, s->standard);
    if (s->chiitoitsu != MJT_SHANTEN_NONE)
        fprintf(out, ", chiitoitsu %d, kokushi %d", s->chiitoitsu, s->kokushi);
    fprintf(out, ")\n");
    if (a->len % 3 == 1) {
        fprintf(out, "ukeire    ");
        ukeire_text(out, &a->ukeire);
        fputc('\n', out);
        if (s->overall == 0) {
            fprintf(out, "waits");
            for (int i = 0, first = 1; i < MJT_KINDS; i++)
                if (a->ukeire.tiles >> i & 1) {
                    fprintf(out, first ? "     %s" : " %s", mjt_tile_name(i));
                    first = 0;
                }
            fprintf(out, "%s\n",
                    a->ukeire.count == 0 ? " (no tile left to draw)" : "");
        }
        if (a->improve != NULL)
            improve_text(out, &a->improve[0]);
        if (a->has_prob) {
            int T = a->prob.draws - 1;
            fprintf(out, "prob      tenpai %.1f%%  win %.1f%%",
                    100 * a->prob.tenpai[T], 100 * a->prob.win[T]);
            if (a->has_score)
                fprintf(out, "  points %.0f", a->score13);
            fprintf(out, " (%d draws, %s", a->prob.draws,
                    prob_moves_name(a->prob.moves));
            if (a->has_score)
                fprintf(out, ", riichi %s", prob_riichi_name(a->riichi));
            fprintf(out, ")\n");
        }
    } else {
        if (a->has_prob)
            fprintf(out, "prob      within %d draws, %s play%s%s\n",
                    a->prob.draws, prob_moves_name(a->prob.moves),
                    a->has_score ? ", riichi " : "",
                    a->has_score ? prob_riichi_name(a->riichi) : "");
        fprintf(out, "discards\n");
        for (size_t i = 0; i < a->ndiscards; i++) {
            fprintf(out, "  %s  shanten %d  ukeire ",
                    mjt_tile_name(a->discards[i].tile), a->discards[i].shanten);
            ukeire_text(out, &a->after[i]);
            if (a->improve != NULL) {
                const mjt_improve_info *m = &a->improve[i];
                fprintf(out, "  improve %d", m->improve_count);
                if (m->ntwo >= 0)
                    fprintf(out, "  two-step %d", m->two_total);
            }
            if (a->has_prob)
                fprintf(out, "  tenpai %.1f%%  win %.1f%%", 100 * a->tenpai[i],
                        100 * a->win[i]);
            if (a->has_score)
                fprintf(out, "  points %.0f", a->score[i]);
            fputc('\n', out);
        }
    }
    analysis_forms_text(out, a);
}

/* ==== JSON ==== */

/* "tiles":[...],"left":[...],"count":N inside "ukeire":{...} */
static void ukeire_json(FILE *out, const an_ukeire *u)
{
    const char *sep = "";
    fprintf(out, "\"ukeire\":{\"tiles\":[");
    for (int i = 0; i < MJT_KINDS; i++)
        if (u->tiles >> i & 1) {
            fprintf(out, "%s\"%s\"", sep, mjt_tile_name(i));
            sep = ",";
        }
    fprintf(out, "],\"left\":[");
    sep = "";
    for (int i = 0; i < MJT_KINDS; i++)
        if (u->tiles >> i & 1) {
            fprintf(out, "%s%d", sep, u->left[i]);
            sep = ",";
        }
    fprintf(out, "],\"count\":%d}", u->count);
}

/* {"tiles":[...],"left":[...],"COUNT":[...],"discards":[[...],...],
 * "TOTAL":N} of n steps, each list in their order. */
static void steps_json(FILE *out, const mjt_step *s, int n,
                       const char *count_key, const char *total_key, int total)
{
    fprintf(out, "{\"tiles\":[");
    for (int i = 0; i < n; i++)
        fprintf(out, "%s\"%s\"", i ? "," : "", mjt_tile_name(s[i].tile));
    fprintf(out, "],\"left\":[");
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? "," : "", s[i].left);
    fprintf(out, "],\"%s\":[", count_key);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? "," : "", s[i].count);
    fprintf(out, "],\"discards\":[");
    for (int i = 0; i < n; i++) {
        const char *sep = "";
        fprintf(out, "%s[", i ? "," : "");
        for (int y = 0; y < MJT_KINDS; y++)
            if (s[i].discards >> y & 1) {
                fprintf(out, "%s\"%s\"", sep, mjt_tile_name(y));
                sep = ",";
            }
        fputc(']', out);
    }
    fprintf(out, "],\"%s\":%d}", total_key, total);
}

/* ,"improvement":{...},"two_step":{...} (null when tenpai) */
static void improve_json(FILE *out, const mjt_improve_info *m)
{
    fprintf(out, ",\"improvement\":");
    steps_json(out, m->improve, m->nimprove, "best", "count", m->improve_count);
    fprintf(out, ",\"two_step\":");
    if (m->ntwo < 0)
        fprintf(out, "null");
    else
        steps_json(out, m->two, m->ntwo, "reach", "total", m->two_total);
}

/* ,"melds":[...],"pair":P (null when there is none) */
static void rest_json(FILE *out, const mjt_block *m, int n, int pair)
{
    char b[MJT_BLOCK_TEXT];
    fprintf(out, ",\"melds\":[");
    for (int i = 0; i < n; i++) {
        mjt_block_format(&m[i], b, sizeof b);
        fprintf(out, "%s\"%s\"", i ? "," : "", b);
    }
    fprintf(out, "],\"pair\":");
    if (pair == MJT_NO_TILE) {
        fprintf(out, "null");
        return;
    }
    mjt_block_format(&(mjt_block){MJT_PAIR, (uint8_t)pair}, b, sizeof b);
    fprintf(out, "\"%s\"", b);
}

static void forms_json(FILE *out, const analysis *a)
{
    char wait[MJT_BLOCK_TEXT];

    for (size_t i = 0; i < a->nshapes; i++) {
        const mjt_shape *e = &a->shapes[i];
        mjt_block_format(&e->wait, wait, sizeof wait);
        fprintf(out, "%s{\"tile\":\"%s\",\"shape\":\"%s\",\"wait\":\"%s\"",
                i ? "," : ",\"shapes\":[", mjt_tile_name(e->tile),
                mjt_shape_name(e->shape), wait);
        rest_json(out, e->melds, e->melds_len, e->pair);
        fputc('}', out);
    }
    for (size_t i = 0; i < a->ndecompositions; i++) {
        const mjt_decomposition *d = &a->decompositions[i];
        fprintf(out, "%s{\"form\":\"%s\"", i ? "," : ",\"decompositions\":[",
                mjt_form_name(d->form));
        if (d->form == MJT_STANDARD)
            rest_json(out, d->melds, d->melds_len, d->pair);
        fputc('}', out);
    }
    if (a->nshapes + a->ndecompositions > 0)
        fputc(']', out);
}

/* The hand: "hand" (the concealed tiles) and "calls", from the text form,
 * whose groups after the commas are the calls. */
static void hand_json(FILE *out, const analysis *a)
{
    const char *call = strchr(a->text, ',');
    int n = call != NULL ? (int)(call - a->text) : (int)strlen(a->text);

    fprintf(out, "{\"hand\":\"%.*s\",", n, a->text);
    if (call != NULL) {
        fprintf(out, "\"calls\":[");
        while (call != NULL) {
            const char *next = strchr(call + 1, ',');
            int len =
                next != NULL ? (int)(next - call - 1) : (int)strlen(call + 1);
            fprintf(out, "\"%.*s\"%s", len, call + 1, next ? "," : "");
            call = next;
        }
        fprintf(out, "],");
    }
    fprintf(out, "\"tiles\":%d,", a->len);
    if (a->players == 3)
        fprintf(out, "\"players\":3,");
}

void analysis_json(FILE *out, const analysis *a)
{
    const mjt_shanten_info *s = &a->shanten;
    char c[8] = "null", k[8] = "null";

    hand_json(out, a);
    if (s->chiitoitsu != MJT_SHANTEN_NONE)
        snprintf(c, sizeof c, "%d", s->chiitoitsu);
    if (s->kokushi != MJT_SHANTEN_NONE)
        snprintf(k, sizeof k, "%d", s->kokushi);
    fprintf(out,
            "\"shanten\":{\"standard\":%d,\"chiitoitsu\":%s,"
            "\"kokushi\":%s,\"overall\":%d}",
            s->standard, c, k, s->overall);
    if (a->has_prob) {
        fprintf(out, ",\"prob\":{\"draws\":%d,\"moves\":\"%s\",\"exact\":%s",
                a->prob.draws, prob_moves_name(a->prob.moves),
                a->prob.exact ? "true" : "false");
        if (a->has_score)
            fprintf(out, ",\"riichi\":\"%s\"", prob_riichi_name(a->riichi));
        fputc('}', out);
    }
    if (a->len % 3 == 1) {
        if (a->has_prob) {
            int T = a->prob.draws - 1;
            fprintf(out, ",\"tenpai\":%.12g,\"win\":%.12g", a->prob.tenpai[T],
                    a->prob.win[T]);
            if (a->has_score)
                fprintf(out, ",\"score\":%.12g", a->score13);
        }
        fputc(',', out);
        ukeire_json(out, &a->ukeire);
        if (s->overall == 0) {
            const char *sep = "";
            fprintf(out, ",\"waits\":[");
            for (int i = 0; i < MJT_KINDS; i++)
                if (a->ukeire.tiles >> i & 1) {
                    fprintf(out, "%s\"%s\"", sep, mjt_tile_name(i));
                    sep = ",";
                }
            fputc(']', out);
        }
        if (a->improve != NULL)
            improve_json(out, &a->improve[0]);
    } else {
        fprintf(out, ",\"discards\":[");
        for (size_t i = 0; i < a->ndiscards; i++) {
            fprintf(out, "%s{\"tile\":\"%s\",\"shanten\":%d,", i ? "," : "",
                    mjt_tile_name(a->discards[i].tile), a->discards[i].shanten);
            ukeire_json(out, &a->after[i]);
            if (a->improve != NULL)
                improve_json(out, &a->improve[i]);
            if (a->has_prob)
                fprintf(out, ",\"tenpai\":%.12g,\"win\":%.12g", a->tenpai[i],
                        a->win[i]);
            if (a->has_score)
                fprintf(out, ",\"score\":%.12g", a->score[i]);
            fputc('}', out);
        }
        fputc(']', out);
    }
    forms_json(out, a);
    fprintf(out, "}\n");
}
