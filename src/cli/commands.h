/*
 * commands.h: the subcommands of the lnlt program. Each lives in its own
 * src/cli/cmd_*.c file and is listed in the table in main.c.
 * A command returns the process exit status: 0 success, 1 a failure it reported
 * on stderr, 2 a usage error.
 */
#ifndef LNLT_CLI_COMMANDS_H
#define LNLT_CLI_COMMANDS_H

typedef int (*lnlt_command_fn)(int argc, char **argv);

typedef struct lnlt_command {
    const char *name;
    const char *usage;   /* one line: arguments and options */
    const char *summary; /* one line: what it does */
    lnlt_command_fn run;
} lnlt_command;

int cmd_hex(int argc, char **argv);
int cmd_map(int argc, char **argv);
int cmd_los(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_cache(int argc, char **argv);

#endif
