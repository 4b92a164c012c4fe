/*
 * test_vehicle_soak.c: random-game soak of the vehicle and ordnance rules (14.0-17.0,
 * 18.2, 21.x) on Map 14: both sides with tanks, a half-track carrying a squad and a
 * leader, a jeep with riders, a tank destroyer with riders on top, an anti-tank gun,
 * bazookas and panzerfausts, an armor leader, a bunker, foxholes, wire and mines, a
 * Wreck, an off-board artillery mission and the optional rules of 15.x. After every
 * action the invariants are checked: every unit on the map, off it or aboard exactly
 * one live vehicle (16.0) whose passengers fit its capacity (16.1, 16.2), at most two
 * vehicles and Wrecks per hex (1.3), no vehicle in a building or in the hex of an
 * enemy vehicle (15.1), every vehicle and gun team with its slot, facings and
 * turrets on a corner, acquisitions naming a live firer; a legal action always
 * available until the game ends; an illegal action rejected without touching the
 * state. Each game is replayed from its actions to the same state hash, and the
 * run must have seen shots, hits, overruns or close assaults, loading and
 * unloading, vehicle machine guns, pivots, buttoning and destroyed vehicles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/check.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

#define GAMES 120
#define MAX_ACTIONS 6000

static lnlt_catalog *cat;
static lnlt_map *map;
static lnlt_ctx ctx;
static lnlt_bunkers bunkers;

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_catalog_load_dir("data", &cat, &err) || !lnlt_map_load_file("data/maps/map14.json", &map, &err))
        fail_msg("%s", err.msg);
    memset(&ctx, 0, sizeof ctx);
    ctx.turns = 3;
    ctx.first_initiative = LNLT_SIDE_2;
    ctx.side_name[1] = "US";
    ctx.side_name[2] = "German";
    ctx.map = map;
    ctx.catalog = cat;
    ctx.options = LNLT_OPT_SIZE_SPEED | LNLT_OPT_HULL_DOWN | LNLT_OPT_MG_SPLIT;
    bunkers.count = 1; /* 21.1: the narrative's bunker in H4, its front to H5 */
    int loc;
    if (!lnlt_location_parse(&ctx, "H4", &loc, &err))
        fail_msg("%s", err.msg);
    bunkers.b[0].cell = (int16_t)loc;
    bunkers.b[0].tm = 2;
    bunkers.b[0].front = LNLT_DIR_S;
    ctx.bunkers = &bunkers;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_map_free(map);
    lnlt_catalog_free(cat);
    return 0;
}

static int add(lnlt_state *st, const char *type, int side, const char *hex, const char *face_a, const char *face_b)
{
    lnlt_error err;
    int u = lnlt_state_add_unit(&ctx, st, type, side, hex, &err);
    if (u < 0 || (face_a && !lnlt_state_set_facing(&ctx, st, u, face_a, face_b, &err)))
        fail_msg("%s: %s", type, err.msg);
    return u;
}

static void give(lnlt_state *st, const char *sw, int holder)
{
    lnlt_error err;
    if (lnlt_state_add_sw(&ctx, st, sw, holder, NULL, &err) < 0)
        fail_msg("%s", err.msg);
}

static void aboard(lnlt_state *st, int unit, int vehicle, bool outside)
{
    lnlt_error err;
    if (!lnlt_state_board(&ctx, st, unit, vehicle, outside, &err))
        fail_msg("%s", err.msg);
}

/* The vehicle training situation's forces, give or take, closer together. */
static void start(lnlt_state *st, uint64_t seed)
{
    lnlt_error err;
    lnlt_state_init(st, &ctx, seed);
    int pz = add(st, "de_pz4h", 2, "D5", "D6", "E5");
    add(st, "de_75mm_atg", 2, "E2", "E3", "F3");
    int sq = add(st, "de_squad_164", 2, "E3", NULL, NULL);
    give(st, "panzerfaust_30", sq);
    int ht = add(st, "de_sdkfz251", 2, "H2", "G2", "H3");
    aboard(st, add(st, "de_squad_164", 2, NULL, NULL, NULL), ht, false);
    aboard(st, add(st, "de_lt_koch", 2, NULL, NULL, NULL), ht, false);
    int bunkered = add(st, "de_squad_164", 2, "H4:bunker", NULL, NULL);
    give(st, "mg42", bunkered);
    add(st, "de_pz4h", 2, "I3", "H4", "I4");
    int jeep = add(st, "us_jeep", 1, "C6", "C5", "D6");
    int half = add(st, "us_abn_half_144", 1, NULL, NULL, NULL);
    aboard(st, half, jeep, false);
    give(st, "satchel_charge", half);
    aboard(st, add(st, "us_lt_michael", 1, NULL, NULL, NULL), jeep, false);
    int paras = add(st, "us_abn_squad_254", 1, "F7", NULL, NULL);
    give(st, "bazooka", paras);
    add(st, "us_cpl_medrow", 1, "F7", NULL, NULL);
    add(st, "us_m4a1", 1, "G5", "F5", "G4");
    int sh = add(st, "us_m4a1", 1, "H7", "G6", "H6");
    aboard(st, add(st, "us_sgt_darius", 1, NULL, NULL, NULL), sh, false);
    int m10 = add(st, "us_m10", 1, "H8", "G7", "H7");
    aboard(st, add(st, "us_abn_squad_254", 1, NULL, NULL, NULL), m10, true);
    if (!lnlt_state_set_buttoned(&ctx, st, pz, true, &err) || !lnlt_state_add_wreck(&ctx, st, "F6", &err) ||
        !lnlt_state_add_acquisition(&ctx, st, pz, sh, NULL, 1, &err) ||
        lnlt_state_add_fort(&ctx, st, "foxholes", "E3", &err) < 0 || lnlt_state_add_fort(&ctx, st, "wire", "G4", &err) < 0 ||
        lnlt_state_add_fort(&ctx, st, "wire", "H6", &err) < 0 ||
        lnlt_state_add_fort_value(&ctx, st, "mines", "E4", 2, 1, &err) < 0 ||
        lnlt_state_add_fort_value(&ctx, st, "mines", "H5", 2, 1, &err) < 0)
        fail_msg("%s", err.msg);
    st->oba_left[0] = 1; /* 18.2: one US mission of 5 FP */
    st->oba_fp[0] = 5;
}

