/*
 * query_los.c: line of sight between two locations as a player asks it
 * (lnlt_los_json; rules 10.2-10.4.1, 10.6, with the Smoke (7.0) and Fire For
 * Effect (18.2) markers and the Wrecks and vehicles (TEC) of the game on top of the map, exactly as fire and
 * spotting see them): the verdict, the range, what it does to fire (10.3
 * degrading hexes, 10.3.2 limited LOS), each reason with its rule, and the hexes
 * the line crosses for drawing the thread.
 */
#include <jansson.h>
#include <string.h>

#include "lnlt/view.h"
#include "rules/internal.h"

static const char *cause_name(int cause)
{
    switch (cause) {
    case LNLT_LC_TERRAIN: return "terrain";
    case LNLT_LC_SHADOW: return "shadow";
    case LNLT_LC_ALONG: return "along_hexside";
    case LNLT_LC_HEXSIDE: return "hexside";
    case LNLT_LC_SMOKE: return "smoke";
    case LNLT_LC_WRECK: return "wreck";
    case LNLT_LC_RUBBLE: return "rubble";
    case LNLT_LC_HILL: return "hill";
    case LNLT_LC_THIRD_DEGRADE: return "third_degrading";
    case LNLT_LC_BUILDING_ALLEY: return "building_alley";
    case LNLT_LC_FLOORS: return "floors";
    default: return "no_location";
    }
}

static const char *verdict_name(int v)
{
    return v == LNLT_LOS_CLEAR ? "clear" : v == LNLT_LOS_DEGRADED ? "degraded" : "blocked";
}

void *lnlt_los_state_json(const lnlt_ctx *ctx, const lnlt_state *st, const char *from, const char *to,
                          lnlt_error *err)
{
    if (!ctx || !st || !ctx->map) {
        lnlt_error_set(err, "no map is loaded");
        return NULL;
    }
    int a, b;
    if (!from || !to || !*from || !*to) {
        lnlt_error_set(err, "los needs two locations, such as H5 and J7:upper");
        return NULL;
    }
    if (!lnlt_location_parse(ctx, from, &a, err) || !lnlt_location_parse(ctx, to, &b, err))
        return NULL;
    if (a < 0 || b < 0) {
        lnlt_error_set(err, "los needs two locations on the map");
        return NULL;
    }
    /* The same obstacles the rules see (rules_los): Smoke and FFE markers. */
    uint8_t cells[LNLT_MAX_CELLS];
    lnlt_los_dynamic dyn = {cells};
    bool have = rules_smoke_layer(ctx, st, cells);
    have = rules_ffe_layer(ctx, st, cells, have);
    have = rules_vehicle_layer(ctx, st, cells, have); /* TEC: Wrecks and vehicles degrade */
    have = rules_rubble_layer(ctx, st, cells, have);  /* 15.1.2: Rubble */
    /* 21.1.1: a bunker sees from its hex's ground level, as rules_los traces it */
    int fa = lnlt_loc_floor(a) == LNLT_FLOOR_BUNKER ? LNLT_FLOOR_GROUND : lnlt_loc_floor(a);
    int fb = lnlt_loc_floor(b) == LNLT_FLOOR_BUNKER ? LNLT_FLOOR_GROUND : lnlt_loc_floor(b);
    lnlt_loc la = {rules_hex(ctx, a), (uint8_t)fa};
    lnlt_loc lb = {rules_hex(ctx, b), (uint8_t)fb};
    lnlt_los_result r;
    lnlt_los(ctx->map, la, lb, have ? &dyn : NULL, &r);
    /* the engine's own verdict (its precomputed table when there is one) */
    lnlt_los_result engine;
    rules_los(ctx, st, a, b, &engine);
    json_t *o = json_object();
    char name[LNLT_HEX_ID_MAX];
    json_object_set_new(o, "from", json_string(lnlt_cell_name(ctx, a, name)));
    json_object_set_new(o, "to", json_string(lnlt_cell_name(ctx, b, name)));
    json_object_set_new(o, "range", json_integer(lnlt_hex_distance(la.hex, lb.hex)));
    json_object_set_new(o, "verdict", json_string(verdict_name(engine.verdict)));
    json_object_set_new(o, "degrading", json_integer(engine.verdict == LNLT_LOS_BLOCKED ? 0 : engine.degrade));
    json_object_set_new(o, "limited", json_boolean(engine.verdict != LNLT_LOS_BLOCKED && engine.limited));
    /* what the line does to direct fire and spotting (10.3, 10.3.2) */
    json_t *effects = json_array();
    if (engine.verdict == LNLT_LOS_BLOCKED) {
        json_array_append_new(effects, json_string("no fire and no spotting along this line (10.3)"));
    } else {
        char line[160];
        if (engine.degrade > 0) {
            snprintf(line, sizeof line, "%d degrading hex%s: DFT -%d, OFT +%d, spotting +%d (10.3)", engine.degrade,
                     engine.degrade == 1 ? "" : "es", engine.degrade, engine.degrade, engine.degrade);
            json_array_append_new(effects, json_string(line));
        }
        if (engine.limited)
            json_array_append_new(effects, json_string("limited LOS between buildings: DFT -2, OFT +2, spotting +2 (10.3.2)"));
    }
    json_object_set_new(o, "effects", effects);
    json_t *reasons = json_array();
    for (int i = 0; i < r.nreason; i++) {
        const lnlt_los_reason *rs = &r.reason[i];
        json_t *ro = json_object();
        char text[256], id[LNLT_HEX_ID_MAX];
        lnlt_hex ha = rs->a, hb = rs->b;
        ha.map = 0;
        hb.map = 0;
        json_object_set_new(ro, "effect", json_string(rs->effect == LNLT_LOS_CLEAR ? "note" : verdict_name(rs->effect)));
        json_object_set_new(ro, "cause", json_string(cause_name(rs->cause)));
        json_object_set_new(ro, "rule", json_string(rs->rule ? rs->rule : ""));
        json_object_set_new(ro, "hex", json_string(lnlt_hex_format(ha, id)));
        if (rs->is_side)
            json_object_set_new(ro, "hex2", json_string(lnlt_hex_format(hb, id)));
        if (rs->terrain != LNLT_NO_FEATURE && rs->terrain < lnlt_map_tec(ctx->map)->count)
            json_object_set_new(ro, "terrain", json_string(lnlt_map_tec(ctx->map)->t[rs->terrain].name));
        json_object_set_new(ro, "text", json_string(lnlt_los_reason_format(ctx->map, rs, text, sizeof text)));
        json_array_append_new(reasons, ro);
    }
    json_object_set_new(o, "reasons", reasons);
    /* the hexes the centre-to-centre line passes through, in order (10.3.2) */
    lnlt_trace tr;
    json_t *path = json_array();
    if (lnlt_hex_trace(la.hex, lb.hex, &tr))
        for (int i = 0; i < tr.count; i++)
            if (tr.step[i].kind == LNLT_TRACE_HEX) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_hex h = tr.step[i].a;
                h.map = 0;
                json_array_append_new(path, json_string(lnlt_hex_format(h, id)));
            }
    json_object_set_new(o, "path", path);
    return o;
}
