/*
 * games.c: the games a server process holds in memory, and how a game is rebuilt
 * from its records (the game is its replay: DESIGN.md, "Server and clients").
 * A registry of games by id, each with its own lock; loading from the store
 * (the latest snapshot of this engine version, then the records after it);
 * catching up with records another process appended; eviction of idle games.
 * What a request does to a game is in game_play.c; what it returns, game_json.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lnlt/bot.h"
#include "server/games_internal.h"
#include "server/optional_rules.h"
#include "server/server.h"

static unsigned bucket_of(const char *id)
{
    unsigned h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (uint8_t)*id) * 16777619u;
    return h % 256;
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void game_free(srv_game *g)
{
    if (!g)
        return;
    lnlt_session_close(&g->s);
    free(g->step_seq);
    free(g->step_side);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

bool srv_game_note_step(srv_game *g, int64_t seq, int side)
{
    int i = g->s.nsteps - 1; /* the step just applied */
    if (i >= g->step_cap) {
        int cap = g->step_cap ? g->step_cap * 2 : 256;
        while (cap <= i)
            cap *= 2;
        int64_t *sq = realloc(g->step_seq, (size_t)cap * sizeof *sq);
        if (!sq)
            return false;
        g->step_seq = sq;
        uint8_t *sd = realloc(g->step_side, (size_t)cap * sizeof *sd);
        if (!sd)
            return false;
        g->step_side = sd;
        g->step_cap = cap;
    }
    g->step_seq[i] = seq;
    g->step_side[i] = (uint8_t)side;
    return true;
}

bool srv_game_over(const srv_game *g) { return g->row.result[0] != 0 || lnlt_session_over(&g->s); }

int srv_game_to_act(const srv_game *g)
{
    if (srv_game_over(g))
        return 0;
    return lnlt_decision_get(&g->s.ctx, &g->s.state).side;
}

int srv_game_side_of(const srv_game *g, const char *token)
{
    if (!token || !*token)
        return 0;
    char h[SRV_SHA256_HEX];
    srv_sha256_hex(token, strlen(token), h);
    int side = -1;
    for (int s = 1; s <= 2; s++)
        if (g->row.seat[s].token_hash[0] && srv_equal_ct(h, g->row.seat[s].token_hash))
            side = s;
    return side;
}

bool srv_game_session_start(const srv_game *g, lnlt_session *s, const char *label, lnlt_error *err)
{
    lnlt_session_start(s, &g->scn->ctx, label, g->seed);
    if (srv_optional_rules_apply(s, g->row.rules_off, err))
        return true;
    lnlt_error_prefix(err, g->id);
    return false;
}

/* Starts the session over from the scenario's first state, with the game's
 * optional rules. */
static bool session_restart(srv_game *g, lnlt_error *err)
{
    lnlt_session_close(&g->s);
    char label[SRV_PATH_MAX];
    snprintf(label, sizeof label, "data/scenarios/%s.json", g->scn->id);
    g->base_steps = 0;
    return srv_game_session_start(g, &g->s, label, err);
}

bool srv_game_keep_steps(srv_game *g, int keep, lnlt_error *err)
{
    if (g->base_steps > 0)
        return lnlt_error_set(err, "the game was loaded from a snapshot: it must be completed first");
    if (keep > g->s.nsteps)
        return lnlt_error_set(err, "cannot keep %d of %d actions", keep, g->s.nsteps);
    lnlt_session fresh;
    char label[SRV_PATH_MAX];
    snprintf(label, sizeof label, "%s", g->s.scenario);
    if (!srv_game_session_start(g, &fresh, label, err)) {
        lnlt_session_close(&fresh);
        return false;
    }
    for (int i = 0; i < keep; i++)
        if (!lnlt_session_apply(&fresh, &g->s.steps[i].action, err)) {
            lnlt_error_prefix(err, "the replay diverged");
            lnlt_session_close(&fresh);
            return false;
        }
    lnlt_session_close(&g->s);
    g->s = fresh;
    return true;
}

/* Applies one stored record to the game in memory. NEEDS_ALL: an undo reaches
 * back past the snapshot the session started from. */
