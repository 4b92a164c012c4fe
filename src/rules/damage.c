/*
 * damage.c: damage checks and their results (rules 5.0 leader influence on DCs,
 * 5.1 the Damage Check Table: shaken, casualties, wounded, eliminated; 11.2,
 * 11.2.1 hero creation on a natural 1, with the hero and his skill drawn, 12.0).
 * The table lookup itself is in src/rules/calc/.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

/* 5.1 casualties: a squad becomes the half-squad its nation's table names (by a
 * die when the table depends on one); anything smaller is eliminated. */
bool rules_apply_casualties(lnlt_step *s, int unit)
{
    lnlt_unit *u = &s->st->unit[unit];
    const lnlt_unit_type *t = rules_type(s->ctx, u);
    bool varies = false;
    for (int f = 1; f < 6; f++)
        varies |= t->casualty[f] != t->casualty[0];
    int face = 1;
    if (t->kind == LNLT_UK_SQUAD && varies) {
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "casualty reduction", "13.0", &face, NULL, s->err))
            return false;
    }
    int to = t->kind == LNLT_UK_SQUAD ? t->casualty[face - 1] : LNLT_NONE;
    if (to == LNLT_NONE) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "eliminated", "%s: casualties, eliminated", rules_label(s->ctx, s->st, unit));
        rules_eliminate(s, unit);
        return true;
    }
    if (t->kind == LNLT_UK_SQUAD)
        u->parent = u->type; /* 3.0: the half-squad remembers its squad (ruling R-DATA-09) */
    u->type = (int16_t)to;
    rules_shake_unit(s->ctx, s->st, unit);
    lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "casualties", "%s: casualties, now a shaken %s", rules_label(s->ctx, s->st, unit),
                    s->ctx->catalog->unit[to].name);
    rules_note_squad_reduced(s, unit); /* 22.0: half the squad VP at once (ruling R-DATA-10) */
    rules_sw_fit_capacity(s, unit); /* 1.6: a half-squad carries one weapon */
    return true;
}

/* 11.2, 22.0: why no hero may appear for the side of `parent` now, or NULL: a
 * scenario rule, the nation, or its two heroes in play already (those still to
 * enter count, 11.2). Known before the hero die, which is then not rolled. */
static const char *hero_barred(const lnlt_ctx *ctx, const lnlt_state *st, int parent)
{
    const lnlt_unit *p = &st->unit[parent];
    int nation = rules_type(ctx, p)->nation;
    const lnlt_nation *nat = &ctx->catalog->nation[nation];
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count; r++) {
        const lnlt_scn_rule *rule = &ctx->scenario->rule[r];
        if (lnlt_rule_on(ctx, st, r) && rule->kind == LNLT_SSR_NO_HERO_CREATION && (rule->side < 0 || rule->side + 1 == p->side)) /* R-SCN-11 */
            return "the scenario forbids hero creation"; /* Assault on Vierville */
    }
    if (!nat->heroes_allowed)
        return "this side may not create heroes";
    int heroes = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (rules_is_hero(ctx, u) && rules_type(ctx, u)->nation == nation && (rules_on_map(u) || u->cell == LNLT_CELL_NONE))
            heroes++;
    }
    if (heroes >= nat->heroes_max)
        return "the hero limit is reached";
    if (st->unit_count >= LNLT_MAX_UNITS)
        return "no room for another counter";
    return NULL;
}

/* 12.0 (ruling R-CORE-45): the skill cup a new hero of `era` draws from: the
 * skills a hero may hold, of his era or any, whose effects the engine plays, that
 * no unit in play holds (a spent single-use skill is back in the cup). */
static int skill_cup(const lnlt_ctx *ctx, const lnlt_state *st, int era, int *out)
{
    int n = 0;
    const lnlt_catalog *cat = ctx->catalog;
    for (int k = 0; k < cat->skill_count && k < LNLT_MAX_SKILLS; k++) {
        const lnlt_skill *sk = &cat->skill[k];
        bool playable = sk->effect_count > 0;
        for (int e = 0; e < sk->effect_count; e++)
            playable &= sk->effect[e].kind != LNLT_SE_UNSPECIFIED;
        if (!playable || !(sk->holders & (1u << LNLT_UK_HERO)) || (sk->era != era && sk->era != 2))
            continue;
        bool held = false;
        for (int i = 0; i < st->unit_count && !held; i++)
            held = st->unit[i].skill == k && st->unit[i].cell != LNLT_CELL_ELIMINATED &&
                   !(sk->single_use && st->unit[i].skill_used);
        if (!held)
            out[n++] = k;
    }
    return n;
}

/* 22.0: does the side play a scenario's optional hero rule with stand-ins (of
 * counter `base`, or any when base < 0) in this game? */
static bool stand_in_rule(const lnlt_ctx *ctx, const lnlt_state *st, int side, int base)
{
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count; r++) {
        const lnlt_scn_rule *rule = &ctx->scenario->rule[r];
        if (rule->kind == LNLT_SSR_HERO_STAND_IN && rule->side + 1 == side && (base < 0 || rule->unit == base) &&
            lnlt_rule_on(ctx, st, r))
            return true;
    }
    return false;
}

