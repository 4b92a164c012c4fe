/*
 * scenario.c: loading a scenario file (lnlt/scenario.h, docs/formats/scenario.md):
 * the top-level document, its sides, maps, playable area, north edge, turns and
 * initiative (rule 22.0), and the lookups by id the rest of the engine uses. The
 * parts of the document are read by the other scenario_*.c files of this directory
 * (scenario_internal.h); checks that need the map live in scenario_check.c.
 *
 * Parsing is in passes so references may point forward: paragraph numbers and
 * force ids are collected first, then everything that refers to them is read.
 */
#include "lnlt/scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/jread.h"
#include "data/scenario_terrain.h"
#include "data/scenario_vehicles.h"
#include "data/scenario_internal.h"

int lnlt_scenario_side(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < LNLT_SCN_SIDES; i++)
        if (!strcmp(s->side[i].id, id))
            return i;
    return LNLT_NONE;
}
int lnlt_scenario_zone(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < s->zone_count; i++)
        if (!strcmp(s->zone[i].id, id))
            return i;
    return LNLT_NONE;
}
int lnlt_scenario_force(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < s->force_count; i++)
        if (!strcmp(s->force[i].id, id))
            return i;
    return LNLT_NONE;
}

bool lnlt_scenario_in_area(const lnlt_scenario *s, lnlt_hex h)
{
    if (!s->has_area)
        return true;
    return h.col >= s->area_col[0] && h.col <= s->area_col[1] && h.row >= s->area_row[0] &&
           h.row <= s->area_row[1];
}

void lnlt_scenario_free(lnlt_scenario *s)
{
    free(s);
}

/* ---- sides ---- */

static bool read_sides(ctx *c, json_t *root)
{
    json_t *a;
    if (!jr_array(&c->r, root, "sides", true, 2, &a))
        return false;
    size_t old = jr_key(&c->r, "sides");
    if (json_array_size(a) != 2)
        return jr_fail(&c->r, "expected exactly two sides, found %zu", json_array_size(a));
    for (int i = 0; i < 2; i++) {
        static const char *const keys[] = {"id", "name", "formation", "nations",
                                           "sets_up_first", NULL};
        lnlt_scn_side *sd = &c->s->side[i];
        json_t *v = json_array_get(a, (size_t)i), *n;
        size_t o2 = jr_idx(&c->r, (size_t)i);
        if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
            !jr_id(&c->r, v, "id", true, sd->id) ||
            !jr_str(&c->r, v, "name", true, sd->name, sizeof sd->name) ||
            !jr_str(&c->r, v, "formation", false, sd->formation, sizeof sd->formation) ||
            !jr_bool(&c->r, v, "sets_up_first", false, &sd->sets_up_first) ||
            !jr_array(&c->r, v, "nations", true, LNLT_SCN_SIDE_NATIONS, &n))
            return false;
        if (!strcmp(sd->id, "any") || !strcmp(sd->id, "both") || !strcmp(sd->id, "draw")) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "\"%s\" is reserved and cannot name a side", sd->id);
        }
        if (i == 1 && !strcmp(sd->id, c->s->side[0].id)) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "both sides are called \"%s\"", sd->id);
        }
        size_t o3 = jr_key(&c->r, "nations");
        if (json_array_size(n) == 0)
            return jr_fail(&c->r, "expected at least one nation");
        for (size_t k = 0; k < json_array_size(n); k++) {
            size_t o4 = jr_idx(&c->r, k);
            if (!jr_id_value(&c->r, json_array_get(n, k), sd->nation_id[k]))
                return false;
            int ni = lnlt_catalog_nation(c->cat, sd->nation_id[k]);
            if (ni < 0)
                return jr_fail(&c->r, "expected the id of a nation in the catalog, found \"%s\"",
                               sd->nation_id[k]);
            sd->nation[k] = (int16_t)ni;
            jr_pop(&c->r, o4);
        }
        sd->nation_count = (uint8_t)json_array_size(n);
        jr_pop(&c->r, o3);
        jr_pop(&c->r, o2);
    }
    if (c->s->side[0].sets_up_first && c->s->side[1].sets_up_first)
        return jr_fail(&c->r, "only one side can set up first");
    jr_pop(&c->r, old);
    return true;
}

/* ---- top level ---- */

