/*
 * test_search.c: the search API (lnlt/search.h) keeps the checking engine's
 * promises: its list is the legal list, its trusted apply of any listed action
 * gives the very state lnlt_apply gives, the Zobrist hash follows the position
 * (not the dice or the action count) and its incremental update equals the full
 * hash, re-seeding gives the search dice of its own. Positions come from random
 * games of the shipped starter scenarios.
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
#include "lnlt/search.h"
#include "lnlt/view.h"

static lnlt_action list[LNLT_SEARCH_ACTIONS_MAX], legal[LNLT_SEARCH_ACTIONS_MAX];

static void open_scenario(const char *path, lnlt_ctx *ctx)
{
    lnlt_error err;
    if (!lnlt_ctx_open(path, ctx, &err))
        fail_msg("%s", err.msg);
}

/* Every position of a random game: the list is lnlt_legal_actions', and every
 * listed action applied by the trusted path gives the state the checking path
 * gives, byte for byte. */
static void trusted_apply_equals_checking_apply_for_every_listed_action(void **state)
{
    (void)state;
    static const char *const scenarios[] = {"data/scenarios/sk1_assault_on_vierville.json",
                                            "data/scenarios/sk3_the_weapons_cache.json",
                                            "data/scenarios/sk4_a_friend_in_need.json"};
    long compared = 0;
    for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++) {
        lnlt_ctx ctx;
        open_scenario(scenarios[s], &ctx);
        lnlt_state st;
        lnlt_bot bot;
        lnlt_error err;
        lnlt_state_init(&st, &ctx, 11 + s);
        lnlt_bot_init(&bot, 5);
        int n;
        while ((n = lnlt_search_actions(&ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX)) > 0) {
            assert_int_equal(lnlt_legal_actions(&ctx, &st, legal, LNLT_SEARCH_ACTIONS_MAX), n);
            assert_memory_equal(list, legal, (size_t)n * sizeof list[0]);
            for (int i = 0; i < n; i++) {
                lnlt_state checked = st, trusted = st;
                if (!lnlt_apply(&ctx, &checked, &list[i], NULL, NULL, &err))
                    fail_msg("%s: a listed action is refused: %s", scenarios[s], err.msg);
                assert_true(lnlt_search_apply(&ctx, &trusted, &list[i], &err));
                assert_memory_equal(&checked, &trusted, sizeof checked);
                compared++;
            }
            assert_true(lnlt_search_apply_index(&ctx, &st, list, n, lnlt_bot_pick(&bot, list, n), &err));
        }
        assert_int_equal(lnlt_decision_get(&ctx, &st).kind, LNLT_DECIDE_NONE);
        lnlt_ctx_close(&ctx);
    }
    print_message("%ld actions applied both ways\n", compared);
}

/* lnlt_search_pass is the list's own no-fire entry wherever the decision is the
 * other side's fire at a mover or at an ATGM's firer, and nothing elsewhere: on
 * every position of random games of every shipped scenario (vehicles included). */
static void the_pass_is_the_lists_own_no_fire(void **state)
{
    (void)state;
    static const char *const scenarios[] = {
        "data/scenarios/sk1_assault_on_vierville.json",  "data/scenarios/sk2_rejoining_the_regiment.json",
        "data/scenarios/sk3_the_weapons_cache.json",     "data/scenarios/sk4_a_friend_in_need.json",
        "data/scenarios/vehicle_crossroads.json",        "data/scenarios/training_vehicle_narrative.json"};
    long passes = 0, others = 0;
    for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++) {
        lnlt_ctx ctx;
        open_scenario(scenarios[s], &ctx);
        for (uint64_t game = 0; game < 4; game++) {
            lnlt_state st;
            lnlt_bot bot;
            lnlt_error err;
            lnlt_state_init(&st, &ctx, 21 + game);
            lnlt_bot_init(&bot, 9 + game);
            int n;
            while ((n = lnlt_search_actions(&ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX)) > 0) {
                assert_true(n <= LNLT_SEARCH_ACTIONS_MAX);
                int kind = lnlt_decision_get(&ctx, &st).kind;
                lnlt_action pass;
                memset(&pass, 0xA5, sizeof pass);
                if (lnlt_search_pass(&ctx, &st, &pass)) {
                    assert_true(kind == LNLT_DECIDE_OPFIRE || kind == LNLT_DECIDE_ATGM);
                    assert_int_equal(list[n - 1].type, LNLT_ACT_NO_FIRE);
                    assert_memory_equal(&pass, &list[n - 1], sizeof pass);
                    passes++;
                } else {
                    /* no other decision offers a plain no-fire to pass by */
                    for (int i = 0; i < n; i++)
                        assert_true(list[i].type != LNLT_ACT_NO_FIRE || kind == LNLT_DECIDE_OPP_GATHER);
                    others++;
                }
                assert_true(lnlt_search_apply_index(&ctx, &st, list, n, lnlt_bot_pick(&bot, list, n), &err));
            }
        }
        lnlt_ctx_close(&ctx);
    }
    print_message("%ld positions passed by, %ld others\n", passes, others);
    assert_true(passes > 50); /* the check above ran on real decisions */
}

