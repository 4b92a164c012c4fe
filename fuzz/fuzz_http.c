/*
 * fuzz_http.c: libFuzzer target for the request handling of `lnlt serve`
 * (src/server/: srv_dispatch and the handlers of api_games.c and api_misc.c),
 * without sockets: the server runs in memory (srv_config.in_memory) over an
 * SQLite store in the sandbox, and each input is a list of requests, one a line:
 *
 *   METHOD PATH[?QUERY] [BODY]
 *
 * In the line, $G stands for the id of the last game created, $1 and $2 for its
 * seat tokens, $S for the last seq seen and $A for the first legal action of the
 * last view, so that inputs reach games, actions, undos and the computer's moves
 * (played in this thread after each request, srv_bots_step). Checks (issue 17):
 * every API answer is a JSON text with a status of the contract (docs/server.md),
 * every refusal is {"error": "..."} and changes nothing in the store, a static
 * file served lies in the web directory (whose link to /etc/passwd must never
 * be served), and nothing crashes, leaks or hits undefined behaviour.
 */
#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/server/api.h"
#include "../src/server/games_internal.h"
#include "common.h"
#include "lnlt/sandbox.h"

#define MAX_REQUESTS 24   /* lines of one input that are sent */
#define MAX_LINE 8192     /* room for the $ words beyond the line itself */
#define BOT_STEPS 4       /* computer decisions played after each request */

static srv_server *srv;
static sqlite3 *db; /* a connection of our own to the store: to read it and to empty it */

/* The web directory: a page, and a link that leads out of it. */
static void make_web(void)
{
    if (system("mkdir -p web/js && printf '<html>lnlt</html>' > web/index.html && printf 'x' > web/js/app.js"
               " && ln -sf /etc/passwd web/passwd") != 0)
        abort();
}

static void init(void)
{
    fuzz_enter_sandbox();
    fuzz_opening_cache(); /* as `make` writes it beside an installed lnlt */
    make_web();
    srv_config cfg;
    srv_config_defaults(&cfg);
    snprintf(cfg.db, sizeof cfg.db, "http.db");
    snprintf(cfg.web_dir, sizeof cfg.web_dir, "web");
    cfg.quiet = true;
    cfg.in_memory = true;
    cfg.bot_budget_ms = 100;
    lnlt_error err;
    if (!(srv = srv_start(&cfg, &err))) {
        fprintf(stderr, "fuzz_http: the server does not start: %s\n", err.msg);
        abort();
    }
    if (sqlite3_open_v2("http.db", &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
        abort();
    sqlite3_busy_timeout(db, 5000);
}

/* A fingerprint of every row of every table of the store. */
static uint64_t store_print(void)
{
    static const char *const tables[] = {"server_meta", "games", "seats", "actions", "snapshots"};
    uint64_t h = 1469598103934665603ull;
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        char sql[80];
        snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY rowid", tables[t]);
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
            abort();
        while (sqlite3_step(st) == SQLITE_ROW)
            for (int c = 0; c < sqlite3_column_count(st); c++) {
                const unsigned char *v = sqlite3_column_blob(st, c);
                int n = sqlite3_column_bytes(st, c);
                h = (h ^ (uint64_t)sqlite3_column_type(st, c)) * 1099511628211ull;
                for (int i = 0; v && i < n; i++)
                    h = (h ^ v[i]) * 1099511628211ull;
                h = (h ^ 0xff) * 1099511628211ull;
            }
        sqlite3_finalize(st);
        h = (h ^ 0xfe) * 1099511628211ull;
    }
    return h;
}

/* Every input starts from an empty store (the server's key kept) and no game in
 * memory, so one input's games never reach the next. */
static void reset(void)
{
    srv_bots_clear(srv);
    srv_games_free(srv);
    if (sqlite3_exec(db, "DELETE FROM snapshots; DELETE FROM actions; DELETE FROM seats; DELETE FROM games;", NULL,
                     NULL, NULL) != SQLITE_OK)
        abort();
}

/* What the last answers told: the game, its tokens, its seq, a legal action. */
typedef struct vars {
    char game[SRV_ID_LEN + 1];
    char token[3][SRV_TOKEN_HEX + 1];
    char seq[24];
    char action[SRV_MAX_ACTION_TEXT + 1];
} vars;

static void learn(vars *v, json_t *o)
{
    const char *id = json_string_value(json_object_get(o, "id"));
    json_t *seats = json_object_get(o, "seats");
    if (id && json_is_array(seats)) {
        snprintf(v->game, sizeof v->game, "%s", id);
        for (size_t i = 0; i < json_array_size(seats); i++) {
            json_t *s = json_array_get(seats, i);
            json_int_t side = json_integer_value(json_object_get(s, "side"));
            const char *tok = json_string_value(json_object_get(s, "token"));
            if (side >= 1 && side <= 2)
                snprintf(v->token[side], sizeof v->token[side], "%s", tok ? tok : "");
        }
    }
    json_t *seq = json_object_get(o, "seq");
    if (json_is_integer(seq))
        snprintf(v->seq, sizeof v->seq, "%lld", (long long)json_integer_value(seq));
    const char *a = json_string_value(json_array_get(json_object_get(o, "legal"), 0));
    if (a)
        snprintf(v->action, sizeof v->action, "%s", a);
}

/* The line with its $ words replaced, in out (NUL bytes of the line kept). */
static size_t expand(const vars *v, const char *line, size_t len, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < cap; i++) {
        const char *sub = NULL;
        if (line[i] == '$' && i + 1 < len) {
            switch (line[i + 1]) {
            case 'G': sub = v->game; break;
            case '1': sub = v->token[1]; break;
            case '2': sub = v->token[2]; break;
            case 'S': sub = v->seq; break;
            case 'A': sub = v->action; break;
            default: break;
            }
        }
        if (!sub) {
            out[n++] = line[i];
            continue;
        }
        for (const char *p = sub; *p && n + 1 < cap; p++)
            out[n++] = *p;
        i++;
    }
    out[n] = 0;
    return n;
}

