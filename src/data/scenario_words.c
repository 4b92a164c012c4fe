/*
 * scenario_words.c: scenario elements in words (rule 22.0 scenario layout: order of
 * battle, zones, arrivals), for the event log, the briefing and the views, so no
 * internal id ("nva_platoon", "vp_buildings") ever reaches a player. The words are
 * built from the data alone: a force is named by its side and its counters, a
 * zone by the parts that define it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/map.h"
#include "lnlt/scenario.h"

/* Appends printf-style text at *n, never past len (the result stays terminated). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    if (*n >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    if (w > 0)
        *n += (size_t)w;
    if (*n >= len)
        *n = len - 1;
}

static const char *unit_name(const lnlt_catalog *cat, int type, const char *id)
{
    return cat && type >= 0 && type < cat->unit_count ? cat->unit[type].name : id;
}

static const char *sw_name(const lnlt_catalog *cat, int type, const char *id)
{
    return cat && type >= 0 && type < cat->sw_count ? cat->sw[type].name : id;
}

char *lnlt_scenario_force_words(const lnlt_scenario *s, const lnlt_catalog *cat, int force, char *buf, size_t len)
{
    size_t n = 0;
    if (len == 0)
        return buf;
    buf[0] = 0;
    if (!s || force < 0 || force >= s->force_count) {
        put(buf, len, &n, "an unknown force");
        return buf;
    }
    const lnlt_scn_force *f = &s->force[force];
    int items = 0;
    for (int i = f->first_line; i < f->first_line + f->line_count && i < s->line_count; i++) {
        const lnlt_scn_line *l = &s->line[i];
        put(buf, len, &n, "%s", items++ ? ", " : "");
        if (l->count > 1)
            put(buf, len, &n, "%d × ", l->count);
        put(buf, len, &n, "%s", unit_name(cat, l->type, l->type_id));
        if (l->skill >= 0 && cat && l->skill < cat->skill_count)
            put(buf, len, &n, " (%s)", cat->skill[l->skill].name);
    }
    for (int i = f->first_sw; i < f->first_sw + f->sw_count && i < s->sw_count; i++) {
        const lnlt_scn_sw_line *w = &s->sw[i];
        put(buf, len, &n, "%s", items == 0 ? "" : i == f->first_sw ? " with " : ", ");
        items++;
        if (w->count > 1)
            put(buf, len, &n, "%d × ", w->count);
        put(buf, len, &n, "%s", sw_name(cat, w->type, w->type_id));
    }
    if (items == 0)
        put(buf, len, &n, "no units");
    return buf;
}

static const char *edge_words(unsigned edges, char *buf, size_t len)
{
    static const char *const names[4] = {"north", "east", "south", "west"};
    size_t n = 0;
    int count = 0, total = 0;
    buf[0] = 0;
    for (int i = 0; i < 4; i++)
        total += (edges >> i) & 1;
    for (int i = 0; i < 4; i++) {
        if (!((edges >> i) & 1))
            continue;
        count++;
        put(buf, len, &n, "%s%s", count == 1 ? "" : count == total ? " or " : ", ", names[i]);
    }
    put(buf, len, &n, " edge%s", total > 1 ? "s" : "");
    return buf;
}

const char *lnlt_edge_words(unsigned edges, char *buf, size_t len)
{
    if (len == 0)
        return buf;
    return edge_words(edges, buf, len);
}

/* A terrain id in words: the map chart's name, else the id with spaces. */
static void terrain_words(const lnlt_map *map, const char *id, char *buf, size_t len)
{
    int t = map ? lnlt_tec_find(lnlt_map_tec(map), id) : -1;
    if (t >= 0) {
        snprintf(buf, len, "%s", lnlt_map_tec(map)->t[t].name);
        return;
    }
    snprintf(buf, len, "%s", id);
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
}

/* A hex as the board names it: bare ("J5") when the scenario uses one map. */
static const char *hex_words(const lnlt_scenario *s, lnlt_hex h, char *id)
{
    if (s->map_count <= 1)
        h.map = 0;
    return lnlt_hex_format(h, id);
}

char *lnlt_scenario_zone_words(const lnlt_scenario *s, const struct lnlt_map *map, int zone, char *buf, size_t len)
{
    size_t n = 0;
    if (len == 0)
        return buf;
    buf[0] = 0;
    if (!s || zone < 0 || zone >= s->zone_count) {
        put(buf, len, &n, "an unknown area");
        return buf;
    }
    const lnlt_scn_zone *z = &s->zone[zone];
    char id[LNLT_HEX_ID_MAX], tmp[64];
    if (z->terrain_count > 0) {
        for (int i = 0; i < z->terrain_count; i++) {
            terrain_words(map, z->terrain[i], tmp, sizeof tmp);
            put(buf, len, &n, "%s%s", i == 0 ? "" : i == z->terrain_count - 1 ? " or " : ", ", tmp);
        }
        put(buf, len, &n, " hexes");
    } else if (z->path_side == 0 && z->hex_count > 0) {
        put(buf, len, &n, "hex%s", z->hex_count > 1 ? "es" : "");
        for (int i = 0; i < z->hex_count; i++)
            put(buf, len, &n, "%s%s", i == 0 ? " " : i == z->hex_count - 1 ? " and " : ", ",
                hex_words(s, z->hex[i], id));
    } else {
        put(buf, len, &n, "hexes");
    }
    if (z->terrain_count > 0 && z->path_side == 0 && z->hex_count > 0) {
        put(buf, len, &n, " among");
        for (int i = 0; i < z->hex_count; i++)
            put(buf, len, &n, "%s%s", i == 0 ? " " : i == z->hex_count - 1 ? " and " : ", ",
                hex_words(s, z->hex[i], id));
    }
    if (z->has_within) {
        if (z->range == 0)
            put(buf, len, &n, " in %s", hex_words(s, z->center, id));
        else
            put(buf, len, &n, " in or within %d hex%s of %s", z->range, z->range == 1 ? "" : "es",
                hex_words(s, z->center, id));
    }
    if (z->path_side != 0 && z->hex_count > 0) {
        put(buf, len, &n, " %s of the line", z->path_side > 0 ? "east" : "west");
        for (int i = 0; i < z->hex_count; i++)
            put(buf, len, &n, "%s%s", i ? "-" : " ", hex_words(s, z->hex[i], id));
    }
    if (z->edges)
        put(buf, len, &n, " on the %s", edge_words(z->edges, tmp, sizeof tmp));
    if (!z->has_within && !z->edges && z->path_side == 0 && z->hex_count == 0 && z->terrain_count > 0)
        put(buf, len, &n, " anywhere on the map");
    return buf;
}

char *lnlt_scenario_objective_words(const lnlt_scenario *s, int objective, bool revealed, char *buf, size_t len)
{
    size_t n = 0;
    if (len == 0)
        return buf;
    buf[0] = 0;
    if (!s || objective < 0 || objective >= s->objective_count) {
        put(buf, len, &n, "an unknown objective");
        return buf;
    }
    const lnlt_scn_objective *o = &s->objective[objective];
    put(buf, len, &n, "the ");
    for (const char *p = o->id; *p && n + 1 < len; p++)
        put(buf, len, &n, "%c", *p == '_' ? ' ' : *p);
    if (!o->hidden || revealed) {
        char id[LNLT_HEX_ID_MAX];
        put(buf, len, &n, " in %s", hex_words(s, o->hex, id));
    }
    return buf;
}
