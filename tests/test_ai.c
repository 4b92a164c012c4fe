/*
 * test_ai.c: the computer players (lnlt/bot.h, src/ai/): levels by name; the
 * scripted player fires where the expected damage is greatest and destroys its own
 * support weapon only to deny it to an enemy about to take it (1.6, 3.0), and
 * always makes a rally attempt, which costs nothing when it fails (R-AI-02); no level
 * sees what its side may not (DESIGN.md "The computer opponent": the game's future
 * dice and the enemy's forces still held back by the scenario leave its choice
 * unchanged when they are altered); and every level plays whole games of the
 * starter scenarios with legal actions only.
 *
 * The hard player searches a fixed number of iterations here
 * (lnlt_bot_set_iterations), so its choices repeat on any machine.
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
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/search.h"
#include "lnlt/view.h"

#define FIRE_CHOICE "tests/fixtures/ai/fire_choice.json"
#define RALLY_WEAPONS "tests/fixtures/ai/rally_weapons.json"
#define SK2 "data/scenarios/sk2_rejoining_the_regiment.json"
#define SK3 "data/scenarios/sk3_the_weapons_cache.json"

static void open_ctx(const char *path, lnlt_ctx *ctx)
{
    lnlt_error err;
    if (!lnlt_ctx_open(path, ctx, &err))
        fail_msg("%s: %s", path, err.msg);
}

static int cell_of(const lnlt_ctx *ctx, const char *hex)
{
    int loc;
    lnlt_error err;
    if (!lnlt_location_parse(ctx, hex, &loc, &err))
        fail_msg("%s: %s", hex, err.msg);
    return loc;
}

static void apply_text(const lnlt_ctx *ctx, lnlt_state *st, const char *text)
{
    lnlt_action a;
    lnlt_error err;
    if (!lnlt_action_parse(ctx, st, text, &a, &err) || !lnlt_apply(ctx, st, &a, NULL, NULL, &err))
        fail_msg("%s: %s", text, err.msg);
}

static lnlt_bot *new_bot(int level, uint64_t seed)
{
    lnlt_bot *b = lnlt_bot_new(level, seed, 50);
    assert_non_null(b);
    if (level == LNLT_BOT_HARD)
        lnlt_bot_set_iterations(b, 3);
    return b;
}

/* The action a fresh bot of `level` chooses in st. */
static lnlt_action choice(int level, const lnlt_ctx *ctx, const lnlt_state *st)
{
    lnlt_bot *b = new_bot(level, 77);
    lnlt_action a;
    assert_true(lnlt_bot_act(b, ctx, st, &a));
    lnlt_bot_free(b);
    return a;
}

static void bot_levels_have_names_and_parse_back(void **state)
{
    (void)state;
    for (int level = 0; level < LNLT_BOT_LEVELS; level++) {
        int back = -1;
        assert_true(lnlt_bot_level_parse(lnlt_bot_level_name(level), &back));
        assert_int_equal(back, level);
    }
    int level = 42;
    assert_true(lnlt_bot_level_parse("HARD", &level));
    assert_int_equal(level, LNLT_BOT_HARD);
    level = 42;
    assert_false(lnlt_bot_level_parse("expert", &level));
    assert_false(lnlt_bot_level_parse(NULL, &level));
    assert_int_equal(level, 42);
    assert_string_equal(lnlt_bot_level_name(LNLT_BOT_LEVELS), "unknown");
    assert_string_equal(lnlt_bot_level_name(-1), "unknown");
    assert_null(lnlt_bot_new(LNLT_BOT_LEVELS, 1, 100));
    assert_null(lnlt_bot_new(-1, 1, 100));
}

/* The server's way in: every level by name, one decision at a time, from the
 * side's view; an unknown name is refused with a reason. */
