/*
 * cli_game.h: what the game subcommands (play, run, engine, selfplay, replay)
 * share: printing the event log for people or programs, reading numbers and
 * lines, and finding the starter scenario.
 */
#ifndef LNLT_CLI_GAME_H
#define LNLT_CLI_GAME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "lnlt/event.h"
#include "lnlt/session.h"

/* Prints events [from, log->count): one text line each ("  " + text), or one
 * compact JSON object per line. */
void cli_print_events(FILE *out, const lnlt_events *log, int from, bool json, const char *indent);

/* A decimal 0..2^64-1; false on anything else. */
bool cli_parse_u64(const char *text, uint64_t *out);

/* The longest command line accepted (engine, play, run scripts). */
#define CLI_LINE_MAX 4096

/* Reads one line without its newline (and a final CR) into *line (malloc'd).
 * Returns 1 for a line, 0 at end of input, -1 for a line that is refused: longer
 * than CLI_LINE_MAX bytes (the rest of it is read and dropped) or holding a NUL or
 * another control byte other than tab; `why` says which. Works the same on a
 * terminal and a pipe. */
int cli_next_line(FILE *in, char **line, char *why, size_t whylen);

/* Strips leading and trailing white space in place; returns the start. */
char *cli_trim(char *s);

/* The starter scenario when none is given: data/scenarios/ *vierville*.json,
 * else the first scenario there (here or in the source tree). False if none. */
bool cli_default_scenario(char *out, size_t len);

/* One status line: "turn 1/6, Rally Phase, initiative US: US to act". */
void cli_status_line(const lnlt_session *s, char *buf, size_t len);

#endif
