/*
 * cmd_run.c: `lnlt run SCENARIO --script FILE`: applies a script of text commands
 * in order and prints the event log (text, or JSON lines with --json), so a worked
 * example of the rulebook can be replayed with the book's dice (docs/cli.md).
 * Stops with exit status 1 at the first command that is unknown or illegal,
 * naming the script line and the reason; the log up to there is still printed.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "commands.h"
#include "lnlt/data.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lnlt run SCENARIO --script FILE [--dice 4,3,6 | --dice-file F] [--json] [--seed N]\n"
            "               [--save FILE] [--rule N=on|off]...\n"
            "  --script FILE    one command per line (\"pass\", \"place G6 #0\", ...); a line starting\n"
            "                   with '#' is a comment; a line \"dice 4,3\" adds forced faces from there on\n"
            "  --dice LIST      forced die faces, used in order; running out is an error\n"
            "  --dice-file F    the same, read from a file (commas or white space)\n"
            "  --json           the log as JSON lines instead of text\n"
            "  --seed N         seed for the dice when none are forced (default 1)\n"
            "  --save FILE      write a save of the game after the script\n"
            "  --rule N=on|off  play the scenario's optional special rule N (its index in\n"
            "                   special_rules) or not; the default is the scenario's (22.0)\n");
}

static void print_end(const lnlt_session *s, bool json)
{
    char hash[17], status[256];
    lnlt_hash_format(lnlt_session_hash(s), hash);
    cli_status_line(s, status, sizeof status);
    if (json) {
        json_t *o = json_pack("{s:s, s:i, s:i, s:s, s:s}", "kind", "end", "actions", s->nsteps, "turn",
                              s->state.turn, "status", status, "hash", hash);
        char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
        printf("%s\n", text);
        free(text);
        json_decref(o);
    } else {
        printf("after %d action%s: %s (hash %s)\n", s->nsteps, s->nsteps == 1 ? "" : "s", status, hash);
    }
}

int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"script", required_argument, 0, 's'}, {"dice", required_argument, 0, 'd'},
        {"dice-file", required_argument, 0, 'f'}, {"json", no_argument, 0, 'j'},
        {"seed", required_argument, 0, 'S'}, {"save", required_argument, 0, 'o'},
        {"rule", required_argument, 0, 'r'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *script = NULL, *dice = NULL, *dice_file = NULL, *save = NULL;
    const char *rules[16];
    int nrules = 0;
    bool json = false;
    uint64_t seed = 1;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 's': script = optarg; break;
        case 'd': dice = optarg; break;
        case 'f': dice_file = optarg; break;
        case 'j': json = true; break;
        case 'o': save = optarg; break;
        case 'r':
            if (nrules >= 16) {
                fprintf(stderr, "lnlt run: --rule: at most 16\n");
                return 2;
            }
            rules[nrules++] = optarg;
            break;
        case 'S':
            if (!cli_parse_u64(optarg, &seed)) {
                fprintf(stderr, "lnlt run: --seed: expected a whole number 0..2^64-1, got \"%s\"\n", optarg);
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind + 1 != argc || !script) {
        fprintf(stderr, "lnlt run: %s\n", optind + 1 != argc ? "expected one SCENARIO file" : "--script FILE is required");
        usage(stderr);
        return 2;
    }
    if (dice && dice_file) {
        fprintf(stderr, "lnlt run: give --dice or --dice-file, not both\n");
        return 2;
    }
    const char *scenario = argv[optind];
    FILE *in = fopen(script, "r");
    struct stat sb = {0};
    if (!in || fstat(fileno(in), &sb) != 0 || S_ISDIR(sb.st_mode)) {
        /* fopen accepts a directory and reading it then fails with no line read:
         * without this check such a run would "succeed" having done nothing. */
        fprintf(stderr, "lnlt run: %s: cannot read the script: %s\n", script,
                in && S_ISDIR(sb.st_mode) ? "it is a directory" : strerror(errno));
        if (in)
            fclose(in);
        return 1;
    }
    lnlt_error err;
    lnlt_session *s = malloc(sizeof *s);
    if (!s || !lnlt_session_open(s, scenario, seed, &err)) {
        fprintf(stderr, "lnlt run: %s\n", s ? err.msg : "out of memory");
        free(s);
        fclose(in);
        return 1;
    }
    for (int i = 0; i < nrules; i++)
        if (!lnlt_session_set_rule_text(s, rules[i], &err)) {
            fprintf(stderr, "lnlt run: --rule: %s\n", err.msg);
            lnlt_session_close(s);
            free(s);
            fclose(in);
            return 2;
        }
    int rc = 0;
    if (dice_file) {
        char *text = NULL;
        size_t len = 0;
        if (!lnlt_read_file(dice_file, &text, &len, &err) || !lnlt_session_force_dice(s, text, &err)) {
            fprintf(stderr, "lnlt run: --dice-file %s: %s\n", dice_file, err.msg);
            rc = 1;
        }
        free(text);
    } else if (dice && !lnlt_session_force_dice(s, dice, &err)) {
        fprintf(stderr, "lnlt run: --dice: %s\n", err.msg);
        rc = 1;
    }
    char *line, why[128];
    int lineno = 0, got;
    while (rc == 0 && (got = cli_next_line(in, &line, why, sizeof why)) != 0) {
        lineno++;
        if (got < 0) {
            fprintf(stderr, "lnlt run: %s:%d: %s\n", script, lineno, why);
            rc = 1;
            break;
        }
        /* A comment is a line whose first character (after blanks) is '#'; anywhere
         * else "#3" picks unit 3, so a line is never cut at a '#'. */
        char *cmd = cli_trim(line);
        int from = s->log.count;
        if (!*cmd || *cmd == '#') {
            /* blank or comment */
        } else if (!strncmp(cmd, "dice", 4) && (cmd[4] == ' ' || cmd[4] == '\t')) {
            if (!lnlt_session_force_dice(s, cmd + 5, &err)) {
                fprintf(stderr, "lnlt run: %s:%d: %s\n", script, lineno, err.msg);
                rc = 1;
            }
        } else if (!lnlt_session_apply_text(s, cmd, &err)) {
            fprintf(stderr, "lnlt run: %s:%d: \"%s\": %s\n", script, lineno, cmd, err.msg);
            rc = 1;
        } else {
            cli_print_events(stdout, &s->log, from, json, "");
        }
        free(line);
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "lnlt run: %s: cannot read the script: %s\n", script, strerror(errno));
        rc = 1;
    }
    fclose(in);
    if (rc == 0) {
        print_end(s, json);
        if (s->use_forced && lnlt_session_forced_left(s) > 0)
            fprintf(stderr, "lnlt run: note: %d forced die face(s) left unused\n", lnlt_session_forced_left(s));
        if (save && !lnlt_session_save(s, save, &err)) {
            fprintf(stderr, "lnlt run: %s\n", err.msg);
            rc = 1;
        }
    }
    fflush(stdout);
    lnlt_session_close(s);
    free(s);
    return rc;
}
