/*
 * view.c: a side's view of a game (lnlt_view_json; shape in docs/view.md): the
 * turn track (2.0), the decision waited on, every unit the side may see with its
 * printed numbers (1.1), state and markers (4.0, 5.1, 6.x, 8.1, 10.1), the
 * support weapons (1.6), the hex markers (7.0 Smoke, 18.1/18.2 Fire For Effect,
 * 21.2 foxholes, 10.1 Spotted, 8.1 Melee), control and victory points (22.1) and
 * the scenario briefing. What is public is ruling R-VIEW-01; hidden information
 * is left out as src/rules/hidden.c decides (R-VIEW-02); the seed and the dice
 * state are never part of a view.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "view/view_internal.h"

static json_t *int_or_null(int v) { return v == LNLT_NONE ? json_null() : json_integer(v); }

static const char *floor_name(int floor)
{
    return floor == LNLT_FLOOR_UPPER ? "upper" : floor == LNLT_FLOOR_ROOF ? "roof" : floor == LNLT_FLOOR_BUNKER ? "bunker" : "ground";
}

/* One printed face of a counter: its numbers and superscripts (1.1, 5.4, 5.6, 6.1, 6.4, 6.7, 8.5). */
static json_t *face_json(const lnlt_unit_face *f)
{
    static const struct {
        unsigned bit;
        const char *name;
    } flags[] = {{LNLT_UF_ASSAULTER, "assaulter"},       {LNLT_UF_MELEE, "melee"},
                 {LNLT_UF_JAM, "jam"},                   {LNLT_UF_ASSAULT_MOVE, "assault_move"},
                 {LNLT_UF_STEALTH, "stealth"},           {LNLT_UF_SELF_RALLY, "self_rally"},
                 {LNLT_UF_SELF_RALLY_PAIRS, "self_rally_pairs"}, {LNLT_UF_EXTENDED_RANGE, "extended_range"},
                 {LNLT_UF_HIT_AND_RUN, "hit_and_run"}};
    json_t *o = json_object(), *fl = json_array();
    json_object_set_new(o, "fp", int_or_null(f->ifp));
    json_object_set_new(o, "range", int_or_null(f->range));
    json_object_set_new(o, "morale", int_or_null(f->morale));
    json_object_set_new(o, "mf", int_or_null(f->mf));
    json_object_set_new(o, "lm", int_or_null(f->lm));
    if (f->min_range > 0)
        json_object_set_new(o, "min_range", json_integer(f->min_range));
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (f->flags & flags[i].bit)
            json_array_append_new(fl, json_string(flags[i].name));
    json_object_set_new(o, "flags", fl);
    /* the counter's numbers in the OOB notation IFP-Range-MF, then the morale */
    char text[48];
    char fp[8], rg[8], mf[8];
    snprintf(fp, sizeof fp, "%d", f->ifp);
    snprintf(rg, sizeof rg, "%d", f->range);
    snprintf(mf, sizeof mf, "%d", f->mf);
    snprintf(text, sizeof text, "%s-%s-%s, morale %d", f->ifp == LNLT_NONE ? "*" : fp, f->range == LNLT_NONE ? "*" : rg,
             f->mf == LNLT_NONE ? "*" : mf, f->morale);
    json_object_set_new(o, "text", json_string(text));
    return o;
}

/* Where a unit is: on the map, waiting off it, out of play. */
static const char *where_name(int cell)
{
    switch (cell) {
    case LNLT_CELL_NONE: return "off_map";
    case LNLT_CELL_ELIMINATED: return "eliminated";
    case LNLT_CELL_EXITED: return "exited";
    case LNLT_CELL_MERGED: return "recombined";
    default: return cell >= 0 ? "map" : "off_map";
    }
}

static bool melee_marker(const lnlt_state *st, int loc)
{
    int cell = lnlt_loc_cell(loc), floor = lnlt_loc_floor(loc);
    if (cell < 0)
        return false;
    return floor == 0 ? lnlt_bit(st->melee, cell) : lnlt_bit(st->melee_up[floor - 1], cell);
}

