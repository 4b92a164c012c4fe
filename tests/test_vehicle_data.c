/*
 * test_vehicle_data.c: vehicle counters, gun weapon teams and ordnance support
 * weapons as data (docs/formats/vehicles.md, weapons.md; rules 14.1-14.4, 15.0,
 * 15.4, 15.6-15.8, 16.1-16.2): the shipped counters carry the values the rule
 * examples state, every broken file is refused with its exact message, and the
 * loaders stay total on damaged vehicle files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/data.h"

static lnlt_catalog *load_catalog(void)
{
    lnlt_catalog *c;
    lnlt_error err = {{0}};
    if (!lnlt_catalog_load_dir("data", &c, &err))
        fail_msg("%s", err.msg);
    return c;
}

static const lnlt_vehicle_type *vehicle(const lnlt_catalog *c, const char *id)
{
    int u = lnlt_catalog_unit(c, id);
    assert_true(u >= 0);
    const lnlt_vehicle_type *v = lnlt_catalog_vehicle_of(c, u);
    assert_non_null(v);
    assert_int_equal(c->unit[u].kind, LNLT_UK_VEHICLE);
    return v;
}

/* EX-077 (14.1 Ordnance Example 1) and the 14.1 counter legend: the M4A1's
 * table, HE 3, MGs 4 and 4*, armour 5/4, 3/4, 2/3, PPO, MF 10 T, morale 6. */
static void EX_077_sherman_counter(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_vehicle_type *v = vehicle(c, "us_m4a1");
    const lnlt_unit_type *u = &c->unit[v->unit];
    assert_int_equal(u->front.mf, 10);
    assert_int_equal(u->front.morale, 6);
    assert_int_equal(v->move_class, LNLT_MC_TRACKED);
    assert_int_equal(v->gun_count, 1);
    assert_int_equal(v->gun[0].he, 3);
    assert_int_equal(v->gun[0].to_hit[0].range, 7);
    assert_int_equal(v->gun[0].to_hit[0].to_hit, 8);
    assert_int_equal(v->gun[0].to_hit[0].pv, 4);
    assert_int_equal(v->gun[0].to_hit[2].range, 28);
    int8_t armor[2][3] = {{5, 3, 2}, {4, 4, 3}};
    assert_memory_equal(v->armor, armor, sizeof armor);
    assert_true(v->flags & LNLT_VF_TURRET);
    assert_int_equal(v->mg_count, 2);
    assert_int_equal(v->mg[0].fp, 4);
    assert_int_equal(v->mg[0].range, 14); /* 15.0: FP 4 reaches 14 hexes (EX-I15) */
    assert_int_equal(v->mg[1].arc, LNLT_MGA_ALL_ROUND);
    assert_int_equal(v->inside, 0);
    assert_int_equal(v->outside, 2); /* PPO: a squad, two weapons, two SMCs on top */
    assert_string_equal(c->unit[v->crew].id, "us_crew");
    lnlt_catalog_free(c);
}

