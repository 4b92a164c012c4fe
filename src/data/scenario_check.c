/*
 * scenario_check.c: the map-dependent checks of a scenario (lnlt/scenario.h):
 * every hex it names lies on its maps and inside the playable area (22.0), zone
 * terrain ids exist in the map's terrain chart, every zone holds at least one hex,
 * set-up and placement zones are large enough for their forces under the stacking
 * limits (3 squad-equivalents and 2 SMCs per side per hex, PAC stacking), a force
 * placed in one hex by a paragraph fits there, and a mid-game position stacks
 * legally.
 *
 * Zone membership is also defined here (lnlt_scenario_zone_has) so the engine and
 * the checks agree on what a zone means.
 */
#include "lnlt/game.h"
#include "lnlt/scenario.h"

#include <stdio.h>
#include <string.h>

#include "data/scenario_internal.h"
#include "data/scenario_terrain.h"
#include "lnlt/map.h"

#define MAX_BOARD 4

typedef struct board {
    const lnlt_map *m[MAX_BOARD];
    int n;
    int first_number;
} board;

static lnlt_hex norm(const board *b, lnlt_hex h)
{
    if (h.map == 0)
        h.map = (uint8_t)b->first_number;
    return h;
}

static bool same_hex(const board *b, lnlt_hex x, lnlt_hex y)
{
    x = norm(b, x);
    y = norm(b, y);
    return x.col == y.col && x.row == y.row && x.map == y.map;
}

static const lnlt_map *map_of(const board *b, lnlt_hex h)
{
    for (int i = 0; i < b->n; i++)
        if (lnlt_map_has_hex(b->m[i], h))
            return b->m[i];
    return NULL;
}

static bool on_edge(const board *b, lnlt_hex h, unsigned edges)
{
    static const int dirs[4][2] = {{LNLT_DIR_N, LNLT_DIR_N},
                                   {LNLT_DIR_NE, LNLT_DIR_SE},
                                   {LNLT_DIR_S, LNLT_DIR_S},
                                   {LNLT_DIR_NW, LNLT_DIR_SW}};
    for (int e = 0; e < 4; e++) {
        if (!(edges & (1u << e)))
            continue;
        for (int k = 0; k < 2; k++)
            if (!map_of(b, lnlt_hex_neighbor(h, (lnlt_dir)dirs[e][k])))
                return true;
    }
    return false;
}

static bool zone_has(const lnlt_scenario *s, const lnlt_scn_zone *z, const board *b, lnlt_hex h)
{
    const lnlt_map *m = map_of(b, h);
    if (!m || !lnlt_scenario_in_area(s, h))
        return false;
    if (z->hex_count && !z->path_side) {
        bool in = false;
        for (int i = 0; i < z->hex_count && !in; i++)
            in = same_hex(b, z->hex[i], h);
        if (!in)
            return false;
    }
    if (z->path_side) {
        /* East or west of the path hex in the same row (one per row). Beyond the
         * path's first and last rows (the half-hex rows at a map edge, row 0) the
         * path runs on straight off the map, so its end hex decides (ruling
         * R-DATA-11). */
        int lo = 0, hi = 0;
        for (int i = 1; i < z->hex_count; i++) {
            lo = z->hex[i].row < z->hex[lo].row ? i : lo;
            hi = z->hex[i].row > z->hex[hi].row ? i : hi;
        }
        int row = z->hex_count == 0 ? h.row
                : h.row < z->hex[lo].row ? z->hex[lo].row
                : h.row > z->hex[hi].row ? z->hex[hi].row
                                         : h.row;
        bool found = false, in = false;
        for (int i = 0; i < z->hex_count; i++)
            if (z->hex[i].row == row) {
                found = true;
                in = z->path_side > 0 ? h.col > z->hex[i].col : h.col < z->hex[i].col;
            }
        if (!found || !in)
            return false;
    }
    if (z->has_within && lnlt_hex_distance(norm(b, z->center), h) > z->range)
        return false;
    if (z->edges && !on_edge(b, h, z->edges))
        return false;
    if (z->terrain_count) {
        const lnlt_terrain *t = lnlt_map_terrain(m, h);
        bool in = false;
        for (int i = 0; i < z->terrain_count && !in; i++)
            in = t && !strcmp(t->id, z->terrain[i]);
        if (!in)
            return false;
    }
    return true;
}

