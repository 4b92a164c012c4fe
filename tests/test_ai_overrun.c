/*
 * test_ai_overrun.c: the evaluation's worth of enemy stacks a side can take
 * without a fight (src/ai/ai_overrun.c, ruling R-AI-100; rule 8.0: enemies with
 * no unit able to fight a melee are eliminated when units enter their hex).
 *
 *   R_AI_100: in A Friend in Need, a Viet Cong squad shaken alone next to an
 *   American squad that may still move is worth more to the Americans than the
 *   same shaken squad next to an American squad that has already moved this
 *   turn; a good-order Viet Cong squad, which would fight, is not.
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
#include "lnlt/scenario.h"
#include "support/scenario_load.h"

#define SK4 "data/scenarios/sk4_a_friend_in_need.json"

/* The Americans' points with the American squad free to move or already moved. */
static float ready_minus_moved(const ai_board *bd, lnlt_state *st, int squad, lnlt_state *tmp)
{
    int side = st->unit[squad].side;
    lnlt_state_clone(tmp, st);
    tmp->unit[squad].marks = 0;
    float ready = ai_evaluate_points(bd, tmp, side);
    tmp->unit[squad].marks = LNLT_MARK_MOVED;
    return ready - ai_evaluate_points(bd, tmp, side);
}

static void R_AI_100_a_helpless_stack_next_to_a_ready_squad_is_as_good_as_taken(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(SK4, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st), *tmp = malloc(sizeof *tmp);
    assert_non_null(st);
    assert_non_null(tmp);
    test_past_setup(&ctx, st, 5);
    int us_squad = test_unit_of_type(&ctx, st, "usa_squad_264");
    int vc_squad = test_unit_of_type(&ctx, st, "vc_squad_143");
    /* The Operations Phase; every other unit off the map; the two squads in two
     * neighbouring hexes. */
    st->phase = LNLT_PHASE_OPERATIONS;
    test_keep_only_two(st, us_squad, vc_squad);
    int a = -1, b = -1;
    for (int c = 0; c < bd->cells && a < 0; c++)
        for (int d = 0; d < 6 && a < 0; d++)
            if (bd->usable[c] && bd->nb[c][d] >= 0 && bd->usable[bd->nb[c][d]]) {
                a = c;
                b = bd->nb[c][d];
            }
    assert_true(a >= 0 && b >= 0);
    st->unit[us_squad].cell = (int16_t)a;
    st->unit[us_squad].status = LNLT_GOOD_ORDER;
    st->unit[vc_squad].cell = (int16_t)b;
    st->unit[vc_squad].marks = 0;
    st->unit[vc_squad].status = LNLT_GOOD_ORDER;
    float fighting = ready_minus_moved(bd, st, us_squad, tmp);
    st->unit[vc_squad].status = LNLT_SHAKEN;
    float helpless = ready_minus_moved(bd, st, us_squad, tmp);
    /* Half the shaken squad's worth (0.55 of a good-order one) at least. */
    float want = 0.5f * 0.55f * bd->unit_value[st->unit[vc_squad].type];
    if (helpless - fighting < want - 0.01f)
        fail_msg("a shaken squad next to a ready squad: %.2f, next to a fighting one: %.2f, want %.2f more",
                 helpless, fighting, want);
    /* Not in the Admin Phase: the stack is no longer there for the taking. */
    st->phase = LNLT_PHASE_ADMIN;
    lnlt_state_clone(tmp, st);
    ai_scan sc;
    ai_scan_position(bd, tmp, &sc);
    assert_true(ai_overrun_points(bd, tmp, &sc, tmp->unit[us_squad].side) == 0.0f);
    free(st);
    free(tmp);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_100_a_helpless_stack_next_to_a_ready_squad_is_as_good_as_taken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
