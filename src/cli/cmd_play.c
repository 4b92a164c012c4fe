/*
 * cmd_play.c: `lnlt play SCENARIO`: a game in the terminal against the computer,
 * hot-seat, or watched (bot against bot). Shows the board (units per hex with
 * their state), the status line, the numbered legal actions (pick by number or
 * type the text command), and after each action the log with every roll
 * explained. Also: undo, save FILE, log, help, quit (docs/cli.md).
 *
 * Input is read line by line with stdio, so the same code serves a person at a
 * terminal, a pipe and a tmux session (the tests use all of them). Colour is used
 * only when stdout is a terminal that is not "dumb" and NO_COLOR is unset.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_game.h"
#include "commands.h"
#include "lnlt/bot.h"
#include "lnlt/data.h"
#include "lnlt/hex.h"
#include "lnlt/map.h"

enum { PLAYER_HUMAN = 0, PLAYER_BOT = 1 };

/* More legal actions than this are shown only in part (moves can be many). */
#define SHOW_ACTIONS_MAX 40

typedef struct play {
    lnlt_session *s;
    int player[3]; /* [side]: PLAYER_* */
    lnlt_bot bot;
    bool color;
    bool quiet_bot; /* bot against bot: print only actions and the end */
    lnlt_action *legal;
    int nlegal, caplegal;
} play;

static const char *col(const play *p, int side)
{
    if (!p->color)
        return "";
    return side == 1 ? "\033[1;34m" : side == 2 ? "\033[1;31m" : "\033[1m";
}
static const char *off(const play *p) { return p->color ? "\033[0m" : ""; }

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lnlt play [SCENARIO] [--side1 human|bot] [--side2 human|bot] [--seed N] [--resume SAVE]\n"
            "                 [--no-color]\n"
            "  SCENARIO        a scenario file (default: the starter scenario in data/scenarios/)\n"
            "  --side1, --side2  who plays each side (default: side 1 human, side 2 the computer)\n"
            "  --seed N        seed for the dice and the computer player (default: from the clock)\n"
            "  --resume SAVE   continue a saved game\n"
            "  --no-color      no colour even on a terminal\n"
            "At the prompt: a number from the list, or a command (\"pass\", \"end-rally\", ...), or\n"
            "  undo, save FILE, board, actions, log, help, quit\n");
}

static bool refresh_legal(play *p)
{
    int n = lnlt_legal_actions(&p->s->ctx, &p->s->state, NULL, 0);
    if (n > p->caplegal) {
        lnlt_action *a = realloc(p->legal, (size_t)n * sizeof *a);
        if (!a)
            return false;
        p->legal = a;
        p->caplegal = n;
    }
    p->nlegal = lnlt_legal_actions(&p->s->ctx, &p->s->state, p->legal, p->caplegal);
    return true;
}

static void unit_label(const play *p, const lnlt_unit *u, int index, char *buf, size_t len)
{
    const lnlt_catalog *cat = p->s->ctx.catalog;
    const char *name = cat && u->type >= 0 && u->type < cat->unit_count ? cat->unit[u->type].name : NULL;
    char tname[32];
    if (!name) {
        snprintf(tname, sizeof tname, "unit type %d", u->type);
        name = tname;
    }
    snprintf(buf, len, "#%d %s%s", index, name, u->status == LNLT_SHAKEN ? " (shaken)" : "");
}

/* A location's id: "H5", or "H5:upper" / "H5:roof" for the other floors (10.4.1). */
static void cell_name(const play *p, int cell, char *buf, size_t len)
{
    const lnlt_map *m = p->s->ctx.map;
    if (m && cell >= 0 && lnlt_loc_cell(cell) < lnlt_map_cells(m)) {
        char id[LNLT_HEX_ID_MAX];
        lnlt_hex h = lnlt_map_hex_at(m, lnlt_loc_cell(cell));
        snprintf(buf, len, "%s%s", lnlt_hex_format(h, id),
                 lnlt_loc_floor(cell) == 1 ? ":upper" : lnlt_loc_floor(cell) == 2 ? ":roof" : "");
    } else {
        snprintf(buf, len, "cell %d", cell);
    }
}

/* The board: the map (with_map), every occupied hex with its units and their
 * state, then the units off the map (waiting to enter, eliminated, exited). */
static void draw_map(const play *p);

