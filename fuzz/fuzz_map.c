/*
 * fuzz_map.c: libFuzzer target for the map and board loader and line of sight
 * (src/map/, docs/formats/map.md; rules 10.2-10.6). Any input must load or fail
 * with a message, never crash, leak or hit undefined behaviour; a map that loads
 * must answer LOS between every pair of its first hexes, with and without smoke.
 *
 * The loader reads files, so each input is written to maps/in.json inside a
 * private temporary directory whose terrain/ entry links to the repository's
 * data/terrain/ (so "../terrain/wwii.json" resolves as in data/maps/). The
 * directory is in /dev/shm when there is one: on a disk file system, rewriting
 * the input file took a third of the target's time (docs/fuzzing.md); it is
 * removed at exit. Built by `make fuzz`; run from the repository root.
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

static void remove_dir(void)
{
    char path[300];
    unlink(file);
    snprintf(path, sizeof path, "%s/maps", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/terrain", dir);
    unlink(path);
    rmdir(dir);
}

static void prepare(void)
{
    char cwd[1024], link[300], target[1100];
    snprintf(dir, sizeof dir, "%s/lnlt_fuzz_map_XXXXXX", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
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
    atexit(remove_dir);
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
