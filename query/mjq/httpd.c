/* SPDX-License-Identifier: MIT */
/*
 * mjq serve's HTTP server: libmicrohttpd around serve.c, with the limits
 * that keep one client from taking the server from the others.
 *
 * Threads.  libmicrohttpd reads and writes on a pool of two threads that
 * never wait for work: a request checked (serve_check, on its headers,
 * before any body is read) and cheap (a hand, the page, /healthz) is
 * answered there; a batch goes to a queue and its connection is suspended
 * until one of the workers (--threads) has answered it.  The workers run
 * at a lower priority (nice 10), so that on a machine whose cores they
 * fill the I/O threads still answer /healthz at once.
 *
 * Limits in time.  A worker's batch stops at --max-time, when the server
 * stops, or when its client has gone (the socket says so when polled every
 * few lines).  A connection must deliver a whole request (line, headers,
 * body) within --request-timeout of its start or of its previous answer:
 * a watchdog thread shuts the socket of one that does not, so that clients
 * sending a byte at a time hold no connection for long.  The watchdog
 * knows each socket from libmicrohttpd's connection notices and holds its
 * lock while it shuts one down; libmicrohttpd tells of a connection's end
 * (under the same lock here) before it closes the socket, so the watchdog
 * never touches a descriptor that has been closed and reused.
 *
 * Stopping.  SIGINT or SIGTERM stops the workers' batches where they are
 * (a 503 to each), stops accepting, and closes the rest: well within a
 * second.
 */
/* syscall(SYS_gettid): a thread's own nice value is Linux's */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "cli.h"
#include "serve.h"

/* Requests waiting for a worker; beyond these a batch gets 503 at once. */
#define QUEUE_MAX 64

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A connection, as the watchdog sees it: the request being received must
 * be in by deadline (ms; 0 while it is being answered). */
typedef struct conn {
    struct conn *prev, *next;
    int fd;
    _Atomic long long deadline;
    int cut; /* shut down already */
} conn;

typedef struct request request;

typedef struct server {
    const mjt_tables *t;
    const serve_limits *lim;
    pthread_mutex_t lock; /* conns, the queue, stopping */
    pthread_cond_t work, tick;
    conn conns; /* the list's head */
    request *head, *tail;
    int queued;
    atomic_int stopping;
    pthread_t workers[64], watchdog;
    int nworkers;
} server;

/* One request, from its line to its answer (libmicrohttpd's *con_cls). */
struct request {
    server *s;
    struct MHD_Connection *c;
    char *target;       /* as sent */
    const char *method; /* libmicrohttpd's, valid while the request is */
    int checked, refused, too_big, done;
    serve_parsed p;
    char *body;
    size_t len, cap;
    serve_reply reply;
    int fd;
    long long work_end; /* ms */
    const char *why;    /* what stopped the work */
    request *next;
};

/* ==== Replies ==== */

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
    /* a request refused before its body was read ends its connection */
    if (r->status == 400 || r->status == 413 || r->status == 501)
        MHD_add_response_header(res, "Connection", "close");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, res);
    MHD_destroy_response(res);
    return ok;
}

/* ==== Connections: the watchdog ==== */

static conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci != NULL ? ci->socket_context : NULL;
}

static void noticed(void *cls, struct MHD_Connection *c, void **ctx,
                    enum MHD_ConnectionNotificationCode code)
{
    server *s = cls;
    conn *k = *ctx;

    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (ci == NULL || (k = calloc(1, sizeof *k)) == NULL)
            return; /* this connection goes unwatched: the idle limit holds */
        k->fd = ci->connect_fd;
        atomic_store(&k->deadline, now_ms() + s->lim->receive_ms);
        pthread_mutex_lock(&s->lock);
        k->next = s->conns.next;
        k->prev = &s->conns;
        s->conns.next->prev = k;
        s->conns.next = k;
        pthread_mutex_unlock(&s->lock);
        *ctx = k;
    } else if (k != NULL) { /* closed: before libmicrohttpd closes fd */
        pthread_mutex_lock(&s->lock);
        k->prev->next = k->next;
        k->next->prev = k->prev;
        pthread_mutex_unlock(&s->lock);
        free(k);
        *ctx = NULL;
    }
}