static void bot_levels_by_name_for_one_decision(void **state)
{
    (void)state;
    const char *const *names = lnlt_bot_levels();
    int count = 0;
    for (; names[count]; count++) {
        int level = -1;
        assert_true(lnlt_bot_level_known(names[count]));
        assert_true(lnlt_bot_level_parse(names[count], &level));
        assert_string_equal(lnlt_bot_level_name(level), names[count]);
    }
    assert_int_equal(count, LNLT_BOT_LEVELS);
    assert_string_equal(names[0], "random");
    assert_false(lnlt_bot_level_known("expert"));
    assert_false(lnlt_bot_level_known(NULL));

    lnlt_ctx ctx;
    open_ctx(SK2, &ctx);
    lnlt_state st, view;
    lnlt_state_init(&st, &ctx, 5);
    int side = lnlt_decision_get(&ctx, &st).side;
    lnlt_state_for_side(&ctx, &st, side, 99, &view);
    lnlt_error err;
    lnlt_action a, again;
    for (int i = 0; names[i]; i++) {
        if (!lnlt_bot_decide(names[i], &ctx, &view, 3, 40, &a, &err))
            fail_msg("%s: %s", names[i], err.msg);
        lnlt_state tmp = st;
        assert_true(lnlt_apply(&ctx, &tmp, &a, NULL, NULL, &err));
        if (strcmp(names[i], "hard")) { /* the same seed and position: the same choice */
            assert_true(lnlt_bot_decide(names[i], &ctx, &view, 3, 40, &again, &err));
            assert_true(lnlt_action_equal(&a, &again));
        }
    }
    assert_false(lnlt_bot_decide("expert", &ctx, &view, 3, 40, &a, &err));
    assert_non_null(strstr(err.msg, "expert"));
    lnlt_ctx_close(&ctx);
}

/* Two German squads together in the open and one alone, both two hexes off: the
 * pair is where an attack does the most damage (5.0, 5.1: every unit in the
 * target hex takes its own damage check). */
static void normal_fires_where_the_expected_damage_is_greatest(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_ctx(FIRE_CHOICE, &ctx);
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    for (int level = LNLT_BOT_NORMAL; level <= LNLT_BOT_HARD; level++) {
        lnlt_state s = st;
        lnlt_action a = choice(level, &ctx, &s);
        assert_int_equal(a.type, LNLT_ACT_ACTIVATE); /* not a pass: there is something to shoot */
        assert_int_equal(a.arg[0], cell_of(&ctx, "I4"));
        apply_text(&ctx, &s, "activate I4");
        a = choice(level, &ctx, &s);
        assert_true(a.type == LNLT_ACT_FIRE || a.type == LNLT_ACT_ASSAULT_FIRE);
        assert_int_equal(a.arg[1], cell_of(&ctx, "K3"));
    }
    lnlt_ctx_close(&ctx);
}

/* Rally phase: the MG42 of a squad far from any enemy stays with it whatever the
 * level above random decides; the MG34 of a lone half-squad next to two American
 * squads is destroyed rather than left to them. */
static void bots_destroy_a_weapon_only_to_deny_it(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_ctx(RALLY_WEAPONS, &ctx);
    for (int level = LNLT_BOT_EASY; level <= LNLT_BOT_HARD; level++) {
        lnlt_state st;
        lnlt_state_init(&st, &ctx, 9);
        lnlt_bot *b = new_bot(level, 3);
        bool denied = false;
        for (int n = 0; n < 20 && st.phase == LNLT_PHASE_RALLY; n++) {
            lnlt_decision d = lnlt_decision_get(&ctx, &st);
            lnlt_action a;
            assert_true(lnlt_bot_act(b, &ctx, &st, &a));
            if (d.side == LNLT_SIDE_2 && (a.type == LNLT_ACT_SW_DESTROY || a.type == LNLT_ACT_SW_DROP)) {
                char text[64];
                lnlt_action_format(&ctx, &a, text, sizeof text);
                assert_int_equal(a.type, LNLT_ACT_SW_DESTROY);
                assert_string_equal(text, "destroy-sw L7 w1");
                denied = true;
            }
            lnlt_error err;
            assert_true(lnlt_apply(&ctx, &st, &a, NULL, NULL, &err));
        }
        assert_int_equal(st.phase, LNLT_PHASE_OPERATIONS);
        assert_false(st.sw[0].flags & LNLT_SW_USED);
        if (level >= LNLT_BOT_NORMAL)
            assert_true(denied);
        lnlt_bot_free(b);
    }
    lnlt_ctx_close(&ctx);
}

