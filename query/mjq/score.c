/* SPDX-License-Identifier: MIT */
/*
 * mjq score: the yaku, fu and points of a complete hand.  The hand and its
 * situation come from the command line (a hand and options) or, one a
 * line, from standard input as JSON objects whose keys mirror the
 * options; mjt_score_hand does the scoring, and this file prints its
 * answer as text or as one JSON object a line.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mjt.h"

#define SCORE_LINE 2048

/* What one question holds: the hand's text and the situation. */
typedef struct question {
    char hand[256];
    int has_win;
    mjt_win w;
} question;

static const char *const seat_words[4] = {"", "right", "across", "left"};

int cli_wind_value(const char *s)
{
    if (strlen(s) == 2 && s[0] >= '1' && s[0] <= '4' && s[1] == 'z')
        return s[0] - '1';
    return -1;
}

static int from_value(const char *s)
{
    for (int i = 1; i < 4; i++)
        if (!strcmp(s, seat_words[i]))
            return i;
    return -1;
}

const char *cli_indicators_value(const char *text, uint8_t *list, uint8_t *len)
{
    size_t n = 0;
    *len = 0;
    for (const char *p = text; *p != '\0';) {
        if (*p == ' ') {
            p++;
            continue;
        }
        const char *digits = p;
        while (isdigit((unsigned char)*p))
            p++;
        if (p == digits || *p == '\0' || !strchr("mpsz", *p))
            return "indicators are tiles as text, like 4p1z";
        for (const char *d = digits; d < p; d++) {
            char name[2] = {*d, *p};
            int t = mjt_tile_from_name(name, 2);
            if (t < 0)
                return "indicators are tiles as text, like 4p1z";
            if (n == MJT_MAX_INDICATORS)
                return "more than 5 indicators";
            list[n++] = (uint8_t)t;
        }
        p++;
    }
    *len = (uint8_t)n;
    return NULL;
}

/* The winning tile when none is named: the last concealed tile written. */
static int last_tile(const char *hand)
{
    const char *end = strchr(hand, ',');
    size_t n = end ? (size_t)(end - hand) : strlen(hand);
    while (n > 0 && hand[n - 1] == ' ')
        n--;
    if (n < 2 || !isdigit((unsigned char)hand[n - 2]))
        return -1;
    char suit = hand[n - 1];
    char name[2] = {hand[n - 2], suit};
    return mjt_tile_from_name(name, 2);
}

/* Set field key of q from a text value: NULL, or the problem. */
static const char *set_text(question *q, const char *key, const char *v)
{
    mjt_win *w = &q->w;
    int x;
    if (!strcmp(key, "win")) {
        if ((x = mjt_tile_from_name(v, strlen(v))) < 0 || strlen(v) != 2)
            return "win: a tile, like 5p (0p the red five)";
        w->tile = (uint8_t)x;
        q->has_win = 1;
    } else if (!strcmp(key, "round") || !strcmp(key, "seat")) {
        if ((x = cli_wind_value(v)) < 0)
            return !strcmp(key, "round") ? "round: a wind, 1z to 4z"
                                         : "seat: a wind, 1z to 4z (1z the "
                                           "dealer)";
        *(key[0] == 'r' ? &w->round : &w->seat) = (uint8_t)x;
    } else if (!strcmp(key, "from")) {
        if ((x = from_value(v)) < 0)
            return "from: left, across or right";
        w->from = (uint8_t)x;
    } else if (!strcmp(key, "dora")) {
        return cli_indicators_value(v, w->dora, &w->dora_len);
    } else if (!strcmp(key, "ura")) {
        return cli_indicators_value(v, w->ura, &w->ura_len);
    } else {
        return "unknown";
    }
    return NULL;
}

/* Set field key of q from a number (true is 1): NULL, or the problem. */
static const char *set_number(question *q, const char *key, long v)
{
    mjt_win *w = &q->w;
    static const char *const flags[] = {"tsumo",   "ippatsu", "last",
                                        "rinshan", "chankan", "first"};
    uint8_t *const at[] = {&w->tsumo,   &w->ippatsu, &w->last,
                           &w->rinshan, &w->chankan, &w->first};
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (!strcmp(key, flags[i])) {
            if (v != 0 && v != 1)
                return "a yes-or-no field is true or false";
            *at[i] = (uint8_t)v;
            return NULL;
        }
    if (!strcmp(key, "riichi")) {
        if (v < 0 || v > 2)
            return "riichi: 0, 1, or 2 for double riichi";
        w->riichi = (uint8_t)v;
    } else if (!strcmp(key, "honba") || !strcmp(key, "sticks")) {
        if (v < 0 || v > 999)
            return key[0] == 'h' ? "honba: 0 to 999" : "sticks: 0 to 999";
        *(key[0] == 'h' ? &w->honba : &w->sticks) = (uint16_t)v;
    } else {
        return "unknown";
    }
    return NULL;
}