bool lnlt_scenario_zone_has(const lnlt_scenario *s, int zone, const struct lnlt_map *const *maps,
                            int map_count, lnlt_hex h)
{
    board b;
    memset(&b, 0, sizeof b);
    if (zone < 0 || zone >= s->zone_count || map_count < 1)
        return false;
    for (int i = 0; i < map_count && i < MAX_BOARD; i++)
        b.m[b.n++] = maps[i];
    b.first_number = lnlt_map_number(maps[0]);
    return zone_has(s, &s->zone[zone], &b, norm(&b, h));
}

/* Counts the hexes of the board that lies in zone z; returns the count. */
static int zone_count(const lnlt_scenario *s, const lnlt_scn_zone *z, const board *b)
{
    int n = 0;
    for (int i = 0; i < b->n; i++)
        for (int cell = 0; cell < lnlt_map_cells(b->m[i]); cell++)
            if (lnlt_map_cell_exists(b->m[i], cell) &&
                zone_has(s, z, b, lnlt_map_hex_at(b->m[i], cell)))
                n++;
    return n;
}

/* The same for setting up: without the half-hexes joined where two maps meet (22.0). */
static int setup_zone_count(const lnlt_scenario *s, const lnlt_scn_zone *z, const board *b)
{
    int n = 0;
    for (int i = 0; i < b->n; i++)
        for (int cell = 0; cell < lnlt_map_cells(b->m[i]); cell++)
            if (lnlt_map_cell_exists(b->m[i], cell) && !(lnlt_map_cell(b->m[i], cell)->flags & LNLT_HEXF_JOINED) &&
                zone_has(s, z, b, lnlt_map_hex_at(b->m[i], cell)))
                n++;
    return n;
}

typedef struct chk {
    const lnlt_scenario *s;
    const lnlt_catalog *cat;
    const board *b;
    const char *name;
    lnlt_error *err;
} chk;

static bool check_hex(chk *c, const char *path, lnlt_hex h)
{
    char id[LNLT_HEX_ID_MAX];
    lnlt_hex_format(h, id);
    if (!map_of(c->b, h)) {
        char maps[160] = "";
        size_t n = 0;
        for (int i = 0; i < c->s->map_count && n < sizeof maps - 40; i++)
            n += (size_t)snprintf(maps + n, sizeof maps - n, "%s%s", i ? ", " : "",
                                  c->s->map_id[i]);
        return lnlt_error_set(c->err, "%s: %s: hex %s is not on the scenario's map(s) (%s)",
                              c->name, path, id, maps);
    }
    if (!lnlt_scenario_in_area(c->s, h))
        return lnlt_error_set(c->err, "%s: %s: hex %s is outside the playable area", c->name,
                              path, id);
    return true;
}

/* A hex of a mid-game position: on the maps; the playable area does not bind it,
 * since units that entered through an edge hex outside the area (a half-hex row)
 * stand there during play (ruling R-SAVE-04). */
static bool check_state_hex(chk *c, const char *path, lnlt_hex h)
{
    if (map_of(c->b, h))
        return true;
    char id[LNLT_HEX_ID_MAX];
    return lnlt_error_set(c->err, "%s: %s: hex %s is not on the scenario's map(s)", c->name, path,
                          lnlt_hex_format(h, id));
}

/* The engine registers that hold locations must name places on the scenario's
 * first map (the one the engine plays on); the loader checked everything else. */
static bool check_registers(chk *c, const board *b, const lnlt_scn_state *st)
{
    if (!st->has_registers || b->n < 1)
        return true;
    int cells = lnlt_map_cells(b->m[0]);
    for (int r = 0; r < lnlt_scn_register_count; r++) {
        const lnlt_scn_register *g = &lnlt_scn_register_table[r];
        const int32_t *slot = &st->reg.slot[lnlt_scn_register_slot(r)];
        if (g->kind != LNLT_REG_LOCATION || !(st->reg.given[r / 64] & (1ull << (r % 64))))
            continue;
        for (int k = 0; k < g->count; k++)
            if (slot[k] >= 0 && slot[k] % LNLT_MAX_CELLS >= cells)
                return lnlt_error_set(c->err, "%s: $.state.registers.%s: location %d is not on map %s", c->name,
                                      g->name, (int)slot[k], c->s->map_id[0]);
    }
    return true;
}

