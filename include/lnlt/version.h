/*
 * lnlt/version.h: the version of lnlt, as saves record it ("engine") and
 * `lnlt --version` prints it. LNLT_HASH_SCHEME names the way the replay hash is
 * computed (src/rules/state_hash.c): a save whose scheme differs cannot have its
 * hash checked, only its actions replayed.
 */
#ifndef LNLT_VERSION_H
#define LNLT_VERSION_H

#define LNLT_VERSION "0.6.0"
#define LNLT_HASH_SCHEME "canonical-1"
#define LNLT_ENGINE_ID "lnlt " LNLT_VERSION " (hash " LNLT_HASH_SCHEME ")"

#endif