/* One JSON object of a line into q: NULL, or the problem. */
static const char *json_question(const char *p, const char *end, question *q)
{
    char calls[512] = "";
    int have_hand = 0;
    unsigned seen = 0;
    static const char *const keys[] = {
        "hand",    "calls",   "win",   "tsumo", "from",  "riichi",
        "ippatsu", "round",   "seat",  "dora",  "ura",   "last",
        "rinshan", "chankan", "first", "honba", "sticks"};

    cli_json_space(&p, end);
    if (p >= end || *p++ != '{')
        return "not a JSON object";
    cli_json_space(&p, end);
    if (p < end && *p == '}')
        return "no \"hand\" in the object";
    for (;;) {
        char key[16], text[256];
        const char *err;
        size_t k;
        cli_json_space(&p, end);
        if (p >= end || *p++ != '"')
            return "a key that is not a string";
        if ((err = cli_json_str(&p, end, key, sizeof key)) != NULL)
            return err;
        for (k = 0; k < sizeof keys / sizeof *keys; k++)
            if (!strcmp(key, keys[k]))
                break;
        if (k == sizeof keys / sizeof *keys)
            return "an unknown key (mjq score --help lists them)";
        if (seen & 1u << k)
            return "a key given twice";
        seen |= 1u << k;
        cli_json_space(&p, end);
        if (p >= end || *p++ != ':')
            return "no ':' after a key";
        cli_json_space(&p, end);
        if (k == 1) {
            if ((err = cli_json_calls(&p, end, calls, sizeof calls)) != NULL)
                return err;
        } else if (p < end && *p == '"') {
            p++;
            if ((err = cli_json_str(&p, end, text, sizeof text)) != NULL)
                return err;
            if (k == 0) {
                memcpy(q->hand, text, sizeof q->hand);
                have_hand = 1;
            } else if ((err = set_text(q, key, text)) != NULL) {
                return !strcmp(err, "unknown") ? "a string where a number or "
                                                 "true/false belongs"
                                               : err;
            }
        } else {
            long v;
            if (end - p >= 4 && !memcmp(p, "true", 4)) {
                v = 1, p += 4;
            } else if (end - p >= 5 && !memcmp(p, "false", 5)) {
                v = 0, p += 5;
            } else if (p < end && isdigit((unsigned char)*p)) {
                v = 0;
                while (p < end && isdigit((unsigned char)*p) && v < 100000)
                    v = v * 10 + (*p++ - '0');
            } else {
                return "a value that is not a string, a number or "
                       "true/false";
            }
            if ((err = set_number(q, key, v)) != NULL)
                return !strcmp(err, "unknown") ? "a number where text "
                                                 "belongs (tiles as text)"
                                               : err;
        }
        cli_json_space(&p, end);
        if (p < end && *p == ',') {
            p++;
            continue;
        }
        if (p >= end || *p++ != '}')
            return "no ',' or '}' after a value";
        cli_json_space(&p, end);
        if (p != end)
            return "text after the object";
        if (!have_hand)
            return "no \"hand\" in the object";
        if (calls[0] != '\0') {
            if (strchr(q->hand, ',') != NULL)
                return "calls both in \"hand\" and in \"calls\"";
            size_t n = strlen(q->hand);
            if (n + 1 + strlen(calls) + 1 > sizeof q->hand)
                return "a hand too long";
            q->hand[n] = ',';
            memcpy(q->hand + n + 1, calls, strlen(calls) + 1);
        }
        return NULL;
    }
}

/* ==== Printing ==== */

static void fu_part_name(char *buf, size_t cap, const mjt_score *s, int i)
{
    int part = s->fu_parts[i].part, tile = s->fu_parts[i].tile;
    if (part == MJT_FU_WAIT)
        snprintf(buf, cap, "wait %s (%s)", mjt_tile_name(tile),
                 mjt_shape_name(s->wait));
    else if (tile != MJT_NO_TILE)
        snprintf(buf, cap, "%s %s", mjt_fu_name(part), mjt_tile_name(tile));
    else
        snprintf(buf, cap, "%s", mjt_fu_name(part));
}

