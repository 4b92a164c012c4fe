/*
 * nations.c: national characteristics that change terrain and stacking (rule
 * 13.0 and the module terrain charts): the per-nation exceptions a chart prints
 * for a terrain ("VC: TM +2, 1 MP in Light Jungle"), and the reduced stacking of
 * Heavy Jungle that the NVA ignore, and the Ambush capability (8.4). The chart names nations in capitals ("VC")
 * while the counter data uses ids ("vc"), so they are compared without case.
 */
#include <string.h>
#include <strings.h>

#include "rules/internal.h"

const lnlt_terrain_override *rules_terrain_override(const lnlt_ctx *ctx, const lnlt_terrain *t, const lnlt_unit *u)
{
    if (!ctx->catalog || t->noverride == 0)
        return NULL;
    const lnlt_nation *nat = &ctx->catalog->nation[rules_type(ctx, u)->nation];
    for (int i = 0; i < t->noverride; i++)
        if (!strncasecmp(t->override[i].nation, nat->id, sizeof t->override[i].nation) &&
            nat->id[strnlen(t->override[i].nation, sizeof t->override[i].nation)] == 0)
            return &t->override[i];
    return NULL;
}

/* 8.4: an ambush-capable nation (13.0). */
bool rules_ambush_capable(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_nation *nat = &ctx->catalog->nation[rules_type(ctx, u)->nation];
    return (nat->traits >> LNLT_TRAIT_AMBUSH) & 1;
}

bool rules_ignores_reduced_stacking(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_nation *nat = &ctx->catalog->nation[rules_type(ctx, u)->nation];
    return (nat->traits >> LNLT_TRAIT_IGNORE_HEAVY_JUNGLE_STACKING) & 1;
}
