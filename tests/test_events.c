/*
 * test_events.c: each event marker of the starter scenarios fires in a
 * constructed situation (rules 1.8, 22.0; rulings R-SCN-04..07, R-DATA-04):
 * Vierville's reinforcements, the Weapons Cache's hidden Viet Cong and the cache
 * itself, and A Friend in Need's morale check choosing between two NVA arrivals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/check.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "rules/internal.h"
#include "support/scenario_load.h"

typedef struct run {
    test_scenario l;
    lnlt_state st;
    lnlt_dice_queue dice;
    lnlt_events log;
} run;

static run R;

static int unit_of(const char *type, int nth)
{
    int t = lnlt_catalog_unit(R.l.cat, type);
    for (int i = 0; i < R.st.unit_count; i++)
        if (R.st.unit[i].type == t && nth-- == 0)
            return i;
    fail_msg("no unit %s", type);
    return -1;
}

/* Starts the scenario skipping set-up: the operations phase of turn 1, `side` to
 * act, every unit off the map until put somewhere. */
static void start(const char *path, int side)
{
    test_scenario_load(&R.l, path);
    lnlt_state_init(&R.st, &R.l.ctx, 3);
    for (int i = 0; i < R.st.unit_count; i++)
        if (R.st.unit[i].cell >= 0)
            R.st.unit[i].cell = LNLT_CELL_NONE;
    R.st.phase = LNLT_PHASE_OPERATIONS;
    R.st.decision = LNLT_DECIDE_IMPULSE;
    R.st.impulse_side = R.st.to_act = (uint8_t)side;
    lnlt_dice_queue_clear(&R.dice);
    lnlt_events_init(&R.log);
}

static void stop(void)
{
    lnlt_events_free(&R.log);
    test_scenario_unload(&R.l);
}

static void put(int unit, const char *hex) { R.st.unit[unit].cell = (int16_t)test_cell(&R.l, hex); }

static void play(const char *cmd, const char *dice)
{
    lnlt_error err;
    lnlt_action a;
    if (dice[0] && !lnlt_dice_queue_parse(&R.dice, dice, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_action_parse(&R.l.ctx, &R.st, cmd, &a, &err))
        fail_msg("%s: %s", cmd, err.msg);
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 4096);
    bool found = false;
    for (int i = 0; i < n && i < 4096; i++)
        found |= lnlt_action_equal(&legal[i], &a);
    if (!found) {
        char text[96];
        for (int i = 0; i < n && i < 40; i++) {
            lnlt_action_format(&R.l.ctx, &legal[i], text, sizeof text);
            print_message("  legal: %s\n", text);
        }
        fail_msg("\"%s\" is not legal now", cmd);
    }
    if (!lnlt_apply(&R.l.ctx, &R.st, &a, &R.dice, &R.log, &err))
        fail_msg("%s: %s", cmd, err.msg);
    assert_int_equal(lnlt_dice_queue_left(&R.dice), 0);
}

static bool legal_now(const char *cmd_prefix, int unit)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "%s #%d", cmd_prefix, unit);
    lnlt_error err;
    lnlt_action a;
    if (!lnlt_action_parse(&R.l.ctx, &R.st, cmd, &a, &err))
        return false;
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (lnlt_action_equal(&legal[i], &a))
            return true;
    return false;
}

static bool legal_cmd(const char *cmd)
{
    lnlt_error err;
    lnlt_action a;
    if (!lnlt_action_parse(&R.l.ctx, &R.st, cmd, &a, &err))
        return false;
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (lnlt_action_equal(&legal[i], &a))
            return true;
    return false;
}