/* Squad-equivalents (in halves), of them mounted (6.6), and SMCs of one force. */
static void force_size(const chk *c, int f, int *halves, int *mu_halves, int *smcs)
{
    const lnlt_scn_force *fo = &c->s->force[f];
    *halves = *mu_halves = *smcs = 0;
    for (int i = 0; i < fo->line_count; i++) {
        const lnlt_scn_line *ln = &c->s->line[fo->first_line + i];
        int kind = c->cat->unit[ln->type].kind;
        *halves += lnlt_unit_kind_stack_halves(kind) * ln->count;
        *mu_halves += c->cat->unit[ln->type].mount ? lnlt_unit_kind_stack_halves(kind) * ln->count : 0;
        *smcs += lnlt_unit_kind_is_smc(kind) ? ln->count : 0;
    }
}

static bool check_fits(chk *c, const char *path, int f, int hexes, const char *where)
{
    int halves, mu_halves, smcs;
    force_size(c, f, &halves, &mu_halves, &smcs);
    if (hexes < 1)
        return lnlt_error_set(c->err, "%s: %s: %s holds no hex of the map(s) inside the playable "
                                      "area", c->name, path, where);
    if (halves > 6 * hexes || smcs > 2 * hexes)
        return lnlt_error_set(c->err, "%s: %s: force \"%s\" (%d squad-equivalents, %d SMCs) "
                                      "cannot stack legally in %s (%d hex(es); at most 3 "
                                      "squad-equivalents and 2 SMCs per hex)",
                              c->name, path, c->s->force[f].id, halves / 2, smcs, where, hexes);
    if (mu_halves > 4 * hexes)
        return lnlt_error_set(c->err, "%s: %s: force \"%s\" (%d mounted squad-equivalents) cannot stack "
                                      "legally in %s (%d hex(es); at most 2 mounted squad-equivalents per "
                                      "hex, 6.6)",
                              c->name, path, c->s->force[f].id, mu_halves / 2, where, hexes);
    return true;
}

/* 15.1.2: does the mid-game position put a Rubble marker on the hex? */
static bool state_rubbled(const lnlt_scn_state *st, lnlt_hex h)
{
    for (int i = 0; i < st->marker_count; i++)
        if (st->marker[i].kind == LNLT_SCN_HM_RUBBLE && lnlt_hex_equal(st->marker[i].hex, h))
            return true;
    return false;
}