/* 11.2.1: a hero appears in the hex with the spawning unit's activation state: a
 * counter of the nation not in play, drawn at random (or a scenario's stand-in when
 * none is left, ruling R-SCN-11), with a skill drawn from the cup (ruling
 * R-CORE-45). `where` is the hex the unit was in when it rolled: the
 * hero appears whatever the check did to the unit, even if it was eliminated. */
static bool create_hero(lnlt_step *s, int parent, int where)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const lnlt_unit *p = &st->unit[parent];
    int nation = rules_type(ctx, p)->nation;
    int free_counter[LNLT_MAX_UNIT_TYPES], nfree = 0, stand_in = -1;
    for (int t = 0; t < ctx->catalog->unit_count && nfree < LNLT_MAX_UNIT_TYPES; t++) {
        const lnlt_unit_type *ht = &ctx->catalog->unit[t];
        if (ht->kind != LNLT_UK_HERO || ht->nation != nation)
            continue;
        /* a hero counter is free when not in play; a scenario's stand-in (22.0) while
         * fewer than its copies are */
        int in_play = 0, copies = ht->stand_in_for >= 0 && ht->countermix > 0 ? ht->countermix : 1;
        for (int i = 0; i < st->unit_count; i++)
            in_play += st->unit[i].type == t && st->unit[i].cell != LNLT_CELL_ELIMINATED;
        if (in_play >= copies)
            continue;
        if (ht->stand_in_for < 0)
            free_counter[nfree++] = t;
        else if (stand_in < 0 && stand_in_rule(ctx, st, p->side, ht->stand_in_for)) /* 22.0: if played */
            stand_in = t;
    }
    /* ruling R-SCN-11: the stand-ins only when no counter of the nation is left,
     * in the order the scenario lists them */
    if (nfree == 0 && stand_in >= 0)
        free_counter[nfree++] = stand_in;
    if (nfree == 0) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "11.2.1", "no-hero", "no hero counter of the nation is left");
        return true;
    }
    int pick;
    if (!rules_random_index(s, nfree, "which hero counter", "11.2.1", &pick))
        return false;
    int t = free_counter[pick];
    /* 11.2.1: a hero who would overstack goes to an adjacent hex free of enemies
     * (ruling R-CORE-25: the first such hex clockwise from north). */
    int cell = rules_room_near(ctx, st, where, p->side, t);
    if (cell < 0) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "11.2.1", "no-hero", "no hero appears: no room in or next to the hex");
        return true;
    }
    bool moved_away = cell != where;
    int hero = st->unit_count;
    lnlt_unit *h = &st->unit[hero];
    memset(h, 0, sizeof *h);
    h->skill = -1;
    h->parent = -1;
    h->type = (int16_t)t;
    rules_put_unit(st, hero, cell); /* indexed once counted, below */
    h->side = p->side;
    h->marks = moved_away ? 0 : p->marks;
    h->force = p->force;
    h->flags = (uint8_t)(p->flags & LNLT_UNIT_ACTIVATED);
    h->mp2 = p->mp2;
    if (lnlt_bit(st->activated, parent))
        lnlt_bit_set(st->activated, hero);
    /* SK-EX-013/014: a hero born from a mover carries on with the MP it has left. */
    if (!moved_away && st->move.active && where == st->move.cell &&
        (p->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE)) && p->mp2 > 0)
        lnlt_bit_set(st->move.units, hero);
    st->unit_count++;
    rules_index_add(st, hero);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "11.2.1", "hero", "a hero appears in %s: %s", rules_cell(s, cell, name),
                    rules_label(ctx, st, hero));
    if (stand_in_rule(ctx, st, p->side, -1)) { /* the optional hero rules: no skill is drawn (ruling R-SCN-11) */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "hero-skill", "%s draws no skill (the scenario's hero rule)",
                        rules_label(ctx, st, hero));
        return true;
    }
    int cup[LNLT_MAX_SKILLS];
    int ncup = skill_cup(ctx, st, ctx->catalog->nation[nation].era, cup);
    if (ncup == 0) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "hero-skill", "%s draws no skill: the cup holds none for him",
                        rules_label(ctx, st, hero));
        return true;
    }
    if (!rules_random_index(s, ncup, "hero's skill", "12.0", &pick))
        return false;
    st->unit[hero].skill = (int8_t)cup[pick];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "hero-skill", "%s draws the skill %s", rules_label(ctx, st, hero),
                    ctx->catalog->skill[cup[pick]].name);
    return true;
}

