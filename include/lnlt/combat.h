/*
 * lnlt/combat.h: the pure, state-free rule calculations of the core rules.
 *
 * The state machine (src/rules/) rolls the dice, decides who takes part, and then
 * calls these functions with plain inputs: printed factors, flags for the markers
 * and terrain that matter, and die faces already rolled. Each function returns the
 * number the rules ask for together with a labelled modifier list
 * (lnlt/modifier.h), so the event log can explain every figure. No I/O, no
 * globals, no allocation.
 *
 * Rule areas (one source file each under src/rules/calc/):
 *   fire_calc.c      5.0-5.6, 4.1, 1.6 (SW use in fire), 20.1 night DRM: attack FP
 *                    and DFT modifiers, target modifier cap, opposed roll, jams
 *   damage_check.c   5.0-5.1, 11.1.1, 11.2.1: DC roll, DCT lookup, casualty
 *                    reduction by a nation table, hero creation
 *   rally_calc.c     1.5.1, 3.0, 3.1, 11.x morale adjustments: rally and morale
 *                    checks, initiative
 *   movement_calc.c  1.3, 6.0-6.5: stacking, MP allowance, step costs
 *   spotting_calc.c  10.1, 10.1.1: spotted status and spotting attempts
 *   melee_calc.c     8.0-8.6: melee FP, odds column, kill number, melee roll
 *
 * Rulings cited in the code are in docs/rulings.md (R-CORE-nn).
 */
#ifndef LNLT_COMBAT_H
#define LNLT_COMBAT_H

#include <stdbool.h>
#include "lnlt/error.h"
#include "lnlt/modifier.h"
#include "lnlt/terrain.h" /* lnlt_mover, lnlt_los_class, LNLT_MP_PROHIBITED */

/* ===================================================================== */
/* Direct fire (5.0-5.6)                                                 */
/* ===================================================================== */

/* Support weapon kinds that change how a weapon's FP is counted. */
typedef enum lnlt_fire_sw_kind {
    LNLT_SW_OTHER = 0,    /* any other DFT SW (BAR, rifle grenade...) */
    LNLT_SW_MG,           /* machine gun: halved under Ops Complete (4.1) */
    LNLT_SW_FLAMETHROWER, /* halved under Ops Complete (4.1) */
    LNLT_SW_SATCHEL,      /* never halved for an SMC; few DRMs (1.6.3) */
    LNLT_SW_MOLOTOV,      /* never halved for an SMC; few DRMs (1.6.7) */
    LNLT_SW_MORTAR        /* high die of 2d6; never halved in a group (1.6.5) */
} lnlt_fire_sw_kind;

typedef struct lnlt_fire_sw {
    int fp;              /* printed FP */
    lnlt_fire_sw_kind kind;
    bool extended_range; /* target beyond the SW's printed range (5.4) */
    const char *name;    /* label for the log, e.g. "BAR"; may be NULL */
    bool can_jam;        /* "J" superscript (1.6.2) */
} lnlt_fire_sw;

#define LNLT_FIRE_SW_MAX 2

/* One unit of a firing stack. */
typedef struct lnlt_fire_unit {
    const char *name;     /* label for the log; may be NULL */
    int ifp;              /* printed IFP (0 for 0-IFP units and Leaders) */
    bool smc;             /* single-man counter (Leader, Hero, Scout...) */
    bool hero;            /* adds full IFP when not leading (5.2) */
    bool fires_ifp;       /* false when the IFP is forfeited for SW use (1.6) */
    bool ops_complete;    /* under an OC marker: -1 IFP, MG/FT halved (4.1); leave false
                             when firing at the hex spotted this impulse (4.1, C-15) */
    bool extended_range;  /* target beyond printed IFP range (5.4) */
    bool assaulter;       /* "A" superscript (5.6) */
    bool scout;           /* exempt from the AM/AF -2 (11.6) */
    bool paired_smc_crew; /* two GO eligible SMCs crew the SW: no halving (1.6) */
    int sw_count;
    lnlt_fire_sw sw[LNLT_FIRE_SW_MAX];
} lnlt_fire_unit;

#define LNLT_FIRE_UNITS_MAX 12

/* Stack-wide conditions of one attack (everything the attacker adds after
 * the FP sum is rounded, 5.0 step 5). */
