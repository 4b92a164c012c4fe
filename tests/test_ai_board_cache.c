/*
 * test_ai_board_cache.c: the cache of the computer player's study of a scenario
 * (src/ai/ai_board_cache.c). What it hands out must be exactly the study
 * ai_board_new makes (line of sight 10.3, movement fields 6.0, the goals of the
 * victory conditions 22.0-22.1, the counters' worth), and it must be keyed by
 * content: the same scenario opened twice shares one entry, a mid-game position
 * of it too, while two scenarios that differ in anything the study reads (or in
 * anything at all but their position) never share one, even on the same map.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/ai.h"
#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/scenario.h"

#define SK1 "data/scenarios/sk1_assault_on_vierville.json"
#define SK2 "data/scenarios/sk2_rejoining_the_regiment.json"
#define SK3 "data/scenarios/sk3_the_weapons_cache.json"
#define SK4 "data/scenarios/sk4_a_friend_in_need.json"
#define VEH "data/scenarios/vehicle_crossroads.json"

static void open_ctx(const char *path, lnlt_ctx *ctx)
{
    lnlt_error err;
    if (!lnlt_ctx_open(path, ctx, &err))
        fail_msg("%s: %s", path, err.msg);
}

/* Every field of two studies, the arrays they point to included. */
static void assert_same_study(const ai_board *a, const ai_board *b)
{
    assert_int_equal(a->cells, b->cells);
    assert_memory_equal(a->usable, b->usable, sizeof a->usable);
    assert_memory_equal(a->nb, b->nb, sizeof a->nb);
    assert_memory_equal(a->tm, b->tm, sizeof a->tm);
    assert_memory_equal(a->no_moving_bonus, b->no_moving_bonus, sizeof a->no_moving_bonus);
    assert_memory_equal(a->los, b->los, (size_t)a->cells * (size_t)a->cells);
    assert_int_equal(a->goal_count, b->goal_count);
    assert_memory_equal(a->goal, b->goal, sizeof a->goal);
    assert_int_equal(a->defender, b->defender);
    for (int c = 0; c < AI_CELLS; c++) {
        assert_int_equal(a->to_cell[c] != NULL, b->to_cell[c] != NULL);
        if (a->to_cell[c])
            assert_memory_equal(a->to_cell[c], b->to_cell[c], (size_t)a->cells * sizeof(int16_t));
    }
    assert_memory_equal(a->hit, b->hit, sizeof a->hit);
    assert_memory_equal(a->attract2, b->attract2, sizeof a->attract2);
    assert_memory_equal(a->unit_value, b->unit_value, sizeof a->unit_value);
    assert_memory_equal(a->sw_value, b->sw_value, sizeof a->sw_value);
}

static ai_board_cache_stats stats(void)
{
    ai_board_cache_stats s;
    ai_board_cache_get_stats(&s);
    return s;
}

/* The study from the cache (made, then found) is the fresh study, for every
 * scenario; each copy carries the ctx it was asked for. */
static void cached_study_is_the_fresh_study(void **state)
{
    (void)state;
    static const char *const paths[] = {SK1, SK2, SK3, SK4, VEH};
    lnlt_bot_cache_clear();
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        lnlt_ctx ctx;
        open_ctx(paths[i], &ctx);
        ai_board *fresh = ai_board_new(&ctx);
        ai_board *made = ai_board_get(&ctx);  /* a miss: studied and kept */
        ai_board *found = ai_board_get(&ctx); /* a hit: a copy of what was kept */
        assert_non_null(fresh);
        assert_non_null(made);
        assert_non_null(found);
        assert_ptr_equal(found->ctx, &ctx);
        assert_ptr_not_equal(found->los, made->los);
        assert_same_study(fresh, made);
        assert_same_study(fresh, found);
        assert_true(fresh->goal_count > 0);
        ai_board_free(fresh);
        ai_board_free(made);
        ai_board_free(found);
        lnlt_ctx_close(&ctx);
    }
    ai_board_cache_stats s = stats();
    assert_int_equal(s.misses, 5);
    assert_int_equal(s.hits, 5);
    assert_int_equal(s.entries, 5);
    lnlt_bot_cache_clear();
}

