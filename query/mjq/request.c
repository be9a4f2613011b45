/* SPDX-License-Identifier: MIT */
/*
 * mjq serve: a request checked as it arrived, before its body is read
 * (serve_check, serve.h), its target decoded into a path and arguments.
 *
 * Requests are taken strictly: a method that is no token, a query with an
 * unknown or repeated parameter, a NUL or a broken %-escape, two
 * Content-Length headers or one beside Transfer-Encoding are refused with
 * 400 before any body is read, and a body declared past the limit with
 * 413, so that no two readers of a request (a proxy in front, this
 * server) can take it differently.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "prob.h"
#include "serve.h"

/* The methods of HTTP: another token is one this server has not (501). */
static int known_method(const char *m)
{
    static const char *const known[] = {"GET",     "HEAD",   "POST",
                                        "PUT",     "DELETE", "CONNECT",
                                        "OPTIONS", "TRACE",  "PATCH"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(m, known[i]))
            return 1;
    return 0;
}

/* Whether s is an HTTP token (RFC 9110's tchar, one or more). */
static int is_token(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!(((*s | 32) >= 'a' && (*s | 32) <= 'z') ||
              (*s >= '0' && *s <= '9') || strchr("!#$%&'*+-.^_`|~", *s)))
            return 0;
    return 1;
}

static int hex(int c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* Decode the n bytes at s (%-escapes; '+' a space when plus) into out,
 * NUL-ended: its length, or -1 for a broken escape, -2 for a NUL. */
static long decode(const char *s, size_t n, int plus, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c == '%') {
            if (i + 2 >= n)
                return -1;
            int h = hex(s[i + 1]), l = hex(s[i + 2]);
            if (h < 0 || l < 0)
                return -1;
            c = h * 16 + l;
            i += 2;
        } else if (c == '+' && plus) {
            c = ' ';
        }
        if (c == 0)
            return -2;
        out[k++] = (char)c;
    }
    out[k] = '\0';
    return (long)k;
}

/* The arguments of the paths, in the order of check_query's names: bit k
 * for names[k].  The analysis takes the hand's and improve; /api/prob
 * the hand's, how the wall model plays and the expected points'. */
#define ARGS_HAND 0x07u
#define ARGS_PROB 0xFBFu
#define ARGS_ANALYSIS (ARGS_HAND | 0x40u)

static unsigned takes_args(const char *path)
{
    if (!strcmp(path, "/api/prob"))
        return ARGS_PROB;
    return !strcmp(path, "/api/analyze") || !strcmp(path, "/") ||
                   !strcmp(path, "/index.html")
               ? ARGS_ANALYSIS
               : 0;
}

/* Refuse with 400 and message (which names what). */
static int refuse(serve_reply *r, int status, const char *message)
{
    serve_error(r, status, message);
    return 1;
}

/* The query (n bytes at q, after the '?') into p's arguments. */
static int check_query(const char *q, size_t n, serve_parsed *p, char *buf,
                       serve_reply *r)
{
    static const char *const names[] = {"hand",   "visible", "players", "draws",
                                        "moves",  "extra",   "improve", "score",
                                        "riichi", "round",   "seat",    "dora"};
    enum { NAMES = sizeof names / sizeof *names };
    const char *given[NAMES] = {NULL};
    unsigned takes = takes_args(p->path);
    char m[200];

    for (size_t at = 0; at < n;) {
        const char *seg = q + at, *amp = memchr(seg, '&', n - at);
        size_t len = amp ? (size_t)(amp - seg) : n - at;
        const char *eq = memchr(seg, '=', len);
        size_t klen = eq ? (size_t)(eq - seg) : len;
        at += len + 1;
        if (len == 0)
            continue; /* "a=1&&b=2", or a final '&' */
        long kn = decode(seg, klen, 1, buf);
        if (kn < 0)
            return refuse(r, 400,
                          kn == -2 ? "a NUL byte in the query"
                                   : "a broken %-escape in the query");
        int k = 0;
        while (k < NAMES && (!(takes >> k & 1) || strcmp(buf, names[k]) != 0))
            k++;
        if (k == NAMES) {
            snprintf(m, sizeof m, "unknown parameter '%.40s'%s", buf,
                     takes == ARGS_PROB ? " (this path takes hand, visible, "
                                          "players, draws, moves, extra, "
                                          "score, riichi, round, seat and "
                                          "dora)"
                     : takes != 0       ? " (this path takes hand, visible, "
                                          "players and improve)"
                                        : " (this path takes none)");
            return refuse(r, 400, m);
        }
        if (given[k] != NULL) {
            snprintf(m, sizeof m, "parameter '%s' given twice", names[k]);
            return refuse(r, 400, m);
        }
        long vn = eq ? decode(eq + 1, len - klen - 1, 1, buf) : 0;
        if (!eq)
            buf[0] = '\0';
        if (vn < 0) {
            snprintf(m, sizeof m, "%s in parameter '%s'",
                     vn == -2 ? "a NUL byte" : "a broken %-escape", names[k]);
            return refuse(r, 400, m);
        }
        given[k] = buf;
        buf += vn + 1;
    }
    p->args.hand = given[0];
    p->args.visible = given[1];
    p->args.players = 4;
    p->args.draws = 0;
    p->args.moves = MJT_FORWARD;
    p->args.extra = 1;
    p->args.improve = p->args.score = 0;
    p->args.riichi = MJT_RIICHI_BEST;
    p->args.round = 0;
    p->args.seat = 1;
    p->args.dora = given[11];
    for (int k = 6; k <= 7; k++) {
        const char *v = given[k];
        int *at = k == 6 ? &p->args.improve : &p->args.score;
        if (v == NULL)
            continue;
        if (!strcmp(v, "1") || !strcmp(v, "true") || v[0] == '\0') {
            *at = 1;
        } else if (strcmp(v, "0") != 0 && strcmp(v, "false") != 0) {
            mjt_diag d = {MJT_EINVAL, 0, -1, ""};
            snprintf(d.message, sizeof d.message, "%s is 1 or 0", names[k]);
            serve_refused(r, &d, names[k]);
            return 1;
        }
    }
    if (given[8] != NULL &&
        (p->args.riichi = prob_riichi_value(given[8])) < 0) {
        mjt_diag d = {MJT_EINVAL, 0, -1, "best, never or always"};
        serve_refused(r, &d, "riichi");
        return 1;
    }
    for (int k = 9; k <= 10; k++) {
        int w;
        if (given[k] == NULL)
            continue;
        if ((w = cli_wind_value(given[k])) < 0) {
            mjt_diag d = {MJT_EINVAL, 0, -1, "a wind, 1z to 4z"};
            serve_refused(r, &d, names[k]);
            return 1;
        }
        *(k == 9 ? &p->args.round : &p->args.seat) = w;
    }
    if (given[2] != NULL && given[2][0] != '\0' &&
        cli_players_value(given[2], &p->args.players) != 0) {
        mjt_diag d = {MJT_EINVAL, 0, -1, "a game has 3 or 4 players"};
        serve_refused(r, &d, "players");
        return 1;
    }
    for (int k = 3; k < 6; k++) {
        const char *v = given[k];
        char *end;
        long x;
        if (v == NULL || v[0] == '\0')
            continue;
        if (k == 4) {
            if ((p->args.moves = prob_moves_value(v)) < 0) {
                mjt_diag d = {MJT_EINVAL, 0, -1, "forward, exchange or back"};
                serve_refused(r, &d, "moves");
                return 1;
            }
            continue;
        }
        x = strtol(v, &end, 10);
        if (*end != '\0' ||
            (k == 3 ? x < 1 || x > MJT_MAX_DRAWS : x < 0 || x > 8)) {
            mjt_diag d = {MJT_EINVAL, 0, -1, ""};
            snprintf(d.message, sizeof d.message, "%s",
                     k == 3 ? "1 to 128 draws (at most the wall)"
                            : "0 to 8 exchanges");
            serve_refused(r, &d, names[k]);
            return 1;
        }
        *(k == 3 ? &p->args.draws : &p->args.extra) = (int)x;
    }
    return 0;
}