static void check_invariants(const lnlt_state *st)
{
    /* the engine's own checker (lnlt selfplay --check) must accept every vehicle
     * position too: passengers aboard, units in a bunker */
    char why[256];
    if (!lnlt_check_invariants(&ctx, st, why, sizeof why))
        fail_msg("lnlt_check_invariants: %s", why);
    int cells = lnlt_map_cells(map);
    int per_hex[3][LNLT_MAX_CELLS];
    memset(per_hex, 0, sizeof per_hex);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        const lnlt_unit_type *t = &cat->unit[u->type];
        assert_true(u->side == 1 || u->side == 2);
        if (u->cell == LNLT_CELL_ABOARD) {
            int slot = (st->aboard[i] & 0x3F) - 1;
            assert_true(slot >= 0 && slot < st->vehicle_count);
            const lnlt_unit *v = &st->unit[st->vehicle[slot].unit];
            assert_true(v->cell >= 0 && v->side == u->side); /* aboard a vehicle on the map */
            assert_false(st->vehicle[slot].flags & LNLT_VEH_ABANDONED);
            continue;
        }
        assert_int_equal(st->aboard[i], 0);
        assert_true(u->cell == LNLT_CELL_ELIMINATED || u->cell == LNLT_CELL_NONE || u->cell == LNLT_CELL_EXITED ||
                    (u->cell >= 0 && u->cell < cells && lnlt_map_cell_exists(map, u->cell)));
        if (t->kind == LNLT_UK_VEHICLE || t->gun >= 0) {
            bool slotted = false;
            for (int k = 0; k < st->vehicle_count; k++)
                if (st->vehicle[k].unit == i) {
                    slotted = true;
                    assert_true(st->vehicle[k].facing < 6 && st->vehicle[k].turret < 6);
                }
            assert_true(slotted);
        }
        if (u->cell < 0 || t->kind != LNLT_UK_VEHICLE)
            continue;
        const lnlt_terrain *tt = lnlt_map_terrain(map, lnlt_map_hex_at(map, u->cell));
        /* 1.3, 15.1.2: a vehicle is in a building or huts hex only once it rubbled it */
        if (tt->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))
            assert_true(st->rubble_any && lnlt_bit(st->rubble, u->cell));
        assert_int_equal(u->floor, 0);
        per_hex[u->side][u->cell]++;
    }
    for (int c = 0; c < cells && c < LNLT_MAX_CELLS; c++) {
        int wreck = lnlt_bit(st->wreck, c);
        assert_true(per_hex[1][c] + wreck <= 2 || per_hex[1][c] == 0); /* 1.3 */
        assert_true(per_hex[2][c] + wreck <= 2 || per_hex[2][c] == 0);
        if (per_hex[1][c] && per_hex[2][c]) { /* 15.1: only an abandoned vehicle shares a hex with an enemy one */
            int live[3] = {0};
            for (int i = 0; i < st->unit_count; i++)
                if (st->unit[i].cell == c && cat->unit[st->unit[i].type].kind == LNLT_UK_VEHICLE)
                    for (int k = 0; k < st->vehicle_count; k++)
                        if (st->vehicle[k].unit == i && !(st->vehicle[k].flags & LNLT_VEH_ABANDONED))
                            live[st->unit[i].side]++;
            assert_false(live[1] && live[2]);
        }
    }
    for (int k = 0; k < LNLT_MAX_ACQ; k++)
        if (st->acq[k].firer >= 0)
            assert_true(st->acq[k].firer < st->unit_count && st->unit[st->acq[k].firer].cell >= 0);
}

typedef struct counts {
    int shots, hits, vmg, overruns, assaults, loads, unloads, pivots, buttons, wrecks, calls, small_arms;
} counts;

