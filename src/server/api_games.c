/*
 * api_games.c: the HTTP contract for games (issue 18; docs/server.md): create,
 * view, actions, undo, resign, preview, LOS, log, replay and webhook. Every reply
 * is JSON; every error is {"error": "..."} with the status of docs/server.md:
 * 400 malformed, 403 unknown token or not your decision, 404 no such game, 409
 * stale seq or game over, 422 an action the rules refuse (nothing changes).
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/bot.h"
#include "lnlt/view.h"
#include "server/api.h"
#include "server/games_internal.h"
#include "server/http.h"

/* ---- POST /api/games ---- */

static bool parse_seat(json_t *v, srv_seat_request *out, char *why, size_t len)
{
    const char *kind = NULL, *level = NULL;
    if (json_is_string(v)) {
        kind = json_string_value(v);
        const char *colon = strchr(kind, ':');
        if (colon && !strncmp(kind, "bot:", 4)) {
            level = colon + 1;
            kind = "bot";
        }
    } else if (json_is_object(v)) {
        kind = json_string_value(json_object_get(v, "kind"));
        level = json_string_value(json_object_get(v, "level"));
    }
    if (!kind || (strcmp(kind, "human") && strcmp(kind, "bot"))) {
        snprintf(why, len, "expected \"human\", \"bot\", \"bot:LEVEL\" or {\"kind\": \"bot\", \"level\": LEVEL}");
        return false;
    }
    memset(out, 0, sizeof *out);
    out->bot = !strcmp(kind, "bot");
    if (out->bot) {
        if (!level)
            level = lnlt_bot_levels()[0];
        if (!lnlt_bot_level_known(level)) {
            char known[256] = "";
            for (const char *const *l = lnlt_bot_levels(); *l; l++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", known[0] ? ", " : "", *l);
            snprintf(why, len, "unknown computer level \"%.40s\" (this server knows: %s)", level, known);
            return false;
        }
        snprintf(out->level, sizeof out->level, "%s", level);
    }
    return true;
}

static void create_game(srv_http *c, srv_server *srv)
{
    json_t *req = http_read_json(c);
    if (!req)
        return;
    const char *scenario = json_string_value(json_object_get(req, "scenario"));
    json_t *seats = json_object_get(req, "seats");
    if (!scenario) {
        json_decref(req);
        return http_error(c, 400, "\"scenario\": expected a scenario id (a string)");
    }
    if (!json_is_object(seats)) {
        json_decref(req);
        return http_error(c, 400, "\"seats\": expected {\"1\": \"human\"|\"bot\", \"2\": ...}");
    }
    srv_seat_request seat[3];
    memset(seat, 0, sizeof seat);
    const char *key;
    json_t *v;
    json_object_foreach(seats, key, v)
    {
        if (strcmp(key, "1") && strcmp(key, "2")) {
            json_decref(req);
            return http_error(c, 400, "\"seats\": the sides are \"1\" and \"2\"");
        }
    }
    for (int side = 1; side <= 2; side++) {
        char k[2] = {(char)('0' + side), 0}, why[320];
        json_t *s = json_object_get(seats, k);
        if (!s) {
            json_decref(req);
            return http_error(c, 400, "\"seats\".\"%d\": missing", side);
        }
        if (!parse_seat(s, &seat[side], why, sizeof why)) {
            json_decref(req);
            return http_error(c, 400, "\"seats\".\"%d\": %s", side, why);
        }
    }
    char id[SRV_ID_LEN + 1], tokens[3][SRV_TOKEN_HEX + 1];
    lnlt_error err;
    srv_status st = srv_game_create(srv, scenario, seat, json_object_get(req, "optional_rules"), id, tokens, &err);
    json_decref(req);
    if (st != SRV_CREATED)
        return http_error(c, http_status(st), "%s", err.msg);
    json_t *o = json_object(), *arr = json_array();
    json_object_set_new(o, "id", json_string(id));
    for (int side = 1; side <= 2; side++) {
        json_t *s = json_object();
        json_object_set_new(s, "side", json_integer(side));
        if (seat[side].bot) {
            json_object_set_new(s, "kind", json_string("bot"));
            json_object_set_new(s, "level", json_string(seat[side].level));
        } else {
            char url[128];
            snprintf(url, sizeof url, "/?game=%s&token=%s", id, tokens[side]);
            json_object_set_new(s, "kind", json_string("human"));
            json_object_set_new(s, "token", json_string(tokens[side]));
            json_object_set_new(s, "url", json_string(url));
        }
        json_array_append_new(arr, s);
    }
    json_object_set_new(o, "seats", arr);
    http_json(c, 201, o);
}

/* ---- the per-game endpoints ---- */

/* The token of a request: from the JSON body for POSTs, the query for GETs. */
typedef struct game_req {
    srv_server *srv;
    srv_http *c;
    json_t *body;      /* POST only */
    char token[80];
    int64_t seq;
    bool has_seq;
} game_req;

static bool read_seq(game_req *r)
{
    json_t *v = json_object_get(r->body, "seq");
    if (!json_is_integer(v)) {
        http_error(r->c, 400, "\"seq\": expected the seq of the view you act on (an integer)");
        return false;
    }
    r->seq = json_integer_value(v);
    r->has_seq = true;
    return true;
}

/* Looks the game up and resolves the token; replies itself on failure. */
static srv_game *open_game(game_req *r, const char *id, int *side, bool need_seat)
{
    srv_status st;
    lnlt_error err;
    srv_game *g = srv_game_acquire(r->srv, id, &st, &err);
    if (!g) {
        http_error(r->c, http_status(st), "%s", err.msg);
        return NULL;
    }
    *side = srv_game_side_of(g, r->token);
    if (*side < 0 || (need_seat && *side == 0)) {
        srv_game_release(r->srv, g);
        http_error(r->c, 403, *side < 0 ? "unknown seat token for this game" : "a seat token is required");
        return NULL;
    }
    return g;
}

static void reply_change(game_req *r, srv_game *g, int side, srv_status st, const lnlt_error *err, json_t *events)
{
    if (st != SRV_OK) {
        json_decref(events);
        json_t *o = json_object();
        json_object_set_new(o, "error", json_string(err->msg));
        json_object_set_new(o, "seq", json_integer(g->row.seq));
        srv_game_release(r->srv, g);
        return http_json(r->c, http_status(st), o);
    }
    /* The change's outcome, kept small: the full view comes over the WebSocket
     * or from GET view. The legal list is here when this seat decides again. */
    json_t *o = json_object();
    json_object_set_new(o, "seq", json_integer(g->row.seq));
    json_object_set_new(o, "events", events ? events : json_array());
    json_t *status = srv_game_status(g, side);
    json_object_update(o, status);
    json_decref(status);
    srv_game_release(r->srv, g);
    http_json(r->c, 200, o);
}

static void post_action(game_req *r, const char *id)
{
    json_t *a = json_object_get(r->body, "action");
    const char *text = json_string_value(a);
    if (!text)
        return http_error(r->c, 400, "\"action\": expected an action text such as \"pass\"");
    if (strlen(text) > SRV_MAX_ACTION_TEXT)
        return http_error(r->c, 400, "\"action\": longer than %d bytes", SRV_MAX_ACTION_TEXT);
    if (!read_seq(r))
        return;
    int side;
    srv_game *g = open_game(r, id, &side, true);
    if (!g)
        return;
    lnlt_error err;
    void *events = NULL;
    srv_status st = srv_game_apply(r->srv, g, side, r->seq, text, &events, &err);
    reply_change(r, g, side, st, &err, events);
}

static void post_undo_or_resign(game_req *r, const char *id, bool undo)
{
    if (!read_seq(r))
        return;
    int side;
    srv_game *g = open_game(r, id, &side, true);
    if (!g)
        return;
    lnlt_error err;
    srv_status st = undo ? srv_game_undo(r->srv, g, side, r->seq, &err) : srv_game_resign(r->srv, g, side, r->seq, &err);
    reply_change(r, g, side, st, &err, NULL);
}

static void post_undo(game_req *r, const char *id) { post_undo_or_resign(r, id, true); }
static void post_resign(game_req *r, const char *id) { post_undo_or_resign(r, id, false); }

static void post_webhook(game_req *r, const char *id)
{
    const char *url = json_string_value(json_object_get(r->body, "url"));
    if (!url)
        return http_error(r->c, 400, "\"url\": expected an http:// URL, or \"\" to remove the webhook");
    lnlt_error err;
    if (*url && !srv_webhook_allowed(r->srv, url, &err))
        return http_error(r->c, strncmp(url, "http://", 7) ? 400 : 403, "%s", err.msg);
    int side;
    srv_game *g = open_game(r, id, &side, true);
    if (!g)
        return;
    if (!srv_store_set_webhook(r->srv->store, g->id, side, url, &err)) {
        srv_game_release(r->srv, g);
        return http_error(r->c, 500, "%s", err.msg);
    }
    snprintf(g->row.seat[side].webhook, sizeof g->row.seat[side].webhook, "%s", url);
    srv_game_release(r->srv, g);
    json_t *o = json_object();
    json_object_set_new(o, "side", json_integer(side));
    json_object_set_new(o, "url", json_string(url));
    http_json(r->c, 200, o);
}

static bool query_or_400(game_req *r, const char *name, char *out, size_t len, bool required);

/* GET view; with at=N on a finished game, the position after its first N actions
 * (a replay's scrubber: R-SRV-07). */
static void get_view(game_req *r, const char *id)
{
    char at[24];
    if (!query_or_400(r, "at", at, sizeof at, false))
        return;
    char *end = NULL;
    long n = at[0] ? strtol(at, &end, 10) : -1;
    if (at[0] && (*end || n < 0))
        return http_error(r->c, 400, "\"at\": expected an action count (0 or more)");
    int side;
    srv_game *g = open_game(r, id, &side, false);
    if (!g)
        return;
    json_t *v;
    if (n < 0) {
        v = srv_game_view(r->srv, g, side);
    } else {
        lnlt_error err;
        srv_status st = srv_game_view_at(r->srv, g, side, (int)(n > INT32_MAX ? INT32_MAX : n), (void **)&v, &err);
        if (st != SRV_OK) {
            srv_game_release(r->srv, g);
            return http_error(r->c, http_status(st), "%s", err.msg);
        }
    }
    srv_game_release(r->srv, g);
    http_json(r->c, 200, v);
}

static bool query_or_400(game_req *r, const char *name, char *out, size_t len, bool required)
{
    int q = http_query(r->c, name, out, len);
    if (q < 0) {
        http_error(r->c, 400, "query parameter \"%s\" is too long (at most %zu bytes)", name, len - 1);
        return false;
    }
    if (q == 0 && required) {
        http_error(r->c, 400, "query parameter \"%s\" is missing", name);
        return false;
    }
    return true;
}

static void get_preview(game_req *r, const char *id)
{
    char action[SRV_MAX_ACTION_TEXT + 1];
    if (!query_or_400(r, "action", action, sizeof action, true))
        return;
    int side;
    srv_game *g = open_game(r, id, &side, true);
    if (!g)
        return;
    if (srv_game_to_act(g) != side) {
        srv_game_release(r->srv, g);
        return http_error(r->c, 403, "previews are for the side that decides");
    }
    lnlt_error err;
    json_t *p = lnlt_preview_json(&g->s, action, &err);
    srv_game_release(r->srv, g);
    if (!p)
        return http_error(r->c, 422, "%s", err.msg);
    http_json(r->c, 200, p);
}

static void get_los(game_req *r, const char *id)
{
    char from[32], to[32];
    if (!query_or_400(r, "from", from, sizeof from, true) || !query_or_400(r, "to", to, sizeof to, true))
        return;
    int side;
    srv_game *g = open_game(r, id, &side, false);
    if (!g)
        return;
    lnlt_error err;
    json_t *p = lnlt_los_json(&g->s, from, to, &err);
    srv_game_release(r->srv, g);
    if (!p)
        return http_error(r->c, 422, "%s", err.msg);
    http_json(r->c, 200, p);
}

static void get_log(game_req *r, const char *id)
{
    char from[24];
    if (!query_or_400(r, "from", from, sizeof from, false))
        return;
    long long from_seq = from[0] ? atoll(from) : 0;
    int side;
    srv_game *g = open_game(r, id, &side, false);
    if (!g)
        return;
    lnlt_error err;
    if (!srv_game_complete(r->srv, g, &err)) {
        srv_game_release(r->srv, g);
        return http_error(r->c, 500, "%s", err.msg);
    }
    int first = 0;
    while (first < g->s.nsteps && g->step_seq[first] < from_seq)
        first++;
    json_t *o = json_object();
    json_object_set_new(o, "seq", json_integer(g->row.seq));
    json_object_set_new(o, "events", srv_game_events(g, side, first, g->s.nsteps));
    srv_game_release(r->srv, g);
    http_json(r->c, 200, o);
}

static void get_replay(game_req *r, const char *id)
{
    int side;
    srv_game *g = open_game(r, id, &side, false);
    if (!g)
        return;
    lnlt_error err;
    json_t *x = srv_game_export(r->srv, g, side, &err);
    bool over = srv_game_over(g);
    srv_game_release(r->srv, g);
    if (!x)
        return http_error(r->c, over ? 500 : 409, "%s", err.msg);
    http_json(r->c, 200, x);
}

int api_game(srv_http *c, srv_server *srv, const char *uri, const char *method)
{
    char id[SRV_ID_LEN + 2];
    const char *rest;
    bool post = !strcmp(method, "POST"), get = !strcmp(method, "GET");
    if (!strcmp(uri, "/api/games")) {
        if (!post)
            return http_error(c, 405, "use POST to create a game"), 1;
        create_game(c, srv);
        return 1;
    }
    if (!http_game_path(uri, "/api/games/", id, &rest))
        return http_error(c, 404, "no such resource"), 1;
    game_req r = {.srv = srv, .c = c};
    static const struct {
        const char *path;
        bool post;
        void (*fn)(game_req *, const char *);
    } routes[] = {
        {"/view", false, get_view},       {"/preview", false, get_preview}, {"/los", false, get_los},
        {"/log", false, get_log},         {"/replay", false, get_replay},   {"/actions", true, post_action},
        {"/webhook", true, post_webhook}, {"/undo", true, post_undo},       {"/resign", true, post_resign},
    };
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (strcmp(rest, routes[i].path))
            continue;
        if (routes[i].post ? !post : !get)
            return http_error(c, 405, "use %s for %s", routes[i].post ? "POST" : "GET", routes[i].path), 1;
        if (routes[i].post) {
            if (!(r.body = http_read_json(c)))
                return 1;
            const char *tok = json_string_value(json_object_get(r.body, "token"));
            if (!tok || strlen(tok) >= sizeof r.token) {
                json_decref(r.body);
                return http_error(c, 400, "\"token\": expected your seat token (a string)"), 1;
            }
            snprintf(r.token, sizeof r.token, "%s", tok);
        } else if (!query_or_400(&r, "token", r.token, sizeof r.token, false)) {
            return 1;
        }
        routes[i].fn(&r, id);
        json_decref(r.body);
        return 1;
    }
    return http_error(c, 404, "no such resource"), 1;
}
