/*
 * cli_bot.h: how the game subcommands (play, engine, selfplay, arena) run the
 * computer players of lnlt/bot.h: the one place a bot is handed the position, as
 * the view of the side it plays, and the reading of level options.
 */
#ifndef LNLT_CLI_BOT_H
#define LNLT_CLI_BOT_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"

/* Asks bot b for the action of the side to decide in st, giving it only that
 * side's view of the game. False when the game is over or out of memory. */
bool cli_bot_decide(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* Reads a level name for option `opt` of command `cmd`; prints the error (with
 * the level names) and returns false on anything else. */
bool cli_parse_level(const char *cmd, const char *opt, const char *text, int *level);

/* Reads a time budget in milliseconds (1..600000); prints the error otherwise. */
bool cli_parse_ms(const char *cmd, const char *text, int *ms);

/* Monotonic seconds, for timing decisions. */
double cli_now(void);
/* CPU seconds of the calling thread: what a decision cost, whatever the load. */
double cli_cpu_now(void);

#endif
