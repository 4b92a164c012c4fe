/*
 * test_ai_draw.c: the scripted player draws the defender's opportunity fire with
 * a cheap unit before its main body crosses the same ground (5.3: a unit that
 * fires at a mover is marked Fired and fires at nobody else this turn; R-AI-03).
 *
 * The position (tests/fixtures/ai/draw_fire.json): the Germans must leave the map
 * by H8 with two squads and a leader; an American squad with a machine gun in G7
 * sees H6, H7 and H8, every hex of the column's way from H5, but not H5 nor G5,
 * where a German half-squad waits alone. Before R-AI-03 the half-squad joined the
 * column in H5, out of sight, and the Germans passed for the rest of the turn.
 * Below the bot, the things the plan rests on: only the enemy units that may
 * still fire at a mover price it (5.3), a stack's fire is worth something only
 * while units of the side have yet to move this turn, and only units the exit
 * goal can spare are credited with drawing it (R-AI-21).
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
#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "support/scenario_load.h"

#define DRAW_FIRE "tests/fixtures/ai/draw_fire.json"

/* The Americans fire at every mover they may fire at and otherwise pass, as a
 * defender who fires at the first target does. */
static lnlt_action american_choice(const lnlt_ctx *ctx, const lnlt_state *st)
{
    lnlt_action legal[256];
    int n = lnlt_legal_actions(ctx, st, legal, 256);
    assert_true(n >= 1);
    for (int i = 0; i < n; i++)
        if (legal[i].type == LNLT_ACT_OPFIRE)
            return legal[i];
    for (int i = 0; i < n; i++)
        if (legal[i].type == LNLT_ACT_PASS || legal[i].type == LNLT_ACT_NO_FIRE)
            return legal[i];
    return legal[0];
}

/* Turn 1 of the position, the Germans played by normal (bot seed `seed`): the
 * first unit the machine gun may fire at is the half-squad alone, and once it
 * has fired the column leaves by H8 in the same turn. */
static void play_turn_one(const lnlt_ctx *ctx, uint64_t seed)
{
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, ctx, 5);
    int half = test_unit_of_type(ctx, st, "de_half_154");
    int leader = test_unit_of_type(ctx, st, "de_lt_plassmann");
    lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
    assert_non_null(bot);
    bool fired = false;
    lnlt_error err;
    for (int guard = 0; guard < 80 && st->turn == 1; guard++) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        if (d.kind == LNLT_DECIDE_NONE)
            break;
        lnlt_action a;
        if (d.kind == LNLT_DECIDE_OPFIRE && !fired) {
            /* The first chance the defender gets: the decoy, alone. */
            for (int i = 0; i < st->unit_count; i++)
                if (lnlt_bit(st->move.units, i) != (i == half))
                    fail_msg("seed %llu: unit %d %s the first move in the gun's sight", (unsigned long long)seed,
                             i, i == half ? "is not in" : "is in");
            fired = true;
        }
        if (d.side == 2)
            assert_true(lnlt_bot_act(bot, ctx, st, &a));
        else
            a = american_choice(ctx, st);
        if (!lnlt_apply(ctx, st, &a, NULL, NULL, &err))
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
    }
    if (!fired)
        fail_msg("seed %llu: no German unit entered the gun's sight in turn 1", (unsigned long long)seed);
    if (st->unit[leader].cell != LNLT_CELL_EXITED)
        fail_msg("seed %llu: the leader did not leave by H8 in turn 1", (unsigned long long)seed);
    lnlt_bot_free(bot);
    free(st);
}

/* The scan's stack of `side` in `hex`. */
static const ai_stack *stack_in(const lnlt_ctx *ctx, const ai_scan *sc, const char *hex, int side)
{
    int cell = test_ctx_cell(ctx, hex);
    for (int k = 0; k < sc->nstacks; k++)
        if (lnlt_loc_cell(sc->stack[k].loc) == cell && sc->stack[k].side == side)
            return &sc->stack[k];
    fail_msg("no stack of side %d in %s", side, hex);
    return NULL;
}

