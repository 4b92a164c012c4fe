/*
 * ctx_open.c: lnlt_ctx_open / lnlt_ctx_close (lnlt/game.h): from a scenario file
 * to the static inputs of a game: the counter catalog (the data/ directory), the
 * scenario (lnlt/scenario.h's loader, checked against its maps), the first map it
 * names (data/maps/<id>.json), the number of turns, the side with the initiative
 * on turn 1 and the side names.
 *
 * The data directory is the one holding the scenario's scenarios/ folder, so a
 * scenario in data/scenarios/ uses that data; a scenario elsewhere (a test
 * fixture, a user's file) uses ./data, else the source tree's data/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

typedef struct ctx_owned {
    lnlt_catalog *catalog;
    lnlt_map *map;
    lnlt_los_table *los_table;
    lnlt_tables *tables;
    lnlt_scenario *scenario;
    char side_name[3][LNLT_NAME_MAX]; /* ctx->side_name points here */
    lnlt_bunkers bunkers;             /* ctx->bunkers points here */
} ctx_owned;

/* 21.1: the scenario's bunkers as places of their hexes, and the optional rules
 * its special rules switch on (15.6, 15.10, 15.0). Before the tables are built:
 * a bunker is a location of its own. */
static void vehicle_rules_of(const lnlt_scenario *scn, const lnlt_map *map, lnlt_bunkers *b, unsigned *options)
{
    memset(b, 0, sizeof *b);
    *options = 0;
    for (int i = 0; i < scn->rule_count; i++) {
        const lnlt_scn_rule *r = &scn->rule[i];
        if (r->optional)
            continue; /* an optional rule the players did not choose */
        *options |= r->kind == LNLT_SSR_VEHICLE_SIZE_SPEED ? LNLT_OPT_SIZE_SPEED
                  : r->kind == LNLT_SSR_HULL_DOWN          ? LNLT_OPT_HULL_DOWN
                  : r->kind == LNLT_SSR_MG_SPLIT           ? LNLT_OPT_MG_SPLIT
                                                           : 0u;
    }
    int chart_tm = 2; /* EX-I04: a bunker's +2 */
    int k = map ? lnlt_tec_find(lnlt_map_tec(map), "bunker") : -1;
    if (k >= 0)
        chart_tm = lnlt_map_tec(map)->t[k].tm;
    for (int i = 0; i < scn->fort_count && b->count < LNLT_MAX_BUNKERS; i++) {
        const lnlt_scn_fort *f = &scn->fort[i];
        int cell = map ? lnlt_map_index(map, f->hex) : -1;
        if (f->kind != LNLT_SCN_FORT_BUNKER || cell < 0)
            continue;
        lnlt_bunker *x = &b->b[b->count++];
        x->cell = (int16_t)cell;
        x->tm = (int8_t)(f->fp ? f->fp : chart_tm);
        x->front = (uint8_t)lnlt_hex_direction_to(f->hex, f->front);
    }
}

static bool readable(const char *p) { return access(p, R_OK) == 0; }

/* The directory part of path ("." when none). */
static void dir_of(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, len, ".");
    else if (slash == path)
        snprintf(out, len, "/");
    else
        snprintf(out, len, "%.*s", (int)(slash - path), path);
}

static void find_data_dir(const char *scenario_dir, char *out, size_t len)
{
    size_t n = strlen(scenario_dir);
    const char *tail = "/scenarios";
    size_t t = strlen(tail);
    if (n > t && !strcmp(scenario_dir + n - t, tail)) {
        snprintf(out, len, "%.*s", (int)(n - t), scenario_dir);
        return;
    }
    if (!strcmp(scenario_dir, "scenarios")) {
        snprintf(out, len, ".");
        return;
    }
    if (readable("data/nations")) {
        snprintf(out, len, "data");
        return;
    }
    snprintf(out, len, "%s/data", LNLT_SOURCE_DIR);
}

void lnlt_ctx_close(lnlt_ctx *ctx)
{
    ctx_owned *own = ctx->owned;
    if (own) {
        lnlt_scenario_free(own->scenario);
        lnlt_catalog_free(own->catalog);
        lnlt_los_table_free(own->los_table);
        lnlt_tables_free(own->tables);
        lnlt_map_free(own->map);
        free(own);
    }
    memset(ctx, 0, sizeof *ctx);
}

bool lnlt_ctx_open(const char *scenario_path, lnlt_ctx *ctx, lnlt_error *err)
{
    memset(ctx, 0, sizeof *ctx);
    if (!readable(scenario_path))
        return lnlt_error_set(err, "%s: cannot read the scenario file", scenario_path);
    ctx_owned *own = calloc(1, sizeof *own);
    if (!own)
        return lnlt_error_set(err, "out of memory");
    ctx->owned = own;
    char sdir[1024], ddir[1040], maps_dir[1100];
    dir_of(scenario_path, sdir, sizeof sdir);
    find_data_dir(sdir, ddir, sizeof ddir);
    snprintf(maps_dir, sizeof maps_dir, "%s/maps", ddir);
    lnlt_map *maps[LNLT_SCN_MAPS] = {NULL};
    int nmaps = 0;
    bool ok = lnlt_catalog_load_dir(ddir, &own->catalog, err) &&
              lnlt_scenario_load_file(scenario_path, own->catalog, &own->scenario, err) &&
              lnlt_scenario_load_maps(own->scenario, scenario_path, maps_dir, maps, &nmaps, err) &&
              /* A scenario that does not fit its map is refused here rather than misplayed later. */
              lnlt_scenario_check_board(own->scenario, own->catalog, scenario_path, (const lnlt_map *const *)maps,
                                        nmaps, err);
    /* the engine plays on the first map; the others served the check */
    own->map = maps[0];
    for (int i = 1; i < LNLT_SCN_MAPS; i++)
        lnlt_map_free(maps[i]);
    if (ok && own->map)
        ok = lnlt_los_table_build(own->map, &own->los_table, err); /* static LOS once per game, so rules ask the table */
    if (!ok) {
        lnlt_ctx_close(ctx);
        return false;
    }
    const lnlt_scenario *scn = own->scenario;
    for (int i = 0; i < 2; i++)
        snprintf(own->side_name[i + 1], sizeof own->side_name[i + 1], "%s",
                 scn->side[i].name[0] ? scn->side[i].name : scn->side[i].id);
    ctx->catalog = own->catalog;
    ctx->scenario = scn;
    ctx->map = own->map;
    ctx->los_table = own->los_table;
    vehicle_rules_of(scn, ctx->map, &own->bunkers, &ctx->options);
    ctx->bunkers = &own->bunkers;
    if (ctx->map && !(own->tables = lnlt_tables_build(ctx, err))) {
        lnlt_ctx_close(ctx);
        return false;
    }
    ctx->tables = own->tables;
    ctx->turns = scn->turns;
    /* The scenario numbers sides from 0, the engine from 1. */
    ctx->first_initiative = scn->initiative == 1 ? LNLT_SIDE_2 : LNLT_SIDE_1;
    ctx->side_name[1] = own->side_name[1];
    ctx->side_name[2] = own->side_name[2];
    return true;
}
