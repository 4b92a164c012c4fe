/*
 * test_victory.c: every victory condition of the four starter scenarios yields
 * each of its outcomes in a constructed end state (rules 22.0, 22.1; rulings
 * R-SCN-02, R-SCN-03, R-DATA-06). Units are put where the case needs them, the
 * state is brought to the last impulse of the last turn, and three passes end
 * the game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "support/scenario_load.h"

static int nth_unit(const test_scenario *l, const lnlt_state *st, const char *type, int nth)
{
    int t = lnlt_catalog_unit(l->cat, type);
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].type == t && nth-- == 0)
            return i;
    fail_msg("no unit %s #%d", type, nth);
    return -1;
}

static void put(const test_scenario *l, lnlt_state *st, int unit, const char *hex)
{
    st->unit[unit].cell = (int16_t)(hex ? test_cell(l, hex) : LNLT_CELL_NONE);
}

/* Ends the game: last turn, operations phase, two passes made; one more ends it. */
static int finish(const test_scenario *l, lnlt_state *st, lnlt_events *log)
{
    st->phase = LNLT_PHASE_OPERATIONS;
    st->turn = st->last_turn;
    st->decision = LNLT_DECIDE_IMPULSE;
    st->passes = 2;
    st->impulse_side = st->to_act = 1;
    lnlt_action pass;
    lnlt_error err;
    if (!lnlt_action_parse(&l->ctx, st, "pass", &pass, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_apply(&l->ctx, st, &pass, NULL, log, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(st->phase, LNLT_PHASE_GAME_OVER);
    return st->winner;
}

static bool logged(const lnlt_events *log, const char *needle)
{
    char text[512];
    for (int i = 0; i < log->count; i++) {
        lnlt_event_text(&log->ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

/* Assault on Vierville: whoever controls 4+ building hexes within 3 of H7. */
static void victory_vierville_control_of_buildings(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk1_assault_on_vierville.json");
    static lnlt_state st;
    lnlt_events log;
    lnlt_events_init(&log);

    /* The US holds every building at the start and keeps them: US win. */
    lnlt_state_init(&st, &l.ctx, 1);
    assert_int_equal(finish(&l, &st, &log), 1);
    assert_true(logged(&log, "the game is over: victory to the Americans"));
    assert_true(logged(&log, "Americans: controls"));

    /* German squads in four building hexes near H7 take them: German win. */
    lnlt_state_init(&st, &l.ctx, 1);
    static const char *taken[] = {"I5", "I6", "J5", "F5"};
    for (int i = 0; i < 4; i++)
        put(&l, &st, nth_unit(&l, &st, "de_squad_164", i < 3 ? i : 0), NULL);
    for (int i = 0; i < 3; i++)
        put(&l, &st, nth_unit(&l, &st, "de_squad_164", i), taken[i]);
    put(&l, &st, nth_unit(&l, &st, "de_half_154", 0), taken[3]);
    int zone = lnlt_scenario_zone(l.scn, "vp_buildings");
    const lnlt_map *maps[1] = {l.map};
    int in_zone = 0;
    for (int c = 0; c < lnlt_map_cells(l.map); c++)
        in_zone += lnlt_map_cell_exists(l.map, c) && lnlt_scenario_zone_has(l.scn, zone, maps, 1, lnlt_map_hex_at(l.map, c));
    int winner = finish(&l, &st, &log);
    if (in_zone - 4 >= 4)
        assert_int_equal(winner, 0); /* both hold 4: a draw (R-SCN-03) */
    else
        assert_int_equal(winner, 2);

    /* A shaken squad does not take control (22.1): the US keeps them. */
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 0; i < 3; i++) {
        int u = nth_unit(&l, &st, "de_squad_164", i);
        put(&l, &st, u, taken[i]);
        st.unit[u].status = LNLT_SHAKEN;
    }
    put(&l, &st, nth_unit(&l, &st, "de_half_154", 0), taken[3]);
    st.unit[nth_unit(&l, &st, "de_half_154", 0)].status = LNLT_SHAKEN;
    assert_int_equal(finish(&l, &st, &log), 1);
    lnlt_events_free(&log);
    test_scenario_unload(&l);
}

/* Rejoining the Regiment: the Germans must exit 2 squads and a leader through H8
 * by the end of turn 5; otherwise the US wins. */
static void victory_rejoining_exit(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk2_rejoining_the_regiment.json");
    static lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 1);
    assert_int_equal(finish(&l, &st, NULL), 1);

    lnlt_state_init(&st, &l.ctx, 1);
    int sq0 = nth_unit(&l, &st, "de_squad_164", 0), sq1 = nth_unit(&l, &st, "de_squad_164", 1);
    int leader = -1;
    for (int i = 0; i < st.unit_count && leader < 0; i++)
        if (st.unit[i].side == 2 && l.cat->unit[st.unit[i].type].kind == LNLT_UK_LEADER)
            leader = i;
    assert_true(leader >= 0);
    int ex[3] = {sq0, sq1, leader};
    for (int i = 0; i < 3; i++) {
        st.unit[ex[i]].cell = LNLT_CELL_EXITED;
        st.unit[ex[i]].entry_turn = 5;
    }
    assert_int_equal(finish(&l, &st, NULL), 2);

    /* One squad short: the US wins. */
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 1; i < 3; i++) {
        st.unit[ex[i]].cell = LNLT_CELL_EXITED;
        st.unit[ex[i]].entry_turn = 3;
    }
    assert_int_equal(finish(&l, &st, NULL), 1);

    /* Too late: leaving on turn 6 does not count. */
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 0; i < 3; i++) {
        st.unit[ex[i]].cell = LNLT_CELL_EXITED;
        st.unit[ex[i]].entry_turn = 6;
    }
    if (st.last_turn >= 6)
        assert_int_equal(finish(&l, &st, NULL), 1);
    test_scenario_unload(&l);
}

/* The Weapons Cache: the US must destroy the cache and control L3 and M3. */
static void victory_weapons_cache(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk3_the_weapons_cache.json");
    static lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 1);
    assert_int_equal(finish(&l, &st, NULL), 2);

    int sq[2] = {-1, -1}, k = 0;
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 0; i < st.unit_count && k < 2; i++)
        if (st.unit[i].side == 1 && l.cat->unit[st.unit[i].type].kind == LNLT_UK_SQUAD)
            sq[k++] = i;
    assert_int_equal(k, 2);
    put(&l, &st, sq[0], "L3");
    put(&l, &st, sq[1], "M3");
    /* Holding both hexes without the cache destroyed is not enough. */
    assert_int_equal(finish(&l, &st, NULL), 2);

    lnlt_state_init(&st, &l.ctx, 1);
    put(&l, &st, sq[0], "L3");
    put(&l, &st, sq[1], "M3");
    st.events_done |= 1u << 4; /* objective 0, the cache, destroyed */
    assert_int_equal(finish(&l, &st, NULL), 1);
    test_scenario_unload(&l);
}

