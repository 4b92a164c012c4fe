/*
 * test_soak.c: random-game soak (DESIGN.md "Testing", OpenSpiel's RandomSimTest):
 * many full games on Map 15 with random legal actions from many seeds (weapons, smoke,
 * a medic, a sniper, a stealthy squad, a hit-and-run squad, cavalry and
 * motorcycles (mounted units, charges, opportunity moves), an ambush-capable
 * squad, and leaders with Versatile, Decisive and The Ambush among them). After every
 * action the invariants are checked (stacking limits, every unit in exactly one
 * place, every support weapon held by one live unit or lying in one hex, a legal
 * action always available until the game ends, an illegal action rejected without
 * touching the state); at the end the action list is replayed from the start and
 * must reproduce the final state hash.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <dirent.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

#define GAMES 200
#define MAX_ACTIONS 4000

typedef struct world {
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_ctx ctx;
} world;

static world W;

/* The data catalog plus the test counters of rules no starter-kit counter uses
 * yet: a stealthy squad (6.4) and an ambush-capable nation (8.4). */
static void load_catalog(void)
{
    lnlt_error err;
    W.cat = lnlt_catalog_new();
    static const char *const kinds[] = {"nations", "units", "weapons", "skills"};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        char dir[64];
        snprintf(dir, sizeof dir, "data/%s", kinds[k]);
        struct dirent **names;
        int n = scandir(dir, &names, NULL, alphasort);
        if (n < 0)
            fail_msg("cannot read %s", dir);
        bool ok = true;
        for (int i = 0; i < n; i++) {
            size_t len = strlen(names[i]->d_name);
            if (ok && len > 5 && !strcmp(names[i]->d_name + len - 5, ".json")) {
                char path[512];
                snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
                ok = lnlt_catalog_add_file(W.cat, path, &err);
            }
            free(names[i]);
        }
        free(names);
        if (!ok)
            fail_msg("%s", err.msg);
    }
    static const char *const extra[] = {"tests/fixtures/nations/ambush.json", "tests/fixtures/units/ambush.json",
                                        "tests/fixtures/units/stealth.json", "tests/fixtures/units/hit_and_run.json",
                                        "tests/fixtures/nations/mounted.json", "tests/fixtures/units/mounted.json"};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (!lnlt_catalog_add_file(W.cat, extra[i], &err))
            fail_msg("%s", err.msg);
    if (!lnlt_catalog_link(W.cat, &err))
        fail_msg("%s", err.msg);
}

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    load_catalog();
    if (!lnlt_map_load_file("data/maps/map15.json", &W.map, &err))
        fail_msg("%s", err.msg);
    W.ctx.turns = 4;
    W.ctx.first_initiative = LNLT_SIDE_2;
    W.ctx.side_name[1] = "US";
    W.ctx.side_name[2] = "German";
    W.ctx.map = W.map;
    W.ctx.catalog = W.cat;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_map_free(W.map);
    lnlt_catalog_free(W.cat);
    return 0;
}