/* The narrative's vehicles and weapons keep the values it states. */
static void vehicle_narrative_counters(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_vehicle_type *m10 = vehicle(c, "us_m10");
    assert_true(m10->flags & LNLT_VF_OPEN_TOP);
    assert_int_equal(c->unit[m10->unit].front.mf, 12);
    assert_int_equal(m10->armor[LNLT_TURRET][LNLT_FACE_REAR], 1); /* lowest AF 1 = rear turret */
    const lnlt_vehicle_type *pz = vehicle(c, "de_pz4h");
    assert_int_equal(pz->gun[0].to_hit[0].to_hit, 9);
    assert_int_equal(pz->gun[0].to_hit[0].pv, 5);
    const lnlt_vehicle_type *ht = vehicle(c, "de_sdkfz251");
    assert_int_equal(ht->move_class, LNLT_MC_OFF_ROAD);
    assert_int_equal(ht->armor[LNLT_HULL][LNLT_FACE_FRONT], 1);
    assert_int_equal(ht->inside, 2);
    assert_false(ht->flags & LNLT_VF_TURRET);
    assert_true(ht->flags & LNLT_VF_OPEN_TOP);
    const lnlt_vehicle_type *jeep = vehicle(c, "us_jeep");
    assert_false(lnlt_vehicle_armored(jeep));
    assert_int_equal(jeep->move_class, LNLT_MC_ROAD);
    assert_int_equal(jeep->inside, 1); /* P: a half-squad, a weapon and an SMC */
    assert_int_equal(jeep->size_drm, 1);
    /* the 75 mm ATG WT has the Pz IV H's gun and table */
    int gun = c->unit[lnlt_catalog_unit(c, "de_75mm_atg")].gun;
    assert_true(gun >= 0);
    assert_memory_equal(c->gun[gun].to_hit, pz->gun[0].to_hit, sizeof pz->gun[0].to_hit);
    assert_int_equal(c->gun[gun].he, pz->gun[0].he);
    /* Panzerfaust 30: only up to 2 hexes, to-hit 8 and PV 4 at one */
    const lnlt_sw_type *pf = &c->sw[lnlt_catalog_sw(c, "panzerfaust_30")];
    assert_int_equal(pf->to_hit[0].to_hit, 8);
    assert_int_equal(pf->to_hit[0].pv, 4);
    assert_int_equal(pf->to_hit[2].to_hit, LNLT_NONE);
    assert_true(pf->flags & LNLT_SWF_HEAT);
    /* Bazooka: HE 2, to-hit 7 and PV 3 at 3 hexes */
    const lnlt_sw_type *bz = &c->sw[lnlt_catalog_sw(c, "bazooka")];
    assert_int_equal(bz->he, 2);
    assert_int_equal(bz->to_hit[1].range, 4);
    assert_int_equal(bz->to_hit[1].to_hit, 7);
    assert_int_equal(bz->to_hit[1].pv, 3);
    /* an ATR prints no HE equivalent and may fire from bunkers (1.6.4) */
    const lnlt_sw_type *atr = &c->sw[lnlt_catalog_sw(c, "solothurn")];
    assert_int_equal(atr->he, LNLT_NONE);
    assert_true(atr->flags & LNLT_SWF_BUNKER_FIRE);
    lnlt_catalog_free(c);
}

/* The examples' vehicles: split tables (EX-078), red armour (EX-081), ATGM
 * depletion (EX-082), the Bradley's "2 x" (14.1). */
static void vehicle_example_counters(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_vehicle_type *grant = vehicle(c, "gb_grant");
    assert_int_equal(grant->gun_count, 2);
    assert_int_equal(grant->gun[0].ammo, LNLT_AMMO_AP);
    assert_int_equal(grant->gun[1].ammo, LNLT_AMMO_AP);
    assert_int_not_equal(grant->gun[0].he, grant->gun[1].he);
    assert_true(grant->gun[1].flags & LNLT_GUNF_HULL);
    const lnlt_vehicle_type *brad = vehicle(c, "us_m2_bradley");
    assert_true(brad->red & (1u << (LNLT_HULL * 3 + LNLT_FACE_FLANK)));
    assert_int_equal(brad->armor[LNLT_HULL][LNLT_FACE_FLANK], 2);
    assert_int_equal(brad->gun[0].shots, 2);
    const lnlt_vehicle_type *bmp = vehicle(c, "su_bmp1");
    assert_int_equal(bmp->gun[1].ammo, LNLT_AMMO_ATGM);
    assert_int_equal(bmp->gun[1].depletion, 5);
    assert_int_equal(c->unit[vehicle(c, "gb_scorpion")->unit].front.mf, 20);
    assert_int_equal(c->unit[vehicle(c, "su_t34")->unit].front.mf, 11);
    assert_int_equal(c->unit[vehicle(c, "gb_crusader3")->unit].front.morale, 6);
    lnlt_catalog_free(c);
}

