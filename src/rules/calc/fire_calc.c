/*
 * fire_calc.c: the arithmetic of a direct-fire attack (DFT).
 *
 * Implements 5.0 (the FP pipeline and the opposed roll), 5.2 (combining units),
 * 5.3 (the OF budget), 5.4 (extended range), 5.5 (maximum TM), 5.6 (Assaulters),
 * 4.1 (Ops Complete penalties), the FP parts of 1.6 (SW use, SMCs firing SWs,
 * Satchels, Molotovs, Mortar SWs) and the DFT card's modifiers (digest T3, PAC
 * 03). Who fires, at what, and which Leader lends his LM is decided by the state
 * machine; this file only counts.
 *
 * FP terms are kept in eighths: a term can be halved up to three times (second
 * unit, extended range, SMC or Ops Complete on a SW) and the rules round only
 * the final sum (5.0 step 4; EX-019's 3.5 -> 4).
 */
#include "lnlt/combat.h"

#include <stdio.h>
#include <string.h>

static int ceil_div8(int x8)
{
    /* Round toward +infinity, negative sums included (digest A-07). */
    if (x8 >= 0)
        return (x8 + 7) / 8;
    return -((-x8) / 8);
}

static const char *const halving_tag[] = {"", " x1/2", " x1/4", " x1/8"};

static void add_part(lnlt_fire_attack *a, int x8, const char *name, const char *what, int v,
                     const char *extra, int halvings)
{
    if (a->part_count >= LNLT_FIRE_PARTS_MAX)
        return;
    lnlt_fire_part *p = &a->part[a->part_count++];
    p->x8 = x8;
    /* the whole name where it fits (a part's source holds 39 characters) */
    char text[LNLT_MOD_SOURCE_MAX + 64];
    snprintf(text, sizeof text, "%.30s %s %d%s%s", name, what, v, extra, halving_tag[halvings]);
    size_t n = strlen(text) < sizeof p->source ? strlen(text) : sizeof p->source - 1;
    memcpy(p->source, text, n);
    p->source[n] = 0;
    a->sum_x8 += x8;
}

static const char *sw_default_name(lnlt_fire_sw_kind k)
{
    switch (k) {
    case LNLT_SW_MG: return "MG";
    case LNLT_SW_FLAMETHROWER: return "flamethrower";
    case LNLT_SW_SATCHEL: return "satchel charge";
    case LNLT_SW_MOLOTOV: return "molotov";
    case LNLT_SW_MORTAR: return "mortar";
    case LNLT_SW_OTHER: break;
    }
    return "SW";
}

int lnlt_extended_range_fp(int fp)
{
    return ceil_div8(fp * 4);
}

int lnlt_max_range(int printed_range, bool boxed)
{
    return boxed ? 2 * printed_range : printed_range;
}

int lnlt_high_die(int d1, int d2)
{
    return d1 > d2 ? d1 : d2;
}

static bool check_input(const lnlt_fire_unit *units, int n, int lead,
                        const lnlt_fire_context *ctx, lnlt_error *err)
{
    if (!units || !ctx)
        return lnlt_error_set(err, "fire: no units or no context given");
    if (n < 1 || n > LNLT_FIRE_UNITS_MAX)
        return lnlt_error_set(err, "fire: %d firing units; expected 1 to %d", n,
                              LNLT_FIRE_UNITS_MAX);
    if (lead < 0 || lead >= n)
        return lnlt_error_set(err, "fire: lead unit %d is not one of the %d firers", lead, n);
    if (ctx->degrading_hexes < 0 || ctx->degrading_hexes > 2)
        return lnlt_error_set(err, "fire: %d degrading hexes in the LOS; more than 2 block "
                              "it (10.3)", ctx->degrading_hexes);
    if (ctx->leader_lm < 0)
        return lnlt_error_set(err, "fire: negative leadership modifier %d", ctx->leader_lm);
    for (int i = 0; i < n; i++) {
        if (units[i].sw_count < 0 || units[i].sw_count > LNLT_FIRE_SW_MAX)
            return lnlt_error_set(err, "fire: unit %d fires %d SWs; at most %d (1.6)", i,
                                  units[i].sw_count, LNLT_FIRE_SW_MAX);
        if (units[i].ifp < 0)
            return lnlt_error_set(err, "fire: unit %d has negative printed IFP %d", i,
                                  units[i].ifp);
    }
    return true;
}

