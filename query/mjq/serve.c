/* SPDX-License-Identifier: MIT */
/*
 * mjq serve: the hand analysis over HTTP, and a page for players.
 *
 *   GET  /api/analyze?hand=...&visible=...&players=3   mjq --json's object
 *   POST /api/analyze    JSON lines in, JSON lines out (mjq's batch mode)
 *   GET  /healthz        "ok"
 *   GET  /               the page; with ?hand=... the analysis rendered in
 *                        it, so a shared link shows it without JavaScript
 *   GET  /app.js, /style.css, /favicon.svg   the page's parts
 *
 * The page's files are compiled in (web_assets.c, made from query/web at
 * build time): nothing is read from disk and nothing comes from another
 * host.  libmicrohttpd parses HTTP on a pool of threads that share the one
 * open table; serve_handle turns a request into a reply and knows nothing
 * of sockets, so the fuzz target and the tests call it directly.
 *
 * Limits: request line and headers within a connection's 32 KiB, bodies
 * up to 1 MiB (413 past it), idle connections closed after 10 s, at most
 * --max-connections at once.  Every reply forbids sniffing, framing and
 * scripts from elsewhere.
 */
#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>
#include <pthread.h>

#include "cli.h"
#include "serve.h"

#define BODY_MAX (1u << 20)

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
static void reply_error(serve_reply *r, int status, const char *message)
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

/* The 400 of a text refused: {"error": the message, "code": its name,
 * "field": "hand" or "visible", "offset": the byte in that text or
 * null}, so that the page can say it in a player's words. */
static void reply_refused(serve_reply *r, const mjt_diag *why,
                          const char *field)
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
    reply_error(r, 500, "out of memory");
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
            reply_error(r, 500, "out of memory");
            return;
        }
        rc = cli_analyze_one(t, a->hand, a->visible, a->players, 0, f, &why,
                             &field);
        fclose(f);
        if (rc == 2)
            status = 400;
    }
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        free(text);
        reply_error(r, 500, "out of memory");
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
        reply_error(r, 500, "out of memory");
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
        reply_refused(r, &d, "hand");
        return;
    }
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        reply_error(r, 500, "out of memory");
        return;
    }
    int rc = cli_analyze_one(t, a->hand, a->visible, a->players, 1, f, &why,
                             &field);
    if (fclose(f) != 0 || rc == 1) {
        free(buf);
        reply_error(r, 500, rc == 1 ? "the analysis failed" : "out of memory");
        return;
    }
    if (rc == 2) {
        free(buf);
        reply_refused(r, &why, field);
        return;
    }
    reply_owned(r, 200, "application/json", buf, len);
}

static void api_batch(const mjt_tables *t, const char *body, size_t n,
                      serve_reply *r)
{
    char *buf = NULL;
    size_t len = 0;

    if (n == 0) {
        reply_static(r, 200, "application/x-ndjson", "", 0);
        return;
    }
    FILE *in = fmemopen((void *)body, n, "r");
    FILE *out = open_memstream(&buf, &len);
    if (in == NULL || out == NULL) {
        if (in != NULL)
            fclose(in);
        if (out != NULL)
            fclose(out);
        free(buf);
        reply_error(r, 500, "out of memory");
        return;
    }
    cli_batch(t, in, out, 1);
    fclose(in);
    if (fclose(out) != 0) {
        free(buf);
        reply_error(r, 500, "out of memory");
        return;
    }
    reply_owned(r, 200, "application/x-ndjson", buf, len);
}

void serve_handle(const mjt_tables *t, const char *method, const char *path,
                  const serve_args *a, const char *body, size_t body_len,
                  serve_reply *r)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    const web_asset *asset;

    memset(r, 0, sizeof *r);
    if (a->bad_players && get &&
        (!strcmp(path, "/api/analyze") || !strcmp(path, "/"))) {
        mjt_diag d = {MJT_EINVAL, 0, -1, "a game has 3 or 4 players"};
        reply_refused(r, &d, "players");
        return;
    }
    if (!strcmp(path, "/api/analyze")) {
        r->allow = "GET, HEAD, POST";
        if (get) {
            api_analyze(t, a, r);
            return;
        }
        if (post) {
            api_batch(t, body, body_len, r);
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
        reply_error(r, 404, m);
        return;
    }
    char m[120];
    snprintf(m, sizeof m, "method %.16s not allowed here (allowed: %s)", method,
             r->allow);
    reply_error(r, 405, m);
}

/* ==== libmicrohttpd ==== */

