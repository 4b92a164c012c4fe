/*
 * test_ai_last_turn.c: the scripted player's last turn of an exit goal (22.0,
 * 22.1): the units the exit still needs leave.
 *
 * R-AI-04 (tests/fixtures/ai/last_leader.json, a position read from a lost
 * arena game): in the last turn two German squads are already off the map by
 * H8 and the leader the exit still needs (two stand in I6) is beside a shaken
 * half-squad; the American hero in H7 has fired, the half-squad in I5 is
 * shaken. Scoring the activation of I6 by the whole stack's move alone (the
 * shaken half-squad may not advance toward the enemy it sees, 5.1), the old
 * player found the hex worth less than passing and let the phase end; a
 * leader's own move out is what the hex is worth.
 *
 * R-AI-06 (tests/fixtures/ai/gather_loop.json): in the last turn a German stack
 * of five in I7 is shaken but for its sergeant; a group of a stack of five is
 * formed with `gather` and `join` (R-CORE-94). Scoring `gather` by the position
 * it leads to (unchanged), the old player gathered, cancelled and gathered again
 * for ever; the game must end.
 *
 * R-AI-07 (tests/fixtures/ai/tripod_exit.json, the position of a lost arena
 * game): in the last turn one German squad and a leader are off by H8; the
 * second squad the exit needs stands in I6 holding a captured tripod machine
 * gun, assembled, with nothing left to stop it. A stack with an assembled
 * tripod weapon takes no step until it dismantles or abandons it (1.6, 1.6.1);
 * the old move planner explored steps only, found no way out of I6, and the
 * Germans passed the game away.
 *
 * R-AI-08 (tests/fixtures/ai/leaders_follow_up.json, seed 75's last turn in the
 * arena): no German is out yet; both leaders, a squad and a half-squad stand in
 * J7, a squad with the MG34 in K7, an American squad in H7 two hexes away. The
 * old player activated J7 and then played the follow-up its look-ahead had
 * remembered, the leaders' fire at H7, without scoring it again: both leaders
 * were spent and the exit could not be made.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "support/scenario_load.h"

#define LAST_LEADER "tests/fixtures/ai/last_leader.json"
#define GATHER_LOOP "tests/fixtures/ai/gather_loop.json"
#define TRIPOD_EXIT "tests/fixtures/ai/tripod_exit.json"
#define LEADERS_FOLLOW_UP "tests/fixtures/ai/leaders_follow_up.json"

/* The Americans hold their fire and pass, so the test reads the Germans'
 * decisions alone, not the dice. */
static lnlt_action american_choice(const lnlt_ctx *ctx, const lnlt_state *st)
{
    lnlt_action legal[256];
    int n = lnlt_legal_actions(ctx, st, legal, 256);
    assert_true(n >= 1);
    for (int i = 0; i < n; i++)
        if (legal[i].type == LNLT_ACT_PASS || legal[i].type == LNLT_ACT_NO_FIRE ||
            legal[i].type == LNLT_ACT_DONE)
            return legal[i];
    return legal[0];
}

/* German fires (5.0) that include one of the fixture's units 7 and 8, the two
 * leaders of leaders_follow_up.json; counted by play_out. */
static int leader_fires;

/* Plays the position to its end, the Germans by normal with bot seed `seed`;
 * returns the winner. */
static int play_out(const lnlt_ctx *ctx, uint64_t seed)
{
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, ctx, 11);
    lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
    assert_non_null(bot);
    lnlt_error err;
    for (int guard = 0; guard < 200; guard++) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        if (d.kind == LNLT_DECIDE_NONE)
            break;
        lnlt_action a;
        if (d.side == 2)
            assert_true(lnlt_bot_act(bot, ctx, st, &a));
        else
            a = american_choice(ctx, st);
        if (d.side == 2 && a.type == LNLT_ACT_FIRE && (lnlt_bit(a.units, 7) || lnlt_bit(a.units, 8)))
            leader_fires++;
        if (!lnlt_apply(ctx, st, &a, NULL, NULL, &err))
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
    }
    assert_int_equal(lnlt_decision_get(ctx, st).kind, LNLT_DECIDE_NONE);
    int winner = st->winner;
    lnlt_bot_free(bot);
    free(st);
    return winner;
}

static void R_AI_04_a_leader_beside_a_shaken_half_squad_leaves_on_the_last_turn(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(LAST_LEADER, &ctx);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        int winner = play_out(&ctx, seed);
        if (winner != 2)
            fail_msg("seed %llu: no leader left by H8 and side %d won", (unsigned long long)seed, winner);
    }
    lnlt_ctx_close(&ctx);
}

static void R_AI_06_a_gathered_group_is_not_gathered_and_cancelled_for_ever(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(GATHER_LOOP, &ctx);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        lnlt_state *st = malloc(sizeof *st);
        assert_non_null(st);
        lnlt_state_init(st, &ctx, 11);
        lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
        assert_non_null(bot);
        lnlt_error err;
        int cancels = 0, n = 0;
        for (; n < 200 && lnlt_decision_get(&ctx, st).kind != LNLT_DECIDE_NONE; n++) {
            lnlt_action a;
            if (lnlt_decision_get(&ctx, st).side == 2) {
                assert_true(lnlt_bot_act(bot, &ctx, st, &a));
                cancels += a.type == LNLT_ACT_CANCEL;
            } else {
                a = american_choice(&ctx, st);
            }
            if (!lnlt_apply(&ctx, st, &a, NULL, NULL, &err))
                fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        }
        if (lnlt_decision_get(&ctx, st).kind != LNLT_DECIDE_NONE || cancels > 1)
            fail_msg("seed %llu: %d actions, %d groups cancelled, the game %s", (unsigned long long)seed, n, cancels,
                     lnlt_decision_get(&ctx, st).kind == LNLT_DECIDE_NONE ? "over" : "still on");
        lnlt_bot_free(bot);
        free(st);
    }
    lnlt_ctx_close(&ctx);
}

static void R_AI_07_a_squad_holding_an_assembled_machine_gun_sheds_it_and_leaves(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(TRIPOD_EXIT, &ctx);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        int winner = play_out(&ctx, seed);
        if (winner != 2)
            fail_msg("seed %llu: the squad with the machine gun stayed in I6 and side %d won", (unsigned long long)seed,
                     winner);
    }
    lnlt_ctx_close(&ctx);
}

static void R_AI_08_the_leaders_the_exit_needs_do_not_fire_as_a_remembered_follow_up(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(LEADERS_FOLLOW_UP, &ctx);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        leader_fires = 0;
        (void)play_out(&ctx, seed);
        if (leader_fires > 0)
            fail_msg("seed %llu: a leader the exit needs fired %d times on the last turn", (unsigned long long)seed,
                     leader_fires);
    }
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_04_a_leader_beside_a_shaken_half_squad_leaves_on_the_last_turn),
        cmocka_unit_test(R_AI_06_a_gathered_group_is_not_gathered_and_cancelled_for_ever),
        cmocka_unit_test(R_AI_07_a_squad_holding_an_assembled_machine_gun_sheds_it_and_leaves),
        cmocka_unit_test(R_AI_08_the_leaders_the_exit_needs_do_not_fire_as_a_remembered_follow_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