static const struct {
    const char *file, *message;
} broken[] = {
    {"tests/fixtures/broken/vehicles_armor_string.json",
     "tests/fixtures/broken/vehicles_armor_string.json: $.vehicles[0].armor.turret[1]: expected an armour factor from 0 to 20, or null for '*' (15.7), found a string"},
    {"tests/fixtures/broken/vehicles_armor_two_faces.json",
     "tests/fixtures/broken/vehicles_armor_two_faces.json: $.vehicles[0].armor.hull: expected three armour factors: front, flank, rear (15.0), found 2"},
    {"tests/fixtures/broken/vehicles_atgm_no_depletion.json",
     "tests/fixtures/broken/vehicles_atgm_no_depletion.json: $.vehicles[0].guns[0].depletion: an ATGM prints its depletion number (14.4.1)"},
    {"tests/fixtures/broken/vehicles_atgm_two_shots.json",
     "tests/fixtures/broken/vehicles_atgm_two_shots.json: $.vehicles[0].guns[0].shots: an ATGM fires once per turn whatever the \"N x\" (14.4.1)"},
    {"tests/fixtures/broken/vehicles_bad_passengers.json",
     "tests/fixtures/broken/vehicles_bad_passengers.json: $.vehicles[0].passengers: expected a passenger code (16.1, 16.2): P, PP, 2PP, 2xPP, PPPP, PO, PPO, 2PPO or 2xPPO"},
    {"tests/fixtures/broken/vehicles_crew_not_crew.json",
     "tests/fixtures/broken/vehicles_crew_not_crew.json: $.vehicles[0].crew: a vehicle's crew is a crew counter (15.4), not \"de_squad_164\""},
    {"tests/fixtures/broken/vehicles_crew_other_nation.json",
     "tests/fixtures/broken/vehicles_crew_other_nation.json: $.vehicles[0].crew: a vehicle's crew is of its own nation, not \"us_crew\""},
    {"tests/fixtures/broken/vehicles_depletion_on_ap.json",
     "tests/fixtures/broken/vehicles_depletion_on_ap.json: $.vehicles[0].guns[0].depletion: only ATGMs have a depletion number (14.4.1)"},
    {"tests/fixtures/broken/vehicles_mg_fp3_no_range.json",
     "tests/fixtures/broken/vehicles_mg_fp3_no_range.json: $.vehicles[0].mgs[0].range: missing: 15.0 gives the range of FP 2 (10) and FP 4 (14) machine guns only; an FP-3 one prints its range"},
    {"tests/fixtures/broken/vehicles_no_armor.json",
     "tests/fixtures/broken/vehicles_no_armor.json: $.vehicles[0].armor: missing (required): {\"hull\": [front, flank, rear]} with null for '*'"},
    {"tests/fixtures/broken/vehicles_no_he.json",
     "tests/fixtures/broken/vehicles_no_he.json: $.vehicles[0].guns[0].he: missing: the boxed HE equivalent, a number or null for '*' (14.1)"},
    {"tests/fixtures/broken/vehicles_open_top_unarmored.json",
     "tests/fixtures/broken/vehicles_open_top_unarmored.json: $.vehicles[0].open_top: an open top is an armoured vehicle that cannot button (15.8); this one prints no armour"},
    {"tests/fixtures/broken/vehicles_rear_mg_no_turret.json",
     "tests/fixtures/broken/vehicles_rear_mg_no_turret.json: $.vehicles[0].mgs[0].arc: an 'R' machine gun fires in the turret's rear arc (15.0): this vehicle has no turret"},
    {"tests/fixtures/broken/vehicles_red_on_star.json",
     "tests/fixtures/broken/vehicles_red_on_star.json: $.vehicles[0].red_armor[0]: hull_rear prints no armour factor to be red (14.2.2)"},
    {"tests/fixtures/broken/vehicles_three_guns.json",
     "tests/fixtures/broken/vehicles_three_guns.json: $.vehicles[0].guns: expected at most 2 elements, found 3"},
    {"tests/fixtures/broken/vehicles_to_hit_all_star.json",
     "tests/fixtures/broken/vehicles_to_hit_all_star.json: $.vehicles[0].guns[0].to_hit: a to-hit table fires at some range (14.1): every column is '*'"},
    {"tests/fixtures/broken/vehicles_to_hit_falling.json",
     "tests/fixtures/broken/vehicles_to_hit_falling.json: $.vehicles[0].guns[0].to_hit[2]: the ranges of a to-hit table rise from left to right (14.1)"},
    {"tests/fixtures/broken/vehicles_to_hit_half_star.json",
     "tests/fixtures/broken/vehicles_to_hit_half_star.json: $.vehicles[0].guns[0].to_hit[1]: '*' marks a range the ordnance cannot fire at: to_hit and pv are both null or neither (14.1)"},
    {"tests/fixtures/broken/vehicles_unknown_key.json",
     "tests/fixtures/broken/vehicles_unknown_key.json: $.vehicles[0]: unknown key \"turret\" (expected one of: id, name, nation, mf, movement, morale, armor, red_armor, open_top, tis, mgs, guns, passengers, crew, size_drm, countermix, note)"},
    {"tests/fixtures/broken/units_ordnance_mg_team.json",
     "tests/fixtures/broken/units_ordnance_mg_team.json: $.units[0].ordnance: only gun weapon teams (weapon \"other\") fire ordnance (1.7.1)"},
    {"tests/fixtures/broken/units_ordnance_on_squad.json",
     "tests/fixtures/broken/units_ordnance_on_squad.json: $.units[0].ordnance: only gun weapon teams (weapon \"other\") fire ordnance (1.7.1)"},
    {"tests/fixtures/broken/units_ordnance_with_ifp.json",
     "tests/fixtures/broken/units_ordnance_with_ifp.json: $.units[0].ordnance: an ordnance weapon team fires its gun, not an IFP (1.7.1): the front's ifp is null"},
    {"tests/fixtures/broken/weapons_ordnance_no_he.json",
     "tests/fixtures/broken/weapons_ordnance_no_he.json: $.weapons[0].he: an ordnance weapon prints its HE equivalent (14.1): a number, or null for '*'"},
    {"tests/fixtures/broken/weapons_bunker_fire_mg.json",
     "tests/fixtures/broken/weapons_bunker_fire_mg.json: $.weapons[0].bunker_fire: bunker_fire is the exception of OFT weapons (1.6.4, 21.1): this one is no ordnance"},
    {"tests/fixtures/broken/weapons_to_hit_half_star.json",
     "tests/fixtures/broken/weapons_to_hit_half_star.json: $.weapons[0].to_hit[1]: '*' marks a range the ordnance cannot fire at: to_hit and pv are both null or neither (14.1)"}
};

