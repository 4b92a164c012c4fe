/*
 * server.c: starting and stopping `lnlt serve`: the store, the server's secret,
 * the scenarios, civetweb (HTTP and WebSocket; never its TLS, which crashes under
 * Debian 12's OpenSSL 3: TLS belongs to a reverse proxy, docs/server.md), the bot
 * workers, the webhook sender and, with PostgreSQL, the listener that hears other
 * processes' actions. Also the request dispatcher and the server's log.
 */
#include <civetweb.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/sandbox.h"
#include "server/api.h"
#include "server/crypto.h"
#include "server/games_internal.h"
#include "server/http.h"
#include "server/server.h"

#ifndef LNLT_BUILD_ID
#define LNLT_BUILD_ID "dev"
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

/* Snapshots are trusted only from the same engine: state layout and build. */
const char srv_engine_version[] = "lnlt-state-" STR(LNLT_STATE_VERSION) "-" LNLT_BUILD_ID;

void srv_config_defaults(srv_config *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->listen, sizeof c->listen, "127.0.0.1:8080");
    snprintf(c->db, sizeof c->db, "lnlt.db");
    snprintf(c->data_dir, sizeof c->data_dir, "data");
    c->threads = 64;
    c->bot_workers = 2;
    c->bot_budget_ms = 2000;
    c->snapshot_every = 50;
    c->max_games_cached = 2000;
}

void srv_log(const srv_server *srv, const char *fmt, ...)
{
    if (srv && srv->cfg.quiet)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "lnlt serve: %s\n", line);
}

void srv_dispatch(srv_server *srv, srv_http *c)
{
    const char *uri = c->uri ? c->uri : "/";
    const char *method = c->method ? c->method : "";
    atomic_fetch_add(&srv->requests, 1);
    if (c->query && strlen(c->query) > SRV_MAX_QUERY)
        return http_error(c, 414, "the query string is longer than %d bytes", SRV_MAX_QUERY);
    if (!strncmp(uri, "/api/", 5)) {
        if (!strcmp(uri, "/api/scenarios"))
            strcmp(method, "GET") ? http_error(c, 405, "use GET") : (void)api_scenarios(c, srv);
        else if (!strcmp(uri, "/api/bots"))
            strcmp(method, "GET") ? http_error(c, 405, "use GET") : (void)api_bots(c);
        else if (!strncmp(uri, "/api/maps/", 10))
            strcmp(method, "GET") ? http_error(c, 405, "use GET") : (void)api_map(c, srv, uri + 10);
        else if (!strcmp(uri, "/api/games/mine"))
            strcmp(method, "POST") ? http_error(c, 405, "use POST") : (void)api_my_games(c, srv);
        else if (!strncmp(uri, "/api/games", 10))
            api_game(c, srv, uri, method);
        else
            http_error(c, 404, "no such resource");
        return;
    }
    if (strcmp(method, "GET") && strcmp(method, "HEAD"))
        return http_error(c, 405, "use GET");
    api_static(c, srv, uri);
}

static int dispatch(struct mg_connection *conn, void *data)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    srv_http h = {.mg = conn, .method = ri->request_method, .uri = ri->local_uri, .query = ri->query_string};
    srv_dispatch(data, &h);
    return 1;
}

static int log_message(const struct mg_connection *c, const char *message)
{
    (void)c;
    srv_log(NULL, "civetweb: %s", message);
    return 1;
}

/* Another process appended to a game: catch up if this process holds it, and
 * pass the change on to the WebSockets connected here. */
static void on_notify(void *arg, const char *payload)
{
    srv_server *srv = arg;
    char id[SRV_ID_LEN + 1];
    long long seq = 0;
    if (sscanf(payload, "%16[0-9a-f]:%lld", id, &seq) != 2)
        return;
    srv_game *g = srv_game_peek(srv, id);
    if (!g)
        return;
    if (seq > g->row.seq) {
        int before = g->s.nsteps + g->base_steps;
        lnlt_error err;
        if (srv_game_catch_up(srv, g, &err)) {
            int now = g->s.nsteps + g->base_steps;
            int from = (before < now ? before : now) - g->base_steps;
            srv_push_game(srv, g, from < 0 ? 0 : from);
        } else {
            srv_log(srv, "game %s: catching up with another process failed: %s", id, err.msg);
        }
    }
    srv_game_release(srv, g);
}

