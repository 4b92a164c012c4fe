/*
 * test_setup_zones.c: set-up hexes on a board of several maps (rule 22.0: the
 * joined half-hexes where two maps meet belong to neither map for set-up,
 * unless the scenario says otherwise), played through the engine on the test
 * board of maps 92 and 93 (tests/fixtures/maps/board_92_93.json: column E of
 * map 92 is joined to column A of map 93).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "lnlt/hex.h"
#include "lnlt/scenario.h"
#include "support/board.h"

static lnlt_scenario *scn;

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "data/skills/skills.json"};
    board_open(files, 5, "tests/fixtures/maps/board_92_93.json");
    return 0;
}

static int teardown(void **state)
{
    free(scn);
    scn = NULL;
    return board_teardown(state);
}

/* "place HEX #unit" */
static const char *place(const char *hex, int unit)
{
    static char cmd[64];
    snprintf(cmd, sizeof cmd, "place %s #%d", hex, unit);
    return cmd;
}

static void zone_hex(lnlt_scn_zone *z, const char *id)
{
    char err[128];
    assert_true(lnlt_hex_parse(id, &z->hex[z->hex_count], err, sizeof err));
    z->hex_count++;
}

/* 22.0 (conformance 22.0 e): a set-up zone naming a joined half-hex (92E2) and
 * whole hexes of each map: the US squad may set up in the whole hexes only. */
static void rule_22_0_e_joined_half_hexes_are_not_set_up_hexes(void **state)
{
    (void)state;
    scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->zone_count = 1;
    zone_hex(&scn->zone[0], "92D2");
    zone_hex(&scn->zone[0], "92E2");
    zone_hex(&scn->zone[0], "92E3");
    zone_hex(&scn->zone[0], "93B2");
    scn->force_count = 1;
    scn->force[0].side = 0;
    scn->force[0].arrive.how = LNLT_ARRIVE_SETUP;
    scn->force[0].arrive.zone = 0;
    T.ctx.scenario = scn;
    int sq = board_add("us_abn_squad_254", 1, NULL);
    T.st.unit[sq].force = 0;
    T.st.phase = LNLT_PHASE_SETUP;
    T.st.to_act = 1;
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_SETUP);
    assert_true(board_legal(place("92D2", sq)));
    assert_true(board_legal(place("93B2", sq)));
    assert_false(board_legal(place("92E2", sq)));
    assert_false(board_legal(place("92E3", sq)));
    board_play(place("92D2", sq), "");
    assert_int_equal(T.st.unit[sq].cell, board_cell("92D2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_22_0_e_joined_half_hexes_are_not_set_up_hexes, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