typedef struct lnlt_fire_context {
    int leader_lm;            /* LM of the GO unmarked same-IB Leader lending it; 0 if none,
                                 or if he fires a SW himself (1.6, 11.1.3) */
    const char *leader_name;  /* label; may be NULL */
    bool adjacent;            /* target in an adjacent hex: +2 (+3 with an A unit) */
    bool assault_move;        /* fired after AM / Stealth AM, or using AF (6.1, 6.1.1) */
    bool hit_and_run;         /* attacker using H&R (6.7) */
    int degrading_hexes;      /* degrading hexes crossed by the LOS (0-2) (10.3) */
    bool out_of_smoke;        /* firing out of a Smoke hex, no TIS (7.0) */
    bool building_alley;      /* LOS between two separate adjacent buildings (10.3.2) */
    bool night_penalty;       /* night, target not seen within 2 hexes / starshell (20.1) */
    bool railroad;            /* LOS crosses railroad tracks (10.5.7) */
    /* target side of the DFT card */
    bool target_moving;       /* Leg target moving or marked Moved/AM (not LC/SM) */
    bool moving_negated;      /* terrain such as Brush/Hedge cancels the +1 (TEC) */
    bool target_mu_stationary;/* Mounted Unit not moving and not Moved/AM/H&R (6.6) */
    bool target_vehicle_moving; /* vehicle/MU moving or Moved/AM/H&R, hovering helo */
    bool target_backblast;    /* target in a Building, holds a backblast OFT SW, Fired */
    lnlt_modifiers extra;     /* skill or module modifiers, appended as given */
} lnlt_fire_context;

/* One term of the FP sum, in eighths so halvings stay exact until the final
 * rounding (digest A-08). */
typedef struct lnlt_fire_part {
    int x8;                          /* contribution x 8 */
    char source[LNLT_MOD_SOURCE_MAX];
} lnlt_fire_part;

#define LNLT_FIRE_PARTS_MAX (LNLT_FIRE_UNITS_MAX * (1 + LNLT_FIRE_SW_MAX))

typedef struct lnlt_fire_attack {
    int part_count;
    lnlt_fire_part part[LNLT_FIRE_PARTS_MAX];
    int sum_x8;          /* exact sum of the parts, x 8 */
    int fp;              /* the sum rounded up (5.0 step 4, 5.2) */
    lnlt_modifiers drm;  /* stack-wide modifiers (5.0 step 5) */
    int total;           /* fp + drm: what is added to the attacker's die */
    bool mortar_only;    /* only Mortar SWs fire: roll the high die of 2d6 (1.6.5) */
    bool uses_mortar;    /* a Mortar SW fires: the attack die is the high die */
    int jam_candidates;  /* J weapons adding FP to this attack (1.6.2) */
} lnlt_fire_attack;

/* Computes an attack's FP and modifiers. units[lead] fires at full IFP. Fails
 * (false, err set, *out untouched) on out-of-range input. */
bool lnlt_fire_compute(const lnlt_fire_unit *units, int n, int lead,
                       const lnlt_fire_context *ctx, lnlt_fire_attack *out,
                       lnlt_error *err);

/* The attack after the J weapon units[unit].sw[sw] jams (1.6.2): recomputed
 * without it, so its contribution leaves after its own halvings and the sum is
 * rounded again (ruling R-CORE-12). The caller re-compares with the same dice.
 * Fails if that weapon cannot jam or added no FP. */
bool lnlt_fire_jammed(const lnlt_fire_unit *units, int n, int lead, const lnlt_fire_context *ctx,
                      int unit, int sw, lnlt_fire_attack *out, lnlt_error *err);

/* Writes the attack's arithmetic for the log, e.g. "2 (2-5-4 IFP 2) + 0.5
 * (A1-6-4 IFP 1 x1/2) = 2.5 -> 3; +3 adjacent, Assaulters = 6". Returns what
 * snprintf returns. */
int lnlt_fire_explain(const lnlt_fire_attack *a, char *buf, int size);

/* The lead unit giving the largest total (ties: the lowest index). */
int lnlt_fire_best_lead(const lnlt_fire_unit *units, int n, const lnlt_fire_context *ctx);

/* FP of a unit or weapon beyond its printed range: halved, rounded up (5.4). */
int lnlt_extended_range_fp(int fp);
/* Maximum range: doubled when the range is black-boxed (5.4), else printed. */
int lnlt_max_range(int printed_range, bool boxed);