/* The training situation of the v5.1 narrative, close to the Germans' entry. */
static void start(lnlt_state *st, uint64_t seed)
{
    const lnlt_ctx *ctx = &W.ctx;
    lnlt_error err;
    lnlt_state_init(st, ctx, seed);
    struct {
        const char *type;
        int side;
        const char *hex;
        const char *sw;
    } units[] = {
        {"us_abn_squad_254", 1, "I5", "m1919a4"}, {"us_abn_squad_254", 1, "I5", "satchel_charge"},
        {"us_maj_tom", 1, "I5", "bar"},           {"us_abn_squad_254", 1, "G6", "bar"},
        {"us_cpl_medrow", 1, "G6", "flamethrower"}, {"us_abn_half_144", 1, "H7", "chauchat"},
        {"de_squad_164", 2, "F3", "mg42"},        {"de_squad_164", 2, "F3", NULL},     {"de_lt_koch", 2, "F3", NULL},
        {"de_squad_164", 2, "J3", "mg34"},        {"de_squad_164", 2, "J3", "chauchat"}, {"de_sgt_baumann", 2, "J3", NULL},
        {"de_squad_164", 2, "H2", "mortar_51mm"},
        /* 11.3, 11.4: a medic with the Germans, a sniper already placed for the US */
        {"de_medic", 2, "F3", NULL},              {"us_sniper_wwii", 1, "G7", NULL},
        /* 6.4 stealth and 8.4 ambush */
        {"test_stealth_squad", 1, "H7", NULL},    {"test_ambush_squad", 2, "K4", NULL},
        /* 6.7 hit and run */
        {"test_hr_squad", 1, "G8", NULL},
        /* 6.6 mounted units, 8.6 charges, 6.8 opportunity moves: US cavalry with a
         * weapon it cannot fire mounted, German motorcycles, Germans in the open to
         * charge, and a second ambush-capable squad so that ambushes still occur */
        {"test_it_cav_1412", 1, "M6", "bar"},     {"test_it_cav_half_0412", 1, "N5", NULL},
        {"test_it_moto_half_0420", 2, "K2", "mortar_51mm"}, {"de_squad_164", 2, "L3", NULL}, {"test_ambush_squad", 2, "K4", NULL},
    };
    /* 1.6: weapons lying in hexes, to be picked up (and captured, 1.6.8) */
    static const char *const lying[][2] = {{"mg34", "H7"}, {"bar", "H3"}, {"satchel_charge", "F3"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        int u = lnlt_state_add_unit(ctx, st, units[i].type, units[i].side, units[i].hex, &err);
        if (u < 0)
            fail_msg("%s", err.msg);
        if (units[i].sw && lnlt_state_add_sw(ctx, st, units[i].sw, u, NULL, &err) < 0)
            fail_msg("%s", err.msg);
    }
    for (size_t i = 0; i < sizeof lying / sizeof lying[0]; i++)
        if (lnlt_state_add_sw(ctx, st, lying[i][0], -1, lying[i][1], &err) < 0)
            fail_msg("%s", err.msg);
    /* 12.0: Major Tom is Versatile, Lt Koch Decisive, Sgt Baumann has The Ambush */
    if (!lnlt_state_set_skill(ctx, st, 2, "versatile", &err) || !lnlt_state_set_skill(ctx, st, 8, "decisive", &err) ||
        !lnlt_state_set_skill(ctx, st, 11, "the_ambush", &err))
        fail_msg("%s", err.msg);
}

static void check_invariants(const lnlt_state *st)
{
    const lnlt_ctx *ctx = &W.ctx;
    int cells = lnlt_map_cells(W.map);
    assert_true(st->om_depth <= LNLT_OM_DEPTH_MAX);
    assert_true(st->om_depth == 0 || (st->phase == LNLT_PHASE_OPERATIONS && st->move.active) || st->pending); /* 6.8 */
    int halves[3][LNLT_MAX_CELLS] = {{0}}, smcs[3][LNLT_MAX_CELLS] = {{0}}, mu[3][LNLT_MAX_CELLS] = {{0}};
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        assert_true(u->side == 1 || u->side == 2);
        assert_true(u->cell == LNLT_CELL_ELIMINATED || u->cell == LNLT_CELL_NONE || u->cell == LNLT_CELL_EXITED ||
                    u->cell == LNLT_CELL_MERGED ||
                    (u->cell >= 0 && u->cell < cells && lnlt_map_cell_exists(W.map, u->cell)));
        assert_true(u->status == LNLT_GOOD_ORDER || u->status == LNLT_SHAKEN);
        assert_true(u->type >= 0 && u->type < W.cat->unit_count);
        /* 8.6: charge marks live from the entry to the end of that round (a target
         * decision is pending); 6.8: suspended-move marks only under an opportunity move */
        assert_true(st->pending || !(u->mu_flags & (LNLT_MU_CHARGING | LNLT_MU_HELD)));
        assert_true(st->om_depth > 0 || !(u->mu_flags & ~(LNLT_MU_CHARGING | LNLT_MU_HELD)));
        if (u->cell < 0)
            continue;
        int kind = W.cat->unit[u->type].kind;
        if (lnlt_unit_kind_is_smc(kind))
            smcs[u->side][u->cell]++;
        else
            halves[u->side][u->cell] += lnlt_unit_kind_stack_halves(kind);
        if (W.cat->unit[u->type].mount != LNLT_MOUNT_NONE)
            mu[u->side][u->cell] += lnlt_unit_kind_stack_halves(kind);
    }
    for (int s = 1; s <= 2; s++)
        for (int c = 0; c < cells; c++) {
            if (halves[s][c] > 6 || smcs[s][c] > 2 || mu[s][c] > 4) {
                char name[LNLT_HEX_ID_MAX];
                fail_msg("stacking broken in %s for side %d: %d half-squads, %d SMCs", lnlt_cell_name(ctx, c, name),
                         s, halves[s][c], smcs[s][c]);
            }
        }
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->holder >= 0) {
            assert_true(w->holder < st->unit_count);
            assert_true(st->unit[w->holder].cell >= 0); /* held only by a unit on the map */
            assert_int_equal(w->cell, LNLT_CELL_NONE);
        } else if (w->flags & LNLT_SW_USED) {
            assert_int_equal(w->cell, LNLT_CELL_ELIMINATED); /* out of play: destroyed or spent (1.6) */
        } else {
            assert_true(w->cell >= 0 && w->cell < cells);
        }
    }
    /* 1.6 carry limits: squad 2, half-squad, crew and SMCs 1 (while the owner picks
     * the weapon a reduced squad drops, it still holds both) */
    for (int u = 0; u < st->unit_count && st->pending != LNLT_DECIDE_SW_DROP; u++) {
        int held = 0, kind = W.cat->unit[st->unit[u].type].kind;
        for (int i = 0; i < st->sw_count; i++)
            held += st->sw[i].holder == u;
        assert_true(held <= (kind == LNLT_UK_SQUAD ? 2 : kind == LNLT_UK_WEAPON_TEAM ? 0 : 1));
    }
}