/* The fixture's position studied by the computer player, with a scan to fill. */
typedef struct draw_fixture {
    lnlt_ctx ctx;
    ai_board *bd;
    lnlt_state *st;
    ai_scan *sc;
} draw_fixture;

/* cmocka set-up and tear-down of the tests that use the fixture's position. */
static int fixture_open(void **state)
{
    draw_fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    test_ctx_open(DRAW_FIRE, &f->ctx);
    f->bd = ai_board_new(&f->ctx);
    f->st = malloc(sizeof *f->st);
    f->sc = malloc(sizeof *f->sc);
    assert_non_null(f->bd);
    assert_non_null(f->st);
    assert_non_null(f->sc);
    lnlt_state_init(f->st, &f->ctx, 5);
    *state = f;
    return 0;
}

static int fixture_close(void **state)
{
    draw_fixture *f = *state;
    free(f->sc);
    free(f->st);
    ai_board_free(f->bd);
    lnlt_ctx_close(&f->ctx);
    free(f);
    return 0;
}

/* 5.3: the squad with its machine gun in G7 fires at a mover in H6 with IFP 2 and
 * FP 2; marked Fired it fires at nobody; under Ops Complete the squad fires at -1
 * and the machine gun at half its FP (rounded up). */
static void AI_5_3_only_units_that_may_still_fire_price_a_move(void **state)
{
    draw_fixture *f = *state;
    int squad = test_unit_of_type(&f->ctx, f->st, "us_abn_squad_254");
    int h6 = test_ctx_cell(&f->ctx, "H6"), h5 = test_ctx_cell(&f->ctx, "H5");

    ai_scan_position(f->bd, f->st, f->sc);
    const ai_stack *gun = stack_in(&f->ctx, f->sc, "G7", 1);
    assert_int_equal(gun->op_fp, 4);
    float fresh = ai_shot_at_mover(f->bd, gun, h6);
    assert_true(fresh > 0);
    assert_true(ai_shot_at_mover(f->bd, gun, h5) == 0); /* out of sight */

    f->st->unit[squad].marks = LNLT_MARK_OPS_COMPLETE;
    ai_scan_position(f->bd, f->st, f->sc);
    gun = stack_in(&f->ctx, f->sc, "G7", 1);
    assert_int_equal(gun->op_fp, 2);
    float tired = ai_shot_at_mover(f->bd, gun, h6);
    assert_true(tired > 0 && tired < fresh);

    f->st->unit[squad].marks = LNLT_MARK_FIRED;
    ai_scan_position(f->bd, f->st, f->sc);
    gun = stack_in(&f->ctx, f->sc, "G7", 1);
    assert_int_equal(gun->op_fp, 0);
    assert_true(ai_shot_at_mover(f->bd, gun, h6) == 0);
}

/* R-AI-03: the gun's fire is a target worth drawing while the column in H5 has
 * yet to move (its way to H8 runs through the gun's sight), and worth nothing once
 * the column has moved, or once the gun has fired. */
static void R_AI_03_a_stacks_fire_is_worth_drawing_while_units_have_yet_to_cross(void **state)
{
    draw_fixture *f = *state;
    int squad = test_unit_of_type(&f->ctx, f->st, "us_abn_squad_254");
    int half = test_unit_of_type(&f->ctx, f->st, "de_half_154");
    int h5 = test_ctx_cell(&f->ctx, "H5");
    lnlt_bit_set(f->st->move.units, half); /* the half-squad is the one moving */

    ai_draw_targets dt;
    ai_scan_position(f->bd, f->st, f->sc);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 1);
    assert_ptr_equal(&f->sc->stack[dt.stack[0]], stack_in(&f->ctx, f->sc, "G7", 1));
    assert_true(dt.reserve[0] > 0);
    /* Entering H6, in its sight, draws it; G4, out of its sight, does not. */
    bool drawn[AI_DRAWN_MAX] = {false};
    ai_draw_pull(f->bd, f->sc, &dt, test_ctx_cell(&f->ctx, "G4"), 1, drawn);
    assert_false(drawn[0]);
    assert_true(ai_draw_worth(&dt, drawn) == 0);
    ai_draw_pull(f->bd, f->sc, &dt, test_ctx_cell(&f->ctx, "H6"), 1, drawn);
    assert_true(drawn[0]);
    assert_true(ai_draw_worth(&dt, drawn) == dt.reserve[0]);

    /* The Americans have nothing to gain: their own side has no goal. */
    ai_draw_find(f->bd, f->sc, f->st, 1, &dt);
    assert_int_equal(dt.n, 0);

    /* The column has moved: nobody is left to cover. */
    for (int i = 0; i < f->st->unit_count; i++)
        if (f->st->unit[i].cell == h5)
            f->st->unit[i].marks = LNLT_MARK_MOVED;
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
    for (int i = 0; i < f->st->unit_count; i++)
        if (f->st->unit[i].cell == h5)
            f->st->unit[i].marks = 0;

    /* The gun has fired. */
    f->st->unit[squad].marks = LNLT_MARK_FIRED;
    ai_scan_position(f->bd, f->st, f->sc);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
}

