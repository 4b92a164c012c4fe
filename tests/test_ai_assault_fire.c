/*
 * test_ai_assault_fire.c: what the evaluation makes of enemy units under an
 * Assault Move marker (src/ai/ai_eval.c, ruling R-AI-102; rules 5.3 and 6.1:
 * a unit that has made an Assault Move may still fire in a later impulse,
 * opportunity fire included, at -2 FP for the stack; only Moved, Low Crawl,
 * Hit and Run and Fired bar opportunity fire).
 *
 *   R_AI_102: in A Friend in Need, the Viet Cong arrive by event under Assault
 *   Move markers and fire at once. A Viet Cong squad so marked, in range and
 *   sight of an American squad, counts as able to fire at a mover (at 2 FP
 *   less), which the same squad marked Moved, or marked Fired as well, may not.
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

/* The scanned stack of the unit `u`. */
static const ai_stack *stack_of(const ai_board *bd, const lnlt_state *st, int u, ai_scan *sc)
{
    ai_scan_position(bd, st, sc);
    int k = sc->stack_of_cell[st->unit[u].cell];
    assert_true(k >= 0);
    return &sc->stack[k];
}

static void R_AI_102_a_unit_after_an_assault_move_may_still_fire(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(SK4, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    test_past_setup(&ctx, st, 5);
    int us_squad = test_unit_of_type(&ctx, st, "usa_squad_264");
    int vc_squad = test_unit_of_type(&ctx, st, "vc_squad_143");
    /* The Operations Phase; every other unit off the map; the two squads in
     * open hexes two apart with a clear line of sight. */
    st->phase = LNLT_PHASE_OPERATIONS;
    test_keep_only_two(st, us_squad, vc_squad);
    for (int w = 0; w < st->sw_count; w++)
        st->sw[w].holder = -1;
    int a = -1, b = -1;
    for (int c = 0; c < bd->cells && a < 0; c++)
        for (int d = 0; d < bd->cells && a < 0; d++)
            if (bd->usable[c] && bd->usable[d] && bd->tm[c] == 0 && bd->tm[d] == 0 && ai_dist(c, d, bd) == 2 &&
                ai_los(bd, c, d) == LNLT_LOS_CLEAR && ai_los_degrade(bd, c, d) == 0) {
                a = c;
                b = d;
            }
    assert_true(a >= 0 && b >= 0);
    st->unit[us_squad].cell = (int16_t)a;
    st->unit[us_squad].status = LNLT_GOOD_ORDER;
    st->unit[us_squad].marks = 0;
    st->unit[vc_squad].cell = (int16_t)b;
    st->unit[vc_squad].status = LNLT_GOOD_ORDER;
    ai_scan sc;

    st->unit[vc_squad].marks = LNLT_MARK_MOVED;
    const ai_stack *e = stack_of(bd, st, vc_squad, &sc);
    assert_int_equal(e->op_firers, 0);

    st->unit[vc_squad].marks = LNLT_MARK_ASSAULT_MOVE;
    e = stack_of(bd, st, vc_squad, &sc);
    if (e->op_firers == 0)
        fail_msg("a squad under an Assault Move marker counted as unable to fire at a mover");
    int ifp = ctx.catalog->unit[st->unit[vc_squad].type].front.ifp;
    assert_int_equal(e->op_fp, ifp - 2);

    st->unit[vc_squad].marks = LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_FIRED;
    e = stack_of(bd, st, vc_squad, &sc);
    assert_int_equal(e->op_firers, 0);
    free(st);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_102_a_unit_after_an_assault_move_may_still_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
