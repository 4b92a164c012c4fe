/*
 * test_ai_rest.c: the rest a bot takes when it has made too many decisions in one
 * phase (src/ai/bot.c, the guard against a cycle the rules allow, such as
 * dropping and picking up a weapon in the Rally Phase, 3.0 and 1.6) is found
 * however long the legal list is.
 *
 * The position (tests/fixtures/ai/long_list.json): six American stacks of three
 * squads and two leaders in the Rally Phase, each with three machine guns in
 * hand and five on the ground. The engine lists 277 actions (pick-ups, gifts,
 * drops, destructions, flips), end-rally last; a bot that read only the first
 * 256 found no way to rest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/ai.h"
#include "lnlt/game.h"
#include "support/scenario_load.h"

#define LONG_LIST "tests/fixtures/ai/long_list.json"

static void a_bot_rests_by_the_last_action_of_a_list_longer_than_256(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(LONG_LIST, &ctx);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, &ctx, 5);

    /* The premise: the list is longer than 256 and ends the phase last. */
    lnlt_action first;
    int n = lnlt_legal_actions(&ctx, st, &first, 1);
    assert_true(n > 256);
    lnlt_action *legal = calloc((size_t)n, sizeof *legal);
    assert_non_null(legal);
    assert_int_equal(lnlt_legal_actions(&ctx, st, legal, n), n);
    assert_int_equal(legal[n - 1].type, LNLT_ACT_END_RALLY);
    for (int i = 0; i < n - 1; i++)
        assert_int_not_equal(legal[i].type, LNLT_ACT_END_RALLY);

    lnlt_action rest;
    assert_true(ai_rest_action(&ctx, st, &rest));
    assert_int_equal(rest.type, LNLT_ACT_END_RALLY);
    lnlt_error err;
    if (!lnlt_apply(&ctx, st, &rest, NULL, NULL, &err))
        fail_msg("end-rally refused: %s", err.msg);

    free(legal);
    free(st);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bot_rests_by_the_last_action_of_a_list_longer_than_256),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