static bool spot_marker(const lnlt_state *st, int side, int loc)
{
    int cell = lnlt_loc_cell(loc), floor = lnlt_loc_floor(loc);
    if (cell < 0 || side < 1 || side > 2)
        return false;
    return floor == 0 ? lnlt_bit(st->spotted[side], cell) : lnlt_bit(st->spotted_up[side][floor - 1], cell);
}

static json_t *unit_json(const lnlt_session *s, int i)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    const lnlt_unit *u = &st->unit[i];
    const lnlt_catalog *cat = ctx->catalog;
    const lnlt_unit_type *t = cat && u->type >= 0 && u->type < cat->unit_count ? &cat->unit[u->type] : NULL;
    json_t *o = json_object();
    char buf[LNLT_HEX_ID_MAX];
    json_object_set_new(o, "id", json_integer(i));
    json_object_set_new(o, "side", json_integer(u->side));
    if (t) {
        json_object_set_new(o, "type", json_string(t->id));
        json_object_set_new(o, "name", json_string(t->name));
        json_object_set_new(o, "kind", json_string(lnlt_unit_kind_name(t->kind)));
        json_object_set_new(o, "nation", json_string(t->nation_id));
        if (t->nation >= 0 && t->nation < cat->nation_count)
            json_object_set_new(o, "color", json_string(cat->nation[t->nation].color));
    }
    json_object_set_new(o, "where", json_string(where_name(u->cell)));
    int loc = lnlt_unit_loc(u);
    if (u->cell >= 0) {
        char id[LNLT_HEX_ID_MAX];
        lnlt_cell_name(ctx, u->cell, id);
        json_object_set_new(o, "hex", json_string(id));
        json_object_set_new(o, "floor", json_string(floor_name(u->floor)));
        json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, loc, buf)));
    }
    bool wounded = (u->flags & LNLT_UNIT_WOUNDED) != 0;
    json_object_set_new(o, "status", json_string(u->status == LNLT_SHAKEN ? "shaken" : "good_order"));
    json_object_set_new(o, "wounded", json_boolean(wounded));
    json_object_set_new(o, "wounds", json_integer(u->wounds));
    if (t) {
        bool back = u->status == LNLT_SHAKEN || (wounded && t->back_kind == LNLT_BACK_WOUNDED);
        json_object_set_new(o, "face", json_string(back ? "back" : "front"));
        json_object_set_new(o, "numbers", face_json(back ? &t->back : &t->front));
        json_object_set_new(o, "front", face_json(&t->front));
        json_object_set_new(o, "back", t->back_kind == LNLT_BACK_NONE ? json_null() : face_json(&t->back));
    }
    json_t *marks = json_array();
    static const struct {
        unsigned bit;
        const char *name;
    } mk[] = {{LNLT_MARK_MOVED, "moved"},         {LNLT_MARK_ASSAULT_MOVE, "assault_move"},
              {LNLT_MARK_FIRED, "fired"},         {LNLT_MARK_OPS_COMPLETE, "ops_complete"},
              {LNLT_MARK_LOW_CRAWL, "low_crawl"}, {LNLT_MARK_STEALTH, "stealth"},
              {LNLT_MARK_HIT_AND_RUN, "hit_and_run"}};
    for (size_t k = 0; k < sizeof mk / sizeof mk[0]; k++)
        if (u->marks & mk[k].bit)
            json_array_append_new(marks, json_string(mk[k].name));
    if (u->cell >= 0) {
        if (u->status == LNLT_SHAKEN)
            json_array_append_new(marks, json_string("shaken"));
        if (wounded)
            json_array_append_new(marks, json_string("wounded"));
        if (melee_marker(st, loc))
            json_array_append_new(marks, json_string("melee"));
        if (spot_marker(st, lnlt_other_side(u->side), loc))
            json_array_append_new(marks, json_string("spotted"));
        if (u->mu_flags & LNLT_MU_CONTINUOUS) /* 15.5.1: its marker turned round */
            json_array_append_new(marks, json_string("continuous"));
    }
    json_object_set_new(o, "markers", marks);
    /* 4.0: has acted this operations phase; is one of the units of the activation under way */
    json_object_set_new(o, "acted", json_boolean((u->flags & LNLT_UNIT_ACTIVATED) != 0));
    json_object_set_new(o, "activated", json_boolean(lnlt_bit(st->activated, i)));
    if (u->skill >= 0 && cat && u->skill < cat->skill_count) {
        json_t *sk = json_object();
        json_object_set_new(sk, "id", json_string(cat->skill[u->skill].id));
        json_object_set_new(sk, "name", json_string(cat->skill[u->skill].name));
        json_object_set_new(sk, "used", json_boolean(u->skill_used != 0));
        json_object_set_new(o, "skill", sk);
    }
    json_t *weapons = json_array();
    for (int w = 0; w < st->sw_count && w < LNLT_MAX_SWS; w++)
        if (st->sw[w].holder == i && !(st->sw[w].flags & LNLT_SW_USED)) {
            char wid[12];
            snprintf(wid, sizeof wid, "w%d", w);
            json_array_append_new(weapons, json_string(wid));
        }
    json_object_set_new(o, "weapons", weapons);
    if (u->cell == LNLT_CELL_NONE && u->entry_turn > 0 && u->entry_turn < 0xF0)
        json_object_set_new(o, "entry_turn", json_integer(u->entry_turn));
    if (u->cell == LNLT_CELL_EXITED)
        json_object_set_new(o, "exit_turn", json_integer(u->entry_turn));
    view_unit_vehicle_json(s, i, o); /* 14.0-16.0 */
    return o;
}

