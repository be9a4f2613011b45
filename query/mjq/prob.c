/* SPDX-License-Identifier: MIT */
/*
 * mjq prob (prob.h): the wall model's curves of a hand, or a row of them
 * for each discard of a 14-tile hand, printed as a table of percentages at
 * a third, two thirds and all of the draws, or as JSON with every point.
 */
#include "prob.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const moves_names[] = {"forward", "exchange", "back"};

const char *prob_moves_name(int moves)
{
    return moves >= 0 && moves <= MJT_BACK ? moves_names[moves] : "?";
}

int prob_moves_value(const char *name)
{
    for (int i = 0; i <= MJT_BACK; i++)
        if (!strcmp(name, moves_names[i]))
            return i;
    return -1;
}

static const char *const riichi_names[] = {"best", "never", "always"};

const char *prob_riichi_name(int riichi)
{
    return riichi >= 0 && riichi <= MJT_RIICHI_ALWAYS ? riichi_names[riichi]
                                                      : "?";
}

int prob_riichi_value(const char *name)
{
    for (int i = 0; i <= MJT_RIICHI_ALWAYS; i++)
        if (!strcmp(name, riichi_names[i]))
            return i;
    return -1;
}

/* prob_of with the expected points. */
static int expect_of(const mjt_tables *t, const mjt_hand *h,
                     const uint8_t *seen, const mjt_prob_opts *o,
                     const mjt_expect_opts *x, prob_result *r, mjt_diag *diag)
{
    int rc;
    r->scored = 1;
    r->riichi = x->riichi;
    if (r->len % 3 == 1) {
        mjt_expect e;
        if ((rc = mjt_expect_hand(t, h, seen, o, x, &e, diag)) == MJT_OK) {
            r->p = e.p;
            r->riichi = e.riichi; /* never for an open hand */
            memcpy(r->score[0], e.score, sizeof e.score);
        }
        return rc;
    }
    mjt_expect_row *rows = malloc(MJT_MAX_DISCARDS * sizeof *rows);
    if (rows == NULL)
        return MJT_ENOMEM;
    rc = mjt_expect_discards(t, h, seen, o, x, rows, MJT_MAX_DISCARDS,
                             &r->nrows, diag);
    for (size_t i = 0; i < r->nrows && rc == MJT_OK; i++) {
        r->rows[i].tile = rows[i].tile;
        r->rows[i].shanten = rows[i].shanten;
        r->rows[i].tiles = rows[i].tiles;
        r->rows[i].count = rows[i].count;
        r->rows[i].p = rows[i].e.p;
        memcpy(r->score[1 + i], rows[i].e.score, sizeof rows[i].e.score);
    }
    if (rc == MJT_OK && r->nrows > 0) {
        r->p = r->rows[0].p;
        r->riichi = rows[0].e.riichi;
        memcpy(r->score[0], r->score[1], sizeof r->score[0]);
    }
    free(rows);
    return rc;
}

int prob_of(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
            const mjt_prob_opts *o, const mjt_expect_opts *x, prob_result *r,
            mjt_diag *diag)
{
    mjt_tiles tiles;
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls;
    int rc;

    memset(r, 0, sizeof *r);
    if ((rc = mjt_hand_tiles(h, &tiles)) != MJT_OK ||
        (rc = mjt_hand_calls(h, calls, MJT_MAX_CALLS, &ncalls)) != MJT_OK)
        return rc;
    mjt_hand_format(h, r->text, sizeof r->text);
    r->len = tiles.len;
    r->ncalls = (int)ncalls;
    r->players = mjt_hand_players(h);
    if (x != NULL)
        return expect_of(t, h, seen, o, x, r, diag);
    if (tiles.len % 3 == 1)
        return mjt_prob_hand(t, h, seen, o, &r->p, diag);
    rc = mjt_prob_discards(t, h, seen, o, r->rows, MJT_MAX_DISCARDS, &r->nrows,
                           diag);
    if (rc == MJT_OK && r->nrows > 0)
        r->p = r->rows[0].p;
    return rc;
}

/* ==== Text ==== */

/* The draws a table shows: a third, two thirds and all of T. */
static int marks(int T, int h[3])
{
    if (T < 3) {
        h[0] = T;
        return 1;
    }
    h[0] = (T + 2) / 3;
    h[1] = (2 * T + 2) / 3;
    h[2] = T;
    return h[1] == h[0] ? 1 : 3;
}

