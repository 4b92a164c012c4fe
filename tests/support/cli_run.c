/*
 * cli_run.c: running the lnlt program from tests (see cli_run.h). Output goes
 * through temporary files rather than pipes, so a large output can never
 * deadlock the test against the child.
 */
#include "cli_run.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char program[1100] = "build/debug/lnlt";

void cli_set_program(const char *argv0)
{
    /* build/<config>/tests/test_x -> build/<config>/lnlt */
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", argv0);
    char *slash = strrchr(buf, '/');
    if (!slash)
        return;
    *slash = 0;
    slash = strrchr(buf, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(buf, sizeof buf, ".");
    snprintf(program, sizeof program, "%s/lnlt", buf);
}

const char *cli_program(void) { return program; }

char *cli_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

static int temp_file(char *name, size_t len, const char *what)
{
    snprintf(name, len, "/tmp/lnlt-test-%s-XXXXXX", what);
    return mkstemp(name);
}

cli_result cli_run(const char *const *args, const char *input)
{
    return cli_run_bytes(args, input, input ? strlen(input) : 0);
}

cli_result cli_run_bytes(const char *const *args, const char *input, size_t len)
{
    cli_result r = {-1, NULL, NULL};
    char in_name[64], out_name[64], err_name[64];
    int in = temp_file(in_name, sizeof in_name, "in");
    int out = temp_file(out_name, sizeof out_name, "out");
    int err = temp_file(err_name, sizeof err_name, "err");
    if (in < 0 || out < 0 || err < 0)
        return r;
    if (input && len && write(in, input, len) != (ssize_t)len)
        return r;
    lseek(in, 0, SEEK_SET);
    const char *argv[64];
    int n = 0;
    argv[n++] = program;
    for (int i = 0; args[i] && n < 63; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(program, (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    close(in);
    close(out);
    close(err);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = cli_slurp(out_name);
    r.err = cli_slurp(err_name);
    unlink(in_name);
    unlink(out_name);
    unlink(err_name);
    return r;
}

void cli_result_free(cli_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

bool cli_golden(const char *golden_path, const char *text)
{
    const char *update = getenv("LNLT_UPDATE_GOLDEN");
    if (update && !strcmp(update, "1")) {
        FILE *f = fopen(golden_path, "w");
        if (!f)
            return false;
        fputs(text, f);
        fclose(f);
        return true;
    }
    char *want = cli_slurp(golden_path);
    if (!want) {
        printf("golden file %s missing (run with LNLT_UPDATE_GOLDEN=1 to create it)\n", golden_path);
        return false;
    }
    bool same = !strcmp(want, text);
    if (!same) {
        int line = 1;
        const char *a = want, *b = text;
        while (*a && *a == *b) {
            if (*a == '\n')
                line++;
            a++;
            b++;
        }
        printf("output differs from %s at line %d\n--- expected\n%s--- got\n%s---\n", golden_path, line, want, text);
    }
    free(want);
    return same;
}

char *cli_mask_hashes(char *text)
{
    char *w = text;
    const char *r = text;
    while (*r) {
        bool start = r == text || !isalnum((unsigned char)r[-1]);
        int n = 0;
        while (start && n < 17 && r[n] && isxdigit((unsigned char)r[n]))
            n++;
        if (start && n == 16 && !isalnum((unsigned char)r[16])) {
            memcpy(w, "<hash>", 6);
            w += 6;
            r += 16;
        } else {
            *w++ = *r++;
        }
    }
    *w = 0;
    return text;
}