static json_t *weapon_json(const lnlt_session *s, int w)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    const lnlt_sw *sw = &st->sw[w];
    const lnlt_catalog *cat = ctx->catalog;
    json_t *o = json_object();
    char id[16];
    snprintf(id, sizeof id, "w%d", w);
    json_object_set_new(o, "id", json_string(id));
    const lnlt_sw_type *t = cat && sw->type >= 0 && sw->type < cat->sw_count ? &cat->sw[sw->type] : NULL;
    bool back = (sw->flags & LNLT_SW_BACK_SIDE) != 0;
    if (t) {
        json_object_set_new(o, "type", json_string(t->id));
        json_object_set_new(o, "name", json_string(t->name));
        json_object_set_new(o, "kind", json_string(lnlt_sw_kind_name(t->kind)));
        const lnlt_sw_face *f = back ? &t->back : &t->front;
        json_object_set_new(o, "fp", int_or_null(f->fp));
        json_object_set_new(o, "range", int_or_null(f->range));
        if (f->min_range > 0)
            json_object_set_new(o, "min_range", json_integer(f->min_range));
        json_object_set_new(o, "jams", json_boolean((t->flags & LNLT_SWF_JAM) != 0));
    }
    bool held = sw->holder >= 0 && sw->holder < st->unit_count;
    json_object_set_new(o, "holder", held ? json_integer(sw->holder) : json_null());
    int loc = (sw->flags & LNLT_SW_USED) ? LNLT_CELL_ELIMINATED : held ? lnlt_unit_loc(&st->unit[sw->holder]) : lnlt_sw_loc(sw);
    if (loc >= 0) {
        char buf[LNLT_HEX_ID_MAX];
        json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, loc, buf)));
    }
    json_object_set_new(o, "where", json_string((sw->flags & LNLT_SW_USED) ? "out_of_play" : where_name(loc)));
    json_object_set_new(o, "face", json_string(back ? "back" : "front"));
    json_object_set_new(o, "jammed", json_boolean((sw->flags & LNLT_SW_JAMMED) != 0));
    json_object_set_new(o, "broken", json_boolean((sw->flags & LNLT_SW_BROKEN) != 0));
    json_object_set_new(o, "captured", json_boolean((sw->flags & LNLT_SW_CAPTURED) != 0));
    return o;
}

