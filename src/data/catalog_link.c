/*
 * catalog_link.c: linking a catalog once its files are read (lnlt_catalog_link):
 * every reference by id (a unit's nation, what it reduces to, its casualty
 * counters, ...) resolves to an entry, and checks that span entries; a failure
 * names the file and the JSON path of the reference.
 */
#include "lnlt/data.h"

#include <stdio.h>
#include <string.h>

#include "data/catalog_internal.h"

/* ---- linking ---- */

static bool link_fail(lnlt_error *err, const lnlt_catalog *c, int file, const char *section,
                      int index, const char *rest, const char *msg, const char *id)
{
    /* index is the position inside the section of its file. */
    return lnlt_error_set(err, "%s: $.%s[%d]%s: %s \"%s\"", c->file_name[file], section, index,
                          rest, msg, id);
}

/* Position of entry i among the entries of the same file (for JSON paths). */
static int pos_unit(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->unit[j].file == c->unit[i].file;
    return p;
}
static int pos_sw(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->sw[j].file == c->sw[i].file;
    return p;
}
static int pos_nation(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->nation[j].file == c->nation[i].file;
    return p;
}

bool lnlt_catalog_link(lnlt_catalog *c, lnlt_error *err)
{
    for (int i = 0; i < c->unit_count; i++) {
        lnlt_unit_type *u = &c->unit[i];
        u->nation = (int16_t)lnlt_catalog_nation(c, u->nation_id);
        if (u->nation < 0)
            return link_fail(err, c, u->file, "units", pos_unit(c, i), ".nation",
                             "expected the id of a nation, found", u->nation_id);
        u->reduces_to = LNLT_NONE;
        for (int f = 0; f < 6; f++)
            u->casualty[f] = LNLT_NONE;
        if (u->reduces_to_id[0]) {
            u->reduces_to = (int16_t)lnlt_catalog_unit(c, u->reduces_to_id);
            if (u->reduces_to < 0)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".reduces_to",
                                 "expected the id of a unit type, found", u->reduces_to_id);
            if (u->reduces_to == i)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".reduces_to",
                                 "a unit cannot reduce to itself:", u->reduces_to_id);
            for (int f = 0; f < 6; f++)
                u->casualty[f] = u->reduces_to;
        }
        u->dismounts_to = LNLT_NONE;
        if (u->dismounts_to_id[0]) { /* 6.6: a leg unit of the same kind and nation */
            int d = lnlt_catalog_unit(c, u->dismounts_to_id);
            const char *why = d < 0                             ? "expected the id of a unit type, found"
                            : c->unit[d].mount != LNLT_MOUNT_NONE ? "a mounted unit dismounts to a leg unit, not to"
                            : c->unit[d].kind != u->kind ? "a mounted unit dismounts to a leg unit of its own kind "
                                                           "(squad or half-squad), not to"
                            : strcmp(c->unit[d].nation_id, u->nation_id)
                                ? "a mounted unit dismounts to a leg unit of its own nation, not to"
                                : NULL;
            if (why)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".dismounts_to", why,
                                 u->dismounts_to_id);
            u->dismounts_to = (int16_t)d;
        }
    }
    for (int i = 0; i < c->sw_count; i++) {
        lnlt_sw_type *w = &c->sw[i];
        w->nation = LNLT_NONE;
        if (w->nation_id[0]) {
            w->nation = (int16_t)lnlt_catalog_nation(c, w->nation_id);
            if (w->nation < 0)
                return link_fail(err, c, w->file, "weapons", pos_sw(c, i), ".nation",
                                 "expected the id of a nation, found", w->nation_id);
        }
    }
    for (int i = 0; i < c->nation_count; i++) {
        lnlt_nation *n = &c->nation[i];
        char rest[96];
        for (int s = 0; s < n->share_count; s++) {
            n->share_sw[s] = (int16_t)lnlt_catalog_nation(c, n->share_sw_id[s]);
            snprintf(rest, sizeof rest, ".shares_sw_with[%d]", s);
            if (n->share_sw[s] < 0)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "expected the id of a nation, found", n->share_sw_id[s]);
        }
        for (int k = 0; k < n->casualty_count; k++) {
            lnlt_casualty_row *row = &n->casualty[k];
            snprintf(rest, sizeof rest, ".casualty_table[%d].from", k);
            row->from = (int16_t)lnlt_catalog_unit(c, row->from_id);
            if (row->from < 0)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "expected the id of a unit type, found", row->from_id);
            lnlt_unit_type *u = &c->unit[row->from];
            if (u->nation != i)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "a nation's casualty table lists its own units only; not",
                                 row->from_id);
            if (u->reduces_to_id[0])
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "ambiguous: the unit file also gives reduces_to for",
                                 row->from_id);
            for (int f = 0; f < 6; f++) {
                row->to[f] = LNLT_NONE;
                if (!row->to_id[f][0])
                    continue;
                row->to[f] = (int16_t)lnlt_catalog_unit(c, row->to_id[f]);
                snprintf(rest, sizeof rest, ".casualty_table[%d].results", k);
                if (row->to[f] < 0)
                    return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                     "expected the id of a unit type, found", row->to_id[f]);
                u->casualty[f] = row->to[f];
            }
        }
    }
    if (!catalog_link_vehicles(c, err))
        return false;
    c->linked = true;
    return true;
}
