/*
 * bench_server.c: load on `lnlt serve` over loopback: many games played at once
 * by client threads (random legal actions for both seats, over the HTTP
 * contract, on kept-alive connections), against each store: SQLite, then PostgreSQL (a server this program
 * starts in a temporary directory, as the tests do). Prints the concurrent games,
 * applied actions per second and the p50/p99 latency of an action request.
 * Figures only, never a failure on a slow machine. Issue 18's target on a 2-core
 * machine with SQLite: >= 200 concurrent games and >= 2,000 applied actions/s.
 *
 * usage: bench_server [--games N] [--clients N] [--seconds S] [--sqlite-only]
 */
#include <civetweb.h>
#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../tests/support/server_harness.h"

typedef struct bgame {
    char id[32];
    char token[3][80];
    unsigned rng;
    bool over;
    int side;       /* the side whose view to ask next */
    json_int_t seq;
    json_t *last;   /* the answer to the last action */
} bgame;

typedef struct client {
    struct mg_connection *conn; /* kept alive between requests, as a browser does */
    int port, ngames, index;
    bgame *games;
    double stop_at;
    long actions;
    double *lat;
    long nlat, caplat;
    long finished;
} client;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One request on the client's kept-alive connection (opened again if the server
 * closed it); the JSON body of the answer and its status. */
static json_t *ka_call(client *c, const char *method, const char *path, const char *body, int *status)
{
    *status = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        char ebuf[256];
        if (!c->conn && !(c->conn = mg_connect_client("127.0.0.1", c->port, 0, ebuf, sizeof ebuf)))
            return NULL;
        /* one write: a request split in two waits on the peer's delayed ACK */
        size_t blen = body ? strlen(body) : 0;
        char *req = malloc(blen + 512);
        int n = snprintf(req, 512, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %zu\r\n\r\n", method, path,
                         blen);
        memcpy(req + n, body ? body : "", blen);
        mg_write(c->conn, req, (size_t)n + blen);
        free(req);
        if (mg_get_response(c->conn, ebuf, sizeof ebuf, 30000) < 0) {
            mg_close_connection(c->conn);
            c->conn = NULL;
            continue;
        }
        const struct mg_response_info *ri = mg_get_response_info(c->conn);
        *status = ri->status_code;
        long long want = ri->content_length;
        size_t cap = want > 0 ? (size_t)want + 1 : 65536, len = 0;
        char *buf = malloc(cap);
        int got;
        while ((want < 0 || (long long)len < want) && len + 1 < cap &&
               (got = mg_read(c->conn, buf + len, cap - 1 - len)) > 0)
            len += (size_t)got;
        buf[len] = 0;
        json_t *o = json_loadb(buf, len, 0, NULL);
        free(buf);
        return o;
    }
    return NULL;
}

static bool new_game(int port, bgame *g, unsigned seed)
{
    int st;
    json_t *r = http_call(port, "POST", "/api/games",
                          "{\"scenario\":\"sk1_assault_on_vierville\",\"seats\":{\"1\":\"human\",\"2\":\"human\"}}",
                          &st);
    if (st != 201 || !r) {
        json_decref(r);
        return false;
    }
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(r, "id")));
    for (int i = 0; i < 2; i++)
        snprintf(g->token[i + 1], sizeof g->token[i + 1], "%s",
                 json_string_value(json_object_get(json_array_get(json_object_get(r, "seats"), (size_t)i), "token")));
    g->rng = seed;
    json_decref(r);
    return true;
}

/* One action in game g: a random legal action of the side that decides, from the
 * last answer when that side decides again, else from its view. */
static void step(client *c, bgame *g)
{
    char path[256];
    int st;
    json_t *v = g->last;
    g->last = NULL;
    if (!v) {
        snprintf(path, sizeof path, "/api/games/%s/view?token=%s", g->id, g->token[g->side ? g->side : 1]);
        v = ka_call(c, "GET", path, NULL, &st);
        if (!v || st != 200) {
            json_decref(v);
            return;
        }
    }
    if (json_is_true(json_object_get(v, "over"))) {
        g->over = true;
        json_decref(v);
        return;
    }
    int side = (int)json_integer_value(json_object_get(json_object_get(v, "decision"), "side"));
    if (!json_is_true(json_object_get(v, "your_turn"))) {
        json_decref(v);
        g->side = side;
        return; /* the next step asks that side's view */
    }
    json_t *legal = json_object_get(v, "legal");
    size_t n = json_array_size(legal);
    g->rng = g->rng * 1103515245u + 12345u;
    const char *a = n ? json_string_value(json_array_get(legal, (g->rng >> 8) % n)) : "pass";
    json_t *b = json_pack("{s:s, s:I, s:s}", "token", g->token[side], "seq", g->seq, "action", a);
    if (json_object_get(v, "seq"))
        json_object_set(b, "seq", json_object_get(v, "seq"));
    snprintf(path, sizeof path, "/api/games/%s/actions", g->id);
    double t0 = now();
    char *text = json_dumps(b, JSON_COMPACT);
    json_decref(b);
    json_t *r = ka_call(c, "POST", path, text, &st);
    free(text);
    double t1 = now();
    json_decref(v);
    if (st == 200) {
        c->actions++;
        if (c->nlat == c->caplat) {
            c->caplat = c->caplat ? c->caplat * 2 : 4096;
            c->lat = realloc(c->lat, (size_t)c->caplat * sizeof *c->lat);
        }
        c->lat[c->nlat++] = t1 - t0;
        g->seq = json_integer_value(json_object_get(r, "seq"));
        g->side = side;
        g->last = r; /* its legal list serves the next step when this side decides again */
        return;
    }
    json_decref(r);
}

