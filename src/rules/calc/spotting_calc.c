/*
 * spotting_calc.c: whether a hex is spotted, and spotting attempts.
 *
 * Implements 10.1 (the conditions that make a hex spotted for the other side)
 * and 10.1.1 (a spotting attempt: 1d6 at or under 3 into degrading terrain, 2
 * into blocking terrain, with the modifiers of digest T10; a natural 6 always
 * fails). Which units may try, and the OC marker that follows, are the state
 * machine's.
 */
#include "lnlt/combat.h"

bool lnlt_hex_spotted(const lnlt_spot_status *s)
{
    return s->open_terrain || s->spotted_marker || s->go_enemy_adjacent || s->unit_moving ||
           s->unit_marked;
}

lnlt_spot_outcome lnlt_spot_attempt(const lnlt_spot_input *in)
{
    lnlt_spot_outcome o = {0};
    if (in->target == LNLT_LOS_OPEN) {
        o.automatic = true;
        o.success = true;
        return o;
    }
    o.need = in->target == LNLT_LOS_DEGRADING ? 3 : 2;
    if (in->degrading_between > 0)
        lnlt_mods_add(&o.mods, in->degrading_between, "degrading hexes in LOS", "10.1.1");
    if (in->buttoned_vehicle)
        lnlt_mods_add(&o.mods, 1, "buttoned vehicle", "10.1.1");
    if (in->building_alley)
        lnlt_mods_add(&o.mods, 2, "LOS between buildings", "10.3.2");
    if (in->spotter_lm > 0)
        lnlt_mods_add(&o.mods, -in->spotter_lm, "spotter's LM", "10.1.1");
    if (in->scout)
        lnlt_mods_add(&o.mods, -2, "Scout", "11.6");
    if (in->tis)
        lnlt_mods_add(&o.mods, -2, "thermal imaging", "10.1.2");
    if (in->target_vehicle)
        lnlt_mods_add(&o.mods, -1, "target is a vehicle", "10.1.1");
    o.roll = in->die + lnlt_mods_total(&o.mods);
    o.success = in->die != 6 && o.roll <= o.need;
    return o;
}
