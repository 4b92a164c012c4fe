/*
 * fuzz_run.c: libFuzzer target for `lnlt run` (src/cli/cmd_run.c): scripts and
 * forced-dice lists. The first input byte picks what the rest is: a script
 * (even), or a dice file for a short fixed script (odd). Run on a shipped
 * scenario in a sandbox holding a copy of data/; any input must run or stop with
 * a message naming the line, never crash, leak or hit undefined behaviour.
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
    if (size < 1)
        return 0;
    char scen[] = "data/scenarios/sk1_assault_on_vierville.json";
    if (data[0] & 1) {
        static const char script[] = "place G5 #0\nplace J4 #1\nplace J5 #2\nplace G8 #3\nend-rally\nend-rally\n"
                                     "dice 6,6\npass\n";
        fuzz_file("fixed.script", (const uint8_t *)script, sizeof script - 1);
        fuzz_file("in.dice", data + 1, size - 1);
        char *argv[] = {"run", scen, "--script", "fixed.script", "--dice-file", "in.dice", NULL};
        cmd_run(6, argv);
    } else {
        fuzz_file("in.script", data + 1, fuzz_lines(data + 1, size - 1, MAX_LINES));
        char *argv[] = {"run", scen, "--script", "in.script", "--seed", "5", NULL};
        cmd_run(6, argv);
    }
    return 0;
}
