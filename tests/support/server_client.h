/*
 * server_client.h: what the server's end-to-end cases do as a client: create a
 * game and keep its seat tokens, read views, act, take back, play random legal
 * actions to the end, and check a finished game (victory report, revealed seed,
 * dice proved by `lnlt replay --seed`). Every failure fails the running cmocka test.
 */
#ifndef LNLT_TEST_SERVER_CLIENT_H
#define LNLT_TEST_SERVER_CLIENT_H

#include "server_harness.h"

#define SK1 "sk1_assault_on_vierville"
#define SK3 "sk3_the_weapons_cache"
#define MAX_ACTIONS 6000

typedef struct game {
    char id[32];
    char token[3][80]; /* [side]; "" for a bot seat */
} game;

void client_create(int port, const char *scenario, const char *seat1, const char *seat2, game *g);
json_t *client_view(int port, const game *g, int side, int *status);
json_t *client_act(int port, const game *g, int side, json_int_t seq, const char *action, int *status);
json_t *client_undo(int port, const game *g, int side, json_int_t seq, int *status);
json_int_t seq_of(const json_t *v);
bool over_of(const json_t *v);
int to_act_of(const json_t *v);
/* A random legal action, leaning towards pass/done/stop/no-fire/end-rally. */
const char *client_pick(const json_t *legal, unsigned *rng);
/* Plays the human seats until the game is over or `limit` actions; returns them. */
int client_play(int port, const game *g, unsigned seed, int limit);
void assert_victory_report(int port, const game *g, int side);
void assert_dice_proved(int port, const game *g);
void assert_same_position(const json_t *a, const json_t *b);
/* Checks an error answer: status *st (read after the call that sets it), and an
 * "error" text; consumes r. */
void expect_error(json_t *r, const int *st, int want);

#endif