/* Block i of the reading as text: its tiles, and a call's seat. */
static void block_text(char *buf, size_t cap, const mjt_score *s, int i,
                       const mjt_call *calls, int *call_at)
{
    size_t at = mjt_block_format(&s->blocks[i], buf, cap);
    if (s->calls >> i & 1) {
        const mjt_call *c = &calls[(*call_at)++];
        const char *from = c->kind == MJT_CLOSED_QUAD ? "closed"
                           : c->from                  ? seat_words[c->from]
                                                      : NULL;
        if (from != NULL && at < cap)
            snprintf(buf + at, cap - at, ":%s", from);
    }
}

static void json_answer(FILE *out, const char *text, const mjt_score *s,
                        const mjt_call *calls)
{
    char name[64];
    fprintf(out, "{\"hand\":");
    cli_json_string(out, text);
    fprintf(out, ",\"yaku\":[");
    for (int i = 0; i < s->yaku_len; i++) {
        fprintf(out, "%s{\"name\":\"%s\",\"han\":%d}", i ? "," : "",
                mjt_yaku_name(s->yaku[i].yaku), s->yaku[i].han);
    }
    fprintf(out, "],\"han\":%d", s->han);
    if (s->yakuman || s->yaku_len == 0) {
        fprintf(out, ",\"fu\":null,\"fu_parts\":null");
    } else {
        fprintf(out, ",\"fu\":%d,\"fu_parts\":[", s->fu);
        for (int i = 0; i < s->fu_len; i++) {
            fu_part_name(name, sizeof name, s, i);
            fprintf(out, "%s{\"name\":\"%s\",\"fu\":%d}", i ? "," : "", name,
                    s->fu_parts[i].fu);
        }
        fputc(']', out);
    }
    fprintf(out, ",\"yakuman\":%d,\"title\":\"%s\",\"points\":%d", s->yakuman,
            mjt_title_name(s->title), s->points);
    fprintf(out, ",\"payments\":{");
    int any = 0;
    for (int p = 0; p < 4; p++)
        if (s->pay[p]) {
            fprintf(out, "%s\"%dz\":%d", any ? "," : "", p + 1, s->pay[p]);
            any = 1;
        }
    if (s->yaku_len)
        fprintf(out, "%s\"sticks\":%d", any ? "," : "", s->sticks);
    fputc('}', out);
    if (s->pao >= 0)
        fprintf(out, ",\"pao\":\"%dz\"", s->pao + 1);
    fprintf(out, ",\"decomposition\":{\"form\":\"%s\",\"blocks\":[",
            mjt_form_name(s->form));
    int call_at = 0;
    for (int i = 0; i < s->blocks_len; i++) {
        block_text(name, sizeof name, s, i, calls, &call_at);
        fprintf(out, "%s\"%s\"", i ? "," : "", name);
    }
    fprintf(out, "],\"wait\":\"%s\"}}\n", mjt_shape_name(s->wait));
}

static void text_answer(FILE *out, const char *text, const mjt_win *w,
                        const mjt_score *s, const mjt_call *calls)
{
    char name[64];
    static const char *const winds[4] = {"East", "South", "West", "North"};
    fprintf(out, "%s: %s on %s, %s round, %s seat\n", text,
            w->tsumo ? "tsumo" : "ron", mjt_tile_name(w->tile), winds[w->round],
            winds[w->seat]);
    if (s->yaku_len == 0) {
        fprintf(out, "no yaku: the hand is complete but scores nothing\n");
        return;
    }
    for (int i = 0; i < s->yaku_len; i++)
        fprintf(out, "  %-38s %2d %s\n", mjt_yaku_name(s->yaku[i].yaku),
                s->yaku[i].han, s->yakuman ? "yakuman" : "han");
    if (!s->yakuman) {
        fprintf(out, "  fu:");
        for (int i = 0; i < s->fu_len; i++) {
            fu_part_name(name, sizeof name, s, i);
            fprintf(out, "%s %s %d", i ? "," : "", name, s->fu_parts[i].fu);
        }
        fprintf(out, " = %d\n", s->fu);
        fprintf(out, "%d han %d fu", s->han, s->fu);
    } else {
        fprintf(out, "yakuman x%d", s->yakuman);
    }
    if (s->title != MJT_TITLE_NONE && s->title != MJT_TITLE_YAKUMAN)
        fprintf(out, ", %s", mjt_title_name(s->title));
    fprintf(out, ": %d points;", s->points);
    const char *sep = " ";
    for (int p = 0; p < 4; p++)
        if (s->pay[p]) {
            fprintf(out, "%s%s pays %d%s", sep, winds[p], s->pay[p],
                    p == s->pao ? " (pao)" : "");
            sep = ", ";
        }
    if (s->sticks)
        fprintf(out, "; riichi sticks %d", s->sticks);
    fprintf(out, "\n  reading:");
    int call_at = 0;
    for (int i = 0; i < s->blocks_len; i++) {
        block_text(name, sizeof name, s, i, calls, &call_at);
        fprintf(out, " %s", name);
    }
    fprintf(out, " (%s)\n", mjt_shape_name(s->wait));
}