static bool logged(const char *needle)
{
    char text[512];
    for (int i = 0; i < R.log.count; i++) {
        lnlt_event_text(&R.log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

static void expect_log(const char *needle)
{
    if (!logged(needle)) {
        char text[512];
        for (int i = 0; i < R.log.count; i++) {
            lnlt_event_text(&R.log.ev[i], text, sizeof text);
            print_message("  log: %s\n", text);
        }
        fail_msg("no event containing \"%s\"", needle);
    }
}

/* Vierville: a German unit entering J5 fires markers A (and removes B); the
 * German reinforcements may enter from the next German impulse through one edge
 * (not south), and the US reinforcements once one of them has entered, through an
 * edge adjacent to it (R-DATA-04). */
static void event_vierville_A_reinforcements(void **state)
{
    (void)state;
    start("data/scenarios/sk1_assault_on_vierville.json", 2);
    int sq = unit_of("de_squad_164", 0);
    put(sq, "K5");
    play("activate K5", "");
    play("move K5", "");
    play("step J5", "");
    expect_log("event marker A in J5");
    expect_log("paragraph 1 is read");
    expect_log("4 × Squad 1-6-4, Sgt Baumann (Assaulter) with MG34, MG42 (Germans) may now enter the map");
    assert_false(logged("de_reinforcements")); /* no internal id reaches the log */
    assert_int_equal(R.st.events_done & 3, 3); /* A and B both gone */
    int baumann = unit_of("de_sgt_baumann", 0), tom = unit_of("us_maj_tom", 0);
    assert_int_equal(R.st.unit[baumann].entry_turn, R.st.turn);
    if (lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_MOVE)
        play("stop", "");
    play("done", "");
    /* US impulse: their reinforcements may not enter yet. */
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 4096);
    for (int i = 0; i < n; i++)
        assert_false(legal[i].type == LNLT_ACT_ENTER);
    play("pass", "");
    /* German impulse: Baumann's group enters through the north edge. */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "enter H1 #%d", baumann);
    play(cmd, "");
    snprintf(cmd, sizeof cmd, "move H1 #%d", baumann);
    play(cmd, "");
    snprintf(cmd, sizeof cmd, "#%d Sgt Baumann enters through H1", baumann);
    expect_log(cmd);
    if (lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_MOVE)
        play("stop", "");
    play("done", "");
    /* Now the US may enter, through the east or west edge (adjacent to north). */
    n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 4096);
    int entries = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].type != LNLT_ACT_ENTER || !lnlt_bit(legal[i].units, tom))
            continue;
        lnlt_hex h = lnlt_map_hex_at(R.l.map, legal[i].arg[0]);
        assert_true(h.col == 0 || h.col == 14); /* columns A and O */
        entries++;
    }
    assert_true(entries > 0);
    stop();
}

/* The Weapons Cache: the US seeing K4 brings the Viet Cong out (placed by the VC
 * player in the ambush hexes), who may then fire at once; entering M3 reveals the
 * cache, and holding it a whole turn with Lt Jenson and a squad destroys it. */
static void event_weapons_cache_ambush_and_cache(void **state)
{
    (void)state;
    start("data/scenarios/sk3_the_weapons_cache.json", 1);
    int sq = unit_of("usa_squad_264", 0), jenson = unit_of("usa_lt_jenson", 0);
    put(sq, "J8");
    put(jenson, "J8");
    play("activate J8", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "move J8 #%d", sq);
    play(cmd, "");
    /* step until K4 comes into sight */
    static const char *path[] = {"J7", "J6", "K6", "K5"};
    int p = 0;
    while (!(R.st.events_done & 1) && p < 4) {
        snprintf(cmd, sizeof cmd, "step %s", path[p++]);
        play(cmd, "");
    }
    expect_log("event marker A in K4");
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).kind, LNLT_DECIDE_EVENT_PLACE);
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).side, 2);
    /* the VC place their four units, each in a legal ambush hex */
    static const char *hexes[] = {"M3", "L3", "K2", "M2"};
    for (int k = 0; k < 4 && lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_EVENT_PLACE; k++) {
        static lnlt_action legal[512];
        int n = lnlt_legal_actions(&R.l.ctx, &R.st, legal, 512);
        assert_true(n > 0 && n <= 10);
        int u = -1;
        for (int i = 0; i < LNLT_MAX_UNITS && u < 0; i++)
            if (lnlt_bit(legal[0].units, i))
                u = i;
        snprintf(cmd, sizeof cmd, "place %s #%d", hexes[k], u);
        play(cmd, "");
    }
    expect_log("appears in M3");
    /* back in the move: the VC may now fire (OF window) or the move goes on */
    lnlt_decision d = lnlt_decision_get(&R.l.ctx, &R.st);
    assert_true(d.kind == LNLT_DECIDE_OPFIRE || d.kind == LNLT_DECIDE_MOVE);
    stop();

    /* The cache: occupying M3 reveals it; Jenson and a GO squad there for a whole
     * turn without acting destroy it in the administrative phase. */
    start("data/scenarios/sk3_the_weapons_cache.json", 1);
    sq = unit_of("usa_squad_264", 0);
    jenson = unit_of("usa_lt_jenson", 0);
    put(sq, "L3");
    put(jenson, "L3");
    R.st.events_done |= 1; /* the ambush has been sprung */
    play("activate L3", "");
    play("move L3", "");
    play("step M3", "");
    expect_log("the cache in M3 is revealed");
    if (lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_MOVE)
        play("stop", "");
    /* every unit has acted, so turn 1 ends here (4.0); initiative for turn 2 */
    play("done", "1,2");
    assert_true(R.st.objectives & 1);
    /* in turn 2 they hold still */
    play("end-rally", "");
    play("end-rally", "");
    assert_true(R.st.objectives & (1u << 4)); /* holding since the turn began */
    play("pass", "");
    play("pass", "");
    play("pass", "3,4");
    expect_log("the cache in M3 is destroyed");
    assert_true(R.st.events_done & (1u << 4));
    stop();
}