/* Mortar direct fire uses the higher of two dice (1.6.5, 18.1). */
int lnlt_high_die(int d1, int d2);

/* Target modifier of a hex: the sum of its parts capped at +4; a lone Sniper
 * doubles it, capped at +8 (5.5, 11.4). Explains itself in *mods if non-NULL. */
int lnlt_target_tm(const lnlt_modifiers *parts, bool lone_sniper, lnlt_modifiers *mods);

/* Result of the opposed roll (5.0, Damage Check Calculation Table). */
typedef struct lnlt_opposed {
    int attacker_total;
    int defender_total;
    int dc;              /* DC modifier; 0 = no effect */
    bool jam;            /* natural dice equal: a J-weapon in the attack jams (1.6.2) */
} lnlt_opposed;

/* attacker_die: the attacker's natural die (for mortars the high die);
 * attack_total: fp + drm; defender_die and defender_mod (TM, AF...). */
lnlt_opposed lnlt_fire_resolve(int attacker_die, int attack_total,
                               int defender_die, int defender_mod);

/* The DC modifier: attacker total minus defender total when positive, else 0. */
int lnlt_dc_modifier(int attacker_total, int defender_total);

/* Opportunity-fire budget against a moving stack in one hex (5.3): one attack
 * per MP spent there, the lowest count among the movers setting it. */
int lnlt_of_budget(const int *mp_spent, int movers);

/* ===================================================================== */
/* Damage checks (5.0-5.1, 11.1.1, 11.2.1)                                */
/* ===================================================================== */

typedef enum lnlt_dct_column {
    LNLT_DCT_GO_MMC = 0,
    LNLT_DCT_SHAKEN_MMC,
    LNLT_DCT_GO_SMC,         /* Good Order SMC other than a Hero */
    LNLT_DCT_HERO_OR_SHAKEN_SMC,
    LNLT_DCT_ARMORED,        /* armored vehicle, with or without Armor Leader */
    LNLT_DCT_UNARMORED,
    LNLT_DCT_HELICOPTER
} lnlt_dct_column;

typedef enum lnlt_dct_result {
    LNLT_DCT_NO_EFFECT = 0,
    LNLT_DCT_SHAKEN,
    LNLT_DCT_CASUALTIES,
    LNLT_DCT_WOUNDED,
    LNLT_DCT_ELIMINATED,
    LNLT_DCT_ABANDONED,
    LNLT_DCT_DESTROYED,
    LNLT_DCT_DAMAGED
} lnlt_dct_result;

const char *lnlt_dct_result_name(lnlt_dct_result r);

/* Damage Check Table (5.1): the result of a modified DC roll against a Morale. */
lnlt_dct_result lnlt_dct_lookup(lnlt_dct_column col, int roll, int morale);

/* Column for a Leg unit. */
lnlt_dct_column lnlt_dct_column_for(bool smc, bool hero, bool shaken);

typedef struct lnlt_dc_input {
    int die;             /* natural 1d6 */
    int dc;              /* DC modifier from the opposed roll */
    int leader_lm;       /* LM of a same-IB Leader who survived his DC in GO; 0 if none */
    int morale;          /* current Morale (after lnlt_morale_adjusted) */
    lnlt_dct_column column;
    bool hero_capable;   /* a Squad or Half-Squad (Crews, WTs, MUs never spawn) */
    bool enemy_fire;     /* the DC comes from enemy fire (digest A-13) */
} lnlt_dc_input;

typedef struct lnlt_dc_outcome {
    int roll;            /* die + dc - LM */
    lnlt_modifiers mods;
    lnlt_dct_result result;
    bool hero_check;     /* natural 1: roll lnlt_hero_created next */
} lnlt_dc_outcome;

lnlt_dc_outcome lnlt_damage_check(const lnlt_dc_input *in);

/* Hero creation roll after a natural 1 (11.2.1): an even die creates a Hero. */
bool lnlt_hero_created(int die);

/* A nation's casualty reduction table (5.1): which Half-Squad a Squad becomes.
 * Unit types are the data layer's integer ids. */
typedef struct lnlt_reduction_row {
    int squad_type;
    int half_squad_type;
} lnlt_reduction_row;

