/*
 * cmd_serve.c: `lnlt serve`: the game server (docs/server.md). Parses the options,
 * starts the server (src/server/) and runs until SIGINT or SIGTERM, then stops it
 * cleanly. Prints one line "lnlt serve: listening on http://HOST:PORT/ ..." on
 * stdout once it accepts requests, which scripts and tests wait for.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "server/server.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lnlt serve [--listen HOST:PORT] [--db FILE.db | --db postgresql://...] [--data DIR]\n"
            "                  [--web DIR] [--threads N] [--bot-workers N] [--bot-ms MS]\n"
            "                  [--snapshot-every N] [--webhook-allow HOST[:PORT],...] [--durable] [--quiet]\n"
            "  --listen         address and port (default 127.0.0.1:8080; port 0 picks a free one)\n"
            "  --db             SQLite file (default lnlt.db, created) or a PostgreSQL URI\n"
            "  --data           data directory holding scenarios/ (default data)\n"
            "  --web            directory of the browser client's static files (default web, if present)\n"
            "  --threads        HTTP worker threads; each open WebSocket holds one (default 64)\n"
            "  --bot-workers    threads playing the computer's seats (default 2)\n"
            "  --bot-ms         time budget of one computer decision, in ms (default 2000)\n"
            "  --snapshot-every store a snapshot of the state every N actions (default 50; 0 never)\n"
            "  --webhook-allow  hosts that webhooks may be sent to (default: none)\n"
            "  --durable        SQLite: fsync every commit (survives power loss, not only crashes)\n"
            "  --quiet          no log lines on stderr\n");
}

static bool int_opt(const char *text, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == 0 || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

static bool copy_opt(char *dst, size_t len, const char *src)
{
    if (strlen(src) >= len)
        return false;
    snprintf(dst, len, "%s", src);
    return true;
}

int cmd_serve(int argc, char **argv)
{
    static const struct option opts[] = {
        {"listen", required_argument, 0, 'l'},        {"db", required_argument, 0, 'd'},
        {"data", required_argument, 0, 'D'},          {"web", required_argument, 0, 'w'},
        {"threads", required_argument, 0, 't'},       {"bot-workers", required_argument, 0, 'b'},
        {"bot-ms", required_argument, 0, 'm'},        {"snapshot-every", required_argument, 0, 's'},
        {"webhook-allow", required_argument, 0, 'a'}, {"durable", no_argument, 0, 'F'},
        {"quiet", no_argument, 0, 'q'},               {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    srv_config cfg;
    srv_config_defaults(&cfg);
    if (access("web", R_OK) == 0)
        snprintf(cfg.web_dir, sizeof cfg.web_dir, "web");
    int c;
    bool ok = true;
    optind = 1;
    while (ok && (c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'l': ok = copy_opt(cfg.listen, sizeof cfg.listen, optarg); break;
        case 'd': ok = copy_opt(cfg.db, sizeof cfg.db, optarg); break;
        case 'D': ok = copy_opt(cfg.data_dir, sizeof cfg.data_dir, optarg); break;
        case 'w': ok = copy_opt(cfg.web_dir, sizeof cfg.web_dir, optarg); break;
        case 't': ok = int_opt(optarg, 2, 10000, &cfg.threads); break;
        case 'b': ok = int_opt(optarg, 1, 64, &cfg.bot_workers); break;
        case 'm': ok = int_opt(optarg, 1, 3600000, &cfg.bot_budget_ms); break;
        case 's': ok = int_opt(optarg, 0, 1000000, &cfg.snapshot_every); break;
        case 'a': ok = copy_opt(cfg.webhook_allow, sizeof cfg.webhook_allow, optarg); break;
        case 'F': cfg.durable = true; break;
        case 'q': cfg.quiet = true; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
        if (!ok)
            fprintf(stderr, "lnlt serve: bad value \"%s\" (too long, or a number out of range)\n", optarg);
    }
    if (!ok) {
        usage(stderr);
        return 2;
    }
    if (optind != argc) {
        fprintf(stderr, "lnlt serve: unexpected argument \"%s\"\n", argv[optind]);
        usage(stderr);
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    lnlt_error err;
    srv_server *srv = srv_start(&cfg, &err);
    if (!srv) {
        fprintf(stderr, "lnlt serve: %s\n", err.msg);
        return 1;
    }
    char host[128];
    snprintf(host, sizeof host, "%s", cfg.listen);
    char *colon = strrchr(host, ':');
    if (colon)
        *colon = 0;
    printf("lnlt serve: listening on http://%s:%d/ (store: %s, %d scenarios)\n", colon ? host : "127.0.0.1",
           srv->port, srv_store_kind(srv->store), srv->nscenarios);
    fflush(stdout);
    while (!stop_requested) {
        struct timespec t = {0, 100 * 1000 * 1000};
        nanosleep(&t, NULL);
    }
    long applied = atomic_load(&srv->applied), requests = atomic_load(&srv->requests);
    srv_stop(srv);
    if (!cfg.quiet)
        fprintf(stderr, "lnlt serve: stopped after %ld requests and %ld applied actions\n", requests, applied);
    return 0;
}
