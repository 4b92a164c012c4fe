/*
 * test_vehicle_training.c: the vehicle training situation of the v5.1 narrative
 * (data/scenarios/training_vehicle_narrative.json, counters digest 2.2) and our
 * own vehicle scenario (vehicle_crossroads.json) through lnlt_ctx_open: the
 * narrative's position as stated (units, facings, buttoned hatches, passengers,
 * the armor leader, the acquisition, Wreck, bunker, foxholes, wire and mines, the
 * US artillery mission), its LOS facts with the counters on the map, the first
 * decisions it offers, and both scenarios played to their end by random players.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/ordnance.h"
#include "rules/internal.h"

static lnlt_ctx ctx;
static lnlt_state st;

static int open_training(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_ctx_open("data/scenarios/training_vehicle_narrative.json", &ctx, &err))
        fail_msg("%s", err.msg);
    lnlt_state_init(&st, &ctx, 1);
    return 0;
}

static int close_ctx(void **state)
{
    (void)state;
    lnlt_ctx_close(&ctx);
    return 0;
}

static int loc_of(const char *hex)
{
    int loc;
    lnlt_error err;
    if (!lnlt_location_parse(&ctx, hex, &loc, &err))
        fail_msg("%s: %s", hex, err.msg);
    return loc;
}

/* The unit of type `type` in `hex` (the n-th one), or -1. */
static int unit_at(const char *type, const char *hex, int n)
{
    int loc = hex ? loc_of(hex) : 0;
    for (int i = 0; i < st.unit_count; i++)
        if (!strcmp(ctx.catalog->unit[st.unit[i].type].id, type) && (!hex || lnlt_unit_loc(&st.unit[i]) == loc) &&
            n-- == 0)
            return i;
    return -1;
}

static const lnlt_vehicle *slot(int unit)
{
    for (int k = 0; k < st.vehicle_count; k++)
        if (st.vehicle[k].unit == unit)
            return &st.vehicle[k];
    fail_msg("unit %d has no vehicle slot", unit);
    return NULL;
}

static int corner(const char *hex, const char *a, const char *b)
{
    return lnlt_corner_between(rules_hex(&ctx, loc_of(hex)), rules_hex(&ctx, loc_of(a)), rules_hex(&ctx, loc_of(b)));
}

/* Counters digest 2.2: the position of the training situation. */
static void training_position_as_stated(void **state)
{
    (void)state;
    assert_int_equal(st.phase, LNLT_PHASE_OPERATIONS);
    assert_int_equal(st.initiative, LNLT_SIDE_2); /* the Germans have the initiative */
    assert_int_equal(ctx.turns, 1);               /* one operations phase */
    int pz_d5 = unit_at("de_pz4h", "D5", 0), pz_i3 = unit_at("de_pz4h", "I3", 0);
    int atg = unit_at("de_75mm_atg", "E2", 0), ht_h2 = unit_at("de_sdkfz251", "H2", 0), ht_i1 = unit_at("de_sdkfz251", "I1", 0);
    int jeep = unit_at("us_jeep", "C6", 0), sh_g5 = unit_at("us_m4a1", "G5", 0), sh_h7 = unit_at("us_m4a1", "H7", 0);
    int m10 = unit_at("us_m10", "H8", 0);
    assert_true(pz_d5 >= 0 && pz_i3 >= 0 && atg >= 0 && ht_h2 >= 0 && ht_i1 >= 0 && jeep >= 0 && sh_g5 >= 0 && sh_h7 >= 0 &&
                m10 >= 0);
    assert_int_equal(slot(pz_d5)->facing, corner("D5", "D6", "E5"));
    assert_int_equal(slot(atg)->facing, corner("E2", "E3", "F3"));
    assert_int_equal(slot(ht_h2)->facing, corner("H2", "G2", "H3"));
    assert_int_equal(slot(ht_i1)->facing, corner("I1", "H2", "I2"));
    assert_int_equal(slot(pz_i3)->facing, corner("I3", "H4", "I4"));
    assert_int_equal(slot(jeep)->facing, corner("C6", "C5", "D6"));
    assert_int_equal(slot(sh_g5)->facing, corner("G5", "F5", "G4"));
    assert_int_equal(slot(sh_h7)->facing, corner("H7", "G6", "H6"));
    assert_int_equal(slot(m10)->facing, corner("H8", "G7", "H7"));
    assert_true(slot(pz_d5)->flags & LNLT_VEH_BUTTONED);
    assert_true(slot(pz_i3)->flags & LNLT_VEH_BUTTONED);
    assert_true(slot(sh_g5)->flags & LNLT_VEH_BUTTONED);
    assert_true(slot(sh_h7)->flags & LNLT_VEH_BUTTONED);
    assert_false(slot(m10)->flags & LNLT_VEH_BUTTONED); /* open-topped */
    /* passengers: a squad and Lt Koch inside the H2 half-track, a half-squad with a
     * satchel and Lt Michael in the jeep, a squad on top of the M10, Sgt Darius in
     * command of the H7 Sherman; the I1 squad is not aboard */
    int r[8];
    assert_int_equal(rules_riders(&st, ht_h2, RIDER_INSIDE, r, 8), 2);
    assert_int_equal(rules_riders(&st, jeep, RIDER_INSIDE, r, 8), 2);
    assert_int_equal(rules_riders(&st, m10, RIDER_OUTSIDE, r, 8), 1);
    assert_int_equal(rules_riders(&st, sh_h7, RIDER_COMMANDER, r, 8), 1);
    assert_int_equal(rules_vehicle_morale(&ctx, &st, sh_h7), 7); /* Sgt Darius (7-1) */
    assert_true(unit_at("de_squad_164", "I1", 0) >= 0);
    /* the bunker in H4 (front H5) holds a squad with the MG42; foxholes in E3 */
    assert_true(unit_at("de_squad_164", "H4:bunker", 0) >= 0);
    assert_int_equal(rules_bunker_tm(&ctx, loc_of("H4:bunker")), 2);
    assert_true(rules_forts_at(&st, loc_of("E3"), LNLT_FORT_FOXHOLES, NULL));
    assert_true(rules_forts_at(&st, loc_of("G4"), LNLT_FORT_WIRE, NULL) && rules_forts_at(&st, loc_of("H6"), LNLT_FORT_WIRE, NULL));
    assert_true(rules_forts_at(&st, loc_of("E4"), LNLT_FORT_MINES, NULL) && rules_forts_at(&st, loc_of("H5"), LNLT_FORT_MINES, NULL));
    assert_true(rules_wreck_at(&st, loc_of("F6")));
    /* the Pz IV of D5 holds an Acquiring marker on the H7 Sherman (-1) */
    assert_int_equal(st.acq[0].firer, pz_d5);
    assert_int_equal(st.acq[0].target, sh_h7);
    assert_int_equal(st.acq[0].level, 1);
    /* 18.2: one mission of 5 FP for the Americans */
    assert_int_equal(st.oba_left[0], 1);
    assert_int_equal(rules_oba_fp(&st, LNLT_SIDE_1), 5);
}

