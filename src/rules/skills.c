/*
 * skills.c: skills as data (rule 12.0, the skill list in data/skills/): which
 * effect a unit's skill carries, and with what value. The rules that a skill
 * changes ask here: Assaulter lets a leader's stack assault-move (6.1), Deadly
 * adds FP to his stack's attacks (5.0), Deadeye doubles ranges (5.0), Bull lets
 * him survive one more wound (5.1), Charismatic lets him rally adjacent hexes
 * (3.0), Decisive lets him and his stack activate a second time (4.0), once,
 * and The Ambush brings him reinforcements of his nation, once.
 * Scopes follow the data (self, stack, stack total, adjacent); a stack scope on
 * a hero acts on the hero alone (ruling R-DATA-03).
 */
#include <string.h>

#include "rules/internal.h"

static const lnlt_skill *skill_of(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    if (!ctx->catalog || u->skill < 0 || u->skill >= ctx->catalog->skill_count)
        return NULL;
    return &ctx->catalog->skill[u->skill];
}

const char *rules_skill_name(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_skill *sk = skill_of(ctx, u);
    return sk ? sk->name : "";
}

int rules_skill_value(const lnlt_ctx *ctx, const lnlt_unit *u, int effect)
{
    const lnlt_skill *sk = skill_of(ctx, u);
    if (!sk || (sk->single_use && u->skill_used))
        return 0;
    for (int i = 0; i < sk->effect_count; i++)
        if (sk->effect[i].kind == effect)
            return sk->effect[i].value > 0 ? sk->effect[i].value : 1;
    return 0;
}

unsigned rules_side_skill_effects(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    _Static_assert(LNLT_SE_COUNT <= 32, "a bit per skill effect");
    unsigned effects = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->skill < 0 || u->side != side || !rules_on_map(u))
            continue; /* most units have no skill */
        for (int e = 0; e < LNLT_SE_COUNT; e++)
            if (rules_skill_value(ctx, u, e) > 0)
                effects |= 1u << e;
    }
    return effects;
}

int rules_stack_skill(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int effect, int *holder)
{
    int best = 0;
    if (holder)
        *holder = -1;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != cell || u->side != side || !rules_is_good(u))
            continue;
        int v = rules_skill_value(ctx, u, effect);
        if (v > best) {
            best = v;
            if (holder)
                *holder = i;
        }
    }
    return best;
}

/* The good-order Decisive leader of `side` in `cell` who has already activated
 * this phase and not yet used the skill, or -1. */
static int decisive_leader(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS); /* the index: in unit order */
    for (int k = 0; k < n; k++) {
        const lnlt_unit *u = &st->unit[here[k]];
        if (rules_on_map(u) && rules_is_leader(ctx, u) && rules_is_good(u) && (u->flags & LNLT_UNIT_ACTIVATED) &&
            rules_skill_value(ctx, u, LNLT_SE_EXTRA_ACTIVATION))
            return here[k];
    }
    return -1;
}

bool rules_can_decisive(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    return decisive_leader(ctx, st, cell, side) >= 0;
}

/* 12.0 Decisive: in a later impulse than his first activation (this is an
 * impulse decision), his hex's units lose their Fired, Moved, Assault Move, Low
 * Crawl, Stealth and Ops Complete markers and the hex is activated again
 * (ruling R-CORE-30: "his stack" is every unit of his side in his hex now). */
bool rules_decisive(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    int side = st->impulse_side;
    int leader = decisive_leader(s->ctx, st, cell, side);
    if (leader < 0)
        return lnlt_error_set(s->err, "no leader there may use Decisive now (12.0)");
    st->unit[leader].skill_used = 1;
    const uint8_t cleared = LNLT_MARK_FIRED | LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_LOW_CRAWL |
                            LNLT_MARK_HIT_AND_RUN | LNLT_MARK_STEALTH | LNLT_MARK_OPS_COMPLETE;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != cell || u->side != side)
            continue;
        u->marks &= (uint8_t)~cleared;
        u->flags &= (uint8_t)~LNLT_UNIT_ACTIVATED;
    }
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "12.0", "decisive", "%s is Decisive: his stack in %s activates again",
                    rules_type(s->ctx, &st->unit[leader])->name, rules_cell(s, cell, name));
    return rules_activate(s, cell, false);
}

/* The good-order leader or hero of `side` in `cell` with an unused The Ambush,
 * in or next to an enemy-occupied hex, or -1. */
