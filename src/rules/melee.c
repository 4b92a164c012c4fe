/*
 * melee.c: melee as the engine plays it (rules 8.0 melee, 8.1 post-melee and the
 * Melee marker, 8.2 reinforcing, 8.3 zero-FP units, 8.5 "M" superscripts): which
 * units are melee-eligible, entering an enemy hex, each side choosing the enemy
 * units it attacks, the simultaneous 2d6 attacks against kill numbers, losses
 * taken after both rolls, one round per hex per turn, and further rounds fought
 * from an activation in later turns. Odds, kill numbers and FP come from the pure
 * layer (src/rules/calc/melee_calc.c); Deadly's +1 to an attack (12.0) is added
 * here. Withdrawal (8.1.1): a morale check each, then a move out of the kind
 * declared, or a round at once for a failure. Ambush (8.4): a
 * stack of an ambush-capable nation entering a melee unseen from its starting
 * hex triples its FP, and a fresh melee's round is then not simultaneous.
 * Cavalry charges (8.6): cavalry.c, called from the entry, FP and attack steps.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* A weapon its moving holder is abandoning (R-SW-02) stays in the hex he leaves,
 * so it does not make him melee-eligible in the hex he enters. */
static bool holds_me_sw(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    int sws[4];
    int n = rules_sws_of(st, unit, sws, 4);
    for (int i = 0; i < n && i < 4; i++)
        if (rules_sw_melee_eligible(ctx, &st->sw[sws[i]]) && !(st->sw[sws[i]].flags & LNLT_SW_ABANDON))
            return true;
    return false;
}

bool rules_melee_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u) || !rules_is_good(u))
        return false;
    switch (rules_type(ctx, u)->kind) {
    case LNLT_UK_SNIPER: case LNLT_UK_MEDIC: case LNLT_UK_CORPSMAN: case LNLT_UK_CHAPLAIN:
    case LNLT_UK_NURSE: case LNLT_UK_PIPER: case LNLT_UK_MARKSMAN: case LNLT_UK_VEHICLE:
        return false; /* 8.0; 17.1: vehicles are close-assaulted, never in melee */
    case LNLT_UK_LEADER: case LNLT_UK_ADVISOR: case LNLT_UK_ARMOR_LEADER: case LNLT_UK_COMMISSAR:
        return holds_me_sw(ctx, st, unit); /* 8.0: leaders fight only with an ME weapon */
    default:
        return true;
    }
}

bool rules_in_melee(const lnlt_state *st, int cell) { return cell >= 0 && rules_melee_marker(st, cell); }

static void describe(const lnlt_ctx *ctx, const lnlt_state *st, int unit, lnlt_melee_unit *mu)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_unit_type *t = rules_type(ctx, u);
    const lnlt_unit_face *f = rules_face(ctx, u);
    memset(mu, 0, sizeof *mu);
    mu->name = t->name;
    mu->ifp = f->ifp > 0 ? f->ifp : 0;
    mu->smc = lnlt_unit_kind_is_smc(t->kind);
    mu->leader = rules_is_leader(ctx, u); /* 11.7: a commissar fights as a leader */
    mu->hero = t->kind == LNLT_UK_HERO;
    mu->scout = t->kind == LNLT_UK_SCOUT;
    mu->m_superscript = (f->flags & LNLT_UF_MELEE) != 0;
    mu->weapon_team = t->kind == LNLT_UK_WEAPON_TEAM;
    mu->mg_team = mu->weapon_team && t->wt_weapon == LNLT_WTW_MG; /* 1.7: what the crew serves (R-SW-09) */
    mu->uses_ifp = true;
    int sws[4];
    int n = rules_sws_of(st, unit, sws, 4);
    for (int i = 0; i < n && i < 4 && mu->sw_count < LNLT_FIRE_SW_MAX; i++) {
        const lnlt_sw *w = &st->sw[sws[i]];
        if (!rules_sw_melee_eligible(ctx, w) || !rules_mounted_sw_usable(ctx, st, unit, w))
            continue; /* 6.6.1, 6.6.2 (ruling R-CORE-34) */
        const lnlt_sw_type *wt = rules_sw_type(ctx, w);
        const lnlt_sw_face *sf = (w->flags & LNLT_SW_BACK_SIDE) ? &wt->back : &wt->front;
        lnlt_melee_sw *ms = &mu->sw[mu->sw_count++];
        ms->fp = sf->fp > 0 ? sf->fp : 0;
        ms->melee_eligible = true;
        ms->m_superscript = (wt->flags & LNLT_SWF_MELEE) != 0;
    }
    if (mu->sw_count == 2 || (mu->sw_count == 1 && (t->kind == LNLT_UK_HALF_SQUAD || t->kind == LNLT_UK_CREW)))
        mu->uses_ifp = false; /* 1.6, 8.0: two weapons, or a half-squad's or crew's one, and no IFP */
}