/* Adds the IFP term of one unit (5.0 steps 2-3, 5.2, 5.4). */
static void add_ifp_term(lnlt_fire_attack *a, const lnlt_fire_unit *u, bool is_lead)
{
    if (!u->fires_ifp)
        return;
    const char *name = u->name ? u->name : (u->hero ? "Hero" : "unit");
    int eff = u->ifp - (u->ops_complete ? 1 : 0); /* additive first (4.1) */
    if (!is_lead && eff <= 0)
        return; /* ruling R-CORE-01: a non-lead unit never takes FP away */
    if (is_lead && eff == 0)
        return;
    int halvings = 0;
    /* ruling R-CORE-02: every non-lead unit but a Hero adds half, SMCs included */
    if (!is_lead && !u->hero)
        halvings++;
    if (u->extended_range)
        halvings++;
    int x8 = eff * 8 / (1 << halvings);
    add_part(a, x8, name, "IFP", u->ifp, u->ops_complete ? " -1 OC" : "", halvings);
}

/* Adds the FP term of one SW (1.6, 1.6.3, 1.6.5, 1.6.7, 4.1, 5.2, 5.4). SWs add
 * their full FP whoever holds them in the group (5.2). */
static void add_sw_term(lnlt_fire_attack *a, const lnlt_fire_unit *u, const lnlt_fire_sw *w)
{
    const char *name = w->name ? w->name : sw_default_name(w->kind);
    bool never_halved_smc = w->kind == LNLT_SW_SATCHEL || w->kind == LNLT_SW_MOLOTOV;
    int halvings = 0;
    if (u->smc && !u->paired_smc_crew && !never_halved_smc)
        halvings++;
    if (u->ops_complete && (w->kind == LNLT_SW_MG || w->kind == LNLT_SW_FLAMETHROWER))
        halvings++;
    if (w->extended_range)
        halvings++;
    int x8 = w->fp * 8 / (1 << halvings);
    add_part(a, x8, name, "FP", w->fp, "", halvings);
}