/* R-AI-21: only a unit the exit goal can spare draws fire. The goal counts two
 * squads and a leader; the Germans have two squads and a leader in H5 and a
 * half-squad in G5. The half-squad moving alone is a decoy (the column still
 * makes the count without it); a squad or the leader moving alone is not,
 * whatever fire it would draw, and neither is the half-squad once one of the
 * squads is shaken (then every half the goal counts is needed). A unit already
 * out by the exit in time counts toward the goal. */
static void R_AI_21_only_units_the_exit_can_spare_draw_fire(void **state)
{
    draw_fixture *f = *state;
    int half = test_unit_of_type(&f->ctx, f->st, "de_half_154");
    int squad = test_unit_of_type(&f->ctx, f->st, "de_squad_164");
    int leader = test_unit_of_type(&f->ctx, f->st, "de_lt_plassmann");
    int other = -1;
    for (int i = 0; i < f->st->unit_count; i++)
        if (i != squad && f->st->unit[i].type == f->st->unit[squad].type)
            other = i;
    assert_true(other >= 0);
    ai_draw_targets dt;
    ai_scan_position(f->bd, f->st, f->sc);

    lnlt_bit_set(f->st->move.units, half);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 1);
    lnlt_bit_clear(f->st->move.units, half);

    lnlt_bit_set(f->st->move.units, squad);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
    lnlt_bit_clear(f->st->move.units, squad);

    lnlt_bit_set(f->st->move.units, leader);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
    lnlt_bit_clear(f->st->move.units, leader);

    /* A shaken squad does not count: the half-squad is needed. */
    f->st->unit[other].status = LNLT_SHAKEN;
    lnlt_bit_set(f->st->move.units, half);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
    lnlt_bit_clear(f->st->move.units, half);
    f->st->unit[other].status = LNLT_GOOD_ORDER;

    /* One squad out by the exit in time: the other squad is needed, the
     * half-squad is still spare. */
    f->st->unit[other].cell = LNLT_CELL_EXITED;
    f->st->unit[other].entry_turn = 1;
    lnlt_bit_set(f->st->move.units, squad);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 0);
    lnlt_bit_clear(f->st->move.units, squad);
    lnlt_bit_set(f->st->move.units, half);
    ai_draw_find(f->bd, f->sc, f->st, 2, &dt);
    assert_int_equal(dt.n, 1);
}

static void normal_draws_the_fire_with_a_half_squad_before_the_column_crosses(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(DRAW_FIRE, &ctx);
    for (uint64_t seed = 1; seed <= 6; seed++)
        play_turn_one(&ctx, seed);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(AI_5_3_only_units_that_may_still_fire_price_a_move, fixture_open,
                                        fixture_close),
        cmocka_unit_test_setup_teardown(R_AI_03_a_stacks_fire_is_worth_drawing_while_units_have_yet_to_cross,
                                        fixture_open, fixture_close),
        cmocka_unit_test_setup_teardown(R_AI_21_only_units_the_exit_can_spare_draw_fire, fixture_open,
                                        fixture_close),
        cmocka_unit_test(normal_draws_the_fire_with_a_half_squad_before_the_column_crosses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