/* A Friend in Need: most VP wins; a tie is a draw (R-DATA-06). */
static void victory_friend_in_need_vp(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk4_a_friend_in_need.json");
    static lnlt_state st;
    lnlt_events log;
    lnlt_events_init(&log);

    /* Count the VP hexes the VC hold at the start. */
    lnlt_state_init(&st, &l.ctx, 1);
    int zone = lnlt_scenario_zone(l.scn, "vp_hexes");
    const lnlt_map *maps[1] = {l.map};
    int vc_vp_hexes = 0;
    for (int c = 0; c < lnlt_map_cells(l.map); c++)
        if (lnlt_map_cell_exists(l.map, c) && lnlt_scenario_zone_has(l.scn, zone, maps, 1, lnlt_map_hex_at(l.map, c)))
            vc_vp_hexes += lnlt_bit(st.control[2], c);
    assert_true(vc_vp_hexes > 0);
    /* As things stand the VC lead on control: VC win. */
    assert_int_equal(finish(&l, &st, &log), 2);
    char expect[64];
    snprintf(expect, sizeof expect, "Viet Cong: %d VP", vc_vp_hexes);
    assert_true(logged(&log, expect));

    /* Nobody holds a VP hex: 0-0, a draw (R-DATA-06). */
    lnlt_state_init(&st, &l.ctx, 1);
    int first_vp = -1;
    for (int c = 0; c < lnlt_map_cells(l.map); c++)
        if (lnlt_map_cell_exists(l.map, c) && lnlt_scenario_zone_has(l.scn, zone, maps, 1, lnlt_map_hex_at(l.map, c))) {
            lnlt_bit_clear(st.control[2], c);
            if (first_vp < 0)
                first_vp = c;
        }
    lnlt_state tie = st;
    assert_int_equal(finish(&l, &tie, NULL), 0);
    /* The US holds one VP hex: 1-0, US win. */
    lnlt_bit_set(st.control[1], first_vp);
    lnlt_state us = st;
    assert_int_equal(finish(&l, &us, NULL), 1);
    /* ...but an eliminated US squad is worth 2 VP to the VC: 1-2, VC win. */
    for (int i = 0; i < st.unit_count; i++)
        if (st.unit[i].side == 1 && l.cat->unit[st.unit[i].type].kind == LNLT_UK_SQUAD) {
            st.unit[i].cell = LNLT_CELL_ELIMINATED;
            break;
        }
    log.count = 0;
    assert_int_equal(finish(&l, &st, &log), 2);
    assert_true(logged(&log, "Viet Cong: 2 VP"));
    assert_true(logged(&log, "1 eliminated"));
    lnlt_events_free(&log);
    test_scenario_unload(&l);
}