/* The body headers: at most one Content-Length, a number within the
 * limit; no Transfer-Encoding beside it, and none but chunked. */
static int check_body(const serve_request *rq, const serve_limits *lim,
                      serve_reply *r)
{
    char m[200];

    if (rq->content_lengths > 1)
        return refuse(r, 400, "two Content-Length headers");
    if (rq->content_lengths && rq->transfer_encodings)
        return refuse(r, 400, "both Content-Length and Transfer-Encoding");
    if (rq->transfer_encodings > 1 ||
        (rq->transfer_encodings &&
         strcasecmp(rq->transfer_encoding, "chunked") != 0)) {
        snprintf(m, sizeof m,
                 "transfer encoding '%.40s' is not implemented "
                 "(chunked is)",
                 rq->transfer_encoding);
        return refuse(r, 501, m);
    }
    if (rq->content_lengths) {
        const char *v = rq->content_length;
        if (*v == '\0' || strspn(v, "0123456789") != strlen(v))
            return refuse(r, 400, "a malformed Content-Length");
        errno = 0;
        unsigned long long n = strtoull(v, NULL, 10);
        if (errno != 0 || n > lim->body) {
            snprintf(m, sizeof m,
                     "a body of %.20s bytes: one request takes at most %zu "
                     "(--max-body)",
                     v, lim->body);
            serve_limit(r, 413, "max-body", m);
            return 1;
        }
    }
    return 0;
}

int serve_check(const serve_request *rq, const serve_limits *lim,
                serve_parsed *p, serve_reply *r)
{
    char m[160];

    memset(p, 0, sizeof *p);
    memset(r, 0, sizeof *r);
    if (!is_token(rq->method))
        return refuse(r, 400, "a malformed request line");
    if (!known_method(rq->method)) {
        snprintf(m, sizeof m, "method %.16s is not implemented", rq->method);
        return refuse(r, 501, m);
    }
    if (check_body(rq, lim, r))
        return 1;
    size_t n = strlen(rq->target);
    const char *qm = memchr(rq->target, '?', n);
    size_t plen = qm ? (size_t)(qm - rq->target) : n;
    if (rq->target[0] != '/')
        return refuse(r, 400, "a request target that is not a path");
    /* the path and every value decode to no more bytes than they had */
    if ((p->buf = malloc(2 * n + 2)) == NULL) {
        serve_error(r, 500, "out of memory");
        return 1;
    }
    long pn = decode(rq->target, plen, 0, p->buf);
    if (pn < 0) {
        serve_parsed_free(p);
        return refuse(r, 400,
                      pn == -2 ? "a NUL byte in the path"
                               : "a broken %-escape in the path");
    }
    p->path = p->buf;
    p->args.players = 4;
    if (qm != NULL &&
        check_query(qm + 1, n - plen - 1, p, p->buf + pn + 1, r) != 0) {
        serve_parsed_free(p);
        return 1;
    }
    return 0;
}

void serve_parsed_free(serve_parsed *p)
{
    free(p->buf);
    p->buf = NULL;
}
