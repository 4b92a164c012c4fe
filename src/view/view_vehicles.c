/*
 * view_vehicles.c: the vehicle parts of a side's view (docs/view.md): for a vehicle
 * or gun team its facing and turret (15.1, 15.1.1, 1.7.1), hatches (15.0.1), state
 * (abandoned 14.1.1, immobilized 21.4.2, hull down 15.10, continuous 15.5, ATGM
 * expended 14.4.1), counter values (armour, guns with their to-hit tables, MGs,
 * passenger capacity) and who rides it (16.0, 11.5); for a passenger the vehicle
 * it rides; the hex markers of vehicles and fortifications (Wrecks, wire, mines,
 * bunkers, Acquisition markers); and the off-board artillery left to each side
 * (18.2). Everything here is public (ruling R-VIEW-01): counters and markers on the
 * map are open to both players (1.3).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/view.h"
#include "view/view_internal.h"

static const lnlt_vehicle *slot_of(const lnlt_state *st, int unit)
{
    for (int k = 0; k < st->vehicle_count && k < LNLT_MAX_VEHICLES; k++)
        if (st->vehicle[k].unit == unit)
            return &st->vehicle[k];
    return NULL;
}

static json_t *value(int v) { return v == LNLT_NONE ? json_null() : json_integer(v); }

static json_t *gun_json(const lnlt_gun *g)
{
    json_t *o = json_object(), *table = json_array();
    json_object_set_new(o, "name", json_string(g->name));
    json_object_set_new(o, "he", value(g->he));
    json_object_set_new(o, "shots", json_integer(g->shots));
    json_object_set_new(o, "ammo", json_string(lnlt_ammo_name(g->ammo)));
    if (g->depletion != LNLT_NONE)
        json_object_set_new(o, "depletion", json_integer(g->depletion));
    json_object_set_new(o, "hull", json_boolean((g->flags & LNLT_GUNF_HULL) != 0));
    for (int c = 0; c < 3; c++)
        json_array_append_new(table, json_pack("{s:o,s:o,s:o}", "range", value(g->to_hit[c].range), "to_hit",
                                               value(g->to_hit[c].to_hit), "pv", value(g->to_hit[c].pv)));
    json_object_set_new(o, "to_hit", table);
    return o;
}

static json_t *counter_json(const lnlt_vehicle_type *t)
{
    static const char *const move_class[LNLT_MC_COUNT] = {"tracked", "off_road", "road"};
    static const char *const arc[LNLT_MGA_COUNT] = {"covered", "hull", "all_round", "rear"};
    json_t *o = json_object(), *armor = json_object(), *guns = json_array(), *mgs = json_array();
    json_object_set_new(o, "movement", json_string(t->move_class < LNLT_MC_COUNT ? move_class[t->move_class] : "?"));
    static const char *const part[2] = {"hull", "turret"};
    for (int p = 0; p < 2; p++) {
        if (p == LNLT_TURRET && !(t->flags & LNLT_VF_TURRET))
            continue;
        json_t *a = json_array();
        for (int f = 0; f < 3; f++)
            json_array_append_new(a, json_pack("{s:o,s:b}", "af", value(t->armor[p][f]), "red", (t->red >> (p * 3 + f)) & 1));
        json_object_set_new(armor, part[p], a);
    }
    json_object_set_new(o, "armor", armor);
    json_object_set_new(o, "open_top", json_boolean((t->flags & LNLT_VF_OPEN_TOP) != 0));
    json_object_set_new(o, "armored", json_boolean(lnlt_vehicle_armored(t)));
    for (int g = 0; g < t->gun_count && g < LNLT_VEHICLE_GUNS; g++)
        json_array_append_new(guns, gun_json(&t->gun[g]));
    json_object_set_new(o, "guns", guns);
    for (int m = 0; m < t->mg_count && m < LNLT_VEHICLE_MGS; m++)
        json_array_append_new(mgs, json_pack("{s:i,s:i,s:s}", "fp", t->mg[m].fp, "range", t->mg[m].range, "arc",
                                             t->mg[m].arc < LNLT_MGA_COUNT ? arc[t->mg[m].arc] : "?"));
    json_object_set_new(o, "mgs", mgs);
    json_object_set_new(o, "inside", json_integer(t->inside));
    json_object_set_new(o, "outside", json_integer(t->outside));
    return o;
}

void view_unit_vehicle_json(const lnlt_session *s, int unit, json_t *o)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_catalog *cat = ctx->catalog;
    char buf[LNLT_HEX_ID_MAX + 8];
    if (u->cell == LNLT_CELL_ABOARD) {
        int slot = (st->aboard[unit] & LNLT_ABOARD_SLOT) - 1;
        int v = slot >= 0 && slot < st->vehicle_count ? st->vehicle[slot].unit : -1;
        json_object_set_new(o, "where", json_string("aboard"));
        json_t *a = json_object();
        json_object_set_new(a, "vehicle", v >= 0 ? json_integer(v) : json_null());
        json_object_set_new(a, "outside", json_boolean((st->aboard[unit] & LNLT_ABOARD_OUTSIDE) != 0));
        json_object_set_new(a, "commander", json_boolean((st->aboard[unit] & LNLT_ABOARD_COMMANDER) != 0));
        json_object_set_new(o, "aboard", a);
        if (v >= 0 && st->unit[v].cell >= 0)
            json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, lnlt_unit_loc(&st->unit[v]), buf)));
        return;
    }
    const lnlt_vehicle *v = slot_of(st, unit);
    if (!v)
        return;
    const lnlt_vehicle_type *t = cat ? lnlt_catalog_vehicle_of(cat, u->type) : NULL;
    json_t *x = json_object();
    int loc = lnlt_unit_loc(u);
    json_object_set_new(x, "facing_corner", json_integer(v->facing));
    if (u->cell >= 0)
        json_object_set_new(x, "facing", json_string(lnlt_corner_text(ctx, loc, v->facing, buf, sizeof buf)));
    if (t && (t->flags & LNLT_VF_TURRET)) {
        json_object_set_new(x, "turret_corner", json_integer(v->turret));
        if (u->cell >= 0)
            json_object_set_new(x, "turret", json_string(lnlt_corner_text(ctx, loc, v->turret, buf, sizeof buf)));
    }
    static const struct {
        unsigned bit;
        const char *name;
    } fl[] = {{LNLT_VEH_BUTTONED, "buttoned"},       {LNLT_VEH_ABANDONED, "abandoned"},
              {LNLT_VEH_IMMOBILIZED, "immobilized"}, {LNLT_VEH_HULL_DOWN, "hull_down"},
              {LNLT_VEH_CONTINUOUS, "continuous"},   {LNLT_VEH_ATGM_EXPENDED, "atgm_expended"}};
    for (size_t k = 0; k < sizeof fl / sizeof fl[0]; k++)
        json_object_set_new(x, fl[k].name, json_boolean((v->flags & fl[k].bit) != 0));
    json_t *inside = json_array(), *top = json_array();
    json_t *commander = json_null();
    for (int i = 0; i < st->unit_count; i++) {
        if (st->unit[i].cell != LNLT_CELL_ABOARD || (st->aboard[i] & LNLT_ABOARD_SLOT) != (v - st->vehicle) + 1)
            continue;
        if (st->aboard[i] & LNLT_ABOARD_COMMANDER) {
            json_decref(commander);
            commander = json_integer(i);
        } else {
            json_array_append_new((st->aboard[i] & LNLT_ABOARD_OUTSIDE) ? top : inside, json_integer(i));
        }
    }
    json_object_set_new(x, "passengers", inside);
    json_object_set_new(x, "on_top", top);
    json_object_set_new(x, "commander", commander);
    if (t)
        json_object_set_new(x, "counter", counter_json(t));
    int gun = cat && u->type >= 0 && u->type < cat->unit_count ? cat->unit[u->type].gun : LNLT_NONE;
    if (!t && gun >= 0 && gun < cat->gun_count) /* 1.7.1: a gun team's ordnance */
        json_object_set_new(x, "gun", gun_json(&cat->gun[gun]));
    json_object_set_new(o, "vehicle", x);
    /* the markers a player sees on the counter */
    json_t *marks = json_object_get(o, "markers");
    if (marks && (v->flags & LNLT_VEH_BUTTONED))
        json_array_append_new(marks, json_string("buttoned"));
    if (marks && (v->flags & LNLT_VEH_ABANDONED))
        json_array_append_new(marks, json_string("abandoned"));
    if (marks && (v->flags & LNLT_VEH_HULL_DOWN))
        json_array_append_new(marks, json_string("hull_down"));
    if (marks && (v->flags & LNLT_VEH_CONTINUOUS))
        json_array_append_new(marks, json_string("continuous"));
}

