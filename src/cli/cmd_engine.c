/*
 * cmd_engine.c: `lnlt engine`: a line protocol on stdin/stdout for programs
 * (bots, GUIs, tests), in the spirit of chess UCI and Go GTP. One command per
 * line in; exactly one line out per command, starting "ok" or "error", with any
 * structured payload as one line of JSON. Specified in docs/protocol.md.
 * stdout is flushed after every answer so a program on the other end of a pipe
 * never waits on a buffer. With --sandbox DIR every file read or written (scenarios,
 * their data, saves) must lie inside DIR (lnlt/sandbox.h).
 */
#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_bot.h"
#include "cli_game.h"
#include "commands.h"
#include "lnlt/bot.h"
#include "lnlt/sandbox.h"
#include "lnlt/view.h"

#define ENGINE_PROTOCOL_VERSION 1

/* What `bot` asks when no level is named: quick enough for a program's loop. */
#define ENGINE_BOT_LEVEL LNLT_BOT_NORMAL

typedef struct engine {
    lnlt_session *s; /* NULL until a scenario is loaded */
    lnlt_bot *bot[LNLT_BOT_LEVELS]; /* one per level, made on first use for the game loaded */
    int bot_ms[LNLT_BOT_LEVELS];
} engine;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void answer(bool ok, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* One line per answer, whatever the message holds. */
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    printf("%s%s%s\n", ok ? "ok" : "error", buf[0] ? " " : "", buf);
    fflush(stdout);
}

/* Answers "ok " + the compact JSON of o (which it takes). */
static void answer_json(json_t *o)
{
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    printf("ok %s\n", text ? text : "null");
    fflush(stdout);
    free(text);
}

static json_t *events_json(const lnlt_events *log, int from)
{
    json_t *arr = json_array();
    for (int i = from; i < log->count; i++)
        json_array_append_new(arr, lnlt_event_json(&log->ev[i]));
    return arr;
}

static void drop_bots(engine *e)
{
    for (int i = 0; i < LNLT_BOT_LEVELS; i++) {
        lnlt_bot_free(e->bot[i]);
        e->bot[i] = NULL;
    }
}

static void close_game(engine *e)
{
    drop_bots(e);
    if (e->s) {
        lnlt_session_close(e->s);
        free(e->s);
        e->s = NULL;
    }
}

/* Replaces the current game with s (taken) on success. */
static void adopt(engine *e, lnlt_session *s)
{
    close_game(e);
    e->s = s;
}

/* `bot [LEVEL] [MS]`: what the computer player of that level would play now
 * (not applied). Each level's player is kept for the game, seeded from it. */
static void cmd_bot(engine *e, char *arg)
{
    char *word = strtok(arg, " \t"), *ms_text = strtok(NULL, " \t");
    int level = ENGINE_BOT_LEVEL, ms = LNLT_BOT_DEFAULT_MS;
    if (word && !lnlt_bot_level_parse(word, &level)) {
        answer(false, "bot: expected random, easy, normal or hard, got \"%s\" (usage: bot [LEVEL] [MS])", word);
        return;
    }
    uint64_t v;
    if (ms_text && (!cli_parse_u64(ms_text, &v) || v < 1 || v > 600000)) {
        answer(false, "bot: MS must be milliseconds 1..600000, got \"%s\"", ms_text);
        return;
    }
    if (ms_text)
        ms = (int)v;
    if (e->bot[level] && e->bot_ms[level] != ms) {
        lnlt_bot_free(e->bot[level]);
        e->bot[level] = NULL;
    }
    if (!e->bot[level]) {
        e->bot[level] = lnlt_bot_new(level, e->s->seed ^ 0x9e3779b97f4a7c15ull, ms);
        e->bot_ms[level] = ms;
        if (!e->bot[level]) {
            answer(false, "out of memory");
            return;
        }
    }
    lnlt_action a;
    char text[256];
    if (!cli_bot_decide(e->bot[level], &e->s->ctx, &e->s->state, &a)) {
        answer(false, "the game is over: no legal action");
    } else {
        lnlt_action_format(&e->s->ctx, &a, text, sizeof text);
        answer(true, "%s", text);
    }
}