/* A Friend in Need: the US seeing G1 must pick a unit that sees it for an
 * unmodified morale check: passed, the NVA arrive under Moved markers
 * (paragraph 2); failed, under Assault Move markers (paragraph 3); either way
 * the US impulse ends. */
/* A Friend in Need: the US squad `sq` walks from D1 toward F2 until it sees G1
 * and sets off marker A; its morale check is asked of the US. */
static void set_off_friend_in_need_A(int sq)
{
    put(sq, "D1");
    play("activate D1", "");
    play("move D1", "");
    char cmd[64];
    static const char *path[] = {"E1", "F1", "E2", "F2"};
    for (int p = 0; !(R.st.events_done & 1) && p < 4; p++) {
        snprintf(cmd, sizeof cmd, "step %s", path[p]);
        play(cmd, "");
    }
    expect_log("event marker A in G1");
    lnlt_decision d = lnlt_decision_get(&R.l.ctx, &R.st);
    assert_int_equal(d.kind, LNLT_DECIDE_EVENT_CHOOSE);
    assert_int_equal(d.side, 1);
}

static void friend_in_need_check(const char *dice, bool passed)
{
    start("data/scenarios/sk4_a_friend_in_need.json", 1);
    int sq = unit_of("usa_squad_264", 0);
    set_off_friend_in_need_A(sq);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "choose #%d", sq);
    play(cmd, dice);
    expect_log(passed ? "paragraph 2 is read" : "paragraph 3 is read");
    int nva = unit_of("nva_squad_254", 0);
    assert_int_equal(R.st.unit[nva].cell, test_cell(&R.l, "G1"));
    assert_true(R.st.unit[nva].marks & (passed ? LNLT_MARK_MOVED : LNLT_MARK_ASSAULT_MOVE));
    expect_log("the impulse ends");
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).side, 2); /* the VC's impulse now */
    stop();
}

static void event_friend_in_need_A_passed(void **state)
{
    (void)state;
    friend_in_need_check("2,2", true); /* 4 <= morale 5 */
}

static void event_friend_in_need_A_failed(void **state)
{
    (void)state;
    friend_in_need_check("3,3", false); /* 6 > 5 */
}

/* A Friend in Need, paragraph 4: the US unit in E3 steps into F3 (marker A taken
 * as already gone), sets off marker B and receives the fire mission; the rest of
 * its activation is given up and the Viet Cong pass, so the US may call it. */
static void receive_friend_in_need_mission(void)
{
    R.st.events_done |= 1;
    play("activate E3", "");
    play("move E3", "");
    play("step F3", "");
    expect_log("event marker B in F3");
    expect_log("paragraph 4 is read");
    expect_log("receives a fire mission (FP 5)");
    assert_int_equal(R.st.missions[1], 1);
    if (lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_OPFIRE)
        play("no-fire", "");
    if (lnlt_decision_get(&R.l.ctx, &R.st).kind == LNLT_DECIDE_MOVE)
        play("stop", "");
    play("done", "");
    play("pass", ""); /* the VC */
}

