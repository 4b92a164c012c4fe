/*
 * cmd_play.c: `lnlt play SCENARIO`: a game in the terminal against the computer,
 * hot-seat, or watched (bot against bot). Shows the board (units per hex with
 * their numbers and markers, control and victory points), the status line with
 * the decision in words, the scenario briefing, the numbered legal actions (all of
 * them, in pages), and after each action the log with every roll explained and
 * the words of any paragraph read. Also: previews and line of sight, undo, save
 * FILE, log, help, quit (docs/cli.md). The display is in play_show.c and
 * play_preview.c.
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
#include "cli_bot.h"
#include "lnlt/bot.h"
#include "lnlt/view.h"
#include "play.h"

const char *play_col(const play *p, int side)
{
    if (!p->color)
        return "";
    return side == 1 ? "\033[1;34m" : side == 2 ? "\033[1;31m" : "\033[1m";
}
const char *play_off(const play *p) { return p->color ? "\033[0m" : ""; }

int play_viewer(const play *p)
{
    lnlt_decision d = lnlt_decision_get(&p->s->ctx, &p->s->state);
    if (d.side && p->player[d.side] == PLAYER_HUMAN)
        return d.side;
    return p->player[1] == PLAYER_HUMAN ? 1 : p->player[2] == PLAYER_HUMAN ? 2 : 0;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lnlt play [SCENARIO] [--side1 WHO] [--side2 WHO] [--bot LEVEL] [--ms MS] [--seed N]\n"
            "                 [--resume SAVE] [--no-color] [--rule N=on|off]...\n"
            "  SCENARIO        a scenario file (default: the starter scenario in data/scenarios/)\n"
            "  --side1, --side2  who plays each side: human, bot (the computer at --bot's level), or a\n"
            "                  level: random, easy, normal, hard (default: side 1 human, side 2 bot;\n"
            "                  with --resume, the seats the save records)\n"
            "  --bot LEVEL     the computer's level (default hard)\n"
            "  --ms MS         the time a hard computer player thinks per decision (default %d)\n"
            "  --seed N        seed for the dice and the computer player (default: from the clock)\n"
            "  --resume SAVE   continue a saved game\n"
            "  --no-color      no colour even on a terminal\n"
            "  --rule N=on|off play the scenario's optional special rule N (its index in\n"
            "                  special_rules; the briefing lists them) or not (22.0)\n"
            "At the prompt: a number from the list, or a command (\"pass\", \"end-rally\", ...), or\n"
            "  preview COMMAND, los FROM TO, undo, save FILE, board, briefing, actions, more, log, help, quit\n",
            LNLT_BOT_DEFAULT_MS);
}

static bool refresh_legal(play *p)
{
    int n = lnlt_legal_actions(&p->s->ctx, &p->s->state, NULL, 0);
    if (n > p->caplegal) {
        lnlt_action *a = realloc(p->legal, (size_t)n * sizeof *a);
        if (!a)
            return false;
        p->legal = a;
        int *o = realloc(p->order, (size_t)n * sizeof *o);
        if (!o)
            return false;
        p->order = o;
        p->caplegal = n;
    }
    p->nlegal = lnlt_legal_actions(&p->s->ctx, &p->s->state, p->legal, p->caplegal);
    return true;
}

static void show_help(void)
{
    printf("Type the number of a legal action or its command (\"pass\", \"end-rally\", ...).\n"
           "Other commands:\n"
           "  preview COMMAND  what a legal action would do: modifiers, odds, MP, opportunity fire\n"
           "  los FROM TO      line of sight between two locations (H5, H5:upper), with its reasons\n"
           "  undo        take back your last action (and the computer's replies)\n"
           "  save FILE   save the game (resume with: lnlt play --resume FILE)\n"
           "  board       draw the map with the units, and list them per hex\n"
           "  briefing    the scenario: forces, victory conditions, special rules, events\n"
           "  actions     list the legal actions again (actions N: page N; actions all: all)\n"
           "  more        the next page of legal actions\n"
           "  log         the whole log so far\n"
           "  help        this text\n"
           "  quit        leave (the game is not saved; \"exit\" is the action of leaving the map)\n");
}

/* The computer's choice, from its side's view (cli_bot_decide). The random
 * level restarts its generator from the seed and the position, so after an undo
 * it replies as before; the other levels keep their player (and the plan of a
 * move under way) for the game. */
static bool bot_choose(const play *p, int side, lnlt_action *out)
{
    if (p->level[side] == LNLT_BOT_RANDOM) {
        lnlt_bot bot;
        lnlt_bot_init(&bot, p->bot_seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(p->s->nsteps + 1)));
        return lnlt_bot_choose(&bot, &p->s->ctx, &p->s->state, out);
    }
    return cli_bot_decide(p->bot[side], &p->s->ctx, &p->s->state, out);
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
    p->legal_stale = true;
    if (by_bot) {
        /* 8.0: a melee pick made in secret is announced by play_print_events */
        if (lnlt_event_visible(p->s, &p->s->log.ev[from], play_viewer(p))) {
            char text[256];
            lnlt_action_format(&p->s->ctx, a, text, sizeof text);
            printf("%s%s (computer): %s%s\n", play_col(p, a->side), lnlt_side_name(&p->s->ctx, a->side), text,
                   play_off(p));
            from++; /* the ACTION event repeats what was just printed */
        }
    }
    if (!(by_bot && p->quiet_bot))
        play_print_events(p, from);
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
        p->legal_stale = true;
        undone++;
        if (p->player[side] == PLAYER_HUMAN)
            break;
    }
    printf("undone %d action%s\n", undone, undone == 1 ? "" : "s");
}