bool lnlt_scenario_check_board(const lnlt_scenario *s, const lnlt_catalog *cat, const char *name,
                               const lnlt_map *const *maps, int map_count, lnlt_error *err)
{
    board b;
    memset(&b, 0, sizeof b);
    char path[200];
    chk c = {s, cat, &b, name ? name : "(scenario)", err};
    for (int i = 0; i < map_count && i < MAX_BOARD; i++)
        b.m[b.n++] = maps[i];
    if (b.n == 0)
        return lnlt_error_set(err, "%s: no map to check the scenario against", c.name);
    b.first_number = lnlt_map_number(b.m[0]);
    /* zones */
    for (int i = 0; i < s->zone_count; i++) {
        const lnlt_scn_zone *z = &s->zone[i];
        for (int k = 0; k < z->hex_count; k++) {
            snprintf(path, sizeof path, "$.zones[%d].%s[%d]", i,
                     z->path_side > 0 ? "east_of" : z->path_side < 0 ? "west_of" : "hexes", k);
            if (!check_hex(&c, path, z->hex[k]))
                return false;
        }
        if (z->has_within) {
            snprintf(path, sizeof path, "$.zones[%d].within.hex", i);
            if (!check_hex(&c, path, z->center))
                return false;
        }
        for (int k = 0; k < z->terrain_count; k++) {
            const lnlt_tec *tec = lnlt_map_tec(b.m[0]);
            if (lnlt_tec_find(tec, z->terrain[k]) < 0) {
                lnlt_error_set(err, "%s: $.zones[%d].terrain[%d]: the %s terrain chart has no "
                                    "terrain \"%s\"", c.name, i, k, tec->era, z->terrain[k]);
                return false;
            }
        }
        if (zone_count(s, z, &b) < 1) {
            lnlt_error_set(err, "%s: $.zones[%d]: zone \"%s\" holds no hex of the map(s) inside "
                                "the playable area", c.name, i, z->id);
            return false;
        }
    }
    /* forces */
    for (int f = 0; f < s->force_count; f++) {
        const lnlt_scn_arrive *a = &s->force[f].arrive;
        for (int l = 0; l < s->force[f].line_count && a->how != LNLT_ARRIVE_SETUP; l++)
            if (cat->unit[s->line[s->force[f].first_line + l].type].kind == LNLT_UK_VEHICLE)
                return lnlt_error_set(err, "%s: $.forces[%d].arrive: vehicles set up on the map; entering by an edge or "
                                           "an event is not played yet for them (ruling R-SCN-32)",
                                      c.name, f);
        if (a->how == LNLT_ARRIVE_SETUP) {
            snprintf(path, sizeof path, "$.forces[%d].arrive.zone", f);
            char where[80];
            snprintf(where, sizeof where, "set-up zone \"%s\"", s->zone[a->zone].id);
            if (!check_fits(&c, path, f, setup_zone_count(s, &s->zone[a->zone], &b), where))
                return false;
        }
    }
    /* events, objectives, actions */
    for (int i = 0; i < s->event_count; i++) {
        snprintf(path, sizeof path, "$.events[%d].hex", i);
        if (!check_hex(&c, path, s->event[i].hex))
            return false;
    }
    for (int i = 0; i < s->objective_count; i++) {
        snprintf(path, sizeof path, "$.objectives[%d].hex", i);
        if (!check_hex(&c, path, s->objective[i].hex))
            return false;
    }
    for (int i = 0; i < s->action_count; i++) {
        const lnlt_scn_action *ac = &s->action[i];
        if (ac->op != LNLT_OP_PLACE)
            continue;
        /* Report with the owning event/paragraph path. */
        char where[80];
        snprintf(path, sizeof path, "$.actions[%d]", i);
        for (int e = 0; e < s->event_count; e++)
            if (i >= s->event[e].first_action && i < s->event[e].first_action + s->event[e].action_count)
                snprintf(path, sizeof path, "$.events[%d].actions[%d]", e,
                         i - s->event[e].first_action);
        for (int p = 0; p < s->paragraph_count; p++)
            if (i >= s->paragraph[p].first_action &&
                i < s->paragraph[p].first_action + s->paragraph[p].action_count)
                snprintf(path, sizeof path, "$.paragraphs[%d].actions[%d]", p,
                         i - s->paragraph[p].first_action);
        if (ac->has_hex) {
            char hp[220];
            char id[LNLT_HEX_ID_MAX];
            snprintf(hp, sizeof hp, "%s.hex", path);
            if (!check_hex(&c, hp, ac->hex))
                return false;
            snprintf(where, sizeof where, "hex %s", lnlt_hex_format(ac->hex, id));
            if (!check_fits(&c, path, ac->force, 1, where))
                return false;
        } else {
            snprintf(where, sizeof where, "zone \"%s\"", s->zone[ac->zone].id);
            if (!check_fits(&c, path, ac->force, zone_count(s, &s->zone[ac->zone], &b), where))
                return false;
        }
    }
    /* fortifications (21.1-21.4) */
    for (int i = 0; i < s->fort_count; i++) {
        snprintf(path, sizeof path, "$.fortifications[%d].hex", i);
        if (!check_hex(&c, path, s->fort[i].hex))
            return false;
        snprintf(path, sizeof path, "$.fortifications[%d].front", i);
        if ((s->fort[i].kind == LNLT_SCN_FORT_BUNKER || s->fort[i].kind == LNLT_SCN_FORT_CAVE) &&
            !check_hex(&c, path, s->fort[i].front))
            return false;
    }
    /* terrain counters (10.5.2-10.5.5), on the board's first map */
    if (!scn_check_terrain_counters(s, b.m[0], c.name, err))
        return false;
    /* mid-game position */
    if (s->has_state) {
        const lnlt_scn_state *st = &s->state;
        for (int i = 0; i < st->unit_count; i++) {
            snprintf(path, sizeof path, "$.state.units[%d].hex", i);
            if (st->unit[i].where == LNLT_SCN_ON_MAP && !check_state_hex(&c, path, st->unit[i].hex))
                return false;
            const lnlt_map *m = map_of(&b, st->unit[i].hex);
            const lnlt_terrain *t = m ? lnlt_map_terrain(m, st->unit[i].hex) : NULL;
            bool rubbled = state_rubbled(st, st->unit[i].hex);
            char id[LNLT_HEX_ID_MAX];
            if (cat->unit[st->unit[i].type].kind == LNLT_UK_VEHICLE && t && st->unit[i].where == LNLT_SCN_ON_MAP &&
                (st->unit[i].floor || ((t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) && !rubbled)))
                return lnlt_error_set(err, "%s: %s: a vehicle in a building (%s): a vehicle is only ever in one "
                                           "it has rubbled, with a Rubble marker there (1.3, 15.1.2)",
                                      c.name, path, lnlt_hex_format(st->unit[i].hex, id));
            if (rubbled && st->unit[i].where == LNLT_SCN_ON_MAP && st->unit[i].floor && st->unit[i].floor != 3)
                return lnlt_error_set(err, "%s: %s: %s is Rubble: it has no upper floor or rooftop (15.1.2, ruling R-VEH-39)",
                                      c.name, path, lnlt_hex_format(st->unit[i].hex, id));
        }
        for (int i = 0; i < st->sw_count; i++)
            if (st->sw[i].held_by < 0 && st->sw[i].where == LNLT_SCN_ON_MAP) {
                snprintf(path, sizeof path, "$.state.weapons[%d].hex", i);
                if (!check_state_hex(&c, path, st->sw[i].hex))
                    return false;
            }
        for (int i = 0; i < st->marker_count; i++) {
            snprintf(path, sizeof path, "$.state.markers[%d].hex", i);
            if (!check_state_hex(&c, path, st->marker[i].hex))
                return false;
            const lnlt_map *m = map_of(&b, st->marker[i].hex);
            const lnlt_terrain *t = m ? lnlt_map_terrain(m, st->marker[i].hex) : NULL;
            char id[LNLT_HEX_ID_MAX];
            if (st->marker[i].kind == LNLT_SCN_HM_RUBBLE && t && !(t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
                return lnlt_error_set(err, "%s: %s: Rubble lies only in a building or huts hex, and %s is %s (15.1.2)",
                                      c.name, path, lnlt_hex_format(st->marker[i].hex, id), t->name);
        }
        for (int i = 0; i < st->control_count; i++) {
            snprintf(path, sizeof path, "$.state.control.%s[%d]", s->side[st->control[i].side].id, i);
            if (!check_state_hex(&c, path, st->control[i].hex))
                return false;
        }
        if (!check_registers(&c, &b, st))
            return false;
        /* A position may hold a scenario's stand-in heroes, types that
         * lnlt_scenario_prepare adds to the catalog: checked against a catalog
         * without them, the unit's type would be read from an empty slot. */
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].type < 0 || st->unit[i].type >= cat->unit_count)
                return lnlt_error_set(err, "%s: $.state.units[%d].type: \"%s\" is not in this catalog (a stand-in "
                                           "hero's type is added by lnlt_scenario_prepare)",
                                      c.name, i, st->unit[i].type_id);
        /* stacking per side, hex and floor: the first unit to break it is reported */
        for (int i = 0; i < st->unit_count; i++) {
            int halves = 0, smcs = 0, mu_halves = 0;
            if (st->unit[i].where != LNLT_SCN_ON_MAP || st->unit[i].aboard >= 0) /* 16.0: passengers do not count */
                continue;
            for (int k = 0; k <= i; k++) {
                const lnlt_scn_unit_state *u = &st->unit[k];
                if (u->where != LNLT_SCN_ON_MAP || u->aboard >= 0 || u->side != st->unit[i].side || u->floor != st->unit[i].floor ||
                    !same_hex(&b, u->hex, st->unit[i].hex))
                    continue;
                int kind = cat->unit[u->type].kind;
                halves += lnlt_unit_kind_stack_halves(kind);
                smcs += lnlt_unit_kind_is_smc(kind);
                mu_halves += cat->unit[u->type].mount ? lnlt_unit_kind_stack_halves(kind) : 0; /* 6.6 */
            }
            if (halves > 6 || smcs > 2) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_error_set(err, "%s: $.state.units[%d]: overstacked in %s: at most 3 "
                                    "squad-equivalents and 2 SMCs per side per hex",
                               c.name, i, lnlt_hex_format(st->unit[i].hex, id));
                return false;
            }
            if (mu_halves > 4) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_error_set(err, "%s: $.state.units[%d]: overstacked in %s: at most 2 mounted "
                                    "squad-equivalents per side per hex (6.6)",
                               c.name, i, lnlt_hex_format(st->unit[i].hex, id));
                return false;
            }
        }
    }
    return true;
}