typedef enum lnlt_unit_size {
    LNLT_SIZE_SQUAD = 0,
    LNLT_SIZE_HALF_SQUAD,
    LNLT_SIZE_CREW,
    LNLT_SIZE_WEAPON_TEAM,
    LNLT_SIZE_SMC
} lnlt_unit_size;

typedef enum lnlt_casualty_fate {
    LNLT_CASUALTY_REDUCED = 0,   /* replace by *half_squad_type, Shaken */
    LNLT_CASUALTY_ELIMINATED
} lnlt_casualty_fate;

/* Fails if a Squad's type is not in the table, or if size is an SMC (SMCs are
 * Wounded, never given Casualties). */
bool lnlt_casualty_reduce(lnlt_unit_size size, int type, const lnlt_reduction_row *table,
                          int rows, lnlt_casualty_fate *fate, int *half_squad_type,
                          lnlt_error *err);

/* A wounded Leader's values (5.1, 11.1.2): Morale, LM and LR each lose 1, LM
 * and LR never below 0. */
typedef struct lnlt_leader_values {
    int morale;
    int lm;
    int lr;
} lnlt_leader_values;

lnlt_leader_values lnlt_leader_wounded(lnlt_leader_values v);

/* ===================================================================== */
/* Morale checks and rally (1.5.1, 3.0, 3.1, 11.x)                        */
/* ===================================================================== */

typedef struct lnlt_morale_adjust {
    bool advisor;        /* stacked with an Advisor, GO or Shaken: +1 (11.9) */
    bool wounded_smc;    /* wounded SMC other than a Hero: -1 (5.1) */
    bool fight_or_die;   /* Commissar re-roll: +1 (11.7.1) */
} lnlt_morale_adjust;

/* The Morale a check is made against, with its adjustments listed. */
int lnlt_morale_adjusted(int printed, const lnlt_morale_adjust *adj, lnlt_modifiers *mods);

typedef struct lnlt_mc_input {
    int morale;          /* base Morale of the side in play */
    lnlt_morale_adjust adjust;
    int lm;              /* one GO Leader/Commissar/Chaplain/Nurse/Piper LM; 0 if none */
    bool positive_tm;    /* hex gives the -2 (caller applies the wall/hill tests, A-23) */
    bool srp;            /* use Self-Rally Pairs: any pair passes, nothing else counts (3.1) */
    int d1, d2;          /* natural dice */
} lnlt_mc_input;

typedef struct lnlt_mc_outcome {
    int morale;          /* adjusted Morale */
    int roll;            /* d1 + d2 + mods */
    int need;            /* highest natural 2d6 sum that passes (SRP: 0) */
    lnlt_modifiers mods; /* roll modifiers (-LM, -2 TM) */
    lnlt_modifiers morale_mods;
    bool pass;
    bool commissar_killed; /* Fight or Die with a natural 12 (11.7.1) */
} lnlt_mc_outcome;

/* Only one LM counts for a hex (11.1.1): of several eligible, the best. */
int lnlt_best_lm(const int *lms, int n);

/* A morale check or rally attempt (1.5.1, 3.0, 3.1). */
lnlt_mc_outcome lnlt_morale_check(const lnlt_mc_input *in);

/* Initiative (3.0): the side (0 or 1) with the higher die; a tie keeps the
 * previous holder. */
int lnlt_initiative(int die0, int die1, int previous_holder);

/* ===================================================================== */
/* Stacking and movement (1.3, 6.0-6.5)                                   */
/* ===================================================================== */

/* Stacking of one side in one location (a hex, or a building level, bunker...),
 * counted in half-squad units so 1 Squad = 2. */
typedef struct lnlt_stack_count {
    int squads, half_squads, crews, weapon_teams, atgm_teams; /* all MMCs */
    int mu_halves;            /* of those, Mounted Units, in halves (MU Squad = 2) */
    int smcs;
    int vehicles;             /* each Wreck counts one */
    int wrecks;
} lnlt_stack_count;

/* Squad-equivalents in halves (Squad 2, Half-Squad/Crew/ATGM WT 1, WT 2). */
int lnlt_stack_halves(const lnlt_stack_count *c);
/* True if within the limits of 1.3 and 6.6; *why names the broken limit. */
bool lnlt_stack_ok(const lnlt_stack_count *c, const char **why);

