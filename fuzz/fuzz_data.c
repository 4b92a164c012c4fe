/*
 * fuzz_data.c: libFuzzer target for the data loaders (src/data/: catalog files and
 * scenarios, docs/formats/). Any input must load or fail with a message, never
 * crash, leak or hit undefined behaviour; a scenario that loads must also save.
 * The first input byte picks the loader. The catalog it checks scenarios against is
 * data/ (run from the repository root).
 *
 * Build and run (not part of `make`; SRC stands for the sources of src/data,
 * src/hex, src/map and src/util/error.c):
 *   clang -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined
 *     -Iinclude -Isrc fuzz/fuzz_data.c SRC -ljansson -lm -o build/fuzz_data
 *   build/fuzz_data -max_total_time=60 CORPUS
 * where CORPUS holds data files each prefixed by one byte (odd: scenario).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/data.h"
#include "lnlt/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static lnlt_catalog *catalog;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lnlt_error err = {{0}};
    if (!catalog && !lnlt_catalog_load_dir("data", &catalog, &err))
        abort(); /* run from the repository root */
    if (size < 1)
        return 0;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    if (data[0] & 1) {
        lnlt_scenario *s = NULL;
        if (lnlt_scenario_load_json("fuzz", text, len, catalog, &s, &err)) {
            char *saved = lnlt_scenario_save(s, catalog);
            if (!saved)
                abort();
            free(saved);
            lnlt_scenario_free(s);
        } else if (!err.msg[0])
            abort(); /* a failure must say why */
    } else {
        lnlt_catalog *c = lnlt_catalog_new();
        if (!lnlt_catalog_add_json(c, "fuzz", text, len, &err) && !err.msg[0])
            abort();
        lnlt_catalog_free(c);
    }
    return 0;
}
