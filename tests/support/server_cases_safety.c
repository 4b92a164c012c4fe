/*
 * server_cases_safety.c: the end-to-end cases about what must never go wrong:
 * what one side is sent (no seed before the end, no unrevealed enemy forces:
 * R-SRV-01, R-SRV-02), acknowledged actions surviving kill -9 (R-SRV-05), and
 * webhooks only where allowed (R-SRV-09). The other cases: server_cases.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <inttypes.h>

#include "lnlt/data.h"
#include "lnlt/scenario.h"
#include "lnlt/session.h"
#include "server/crypto.h"
#include "server_cases.h"
#include "server_client.h"

/* ---- hidden information (R-SRV-01, R-SRV-02) ---- */

/* A force still held off the map (22.0, ruling R-VIEW-02), read from the scenario
 * and the state: it arrives only through a paragraph, no paragraph has released
 * it, none is placing it now, and none of its units is in play. */
static bool held(const lnlt_ctx *ctx, const lnlt_state *st, int f)
{
    const lnlt_scenario *scn = ctx->scenario;
    if (f == LNLT_NO_FORCE || f >= scn->force_count || scn->force[f].arrive.how != LNLT_ARRIVE_HELD ||
        st->force_arrive[f] != 0xFF || (st->pending == LNLT_DECIDE_EVENT_PLACE && st->pending_ref == f))
        return false;
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].force == f && st->unit[i].cell != LNLT_CELL_NONE)
            return false;
    return true;
}

typedef struct sent {
    char **text;
    json_int_t *seq;
    int n, cap;
} sent;

static void keep(sent *m, const char *text, json_int_t seq)
{
    if (m->n == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 256;
        m->text = realloc(m->text, (size_t)m->cap * sizeof *m->text);
        m->seq = realloc(m->seq, (size_t)m->cap * sizeof *m->seq);
    }
    m->text[m->n] = strdup(text);
    m->seq[m->n++] = seq;
}

void case_hidden_information(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    client_create(s.port, SK3, "human", "bot", &g);
    ws_client w;
    char path[300];
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[1]);
    assert_true(ws_open(&w, s.port, path));
    sent m = {0};
    unsigned rng = 9;
    for (int i = 0; i < 20000; i++) {
        int st;
        snprintf(path, sizeof path, "/api/games/%s/view?token=%s", g.id, g.token[1]);
        char *text = http_call_raw(s.port, "GET", path, NULL, &st);
        assert_int_equal(st, 200);
        json_t *v = json_loads(text, 0, NULL);
        keep(&m, text, seq_of(v));
        free(text);
        if (i % 16 == 0) { /* the log, as a client reloading mid-game asks it */
            snprintf(path, sizeof path, "/api/games/%s/log?token=%s", g.id, g.token[1]);
            text = http_call_raw(s.port, "GET", path, NULL, &st);
            assert_int_equal(st, 200);
            json_t *l = json_loads(text, 0, NULL);
            keep(&m, text, seq_of(l));
            json_decref(l);
            free(text);
        }
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        if (to_act_of(v) != 1) {
            json_decref(v);
            sleep_ms(2);
            continue;
        }
        json_t *b = json_pack("{s:s, s:I, s:s}", "token", g.token[1], "seq", seq_of(v), "action",
                              client_pick(json_object_get(v, "legal"), &rng));
        char *bt = json_dumps(b, 0);
        json_decref(b);
        snprintf(path, sizeof path, "/api/games/%s/actions", g.id);
        text = http_call_raw(s.port, "POST", path, bt, &st);
        free(bt);
        assert_int_equal(st, 200);
        json_t *r = json_loads(text, 0, NULL);
        keep(&m, text, seq_of(r));
        json_decref(r);
        free(text);
        json_decref(v);
    }
    sleep_ms(200);
    pthread_mutex_lock(&w.mu);
    for (int i = 0; i < w.n; i++) {
        json_t *x = json_loads(w.msg[i], 0, NULL);
        keep(&m, w.msg[i], seq_of(x));
        json_decref(x);
    }
    pthread_mutex_unlock(&w.mu);
    ws_close(&w);
    /* The replay reveals the seed, and replaying it gives every position. */
    int st;
    snprintf(path, sizeof path, "/api/games/%s/replay", g.id);
    json_t *x = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    const char *secret = json_string_value(json_object_get(x, "seed_secret"));
    char decimal[32];
    uint64_t seed;
    assert_true(srv_seed_from_secret(secret, &seed));
    snprintf(decimal, sizeof decimal, "%" PRIu64, seed);
    lnlt_session *sess = malloc(sizeof *sess);
    lnlt_error err;
    if (!lnlt_session_load_json(sess, x, "export", NULL, &err))
        fail_msg("%s", err.msg);
    json_int_t final = sess->nsteps;
    int checked_hidden = 0;
    for (int i = 0; i < m.n; i++) {
        bool before_end = m.seq[i] < final || !strstr(m.text[i], "\"over\":true");
        if (before_end) {
            if (strstr(m.text[i], secret) || strstr(m.text[i], decimal))
                fail_msg("message %d (seq %lld) carries the seed", i, (long long)m.seq[i]);
        }
        /* The enemy units still held off the map at that seq: their types appear
         * nowhere in what side 1 was sent. */
        lnlt_state st0;
        lnlt_state_clone(&st0, &sess->start);
        for (json_int_t k = 0; k < m.seq[i] && k < sess->nsteps; k++)
            assert_true(lnlt_apply(&sess->ctx, &st0, &sess->steps[k].action, NULL, NULL, &err));
        for (int u = 0; u < st0.unit_count; u++) {
            if (st0.unit[u].side != 2 || !held(&sess->ctx, &st0, st0.unit[u].force) || !before_end)
                continue;
            bool type_seen = false; /* a unit of that type in play shows it legitimately */
            for (int o = 0; o < st0.unit_count; o++)
                if (st0.unit[o].type == st0.unit[u].type && !held(&sess->ctx, &st0, st0.unit[o].force))
                    type_seen = true;
            if (type_seen)
                continue;
            char needle[96];
            snprintf(needle, sizeof needle, "\"%s\"", sess->ctx.catalog->unit[st0.unit[u].type].id);
            if (strstr(m.text[i], needle))
                fail_msg("message %d (seq %lld) shows the held unit type %s", i, (long long)m.seq[i], needle);
            checked_hidden++;
        }
    }
    assert_true(checked_hidden > 0);
    lnlt_session_close(sess);
    free(sess);
    json_decref(x);
    for (int i = 0; i < m.n; i++)
        free(m.text[i]);
    free(m.text);
    free(m.seq);
}