/* ME units of `side` in the melee hex (the ones that attack and may be targeted;
 * non-MG weapon teams are targets that cannot attack). */
static int fighters(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int *out)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == side && rules_melee_eligible(ctx, st, i))
            out[n++] = i;
    return n;
}

static lnlt_melee_fp group_fp(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, lnlt_melee_role role)
{
    /* zeroed: describe() fills the entries used, which gcc's whole-program view
     * (-flto) cannot see */
    lnlt_melee_unit mu[LNLT_FIRE_UNITS_MAX] = {0}, ch[LNLT_FIRE_UNITS_MAX] = {0};
    int k = 0, kc = 0;
    for (int i = 0; i < n && k + kc < LNLT_FIRE_UNITS_MAX; i++) {
        if (rules_charging(&st->unit[units[i]]))
            describe(ctx, st, units[i], &ch[kc++]); /* 8.6: doubled below */
        else
            describe(ctx, st, units[i], &mu[k++]);
    }
    return rules_charge_group_fp(lnlt_melee_group_fp(mu, k, role, false, false), k, ch, kc, role);
}

/* 12.0 Deadly: +1 to the FP of the attacks of his stack, melee attacks too (not
 * to its defence: ruling R-CORE-44). A good-order leader with it in the hex
 * lends it to his side's attack; a hero adds it to the attacks he makes. */
static int deadly_bonus(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int mine[LNLT_MAX_UNITS];
    int nm = rules_charge_attackers(st, mine, fighters(ctx, st, cell, side, mine)); /* 8.6 */
    int best = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != cell || u->side != side || !rules_is_good(u))
            continue;
        int v = rules_skill_value(ctx, u, LNLT_SE_FP_BONUS);
        bool attacks = !rules_is_hero(ctx, u);
        for (int k = 0; k < nm && !attacks; k++)
            attacks = mine[k] == i;
        if (attacks && v > best)
            best = v;
    }
    return best;
}

/* Can `side` attack exactly the targets `pick` (all enemy fighters in `cell`)? */
bool rules_melee_targets_ok(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *pick)
{
    int mine[LNLT_MAX_UNITS], theirs[LNLT_MAX_UNITS], chosen[LNLT_MAX_UNITS];
    int nm = fighters(ctx, st, cell, side, mine), nt = fighters(ctx, st, cell, lnlt_other_side(side), theirs), nc = 0;
    nm = rules_charge_attackers(st, mine, nm); /* 8.6: those who failed only defend */
    for (int i = 0; i < nt; i++)
        if (lnlt_bit(pick, theirs[i]))
            chosen[nc++] = theirs[i];
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(pick, i)) {
            bool among = false;
            for (int k = 0; k < nt; k++)
                among |= theirs[k] == i;
            if (!among)
                return false;
        }
    if (nc == 0 || nm == 0)
        return false;
    lnlt_melee_fp a = group_fp(ctx, st, mine, nm, LNLT_MELEE_ATTACKING);
    lnlt_melee_fp d = group_fp(ctx, st, chosen, nc, LNLT_MELEE_DEFENDING);
    a.fp += deadly_bonus(ctx, st, cell, side); /* 12.0 */
    /* 8.0: below 1-3 an attack may target one unit only. */
    return nc == 1 || !lnlt_melee_below_1_3(a.fp, d.fp);
}

