/* SPDX-License-Identifier: MIT */
/* mjq serve: requests to replies (serve.c), and the page's files compiled
 * in (web_assets.c, which scripts/embed.sh makes from query/web). */
#ifndef MJT__QUERY_CLI_SERVE_H
#define MJT__QUERY_CLI_SERVE_H

#include <stddef.h>

#include "mjt.h"

/* A request's arguments, decoded (NULL: not given). */
typedef struct serve_args {
    const char *hand, *visible;
    int players;     /* 3 or 4 */
    int bad_players; /* players= was given but is not 3 or 4 */
} serve_args;

/* A reply: status, content type and body (owned: malloc'd, to free). */
typedef struct serve_reply {
    int status;
    const char *type;
    char *body;
    size_t len;
    int owned;
    const char *allow; /* the methods the path takes, for a 405 */
} serve_reply;

/* The reply to method on path (without its query) with arguments a and a
 * body of body_len bytes.  Never fails: a problem is a reply too (400,
 * 404, 405, 413, 500 with a JSON error object). */
void serve_handle(const mjt_tables *t, const char *method, const char *path,
                  const serve_args *a, const char *body, size_t body_len,
                  serve_reply *r);
void serve_reply_free(serve_reply *r);

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
