/*
 * test_entry.c: the hexes offered for entering the map (22.0) are the hexes the
 * entering move may take (ruling R-CORE-20): not one holding the enemy, and not
 * one under a Melee marker (8.1) even when the enemy there is gone, since the
 * entering step may not begin a melee from off the map. Found by random play on
 * Vierville with four times its units, where the engine listed "enter A5" and then
 * refused it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "rules/internal.h"
#include "support/scenario_load.h"

static void R_CORE_20_no_entry_offered_into_a_melee_hex(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk1_assault_on_vierville.json");
    lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 3);
    /* The German impulse of turn 1, the attackers due through the north edge. */
    for (int i = 0; i < st.unit_count; i++)
        if (st.unit[i].cell >= 0)
            st.unit[i].cell = LNLT_CELL_NONE;
    st.phase = LNLT_PHASE_OPERATIONS;
    st.decision = LNLT_DECIDE_IMPULSE;
    st.impulse_side = st.to_act = LNLT_SIDE_2;
    int attack = lnlt_scenario_force(l.scn, "de_attack");
    assert_true(attack >= 0);
    st.force_edge[attack] = LNLT_EDGE_N;
    int h1 = test_cell(&l, "H1"), j1 = test_cell(&l, "J1");
    /* A melee marker left in H1 after the enemy there was eliminated. */
    rules_set_melee_marker(&st, h1, true);
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&l.ctx, &st, legal, 4096), into_h1 = 0, into_j1 = 0;
    for (int i = 0; i < n; i++) {
        into_h1 += legal[i].type == LNLT_ACT_ENTER && legal[i].arg[0] == h1;
        into_j1 += legal[i].type == LNLT_ACT_ENTER && legal[i].arg[0] == j1;
    }
    assert_int_equal(into_h1, 0);
    assert_true(into_j1 > 0); /* J1, on the same edge, is offered */
    /* and the engine refuses it when asked */
    lnlt_action a;
    lnlt_error err;
    assert_true(lnlt_action_parse(&l.ctx, &st, "enter H1", &a, &err));
    assert_false(lnlt_apply(&l.ctx, &st, &a, NULL, NULL, &err));
    test_scenario_unload(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_CORE_20_no_entry_offered_into_a_melee_hex),
    };
    return cmocka_run_group_tests_name("entry", tests, NULL, NULL);
}
