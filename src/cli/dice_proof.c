/*
 * dice_proof.c: `lnlt replay --seed SECRET`: proves a server game's dice (see
 * dice_proof.h and docs/server.md, "Dice nobody has to trust").
 */
#include "dice_proof.h"

#include <inttypes.h>
#include <jansson.h>
#include <string.h>

#include "server/crypto.h"

/* Compares the replay's rolls with the log's, in order. */
static bool same_rolls(const lnlt_session *s, const json_t *log, const char *name, int *rolls, lnlt_error *err)
{
    size_t next = 0, nlog = json_array_size(log);
    int count = 0;
    for (int e = 0; e < s->log.count; e++) {
        const lnlt_event *ev = &s->log.ev[e];
        if (ev->kind != LNLT_EV_ROLL)
            continue;
        const json_t *entry = NULL;
        while (next < nlog) {
            const json_t *x = json_array_get(log, next++);
            const char *kind = json_string_value(json_object_get(x, "kind"));
            if (kind && !strcmp(kind, "roll")) {
                entry = x;
                break;
            }
        }
        if (!entry)
            return lnlt_error_set(err, "%s: the replay rolls more dice than the log shows (roll %d: %s)", name,
                                  count + 1, ev->what);
        const json_t *faces = json_object_get(entry, "faces");
        bool same = json_array_size(faces) == ev->ndice;
        for (int i = 0; same && i < ev->ndice; i++)
            same = json_integer_value(json_array_get(faces, (size_t)i)) == ev->faces[i];
        if (!same) {
            char line[512];
            lnlt_event_text(ev, line, sizeof line);
            return lnlt_error_set(err, "%s: roll %d differs: the seed gives \"%s\" but the log shows other faces",
                                  name, count + 1, line);
        }
        count++;
    }
    while (next < nlog) {
        const char *kind = json_string_value(json_object_get(json_array_get(log, next++), "kind"));
        if (kind && !strcmp(kind, "roll"))
            return lnlt_error_set(err, "%s: the log shows more rolls than the seed gives (%d)", name, count);
    }
    *rolls = count;
    return true;
}

bool dice_proof(void *export_json, const char *name, const char *secret_hex, lnlt_session *s, int *rolls,
                lnlt_error *err)
{
    json_t *o = export_json;
    uint64_t seed;
    if (!srv_seed_from_secret(secret_hex, &seed))
        return lnlt_error_set(err, "--seed: expected the game's 64 hexadecimal digit seed secret");
    char commitment[SRV_SHA256_HEX];
    if (!srv_crypto_open(err)) { /* the commitment is a SHA-256 */
        lnlt_error_prefix(err, "cannot check the seed against its commitment");
        return false;
    }
    srv_seed_commitment(secret_hex, commitment);
    const char *published = json_string_value(json_object_get(o, "seed_commitment"));
    if (published && strcmp(published, commitment))
        return lnlt_error_set(err, "%s: the seed does not match the commitment published at the start (%s)", name,
                              published);
    char seedtext[32];
    snprintf(seedtext, sizeof seedtext, "%" PRIu64, seed);
    const char *recorded = json_string_value(json_object_get(o, "seed"));
    if (recorded && strcmp(recorded, seedtext))
        return lnlt_error_set(err, "%s: the file's seed %s is not the one the secret gives (%s)", name, recorded,
                              seedtext);
    json_object_set_new(o, "seed", json_string(seedtext));
    if (!lnlt_session_load_json(s, o, name, NULL, err))
        return false;
    const json_t *log = json_object_get(o, "log");
    if (!json_is_array(log)) {
        lnlt_session_close(s);
        return lnlt_error_set(err, "%s: $.log: expected the game's log (an export of GET /api/games/ID/replay)", name);
    }
    if (!same_rolls(s, log, name, rolls, err)) {
        lnlt_session_close(s);
        return false;
    }
    return true;
}
