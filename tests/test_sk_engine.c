/*
 * test_sk_engine.c: the starter kit's example of play "Basic Infantry Combat"
 * (pac-and-starter-kit.md §4, SK-EX-002 ... SK-EX-025) played through the engine
 * with forced dice, on a test map built from the example's description
 * (tests/fixtures/maps/sk_example.json). Each step checks the numbers the book
 * states, the German mortar team's shot (SK-EX-008), the hero Layer's melee
 * against it (SK-EX-014/015) and the medic's rally (SK-EX-024) included.
 *
 * Rules exercised: 3.0 rally, 4.0 activation and leader LR, 4.1 Ops Complete,
 * 5.0-5.3 fire, opportunity fire and damage checks, 6.0/6.1 movement and assault
 * move, 8.0 melee, 9.0 admin, 10.1/10.1.1 spotting, 11.2.1 hero creation, 11.3
 * medics, 12.0 skills, 13.0 casualties, 18.1 mortar teams.
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

typedef struct fixture {
    lnlt_ctx ctx;
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_state st;
    lnlt_dice_queue dice;
    lnlt_events log;
    int koch, de_sq[2], de_c6, de_mortar, clarkson, us_f7[2], us_f8, medic, us_f5, bar;
} fixture;

static int setup(void **state)
{
    static fixture f;
    memset(&f, 0, sizeof f);
    lnlt_error err;
    static const char *files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                  "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                  "tests/fixtures/units/sk_example.json", "tests/fixtures/units/weapon_teams.json",
                                  "data/skills/skills.json"};
    f.cat = lnlt_catalog_new();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (!lnlt_catalog_add_file(f.cat, files[i], &err))
            fail_msg("%s", err.msg);
    if (!lnlt_catalog_link(f.cat, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_map_load_file("tests/fixtures/maps/sk_example.json", &f.map, &err))
        fail_msg("%s", err.msg);
    f.ctx.turns = 2;
    f.ctx.first_initiative = LNLT_SIDE_1; /* SK-EX-001: the US wins the turn-1 roll */
    f.ctx.side_name[1] = "US";
    f.ctx.side_name[2] = "German";
    f.ctx.map = f.map;
    f.ctx.catalog = f.cat;
    lnlt_state_init(&f.st, &f.ctx, 1);
    lnlt_state *st = &f.st;
    const lnlt_ctx *ctx = &f.ctx;
#define ADD(var, type, side, hex)                                          \
    do {                                                                   \
        var = lnlt_state_add_unit(ctx, st, type, side, hex, &err);         \
        if (var < 0)                                                       \
            fail_msg("%s", err.msg);                                       \
    } while (0)
    ADD(f.koch, "de_lt_koch", 2, "D6");
    ADD(f.de_sq[0], "de_squad_164", 2, "D6");
    ADD(f.de_sq[1], "de_squad_164", 2, "D6");
    ADD(f.de_c6, "de_squad_164", 2, "C6");
    ADD(f.de_mortar, "test_wt_mortar", 2, "C7"); /* SK-EX-008: the 50 mm mortar team */
    ADD(f.clarkson, "us_lt_clarkson", 1, "F7");
    ADD(f.us_f7[0], "us_abn_squad_254", 1, "F7");
    ADD(f.us_f7[1], "us_abn_squad_254", 1, "F7");
    ADD(f.us_f8, "us_abn_squad_254", 1, "F8");
    ADD(f.medic, "us_medic_wwii", 1, "F8");
    ADD(f.us_f5, "us_abn_squad_254", 1, "F5");
#undef ADD
    assert_true(lnlt_state_add_sw(ctx, st, "mg34", f.de_c6, NULL, &err) >= 0);
    f.bar = lnlt_state_add_sw(ctx, st, "bar", f.us_f5, NULL, &err);
    assert_true(f.bar >= 0);
    assert_true(lnlt_state_add_fort(ctx, st, "foxholes", "C6", &err) >= 0);
    assert_true(lnlt_state_add_fort(ctx, st, "foxholes", "C7", &err) >= 0);
    lnlt_dice_queue_clear(&f.dice);
    lnlt_events_init(&f.log);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    lnlt_events_free(&f->log);
    lnlt_map_free(f->map);
    lnlt_catalog_free(f->cat);
    return 0;
}