static void apply_text(const test_scenario *l, lnlt_state *st, const char *cmd, const char *dice, lnlt_events *log)
{
    lnlt_action a;
    lnlt_error err;
    lnlt_dice_queue q;
    lnlt_dice_queue_clear(&q);
    if (dice && !lnlt_dice_queue_parse(&q, dice, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_action_parse(&l->ctx, st, cmd, &a, &err) || !lnlt_apply(&l->ctx, st, &a, &q, log, &err))
        fail_msg("%s: %s", cmd, err.msg);
}

/* A Friend in Need: "squads reduced to half-squads are worth half the VPs earned
 * for eliminating a squad": the VC score 1 VP when a US squad is reduced, and the
 * other 1 if its half-squad is eliminated later (22.0). */
static void victory_22_0_friend_in_need_half_vp_at_reduction(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "data/scenarios/sk4_a_friend_in_need.json");
    static lnlt_state st, later;
    lnlt_events log;
    lnlt_events_init(&log);
    lnlt_state_init(&st, &l.ctx, 1);
    memset(st.control, 0, sizeof st.control); /* nobody holds a VP hex */
    int us = nth_unit(&l, &st, "usa_squad_264", 0), vc = nth_unit(&l, &st, "vc_squad_143", 0);
    put(&l, &st, us, "K6");
    st.unit[us].entry_turn = 0;
    put(&l, &st, vc, "K5");
    st.phase = LNLT_PHASE_OPERATIONS;
    st.decision = LNLT_DECIDE_IMPULSE;
    st.impulse_side = st.to_act = 2;
    apply_text(&l, &st, "activate K5", NULL, &log);
    /* 1d6 4 + FP 3 against 1d6 3: DC 4; 6 + 4 = 10 against morale 5: casualties */
    apply_text(&l, &st, "fire K5 K6", "4,3,6", &log);
    assert_true(logged(&log, "casualties, now a shaken US Army half-squad 1-5-4"));
    assert_true(logged(&log, "Viet Cong scores 1 VP: a squad reduced to a half-squad"));
    later = st;
    log.count = 0;
    assert_int_equal(finish(&l, &st, &log), 2);
    assert_true(logged(&log, "Viet Cong: 1 VP"));
    /* the half-squad eliminated afterwards: the squad's other half */
    later.unit[us].cell = LNLT_CELL_ELIMINATED;
    log.count = 0;
    assert_int_equal(finish(&l, &later, &log), 2);
    assert_true(logged(&log, "Viet Cong: 2 VP"));
    lnlt_events_free(&log);
    test_scenario_unload(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(victory_vierville_control_of_buildings),
        cmocka_unit_test(victory_rejoining_exit),
        cmocka_unit_test(victory_weapons_cache),
        cmocka_unit_test(victory_friend_in_need_vp),
        cmocka_unit_test(victory_22_0_friend_in_need_half_vp_at_reduction),
    };
    return cmocka_run_group_tests_name("victory", tests, NULL, NULL);
}
