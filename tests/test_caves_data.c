/*
 * test_caves_data.c: caves (10.7) as scenario data (docs/formats/scenario.md):
 * precise errors for bad cave data, a mid-game position with caves, a collapsed
 * entrance and an In Tunnel marker played through the engine's own tables, shown
 * in the view and written back identical; and a short soak of random games over
 * tunnels and collapses (the engine's rules themselves: test_caves.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/bot.h"
#include "lnlt/check.h"
#include "lnlt/scenario.h"
#include "lnlt/session.h"
#include "lnlt/snapshot.h"
#include "lnlt/view.h"
#include "rules/internal.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

#define CAVE_HILL "tests/data/caves/cave_hill.json"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = 0;
    fclose(f);
    return text;
}

/* The location of a hex id on the game's map (ground floor). */
static int test_cell_of(const lnlt_ctx *ctx, const char *hex)
{
    int loc;
    lnlt_error err = {{0}};
    if (!lnlt_location_parse(ctx, hex, &loc, &err))
        fail_msg("%s", err.msg);
    return loc;
}

/* The fixture with `from` replaced by `to` is refused with a message holding `needle`. */
static void refused_data(const lnlt_ctx *ctx, const char *from, const char *to, const char *needle)
{
    char *text = read_text(CAVE_HILL);
    char *at = strstr(text, from);
    if (!at)
        fail_msg("the fixture lacks %s", from);
    size_t len = strlen(text) - strlen(from) + strlen(to) + 1;
    char *edited = malloc(len);
    assert_non_null(edited);
    snprintf(edited, len, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    lnlt_scenario *scn = NULL;
    lnlt_error err = {{0}};
    bool ok = lnlt_scenario_load_json("edited", edited, strlen(edited), ctx->catalog, &scn, &err);
    lnlt_scenario_free(scn);
    if (ok)
        fail_msg("accepted: %s", to);
    if (!strstr(err.msg, needle))
        fail_msg("\"%s\" lacks \"%s\"", err.msg, needle);
    free(edited);
    free(text);
}

/* 10.7, 22.0: caves in a scenario: their data checked with precise errors. */
static void rule_10_7_caves_in_scenario_data(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    lnlt_error err = {{0}};
    if (!lnlt_ctx_open(CAVE_HILL, &ctx, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(ctx.bunkers->count, 4);
    assert_int_equal(ctx.bunkers->b[0].kind, LNLT_PLACE_CAVE);
    assert_int_equal(ctx.bunkers->b[0].front, LNLT_DIR_S);
    assert_int_equal(ctx.bunkers->b[2].tm, 3);
    assert_int_equal(ctx.bunkers->b[2].tunnel_sides, 1u << DE);
    refused_data(&ctx, "\"front\": \"14H5\", \"tm\": 2}", "\"front\": \"14H5\"}", "and its TM (\"tm\", 10.7)");
    refused_data(&ctx, "\"front\": \"14H5\", \"tm\": 2}", "\"front\": \"14H7\", \"tm\": 2}",
                 "the front hex must be next to the cave's hex");
    refused_data(&ctx, "\"front\": \"14H5\", \"tm\": 2}", "\"front\": \"14H5\", \"tm\": 5}", "tm");
    refused_data(&ctx, "{\"type\": \"cave\", \"hex\": \"14C2\"",
                 "{\"type\": \"bunker\", \"hex\": \"14H4\", \"front\": \"14H5\"}, {\"type\": \"cave\", \"hex\": \"14C2\"",
                 "a bunker or a cave, not both (ruling R-CORE-120)");
    refused_data(&ctx, "\"tunnel_side\": \"de\"", "\"tunnel_side\": \"fr\"", "expected a side id");
    refused_data(&ctx, "\"hex\": \"14H6\"}", "\"hex\": \"14H6\", \"floor\": \"cave\"}", "no bunker or cave in that hex");
    refused_data(&ctx, "{\"marker\": \"collapsed_entrance\", \"hex\": \"14C2\"}",
                 "{\"marker\": \"collapsed_entrance\", \"hex\": \"14C3\"}", "needs a cave in that hex");
    refused_data(&ctx, "\"hex\": \"14H6\"}", "\"hex\": \"14H6\", \"markers\": [\"in_tunnel\"]}",
                 "only on a unit in a cave");
    lnlt_ctx_close(&ctx);
}

/* The position plays by the caves it holds (through the engine's own tables),
 * shows them in the view and is written back as it was read. */
static void rule_10_7_caves_in_play_view_and_snapshot(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err = {{0}};
    if (!lnlt_session_open(&s, CAVE_HILL, 7, &err))
        fail_msg("%s", err.msg);
    const lnlt_ctx *ctx = &s.ctx;
    /* 10.7.2: the collapsed cave is no place any more; the others are */
    assert_true(lnlt_cave_collapsed(&s.state, test_cell_of(ctx, "C2")));
    assert_false(lnlt_cave_collapsed(&s.state, test_cell_of(ctx, "H4")));
    /* 4.0 through the precomputed tables: the US leader next door activates the
     * hex around the cave, not the cave */
    char name[LNLT_HEX_ID_MAX];
    assert_string_equal(lnlt_cell_name(ctx, lnlt_unit_loc(&s.state.unit[0]), name), "H4:cave");
    assert_true(rules_loc_adjacent(ctx, test_cell_of(ctx, "H5"), lnlt_unit_loc(&s.state.unit[0])));
    assert_false(rules_leader_reaches(ctx, test_cell_of(ctx, "H5"), lnlt_unit_loc(&s.state.unit[0])));
    /* 10.7.1: the In Tunnel marker read from the file hides the Moved one */
    assert_true(s.state.unit[2].marks & LNLT_MARK_IN_TUNNEL);
    /* the view: the caves, the collapsed entrance and the cave floor */
    json_t *v = lnlt_view_json(&s, US);
    assert_non_null(v);
    const json_t *markers = json_object_get(v, "markers");
    int caves = 0, collapsed = 0;
    for (size_t i = 0; i < json_array_size(markers); i++) {
        const json_t *m = json_array_get(markers, i);
        const char *kind = json_string_value(json_object_get(m, "marker"));
        if (!strcmp(kind, "cave")) {
            caves++;
            assert_string_equal(json_string_value(json_object_get(m, "rule")), "10.7");
        }
        collapsed += !strcmp(kind, "collapsed_entrance");
    }
    assert_int_equal(caves, 3);
    assert_int_equal(collapsed, 1);
    json_decref(v);
    /* a snapshot writes the caves, the cave floor, the marker and In Tunnel back */
    char *text = lnlt_snapshot_text(ctx, &s.state, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"type\": \"cave\""));
    assert_non_null(strstr(text, "\"floor\": \"cave\""));
    assert_non_null(strstr(text, "\"in_tunnel\""));
    assert_non_null(strstr(text, "\"collapsed_entrance\""));
    lnlt_scenario *back = NULL;
    if (!lnlt_scenario_load_json("snapshot", text, strlen(text), ctx->catalog, &back, &err))
        fail_msg("%s\n%s", err.msg, text);
    lnlt_ctx c2 = *ctx;
    c2.scenario = back;
    c2.owned = NULL;
    lnlt_state re;
    lnlt_state_init(&re, &c2, 7);
    assert_true(lnlt_state_hash(&re) == lnlt_state_hash(&s.state));
    lnlt_scenario_free(back);
    free(text);
    lnlt_session_close(&s);
}

/* Issue 12's standard on caves: random games on an assault of three caves (with a
 * bunker) never list an action apply refuses, keep the invariants, and go
 * through tunnel moves and collapses (self-play figures outside CI: docs). */
static void caves_soak(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    lnlt_error err = {{0}};
    if (!lnlt_ctx_open("tests/data/caves/cave_assault.json", &ctx, &err))
        fail_msg("%s", err.msg);
    lnlt_events log;
    lnlt_events_init(&log);
    int tunnels = 0, collapses = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        lnlt_state st;
        lnlt_bot bot;
        lnlt_pcg32 rng;
        lnlt_pcg32_seed(&rng, seed, 7);
        lnlt_state_init(&st, &ctx, seed);
        lnlt_bot_init(&bot, seed);
        lnlt_action a;
        char why[300];
        for (int n = 0; n < 2000 && lnlt_bot_choose(&bot, &ctx, &st, &a); n++) {
            if (!lnlt_check_invariants(&ctx, &st, why, sizeof why) ||
                !lnlt_check_legal_list(&ctx, &st, &rng, 40, 4, why, sizeof why))
                fail_msg("seed %llu, action %d: %s", (unsigned long long)seed, n, why);
            lnlt_events_clear(&log);
            if (!lnlt_apply(&ctx, &st, &a, NULL, &log, &err))
                fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
            for (int e = 0; e < log.count; e++) {
                tunnels += strstr(log.ev[e].text, "through the tunnel") != NULL;
                collapses += strstr(log.ev[e].text, "collapses") != NULL;
            }
        }
    }
    lnlt_events_free(&log);
    assert_true(tunnels > 0);
    assert_true(collapses > 0);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_10_7_caves_in_scenario_data),
        cmocka_unit_test(rule_10_7_caves_in_play_view_and_snapshot),
        cmocka_unit_test(caves_soak),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
