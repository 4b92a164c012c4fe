/*
 * push.c: the WebSocket side of the server: /ws/games/ID?token=T (no token: a
 * spectator). On connecting a seat gets {"type":"hello", ...} with its view; after
 * every change of the game, {"type":"update","seq":N,"events":[...],"view":{...}}
 * with only what that side may see (the events through lnlt_event_visible, the view
 * through lnlt_view_json). Each open WebSocket holds one civetweb worker thread
 * (docs/server.md sizes --threads from that).
 */
#include <civetweb.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/view.h"
#include "server/api.h"
#include "server/games_internal.h"
#include "server/http.h"
#include "server/server.h"

typedef struct ws_conn {
    struct mg_connection *conn;
    char game[SRV_ID_LEN + 1];
    int side;
    bool ready;
} ws_conn;

typedef struct srv_push {
    pthread_mutex_t mu;
    ws_conn **conns;
    int n, cap;
} srv_push;

bool srv_push_start(srv_server *srv, lnlt_error *err)
{
    srv->push = calloc(1, sizeof *srv->push);
    if (!srv->push)
        return lnlt_error_set(err, "out of memory");
    pthread_mutex_init(&srv->push->mu, NULL);
    return true;
}

void srv_push_stop(srv_server *srv)
{
    if (!srv->push)
        return;
    for (int i = 0; i < srv->push->n; i++)
        free(srv->push->conns[i]);
    free(srv->push->conns);
    pthread_mutex_destroy(&srv->push->mu);
    free(srv->push);
    srv->push = NULL;
}

bool srv_push_connected(srv_server *srv, const char *game_id, int side)
{
    srv_push *p = srv->push;
    if (!p)
        return false;
    bool found = false;
    pthread_mutex_lock(&p->mu);
    for (int i = 0; i < p->n && !found; i++)
        found = p->conns[i]->ready && !strcmp(p->conns[i]->game, game_id) && (side < 0 || p->conns[i]->side == side);
    pthread_mutex_unlock(&p->mu);
    return found;
}

static void send_text(struct mg_connection *conn, const char *text)
{
    mg_lock_connection(conn);
    mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
    mg_unlock_connection(conn);
}

static char *message(srv_server *srv, srv_game *g, int side, const char *type, int from_step)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(type));
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "seq", json_integer(g->row.seq));
    if (from_step >= 0)
        json_object_set_new(o, "events", srv_game_events(g, side, from_step, g->s.nsteps));
    json_object_set_new(o, "view", srv_game_view(srv, g, side));
    char *text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    return text;
}

void srv_push_game(srv_server *srv, srv_game *g, int from_step)
{
    srv_push *p = srv->push;
    if (!p)
        return;
    /* Which sides are listening; their messages are built outside the registry
     * lock (building a view asks who is connected). */
    bool wanted[3] = {false, false, false};
    pthread_mutex_lock(&p->mu);
    for (int i = 0; i < p->n; i++)
        if (p->conns[i]->ready && !strcmp(p->conns[i]->game, g->id))
            wanted[p->conns[i]->side] = true;
    pthread_mutex_unlock(&p->mu);
    char *text[3] = {NULL, NULL, NULL};
    for (int s = 0; s < 3; s++)
        if (wanted[s])
            text[s] = message(srv, g, s, "update", from_step);
    pthread_mutex_lock(&p->mu);
    for (int i = 0; i < p->n; i++) {
        ws_conn *w = p->conns[i];
        if (w->ready && !strcmp(w->game, g->id) && text[w->side])
            send_text(w->conn, text[w->side]);
    }
    pthread_mutex_unlock(&p->mu);
    for (int s = 0; s < 3; s++)
        free(text[s]);
}

/* ---- civetweb callbacks ---- */

static int ws_connect(const struct mg_connection *conn, void *data)
{
    srv_server *srv = data;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    char id[SRV_ID_LEN + 2], token[128];
    const char *rest;
    if (!http_game_path(ri->local_uri, "/ws/games/", id, &rest) || *rest)
        return 1;
    if (http_query_in(ri->query_string, "token", token, sizeof token) < 0)
        return 1;
    srv_status st;
    lnlt_error err;
    srv_game *g = srv_game_acquire(srv, id, &st, &err);
    if (!g)
        return 1;
    int side = srv_game_side_of(g, token);
    srv_game_release(srv, g);
    if (side < 0)
        return 1; /* an unknown token is refused, as over HTTP */
    ws_conn *w = calloc(1, sizeof *w);
    if (!w)
        return 1;
    w->conn = (struct mg_connection *)conn;
    snprintf(w->game, sizeof w->game, "%.16s", id);
    w->side = side;
    srv_push *p = srv->push;
    pthread_mutex_lock(&p->mu);
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 32;
        ws_conn **more = realloc(p->conns, (size_t)cap * sizeof *more);
        if (!more) {
            pthread_mutex_unlock(&p->mu);
            free(w);
            return 1;
        }
        p->conns = more;
        p->cap = cap;
    }
    p->conns[p->n++] = w;
    pthread_mutex_unlock(&p->mu);
    mg_set_user_connection_data(conn, w);
    return 0;
}

static void ws_ready(struct mg_connection *conn, void *data)
{
    srv_server *srv = data;
    ws_conn *w = mg_get_user_connection_data(conn);
    if (!w)
        return;
    srv_status st;
    lnlt_error err;
    srv_game *g = srv_game_acquire(srv, w->game, &st, &err);
    if (!g)
        return;
    /* Marked ready under the game's lock: no update can slip between the hello
     * and the first push. */
    char *text = message(srv, g, w->side, "hello", -1);
    pthread_mutex_lock(&srv->push->mu);
    w->ready = true;
    if (text)
        send_text(conn, text);
    pthread_mutex_unlock(&srv->push->mu);
    srv_game_release(srv, g);
    free(text);
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
    (void)data;
    (void)len;
    (void)cbdata;
    if ((bits & 0x0f) == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if ((bits & 0x0f) == MG_WEBSOCKET_OPCODE_PING) {
        mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_PONG, data, len);
        return 1;
    }
    return 1; /* the server reads nothing else from clients: actions go over HTTP */
}

static void ws_close(const struct mg_connection *conn, void *data)
{
    srv_server *srv = data;
    ws_conn *w = mg_get_user_connection_data(conn);
    if (!w)
        return;
    srv_push *p = srv->push;
    pthread_mutex_lock(&p->mu);
    for (int i = 0; i < p->n; i++)
        if (p->conns[i] == w) {
            p->conns[i] = p->conns[--p->n];
            break;
        }
    pthread_mutex_unlock(&p->mu);
    free(w);
}

void srv_push_register(srv_server *srv)
{
    mg_set_websocket_handler(srv->mg, "/ws/games/", ws_connect, ws_ready, ws_data, ws_close, srv);
}
