/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: mjq serve's request handler, any method, path, query
 * arguments and body.  The input is split at newlines: a method, a path,
 * hand=, visible=, players=, and the rest is the body.  Every reply must
 * have a status mjq serve sends, a content type, and a body of its length;
 * a 200 JSON reply to GET /api/analyze must be one line of JSON.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    char method[16], path[256], hand[256], visible[256], players[8];
    serve_args a = {NULL, NULL, 4, 0};
    serve_reply r;

    field(&p, end, method, sizeof method);
    field(&p, end, path, sizeof path);
    a.hand = field(&p, end, hand, sizeof hand);
    a.visible = field(&p, end, visible, sizeof visible);
    field(&p, end, players, sizeof players);
    if (hand[0] == '\0')
        a.hand = NULL;
    if (players[0] != '\0' && cli_players_value(players, &a.players) != 0)
        a.bad_players = 1;
    serve_handle(fuzz_tables(), method, path, &a, (const char *)p,
                 (size_t)(end - p), &r);
    int s = r.status;
    if ((s != 200 && s != 400 && s != 404 && s != 405 && s != 413 &&
         s != 500) ||
        r.type == NULL || (r.len > 0 && r.body == NULL) ||
        (s == 405 && r.allow == NULL))
        abort();
    if (r.len > 0 && memchr(r.body, '\0', r.len) != NULL &&
        strncmp(r.type, "image", 5) != 0)
        abort(); /* text replies hold no NUL */
    if (s == 200 && !strcmp(path, "/api/analyze") && !strcmp(method, "GET") &&
        (r.len < 2 || r.body[0] != '{' || r.body[r.len - 1] != '\n' ||
         memchr(r.body, '\n', r.len - 1) != NULL))
        abort();
    serve_reply_free(&r);
    return 0;
}
