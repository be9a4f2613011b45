/* SPDX-License-Identifier: MIT */
/*
 * mjq serve: the hand analysis over HTTP, and a page for players.
 *
 *   GET  /api/analyze?hand=...&visible=...&players=3   mjq --json's object
 *   POST /api/analyze    JSON lines in, JSON lines out (mjq's batch mode)
 *   POST /api/score      JSON lines in (mjq score's), JSON lines out
 *   GET  /healthz        "ok"
 *   GET  /               the page; with ?hand=... the analysis rendered in
 *                        it, so a shared link shows it without JavaScript
 *   GET  /app.js, /style.css, /favicon.svg   the page's parts
 *
 * The page's files are compiled in (web_assets.c, made from query/web at
 * build time): nothing is read from disk and nothing comes from another
 * host.  This file turns a request that request.c has checked into a
 * reply, and knows nothing of sockets (httpd.c has them); the fuzz target
 * calls serve_check and serve_handle directly.  Every reply forbids
 * sniffing, framing and scripts from elsewhere.
 */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cli.h"
#include "prob.h"
#include "serve.h"

void serve_limits_init(serve_limits *lim)
{
    lim->body = 1u << 20;
    lim->lines = 10000;
    lim->answer = 4u << 20;
    lim->work_ms = 2000;
    lim->receive_ms = 10000;
    lim->connections = 256;
    lim->per_address = 32;
    lim->memory = (size_t)64 << 20;
}

/* ==== Replies ==== */

static void reply_static(serve_reply *r, int status, const char *type,
                         const char *body, size_t len)
{
    r->status = status;
    r->type = type;
    r->body = (char *)body;
    r->len = len;
    r->owned = 0;
}

/* A reply of status and type whose body is buf (len bytes, malloc'd). */
static void reply_owned(serve_reply *r, int status, const char *type, char *buf,
                        size_t len)
{
    r->status = status;
    r->type = type;
    r->body = buf;
    r->len = len;
    r->owned = 1;
}

/* A JSON error object, {"error":"..."}, with status. */
void serve_error(serve_reply *r, int status, const char *message)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    if (f != NULL) {
        fputs("{\"error\":", f);
        cli_json_string(f, message);
        fputs("}\n", f);
        if (fclose(f) == 0) {
            reply_owned(r, status, "application/json", buf, len);
            return;
        }
    }
    free(buf);
    reply_static(r, 500, "application/json", "{\"error\":\"out of memory\"}\n",
                 25);
}

void serve_refused(serve_reply *r, const mjt_diag *why, const char *field)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    if (f != NULL) {
        char message[sizeof why->message + 16];
        snprintf(message, sizeof message, "%s%s%s",
                 strcmp(field, "hand") ? field : "",
                 strcmp(field, "hand") ? ": " : "", why->message);
        fputs("{\"error\":", f);
        cli_json_string(f, message);
        fprintf(f, ",\"code\":\"%s\",\"field\":\"%s\",\"offset\":",
                mjt_errname(why->code) ? mjt_errname(why->code) : "EINVAL",
                field);
        if (why->offset >= 0)
            fprintf(f, "%ld}\n", why->offset);
        else
            fputs("null}\n", f);
        if (fclose(f) == 0) {
            reply_owned(r, 400, "application/json", buf, len);
            return;
        }
    }
    free(buf);
    serve_error(r, 500, "out of memory");
}

void serve_reply_free(serve_reply *r)
{
    if (r->owned)
        free(r->body);
    r->body = NULL;
    r->owned = 0;
}

/* ==== The page ==== */

/* Where the n bytes at hay hold "<!--", or NULL. */
static const char *comment_at(const char *hay, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++)
        if (!memcmp(hay + i, "<!--", 4))
            return hay + i;
    return NULL;
}

/* s as HTML text into f. */
static void html_escape(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '&':
            fputs("&amp;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(s[i], f);
        }
    }
}

/*
 * The page, with the analysis of hand (if any) in it as mjq's text, which
 * the script replaces with tiles: "<!--ANSWER-->" in index.html becomes
 * the answer, and each "<!--HAND-->" and "<!--VISIBLE-->" the values.
 */