int srv_game_replay_record(srv_game *g, const srv_record *r, lnlt_error *err)
{
    if (!strcmp(r->kind, "act")) {
        if (!lnlt_session_apply_text(&g->s, r->text, err)) {
            char why[LNLT_ERROR_MAX];
            snprintf(why, sizeof why, "%s", err->msg);
            lnlt_error_set(err, "game %s: action %lld \"%s\" does not replay (another engine version?): %s", g->id,
                           (long long)r->seq, r->text, why);
            return REPLAY_FAILED;
        }
        if (!srv_game_note_step(g, r->seq, r->side))
            return lnlt_error_set(err, "out of memory"), REPLAY_FAILED;
    } else if (!strcmp(r->kind, "undo")) {
        int n = atoi(r->text);
        if (n < 1 || n > g->s.nsteps)
            return g->base_steps > 0 ? REPLAY_NEEDS_ALL
                                     : (lnlt_error_set(err, "game %s: record %lld takes back %d actions of %d", g->id,
                                                       (long long)r->seq, n, g->s.nsteps),
                                        REPLAY_FAILED);
        if (g->base_steps > 0)
            return REPLAY_NEEDS_ALL;
        if (!srv_game_keep_steps(g, g->s.nsteps - n, err))
            return REPLAY_FAILED;
    } else if (!strcmp(r->kind, "resign")) {
        snprintf(g->row.result, sizeof g->row.result, "resigned");
        g->row.winner = r->side == 1 ? 2 : 1;
    } else {
        lnlt_error_set(err, "game %s: record %lld has an unknown kind \"%s\"", g->id, (long long)r->seq, r->kind);
        return REPLAY_FAILED;
    }
    g->row.seq = r->seq;
    return REPLAY_OK;
}

/* Records read from the store, kept in order before they are replayed. */
typedef struct record_list {
    srv_record *r;
    int n, cap;
    bool oom;
} record_list;

static void collect(void *arg, const srv_record *r)
{
    record_list *l = arg;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        srv_record *p = realloc(l->r, (size_t)cap * sizeof *p);
        if (!p) {
            l->oom = true;
            return;
        }
        l->r = p;
        l->cap = cap;
    }
    l->r[l->n++] = *r;
}

/* Replays the records after `after` into g; NEEDS_ALL as above. */
static int replay_from_store(srv_server *srv, srv_game *g, int64_t after, lnlt_error *err)
{
    record_list l = {0};
    if (!srv_store_records(srv->store, g->id, after, collect, &l, err)) {
        free(l.r);
        return REPLAY_FAILED;
    }
    int rc = l.oom ? (lnlt_error_set(err, "out of memory"), REPLAY_FAILED) : REPLAY_OK;
    for (int i = 0; rc == REPLAY_OK && i < l.n; i++)
        rc = srv_game_replay_record(g, &l.r[i], err);
    free(l.r);
    return rc;
}

/* Rebuilds g from its row: the latest usable snapshot (unless from_start), then
 * the records after it. */
static bool rebuild(srv_server *srv, srv_game *g, bool from_start, lnlt_error *err)
{
    if (!session_restart(g, err))
        return false;
    int64_t after = 0;
    srv_snapshot snap = {0};
    if (!from_start && srv->cfg.snapshot_every > 0 &&
        srv_store_snapshot(srv->store, g->id, srv_engine_version, g->row.seq, &snap, err) == SRV_STORE_OK) {
        if (snap.state_len == sizeof g->s.state && snap.steps >= 0) {
            memcpy(&g->s.state, snap.state, sizeof g->s.state);
            g->base_steps = snap.steps;
            after = snap.seq;
        }
        free(snap.state);
    }
    int64_t want = g->row.seq;
    char result[16];
    int winner = g->row.winner;
    snprintf(result, sizeof result, "%s", g->row.result);
    g->row.result[0] = 0;
    int rc = replay_from_store(srv, g, after, err);
    if (rc == REPLAY_NEEDS_ALL)
        return rebuild(srv, g, true, err);
    if (rc != REPLAY_OK)
        return false;
    if (g->row.seq < want)
        return lnlt_error_set(err, "game %s: the store says seq %lld but holds actions up to %lld", g->id,
                              (long long)want, (long long)g->row.seq);
    /* The games row is the authority on how the game ended. */
    snprintf(g->row.result, sizeof g->row.result, "%s", result);
    g->row.winner = winner;
    return true;
}

bool srv_game_complete(srv_server *srv, srv_game *g, lnlt_error *err)
{
    if (g->base_steps == 0)
        return true;
    return rebuild(srv, g, true, err);
}