/* ==== Running ==== */

typedef struct run {
    int json;
    mjt_rules rules;
    FILE *out;
} run;

/* Score q and print the answer, or the problem: 0, or 1. */
static int answer(const run *r, question *q, long lineno)
{
    mjt_hand h;
    mjt_diag diag;
    mjt_score s;
    mjt_call calls[MJT_MAX_CALLS];
    size_t ncalls = 0;
    char text[MJT_HAND_TEXT];
    int rc;

    if ((rc = mjt_hand_parse(&h, q->hand, strlen(q->hand), &r->rules, &diag)) ==
        MJT_OK) {
        if (!q->has_win) {
            int t = last_tile(q->hand);
            if (t >= 0)
                q->w.tile = (uint8_t)t;
        }
        rc = mjt_score_hand(&h, &q->w, &r->rules, &s, &diag);
    }
    if (rc != MJT_OK) {
        if (r->json) {
            fprintf(r->out, "{");
            if (lineno > 0)
                fprintf(r->out, "\"line\":%ld,", lineno);
            fprintf(r->out, "\"hand\":");
            cli_json_string(r->out, q->hand);
            fprintf(r->out, ",\"error\":");
            cli_json_string(r->out, diag.message);
            fprintf(r->out, "}\n");
        } else if (lineno > 0) {
            fprintf(stderr, "%s: score: line %ld: %s: %s\n", cli_prog, lineno,
                    q->hand, diag.message);
        } else {
            fprintf(stderr, "%s: score: %s: %s\n", cli_prog, q->hand,
                    diag.message);
        }
        return 1;
    }
    mjt_hand_calls(&h, calls, MJT_MAX_CALLS, &ncalls);
    mjt_hand_format(&h, text, sizeof text);
    if (r->json)
        json_answer(r->out, text, &s, calls);
    else
        text_answer(r->out, text, &q->w, &s, calls);
    return 0;
}

static int batch(const run *r, const question *base, FILE *in)
{
    char line[SCORE_LINE];
    long got, lineno = 0;
    int status = 0, too_long;

    while ((got = cli_read_line(in, line, sizeof line, &too_long)) >= 0) {
        size_t len = (size_t)got;
        question q = *base;
        lineno++;
        while (len > 0 && strchr("\r \t", line[len - 1]) != NULL)
            len--;
        if (len == 0)
            continue;
        const char *err = too_long ? "line longer than 2047 bytes" : NULL;
        size_t at = 0;
        while (at < len && line[at] == ' ')
            at++;
        if (err == NULL && line[at] == '{') {
            err = json_question(line + at, line + len, &q);
        } else if (err == NULL) {
            if (len - at >= sizeof q.hand)
                err = "a hand too long";
            else
                memcpy(q.hand, line + at, len - at), q.hand[len - at] = '\0';
        }
        if (err != NULL) {
            if (r->json) {
                fprintf(r->out, "{\"line\":%ld,\"error\":", lineno);
                cli_json_string(r->out, err);
                fprintf(r->out, "}\n");
            } else {
                fprintf(stderr, "%s: score: line %ld: %s\n", cli_prog, lineno,
                        err);
            }
            status = 1;
            continue;
        }
        status |= answer(r, &q, lineno);
        if (ferror(r->out))
            return 1;
    }
    return status;
}

static const cli_opt score_opts[] = {
    {"win", 'w', 1},         {"tsumo", 't', 0},
    {"from", 0, 1},          {"riichi", 'r', 0},
    {"double-riichi", 0, 0}, {"ippatsu", 0, 0},
    {"round", 0, 1},         {"seat", 0, 1},
    {"dora", 'd', 1},        {"ura", 0, 1},
    {"last", 0, 0},          {"rinshan", 0, 0},
    {"chankan", 0, 0},       {"first", 0, 0},
    {"honba", 0, 1},         {"sticks", 0, 1},
    {"rule", 0, 1},          {"json", 0, 0},
    {"players", 0, 1},       {NULL, 0, 0}};