static void page(const mjt_tables *t, const serve_args *a, serve_reply *r)
{
    const web_asset *index = web_asset_find("/index.html");
    char *buf = NULL, *text = NULL;
    const char *field = "hand";
    mjt_diag why;
    size_t len = 0, tlen = 0;
    int status = 200, rc = -1;

    if (a->hand != NULL && a->hand[0] != '\0') {
        FILE *f = open_memstream(&text, &tlen);
        if (f == NULL) {
            serve_error(r, 500, "out of memory");
            return;
        }
        rc = cli_analyze_one(t, a->hand, a->visible, a->players, a->improve, 0,
                             f, &why, &field);
        fclose(f);
        if (rc == 2)
            status = 400;
    }
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        free(text);
        serve_error(r, 500, "out of memory");
        return;
    }
    const char *p = index->data, *end = p + index->len;
    while (p < end) {
        const char *mark = comment_at(p, (size_t)(end - p));
        if (mark == NULL) {
            fwrite(p, 1, (size_t)(end - p), f);
            break;
        }
        fwrite(p, 1, (size_t)(mark - p), f);
        p = mark + 4;
        if (!strncmp(p, "ANSWER-->", 9)) {
            p += 9;
            if (rc == 2) {
                fputs("<p id=\"answer-error\" class=\"error\">", f);
                if (!strcmp(field, "visible"))
                    fputs("visible: ", f);
                html_escape(f, why.message, strlen(why.message));
                fputs("</p>", f);
            } else if (rc == 0) {
                fputs("<pre id=\"answer-text\">", f);
                html_escape(f, text, tlen);
                fputs("</pre>", f);
            } else if (rc == 1) {
                fputs("<p class=\"error\">the analysis failed</p>", f);
            }
        } else if (!strncmp(p, "HAND-->", 7)) {
            p += 7;
            if (a->hand != NULL)
                html_escape(f, a->hand, strlen(a->hand));
        } else if (!strncmp(p, "VISIBLE-->", 10)) {
            p += 10;
            if (a->visible != NULL)
                html_escape(f, a->visible, strlen(a->visible));
        } else if (!strncmp(p, "PLAYERS3-->", 11)) {
            p += 11;
            if (a->players == 3)
                fputs(" checked", f);
        } else {
            fputs("<!--", f);
        }
    }
    free(text);
    if (fclose(f) != 0) {
        free(buf);
        serve_error(r, 500, "out of memory");
        return;
    }
    reply_owned(r, status, "text/html; charset=utf-8", buf, len);
}

/* ==== Requests ==== */

/* GET /api/analyze: mjq --json's object, or 400 with why. */
static void api_analyze(const mjt_tables *t, const serve_args *a,
                        serve_reply *r)
{
    const char *field = "hand";
    mjt_diag why;
    char *buf = NULL;
    size_t len = 0;

    if (a->hand == NULL) {
        mjt_diag d = {MJT_EINVAL, 0, -1, "no hand: give ?hand=123m456p..."};
        serve_refused(r, &d, "hand");
        return;
    }
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        serve_error(r, 500, "out of memory");
        return;
    }
    int rc = cli_analyze_one(t, a->hand, a->visible, a->players, a->improve, 1,
                             f, &why, &field);
    if (fclose(f) != 0 || rc == 1) {
        free(buf);
        serve_error(r, 500, rc == 1 ? "the analysis failed" : "out of memory");
        return;
    }
    if (rc == 2) {
        free(buf);
        serve_refused(r, &why, field);
        return;
    }
    reply_owned(r, 200, "application/json", buf, len);
}

void serve_limit(serve_reply *r, int status, const char *limit,
                 const char *message)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    if (f != NULL) {
        fputs("{\"error\":", f);
        cli_json_string(f, message);
        fprintf(f, ",\"limit\":\"%s\"}\n", limit);
        if (fclose(f) == 0) {
            reply_owned(r, status, "application/json", buf, len);
            return;
        }
    }
    free(buf);
    serve_error(r, 500, "out of memory");
}