typedef enum lnlt_move_kind {
    LNLT_MOVE_NORMAL = 0,
    LNLT_MOVE_ASSAULT,        /* AM (6.1) or Stealth AM (6.4.1) */
    LNLT_MOVE_ASSAULT_FIRE,   /* AF (6.1.1) or Stealth AF (6.4.2) */
    LNLT_MOVE_HIT_AND_RUN,    /* 6.7 */
    LNLT_MOVE_LOW_CRAWL,      /* 6.3: one hex whatever the MF */
    LNLT_MOVE_STEALTH         /* 6.4 */
} lnlt_move_kind;

typedef struct lnlt_mp_input {
    int mf;                  /* printed MF of the side in play */
    lnlt_move_kind kind;
    bool double_time;        /* moves the whole impulse with a GO same-IB Leader (6.2) */
    bool shaken;             /* DT gives +1 instead of +2 */
    int leader_mf;           /* the DT Leader's printed MF (the cap); ignored without DT */
    bool smc_carrying_sw;    /* lone SMC carrying a SW: -2 (1.6) */
    bool laid_smoke;         /* laid Smoke this impulse: -1 (7.0) */
    int spent;               /* MP already spent (a Hero inherits its parent's, 11.2.1) */
    int spent2;              /* more MP already spent, in half MP (adds to spent) */
} lnlt_mp_input;

typedef struct lnlt_mp_allowance {
    int mp;                  /* whole MP that may still be spent this impulse */
    int mp2;                 /* the same in half MP (exact) */
    lnlt_modifiers mods;
    bool one_hex_only;       /* Low Crawl */
} lnlt_mp_allowance;

/* MP allowance (6.0-6.4, 6.7). Fails on an illegal combination (DT with LC or
 * Stealth). */
bool lnlt_mp_allowance_compute(const lnlt_mp_input *in, lnlt_mp_allowance *out,
                               lnlt_error *err);

/* Movement costs are in half MPs, as the TEC data gives them (lnlt/terrain.h:
 * mp2), so half-MP road costs stay exact.
 *
 * Cost of entering a hex: the TEC cost for the mover's column plus hexside extras
 * (both half MP, LNLT_MP_PROHIBITED for "P"); a Leg stack moving with a Scout pays
 * 1 MP in the terrains of 11.6 (scout_terrain). */
int lnlt_move_cost2(const int8_t mp2[LNLT_MOVER_COUNT], lnlt_mover mover, int hexside_extra2,
                    bool scout_terrain);

typedef enum lnlt_step_verdict {
    LNLT_STEP_OK = 0,         /* pay cost, keep moving if MP remain */
    LNLT_STEP_MINIMUM_MOVE,   /* first hex of the move, cost above MF: allowed, ends the move */
    LNLT_STEP_NOT_ENOUGH_MP,
    LNLT_STEP_PROHIBITED
} lnlt_step_verdict;

/* May a mover with left2 half MP (of an allowance of total2, printed MF mf) pay
 * cost2 half MP? */
lnlt_step_verdict lnlt_move_step(int cost2, int left2, int total2, int mf);

/* Low Crawl is barred when entering the hex would take all the MF (6.3, A-26);
 * cost2 in half MP. */
bool lnlt_low_crawl_allowed(int cost2, int mf);

/* ===================================================================== */
/* Spotting (10.1, 10.1.1)                                                */
/* ===================================================================== */

/* What makes a hex spotted for the other side (10.1). */
typedef struct lnlt_spot_status {
    bool open_terrain;        /* open-type hex (no Smoke/Bunker exception) */
    bool spotted_marker;
    bool go_enemy_adjacent;   /* a GO observer unit able to auto-spot is adjacent */
    bool unit_moving;         /* a unit is moving or AMing (not LC or SM) */
    bool unit_marked;         /* a Moved, AM, H&R, Fired or Melee marker */
} lnlt_spot_status;

bool lnlt_hex_spotted(const lnlt_spot_status *s);

typedef struct lnlt_spot_input {
    lnlt_los_class target;    /* LNLT_LOS_BLOCKING also for Bunker, Cave, Trench */
    int degrading_between;    /* degrading hexes or silhouettes crossed (0-2) */
    bool buttoned_vehicle;
    bool building_alley;      /* 10.3.2: +2 */
    int spotter_lm;           /* the spotter's own LM if a Leader/Armor Leader/Commissar */
    bool scout;
    bool tis;
    bool target_vehicle;      /* optional -1 */
    int die;
} lnlt_spot_input;

