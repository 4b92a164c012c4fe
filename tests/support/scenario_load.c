/* scenario_load.c: see scenario_load.h. */
#include "scenario_load.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

void test_scenario_load(test_scenario *l, const char *path)
{
    lnlt_error err;
    memset(l, 0, sizeof *l);
    if (!lnlt_catalog_load_dir("data", &l->cat, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_scenario_load_file(path, l->cat, &l->scn, &err))
        fail_msg("%s", err.msg);
    char mpath[128];
    snprintf(mpath, sizeof mpath, "data/maps/%s.json", l->scn->map_id[0]);
    if (!lnlt_map_load_file(mpath, &l->map, &err) || !lnlt_scenario_prepare(l->scn, l->cat, l->map, &err))
        fail_msg("%s", err.msg);
    l->ctx.turns = l->scn->turns;
    l->ctx.first_initiative = l->scn->initiative + 1;
    l->ctx.side_name[1] = l->scn->side[0].name;
    l->ctx.side_name[2] = l->scn->side[1].name;
    l->ctx.map = l->map;
    l->ctx.catalog = l->cat;
    l->ctx.scenario = l->scn;
}

void test_scenario_unload(test_scenario *l)
{
    lnlt_scenario_free(l->scn);
    lnlt_map_free(l->map);
    lnlt_catalog_free(l->cat);
    memset(l, 0, sizeof *l);
}

int test_cell(const test_scenario *l, const char *hex)
{
    lnlt_hex h;
    char why[96];
    if (!lnlt_hex_parse(hex, &h, why, sizeof why))
        fail_msg("%s", why);
    int c = lnlt_map_index(l->map, h);
    if (c < 0)
        fail_msg("%s is not on the map", hex);
    return c;
}

void test_ctx_open(const char *path, lnlt_ctx *ctx)
{
    lnlt_error err;
    if (!lnlt_ctx_open(path, ctx, &err))
        fail_msg("%s: %s", path, err.msg);
}

int test_unit_of_type(const lnlt_ctx *ctx, const lnlt_state *st, const char *type_id)
{
    for (int i = 0; i < st->unit_count; i++) {
        int t = st->unit[i].type;
        if (t >= 0 && t < ctx->catalog->unit_count && !strcmp(ctx->catalog->unit[t].id, type_id))
            return i;
    }
    fail_msg("no unit of type %s", type_id);
    return -1;
}

void test_past_setup(const lnlt_ctx *ctx, lnlt_state *st, uint64_t seed)
{
    lnlt_state_init(st, ctx, seed);
    lnlt_action a;
    lnlt_error err;
    for (int guard = 0; st->phase == LNLT_PHASE_SETUP && guard < 100; guard++) {
        assert_true(lnlt_legal_actions(ctx, st, &a, 1) >= 1);
        assert_true(lnlt_apply(ctx, st, &a, NULL, NULL, &err));
    }
    assert_int_not_equal(st->phase, LNLT_PHASE_SETUP);
}

int test_ctx_cell(const lnlt_ctx *ctx, const char *hex)
{
    int loc;
    lnlt_error err;
    if (!lnlt_location_parse(ctx, hex, &loc, &err))
        fail_msg("bad hex %s: %s", hex, err.msg);
    return lnlt_loc_cell(loc);
}

lnlt_action test_stand_still(const lnlt_ctx *ctx, const lnlt_state *st)
{
    lnlt_action legal[256];
    int n = lnlt_legal_actions(ctx, st, legal, 256);
    assert_true(n >= 1);
    lnlt_action a = legal[0];
    for (int i = 0; i < n && i < 256; i++)
        if (legal[i].type == LNLT_ACT_PASS || legal[i].type == LNLT_ACT_NO_FIRE || legal[i].type == LNLT_ACT_END_RALLY)
            a = legal[i];
    return a;
}

void test_keep_only_two(lnlt_state *st, int a, int b)
{
    for (int i = 0; i < st->unit_count; i++)
        if (i != a && i != b)
            st->unit[i].cell = LNLT_CELL_ELIMINATED;
}
