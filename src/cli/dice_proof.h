/*
 * dice_proof.h: checking a finished server game's dice (ruling R-SRV-01): the
 * revealed seed secret must hash to the commitment published when the game was
 * created, the engine seed comes from the secret, and replaying the game's actions
 * from it must roll exactly the dice its log shows, roll by roll.
 */
#ifndef LNLT_CLI_DICE_PROOF_H
#define LNLT_CLI_DICE_PROOF_H

#include <stdbool.h>
#include <stdio.h>

#include "lnlt/session.h"

/* export: a save or a server export (json_t*), modified: its seed is replaced by
 * the one derived from secret_hex. On success *s holds the replayed game and
 * *rolls the number of rolls compared. */
bool dice_proof(void *export_json, const char *name, const char *secret_hex, lnlt_session *s, int *rolls,
                lnlt_error *err);

#endif
