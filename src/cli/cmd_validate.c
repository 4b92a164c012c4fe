/*
 * cmd_validate.c: `lnlt validate [--data DIR] FILE...` checks data files of any
 * kind (docs/formats/): the kind comes from the file's top-level "kind". Counter,
 * weapon, nation and skill files are checked together with the rest of the
 * catalog in DIR (so cross-references resolve); scenarios are checked against the
 * catalog and against their maps in DIR/maps (hexes on the map and in the playable
 * area, zones, stacking). Every problem is printed as "file: JSON path: what was
 * expected". Exit status 0 when every file is valid, 1 otherwise, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/terrain.h"

static const char *default_data_dir(void)
{
    struct stat st;
    if (stat("data", &st) == 0 && S_ISDIR(st.st_mode))
        return "data";
    return LNLT_SOURCE_DIR "/data";
}

static bool validate_one(const char *data_dir, const char *path, char *summary, size_t cap,
                         lnlt_error *err)
{
    char *text;
    size_t len;
    if (!lnlt_read_file(path, &text, &len, err))
        return false;
    lnlt_data_kind kind = lnlt_data_detect_kind(path, text, len, err);
    free(text);
    bool ok = false;
    switch (kind) {
    case LNLT_KIND_UNITS:
    case LNLT_KIND_WEAPONS:
    case LNLT_KIND_NATIONS:
    case LNLT_KIND_SKILLS:
    case LNLT_KIND_VEHICLES: {
        lnlt_catalog *c;
        if (!lnlt_catalog_load_dir_with(data_dir, path, &c, err))
            return false;
        snprintf(summary, cap, "%s; catalog of %d unit types (%d vehicles), %d weapons, %d nations, %d skills",
                 lnlt_data_kind_name(kind), c->unit_count, c->vehicle_count, c->sw_count, c->nation_count,
                 c->skill_count);
        lnlt_catalog_free(c);
        return true;
    }
    case LNLT_KIND_SCENARIO: {
        lnlt_catalog *c;
        lnlt_scenario *s;
        char maps[1024];
        if (!lnlt_catalog_load_dir(data_dir, &c, err))
            return false;
        snprintf(maps, sizeof maps, "%s/maps", data_dir);
        if (lnlt_scenario_load_file(path, c, &s, err)) {
            /* the scenario's stand-in heroes, which a position's units may be */
            ok = lnlt_scenario_prepare(s, c, NULL, err) && lnlt_scenario_check_maps(s, c, path, maps, err);
            /* a mid-game position must also open as a game someone can play on */
            lnlt_ctx cx;
            if (ok && s->has_state && (ok = lnlt_ctx_open_with(path, data_dir, &cx, err)))
                lnlt_ctx_close(&cx);
            if (ok)
                snprintf(summary, cap, "scenario \"%s\", %d turns, %d forces, %d events",
                         s->title, s->turns, s->force_count, s->event_count);
            lnlt_scenario_free(s);
        }
        lnlt_catalog_free(c);
        return ok;
    }
    case LNLT_KIND_MAP: {
        lnlt_map *m;
        if (!lnlt_map_load_file(path, &m, err))
            return false;
        snprintf(summary, cap, "map %d", lnlt_map_number(m));
        lnlt_map_free(m);
        return true;
    }
    case LNLT_KIND_TERRAIN: {
        lnlt_tec *t = malloc(sizeof *t);
        if (!t)
            return lnlt_error_set(err, "out of memory");
        ok = lnlt_tec_load_file(path, t, err);
        if (ok)
            snprintf(summary, cap, "terrain chart, %d terrains", t->count);
        free(t);
        return ok;
    }
    default:
        return false; /* lnlt_data_detect_kind filled err */
    }
}

int cmd_validate(int argc, char **argv)
{
    static const char usage[] = "usage: lnlt validate [--data DIR] FILE...\n"
                                "  checks data files of any kind (the file's \"kind\" says which);\n"
                                "  --data DIR   the data directory for the catalog and maps (default ./data)\n";
    const char *data_dir = NULL;
    int first = 1;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "--data")) {
        data_dir = argv[2];
        first = 3;
    }
    if (first >= argc) {
        fputs(usage, stderr);
        return 2;
    }
    for (int i = first; i < argc; i++)
        if (argv[i][0] == '-') {
            /* An option where a file is expected: say so instead of "cannot open". */
            fprintf(stderr, "lnlt validate: unknown option \"%s\"\n%s", argv[i], usage);
            return 2;
        }
    if (!data_dir)
        data_dir = default_data_dir();
    int bad = 0;
    for (int i = first; i < argc; i++) {
        lnlt_error err = {{0}};
        char summary[256] = "";
        if (validate_one(data_dir, argv[i], summary, sizeof summary, &err))
            printf("%s: ok (%s)\n", argv[i], summary);
        else {
            fprintf(stderr, "%s\n", err.msg[0] ? err.msg : "invalid");
            bad++;
        }
    }
    return bad ? 1 : 0;
}