static void say_cell(lnlt_step *s, const char *key, const char *fmt, int cell)
{
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.0", key, fmt, rules_cell(s, cell, name));
}

/* Asks the side whose impulse it is for its targets (or skips to the reply when it
 * has nobody able to attack). */
static void clear_losers(lnlt_step *s, int cell);

static bool ask_targets(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    int mine[LNLT_MAX_UNITS], theirs[LNLT_MAX_UNITS];
    if (fighters(s->ctx, st, cell, st->impulse_side, mine) == 0 ||
        fighters(s->ctx, st, cell, lnlt_other_side(st->impulse_side), theirs) == 0) {
        /* 8.1 (R-CORE-146): one side has nobody who may fight, so nobody may be
         * attacked on that side either and no round can be fought; that side's
         * units there are lost, as at the end of a round. (Movers left unable
         * to melee by an entry attack go back instead, forced_move.c; this is
         * for those with no hex to go back to.) */
        say_cell(s, "melee", "one side in %s has nobody who may fight the melee", cell);
        clear_losers(s, cell);
        rules_set_melee_marker(st, cell, true);
        return true;
    }
    st->melee_cell = (int16_t)cell;
    st->melee_first = st->impulse_side;
    memset(st->melee_targets, 0, sizeof st->melee_targets);
    st->melee_stage = 1;
    st->pending = LNLT_DECIDE_MELEE_TARGET;
    st->pending_side = st->impulse_side;
    say_cell(s, "melee", "a melee begins in %s", cell);
    return true;
}

/* 8.1: a side left without ME units loses its NME units, whether or not the enemy
 * kept any (both sides' leaders and other SMCs go down in a mutual destruction);
 * an SMC with no friendly ME unit and no ME weapon of its own is such a unit
 * (5.1: shaken units surrender too). */
static void clear_losers(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    for (int side = 1; side <= 2; side++) {
        int me[LNLT_MAX_UNITS];
        if (fighters(s->ctx, st, cell, side, me) > 0)
            continue;
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == side) {
                lnlt_events_say(s->log, LNLT_EV_RESULT, "8.1", "eliminated", "%s is overrun in the melee and eliminated",
                                rules_label(s->ctx, st, i));
                rules_eliminate(s, i);
            }
    }
}

bool rules_melee_attack_input(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *targets,
                              lnlt_melee_input *in, int *ambush_fp)
{
    int mine[LNLT_MAX_UNITS], chosen[LNLT_MAX_UNITS], theirs[LNLT_MAX_UNITS];
    int nm = fighters(ctx, st, cell, side, mine), nt = fighters(ctx, st, cell, lnlt_other_side(side), theirs), nc = 0;
    nm = rules_charge_attackers(st, mine, nm); /* 8.6: those who failed only defend */
    for (int i = 0; i < nt; i++)
        if (lnlt_bit(targets, theirs[i]))
            chosen[nc++] = theirs[i];
    if (nm == 0 || nc == 0)
        return false;
    lnlt_melee_fp a = group_fp(ctx, st, mine, nm, LNLT_MELEE_ATTACKING);
    lnlt_melee_fp d = group_fp(ctx, st, chosen, nc, LNLT_MELEE_DEFENDING);
    if (a.cannot_attack)
        return false;
    /* 8.4: the ambushers' FP (a zero-FP MMC counting 1) is tripled, added to the
     * normal FP of friends already in the melee (8.2). */
    int amb[LNLT_MAX_UNITS], na = 0;
    for (int i = 0; i < nm; i++)
        if (st->unit[mine[i]].flags & LNLT_UNIT_AMBUSHING)
            amb[na++] = mine[i];
    *ambush_fp = -1;
    if (na > 0) {
        *ambush_fp = group_fp(ctx, st, amb, na, LNLT_MELEE_ATTACKING).fp;
        a.fp += 2 * *ambush_fp;
    }
    a.fp += deadly_bonus(ctx, st, cell, side); /* 12.0 Deadly */
    memset(in, 0, sizeof *in);
    in->att_fp = a.fp;
    in->def_fp = d.fp;
    in->multiple_targets = nc > 1;
    in->hero = a.hero;
    in->zero_fp_attackers = a.zero_fp_units;
    in->zero_fp_defenders = d.zero_fp_units;
    /* 8.0: one good-order leader's LM, unless he adds weapon FP. */
    if (!a.leader_used_sw)
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (lnlt_unit_loc(u) == cell && u->side == side && rules_lm(ctx, u) > in->leader_lm)
                in->leader_lm = rules_lm(ctx, u);
        }
    in->leader_lm = rules_charge_leader_lm(ctx, st, cell, side, in->leader_lm); /* 8.6 */
    return true;
}

