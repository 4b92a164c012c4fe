/*
 * crypto.c: random secrets from getrandom(2), SHA-256 and HMAC-SHA-256 through
 * OpenSSL's libcrypto, and the seed commitment of ruling R-SRV-01 (see crypto.h).
 *
 * libcrypto is opened the first time a program asks for it (srv_crypto_open), not
 * linked: linked in, its relocations cost every start of `lnlt` about 2.5 million
 * instructions of dynamic linking, which self-play and the engine's tests paid
 * for three functions they never call (docs/performance.md). The server refuses to
 * start and `lnlt replay --seed` stops, each saying why, when it cannot be opened.
 */
#include "server/crypto.h"

#include <dlfcn.h>
#include <errno.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define CRYPTO_LIBRARY "libcrypto.so.3"

static struct {
    void *lib;
    char why[300]; /* why it could not be opened */
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *);
    const EVP_MD *(*sha256)(void);
    unsigned char *(*hmac)(const EVP_MD *, const void *, int, const unsigned char *, size_t, unsigned char *,
                           unsigned int *);
} crypto;

static pthread_once_t crypto_once = PTHREAD_ONCE_INIT;

/* dlsym's address into a function pointer of the right type (POSIX guarantees
 * the two have one representation). */
#define CRYPTO_SYM(field, name)                                                                                        \
    do {                                                                                                               \
        void *p_ = dlsym(lib, name);                                                                                   \
        if (!p_) {                                                                                                     \
            snprintf(crypto.why, sizeof crypto.why, "%s has no %s", CRYPTO_LIBRARY, name);                             \
            dlclose(lib);                                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
        memcpy(&crypto.field, &p_, sizeof p_);                                                                         \
    } while (0)

static void crypto_load(void)
{
    void *lib = dlopen(CRYPTO_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(crypto.why, sizeof crypto.why, "cannot open %s: %s", CRYPTO_LIBRARY, e ? e : "unknown error");
        return;
    }
    CRYPTO_SYM(digest, "EVP_Digest");
    CRYPTO_SYM(sha256, "EVP_sha256");
    CRYPTO_SYM(hmac, "HMAC");
    crypto.lib = lib; /* every function found */
}

bool srv_crypto_open(lnlt_error *err)
{
    pthread_once(&crypto_once, crypto_load);
    if (crypto.lib)
        return true;
    return lnlt_error_set(err, "%s", crypto.why);
}

/* The hashing functions' callers opened libcrypto first (their contract in
 * crypto.h); reaching one without it is a program error, stopped loudly rather
 * than answered with a wrong digest. */
static void crypto_require(void)
{
    pthread_once(&crypto_once, crypto_load);
    if (!crypto.lib) {
        fprintf(stderr, "lnlt: SHA-256 asked for without libcrypto: %s\n", crypto.why);
        abort();
    }
}

bool srv_random_bytes(void *buf, size_t n)
{
    uint8_t *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += got;
        n -= (size_t)got;
    }
    return true;
}

void srv_hex_encode(const uint8_t *in, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool srv_hex_decode(const char *text, uint8_t *out, size_t n)
{
    if (!text || strlen(text) != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

bool srv_random_hex(char *out, size_t nbytes)
{
    uint8_t buf[64];
    if (nbytes > sizeof buf || !srv_random_bytes(buf, nbytes))
        return false;
    srv_hex_encode(buf, nbytes, out);
    return true;
}

void srv_sha256_hex(const void *data, size_t len, char out[SRV_SHA256_HEX])
{
    uint8_t md[EVP_MAX_MD_SIZE];
    unsigned mdlen = 0;
    crypto_require();
    crypto.digest(data, len, md, &mdlen, crypto.sha256(), NULL);
    srv_hex_encode(md, mdlen, out);
}

uint64_t srv_hmac_u64(const void *key, size_t keylen, const void *msg, size_t msglen)
{
    uint8_t md[EVP_MAX_MD_SIZE];
    unsigned mdlen = 0;
    crypto_require();
    crypto.hmac(crypto.sha256(), key, (int)keylen, msg, msglen, md, &mdlen);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | md[i];
    return v;
}

bool srv_seed_from_secret(const char *secret_hex, uint64_t *seed)
{
    uint8_t secret[32];
    if (!srv_hex_decode(secret_hex, secret, sizeof secret))
        return false;
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | secret[i];
    *seed = v;
    return true;
}

void srv_seed_commitment(const char *secret_hex, char out[SRV_SHA256_HEX])
{
    uint8_t secret[32];
    if (!srv_hex_decode(secret_hex, secret, sizeof secret)) {
        out[0] = 0;
        return;
    }
    srv_sha256_hex(secret, sizeof secret, out);
}

bool srv_equal_ct(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb)
        return false;
    unsigned diff = 0;
    for (size_t i = 0; i < la; i++)
        diff |= (unsigned)(a[i] ^ b[i]);
    return diff == 0;
}
