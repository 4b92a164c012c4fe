/*
 * fuzz_scenario_map.c: libFuzzer target for a scenario checked against its maps
 * (lnlt_scenario_check_board, src/data/scenario_check.c) and then started and
 * played (issue 17): any scenario text must be refused with a message, or give a
 * game whose start and first moves keep the engine's invariants (lnlt/check.h),
 * whose legal actions all apply, and whose position written as a mid-game scenario
 * loads back to the same hash. The maps are the shipped ones, loaded once.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "lnlt/bot.h"
#include "lnlt/check.h"
#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/snapshot.h"

static lnlt_ctx base[2]; /* the catalog and the maps (map15, map1) with their LOS */

static void init(void)
{
    lnlt_error err;
    fuzz_enter_sandbox();
    if (!lnlt_ctx_open("data/scenarios/sk1_assault_on_vierville.json", &base[0], &err) ||
        !lnlt_ctx_open("data/scenarios/sk3_the_weapons_cache.json", &base[1], &err))
        abort();
}

static void play(const lnlt_ctx *c)
{
    lnlt_state st;
    lnlt_bot bot;
    lnlt_action a;
    lnlt_error err;
    char why[512];
    lnlt_pcg32 rng;
    lnlt_pcg32_seed(&rng, 5, 5);
    lnlt_state_init(&st, c, 9);
    lnlt_bot_init(&bot, 9);
    for (int i = 0; i < 40; i++) {
        if (!lnlt_check_invariants(c, &st, why, sizeof why) || !lnlt_check_legal_list(c, &st, &rng, 16, 4, why, sizeof why)) {
            fprintf(stderr, "fuzz_scenario_map: after %d actions: %s\n", i, why);
            abort();
        }
        if (!lnlt_bot_choose(&bot, c, &st, &a))
            break;
        if (!lnlt_apply(c, &st, &a, NULL, NULL, &err))
            abort();
    }
    char *text = lnlt_snapshot_text(c, &st, &err);
    if (!text)
        return; /* a position the format cannot say is refused with a reason */
    lnlt_scenario *back = NULL;
    if (!lnlt_scenario_load_json("snap", text, strlen(text), c->catalog, &back, &err))
        abort();
    lnlt_ctx c2 = *c;
    c2.scenario = back;
    lnlt_state re;
    lnlt_state_init(&re, &c2, 1);
    if (lnlt_state_hash(&re) != lnlt_state_hash(&st))
        abort();
    lnlt_scenario_free(back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!base[0].catalog)
        init();
    lnlt_scenario *s = NULL;
    lnlt_error err = {{0}};
    if (!lnlt_scenario_load_json("fuzz", (const char *)data, size, base[0].catalog, &s, &err)) {
        if (!err.msg[0])
            abort();
        return 0;
    }
    const lnlt_ctx *b = NULL;
    for (int i = 0; i < 2; i++)
        if (s->map_count == 1 && !strcmp(s->map_id[0], base[i].scenario->map_id[0]))
            b = &base[i];
    if (b) {
        const struct lnlt_map *maps[1] = {b->map};
        if (lnlt_scenario_check_board(s, b->catalog, "fuzz", maps, 1, &err)) {
            lnlt_ctx c = *b;
            c.scenario = s;
            c.turns = s->turns;
            c.first_initiative = s->initiative == 1 ? LNLT_SIDE_2 : LNLT_SIDE_1;
            char why[512];
            /* lnlt_ctx_open refuses a position nobody could play on from */
            if (!s->has_state || lnlt_check_position(&c, why, sizeof why))
                play(&c);
        } else if (!err.msg[0]) {
            abort();
        }
    }
    lnlt_scenario_free(s);
    return 0;
}
