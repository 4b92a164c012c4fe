/*
 * test_server_confined.c: `lnlt serve` confined to its data and web directories
 * (issue 17, rulings R-SRV-06 and R-SRV-20), end to end over real HTTP. The
 * server runs on a data directory and a web directory of its own in which
 * symbolic links lead out (a scenario, a file, a directory, /etc/passwd); a list
 * of hostile requests (.., %2e%2e, absolute paths, NUL bytes, very long ids,
 * oversized bodies, malformed JSON, wrong types) must each be refused with its
 * status, and no answer may quote a file outside or name its path.
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

#include "support/server_harness.h"

#define SECRET "SECRET-OUTSIDE-7731"
#define SK1 "sk1_assault_on_vierville"

static char root[128]; /* the test's directory: data/, web/, outside/ */
static char db[160];

static void sh(const char *fmt, ...)
{
    char cmd[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (system(cmd) != 0)
        fail_msg("setup command failed: %s", cmd);
}

/* The tree: a copy of data/ with scenarios/zz_leak.json linked to a playable
 * scenario outside; web/ with index.html and links to a file, a directory and
 * /etc/passwd outside. */
static void make_tree(void)
{
    snprintf(root, sizeof root, "/tmp/lnlt-confined-%ld", (long)getpid());
    sh("rm -rf %s && mkdir -p %s/outside %s/web && cp -r data %s/data", root, root, root, root);
    sh("printf '%%s\\n' '" SECRET "' > %s/outside/secret.txt", root);
    sh("cp data/scenarios/" SK1 ".json %s/outside/zz_leak.json", root);
    sh("ln -s %s/outside/zz_leak.json %s/data/scenarios/zz_leak.json", root, root);
    sh("ln -s ../../outside/zz_leak.json %s/data/scenarios/zz_rel.json", root);
    sh("printf '<html>lnlt</html>\\n' > %s/web/index.html", root);
    sh("ln -s %s/outside/secret.txt %s/web/leak.txt", root, root);
    sh("ln -s ../outside %s/web/out", root);
    sh("ln -s /etc/passwd %s/web/passwd", root);
    snprintf(db, sizeof db, "%s/lnlt.db", root);
}

/* An answer quotes nothing from outside and names no real path of the tree (an
 * error may repeat the id the client sent, which is the client's own text). */
static void assert_clean(const char *text)
{
    if (!text)
        return;
    const char *never[] = {SECRET, "root:x:", root, NULL};
    for (int i = 0; never[i]; i++)
        if (strstr(text, never[i]))
            fail_msg("an answer holds \"%s\": %.300s", never[i], text);
}

/* A refusal: the status wanted, and a JSON body {"error": "..."}. */
static void expect_refused(int port, const char *method, const char *path, const char *body, int want)
{
    int st = 0;
    char *text = http_call_raw(port, method, path, body, &st);
    assert_non_null(text);
    assert_clean(text);
    if (st != want)
        fail_msg("%s %.80s: status %d, expected %d (%.200s)", method, path, st, want, text);
    json_t *o = json_loads(text, 0, NULL);
    if (!o || !json_is_string(json_object_get(o, "error")))
        fail_msg("%s %.80s: not a JSON error: %.200s", method, path, text);
    json_decref(o);
    free(text);
}

/* A static path that names nothing served: civetweb itself may refuse a path it
 * finds malformed (400) before the server sees it; otherwise the server's 404. */
static void expect_no_file(int port, const char *path)
{
    int st = 0;
    char *text = http_call_raw(port, "GET", path, NULL, &st);
    assert_clean(text);
    if (st != 404 && st != 400)
        fail_msg("GET %.80s: status %d, expected 404 (%.200s)", path, st, text ? text : "");
    free(text);
}

static void server_stays_inside(void **state)
{
    (void)state;
    make_tree();
    test_server s;
    char data_arg[160], web_arg[160];
    snprintf(data_arg, sizeof data_arg, "%s/data", root);
    snprintf(web_arg, sizeof web_arg, "%s/web", root);
    /* the harness passes --data data first; the later option wins */
    const char *extra[] = {"--data", data_arg, "--web", web_arg, NULL};
    server_start(&s, db, extra);
    int st = 0;

    /* what is inside is served */
    char *page = http_call_raw(s.port, "GET", "/", NULL, &st);
    assert_int_equal(st, 200);
    assert_non_null(strstr(page, "lnlt"));
    free(page);
    char *list = http_call_raw(s.port, "GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    assert_non_null(strstr(list, SK1));
    assert_clean(list);
    assert_null(strstr(list, "zz_leak")); /* the linked scenarios are not offered */
    assert_null(strstr(list, "zz_rel"));
    free(list);

    /* static files: links out, .., encodings, absolute paths, NUL, long */
    const char *statics[] = {"/leak.txt", "/out/secret.txt", "/passwd", "/../outside/secret.txt",
                             "/%2e%2e/outside/secret.txt", "/%2E%2E%2Foutside%2Fsecret.txt", "//etc/passwd",
                             "/web/../outside/secret.txt", "/index.html%00.txt", "/leak.txt%00",
                             "/index.html/../leak.txt", "/./out/./secret.txt", "/out%2fsecret.txt",
                             "/%2fetc%2fpasswd", "/.%2e/.%2e/etc/passwd", NULL};
    for (int i = 0; statics[i]; i++)
        expect_no_file(s.port, statics[i]);
    char longpath[4200];
    longpath[0] = '/';
    memset(longpath + 1, 'a', sizeof longpath - 2);
    longpath[sizeof longpath - 1] = 0;
    expect_no_file(s.port, longpath);

    /* maps: only ids of the data directory */
    const char *maps[] = {"/api/maps/..%2f..%2foutside%2fsecret", "/api/maps/%2e%2e", "/api/maps/map15%00",
                          "/api/maps/%2fetc%2fpasswd", "/api/maps/../../outside/secret", NULL};
    for (int i = 0; maps[i]; i++)
        expect_no_file(s.port, maps[i]);
    expect_no_file(s.port, "/api/maps/pa\xff\xfeswd"); /* civetweb refuses raw bytes: 400 */
    /* bytes that are not UTF-8 in a parameter the error repeats: still a JSON
     * error (it was {} before: jansson takes only UTF-8; found by fuzz_http) */
    json_t *made = http_call(s.port, "POST", "/api/games",
                             "{\"scenario\":\"" SK1 "\",\"seats\":{\"1\":\"human\",\"2\":\"human\"}}", &st);
    assert_int_equal(st, 201);
    char los[200];
    snprintf(los, sizeof los, "/api/games/%s/los?from=%%ff%%fe&to=H8", json_string_value(json_object_get(made, "id")));
    json_decref(made);
    expect_refused(s.port, "GET", los, NULL, 422);
    char longmap[600];
    snprintf(longmap, sizeof longmap, "/api/maps/%0500d", 0);
    expect_no_file(s.port, longmap);

    /* scenario ids: links out are not offered, and no id becomes a path */
    const char *seats = ",\"seats\":{\"1\":\"human\",\"2\":\"human\"}}";
    const char *ids[] = {"zz_leak", "zz_rel", "../outside/zz_leak", "/etc/passwd", "..%2foutside%2fzz_leak",
                         "scenarios/" SK1, SK1 ".json", NULL};
    char body[8192];
    for (int i = 0; ids[i]; i++) {
        snprintf(body, sizeof body, "{\"scenario\":\"%s\"%s", ids[i], seats);
        expect_refused(s.port, "POST", "/api/games", body, 422);
    }
    char longid[6000];
    memset(longid, 'a', sizeof longid - 1);
    longid[sizeof longid - 1] = 0;
    snprintf(body, sizeof body, "{\"scenario\":\"%s\"%s", longid, seats);
    expect_refused(s.port, "POST", "/api/games", body, 422);
    /* NUL in a string, wrong types, malformed JSON, an oversized body */
    snprintf(body, sizeof body, "{\"scenario\":\"" SK1 "\\u0000/../../outside/zz_leak\"%s", seats);
    expect_refused(s.port, "POST", "/api/games", body, 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":5,\"seats\":{\"1\":\"human\",\"2\":\"human\"}}", 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":null}", 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":[\"" SK1 "\"]}", 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":\"" SK1 "\",\"seats\":\"human\"}", 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":\"" SK1 "\",\"seats\":{\"1\":7,\"2\":\"human\"}}",
                   400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":\"" SK1 "\",\"scenario\":\"zz_leak\"}", 400);
    expect_refused(s.port, "POST", "/api/games", "{\"scenario\":", 400);
    expect_refused(s.port, "POST", "/api/games", "\"" SK1 "\"", 400);
    char *big = malloc(70000);
    assert_non_null(big);
    memset(big, ' ', 69999);
    big[0] = '{';
    big[69998] = '}';
    big[69999] = 0;
    expect_refused(s.port, "POST", "/api/games", big, 413);
    free(big);
    expect_refused(s.port, "POST", "/api/games/mine", "{\"tokens\":\"../outside\"}", 400);
    expect_refused(s.port, "GET", "/api/games/..%2f..%2foutside/view", NULL, 404);
    expect_refused(s.port, "GET", "/api/games/0123456789abcdef0123/view", NULL, 404);

    /* the server still serves */
    json_t *mine = http_call(s.port, "GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    assert_true(json_array_size(mine) >= 4);
    json_decref(mine);
    server_stop(&s);

    /* nor does its log quote a file outside */
    char cmd[400];
    snprintf(cmd, sizeof cmd, "! grep -q '" SECRET "' %s", s.log);
    assert_int_equal(system(cmd), 0);
    unlink(s.log);
    sh("rm -rf %s", root);
}

int main(int argc, char **argv)
{
    (void)argc;
    harness_set_program(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(server_stays_inside),
    };
    return cmocka_run_group_tests_name("server confined (issue 17)", tests, NULL, NULL);
}
