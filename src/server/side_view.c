/*
 * side_view.c: PROVISIONAL ADAPTER for what one side may see, used until the
 * engine's own queries (include/lnlt/view.h, built on the `queries` branch) land on
 * main; then this file shrinks to calls of lnlt_view_json, lnlt_event_visible,
 * lnlt_state_for_side, lnlt_preview_json, lnlt_los_json and lnlt_map_json.
 *
 * Until then it builds a minimal view from lnlt_session_state_json and gives no
 * hidden-information guarantee beyond these: the state hash (a function of the
 * dice generator) and the scenario path are removed, the other side's units not
 * yet on the map are left out, the bot's state gets a generator re-seeded from a
 * server secret (so a bot cannot read the dice to come), previews only say
 * whether an action is legal and what it is called, and LOS ignores smoke.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/map.h"
#include "lnlt/terrain.h"
#include "server/server.h"

void *srv_view_json(const lnlt_session *s, int side)
{
    json_t *v = lnlt_session_state_json(s);
    json_object_del(v, "hash");
    json_object_del(v, "scenario");
    json_object_del(v, "legal");
    json_object_del(v, "legal_count");
    json_object_del(v, "decision"); /* the server names every kind of decision */
    json_t *units = json_object_get(v, "units");
    for (size_t i = json_array_size(units); i-- > 0;) {
        json_t *u = json_array_get(units, i);
        int owner = (int)json_integer_value(json_object_get(u, "side"));
        if (owner != side && side != 0 && json_is_null(json_object_get(u, "hex")))
            json_array_remove(units, i);
        else if (side == 0 && json_is_null(json_object_get(u, "hex")))
            json_array_remove(units, i);
    }
    return v;
}

bool srv_event_visible(const lnlt_session *s, const lnlt_event *e, int side)
{
    (void)s;
    (void)e;
    (void)side;
    return true;
}

void srv_state_for_side(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed,
                        lnlt_state *out)
{
    (void)ctx;
    (void)side;
    lnlt_state_clone(out, st);
    lnlt_pcg32_seed(&out->rng, resample_seed, 0x7265u);
}

void *srv_preview_json(const lnlt_session *s, const char *action, lnlt_error *err)
{
    lnlt_action a;
    if (!lnlt_action_parse(&s->ctx, &s->state, action, &a, err))
        return NULL;
    char text[256];
    lnlt_action_format(&s->ctx, &a, text, sizeof text);
    json_t *o = json_object();
    json_object_set_new(o, "action", json_string(text));
    json_object_set_new(o, "legal", json_true());
    return o;
}

static bool loc_of(const lnlt_session *s, const char *text, lnlt_loc *out, lnlt_error *err)
{
    int loc;
    if (!lnlt_location_parse(&s->ctx, text, &loc, err))
        return false;
    if (loc < 0)
        return lnlt_error_set(err, "%s is not on the map", text);
    out->hex = lnlt_map_hex_at(s->ctx.map, lnlt_loc_cell(loc));
    out->floor = (uint8_t)lnlt_loc_floor(loc);
    return true;
}

void *srv_los_json(const lnlt_session *s, const char *from, const char *to, lnlt_error *err)
{
    if (!s->ctx.map) {
        lnlt_error_set(err, "this game has no map");
        return NULL;
    }
    lnlt_loc a, b;
    if (!loc_of(s, from, &a, err) || !loc_of(s, to, &b, err))
        return NULL;
    lnlt_los_result r;
    lnlt_los(s->ctx.map, a, b, NULL, &r);
    static const char *const verdicts[] = {"clear", "degraded", "blocked"};
    json_t *o = json_object();
    json_object_set_new(o, "from", json_string(from));
    json_object_set_new(o, "to", json_string(to));
    json_object_set_new(o, "verdict", json_string(r.verdict <= 2 ? verdicts[r.verdict] : "blocked"));
    json_object_set_new(o, "range", json_integer(r.range));
    json_object_set_new(o, "degrading_hexes", json_integer(r.degrade));
    json_object_set_new(o, "limited", json_boolean(r.limited));
    json_t *reasons = json_array();
    for (int i = 0; i < r.nreason && i < LNLT_LOS_REASONS; i++) {
        char buf[200];
        json_t *x = json_object();
        lnlt_los_reason_format(s->ctx.map, &r.reason[i], buf, sizeof buf);
        json_object_set_new(x, "text", json_string(buf));
        json_object_set_new(x, "rule", json_string(r.reason[i].rule ? r.reason[i].rule : ""));
        json_object_set_new(x, "effect", json_string(r.reason[i].effect <= 2 ? verdicts[r.reason[i].effect] : "?"));
        json_array_append_new(reasons, x);
    }
    json_object_set_new(o, "reasons", reasons);
    return o;
}

void *srv_map_json(const lnlt_ctx *ctx)
{
    const lnlt_map *m = ctx->map;
    json_t *o = json_object();
    if (!m)
        return o;
    int cols = 0, rows = 0;
    lnlt_map_extent(m, &cols, &rows);
    json_object_set_new(o, "name", json_string(lnlt_map_name(m)));
    json_object_set_new(o, "columns", json_integer(cols));
    json_object_set_new(o, "rows", json_integer(rows));
    json_t *hexes = json_array();
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        lnlt_hex h = lnlt_map_hex_at(m, c);
        char id[LNLT_HEX_ID_MAX];
        const lnlt_terrain *t = lnlt_map_terrain(m, h);
        json_t *x = json_object();
        json_object_set_new(x, "hex", json_string(lnlt_hex_format(h, id)));
        json_object_set_new(x, "terrain", json_string(t ? t->id : ""));
        json_object_set_new(x, "level", json_integer(lnlt_map_level(m, h)));
        int b = lnlt_map_building_of(m, h);
        if (b >= 0)
            json_object_set_new(x, "building", json_string(lnlt_map_building(m, b)->id));
        json_array_append_new(hexes, x);
    }
    json_object_set_new(o, "hexes", hexes);
    return o;
}
