/*
 * fire.c: the direct fire attack (rules 5.0-5.6) as the engine performs it, with
 * every number logged: the firers and their leader, an SMC crewing another's
 * weapon (1.6), indirect and mortar-team fire (1.6.5), assault fire (6.1.1), hit
 * and run (6.7), fire at a vehicle, jams (1.6.2) and the results on each target.
 * The arithmetic (combined FP, DFT modifiers, the opposed roll) is the pure layer
 * in src/rules/calc/; which leader lends his LM is leadership.c; who may fire is
 * fire_firers.c.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/fire_internal.h"
#include "rules/internal.h"

/* 6.3: low crawlers are not "moving" for the +1. */
static bool unit_is_moving(const lnlt_state *st, int unit)
{
    return st->move.active && lnlt_bit(st->move.units, unit) && st->move.mode != LNLT_MV_LOW_CRAWL &&
           !rules_stealth_mode(st->move.mode);
}

/* The penalty the way of firing brings: none, assault fire (6.1.1) or hit and run (6.7). */
enum { FIRE_PLAIN = 0, FIRE_ASSAULT = 1, FIRE_HIT_AND_RUN = 2 };
static bool fire(lnlt_step *s, int from, int to, bool opfire, int how, const uint8_t *pick, uint8_t *fired,
                 int director, int vtarget);

/* 1.6: a second good-order SMC that fires nothing of its own may crew an SMC's
 * weapon, which then fires at full FP; a leader doing so gives up his LM. The
 * engine pairs them when that makes the stronger attack (ruling R-SW-12). */
static void pair_smc_crew(const lnlt_ctx *ctx, const lnlt_state *st, const int *group, int n, const int *firer,
                          lnlt_fire_unit *fu, int nf, int leader, lnlt_fire_context *fc, int *lead,
                          lnlt_fire_attack *atk, int *crew)
{
    for (int k = 0; k < nf; k++) {
        if (!fu[k].smc || fu[k].sw_count != 1 || fu[k].sw[0].kind == LNLT_SW_SATCHEL ||
            fu[k].sw[0].kind == LNLT_SW_MOLOTOV)
            continue;
        for (int i = 0; i < n; i++) {
            int j = group[i], held[1];
            const lnlt_unit *c = &st->unit[j];
            bool fires = false;
            for (int m = 0; m < nf; m++)
                fires |= firer[m] == j;
            if (fires || !rules_is_smc(ctx, c) || !rules_is_good(c) || rules_sw_capacity(ctx, c) == 0 ||
                rules_sws_of(st, j, held, 1) > 0)
                continue;
            lnlt_fire_unit alt[LNLT_FIRE_UNITS_MAX];
            memcpy(alt, fu, (size_t)nf * sizeof *fu);
            alt[k].paired_smc_crew = true;
            lnlt_fire_context afc = *fc;
            if (j == leader) {
                afc.leader_lm = 0;
                afc.leader_name = NULL;
            }
            int alead = lnlt_fire_best_lead(alt, nf, &afc);
            lnlt_fire_attack aatk;
            if (!lnlt_fire_compute(alt, nf, alead, &afc, &aatk, NULL) || aatk.total <= atk->total)
                continue;
            memcpy(fu, alt, (size_t)nf * sizeof *fu);
            *fc = afc;
            *lead = alead;
            *atk = aatk;
            *crew = j;
            return;
        }
    }
}

/* 1.6.2: one J weapon that added FP jams; with several, a die picks it for the
 * owner. The attack is recomputed without it (ruling R-CORE-12). */
