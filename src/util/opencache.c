/*
 * opencache.c: the opening cache's files (see opencache.h and docs/performance.md).
 *
 * Where: the directory named by the environment variable LNLT_CACHE_DIR, else
 * cache/ beside the running program (build/debug/cache for build/debug/lnlt);
 * LNLT_CACHE_DIR set to an empty string turns the cache off, and so does a
 * sandbox (lnlt/sandbox.h) the directory is outside of. A file is
 * KIND-DIGEST.bin: a header (magic, the program's GNU build id, the digest, the
 * length and checksum of the contents), then the parts' bytes.
 */
#define _GNU_SOURCE
#include "util/opencache.h"
#include "lnlt/sandbox.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { BUILD_ID_MAX = 32 };

typedef struct oc_header {
    char magic[8];                  /* "LNLTOC01" */
    uint8_t build_id[BUILD_ID_MAX]; /* the writer's GNU build id, zero padded */
    uint64_t digest;
    uint64_t length;                /* bytes after the header */
    uint64_t checksum;              /* checksum() of those bytes */
} oc_header;

static const char magic[8] = {'L', 'N', 'L', 'T', 'O', 'C', '0', '1'};

uint64_t oc_digest(const void *p, size_t n, uint64_t seed)
{
    const unsigned char *b = p;
    uint64_t h = seed;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return (h ^ n) * 0x100000001b3ull;
}

/* The checksum of a file's contents, chained through `sum`: four lanes of 8-byte
 * words, each rotated and added (a changed, lost or moved word changes it), at
 * under half an instruction a byte since a table is most of a megabyte. */
static uint64_t checksum(const void *p, size_t n, uint64_t sum)
{
    const unsigned char *b = p;
    uint64_t lane[4] = {sum, ~sum, sum ^ 0x9e3779b97f4a7c15ull, sum ^ 0xc2b2ae3d27d4eb4full};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, b + i + 8 * k, 8);
            lane[k] = ((lane[k] << 7) | (lane[k] >> 57)) + w;
        }
    return oc_digest(b + i, n - i, oc_digest(lane, sizeof lane, n));
}

/* The running program's GNU build id (zero padded); false when it has none. */
static int note_of_main(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    uint8_t *id = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        size_t off = 0;
        while (off + sizeof(ElfW(Nhdr)) <= ph->p_memsz) {
            ElfW(Nhdr) nh;
            memcpy(&nh, p + off, sizeof nh);
            size_t name_at = off + sizeof nh, desc_at = name_at + ((nh.n_namesz + 3u) & ~3u);
            if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && !memcmp(p + name_at, "GNU", 4) &&
                nh.n_descsz > 0) {
                memcpy(id, p + desc_at, nh.n_descsz < BUILD_ID_MAX ? nh.n_descsz : BUILD_ID_MAX);
                return 1;
            }
            off = desc_at + ((nh.n_descsz + 3u) & ~3u);
        }
    }
    return 1; /* the first object is the program itself: stop there */
}

static bool build_id(uint8_t id[BUILD_ID_MAX])
{
    memset(id, 0, BUILD_ID_MAX);
    dl_iterate_phdr(note_of_main, id);
    for (int i = 0; i < BUILD_ID_MAX; i++)
        if (id[i])
            return true;
    return false;
}

/* The cache file's path; false when the cache is off or has no place. */
static bool file_path(const char *kind, uint64_t digest, char *out, size_t cap)
{
    const char *env = getenv("LNLT_CACHE_DIR");
    char dir[4096];
    if (env) {
        if (!env[0])
            return false;
        snprintf(dir, sizeof dir, "%s", env);
    } else {
        ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 8);
        if (n <= 0)
            return false;
        dir[n] = 0;
        char *slash = strrchr(dir, '/');
        if (!slash)
            return false;
        strcpy(slash + 1, "cache");
    }
    int w = snprintf(out, cap, "%s/%s-%016llx.bin", dir, kind, (unsigned long long)digest);
    /* a confined program (lnlt engine --sandbox) touches no file outside its
     * sandbox, the cache's included: it opens its games without the cache */
    return w > 0 && (size_t)w < cap && lnlt_sandbox_allows(out, true, "opening cache", NULL);
}

