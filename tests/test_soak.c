/*
 * test_soak.c: random-game soak (DESIGN.md "Testing", OpenSpiel's RandomSimTest):
 * many full games on Map 15 with random legal actions from many seeds (weapons, smoke,
 * a medic, a sniper, a stealthy squad, a hit-and-run squad, cavalry and
 * motorcycles (mounted units, charges, opportunity moves), an ambush-capable
 * squad, an MG weapon team, and leaders with Versatile, Decisive and The Ambush
 * among them). After every
 * action the invariants are checked (stacking limits, every unit in exactly one
 * place, every support weapon held by one live unit or lying in one hex, a legal
 * action always available until the game ends, an illegal action rejected without
 * touching the state, and 4.0: in one impulse a hex fires at one hex only and
 * starts one move group at most); at the end the action list is replayed from the start and
 * must reproduce the final state hash. A second run plays on the floors test board
 * (two-storey building, usable rooftops: rules 10.2, 10.4.1, 10.6), with a mortar
 * team (18.1).
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

#include "lnlt/check.h"
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
                                        "tests/fixtures/units/weapon_teams.json", "tests/fixtures/nations/mounted.json",
                                        "tests/fixtures/units/mounted.json"};
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

/* A unit of a soak position: its type, side, location and the weapon it holds. */
typedef struct soak_unit {
    const char *type;
    int side;
    const char *hex;
    const char *sw;
} soak_unit;

static void place_units(lnlt_state *st, const soak_unit *units, size_t n)
{
    lnlt_error err;
    for (size_t i = 0; i < n; i++) {
        int u = lnlt_state_add_unit(&W.ctx, st, units[i].type, units[i].side, units[i].hex, &err);
        if (u < 0)
            fail_msg("%s", err.msg);
        if (units[i].sw && lnlt_state_add_sw(&W.ctx, st, units[i].sw, u, NULL, &err) < 0)
            fail_msg("%s", err.msg);
    }
}

/* The training situation of the v5.1 narrative, close to the Germans' entry. */
static void start(lnlt_state *st, uint64_t seed)
{
    const lnlt_ctx *ctx = &W.ctx;
    lnlt_error err;
    lnlt_state_init(st, ctx, seed);
    static const soak_unit units[] = {
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
         * charge, and two more ambush-capable squads, in J6 out of sight of H7,
         * so that ambushes still occur */
        {"test_it_cav_1412", 1, "M6", "bar"},     {"test_it_cav_half_0412", 1, "N5", NULL},
        {"test_it_moto_half_0420", 2, "K2", "mortar_51mm"}, {"de_squad_164", 2, "L3", NULL}, {"test_ambush_squad", 2, "J6", NULL}, {"test_ambush_squad", 2, "J6", NULL},
        /* 1.7, 5.2, 5.3: an MG team firing apart from the squads of its hex */
        {"test_wt_mg", 2, "F3", NULL},
    };
    /* 1.6: weapons lying in hexes, to be picked up (and captured, 1.6.8) */
    static const char *const lying[][2] = {{"mg34", "H7"}, {"bar", "H3"}, {"satchel_charge", "F3"}};
    place_units(st, units, sizeof units / sizeof units[0]);
    for (size_t i = 0; i < sizeof lying / sizeof lying[0]; i++)
        if (lnlt_state_add_sw(ctx, st, lying[i][0], -1, lying[i][1], &err) < 0)
            fail_msg("%s", err.msg);
    /* 12.0: Major Tom is Versatile, Lt Koch Decisive, Sgt Baumann has The Ambush */
    if (!lnlt_state_set_skill(ctx, st, 2, "versatile", &err) || !lnlt_state_set_skill(ctx, st, 8, "decisive", &err) ||
        !lnlt_state_set_skill(ctx, st, 11, "the_ambush", &err))
        fail_msg("%s", err.msg);
}

/* The invariants live in the library (src/game/check.c) so that `lnlt selfplay
 * --check` checks the same ones on the shipped scenarios. */
static void check_invariants(const lnlt_state *st)
{
    char why[300];
    if (!lnlt_check_invariants(&W.ctx, st, why, sizeof why))
        fail_msg("%s", why);
}

