/*
 * test_ai_events.c: the scripted player sets off a Line of Sight event marker
 * (1.8, 22.0) with the least it can send, since what the unread paragraph brings
 * may be an ambush (R-AI-41, src/ai/ai_events.c).
 *
 * The position is the Weapons Cache's opening (data/scenarios): the Americans set
 * up around J8, in sight of marker A in K4, whose paragraph places the Viet Cong
 * next to the village and lets them fire at once; a unit entering, moving, any
 * hex that sees K4 sets it off (R-SCN-06). Before R-AI-41 the bot moved its whole
 * stack with Lt Jenson at double time into K6, in the open, and the ambush shook
 * him and both squads there in about a third of its games. Below the behaviour,
 * the pieces it rests on: which markers are priced, where one goes off, which
 * one the side has set off, and what a move exposes.
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
#include "lnlt/search.h"
#include "lnlt/view.h"
#include "support/scenario_load.h"

#define WEAPONS_CACHE "data/scenarios/sk3_the_weapons_cache.json"

/* The scenario's index of event marker `letter`. */
static int marker_index(const lnlt_ctx *ctx, char letter)
{
    for (int k = 0; k < ctx->scenario->event_count; k++)
        if (ctx->scenario->event[k].marker == letter)
            return k;
    fail_msg("no event marker %c", letter);
    return -1;
}

static int count_bits(const uint8_t *bits)
{
    int n = 0;
    for (int i = 0; i < LNLT_UNIT_BITS; i++)
        n += __builtin_popcount(bits[i]);
    return n;
}

/* The Americans played by normal (bot seed `seed`) from their set-up until marker
 * A goes off: the move that sets it off is one squad's, made on the first turn of
 * play. With one_shot, each American decision is made as the server's seats make
 * it (lnlt_bot_decide on the side's view, a player with no memory of the game)
 * and play starts on turn 2, past the turn whose movement markers tell what has
 * moved: the view must tell such a player which markers are still on the map. */
static void americans_set_off_the_ambush(const lnlt_ctx *ctx, uint64_t seed, bool one_shot)
{
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, ctx, 11);
    int jenson = test_unit_of_type(ctx, st, "usa_lt_jenson");
    uint8_t bit_a = lnlt_scn_event_bit(&ctx->scenario->event[marker_index(ctx, 'A')]);
    lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
    assert_non_null(bot);
    lnlt_state *view = malloc(sizeof *view);
    assert_non_null(view);
    lnlt_error err;
    bool set_off = false;
    int first_turn = one_shot ? 2 : 1;
    for (int guard = 0; guard < 200 && !set_off; guard++) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        if (d.kind == LNLT_DECIDE_NONE)
            break;
        if (d.kind != LNLT_DECIDE_SETUP && st->turn < first_turn)
            st->turn = (uint8_t)first_turn;
        lnlt_action a;
        if (d.side == 1 && one_shot) {
            lnlt_state_for_side(ctx, st, 1, seed * 1000 + (uint64_t)guard, view);
            if (!lnlt_bot_decide("normal", ctx, view, seed * 7919 + (uint64_t)guard, 100, &a, &err))
                fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        } else if (d.side == 1) {
            assert_true(lnlt_bot_act(bot, ctx, st, &a));
        } else {
            lnlt_action legal[256];
            assert_true(lnlt_legal_actions(ctx, st, legal, 256) >= 1);
            a = legal[0];
        }
        uint8_t movers[LNLT_UNIT_BITS];
        memcpy(movers, st->move.units, sizeof movers);
        bool moving = st->move.active;
        if (!lnlt_apply(ctx, st, &a, NULL, NULL, &err))
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        if (!(st->events_done & bit_a))
            continue;
        set_off = true;
        if (!moving || a.side != 1)
            fail_msg("seed %llu: marker A went off outside an American move", (unsigned long long)seed);
        if (count_bits(movers) != 1 || lnlt_bit(movers, jenson))
            fail_msg("seed %llu: %d units (Jenson %s) set off marker A; one squad should",
                     (unsigned long long)seed, count_bits(movers), lnlt_bit(movers, jenson) ? "among them" : "not");
        if (st->turn != first_turn)
            fail_msg("seed %llu: marker A went off on turn %d, not turn %d", (unsigned long long)seed, st->turn,
                     first_turn);
    }
    if (!set_off)
        fail_msg("seed %llu: the Americans never set off marker A", (unsigned long long)seed);
    lnlt_bot_free(bot);
    free(view);
    free(st);
}

static void normal_sets_off_a_line_of_sight_marker_with_one_squad(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(WEAPONS_CACHE, &ctx);
    for (uint64_t seed = 1; seed <= 6; seed++)
        americans_set_off_the_ambush(&ctx, seed, false);
    lnlt_ctx_close(&ctx);
}