static void *watch(void *arg)
{
    server *s = arg;

    pthread_mutex_lock(&s->lock);
    while (!atomic_load(&s->stopping)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100000000;
        if (ts.tv_nsec >= 1000000000)
            ts.tv_sec++, ts.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&s->tick, &s->lock, &ts);
        long long now = now_ms();
        for (conn *k = s->conns.next; k != &s->conns; k = k->next) {
            long long d = atomic_load(&k->deadline);
            if (d != 0 && now > d && !k->cut) {
                shutdown(k->fd, SHUT_RDWR);
                k->cut = 1;
            }
        }
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* ==== Workers ==== */

/* Whether the client of fd has closed its end: a read that would not
 * wait finds the end of the stream (or an error), not data. */
static int gone(int fd)
{
    char b;
    ssize_t n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 ||
           (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

static int stop_work(void *user)
{
    request *q = user;

    if (atomic_load(&q->s->stopping))
        q->why = "stopping";
    else if (now_ms() > q->work_end)
        q->why = "time";
    else if (q->fd >= 0 && gone(q->fd))
        q->why = "client";
    return q->why != NULL;
}

static const char *stop_why(void *user)
{
    request *q = user;
    return q->why != NULL ? q->why : "time";
}

static void answer_work(request *q)
{
    server *s = q->s;
    serve_work w = {stop_work, stop_why, q,
                    (const volatile int *)&q->s->stopping};

    q->work_end = now_ms() + s->lim->work_ms;
    if (atomic_load(&s->stopping))
        serve_error(&q->reply, 503, "the server is stopping");
    else
        serve_handle(s->t, s->lim, q->method, q->p.path, &q->p.args, q->body,
                     q->len, &w, &q->reply);
    q->done = 1;
    MHD_resume_connection(q->c);
}

static void *work(void *arg)
{
    server *s = arg;

    /* below the I/O threads: /healthz is answered on a machine we fill */
#if defined(__linux__)
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
#endif
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (s->head == NULL && !atomic_load(&s->stopping))
            pthread_cond_wait(&s->work, &s->lock);
        request *q = s->head;
        if (q == NULL)
            break; /* stopping, and nothing waits */
        s->head = q->next;
        if (s->head == NULL)
            s->tail = NULL;
        s->queued--;
        pthread_mutex_unlock(&s->lock);
        answer_work(q);
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Queue q for a worker and suspend its connection; 0, or -1 when the
 * queue is full or the server stopping (q->reply then says so). */
static int enqueue(server *s, request *q)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(q->c, MHD_CONNECTION_INFO_CONNECTION_FD);
    int rc = 0;

    q->fd = ci != NULL ? ci->connect_fd : -1;
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&s->stopping)) {
        serve_error(&q->reply, 503, "the server is stopping");
        rc = -1;
    } else if (s->queued >= QUEUE_MAX) {
        serve_error(&q->reply, 503,
                    "busy: too many requests wait (try "
                    "again in a moment)");
        rc = -1;
    } else {
        q->next = NULL;
        if (s->tail != NULL)
            s->tail->next = q;
        else
            s->head = q;
        s->tail = q;
        s->queued++;
        MHD_suspend_connection(q->c);
        pthread_cond_signal(&s->work);
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* ==== Requests ==== */

/* libmicrohttpd has the request line: keep its target as sent. */
static void *started(void *cls, const char *uri, struct MHD_Connection *c)
{
    request *q = calloc(1, sizeof *q);
    if (q != NULL) {
        q->s = cls;
        q->c = c;
        q->fd = -1;
        if ((q->target = strdup(uri)) == NULL) {
            free(q);
            q = NULL;
        }
    }
    return q;
}

static enum MHD_Result header(void *cls, enum MHD_ValueKind kind,
                              const char *key, const char *value)
{
    serve_request *rq = cls;
    (void)kind;
    if (!strcasecmp(key, "Content-Length") && rq->content_lengths++ == 0)
        rq->content_length = value ? value : "";
    if (!strcasecmp(key, "Transfer-Encoding") && rq->transfer_encodings++ == 0)
        rq->transfer_encoding = value ? value : "";
    return MHD_YES;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c,
                              const char *url, const char *method,
                              const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    server *s = cls;
    request *q = *con_cls;
    serve_reply r;
    (void)url, (void)version;

    if (q == NULL) /* out of memory when the request began */
        return MHD_NO;
    if (!q->checked) { /* the headers are in, none of the body yet */
        serve_request rq = {method, q->target, 0, NULL, 0, NULL};
        q->checked = 1;
        MHD_get_connection_values(c, MHD_HEADER_KIND, header, &rq);
        if (serve_check(&rq, s->lim, &q->p, &q->reply) != 0) {
            q->refused = 1;
            return send_reply(c, &q->reply);
        }
        return MHD_YES;
    }
    if (q->refused) { /* the rest of a body we answered already */
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size > 0) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (q->too_big || q->len + n > s->lim->body) {
            q->too_big = 1;
            return MHD_YES;
        }
        if (q->len + n > q->cap) {
            size_t cap = q->cap ? q->cap : 4096;
            while (cap < q->len + n)
                cap *= 2;
            char *b = realloc(q->body, cap);
            if (b == NULL)
                return MHD_NO;
            q->body = b;
            q->cap = cap;
        }
        memcpy(q->body + q->len, upload, n);
        q->len += n;
        return MHD_YES;
    }
    if (q->done) /* a worker answered; the connection is back */
        return send_reply(c, &q->reply);
    conn *k = conn_of(c);
    if (k != NULL)
        atomic_store(&k->deadline, 0); /* all in: no limit while answering */
    if (q->too_big) {
        char m[120];
        snprintf(m, sizeof m,
                 "a body over %zu bytes: one request takes at most that "
                 "(--max-body)",
                 s->lim->body);
        serve_error(&r, 413, m);
    } else if (serve_is_work(method, q->p.path)) {
        q->method = method;
        if (enqueue(s, q) == 0)
            return MHD_YES;
        return send_reply(c, &q->reply);
    } else {
        serve_handle(s->t, s->lim, method, q->p.path, &q->p.args, q->body,
                     q->len, NULL, &r);
    }
    enum MHD_Result ok = send_reply(c, &r);
    serve_reply_free(&r);
    return ok;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    server *s = cls;
    request *q = *con_cls;
    conn *k = conn_of(c);
    (void)why;

    if (k != NULL) /* the next request on this connection starts now */
        atomic_store(&k->deadline, now_ms() + s->lim->receive_ms);
    if (q != NULL) {
        serve_reply_free(&q->reply);
        serve_parsed_free(&q->p);
        free(q->target);
        free(q->body);
        free(q);
        *con_cls = NULL;
    }
}

/* ==== The server ==== */

/* Stop the workers: each batch stops where it is, every request still
 * queued gets a 503, and each connection is resumed. */
static void stop_workers(server *s)
{
    pthread_mutex_lock(&s->lock);
    atomic_store(&s->stopping, 1);
    pthread_cond_broadcast(&s->work);
    pthread_cond_broadcast(&s->tick);
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < s->nworkers; i++)
        pthread_join(s->workers[i], NULL);
}

int serve_run(const mjt_tables *t, int fd, int threads, const serve_limits *lim,
              const char *shown)
{
    server s;
    sigset_t stop;
    int sig, rc = 1;

    memset(&s, 0, sizeof s);
    s.t = t;
    s.lim = lim;
    s.conns.next = s.conns.prev = &s.conns;
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.work, NULL);
    pthread_cond_init(&s.tick, NULL);
    /* SIGINT and SIGTERM wait for sigwait below: blocked before any
     * thread starts, every thread inherits the mask. */
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    for (; s.nworkers < threads; s.nworkers++)
        if (pthread_create(&s.workers[s.nworkers], NULL, work, &s) != 0)
            break;
    int watching = pthread_create(&s.watchdog, NULL, watch, &s) == 0;
    struct MHD_Daemon *d = NULL;
    if (s.nworkers > 0 && watching)
        d = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
                MHD_ALLOW_SUSPEND_RESUME,
            0, NULL, NULL, answer, &s, MHD_OPTION_LISTEN_SOCKET, fd,
            MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_CONNECTION_LIMIT,
            lim->connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
            lim->per_address, MHD_OPTION_CONNECTION_TIMEOUT, 10u,
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
            MHD_OPTION_STRICT_FOR_CLIENT, 1, MHD_OPTION_URI_LOG_CALLBACK,
            started, &s, MHD_OPTION_NOTIFY_CONNECTION, noticed, &s,
            MHD_OPTION_NOTIFY_COMPLETED, completed, &s, MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "%s: serve: cannot start the HTTP server on %s\n",
                cli_prog, shown);
        stop_workers(&s);
    } else {
        fprintf(stderr, "%s: serving http://%s/ (%d thread%s; Ctrl-C stops)\n",
                cli_prog, shown, threads, threads == 1 ? "" : "s");
        sigwait(&stop, &sig);
        MHD_quiesce_daemon(d);
        stop_workers(&s);
        MHD_stop_daemon(d);
        fprintf(stderr, "%s: serve: stopped (%s)\n", cli_prog,
                sig == SIGINT ? "SIGINT" : "SIGTERM");
        rc = 0;
    }
    if (watching)
        pthread_join(s.watchdog, NULL);
    pthread_cond_destroy(&s.work);
    pthread_cond_destroy(&s.tick);
    pthread_mutex_destroy(&s.lock);
    return rc;
}
