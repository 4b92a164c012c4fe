/*
 * test_ai_goal_reach.c: the scripted player's evaluation pulls every controlling
 * unit toward a goal hex of its own (22.0, 22.1; R-AI-61, src/ai/ai_goal_reach.c),
 * not only the unit nearest the goal hexes.
 *
 * The position is A Friend in Need's village (data/scenarios): the Americans win
 * a VP for each hut or building they control, seven hexes (G1, J3, J4, K4, L2, L3,
 * M3) held by the Viet Cong at the start. Before R-AI-61 the distance to every
 * missing hex was measured from the one unit nearest it, so once a squad stood by
 * the village a second squad gained nothing by walking toward it: in the traced
 * games the second American stack waited by the west edge for turns while the
 * first fought for the huts.
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
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/search.h"
#include "support/scenario_load.h"

#define FRIEND_IN_NEED "data/scenarios/sk4_a_friend_in_need.json"

static const ai_goal *control_goal(const ai_board *bd, int side)
{
    for (int k = 0; k < bd->goal_count; k++)
        if (bd->goal[k].side == side && bd->goal[k].kind == AI_GOAL_CONTROL && bd->goal[k].vp > 0)
            return &bd->goal[k];
    fail_msg("no control goal for side %d", side);
    return NULL;
}

/* The first n American squads of the state, in order. */
static void american_squads(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int n)
{
    int found = 0;
    for (int i = 0; i < st->unit_count && found < n; i++)
        if (st->unit[i].side == 1 && st->unit[i].type >= 0 &&
            ctx->catalog->unit[st->unit[i].type].kind == LNLT_UK_SQUAD)
            out[found++] = i;
    assert_int_equal(found, n);
}

typedef struct village {
    lnlt_ctx ctx;
    ai_board *bd;
    lnlt_state *st;
    int squad[2];
} village;

static void village_open(village *v)
{
    test_ctx_open(FRIEND_IN_NEED, &v->ctx);
    v->bd = ai_board_new(&v->ctx);
    assert_non_null(v->bd);
    v->st = malloc(sizeof *v->st);
    assert_non_null(v->st);
    lnlt_state_init(v->st, &v->ctx, 5);
    american_squads(&v->ctx, v->st, v->squad, 2);
}

static void village_close(village *v)
{
    free(v->st);
    ai_board_free(v->bd);
    lnlt_ctx_close(&v->ctx);
}

static void place(village *v, int unit, const char *hex)
{
    v->st->unit[unit].cell = (int16_t)test_ctx_cell(&v->ctx, hex);
    lnlt_state_refresh(v->st);
}

/* Each missing hex is reached by a unit of its own: one squad by the village
 * accounts for the nearest hut only, the rest wait for other units; a second
 * squad takes the next, from where it stands; a shaken squad counts for none. */
static void R_AI_61_each_missing_goal_hex_is_reached_by_a_unit_of_its_own(void **state)
{
    (void)state;
    village v;
    village_open(&v);
    const ai_goal *g = control_goal(v.bd, 1);
    float t[8];
    place(&v, v.squad[0], "H2");
    assert_int_equal(ai_goal_reach(v.bd, v.st, 1, g, 7, t, 8), 7);
    assert_true(t[0] < 1.0f);
    for (int i = 1; i < 7; i++)
        assert_true(t[i] == AI_REACH_NEVER);

    place(&v, v.squad[1], "C2");
    assert_int_equal(ai_goal_reach(v.bd, v.st, 1, g, 7, t, 8), 7);
    float far = t[1];
    assert_true(t[0] < far && far < AI_REACH_NEVER);
    assert_true(t[2] == AI_REACH_NEVER);
    place(&v, v.squad[1], "E3");
    ai_goal_reach(v.bd, v.st, 1, g, 7, t, 8);
    assert_true(t[1] < far);

    v.st->unit[v.squad[1]].status = LNLT_SHAKEN;
    ai_goal_reach(v.bd, v.st, 1, g, 7, t, 8);
    assert_true(t[1] == AI_REACH_NEVER);
    /* Never more than asked for, nor than the space given. */
    assert_int_equal(ai_goal_reach(v.bd, v.st, 1, g, 3, t, 2), 2);
    village_close(&v);
}

/* With one squad already by the village, a second squad is better placed in the
 * rice paddy two hexes nearer the huts than in the light jungle by the edge,
 * cover notwithstanding: before R-AI-61 the evaluation preferred the jungle. */
static void a_second_squad_is_drawn_toward_the_village(void **state)
{
    (void)state;
    village v;
    village_open(&v);
    place(&v, v.squad[0], "H2");
    place(&v, v.squad[1], "B2");
    float waiting = ai_evaluate_points(v.bd, v.st, 1);
    place(&v, v.squad[1], "D2");
    float closing = ai_evaluate_points(v.bd, v.st, 1);
    assert_true(closing > waiting);
    village_close(&v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_61_each_missing_goal_hex_is_reached_by_a_unit_of_its_own),
        cmocka_unit_test(a_second_squad_is_drawn_toward_the_village),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