bool lnlt_fire_compute(const lnlt_fire_unit *units, int n, int lead,
                       const lnlt_fire_context *ctx, lnlt_fire_attack *out,
                       lnlt_error *err)
{
    if (!out)
        return lnlt_error_set(err, "fire: no result given");
    if (!check_input(units, n, lead, ctx, err))
        return false;

    lnlt_fire_attack a;
    memset(&a, 0, sizeof a);

    /* The FP sum: lead unit first so the log reads as the rules do. */
    bool any_assaulter = false, all_scouts = true;
    bool only_demolition = true; /* only Satchels/Molotovs contribute (1.6.3, 1.6.7) */
    bool only_mortar = true;
    bool any_mortar = false, any_term = false;
    for (int k = 0; k < n; k++) {
        int i = k == 0 ? lead : (k <= lead ? k - 1 : k);
        const lnlt_fire_unit *u = &units[i];
        int before = a.part_count;
        add_ifp_term(&a, u, i == lead);
        if (a.part_count > before) {
            only_demolition = false;
            only_mortar = false;
            any_term = true;
        }
        for (int s = 0; s < u->sw_count; s++) {
            const lnlt_fire_sw *w = &u->sw[s];
            add_sw_term(&a, u, w);
            any_term = true;
            if (w->can_jam && w->fp > 0)
                a.jam_candidates++;
            if (w->kind != LNLT_SW_SATCHEL && w->kind != LNLT_SW_MOLOTOV)
                only_demolition = false;
            if (w->kind == LNLT_SW_MORTAR)
                any_mortar = true;
            else
                only_mortar = false;
        }
        if (u->assaulter)
            any_assaulter = true;
        if (!u->scout)
            all_scouts = false;
    }
    if (!any_term) {
        only_demolition = false;
        only_mortar = false;
    }
    a.fp = ceil_div8(a.sum_x8); /* once, at the end: ruling R-CORE-13 */
    a.uses_mortar = any_mortar;
    a.mortar_only = any_mortar && only_mortar;

    /* Stack-wide modifiers (5.0 step 5). */
    lnlt_modifiers *m = &a.drm;
    if (ctx->leader_lm > 0 && !a.mortar_only) { /* 1.6.5: no LM on a lone mortar */
        char src[LNLT_MOD_SOURCE_MAX];
        snprintf(src, sizeof src, "LM %s", ctx->leader_name ? ctx->leader_name : "Leader");
        lnlt_mods_add(m, ctx->leader_lm, src, "5.0.1");
    }
    if (only_demolition) {
        /* ruling R-CORE-03 (digest A-09): a Satchel or Molotov alone takes the LM
         * and nothing else from the attacker's side (EX-003). */
        a.total = a.fp + lnlt_mods_total(m);
        *out = a;
        return true;
    }
    if (ctx->adjacent) {
        if (any_assaulter)
            lnlt_mods_add(m, 3, "adjacent, Assaulters", "5.6");
        else
            lnlt_mods_add(m, 2, "adjacent target", "5.0");
    }
    if (ctx->assault_move && !all_scouts)
        lnlt_mods_add(m, -2, "assault move/fire", "6.1");
    if (ctx->hit_and_run)
        lnlt_mods_add(m, -2, "hit and run", "6.7");
    if (ctx->degrading_hexes > 0 && !a.mortar_only) /* 1.6.5, ruling R-CORE-04 */
        lnlt_mods_add(m, -ctx->degrading_hexes, "degrading hexes in LOS", "10.3");
    if (ctx->out_of_smoke)
        lnlt_mods_add(m, -1, "firing out of smoke", "7.0");
    if (ctx->building_alley)
        lnlt_mods_add(m, -2, "LOS between buildings", "10.3.2");
    if (ctx->railroad)
        lnlt_mods_add(m, -1, "railroad tracks in LOS", "10.5.7");
    if (ctx->night_penalty)
        lnlt_mods_add(m, -3, "night", "20.1");
    if (ctx->target_moving && !ctx->moving_negated)
        lnlt_mods_add(m, 1, "moving target", "5.3");
    if (ctx->target_mu_stationary)
        lnlt_mods_add(m, 1, "stationary mounted unit", "6.6");
    if (ctx->target_vehicle_moving)
        lnlt_mods_add(m, -1, "moving vehicle/MU", "5.3");
    if (ctx->target_backblast)
        lnlt_mods_add(m, 1, "backblast SW in building", "1.6.4");
    for (int i = 0; i < ctx->extra.count; i++)
        lnlt_mods_add(m, ctx->extra.mod[i].value, ctx->extra.mod[i].source,
                      ctx->extra.mod[i].rule);

    a.total = a.fp + lnlt_mods_total(m);
    *out = a;
    return true;
}

int lnlt_fire_best_lead(const lnlt_fire_unit *units, int n, const lnlt_fire_context *ctx)
{
    int best = 0, best_total = 0;
    bool have = false;
    for (int i = 0; i < n; i++) {
        lnlt_fire_attack a;
        if (!lnlt_fire_compute(units, n, i, ctx, &a, NULL))
            continue;
        if (!have || a.total > best_total) {
            best = i;
            best_total = a.total;
            have = true;
        }
    }
    return best;
}

int lnlt_target_tm(const lnlt_modifiers *parts, bool lone_sniper, lnlt_modifiers *mods)
{
    lnlt_modifiers local;
    memset(&local, 0, sizeof local);
    int sum = 0;
    for (int i = 0; parts && i < parts->count; i++) {
        sum += parts->mod[i].value;
        lnlt_mods_add(&local, parts->mod[i].value, parts->mod[i].source, parts->mod[i].rule);
    }
    int tm = sum > 4 ? 4 : sum;
    if (tm != sum)
        lnlt_mods_add(&local, tm - sum, "TM cap +4", "5.5");
    if (lone_sniper && tm > 0) {
        /* Doubling the capped value equals capping the doubled one at +8. */
        lnlt_mods_add(&local, tm, "lone sniper doubles TM", "11.4");
        tm *= 2;
    }
    if (mods)
        *mods = local;
    return tm;
}

