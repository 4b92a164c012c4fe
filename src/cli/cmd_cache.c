/*
 * cmd_cache.c: `lnlt cache SCENARIO...`, writing the opening cache of each
 * scenario (docs/performance.md): its data directory's linked counter catalog,
 * its maps as loaded and its map's complete line-of-sight table, into cache/
 * beside the program (or LNLT_CACHE_DIR). Opening the scenario later reads them
 * instead of parsing the counter and map files and tracing lines, while the
 * program and the files stay the
 * same; `make` runs it for the shipped scenarios after linking the program.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"

int cmd_cache(int argc, char **argv)
{
    /* argv[0] is the command's name ("cache"), as main passes it */
    if (argc < 2) {
        fprintf(stderr, "usage: lnlt cache SCENARIO...\n");
        return 2;
    }
    int status = 0;
    for (int i = 1; i < argc; i++) {
        lnlt_ctx ctx;
        lnlt_error err = {{0}};
        char ddir[1100];
        bool ok = lnlt_ctx_open(argv[i], &ctx, &err) &&
                  lnlt_catalog_cache_write(lnlt_ctx_data_dir_of(argv[i], ddir, sizeof ddir), &err) &&
                  lnlt_los_table_cache_write(ctx.map, &err);
        /* each map file as lnlt_ctx_open names it (the path is part of the key) */
        for (int k = 0; ok && k < ctx.scenario->map_count && k < LNLT_SCN_MAPS; k++) {
            char mpath[1200];
            snprintf(mpath, sizeof mpath, "%s/maps/%s.json", ddir, ctx.scenario->map_id[k]);
            ok = lnlt_map_cache_write(mpath, &err);
        }
        if (!ok) {
            fprintf(stderr, "lnlt cache: %s: %s\n", argv[i], err.msg);
            status = 1;
        }
        lnlt_ctx_close(&ctx);
    }
    return status;
}