static bool read_area(ctx *c, json_t *root)
{
    static const char *const keys[] = {"columns", "rows", NULL};
    lnlt_scenario *s = c->s;
    json_t *v = json_object_get(root, "playable_area");
    if (!v || json_is_null(v))
        return true;
    size_t old = jr_key(&c->r, "playable_area");
    json_t *cols, *rows;
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !jr_array(&c->r, v, "columns", true, 2, &cols) || !jr_array(&c->r, v, "rows", true, 2, &rows))
        return false;
    size_t o2 = jr_key(&c->r, "columns");
    if (json_array_size(cols) != 2)
        return jr_fail(&c->r, "expected [first, last] column letters");
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(cols, i);
        char buf[16];
        lnlt_hex h;
        size_t o3 = jr_idx(&c->r, i);
        if (!json_is_string(e) || json_string_length(e) < 1 || json_string_length(e) > 3)
            return jr_fail(&c->r, "expected a column letter such as \"E\", found %s", jr_type(e));
        snprintf(buf, sizeof buf, "%s1", json_string_value(e));
        if (!lnlt_hex_parse(buf, &h, NULL, 0) || h.map)
            return jr_fail(&c->r, "expected a column letter such as \"E\", found \"%s\"",
                           json_string_value(e));
        s->area_col[i] = h.col;
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    o2 = jr_key(&c->r, "rows");
    if (json_array_size(rows) != 2)
        return jr_fail(&c->r, "expected [first, last] row numbers");
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(rows, i);
        size_t o3 = jr_idx(&c->r, i);
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) > 99)
            return jr_fail(&c->r, "expected a row number from 0 to 99, found %s", jr_type(e));
        s->area_row[i] = (int16_t)json_integer_value(e);
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    if (s->area_col[0] > s->area_col[1] || s->area_row[0] > s->area_row[1])
        return jr_fail(&c->r, "the first column and row must not come after the last");
    s->has_area = true;
    jr_pop(&c->r, old);
    return true;
}