static lnlt_action history[MAX_ACTIONS];

/* How often the rules of rules core II came up, so the soak is known to cover them. */
typedef struct soak_counts {
    long actions;
    int over, draws;
    int stealthy, stealth_fire, decisive, ambushes, withdrawals, called, hr_fire;
    int climbs, roof_steps, floor_melees; /* 10.2, 10.6, 10.4.1 */
    int mortar_calls;                     /* 18.1 */
    int mounted_steps, dismounts, charges, opp_moves; /* 6.6, 8.6, 6.8 */
    int dt_assaults;                                  /* 6.1, 6.1.1 with 6.2 */
    int wt_extra_of;                                  /* 5.3: a weapon team's own attack */
} soak_counts;

/* 4.0: what the hexes of the current impulse did, kept apart from the engine's own
 * record: the hex each hex fired at, and the hexes a move group started from. */
typedef struct impulse_log {
    int nfire, nmove;
    int fire_from[64], fire_at[64], move_from[64];
} impulse_log;

static bool starts_move(int type)
{
    switch (type) {
    case LNLT_ACT_MOVE: case LNLT_ACT_ASSAULT: case LNLT_ACT_DOUBLE_TIME: case LNLT_ACT_LOW_CRAWL:
    case LNLT_ACT_STEALTH: case LNLT_ACT_STEALTH_ASSAULT: case LNLT_ACT_HIT_AND_RUN: case LNLT_ACT_ASSAULT_DT:
    case LNLT_ACT_ASSAULT_FIRE: case LNLT_ACT_ASSAULT_FIRE_DT: case LNLT_ACT_STEALTH_ASSAULT_FIRE:
        return true;
    default:
        return false;
    }
}

/* 4.0 invariant: in one impulse the fire actions of a hex all target one hex, and
 * at most one move group starts from a hex. */
static void check_impulse(impulse_log *il, const lnlt_state *before, const lnlt_action *a)
{
    lnlt_decision d = lnlt_decision_get(&W.ctx, before);
    if (d.kind == LNLT_DECIDE_IMPULSE) {
        il->nfire = il->nmove = 0;
        return;
    }
    if (d.kind != LNLT_DECIDE_ACTIVATION)
        return;
    bool fires = a->type == LNLT_ACT_FIRE || a->type == LNLT_ACT_ASSAULT_FIRE || a->type == LNLT_ACT_ASSAULT_FIRE_DT ||
                 a->type == LNLT_ACT_STEALTH_ASSAULT_FIRE || a->type == LNLT_ACT_SNIPE || a->type == LNLT_ACT_MORTAR_CALL;
    if (fires) {
        for (int i = 0; i < il->nfire; i++)
            if (il->fire_from[i] == a->arg[0] && il->fire_at[i] != a->arg[1])
                fail_msg("4.0: hex %d fired at %d and then at %d in one impulse", a->arg[0], il->fire_at[i], a->arg[1]);
        if (il->nfire < 64) {
            il->fire_from[il->nfire] = a->arg[0];
            il->fire_at[il->nfire++] = a->arg[1];
        }
    }
    if (starts_move(a->type)) {
        for (int i = 0; i < il->nmove; i++)
            if (il->move_from[i] == a->arg[0])
                fail_msg("4.0: a second move group started from hex %d in one impulse", a->arg[0]);
        if (il->nmove < 64)
            il->move_from[il->nmove++] = a->arg[0];
    }
}