/* A Friend in Need, paragraph 4: the US entering F3 gets one fire mission; Lt
 * Jenson calls it on a hex he sees, the round drifts (white 3: 2 hexes, coloured
 * 4: south), he shifts it one hex, and the Fire For Effect attacks the impact hex
 * and its neighbours at FP 5, then waits there for anyone entering. */
static void event_friend_in_need_D_fire_mission(void **state)
{
    (void)state;
    start("data/scenarios/sk4_a_friend_in_need.json", 1);
    int sq = unit_of("usa_squad_264", 0), jenson = unit_of("usa_lt_jenson", 0);
    int vc = unit_of("vc_squad_143", 0);
    put(sq, "E3");
    put(jenson, "D4");
    put(vc, "H4");
    receive_friend_in_need_mission();
    char cmd[64];
    /* Jenson calls it on G3; the round drifts 2 hexes south to G5 */
    assert_false(legal_now("call-fire H2", jenson)); /* H2 is out of his sight */
    snprintf(cmd, sizeof cmd, "call-fire G3 #%d", jenson);
    play(cmd, "3,4");
    expect_log("drifts 2 hexes S");
    expect_log("the round lands on G5");
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).kind, LNLT_DECIDE_FIRE_SHIFT);
    lnlt_los_result before;
    rules_los(&R.l.ctx, &R.st, test_cell(&R.l, "H6"), test_cell(&R.l, "H2"), &before);
    /* he shifts it one hex north to G4; H4, next to it, holds the VC squad:
     * 6 + 5 = 11 vs 1 + TM, and the squad's damage check */
    play("ffe G4", "6,1,3");
    expect_log("Fire For Effect lands on G4");
    expect_log("FFE on H4: 1d6 6 + FP 5 = 11");
    assert_int_equal(R.st.missions[1], 0);
    assert_true(lnlt_bit(R.st.ffe, test_cell(&R.l, "G4")) && lnlt_bit(R.st.ffe, test_cell(&R.l, "H4")));
    /* the barrage's hexes degrade lines through them (R-SCN-04) */
    lnlt_los_result after;
    rules_los(&R.l.ctx, &R.st, test_cell(&R.l, "H6"), test_cell(&R.l, "H2"), &after);
    assert_true(after.verdict == LNLT_LOS_BLOCKED || after.degrade > before.degrade);
    assert_true(R.st.unit[jenson].marks & LNLT_MARK_OPS_COMPLETE);
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).side, 2); /* the call took the impulse */
    stop();
}

/* 1.3 with 22.0 (ruling R-SCN-41): an event's units whose hex has no room for
 * them under the stacking limits, which apply at all times, appear in the first
 * neighbour that has room and no enemy. Here the Viet Cong's three squads and Lt
 * Diem stand in G1 when paragraph 3 places Lt Van Du and an NVA squad there (found
 * by `lnlt selfplay --check --bot easy`, A Friend in Need, seed 70128: "stacking
 * broken in G1 for side 2"). */
static void rule_1_3_event_units_without_room_appear_next_door(void **state)
{
    (void)state;
    start("data/scenarios/sk4_a_friend_in_need.json", 1);
    int sq = unit_of("usa_squad_264", 0);
    for (int k = 0; k < 3; k++)
        put(unit_of("vc_squad_143", k), "G1");
    put(unit_of("vc_lt_diem", 0), "G1");
    set_off_friend_in_need_A(sq);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "choose #%d", sq);
    play(cmd, "3,3"); /* 6 > morale 5: paragraph 3 */
    expect_log("paragraph 3 is read");
    int van_du = unit_of("nva_lt_van_du", 0), nva = unit_of("nva_squad_254", 0);
    int g1 = test_cell(&R.l, "G1"), at = R.st.unit[van_du].cell;
    assert_int_not_equal(at, g1);
    assert_int_equal(R.st.unit[nva].cell, at); /* the force stays together */
    assert_int_equal(lnlt_hex_distance(lnlt_map_hex_at(R.l.ctx.map, at), lnlt_map_hex_at(R.l.ctx.map, g1)), 1);
    char why[200];
    assert_true(lnlt_check_invariants(&R.l.ctx, &R.st, why, sizeof why));
    stop();
}