/* An index outside the list is refused with a reason and changes nothing. */
static void apply_index_outside_the_list_is_refused(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_scenario("data/scenarios/sk1_assault_on_vierville.json", &ctx);
    lnlt_state st, copy;
    lnlt_error err;
    lnlt_state_init(&st, &ctx, 3);
    copy = st;
    int n = lnlt_search_actions(&ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX);
    assert_true(n > 0);
    assert_false(lnlt_search_apply_index(&ctx, &st, list, n, n, &err));
    assert_non_null(strstr(err.msg, "outside the list"));
    assert_false(lnlt_search_apply_index(&ctx, &st, list, n, -1, NULL));
    assert_memory_equal(&st, &copy, sizeof st);
    lnlt_ctx_close(&ctx);
}

/* The Zobrist hash: equal for the same position whatever the dice generator or
 * the count of actions; different when a unit moves or a marker changes; the
 * incremental update equals the full hash. */
static void zobrist_hash_follows_the_position(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_scenario("data/scenarios/sk1_assault_on_vierville.json", &ctx);
    lnlt_state a, b;
    lnlt_state_init(&a, &ctx, 1);
    lnlt_state_init(&b, &ctx, 2); /* another seed: the same set-up position, other dice */
    assert_memory_not_equal(&a.rng, &b.rng, sizeof a.rng);
    assert_int_equal(lnlt_search_hash(&a), lnlt_search_hash(&b));
    assert_true(lnlt_state_hash(&a) != lnlt_state_hash(&b));
    b.actions_applied = 7;
    assert_int_equal(lnlt_search_hash(&a), lnlt_search_hash(&b));
    /* a unit on another hex, a Spotted marker, a shaken unit: another position */
    uint64_t h = lnlt_search_hash(&a);
    b = a;
    b.unit[0].cell = (int16_t)(a.unit[0].cell + 1);
    assert_true(lnlt_search_hash(&b) != h);
    assert_int_equal(lnlt_search_hash_update(h, &a, &b), lnlt_search_hash(&b));
    b = a;
    lnlt_bit_set(b.spotted[1], 40);
    assert_true(lnlt_search_hash(&b) != h);
    assert_int_equal(lnlt_search_hash_update(h, &a, &b), lnlt_search_hash(&b));
    b = a;
    b.unit[2].status = LNLT_SHAKEN;
    assert_true(lnlt_search_hash(&b) != h);
    assert_int_equal(lnlt_search_hash_update(lnlt_search_hash_update(h, &a, &b), &b, &a), h);
    lnlt_ctx_close(&ctx);
}

/* Re-seeding replaces the generator by one that depends only on the seed (on a
 * stream of the search's own), and leaves the position alone. */
static void reseed_gives_the_search_its_own_dice(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    open_scenario("data/scenarios/sk1_assault_on_vierville.json", &ctx);
    lnlt_state game, x, y, other;
    lnlt_state_init(&game, &ctx, 5);
    lnlt_state_init(&other, &ctx, 9);
    x = game;
    y = other;
    lnlt_search_reseed(&x, 5);
    lnlt_search_reseed(&y, 5);
    /* the same sample seed, the same dice, whichever game they came from */
    assert_memory_equal(&x.rng, &y.rng, sizeof x.rng);
    /* never the game's own stream, even for the game's seed */
    assert_memory_not_equal(&x.rng, &game.rng, sizeof x.rng);
    assert_int_equal(lnlt_search_hash(&x), lnlt_search_hash(&game));
    x.rng = game.rng;
    assert_memory_equal(&x, &game, sizeof x);
    /* Two playouts from one position with two sample seeds: each is
     * reproducible, and the game's state is untouched by either. */
    lnlt_state keep = game;
    uint64_t end[2][2];
    for (int rep = 0; rep < 2; rep++)
        for (int k = 0; k < 2; k++) {
            lnlt_state p = game;
            lnlt_bot bot;
            lnlt_bot_init(&bot, 1);
            lnlt_search_reseed(&p, 100 + (uint64_t)k);
            int n;
            while ((n = lnlt_search_actions(&ctx, &p, list, LNLT_SEARCH_ACTIONS_MAX)) > 0)
                assert_true(lnlt_search_apply_index(&ctx, &p, list, n, lnlt_bot_pick(&bot, list, n), NULL));
            end[rep][k] = lnlt_state_hash(&p);
        }
    assert_int_equal(end[0][0], end[1][0]);
    assert_int_equal(end[0][1], end[1][1]);
    assert_true(end[0][0] != end[0][1]);
    assert_memory_equal(&keep, &game, sizeof game);
    lnlt_ctx_close(&ctx);
}

