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

/* Computer decisions (`bot`) of one input run: the scripted player plans every
 * move it could make, tens of milliseconds in this build, and inputs that asked
 * for it line after line spent most of the target's time there. Its choices are
 * checked game by game by `lnlt selfplay --check` (docs/fuzzing.md); here a few
 * answers show that the request is parsed and answered in any state. */
#define MAX_BOT_LINES 3

/* The length of the input before its (MAX_BOT_LINES + 1)-th line that asks for
 * a computer decision (all of it when it has fewer). */
static size_t before_extra_bot_lines(const uint8_t *data, size_t size)
{
    int bots = 0;
    for (size_t start = 0; start < size;) {
        if (size - start >= 3 && data[start] == 'b' && data[start + 1] == 'o' && data[start + 2] == 't' &&
            ++bots > MAX_BOT_LINES)
            return start;
        while (start < size && data[start] != '\n')
            start++;
        start++; /* past the newline */
    }
    return size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_enter_sandbox();
    fuzz_opening_cache();
    size_t used = fuzz_lines(data, size, MAX_LINES), bounded = before_extra_bot_lines(data, size);
    if (!freopen(fuzz_file("in.txt", data, used < bounded ? used : bounded), "r", stdin))
        abort();
    char *argv[] = {"engine", NULL};
    cmd_engine(1, argv);
    return 0;
}