/* One side's roll against its chosen targets; marks the kills in `killed`. */
static bool attack(lnlt_step *s, int cell, int side, const uint8_t *targets, uint8_t *killed)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int theirs[LNLT_MAX_UNITS], chosen[LNLT_MAX_UNITS], nc = 0;
    int nt = fighters(ctx, st, cell, lnlt_other_side(side), theirs);
    for (int i = 0; i < nt; i++)
        if (lnlt_bit(targets, theirs[i]))
            chosen[nc++] = theirs[i];
    lnlt_melee_input in;
    int tripled;
    if (!rules_melee_attack_input(ctx, st, cell, side, targets, &in, &tripled))
        return true;
    if (tripled >= 0)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.4", "ambush", "ambush: FP %d of the ambushers tripled to %d", tripled,
                        3 * tripled);
    int deadly = deadly_bonus(ctx, st, cell, side);
    if (deadly > 0)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "12.0", "deadly", "Deadly: +%d to the attack's FP (%d)", deadly, in.att_fp);
    lnlt_melee_fp a = {.fp = in.att_fp}, d = {.fp = in.def_fp};
    int dice[2];
    char purpose[64];
    snprintf(purpose, sizeof purpose, "melee, %s attacks", lnlt_side_name(ctx, side));
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, "8.0", dice, &re, s->err))
        return false;
    in.d1 = dice[0];
    in.d2 = dice[1];
    lnlt_melee_outcome out = lnlt_melee_attack(&in);
    if (re) {
        re->mods = out.mods; /* the roll's modifiers, for programs (and previews) */
        size_t n = (size_t)snprintf(re->text, sizeof re->text, "= %d; FP %d vs %d: %s%s, kill number %d; roll",
                                    in.d1 + in.d2, a.fp, d.fp,
                                    lnlt_odds_name(out.odds), out.odds != out.base_odds ? " (hero shift)" : "",
                                    out.kill_number);
        for (int i = 0; i < out.mods.count && n < sizeof re->text; i++)
            n += (size_t)snprintf(re->text + n, sizeof re->text - n, " %s %+d", out.mods.mod[i].source,
                                  out.mods.mod[i].value);
        if (n < sizeof re->text)
            snprintf(re->text + n, sizeof re->text - n, " = %d -> %s", out.roll, out.kill ? "kill" : "no effect");
    }
    if (out.kill)
        for (int i = 0; i < nc; i++)
            lnlt_bit_set(killed, chosen[i]);
    return true;
}

static void remove_killed(lnlt_step *s, uint8_t *killed)
{
    lnlt_state *st = s->st;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(killed, i)) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "8.0", "eliminated", "%s is eliminated in the melee",
                            rules_label(s->ctx, st, i));
            rules_eliminate(s, i);
            lnlt_bit_clear(killed, i);
        }
}

