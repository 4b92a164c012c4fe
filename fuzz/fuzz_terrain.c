/*
 * fuzz_terrain.c: libFuzzer target for terrain effects charts (src/map/terrain.c,
 * docs/formats/terrain.md): any input must load or be refused with a message,
 * never crash, leak or hit undefined behaviour.
 */
#include <stdlib.h>

#include "common.h"
#include "lnlt/terrain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_enter_sandbox();
    lnlt_tec *t = malloc(sizeof *t);
    lnlt_error err = {{0}};
    if (!t)
        abort();
    if (!lnlt_tec_load_file(fuzz_file("chart.json", data, size), t, &err) && !err.msg[0])
        abort();
    free(t);
    return 0;
}