/* Applies a command with the given forced dice ("" for none); all must be used. */
static void play(fixture *f, const char *cmd, const char *dice)
{
    lnlt_error err;
    lnlt_action a;
    if (dice[0] && !lnlt_dice_queue_parse(&f->dice, dice, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_action_parse(&f->ctx, &f->st, cmd, &a, &err))
        fail_msg("%s: %s", cmd, err.msg);
    /* The command must be one of the legal actions the engine offers. */
    lnlt_action legal[512];
    int n = lnlt_legal_actions(&f->ctx, &f->st, legal, 512);
    bool found = false;
    for (int i = 0; i < n && i < 512; i++)
        found |= lnlt_action_equal(&legal[i], &a);
    if (!found)
        fail_msg("\"%s\" is not among the %d legal actions", cmd, n);
    f->log.count = 0;
    if (!lnlt_apply(&f->ctx, &f->st, &a, &f->dice, &f->log, &err))
        fail_msg("%s: %s", cmd, err.msg);
    if (lnlt_dice_queue_left(&f->dice) != 0)
        fail_msg("%s: %d forced dice unused", cmd, lnlt_dice_queue_left(&f->dice));
}

/* The text of the first event of the last action whose text contains `needle`. */
static const char *find_event(fixture *f, const char *needle)
{
    static char text[512];
    for (int i = 0; i < f->log.count; i++) {
        lnlt_event_text(&f->log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return text;
    }
    return NULL;
}

static const lnlt_event *find_calc(fixture *f)
{
    for (int i = 0; i < f->log.count; i++)
        if (f->log.ev[i].kind == LNLT_EV_CALC)
            return &f->log.ev[i];
    return NULL;
}

static void expect_event(fixture *f, const char *needle)
{
    if (!find_event(f, needle)) {
        char text[512];
        for (int i = 0; i < f->log.count; i++) {
            lnlt_event_text(&f->log.ev[i], text, sizeof text);
            print_message("  log: %s\n", text);
        }
        fail_msg("no event containing \"%s\"", needle);
    }
}

static bool is_legal(fixture *f, const char *cmd)
{
    lnlt_action a;
    lnlt_error err;
    if (!lnlt_action_parse(&f->ctx, &f->st, cmd, &a, &err))
        return false;
    lnlt_action legal[512];
    int n = lnlt_legal_actions(&f->ctx, &f->st, legal, 512);
    for (int i = 0; i < n && i < 512; i++)
        if (lnlt_action_equal(&legal[i], &a))
            return true;
    return false;
}

/* The map cell of a hex id. */
static int test_cell_of(fixture *f, const char *hex)
{
    int loc;
    lnlt_error err;
    if (!lnlt_location_parse(&f->ctx, hex, &loc, &err))
        fail_msg("%s", err.msg);
    return loc;
}

static void SK_EX_002_to_025_basic_infantry_combat(void **state)
{
    fixture *f = *state;
    lnlt_state *st = &f->st;
    char cmd[64];

    /* Turn 1 rally phase: nobody is shaken. */
    play(f, "end-rally", "");
    play(f, "end-rally", "");
    assert_int_equal(lnlt_decision_get(&f->ctx, st).kind, LNLT_DECIDE_IMPULSE);
    assert_int_equal(lnlt_decision_get(&f->ctx, st).side, LNLT_SIDE_1);

    /* SK-EX-002: Clarkson spots C6 (degrading, two clear hexes between): 3 - 1 = 2 <= 3. */
    snprintf(cmd, sizeof cmd, "spot C6 #%d", f->clarkson);
    play(f, cmd, "3");
    expect_event(f, "C6 is spotted");
    assert_true(st->unit[f->clarkson].marks & LNLT_MARK_OPS_COMPLETE);
    assert_false(is_legal(f, "spot C6")); /* one attempt per impulse */

    /* SK-EX-003/004: the two F7 squads with Clarkson's LM fire at C6: FP 2 + 1 + 1 = 4;
     * 5 + 4 = 9 vs 2 + TM 1 (low crops 0, foxholes 1) = 3: DC +6.
     * SK-EX-005: the squad rolls 4: 10 >= 2 x 5 -> casualties, reduced by 1d6 (2: 0-5-4). */
    play(f, "activate F7", "");
    play(f, "fire F7 C6", "5,2,4,2");
    const lnlt_event *calc = find_calc(f);
    assert_non_null(calc);
    assert_int_equal(calc->total, 4);
    expect_event(f, "fire at C6: 1d6 5 + 4 = 9 vs 1d6 2 + TM 1 = 3 -> DC+6");
    expect_event(f, "casualties, now a shaken Half-squad 0-5-4");
    assert_int_equal(st->unit[f->de_c6].status, LNLT_SHAKEN);
    assert_string_equal(lnlt_unit_name(&f->ctx, st, f->de_c6), "Half-squad 0-5-4");

    /* SK-EX-006: all three F7 units are marked Fired; Clarkson's OC gives way. */
    assert_true(st->unit[f->us_f7[0]].marks & LNLT_MARK_FIRED);
    assert_true(st->unit[f->us_f7[1]].marks & LNLT_MARK_FIRED);
    assert_int_equal(st->unit[f->clarkson].marks, LNLT_MARK_FIRED);

    /* SK-EX-007: the US ends the impulse without activating F8 through Clarkson. */
    assert_true(is_legal(f, "done"));
    play(f, "done", "");
    assert_int_equal(st->unit[f->us_f8].flags & LNLT_UNIT_ACTIVATED, 0);

    /* SK-EX-008: the German mortar team in C7 fires at F7 (range 3, spotted): 2d6
     * 3 and 4, the higher 4 + FP 2 = 6 vs 5 + TM 1 (light woods) = 6: no effect. */
    play(f, "activate C7", "");
    play(f, "fire C7 F7", "3,4,5");
    expect_event(f, "attack (mortar: high die): 2d6 3,4");
    expect_event(f, "fire at F7: 1d6 4 + 2 = 6 vs 1d6 5 + TM 1 = 6 -> no effect");
    assert_true(st->unit[f->de_mortar].marks & LNLT_MARK_FIRED);
    /* The example puts an FFE marker on F7; v5.1's 18.1 puts one only after an
     * indirect attack (ruling R-SW-41). Nobody enters F7 later this turn. */
    assert_false(lnlt_bit(st->ffe, test_cell_of(f, "F7")));
    play(f, "done", "");

    /* SK-EX-009: the F8 squad (not the medic) moves to E8; the Germans hold fire. */
    play(f, "activate F8", "");
    snprintf(cmd, sizeof cmd, "move F8 #%d", f->us_f8);
    play(f, cmd, "");
    play(f, "step E8", "");
    assert_int_equal(lnlt_decision_get(&f->ctx, st).kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(lnlt_decision_get(&f->ctx, st).side, LNLT_SIDE_2);
    play(f, "no-fire", "");

    /* SK-EX-010/011: it enters D8 (2nd MP); D6 fires: 1 + 1 + LM 1 + moving 1 = 4;
     * 6 + 4 = 10 vs 2 + 0 = 2: DC +8. SK-EX-012: die 1 -> 9 > 6: shaken.
     * SK-EX-013: natural 1, hero roll 4 (even): a hero appears in D8. */
    play(f, "step D8", "");
    assert_int_equal(lnlt_decision_get(&f->ctx, st).kind, LNLT_DECIDE_OPFIRE);
    play(f, "opfire D6", "6,2,1,4,1"); /* the hero's skill drawn: Deadly, the first of the cup */
    calc = find_calc(f);
    assert_non_null(calc);
    assert_int_equal(calc->total, 3); /* 1 + 1 + LM 1; the +1 against movers is per target */
    expect_event(f, "fire at D8: 1d6 6 + 3 + moving 1 = 10 vs 1d6 2 + TM 0 = 2 -> DC+8");
    expect_event(f, "shaken");
    expect_event(f, "a hero appears in D8");
    assert_int_equal(st->unit[f->us_f8].status, LNLT_SHAKEN);
    assert_true(st->unit[f->us_f8].marks & LNLT_MARK_MOVED);
    for (int u = 0; u < 3; u++)
        assert_true(st->unit[u == 0 ? f->koch : f->de_sq[u - 1]].marks & LNLT_MARK_FIRED);
    /* SK-EX-014: the hero carries on with 6 - 2 = 4 MP (the shaken squad stops). */
    int hero = st->unit_count - 1;
    assert_int_equal(st->unit[hero].cell, st->unit[f->us_f8].cell);
    assert_int_equal(lnlt_decision_get(&f->ctx, st).kind, LNLT_DECIDE_MOVE);
    assert_true(lnlt_bit(st->move.units, hero));
    assert_false(lnlt_bit(st->move.units, f->us_f8));
    assert_int_equal(2 * 6 - st->unit[hero].mp2, 8); /* half MP */
    /* SK-EX-014: he enters C7 (low crops and foxholes), which holds the German
     * mortar team: a melee, with no opportunity fire. */
    play(f, "step C7", "");
    expect_event(f, "a melee begins in C7");
    snprintf(cmd, sizeof cmd, "target #%d", f->de_mortar);
    play(f, cmd, "");
    /* SK-EX-015: Layer (Deadly) 2 + 1 = 3 against the non-MG team's 1: 3-1, the
     * hero's shift makes it 4-1, kill number 4; 2d6 = 7: the team is eliminated. The
     * team does not strike back (8.0: a non-MG WT only defends). */
    snprintf(cmd, sizeof cmd, "target #%d", hero);
    play(f, cmd, "3,4");
    expect_event(f, "Deadly: +1 to the attack's FP (3)");
    expect_event(f, "FP 3 vs 1: 4-1 (hero shift), kill number 4");
    expect_event(f, "-> kill");
    assert_int_equal(st->unit[f->de_mortar].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[hero].cell, test_cell_of(f, "C7"));
    assert_true(lnlt_bit(st->melee, test_cell_of(f, "C7"))); /* under a Melee marker */
    play(f, "done", "");

    /* SK-EX-016: the Germans pass. */
    play(f, "pass", "");

    /* SK-EX-017: the F5 squad with its BAR assault-moves to E5 (1 of its 2 MP). */
    play(f, "activate F5", "");
    play(f, "assault F5", "");
    play(f, "step E5", "");
    if (lnlt_decision_get(&f->ctx, st).kind == LNLT_DECIDE_OPFIRE)
        play(f, "no-fire", "");
    assert_true(st->unit[f->us_f5].marks & LNLT_MARK_ASSAULT_MOVE);
    play(f, "stop", "");

    /* SK-EX-018/019: it fires at adjacent D6: 2 + BAR 1 + adjacent 2 - AM 2 = 3;
     * 5 + 3 = 8 vs 4 + TM 3 = 7: DC +1.
     * SK-EX-020: Koch checks first (6 + 1 = 7 <= 7, no effect); then the squads
     * check at DC 1 - LM 1 = 0: 3 (no effect) and 6 (> 5: shaken). */
    play(f, "fire E5 D6", "5,4,6,3,6");
    calc = find_calc(f);
    assert_non_null(calc);
    assert_int_equal(calc->total, 3);
    expect_event(f, "fire at D6: 1d6 5 + 3 = 8 vs 1d6 4 + TM 3 = 7 -> DC+1");
    assert_int_equal(st->unit[f->koch].status, LNLT_GOOD_ORDER);
    assert_int_equal(st->unit[f->de_sq[0]].status, LNLT_GOOD_ORDER);
    assert_int_equal(st->unit[f->de_sq[1]].status, LNLT_SHAKEN);
    assert_true(st->unit[f->us_f5].marks & LNLT_MARK_FIRED);
    assert_true(st->unit[f->us_f5].marks & LNLT_MARK_ASSAULT_MOVE);
    play(f, "done", "");

    /* SK-EX-021: the Germans pass; the US medic moves F8 -> D8; passes end the phase. */
    play(f, "pass", "");
    play(f, "activate F8", "");
    play(f, "move F8", "");
    play(f, "step E8", "");
    if (lnlt_decision_get(&f->ctx, st).kind == LNLT_DECIDE_OPFIRE)
        play(f, "no-fire", "");
    play(f, "step D8", "");
    if (lnlt_decision_get(&f->ctx, st).kind == LNLT_DECIDE_OPFIRE)
        play(f, "no-fire", "");
    if (lnlt_decision_get(&f->ctx, st).kind == LNLT_DECIDE_MOVE)
        play(f, "stop", "");
    play(f, "done", "");
    /* SK-EX-022/023: three passes end the phase; the admin phase clears the
     * markers; turn 2's initiative roll 5-5 stays with the US. */
    play(f, "pass", "");
    play(f, "pass", "");
    play(f, "pass", "5,5");
    assert_int_equal(st->turn, 2);
    assert_int_equal(st->phase, LNLT_PHASE_RALLY);
    assert_int_equal(st->initiative, LNLT_SIDE_1);
    for (int u = 0; u < st->unit_count; u++)
        assert_int_equal(st->unit[u].marks, 0);

    /* SK-EX-024: the medic (morale 6) in D8, clear, no LM, tends the shaken squad
     * there: 2d6 = 8 > 6, it stays shaken. (With Layer gone to C7 nobody else may
     * rally it.) */
    assert_false(is_legal(f, "rally D8"));
    snprintf(cmd, sizeof cmd, "tend D8 #%d", f->us_f8);
    play(f, cmd, "4,4");
    expect_event(f, "2d6 4+4 = 8 vs the medic's morale 6 -> failed");
    assert_int_equal(st->unit[f->us_f8].status, LNLT_SHAKEN);
    play(f, "end-rally", "");
    /* SK-EX-025: the C6 half-squad has nobody to rally it; the D6 squad with Koch
     * needs 2d6 - 1 - 2 <= 5 and rolls 10. */
    assert_false(is_legal(f, "rally C6"));
    play(f, "rally D6", "6,4");
    expect_event(f, "7 vs morale 5");
    assert_int_equal(st->unit[f->de_sq[1]].status, LNLT_SHAKEN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(SK_EX_002_to_025_basic_infantry_combat, setup, teardown),
    };
    return cmocka_run_group_tests_name("sk_engine", tests, NULL, NULL);
}
