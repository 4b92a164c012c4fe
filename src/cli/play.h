/*
 * play.h: what the parts of `lnlt play` share (cmd_play.c: the loop and the
 * commands; play_show.c: the board, status, briefing, action list and log;
 * play_preview.c: previews and line of sight at the prompt). The terminal shows
 * the same side's view the server would send (lnlt/view.h), so it hides what the
 * browser hides.
 */
#ifndef LNLT_CLI_PLAY_H
#define LNLT_CLI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/session.h"

enum { PLAYER_HUMAN = 0, PLAYER_BOT = 1 };

/* Legal actions shown per page of the list (three columns). */
#define PLAY_PAGE 45

typedef struct play {
    lnlt_session *s;
    int player[3];     /* [side]: PLAYER_* */
    uint64_t bot_seed; /* the computer's choices */
    int level[3];      /* [side]: the computer's level (lnlt_bot_level) */
    struct lnlt_bot *bot[3]; /* [side]: the computer player, made when the seats are known */
    bool color;
    bool quiet_bot;    /* bot against bot: print only actions and the end */
    lnlt_action *legal;
    int nlegal, caplegal;
    bool legal_stale;  /* the state changed since `legal` was listed (an action, an undo) */
    int *order;        /* display order of the legal actions (the decision's own words first) */
    int page;          /* the page of the action list shown last */
} play;

const char *play_col(const play *p, int side);
const char *play_off(const play *p);
/* The side whose view the terminal shows: the human who decides now, else a human
 * side, else 0 (a spectator). */
int play_viewer(const play *p);

/* play_show.c */
void play_show_board(const play *p, bool with_map);
void play_show_status(const play *p);
void play_show_briefing(const play *p);
/* Page `page` (0-based) of the legal actions; page < 0: all of them. */
void play_show_actions(play *p, int page);
/* Prints the log from event `from`, as the viewer may see it, with the words of
 * any paragraph read there. */
void play_print_events(const play *p, int from);

/* play_preview.c */
void play_preview(const play *p, const char *command);
void play_los(const play *p, const char *args);

#endif