static void percent(FILE *out, double p)
{
    if (isnan(p))
        fprintf(out, "      -");
    else
        fprintf(out, " %5.1f%%", 100 * p);
}

/* A row's curves at the draws h, and its expected points at T when
 * score is not NULL. */
static void curves_text(FILE *out, const mjt_prob *p, const double *score,
                        const int *h, int nh)
{
    for (int i = 0; i < nh; i++)
        percent(out, p->tenpai[h[i] - 1]);
    fprintf(out, "  ");
    for (int i = 0; i < nh; i++)
        percent(out, p->win[h[i] - 1]);
    if (score != NULL) {
        double v = score[p->draws - 1];
        if (isnan(v))
            fprintf(out, "  %8s", "-");
        else
            fprintf(out, "  %8.1f", v);
    }
    fputc('\n', out);
}

void prob_text(FILE *out, const prob_result *r)
{
    int h[3], nh = marks(r->p.draws, h);

    fprintf(out, "%s (%d tile%s", r->text, r->len, r->len == 1 ? "" : "s");
    if (r->ncalls > 0)
        fprintf(out, ", %d call%s", r->ncalls, r->ncalls == 1 ? "" : "s");
    fprintf(out, "%s): %d draws, %s play (%s)",
            r->players == 3 ? ", three players" : "", r->p.draws,
            prob_moves_name(r->p.moves),
            r->p.exact ? "exact" : "forgetful wall, optimistic");
    if (r->scored)
        fprintf(out, ", riichi %s", prob_riichi_name(r->riichi));
    fputc('\n', out);
    /* the heading: the draws each column counts */
    fprintf(out, "%s tenpai within%*s win within",
            r->nrows ? "                " : "         ", 7 * nh - 12, "");
    fprintf(out, r->scored ? "%*s  expected\n" : "\n", 7 * nh - 10, "");
    fprintf(out, "%s", r->nrows ? "discard shanten" : "shanten ");
    for (int g = 0; g < 2; g++) {
        for (int i = 0; i < nh; i++)
            fprintf(out, " %6d", h[i]);
        if (g == 0)
            fprintf(out, "  ");
    }
    fprintf(out, r->scored ? "    points\n" : "\n");
    if (r->nrows == 0) {
        fprintf(out, "%-8d", r->p.shanten);
        curves_text(out, &r->p, r->scored ? r->score[0] : NULL, h, nh);
        return;
    }
    for (size_t i = 0; i < r->nrows; i++) {
        fprintf(out, "%-7s %7d", mjt_tile_name(r->rows[i].tile),
                r->rows[i].shanten);
        curves_text(out, &r->rows[i].p, r->scored ? r->score[1 + i] : NULL, h,
                    nh);
    }
}

/* ==== JSON ==== */

static void points(FILE *out, const double *v, int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', out);
        if (isnan(v[i]))
            fputs("null", out);
        else
            fprintf(out, "%.12g", v[i]);
    }
    fputc(']', out);
}

void prob_curves_json(FILE *out, const mjt_prob *p, const double *score)
{
    fprintf(out, ",\"tenpai\":");
    points(out, p->tenpai, p->draws);
    fprintf(out, ",\"win\":");
    points(out, p->win, p->draws);
    if (score != NULL) {
        fprintf(out, ",\"score\":");
        points(out, score, p->draws);
    }
}

void prob_json(FILE *out, const prob_result *r)
{
    fprintf(out, "{\"hand\":");
    cli_json_string(out, r->text);
    fprintf(out, ",\"tiles\":%d,\"draws\":%d,\"moves\":\"%s\",\"exact\":%s",
            r->len + 3 * r->ncalls, r->p.draws, prob_moves_name(r->p.moves),
            r->p.exact ? "true" : "false");
    if (r->scored)
        fprintf(out, ",\"riichi\":\"%s\"", prob_riichi_name(r->riichi));
    if (r->nrows == 0) {
        fprintf(out, ",\"shanten\":%d", r->p.shanten);
        prob_curves_json(out, &r->p, r->scored ? r->score[0] : NULL);
    } else {
        fprintf(out, ",\"discards\":[");
        for (size_t i = 0; i < r->nrows; i++) {
            fprintf(out, "%s{\"tile\":\"%s\",\"shanten\":%d", i ? "," : "",
                    mjt_tile_name(r->rows[i].tile), r->rows[i].shanten);
            prob_curves_json(out, &r->rows[i].p,
                             r->scored ? r->score[1 + i] : NULL);
            fputc('}', out);
        }
        fputc(']', out);
    }
    fprintf(out, "}\n");
}
