/*
 * scenarios.c: the scenarios a server offers: every *.json of DATA/scenarios/ that
 * opens as a game, loaded once at start (the data are shared read-only by all of
 * its games), with the SHA-256 of the file (recorded in each game) and the
 * briefing fields /api/scenarios lists (with the card in words of the view's
 * "briefing", docs/view.md). A request names a scenario by id, which
 * is only ever compared with this list: no client text becomes a file path.
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/sandbox.h"
#include "lnlt/scenario.h"
#include "lnlt/session.h"
#include "lnlt/view.h"
#include "server/optional_rules.h"
#include "server/server.h"

static int by_id(const void *a, const void *b)
{
    return strcmp(((const srv_scenario *)a)->id, ((const srv_scenario *)b)->id);
}

static bool file_hash(const char *path, char out[SRV_SHA256_HEX])
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (len < cap)
            break;
        char *more = realloc(buf, cap * 2);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    fclose(f);
    if (!buf)
        return false;
    srv_sha256_hex(buf, len, out);
    free(buf);
    return true;
}

/* The /api/scenarios entry: the briefing as the scenario file states it. */
static json_t *briefing(const srv_scenario *sc)
{
    const lnlt_scenario *s = sc->ctx.scenario;
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(sc->id));
    json_object_set_new(o, "title", json_string(s ? s->title : sc->id));
    if (s) {
        json_object_set_new(o, "place", json_string(s->place));
        json_object_set_new(o, "date", json_string(s->date));
        json_object_set_new(o, "summary", json_string(s->summary));
        json_object_set_new(o, "map", json_string(s->map_count ? s->map_id[0] : ""));
    }
    json_object_set_new(o, "turns", json_integer(sc->ctx.turns));
    json_t *sides = json_array();
    for (int side = 1; side <= 2; side++) {
        json_t *x = json_object();
        json_object_set_new(x, "side", json_integer(side));
        json_object_set_new(x, "name", json_string(lnlt_side_name(&sc->ctx, side)));
        if (s && side - 1 < LNLT_SCN_SIDES) {
            json_object_set_new(x, "id", json_string(s->side[side - 1].id));
            json_object_set_new(x, "formation", json_string(s->side[side - 1].formation));
            json_object_set_new(x, "sets_up_first", json_boolean(s->side[side - 1].sets_up_first));
        }
        json_array_append_new(sides, x);
    }
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "initiative", json_integer(sc->ctx.first_initiative));
    json_object_set_new(o, "hash", json_string(sc->hash));
    /* The card in words (forces, victory conditions, special rules, event markers)
     * as a spectator sees it before the first action: public information only
     * (R-VIEW-01, R-VIEW-02), so the start page can show it before a game exists. */
    lnlt_session *s0 = calloc(1, sizeof *s0);
    if (s0) {
        lnlt_session_start(s0, &sc->ctx, sc->id, 0);
        json_t *view = lnlt_view_json(s0, 0);
        json_t *card = json_object_get(view, "briefing");
        if (card)
            json_object_set(o, "briefing", card);
        json_decref(view);
        json_object_set_new(o, "optional_rules", srv_optional_rules_json(&sc->ctx, card, NULL));
        lnlt_session_close(s0);
        free(s0);
    }
    return o;
}

bool srv_scenarios_load(srv_server *srv, lnlt_error *err)
{
    char dir[SRV_PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%s/scenarios", srv->cfg.data_dir);
    DIR *d = opendir(dir);
    if (!d)
        return lnlt_error_set(err, "cannot read the scenario directory %s", dir);
    struct dirent *e;
    int cap = 0;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || n - 5 >= SRV_SCENARIO_ID_MAX || e->d_name[0] == '.')
            continue;
        if (srv->nscenarios == cap) {
            cap = cap ? cap * 2 : 16;
            srv_scenario *more = realloc(srv->scenarios, (size_t)cap * sizeof *more);
            if (!more) {
                closedir(d);
                return lnlt_error_set(err, "out of memory");
            }
            srv->scenarios = more;
        }
        srv_scenario *sc = &srv->scenarios[srv->nscenarios];
        memset(sc, 0, sizeof *sc);
        snprintf(sc->id, sizeof sc->id, "%.*s", (int)(n - 5), e->d_name);
        if (snprintf(sc->path, sizeof sc->path, "%s/%s", dir, e->d_name) >= (int)sizeof sc->path)
            continue;
        lnlt_error why;
        /* The sandbox (the data directory, set by srv_start) before any read: a
         * scenario linked from outside is neither read nor hashed (issue 17). */
        if (!lnlt_sandbox_allows(sc->path, false, "scenario", &why)) {
            srv_log(srv, "scenario %s is not offered: %s", sc->id, why.msg);
            continue;
        }
        if (!file_hash(sc->path, sc->hash)) {
            srv_log(srv, "scenario %s is not offered: cannot read %s", sc->id, sc->path);
            continue;
        }
        if (!lnlt_ctx_open(sc->path, &sc->ctx, &why)) {
            srv_log(srv, "scenario %s is not offered: %s", sc->id, why.msg);
            continue;
        }
        srv->nscenarios++;
    }
    closedir(d);
    if (srv->nscenarios == 0)
        return lnlt_error_set(err, "no playable scenario in %s", dir);
    qsort(srv->scenarios, (size_t)srv->nscenarios, sizeof *srv->scenarios, by_id);
    for (int i = 0; i < srv->nscenarios; i++)
        srv->scenarios[i].briefing = briefing(&srv->scenarios[i]);
    return true;
}

void srv_scenarios_free(srv_server *srv)
{
    for (int i = 0; i < srv->nscenarios; i++) {
        lnlt_ctx_close(&srv->scenarios[i].ctx);
        json_decref(srv->scenarios[i].briefing);
    }
    free(srv->scenarios);
    srv->scenarios = NULL;
    srv->nscenarios = 0;
}

const srv_scenario *srv_scenario_find(const srv_server *srv, const char *id)
{
    for (int i = 0; id && i < srv->nscenarios; i++)
        if (!strcmp(srv->scenarios[i].id, id))
            return &srv->scenarios[i];
    return NULL;
}