static void show_board(const play *p, bool with_map)
{
    const lnlt_state *st = &p->s->state;
    const lnlt_map *m = p->s->ctx.map;
    if (with_map) {
        printf("%s%s%s", col(p, 0), m ? lnlt_map_name(m) : "(no map loaded)", off(p));
        printf(": %s%s%s against %s%s%s\n", col(p, 1), lnlt_side_name(&p->s->ctx, 1), off(p), col(p, 2),
               lnlt_side_name(&p->s->ctx, 2), off(p));
        draw_map(p);
    }
    int on_map = 0;
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        on_map += st->unit[i].cell >= 0;
    if (on_map == 0)
        printf("  no units on the map\n");
    bool shown[LNLT_MAX_UNITS] = {false};
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
        if (shown[i] || st->unit[i].cell < 0)
            continue;
        char where[32];
        cell_name(p, lnlt_unit_loc(&st->unit[i]), where, sizeof where);
        printf("  %-5s", where);
        for (int j = i; j < st->unit_count && j < LNLT_MAX_UNITS; j++) {
            if (shown[j] || lnlt_unit_loc(&st->unit[j]) != lnlt_unit_loc(&st->unit[i]))
                continue;
            char label[96];
            unit_label(p, &st->unit[j], j, label, sizeof label);
            printf(" %s%s%s", col(p, st->unit[j].side), label, off(p));
            shown[j] = true;
        }
        printf("\n");
    }
    /* 7.0: Smoke markers; a hex may hold a Smoke 1 and a Smoke 2 at once. */
    bool smoke_any = false;
    for (int c = 0; c < LNLT_MAX_CELLS; c++) {
        bool s1 = lnlt_bit(st->smoke[0], c), s2 = lnlt_bit(st->smoke[1], c);
        if (!s1 && !s2)
            continue;
        char where[32];
        cell_name(p, c, where, sizeof where);
        printf("%s %s (Smoke %s)", smoke_any ? "," : "  smoke:", where, s1 && s2 ? "1 and 2" : s1 ? "1" : "2");
        smoke_any = true;
    }
    if (smoke_any)
        printf("\n");
    /* 1.6: support weapons by the number the weapon commands take (w0, w1...): who
     * holds each, or the hex it lies in, and its state. */
    const lnlt_catalog *cat = p->s->ctx.catalog;
    int shown_sw = 0;
    for (int i = 0; cat && i < st->sw_count && i < LNLT_MAX_SWS; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->type < 0 || w->type >= cat->sw_count || (w->flags & LNLT_SW_USED) ||
            (w->holder >= 0 ? st->unit[w->holder].cell < 0 : w->cell < 0))
            continue;
        const lnlt_sw_type *wt = &cat->sw[w->type];
        char where[32];
        if (w->holder >= 0)
            snprintf(where, sizeof where, "#%d", w->holder);
        else
            cell_name(p, lnlt_sw_loc(w), where, sizeof where);
        bool two_sided = wt->back_kind == LNLT_SWB_DISMANTLED || wt->back_kind == LNLT_SWB_BIPOD;
        printf("%s w%d %s (%s%s%s%s%s)", shown_sw++ ? "," : "  weapons:", i, wt->name, w->holder >= 0 ? "held by " : "in ",
               where, two_sided ? ((w->flags & LNLT_SW_BACK_SIDE) ? ", dismantled" : ", assembled") : "",
               (w->flags & LNLT_SW_BROKEN) ? ", broken" : (w->flags & LNLT_SW_JAMMED) ? ", jammed" : "",
               (w->flags & LNLT_SW_CAPTURED) ? ", captured" : "");
    }
    if (shown_sw)
        printf("\n");
    static const struct {
        int cell;
        const char *what;
    } places[] = {{LNLT_CELL_NONE, "off the map"}, {LNLT_CELL_ELIMINATED, "eliminated"}, {LNLT_CELL_EXITED, "exited"}};
    for (size_t k = 0; k < sizeof places / sizeof places[0]; k++) {
        if (!with_map && places[k].cell != LNLT_CELL_ELIMINATED)
            continue; /* between actions: only the board and the losses */
        bool any = false;
        for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
            if (st->unit[i].cell != places[k].cell)
                continue;
            if (!any)
                printf("  %s:", places[k].what);
            any = true;
            char label[96];
            unit_label(p, &st->unit[i], i, label, sizeof label);
            printf(" %s%s%s", col(p, st->unit[i].side), label, off(p));
        }
        if (any)
            printf("\n");
    }
}

