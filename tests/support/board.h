/*
 * board.h: the test bench most engine tests share: a catalog and a map, a state
 * with US (side 1) and German (side 2) sides, three turns and the US first, a
 * forced-dice queue and an event log, with helpers that place units and play
 * commands exactly as a player types them. Every helper fails the running test
 * on an error, so a test reads as the sequence of moves it checks.
 */
#ifndef LNLT_TEST_BOARD_H
#define LNLT_TEST_BOARD_H

#include <stdbool.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

typedef struct test_board {
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_ctx ctx;
    lnlt_state st;
    lnlt_dice_queue dice;
    lnlt_events log;
    bool log_last_command; /* board_play keeps only the last command's events */
} test_board;

/* The bench of the test being run (one test at a time per program). */
extern test_board T;

/* Loads the catalog files (all of data/ when `files` is NULL) and the map. */
void board_open(const char *const *files, int nfiles, const char *map_path);
void board_close(void);
/* board_close as a cmocka teardown, shared by every test program that uses the bench. */
int board_teardown(void **state);

int board_add(const char *type, int side, const char *hex);
int board_add_sw(const char *type, int holder, const char *hex);
int board_cell(const char *hex);
/* Is the command among the legal actions of the current decision? */
bool board_legal(const char *cmd);
/* Applies a legal command with these forced dice ("4,2"; "" for none); every die
 * must be used. */
void board_play(const char *cmd, const char *dice);
/* Like board_play for attacks whose later dice do not matter to the test: the
 * dice left over are dropped. */
void board_play_loose(const char *cmd, const char *dice);
bool board_logged(const char *needle);
/* Fails the test, printing the log, unless an event contains `needle`. */
void board_expect_log(const char *needle);
/* Prints the log, for a test that is being written. */
void board_dump_log(void);
/* Both sides end their rally actions. */
void board_to_operations(void);

#endif
