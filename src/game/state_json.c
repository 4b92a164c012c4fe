/*
 * state_json.c: lnlt_session_state_json, the game state as the engine protocol's
 * `state` command shows it (docs/protocol.md): turn, phase, decision, legal
 * actions, units, weapons, Smoke markers and the hash.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "lnlt/data.h"
#include "lnlt/hex.h"
#include "lnlt/map.h"
#include "lnlt/session.h"

static const char *kind_name(int kind)
{
    switch (kind) {
    case LNLT_DECIDE_RALLY: return "rally";
    case LNLT_DECIDE_IMPULSE: return "impulse";
    case LNLT_DECIDE_NONE: return "none";
    default: return "other";
    }
}

/* A location as the protocol shows it: a hex id, "eliminated", "exited", or null
 * (off the map, not yet entered). */
static json_t *cell_json(const lnlt_map *map, int cell)
{
    if (cell == LNLT_CELL_ELIMINATED)
        return json_string("eliminated");
    if (cell == LNLT_CELL_EXITED)
        return json_string("exited");
    if (cell < 0)
        return json_null();
    if (map && cell < lnlt_map_cells(map)) {
        char id[LNLT_HEX_ID_MAX];
        return json_string(lnlt_hex_format(lnlt_map_hex_at(map, cell), id));
    }
    return json_integer(cell);
}

/* 14.0-16.0: a vehicle's or gun team's facing, turret and state; a passenger's
 * vehicle (its hex is the vehicle's). */
static void vehicle_fields(const lnlt_session *s, int i, json_t *o)
{
    const lnlt_state *st = &s->state;
    const lnlt_unit *u = &st->unit[i];
    char buf[LNLT_HEX_ID_MAX + 8];
    if (u->cell == LNLT_CELL_ABOARD) {
        int slot = (st->aboard[i] & LNLT_ABOARD_SLOT) - 1;
        int v = slot >= 0 && slot < st->vehicle_count ? st->vehicle[slot].unit : -1;
        json_object_set_new(o, "aboard", v >= 0 ? json_integer(v) : json_null());
        json_object_set_new(o, "outside", json_boolean((st->aboard[i] & LNLT_ABOARD_OUTSIDE) != 0));
        json_object_set_new(o, "commander", json_boolean((st->aboard[i] & LNLT_ABOARD_COMMANDER) != 0));
        if (v >= 0)
            json_object_set_new(o, "hex", cell_json(s->ctx.map, st->unit[v].cell));
        return;
    }
    for (int k = 0; k < st->vehicle_count && k < LNLT_MAX_VEHICLES; k++) {
        const lnlt_vehicle *v = &st->vehicle[k];
        if (v->unit != i)
            continue;
        if (u->cell >= 0) {
            json_object_set_new(o, "facing", json_string(lnlt_corner_text(&s->ctx, lnlt_unit_loc(u), v->facing, buf, sizeof buf)));
            json_object_set_new(o, "turret", json_string(lnlt_corner_text(&s->ctx, lnlt_unit_loc(u), v->turret, buf, sizeof buf)));
        }
        json_object_set_new(o, "buttoned", json_boolean((v->flags & LNLT_VEH_BUTTONED) != 0));
        json_object_set_new(o, "abandoned", json_boolean((v->flags & LNLT_VEH_ABANDONED) != 0));
        json_object_set_new(o, "vehicle_flags", json_integer(v->flags));
    }
}

static json_t *units_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    const lnlt_catalog *cat = s->ctx.catalog;
    const lnlt_map *map = s->ctx.map;
    json_t *arr = json_array();
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
        const lnlt_unit *u = &st->unit[i];
        json_t *o = json_object();
        json_object_set_new(o, "id", json_integer(i));
        json_object_set_new(o, "side", json_integer(u->side));
        json_object_set_new(o, "type", json_integer(u->type));
        if (cat && u->type >= 0 && u->type < cat->unit_count) {
            json_object_set_new(o, "type_id", json_string(cat->unit[u->type].id));
            json_object_set_new(o, "name", json_string(cat->unit[u->type].name));
        }
        json_object_set_new(o, "hex", cell_json(map, u->cell));
        json_object_set_new(o, "floor", json_integer(u->floor));
        json_object_set_new(o, "status", json_string(u->status == LNLT_SHAKEN ? "shaken" : "good order"));
        json_object_set_new(o, "marks", json_integer(u->marks));
        vehicle_fields(s, i, o);
        json_array_append_new(arr, o);
    }
    return arr;
}

