/*
 * vehicle_board.h: helpers the engine tests of vehicles, ordnance and caves share
 * on top of the test bench of board.h: opening Map 14 with the vehicle data,
 * setting a vehicle's facing, putting units aboard, playing and querying commands
 * written with printf formats, a step that lets the enemy decline its opportunity
 * fire, and checking that a refused command changes nothing. Nothing here runs
 * unless a test calls it, so the programs that do not use it are unaffected.
 */
#ifndef LNLT_TEST_VEHICLE_BOARD_H
#define LNLT_TEST_VEHICLE_BOARD_H

#include <stdbool.h>

#include "lnlt/game.h"
#include "board.h"

#define VBOARD_MAP14 "data/maps/map14.json"

/* cmocka setup: Map 14 with every catalog file under data/. */
int vboard_setup_all_data(void **state);
/* Map 14 with the catalog files of the vehicle rules (the WWII counters of the
 * Starter Kit, the vehicle examples and Heroes of Normandy, the legend and
 * anti-tank weapons), then the test fixtures `extra` in their order. */
void vboard_open_vehicle_data(const char *const *extra, int nextra);
/* cmocka setup of the vehicle rules tests (test_vehicle_rules.c,
 * test_vehicle_atgm.c, test_vehicle_passengers.c): the vehicle data, then the test
 * 2xPP carrier, ATGM weapon team, stealth squad and AA team. */
int vboard_setup_vehicle_rules(void **state);
/* Map 14 with exactly these catalog files. */
void vboard_open_files(const char *const *files, int nfiles);

/* Sets a vehicle's (or a weapon team's) hull facing to the hexside between the
 * hexes `a` and `b` next to it. */
void vboard_face(int unit, const char *a, const char *b);
/* Puts `unit` aboard `vehicle`, riding outside when `outside` (setup, no MP). */
void vboard_board_in(int unit, int vehicle, bool outside);
/* The vehicle slot of a unit; fails the test when it has none. */
lnlt_vehicle *vboard_vehicle(int unit);
/* Prints the legal actions of the current decision (for a test being written). */
void vboard_dump_legal(void);

/* board_play with the command built from a printf format: every die used. */
void vboard_play_f(const char *dice, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* board_play_loose with a printf format: the dice left over are dropped. */
void vboard_play_loose_f(const char *dice, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* board_legal with a printf format. */
bool vboard_legal_f(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Fails the test unless the command is refused with a reason holding `needle`
 * and the state is left byte for byte as it was. */
void vboard_refused_f(const char *needle, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* While an opportunity-fire window is open, the enemy declines it. */
void vboard_pass_opfire(void);
/* One step of the move under way to `hex`, then the enemy declines the
 * opportunity fire it offers. */
void vboard_step(const char *hex);
/* The Germans (side 2) hold the initiative and act first. */
void vboard_germans_first(void);

#endif