static bool resolve_round(lnlt_step *s, const uint8_t *second_targets)
{
    lnlt_state *st = s->st;
    int cell = st->melee_cell, first = st->melee_first;
    uint8_t killed[LNLT_UNIT_BITS] = {0};
    /* 8.4: an ambush that starts a melee strikes first; as a reinforcement of a
     * melee already marked (8.2) the round stays simultaneous. */
    bool ambush_first = false;
    for (int i = 0; i < st->unit_count; i++)
        ambush_first |= lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == first &&
                        (st->unit[i].flags & LNLT_UNIT_AMBUSHING) && !rules_melee_marker(st, cell);
    /* 8.0: simultaneous: both attack from the position before any loss. */
    if (!attack(s, cell, first, st->melee_targets, killed))
        return false;
    if (ambush_first) {
        char name[LNLT_HEX_ID_MAX];
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.4", "ambush", "ambush in %s: the losses come off before the counterattack",
                        rules_cell(s, cell, name));
        remove_killed(s, killed);
    }
    if (!attack(s, cell, lnlt_other_side(first), second_targets, killed))
        return false;
    rules_sw_after_melee(s, cell); /* 1.6.3, 1.6.7, 1.6.8 */
    remove_killed(s, killed);
    for (int i = 0; i < st->unit_count; i++) {
        st->unit[i].flags &= (uint8_t)~LNLT_UNIT_AMBUSHING;
        if (lnlt_unit_loc(&st->unit[i]) == cell)
            st->unit[i].flags |= LNLT_UNIT_ACTIVATED; /* 8.0: every participant counts as activated */
    }
    rules_charge_round_over(st); /* 8.6: only the first round */
    clear_losers(s, cell);
    rules_set_melee_fought(st, cell);
    rules_set_melee_marker(st, cell, true);
    st->melee_stage = 0;
    st->melee_cell = -1;
    st->pending = 0;
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    return true;
}

bool rules_melee_target(lnlt_step *s, const uint8_t *pick)
{
    lnlt_state *st = s->st;
    int side = st->pending_side;
    if (!rules_melee_targets_ok(s->ctx, st, st->melee_cell, side, pick))
        return lnlt_error_set(s->err, "those units cannot be attacked together (8.0)");
    if (st->melee_stage == 1) {
        memcpy(st->melee_targets, pick, sizeof st->melee_targets);
        int theirs[LNLT_MAX_UNITS];
        /* the reply: the other side picks, if it has anyone who can attack */
        int nr = fighters(s->ctx, st, st->melee_cell, lnlt_other_side(side), theirs);
        if (rules_charge_attackers(st, theirs, nr) > 0) { /* 8.6: not if all only defend */
            st->melee_stage = 2;
            st->pending_side = (uint8_t)lnlt_other_side(side);
            return true;
        }
        uint8_t none[LNLT_UNIT_BITS] = {0};
        return resolve_round(s, none);
    }
    return resolve_round(s, pick);
}

/* After a stack entered an enemy-occupied hex (6.0, 8.0). */
/* 8.4: the movers ambush when every one of them is ambush-capable and the hex
 * they enter had no line of sight to the hex they started from (ruling
 * R-CORE-31: the enemy has not moved this impulse, so its hex now is its hex
 * then, and one hex's units share their line of sight). */
static bool movers_ambush(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    const lnlt_move_state *mv = &st->move;
    bool any = false;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(mv->units, i)) {
            if (!rules_ambush_capable(ctx, &st->unit[i]))
                return false;
            any = true;
        }
    if (!any || mv->origin < 0 || mv->origin == cell)
        return false;
    lnlt_los_result los;
    return !rules_los(ctx, st, cell, mv->origin, &los);
}

bool rules_melee_on_entry(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    int side = st->impulse_side;
    bool ambush = movers_ambush(s->ctx, st, cell);
    int origin = st->move.origin;
    uint8_t movers[LNLT_UNIT_BITS];
    memcpy(movers, st->move.units, sizeof movers);
    memset(&st->move, 0, sizeof st->move); /* the movers stop here */
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    int theirs[LNLT_MAX_UNITS];
    if (fighters(s->ctx, st, cell, lnlt_other_side(side), theirs) == 0) {
        /* 8.0: only non-melee-eligible enemies: they are eliminated. */
        say_cell(s, "melee", "the enemy in %s cannot fight a melee and is eliminated", cell);
        clear_losers(s, cell);
        rules_set_melee_marker(st, cell, true);
        return true;
    }
    if (rules_melee_was_fought(st, cell)) {
        /* 8.2: a round was fought here this turn; the reinforcements wait. */
        say_cell(s, "melee", "the units reinforce the melee in %s; the next round is next turn", cell);
        rules_set_melee_marker(st, cell, true);
        return true;
    }
    if (ambush) {
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_bit(movers, i) && rules_melee_eligible(s->ctx, st, i))
                st->unit[i].flags |= LNLT_UNIT_AMBUSHING;
        char name[LNLT_HEX_ID_MAX];
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.4", "ambush", "the enemy in %s did not see them coming: an ambush",
                        rules_cell(s, cell, name));
    }
    if (!ambush && !rules_charge_on_entry(s, cell, origin, movers))
        return false; /* 8.6: a charge is seen coming, so never an ambush too (R-CORE-35) */
    return ask_targets(s, cell);
}

