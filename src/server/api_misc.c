/*
 * api_misc.c: the HTTP endpoints that are not about one game: the scenarios with
 * their briefings, the computer's levels, the static board of a map, the games of a set of seat tokens
 * ("my games"), and the browser client's static files. Static files are listed
 * once at start (regular files under --web, a few levels deep); a request path is
 * only compared with that list, so no client text ever becomes a file path
 * (R-SRV-06).
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lnlt/bot.h"
#include "lnlt/sandbox.h"
#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "server/api.h"
#include "server/http.h"

int api_scenarios(srv_http *c, srv_server *srv)
{
    json_t *arr = json_array();
    for (int i = 0; i < srv->nscenarios; i++)
        json_array_append(arr, srv->scenarios[i].briefing);
    http_json(c, 200, arr);
    return 1;
}

int api_bots(srv_http *c)
{
    json_t *levels = json_array();
    for (const char *const *l = lnlt_bot_levels(); *l; l++)
        json_array_append_new(levels, json_string(*l));
    json_t *o = json_object();
    json_object_set_new(o, "default", json_copy(json_array_get(levels, 0)));
    json_object_set_new(o, "levels", levels);
    http_json(c, 200, o);
    return 1;
}

int api_map(srv_http *c, srv_server *srv, const char *id)
{
    for (int i = 0; i < srv->nscenarios; i++) {
        const lnlt_scenario *s = srv->scenarios[i].ctx.scenario;
        if (s && s->map_count > 0 && !strcmp(s->map_id[0], id)) {
            json_t *m = lnlt_map_json(&srv->scenarios[i].ctx);
            if (json_is_object(m))
                json_object_set_new(m, "id", json_string(id));
            http_json(c, 200, m);
            return 1;
        }
    }
    http_error(c, 404, "no map \"%.64s\" in this server's scenarios", id);
    return 1;
}

/* ---- POST /api/games/mine {"tokens": [...]} ---- */

typedef struct mine {
    srv_server *srv;
    json_t *out;
} mine;

static void add_game(void *arg, const char *game_id, int side)
{
    mine *m = arg;
    srv_game_row row;
    lnlt_error err;
    if (srv_store_get_game(m->srv->store, game_id, &row, &err) != SRV_STORE_OK)
        return;
    const srv_scenario *sc = srv_scenario_find(m->srv, row.scenario);
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string(row.id));
    json_object_set_new(o, "side", json_integer(side));
    json_object_set_new(o, "scenario", json_string(row.scenario));
    json_object_set_new(o, "title", json_string(sc && sc->ctx.scenario ? sc->ctx.scenario->title : row.scenario));
    json_object_set_new(o, "seq", json_integer(row.seq));
    json_object_set_new(o, "your_turn", json_boolean(row.to_act == side));
    json_object_set_new(o, "over", json_boolean(row.result[0] != 0));
    json_object_set_new(o, "result", json_string(row.result));
    json_object_set_new(o, "winner", json_integer(row.winner));
    json_object_set_new(o, "updated", json_integer(row.updated));
    json_array_append_new(m->out, o);
}

int api_my_games(srv_http *c, srv_server *srv)
{
    json_t *req = http_read_json(c);
    if (!req)
        return 1;
    json_t *tokens = json_object_get(req, "tokens");
    if (!json_is_array(tokens) || json_array_size(tokens) > SRV_MAX_TOKENS) {
        json_decref(req);
        http_error(c, 400, "\"tokens\": expected an array of at most %d seat tokens", SRV_MAX_TOKENS);
        return 1;
    }
    size_t n = json_array_size(tokens);
    char (*hash)[SRV_SHA256_HEX] = calloc(n + 1, sizeof *hash);
    const char **ptr = calloc(n + 1, sizeof *ptr);
    bool ok = hash && ptr;
    for (size_t i = 0; ok && i < n; i++) {
        const char *t = json_string_value(json_array_get(tokens, i));
        if (!t || strlen(t) > 100) {
            ok = false;
            break;
        }
        srv_sha256_hex(t, strlen(t), hash[i]);
        ptr[i] = hash[i];
    }
    json_decref(req);
    if (!ok) {
        free(hash);
        free(ptr);
        http_error(c, 400, "\"tokens\": expected strings");
        return 1;
    }
    mine m = {srv, json_array()};
    lnlt_error err;
    bool found = srv_store_games_for_tokens(srv->store, ptr, (int)n, add_game, &m, &err);
    free(hash);
    free(ptr);
    if (!found) {
        json_decref(m.out);
        http_error(c, 500, "%s", err.msg);
        return 1;
    }
    http_json(c, 200, m.out);
    return 1;
}

/* ---- static files ---- */

typedef struct srv_web {
    char **name; /* "/index.html", "/js/board.js" */
    char **path; /* the file on disk */
    int n, cap;
} srv_web;

static bool safe_name(const char *n)
{
    if (n[0] == '.')
        return false; /* hidden files and directories stay private */
    for (const char *p = n; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
              *p == '-' || *p == '_'))
            return false;
    return true;
}

/* Lists the regular files under dir whose real location lies in root, the web
 * directory: a symbolic link that leads out of it is skipped (issue 17). */
static void scan(srv_web *w, const char *root, const char *dir, const char *prefix, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && w->n < 4096) {
        if (!safe_name(e->d_name))
            continue;
        char path[SRV_PATH_MAX + 256], name[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(name, sizeof name, "%s/%s", prefix, e->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0 || !lnlt_path_within(root, path))
            continue;
        if (S_ISDIR(sb.st_mode)) {
            if (depth < 4)
                scan(w, root, path, name, depth + 1);
            continue;
        }
        if (!S_ISREG(sb.st_mode))
            continue;
        if (w->n == w->cap) {
            int cap = w->cap ? w->cap * 2 : 32;
            char **nn = realloc(w->name, (size_t)cap * sizeof *nn);
            if (nn)
                w->name = nn;
            char **pp = realloc(w->path, (size_t)cap * sizeof *pp);
            if (pp)
                w->path = pp;
            if (!nn || !pp)
                break;
            w->cap = cap;
        }
        w->name[w->n] = strdup(name);
        w->path[w->n] = strdup(path);
        if (w->name[w->n] && w->path[w->n])
            w->n++;
    }
    closedir(d);
}

bool api_static_load(srv_server *srv, lnlt_error *err)
{
    srv_web *w = calloc(1, sizeof *w);
    if (!w)
        return lnlt_error_set(err, "out of memory");
    srv->web = w;
    if (srv->cfg.web_dir[0])
        scan(w, srv->cfg.web_dir, srv->cfg.web_dir, "", 0);
    return true;
}

void api_static_free(srv_server *srv)
{
    srv_web *w = srv->web;
    if (!w)
        return;
    for (int i = 0; i < w->n; i++) {
        free(w->name[i]);
        free(w->path[i]);
    }
    free(w->name);
    free(w->path);
    free(w);
    srv->web = NULL;
}

int api_static(srv_http *c, srv_server *srv, const char *uri)
{
    srv_web *w = srv->web;
    const char *want = strcmp(uri, "/") ? uri : "/index.html";
    for (int i = 0; w && i < w->n; i++)
        if (!strcmp(w->name[i], want) && lnlt_path_within(srv->cfg.web_dir, w->path[i])) {
            /* checked again: a link changed since the start may not lead out */
            http_file(c, w->path[i]);
            return 1;
        }
    http_error(c, 404, "no such file");
    return 1;
}