static bool contract_status(int st)
{
    static const int ok[] = {200, 201, 400, 403, 404, 405, 409, 413, 414, 422};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (st == ok[i])
            return true;
    return false;
}

static void fail(const char *what, const srv_http *h)
{
    fprintf(stderr, "fuzz_http: %s: %s %s -> %d %.300s\n", what, h->method, h->uri, h->status,
            h->answer ? h->answer : "(no answer)");
    abort();
}

/* One request: sent, and its answer checked. */
static void send_one(vars *v, char *text, size_t len)
{
    char *sp = memchr(text, ' ', len);
    if (!sp)
        return;
    *sp = 0;
    char *path = sp + 1;
    char *end = memchr(path, ' ', len - (size_t)(path - text));
    const char *body = NULL;
    size_t body_len = 0;
    if (end) {
        *end = 0;
        body = end + 1;
        body_len = len - (size_t)(body - text);
    }
    srv_http h = {.method = text, .uri = path, .body = body, .body_len = body_len};
    char *q = strchr(path, '?');
    if (q) {
        *q = 0;
        h.query = q + 1;
    }
    uint64_t before = store_print();
    srv_dispatch(srv, &h);
    if (getenv("FUZZ_HTTP_TRACE")) /* for writing seeds: what each line got */
        fprintf(stderr, "%s %s -> %d %.160s\n", h.method, h.uri, h.status, h.answer ? h.answer : "");
    if (!h.status)
        fail("no answer", &h);
    if (h.answer_is_file) {
        if (h.status != 200 || !lnlt_path_within("web", h.answer) || strstr(h.answer, "passwd"))
            fail("a file outside the web directory", &h);
    } else {
        json_error_t je;
        json_t *o = h.answer ? json_loads(h.answer, JSON_REJECT_DUPLICATES, &je) : NULL;
        if (!o)
            fail("not JSON", &h);
        if (!contract_status(h.status))
            fail("a status outside the contract", &h);
        if (h.status >= 400) {
            if (!json_is_string(json_object_get(o, "error")))
                fail("a refusal without its error", &h);
            if (store_print() != before)
                fail("a refusal changed the store", &h);
        } else {
            learn(v, o);
        }
        json_decref(o);
    }
    free(h.answer);
    srv_bots_step(srv, BOT_STEPS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!srv)
        init();
    reset();
    vars v;
    memset(&v, 0, sizeof v);
    char *out = malloc(SRV_MAX_BODY * 2 + MAX_LINE);
    if (!out)
        abort();
    const char *p = (const char *)data, *stop = p + size;
    for (int k = 0; k < MAX_REQUESTS && p < stop; k++) {
        const char *nl = memchr(p, '\n', (size_t)(stop - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(stop - p);
        size_t n = expand(&v, p, len, out, SRV_MAX_BODY * 2 + MAX_LINE);
        send_one(&v, out, n);
        p += len + (nl ? 1 : 0);
    }
    free(out);
    return 0;
}