/* How many blank-separated words arg holds. */
static int word_count(const char *arg)
{
    int n = 0;
    for (const char *p = arg; *p;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        n++;
        while (*p && !isspace((unsigned char)*p))
            p++;
    }
    return n;
}

static void cmd_load(engine *e, char *arg)
{
    int words = word_count(arg);
    char *name = strtok(arg, " \t");
    char *seedtext = strtok(NULL, " \t");
    char *rules[16];
    int nrules = 0;
    if (seedtext && strchr(seedtext, '=')) { /* no seed, a rule */
        rules[nrules++] = seedtext;
        seedtext = NULL;
    }
    bool plain = true; /* every word after the seed is a rule (N=on, N=off) */
    for (char *w = strtok(NULL, " \t"); w && nrules < 16; w = strtok(NULL, " \t")) {
        plain &= strchr(w, '=') != NULL;
        rules[nrules++] = w;
    }
    uint64_t seed = 1;
    lnlt_error err;
    if (!name || !plain || words != 1 + (seedtext != NULL) + nrules) {
        answer(false, "usage: load SCENARIO [SEED] [N=on|off]... (one scenario, at most one seed, then the optional "
                      "special rules)");
        return;
    }
    if (seedtext && !cli_parse_u64(seedtext, &seed)) {
        answer(false, "load: SEED must be a whole number 0..2^64-1, got \"%s\"", seedtext);
        return;
    }
    lnlt_session *s = malloc(sizeof *s);
    if (!s || !lnlt_session_open(s, name, seed, &err)) {
        answer(false, "%s", s ? err.msg : "out of memory");
        free(s);
        return; /* the game in progress, if any, is kept */
    }
    for (int i = 0; i < nrules; i++)
        if (!lnlt_session_set_rule_text(s, rules[i], &err)) {
            answer(false, "load: %s", err.msg);
            lnlt_session_close(s);
            free(s);
            return;
        }
    adopt(e, s);
    char hash[17];
    lnlt_hash_format(lnlt_session_hash(s), hash);
    answer(true, "loaded %s seed %llu hash %s", name, (unsigned long long)seed, hash);
}

static void cmd_resume(engine *e, const char *path)
{
    lnlt_error err;
    if (word_count(path) != 1) {
        answer(false, "usage: resume SAVE");
        return;
    }
    lnlt_session *s = malloc(sizeof *s);
    if (!s || !lnlt_session_load(s, path, &err)) {
        answer(false, "%s", s ? err.msg : "out of memory");
        free(s);
        return;
    }
    adopt(e, s);
    char hash[17];
    lnlt_hash_format(lnlt_session_hash(s), hash);
    /* A save whose replay diverged still resumes (from its saved position): say so. */
    answer(true, "resumed %s actions %d hash %s%s%s", path, s->nsteps, hash, s->notice[0] ? " note: " : "",
           s->notice);
}

static void cmd_legal(engine *e)
{
    int n = lnlt_legal_actions(&e->s->ctx, &e->s->state, NULL, 0);
    lnlt_action *acts = malloc((size_t)(n ? n : 1) * sizeof *acts);
    if (!acts) {
        answer(false, "out of memory");
        return;
    }
    n = lnlt_legal_actions(&e->s->ctx, &e->s->state, acts, n);
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        char text[256];
        lnlt_action_format(&e->s->ctx, &acts[i], text, sizeof text);
        json_array_append_new(arr, json_string(text));
    }
    free(acts);
    answer_json(arr);
}

static void cmd_apply(engine *e, const char *text)
{
    lnlt_error err;
    int from = e->s->log.count;
    if (!*text) {
        answer(false, "usage: apply COMMAND");
        return;
    }
    if (!lnlt_session_apply_text(e->s, text, &err)) {
        answer(false, "%s", err.msg);
        return;
    }
    char hash[17];
    lnlt_hash_format(lnlt_session_hash(e->s), hash);
    json_t *o = json_object();
    json_object_set_new(o, "hash", json_string(hash));
    json_object_set_new(o, "over", json_boolean(lnlt_session_over(e->s)));
    json_object_set_new(o, "events", events_json(&e->s->log, from));
    answer_json(o);
}

