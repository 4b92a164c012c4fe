/*
 * fuzz_action.c: libFuzzer target for the command parser (src/rules/action_text.c)
 * and the hex and location parsers (src/hex/hex.c, lnlt_location_parse), against
 * positions reached in real games of two shipped scenarios (set-up, rally, moves,
 * opportunity fire, melee). The first input byte picks the position, the rest is
 * the command. A command that parses must print back to text that parses to the
 * same action; applying it either succeeds or leaves the state byte for byte as it
 * was; nothing may crash, leak or hit undefined behaviour (issue 17).
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/hex.h"

#define POSITIONS 32

static lnlt_ctx ctx[2];
static lnlt_state position[POSITIONS];

static void init(void)
{
    static const char *const scenarios[2] = {"data/scenarios/sk1_assault_on_vierville.json",
                                             "data/scenarios/sk4_a_friend_in_need.json"};
    fuzz_enter_sandbox();
    for (int k = 0; k < 2; k++) {
        lnlt_error err;
        if (!lnlt_ctx_open(scenarios[k], &ctx[k], &err))
            abort();
        lnlt_state st;
        lnlt_bot bot;
        lnlt_state_init(&st, &ctx[k], 7);
        lnlt_bot_init(&bot, 11 + (uint64_t)k);
        lnlt_action a;
        for (int n = 0, p = 0; p < POSITIONS / 2; n++) {
            if (n % 9 == 0)
                position[k * (POSITIONS / 2) + p++] = st;
            if (!lnlt_bot_choose(&bot, &ctx[k], &st, &a) || !lnlt_apply(&ctx[k], &st, &a, NULL, NULL, &err))
                break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx[0].map)
        init();
    if (size < 1)
        return 0;
    int pick = data[0] % POSITIONS;
    const lnlt_ctx *c = &ctx[pick / (POSITIONS / 2)];
    lnlt_state *st = &position[pick];
    char *text = fuzz_text(data + 1, size - 1);
    lnlt_error err = {{0}};
    lnlt_action a, b;
    if (lnlt_action_parse(c, st, text, &a, &err)) {
        char back[512];
        lnlt_action_format(c, &a, back, sizeof back);
        if (!lnlt_action_parse(c, st, back, &b, &err) || !lnlt_action_equal(&a, &b))
            abort(); /* what is printed reads back as the same action */
        lnlt_state copy = *st;
        if (!lnlt_apply(c, &copy, &a, NULL, NULL, &err) && memcmp(&copy, st, sizeof copy))
            abort(); /* a refused action changes nothing */
    } else if (!err.msg[0]) {
        abort(); /* a refusal says why */
    }
    int loc;
    lnlt_location_parse(c, text, &loc, &err);
    lnlt_hex h;
    char why[128];
    if (lnlt_hex_parse(text, &h, why, sizeof why)) {
        char id[LNLT_HEX_ID_MAX];
        lnlt_hex h2;
        if (!lnlt_hex_parse(lnlt_hex_format(h, id), &h2, why, sizeof why) || h2.col != h.col || h2.row != h.row ||
            h2.map != h.map)
            abort();
    }
    free(text);
    return 0;
}