/* R-AI-02: a rally attempt (3.0) costs nothing when it fails, so the scripted
 * player always makes it. Lt Jenson, shaken and wounded, alone in the open in
 * the Rally Phase rallies on 5 or less (28%); judged over normal's six dice
 * samples with the margin every action had to beat, all six failed often enough
 * that several of these twenty seeds ended the phase without trying. */
static void normal_always_tries_a_rally_that_costs_nothing(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_ctx(SK3, &ctx);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, &ctx, 5);
    lnlt_error err;
    for (int guard = 0; st->phase == LNLT_PHASE_SETUP && guard < 100; guard++) {
        lnlt_action a;
        assert_true(lnlt_legal_actions(&ctx, st, &a, 1) >= 1);
        assert_true(lnlt_apply(&ctx, st, &a, NULL, NULL, &err));
    }
    assert_int_equal(st->phase, LNLT_PHASE_RALLY);
    lnlt_decision d = lnlt_decision_get(&ctx, st);
    int jenson = -1;
    for (int i = 0; i < st->unit_count; i++) {
        int t = st->unit[i].type;
        if (t >= 0 && t < ctx.catalog->unit_count && !strcmp(ctx.catalog->unit[t].id, "usa_lt_jenson"))
            jenson = i;
    }
    assert_true(jenson >= 0);
    assert_int_equal(st->unit[jenson].side, d.side);
    /* Alone in an empty open hex of the Americans' set-up area's neighbourhood. */
    int cell = cell_of(&ctx, "J6");
    for (int i = 0; i < st->unit_count; i++)
        assert_int_not_equal(st->unit[i].cell, cell);
    st->unit[jenson].cell = (int16_t)cell;
    st->unit[jenson].status = LNLT_SHAKEN;
    st->unit[jenson].flags |= LNLT_UNIT_WOUNDED;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        lnlt_bot *b = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
        assert_non_null(b);
        lnlt_action a;
        assert_true(lnlt_bot_act(b, &ctx, st, &a));
        char text[64];
        lnlt_action_format(&ctx, &a, text, sizeof text);
        if (a.type != LNLT_ACT_RALLY)
            fail_msg("seed %llu: %s instead of the rally in J6", (unsigned long long)seed, text);
        assert_string_equal(text, "rally J6");
        lnlt_bot_free(b);
    }
    free(st);
    lnlt_ctx_close(&ctx);
}

/* What the hidden parts of a position may be changed to: `variant` 1..3 changes
 * the game's future dice or the enemy's forces still held back by the scenario. */
typedef void (*alter_fn)(const lnlt_ctx *ctx, lnlt_state *st, int variant);

/* Plays `actions` actions of a game between normal players; at every decision of
 * side 1 with a choice, a bot of each level above random must choose the same
 * action in the position as it is and in its altered variants. */
