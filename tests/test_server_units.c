/*
 * test_server_units.c: the server's parts that need no running server: the seed
 * commitment (R-SRV-01), the webhook allow-list (R-SRV-09), the SQLite store's
 * concurrency check on (game_id, seq) (R-SRV-05), and the engine on a 100 KB
 * thread stack, the size Debian's civetweb gives its request threads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <cmocka.h>

#include "lnlt/bot.h"
#include "lnlt/session.h"
#include "server/crypto.h"
#include "server/server.h"
#include "server/store.h"

/* R-SRV-01: the seed is the secret's first 8 bytes, the commitment its SHA-256. */
static void seed_commitment_R_SRV_01(void **state)
{
    (void)state;
    const char *zero = "0000000000000000000000000000000000000000000000000000000000000000";
    char c[SRV_SHA256_HEX];
    srv_seed_commitment(zero, c);
    /* SHA-256 of 32 zero bytes */
    assert_string_equal(c, "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    uint64_t seed;
    assert_true(srv_seed_from_secret("0102030405060708ffffffffffffffffffffffffffffffffffffffffffffffff", &seed));
    assert_true(seed == 0x0102030405060708ull);
    assert_false(srv_seed_from_secret("0102", &seed));
    assert_false(srv_seed_from_secret("zz02030405060708ffffffffffffffffffffffffffffffffffffffffffffffff", &seed));
    char a[65], b[65];
    assert_true(srv_random_hex(a, 32));
    assert_true(srv_random_hex(b, 32));
    assert_int_equal(strlen(a), 64);
    assert_string_not_equal(a, b);
}

/* R-SRV-09: only plain http URLs to hosts (and ports) the operator listed. */
static void webhook_allow_list_R_SRV_09(void **state)
{
    (void)state;
    srv_server *srv = calloc(1, sizeof *srv);
    srv_config_defaults(&srv->cfg);
    srv->cfg.quiet = true;
    lnlt_error err;
    assert_false(srv_webhook_allowed(srv, "http://127.0.0.1:9000/x", &err)); /* empty list: nothing */
    snprintf(srv->cfg.webhook_allow, sizeof srv->cfg.webhook_allow, "hooks.example.org,127.0.0.1:9000");
    assert_true(srv_webhook_allowed(srv, "http://127.0.0.1:9000/x", &err));
    assert_true(srv_webhook_allowed(srv, "http://hooks.example.org/turn?g=1", &err));
    assert_true(srv_webhook_allowed(srv, "http://hooks.example.org:8443/turn", &err));
    assert_false(srv_webhook_allowed(srv, "http://127.0.0.1:9001/x", &err));
    assert_non_null(strstr(err.msg, "not in this server's --webhook-allow list"));
    assert_false(srv_webhook_allowed(srv, "https://hooks.example.org/turn", &err));
    assert_false(srv_webhook_allowed(srv, "http://hooks.example.org.evil.net/", &err));
    assert_false(srv_webhook_allowed(srv, "http://user@hooks.example.org/", &err));
    assert_false(srv_webhook_allowed(srv, "http://hooks.example.org/a b", &err));
    assert_false(srv_webhook_allowed(srv, "http://hooks.example.org:0/", &err));
    assert_false(srv_webhook_allowed(srv, "ftp://hooks.example.org/", &err));
    free(srv);
}

static void count_record(void *arg, const srv_record *r)
{
    int *n = arg;
    (*n)++;
    assert_int_equal(r->seq, *n);
}

/* The primary key (game_id, seq) is the concurrency check: a second append at
 * the same seq, or one that skips a seq, writes nothing. */
static void store_refuses_a_stale_seq(void **state)
{
    (void)state;
    char db[128];
    snprintf(db, sizeof db, "/tmp/lnlt-test-store-%ld.db", (long)getpid());
    lnlt_error err;
    srv_store *st = srv_store_open(db, 2, false, &err);
    if (!st)
        fail_msg("%s", err.msg);
    srv_game_row g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "0123456789abcdef");
    snprintf(g.scenario, sizeof g.scenario, "sk1_assault_on_vierville");
    snprintf(g.seat[1].kind, sizeof g.seat[1].kind, "human");
    snprintf(g.seat[2].kind, sizeof g.seat[2].kind, "bot");
    g.to_act = 1;
    g.rules_off = 5; /* optional rules 0 and 2 off (R-SRV-31) */
    assert_true(srv_store_create_game(st, &g, &err));
    srv_record r = {.seq = 1, .side = 1};
    snprintf(r.kind, sizeof r.kind, "act");
    snprintf(r.text, sizeof r.text, "pass");
    srv_append a = {.rec = &r, .to_act = 2};
    assert_int_equal(srv_store_append(st, g.id, &a, &err), SRV_STORE_OK);
    assert_int_equal(srv_store_append(st, g.id, &a, &err), SRV_STORE_CONFLICT);
    r.seq = 3;
    assert_int_equal(srv_store_append(st, g.id, &a, &err), SRV_STORE_CONFLICT);
    int n = 0;
    assert_true(srv_store_records(st, g.id, 0, count_record, &n, &err));
    assert_int_equal(n, 1);
    srv_game_row back;
    assert_int_equal(srv_store_get_game(st, g.id, &back, &err), SRV_STORE_OK);
    assert_int_equal(back.seq, 1);
    assert_int_equal(back.to_act, 2);
    assert_string_equal(back.seat[2].kind, "bot");
    assert_int_equal(back.rules_off, 5);
    assert_int_equal(srv_store_get_game(st, "fedcba9876543210", &back, &err), SRV_STORE_NOT_FOUND);
    srv_store_close(st);
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char path[160];
        snprintf(path, sizeof path, "%s%s", db, suffix[i]);
        unlink(path);
    }
}

static void *play_game(void *arg)
{
    int *actions = arg;
    lnlt_session *s = malloc(sizeof *s);
    lnlt_error err;
    if (!lnlt_session_open(s, "data/scenarios/sk1_assault_on_vierville.json", 7, &err)) {
        free(s);
        return NULL;
    }
    lnlt_action a;
    for (int i = 0; i < 5000 && lnlt_bot_decide("random", &s->ctx, &s->state, (uint64_t)i, 100, &a, &err); i++) {
        if (!lnlt_session_apply(s, &a, &err))
            break;
        (*actions)++;
    }
    lnlt_session_close(s);
    free(s);
    return NULL;
}

/* Debian 12's civetweb runs request handlers on threads of 100 KB of stack, which
 * must also hold the thread-local storage: a thread that size is created and plays
 * a whole game through the engine. (It failed to be created while the engine's
 * legality check kept a 98 KB thread-local list.) */
static void engine_on_a_100KB_thread(void **state)
{
    (void)state;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    assert_int_equal(pthread_attr_setstacksize(&attr, 100 * 1024), 0);
    pthread_t t;
    int actions = 0;
    assert_int_equal(pthread_create(&t, &attr, play_game, &actions), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    assert_true(actions > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_commitment_R_SRV_01),
        cmocka_unit_test(webhook_allow_list_R_SRV_09),
        cmocka_unit_test(store_refuses_a_stale_seq),
        cmocka_unit_test(engine_on_a_100KB_thread),
    };
    return cmocka_run_group_tests_name("server units", tests, NULL, NULL);
}
