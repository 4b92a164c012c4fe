/*
 * test_skills.c: the skills the starter scenarios use, driven by the skill data
 * (rule 12.0): Assaulter (Sgt Baumann in Assault on Vierville), Bull (Lt Jenson in
 * A Friend in Need), Charismatic (Lt Diem), and Deadly, Deadeye, Versatile,
 * Decisive and The Ambush from the core skill list.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "support/board.h"
#include "rules/internal.h"

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map15.json");
    return 0;
}

/* A unit, with a skill when `skill` is not NULL (12.0). */
static int add(const char *type, int side, const char *hex, const char *skill)
{
    lnlt_error err;
    int u = board_add(type, side, hex);
    if (skill && !lnlt_state_set_skill(&T.ctx, &T.st, u, skill, &err))
        fail_msg("%s", err.msg);
    return u;
}

static const lnlt_event *calc(void)
{
    for (int i = T.log.count - 1; i >= 0; i--)
        if (T.log.ev[i].kind == LNLT_EV_CALC)
            return &T.log.ev[i];
    return NULL;
}

static void skill_assaulter_lets_the_stack_assault_move(void **state)
{
    (void)state;
    add("de_squad_164", 2, "F3", NULL); /* 1-6-4: no assault-move box */
    int baumann = add("de_sgt_baumann", 2, "F3", NULL);
    add("us_abn_squad_254", 1, "A8", NULL);
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate F3", "");
    assert_false(board_legal("assault F3"));
    T.st.unit[baumann].skill = (int8_t)lnlt_catalog_skill(T.cat, "assaulter");
    assert_true(board_legal("assault F3"));
    board_play("assault F3", "");
    assert_int_equal(T.st.move.mode, LNLT_MV_ASSAULT);
}

static void skill_deadly_adds_one_fp_to_the_stack_attack(void **state)
{
    (void)state;
    add("us_abn_squad_254", 1, "I5", NULL);
    add("us_maj_tom", 1, "I5", "deadly");
    int de = add("de_squad_164", 2, "I3", NULL);
    (void)de;
    board_to_operations();
    board_play("activate I5", "");
    /* 2 (IFP) + LM 2 + Deadly 1 = 5 */
    board_play("fire I5 I3", "1,6"); /* 1 + 5 = 6 vs 6 + 0: no effect, no damage check */
    assert_non_null(calc());
    assert_int_equal(calc()->total, 5);
}

static void skill_deadeye_doubles_the_stack_range(void **state)
{
    (void)state;
    add("us_abn_squad_254", 1, "A8", NULL); /* IFP range 5 */
    int tom = add("us_maj_tom", 1, "A8", NULL);
    int de = add("de_squad_164", 2, "H5", NULL); /* range 7, a road hex */
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate A8", "");
    bool seen = board_legal("fire A8 H5");
    T.st.unit[tom].skill = (int8_t)lnlt_catalog_skill(T.cat, "deadeye");
    lnlt_los_result los;
    lnlt_loc a = {lnlt_map_hex_at(T.map, T.st.unit[0].cell), 0}, b = {lnlt_map_hex_at(T.map, T.st.unit[de].cell), 0};
    lnlt_los(T.map, a, b, NULL, &los);
    if (los.verdict != LNLT_LOS_BLOCKED) {
        assert_false(seen);            /* 7 > 5 */
        assert_true(board_legal("fire A8 H5")); /* 7 <= 10 */
    }
}

