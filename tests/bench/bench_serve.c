/* SPDX-License-Identifier: MIT */
/*
 * make bench: mjq serve from a client's side.  CLIENTS threads each keep
 * one connection alive and send GET /api/analyze?hand=... for 14-tile
 * hands off a shuffled wall, one request at a time, reading each reply
 * whole (its Content-Length) before the next; the time of every request
 * is kept.  Prints requests per second and the median and 99th percentile
 * latency as BENCH lines.
 *
 * Usage: bench_serve PORT [REQUESTS] [CLIENTS]
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

static int port, requests = 40000, clients = 2;

/* A 14-tile hand off a shuffled wall, in the text form, into buf. */
static void deal(unsigned *seed, char *buf)
{
    int wall[136], counts[34] = {0}, n = 0;
    for (int i = 0; i < 136; i++)
        wall[i] = i / 4;
    for (int i = 0; i < 14; i++) {
        int j = i + (int)(rand_r(seed) % (unsigned)(136 - i));
        int x = wall[i];
        wall[i] = wall[j];
        wall[j] = x;
        counts[wall[i]]++;
    }
    for (int s = 0; s < 4; s++) {
        int any = 0;
        for (int r = 0; r < (s < 3 ? 9 : 7); r++)
            for (int c = 0; c < counts[9 * s + r]; c++, any = 1)
                buf[n++] = (char)('1' + r);
        if (any)
            buf[n++] = "mpsz"[s];
    }
    buf[n] = '\0';
}

typedef struct client {
    int id, count;
    double *lat;
    int failed;
} client;

static void *run(void *arg)
{
    client *c = arg;
    unsigned seed = 20261123u + (unsigned)c->id;
    struct sockaddr_in sa = {0};
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

    sa.sin_family = AF_INET;
    sa.sin_port = htons((unsigned short)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        c->failed = 1;
        return NULL;
    }
    char *in = malloc(1 << 16);
    for (int i = 0; i < c->count && in != NULL; i++) {
        char hand[32], req[160];
        deal(&seed, hand);
        int n = snprintf(req, sizeof req,
                         "GET /api/analyze?hand=%s HTTP/1.1\r\nHost: x\r\n\r\n",
                         hand);
        double t0 = bench_now();
        if (write(fd, req, (size_t)n) != n) {
            c->failed = 1;
            break;
        }
        size_t got = 0, want = 0;
        for (;;) {
            ssize_t r = read(fd, in + got, (1 << 16) - 1 - got);
            if (r <= 0) {
                c->failed = 1;
                break;
            }
            got += (size_t)r;
            in[got] = '\0';
            char *end = strstr(in, "\r\n\r\n");
            if (end != NULL && want == 0) {
                char *cl = strstr(in, "Content-Length: ");
                if (cl == NULL || strncmp(in, "HTTP/1.1 200", 12) != 0) {
                    c->failed = 1;
                    break;
                }
                want = (size_t)(end + 4 - in) + strtoul(cl + 16, NULL, 10);
            }
            if (want != 0 && got >= want)
                break;
        }
        if (c->failed)
            break;
        c->lat[i] = bench_now() - t0;
    }
    free(in);
    close(fd);
    return NULL;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_serve PORT [REQUESTS] [CLIENTS]\n");
        return 2;
    }
    port = atoi(argv[1]);
    if (argc > 2)
        requests = atoi(argv[2]);
    if (argc > 3)
        clients = atoi(argv[3]);
    client c[64];
    pthread_t t[64];
    double *lat = calloc((size_t)requests, sizeof *lat);
    int per = requests / clients;
    double t0 = bench_now();
    for (int k = 0; k < clients; k++) {
        c[k] = (client){k, per, lat + k * per, 0};
        pthread_create(&t[k], NULL, run, &c[k]);
    }
    int failed = 0;
    for (int k = 0; k < clients; k++) {
        pthread_join(t[k], NULL);
        failed |= c[k].failed;
    }
    double wall = bench_now() - t0;
    if (failed) {
        fprintf(stderr, "bench_serve: a request failed\n");
        return 1;
    }
    int n = per * clients;
    qsort(lat, (size_t)n, sizeof *lat, cmp);
    printf("BENCH serve.analyze14.rps %.0f requests/s\n", n / wall);
    printf("BENCH serve.analyze14.p50 %.3f ms\n", lat[n / 2] * 1e3);
    printf("BENCH serve.analyze14.p99 %.3f ms\n", lat[n * 99 / 100] * 1e3);
    printf("BENCH serve.requests %d requests, %d clients\n", n, clients);
    free(lat);
    return 0;
}