static bool parse_scenario(ctx *c, json_t *root)
{
    static const char *const keys[] = {"kind", "format", "id", "title", "place", "date",
                                       "summary", "source", "maps", "playable_area",
                                       "north_edge", "turns", "initiative", "sides", "zones",
                                       "forces", "special_rules", "objectives", "events",
                                       "paragraphs", "victory", "state", "fortifications", "artillery",
                                       "terrain_counters", NULL};
    lnlt_scenario *s = c->s;
    jr *r = &c->r;
    int turns, north;
    if (!jr_keys(r, root, keys) || !jr_header(r, root, "scenario") ||
        !jr_id(r, root, "id", true, s->id) || !jr_str(r, root, "title", true, s->title, sizeof s->title) ||
        !jr_str(r, root, "place", true, s->place, sizeof s->place) ||
        !jr_str(r, root, "date", true, s->date, sizeof s->date) ||
        !jr_str(r, root, "summary", false, s->summary, sizeof s->summary) ||
        !jr_str(r, root, "source", false, s->source, sizeof s->source) ||
        !jr_enum(r, root, "north_edge", false, scn_north_names, 4, 0, &north) ||
        !jr_int(r, root, "turns", true, 1, 40, 1, &turns))
        return false;
    s->turns = (int8_t)turns;
    s->north = (uint8_t)north;
    if (north != LNLT_NORTH_TOP) {
        jr_key(r, "north_edge");
        return jr_fail(r, "the engine plays maps with north at the top (\"top\") only; turn the map and its "
                          "hexes instead");
    }
    if (strchr(s->summary, '\n')) {
        jr_key(r, "summary");
        return jr_fail(r, "the summary is one line (no newlines)");
    }
    json_t *maps;
    if (!jr_array(r, root, "maps", true, LNLT_SCN_MAPS, &maps))
        return false;
    size_t old = jr_key(r, "maps");
    if (json_array_size(maps) == 0)
        return jr_fail(r, "expected at least one map id");
    for (size_t i = 0; i < json_array_size(maps); i++) {
        size_t o2 = jr_idx(r, i);
        if (!jr_id_value(r, json_array_get(maps, i), s->map_id[i]))
            return false;
        jr_pop(r, o2);
    }
    s->map_count = (uint8_t)json_array_size(maps);
    jr_pop(r, old);
    if (!read_area(c, root) || !read_sides(c, root) ||
        !scn_read_side(c, root, "initiative", true, false, &s->initiative) || !scn_read_zones(c, root) ||
        !scn_read_objectives(c, root) || !scn_read_forces(c, root) || !scn_read_rules(c, root) ||
        !scn_read_events_and_paragraphs(c, root) || !scn_read_victory(c, root) || !scn_read_state(c, root) ||
        !scn_read_fortifications(&c->r, c->s, root) || !scn_read_artillery(&c->r, c->s, root) ||
        !scn_read_terrain_counters(&c->r, c->s, root) || !scn_check_bunker_floors(&c->r, c->s))
        return false;
    /* At most heroes_max heroes per nation in play, counting every force that may
     * arrive (11.2). */
    for (int l = 0; l < s->line_count; l++) {
        const lnlt_unit_type *t = &c->cat->unit[s->line[l].type];
        if (t->kind != LNLT_UK_HERO)
            continue;
        int n = 0;
        for (int k = 0; k <= l; k++)
            if (c->cat->unit[s->line[k].type].kind == LNLT_UK_HERO &&
                c->cat->unit[s->line[k].type].nation == t->nation)
                n += s->line[k].count;
        const lnlt_nation *na = &c->cat->nation[t->nation];
        if (n > na->heroes_max) {
            const lnlt_scn_force *f = &s->force[s->line[l].force];
            jr_pop(r, 1);
            jr_key(r, "forces");
            jr_idx(r, (size_t)s->line[l].force);
            jr_key(r, "units");
            jr_idx(r, (size_t)(l - f->first_line));
            return jr_fail(r, "%d heroes of nation \"%s\": at most %d may be in play, reinforcements "
                              "included (11.2)", n, na->id, na->heroes_max);
        }
    }
    /* Every held force must be released or placed by something (else it never plays),
     * and every paragraph must be read by something. */
    for (int f = 0; f < s->force_count; f++) {
        if (s->force[f].arrive.how != LNLT_ARRIVE_HELD)
            continue;
        bool used = false;
        for (int k = 0; k < s->action_count; k++)
            if ((s->action[k].op == LNLT_OP_RELEASE || s->action[k].op == LNLT_OP_PLACE) &&
                s->action[k].force == f)
                used = true;
        if (!used) {
            jr_pop(r, 1);
            jr_key(r, "forces");
            jr_idx(r, (size_t)f);
            return jr_fail(r, "force \"%s\" is held off map but no event paragraph releases or "
                              "places it", s->force[f].id);
        }
    }
    for (int p = 0; p < s->paragraph_count; p++) {
        bool used = false;
        for (int k = 0; k < s->action_count; k++) {
            const lnlt_scn_action *ac = &s->action[k];
            if ((ac->op == LNLT_OP_READ || ac->op == LNLT_OP_MORALE_CHECK) &&
                (ac->paragraph == s->paragraph[p].number ||
                 (ac->op == LNLT_OP_MORALE_CHECK && ac->paragraph_fail == s->paragraph[p].number)))
                used = true;
        }
        if (!used) {
            jr_pop(r, 1);
            jr_key(r, "paragraphs");
            jr_idx(r, (size_t)p);
            return jr_fail(r, "paragraph %d is never read by an event or another paragraph",
                           s->paragraph[p].number);
        }
    }
    return true;
}

bool lnlt_scenario_load_json(const char *name, const char *text, size_t len,
                             const lnlt_catalog *cat, lnlt_scenario **out, lnlt_error *err)
{
    ctx c;
    memset(&c, 0, sizeof c);
    *out = NULL;
    jr_init(&c.r, name, err);
    if (!cat || !cat->linked)
        return lnlt_error_set(err, "%s: the catalog must be loaded and linked first", c.r.file);
    json_t *root = jr_parse(&c.r, text, len);
    if (!root)
        return false;
    c.cat = cat;
    c.s = calloc(1, sizeof *c.s);
    if (!c.s) {
        json_decref(root);
        return lnlt_error_set(err, "out of memory");
    }
    bool ok = parse_scenario(&c, root);
    json_decref(root);
    lnlt_catalog_free(c.with_stand_ins);
    if (!ok) {
        free(c.s);
        return false;
    }
    *out = c.s;
    return true;
}

bool lnlt_scenario_load_file(const char *path, const lnlt_catalog *cat, lnlt_scenario **out,
                             lnlt_error *err)
{
    char *text;
    size_t len;
    *out = NULL;
    if (!lnlt_read_file(path, &text, &len, err))
        return false;
    bool ok = lnlt_scenario_load_json(path, text, len, cat, out, err);
    free(text);
    return ok;
}
