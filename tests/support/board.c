/*
 * board.c: the shared engine test bench (see board.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "board.h"

test_board T;

void board_open(const char *const *files, int nfiles, const char *map_path)
{
    lnlt_error err;
    memset(&T, 0, sizeof T);
    if (!files) {
        if (!lnlt_catalog_load_dir("data", &T.cat, &err))
            fail_msg("%s", err.msg);
    } else {
        T.cat = lnlt_catalog_new();
        for (int i = 0; i < nfiles; i++)
            if (!lnlt_catalog_add_file(T.cat, files[i], &err))
                fail_msg("%s", err.msg);
        if (!lnlt_catalog_link(T.cat, &err))
            fail_msg("%s", err.msg);
    }
    if (!lnlt_map_load_file(map_path, &T.map, &err))
        fail_msg("%s", err.msg);
    T.ctx.turns = 3;
    T.ctx.first_initiative = 1;
    T.ctx.side_name[1] = "US";
    T.ctx.side_name[2] = "German";
    T.ctx.map = T.map;
    T.ctx.catalog = T.cat;
    lnlt_state_init(&T.st, &T.ctx, 1);
    lnlt_dice_queue_clear(&T.dice);
    lnlt_events_init(&T.log);
}

void board_close(void)
{
    lnlt_events_free(&T.log);
    lnlt_map_free(T.map);
    lnlt_catalog_free(T.cat);
    memset(&T, 0, sizeof T);
}

int board_teardown(void **state)
{
    (void)state;
    board_close();
    return 0;
}

int board_add(const char *type, int side, const char *hex)
{
    lnlt_error err;
    int u = lnlt_state_add_unit(&T.ctx, &T.st, type, side, hex, &err);
    if (u < 0)
        fail_msg("%s", err.msg);
    return u;
}

int board_add_sw(const char *type, int holder, const char *hex)
{
    lnlt_error err;
    int w = lnlt_state_add_sw(&T.ctx, &T.st, type, holder, hex, &err);
    if (w < 0)
        fail_msg("%s", err.msg);
    return w;
}

int board_cell(const char *hex)
{
    int loc;
    lnlt_error err;
    if (!lnlt_location_parse(&T.ctx, hex, &loc, &err)) /* "H5", "H5:upper", "H5:roof" */
        fail_msg("%s: %s", hex, err.msg);
    return loc;
}

bool board_legal(const char *cmd)
{
    lnlt_action a;
    lnlt_error err;
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        return false;
    static lnlt_action list[4096];
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    for (int i = 0; i < n; i++)
        if (lnlt_action_equal(&list[i], &a))
            return true;
    return false;
}

static void apply(const char *cmd, const char *dice)
{
    lnlt_error err;
    lnlt_action a;
    if (dice[0] && !lnlt_dice_queue_parse(&T.dice, dice, &err))
        fail_msg("%s", err.msg);
    if (!board_legal(cmd)) {
        static lnlt_action list[4096];
        int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
        char text[96];
        for (int i = 0; i < n && i < 30; i++) {
            lnlt_action_format(&T.ctx, &list[i], text, sizeof text);
            print_message("  legal: %s\n", text);
        }
        fail_msg("\"%s\" is not legal now", cmd);
    }
    if (T.log_last_command)
        T.log.count = 0;
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err) || !lnlt_apply(&T.ctx, &T.st, &a, &T.dice, &T.log, &err))
        fail_msg("%s: %s", cmd, err.msg);
}

void board_play(const char *cmd, const char *dice)
{
    apply(cmd, dice);
    assert_int_equal(lnlt_dice_queue_left(&T.dice), 0);
}

void board_play_loose(const char *cmd, const char *dice)
{
    apply(cmd, dice);
    lnlt_dice_queue_clear(&T.dice);
}

bool board_logged(const char *needle)
{
    char text[512];
    for (int i = 0; i < T.log.count; i++) {
        lnlt_event_text(&T.log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

void board_dump_log(void)
{
    char text[512];
    for (int i = 0; i < T.log.count; i++) {
        lnlt_event_text(&T.log.ev[i], text, sizeof text);
        print_message("  log: %s\n", text);
    }
}

void board_expect_log(const char *needle)
{
    if (!board_logged(needle)) {
        board_dump_log();
        fail_msg("no event containing \"%s\"", needle);
    }
}

void board_to_operations(void)
{
    board_play("end-rally", "");
    board_play("end-rally", "");
}