typedef struct lnlt_spot_outcome {
    bool automatic;           /* open terrain: no roll */
    int need;                 /* modified roll must be <= need */
    int roll;
    lnlt_modifiers mods;
    bool success;
} lnlt_spot_outcome;

lnlt_spot_outcome lnlt_spot_attempt(const lnlt_spot_input *in);

/* ===================================================================== */
/* Melee (8.0-8.6)                                                        */
/* ===================================================================== */

typedef enum lnlt_odds {
    LNLT_ODDS_1_3 = 0,
    LNLT_ODDS_1_2,
    LNLT_ODDS_2_3,
    LNLT_ODDS_1_1,
    LNLT_ODDS_3_2,
    LNLT_ODDS_2_1,
    LNLT_ODDS_3_1,
    LNLT_ODDS_4_1,
    LNLT_ODDS_5_1,
    LNLT_ODDS_COUNT
} lnlt_odds;

const char *lnlt_odds_name(lnlt_odds o);   /* "1-3" ... "5-1" */
/* Column by ratio, rounded in the attacker's favour, clamped (8.0, T6a). */
lnlt_odds lnlt_melee_odds(int att_fp, int def_fp);
/* True when att/def is below 1-3 (such an attack may target one unit only). */
bool lnlt_melee_below_1_3(int att_fp, int def_fp);
lnlt_odds lnlt_odds_shift(lnlt_odds o, int columns);
int lnlt_kill_number(lnlt_odds o);

typedef struct lnlt_melee_sw {
    int fp;
    bool melee_eligible;      /* MG, FT, Satchel, Molotov...; not OFT, mortar, dismantled */
    bool m_superscript;
} lnlt_melee_sw;

typedef struct lnlt_melee_unit {
    const char *name;
    int ifp;
    bool smc;                 /* Leader, Hero, Scout... */
    bool leader;              /* LM or SW, not both (11.1.4) */
    bool hero;
    bool scout;               /* fights as a 0-FP MMC (11.6) */
    bool m_superscript;       /* +1 (8.5) */
    bool uses_ifp;            /* false when the IFP is forfeited for SW use (1.6) */
    bool weapon_team;
    bool mg_team;             /* MG WT: full IFP; other WTs defend at 1, no attack */
    int skill_fp;             /* e.g. Deadly +1 */
    int sw_count;
    lnlt_melee_sw sw[LNLT_FIRE_SW_MAX];
} lnlt_melee_unit;

typedef enum lnlt_melee_role {
    LNLT_MELEE_ATTACKING = 0, /* the side now rolling */
    LNLT_MELEE_DEFENDING      /* the side now targeted */
} lnlt_melee_role;

typedef struct lnlt_melee_fp {
    int fp;
    int zero_fp_units;        /* 0-IFP MMCs counted as 1 without a SW (8.3) */
    bool hero;                /* a Hero among them */
    bool leader_used_sw;      /* a Leader contributed SW FP: his LM is lost */
    bool cannot_attack;       /* only non-MG WTs (8.0) */
    lnlt_modifiers parts;     /* per-unit FP, labelled */
} lnlt_melee_fp;

/* FP of a group in one melee attack. ambush: the first round of an Ambush,
 * every unit's FP tripled (8.4); cavalry_charge: the charger's IFP doubled in
 * the first round (8.6). */
lnlt_melee_fp lnlt_melee_group_fp(const lnlt_melee_unit *u, int n, lnlt_melee_role role,
                                  bool ambush, bool cavalry_charge);

typedef struct lnlt_melee_input {
    int att_fp, def_fp;
    bool multiple_targets;    /* more than one defender targeted */
    bool hero;                /* a Hero among the attackers: one column right */
    int leader_lm;            /* one GO Leader's LM (0 if none or it was forfeited) */
    int zero_fp_attackers;    /* -1 each */
    int zero_fp_defenders;    /* +1 each */
    int d1, d2;
} lnlt_melee_input;

typedef struct lnlt_melee_outcome {
    bool legal;               /* false: below 1-3 against several units */
    lnlt_odds base_odds;      /* before the Hero shift */
    lnlt_odds odds;
    int kill_number;
    lnlt_modifiers mods;
    int roll;
    int need;                 /* natural 2d6 needed */
    bool kill;
} lnlt_melee_outcome;

lnlt_melee_outcome lnlt_melee_attack(const lnlt_melee_input *in);

#endif
