/*
 * test_dice.c: the dice (DESIGN.md principle 4): PCG32 against the reference
 * implementation's published demo output, forced faces reproduced exactly, an
 * empty forced queue as an error, and every roll recorded in the log.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/dice.h"

static void dice_pcg32_matches_reference_sequence(void **state)
{
    (void)state;
    /* pcg32-demo: pcg32_srandom_r(&rng, 42, 54) then six pcg32_random_r calls. */
    static const uint32_t expect[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    lnlt_pcg32 g;
    lnlt_pcg32_seed(&g, 42, 54);
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        assert_int_equal(lnlt_pcg32_next(&g), expect[i]);
}

static void dice_faces_are_uniform_enough(void **state)
{
    (void)state;
    lnlt_pcg32 g;
    lnlt_pcg32_seed(&g, 7, 1);
    int count[7] = {0};
    lnlt_dice d = {&g, NULL, NULL};
    for (int i = 0; i < 60000; i++) {
        int f;
        assert_true(lnlt_dice_roll(&d, 1, NULL, "test", "0.0", &f, NULL, NULL));
        assert_true(f >= 1 && f <= 6);
        count[f]++;
    }
    for (int f = 1; f <= 6; f++)
        assert_true(count[f] > 9500 && count[f] < 10500);
}

static void dice_forced_queue_reproduces_sequence_exactly(void **state)
{
    (void)state;
    lnlt_dice_queue q;
    lnlt_error err;
    lnlt_dice_queue_clear(&q);
    assert_true(lnlt_dice_queue_parse(&q, "4,3 6, 1,2,5", &err));
    assert_int_equal(q.count, 6);
    lnlt_pcg32 g;
    lnlt_pcg32_seed(&g, 1, 1);
    lnlt_events log;
    lnlt_events_init(&log);
    lnlt_dice d = {&g, &q, &log};
    int f[3];
    static const uint8_t colors[2] = {LNLT_DIE_WHITE, LNLT_DIE_COLORED};
    assert_true(lnlt_dice_roll(&d, 1, NULL, "fire at J3, attacker", "5.0", f, NULL, &err));
    assert_int_equal(f[0], 4);
    assert_true(lnlt_dice_roll(&d, 2, colors, "drift", "18.2", f, NULL, &err));
    assert_int_equal(f[0], 3);
    assert_int_equal(f[1], 6);
    assert_true(lnlt_dice_roll(&d, 3, NULL, "three", "0.0", f, NULL, &err));
    assert_int_equal(f[0] * 100 + f[1] * 10 + f[2], 125);
    /* the generator was never touched */
    lnlt_pcg32 fresh;
    lnlt_pcg32_seed(&fresh, 1, 1);
    assert_memory_equal(&g, &fresh, sizeof g);
    /* every roll is in the log with its labels */
    assert_int_equal(log.count, 3);
    assert_string_equal(log.ev[1].what, "drift");
    assert_string_equal(log.ev[1].rule, "18.2");
    assert_int_equal(log.ev[1].color[0], LNLT_DIE_WHITE);
    assert_int_equal(log.ev[1].color[1], LNLT_DIE_COLORED);
    assert_int_equal(log.ev[1].total, 9);
    char text[256];
    lnlt_event_text(&log.ev[1], text, sizeof text);
    assert_string_equal(text, "[18.2] drift: 2d6 3 white,6 coloured");
    lnlt_events_free(&log);
}

static void dice_empty_forced_queue_is_an_error(void **state)
{
    (void)state;
    lnlt_dice_queue q;
    lnlt_error err = {""};
    lnlt_dice_queue_clear(&q);
    assert_true(lnlt_dice_queue_parse(&q, "5", &err));
    lnlt_pcg32 g;
    lnlt_pcg32_seed(&g, 1, 1);
    lnlt_dice d = {&g, &q, NULL};
    int f[2] = {0, 0};
    /* a 2d6 roll with one face left fails without consuming it */
    assert_false(lnlt_dice_roll(&d, 2, NULL, "rally", "3.0", f, NULL, &err));
    assert_non_null(strstr(err.msg, "forced dice ran out"));
    assert_non_null(strstr(err.msg, "rally"));
    assert_int_equal(q.next, 0);
    assert_true(lnlt_dice_roll(&d, 1, NULL, "morale", "1.5.1", f, NULL, &err));
    assert_int_equal(f[0], 5);
    assert_false(lnlt_dice_roll(&d, 1, NULL, "morale", "1.5.1", f, NULL, &err));
}

static void dice_bad_forced_faces_are_rejected(void **state)
{
    (void)state;
    lnlt_dice_queue q;
    lnlt_error err = {""};
    lnlt_dice_queue_clear(&q);
    assert_false(lnlt_dice_queue_parse(&q, "4,7", &err));
    assert_non_null(strstr(err.msg, "item 2"));
    lnlt_dice_queue_clear(&q);
    assert_false(lnlt_dice_queue_parse(&q, "4,12", &err));
    lnlt_dice_queue_clear(&q);
    assert_false(lnlt_dice_queue_parse(&q, "x", &err));
    assert_false(lnlt_dice_queue_push(&q, 0, &err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dice_pcg32_matches_reference_sequence),
        cmocka_unit_test(dice_faces_are_uniform_enough),
        cmocka_unit_test(dice_forced_queue_reproduces_sequence_exactly),
        cmocka_unit_test(dice_empty_forced_queue_is_an_error),
        cmocka_unit_test(dice_bad_forced_faces_are_rejected),
    };
    return cmocka_run_group_tests_name("dice", tests, NULL, NULL);
}
