/* SPDX-License-Identifier: MIT */
/*
 * mjq serve: requests checked (request.c) and turned into replies
 * (serve.c), the HTTP server around them (httpd.c), and the page's files
 * compiled in (web_assets.c, which scripts/embed.sh makes from query/web).
 *
 * Neither request.c nor serve.c knows of sockets: a request is checked as
 * it arrived (serve_check), then turned into a reply (serve_handle), so
 * that the fuzz target and the tests call both directly.  httpd.c owns the
 * connections, the limits in time and the threads.
 */
#ifndef MJT__QUERY_CLI_SERVE_H
#define MJT__QUERY_CLI_SERVE_H

#include <stddef.h>

#include "mjt.h"

/* What one request may ask of the server; mjq serve's options set them. */
typedef struct serve_limits {
    size_t body;          /* bytes of a request body (--max-body) */
    long lines;           /* lines of a POST (--max-lines) */
    size_t answer;        /* bytes of an answer (--max-answer) */
    long work_ms;         /* time for one request's work (--max-time) */
    long receive_ms;      /* time to receive a whole request
                           * (--request-timeout) */
    unsigned connections; /* at once (--max-connections) */
    unsigned per_address; /* at once from one address (--max-per-address) */
    size_t memory;        /* bytes the wall model's search of one request
                           * may take (--max-memory) */
} serve_limits;

/* The defaults, which keep two cores answering /healthz at once while
 * every worker is busy with the largest requests they allow. */
void serve_limits_init(serve_limits *lim);

/* A request as it arrived: the method, the target as sent (path and
 * query, not decoded), and what its headers say of a body. */
typedef struct serve_request {
    const char *method;
    const char *target;
    int content_lengths;        /* Content-Length headers */
    const char *content_length; /* the first one's value */
    int transfer_encodings;     /* Transfer-Encoding headers */
    const char *transfer_encoding;
} serve_request;

/* A request's arguments, decoded (NULL: not given); /api/prob's draws,
 * moves and extra as mjq prob takes them (0, MJT_FORWARD, 1 by default);
 * the analysis's improve as mjq's --improve (0 by default). */
typedef struct serve_args {
    const char *hand, *visible;
    int players; /* 3 or 4 */
    int draws, moves, extra;
    int improve;
    /* /api/prob's expected points: score=1, and the situation */
    int score, riichi, round, seat;
    const char *dora;
} serve_args;

/* A request checked: its path and arguments, decoded into buf (malloc'd,
 * serve_parsed_free frees it). */
typedef struct serve_parsed {
    const char *path;
    serve_args args;
    char *buf;
} serve_parsed;

/* A reply: status, content type and body (owned: malloc'd, to free). */
typedef struct serve_reply {
    int status;
    const char *type;
    char *body;
    size_t len;
    int owned;
    const char *allow; /* the methods the path takes, for a 405 */
} serve_reply;

/*
 * Check rq before its body is read: 0 and *p filled, or 1 and r the
 * refusal: 400 for a malformed method, target, query or Content-Length,
 * two Content-Length headers or one beside Transfer-Encoding, an
 * unknown or repeated parameter, a NUL or a bad %-escape in the query,
 * players= other than 3 or 4; 501 for a method or transfer encoding this
 * server does not have; 413 for a body declared longer than lim->body.
 */
int serve_check(const serve_request *rq, const serve_limits *lim,
                serve_parsed *p, serve_reply *r);
void serve_parsed_free(serve_parsed *p);

/* Whether the request goes to a worker (it can take long: a batch). */
int serve_is_work(const char *method, const char *path);

/* How long work may go on: stop(user) non-zero ends it (time up, the
 * client gone, the server stopping), why(user) saying which; the library's
 * long calls watch *cancel (set when the server stops, NULL: never). */
typedef struct serve_work {
    int (*stop)(void *user);
    const char *(*why)(void *user);
    void *user;
    const volatile int *cancel;
} serve_work;

/* The reply to method on path with arguments a and a body of body_len
 * bytes, within lim and w (w NULL: no stop).  Never fails: a problem is a
 * reply too (400, 404, 405, 413, 422, 500, 503 with a JSON error
 * object). */
void serve_handle(const mjt_tables *t, const serve_limits *lim,
                  const char *method, const char *path, const serve_args *a,
                  const char *body, size_t body_len, const serve_work *w,
                  serve_reply *r);

/* A JSON error reply {"error": message} of status. */
void serve_error(serve_reply *r, int status, const char *message);
/* The 400 of a text refused: {"error": the message, "code": its name,
 * "field": field ("hand", "visible", an option), "offset": the byte in
 * that text or null}, so that the page can say it in a player's words. */
void serve_refused(serve_reply *r, const mjt_diag *why, const char *field);
/* A refusal of status for a limit: {"error": message, "limit": the
 * option that sets it}. */
void serve_limit(serve_reply *r, int status, const char *limit,
                 const char *message);
void serve_reply_free(serve_reply *r);

/* Serve t on the listening socket fd until SIGINT or SIGTERM, with
 * threads workers (httpd.c); 0, or 1 when the server cannot start. */
int serve_run(const mjt_tables *t, int fd, int threads, const serve_limits *lim,
              const char *shown);

/* A file of the page. */
typedef struct web_asset {
    const char *path; /* "/app.js" */
    const char *type; /* its content type */
    const char *data;
    size_t len;
} web_asset;

/* The page's file at path, or NULL. */
const web_asset *web_asset_find(const char *path);

#endif