/* Keyed by content, not by address: the same file opened twice (two ctxs, two
 * scenario and map copies) shares the entry, and it outlives the ctx that made it. */
static void same_content_shares_one_entry(void **state)
{
    (void)state;
    lnlt_bot_cache_clear();
    lnlt_ctx a, b;
    open_ctx(SK3, &a);
    ai_board_free(ai_board_get(&a));
    lnlt_ctx_close(&a);
    open_ctx(SK3, &b);
    ai_board *got = ai_board_get(&b);
    ai_board *fresh = ai_board_new(&b);
    assert_same_study(fresh, got);
    ai_board_cache_stats s = stats();
    assert_int_equal(s.misses, 1);
    assert_int_equal(s.hits, 1);
    ai_board_free(got);
    ai_board_free(fresh);
    lnlt_ctx_close(&b);
    lnlt_bot_cache_clear();
}

/* A copy of sk3's scenario changed in one field, with sk3's map and catalog. */
static lnlt_scenario *changed_copy(const lnlt_ctx *ctx)
{
    lnlt_scenario *s = malloc(sizeof *s);
    assert_non_null(s);
    memcpy(s, ctx->scenario, sizeof *s);
    return s;
}

/* Two scenarios on the same map that differ in what the study reads (the
 * playable area, a victory condition's zone, an objective's hex) or only in a
 * word of their text never share an entry; each gets its own fresh study. A
 * mid-game position of the same scenario does share it (the study reads none). */
static void different_scenarios_never_share(void **state)
{
    (void)state;
    lnlt_bot_cache_clear();
    lnlt_ctx ctx;
    open_ctx(SK3, &ctx);
    ai_board_free(ai_board_get(&ctx));

    lnlt_scenario *area = changed_copy(&ctx);
    area->has_area = true;
    area->area_col[0] = 2;
    area->area_col[1] = 6;
    area->area_row[0] = 1;
    area->area_row[1] = 7;
    lnlt_scenario *goal = changed_copy(&ctx);
    assert_true(goal->victory.condition_count > 0);
    bool moved = false;
    for (int k = 0; k < goal->victory.condition_count && !moved; k++)
        if (goal->victory.condition[k].zone >= 0 && goal->zone_count > 1) {
            goal->victory.condition[k].zone = (int8_t)((goal->victory.condition[k].zone + 1) % goal->zone_count);
            moved = true;
        }
    for (int k = 0; k < goal->objective_count && !moved; k++) {
        goal->objective[k].hex.col = (int16_t)(goal->objective[k].hex.col + 1);
        moved = true;
    }
    assert_true(moved);
    lnlt_scenario *title = changed_copy(&ctx);
    title->title[0] ^= 0x20;
    lnlt_scenario *position = changed_copy(&ctx);
    position->has_state = true;
    position->state.turn = 3;

    lnlt_scenario *const variants[] = {area, goal, title};
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        lnlt_ctx other = ctx;
        other.scenario = variants[i];
        long misses = stats().misses;
        ai_board *got = ai_board_get(&other);
        ai_board *fresh = ai_board_new(&other);
        assert_int_equal(stats().misses, misses + 1);
        assert_same_study(fresh, got);
        ai_board_free(got);
        ai_board_free(fresh);
    }
    /* the area and the goal changed the study itself */
    lnlt_ctx a = ctx, g = ctx;
    a.scenario = area;
    g.scenario = goal;
    ai_board *orig = ai_board_new(&ctx), *sa = ai_board_new(&a), *sg = ai_board_new(&g);
    assert_memory_not_equal(orig->usable, sa->usable, sizeof orig->usable);
    assert_memory_not_equal(orig->goal, sg->goal, sizeof orig->goal);

    lnlt_ctx p = ctx;
    p.scenario = position;
    long hits = stats().hits;
    ai_board *pos = ai_board_get(&p);
    assert_int_equal(stats().hits, hits + 1);
    assert_same_study(orig, pos);

    ai_board_free(pos);
    ai_board_free(orig);
    ai_board_free(sa);
    ai_board_free(sg);
    free(area);
    free(goal);
    free(title);
    free(position);
    lnlt_ctx_close(&ctx);
    lnlt_bot_cache_clear();
}

