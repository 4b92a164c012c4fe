/*
 * vehicle_board.c: the helpers of the vehicle, ordnance and cave engine tests
 * (see vehicle_board.h). One copy of what test_vehicle_rules.c,
 * test_vehicle_engine.c, test_vehicle_rubble.c, test_conf_vehicles.c,
 * test_conf_ordnance.c and test_caves.c each used to carry (test_vehicle_rules.c
 * since split into test_vehicle_atgm.c and test_vehicle_passengers.c too).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "vehicle_board.h"

/* The catalog files the vehicle rules tests load before their fixtures. */
static const char *const vehicle_data_files[] = {
    "data/nations/starter_kit.json",       "data/nations/vehicle_examples.json", "data/units/us_wwii.json",
    "data/units/de_wwii.json",             "data/units/vehicle_examples.json",   "data/weapons/starter_kit.json",
    "data/weapons/legend_examples.json",   "data/weapons/anti_tank.json",        "data/vehicles/heroes_of_normandy.json",
    "data/vehicles/vehicle_examples.json"};
#define VEHICLE_DATA_COUNT ((int)(sizeof vehicle_data_files / sizeof vehicle_data_files[0]))
#define EXTRA_MAX 16

int vboard_setup_all_data(void **state)
{
    (void)state;
    board_open(NULL, 0, VBOARD_MAP14);
    return 0;
}

void vboard_open_vehicle_data(const char *const *extra, int nextra)
{
    const char *files[VEHICLE_DATA_COUNT + EXTRA_MAX];
    if (nextra < 0 || nextra > EXTRA_MAX)
        fail_msg("%d fixture files: at most %d", nextra, EXTRA_MAX);
    memcpy(files, vehicle_data_files, sizeof vehicle_data_files);
    for (int i = 0; i < nextra; i++)
        files[VEHICLE_DATA_COUNT + i] = extra[i];
    board_open(files, VEHICLE_DATA_COUNT + nextra, VBOARD_MAP14);
}

int vboard_setup_vehicle_rules(void **state)
{
    (void)state;
    static const char *const fixtures[] = {"tests/fixtures/vehicles/carrier_2xpp.json",
                                           "tests/fixtures/units/atgm_team.json", "tests/fixtures/units/stealth.json",
                                           "tests/fixtures/units/aa_team.json"};
    vboard_open_vehicle_data(fixtures, (int)(sizeof fixtures / sizeof fixtures[0]));
    return 0;
}

void vboard_open_files(const char *const *files, int nfiles)
{
    board_open(files, nfiles, VBOARD_MAP14);
}

void vboard_face(int unit, const char *a, const char *b)
{
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, unit, a, b, &err))
        fail_msg("%s", err.msg);
}

void vboard_board_in(int unit, int vehicle, bool outside)
{
    lnlt_error err;
    if (!lnlt_state_board(&T.ctx, &T.st, unit, vehicle, outside, &err))
        fail_msg("%s", err.msg);
}

lnlt_vehicle *vboard_vehicle(int unit)
{
    for (int i = 0; i < T.st.vehicle_count; i++)
        if (T.st.vehicle[i].unit == unit)
            return &T.st.vehicle[i];
    fail_msg("unit %d has no vehicle slot", unit);
    return NULL;
}

void vboard_dump_legal(void)
{
    static lnlt_action list[4096];
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    char text[128];
    for (int i = 0; i < n; i++) {
        lnlt_action_format(&T.ctx, &list[i], text, sizeof text);
        print_message("  legal: %s\n", text);
    }
}

/* The command a printf format makes; a command too long for it fails the test. */
static void format_command(char *cmd, size_t len, const char *fmt, va_list ap)
{
    int n = vsnprintf(cmd, len, fmt, ap);
    if (n < 0 || (size_t)n >= len)
        fail_msg("command too long: %s...", cmd);
}

void vboard_play_f(const char *dice, const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    format_command(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    board_play(cmd, dice);
}

void vboard_play_loose_f(const char *dice, const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    format_command(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    board_play_loose(cmd, dice);
}

bool vboard_legal_f(const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    format_command(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return board_legal(cmd);
}

void vboard_refused_f(const char *needle, const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    format_command(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    lnlt_action a;
    lnlt_error err = {{0}};
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        fail_msg("%s: %s", cmd, err.msg);
    lnlt_state before = T.st;
    if (lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &err))
        fail_msg("%s was accepted", cmd);
    if (!strstr(err.msg, needle))
        fail_msg("%s: \"%s\" lacks \"%s\"", cmd, err.msg, needle);
    assert_memory_equal(&before, &T.st, sizeof before); /* a refusal changes nothing */
}

void vboard_pass_opfire(void)
{
    while (T.st.decision == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
}

void vboard_step(const char *hex)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "step %s", hex);
    board_play(cmd, "");
    vboard_pass_opfire();
}

void vboard_germans_first(void)
{
    T.st.initiative = LNLT_SIDE_2;
    T.st.impulse_side = LNLT_SIDE_2;
}