const char *cli_rule_value(mjt_rules *rules, const char *text)
{
    static const char *const names[] = {
        "open_tanyao",     "double_yakuman", "counted_yakuman", "yakuman_stack",
        "round_up_mangan", "pinfu_tsumo_fu", "double_wind_fu",  "pao"};
    uint8_t *const at[] = {&rules->open_tanyao,     &rules->double_yakuman,
                           &rules->counted_yakuman, &rules->yakuman_stack,
                           &rules->round_up_mangan, &rules->pinfu_tsumo_fu,
                           &rules->double_wind_fu,  &rules->pao};
    const char *eq = strchr(text, '=');
    if (eq == NULL || eq[1] == '\0' || eq[2] != '\0' ||
        !isdigit((unsigned char)eq[1]))
        return "NAME=VALUE, like open_tanyao=0";
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == (size_t)(eq - text) &&
            !strncmp(names[i], text, (size_t)(eq - text))) {
            *at[i] = (uint8_t)(eq[1] - '0');
            return NULL;
        }
    return "an unknown rule (open_tanyao, double_yakuman, counted_yakuman, "
           "yakuman_stack, round_up_mangan, pinfu_tsumo_fu, double_wind_fu, "
           "pao)";
}

int cli_score(int argc, char **argv, cli_globals *g)
{
    cli_parser p;
    const char *value;
    const char *hands[64];
    int nhands = 0, k, players = g->players ? g->players : 4;
    run r = {g->json, {0}, stdout};
    question base;
    mjt_diag diag;

    if (cli_refuse_globals(g, "score", CLI_G_TABLES | CLI_G_VISIBLE, NULL))
        return 2;
    memset(&base, 0, sizeof base);
    mjt_win_init(&base.w);
    mjt_rules_init(&r.rules, 4);
    cli_parser_init(&p, argc, argv, "score");
    while ((k = cli_next(&p, score_opts, &value)) != CLI_END) {
        const char *err = NULL;
        char *endp;
        long v;
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help("score");
        if (k == CLI_ARG) {
            if (nhands == (int)(sizeof hands / sizeof *hands))
                return cli_usage_error("more than %s hands", "64");
            hands[nhands++] = value;
            continue;
        }
        const char *name = score_opts[k].name;
        switch (k) {
        case 1:
        case 5:
        case 10:
        case 11:
        case 12:
        case 13:
            err = set_number(&base, name, 1);
            break;
        case 3:
            base.w.riichi = 1;
            break;
        case 4:
            base.w.riichi = 2;
            break;
        case 14:
        case 15:
            v = strtol(value, &endp, 10);
            if (*value == '\0' || *endp != '\0')
                err = "a number";
            else
                err = set_number(&base, name, v);
            break;
        case 16:
            err = cli_rule_value(&r.rules, value);
            break;
        case 17:
            g->json = 1;
            break;
        case 18:
            if (cli_players("score", value, &players) != 0)
                return 2;
            break;
        default:
            err = set_text(&base, name, value);
        }
        if (err != NULL) {
            fprintf(stderr, "%s: score: --%s %s: %s\n", cli_prog, name,
                    value ? value : "", err);
            return 2;
        }
    }
    r.json = g->json;
    if (players != 4) {
        fprintf(stderr,
                "%s: score: three-player scoring is not supported "
                "yet\n",
                cli_prog);
        return 2;
    }
    if (mjt_rules_check(&r.rules, &diag) != MJT_OK) {
        fprintf(stderr, "%s: score: --rule: %s\n", cli_prog, diag.message);
        return 2;
    }
    if (nhands == 0) {
        if (isatty(STDIN_FILENO))
            fprintf(stderr,
                    "%s: reading hands from the terminal, one a line "
                    "(end with Ctrl-D; 'mjq score --help' for more)\n",
                    cli_prog);
        return batch(&r, &base, stdin);
    }
    int status = 0;
    for (int i = 0; i < nhands; i++) {
        question q = base;
        if (strlen(hands[i]) >= sizeof q.hand) {
            fprintf(stderr, "%s: score: a hand too long\n", cli_prog);
            return 2;
        }
        strcpy(q.hand, hands[i]);
        if (i > 0 && !r.json)
            fputc('\n', r.out);
        status |= answer(&r, &q, 0);
    }
    return status;
}

int cli_score_lines(FILE *in, FILE *out)
{
    run r = {1, {0}, out};
    question base;

    memset(&base, 0, sizeof base);
    mjt_win_init(&base.w);
    mjt_rules_init(&r.rules, 4);
    return batch(&r, &base, in);
}
