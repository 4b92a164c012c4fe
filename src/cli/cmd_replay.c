/*
 * cmd_replay.c: `lnlt replay SAVE`: replays a save from its scenario and seed,
 * prints the log, and checks each action's check hash and the final hash; a save
 * that diverges (a rules change, an edited file) is reported with where and why
 * and exit status 1, as is a malformed one (docs/formats/save.md). With --seed SECRET
 * and a server game's replay (GET /api/games/ID/replay), it also proves the dice:
 * the secret matches the published commitment and re-rolls every die of the log
 * (dice_proof.c, docs/server.md).
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli_game.h"
#include "commands.h"
#include "dice_proof.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: lnlt replay SAVE [--json] [--quiet] [--seed SECRET]\n"
                 "  --json    the log as JSON lines\n"
                 "  --quiet   print only the verdict\n"
                 "  --seed    a server game's revealed seed: check it against the commitment and\n"
                 "            prove that every roll of the game's log is the one the engine drew\n");
}

int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {{"json", no_argument, 0, 'j'}, {"quiet", no_argument, 0, 'q'},
                                         {"help", no_argument, 0, 'h'}, {"seed", required_argument, 0, 's'},
                                         {0, 0, 0, 0}};
    bool json = false, quiet = false;
    const char *secret = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'j': json = true; break;
        case 'q': quiet = true; break;
        case 's': secret = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "lnlt replay: expected one SAVE file\n");
        usage(stderr);
        return 2;
    }
    lnlt_session *s = malloc(sizeof *s);
    lnlt_error err;
    if (!s) {
        fprintf(stderr, "lnlt replay: out of memory\n");
        return 1;
    }
    int rolls = -1;
    bool loaded;
    if (secret) {
        json_error_t jerr;
        json_t *o = json_load_file(argv[optind], JSON_REJECT_DUPLICATES, &jerr);
        if (!o)
            lnlt_error_set(&err, "%s: not readable JSON: line %d: %s", argv[optind], jerr.line, jerr.text);
        loaded = o && dice_proof(o, argv[optind], secret, s, &rolls, &err);
        json_decref(o);
    } else {
        loaded = lnlt_session_load(s, argv[optind], &err);
    }
    if (!loaded) {
        fprintf(stderr, "lnlt replay: %s\n", err.msg);
        free(s);
        return 1;
    }
    if (s->diverged) {
        /* Verification failed; the save still opens (play, engine resume) from its
         * final position, which the message says. */
        fprintf(stderr, "lnlt replay: %s: %s\n", argv[optind], s->notice);
        lnlt_session_close(s);
        free(s);
        return 1;
    }
    if (s->notice[0])
        fprintf(stderr, "lnlt replay: %s: note: %s\n", argv[optind], s->notice);
    if (!quiet)
        cli_print_events(stdout, &s->log, 0, json, "");
    char hash[17], status[256];
    lnlt_hash_format(lnlt_session_hash(s), hash);
    cli_status_line(s, status, sizeof status);
    if (json)
        printf("{\"kind\":\"verified\",\"actions\":%d,\"hash\":\"%s\"}\n", s->nsteps, hash);
    else
        printf("%s: replay verified: %d action%s, %s, hash %s\n", argv[optind], s->nsteps, s->nsteps == 1 ? "" : "s",
               status, hash);
    if (rolls >= 0) {
        if (json)
            printf("{\"kind\":\"dice-verified\",\"rolls\":%d}\n", rolls);
        else
            printf("%s: dice verified: the seed matches its commitment and gives all %d rolls of the log\n",
                   argv[optind], rolls);
    }
    lnlt_session_close(s);
    free(s);
    return 0;
}
