/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: mjq serve's handling of a request, as the HTTP server
 * drives it: serve_check on the method, the target as sent and what the
 * headers say of a body, then, for a request it lets through,
 * serve_handle.  The input is split at newlines: a method, a target
 * (path and query), a Content-Length value ("-" for none, "2:" prefixed
 * for two of them), a Transfer-Encoding value ("-" for none), and the rest
 * is the body.  Every reply must have a status mjq serve sends, a content
 * type, a body of its length and no NUL in text; a 200 JSON reply to GET
 * /api/analyze must be one line of JSON; a refusal must come before the
 * handler, and whatever passes the check must decode to a path that
 * starts with '/'.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fuzz.h"
#include "serve.h"

/* The next field of data (up to a newline) as a string into buf. */
static const char *field(const uint8_t **p, const uint8_t *end, char *buf,
                         size_t cap)
{
    size_t n = 0;
    while (*p < end && **p != '\n') {
        if (n + 1 < cap)
            buf[n++] = (char)**p;
        (*p)++;
    }
    if (*p < end)
        (*p)++;
    buf[n] = '\0';
    return buf;
}

static void check_reply(const serve_reply *r)
{
    int s = r->status;
    if ((s != 200 && s != 400 && s != 404 && s != 405 && s != 413 && s != 422 &&
         s != 500 && s != 501 && s != 503) ||
        r->type == NULL || (r->len > 0 && r->body == NULL) ||
        (s == 405 && r->allow == NULL))
        abort();
    if (r->len > 0 && memchr(r->body, '\0', r->len) != NULL &&
        strncmp(r->type, "image", 5) != 0)
        abort(); /* text replies hold no NUL */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    char method[16], target[512], cl[32], te[32];
    serve_limits lim;
    serve_parsed parsed;
    serve_reply r;

    serve_limits_init(&lim);
    lim.lines = 200; /* keep each run short */
    field(&p, end, method, sizeof method);
    field(&p, end, target, sizeof target);
    field(&p, end, cl, sizeof cl);
    field(&p, end, te, sizeof te);
    serve_request rq = {method, target, 0, NULL, 0, NULL};
    if (strcmp(cl, "-") != 0) {
        rq.content_lengths = strncmp(cl, "2:", 2) == 0 ? 2 : 1;
        rq.content_length = cl + (rq.content_lengths == 2 ? 2 : 0);
    }
    if (strcmp(te, "-") != 0) {
        rq.transfer_encodings = 1;
        rq.transfer_encoding = te;
    }
    if (serve_check(&rq, &lim, &parsed, &r) != 0) {
        check_reply(&r);
        if (r.status == 200)
            abort(); /* a refusal is no answer */
        serve_reply_free(&r);
        return 0;
    }
    if (parsed.path == NULL || parsed.path[0] != '/')
        abort();
    serve_handle(fuzz_tables(), &lim, method, parsed.path, &parsed.args,
                 (const char *)p, (size_t)(end - p), NULL, &r);
    check_reply(&r);
    if (r.status == 200 && !strcmp(parsed.path, "/api/analyze") &&
        !strcmp(method, "GET") &&
        (r.len < 2 || r.body[0] != '{' || r.body[r.len - 1] != '\n' ||
         memchr(r.body, '\n', r.len - 1) != NULL))
        abort();
    serve_reply_free(&r);
    serve_parsed_free(&parsed);
    return 0;
}