typedef struct request {
    char *body;
    size_t len;
    int too_big;
} request;

static const char csp[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'";

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r)
{
    struct MHD_Response *res;

    if (r->owned) {
        res = MHD_create_response_from_buffer(r->len, r->body,
                                              MHD_RESPMEM_MUST_FREE);
        r->owned = 0; /* libmicrohttpd frees it */
    } else {
        res = MHD_create_response_from_buffer(r->len, r->body,
                                              MHD_RESPMEM_PERSISTENT);
    }
    if (res == NULL)
        return MHD_NO;
    MHD_add_response_header(res, "Content-Type", r->type);
    MHD_add_response_header(res, "Content-Security-Policy", csp);
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "X-Frame-Options", "DENY");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(res, "Cache-Control",
                            r->status == 200 && r->type[0] != 'a' &&
                                    r->type[0] != 't'
                                ? "max-age=3600"
                                : "no-store");
    if (r->status == 405 && r->allow != NULL)
        MHD_add_response_header(res, "Allow", r->allow);
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, res);
    MHD_destroy_response(res);
    return ok;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c,
                              const char *url, const char *method,
                              const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    const mjt_tables *t = cls;
    request *q = *con_cls;
    (void)version;

    if (q == NULL) { /* the headers are in: the body, if any, comes next */
        if ((q = calloc(1, sizeof *q)) == NULL)
            return MHD_NO;
        *con_cls = q;
        return MHD_YES;
    }
    if (*upload_size > 0) {
        if (!q->too_big && q->len + *upload_size <= BODY_MAX) {
            char *b = realloc(q->body, q->len + *upload_size);
            if (b == NULL)
                return MHD_NO;
            memcpy(b + q->len, upload, *upload_size);
            q->body = b;
            q->len += *upload_size;
        } else {
            q->too_big = 1;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    serve_reply r;
    if (q->too_big) {
        reply_error(&r, 413, "body larger than 1 MiB");
    } else {
        serve_args a = {
            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "hand"),
            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "visible"), 4,
            0};
        const char *p =
            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "players");
        if (p != NULL && p[0] != '\0' && cli_players_value(p, &a.players) != 0)
            a.bad_players = 1;
        serve_handle(t, method, url, &a, q->body, q->len, &r);
    }
    enum MHD_Result ok = send_reply(c, &r);
    serve_reply_free(&r);
    return ok;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    request *q = *con_cls;
    (void)cls, (void)c, (void)why;
    if (q != NULL) {
        free(q->body);
        free(q);
        *con_cls = NULL;
    }
}

/* ==== The command ==== */

static const cli_opt serve_opts[] = {{"listen", 0, 1},
                                     {"tables", 0, 1},
                                     {"threads", 0, 1},
                                     {"max-connections", 0, 1},
                                     {NULL, 0, 0}};

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

int cli_serve(int argc, char **argv, cli_globals *g)
{
    const char *listen_text = "127.0.0.1:8080", *tables = g->tables, *a;
    long threads = 2, maxconn = 256;
    cli_parser p;
    int k;

    if (cli_refuse_globals(g, "serve", CLI_G_JSON | CLI_G_VISIBLE | CLI_G_PLAYERS,
                           "(requests say)"))
        return 2;
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
        else if (k == 2 && number(a, 1, 64, &threads) != 0)
            return cli_usage_error("serve: --threads %s: want 1 to 64", a);
        else if (k == 3 && number(a, 1, 100000, &maxconn) != 0)
            return cli_usage_error("serve: --max-connections %s: want 1 to "
                                   "100000",
                                   a);
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
    /* SIGINT and SIGTERM wait for sigwait below: blocked before the pool's
     * threads start, they inherit the mask. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, 0, NULL, NULL, answer,
        t, MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_THREAD_POOL_SIZE,
        (unsigned)threads, MHD_OPTION_CONNECTION_LIMIT, (unsigned)maxconn,
        MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)32768, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "%s: serve: cannot start the HTTP server on %s\n",
                cli_prog, shown);
        close(fd);
        mjt_tables_close(t);
        return 1;
    }
    fprintf(stderr, "%s: serving http://%s/ (%ld thread%s; Ctrl-C stops)\n",
            cli_prog, shown, threads, threads == 1 ? "" : "s");
    int sig;
    sigwait(&stop, &sig);
    MHD_stop_daemon(d);
    close(fd);
    mjt_tables_close(t);
    fprintf(stderr, "%s: serve: stopped (%s)\n", cli_prog,
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    return 0;
}