static void count(const lnlt_state *before, const lnlt_state *after, const lnlt_action *a, counts *c)
{
    c->shots += a->type == LNLT_ACT_SHOOT || a->type == LNLT_ACT_OPSHOOT;
    c->vmg += a->type == LNLT_ACT_VMG || a->type == LNLT_ACT_OPVMG;
    c->overruns += a->type == LNLT_ACT_OVERRUN;
    c->assaults += a->type == LNLT_ACT_CLOSE_ASSAULT;
    c->loads += a->type == LNLT_ACT_LOAD;
    c->unloads += a->type == LNLT_ACT_UNLOAD;
    c->pivots += a->type == LNLT_ACT_PIVOT;
    c->buttons += a->type == LNLT_ACT_BUTTON || a->type == LNLT_ACT_UNBUTTON;
    c->calls += a->type == LNLT_ACT_CALL_FIRE;
    c->small_arms += a->type == LNLT_ACT_FIRE_AT || a->type == LNLT_ACT_OPFIRE_AT;
    int wb = 0, wa = 0;
    for (int i = 0; i < LNLT_MAX_CELLS / 8; i++) {
        wb += __builtin_popcount(before->wreck[i]);
        wa += __builtin_popcount(after->wreck[i]);
    }
    c->wrecks += wa > wb;
}

static lnlt_action history[MAX_ACTIONS];

static void vehicle_soak(void **state)
{
    (void)state;
    static lnlt_state st, replay, before;
    static lnlt_action legal[4096];
    counts c = {0};
    long actions = 0;
    for (int g = 0; g < GAMES; g++) {
        uint64_t seed = 7000 + (uint64_t)g;
        start(&st, seed);
        lnlt_pcg32 pick;
        lnlt_pcg32_seed(&pick, seed, 99);
        int n_hist = 0;
        for (;;) {
            check_invariants(&st);
            int n = lnlt_legal_actions(&ctx, &st, legal, 4096);
            assert_true(n <= 4096);
            if (lnlt_decision_get(&ctx, &st).kind == LNLT_DECIDE_NONE) {
                assert_int_equal(n, 0);
                break;
            }
            assert_true(n > 0);
            assert_true(n_hist < MAX_ACTIONS);
            if (n_hist % 13 == 0) { /* an illegal action bounces off without a trace */
                lnlt_state_clone(&before, &st);
                lnlt_action bad = legal[0];
                bad.side = (uint8_t)lnlt_other_side(bad.side);
                lnlt_error err;
                assert_false(lnlt_apply(&ctx, &st, &bad, NULL, NULL, &err));
                assert_memory_equal(&st, &before, sizeof st);
            }
            /* attacks first half the time, else any action, passing less often */
            int k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            if (lnlt_pcg32_below(&pick, 2) == 0) {
                int attacks[4096], na = 0;
                for (int i = 0; i < n; i++)
                    if (lnlt_action_is_attack(legal[i].type) || legal[i].type == LNLT_ACT_SHOOT ||
                        legal[i].type == LNLT_ACT_OVERRUN || legal[i].type == LNLT_ACT_CLOSE_ASSAULT ||
                        legal[i].type == LNLT_ACT_VMG)
                        attacks[na++] = i;
                if (na)
                    k = attacks[lnlt_pcg32_below(&pick, (uint32_t)na)];
            } else if (n > 1 && (legal[k].type == LNLT_ACT_PASS || legal[k].type == LNLT_ACT_DONE) &&
                       lnlt_pcg32_below(&pick, 4) != 0) {
                k = (int)lnlt_pcg32_below(&pick, (uint32_t)n);
            }
            lnlt_error err;
            lnlt_state_clone(&before, &st);
            if (!lnlt_apply(&ctx, &st, &legal[k], NULL, NULL, &err)) {
                char text[128];
                lnlt_action_format(&ctx, &legal[k], text, sizeof text);
                fail_msg("game %d (seed %llu) action %d \"%s\": %s", g, (unsigned long long)seed, n_hist, text, err.msg);
            }
            history[n_hist++] = legal[k];
            count(&before, &st, &legal[k], &c);
        }
        actions += n_hist;
        start(&replay, seed);
        for (int i = 0; i < n_hist; i++) {
            lnlt_error err;
            if (!lnlt_apply(&ctx, &replay, &history[i], NULL, NULL, &err))
                fail_msg("replay of game %d diverged at action %d: %s", g, i, err.msg);
        }
        assert_int_equal(lnlt_state_hash(&replay), lnlt_state_hash(&st));
    }
    print_message("vehicle soak: %d games, %ld actions; shots %d, vehicle MG %d, small arms at vehicles %d, overruns %d, "
                  "close assaults %d, loads %d, unloads %d, pivots %d, buttoning %d, wrecks %d, artillery calls %d\n",
                  GAMES, actions, c.shots, c.vmg, c.small_arms, c.overruns, c.assaults, c.loads, c.unloads, c.pivots,
                  c.buttons, c.wrecks, c.calls);
    assert_true(c.shots > 0 && c.vmg > 0 && c.small_arms > 0 && c.assaults > 0 && c.unloads > 0 && c.pivots > 0 &&
                c.buttons > 0 && c.wrecks > 0 && c.calls > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vehicle_soak),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