int lnlt_dc_modifier(int attacker_total, int defender_total)
{
    return attacker_total > defender_total ? attacker_total - defender_total : 0;
}

lnlt_opposed lnlt_fire_resolve(int attacker_die, int attack_total, int defender_die,
                               int defender_mod)
{
    lnlt_opposed r;
    r.attacker_total = attacker_die + attack_total;
    r.defender_total = defender_die + defender_mod;
    r.dc = lnlt_dc_modifier(r.attacker_total, r.defender_total);
    r.jam = attacker_die == defender_die;
    return r;
}

int lnlt_of_budget(const int *mp_spent, int movers)
{
    int budget = 0;
    for (int i = 0; i < movers; i++)
        if (i == 0 || mp_spent[i] < budget)
            budget = mp_spent[i];
    return budget < 0 ? 0 : budget;
}

bool lnlt_fire_jammed(const lnlt_fire_unit *units, int n, int lead, const lnlt_fire_context *ctx,
                      int unit, int sw, lnlt_fire_attack *out, lnlt_error *err)
{
    if (!units || n < 1 || n > LNLT_FIRE_UNITS_MAX || unit < 0 || unit >= n)
        return lnlt_error_set(err, "jam: unit %d is not one of the %d firers", unit, n);
    if (sw < 0 || sw >= units[unit].sw_count || sw >= LNLT_FIRE_SW_MAX)
        return lnlt_error_set(err, "jam: unit %d fires no SW number %d", unit, sw);
    const lnlt_fire_sw *w = &units[unit].sw[sw];
    if (!w->can_jam || w->fp <= 0)
        return lnlt_error_set(err, "jam: %s cannot jam this attack (1.6.2)",
                              w->name ? w->name : sw_default_name(w->kind));
    lnlt_fire_unit copy[LNLT_FIRE_UNITS_MAX];
    memcpy(copy, units, (size_t)n * sizeof *units);
    lnlt_fire_unit *u = &copy[unit];
    for (int i = sw; i + 1 < u->sw_count; i++)
        u->sw[i] = u->sw[i + 1];
    u->sw_count--;
    return lnlt_fire_compute(copy, n, lead, ctx, out, err);
}

/* Appends x8/8 as a short decimal ("3", "0.5", "-1", "1.25"). */
static int put_x8(char *buf, int size, int x8)
{
    int neg = x8 < 0;
    int v = neg ? -x8 : x8;
    int whole = v / 8, frac = (v % 8) * 125; /* thousandths */
    if (frac == 0)
        return snprintf(buf, (size_t)size, "%s%d", neg ? "-" : "", whole);
    while (frac % 10 == 0)
        frac /= 10;
    return snprintf(buf, (size_t)size, "%s%d.%d", neg ? "-" : "", whole, frac);
}

int lnlt_fire_explain(const lnlt_fire_attack *a, char *buf, int size)
{
    if (!buf || size <= 0)
        return 0;
    buf[0] = 0;
    int len = 0;
#define ROOM (len < size ? size - len : 0)
#define AT (len < size ? buf + len : buf + size - 1)
    for (int i = 0; i < a->part_count; i++) {
        if (i > 0)
            len += snprintf(AT, (size_t)ROOM, " + ");
        len += put_x8(AT, ROOM, a->part[i].x8);
        len += snprintf(AT, (size_t)ROOM, " (%s)", a->part[i].source);
    }
    if (a->part_count == 0)
        len += snprintf(AT, (size_t)ROOM, "0");
    len += snprintf(AT, (size_t)ROOM, " = ");
    len += put_x8(AT, ROOM, a->sum_x8);
    if (a->sum_x8 != a->fp * 8)
        len += snprintf(AT, (size_t)ROOM, " -> %d", a->fp);
    if (a->drm.count > 0) {
        len += snprintf(AT, (size_t)ROOM, ";");
        for (int i = 0; i < a->drm.count; i++)
            len += snprintf(AT, (size_t)ROOM, " %+d %s", a->drm.mod[i].value, a->drm.mod[i].source);
        len += snprintf(AT, (size_t)ROOM, " = %d", a->total);
    }
#undef ROOM
#undef AT
    return len;
}