static void count_action(const lnlt_state *before, const lnlt_state *after, const lnlt_action *a, soak_counts *c)
{
    c->stealthy += a->type == LNLT_ACT_STEALTH || a->type == LNLT_ACT_STEALTH_ASSAULT;
    c->stealth_fire += a->type == LNLT_ACT_STEALTH_ASSAULT_FIRE;
    c->decisive += a->type == LNLT_ACT_DECISIVE;
    c->called += a->type == LNLT_ACT_THE_AMBUSH;
    c->hr_fire += a->type == LNLT_ACT_HR_FIRE;
    c->withdrawals += a->type == LNLT_ACT_WITHDRAW || (a->type >= LNLT_ACT_WITHDRAW_ASSAULT && a->type <= LNLT_ACT_WITHDRAW_HIT_AND_RUN);
    c->mortar_calls += a->type == LNLT_ACT_MORTAR_CALL;
    c->dismounts += a->type == LNLT_ACT_DISMOUNT;
    c->opp_moves += a->type == LNLT_ACT_OPP_MOVE || a->type == LNLT_ACT_OPP_HIT_AND_RUN;
    c->dt_assaults += a->type == LNLT_ACT_ASSAULT_DT || a->type == LNLT_ACT_ASSAULT_FIRE_DT;
    for (int k = 0; k < before->move.of_made && k < 6 && a->type == LNLT_ACT_OPFIRE; k++)
        c->wt_extra_of += before->move.of_from[k] == a->arg[0];
    /* 6.6: a step by a stack holding a mounted unit (the movers before it) */
    for (int u = 0; u < before->unit_count && a->type == LNLT_ACT_STEP; u++)
        if (lnlt_bit(before->move.units, u) && W.cat->unit[before->unit[u].type].mount != LNLT_MOUNT_NONE) {
            c->mounted_steps++;
            break;
        }
    for (int u = 0; u < after->unit_count; u++)
        if (after->unit[u].mu_flags & (LNLT_MU_CHARGING | LNLT_MU_HELD)) { /* 8.6: from the entry to the end of the first round */
            c->charges++;
            break;
        }
    for (int u = 0; u < after->unit_count; u++)
        if (after->unit[u].flags & LNLT_UNIT_AMBUSHING) {
            c->ambushes++;
            break;
        }
    if (a->type == LNLT_ACT_STEP) {
        c->climbs += lnlt_loc_cell(a->arg[0]) == lnlt_loc_cell(before->move.cell);
        c->roof_steps += lnlt_loc_floor(a->arg[0]) == LNLT_FLOOR_ROOF;
        c->floor_melees += lnlt_loc_floor(a->arg[0]) != LNLT_FLOOR_GROUND && after->melee_stage != 0;
    }
}

/* Plays `games` random games from start_fn's position, checking the invariants
 * after every action and replaying each game to its final hash. */
static void play_games(void (*start_fn)(lnlt_state *, uint64_t), int games, uint64_t first_seed, soak_counts *c)
{
    static lnlt_state st, replay, before;
    static lnlt_action legal[2048];
    for (int g = 0; g < games; g++) {
        uint64_t seed = first_seed + (uint64_t)g;
        start_fn(&st, seed);
        lnlt_pcg32 pick;
        lnlt_pcg32_seed(&pick, seed, 99);
        int n_hist = 0;
        impulse_log il = {0};
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
            lnlt_state_clone(&before, &st);
            if (!lnlt_apply(&W.ctx, &st, &legal[k], NULL, NULL, &err)) {
                char text[128];
                lnlt_action_format(&W.ctx, &legal[k], text, sizeof text);
                for (int u = 0; u < st.unit_count; u++) {
                    char name[LNLT_HEX_ID_MAX];
                    print_message("  #%d %s %s side %d status %d marks %x flags %x act %d\n", u,
                                  lnlt_unit_name(&W.ctx, &st, u), lnlt_cell_name(&W.ctx, lnlt_unit_loc(&st.unit[u]), name),
                                  st.unit[u].side, st.unit[u].status, st.unit[u].marks, st.unit[u].flags,
                                  lnlt_bit(st.activated, u));
                }
                fail_msg("game %d action %d \"%s\": %s", g, n_hist, text, err.msg);
            }
            history[n_hist++] = legal[k];
            count_action(&before, &st, &legal[k], c);
            check_impulse(&il, &before, &legal[k]);
        }
        c->over++;
        c->draws += st.winner == 0;
        c->actions += n_hist;
        /* Replaying the action list reproduces the final state exactly. */
        start_fn(&replay, seed);
        for (int i = 0; i < n_hist; i++) {
            lnlt_error err;
            if (!lnlt_apply(&W.ctx, &replay, &history[i], NULL, NULL, &err))
                fail_msg("replay of game %d diverged at action %d: %s", g, i, err.msg);
        }
        assert_int_equal(lnlt_state_hash(&replay), lnlt_state_hash(&st));
    }
}