void case_kill9_keeps_acknowledged(void **state)
{
    (void)state;
    const char *db = case_db();
    test_server s;
    server_start(&s, db, NULL);
    game g, busy;
    client_create(s.port, SK1, "human", "human", &g);
    client_create(s.port, SK1, "bot", "bot", &busy); /* the server is writing for it when killed */
    unsigned rng = 77;
    char sent_actions[60][128];
    int n = 0;
    while (n < 60) {
        int st;
        json_t *v = client_view(s.port, &g, 1, &st);
        assert_int_equal(st, 200);
        if (over_of(v)) { /* a short game (the dice decide) ends before 60 actions */
            json_decref(v);
            break;
        }
        int side = to_act_of(v);
        if (side != 1) {
            json_decref(v);
            v = client_view(s.port, &g, side, &st);
            assert_int_equal(st, 200);
        }
        if (json_array_size(json_object_get(v, "legal")) == 0) {
            char *text = json_dumps(v, JSON_COMPACT);
            fail_msg("side %d decides but has no legal action: %.600s", side, text ? text : "(null)");
        }
        const char *a = client_pick(json_object_get(v, "legal"), &rng);
        snprintf(sent_actions[n], sizeof sent_actions[n], "%s", a);
        json_t *r = client_act(s.port, &g, side, seq_of(v), a, &st);
        assert_int_equal(st, 200); /* acknowledged */
        json_decref(r);
        json_decref(v);
        n++;
    }
    assert_true(n > 20);
    server_kill(&s); /* SIGKILL right after the last acknowledgement */
    server_start(&s, db, NULL);
    int st;
    json_t *v = client_view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(v), n);
    json_decref(v);
    /* the restarted server finishes the computer's game by itself; the bound is
     * generous (up to two minutes) because under ASan on a loaded 2-core machine
     * a whole bot game with a durable write per action can take tens of seconds */
    bool finished = false;
    for (int i = 0; i < 12000 && !finished; i++) {
        json_t *b = client_view(s.port, &busy, 0, &st);
        finished = over_of(b);
        json_decref(b);
        if (!finished)
            sleep_ms(10);
    }
    assert_true(finished);
    client_play(s.port, &g, 78, MAX_ACTIONS);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/replay", g.id);
    json_t *x = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    json_t *acts = json_object_get(x, "actions");
    for (int i = 0; i < n; i++)
        assert_string_equal(json_string_value(json_array_get(acts, (size_t)i)), sent_actions[i]);
    json_decref(x);
    server_kill(&s); /* a second kill: the next start finds everything again */
}

void case_webhook_your_turn(void **state)
{
    (void)state;
    hook_listener *h = &hooks;
    char url[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/hook", h->port);
    test_server s = shared;
    game g;
    client_create(s.port, SK1, "human", "human", &g);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/webhook", g.id);
    int st;
    expect_error(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url",
                                                        "http://127.0.0.2:9/elsewhere"),
                                &st),
                 &st, 403);
    expect_error(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url", "https://x/y"), &st),
                 &st, 400);
    json_decref(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url", url), &st));
    assert_int_equal(st, 200);
    /* Side 1 plays until side 2 must decide: side 2 is not connected, so its
     * webhook is called. */
    unsigned rng = 4;
    for (int i = 0; i < 500; i++) {
        json_t *v = client_view(s.port, &g, 1, &st);
        int side = to_act_of(v);
        json_decref(v);
        if (side == 2)
            break;
        v = client_view(s.port, &g, 1, &st);
        json_decref(client_act(s.port, &g, 1, seq_of(v), client_pick(json_object_get(v, "legal"), &rng), &st));
        json_decref(v);
    }
    assert_true(hook_listener_wait(h, 1, 10000));
    json_t *body = json_loads(h->bodies[0], 0, NULL);
    assert_string_equal(json_string_value(json_object_get(body, "type")), "your_turn");
    assert_string_equal(json_string_value(json_object_get(body, "game")), g.id);
    assert_int_equal(json_integer_value(json_object_get(body, "side")), 2);
    json_decref(body);
}