/* Hex markers not tied to a unit: Smoke, FFE, foxholes, Melee and Spotted. */
static json_t *hex_markers_json(const lnlt_session *s)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    json_t *arr = json_array();
    char buf[LNLT_HEX_ID_MAX];
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : 0;
    for (int c = 0; c < cells && c < LNLT_MAX_CELLS; c++) {
        for (int k = 0; k < 2; k++)
            if (lnlt_bit(st->smoke[k], c)) {
                json_t *o = json_object();
                json_object_set_new(o, "marker", json_string(k ? "smoke2" : "smoke1"));
                json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, c, buf)));
                json_object_set_new(o, "rule", json_string("7.0"));
                json_array_append_new(arr, o);
            }
        if (lnlt_bit(st->ffe, c)) {
            json_t *o = json_object();
            json_object_set_new(o, "marker", json_string("ffe"));
            json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, c, buf)));
            json_object_set_new(o, "fp", json_integer(st->ffe_fp));
            json_object_set_new(o, "rule", json_string("18.1"));
            json_array_append_new(arr, o);
        }
        for (int f = 0; f < LNLT_FLOORS; f++) {
            int loc = lnlt_location(c, f);
            if (melee_marker(st, loc)) {
                json_t *o = json_object();
                json_object_set_new(o, "marker", json_string("melee"));
                json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, loc, buf)));
                json_object_set_new(o, "rule", json_string("8.1"));
                json_array_append_new(arr, o);
            }
            for (int side = 1; side <= 2; side++)
                if (spot_marker(st, side, loc)) {
                    json_t *o = json_object();
                    json_object_set_new(o, "marker", json_string("spotted"));
                    json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, loc, buf)));
                    json_object_set_new(o, "for_side", json_integer(side));
                    json_object_set_new(o, "rule", json_string("10.1"));
                    json_array_append_new(arr, o);
                }
        }
    }
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort *f = &st->fort[i];
        if (f->kind != LNLT_FORT_FOXHOLES || f->cell < 0)
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "marker", json_string("foxholes"));
        json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, f->cell, buf)));
        json_object_set_new(o, "rule", json_string("21.2"));
        json_array_append_new(arr, o);
    }
    view_vehicle_markers_json(s, arr); /* Wrecks, wire, mines, bunkers, acquisitions */
    view_terrain_markers_json(s, arr); /* fords, roadblocks, craters, tree-lined roads (10.5) */
    return arr;
}

static json_t *control_json(const lnlt_session *s)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    json_t *o = json_object();
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : 0;
    for (int side = 1; side <= 2; side++) {
        json_t *arr = json_array();
        char buf[LNLT_HEX_ID_MAX];
        for (int c = 0; c < cells && c < LNLT_MAX_CELLS; c++)
            if (lnlt_map_cell_exists(ctx->map, c) && lnlt_hex_controller(st, c) == side)
                json_array_append_new(arr, json_string(lnlt_cell_name(ctx, c, buf)));
        char key[2] = {(char)('0' + side), 0};
        json_object_set_new(o, key, arr);
    }
    return o;
}

/* The hexes the scenario's victory rules count (control conditions and VP), for
 * drawing Victory markers. */
static json_t *victory_hexes_json(const lnlt_session *s)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_scenario *scn = ctx->scenario;
    json_t *arr = json_array();
    if (!scn || !ctx->map)
        return arr;
    bool zone[LNLT_SCN_ZONES] = {false};
    for (int k = 0; k < scn->victory.condition_count; k++)
        if (scn->victory.condition[k].type == LNLT_COND_CONTROL && scn->victory.condition[k].zone >= 0)
            zone[scn->victory.condition[k].zone] = true;
    for (int k = 0; k < scn->victory.vp_count; k++)
        if (scn->victory.vp[k].vp_for == LNLT_VP_CONTROL && scn->victory.vp[k].zone >= 0)
            zone[scn->victory.vp[k].zone] = true;
    const lnlt_map *const maps[1] = {ctx->map};
    char buf[LNLT_HEX_ID_MAX];
    for (int c = 0; c < lnlt_map_cells(ctx->map); c++) {
        if (!lnlt_map_cell_exists(ctx->map, c))
            continue;
        bool in = false;
        for (int z = 0; z < scn->zone_count && !in; z++)
            in = zone[z] && lnlt_scenario_zone_has(scn, z, maps, 1, lnlt_map_hex_at(ctx->map, c));
        if (in)
            json_array_append_new(arr, json_string(lnlt_cell_name(ctx, c, buf)));
    }
    return arr;
}