static void same_choices_when_altered(const char *scenario, uint64_t seed, int actions, alter_fn alter,
                                      int variants, int min_checked)
{
    lnlt_ctx ctx;
    open_ctx(scenario, &ctx);
    lnlt_state st;
    lnlt_state_init(&st, &ctx, seed);
    lnlt_bot *play = new_bot(LNLT_BOT_NORMAL, 11);
    int checked = 0;
    for (int n = 0; n < actions; n++) {
        lnlt_decision d = lnlt_decision_get(&ctx, &st);
        if (d.kind == LNLT_DECIDE_NONE)
            break;
        if (d.side == LNLT_SIDE_1 && lnlt_legal_actions(&ctx, &st, NULL, 0) >= 2) {
            for (int level = LNLT_BOT_EASY; level <= LNLT_BOT_HARD; level++) {
                lnlt_action a = choice(level, &ctx, &st);
                for (int v = 1; v <= variants; v++) {
                    lnlt_state other = st;
                    alter(&ctx, &other, v);
                    lnlt_action b = choice(level, &ctx, &other);
                    if (!lnlt_action_equal(&a, &b)) {
                        char ta[64], tb[64];
                        lnlt_action_format(&ctx, &a, ta, sizeof ta);
                        lnlt_action_format(&ctx, &b, tb, sizeof tb);
                        fail_msg("action %d, %s: \"%s\", but \"%s\" once the hidden parts change (variant %d)", n,
                                 lnlt_bot_level_name(level), ta, tb, v);
                    }
                }
            }
            checked++;
        }
        lnlt_action a;
        lnlt_error err;
        assert_true(lnlt_bot_act(play, &ctx, &st, &a));
        assert_true(lnlt_apply(&ctx, &st, &a, NULL, NULL, &err));
    }
    if (checked < min_checked)
        fail_msg("only %d decisions checked (at least %d wanted)", checked, min_checked);
    lnlt_bot_free(play);
    lnlt_ctx_close(&ctx);
}

static void other_dice(const lnlt_ctx *ctx, lnlt_state *st, int variant)
{
    (void)ctx;
    lnlt_pcg32_seed(&st->rng, (uint64_t)variant * 7919u, (uint64_t)variant);
}

/* The state's dice generator holds every future roll of the game: a bot that read
 * it would know how each attack ends. Other dice leave every choice unchanged.
 * (A bot that used the game's own generator in its simulations chooses otherwise
 * at several of these decisions.) */
static void bots_never_read_the_future_dice(void **state)
{
    (void)state;
    same_choices_when_altered(SK3, 21, 200, other_dice, 2, 20);
}

/* The Weapons Cache: the Viet Cong cell, its sniper and the NVA platoon wait off
 * the map until event paragraphs release them (22.0); the Americans do not know
 * they exist, nor what they are. Removing them, or making each an NVA squad,
 * leaves the Americans' choices unchanged. (A bot that saw them weighs its first
 * moves differently.) */
static void hide_other_forces(const lnlt_ctx *ctx, lnlt_state *st, int variant)
{
    const lnlt_scenario *scn = ctx->scenario;
    int squad = lnlt_catalog_unit(ctx->catalog, "nva_squad_254");
    assert_true(squad >= 0);
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (u->side != LNLT_SIDE_2 || u->cell != LNLT_CELL_NONE || u->force >= scn->force_count ||
            scn->force[u->force].arrive.how != LNLT_ARRIVE_HELD || st->force_arrive[u->force] != 0xFF)
            continue;
        if (variant == 1)
            u->cell = LNLT_CELL_ELIMINATED;
        else
            u->type = (int16_t)squad;
    }
    lnlt_state_refresh(st); /* units moved by hand (lnlt/search.h) */
}

static void bots_never_see_the_enemys_hidden_forces(void **state)
{
    (void)state;
    same_choices_when_altered(SK3, 4, 40, hide_other_forces, 2, 8);
}

/* 22.0: entering units first gather in a group (decision ENTRY_GROUP, "join"),
 * then set off. Rejoining the Regiment's Germans start off the map and must
 * exit: at their first impulse the scripted levels bring units on instead of
 * passing, and the group they gather is the whole of what may enter. */