static void skill_bull_survives_a_second_wound(void **state)
{
    (void)state;
    /* A wounded Lt Jenson with Bull takes another wound and stays; a third kills. */
    lnlt_error err;
    int jenson = lnlt_state_add_unit(&T.ctx, &T.st, "usa_lt_jenson", 1, "H7", &err);
    assert_true(jenson >= 0);
    assert_true(lnlt_state_set_skill(&T.ctx, &T.st, jenson, "bull", &err));
    int de = add("de_squad_164", 2, "H6", NULL);
    lnlt_bit_set(T.st.spotted[2], T.st.unit[jenson].cell);
    T.st.unit[jenson].flags |= LNLT_UNIT_WOUNDED;
    T.st.unit[jenson].wounds = 1;
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate H6", "");
    /* 1 + adjacent 2 = 3; 6 + 3 = 9 vs 1 + 0 = 1: DC +8; Jenson (morale 5 - 1 for
     * the wound = 4) rolls 2 -> 10 >= 2 x 4: wounded again, and Bull keeps him in play */
    board_play("fire H6 H7", "6,1,2");
    (void)de;
    assert_true(T.st.unit[jenson].cell >= 0);
    assert_int_equal(T.st.unit[jenson].wounds, 2);
    /* without Bull the second wound eliminates */
    T.st.unit[jenson].skill = -1;
    T.st.unit[jenson].wounds = 1;
    T.st.unit[jenson].status = LNLT_GOOD_ORDER;
    T.st.unit[jenson].marks = 0;
    T.st.unit[de].marks = 0;
    T.st.unit[de].flags = 0;
    T.st.decision = LNLT_DECIDE_IMPULSE;
    T.st.to_act = T.st.impulse_side = 2;
    board_play("activate H6", "");
    board_play("fire H6 H7", "6,1,2");
    assert_int_equal(T.st.unit[jenson].cell, LNLT_CELL_ELIMINATED);
}

static void skill_charismatic_rallies_an_adjacent_hex(void **state)
{
    (void)state;
    int sq = add("de_squad_164", 2, "F4", NULL);
    int koch = add("de_lt_koch", 2, "F3", NULL);
    add("us_abn_squad_254", 1, "A8", NULL);
    T.st.unit[sq].status = LNLT_SHAKEN;
    T.st.initiative = 2;
    T.st.to_act = 2;
    assert_false(board_legal("rally F4"));
    T.st.unit[koch].skill = (int8_t)lnlt_catalog_skill(T.cat, "charismatic");
    assert_true(board_legal("rally F4"));
    /* 2d6 4 - LM 1 = 3 <= 5 */
    board_play("rally F4", "2,2");
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

/* Versatile (12.0, 6.1.1 designer's note): assault fire may not end in a melee,
 * unless a leader with Versatile moves with the stack. The airborne squad and
 * Maj Tom in L6 assault-fire at the Germans next door in L5, then step in. */
static void skill_versatile_lets_assault_fire_enter_a_melee(void **state)
{
    (void)state;
    add("us_abn_squad_254", 1, "L6", NULL);
    int tom = add("us_maj_tom", 1, "L6", NULL);
    add("de_squad_164", 2, "L5", NULL);
    board_to_operations();
    board_play("activate L6", "");
    board_play("assault-fire L6 L5", "1,6"); /* no effect */
    assert_int_equal(T.st.move.mode, LNLT_MV_ASSAULT_FIRE);
    assert_true(lnlt_bit(T.st.move.units, tom)); /* the leader who lent his LM moves too */
    assert_false(board_legal("step L5"));
    T.st.unit[tom].skill = (int8_t)lnlt_catalog_skill(T.cat, "versatile");
    assert_true(board_legal("step L5"));
    board_play("step L5", "");
    /* both movers are in the enemy hex and the melee asks for their targets */
    assert_int_equal(T.st.unit[tom].cell, T.st.unit[0].cell);
    assert_int_equal(T.st.unit[tom].cell, T.st.unit[2].cell);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MELEE_TARGET);
}

/* Decisive (12.0, single use): the leader and his stack activate a second time in
 * a later impulse, their Fired and Ops Complete markers removed first. */
static void skill_decisive_activates_the_stack_twice(void **state)
{
    (void)state;
    int sq = add("us_abn_squad_254", 1, "I5", NULL);
    int tom = add("us_maj_tom", 1, "I5", "decisive");
    add("de_squad_164", 2, "I3", NULL);
    board_to_operations();
    assert_false(board_legal("decisive I5")); /* nobody has activated yet */
    board_play("activate I5", "");
    board_play("fire I5 I3", "1,6"); /* no effect */
    board_play("done", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_FIRED);
    board_play("activate I3", ""); /* the Germans fire and are done: only Decisive is left */
    board_play("fire I3 I5", "1,6");
    board_play("done", "");
    assert_int_equal(T.st.phase, LNLT_PHASE_OPERATIONS);
    assert_false(board_legal("activate I5"));
    assert_true(board_legal("decisive I5"));
    board_play("decisive I5", "");
    assert_true(T.st.unit[tom].skill_used);
    assert_false(T.st.unit[sq].marks & LNLT_MARK_FIRED);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_ACTIVATION);
    board_play("fire I5 I3", "1,6");
    assert_false(rules_can_decisive(&T.ctx, &T.st, T.st.unit[tom].cell, 1)); /* single use */
    /* now nobody can act: the phase ends and the next turn rolls for initiative */
    board_play("done", "4,2");
    assert_int_equal(T.st.turn, 2);
    assert_true(T.st.unit[tom].skill_used);
}