static bool one_check(lnlt_step *s, int unit, int dc, int leader_lm)
{
    rules_atgm_note_check(s->st, unit); /* 14.4: an ATGM firer's missile misses */
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[unit];
    const lnlt_unit_type *t = rules_type(s->ctx, u);
    int where = lnlt_unit_loc(u);
    int die;
    char purpose[80];
    snprintf(purpose, sizeof purpose, "damage check, %s", rules_label(s->ctx, st, unit));
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "5.1", &die, &re, s->err))
        return false;
    lnlt_dc_input in;
    memset(&in, 0, sizeof in);
    in.die = die;
    in.dc = dc;
    in.leader_lm = leader_lm;
    in.morale = rules_morale(s->ctx, u) + rules_advisor_bonus(s->ctx, st, unit); /* 11.9 */
    in.column = lnlt_dct_column_for(lnlt_unit_kind_is_smc(t->kind), t->kind == LNLT_UK_HERO, u->status == LNLT_SHAKEN);
    in.hero_capable = (t->kind == LNLT_UK_SQUAD || t->kind == LNLT_UK_HALF_SQUAD) &&
                      !rules_mounted_no_hero(s, unit, die); /* 6.6 */
    in.enemy_fire = true;
    lnlt_dc_outcome out = lnlt_damage_check(&in);
    if (re) { /* the unit and the terms, for programs (and previews) */
        re->unit = (int16_t)unit;
        lnlt_mods_add(&re->mods, dc, "DC", "5.0");
        if (leader_lm)
            lnlt_mods_add(&re->mods, -leader_lm, "LM", "5.0");
    }
    if (re) {
        char lm[24] = "";
        if (leader_lm) /* 5.0: the surviving leader's LM lowers the check */
            snprintf(lm, sizeof lm, " - LM %d", leader_lm);
        snprintf(re->text, sizeof re->text, "+ DC %d%s = %d vs morale %d -> %s", dc, lm, out.roll, in.morale,
                 lnlt_dct_result_name(out.result));
    }
    switch (out.result) {
    case LNLT_DCT_NO_EFFECT:
        break;
    case LNLT_DCT_SHAKEN: /* never for a hero: his column has no Shaken (5.1, 11.2) */
        rules_shake_unit(s->ctx, st, unit);
        lnlt_bit_clear(st->move.units, unit); /* 5.1: shaken movers stop */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "shaken", "%s is shaken", rules_label(s->ctx, st, unit));
        break;
    case LNLT_DCT_CASUALTIES:
        lnlt_bit_clear(st->move.units, unit);
        if (!rules_apply_casualties(s, unit))
            return false;
        break;
    case LNLT_DCT_WOUNDED:
        lnlt_bit_clear(st->move.units, unit);
        u->wounds++;
        if (u->wounds > 1 + rules_skill_value(s->ctx, u, LNLT_SE_EXTRA_WOUNDS)) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "eliminated", "%s is wounded once too often: eliminated",
                            rules_label(s->ctx, st, unit));
            rules_eliminate(s, unit);
        } else if (u->flags & LNLT_UNIT_WOUNDED) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "12.0", "wounded", "%s is wounded again and fights on (Bull)",
                            rules_label(s->ctx, st, unit));
        } else {
            u->flags |= LNLT_UNIT_WOUNDED;
            rules_shake_unit(s->ctx, st, unit); /* heroes never shake: they turn to the wounded side */
            lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "wounded", "%s is wounded", rules_label(s->ctx, st, unit));
        }
        break;
    default:
        lnlt_events_say(s->log, LNLT_EV_RESULT, "5.1", "eliminated", "%s is eliminated", rules_label(s->ctx, st, unit));
        rules_eliminate(s, unit);
        break;
    }
    if (out.hero_check) {
        const char *barred = hero_barred(s->ctx, st, unit);
        int hd;
        if (barred)
            lnlt_events_say(s->log, LNLT_EV_RESULT, "11.2.1", "no-hero", "no hero appears (%s)", barred);
        else if (!lnlt_dice_roll(&s->dice, 1, NULL, "hero creation (natural 1)", "11.2.1", &hd, NULL, s->err))
            return false;
        else if (lnlt_hero_created(hd) && !create_hero(s, unit, where))
            return false;
    }
    return true;
}

bool rules_damage_checks(lnlt_step *s, const int *units, const int *dcs, int n)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    /* 5.0: leaders check first; the best one still in good order afterwards lowers
     * the checks of the other units of his IB by his LM. */
    int best_leader = -1, best_lm = 0;
    for (int i = 0; i < n; i++) {
        if (dcs[i] <= 0 || !rules_is_leader(ctx, &st->unit[units[i]]))
            continue;
        if (!one_check(s, units[i], dcs[i], 0))
            return false;
        const lnlt_unit *l = &st->unit[units[i]];
        if (rules_on_map(l) && rules_is_good(l) && rules_lm(ctx, l) > best_lm) {
            best_lm = rules_lm(ctx, l);
            best_leader = units[i];
        }
    }
    /* A good-order leader who was not hit at all also lends his LM. */
    for (int i = 0; i < n; i++) {
        const lnlt_unit *l = &st->unit[units[i]];
        if (dcs[i] <= 0 && rules_is_leader(ctx, l) && rules_is_good(l) && rules_lm(ctx, l) > best_lm) {
            best_lm = rules_lm(ctx, l);
            best_leader = units[i];
        }
    }
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[units[i]];
        if (dcs[i] <= 0 || rules_is_leader(ctx, u))
            continue;
        int lm = best_leader >= 0 && rules_same_ib(ctx, u, &st->unit[best_leader]) ? best_lm : 0;
        if (!one_check(s, units[i], dcs[i], lm))
            return false;
    }
    return true;
}