/* The map as a grid of hexes, drawn like `lnlt map show` (odd-letter columns half
 * a hex lower): each hex shows its id ('=' on a road), then either its units (the
 * first letters of the side's name and how many, in the side's colour, '!' if
 * any is shaken) or a short terrain name. */
static void draw_map(const play *p)
{
    const lnlt_map *m = p->s->ctx.map;
    const lnlt_state *st = &p->s->state;
    if (!m)
        return;
    int ncell = lnlt_map_cells(m);
    int *count = calloc((size_t)ncell, sizeof *count), *side = calloc((size_t)ncell, sizeof *side);
    bool *shaken = calloc((size_t)ncell, sizeof *shaken);
    if (!count || !side || !shaken) {
        free(count);
        free(side);
        free(shaken);
        return;
    }
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
        int c = st->unit[i].cell;
        if (c < 0 || c >= ncell)
            continue;
        count[c]++;
        side[c] = side[c] && side[c] != st->unit[i].side ? 3 : st->unit[i].side; /* 3: both (melee) */
        shaken[c] |= st->unit[i].status == LNLT_SHAKEN;
    }
    const lnlt_tec *tec = lnlt_map_tec(m);
    int cols, rows;
    lnlt_map_extent(m, &cols, &rows);
    for (int y = 0; y < 2 * rows + 3; y++) {
        for (int cx = 0; cx < cols; cx++) {
            int lower = (cx & 1) == 0 ? 1 : 0; /* A, C, E... (index 0, 2, 4) sit lower */
            int row = (y - lower) / 2, part = (y - lower) % 2;
            lnlt_hex h = {(int16_t)cx, (int16_t)row, 0};
            int c = (y - lower) >= 0 ? lnlt_map_index(m, h) : -1;
            if (c < 0 || !lnlt_map_cell_exists(m, c) || lnlt_map_hex_at(m, c).col != cx) {
                printf("       ");
                continue;
            }
            const lnlt_map_hex *x = lnlt_map_cell(m, c);
            if (part == 0) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_hex_format(h, id);
                printf("%-4s%c  ", id, (x->flags & LNLT_HEXF_ROAD) ? '=' : ' ');
            } else if (count[c]) {
                const char *name = side[c] == 3 ? "**" : lnlt_side_name(&p->s->ctx, side[c]);
                printf("%s%c%c%d%c%s  ", col(p, side[c] == 3 ? 0 : side[c]), name[0], name[1] ? name[1] : ' ',
                       count[c] > 9 ? 9 : count[c], shaken[c] ? '!' : ' ', off(p));
            } else {
                /* The id without underscores, upper case where it blocks LOS. */
                const lnlt_terrain *t = &tec->t[x->terrain];
                char ab[6] = "";
                for (int k = 0, n = 0; t->id[k] && n < 5 && strcmp(t->id, "clear"); k++)
                    if (t->id[k] != '_')
                        ab[n++] = t->los == LNLT_LOS_BLOCKING ? (char)toupper((unsigned char)t->id[k]) : t->id[k];
                printf("%-5s  ", ab);
            }
        }
        printf("\n");
    }
    printf("Each hex: its id ('=' road), then its units (side, how many, '!' if one is shaken)\n"
           "or its terrain (CAPITALS block line of sight).\n");
    free(count);
    free(side);
    free(shaken);
}

static void show_status(const play *p)
{
    char status[256];
    cli_status_line(p->s, status, sizeof status);
    lnlt_decision d = lnlt_decision_get(&p->s->ctx, &p->s->state);
    printf("%s== %s%s\n", col(p, d.side), status, off(p));
}

static void show_actions(const play *p)
{
    int shown = p->nlegal < SHOW_ACTIONS_MAX ? p->nlegal : SHOW_ACTIONS_MAX;
    printf("legal actions:");
    for (int i = 0; i < shown; i++) {
        char text[256];
        lnlt_action_format(&p->s->ctx, &p->legal[i], text, sizeof text);
        bool last_in_row = i % 3 == 2 || i == shown - 1;
        printf("%s%3d) %-*s", i % 3 ? " " : "\n  ", i + 1, last_in_row ? 0 : 22, text);
    }
    printf("\n");
    if (p->nlegal > shown)
        printf("  ... and %d more: type the command\n", p->nlegal - shown);
}