/* lnlt_action_is_attack agrees with the command words: every word that names
 * fire is an attack, "no-fire" is not, and nothing else is but the attacks of
 * vehicles and guns (14.0-17.0: shoot, opshoot, mg, opmg, overrun, close-assault). */
static void attacks_are_the_words_that_name_fire(void **state)
{
    (void)state;
    int attacks = 0;
    for (int type = 0; type < 256; type++) {
        const char *word = lnlt_action_word(type);
        bool names_fire = word && ((strstr(word, "fire") && strncmp(word, "no-", 3) != 0) || !strcmp(word, "shoot") ||
                                   !strcmp(word, "opshoot") || !strcmp(word, "mg") || !strcmp(word, "opmg") ||
                                   !strcmp(word, "overrun") || !strcmp(word, "close-assault"));
        if (names_fire != lnlt_action_is_attack(type))
            fail_msg("action type %d (\"%s\"): lnlt_action_is_attack says %d", type, word ? word : "?",
                     lnlt_action_is_attack(type));
        attacks += names_fire;
    }
    assert_true(attacks >= 6); /* fire, opfire, assault fire, stealth assault fire, call-fire, hr-fire... */
    assert_true(lnlt_action_is_attack(LNLT_ACT_FIRE) && lnlt_action_is_attack(LNLT_ACT_OPFIRE));
    assert_false(lnlt_action_is_attack(LNLT_ACT_NO_FIRE) || lnlt_action_is_attack(LNLT_ACT_SNIPE));
    assert_string_equal(lnlt_action_word(LNLT_ACT_NO_FIRE), "no-fire");
    assert_null(lnlt_action_word(250));
}

/* The state a side may see (lnlt_state_for_side, R-VIEW-05) rewrites hidden
 * units; it must still serve the search API, which trusts the index of units by
 * location: its list is the checking engine's list, and each listed action
 * applies the same both ways. Positions of The Weapons Cache (hidden Viet Cong)
 * and Vierville (held reinforcements), both sides. */
static void the_state_a_side_sees_serves_the_search_api(void **state)
{
    (void)state;
    static const char *const scenarios[] = {"data/scenarios/sk3_the_weapons_cache.json",
                                            "data/scenarios/sk1_assault_on_vierville.json"};
    long checked = 0, hidden = 0;
    for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++) {
        lnlt_ctx ctx;
        open_scenario(scenarios[s], &ctx);
        lnlt_state st, seen;
        lnlt_bot bot;
        lnlt_error err;
        lnlt_state_init(&st, &ctx, 21);
        lnlt_bot_init(&bot, 8);
        int n, step = 0;
        while ((n = lnlt_search_actions(&ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX)) > 0) {
            if (step++ % 7 == 0)
                for (int side = 1; side <= 2; side++) {
                    lnlt_state_for_side(&ctx, &st, side, 99, &seen);
                    for (int u = 0; u < st.unit_count; u++)
                        hidden += lnlt_unit_hidden(&ctx, &st, u, side);
                    int m = lnlt_search_actions(&ctx, &seen, list, LNLT_SEARCH_ACTIONS_MAX);
                    assert_int_equal(lnlt_legal_actions(&ctx, &seen, legal, LNLT_SEARCH_ACTIONS_MAX), m);
                    assert_memory_equal(list, legal, (size_t)m * sizeof list[0]);
                    for (int i = 0; i < m; i++) {
                        lnlt_state checked_st = seen, trusted = seen;
                        if (lnlt_apply(&ctx, &checked_st, &list[i], NULL, NULL, &err)) {
                            assert_true(lnlt_search_apply(&ctx, &trusted, &list[i], &err));
                            assert_memory_equal(&checked_st, &trusted, sizeof trusted);
                            checked++;
                        }
                    }
                    n = lnlt_search_actions(&ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX);
                }
            assert_true(lnlt_search_apply_index(&ctx, &st, list, n, lnlt_bot_pick(&bot, list, n), &err));
        }
        lnlt_ctx_close(&ctx);
    }
    print_message("%ld actions applied both ways on the states sides see (%ld hidden units)\n", checked, hidden);
    assert_true(checked > 0 && hidden > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trusted_apply_equals_checking_apply_for_every_listed_action),
        cmocka_unit_test(apply_index_outside_the_list_is_refused),
        cmocka_unit_test(the_pass_is_the_lists_own_no_fire),
        cmocka_unit_test(zobrist_hash_follows_the_position),
        cmocka_unit_test(reseed_gives_the_search_its_own_dice),
        cmocka_unit_test(attacks_are_the_words_that_name_fire),
        cmocka_unit_test(the_state_a_side_sees_serves_the_search_api),
    };
    return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