static lnlt_action history[MAX_ACTIONS];

static void soak_random_games_keep_invariants_and_replay(void **state)
{
    (void)state;
    static lnlt_state st, replay, before;
    lnlt_action legal[2048];
    long total_actions = 0;
    int over = 0, wins[3] = {0};
    /* how often the rules of rules core II came up, so the soak is known to cover them */
    int stealthy = 0, stealth_fire = 0, decisive = 0, ambushes = 0, withdrawals = 0, called = 0, hr_fire = 0;
    int mounted_steps = 0, dismounts = 0, charges = 0, opp_moves = 0; /* 6.6, 8.6, 6.8 */
    for (int g = 0; g < GAMES; g++) {
        uint64_t seed = 1000 + (uint64_t)g;
        start(&st, seed);
        lnlt_pcg32 pick;
        lnlt_pcg32_seed(&pick, seed, 99);
        int n_hist = 0;
        for (;;) {
            check_invariants(&st);
            int n = lnlt_legal_actions(&W.ctx, &st, legal, 2048);
            assert_true(n <= 2048);
            if (lnlt_decision_get(&W.ctx, &st).kind == LNLT_DECIDE_NONE) {
                assert_int_equal(n, 0);
                break;
            }
            assert_true(n > 0);
            assert_true(n_hist < MAX_ACTIONS);
            /* Now and then, an illegal action must bounce off without a trace. */
            if (n_hist % 17 == 0) {
                lnlt_state_clone(&before, &st);
                lnlt_action bad = legal[0];
                bad.side = (uint8_t)lnlt_other_side(bad.side);
                lnlt_error err;
                assert_false(lnlt_apply(&W.ctx, &st, &bad, NULL, NULL, &err));
                assert_memory_equal(&st, &before, sizeof st);
            }
            /* Prefer to act rather than pass, so games have fighting in them. */
            int k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            if (n > 1 && (legal[k].type == LNLT_ACT_PASS || legal[k].type == LNLT_ACT_NO_FIRE ||
                          legal[k].type == LNLT_ACT_DONE) && lnlt_pcg32_below(&pick, 4) != 0)
                k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            lnlt_error err;
            /* 6.6: a step by a stack holding a mounted unit (the movers before it) */
            bool mu_step = false;
            for (int u = 0; u < st.unit_count && legal[k].type == LNLT_ACT_STEP; u++)
                mu_step |= lnlt_bit(st.move.units, u) && W.cat->unit[st.unit[u].type].mount != LNLT_MOUNT_NONE;
            if (!lnlt_apply(&W.ctx, &st, &legal[k], NULL, NULL, &err)) {
                char text[128];
                lnlt_action_format(&W.ctx, &legal[k], text, sizeof text);
                for (int u = 0; u < st.unit_count; u++) {
                    char name[LNLT_HEX_ID_MAX];
                    print_message("  #%d %s %s side %d status %d marks %x flags %x act %d\n", u,
                                  lnlt_unit_name(&W.ctx, &st, u), lnlt_cell_name(&W.ctx, st.unit[u].cell, name),
                                  st.unit[u].side, st.unit[u].status, st.unit[u].marks, st.unit[u].flags,
                                  lnlt_bit(st.activated, u));
                }
                fail_msg("game %d action %d \"%s\": %s", g, n_hist, text, err.msg);
            }
            history[n_hist++] = legal[k];
            mounted_steps += mu_step;
            dismounts += legal[k].type == LNLT_ACT_DISMOUNT;
            opp_moves += legal[k].type == LNLT_ACT_OPP_MOVE || legal[k].type == LNLT_ACT_OPP_HIT_AND_RUN;
            for (int u = 0; u < st.unit_count; u++)
                if (st.unit[u].mu_flags & (LNLT_MU_CHARGING | LNLT_MU_HELD)) { /* 8.6: set from the entry to the end of the first round */
                    charges++;
                    break;
                }
            stealthy += legal[k].type == LNLT_ACT_STEALTH || legal[k].type == LNLT_ACT_STEALTH_ASSAULT;
            stealth_fire += legal[k].type == LNLT_ACT_STEALTH_ASSAULT_FIRE;
            decisive += legal[k].type == LNLT_ACT_DECISIVE;
            called += legal[k].type == LNLT_ACT_THE_AMBUSH;
            hr_fire += legal[k].type == LNLT_ACT_HR_FIRE;
            withdrawals += legal[k].type == LNLT_ACT_WITHDRAW;
            for (int u = 0; u < st.unit_count; u++)
                if (st.unit[u].flags & LNLT_UNIT_AMBUSHING) {
                    ambushes++;
                    break;
                }
        }
        over++;
        wins[st.winner]++;
        total_actions += n_hist;
        /* Replaying the action list reproduces the final state exactly. */
        start(&replay, seed);
        for (int i = 0; i < n_hist; i++) {
            lnlt_error err;
            if (!lnlt_apply(&W.ctx, &replay, &history[i], NULL, NULL, &err))
                fail_msg("replay of game %d diverged at action %d: %s", g, i, err.msg);
        }
        assert_int_equal(lnlt_state_hash(&replay), lnlt_state_hash(&st));
    }
    print_message("soak: %d games to the end, %ld actions (%.1f per game); draws %d\n", over, total_actions,
                  (double)total_actions / over, wins[0]);
    print_message("soak: stealth moves %d, stealth assault fire %d, Decisive %d, The Ambush %d, ambush rounds %d, "
                  "withdrawals %d, hit and run attacks %d\n",
                  stealthy, stealth_fire, decisive, called, ambushes, withdrawals, hr_fire);
    print_message("soak: mounted steps %d, dismounts %d, actions with a charge under way %d, opportunity moves %d\n",
                  mounted_steps, dismounts, charges, opp_moves);
    assert_int_equal(over, GAMES);
    assert_true(stealthy > 0 && stealth_fire > 0 && decisive > 0 && called > 0 && ambushes > 0 && withdrawals > 0 &&
                hr_fire > 0 && mounted_steps > 0 && dismounts > 0 && charges > 0 && opp_moves > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(soak_random_games_keep_invariants_and_replay),
    };
    return cmocka_run_group_tests_name("soak", tests, setup, teardown);
}