bool srv_game_catch_up(srv_server *srv, srv_game *g, lnlt_error *err)
{
    srv_game_row row;
    if (srv_store_get_game(srv->store, g->id, &row, err) != SRV_STORE_OK)
        return false;
    if (row.seq == g->row.seq) {
        g->row = row;
        return true;
    }
    int rc = replay_from_store(srv, g, g->row.seq, err);
    if (rc == REPLAY_NEEDS_ALL) {
        g->row = row;
        return rebuild(srv, g, true, err);
    }
    if (rc != REPLAY_OK)
        return false;
    memcpy(g->row.seat, row.seat, sizeof row.seat); /* webhooks may have changed */
    snprintf(g->row.result, sizeof g->row.result, "%s", row.result);
    g->row.winner = row.winner;
    g->row.to_act = row.to_act;
    g->row.updated = row.updated;
    return true;
}

static srv_game *load(srv_server *srv, const char *id, srv_status *st, lnlt_error *err)
{
    srv_game *g = calloc(1, sizeof *g);
    if (!g) {
        *st = SRV_INTERNAL;
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&g->mu, NULL);
    snprintf(g->id, sizeof g->id, "%s", id);
    srv_store_rc rc = srv_store_get_game(srv->store, id, &g->row, err);
    if (rc != SRV_STORE_OK) {
        *st = rc == SRV_STORE_NOT_FOUND ? SRV_NOT_FOUND : SRV_INTERNAL;
        if (rc == SRV_STORE_NOT_FOUND)
            lnlt_error_set(err, "no game %s", id);
        game_free(g);
        return NULL;
    }
    g->scn = srv_scenario_find(srv, g->row.scenario);
    if (!g->scn || !srv_seed_from_secret(g->row.seed, &g->seed)) {
        *st = SRV_INTERNAL;
        lnlt_error_set(err, "game %s: its scenario \"%s\" is no longer offered by this server", id, g->row.scenario);
        game_free(g);
        return NULL;
    }
    if (strcmp(g->scn->hash, g->row.scenario_hash))
        srv_log(srv, "game %s: scenario %s has changed since the game began; replaying it on the new file", id,
                g->row.scenario);
    if (!rebuild(srv, g, false, err)) {
        *st = SRV_INTERNAL;
        game_free(g);
        return NULL;
    }
    return g;
}

static srv_game *find_locked(srv_server *srv, const char *id)
{
    for (srv_game *g = srv->bucket[bucket_of(id)]; g; g = g->next)
        if (!strcmp(g->id, id))
            return g;
    return NULL;
}

/* Drops the least recently used idle games while more than the cap are held. */
static void evict(srv_server *srv)
{
    while (srv->ngames > srv->cfg.max_games_cached) {
        srv_game *oldest = NULL, **oldest_link = NULL;
        for (int b = 0; b < 256; b++)
            for (srv_game **link = &srv->bucket[b]; *link; link = &(*link)->next) {
                srv_game *g = *link;
                if (g->refs == 0 && (!oldest || g->last_used < oldest->last_used) &&
                    !srv_push_connected(srv, g->id, -1)) {
                    oldest = g;
                    oldest_link = link;
                }
            }
        if (!oldest)
            return;
        *oldest_link = oldest->next;
        srv->ngames--;
        game_free(oldest);
    }
}