static bool load_server_key(srv_server *srv, lnlt_error *err)
{
    char fresh[65], hex[65];
    if (!srv_random_hex(fresh, 32))
        return lnlt_error_set(err, "the system's random source failed");
    if (!srv_store_meta(srv->store, "server_key", fresh, hex, sizeof hex, err))
        return false;
    if (!srv_hex_decode(hex, srv->server_key, sizeof srv->server_key))
        return lnlt_error_set(err, "the stored server_key is not 64 hexadecimal digits");
    return true;
}

static bool start_civetweb(srv_server *srv, lnlt_error *err)
{
    char threads[16];
    snprintf(threads, sizeof threads, "%d", srv->cfg.threads);
    const char *options[] = {"listening_ports", srv->cfg.listen,
                             "num_threads", threads,
                             "enable_keep_alive", "yes",
                             "request_timeout_ms", "30000",
                             "keep_alive_timeout_ms", "5000",
                             "websocket_timeout_ms", "86400000",
                             "enable_websocket_ping_pong", "yes",
                             /* R-SRV-21: paths are matched as sent, never
                              * percent-decoded: %00, %2e%2e or %2f match no
                              * route and no file (query strings still are) */
                             "decode_url", "no",
                             /* the browser client's modules are fetched afresh, so
                              * a page never mixes an old module with a new one
                              * after an upgrade (they are small and local) */
                             "static_file_max_age", "0",
                             NULL};
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = log_message;
    srv->mg = mg_start(&cb, srv, options);
    if (!srv->mg)
        return lnlt_error_set(err, "cannot listen on %s (civetweb's reason is logged above)", srv->cfg.listen);
    struct mg_server_port ports[4];
    int n = mg_get_server_ports(srv->mg, 4, ports);
    srv->port = n > 0 ? ports[0].port : 0;
    mg_set_request_handler(srv->mg, "/", dispatch, srv);
    srv_push_register(srv);
    return true;
}

srv_server *srv_start(const srv_config *cfg, lnlt_error *err)
{
    srv_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    srv->cfg = *cfg;
    if (!srv_crypto_open(err)) { /* seeds, tokens and commitments all need SHA-256 */
        lnlt_error_prefix(err, "cannot start the server");
        free(srv);
        return NULL;
    }
    pthread_mutex_init(&srv->games_mu, NULL);
    atomic_init(&srv->stopping, false);
    mg_init_library(MG_FEATURES_WEBSOCKET);
    /* Request threads each borrow a store connection for a moment; sixteen at most
     * serves them all, and PostgreSQL's connection limit stays far. */
    int pool = cfg->threads < 16 ? cfg->threads : 16;
    /* Issue 17, R-SRV-20: once the store is open (its file may lie anywhere,
     * SQLite keeps its journal beside it), every file the engine reads must lie
     * in the data directory; the web directory has its own check (api_misc.c). */
    if ((srv->store = srv_store_open(cfg->db, pool + cfg->bot_workers, cfg->durable, err)) == NULL ||
        !lnlt_sandbox_set(cfg->data_dir, err) || !load_server_key(srv, err) || !srv_scenarios_load(srv, err) || !api_static_load(srv, err) ||
        !srv_push_start(srv, err) || !srv_webhooks_start(srv, err) || !srv_bots_start(srv, err) ||
        !srv_store_listen(srv->store, on_notify, srv, err) || (!cfg->in_memory && !start_civetweb(srv, err))) {
        srv_stop(srv);
        return NULL;
    }
    return srv;
}

void srv_stop(srv_server *srv)
{
    if (!srv)
        return;
    if (srv->mg)
        mg_stop(srv->mg); /* no request runs after this */
    srv->mg = NULL;
    if (srv->bot_threads || srv->nbot_threads)
        srv_bots_stop(srv);
    srv_webhooks_stop(srv);
    srv_store_close(srv->store); /* stops the listener first */
    srv->store = NULL;
    srv_push_stop(srv);
    srv_games_free(srv);
    srv_scenarios_free(srv);
    api_static_free(srv);
    pthread_mutex_destroy(&srv->games_mu);
    mg_exit_library();
    free(srv);
}
