/*
 * test_moves.c: the movement modes and rally-phase options of rules core I on
 * Map 15 with forced dice: double time (6.2), low crawl (6.3), assault fire
 * (6.1.1), self-rally pairs (3.1) and recombining half-squads (3.0).
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

static struct {
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_ctx ctx;
    lnlt_state st;
    lnlt_dice_queue dice;
    lnlt_events log;
} T;

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    memset(&T, 0, sizeof T);
    static const char *files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json", "data/units/de_wwii.json",
                                  "data/weapons/starter_kit.json", "tests/fixtures/units/srp.json"};
    T.cat = lnlt_catalog_new();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (!lnlt_catalog_add_file(T.cat, files[i], &err))
            fail_msg("%s", err.msg);
    if (!lnlt_catalog_link(T.cat, &err) || !lnlt_map_load_file("data/maps/map15.json", &T.map, &err))
        fail_msg("%s", err.msg);
    T.ctx.turns = 3;
    T.ctx.first_initiative = 1;
    T.ctx.side_name[1] = "US";
    T.ctx.side_name[2] = "German";
    T.ctx.map = T.map;
    T.ctx.catalog = T.cat;
    lnlt_state_init(&T.st, &T.ctx, 1);
    lnlt_dice_queue_clear(&T.dice);
    lnlt_events_init(&T.log);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_events_free(&T.log);
    lnlt_map_free(T.map);
    lnlt_catalog_free(T.cat);
    return 0;
}

static int add(const char *type, int side, const char *hex)
{
    lnlt_error err;
    int u = lnlt_state_add_unit(&T.ctx, &T.st, type, side, hex, &err);
    if (u < 0)
        fail_msg("%s", err.msg);
    return u;
}

static bool legal(const char *cmd)
{
    lnlt_action a;
    lnlt_error err;
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        return false;
    static lnlt_action list[4096];
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    for (int i = 0; i < n; i++)
        if (lnlt_action_equal(&list[i], &a))
            return true;
    return false;
}

static void play(const char *cmd, const char *dice)
{
    lnlt_error err;
    lnlt_action a;
    if (dice[0] && !lnlt_dice_queue_parse(&T.dice, dice, &err))
        fail_msg("%s", err.msg);
    if (!legal(cmd))
        fail_msg("\"%s\" is not legal now", cmd);
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err) || !lnlt_apply(&T.ctx, &T.st, &a, &T.dice, &T.log, &err))
        fail_msg("%s: %s", cmd, err.msg);
    assert_int_equal(lnlt_dice_queue_left(&T.dice), 0);
}

static bool logged(const char *needle)
{
    char text[512];
    for (int i = 0; i < T.log.count; i++) {
        lnlt_event_text(&T.log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

static void to_operations(void)
{
    play("end-rally", "");
    play("end-rally", "");
}

static void rule_6_2_double_time_with_a_leader(void **state)
{
    (void)state;
    int sq = add("us_abn_squad_254", 1, "H7");
    int shaken = add("us_abn_half_144", 1, "H7");
    add("us_maj_tom", 1, "H7");
    add("de_squad_164", 2, "A1");
    T.st.unit[shaken].status = LNLT_SHAKEN;
    to_operations();
    play("activate H7", "");
    /* all three: the shaken half-squad (MF 2 + 1 = 3) sets the pace */
    play("dt H7", "");
    assert_true(logged("move at double time from H7 with 3 MP"));
    assert_int_equal(T.st.move.mode, LNLT_MV_DOUBLE_TIME);
    play("stop", "");
    play("done", "");
    teardown(NULL);
    setup(NULL);
    sq = add("us_abn_squad_254", 1, "H7");
    add("us_maj_tom", 1, "H7");
    add("de_squad_164", 2, "A1");
    to_operations();
    play("activate H7", "");
    /* the squad (MF 4 + 2 = 6, Major Tom's MF 6 caps it) */
    play("dt H7", "");
    assert_true(logged("move at double time from H7 with 6 MP"));
    (void)sq;
    /* without a leader there is no double time */
    teardown(NULL);
    setup(NULL);
    add("us_abn_squad_254", 1, "H7");
    add("de_squad_164", 2, "A1");
    to_operations();
    play("activate H7", "");
    assert_false(legal("dt H7"));
}