static bool valid_id(const char *id)
{
    if (!id || strlen(id) != SRV_ID_LEN)
        return false;
    for (const char *p = id; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    return true;
}

srv_game *srv_game_acquire(srv_server *srv, const char *id, srv_status *st, lnlt_error *err)
{
    if (!valid_id(id)) {
        *st = SRV_NOT_FOUND;
        lnlt_error_set(err, "no game with that id (ids are %d hexadecimal digits)", SRV_ID_LEN);
        return NULL;
    }
    pthread_mutex_lock(&srv->games_mu);
    srv_game *g = find_locked(srv, id);
    if (g)
        g->refs++;
    pthread_mutex_unlock(&srv->games_mu);
    if (!g) {
        /* Loading happens outside the registry lock; if another thread loaded the
         * same game meanwhile, its copy wins and ours is dropped. */
        srv_game *fresh = load(srv, id, st, err);
        if (!fresh)
            return NULL;
        pthread_mutex_lock(&srv->games_mu);
        g = find_locked(srv, id);
        if (!g) {
            g = fresh;
            fresh = NULL;
            unsigned b = bucket_of(id);
            g->next = srv->bucket[b];
            srv->bucket[b] = g;
            srv->ngames++;
        }
        g->refs++;
        evict(srv);
        pthread_mutex_unlock(&srv->games_mu);
        game_free(fresh);
    }
    pthread_mutex_lock(&g->mu);
    g->last_used = now_ms();
    *st = SRV_OK;
    return g;
}

void srv_game_release(srv_server *srv, srv_game *g)
{
    if (!g)
        return;
    pthread_mutex_unlock(&g->mu);
    pthread_mutex_lock(&srv->games_mu);
    g->refs--;
    pthread_mutex_unlock(&srv->games_mu);
}

srv_game *srv_game_peek(srv_server *srv, const char *id)
{
    pthread_mutex_lock(&srv->games_mu);
    srv_game *g = find_locked(srv, id);
    if (g)
        g->refs++;
    pthread_mutex_unlock(&srv->games_mu);
    if (g)
        pthread_mutex_lock(&g->mu);
    return g;
}

void srv_games_free(srv_server *srv)
{
    for (int b = 0; b < 256; b++) {
        srv_game *g = srv->bucket[b];
        while (g) {
            srv_game *next = g->next;
            game_free(g);
            g = next;
        }
        srv->bucket[b] = NULL;
    }
    srv->ngames = 0;
}

srv_status srv_game_create(srv_server *srv, const char *scenario, const srv_seat_request seats[3],
                           const void *optional_rules, char *id_out, char tokens_out[3][SRV_TOKEN_HEX + 1],
                           lnlt_error *err)
{
    const srv_scenario *scn = srv_scenario_find(srv, scenario);
    if (!scn)
        return lnlt_error_set(err, "no scenario \"%s\" (GET /api/scenarios lists them)", scenario), SRV_UNPROCESSABLE;
    srv_game_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.scenario, sizeof row.scenario, "%s", scn->id);
    snprintf(row.scenario_hash, sizeof row.scenario_hash, "%s", scn->hash);
    snprintf(row.engine_version, sizeof row.engine_version, "%s", srv_engine_version);
    /* R-SRV-01: the seed comes from the kernel's cryptographic generator. */
    if (!srv_random_hex(row.id, SRV_ID_LEN / 2) || !srv_random_hex(row.seed, 32))
        return lnlt_error_set(err, "the system's random source failed"), SRV_INTERNAL;
    srv_seed_commitment(row.seed, row.commitment);
    for (int side = 1; side <= 2; side++) {
        srv_seat_row *seat = &row.seat[side];
        tokens_out[side][0] = 0;
        if (seats[side].bot) {
            if (!lnlt_bot_level_known(seats[side].level))
                return lnlt_error_set(err, "seat %d: unknown computer level \"%s\"", side, seats[side].level),
                       SRV_BAD_REQUEST;
            snprintf(seat->kind, sizeof seat->kind, "bot");
            snprintf(seat->level, sizeof seat->level, "%s", seats[side].level);
        } else {
            snprintf(seat->kind, sizeof seat->kind, "human");
            if (!srv_random_hex(tokens_out[side], SRV_TOKEN_HEX / 2))
                return lnlt_error_set(err, "the system's random source failed"), SRV_INTERNAL;
            srv_sha256_hex(tokens_out[side], strlen(tokens_out[side]), seat->token_hash);
        }
    }
    uint64_t seed = 0;
    srv_seed_from_secret(row.seed, &seed);
    lnlt_state *st = malloc(sizeof *st);
    if (!st)
        return lnlt_error_set(err, "out of memory"), SRV_INTERNAL;
    lnlt_state_init(st, &scn->ctx, seed);
    /* The players' choice of optional rules (R-SRV-30), checked before anything
     * is stored, and kept whole (every bit, R-SRV-31) so the game replays with it. */
    if (!srv_optional_rules_choose(&scn->ctx, scn->id, optional_rules, st, err)) {
        free(st);
        return SRV_BAD_REQUEST;
    }
    row.rules_off = st->rules_off;
    row.to_act = lnlt_decision_get(&scn->ctx, st).side;
    free(st);
    row.created = row.updated = (int64_t)time(NULL);
    if (!srv_store_create_game(srv->store, &row, err))
        return SRV_INTERNAL;
    snprintf(id_out, SRV_ID_LEN + 1, "%s", row.id);
    if (row.to_act && row.seat[row.to_act].kind[0] == 'b')
        srv_bots_wake(srv, row.id);
    return SRV_CREATED;
}
