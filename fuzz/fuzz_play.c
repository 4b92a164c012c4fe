/*
 * fuzz_play.c: libFuzzer target for the `lnlt play` prompt (src/cli/cmd_play.c):
 * the input is what two human players type, line by line (numbers from the list,
 * commands, undo, save, board, help...), on a shipped scenario in a sandbox
 * holding a copy of data/. Any input must be answered, never crash, leak or hit
 * undefined behaviour.
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
    if (!freopen(fuzz_file("in.txt", data, fuzz_lines(data, size, MAX_LINES)), "r", stdin))
        abort();
    char *argv[] = {"play", "data/scenarios/sk3_the_weapons_cache.json", "--side1", "human", "--side2", "human",
                    "--seed", "3", "--no-color", NULL};
    cmd_play(9, argv);
    return 0;
}
