/*
 * fuzz_engine.c: libFuzzer target for the engine protocol (`lnlt engine`,
 * src/cli/cmd_engine.c, docs/protocol.md): the input is the protocol's stdin, run
 * through the real command dispatch in a sandbox holding a copy of data/
 * (scenarios load by their relative paths; saves are written there), with the
 * opening cache of the shipped scenarios as an installed lnlt has it (a save's
 * final position then reads the counter catalog from it, not from data/). Any
 * input must be answered line by line, never crash, leak or hit undefined behaviour.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../src/cli/commands.h"
#include "common.h"

/* Lines of one input run (fuzz_lines): enough for a session that loads, plays,
 * saves, resumes and undoes, and a bound on the work of one run. */
#define MAX_LINES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_enter_sandbox();
    fuzz_opening_cache();
    if (!freopen(fuzz_file("in.txt", data, fuzz_lines(data, size, MAX_LINES)), "r", stdin))
        abort();
    char *argv[] = {"engine", NULL};
    cmd_engine(1, argv);
    return 0;
}