static void show_help(void)
{
    printf("Type the number of a legal action or its command (\"pass\", \"end-rally\", ...).\n"
           "Other commands:\n"
           "  undo        take back your last action (and the computer's replies)\n"
           "  save FILE   save the game (resume with: lnlt play --resume FILE)\n"
           "  board       draw the map with the units, and list them per hex\n"
           "  actions     list the legal actions again\n"
           "  log         the whole log so far\n"
           "  help        this text\n"
           "  quit        leave (the game is not saved)\n");
}

/* Applies a, prints what happened. */
static bool play_action(play *p, const lnlt_action *a, bool by_bot)
{
    lnlt_error err;
    int from = p->s->log.count;
    if (!lnlt_session_apply(p->s, a, &err)) {
        printf("%s\n", err.msg);
        return false;
    }
    if (by_bot) {
        char text[256];
        lnlt_action_format(&p->s->ctx, a, text, sizeof text);
        printf("%s%s (computer): %s%s\n", col(p, a->side), lnlt_side_name(&p->s->ctx, a->side), text, off(p));
        from++; /* the ACTION event repeats what was just printed */
    }
    if (!(by_bot && p->quiet_bot))
        cli_print_events(stdout, &p->s->log, from, false, "  ");
    return true;
}

/* Takes back the human's last action and the computer's replies after it. */
static void undo_human(play *p)
{
    lnlt_error err;
    if (p->s->nsteps == 0) {
        printf("nothing to undo\n");
        return;
    }
    int undone = 0;
    while (p->s->nsteps > 0) {
        int side = p->s->steps[p->s->nsteps - 1].action.side;
        if (!lnlt_session_undo(p->s, &err)) {
            printf("%s\n", err.msg);
            return;
        }
        undone++;
        if (p->player[side] == PLAYER_HUMAN)
            break;
    }
    printf("undone %d action%s\n", undone, undone == 1 ? "" : "s");
}

/* Handles one line of input on a human's decision; true if it asked to quit. */
static bool human_line(play *p, char *line)
{
    char *cmd = cli_trim(line);
    lnlt_error err;
    if (!*cmd)
        return false;
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "q") || !strcmp(cmd, "exit"))
        return true;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        show_help();
    } else if (!strcmp(cmd, "undo")) {
        undo_human(p);
    } else if (!strcmp(cmd, "board")) {
        show_board(p, true);
    } else if (!strcmp(cmd, "actions")) {
        show_actions(p);
    } else if (!strcmp(cmd, "log")) {
        cli_print_events(stdout, &p->s->log, 0, false, "  ");
    } else if (!strncmp(cmd, "save", 4) && (cmd[4] == 0 || cmd[4] == ' ')) {
        char *file = cli_trim(cmd + 4);
        if (!*file)
            printf("usage: save FILE\n");
        else if (!lnlt_session_save(p->s, file, &err))
            printf("%s\n", err.msg);
        else
            printf("saved to %s (resume with: lnlt play --resume %s)\n", file, file);
    } else {
        char *end;
        long k = strtol(cmd, &end, 10);
        lnlt_action a;
        if (*end == 0 && end != cmd) {
            if (k < 1 || k > p->nlegal) {
                printf("no action %ld: pick 1..%d\n", k, p->nlegal);
                return false;
            }
            a = p->legal[k - 1];
        } else if (!lnlt_action_parse(&p->s->ctx, &p->s->state, cmd, &a, &err)) {
            printf("%s (type help for the commands)\n", err.msg);
            return false;
        }
        play_action(p, &a, false);
    }
    return false;
}