bool lnlt_scenario_check_maps(const lnlt_scenario *s, const lnlt_catalog *cat,
                              const char *name, const char *maps_dir, lnlt_error *err)
{
    lnlt_map *owned[MAX_BOARD] = {NULL};
    int n = 0;
    bool ok = lnlt_scenario_load_maps(s, name, maps_dir, owned, &n, err) &&
              lnlt_scenario_check_board(s, cat, name, (const lnlt_map *const *)owned, n, err);
    for (int i = 0; i < MAX_BOARD; i++)
        if (owned[i])
            lnlt_map_free(owned[i]);
    return ok;
}

bool lnlt_scenario_load_maps(const lnlt_scenario *s, const char *name, const char *maps_dir, lnlt_map **out,
                             int *count, lnlt_error *err)
{
    *count = 0;
    for (int i = 0; i < s->map_count && i < MAX_BOARD; i++) {
        char file[1024];
        lnlt_error merr = {{0}};
        snprintf(file, sizeof file, "%s/%s.json", maps_dir, s->map_id[i]);
        if (!lnlt_map_load_file(file, &out[i], &merr)) {
            for (int k = 0; k < i; k++) {
                lnlt_map_free(out[k]);
                out[k] = NULL;
            }
            *count = 0;
            return lnlt_error_set(err, "%s: $.maps[%d]: cannot load map \"%s\": %s", name ? name : "(scenario)", i,
                                  s->map_id[i], merr.msg);
        }
        *count = i + 1;
    }
    return true;
}