static bool jam(lnlt_step *s, const lnlt_fire_unit *fu, int nf, int lead, const lnlt_fire_context *fc,
                int (*swid)[LNLT_FIRE_SW_MAX], lnlt_fire_attack *atk)
{
    int cu[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], cw[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], nc = 0;
    for (int i = 0; i < nf; i++)
        for (int k = 0; k < fu[i].sw_count; k++)
            if (fu[i].sw[k].can_jam && fu[i].sw[k].fp > 0) {
                cu[nc] = i;
                cw[nc++] = k;
            }
    if (nc == 0)
        return true;
    int pick = 0;
    if (nc > 1) {
        int face;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "which J weapon jams", "1.6.2", &face, NULL, s->err))
            return false;
        pick = (face - 1) * nc / 6;
    }
    int before = atk->total;
    if (!lnlt_fire_jammed(fu, nf, lead, fc, cu[pick], cw[pick], atk, s->err))
        return false;
    lnlt_sw *w = &s->st->sw[swid[cu[pick]][cw[pick]]];
    w->flags |= LNLT_SW_JAMMED;
    lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-jammed", "equal dice: the %s jams and leaves the attack (%d -> %d)",
                    rules_sw_type(s->ctx, w)->name, before, atk->total);
    return true;
}

bool rules_fire(lnlt_step *s, int from, int to, bool opfire, const uint8_t *pick)
{
    return fire(s, from, to, opfire, FIRE_PLAIN, pick, NULL, -1, -1);
}

bool rules_fire_indirect(lnlt_step *s, int from, int to, int director)
{
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.5", "indirect", "%s directs mortar fire at %s",
                    lnlt_unit_name(s->ctx, s->st, director), rules_cell(s, to, name));
    return fire(s, from, to, false, FIRE_PLAIN, NULL, NULL, director, -1);
}

bool rules_fire_mortar_team(lnlt_step *s, int team, int to, int caller)
{
    lnlt_state *st = s->st;
    int from = lnlt_unit_loc(&st->unit[team]);
    uint8_t pick[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(pick, team);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.1", "mortar-call", "%s calls the fire of %s on %s",
                    lnlt_unit_name(s->ctx, st, caller), lnlt_unit_name(s->ctx, st, team), rules_cell(s, to, name));
    int fp = rules_face(s->ctx, &st->unit[team])->ifp;
    if (!fire(s, from, to, false, FIRE_PLAIN, pick, NULL, caller, -1))
        return false;
    /* 18.1: a Fire For Effect marker stays on the hex until the admin phase
     * (ruling R-SW-15 for its strength) */
    int cell = lnlt_loc_cell(to);
    lnlt_bit_set(st->ffe, cell);
    if (fp > st->ffe_fp)
        st->ffe_fp = (uint8_t)fp;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.1", "ffe", "a Fire For Effect marker (FP %d) goes on %s until the administrative phase",
                    st->ffe_fp, rules_cell(s, cell, name));
    return true;
}

bool rules_fire_assault(lnlt_step *s, int from, int to, const uint8_t *pick, uint8_t *fired)
{
    return fire(s, from, to, false, FIRE_ASSAULT, pick, fired, -1, -1);
}

bool rules_fire_hit_and_run(lnlt_step *s, int from, int to, const uint8_t *pick)
{
    return fire(s, from, to, false, FIRE_HIT_AND_RUN, pick, NULL, -1, -1);
}

bool rules_fire_at_vehicle(lnlt_step *s, int from, int to, int vehicle, bool opfire, const uint8_t *pick)
{
    return fire(s, from, to, opfire, FIRE_PLAIN, pick, NULL, -1, vehicle);
}

