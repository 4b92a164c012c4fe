/*
 * fuzz_save.c: libFuzzer target for the save loader (src/game/save_load.c,
 * docs/formats/save.md), in a sandbox holding a copy of data/. Any input must be
 * refused with a message or give a game that plays on: a save that loads without
 * divergence, saved again, loads to the same hash. Nothing may crash, leak, hit
 * undefined behaviour or read a file outside the sandbox (issue 17). The sandbox
 * has the opening cache of the shipped scenarios (fuzz_opening_cache), as an
 * installed lnlt has, so opening a save's position does not parse the counter
 * catalog again for every input.
 */
#include <jansson.h>
#include <stdlib.h>

#include "common.h"
#include "lnlt/bot.h"
#include "lnlt/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_enter_sandbox();
    fuzz_opening_cache();
    json_error_t je;
    json_t *o = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        return 0;
    lnlt_session s, t;
    lnlt_error err = {{0}};
    if (lnlt_session_load_json(&s, o, "fuzz.json", NULL, &err)) {
        lnlt_bot bot;
        lnlt_action a;
        lnlt_bot_init(&bot, 3);
        for (int i = 0; i < 5 && lnlt_bot_choose(&bot, &s.ctx, &s.state, &a); i++)
            if (!lnlt_session_apply(&s, &a, &err))
                abort(); /* a listed action must apply */
        json_t *again = lnlt_session_save_json(&s);
        if (!lnlt_session_load_json(&t, again, "again.json", NULL, &err) || t.diverged ||
            lnlt_session_hash(&t) != lnlt_session_hash(&s))
            abort(); /* what lnlt writes, lnlt reads back exactly */
        lnlt_session_close(&t);
        json_decref(again);
        lnlt_session_close(&s);
    } else if (!err.msg[0]) {
        abort();
    }
    json_decref(o);
    return 0;
}