static int parse_player(const char *opt, const char *v, int *out)
{
    if (!strcmp(v, "human"))
        *out = PLAYER_HUMAN;
    else if (!strcmp(v, "bot") || !strcmp(v, "computer"))
        *out = PLAYER_BOT;
    else {
        fprintf(stderr, "lnlt play: --%s: expected human or bot, got \"%s\"\n", opt, v);
        return 2;
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    static const struct option opts[] = {{"side1", required_argument, 0, '1'}, {"side2", required_argument, 0, '2'},
                                         {"seed", required_argument, 0, 's'},  {"resume", required_argument, 0, 'r'},
                                         {"no-color", no_argument, 0, 'n'},    {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    play p;
    memset(&p, 0, sizeof p);
    p.player[1] = PLAYER_HUMAN;
    p.player[2] = PLAYER_BOT;
    uint64_t seed = (uint64_t)time(NULL);
    const char *resume = NULL;
    bool no_color = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case '1':
        case '2':
            if (parse_player(c == '1' ? "side1" : "side2", optarg, &p.player[c - '0']))
                return 2;
            break;
        case 's':
            if (!cli_parse_u64(optarg, &seed)) {
                fprintf(stderr, "lnlt play: --seed: expected a whole number 0..2^64-1, got \"%s\"\n", optarg);
                return 2;
            }
            break;
        case 'r': resume = optarg; break;
        case 'n': no_color = true; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (argc - optind > 1 || (resume && argc - optind > 0)) {
        fprintf(stderr, "lnlt play: expected one SCENARIO file, or --resume SAVE alone\n");
        usage(stderr);
        return 2;
    }
    char scenario[1024];
    if (!resume) {
        if (optind < argc)
            snprintf(scenario, sizeof scenario, "%s", argv[optind]);
        else if (!cli_default_scenario(scenario, sizeof scenario)) {
            fprintf(stderr, "lnlt play: no SCENARIO given and no starter scenario found in data/scenarios/\n");
            return 2;
        }
    }
    const char *term = getenv("TERM");
    p.color = !no_color && isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb");
    p.quiet_bot = p.player[1] == PLAYER_BOT && p.player[2] == PLAYER_BOT;

    lnlt_error err;
    p.s = malloc(sizeof *p.s);
    if (!p.s) {
        fprintf(stderr, "lnlt play: out of memory\n");
        return 1;
    }
    bool ok = resume ? lnlt_session_load(p.s, resume, &err) : lnlt_session_open(p.s, scenario, seed, &err);
    if (!ok) {
        fprintf(stderr, "lnlt play: %s\n", err.msg);
        free(p.s);
        return 1;
    }
    lnlt_bot_init(&p.bot, seed ^ 0x9e3779b97f4a7c15ull);
    printf("lnlt: %s (seed %llu); %s: %s, %s: %s. Type help for the commands.\n", p.s->scenario,
           (unsigned long long)p.s->seed, lnlt_side_name(&p.s->ctx, 1), p.player[1] ? "computer" : "human",
           lnlt_side_name(&p.s->ctx, 2), p.player[2] ? "computer" : "human");
    if (resume)
        printf("resumed %s after %d actions%s%s\n", resume, p.s->nsteps, p.s->notice[0] ? "\nnote: " : "",
               p.s->notice);
    show_board(&p, true);

    int rc = 0;
    bool quit = false;
    int last_shown = -1; /* step count when the board and actions were last shown */
    while (!quit) {
        if (!refresh_legal(&p)) {
            fprintf(stderr, "lnlt play: out of memory\n");
            rc = 1;
            break;
        }
        lnlt_decision d = lnlt_decision_get(&p.s->ctx, &p.s->state);
        if (d.kind == LNLT_DECIDE_NONE || p.nlegal == 0) {
            show_status(&p);
            break;
        }
        if (p.player[d.side] == PLAYER_BOT) {
            lnlt_action a;
            if (!lnlt_bot_choose(&p.bot, &p.s->ctx, &p.s->state, &a) || !play_action(&p, &a, true)) {
                rc = 1;
                break;
            }
            continue;
        }
        if (last_shown != p.s->nsteps) {
            if (last_shown >= 0)
                show_board(&p, false); /* where everything stands now */
            show_status(&p);
            show_actions(&p);
            last_shown = p.s->nsteps;
        }
        printf("%s%s>%s ", col(&p, d.side), lnlt_side_name(&p.s->ctx, d.side), off(&p));
        fflush(stdout);
        char *line, why[128];
        int got = cli_next_line(stdin, &line, why, sizeof why);
        if (got == 0) {
            printf("\nend of input: leaving (the game is not saved)\n");
            break;
        }
        if (got < 0) {
            printf("%s: nothing done\n", why);
            continue;
        }
        if (!isatty(STDIN_FILENO))
            printf("%s\n", line); /* echo piped input so the transcript reads like a session */
        int before = p.s->nsteps;
        quit = human_line(&p, line);
        free(line);
        if (p.s->nsteps < before)
            last_shown = -1; /* after an undo, show where we are again */
    }
    fflush(stdout);
    free(p.legal);
    lnlt_session_close(p.s);
    free(p.s);
    return rc;
}
