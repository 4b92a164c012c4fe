/*
 * webhook.c: "your turn" notices for seats that are not connected. A seat may
 * register a URL (POST /api/games/ID/webhook); when that seat must decide and has
 * no open WebSocket, one thread of this file POSTs {"type":"your_turn","game",
 * "side","seq","scenario"} to it through civetweb's client API. Only plain http://
 * URLs whose host (and port) the operator listed in --webhook-allow are accepted:
 * the list is empty by default, so a server sends nothing anywhere unless told to
 * (R-SRV-09). This is the server's only outbound traffic.
 */
#include <civetweb.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/server.h"

typedef struct hook_job {
    char url[SRV_URL_MAX];
    char *body;
    struct hook_job *next;
} hook_job;

typedef struct srv_webhooks {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    hook_job *head, *tail;
    pthread_t thread;
    bool running, stop;
} srv_webhooks;

/* "http://host[:port]/path" -> its parts; false for anything else. */
static bool split_url(const char *url, char *host, size_t hostlen, int *port, const char **path)
{
    if (strncmp(url, "http://", 7))
        return false;
    const char *h = url + 7, *end = h + strcspn(h, ":/?#");
    size_t n = (size_t)(end - h);
    if (n == 0 || n >= hostlen)
        return false;
    memcpy(host, h, n);
    host[n] = 0;
    for (size_t i = 0; i < n; i++)
        if (!((host[i] >= 'a' && host[i] <= 'z') || (host[i] >= 'A' && host[i] <= 'Z') ||
              (host[i] >= '0' && host[i] <= '9') || host[i] == '.' || host[i] == '-'))
            return false;
    *port = 80;
    if (*end == ':') {
        char *after;
        long p = strtol(end + 1, &after, 10);
        if (after == end + 1 || p < 1 || p > 65535)
            return false;
        *port = (int)p;
        end = after;
    }
    if (*end != '/' && *end != 0)
        return false;
    *path = *end ? end : "/";
    for (const char *c = *path; *c; c++)
        if ((unsigned char)*c <= ' ' || *c == 0x7f)
            return false; /* nothing that could break the request line */
    return true;
}

bool srv_webhook_allowed(const srv_server *srv, const char *url, lnlt_error *err)
{
    char host[256];
    int port;
    const char *path;
    if (strlen(url) >= SRV_URL_MAX || !split_url(url, host, sizeof host, &port, &path))
        return lnlt_error_set(err, "a webhook must be a plain http://HOST[:PORT]/PATH URL of at most %d bytes",
                              SRV_URL_MAX - 1);
    const char *list = srv->cfg.webhook_allow;
    while (*list) {
        size_t n = strcspn(list, ",");
        char entry[300];
        snprintf(entry, sizeof entry, "%.*s", (int)n, list);
        char *colon = strrchr(entry, ':');
        int want_port = 0;
        if (colon) {
            want_port = atoi(colon + 1);
            *colon = 0;
        }
        if (!strcasecmp(entry, host) && (want_port == 0 || want_port == port))
            return true;
        list += n + (list[n] == ',');
    }
    return lnlt_error_set(err, "webhook host %s:%d is not in this server's --webhook-allow list", host, port);
}

static void post(srv_server *srv, const hook_job *job)
{
    char host[256], ebuf[256];
    int port;
    const char *path;
    if (!split_url(job->url, host, sizeof host, &port, &path))
        return;
    struct mg_connection *c = mg_connect_client(host, port, 0, ebuf, sizeof ebuf);
    if (!c) {
        srv_log(srv, "webhook %s: %s", job->url, ebuf);
        return;
    }
    size_t len = strlen(job->body);
    mg_printf(c,
              "POST %s HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
              "Connection: close\r\nUser-Agent: lnlt-serve\r\n\r\n",
              path, host, port, len);
    mg_write(c, job->body, len);
    if (mg_get_response(c, ebuf, sizeof ebuf, 5000) < 0)
        srv_log(srv, "webhook %s: no answer: %s", job->url, ebuf);
    mg_close_connection(c);
}

static void *sender(void *arg)
{
    srv_server *srv = arg;
    srv_webhooks *w = srv->hooks;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->head && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop)
            break;
        hook_job *job = w->head;
        w->head = job->next;
        if (!w->head)
            w->tail = NULL;
        pthread_mutex_unlock(&w->mu);
        post(srv, job);
        free(job->body);
        free(job);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

bool srv_webhooks_start(srv_server *srv, lnlt_error *err)
{
    srv_webhooks *w = calloc(1, sizeof *w);
    if (!w)
        return lnlt_error_set(err, "out of memory");
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    srv->hooks = w;
    if (pthread_create(&w->thread, NULL, sender, srv) != 0)
        return lnlt_error_set(err, "cannot start the webhook thread");
    w->running = true;
    return true;
}

void srv_webhooks_stop(srv_server *srv)
{
    srv_webhooks *w = srv->hooks;
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    if (w->running)
        pthread_join(w->thread, NULL);
    while (w->head) {
        hook_job *next = w->head->next;
        free(w->head->body);
        free(w->head);
        w->head = next;
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
    srv->hooks = NULL;
}

void srv_webhook_your_turn(srv_server *srv, const srv_game *g, int side)
{
    srv_webhooks *w = srv->hooks;
    lnlt_error err;
    /* Checked again when sending: the allow list may be narrower than when the
     * URL was registered (a restart with other options). */
    if (!w || !srv_webhook_allowed(srv, g->row.seat[side].webhook, &err))
        return;
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("your_turn"));
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "side", json_integer(side));
    json_object_set_new(o, "seq", json_integer(g->row.seq));
    json_object_set_new(o, "scenario", json_string(g->row.scenario));
    hook_job *job = calloc(1, sizeof *job);
    if (job)
        job->body = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    if (!job || !job->body) {
        free(job);
        return;
    }
    snprintf(job->url, sizeof job->url, "%s", g->row.seat[side].webhook);
    pthread_mutex_lock(&w->mu);
    if (w->tail)
        w->tail->next = job;
    else
        w->head = job;
    w->tail = job;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}