static bool word_is(const char *cmd, const char *word)
{
    size_t n = strlen(word);
    return !strncmp(cmd, word, n) && (cmd[n] == 0 || cmd[n] == ' ');
}

/* Handles one line of input on a human's decision; true if it asked to quit. */
static bool human_line(play *p, char *line)
{
    char *cmd = cli_trim(line);
    lnlt_error err;
    if (!*cmd)
        return false;
    /* "exit" is an action (leaving the map through an exit hex, 22.0), not a way out */
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "q"))
        return true;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        show_help();
    } else if (!strcmp(cmd, "undo")) {
        undo_human(p);
    } else if (!strcmp(cmd, "board")) {
        play_show_board(p, true);
    } else if (!strcmp(cmd, "briefing")) {
        play_show_briefing(p);
    } else if (word_is(cmd, "actions")) {
        char *arg = cli_trim(cmd + 7);
        if (!strcmp(arg, "all"))
            play_show_actions(p, -1);
        else
            play_show_actions(p, *arg ? atoi(arg) - 1 : 0);
    } else if (!strcmp(cmd, "more")) {
        play_show_actions(p, p->page + 1);
    } else if (!strcmp(cmd, "log")) {
        play_print_events(p, 0);
    } else if (word_is(cmd, "preview")) {
        char *arg = cli_trim(cmd + 7);
        char *end;
        long k = strtol(arg, &end, 10);
        if (!*arg) {
            printf("usage: preview COMMAND (or the number of a legal action)\n");
        } else if (*end == 0 && k >= 1 && k <= p->nlegal) {
            char text[256];
            lnlt_action_format(&p->s->ctx, &p->legal[k - 1], text, sizeof text);
            play_preview(p, text);
        } else {
            play_preview(p, arg);
        }
    } else if (word_is(cmd, "los")) {
        play_los(p, cli_trim(cmd + 3));
    } else if (word_is(cmd, "save")) {
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

/* "human", "bot"/"computer" (the --bot level), or a level name. */
static int parse_player(const char *opt, const char *v, int *out, int *level)
{
    if (!strcmp(v, "human"))
        *out = PLAYER_HUMAN;
    else if (!strcmp(v, "bot") || !strcmp(v, "computer"))
        *out = PLAYER_BOT;
    else if (lnlt_bot_level_parse(v, level))
        *out = PLAYER_BOT;
    else {
        fprintf(stderr, "lnlt play: --%s: expected human or bot (or a level: random, easy, normal, hard), got \"%s\"\n",
                opt, v);
        return 2;
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    static const struct option opts[] = {{"side1", required_argument, 0, '1'}, {"side2", required_argument, 0, '2'},
                                         {"seed", required_argument, 0, 's'},  {"resume", required_argument, 0, 'r'},
                                         {"no-color", no_argument, 0, 'n'},    {"help", no_argument, 0, 'h'},
                                         {"bot", required_argument, 0, 'b'},   {"ms", required_argument, 0, 'm'},
                                         {"rule", required_argument, 0, 'R'},  {0, 0, 0, 0}};
    const char *rules[16];
    int nrules = 0;
    play p;
    memset(&p, 0, sizeof p);
    p.player[1] = PLAYER_HUMAN;
    p.player[2] = PLAYER_BOT;
    int default_level = LNLT_BOT_HARD, ms = LNLT_BOT_DEFAULT_MS;
    p.level[1] = p.level[2] = -1; /* -1: the --bot level */
    uint64_t seed = (uint64_t)time(NULL);
    bool seed_given = false, seat_given[3] = {false, false, false};
    const char *resume = NULL;
    bool no_color = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case '1':
        case '2':
            if (parse_player(c == '1' ? "side1" : "side2", optarg, &p.player[c - '0'], &p.level[c - '0']))
                return 2;
            seat_given[c - '0'] = true;
            break;
        case 's':
            if (!cli_parse_u64(optarg, &seed)) {
                fprintf(stderr, "lnlt play: --seed: expected a whole number 0..2^64-1, got \"%s\"\n", optarg);
                return 2;
            }
            seed_given = true;
            break;
        case 'b':
            if (!cli_parse_level("play", "bot", optarg, &default_level))
                return 2;
            break;
        case 'm':
            if (!cli_parse_ms("play", optarg, &ms))
                return 2;
            break;
        case 'r': resume = optarg; break;
        case 'n': no_color = true; break;
        case 'R':
            if (nrules >= 16) {
                fprintf(stderr, "lnlt play: --rule: at most 16\n");
                return 2;
            }
            rules[nrules++] = optarg;
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (argc - optind > 1 || (resume && (argc - optind > 0 || nrules > 0))) {
        fprintf(stderr, "lnlt play: expected one SCENARIO file, or --resume SAVE alone (a save keeps its rules)\n");
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

    lnlt_error err;
    p.s = malloc(sizeof *p.s);
    if (!p.s) {
        fprintf(stderr, "lnlt play: out of memory\n");
        return 1;
    }
    bool ok = resume ? lnlt_session_load(p.s, resume, &err) : lnlt_session_open(p.s, scenario, seed, &err);
    for (int i = 0; ok && i < nrules; i++)
        if (!lnlt_session_set_rule_text(p.s, rules[i], &err)) {
            fprintf(stderr, "lnlt play: --rule: %s\n", err.msg);
            lnlt_session_close(p.s);
            free(p.s);
            return 2;
        }
    if (!ok) {
        fprintf(stderr, "lnlt play: %s\n", err.msg);
        free(p.s);
        return 1;
    }
    /* the seats: as given, else as the save records them; the save will record them */
    for (int side = 1; side <= 2; side++) {
        if (!seat_given[side] && p.s->seat[side])
            p.player[side] = p.s->seat[side] == LNLT_SEAT_BOT ? PLAYER_BOT : PLAYER_HUMAN;
        p.s->seat[side] = p.player[side] == PLAYER_BOT ? LNLT_SEAT_BOT : LNLT_SEAT_HUMAN;
    }
    p.quiet_bot = p.player[1] == PLAYER_BOT && p.player[2] == PLAYER_BOT;
    p.bot_seed = seed_given || !resume ? seed : p.s->seed;
    char who[3][48];
    for (int side = 1; side <= 2; side++) {
        if (p.level[side] < 0)
            p.level[side] = default_level;
        snprintf(who[side], sizeof who[side], "%s", "human");
        if (p.player[side] != PLAYER_BOT)
            continue;
        /* Each computer side its own player, seeded from the game. */
        p.bot[side] = lnlt_bot_new(p.level[side], (p.bot_seed ^ 0x9e3779b97f4a7c15ull) + (uint64_t)side, ms);
        if (!p.bot[side]) {
            fprintf(stderr, "lnlt play: out of memory\n");
            lnlt_bot_free(p.bot[1]);
            lnlt_session_close(p.s);
            free(p.s);
            return 1;
        }
        snprintf(who[side], sizeof who[side], "%s", "computer");
    }
    printf("lnlt: %s (seed %llu); %s: %s, %s: %s. Type help for the commands.\n", p.s->scenario,
           (unsigned long long)p.s->seed, lnlt_side_name(&p.s->ctx, 1), who[1], lnlt_side_name(&p.s->ctx, 2), who[2]);
    for (int side = 1; side <= 2; side++)
        if (p.player[side] == PLAYER_BOT)
            printf("The computer plays %s at level %s.\n", lnlt_side_name(&p.s->ctx, side),
                   lnlt_bot_level_name(p.level[side]));
    if (resume)
        printf("resumed %s after %d actions%s%s\n", resume, p.s->nsteps, p.s->notice[0] ? "\nnote: " : "",
               p.s->notice);
    if (!p.quiet_bot)
        play_show_briefing(&p);
    play_show_board(&p, true);

    int rc = 0;
    bool quit = false;
    int last_shown = -1; /* step count when the board and actions were last shown */
    int board_shown = p.s->nsteps; /* step count when the map was last drawn */
    p.legal_stale = true;
    while (!quit) {
        /* Listed again only when the state changed: a line that is refused,
         * a preview, the board or a save leave it as it was. */
        if (p.legal_stale && !refresh_legal(&p)) {
            fprintf(stderr, "lnlt play: out of memory\n");
            rc = 1;
            break;
        }
        p.legal_stale = false;
        lnlt_decision d = lnlt_decision_get(&p.s->ctx, &p.s->state);
        if (d.kind == LNLT_DECIDE_NONE || p.nlegal == 0) {
            play_show_status(&p);
            break;
        }
        if (p.player[d.side] == PLAYER_BOT) {
            lnlt_action a;
            if (!bot_choose(&p, d.side, &a) || !play_action(&p, &a, true)) {
                rc = 1;
                break;
            }
            continue;
        }
        if (last_shown != p.s->nsteps) {
            if (board_shown != p.s->nsteps)
                play_show_board(&p, true); /* the map as it stands now */
            board_shown = p.s->nsteps;
            play_show_status(&p);
            play_show_actions(&p, 0);
            last_shown = p.s->nsteps;
        }
        printf("%s%s>%s ", play_col(&p, d.side), lnlt_side_name(&p.s->ctx, d.side), play_off(&p));
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
    free(p.order);
    lnlt_bot_free(p.bot[1]);
    lnlt_bot_free(p.bot[2]);
    lnlt_session_close(p.s);
    free(p.s);
    return rc;
}
