/*
 * bench_selfplay.c: whole-game speed: the random computer player against itself
 * on every shipped scenario, with the bare engine (no log), as `lnlt selfplay`
 * plays. Prints games per second, actions per second and the average game length;
 * never fails on a slow machine. Also prints the cost of replaying a save
 * (loading = replaying) per action, which bounds how fast a long game resumes.
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lnlt/bot.h"
#include "lnlt/session.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void bench(const char *path)
{
    lnlt_ctx ctx;
    lnlt_error err;
    if (!lnlt_ctx_open(path, &ctx, &err)) {
        printf("%s: %s\n", path, err.msg);
        return;
    }
    long games = 0, actions = 0;
    double t0 = now(), t = 0;
    /* At least 20 games and 1 second, so a slow game still gets a figure. */
    while (games < 20 || (t = now() - t0) < 1.0) {
        lnlt_state st;
        lnlt_bot bot;
        lnlt_state_init(&st, &ctx, (uint64_t)games + 1);
        lnlt_bot_init(&bot, (uint64_t)games * 7 + 3);
        lnlt_action a;
        for (int n = 0; n < 100000 && lnlt_bot_choose(&bot, &ctx, &st, &a); n++) {
            if (!lnlt_apply(&ctx, &st, &a, NULL, NULL, &err)) {
                printf("%s: engine refused a legal action: %s\n", path, err.msg);
                lnlt_ctx_close(&ctx);
                return;
            }
            actions++;
        }
        games++;
    }
    t = now() - t0;
    /* Replay: one game through a session, saved and loaded back. */
    lnlt_session s, r;
    lnlt_session_start(&s, &ctx, path, 1);
    lnlt_bot bot;
    lnlt_bot_init(&bot, 3);
    lnlt_action a;
    while (lnlt_bot_choose(&bot, &ctx, &s.state, &a) && lnlt_session_apply(&s, &a, &err))
        ;
    json_t *save = lnlt_session_save_json(&s);
    double r0 = now();
    int loads = 0;
    while (loads < 5 || now() - r0 < 0.3) {
        if (!lnlt_session_load_json(&r, save, path, &ctx, &err)) {
            printf("%s: replay failed: %s\n", path, err.msg);
            break;
        }
        lnlt_session_close(&r);
        loads++;
    }
    double per_action = (now() - r0) / loads / (s.nsteps ? s.nsteps : 1);
    json_decref(save);
    printf("%-48s %8.0f games/s %10.0f actions/s  avg %6.1f actions/game  replay %.1f us/action\n", path,
           games / t, actions / t, (double)actions / games, per_action * 1e6);
    lnlt_session_close(&s);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    DIR *d = opendir("data/scenarios");
    if (!d) {
        printf("run from the source root (data/scenarios not found)\n");
        return 0;
    }
    char names[32][256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 32) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json"))
            snprintf(names[n++], sizeof names[0], "data/scenarios/%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    for (int i = 0; i < n; i++)
        bench(names[i]);
    return 0;
}