/* 1.6 with 18.2: a squad the Fire For Effect of a fire mission reduces to a
 * half-squad drops one of its two weapons, its owner choosing which, before the
 * game goes on. Before, the end of the call (which takes the impulse) cleared the
 * owner's drop decision and the half-squad kept both (found by `lnlt selfplay
 * --check --bot normal`, A Friend in Need, seed 62829: "unit #3 carries 2
 * weapons"). */
static void rule_1_6_a_squad_reduced_by_a_fire_mission_drops_a_weapon(void **state)
{
    (void)state;
    start("data/scenarios/sk4_a_friend_in_need.json", 1);
    int mover = unit_of("usa_squad_264", 0), holder = unit_of("usa_squad_264", 1);
    put(mover, "E3");
    put(holder, "F3");
    put(unit_of("vc_squad_143", 0), "O8");
    int w[2], nw = 0;
    for (int i = 0; i < R.st.sw_count && nw < 2; i++)
        if (R.st.sw[i].holder >= 0 && R.st.unit[R.st.sw[i].holder].side == 1)
            w[nw++] = i;
    assert_int_equal(nw, 2);
    for (int k = 0; k < 2; k++) {
        R.st.sw[w[k]].holder = (int16_t)holder;
        R.st.sw[w[k]].cell = LNLT_CELL_NONE;
    }
    receive_friend_in_need_mission();
    /* With no leader on the map the squad calls it, without a shift: the round
     * drifts 2 hexes SW from H2 onto F3 itself; 2 + 5 = 7 vs 3 + 0, DC+4: the
     * mover 2 + 4 = 6 is shaken, the holder 6 + 4 = 10 takes casualties. */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "call-fire H2 #%d", holder);
    play(cmd, "3,5,2,3,2,6");
    expect_log("the round lands on F3");
    expect_log("can carry only one weapon");
    lnlt_decision d = lnlt_decision_get(&R.l.ctx, &R.st);
    assert_int_equal(R.st.pending, LNLT_DECIDE_SW_DROP);
    assert_int_equal(d.side, 1);
    for (int k = 0; k < 2; k++) { /* either weapon may go */
        snprintf(cmd, sizeof cmd, "drop F3 w%d", w[k]);
        assert_true(legal_cmd(cmd));
    }
    snprintf(cmd, sizeof cmd, "drop F3 w%d", w[1]);
    play(cmd, "");
    assert_int_equal(R.st.sw[w[0]].holder, holder);
    assert_int_equal(R.st.sw[w[1]].holder, -1);
    assert_int_equal(R.st.sw[w[1]].cell, test_cell(&R.l, "F3"));
    assert_int_not_equal(R.st.pending, LNLT_DECIDE_SW_DROP);
    assert_int_equal(lnlt_decision_get(&R.l.ctx, &R.st).side, 2); /* the call took the impulse */
    stop();
}

/* Assault on Vierville's special rule: no heroes are created, even on a natural 1
 * followed by an even die (11.2.1 switched off by the scenario). */
static void ssr_vierville_no_hero_creation(void **state)
{
    (void)state;
    start("data/scenarios/sk1_assault_on_vierville.json", 2);
    int de = unit_of("de_squad_164", 0), us = unit_of("us_abn_squad_254", 0);
    put(de, "H5");
    put(us, "H6");
    int before = R.st.unit_count;
    play("activate H5", "");
    /* 1 + adjacent 2 = 3: 6 + 3 = 9 vs 1 + 0: DC 8; natural 1 -> shaken; no hero die is
     * rolled at all (22.0: the rule forbids heroes to that side) */
    play("fire H5 H6", "6,1,1");
    expect_log("no hero appears (the scenario forbids hero creation)");
    assert_int_equal(R.st.unit_count, before);
    stop();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(event_vierville_A_reinforcements),
        cmocka_unit_test(event_weapons_cache_ambush_and_cache),
        cmocka_unit_test(event_friend_in_need_A_passed),
        cmocka_unit_test(event_friend_in_need_A_failed),
        cmocka_unit_test(event_friend_in_need_D_fire_mission),
        cmocka_unit_test(rule_1_6_a_squad_reduced_by_a_fire_mission_drops_a_weapon),
        cmocka_unit_test(rule_1_3_event_units_without_room_appear_next_door),
        cmocka_unit_test(ssr_vierville_no_hero_creation),
    };
    return cmocka_run_group_tests_name("events", tests, NULL, NULL);
}
