/*
 * save_write.c: saves as JSON (docs/formats/save.md) and writing them atomically.
 * A save records the engine version, the scenario (relative to the data
 * directory when it lies there), the seed, the actions with their forced faces, a
 * check hash after each action, the replay hash, and the final position as a
 * mid-game scenario (lnlt/snapshot.h), so that a later lnlt can continue the game
 * even when its rules no longer replay the actions the same way (issue 17).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lnlt/sandbox.h"
#include "lnlt/session.h"
#include "lnlt/snapshot.h"
#include "lnlt/version.h"

/* The scenario as the save names it: relative to the data directory when it lies
 * there (so the save opens wherever lnlt runs, and inside a sandbox), else as it
 * was given. */
static void scenario_ref(const char *scenario, char *out, size_t len)
{
    char data[PATH_MAX], rdata[PATH_MAX], rscn[PATH_MAX];
    snprintf(out, len, "%s", scenario);
    lnlt_data_dir(data, sizeof data);
    if (!realpath(data, rdata) || !realpath(scenario, rscn))
        return;
    size_t n = strlen(rdata);
    if (!strncmp(rscn, rdata, n) && rscn[n] == '/')
        snprintf(out, len, "%s", rscn + n + 1);
}

void *lnlt_session_save_json(const lnlt_session *s)
{
    json_t *o = json_object();
    char buf[32], ref[600];
    json_object_set_new(o, "format", json_string(LNLT_SAVE_FORMAT));
    json_object_set_new(o, "version", json_integer(LNLT_SAVE_VERSION));
    json_object_set_new(o, "engine", json_string(LNLT_ENGINE_ID));
    scenario_ref(s->scenario, ref, sizeof ref);
    json_object_set_new(o, "scenario", json_string(ref));
    if (s->base) { /* the game started from a position, not from the file */
        json_t *base = json_loads(s->base, JSON_REJECT_DUPLICATES, NULL);
        if (base)
            json_object_set_new(o, "base", base);
    }
    /* A string: JSON numbers lose precision above 2^53 in many readers. */
    snprintf(buf, sizeof buf, "%" PRIu64, s->seed);
    json_object_set_new(o, "seed", json_string(buf));
    /* 22.0: the optional rules the players turned off (absent: none) */
    if (s->start.rules_off)
        json_object_set_new(o, "optional_rules_off", json_integer(s->start.rules_off));
    json_t *acts = json_array(), *checks = json_array();
    for (int i = 0; i < s->nsteps; i++) {
        const lnlt_session_step *st = &s->steps[i];
        char text[256];
        lnlt_action_format(&s->ctx, &st->action, text, sizeof text);
        snprintf(buf, sizeof buf, "%08" PRIx32, (uint32_t)st->hash);
        json_array_append_new(checks, json_string(buf));
        if (!st->forced) {
            json_array_append_new(acts, json_string(text));
            continue;
        }
        json_t *step = json_object(), *dice = json_array();
        json_object_set_new(step, "do", json_string(text));
        for (int f = st->dice_from; f < st->dice_to; f++)
            json_array_append_new(dice, json_integer(s->forced.face[f]));
        json_object_set_new(step, "dice", dice);
        json_array_append_new(acts, step);
    }
    json_object_set_new(o, "actions", acts);
    json_object_set_new(o, "checks", checks);
    /* Who plays each side, when the game says (lnlt play): a resumed game keeps them. */
    if (s->seat[1] || s->seat[2]) {
        json_t *seats = json_object();
        for (int side = 1; side <= 2; side++)
            if (s->seat[side])
                json_object_set_new(seats, side == 1 ? "1" : "2",
                                    json_string(s->seat[side] == LNLT_SEAT_BOT ? "bot" : "human"));
        json_object_set_new(o, "seats", seats);
    }
    /* Informational: lets a person see where the game stands without replaying. */
    json_object_set_new(o, "turn", json_integer(s->state.turn));
    json_object_set_new(o, "phase", json_string(lnlt_phase_name(s->state.phase)));
    lnlt_hash_format(lnlt_session_hash(s), buf);
    json_object_set_new(o, "hash", json_string(buf));
    /* The final position: what the game continues from if the replay diverges. */
    lnlt_error err;
    char *final = lnlt_snapshot_text(&s->ctx, &s->state, &err);
    json_t *fj = final ? json_loads(final, JSON_REJECT_DUPLICATES, NULL) : NULL;
    if (fj)
        json_object_set_new(o, "final", fj);
    free(final);
    return o;
}

/* The mode the save gets: that of the file it replaces, else 0666 less the umask. */
static mode_t save_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return st.st_mode & 07777;
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

/* Flushes the directory holding path, so the rename itself survives a crash. */
static bool sync_dir(const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = 0;
    else
        *slash = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    close(fd);
    return ok;
}

bool lnlt_session_save(const lnlt_session *s, const char *path, lnlt_error *err)
{
    if (!lnlt_sandbox_allows(path, true, "save", err))
        return false;
    struct stat pst;
    if (stat(path, &pst) == 0 && S_ISDIR(pst.st_mode))
        return lnlt_error_set(err, "cannot write save %s: it is a directory", path);
    char tmp[PATH_MAX + 16];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp)
        return lnlt_error_set(err, "save path too long: %s", path);
    json_t *o = lnlt_session_save_json(s);
    char *text = json_dumps(o, JSON_INDENT(1));
    json_decref(o);
    if (!text)
        return lnlt_error_set(err, "out of memory writing the save");
    /* mkstemp: a name nobody can predict, created with O_EXCL, so a file or
     * symbolic link planted there is never followed or overwritten. */
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(text);
        return lnlt_error_set(err, "cannot write save %s: %s", path, strerror(e));
    }
    size_t len = strlen(text), done = 0;
    bool ok = fchmod(fd, save_mode(path)) == 0;
    int e = errno;
    while (ok && done < len) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        e = errno;
        done += n > 0 ? (size_t)n : 0;
    }
    if (ok && write(fd, "\n", 1) != 1) {
        ok = false;
        e = errno;
    }
    /* fsync before rename: otherwise a crash could leave the new name pointing at
     * an empty file, losing the previous save too. */
    if (ok && fsync(fd) != 0) {
        ok = false;
        e = errno;
    }
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    free(text);
    if (!ok) {
        unlink(tmp);
        return lnlt_error_set(err, "cannot write save %s: %s", path, strerror(e));
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        unlink(tmp);
        return lnlt_error_set(err, "cannot move save into place at %s: %s", path, strerror(e));
    }
    if (!sync_dir(path))
        return lnlt_error_set(err, "save %s written, but its directory could not be flushed: %s", path,
                              strerror(errno));
    return true;
}
