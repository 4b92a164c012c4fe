/*
 * test_ai_eval.c: the computer players' judgement of a position (src/ai/ai_eval.c,
 * through its internal header): what the victory conditions of a scenario
 * (22.0, 22.1) make a bot want before it can see them met.
 *
 *   R_AI_01: a hidden objective (The Weapons Cache: the cache, found in 1M3 only
 *   when a US unit enters it) still pulls the unit the victory conditions name
 *   for it (Lt Jenson) toward the hexes the side must take.
 *   22.1 exit, last turn: a unit that has already acted in the exit goal's last
 *   turn (Rejoining the Regiment: turn 5) can no longer leave (4.0: no unit acts
 *   twice in a turn), so standing in the exit hex after a melee that ended the
 *   move there is no longer judged as good as being free to step off.
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

#define SK2 "data/scenarios/sk2_rejoining_the_regiment.json"
#define SK3 "data/scenarios/sk3_the_weapons_cache.json"

static void R_AI_01_the_named_unit_of_a_hidden_objective_goes_toward_the_goals(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(SK3, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st), *near = malloc(sizeof *near), *far = malloc(sizeof *far);
    assert_non_null(st);
    assert_non_null(near);
    assert_non_null(far);
    test_past_setup(&ctx, st, 5);
    int jenson = test_unit_of_type(&ctx, st, "usa_lt_jenson");
    int side = st->unit[jenson].side;
    /* The cache is hidden and not yet revealed. */
    assert_int_equal((st->objectives >> 0) & 1, 0);
    /* Jenson alone in one of two empty hexes of the same cover outside the goal
     * hexes, one at least a turn of movement (4 MP, 8 half MP) nearer them. */
    const ai_goal *g = NULL;
    for (int k = 0; k < bd->goal_count && !g; k++)
        if (bd->goal[k].side == side && bd->goal[k].kind == AI_GOAL_CONTROL)
            g = &bd->goal[k];
    assert_non_null(g);
    int a = -1, b = -1;
    for (int c = 0; c < bd->cells; c++) {
        bool empty = true;
        for (int i = 0; i < st->unit_count; i++)
            empty &= st->unit[i].cell != c;
        if (!bd->usable[c] || !empty || bd->tm[c] != 0 || g->dist2[c] < 2 || g->dist2[c] >= AI_FAR)
            continue;
        if (a < 0 || g->dist2[c] < g->dist2[a])
            a = c;
        if (b < 0 || g->dist2[c] > g->dist2[b])
            b = c;
    }
    assert_true(a >= 0 && b >= 0 && g->dist2[b] >= g->dist2[a] + 8);
    lnlt_state_clone(near, st);
    lnlt_state_clone(far, st);
    near->unit[jenson].cell = (int16_t)a;
    far->unit[jenson].cell = (int16_t)b;
    float vn = ai_evaluate_points(bd, near, side), vf = ai_evaluate_points(bd, far, side);
    /* The pull is 3 points a turn of movement: at least that much apart. */
    if (vn < vf + 3.0f)
        fail_msg("Jenson %d half MP from the goals: %.2f; %d half MP: %.2f", g->dist2[a], vn, g->dist2[b], vf);
    free(st);
    free(near);
    free(far);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

static void AI_22_1_exit_a_unit_that_acted_in_the_last_turn_no_longer_leaves(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(SK2, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st), *fresh = malloc(sizeof *fresh), *spent = malloc(sizeof *spent);
    assert_non_null(st);
    assert_non_null(fresh);
    assert_non_null(spent);
    test_past_setup(&ctx, st, 5);
    int squad = test_unit_of_type(&ctx, st, "de_squad_164");
    int side = st->unit[squad].side;
    const ai_goal *g = NULL;
    for (int k = 0; k < bd->goal_count && !g; k++)
        if (bd->goal[k].side == side && bd->goal[k].kind == AI_GOAL_EXIT)
            g = &bd->goal[k];
    assert_non_null(g);
    int exit_cell = -1;
    for (int c = 0; c < bd->cells && exit_cell < 0; c++)
        if (g->dist2[c] == 0)
            exit_cell = c;
    assert_true(exit_cell >= 0);
    /* The last turn's Operations Phase, the squad alone in the exit hex (the
     * defenders elsewhere): once free to step off, once marked Moved. */
    st->turn = st->last_turn;
    st->phase = LNLT_PHASE_OPERATIONS;
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].cell == exit_cell)
            st->unit[i].cell = LNLT_CELL_ELIMINATED;
    st->unit[squad].cell = (int16_t)exit_cell;
    st->unit[squad].status = LNLT_GOOD_ORDER;
    st->unit[squad].marks = 0;
    lnlt_state_clone(fresh, st);
    lnlt_state_clone(spent, st);
    spent->unit[squad].marks |= LNLT_MARK_MOVED;
    float vf = ai_evaluate_points(bd, fresh, side), vs = ai_evaluate_points(bd, spent, side);
    /* Its two halves missing from the exit at the deadline: the steep part of
     * the distance cost (8 points) at least once over. */
    if (vf < vs + 8.0f)
        fail_msg("squad in the exit hex on the last turn: free %.2f, already moved %.2f", vf, vs);
    /* Earlier turns are not affected: a spent unit moves again next turn. */
    fresh->turn = spent->turn = (uint8_t)(st->last_turn - 2);
    vf = ai_evaluate_points(bd, fresh, side);
    vs = ai_evaluate_points(bd, spent, side);
    if (vf > vs + 1.0f)
        fail_msg("squad in the exit hex on turn %d: free %.2f, already moved %.2f", fresh->turn, vf, vs);
    free(st);
    free(fresh);
    free(spent);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_01_the_named_unit_of_a_hidden_objective_goes_toward_the_goals),
        cmocka_unit_test(AI_22_1_exit_a_unit_that_acted_in_the_last_turn_no_longer_leaves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