static int ambush_caller(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    /* the holder of the skill first: few have it, so the enemy is rarely looked for */
    int caller = -1, here[LNLT_MAX_UNITS];
    int n = cell >= 0 ? rules_units_in(st, cell, side, here, LNLT_MAX_UNITS) : 0;
    for (int k = 0; k < n && caller < 0; k++) {
        const lnlt_unit *u = &st->unit[here[k]];
        int kind = rules_type(ctx, u)->kind;
        if (rules_is_good(u) && (kind == LNLT_UK_LEADER || kind == LNLT_UK_HERO) &&
            rules_skill_value(ctx, u, LNLT_SE_AMBUSH_REINFORCEMENT))
            caller = here[k];
    }
    if (caller < 0)
        return -1;
    bool enemy_near = rules_enemy_in(st, cell, side);
    for (int d = 1; d <= 6 && !enemy_near; d++) {
        int c = lnlt_map_neighbor(ctx->map, lnlt_loc_cell(cell), d);
        enemy_near = c >= 0 && rules_enemy_in(st, c, side);
    }
    return enemy_near ? caller : -1;
}

bool rules_can_the_ambush(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    return ambush_caller(ctx, st, cell, side) >= 0;
}

/* The first catalog entry of `nation` of unit kind `kind` (or, with sw_kind >= 0,
 * the first support weapon of that kind), or -1 (ruling R-CORE-32). */
static int first_of_nation(const lnlt_catalog *cat, int nation, int kind, int sw_kind)
{
    if (sw_kind >= 0) {
        for (int t = 0; t < cat->sw_count; t++)
            if (cat->sw[t].nation == nation && cat->sw[t].kind == sw_kind)
                return t;
        return -1;
    }
    for (int t = 0; t < cat->unit_count; t++)
        if (cat->unit[t].nation == nation && cat->unit[t].kind == kind)
            return t;
    return -1;
}

/* Places one reinforcement of catalog type `type` with the caller's status. */
static int place_reinforcement(lnlt_step *s, int caller, int type)
{
    lnlt_state *st = s->st;
    const lnlt_unit *c = &st->unit[caller];
    char where[LNLT_HEX_ID_MAX];
    int cell = type >= 0 ? rules_room_near(s->ctx, st, lnlt_unit_loc(c), c->side, type) : -1;
    if (cell < 0) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "the-ambush", "no room near %s for another unit",
                        rules_cell(s, lnlt_unit_loc(c), where));
        return -1;
    }
    int u = st->unit_count++;
    lnlt_unit *n = &st->unit[u];
    memset(n, 0, sizeof *n);
    n->type = (int16_t)type;
    n->side = c->side; /* before it is placed: the index files it by side */
    rules_put_unit(st, u, cell);
    n->skill = -1;
    n->parent = -1;
    n->force = c->force;
    n->marks = c->marks;
    n->flags = (uint8_t)(c->flags & LNLT_UNIT_ACTIVATED);
    lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "the-ambush", "%s joins in %s", rules_type(s->ctx, n)->name,
                    rules_cell(s, cell, where));
    return u;
}

/* 12.0 The Ambush: 1d6: 1 nobody, 2 a half-squad with an MG, 3-4 a squad with an
 * MG, 5-6 two squads, of the caller's nation, with his activation status, in his
 * hex or the first hex next to it with room (ruling R-CORE-32). */
bool rules_the_ambush(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int caller = ambush_caller(ctx, st, cell, st->impulse_side);
    if (caller < 0)
        return lnlt_error_set(s->err, "no leader or hero there may call The Ambush now (12.0)");
    int die;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "The Ambush", "12.0", &die, NULL, s->err))
        return false;
    st->unit[caller].skill_used = 1;
    int nation = rules_type(ctx, &st->unit[caller])->nation;
    const lnlt_catalog *cat = ctx->catalog;
    int squad = first_of_nation(cat, nation, LNLT_UK_SQUAD, -1);
    int half = first_of_nation(cat, nation, LNLT_UK_HALF_SQUAD, -1);
    int mg = first_of_nation(cat, nation, 0, LNLT_SWK_MG);
    int types[2] = {-1, -1}, count = 0;
    bool with_mg = false;
    if (die == 2) {
        types[count++] = half;
        with_mg = true;
    } else if (die == 3 || die == 4) {
        types[count++] = squad;
        with_mg = true;
    } else if (die >= 5) {
        types[count++] = squad;
        types[count++] = squad;
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "the-ambush", "The Ambush: 1d6 %d -> %s", die,
                    die == 1 ? "nobody comes" : die == 2 ? "a half-squad with an MG"
                             : die <= 4  ? "a squad with an MG" : "two squads");
    for (int k = 0; k < count; k++) {
        int u = place_reinforcement(s, caller, types[k]);
        if (u >= 0 && with_mg && mg >= 0 && st->sw_count < LNLT_MAX_SWS) {
            lnlt_sw *w = &st->sw[st->sw_count++];
            memset(w, 0, sizeof *w);
            w->type = (int16_t)mg;
            w->holder = (int16_t)u;
            w->cell = LNLT_CELL_NONE;
        }
    }
    return true;
}