/* R-VIEW-05: a player made for one decision, as the server's seats are, prices
 * the marker past turn 1 too (before, it knew nothing of what had gone off
 * after turn 1 and priced no marker: its whole stack walked into sight). */
static void a_one_shot_player_past_turn_1_sets_off_a_marker_with_one_squad(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(WEAPONS_CACHE, &ctx);
    for (uint64_t seed = 1; seed <= 6; seed++)
        americans_set_off_the_ambush(&ctx, seed, true);
    lnlt_ctx_close(&ctx);
}

/* The pieces: marker A (Line of Sight, US) is priced for the Americans, B and D
 * (Occupation) are not, nothing for the Viet Cong; A goes off in any hex that sees
 * K4, not in H8, which does not; the side's view tells which markers the game
 * has set off (R-VIEW-05); and a squad alone exposes nothing
 * beyond the one MMC the side must send, while Jenson's stack does. */
static void R_AI_41_an_unread_line_of_sight_marker_is_priced_as_an_ambush(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(WEAPONS_CACHE, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    uint8_t a = (uint8_t)(1u << marker_index(&ctx, 'A'));
    assert_int_equal(ai_events_unread(bd, 1), a);
    assert_int_equal(ai_events_unread(bd, 2), 0);
    assert_int_equal(ai_events_set_off_at(bd, a, test_ctx_cell(&ctx, "K6")), a);
    assert_int_equal(ai_events_set_off_at(bd, a, test_ctx_cell(&ctx, "K4")), a);
    assert_int_equal(ai_events_set_off_at(bd, a, test_ctx_cell(&ctx, "H8")), 0);
    assert_int_equal(ai_events_set_off_at(bd, 0, test_ctx_cell(&ctx, "K6")), 0);
    /* Open ground costs a mover more than a hut's cover. */
    assert_true(ai_ambush_loss(bd, test_ctx_cell(&ctx, "K6")) > 0.0f);

    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, &ctx, 3);
    int jenson = test_unit_of_type(&ctx, st, "usa_lt_jenson");
    int squads[3], ns = 0;
    for (int i = 0; i < st->unit_count && ns < 3; i++)
        if (st->unit[i].side == 1 && st->unit[i].type >= 0 &&
            ctx.catalog->unit[st->unit[i].type].kind == LNLT_UK_SQUAD)
            squads[ns++] = i;
    assert_int_equal(ns, 3);
    int k7 = test_ctx_cell(&ctx, "K7");
    int us[] = {jenson, squads[0], squads[1], squads[2]};
    for (int i = 0; i < 4; i++)
        st->unit[us[i]].cell = (int16_t)k7;
    lnlt_state_refresh(st);
    /* Which markers the game has set off reaches a bot through the view: every
     * marker counts as spent there (no paragraph in a search), the record says
     * which were really gone, and a view of a view keeps it. */
    lnlt_state *view = malloc(sizeof *view), *again = malloc(sizeof *again);
    assert_non_null(view);
    assert_non_null(again);
    assert_int_equal(ai_events_gone(bd, st), 0);
    lnlt_state_for_side(&ctx, st, 1, 5, view);
    assert_int_equal(ai_events_gone(bd, view), 0);
    st->events_done |= lnlt_scn_event_bit(&ctx.scenario->event[marker_index(&ctx, 'A')]);
    lnlt_state_for_side(&ctx, st, 1, 5, view);
    assert_int_equal(ai_events_gone(bd, view), a);
    lnlt_state_for_side(&ctx, view, 1, 6, again);
    assert_int_equal(ai_events_gone(bd, again), a);
    st->events_done = 0;
    free(again);
    free(view);

    memset(st->move.units, 0, sizeof st->move.units);
    lnlt_bit_set(st->move.units, squads[0]);
    assert_true(ai_ambush_exposed(bd, st, 1) == 0.0f);
    lnlt_bit_set(st->move.units, jenson);
    lnlt_bit_set(st->move.units, squads[1]);
    float stack = ai_ambush_exposed(bd, st, 1);
    assert_true(stack > 0.0f);
    /* Setting it off first spares the largest stack still to move: the two
     * squads and Jenson there once the third moves alone. */
    memset(st->move.units, 0, sizeof st->move.units);
    lnlt_bit_set(st->move.units, squads[2]);
    assert_true(ai_ambush_clearing(bd, st, 1) > 0.0f);
    free(st);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_41_an_unread_line_of_sight_marker_is_priced_as_an_ambush),
        cmocka_unit_test(normal_sets_off_a_line_of_sight_marker_with_one_squad),
        cmocka_unit_test(a_one_shot_player_past_turn_1_sets_off_a_marker_with_one_squad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
