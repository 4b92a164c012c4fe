/*
 * cmd_cache.c: `lnlt cache SCENARIO...`, writing the opening cache of each
 * scenario (docs/performance.md): its data directory's linked counter catalog
 * and its map's complete line-of-sight table, into cache/ beside the program (or
 * LNLT_CACHE_DIR). Opening the scenario later reads them instead of parsing the
 * counter files and tracing lines, while the program and the files stay the
 * same; `make` runs it for the shipped scenarios after linking the program.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

int cmd_cache(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: lnlt cache SCENARIO...\n");
        return 2;
    }
    int status = 0;
    for (int i = 2; i < argc; i++) {
        lnlt_ctx ctx;
        lnlt_error err = {{0}};
        char ddir[1100];
        if (!lnlt_ctx_open(argv[i], &ctx, &err) ||
            !lnlt_catalog_cache_write(lnlt_ctx_data_dir_of(argv[i], ddir, sizeof ddir), &err) ||
            !lnlt_los_table_cache_write(ctx.map, &err)) {
            fprintf(stderr, "lnlt cache: %s: %s\n", argv[i], err.msg);
            status = 1;
        }
        lnlt_ctx_close(&ctx);
    }
    return status;
}
