/*
 * main.c: the lnlt program's entry point; dispatches to subcommands (docs/cli.md).
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lnlt/version.h"

static const lnlt_command commands[] = {
    {"hex", "hex ID [ID]", "parse hex ids; with two, print their range and the line between them", cmd_hex},
    {"map", "map show|svg FILE", "draw a map in the terminal, or write it as SVG", cmd_map},
    {"los", "los MAP FROM TO [--smoke HEX]", "line of sight between two hexes (HEX[:upper|:roof]): verdict, reasons, range", cmd_los},
    {"validate", "validate [--data DIR] FILE...", "check data files (counters, weapons, nations, skills, scenarios, maps)", cmd_validate},
    {"play", "play [SCENARIO] [--side1|--side2 human|bot] [--seed N] [--resume SAVE]", "play in the terminal (default: you against the computer)", cmd_play},
    {"run", "run SCENARIO --script FILE [--dice L|--dice-file F] [--json]", "apply a script of commands with forced dice and print the log", cmd_run},
    {"engine", "engine [--sandbox DIR] [SCENARIO [SEED]]", "line protocol on stdin/stdout for programs (docs/protocol.md)", cmd_engine},
    {"selfplay", "selfplay SCENARIO --games N --seed S", "computer against computer; results and games/second", cmd_selfplay},
    {"arena", "arena SCENARIO --a LEVEL --b LEVEL --games N --seed S [--ms MS]", "paired games between two computer players: scores with intervals", cmd_arena},
    {"replay", "replay SAVE [--json] [--quiet] [--seed SECRET]", "replay a save and verify its state hash; with the seed, every die", cmd_replay},
    {"cache", "cache SCENARIO...", "write the opening cache (counters, LOS table) that opening these scenarios reads", cmd_cache},
    {"serve", "serve [--listen H:P] [--db FILE|postgresql://...]", "the game server: HTTP, WebSocket, SQLite or PostgreSQL (docs/server.md)", cmd_serve},
};

static const size_t command_count = sizeof commands / sizeof commands[0];

static void print_help(FILE *out)
{
    fprintf(out, "lnlt: Lock 'n Load Tactical v5.1, rules-enforcing engine\n\nusage:\n");
    for (size_t i = 0; i < command_count; i++)
        fprintf(out, "  lnlt %-40s %s\n", commands[i].usage, commands[i].summary);
    fprintf(out, "  lnlt %-40s %s\n", "--help", "this help");
    fprintf(out, "  lnlt %-40s %s\n", "--version", "the version (as saves record it)");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        print_help(stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("%s\n", LNLT_ENGINE_ID);
        return 0;
    }
    for (size_t i = 0; i < command_count; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "lnlt: unknown command \"%s\" (try lnlt --help)\n", argv[1]);
    return 2;
}