bool rules_melee_can_fight(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    int mine[LNLT_MAX_UNITS], theirs[LNLT_MAX_UNITS];
    if (!rules_in_melee(st, cell) || rules_melee_was_fought(st, cell))
        return false;
    int nm = fighters(ctx, st, cell, st->impulse_side, mine);
    bool activated = false;
    for (int i = 0; i < nm; i++)
        activated |= lnlt_bit(st->activated, mine[i]) && !(st->unit[mine[i]].flags & LNLT_UNIT_ACTIVATED);
    return activated && fighters(ctx, st, cell, lnlt_other_side(st->impulse_side), theirs) > 0;
}

bool rules_melee_round(lnlt_step *s, int cell)
{
    if (!rules_melee_can_fight(s->ctx, s->st, cell))
        return lnlt_error_set(s->err, "no melee round can be fought there now");
    s->st->acted = 1;
    return ask_targets(s, cell);
}

void rules_melee_admin(lnlt_step *s)
{
    lnlt_state *st = s->st;
    rules_sw_melee_admin(s); /* 1.6.8: before the markers of finished melees go */
    memset(st->melee_fought, 0, sizeof st->melee_fought);
    memset(st->melee_fought_up, 0, sizeof st->melee_fought_up);
    int cells = s->ctx->map ? lnlt_map_cells(s->ctx->map) : 0;
    /* the marked locations, in location order: the marker sets' bits */
    for (int f = 0; f < LNLT_FLOORS; f++) {
        const uint8_t *set = f == LNLT_FLOOR_GROUND ? st->melee : st->melee_up[f - 1];
        for (int b = 0; b < LNLT_MAX_CELLS / 8 && 8 * b < cells; b++)
            for (unsigned x = set[b]; x; x &= x - 1) {
                int cell = 8 * b + __builtin_ctz(x), c = lnlt_location(cell, f);
                if (cell >= cells)
                    break;
                int dummy[1];
                bool both = rules_units_in(st, c, 1, dummy, 1) > 0 && rules_units_in(st, c, 2, dummy, 1) > 0;
                if (!both)
                    rules_set_melee_marker(st, c, false); /* 8.1: one side gone, the marker goes */
            }
    }
}

/* The melee target decisions: every legal set of enemy fighters (at most 5 of
 * them are enumerated as subsets; beyond that one at a time or all). */
int rules_melee_target_actions(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t (*out)[LNLT_UNIT_BITS], int cap)
{
    int theirs[LNLT_MAX_UNITS];
    int cell = st->melee_cell, side = st->pending_side;
    int nt = fighters(ctx, st, cell, lnlt_other_side(side), theirs), n = 0;
    int limit = nt <= 5 ? (1 << nt) : 0;
    for (int mask = 1; mask < limit; mask++) {
        uint8_t pick[LNLT_UNIT_BITS] = {0};
        for (int i = 0; i < nt; i++)
            if (mask & (1 << i))
                lnlt_bit_set(pick, theirs[i]);
        if (rules_melee_targets_ok(ctx, st, cell, side, pick) && n < cap)
            memcpy(out[n++], pick, LNLT_UNIT_BITS);
    }
    if (!limit) {
        for (int i = 0; i < nt && n < cap; i++) {
            uint8_t pick[LNLT_UNIT_BITS] = {0};
            lnlt_bit_set(pick, theirs[i]);
            memcpy(out[n++], pick, LNLT_UNIT_BITS);
        }
        uint8_t all[LNLT_UNIT_BITS] = {0};
        for (int i = 0; i < nt; i++)
            lnlt_bit_set(all, theirs[i]);
        if (rules_melee_targets_ok(ctx, st, cell, side, all) && n < cap)
            memcpy(out[n++], all, LNLT_UNIT_BITS);
    }
    return n;
}

