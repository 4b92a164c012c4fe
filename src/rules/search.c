/*
 * search.c: the search API (lnlt/search.h): the legal list once, the trusted
 * in-place apply, the Zobrist position hash and its incremental update, and the
 * search's own dice. No rule lives here: apply runs the same rules as lnlt_apply
 * (engine.c), only without the legality check, the scratch copy and the text.
 */
#include <stddef.h>
#include <string.h>

#include "lnlt/search.h"
#include "rules/internal.h"

int lnlt_search_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    return rules_legal_actions(ctx, st, out, cap);
}

bool lnlt_search_apply(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, lnlt_error *err)
{
    lnlt_error ignored; /* written only if a rule fails */
    lnlt_step s = {ctx, st, {&st->rng, NULL, NULL}, NULL, err ? err : &ignored};
    return rules_apply_action(&s, a);
}

bool lnlt_search_pass(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out)
{
    lnlt_decision d = lnlt_decision_get(ctx, st);
    if (d.kind != LNLT_DECIDE_OPFIRE && d.kind != LNLT_DECIDE_ATGM)
        return false;
    rules_action_init(out, LNLT_ACT_NO_FIRE, d.side, 0, 0, 0); /* as legal_actions.c lists it */
    return true;
}

bool lnlt_search_apply_index(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *list, int n, int i,
                             lnlt_error *err)
{
    if (i < 0 || i >= n)
        return lnlt_error_set(err, "action index %d is outside the list of %d", i, n);
    return lnlt_search_apply(ctx, st, &list[i], err);
}

/* ---- Zobrist hash over the state's 64-bit words ----
 * Each word w at place i contributes key(i, w), a 64-bit mix of both (zero words
 * contribute nothing, so the mostly empty marker arrays cost a test each). The
 * generator and the action count are masked out, the derived index left out. */
enum { STATE_WORDS = offsetof(lnlt_state, by_loc) / 8 }; /* the derived index is no part of a position */
_Static_assert(sizeof(lnlt_state) % 8 == 0, "the state is a whole number of 64-bit words");
_Static_assert(offsetof(lnlt_state, rng) % 8 == 0 && sizeof(lnlt_pcg32) == 16, "the generator fills two words");

static inline uint64_t mix64(uint64_t x)
{
    /* the finaliser of MurmurHash3 */
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline uint64_t word_key(size_t i, uint64_t w)
{
    return w ? mix64(w ^ mix64((uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL)) : 0;
}

/* The bytes of the word holding actions_applied that are part of the position. */
static uint64_t count_word_keep(void)
{
    unsigned char b[8];
    memset(b, 0xFF, sizeof b);
    memset(b + offsetof(lnlt_state, actions_applied) % 8, 0, sizeof(uint32_t));
    uint64_t keep;
    memcpy(&keep, b, sizeof keep);
    return keep;
}
_Static_assert(offsetof(lnlt_state, actions_applied) % 8 + sizeof(uint32_t) <= 8, "the count sits in one word");

static inline uint64_t position_word(const lnlt_state *st, size_t i)
{
    enum { RNG_WORD = offsetof(lnlt_state, rng) / 8, COUNT_WORD = offsetof(lnlt_state, actions_applied) / 8 };
    if (i == RNG_WORD || i == RNG_WORD + 1)
        return 0;
    uint64_t w;
    memcpy(&w, (const unsigned char *)st + 8 * i, sizeof w);
    return i == COUNT_WORD ? w & count_word_keep() : w;
}

uint64_t lnlt_search_hash(const lnlt_state *st)
{
    uint64_t h = 0;
    for (size_t i = 0; i < STATE_WORDS; i++)
        h ^= word_key(i, position_word(st, i));
    return h;
}

uint64_t lnlt_search_hash_update(uint64_t parent_hash, const lnlt_state *before, const lnlt_state *after)
{
    /* Eight words (a cache line) at a time: their differences or'ed together, and
     * only the words of lines that differ are mixed. */
    enum { LINE = 8 };
    const unsigned char *a = (const unsigned char *)before, *b = (const unsigned char *)after;
    uint64_t h = parent_hash;
    for (size_t at = 0; at < STATE_WORDS; at += LINE) {
        size_t end = at + LINE < STATE_WORDS ? at + LINE : STATE_WORDS;
        uint64_t diff = 0;
        for (size_t i = at; i < end; i++) {
            uint64_t x, y;
            memcpy(&x, a + 8 * i, sizeof x);
            memcpy(&y, b + 8 * i, sizeof y);
            diff |= x ^ y;
        }
        if (!diff)
            continue;
        for (size_t i = at; i < end; i++) {
            uint64_t x = position_word(before, i), y = position_word(after, i);
            if (x != y)
                h ^= word_key(i, x) ^ word_key(i, y);
        }
    }
    return h;
}

void lnlt_state_refresh(lnlt_state *st) { rules_index_rebuild(st); }

void lnlt_search_reseed(lnlt_state *st, uint64_t seed)
{
    lnlt_pcg32_seed(&st->rng, seed, 0x536561726368ULL /* "Search": never the game's stream */);
}
