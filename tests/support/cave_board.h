/*
 * cave_board.h: the bench of the cave and bunker engine tests (test_caves.c,
 * test_caves_tunnels.c): Map 14 with the vehicle data and the test weapon teams,
 * caves and bunkers (10.7, 21.1) put into hexes by hand for the test being run,
 * and the end of a move with the enemy declining its opportunity fire.
 */
#ifndef LNLT_TEST_CAVE_BOARD_H
#define LNLT_TEST_CAVE_BOARD_H

#include "vehicle_board.h"

/* Both sides may use a cave's tunnels. */
#define CBOARD_BOTH_SIDES ((1u << LNLT_SIDE_1) | (1u << LNLT_SIDE_2))

/* cmocka setup: the bench of vboard_open_vehicle_data with the test weapon teams,
 * no cave or bunker yet. */
int cboard_setup(void **state);
/* A cave or bunker (`kind`: LNLT_PLACE_CAVE or LNLT_PLACE_BUNKER) in `hex`, its
 * front toward direction `front`, with marker TM `tm`; `tunnel_sides` are the sides
 * (bits 1 << side) whose units may go through its tunnels. */
void cboard_put_place(const char *hex, int front, int tm, int kind, unsigned tunnel_sides);
/* A cave both sides may tunnel through. */
void cboard_put_cave(const char *hex, int front, int tm);
void cboard_put_bunker(const char *hex, int front, int tm);
/* Ends the move unless it ended by itself (its last MP spent), the enemy
 * declining any opportunity fire first. */
void cboard_stop_moving(void);

#endif