static void vehicle_broken_files_give_their_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        lnlt_error err = {{0}};
        lnlt_catalog *c;
        if (lnlt_catalog_load_dir_with("data", broken[i].file, &c, &err)) {
            lnlt_catalog_free(c);
            fail_msg("%s: loaded, but should fail with\n  %s", broken[i].file, broken[i].message);
        }
        if (strcmp(err.msg, broken[i].message))
            fail_msg("%s:\n  got      %s\n  expected %s", broken[i].file, err.msg, broken[i].message);
    }
}

/* Damaged copies of a vehicles file (a byte changed, or cut short) load or are
 * refused with a message, never crash, and a refused file leaves no entry. */
static void vehicle_loader_total_on_damaged_input(void **state)
{
    (void)state;
    const char *path = "data/vehicles/vehicle_examples.json";
    char *text;
    size_t len;
    lnlt_error err = {{0}};
    assert_true(lnlt_read_file(path, &text, &len, &err));
    uint32_t rng = 2024;
    for (size_t cut = 0; cut < len; cut += 7) {
        lnlt_catalog *c = lnlt_catalog_new();
        char saved = text[cut];
        rng = rng * 1103515245u + 12345u;
        text[cut] = (char)(rng >> 16);
        if (!lnlt_catalog_add_json(c, path, text, len, &err)) {
            assert_true(err.msg[0] != 0);
            assert_int_equal(c->unit_count, 0);
            assert_int_equal(c->vehicle_count, 0);
        }
        text[cut] = saved;
        lnlt_catalog_free(c);
        c = lnlt_catalog_new();
        if (!lnlt_catalog_add_json(c, path, text, cut, &err))
            assert_int_equal(c->vehicle_count, 0);
        lnlt_catalog_free(c);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_077_sherman_counter),
        cmocka_unit_test(vehicle_narrative_counters),
        cmocka_unit_test(vehicle_example_counters),
        cmocka_unit_test(vehicle_broken_files_give_their_messages),
        cmocka_unit_test(vehicle_loader_total_on_damaged_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
