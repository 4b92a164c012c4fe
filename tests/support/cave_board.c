/*
 * cave_board.c: the cave and bunker test bench (see cave_board.h). The table of
 * places is static and only put to use by cboard_setup, so the programs that do
 * not call it are unaffected.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cave_board.h"

static lnlt_bunkers places; /* the caves and bunkers of the test being run */

int cboard_setup(void **state)
{
    (void)state;
    static const char *const fixtures[] = {"tests/fixtures/units/weapon_teams.json"};
    vboard_open_vehicle_data(fixtures, (int)(sizeof fixtures / sizeof fixtures[0]));
    memset(&places, 0, sizeof places);
    T.ctx.bunkers = &places;
    return 0;
}

void cboard_put_place(const char *hex, int front, int tm, int kind, unsigned tunnel_sides)
{
    if (places.count >= LNLT_MAX_BUNKERS)
        fail_msg("no room for another cave or bunker in %s", hex);
    lnlt_bunker *b = &places.b[places.count++];
    b->cell = (int16_t)board_cell(hex);
    b->front = (uint8_t)front;
    b->tm = (int8_t)tm;
    b->kind = (uint8_t)kind;
    b->tunnel_sides = (uint8_t)tunnel_sides;
}

void cboard_put_cave(const char *hex, int front, int tm)
{
    cboard_put_place(hex, front, tm, LNLT_PLACE_CAVE, CBOARD_BOTH_SIDES);
}

void cboard_put_bunker(const char *hex, int front, int tm)
{
    cboard_put_place(hex, front, tm, LNLT_PLACE_BUNKER, 0);
}

void cboard_stop_moving(void)
{
    vboard_pass_opfire();
    if (board_legal("stop"))
        board_play("stop", "");
}