void *lnlt_view_json(const lnlt_session *s, int side)
{
    if (!s)
        return NULL;
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    if (side < 0 || side > 2)
        side = 0;
    json_t *o = json_object();
    json_object_set_new(o, "format", json_integer(LNLT_VIEW_FORMAT));
    json_object_set_new(o, "side", json_integer(side));
    if (ctx->scenario) {
        json_object_set_new(o, "scenario", json_string(ctx->scenario->id));
        json_object_set_new(o, "map", json_string(ctx->scenario->map_id[0]));
    }
    if (ctx->map)
        json_object_set_new(o, "map_name", json_string(lnlt_map_name(ctx->map)));
    json_t *sides = json_object();
    for (int k = 1; k <= 2; k++) {
        json_t *so = json_object();
        json_object_set_new(so, "name", json_string(lnlt_side_name(ctx, k)));
        char key[2] = {(char)('0' + k), 0};
        json_object_set_new(sides, key, so);
    }
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "turn", json_integer(st->turn));
    json_object_set_new(o, "turns", json_integer(st->last_turn));
    static const char *const phases[] = {"?", "rally", "operations", "admin", "game_over", "setup"};
    json_object_set_new(o, "phase", json_string(st->phase <= 5 ? phases[st->phase] : "?"));
    json_object_set_new(o, "phase_name", json_string(lnlt_phase_name(st->phase)));
    json_object_set_new(o, "initiative", json_integer(st->initiative));
    json_object_set_new(o, "impulse_side", json_integer(st->impulse_side));
    json_object_set_new(o, "actions_applied", json_integer(s->nsteps));
    json_object_set_new(o, "decision", view_decision_json(s));
    bool over = lnlt_decision_get(ctx, st).kind == LNLT_DECIDE_NONE;
    json_object_set_new(o, "over", json_boolean(over));
    if (over)
        json_object_set_new(o, "winner", json_integer(st->winner));
    json_t *units = json_array();
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        if (!lnlt_unit_hidden(ctx, st, i, side))
            json_array_append_new(units, unit_json(s, i));
    json_object_set_new(o, "units", units);
    json_t *weapons = json_array();
    for (int w = 0; w < st->sw_count && w < LNLT_MAX_SWS; w++) {
        const lnlt_sw *sw = &st->sw[w];
        if (sw->holder >= 0 && lnlt_unit_hidden(ctx, st, sw->holder, side))
            continue;
        json_array_append_new(weapons, weapon_json(s, w));
    }
    json_object_set_new(o, "weapons", weapons);
    json_object_set_new(o, "markers", hex_markers_json(s));
    if (st->move.active) {
        json_t *mv = json_object(), *movers = json_array();
        char buf[LNLT_HEX_ID_MAX];
        if (st->move.cell >= 0)
            json_object_set_new(mv, "location", json_string(lnlt_cell_name(ctx, st->move.cell, buf)));
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_bit(st->move.units, i))
                json_array_append_new(movers, json_integer(i));
        json_object_set_new(mv, "units", movers);
        int left = lnlt_move_mp2_left(ctx, st);
        json_object_set_new(mv, "mp_left", json_real(left / 2.0));
        json_object_set_new(o, "move", mv);
    }
    json_object_set_new(o, "control", control_json(s));
    json_object_set_new(o, "victory_hexes", victory_hexes_json(s));
    if (ctx->scenario && ctx->scenario->victory.vp_count > 0) {
        json_t *vp = json_object();
        for (int k = 1; k <= 2; k++) {
            char key[2] = {(char)('0' + k), 0};
            json_object_set_new(vp, key, json_real(lnlt_victory_points2(ctx, st, k) / 2.0));
        }
        json_object_set_new(o, "vp", vp);
    }
    json_t *missions = json_object();
    for (int k = 1; k <= 2; k++) {
        char key[2] = {(char)('0' + k), 0};
        json_object_set_new(missions, key, json_integer(st->missions[k]));
    }
    json_object_set_new(o, "fire_missions", missions);
    json_object_set_new(o, "artillery", view_artillery_json(s)); /* 18.2 */
    json_object_set_new(o, "briefing", view_briefing_json(s, side));
    return o;
}
