/*
 * fuzz_map.c: libFuzzer target for the map and board loader and line of sight
 * (src/map/, docs/formats/map.md; rules 10.2-10.6). Any input must load or fail
 * with a message, never crash, leak or hit undefined behaviour; a map that loads
 * must answer LOS between every pair of its first hexes, with and without smoke.
 *
 * The loader reads files, so each input is written to maps/in.json inside a
 * private temporary directory whose terrain/ entry links to the repository's
 * data/terrain/ (so "../terrain/wwii.json" resolves as in data/maps/).
 *
 * Build and run from the repository root (not part of `make`):
 *   clang -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined
 *     -Iinclude -Isrc fuzz/fuzz_map.c SRC -ljansson -lm -o build/fuzz_map
 *   build/fuzz_map -max_total_time=60 CORPUS
 * where SRC stands for the .c files of src/map and src/hex plus src/util/error.c,
 * and CORPUS is seeded with the map files of data/maps and tests/fixtures/maps.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lnlt/map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[256], file[300];

static void prepare(void)
{
    char cwd[1024], link[300], target[1100];
    snprintf(dir, sizeof dir, "/tmp/lnlt_fuzz_map_XXXXXX");
    if (!mkdtemp(dir) || !getcwd(cwd, sizeof cwd))
        abort();
    snprintf(link, sizeof link, "%s/terrain", dir);
    snprintf(target, sizeof target, "%s/data/terrain", cwd);
    if (symlink(target, link) != 0)
        abort();
    snprintf(link, sizeof link, "%s/maps", dir);
    if (mkdir(link, 0700) != 0)
        abort();
    snprintf(file, sizeof file, "%s/maps/in.json", dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!*dir)
        prepare();
    FILE *f = fopen(file, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    lnlt_map *m = NULL;
    lnlt_error err = {{0}};
    if (!lnlt_map_load_file(file, &m, &err)) {
        if (!err.msg[0])
            abort(); /* a refusal must say why */
        return 0;
    }
    int cells[24], n = 0;
    for (int c = 0; c < lnlt_map_cells(m) && n < 24; c++)
        if (lnlt_map_cell_exists(m, c))
            cells[n++] = c;
    uint8_t *dyn = calloc((size_t)lnlt_map_cells(m), 1);
    if (!dyn)
        abort();
    if (n > 2)
        dyn[cells[n / 2]] = LNLT_DYN_SMOKE | LNLT_DYN_WRECK;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int fl = 0; fl < 3; fl++) {
                lnlt_loc a = {lnlt_map_hex_at(m, cells[i]), (uint8_t)fl}, b = {lnlt_map_hex_at(m, cells[j]), 0};
                lnlt_los_dynamic d = {dyn};
                lnlt_los_result r;
                lnlt_los(m, a, b, (j & 1) ? &d : NULL, &r);
                char line[256];
                for (int k = 0; k < r.nreason; k++)
                    lnlt_los_reason_format(m, &r.reason[k], line, sizeof line);
                (void)lnlt_map_loc_adjacent(m, a, b);
            }
    free(dyn);
    lnlt_map_free(m);
    return 0;
}
