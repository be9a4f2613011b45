/* SPDX-License-Identifier: MIT */
/*
 * mjq prob (prob.h): the wall model's curves of a hand, or a row of them
 * for each discard of a 14-tile hand, printed as a table of percentages at
 * a third, two thirds and all of the draws, or as JSON with every point.
 */
#include "prob.h"

#include <math.h>
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

int prob_of(const mjt_tables *t, const mjt_hand *h, const uint8_t *seen,
            const mjt_prob_opts *o, prob_result *r, mjt_diag *diag)
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

static void curves_text(FILE *out, const mjt_prob *p, const int *h, int nh)
{
    for (int i = 0; i < nh; i++)
        percent(out, p->tenpai[h[i] - 1]);
    fprintf(out, "  ");
    for (int i = 0; i < nh; i++)
        percent(out, p->win[h[i] - 1]);
    fputc('\n', out);
}

void prob_text(FILE *out, const prob_result *r)
{
    int h[3], nh = marks(r->p.draws, h);

    fprintf(out, "%s (%d tile%s", r->text, r->len, r->len == 1 ? "" : "s");
    if (r->ncalls > 0)
        fprintf(out, ", %d call%s", r->ncalls, r->ncalls == 1 ? "" : "s");
    fprintf(out, "%s): %d draws, %s play (%s)\n",
            r->players == 3 ? ", three players" : "", r->p.draws,
            prob_moves_name(r->p.moves),
            r->p.exact ? "exact" : "forgetful wall, optimistic");
    /* the heading: the draws each column counts */
    fprintf(out, "%s tenpai within%*s win within\n",
            r->nrows ? "                " : "         ", 7 * nh - 12, "");
    fprintf(out, "%s", r->nrows ? "discard shanten" : "shanten ");
    for (int g = 0; g < 2; g++) {
        for (int i = 0; i < nh; i++)
            fprintf(out, " %6d", h[i]);
        fprintf(out, g ? "\n" : "  ");
    }
    if (r->nrows == 0) {
        fprintf(out, "%-8d", r->p.shanten);
        curves_text(out, &r->p, h, nh);
        return;
    }
    for (size_t i = 0; i < r->nrows; i++) {
        fprintf(out, "%-7s %7d", mjt_tile_name(r->rows[i].tile),
                r->rows[i].shanten);
        curves_text(out, &r->rows[i].p, h, nh);
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

void prob_curves_json(FILE *out, const mjt_prob *p)
{
    fprintf(out, ",\"tenpai\":");
    points(out, p->tenpai, p->draws);
    fprintf(out, ",\"win\":");
    points(out, p->win, p->draws);
}

void prob_json(FILE *out, const prob_result *r)
{
    fprintf(out, "{\"hand\":");
    cli_json_string(out, r->text);
    fprintf(out, ",\"tiles\":%d,\"draws\":%d,\"moves\":\"%s\",\"exact\":%s",
            r->len + 3 * r->ncalls, r->p.draws, prob_moves_name(r->p.moves),
            r->p.exact ? "true" : "false");
    if (r->nrows == 0) {
        fprintf(out, ",\"shanten\":%d", r->p.shanten);
        prob_curves_json(out, &r->p);
    } else {
        fprintf(out, ",\"discards\":[");
        for (size_t i = 0; i < r->nrows; i++) {
            fprintf(out, "%s{\"tile\":\"%s\",\"shanten\":%d", i ? "," : "",
                    mjt_tile_name(r->rows[i].tile), r->rows[i].shanten);
            prob_curves_json(out, &r->rows[i].p);
            fputc('}', out);
        }
        fputc(']', out);
    }
    fprintf(out, "}\n");
}