static void rule_6_3_low_crawl_one_hex(void **state)
{
    (void)state;
    int sq = add("us_abn_squad_254", 1, "H7");
    add("de_squad_164", 2, "A1");
    to_operations();
    play("activate H7", "");
    play("crawl H7", "");
    play("step H8", "");
    /* one hex, the whole impulse: the move is over and the unit is marked LC */
    assert_int_equal(T.st.move.active, 0);
    assert_true(T.st.unit[sq].marks & LNLT_MARK_LOW_CRAWL);
    play("done", "");
    /* a shaken squad (MF 2) may not crawl into Light Woods (2 MP): it would need all its MP */
    teardown(NULL);
    setup(NULL);
    sq = add("us_abn_squad_254", 1, "J5");
    T.st.unit[sq].status = LNLT_SHAKEN;
    add("de_squad_164", 2, "A1");
    to_operations();
    play("activate J5", "");
    play("crawl J5", "");
    assert_false(legal("step K5")); /* Light Woods */
}

static void rule_6_1_1_assault_fire_then_half_move(void **state)
{
    (void)state;
    int sq = add("us_abn_squad_254", 1, "I5");
    int de = add("de_squad_164", 2, "I3");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    to_operations();
    play("activate I5", "");
    /* 2 (IFP) - 2 (assault fire) = 0; 4 + 0 vs 3 + TM 0 -> DC 1; the squad rolls 2 */
    play("assault-fire I5 I3", "4,3,2");
    assert_true(logged("fire at I3: 1d6 4 + 0 = 4 vs 1d6 3 + TM 0 = 3 -> DC+1"));
    /* then it must move half its MF (2 MP), marked Moved rather than Fired */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE);
    assert_int_equal(T.st.unit[sq].marks & LNLT_MARK_FIRED, 0);
    play("step H6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        play("no-fire", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    /* the church, a blocking hex, stays spotted to the Germans until the admin phase */
    int i5 = lnlt_map_index(T.map, (lnlt_hex){8, 5, 0});
    assert_true(lnlt_bit(T.st.spotted[2], i5));
}

static void rule_3_1_self_rally_pairs(void **state)
{
    (void)state;
    int a = add("test_srp_squad", 2, "A1"), b = add("test_srp_squad", 2, "B1");
    add("us_abn_squad_254", 1, "H7");
    T.st.unit[a].status = LNLT_SHAKEN;
    T.st.unit[b].status = LNLT_SHAKEN;
    play("end-rally", ""); /* the US rallies first (initiative) */
    play("rally A1", "3,3");
    assert_int_equal(T.st.unit[a].status, LNLT_GOOD_ORDER); /* a pair, whatever the morale */
    play("rally B1", "2,1");
    assert_int_equal(T.st.unit[b].status, LNLT_SHAKEN); /* 3 <= morale 4, but not a pair */
    assert_false(legal("rally B1"));                   /* one attempt per rally phase */
}

static void rule_3_0_recombine_half_squads(void **state)
{
    (void)state;
    int h1 = add("de_half_154", 2, "F3"), h2 = add("de_half_054", 2, "F3");
    add("de_lt_koch", 2, "F3");
    add("us_abn_squad_254", 1, "H7");
    play("end-rally", "");
    assert_true(legal("recombine F3"));
    play("recombine F3", "");
    assert_string_equal(lnlt_unit_name(&T.ctx, &T.st, h1), "Squad 1-6-4");
    assert_int_equal(T.st.unit[h2].cell, LNLT_CELL_MERGED);
    assert_false(legal("recombine F3"));
    /* without a leader they cannot */
    teardown(NULL);
    setup(NULL);
    add("de_half_154", 2, "F3");
    add("de_half_054", 2, "F3");
    add("us_abn_squad_254", 1, "H7");
    play("end-rally", "");
    assert_false(legal("recombine F3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_2_double_time_with_a_leader, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_low_crawl_one_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_1_assault_fire_then_half_move, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_3_1_self_rally_pairs, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_recombine_half_squads, setup, teardown),
    };
    return cmocka_run_group_tests_name("moves", tests, NULL, NULL);
}