/* ---- withdrawing (8.1.1) ---- */

int rules_melee_withdrawers(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int *out)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) == cell && u->side == st->impulse_side && lnlt_bit(st->activated, i) &&
            !(u->flags & LNLT_UNIT_ACTIVATED) && rules_face(ctx, u)->mf > 0)
            out[n++] = i;
    }
    return n;
}

bool rules_melee_can_withdraw(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    int w[LNLT_MAX_UNITS];
    return rules_in_melee(st, cell) && rules_enemy_in(st, cell, st->impulse_side) && rules_melee_withdrawers(ctx, st, cell, w) > 0;
}

bool rules_melee_withdraw(lnlt_step *s, int cell, int mode)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int w[LNLT_MAX_UNITS];
    int n = rules_melee_withdrawers(ctx, st, cell, w);
    if (!rules_melee_can_withdraw(ctx, st, cell))
        return lnlt_error_set(s->err, "nobody can withdraw from there");
    st->acted = 1;
    /* 8.1.1: each unit passes a morale check with LM and TM; ruling R-CORE-26: they
     * withdraw together or not at all. */
    int best_lm = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == st->impulse_side && rules_lm(ctx, &st->unit[i]) > best_lm)
            best_lm = rules_lm(ctx, &st->unit[i]);
    bool all = true;
    for (int k = 0; k < n; k++) {
        lnlt_unit *u = &st->unit[w[k]];
        lnlt_mc_input in;
        memset(&in, 0, sizeof in);
        in.morale = rules_morale(ctx, u);
        in.lm = rules_is_leader(ctx, u) ? 0 : best_lm;
        in.positive_tm = rules_mc_cover(ctx, st, cell, u->side); /* 1.5.1, TEC Wall and Hill */
        char purpose[80];
        snprintf(purpose, sizeof purpose, "withdrawal, %s", rules_label(ctx, st, w[k]));
        lnlt_mc_outcome out;
        if (!rules_roll_morale_check(s, &in, purpose, "8.1.1", NULL, "passed", "failed", &out))
            return false;
        all &= out.pass;
    }
    if (all) {
        say_cell(s, "withdraw", "the units withdraw from the melee in %s", cell);
        rules_impulse_note_move(st, cell); /* 4.0: the hex's one move group */
        return rules_start_move_units(s, cell, mode, w, n); /* 8.1.1: by the move declared */
    }
    for (int k = 0; k < n; k++)
        st->unit[w[k]].flags |= LNLT_UNIT_ACTIVATED;
    if (rules_melee_was_fought(st, cell)) {
        say_cell(s, "withdraw", "the withdrawal from %s fails; they stay in the melee", cell);
        return true;
    }
    int theirs[LNLT_MAX_UNITS];
    if (fighters(ctx, st, cell, lnlt_other_side(st->impulse_side), theirs) == 0) {
        /* 8.0, 8.1: the enemy left there cannot fight (a leader who gave up his
         * weapon): there is no round to fight, and he is lost */
        say_cell(s, "withdraw", "the withdrawal from %s fails, but nobody there can fight the round", cell);
        clear_losers(s, cell);
        return true;
    }
    say_cell(s, "withdraw", "the withdrawal from %s fails: a melee round is fought at once", cell);
    return ask_targets(s, cell);
}

void rules_melee_after_leave(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    if (!rules_in_melee(st, cell))
        return;
    int dummy[1];
    if (rules_units_in(st, cell, st->impulse_side, dummy, 1) > 0)
        return;
    /* 8.1.1: with every friendly unit gone the marker is removed, and the enemy
     * left behind may fire at them again. */
    rules_set_melee_marker(st, cell, false);
    say_cell(s, "melee-over", "the melee in %s is over: one side has left", cell);
}