static int degrading(const char *a, const char *b, bool *clear)
{
    lnlt_los_result los;
    *clear = rules_los(&ctx, &st, loc_of(a), loc_of(b), &los);
    return los.degrade;
}

/* Counters digest 2.2: the narrative's LOS facts with its counters on the map. */
static void training_los_facts(void **state)
{
    (void)state;
    bool clear;
    assert_int_equal(degrading("D5", "H7", &clear), 1); /* the Wreck in F6 */
    assert_true(clear);
    assert_int_equal(degrading("G5", "I3", &clear), 1); /* Brush H4; the bunker does not count */
    assert_true(clear);
    assert_int_equal(degrading("E2", "G5", &clear), 0); /* along the edge of the Light Woods in F5 */
    assert_true(clear);
    degrading("H8", "D5", &clear);                       /* Brush G7, Light Woods F7, Wreck F6 */
    assert_false(clear);
    assert_int_equal(degrading("F7", "F4", &clear), 2); /* the Wreck in F6 and the Light Woods of F5 */
    (void)clear;
}

/* The Germans open: the Pz IV of D5 fires at the acquired Sherman with -1 and the
 * Wreck's +1; the M10 in H8 has no line to D5. */
static void training_first_decisions(void **state)
{
    (void)state;
    int pz = unit_at("de_pz4h", "D5", 0), sh = unit_at("us_m4a1", "H7", 0);
    lnlt_dice_queue dice;
    lnlt_dice_queue_clear(&dice);
    lnlt_error err;
    lnlt_events log;
    lnlt_events_init(&log);
    lnlt_action a;
    char cmd[64];
    if (!lnlt_action_parse(&ctx, &st, "activate D5", &a, &err) || !lnlt_apply(&ctx, &st, &a, &dice, &log, &err))
        fail_msg("%s", err.msg);
    snprintf(cmd, sizeof cmd, "shoot D5 H7 v%d #%d", sh, pz);
    if (!lnlt_dice_queue_parse(&dice, "6,6", &err) || !lnlt_action_parse(&ctx, &st, cmd, &a, &err) ||
        !lnlt_apply(&ctx, &st, &a, &dice, &log, &err))
        fail_msg("%s: %s", cmd, err.msg);
    bool acquired = false, degraded = false;
    char text[512];
    for (int i = 0; i < log.count; i++) {
        lnlt_event_text(&log.ev[i], text, sizeof text);
        acquired |= strstr(text, "acquired target -1") != NULL;
        degraded |= strstr(text, "degrading terrain +1") != NULL;
    }
    assert_true(acquired && degraded);
    lnlt_events_free(&log);
}

/* Random players take either scenario to its end; the game is over with a result. */
static void play_to_the_end(const char *path, int games)
{
    lnlt_ctx c;
    lnlt_error err;
    if (!lnlt_ctx_open(path, &c, &err))
        fail_msg("%s", err.msg);
    static lnlt_state s;
    for (int g = 0; g < games; g++) {
        lnlt_state_init(&s, &c, 100 + (uint64_t)g);
        lnlt_bot bot;
        lnlt_bot_init(&bot, lnlt_bot_selfplay_seed(100 + (uint64_t)g));
        int n = 0;
        lnlt_action a;
        while (lnlt_bot_choose(&bot, &c, &s, &a)) {
            if (!lnlt_apply(&c, &s, &a, NULL, NULL, &err))
                fail_msg("%s game %d action %d: %s", path, g, n, err.msg);
            assert_true(++n < 20000);
        }
        assert_int_equal(s.phase, LNLT_PHASE_GAME_OVER);
    }
    lnlt_ctx_close(&c);
}

static void training_plays_to_its_end(void **state)
{
    (void)state;
    play_to_the_end("data/scenarios/training_vehicle_narrative.json", 40);
}

static void crossroads_plays_to_its_end(void **state)
{
    (void)state;
    play_to_the_end("data/scenarios/vehicle_crossroads.json", 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(training_position_as_stated, open_training, close_ctx),
        cmocka_unit_test_setup_teardown(training_los_facts, open_training, close_ctx),
        cmocka_unit_test_setup_teardown(training_first_decisions, open_training, close_ctx),
        cmocka_unit_test(training_plays_to_its_end),
        cmocka_unit_test(crossroads_plays_to_its_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