static void soak_random_games_keep_invariants_and_replay(void **state)
{
    (void)state;
    soak_counts c = {0};
    play_games(start, GAMES, 1000, &c);
    print_message("soak: %d games to the end, %ld actions (%.1f per game); draws %d\n", c.over, c.actions,
                  (double)c.actions / c.over, c.draws);
    print_message("soak: stealth moves %d, stealth assault fire %d, Decisive %d, The Ambush %d, ambush rounds %d, "
                  "withdrawals %d, hit and run attacks %d\n",
                  c.stealthy, c.stealth_fire, c.decisive, c.called, c.ambushes, c.withdrawals, c.hr_fire);
    print_message("soak: mounted steps %d, dismounts %d, actions with a charge under way %d, opportunity moves %d\n",
                  c.mounted_steps, c.dismounts, c.charges, c.opp_moves);
    print_message("soak: assault moves and assault fire at double time %d, weapon-team opportunity attacks beyond "
                  "the MP count %d\n", c.dt_assaults, c.wt_extra_of);
    assert_int_equal(c.over, GAMES);
    assert_true(c.stealthy > 0 && c.stealth_fire > 0 && c.decisive > 0 && c.called > 0 && c.ambushes > 0 &&
                c.withdrawals > 0 && c.hr_fire > 0 && c.mounted_steps > 0 && c.dismounts > 0 && c.charges > 0 &&
                c.opp_moves > 0 && c.dt_assaults > 0 && c.wt_extra_of > 0);
}

/* Both sides around the two-storey building and the roofed houses of the floors
 * test board (10.2, 10.4.1, 10.6): units on upper floors and rooftops from the start. */
static void start_floors(lnlt_state *st, uint64_t seed)
{
    const lnlt_ctx *ctx = &W.ctx;
    lnlt_error err;
    lnlt_state_init(st, ctx, seed);
    static const soak_unit units[] = {
        {"us_abn_squad_254", 1, "G2", "bar"},      {"us_abn_squad_254", 1, "G2:upper", "m1919a4"},
        {"us_maj_tom", 1, "G2", NULL},             {"us_abn_half_144", 1, "J5:roof", NULL},
        {"us_abn_squad_254", 1, "J6", NULL},       {"us_sniper_wwii", 1, "C4:roof", NULL},
        {"de_squad_164", 2, "G3:upper", "mg42"},   {"de_squad_164", 2, "F2", NULL},
        {"de_lt_koch", 2, "F2:upper", NULL},       {"de_half_154", 2, "D4:roof", NULL},
        {"de_squad_164", 2, "D4", "mortar_51mm"},  {"de_medic", 2, "D4", NULL},
        /* 18.1: a mortar team in the open, and a leader to call its fire */
        {"test_wt_mortar", 2, "A7", NULL},         {"de_sgt_baumann", 2, "E6", NULL},
    };
    place_units(st, units, sizeof units / sizeof units[0]);
    if (lnlt_state_add_sw(ctx, st, "mg34", -1, "G3", &err) < 0)
        fail_msg("%s", err.msg);
}

static void soak_floors_and_rooftops(void **state)
{
    (void)state;
    lnlt_error err;
    lnlt_map *floors;
    if (!lnlt_map_load_file("tests/fixtures/maps/floors.json", &floors, &err))
        fail_msg("%s", err.msg);
    W.ctx.map = floors;
    soak_counts c = {0};
    play_games(start_floors, GAMES / 2, 5000, &c);
    W.ctx.map = W.map;
    lnlt_map_free(floors);
    print_message("soak (floors): %d games, %ld actions; floor changes %d, rooftop steps %d, melees begun above "
                  "the ground %d, called mortar-team attacks %d\n",
                  c.over, c.actions, c.climbs, c.roof_steps, c.floor_melees, c.mortar_calls);
    assert_int_equal(c.over, GAMES / 2);
    assert_true(c.climbs > 0 && c.roof_steps > 0 && c.floor_melees > 0 && c.mortar_calls > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(soak_random_games_keep_invariants_and_replay),
        cmocka_unit_test(soak_floors_and_rooftops),
    };
    return cmocka_run_group_tests_name("soak", tests, setup, teardown);
}