/* The Ambush (12.0, single use): Major Tom in H6, next to the Germans in H5,
 * rolls 1d6 for reinforcements of his own nation placed with him, with his
 * activation status. A 3 brings a squad with an MG (ruling R-CORE-32). */
static void skill_the_ambush_brings_a_squad_and_mg(void **state)
{
    (void)state;
    int tom = add("us_maj_tom", 1, "H6", "the_ambush");
    add("de_squad_164", 2, "H5", NULL);
    int before = T.st.unit_count;
    board_to_operations();
    assert_true(board_legal("the-ambush H6"));
    board_play("the-ambush H6", "3");
    assert_true(T.st.unit[tom].skill_used);
    assert_int_equal(T.st.unit_count, before + 1);
    int sq = before;
    assert_string_equal(T.cat->unit[T.st.unit[sq].type].id, "us_abn_squad_254");
    assert_int_equal(T.st.unit[sq].cell, T.st.unit[tom].cell);
    assert_int_equal(T.st.unit[sq].side, 1);
    int w = T.st.sw_count - 1;
    assert_string_equal(T.cat->sw[T.st.sw[w].type].id, "m1919a4");
    assert_int_equal(T.st.sw[w].holder, sq);
    board_expect_log("The Ambush: 1d6 3");
    /* the impulse is still the US's to use, and the skill is spent */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_IMPULSE);
    assert_false(board_legal("the-ambush H6"));
    assert_true(board_legal("activate H6"));
}

/* A 5 or 6 brings two squads; with Tom and a squad already in H6 only one more
 * squad fits there, and the other goes to the first hex clockwise from north next
 * to him that is free of enemies and has room (H5 holds the Germans, so I5). A 1
 * brings nobody; far from the enemy the skill cannot be used. */
static void skill_the_ambush_two_squads_overflow_and_nothing(void **state)
{
    (void)state;
    int tom = add("us_maj_tom", 1, "H6", "the_ambush");
    add("us_abn_squad_254", 1, "H6", NULL);
    add("us_abn_squad_254", 1, "H6", NULL);
    add("de_squad_164", 2, "H5", NULL);
    int before = T.st.unit_count;
    board_to_operations();
    board_play("the-ambush H6", "6");
    assert_int_equal(T.st.unit_count, before + 2);
    assert_int_equal(T.st.unit[before].cell, board_cell("H6"));
    assert_int_equal(T.st.unit[before + 1].cell, board_cell("I5"));
    (void)tom;

    board_close();
    setup(NULL);
    add("us_maj_tom", 1, "H6", "the_ambush");
    add("de_squad_164", 2, "H5", NULL);
    before = T.st.unit_count;
    board_to_operations();
    board_play("the-ambush H6", "1");
    assert_int_equal(T.st.unit_count, before);
    board_expect_log("nobody comes");

    board_close();
    setup(NULL);
    add("us_maj_tom", 1, "H8", "the_ambush");
    add("de_squad_164", 2, "H2", NULL);
    board_to_operations();
    assert_false(board_legal("the-ambush H8"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(skill_assaulter_lets_the_stack_assault_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_deadly_adds_one_fp_to_the_stack_attack, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_deadeye_doubles_the_stack_range, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_bull_survives_a_second_wound, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_charismatic_rallies_an_adjacent_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_versatile_lets_assault_fire_enter_a_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_decisive_activates_the_stack_twice, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_the_ambush_brings_a_squad_and_mg, setup, board_teardown),
        cmocka_unit_test_setup_teardown(skill_the_ambush_two_squads_overflow_and_nothing, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("skills", tests, NULL, NULL);
}
