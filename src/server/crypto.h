/*
 * crypto.h: the server's few cryptographic needs, over OpenSSL's libcrypto and
 * the kernel's getrandom(2): random secrets (game seeds, seat tokens, game ids),
 * SHA-256 (seed commitments, stored token hashes, scenario content hashes) and
 * HMAC-SHA-256 (the computer players' own seeds, keyed by a server secret).
 */
#ifndef LNLT_SERVER_CRYPTO_H
#define LNLT_SERVER_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/error.h"

#define SRV_SHA256_HEX 65 /* 64 hex digits and the terminator */

/* Fills buf with n bytes from getrandom(2); false only if the kernel refuses. */
bool srv_random_bytes(void *buf, size_t n);
/* n random bytes written as 2n lower-case hex digits (out holds 2n + 1). */
bool srv_random_hex(char *out, size_t nbytes);

/* Opens libcrypto (once per process; later calls only answer): false, with the
 * reason in err, when it cannot be opened. Call it, and stop on false, before any
 * of the SHA-256 and HMAC functions below, which abort without it. */
bool srv_crypto_open(lnlt_error *err);

/* SHA-256 of data, as 64 lower-case hex digits. */
void srv_sha256_hex(const void *data, size_t len, char out[SRV_SHA256_HEX]);
/* HMAC-SHA-256 of msg under key; the first 8 bytes of the MAC as a big-endian
 * number (a seed). */
uint64_t srv_hmac_u64(const void *key, size_t keylen, const void *msg, size_t msglen);

/* Hex digits to bytes: false unless text is exactly 2n hex digits. */
bool srv_hex_decode(const char *text, uint8_t *out, size_t n);
void srv_hex_encode(const uint8_t *in, size_t n, char *out);

/* R-SRV-01: the engine's 64-bit seed is the first 8 bytes (big-endian) of the
 * game's 32-byte secret; the published commitment is the SHA-256 of those 32
 * bytes. False unless secret_hex is 64 hex digits. */
bool srv_seed_from_secret(const char *secret_hex, uint64_t *seed);
void srv_seed_commitment(const char *secret_hex, char out[SRV_SHA256_HEX]);

/* Constant-time comparison of two equal-length strings (token hashes). */
bool srv_equal_ct(const char *a, const char *b);

#endif