static void cmd_dice(engine *e, const char *arg)
{
    lnlt_error err;
    if (!strcmp(arg, "random")) {
        int dropped = lnlt_session_forced_left(e->s);
        lnlt_session_random_dice(e->s);
        if (dropped)
            answer(true, "random dice (%d unused forced face(s) dropped)", dropped);
        else
            answer(true, "random dice");
    } else if (!*arg) {
        answer(true, "%s dice, %d forced face(s) left", e->s->use_forced ? "forced" : "random",
               lnlt_session_forced_left(e->s));
    } else if (!lnlt_session_force_dice(e->s, arg, &err)) {
        answer(false, "dice: %s", err.msg);
    } else {
        answer(true, "forced dice, %d face(s) left", lnlt_session_forced_left(e->s));
    }
}

static const char help_text[] =
    "commands: hello, load SCENARIO [SEED], resume SAVE, legal, decision, apply COMMAND, state, hash, "
    "undo, dice [LIST|random], bot [LEVEL] [MS], log, save FILE, view SIDE, preview COMMAND, los FROM TO, map, "
    "quit (docs/protocol.md)";

/* view SIDE: what side 1 or 2 (0: a spectator) may see (docs/view.md). */
static void cmd_view(engine *e, const char *arg)
{
    char *end;
    long side = strtol(arg, &end, 10);
    if (!*arg || *end || side < 0 || side > 2) {
        answer(false, "usage: view SIDE (1 or 2, or 0 for a spectator)");
        return;
    }
    answer_json(lnlt_view_json(e->s, (int)side));
}

/* preview COMMAND: what a legal action would do (docs/view.md). */
static void cmd_preview(engine *e, const char *arg)
{
    lnlt_error err;
    if (!*arg) {
        answer(false, "usage: preview COMMAND");
        return;
    }
    json_t *o = lnlt_preview_json(e->s, arg, &err);
    if (!o)
        answer(false, "%s", err.msg);
    else
        answer_json(o);
}

/* los FROM TO: line of sight between two locations, with the game's smoke. */
static void cmd_los_query(engine *e, char *arg)
{
    lnlt_error err;
    char *from = strtok(arg, " \t"), *to = strtok(NULL, " \t"), *extra = strtok(NULL, " \t");
    if (!from || !to || extra) {
        answer(false, "usage: los FROM TO (locations such as H5 or H5:upper)");
        return;
    }
    json_t *o = lnlt_los_json(e->s, from, to, &err);
    if (!o)
        answer(false, "%s", err.msg);
    else
        answer_json(o);
}