static void *run_client(void *arg)
{
    client *c = arg;
    while (now() < c->stop_at)
        for (int i = 0; i < c->ngames && now() < c->stop_at; i++) {
            bgame *g = &c->games[i];
            if (g->over) {
                c->finished++;
                json_decref(g->last);
                if (!new_game(c->port, g, (unsigned)(c->index * 7919 + i + (int)c->finished)))
                    continue;
            }
            step(c, g);
        }
    if (c->conn)
        mg_close_connection(c->conn);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bench(const char *label, const char *db, int games, int clients, double seconds)
{
    test_server s;
    const char *extra[] = {"--threads", "48", NULL};
    server_start(&s, db, extra);
    client *c = calloc((size_t)clients, sizeof *c);
    bgame *all = calloc((size_t)games, sizeof *all);
    int made = 0;
    for (int i = 0; i < games; i++)
        made += new_game(s.port, &all[i], (unsigned)i + 1);
    double start = now();
    for (int i = 0; i < clients; i++) {
        c[i].port = s.port;
        c[i].index = i;
        c[i].games = all + (games * i) / clients;
        c[i].ngames = (games * (i + 1)) / clients - (games * i) / clients;
        c[i].stop_at = start + seconds;
    }
    pthread_t *t = calloc((size_t)clients, sizeof *t);
    for (int i = 0; i < clients; i++)
        pthread_create(&t[i], NULL, run_client, &c[i]);
    long actions = 0, nlat = 0, finished = 0;
    for (int i = 0; i < clients; i++) {
        pthread_join(t[i], NULL);
        actions += c[i].actions;
        nlat += c[i].nlat;
        finished += c[i].finished;
    }
    double took = now() - start;
    for (int i = 0; i < games; i++)
        json_decref(all[i].last);
    double *lat = malloc((size_t)(nlat ? nlat : 1) * sizeof *lat);
    long k = 0;
    for (int i = 0; i < clients; i++) {
        memcpy(lat + k, c[i].lat, (size_t)c[i].nlat * sizeof *lat);
        k += c[i].nlat;
        free(c[i].lat);
    }
    qsort(lat, (size_t)nlat, sizeof *lat, cmp_double);
    printf("%-10s %d concurrent games (%d created), %d client threads, %.1f s: %ld applied actions, %.0f actions/s, "
           "p50 %.2f ms, p99 %.2f ms per action request; %ld games finished\n",
           label, games, made, clients, took, actions, (double)actions / took, nlat ? lat[nlat / 2] * 1e3 : 0.0,
           nlat ? lat[(nlat * 99) / 100] * 1e3 : 0.0, finished);
    fflush(stdout);
    free(lat);
    free(t);
    free(all);
    free(c);
    server_kill(&s);
}

int main(int argc, char **argv)
{
    int games = 200, clients = 16;
    double seconds = 10;
    bool sqlite_only = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--clients") && i + 1 < argc)
            clients = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--sqlite-only"))
            sqlite_only = true;
        else {
            fprintf(stderr, "usage: bench_server [--games N] [--clients N] [--seconds S] [--sqlite-only]\n");
            return 2;
        }
    }
    if (games < 1 || clients < 1 || clients > games) {
        fprintf(stderr, "bench_server: need 1 <= clients <= games\n");
        return 2;
    }
    harness_set_program(argv[0]);
    char db[128];
    snprintf(db, sizeof db, "/tmp/lnlt-bench-%ld.db", (long)getpid());
    bench("sqlite", db, games, clients, seconds);
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char path[160];
        snprintf(path, sizeof path, "%s%s", db, suffix[i]);
        unlink(path);
    }
    if (!sqlite_only) {
        test_pg pg;
        if (pg_start(&pg))
            bench("postgresql", pg.uri, games, clients, seconds);
        else
            printf("postgresql: not measured (no PostgreSQL server could be started)\n");
        pg_stop(&pg);
    }
    return 0;
}