void view_vehicle_markers_json(const lnlt_session *s, json_t *arr)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    char buf[LNLT_HEX_ID_MAX];
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : 0;
    for (int c = 0; c < cells && c < LNLT_MAX_CELLS; c++)
        if (lnlt_bit(st->wreck, c))
            json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", "wreck", "location",
                                                 lnlt_cell_name(ctx, c, buf), "rule", "1.3"));
    for (int c = 0; st->rubble_any && c < cells && c < LNLT_MAX_CELLS; c++)
        if (lnlt_bit(st->rubble, c)) /* 15.1.2: the hex is Rubble for every rule */
            json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", "rubble", "location",
                                                 lnlt_cell_name(ctx, c, buf), "rule", "15.1.2"));
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort *f = &st->fort[i];
        if ((f->kind != LNLT_FORT_WIRE && f->kind != LNLT_FORT_MINES) || f->cell < 0)
            continue;
        json_t *o = json_pack("{s:s,s:s,s:s}", "marker", f->kind == LNLT_FORT_WIRE ? "wire" : "mines", "location",
                              lnlt_cell_name(ctx, f->cell, buf), "rule", f->kind == LNLT_FORT_WIRE ? "21.3" : "21.4");
        if (f->kind == LNLT_FORT_MINES) {
            json_object_set_new(o, "side", json_integer(f->value >> 4));
            json_object_set_new(o, "fp", json_integer(f->value & 0x0F));
        }
        json_array_append_new(arr, o);
    }
    static const char *const dir_name[7] = {"", "n", "ne", "se", "s", "sw", "nw"};
    for (int i = 0; ctx->bunkers && i < ctx->bunkers->count && i < LNLT_MAX_BUNKERS; i++) {
        const lnlt_bunker *b = &ctx->bunkers->b[i];
        bool cave = b->kind == LNLT_PLACE_CAVE; /* 10.7: a cave, or its Collapsed Entrance (10.7.2) */
        bool collapsed = cave && lnlt_cave_collapsed(st, b->cell);
        json_t *o = json_pack("{s:s,s:s,s:i,s:s,s:s}", "marker", collapsed ? "collapsed_entrance" : cave ? "cave" : "bunker",
                              "location", lnlt_cell_name(ctx, b->cell, buf), "tm", collapsed ? 0 : b->tm, "front",
                              b->front <= 6 ? dir_name[b->front] : "?", "rule", collapsed ? "10.7.2" : cave ? "10.7" : "21.1");
        if (cave) {
            json_t *sides = json_array();
            for (int side = 1; side <= 2; side++)
                if (b->tunnel_sides & (1u << side))
                    json_array_append_new(sides, json_integer(side));
            json_object_set_new(o, "tunnel_sides", sides);
        }
        json_array_append_new(arr, o);
    }
    for (int i = 0; i < LNLT_MAX_ACQ; i++) {
        const lnlt_acquisition *a = &st->acq[i];
        if (a->firer < 0 || a->firer >= st->unit_count)
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "marker", json_string("acquisition"));
        json_object_set_new(o, "firer", json_integer(a->firer));
        if (a->target <= LNLT_ACQ_LOC)
            json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, LNLT_ACQ_LOC - a->target, buf)));
        else if (a->target >= 0 && a->target < st->unit_count) {
            json_object_set_new(o, "target", json_integer(a->target));
            json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, lnlt_unit_loc(&st->unit[a->target]), buf)));
        }
        json_object_set_new(o, "level", json_integer(a->level));
        json_object_set_new(o, "rule", json_string("14.3"));
        json_array_append_new(arr, o);
    }
}

json_t *view_artillery_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    json_t *o = json_object();
    for (int k = 1; k <= 2; k++) {
        char key[2] = {(char)('0' + k), 0};
        json_object_set_new(o, key, json_pack("{s:i,s:i,s:b}", "missions", st->oba_left[k - 1], "fp", st->oba_fp[k - 1],
                                              "called_this_turn", (st->oba_called >> k) & 1));
    }
    return o;
}
