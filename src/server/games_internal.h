/*
 * games_internal.h: what games.c shares with game_play.c and game_json.c and the
 * rest of the server: replaying one record, truncating the session, and finding
 * a game only if it is already in memory.
 */
#ifndef LNLT_SERVER_GAMES_INTERNAL_H
#define LNLT_SERVER_GAMES_INTERNAL_H

#include "server/server.h"

enum { REPLAY_OK = 0, REPLAY_FAILED = 1, REPLAY_NEEDS_ALL = 2 };

int srv_game_replay_record(srv_game *g, const srv_record *r, lnlt_error *err);
/* Notes who made the session's last step and in which record. */
bool srv_game_note_step(srv_game *g, int64_t seq, int side);
/* Keeps only the first `keep` engine actions (replays them; base_steps must be 0). */
bool srv_game_keep_steps(srv_game *g, int keep, lnlt_error *err);
/* Starts a session of the game from the scenario's first state with its seed
 * and the optional rules chosen at its creation (R-SRV-31). */
bool srv_game_session_start(const srv_game *g, lnlt_session *s, const char *label, lnlt_error *err);
/* The game if this process holds it (locked, like srv_game_acquire), else NULL. */
srv_game *srv_game_peek(srv_server *srv, const char *id);
void srv_games_free(srv_server *srv);

#endif