/* The lines of a body: its newlines, and one more for a last line without
 * one. */
static long lines_of(const char *body, size_t n)
{
    long lines = 0;
    if (n == 0) /* an empty body may come as NULL: memchr wants a buffer */
        return 0;
    for (const char *p = body, *end = body + n;
         (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
        lines++;
    return lines + (n > 0 && body[n - 1] != '\n');
}

/* The streams of a POST of JSON lines: the body to read, an answer to
 * write into *buf.  0 to go on; 1 when r is the answer already (past
 * --max-lines, an empty body, out of memory). */
static int lines_open(const serve_limits *lim, const char *body, size_t n,
                      serve_reply *r, FILE **in, FILE **out, char **buf,
                      size_t *len)
{
    char m[160];
    long lines = lines_of(body, n);

    if (lines > lim->lines) {
        snprintf(m, sizeof m,
                 "%ld lines: one request takes at most %ld (--max-lines)",
                 lines, lim->lines);
        serve_limit(r, 413, "max-lines", m);
        return 1;
    }
    if (n == 0) {
        reply_static(r, 200, "application/x-ndjson", "", 0);
        return 1;
    }
    *buf = NULL;
    *in = fmemopen((void *)body, n, "r");
    *out = open_memstream(buf, len);
    if (*in == NULL || *out == NULL) {
        if (*in != NULL)
            fclose(*in);
        if (*out != NULL)
            fclose(*out);
        free(*buf);
        serve_error(r, 500, "out of memory");
        return 1;
    }
    return 0;
}

static void api_batch(const mjt_tables *t, const serve_limits *lim,
                      const char *body, size_t n, const serve_work *w,
                      serve_reply *r)
{
    char *buf = NULL, m[160];
    size_t len = 0;
    FILE *in, *out;

    if (lines_open(lim, body, n, r, &in, &out, &buf, &len))
        return;
    cli_budget b = {lim->answer, w ? w->stop : NULL, w ? w->user : NULL, 0};
    cli_batch_budget(t, in, out, 1, &b);
    fclose(in);
    if (fclose(out) != 0) {
        free(buf);
        serve_error(r, 500, "out of memory");
        return;
    }
    if (b.stopped == 0) {
        reply_owned(r, 200, "application/x-ndjson", buf, len);
        return;
    }
    free(buf);
    const char *why = w != NULL && w->why != NULL ? w->why(w->user) : "time";
    if (b.stopped == CLI_STOP_ANSWER) {
        snprintf(m, sizeof m,
                 "the answer passed %zu bytes (--max-answer): send fewer "
                 "lines",
                 lim->answer);
        serve_limit(r, 422, "max-answer", m);
    } else if (!strcmp(why, "stopping")) {
        serve_error(r, 503, "the server is stopping");
    } else if (!strcmp(why, "client")) {
        serve_error(r, 503, "the client has gone"); /* sent to no one */
    } else {
        snprintf(m, sizeof m,
                 "the work passed %ld ms (--max-time): send fewer lines",
                 lim->work_ms);
        serve_limit(r, 422, "max-time", m);
    }
}

/* POST /api/score: mjq score --json's answer to each line.  Scoring takes
 * microseconds a line, so --max-lines bounds the work. */
static void api_score(const serve_limits *lim, const char *body, size_t n,
                      serve_reply *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *in, *out;

    if (lines_open(lim, body, n, r, &in, &out, &buf, &len))
        return;
    cli_score_lines(in, out);
    fclose(in);
    if (fclose(out) != 0) {
        free(buf);
        serve_error(r, 500, "out of memory");
        return;
    }
    reply_owned(r, 200, "application/x-ndjson", buf, len);
}

int serve_is_work(const char *method, const char *path)
{
    return (!strcmp(method, "POST") && !strcmp(path, "/api/analyze")) ||
           !strcmp(path, "/api/prob");
}

/* GET /api/prob: mjq prob --json's object, within the limits of one
 * request's work (memory, time, the server stopping). */
static void api_prob(const mjt_tables *t, const serve_limits *lim,
                     const serve_args *a, const serve_work *w, serve_reply *r)
{
    static const char *const fields[] = {"hand", "visible"};
    mjt_prob_opts o;
    mjt_diag why;
    mjt_hand h;
    mjt_tiles seen;
    char *buf = NULL;
    size_t len = 0;
    int rc;

    if (a->hand == NULL) {
        mjt_diag d = {MJT_EINVAL, 0, -1, "no hand: give ?hand=123m456p..."};
        serve_refused(r, &d, "hand");
        return;
    }
    mjt_prob_opts_init(&o);
    o.draws = a->draws;
    o.moves = a->moves;
    o.extra = a->extra;
    o.flags = MJT_PROB_CURVES;
    o.memory = lim->memory;
    o.time_ms = lim->work_ms;
    o.cancel = w != NULL ? w->cancel : NULL;
    memset(&seen, 0, sizeof seen);
    for (int f = 0; f < 2; f++) {
        const char *text = f ? a->visible : a->hand;
        if (text == NULL || text[0] == '\0')
            continue;
        rc = f ? mjt_tiles_parse(&seen, text, strlen(text), &why)
               : mjt_hand_parse(&h, text, strlen(text), NULL, &why);
        if (rc == MJT_OK && f == 0 && a->players == 3)
            rc = mjt_hand_set_players(&h, 3, &why);
        if (rc != MJT_OK) {
            serve_refused(r, &why, fields[f]);
            return;
        }
    }
    prob_result *res = malloc(sizeof *res); /* 30 KB: not on the stack */
    if (res == NULL) {
        serve_error(r, 500, "out of memory");
        return;
    }
    mjt_expect_opts x;
    mjt_expect_opts_init(&x);
    x.riichi = a->riichi;
    x.round = (uint8_t)a->round;
    x.seat = (uint8_t)a->seat;
    memcpy(x.red_seen, seen.red, 3);
    const char *bad = a->dora != NULL
                          ? cli_indicators_value(a->dora, x.dora, &x.dora_len)
                          : NULL;
    if (bad != NULL) {
        mjt_diag d = {MJT_EINVAL, 0, -1, ""};
        snprintf(d.message, sizeof d.message, "%s", bad);
        free(res);
        serve_refused(r, &d, "dora");
        return;
    }
    rc = prob_of(t, &h, seen.len ? seen.counts : NULL, &o, a->score ? &x : NULL,
                 res, &why);
    if (rc != MJT_OK)
        free(res);
    if (rc == MJT_ECANCELED) {
        serve_error(r, 503, "the server is stopping");
        return;
    }
    if (rc == MJT_EBUDGET) {
        char m[240];
        int late = strstr(why.message, "time") != NULL;
        if (late)
            snprintf(m, sizeof m,
                     "%s (--max-time %ld ms): ask for fewer "
                     "draws, or forward play",
                     why.message, lim->work_ms);
        else
            snprintf(m, sizeof m,
                     "%s (--max-memory): ask for fewer draws, "
                     "or forward play",
                     why.message);
        serve_limit(r, 422, late ? "max-time" : "max-memory", m);
        return;
    }
    if (rc != MJT_OK) {
        /* the expected points' own refusals: three players, red fives
         * seen past the rules */
        int own = a->score && (rc == MJT_EPLAYERS || rc == MJT_ERED);
        serve_refused(r, &why,
                      own                                       ? "score"
                      : rc == MJT_ECOPIES || rc == MJT_EPLAYERS ? "visible"
                                                                : "hand");
        return;
    }
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        free(res);
        serve_error(r, 500, "out of memory");
        return;
    }
    prob_json(f, res);
    free(res);
    if (fclose(f) != 0) {
        free(buf);
        serve_error(r, 500, "out of memory");
        return;
    }
    reply_owned(r, 200, "application/json", buf, len);
}

void serve_handle(const mjt_tables *t, const serve_limits *lim,
                  const char *method, const char *path, const serve_args *a,
                  const char *body, size_t body_len, const serve_work *w,
                  serve_reply *r)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    const web_asset *asset;

    memset(r, 0, sizeof *r);
    if (!strcmp(path, "/api/analyze")) {
        r->allow = "GET, HEAD, POST";
        if (get) {
            api_analyze(t, a, r);
            return;
        }
        if (post) {
            api_batch(t, lim, body, body_len, w, r);
            return;
        }
    } else if (!strcmp(path, "/api/prob")) {
        r->allow = "GET, HEAD";
        if (get) {
            api_prob(t, lim, a, w, r);
            return;
        }
    } else if (!strcmp(path, "/api/score")) {
        r->allow = "POST";
        if (post) {
            api_score(lim, body, body_len, r);
            return;
        }
    } else if (!strcmp(path, "/healthz")) {
        r->allow = "GET, HEAD";
        if (get) {
            reply_static(r, 200, "text/plain; charset=utf-8", "ok\n", 3);
            return;
        }
    } else if (!strcmp(path, "/") || !strcmp(path, "/index.html")) {
        r->allow = "GET, HEAD";
        if (get) {
            page(t, a, r);
            return;
        }
    } else if ((asset = web_asset_find(path)) != NULL) {
        r->allow = "GET, HEAD";
        if (get) {
            reply_static(r, 200, asset->type, asset->data, asset->len);
            return;
        }
    } else {
        char m[120];
        snprintf(m, sizeof m, "no such path: %.80s", path);
        serve_error(r, 404, m);
        return;
    }
    char m[120];
    snprintf(m, sizeof m, "method %.16s not allowed here (allowed: %s)", method,
             r->allow);
    serve_error(r, 405, m);
}