/* Runs one line; false when the session should end. */
static bool engine_line(engine *e, char *line)
{
    char *cmd = cli_trim(line);
    if (!*cmd || *cmd == '#')
        return true;
    char *arg = cmd;
    while (*arg && !isspace((unsigned char)*arg))
        arg++;
    if (*arg)
        *arg++ = 0;
    arg = cli_trim(arg);
    static const char *no_arg_cmds[] = {"quit", "exit", "hello", "protocol", "help", "legal",
                                        "decision", "state", "hash", "undo", "log"};
    for (size_t i = 0; i < sizeof no_arg_cmds / sizeof no_arg_cmds[0]; i++)
        if (!strcmp(cmd, no_arg_cmds[i]) && *arg) {
            answer(false, "%s takes no argument (got \"%.40s\")", cmd, arg);
            return true;
        }
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit")) {
        answer(true, "bye");
        return false;
    }
    if (!strcmp(cmd, "hello") || !strcmp(cmd, "protocol")) {
        answer(true, "lnlt-engine %d", ENGINE_PROTOCOL_VERSION);
        return true;
    }
    if (!strcmp(cmd, "help")) {
        answer(true, "%s", help_text);
        return true;
    }
    if (!strcmp(cmd, "load")) {
        cmd_load(e, arg);
        return true;
    }
    if (!strcmp(cmd, "resume")) {
        cmd_resume(e, arg);
        return true;
    }
    static const char *game_cmds[] = {"legal", "decision", "apply", "do",      "state", "hash", "undo",
                                      "dice",  "bot",      "log",   "save",    "view",  "preview", "los", "map"};
    bool known = false;
    for (size_t i = 0; i < sizeof game_cmds / sizeof game_cmds[0]; i++)
        known |= !strcmp(cmd, game_cmds[i]);
    if (!known) {
        answer(false, "unknown command \"%s\" (try help)", cmd);
        return true;
    }
    if (!e->s) {
        answer(false, "no game: load a scenario first (load SCENARIO [SEED])");
        return true;
    }
    lnlt_error err;
    char hash[17];
    if (!strcmp(cmd, "legal")) {
        cmd_legal(e);
    } else if (!strcmp(cmd, "decision")) {
        lnlt_decision d = lnlt_decision_get(&e->s->ctx, &e->s->state);
        json_t *st = lnlt_session_state_json(e->s);
        json_t *o = json_object();
        json_object_set_new(o, "side", json_integer(d.side));
        json_object_set(o, "kind", json_object_get(json_object_get(st, "decision"), "kind"));
        json_object_set_new(o, "name", json_string(d.side ? lnlt_side_name(&e->s->ctx, d.side) : "nobody"));
        json_decref(st);
        answer_json(o);
    } else if (!strcmp(cmd, "apply") || !strcmp(cmd, "do")) {
        cmd_apply(e, arg);
    } else if (!strcmp(cmd, "state")) {
        answer_json(lnlt_session_state_json(e->s));
    } else if (!strcmp(cmd, "hash")) {
        lnlt_hash_format(lnlt_session_hash(e->s), hash);
        answer(true, "%s", hash);
    } else if (!strcmp(cmd, "undo")) {
        if (!lnlt_session_undo(e->s, &err)) {
            answer(false, "%s", err.msg);
        } else {
            lnlt_hash_format(lnlt_session_hash(e->s), hash);
            answer(true, "hash %s", hash);
        }
    } else if (!strcmp(cmd, "dice")) {
        cmd_dice(e, arg);
    } else if (!strcmp(cmd, "bot")) {
        cmd_bot(e, arg);
    } else if (!strcmp(cmd, "log")) {
        answer_json(events_json(&e->s->log, 0));
    } else if (!strcmp(cmd, "view")) {
        cmd_view(e, arg);
    } else if (!strcmp(cmd, "preview")) {
        cmd_preview(e, arg);
    } else if (!strcmp(cmd, "los")) {
        cmd_los_query(e, arg);
    } else if (!strcmp(cmd, "map")) {
        json_t *m = lnlt_map_json(&e->s->ctx);
        if (m)
            answer_json(m);
        else
            answer(false, "this game has no map");
    } else if (!strcmp(cmd, "save")) {
        if (word_count(arg) != 1)
            answer(false, "usage: save FILE (one file name, without blanks)");
        else if (!lnlt_session_save(e->s, arg, &err))
            answer(false, "%s", err.msg);
        else
            answer(true, "saved %s", arg);
    }
    return true;
}

int cmd_engine(int argc, char **argv)
{
    engine e = {0};
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: lnlt engine [--sandbox DIR] [SCENARIO [SEED]]\n"
               "  --sandbox DIR  read and write files only inside DIR (relative paths start there;\n"
               "                 the counters and maps come from DIR/data or DIR)\n"
               "  then one command per line on stdin: %s\n",
               help_text);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "--sandbox")) {
        lnlt_error err;
        /* Into the sandbox first, so relative paths in commands start there. */
        if (!lnlt_sandbox_set(argv[2], &err) || chdir(lnlt_sandbox_dir()) != 0) {
            fprintf(stderr, "lnlt engine: %s\n", err.msg);
            return 1;
        }
        argv[2] = argv[0];
        argc -= 2;
        argv += 2;
    }
    if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: lnlt engine [--sandbox DIR] [SCENARIO [SEED]]\n");
        return 2;
    }
    if (argc > 1) {
        char buf[1200];
        snprintf(buf, sizeof buf, "%s %s", argv[1], argc > 2 ? argv[2] : "");
        cmd_load(&e, buf);
    }
    char *line, why[128];
    bool go = true;
    int got;
    while (go && (got = cli_next_line(stdin, &line, why, sizeof why)) != 0) {
        if (got < 0) {
            answer(false, "%s", why); /* nothing of the line is run */
            continue;
        }
        go = engine_line(&e, line);
        free(line);
    }
    close_game(&e);
    return 0;
}