static void normal_enters_with_the_whole_group(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_ctx(SK2, &ctx);
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 1);
    lnlt_bot *bots[3] = {NULL, new_bot(LNLT_BOT_NORMAL, 1), new_bot(LNLT_BOT_NORMAL, 2)};
    bool entered = false;
    int joined = 0;
    for (int n = 0; n < 60 && !entered; n++) {
        lnlt_decision d = lnlt_decision_get(&ctx, &st);
        assert_int_not_equal(d.kind, LNLT_DECIDE_NONE);
        lnlt_action a;
        lnlt_error err;
        assert_true(lnlt_bot_act(bots[d.side], &ctx, &st, &a));
        if (d.side == LNLT_SIDE_2 && d.kind == LNLT_DECIDE_IMPULSE)
            assert_int_not_equal(a.type, LNLT_ACT_PASS);
        if (d.kind == LNLT_DECIDE_ENTRY_GROUP) {
            bool could_join = false;
            lnlt_action list[64];
            int k = lnlt_legal_actions(&ctx, &st, list, 64);
            for (int i = 0; i < k && i < 64; i++)
                could_join |= list[i].type == LNLT_ACT_JOIN;
            if (a.type == LNLT_ACT_JOIN)
                joined++;
            else {
                assert_false(could_join);
                entered = true;
            }
        }
        assert_true(lnlt_apply(&ctx, &st, &a, NULL, NULL, &err));
    }
    assert_true(entered);
    assert_true(joined >= 2);
    lnlt_bot_free(bots[1]);
    lnlt_bot_free(bots[2]);
    lnlt_ctx_close(&ctx);
}

/* Every level plays Rejoining the Regiment (the shortest starter scenario) to the
 * end against the random player and against itself, with legal actions only. */
static void every_level_plays_a_whole_game(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_ctx(SK2, &ctx);
    for (int level = LNLT_BOT_RANDOM; level <= LNLT_BOT_HARD; level++) {
        for (int against = 0; against < 2; against++) {
            lnlt_state st;
            lnlt_state_init(&st, &ctx, 100 + (uint64_t)level);
            lnlt_bot *bots[3] = {NULL, new_bot(level, 1), new_bot(against ? level : LNLT_BOT_RANDOM, 2)};
            for (int side = 1; side <= 2 && level == LNLT_BOT_HARD; side++)
                if (bots[side]->level == LNLT_BOT_HARD)
                    lnlt_bot_set_iterations(bots[side], 1);
            int n = 0;
            lnlt_action a, prev = {0};
            lnlt_error err;
            for (; n < 3000; n++) {
                lnlt_decision d = lnlt_decision_get(&ctx, &st);
                if (d.kind == LNLT_DECIDE_NONE)
                    break;
                assert_true(lnlt_bot_act(bots[d.side], &ctx, &st, &a));
                /* 4.0: no level opens an activation only to end it (a stall:
                 * it costs nothing and keeps the phase from ending). */
                if (level != LNLT_BOT_RANDOM && bots[d.side]->level == level && prev.type == LNLT_ACT_ACTIVATE &&
                    a.type == LNLT_ACT_DONE && lnlt_legal_actions(&ctx, &st, NULL, 0) > 1)
                    fail_msg("level %s: activated and ended at once (action %d)", lnlt_bot_level_name(level), n);
                prev = a;
                if (!lnlt_apply(&ctx, &st, &a, NULL, NULL, &err))
                    fail_msg("level %s: %s", lnlt_bot_level_name(level), err.msg);
            }
            assert_int_equal(st.phase, LNLT_PHASE_GAME_OVER);
            lnlt_bot_stats stats;
            lnlt_bot_get_stats(bots[1], &stats);
            if (level != LNLT_BOT_RANDOM)
                assert_true(stats.decisions > 0);
            if (level == LNLT_BOT_HARD)
                assert_true(stats.searched > 0 && stats.iterations >= stats.searched);
            lnlt_bot_free(bots[1]);
            lnlt_bot_free(bots[2]);
        }
    }
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bot_levels_have_names_and_parse_back),
        cmocka_unit_test(bot_levels_by_name_for_one_decision),
        cmocka_unit_test(normal_fires_where_the_expected_damage_is_greatest),
        cmocka_unit_test(bots_destroy_a_weapon_only_to_deny_it),
        cmocka_unit_test(normal_always_tries_a_rally_that_costs_nothing),
        cmocka_unit_test(bots_never_read_the_future_dice),
        cmocka_unit_test(bots_never_see_the_enemys_hidden_forces),
        cmocka_unit_test(normal_enters_with_the_whole_group),
        cmocka_unit_test(every_level_plays_a_whole_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