/* 1.6: the support weapons, named "wN" as the weapon commands take them. */
static json_t *weapons_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    const lnlt_catalog *cat = s->ctx.catalog;
    json_t *arr = json_array();
    for (int i = 0; i < st->sw_count && i < LNLT_MAX_SWS; i++) {
        const lnlt_sw *w = &st->sw[i];
        json_t *o = json_object();
        char id[16];
        snprintf(id, sizeof id, "w%d", i);
        json_object_set_new(o, "id", json_string(id));
        if (cat && w->type >= 0 && w->type < cat->sw_count) {
            json_object_set_new(o, "type_id", json_string(cat->sw[w->type].id));
            json_object_set_new(o, "name", json_string(cat->sw[w->type].name));
        }
        bool held = w->holder >= 0 && w->holder < st->unit_count;
        json_object_set_new(o, "holder", held ? json_integer(w->holder) : json_null());
        int cell = (w->flags & LNLT_SW_USED) ? LNLT_CELL_ELIMINATED : held ? st->unit[w->holder].cell : w->cell;
        json_object_set_new(o, "hex", cell_json(s->ctx.map, cell));
        int floor = (w->flags & LNLT_SW_USED) ? 0 : held ? st->unit[w->holder].floor : w->floor;
        json_object_set_new(o, "floor", json_integer(floor)); /* 10.4.1: as the units' */
        json_object_set_new(o, "face", json_string(w->flags & LNLT_SW_BACK_SIDE ? "back" : "front"));
        json_object_set_new(o, "jammed", json_boolean(w->flags & LNLT_SW_JAMMED));
        json_object_set_new(o, "broken", json_boolean(w->flags & LNLT_SW_BROKEN));
        json_object_set_new(o, "captured", json_boolean(w->flags & LNLT_SW_CAPTURED));
        json_array_append_new(arr, o);
    }
    return arr;
}

void *lnlt_session_state_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    lnlt_decision d = lnlt_decision_get(&s->ctx, st);
    json_t *o = json_object();
    char buf[32];
    json_object_set_new(o, "scenario", json_string(s->scenario));
    json_object_set_new(o, "turn", json_integer(st->turn));
    json_object_set_new(o, "last_turn", json_integer(st->last_turn));
    json_object_set_new(o, "phase", json_string(lnlt_phase_name(st->phase)));
    json_object_set_new(o, "initiative", json_integer(st->initiative));
    json_t *sides = json_object();
    json_object_set_new(sides, "1", json_string(lnlt_side_name(&s->ctx, 1)));
    json_object_set_new(sides, "2", json_string(lnlt_side_name(&s->ctx, 2)));
    json_object_set_new(o, "sides", sides);
    json_t *dec = json_object();
    json_object_set_new(dec, "side", json_integer(d.side));
    json_object_set_new(dec, "kind", json_string(kind_name(d.kind)));
    json_object_set_new(o, "decision", dec);
    json_object_set_new(o, "actions_applied", json_integer(s->nsteps));
    if (d.kind == LNLT_DECIDE_NONE)
        json_object_set_new(o, "winner", json_integer(st->winner));
    json_t *legal = json_array();
    enum { CAP = 512 };
    lnlt_action *acts = malloc(CAP * sizeof *acts);
    int n = acts ? lnlt_legal_actions(&s->ctx, st, acts, CAP) : 0;
    for (int i = 0; i < n && i < CAP; i++) {
        char text[256];
        lnlt_action_format(&s->ctx, &acts[i], text, sizeof text);
        json_array_append_new(legal, json_string(text));
    }
    free(acts);
    json_object_set_new(o, "legal", legal);
    json_object_set_new(o, "legal_count", json_integer(n));
    json_object_set_new(o, "units", units_json(s));
    json_object_set_new(o, "weapons", weapons_json(s));
    /* 7.0: Smoke markers, listed only when there are some: [{"hex", "smoke": [1, 2]}] */
    json_t *smoke = json_array();
    for (int c = 0; c < LNLT_MAX_CELLS; c++) {
        if (!lnlt_bit(st->smoke[0], c) && !lnlt_bit(st->smoke[1], c))
            continue;
        char hex[LNLT_HEX_ID_MAX];
        json_t *levels = json_array();
        for (int k = 0; k < 2; k++)
            if (lnlt_bit(st->smoke[k], c))
                json_array_append_new(levels, json_integer(k + 1));
        json_t *h = json_object();
        json_object_set_new(h, "hex", json_string(lnlt_cell_name(&s->ctx, c, hex)));
        json_object_set_new(h, "smoke", levels);
        json_array_append_new(smoke, h);
    }
    if (json_array_size(smoke))
        json_object_set_new(o, "smoke", smoke);
    else
        json_decref(smoke);
    lnlt_hash_format(lnlt_session_hash(s), buf);
    json_object_set_new(o, "hash", json_string(buf));
    return o;
}