/* ==== The command ==== */

static const cli_opt serve_opts[] = {
    {"listen", 0, 1},          {"tables", 0, 1},          {"threads", 0, 1},
    {"max-connections", 0, 1}, {"max-per-address", 0, 1}, {"max-body", 0, 1},
    {"max-lines", 0, 1},       {"max-answer", 0, 1},      {"max-time", 0, 1},
    {"request-timeout", 0, 1}, {"max-memory", 0, 1},      {NULL, 0, 0}};

static int number(const char *a, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(a, &end, 10);
    if (errno != 0 || end == a || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Listen on text ("127.0.0.1:8080", "[::1]:0", "localhost:8080", or a
 * port alone, "8080", on 127.0.0.1): the socket, or -1 with the problem
 * reported (exit 2). */
static int listen_on(const char *text, char *shown, size_t cap)
{
    char host[256], local[64];
    if (text[0] != '\0' && strspn(text, "0123456789") == strlen(text) &&
        strlen(text) < 8) {
        snprintf(local, sizeof local, "127.0.0.1:%s", text);
        text = local;
    }
    const char *colon = strrchr(text, ':');
    struct addrinfo hints = {0}, *res = NULL;

    if (colon == NULL || colon == text || colon[1] == '\0' ||
        (size_t)(colon - text) >= sizeof host) {
        fprintf(stderr,
                "%s: serve: --listen %s: want ADDRESS:PORT (127.0.0.1:8080, "
                "[::1]:8080)\n",
                cli_prog, text);
        return -1;
    }
    size_t n = (size_t)(colon - text);
    memcpy(host, text, n);
    host[n] = '\0';
    if (host[0] == '[' && n > 2 && host[n - 1] == ']') {
        memmove(host, host + 1, n - 2);
        host[n - 2] = '\0';
    }
    long port;
    if (number(colon + 1, 0, 65535, &port) != 0) {
        fprintf(stderr, "%s: serve: --listen %s: the port is 0 to 65535\n",
                cli_prog, text);
        return -1;
    }
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    int rc = getaddrinfo(host, colon + 1, &hints, &res);
    if (rc != 0) {
        fprintf(stderr, "%s: serve: --listen %s: %s\n", cli_prog, text,
                gai_strerror(rc));
        return -1;
    }
    int fd = socket(res->ai_family, SOCK_STREAM, 0), one = 1;
    if (fd < 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, res->ai_addr, res->ai_addrlen) != 0 || listen(fd, 128) != 0) {
        fprintf(stderr, "%s: serve: cannot listen on %s: %s\n", cli_prog, text,
                strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(res);
        return -1;
    }
    struct sockaddr_storage sa;
    socklen_t salen = sizeof sa;
    char h[128] = "?", s[16] = "?";
    if (getsockname(fd, (struct sockaddr *)&sa, &salen) == 0)
        getnameinfo((struct sockaddr *)&sa, salen, h, sizeof h, s, sizeof s,
                    NI_NUMERICHOST | NI_NUMERICSERV);
    snprintf(shown, cap, "%s%s%s:%s", res->ai_family == AF_INET6 ? "[" : "", h,
             res->ai_family == AF_INET6 ? "]" : "", s);
    freeaddrinfo(res);
    return fd;
}

/* Option k's value a into *threads or lim (k from 2 on); 0, or 2 after a
 * message. */
static int limit_option(int k, const char *a, long *threads, serve_limits *lim)
{
    /* name, least, most, and where it goes */
    static const struct {
        const char *name, *unit;
        long lo, hi;
    } o[] = {{"threads", "", 1, 64},
             {"max-connections", "", 1, 100000},
             {"max-per-address", "", 1, 100000},
             {"max-body", " bytes", 1, 1L << 30},
             {"max-lines", "", 1, 100000000},
             {"max-answer", " bytes", 1, 1L << 30},
             {"max-time", " ms", 1, 3600000},
             {"request-timeout", " ms", 100, 3600000},
             {"max-memory", " bytes", 1L << 20, 1L << 34}};
    long v;
    int i = k - 2;
    char m[120];

    if (number(a, o[i].lo, o[i].hi, &v) != 0) {
        snprintf(m, sizeof m, "serve: --%s %%s: want %ld to %ld%s", o[i].name,
                 o[i].lo, o[i].hi, o[i].unit);
        return cli_usage_error(m, a);
    }
    switch (i) {
    case 0:
        *threads = v;
        break;
    case 1:
        lim->connections = (unsigned)v;
        break;
    case 2:
        lim->per_address = (unsigned)v;
        break;
    case 3:
        lim->body = (size_t)v;
        break;
    case 4:
        lim->lines = v;
        break;
    case 5:
        lim->answer = (size_t)v;
        break;
    case 6:
        lim->work_ms = v;
        break;
    case 7:
        lim->receive_ms = v;
        break;
    default:
        lim->memory = (size_t)v;
        break;
    }
    return 0;
}

int cli_serve(int argc, char **argv, cli_globals *g)
{
    const char *listen_text = "127.0.0.1:8080", *tables = g->tables, *a;
    long threads = 2;
    serve_limits lim;
    cli_parser p;
    int k;

    if (cli_refuse_globals(g, "serve",
                           CLI_G_JSON | CLI_G_VISIBLE | CLI_G_PLAYERS,
                           "(requests say)"))
        return 2;
    serve_limits_init(&lim);
    cli_parser_init(&p, argc, argv, "serve");
    while ((k = cli_next(&p, serve_opts, &a)) != CLI_END) {
        if (k == CLI_BAD)
            return 2;
        if (k == CLI_HELP)
            return cli_help("serve");
        if (k == CLI_ARG)
            return cli_usage_error("serve: %s: takes no argument", a);
        if (k == 0)
            listen_text = a;
        else if (k == 1)
            tables = a;
        else if (limit_option(k, a, &threads, &lim) != 0)
            return 2;
    }
    char shown[200];
    int fd = listen_on(listen_text, shown, sizeof shown);
    if (fd < 0)
        return 2;
    mjt_tables *t;
    mjt_diag diag;
    if (mjt_tables_open(&t, tables ? tables : cli_default_tables(), &diag) !=
        MJT_OK) {
        close(fd);
        return cli_tables_error(diag.code, diag.message);
    }
    int rc = serve_run(t, fd, (int)threads, &lim, shown);
    close(fd);
    mjt_tables_close(t);
    return rc;
}