static bool fire(lnlt_step *s, int from, int to, bool opfire, int how, const uint8_t *pick, uint8_t *fired,
                 int director, int vtarget)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = opfire ? lnlt_other_side(st->impulse_side) : st->impulse_side;
    int group[LNLT_MAX_UNITS];
    int n = rules_fire_group_at(ctx, st, from, to, side, opfire, group, LNLT_MAX_UNITS);
    if (pick)
        n = rules_pick(pick, group, n);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    bool empty_cave = !opfire && vtarget < 0 && rules_empty_cave(ctx, st, to); /* 10.7.2 */
    /* 4.1: units in the spotter's hex fire at full FP at the hex just spotted. */
    bool full_fp = !opfire && to == st->spotted_cell && st->spotter >= 0 && lnlt_unit_loc(&st->unit[st->spotter]) == from;
    char fromname[LNLT_HEX_ID_MAX], toname[LNLT_HEX_ID_MAX];
    rules_cell(s, from, fromname);
    rules_cell(s, to, toname);

    /* Who fires: every unit of the group that reaches the target. */
    lnlt_fire_unit fu[LNLT_FIRE_UNITS_MAX];
    int firer[LNLT_FIRE_UNITS_MAX];
    int swid[LNLT_FIRE_UNITS_MAX][LNLT_FIRE_SW_MAX]; /* state index of each fu[].sw[] */
    int nf = 0;
    /* 1.6.5: no LM on indirect fire; 11.1.3: a leader who lent his LM this impulse
     * lends it to the hex's next attack too (R-CORE-47, R-CORE-72) */
    int leader = director >= 0 ? -1 : rules_lending_leader(ctx, st, from, to, group, n, opfire, -1);
    for (int i = 0; i < n && nf < LNLT_FIRE_UNITS_MAX; i++) {
        if (group[i] == leader)
            continue;
        rules_describe_firer(ctx, st, group[i], range, full_fp, opfire, &fu[nf], swid[nf]);
        if (director >= 0)
            rules_keep_mortars(&fu[nf], swid[nf]);
        if (rules_rear_attack(ctx, from, to))
            rules_keep_rear_weapons(ctx, to, &fu[nf], swid[nf]); /* 10.7, 21.1.2 */
        if (empty_cave)
            rules_keep_collapse_weapons(&fu[nf], swid[nf]); /* 10.7.2 */
        if (!fu[nf].fires_ifp && fu[nf].sw_count == 0)
            continue;
        firer[nf++] = group[i];
    }
    /* 11.1.3: a leader holding a weapon that fires here uses it or his LM, not both. */
    lnlt_fire_unit leader_fu;
    int leader_sw[LNLT_FIRE_SW_MAX];
    bool leader_weapon = false;
    if (leader >= 0 && !(st->unit[leader].flags & LNLT_UNIT_LENT_LM) && nf < LNLT_FIRE_UNITS_MAX) {
        rules_describe_firer(ctx, st, leader, range, full_fp, opfire, &leader_fu, leader_sw);
        leader_weapon = leader_fu.sw_count > 0;
    }
    if (nf == 0 && !leader_weapon)
        return lnlt_error_set(s->err, "no unit in %s can fire at %s", fromname, toname);

    lnlt_los_result los;
    rules_los(ctx, st, from, to, &los);
    lnlt_fire_context fc;
    memset(&fc, 0, sizeof fc);
    if (leader >= 0) {
        fc.leader_lm = rules_lm(ctx, &st->unit[leader]);
        fc.leader_name = rules_type(ctx, &st->unit[leader])->name;
    }
    fc.adjacent = range == 1;
    fc.degrading_hexes = los.degrade;
    fc.building_alley = los.limited;
    fc.out_of_smoke = rules_smoked(st, from);
    if (director >= 0) { /* 1.6.5: the firers' own line of sight does not matter */
        fc.degrading_hexes = 0;
        fc.building_alley = false;
    }
    for (int i = 0; i < nf; i++)
        if (st->unit[firer[i]].marks & LNLT_MARK_ASSAULT_MOVE)
            fc.assault_move = true;
    if (how == FIRE_ASSAULT)
        fc.assault_move = true; /* 6.1.1: the same -2 as after an assault move */
    fc.hit_and_run = how == FIRE_HIT_AND_RUN; /* 6.7: -2 for the stack */
    /* 12.0 Deadly: +FP once for the attacks of the units stacked with a
     * good-order leader holding it (whether or not he lends his LM); a hero:
     * his own attacks. Not indirect fire, which no leader aids (11.1.3, ruling
     * R-CORE-48). */
    bool indirect = director >= 0;
    for (int i = 0; i < nf; i++)
        indirect |= rules_is_mortar_team(ctx, &st->unit[firer[i]]);
    for (int i = 0; i < st->unit_count && !indirect; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != from || u->side != side)
            continue;
        int v = rules_skill_value(ctx, u, LNLT_SE_FP_BONUS);
        bool fires = i == leader || !rules_is_hero(ctx, u);
        for (int k = 0; k < nf; k++)
            fires |= firer[k] == i;
        if (v > 0 && fires && rules_is_good(u)) {
            char src[LNLT_MOD_SOURCE_MAX];
            snprintf(src, sizeof src, "%.20s (%.15s)", rules_skill_name(ctx, u), rules_type(ctx, u)->name);
            lnlt_mods_add(&fc.extra, v, src, "12.0");
            break;
        }
    }
    bool team_mortar = false; /* 11.4: a lone sniper's TM is not doubled against a mortar team's barrage */
    for (int i = 0; i < nf; i++)
        team_mortar |= rules_is_mortar_team(ctx, &st->unit[firer[i]]);
    /* TEC Wall, Bocage, Hill, Hedge: what the line of fire adds; nothing against
     * indirect fire or a mortar team's (18.0, 18.1) */
    rules_line_effects line;
    rules_line_terrain(ctx, st, from, to, director >= 0 || team_mortar, &line);
    const lnlt_terrain *tt = rules_terrain(ctx, st, to);
    fc.moving_negated = (tt->flags & LNLT_TF_NO_MOVING_BONUS) != 0 || line.moving_negated;
    fc.target_moving = false; /* applied per target unit below (5.3) */
    /* 5.3, DFT card: -1 against a vehicle moving or marked Moved or Assault Move (17.2) */
    if (vtarget >= 0)
        fc.target_vehicle_moving = unit_is_moving(st, vtarget) ||
                                   (st->unit[vtarget].marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));

    lnlt_fire_attack atk;
    int lead = 0;
    if (nf > 0) {
        lead = lnlt_fire_best_lead(fu, nf, &fc);
        if (!lnlt_fire_compute(fu, nf, lead, &fc, &atk, s->err))
            return false;
    }
    if (leader_weapon && !rules_leader_fires_instead(ctx, st, from, to, group, n, opfire, fu, firer, swid, &nf, &leader,
                                               &leader_fu, leader_sw, &fc, &lead, &atk, s->err))
        return false;
    int crew = -1;
    if (director < 0)
        pair_smc_crew(ctx, st, group, n, firer, fu, nf, leader, &fc, &lead, &atk, &crew);
    if (crew >= 0)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-crew", "%s crews the weapon with its holder: full FP",
                        lnlt_unit_name(ctx, st, crew));

    /* The attack explained: each unit's share of the FP (5.2), the sum rounded up,
     * then the stack-wide modifiers. */
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, opfire ? "5.3" : "5.0", "");
    if (e) {
        snprintf(e->what, sizeof e->what, "%s %.15s at %.15s", opfire ? "op fire from" : "fire from", fromname, toname);
        size_t len = 0;
        for (int i = 0; i < atk.part_count && len < sizeof e->text; i++) {
            int x8 = atk.part[i].x8;
            len += (size_t)snprintf(e->text + len, sizeof e->text - len, "%s%s %d%s", i ? " + " : "(",
                                    atk.part[i].source, x8 / 8, x8 % 8 == 4 ? ".5" : x8 % 8 ? "+" : "");
        }
        if (len < sizeof e->text)
            snprintf(e->text + len, sizeof e->text - len, "%s, range %d)", atk.part_count ? "" : "(no FP", range);
        lnlt_mods_add(&e->mods, atk.fp, "FP", "5.2");
        for (int i = 0; i < atk.drm.count && e->mods.count < LNLT_MODS_MAX; i++)
            e->mods.mod[e->mods.count++] = atk.drm.mod[i];
        e->total = (int16_t)atk.total;
        e->side = (uint8_t)side;
    }

    /* The opposed roll (5.0). */
    int ad[2], dd[1];
    lnlt_event *re;
    if (atk.uses_mortar) {
        if (!lnlt_dice_roll(&s->dice, 2, NULL, "attack (mortar: high die)", "1.6.5", ad, &re, s->err))
            return false;
        ad[0] = lnlt_high_die(ad[0], ad[1]);
    } else if (!lnlt_dice_roll(&s->dice, 1, NULL, "attack", "5.0", ad, &re, s->err)) {
        return false;
    }
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "defence", "5.0", dd, NULL, s->err))
        return false;
    int target_side = lnlt_other_side(side);
    lnlt_modifiers tmparts = {0};
    /* 10.7.2: against an empty cave, the hex's TM without the cave's */
    rules_hex_tm(ctx, st, empty_cave ? lnlt_loc_cell(to) : to, target_side, &tmparts);
    /* the parts are logged when more than the hex's row makes the TM */
    if (rules_line_tm_add(&line, &tmparts) || rules_crater_tm(ctx, to, NULL))
        rules_log_tm(s, to, &tmparts);
    lnlt_modifiers tmmods = {0};
    int tm = lnlt_target_tm(&tmparts, rules_lone_sniper(ctx, st, to) && !team_mortar, &tmmods);

    int targets[LNLT_MAX_UNITS];
    /* 14.1, 17.2: fire at a hex hits its non-vehicle units; vehicles are fired at one by one */
    int nt = vtarget >= 0 ? 0 : rules_leg_units_in(ctx, st, to, target_side, targets, LNLT_MAX_UNITS), kept = 0;
    if (team_mortar) /* 18.0: a mortar team's barrage hits the enemy on every floor of the hex (R-SW-15) */
        for (int f = 0; f < LNLT_FLOORS; f++)
            if (lnlt_location(lnlt_loc_cell(to), f) != to)
                nt += rules_leg_units_in(ctx, st, lnlt_location(lnlt_loc_cell(to), f), target_side, targets + nt,
                                         LNLT_MAX_UNITS - nt);
    /* 6.4: stealth units seen only by adjacency are not hit, except by mortars */
    for (int i = 0; i < nt; i++)
        if (!rules_tunnel_hides(ctx, st, targets[i], side) && /* 10.7.1: not even mortars */
            (atk.uses_mortar || rules_stealth_targetable(ctx, st, targets[i], side)))
            targets[kept++] = targets[i];
    nt = kept;
    int dcs[LNLT_MAX_UNITS];
    /* 1.6.2: equal natural dice jam a J weapon of the attack (ruling R-CORE-12). */
    if (ad[0] == dd[0] && atk.jam_candidates > 0 && !jam(s, fu, nf, lead, &fc, swid, &atk))
        return false;
    int attack = ad[0] + atk.total, defence = dd[0] + tm;
    bool any_mover = false, any_backblast = false;
    int mu_drm = 0; /* 6.6: the modifier against mounted targets, for the log */
    for (int i = 0; i < nt; i++) {
        const lnlt_unit *u = &st->unit[targets[i]];
        /* 5.3 / DFT card: +1 against Leg units moving or marked Moved or AM, unless
         * the terrain cancels it; in a mixed hex only the movers get it. */
        bool moving = (unit_is_moving(st, targets[i]) || (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))) &&
                      !(u->marks & LNLT_MARK_STEALTH); /* 6.4: no bonus against stealth */
        int mu = rules_mounted_target_drm(ctx, st, targets[i], unit_is_moving(st, targets[i])); /* 6.6 */
        moving &= mu == 0; /* an MU is not a Leg unit: its own -1 or +1 instead */
        mu_drm = mu ? mu : mu_drm;
        /* 1.6.4: +1 against a Fired holder of a backblast weapon in a building, unit
         * by unit as the moving +1 (R-CORE-141) */
        bool backblast = vtarget < 0 && rules_backblast_target(ctx, st, targets[i]);
        int a = attack + (moving && !fc.moving_negated ? 1 : 0) + mu + (backblast ? 1 : 0);
        any_mover |= moving && !fc.moving_negated;
        any_backblast |= backblast;
        int where = lnlt_unit_loc(u), own_tm = tm; /* each floor its own TM (18.0) */
        if (where != to) {
            lnlt_modifiers parts = {0};
            rules_hex_tm(ctx, st, where, target_side, &parts);
            own_tm = lnlt_target_tm(&parts, false, NULL);
        }
        dcs[i] = lnlt_dc_modifier(a, defence - tm + rules_mounted_target_tm(s, targets[i], where, own_tm)); /* 6.6 */
        if (where != to) {
            char wname[LNLT_HEX_ID_MAX], result[16] = "no effect";
            if (dcs[i] > 0)
                snprintf(result, sizeof result, "DC+%d", dcs[i]);
            lnlt_events_say(s->log, LNLT_EV_RESULT, "18.0", "other-floor", "%s in %s is hit too: %d vs 1d6 %d + TM %d = %d -> %s",
                            rules_label(ctx, st, targets[i]), rules_cell(s, where, wname), a, dd[0], own_tm,
                            dd[0] + own_tm, result);
        }
    }
    lnlt_event *v = vtarget >= 0 ? NULL : lnlt_events_add(s->log, LNLT_EV_RESULT, opfire ? "5.3" : "5.0", "opposed roll");
    if (v) {
        v->side = (uint8_t)side;
        int dcmax = empty_cave ? lnlt_dc_modifier(attack, defence) : 0; /* 10.7.2: as if a unit were there */
        for (int i = 0; i < nt; i++) /* the target location's units (other floors have their own line) */
            if (lnlt_unit_loc(&st->unit[targets[i]]) == to)
                dcmax = dcs[i] > dcmax ? dcs[i] : dcmax;
        /* a negative total (FP 1 at -2) reads "1d6 4 - 1", not "+ -1" */
        snprintf(v->text, sizeof v->text, "fire at %s: 1d6 %d %c %d%s%s%s = %d vs 1d6 %d + TM %d = %d -> %s", toname,
                 ad[0], atk.total < 0 ? '-' : '+', atk.total < 0 ? -atk.total : atk.total,
                 any_mover ? " + moving 1" : "", rules_mounted_drm_text(mu_drm),
                 any_backblast ? " + backblast 1" : "",
                 attack + (any_mover ? 1 : 0) + mu_drm + (any_backblast ? 1 : 0), dd[0], tm, defence,
                 dcmax > 0 ? "DC" : "no effect");
        if (dcmax > 0) {
            size_t len = strlen(v->text);
            snprintf(v->text + len, sizeof v->text - len, "+%d", dcmax);
        }
    }
    (void)re;
    /* Firers (and the leader lending his LM) are marked Fired (5.0, 5.0.1). */
    for (int i = 0; i < nf; i++) {
        st->unit[firer[i]].marks |= LNLT_MARK_FIRED;
        st->unit[firer[i]].flags |= LNLT_UNIT_ACTIVATED;
        if (fired)
            lnlt_bit_set(fired, firer[i]);
    }
    if (crew >= 0 && crew == leader)
        leader = -1; /* he crewed the weapon instead of lending his LM: he lent nothing (R-CORE-47) */
    if (leader >= 0) {
        /* SK-EX-006: the spotter's Ops Complete gives way to Fired. */
        st->unit[leader].marks = (uint8_t)((st->unit[leader].marks & ~LNLT_MARK_OPS_COMPLETE) | LNLT_MARK_FIRED);
        st->unit[leader].flags |= LNLT_UNIT_ACTIVATED | LNLT_UNIT_LENT_LM; /* 11.1.3: for the impulse */
        if (fired) /* 6.1.1: a leader who lent his LM to assault fire moves with the firers */
            lnlt_bit_set(fired, leader);
    }
    if (crew >= 0) { /* 1.6: the crewing SMC fired too */
        st->unit[crew].marks = (uint8_t)((st->unit[crew].marks & ~LNLT_MARK_OPS_COMPLETE) | LNLT_MARK_FIRED);
        st->unit[crew].flags |= LNLT_UNIT_ACTIVATED;
        if (fired)
            lnlt_bit_set(fired, crew);
    }
    if (director >= 0) { /* 1.6.5, 18.1: who directs or calls mortar fire is marked Ops Complete */
        st->unit[director].marks |= LNLT_MARK_OPS_COMPLETE;
        if (director == st->spotter) /* 11.1.3: and lends no LM to direct fire this turn */
            st->spot_tried = LNLT_SPOT_CALLED;
    }
    if (!opfire && how != FIRE_HIT_AND_RUN) { /* 4.0: the hex has fired at `to` */
        bool squads = leader >= 0 || crew >= 0;
        for (int i = 0; i < nf; i++)
            squads |= rules_type(ctx, &st->unit[firer[i]])->kind != LNLT_UK_WEAPON_TEAM;
        rules_impulse_note_fire(st, from, to, squads);
    }
    /* 1.6.3, 1.6.7, 1.6.8: spent and failed captured weapons leave play. */
    int used[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], nused = 0;
    bool any_dc = false;
    for (int i = 0; i < nf; i++)
        for (int k = 0; k < fu[i].sw_count; k++)
            if (swid[i][k] >= 0) /* a mortar team's own mortar is no weapon counter */
                used[nused++] = swid[i][k];
    for (int i = 0; i < nt; i++)
        any_dc |= dcs[i] > 0;
    any_dc |= empty_cave && lnlt_dc_modifier(attack, defence) > 0; /* 10.7.2: it would have been a DC */
    bool flame = rules_sw_flame_attack(ctx, st, used, nused);
    if (vtarget >= 0) { /* 17.2, 17.3: the vehicle and its riders take what the roll does */
        bool hit, was_good = rules_is_good(&st->unit[vtarget]);
        if (!rules_small_arms_on_vehicle(s, vtarget, from, ad[0] + atk.total, dd[0], opfire, &hit))
            return false;
        /* 1.6.7: a DFT attack with a Molotov that shakes a vehicle: its crew abandons it */
        bool molotov = false;
        for (int i = 0; i < nused; i++)
            molotov |= rules_sw_type(ctx, &st->sw[used[i]])->kind == LNLT_SWK_MOLOTOV;
        if (molotov && was_good && rules_on_map(&st->unit[vtarget]) && !rules_is_good(&st->unit[vtarget]) &&
            !rules_vehicle_abandoned(st, vtarget) && !rules_vehicle_abandon(s, vtarget, "1.6.7"))
            return false;
        rules_sw_after_fire(s, used, nused, hit);
        return true;
    }
    rules_sw_after_fire(s, used, nused, any_dc);
    uint8_t was_good[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < nt; i++)
        if (rules_is_good(&st->unit[targets[i]]))
            lnlt_bit_set(was_good, targets[i]);
    /* The damage checks, per unit with its own modifier. */
    if (!rules_damage_checks(s, targets, dcs, nt))
        return false;
    /* 10.5.6.1: a natural 6 against enemy units in a Flammable location may set it
     * afire; a lone SMC only with a flamethrower (molotovs count as flame, +5);
     * a mortar team's fire +3 (a mortar support weapon is no Mortar WT) */
    bool lone_smc = true;
    for (int i = 0; i < nf; i++)
        lone_smc &= rules_is_smc(ctx, &st->unit[firer[i]]);
    if (nt > 0 && (!lone_smc || flame) &&
        !rules_fire_start_check(s, to, ad[0], false, flame ? 5 : team_mortar ? 3 : 0))
        return false;
    if (team_mortar) { /* 17.4: a mortar team's barrage hits the vehicles there too */
        int vs[LNLT_MAX_UNITS];
        int nv = rules_vehicles_in(ctx, st, lnlt_location(lnlt_loc_cell(to), 0), target_side, vs, LNLT_MAX_UNITS);
        for (int i = 0; i < nv; i++) {
            bool any;
            if (!rules_vehicle_hit_by(s, vs[i], from, attack, dd[0], HIT_BARRAGE, &any))
                return false;
        }
    }
    /* 10.7.2: a satchel's or flamethrower's damage check collapses a cave; its
     * occupants go into the tunnel instead of the flamethrower's retreat (R-CORE-125) */
    if (any_dc && rules_in_cave(ctx, to) && rules_sw_collapses_caves(ctx, st, used, nused))
        return rules_cave_collapse(s, to);
    return !flame || rules_sw_flame_retreats(s, from, targets, nt, was_good);
}