static bool read_all(int fd, void *p, size_t n)
{
    unsigned char *b = p;
    while (n > 0) {
        ssize_t r = read(fd, b, n);
        if (r <= 0)
            return false;
        b += r;
        n -= (size_t)r;
    }
    return true;
}

static bool write_all(int fd, const void *p, size_t n)
{
    const unsigned char *b = p;
    while (n > 0) {
        ssize_t r = write(fd, b, n);
        if (r <= 0)
            return false;
        b += r;
        n -= (size_t)r;
    }
    return true;
}

bool oc_read(const char *kind, uint64_t digest, const oc_part *parts, int nparts)
{
    char path[4200];
    uint8_t id[BUILD_ID_MAX];
    if (!file_path(kind, digest, path, sizeof path) || !build_id(id))
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    oc_header h;
    size_t length = 0;
    for (int i = 0; i < nparts; i++)
        length += parts[i].n;
    struct stat st;
    bool ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size == sizeof h + length && read_all(fd, &h, sizeof h) &&
              !memcmp(h.magic, magic, sizeof magic) && !memcmp(h.build_id, id, sizeof id) && h.digest == digest &&
              h.length == length;
    uint64_t sum = OC_DIGEST_SEED;
    for (int i = 0; ok && i < nparts; i++) {
        ok = read_all(fd, parts[i].p, parts[i].n);
        sum = checksum(parts[i].p, parts[i].n, sum);
    }
    close(fd);
    return ok && sum == h.checksum;
}

bool oc_read_blob(const char *kind, uint64_t digest, void **out, size_t *n)
{
    char path[4200];
    uint8_t id[BUILD_ID_MAX];
    *out = NULL;
    *n = 0;
    if (!file_path(kind, digest, path, sizeof path) || !build_id(id))
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    oc_header h;
    struct stat st;
    bool ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size >= sizeof h && read_all(fd, &h, sizeof h) &&
              !memcmp(h.magic, magic, sizeof magic) && !memcmp(h.build_id, id, sizeof id) && h.digest == digest &&
              h.length == (uint64_t)st.st_size - sizeof h;
    void *buf = ok ? malloc(h.length ? h.length : 1) : NULL;
    ok = buf && read_all(fd, buf, h.length) && checksum(buf, h.length, OC_DIGEST_SEED) == h.checksum;
    close(fd);
    if (!ok) {
        free(buf);
        return false;
    }
    *out = buf;
    *n = h.length;
    return true;
}

bool oc_write(const char *kind, uint64_t digest, const oc_part *parts, int nparts, lnlt_error *err)
{
    char path[4200], tmp[4300];
    oc_header h;
    memset(&h, 0, sizeof h);
    if (!file_path(kind, digest, path, sizeof path))
        return lnlt_error_set(err, "the opening cache is off (LNLT_CACHE_DIR is empty) or has no directory");
    if (!build_id(h.build_id))
        return lnlt_error_set(err, "this program has no GNU build id: its cache files could not be told apart");
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return lnlt_error_set(err, "%s: cannot create the cache directory: %s", dir, strerror(errno));
    memcpy(h.magic, magic, sizeof magic);
    h.digest = digest;
    h.checksum = OC_DIGEST_SEED;
    for (int i = 0; i < nparts; i++) {
        h.length += parts[i].n;
        h.checksum = checksum(parts[i].p, parts[i].n, h.checksum);
    }
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        return lnlt_error_set(err, "%s: cannot write: %s", tmp, strerror(errno));
    bool ok = write_all(fd, &h, sizeof h);
    for (int i = 0; ok && i < nparts; i++)
        ok = write_all(fd, parts[i].p, parts[i].n);
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return lnlt_error_set(err, "%s: cannot write the cache file: %s", path, strerror(errno));
    }
    return true;
}