/* The map is part of the key: the same scenario with a hex of its map changed
 * (a terrain counter laid, 10.5) or without the precomputed LOS table is another
 * entry, with its own fresh study. */
static void a_changed_map_is_another_entry(void **state)
{
    (void)state;
    lnlt_bot_cache_clear();
    lnlt_ctx ctx;
    open_ctx(SK3, &ctx);
    ai_board_free(ai_board_get(&ctx));
    lnlt_ctx traced = ctx;
    traced.los_table = NULL;
    long misses = stats().misses;
    ai_board *t = ai_board_get(&traced), *tf = ai_board_new(&traced);
    assert_int_equal(stats().misses, misses + 1);
    assert_same_study(tf, t);
    ai_board_free(t);
    ai_board_free(tf);

    uint64_t before = lnlt_map_digest(ctx.map);
    lnlt_error err;
    lnlt_map *copy = NULL;
    char path[300];
    snprintf(path, sizeof path, "data/maps/%s.json", ctx.scenario->map_id[0]);
    if (!lnlt_map_load_file(path, &copy, &err))
        fail_msg("%s: %s", path, err.msg);
    assert_int_equal(lnlt_map_digest(copy), before); /* same file, same content */
    int cell = -1;
    for (int c = 0; c < lnlt_map_cells(copy) && cell < 0; c++)
        if (lnlt_map_cell_exists(copy, c) && lnlt_map_place_counter(copy, c, LNLT_HEXC_CRATER1, &err))
            cell = c;
    assert_true(cell >= 0);
    assert_true(lnlt_map_digest(copy) != before);
    lnlt_ctx changed = traced;
    changed.map = copy;
    misses = stats().misses;
    ai_board *c1 = ai_board_get(&changed), *cf = ai_board_new(&changed);
    assert_int_equal(stats().misses, misses + 1);
    assert_same_study(cf, c1);
    ai_board_free(c1);
    ai_board_free(cf);
    lnlt_map_free(copy);
    lnlt_ctx_close(&ctx);
    lnlt_bot_cache_clear();
}

/* Bounded: more scenarios than it holds evict the least recently used, and the
 * boards handed out before stay valid. lnlt_bot_cache_clear empties it. */
static void the_cache_is_bounded_and_cleared(void **state)
{
    (void)state;
    lnlt_bot_cache_clear();
    lnlt_ctx ctx;
    open_ctx(SK2, &ctx);
    ai_board *first = NULL;
    for (int i = 0; i < AI_BOARD_CACHE_MAX + 3; i++) {
        lnlt_scenario *s = changed_copy(&ctx);
        snprintf(s->title, sizeof s->title, "variant %d", i);
        lnlt_ctx v = ctx;
        v.scenario = s;
        ai_board *b = ai_board_get(&v);
        assert_non_null(b);
        if (i == 0)
            first = b;
        else
            ai_board_free(b);
        free(s);
        assert_true(stats().entries <= AI_BOARD_CACHE_MAX);
    }
    ai_board_cache_stats s = stats();
    assert_int_equal(s.entries, AI_BOARD_CACHE_MAX);
    assert_int_equal(s.evictions, 3);
    ai_board *fresh = ai_board_new(&ctx);
    fresh->ctx = first->ctx;
    assert_same_study(fresh, first); /* a title does not change the study */
    ai_board_free(fresh);
    ai_board_free(first);
    lnlt_bot_cache_clear();
    assert_int_equal(stats().entries, 0);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cached_study_is_the_fresh_study),
        cmocka_unit_test(same_content_shares_one_entry),
        cmocka_unit_test(different_scenarios_never_share),
        cmocka_unit_test(a_changed_map_is_another_entry),
        cmocka_unit_test(the_cache_is_bounded_and_cleared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
