/*
 * test_scenario_play.c: the four starter-kit scenarios from set-up to the last
 * turn (22.0): each loads, its set-up forces are placed as decisions inside their
 * zones, entering forces come on through their edges, and many games with random
 * legal actions run to the end without a broken invariant; replaying a game's
 * actions reproduces its final hash.
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
#include "lnlt/scenario.h"
#include "support/scenario_load.h"

#define GAMES 100
#define MAX_ACTIONS 6000

typedef test_scenario loaded;
#define load test_scenario_load
#define unload test_scenario_unload

static void check_invariants(const loaded *l, const lnlt_state *st)
{
    int cells = lnlt_map_cells(l->map);
    static int halves[3][LNLT_MAX_CELLS], smcs[3][LNLT_MAX_CELLS];
    memset(halves, 0, sizeof halves);
    memset(smcs, 0, sizeof smcs);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        assert_true(u->cell >= LNLT_CELL_MERGED && u->cell < cells);
        if (u->cell < 0)
            continue;
        assert_true(lnlt_map_cell_exists(l->map, u->cell));
        int kind = l->cat->unit[u->type].kind;
        if (lnlt_unit_kind_is_smc(kind))
            smcs[u->side][u->cell]++;
        else
            halves[u->side][u->cell] += lnlt_unit_kind_stack_halves(kind);
        assert_true(halves[u->side][u->cell] <= 6 && smcs[u->side][u->cell] <= 2);
    }
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->holder >= 0)
            assert_true(w->holder < st->unit_count && st->unit[w->holder].cell != LNLT_CELL_ELIMINATED);
        else if (w->flags & LNLT_SW_USED)
            assert_int_equal(w->cell, LNLT_CELL_ELIMINATED); /* out of play: destroyed or spent (1.6) */
        else
            assert_true(w->cell >= 0 && w->cell < cells);
    }
}

static lnlt_action history[MAX_ACTIONS];

static void play_scenario(const char *path, int games)
{
    loaded l;
    load(&l, path);
    static lnlt_state st, replay;
    lnlt_action legal[4096];
    long actions = 0;
    int results[3] = {0};
    for (int g = 0; g < games; g++) {
        uint64_t seed = 7000 + (uint64_t)g;
        lnlt_state_init(&st, &l.ctx, seed);
        lnlt_pcg32 pick;
        lnlt_pcg32_seed(&pick, seed, 5);
        int n_hist = 0;
        while (lnlt_decision_get(&l.ctx, &st).kind != LNLT_DECIDE_NONE) {
            check_invariants(&l, &st);
            int n = lnlt_legal_actions(&l.ctx, &st, legal, 4096);
            assert_true(n > 0 && n <= 4096);
            assert_true(n_hist < MAX_ACTIONS);
            int k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            if (n > 1 && (legal[k].type == LNLT_ACT_PASS || legal[k].type == LNLT_ACT_NO_FIRE) &&
                lnlt_pcg32_below(&pick, 4) != 0)
                k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            lnlt_error err;
            if (!lnlt_apply(&l.ctx, &st, &legal[k], NULL, NULL, &err)) {
                char text[128];
                lnlt_action_format(&l.ctx, &legal[k], text, sizeof text);
                fail_msg("%s game %d action %d \"%s\": %s", path, g, n_hist, text, err.msg);
            }
            history[n_hist++] = legal[k];
        }
        results[st.winner]++;
        actions += n_hist;
        lnlt_state_init(&replay, &l.ctx, seed);
        for (int i = 0; i < n_hist; i++) {
            lnlt_error err;
            if (!lnlt_apply(&l.ctx, &replay, &history[i], NULL, NULL, &err))
                fail_msg("replay diverged: %s", err.msg);
        }
        assert_int_equal(lnlt_state_hash(&replay), lnlt_state_hash(&st));
    }
    print_message("%s: %d games, %.1f actions per game; %s wins %d, %s wins %d, draws %d\n", path, games,
                  (double)actions / games, l.ctx.side_name[1], results[1], l.ctx.side_name[2], results[2],
                  results[0]);
    unload(&l);
}

static void scenario_vierville_sets_up_in_zone(void **state)
{
    (void)state;
    loaded l;
    load(&l, "data/scenarios/sk1_assault_on_vierville.json");
    lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 1);
    lnlt_decision d = lnlt_decision_get(&l.ctx, &st);
    assert_int_equal(d.kind, LNLT_DECIDE_SETUP);
    assert_int_equal(d.side, 1); /* the Americans set up first */
    assert_int_equal(st.last_turn, 6);
    lnlt_action legal[512];
    int n = lnlt_legal_actions(&l.ctx, &st, legal, 512);
    /* within three hexes of H6, inclusive: at most 37 hexes, all within range 3 */
    assert_true(n > 20 && n <= 37);
    lnlt_hex h6;
    assert_true(lnlt_hex_parse("H6", &h6, NULL, 0));
    for (int i = 0; i < n; i++) {
        lnlt_hex h = lnlt_map_hex_at(l.map, legal[i].arg[0]);
        h.map = 0;
        assert_true(lnlt_hex_distance(h, h6) <= 3);
    }
    /* placing outside the zone is refused with the state untouched */
    lnlt_action bad = legal[0];
    lnlt_hex a1;
    assert_true(lnlt_hex_parse("A1", &a1, NULL, 0));
    bad.arg[0] = (int16_t)lnlt_map_index(l.map, a1);
    uint64_t h = lnlt_state_hash(&st);
    lnlt_error err;
    assert_false(lnlt_apply(&l.ctx, &st, &bad, NULL, NULL, &err));
    assert_int_equal(lnlt_state_hash(&st), h);
    unload(&l);
}

static void scenario_sk1_random_games(void **state)
{
    (void)state;
    play_scenario("data/scenarios/sk1_assault_on_vierville.json", GAMES);
}
static void scenario_sk2_random_games(void **state)
{
    (void)state;
    play_scenario("data/scenarios/sk2_rejoining_the_regiment.json", GAMES);
}
static void scenario_sk3_random_games(void **state)
{
    (void)state;
    play_scenario("data/scenarios/sk3_the_weapons_cache.json", GAMES);
}
static void scenario_sk4_random_games(void **state)
{
    (void)state;
    play_scenario("data/scenarios/sk4_a_friend_in_need.json", GAMES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scenario_vierville_sets_up_in_zone), cmocka_unit_test(scenario_sk1_random_games),
        cmocka_unit_test(scenario_sk2_random_games),          cmocka_unit_test(scenario_sk3_random_games),
        cmocka_unit_test(scenario_sk4_random_games),
    };
    return cmocka_run_group_tests_name("scenario_play", tests, NULL, NULL);
}