bool lnlt_scenario_changes_map(const lnlt_scenario *s)
{
    if (s->counter_count)
        return true; /* terrain counters lie on the game's own copy (10.5.2-10.5.5) */
    for (int r = 0; r < s->rule_count; r++)
        if (s->rule[r].kind == LNLT_SSR_BUILDINGS_ONE_LEVEL || s->rule[r].kind == LNLT_SSR_NO_UPPER_LEVEL)
            return true;
    return false;
}

/* The stand-in type of counter `base` for nation `nat`, if the catalog has it. */
static int stand_in_of(const lnlt_catalog *cat, int base, int nat)
{
    for (int t = 0; t < cat->unit_count; t++)
        if (cat->unit[t].stand_in_for == base && cat->unit[t].nation == nat)
            return t;
    return LNLT_NONE;
}

bool scn_add_stand_ins(const lnlt_scenario *s, lnlt_catalog *cat, lnlt_error *err)
{
    for (int r = 0; r < s->rule_count; r++) {
        const lnlt_scn_rule *rule = &s->rule[r];
        if (rule->kind != LNLT_SSR_HERO_STAND_IN)
            continue;
        /* 11.2.1: a stand-in counter plays a hero of each nation of its side;
         * no more copies than the side may have heroes on the map. A type the
         * catalog already has (the loader added it to read a position, or an
         * earlier call) is not added twice, so the types and their indices are
         * the same whichever adds them first. */
        const lnlt_scn_side *sd = &s->side[rule->side];
        for (int k = 0; k < sd->nation_count; k++) {
            int nat = sd->nation[k];
            if (nat < 0 || stand_in_of(cat, rule->unit, nat) >= 0)
                continue;
            if (lnlt_catalog_add_stand_in_hero(cat, rule->unit, nat, rule->value, cat->nation[nat].heroes_max,
                                               err) < 0)
                return false;
        }
    }
    return true;
}

bool lnlt_scenario_prepare(const lnlt_scenario *s, lnlt_catalog *cat, lnlt_map *map, lnlt_error *err)
{
    if (map && !scn_place_terrain_counters(s, map, err))
        return false;
    if (!scn_add_stand_ins(s, cat, err))
        return false;
    for (int r = 0; r < s->rule_count; r++) {
        const lnlt_scn_rule *rule = &s->rule[r];
        switch (rule->kind) {
        case LNLT_SSR_BUILDINGS_ONE_LEVEL:
            if (map)
                lnlt_map_one_storey_buildings(map);
            break;
        case LNLT_SSR_NO_UPPER_LEVEL:
            for (int c = 0; map && c < lnlt_map_cells(map); c++) {
                const lnlt_map *maps[1] = {map};
                if (lnlt_map_cell_exists(map, c) &&
                    lnlt_scenario_zone_has(s, rule->zone, maps, 1, lnlt_map_hex_at(map, c)))
                    lnlt_map_remove_upper_floor(map, lnlt_map_hex_at(map, c));
            }
            break;
        default:
            break;
        }
    }
    return true;
}
