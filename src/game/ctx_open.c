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
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lnlt/check.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/sandbox.h"
#include "lnlt/scenario.h"

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

typedef struct ctx_owned {
    lnlt_catalog *catalog;
    lnlt_map *map;               /* the map when it is this ctx's own (not shared) */
    lnlt_los_table *los_table;   /* its LOS table then */
    const lnlt_map *map_ref;     /* the map the game uses: own or shared */
    const lnlt_los_table *los_ref;
    lnlt_tables *tables;         /* the engine's per-map tables (lnlt_tables_build) */
    lnlt_scenario *scenario;
    char side_name[3][LNLT_NAME_MAX]; /* ctx->side_name points here */
    lnlt_bunkers bunkers;             /* ctx->bunkers points here */
} ctx_owned;

/* 21.1: the scenario's bunkers as places of their hexes, and the optional rules
 * its special rules switch on (15.6, 15.10, 15.0, 10.1.1). Before the tables are built:
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
                  : r->kind == LNLT_SSR_SPOT_VEHICLES      ? LNLT_OPT_SPOT_VEHICLES
                                                           : 0u;
    }
    int chart_tm = 2; /* EX-I04: a bunker's +2 */
    int k = map ? lnlt_tec_find(lnlt_map_tec(map), "bunker") : -1;
    if (k >= 0)
        chart_tm = lnlt_map_tec(map)->t[k].tm;
    for (int i = 0; i < scn->fort_count && b->count < LNLT_MAX_BUNKERS; i++) {
        const lnlt_scn_fort *f = &scn->fort[i];
        int cell = map ? lnlt_map_index(map, f->hex) : -1;
        if ((f->kind != LNLT_SCN_FORT_BUNKER && f->kind != LNLT_SCN_FORT_CAVE) || cell < 0)
            continue;
        lnlt_bunker *x = &b->b[b->count++];
        x->cell = (int16_t)cell;
        x->tm = (int8_t)(f->fp ? f->fp : chart_tm);
        x->front = (uint8_t)lnlt_hex_direction_to(f->hex, f->front);
        if (f->kind == LNLT_SCN_FORT_CAVE) { /* 10.7: a cave, its tunnels open to both sides or to one (10.7.1) */
            x->kind = LNLT_PLACE_CAVE;
            x->tunnel_sides = (uint8_t)(f->tunnel_side >= 0 ? 1u << (f->tunnel_side + 1) : (1u << 1) | (1u << 2));
        }
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
    /* Outside a scenarios/ folder: the data directory of the working directory,
     * the sandbox or the source tree (lnlt_data_dir). */
    lnlt_data_dir(out, len);
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

/* Maps read once per process, with their line-of-sight tables: opening a scenario
 * is mostly reading its map and precomputing its LOS (tens of milliseconds), and a
 * process opens the same few maps again and again (games, saves, their final
 * positions). Known by real path, size and modification time; never freed while
 * a game may use them (lnlt_ctx_cache_clear frees them with the scenarios). */
#define MAP_CACHE_MAX 8
typedef struct map_entry {
    char real[PATH_MAX];
    struct timespec mtime;
    off_t size;
    lnlt_map *map;
    lnlt_los_table *los;
} map_entry;
static map_entry map_cache[MAP_CACHE_MAX];
static int map_cache_count;

/* The map at path: shared from the cache (*owned stays NULL), or loaded for the
 * caller alone when the cache is full (*owned is set; the caller frees it). */
static const lnlt_map *open_map(const char *path, lnlt_map **owned, lnlt_los_table **los, bool want_los,
                                lnlt_error *err)
{
    char real[PATH_MAX];
    struct stat st;
    *owned = NULL;
    if (!lnlt_sandbox_allows(path, false, "map", err))
        return NULL;
    bool known = realpath(path, real) && stat(real, &st) == 0;
    map_entry *e = NULL;
    for (int i = 0; known && !e && i < map_cache_count; i++)
        if (!strcmp(map_cache[i].real, real) && map_cache[i].size == st.st_size &&
            map_cache[i].mtime.tv_sec == st.st_mtim.tv_sec && map_cache[i].mtime.tv_nsec == st.st_mtim.tv_nsec)
            e = &map_cache[i];
    if (!e && known && map_cache_count < MAP_CACHE_MAX) {
        e = &map_cache[map_cache_count];
        memset(e, 0, sizeof *e);
        if (!lnlt_map_load_file(path, &e->map, err))
            return NULL;
        snprintf(e->real, sizeof e->real, "%s", real);
        e->size = st.st_size;
        e->mtime = st.st_mtim;
        map_cache_count++;
    }
    if (!e) { /* not cached: the caller's own */
        if (!lnlt_map_load_file(path, owned, err) || (want_los && !lnlt_los_table_build(*owned, los, err))) {
            lnlt_map_free(*owned);
            *owned = NULL;
            return NULL;
        }
        return *owned;
    }
    /* static LOS once per map, so rules ask the table */
    if (want_los && !e->los && !lnlt_los_table_build(e->map, &e->los, err))
        return NULL;
    if (want_los)
        *los = e->los;
    return e->map;
}

static void map_cache_clear(void)
{
    for (int i = 0; i < map_cache_count; i++) {
        lnlt_los_table_free(map_cache[i].los);
        lnlt_map_free(map_cache[i].map);
    }
    memset(map_cache, 0, sizeof map_cache);
    map_cache_count = 0;
}

/* Loads the catalog of ddir, the scenario (from the file at path, or from text
 * when text is not NULL; `name` in messages), checks it against its maps and takes
 * the first map; fills ctx. */
static bool open_in(const char *name, const char *path, const char *text, size_t len, const char *ddir,
                    lnlt_ctx *ctx, lnlt_error *err)
{
    memset(ctx, 0, sizeof *ctx);
    if (!lnlt_sandbox_allows(ddir, false, "data directory", err))
        return false;
    ctx_owned *own = calloc(1, sizeof *own);
    if (!own)
        return lnlt_error_set(err, "out of memory");
    ctx->owned = own;
    bool ok = lnlt_catalog_load_dir(ddir, &own->catalog, err) &&
              (text ? lnlt_scenario_load_json(name, text, len, own->catalog, &own->scenario, err)
                    : lnlt_scenario_load_file(path, own->catalog, &own->scenario, err));
    /* The scenario's stand-in heroes join the catalog before anything reads a
     * position's units by their types (a save's final position may hold one);
     * lnlt_scenario_prepare adds each once (ruling R-SCN-42). */
    ok = ok && lnlt_scenario_prepare(own->scenario, own->catalog, NULL, err);
    const lnlt_map *maps[LNLT_SCN_MAPS] = {NULL};
    lnlt_map *loose[LNLT_SCN_MAPS] = {NULL};
    lnlt_los_table *los = NULL;
    /* 22.0: special rules that change the map (one-storey buildings, no upper
     * floors) apply to a private copy of the first map: loaded once, checked
     * against the scenario as it is, then changed (the shared copy serves other
     * scenarios on the same map). */
    bool private_map = ok && lnlt_scenario_changes_map(own->scenario);
    lnlt_map *mine = NULL;
    int n = 0;
    for (int i = 0; ok && i < own->scenario->map_count && i < LNLT_SCN_MAPS; i++) {
        char mpath[1200];
        lnlt_error merr = {{0}};
        snprintf(mpath, sizeof mpath, "%s/maps/%s.json", ddir, own->scenario->map_id[i]);
        if (i == 0 && private_map)
            maps[i] = lnlt_map_load_file(mpath, &mine, &merr) ? mine : NULL;
        else
            maps[i] = open_map(mpath, &loose[i], i == 0 ? &los : NULL, false, &merr);
        if (!maps[i])
            ok = lnlt_error_set(err, "%s: $.maps[%d]: cannot load map \"%s\": %s", name, i, own->scenario->map_id[i],
                                merr.msg);
        n += ok;
    }
    /* A scenario that does not fit its map is refused here rather than misplayed later. */
    ok = ok && (n == 0 ? lnlt_error_set(err, "%s: $.maps: a scenario needs a map", name)
                       : lnlt_scenario_check_board(own->scenario, own->catalog, name, maps, n, err));
    if (private_map) {
        /* the private copy's LOS table is built after the rules changed it */
        own->map = mine;
        own->map_ref = mine;
        mine = NULL;
        ok = ok && lnlt_scenario_prepare(own->scenario, own->catalog, own->map, err) &&
             lnlt_los_table_build(own->map, &own->los_table, err);
        own->los_ref = own->los_table;
    } else if (ok) {
        char mpath[1200];
        snprintf(mpath, sizeof mpath, "%s/maps/%s.json", ddir, own->scenario->map_id[0]);
        own->map_ref = open_map(mpath, &mine, &los, true, err);
        own->map = mine;
        own->los_table = mine ? los : NULL; /* a shared map's table is shared too */
        own->los_ref = los;
        /* special rules that add stand-in heroes to the catalog (11.2.1, 22.0) */
        ok = own->map_ref != NULL && lnlt_scenario_prepare(own->scenario, own->catalog, NULL, err);
    }
    for (int i = 0; i < LNLT_SCN_MAPS; i++)
        lnlt_map_free(loose[i]);
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
    ctx->map = own->map_ref;
    ctx->los_table = own->los_ref;
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
    /* A mid-game position must leave the game somewhere to go (issue 17: a
     * fuzzed position whose registers contradicted its phase loaded and then
     * listed no action at all). */
    char why[512];
    if (scn->has_state && !lnlt_check_position(ctx, why, sizeof why)) {
        lnlt_error_set(err, "%s: $.state: %s", name, why);
        lnlt_ctx_close(ctx);
        return false;
    }
    return true;
}

bool lnlt_ctx_open(const char *scenario_path, lnlt_ctx *ctx, lnlt_error *err)
{
    memset(ctx, 0, sizeof *ctx);
    if (!lnlt_sandbox_allows(scenario_path, false, "scenario", err))
        return false;
    if (!readable(scenario_path))
        return lnlt_error_set(err, "%s: cannot read the scenario file", scenario_path);
    char sdir[1024], ddir[1040];
    dir_of(scenario_path, sdir, sizeof sdir);
    find_data_dir(sdir, ddir, sizeof ddir);
    return open_in(scenario_path, scenario_path, NULL, 0, ddir, ctx, err);
}

bool lnlt_ctx_open_with(const char *scenario_path, const char *data_dir, lnlt_ctx *ctx, lnlt_error *err)
{
    memset(ctx, 0, sizeof *ctx);
    if (!lnlt_sandbox_allows(scenario_path, false, "scenario", err))
        return false;
    if (!readable(scenario_path))
        return lnlt_error_set(err, "%s: cannot read the scenario file", scenario_path);
    return open_in(scenario_path, scenario_path, NULL, 0, data_dir, ctx, err);
}

bool lnlt_ctx_open_text(const char *name, const char *text, size_t len, const char *data_dir, lnlt_ctx *ctx,
                        lnlt_error *err)
{
    return open_in(name, NULL, text, len, data_dir, ctx, err);
}

const char *lnlt_ctx_data_dir_of(const char *scenario_path, char *out, size_t len)
{
    char sdir[1024];
    dir_of(scenario_path, sdir, sizeof sdir);
    find_data_dir(sdir, out, len);
    return out;
}

void lnlt_ctx_maps_clear(void) { map_cache_clear(); }
