/*
 * lnlt/data.h: counters, support weapons, nations and skills as loaded data (the
 * "catalog"), and the data-file kinds shared by every loader.
 *
 * Rule sections whose printed counter values this describes: 1.1 (unit counters,
 * front/back, IB), 1.5 (morale), 1.6 (support weapons: tripod, jam, flamethrower,
 * satchel), 1.7 (weapon teams), 6.1/6.4 (assault-move and stealth capability),
 * 5.4/5.6/8.5 (extended range, A and M superscripts), 6.6 (mounted units and
 * the leg units they dismount to), 3.0 (self-rally), 11.x (single-
 * man counters), 12.0 (skills), 13.0 (national characteristics: casualty reduction,
 * smoke capability, hero rules), 14.0-14.4 (ordnance: to-hit tables, HE
 * equivalents, ammunition, ATGM depletion), 15.0-15.8 (vehicles: movement class,
 * armour, turret, machine guns, open tops, crews), 16.0 (passenger capacity).
 * File formats: docs/formats/units.md, weapons.md, vehicles.md, nations.md,
 * skills.md.
 *
 * Everything here is flat: fixed arrays, integer indices, short names in char
 * arrays, so the rules engine can refer to a unit type, weapon type, nation or
 * skill by a small integer and copy states with memcpy. String ids are kept next
 * to the resolved indices so a catalog can be saved back to JSON.
 */
#ifndef LNLT_DATA_H
#define LNLT_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/error.h"

#define LNLT_DATA_FORMAT 1     /* the "format" number every data file carries */
#define LNLT_ID_MAX 32         /* ids: [a-z0-9_], 1..31 characters */
#define LNLT_NAME_MAX 48       /* printed names: "Lt Koch", "MG42" */
#define LNLT_TEXT_MAX 200      /* one-line notes and summaries */
#define LNLT_NONE (-1)         /* a value not printed on the counter ('*' or absent) */

#define LNLT_MAX_UNIT_TYPES 128
#define LNLT_MAX_SW_TYPES 64
#define LNLT_MAX_NATIONS 32
#define LNLT_MAX_SKILLS 48
#define LNLT_MAX_VEHICLE_TYPES 48
#define LNLT_MAX_GUNS 32 /* ordnance of weapon teams (vehicles hold their own) */
#define LNLT_MAX_FILES 64

/* ---- Data-file kinds: every file names its kind in a top-level "kind". ---- */
typedef enum lnlt_data_kind {
    LNLT_KIND_UNKNOWN = 0,
    LNLT_KIND_UNITS,
    LNLT_KIND_WEAPONS,
    LNLT_KIND_NATIONS,
    LNLT_KIND_SKILLS,
    LNLT_KIND_SCENARIO,
    LNLT_KIND_MAP, /* loaded by lnlt/map.h; listed so `lnlt validate` can dispatch */
    LNLT_KIND_TERRAIN,
    LNLT_KIND_VEHICLES /* vehicle counters (docs/formats/vehicles.md) */
} lnlt_data_kind;

const char *lnlt_data_kind_name(lnlt_data_kind k);

/* ---- Unit types (1.1, 1.7, 11.0) ---- */
typedef enum lnlt_unit_kind {
    LNLT_UK_SQUAD = 0,
    LNLT_UK_HALF_SQUAD,
    LNLT_UK_CREW,
    LNLT_UK_WEAPON_TEAM,
    LNLT_UK_LEADER,
    LNLT_UK_HERO,
    LNLT_UK_MEDIC,
    LNLT_UK_CORPSMAN,
    LNLT_UK_SNIPER,
    LNLT_UK_SCOUT,
    LNLT_UK_COMMISSAR,
    LNLT_UK_CHAPLAIN,
    LNLT_UK_ADVISOR,
    LNLT_UK_NURSE,
    LNLT_UK_PIPER,
    LNLT_UK_MARKSMAN,
    LNLT_UK_ARMOR_LEADER,
    LNLT_UK_VEHICLE, /* from a vehicles file (15.0); its values are in lnlt_vehicle_type */
    LNLT_UK_COUNT
} lnlt_unit_kind;

const char *lnlt_unit_kind_name(int kind);
/* Multi-man counters (squad, half-squad, crew, weapon team) vs single-man ones. */
bool lnlt_unit_kind_is_mmc(int kind);
bool lnlt_unit_kind_is_smc(int kind);
/* Stacking weight in half squads (1.1, PAC stacking): squad/WT 2, half-squad/crew 1,
 * SMC 0 (SMCs are counted separately). */
int lnlt_unit_kind_stack_halves(int kind);
/* How many support weapons a unit of that kind may carry (1.6): a squad 2; a
 * half-squad, crew, leader, hero, scout, commissar or advisor 1; the others none
 * (weapon teams 1.7, medics and corpsmen 11.3, snipers, chaplains, vehicles...). */
int lnlt_unit_kind_sw_capacity(int kind);

/* Printed capabilities of one face of a unit counter. */
enum {
    LNLT_UF_ASSAULTER = 1u << 0,     /* superscript A on the IFP (5.6) */
    LNLT_UF_MELEE = 1u << 1,         /* superscript M (8.5) */
    LNLT_UF_JAM = 1u << 2,           /* superscript J (MG weapon teams, 1.6) */
    LNLT_UF_ASSAULT_MOVE = 1u << 3,  /* red box around MF (6.1) */
    LNLT_UF_STEALTH = 1u << 4,       /* yellow box around MF (6.4) */
    LNLT_UF_SELF_RALLY = 1u << 5,    /* SR on the back (3.0) */
    LNLT_UF_SELF_RALLY_PAIRS = 1u << 6, /* SRP (3.1) */
    LNLT_UF_EXTENDED_RANGE = 1u << 7, /* boxed red range (5.4) */
    LNLT_UF_HIT_AND_RUN = 1u << 8    /* red MF (6.7) */
};

typedef struct lnlt_unit_face {
    int8_t ifp;    /* inherent firepower; LNLT_NONE = '*' (cannot fire) */
    int8_t range;  /* LNLT_NONE = '*' */
    int8_t mf;     /* movement factor; LNLT_NONE for snipers, armor leaders */
    int8_t morale; /* always printed on leg units */
    int8_t lm;     /* leadership modifier (leaders, commissars, ...); else NONE */
    int8_t min_range; /* mortar weapon teams (18.1): the shortest range; 0 for any other */
    uint16_t flags; /* LNLT_UF_* */
} lnlt_unit_face;

/* What the back of a counter represents. */
typedef enum lnlt_back_kind {
    LNLT_BACK_SHAKEN = 0,
    LNLT_BACK_WOUNDED, /* heroes never shake (11.2) */
    LNLT_BACK_NONE     /* single-sided counter */
} lnlt_back_kind;

typedef struct lnlt_unit_type {
    char id[LNLT_ID_MAX];
    char name[LNLT_NAME_MAX];
    char nation_id[LNLT_ID_MAX];
    char reduces_to_id[LNLT_ID_MAX]; /* "" = not given in the unit file */
    char note[LNLT_TEXT_MAX];        /* provenance note; not used by the rules */
    uint8_t kind;                    /* lnlt_unit_kind */
    uint8_t back_kind;               /* lnlt_back_kind */
    int8_t countermix;               /* counters in the box; LNLT_NONE unknown */
    int16_t nation;                  /* index into catalog nations */
    int16_t reduces_to;              /* resolved reduces_to_id, or LNLT_NONE */
    /* Casualty result (13.0): the unit type this one becomes, by the face of a
     * 1d6 (index 0 = face 1). LNLT_NONE = eliminated. Filled by linking from the
     * nation's casualty table, else from reduces_to, else all LNLT_NONE. */
    int16_t casualty[6];
    lnlt_unit_face front, back;
    uint16_t file; /* index into catalog files (where it was defined) */
    uint8_t wt_weapon; /* weapon teams: lnlt_wt_weapon (1.7); 0 for other kinds */
    uint8_t mount;     /* lnlt_mount (6.6): what a mounted unit rides; LNLT_MOUNT_NONE for leg units */
    int16_t dismounts_to; /* 6.6: the leg unit type a mounted unit becomes on dismounting, or LNLT_NONE */
    char dismounts_to_id[LNLT_ID_MAX]; /* "" for leg units */
    int16_t vehicle; /* kind vehicle: index into the catalog's vehicles; else LNLT_NONE */
    int16_t gun;     /* 1.7.1: an ordnance weapon team's gun, index into the catalog's guns; else LNLT_NONE */
    /* 22.0: a hero type a scenario's stand-in rule made from another counter
     * (lnlt_catalog_add_stand_in_hero): the counter it stands in for, else
     * LNLT_NONE. Such heroes draw no skill. */
    int16_t stand_in_for;
} lnlt_unit_type;

/* What a mounted unit (6.6) rides: horses (cavalry, 6.6.1) or motorcycles (6.6.2). */
typedef enum lnlt_mount {
    LNLT_MOUNT_NONE = 0,
    LNLT_MOUNT_HORSE,
    LNLT_MOUNT_MOTORCYCLE,
    LNLT_MOUNT_COUNT
} lnlt_mount;

/* What a weapon team's crew serves (1.7): only MG teams enter buildings or cross
 * hexside terrain; only MG and mortar teams enter caves. */
typedef enum lnlt_wt_weapon {
    LNLT_WTW_OTHER = 0, /* a gun or anything else not named below */
    LNLT_WTW_MG,        /* machine gun (also the AGS-17 and KPV exceptions of 1.7) */
    LNLT_WTW_MORTAR,    /* 18.1 */
    LNLT_WTW_COUNT
} lnlt_wt_weapon;

/* ---- Support weapons (1.6, 14.1) ---- */
typedef enum lnlt_sw_kind {
    LNLT_SWK_SMALL_ARMS = 0, /* automatic rifles such as the BAR */
    LNLT_SWK_MG,
    LNLT_SWK_FLAMETHROWER,
    LNLT_SWK_SATCHEL,
    LNLT_SWK_MOLOTOV,
    LNLT_SWK_MORTAR,
    LNLT_SWK_ORDNANCE, /* bazooka, panzerfaust, RPG, recoilless, ATR */
    LNLT_SWK_COUNT
} lnlt_sw_kind;

const char *lnlt_sw_kind_name(int kind);

typedef enum lnlt_sw_back {
    LNLT_SWB_NONE = 0,   /* single-sided, or the back only marks "used" */
    LNLT_SWB_JAMMED,     /* J weapons: back = jammed side */
    LNLT_SWB_DISMANTLED, /* tripod/mortar: back cannot fire */
    LNLT_SWB_BIPOD,      /* tripod MG whose back fires with its own values */
    LNLT_SWB_TO_HIT      /* ordnance: back carries the to-hit table */
} lnlt_sw_back;

enum {
    LNLT_SWF_JAM = 1u << 0,            /* superscript J */
    LNLT_SWF_MELEE = 1u << 1,          /* superscript M: +1 FP in melee (8.5) */
    LNLT_SWF_TRIPOD = 1u << 2,         /* front is the assembled tripod side */
    LNLT_SWF_MELEE_ELIGIBLE = 1u << 3, /* may be used in melee (flamethrower, satchel) */
    LNLT_SWF_SINGLE_USE = 1u << 4,     /* removed after one attack */
    LNLT_SWF_THROWABLE = 1u << 5,      /* may attack an adjacent hex (satchel) */
    LNLT_SWF_CLOSE_ASSAULT = 1u << 6,  /* usable in close assault (17.1) */
    LNLT_SWF_HEAT = 1u << 7,           /* fires HEAT (14.2) */
    LNLT_SWF_AA = 1u << 8,             /* may fire at aircraft (19.1.1) */
    LNLT_SWF_BUNKER_FIRE = 1u << 9,    /* 1.6.4: an OFT weapon free to fire from bunkers and caves (ATRs,
                                          PIAT, FLG APAV); the others mark their firer in a building (-1 OFT) */
    LNLT_SWF_NO_FIRE_DOWN = 1u << 10   /* 1.6.4, 23.1.1: never fired at a target at a lower level than its
                                          firer's (the PIAT: a spring launcher) */
};

typedef struct lnlt_sw_face {
    int8_t fp;        /* LNLT_NONE = cannot fire on this side */
    int8_t range;     /* maximum range */
    int8_t min_range; /* mortars print min-max; LNLT_NONE otherwise */
} lnlt_sw_face;

typedef struct lnlt_to_hit {
    int8_t range, to_hit, pv; /* one column of an ordnance to-hit table; LNLT_NONE = '*' (14.1) */
} lnlt_to_hit;

typedef struct lnlt_sw_type {
    char id[LNLT_ID_MAX];
    char name[LNLT_NAME_MAX];
    char nation_id[LNLT_ID_MAX]; /* owning nation ("" = any) */
    char note[LNLT_TEXT_MAX];
    uint8_t kind;      /* lnlt_sw_kind */
    uint8_t back_kind; /* lnlt_sw_back */
    int8_t countermix;
    int8_t he;         /* HE equivalent (ordnance); LNLT_NONE = '*' (ATRs: no attack on non-vehicles) */
    int8_t depletion;  /* ATGM depletion number; LNLT_NONE */
    int8_t to_hit_count; /* 0 or 3 */
    int16_t nation;    /* LNLT_NONE = any */
    uint16_t flags;    /* LNLT_SWF_* */
    lnlt_sw_face front, back;
    lnlt_to_hit to_hit[3];
    uint16_t file;
} lnlt_sw_type;

/* ---- Nations (13.0 and module national characteristics) ---- */
typedef enum lnlt_era { LNLT_ERA_WWII = 0, LNLT_ERA_MODERN } lnlt_era;

/* National characteristics that change rules; each is a switch the engine tests. */
typedef enum lnlt_trait {
    LNLT_TRAIT_JUNGLE_MOVE_1MP = 0,       /* VC: 1 MP in Light/Heavy Jungle */
    LNLT_TRAIT_LIGHT_JUNGLE_TM_PLUS1,     /* VC: +2 instead of +1 in Light Jungle */
    LNLT_TRAIT_HEAVY_JUNGLE_TM_PLUS1,     /* NVA/VC: +3 instead of +2 in Heavy Jungle */
    LNLT_TRAIT_IGNORE_HEAVY_JUNGLE_STACKING, /* NVA */
    LNLT_TRAIT_AMBUSH,                    /* 8.4: may ambush in melee */
    LNLT_TRAIT_COUNT
} lnlt_trait;

const char *lnlt_trait_name(int t);

#define LNLT_MAX_CASUALTY_ROWS 8
#define LNLT_MAX_SHARE 4

typedef struct lnlt_casualty_row {
    char from_id[LNLT_ID_MAX];
    char to_id[6][LNLT_ID_MAX]; /* by 1d6 face; "" = eliminated */
    int16_t from;
    int16_t to[6];
} lnlt_casualty_row;

typedef struct lnlt_nation {
    char id[LNLT_ID_MAX];
    char name[LNLT_NAME_MAX];
    char module[LNLT_NAME_MAX];   /* the module the counters come from */
    char color[LNLT_ID_MAX];      /* counter background (side colour) */
    char badge[LNLT_ID_MAX];      /* identification badge; "" = none (1.1) */
    char note[LNLT_TEXT_MAX];
    uint8_t era;                  /* lnlt_era */
    int8_t smoke;                 /* smoke-laying capability (1d6 <= n); 0 = none */
    int8_t starshell;             /* starshell capability; LNLT_NONE = not given */
    bool heroes_allowed;          /* hero creation (11.2.1) */
    int8_t heroes_max;            /* 2 in the core rules */
    uint8_t casualty_count;
    uint8_t share_count;
    uint32_t traits;              /* bit (1u << lnlt_trait) */
    lnlt_casualty_row casualty[LNLT_MAX_CASUALTY_ROWS];
    char share_sw_id[LNLT_MAX_SHARE][LNLT_ID_MAX]; /* nations whose SWs it may use */
    int16_t share_sw[LNLT_MAX_SHARE];
    uint16_t file;
} lnlt_nation;

/* ---- Skills (12.0) ---- */
typedef enum lnlt_skill_effect_kind {
    LNLT_SE_GRANT_ASSAULT_MOVE = 0,
    LNLT_SE_GRANT_ASSAULT_FIRE,
    LNLT_SE_FP_BONUS,            /* value = FP added */
    LNLT_SE_RANGE_MULTIPLIER,    /* value = multiplier */
    LNLT_SE_EXTRA_ACTIVATION,    /* activate twice in a turn */
    LNLT_SE_EXTRA_WOUNDS,        /* value = extra wounds survived */
    LNLT_SE_RALLY_RANGE,         /* value = hexes beyond his own */
    LNLT_SE_ASSAULT_FIRE_THEN_MELEE,
    LNLT_SE_AMBUSH_REINFORCEMENT,
    LNLT_SE_UNSPECIFIED,         /* mechanics not in the sources */
    LNLT_SE_COUNT
} lnlt_skill_effect_kind;

typedef enum lnlt_skill_scope {
    LNLT_SS_SELF = 0,
    LNLT_SS_STACK,       /* each unit in his hex */
    LNLT_SS_STACK_TOTAL, /* once for the whole stack's attack */
    LNLT_SS_ADJACENT,    /* his hex and adjacent hexes */
    LNLT_SS_COUNT
} lnlt_skill_scope;

const char *lnlt_skill_effect_name(int e);
const char *lnlt_skill_scope_name(int s);

#define LNLT_MAX_SKILL_EFFECTS 4

typedef struct lnlt_skill_effect {
    uint8_t kind;  /* lnlt_skill_effect_kind */
    uint8_t scope; /* lnlt_skill_scope */
    int8_t value;  /* LNLT_NONE when the effect has no number */
} lnlt_skill_effect;

typedef struct lnlt_skill {
    char id[LNLT_ID_MAX];
    char name[LNLT_NAME_MAX];
    char note[LNLT_TEXT_MAX];
    uint8_t era;          /* lnlt_era, or 2 = any */
    bool single_use;
    uint8_t effect_count;
    uint32_t holders;     /* bit (1u << lnlt_unit_kind) of kinds that may hold it */
    lnlt_skill_effect effect[LNLT_MAX_SKILL_EFFECTS];
    uint16_t file;
} lnlt_skill;

/* ---- Ordnance (14.0-14.4) and vehicles (15.0-15.8, 16.0) ---- */

/* 14.1: the colour of a to-hit table's numbers. */
typedef enum lnlt_ammo {
    LNLT_AMMO_AP = 0, /* black or white: armour-piercing */
    LNLT_AMMO_HEAT,   /* red, or an H in a red circle (14.2) */
    LNLT_AMMO_AA,     /* blue or green: anti-aircraft (19.1.1), also fires at ground targets */
    LNLT_AMMO_ATGM,   /* red, after the slash of a split table (14.4) */
    LNLT_AMMO_COUNT
} lnlt_ammo;

const char *lnlt_ammo_name(int ammo);

/* One piece of ordnance: a gun, rocket or missile launcher with its to-hit table. */
enum { LNLT_GUNF_HULL = 1u << 0 /* hull-mounted: fires through the hull's covered arc (15.10) */ };
typedef struct lnlt_gun {
    char name[LNLT_NAME_MAX]; /* "75 mm"; the vehicle's name when the counter gives none */
    int8_t he;                /* HE equivalent (14.1); LNLT_NONE = '*': no attack on non-vehicles */
    uint8_t shots;            /* "N x" before the HE equivalent: shots per impulse (14.1); 1 when not printed */
    uint8_t ammo;             /* lnlt_ammo */
    int8_t depletion;         /* 14.4.1: ATGM depletion number; LNLT_NONE */
    uint8_t flags;            /* LNLT_GUNF_* */
    uint8_t reserved;
    lnlt_to_hit to_hit[3];    /* short, medium, long range columns */
} lnlt_gun;

/* 15.0: the movement types of the TEC's vehicle columns. */
typedef enum lnlt_move_class {
    LNLT_MC_TRACKED = 0, /* T */
    LNLT_MC_OFF_ROAD,    /* O: half-tracks and off-road wheels */
    LNLT_MC_ROAD,        /* R: road wheels */
    LNLT_MC_COUNT
} lnlt_move_class;

/* 15.0: where a vehicle machine gun fires. */
typedef enum lnlt_mg_arc {
    LNLT_MGA_COVERED = 0, /* the turret's covered arc (coaxial), or the front hull's without a turret */
    LNLT_MGA_HULL,        /* the front hull's covered arc (a bow MG; silent when hull down, 15.10) */
    LNLT_MGA_ALL_ROUND,   /* '*': 360 degrees, only while the vehicle is open (15.0.1) */
    LNLT_MGA_REAR,        /* 'R': the turret's rear arc */
    LNLT_MGA_COUNT
} lnlt_mg_arc;

typedef struct lnlt_vehicle_mg {
    int8_t fp;
    int8_t range;  /* 15.0: FP 2 reaches 10 hexes, FP 4 14; other FPs print their range */
    uint8_t arc;   /* lnlt_mg_arc */
    uint8_t reserved;
} lnlt_vehicle_mg;

/* Armour factors (14.1.3, 15.0): hull and turret, each front, flank and rear. */
enum { LNLT_HULL = 0, LNLT_TURRET = 1 };
enum { LNLT_FACE_FRONT = 0, LNLT_FACE_FLANK = 1, LNLT_FACE_REAR = 2 };

enum {
    LNLT_VF_TURRET = 1u << 0,   /* has a rotating turret (15.1.1) */
    LNLT_VF_OPEN_TOP = 1u << 1, /* armoured but always open (15.8) */
    LNLT_VF_TIS = 1u << 2       /* thermal imaging (10.1.2, PAC list) */
};

#define LNLT_VEHICLE_GUNS 2
#define LNLT_VEHICLE_MGS 4

typedef struct lnlt_vehicle_type {
    int16_t unit;            /* its unit type (kind vehicle): name, nation, morale, MF */
    int16_t crew;            /* unit type of the crew that bails out (15.4), or LNLT_NONE */
    char crew_id[LNLT_ID_MAX];
    uint8_t move_class;      /* lnlt_move_class */
    uint8_t flags;           /* LNLT_VF_* */
    int8_t armor[2][3];      /* [LNLT_HULL/LNLT_TURRET][LNLT_FACE_*]; LNLT_NONE = '*', no armour
                                there (15.7); the turret row is all LNLT_NONE without a turret */
    uint8_t red;             /* bit (part * 3 + face): a red armour factor (14.2.2) */
    /* 16.1, 16.2: passenger capacity in units of "P" (one half-squad, one weapon and
     * one SMC): 0 none, 1 P/PO, 2 PP/PPO, 4 2PP/2PPO. */
    uint8_t inside, outside;
    int8_t size_drm;         /* 15.6 (optional): OFT modifier against it */
    uint8_t gun_count, mg_count;
    lnlt_gun gun[LNLT_VEHICLE_GUNS];     /* a split to-hit table is two guns (14.1) */
    lnlt_vehicle_mg mg[LNLT_VEHICLE_MGS];
    uint16_t file;
} lnlt_vehicle_type;

/* Is any armour factor printed (17.2: armoured vs unarmoured vehicles)? */
bool lnlt_vehicle_armored(const lnlt_vehicle_type *v);

/* ---- The catalog: everything above, loaded from a set of files. ---- */
typedef struct lnlt_catalog {
    int unit_count, sw_count, nation_count, skill_count, file_count;
    int vehicle_count, gun_count;
    bool linked;
    lnlt_unit_type unit[LNLT_MAX_UNIT_TYPES];
    lnlt_vehicle_type vehicle[LNLT_MAX_VEHICLE_TYPES]; /* each also has a unit type */
    lnlt_gun gun[LNLT_MAX_GUNS];                        /* weapon teams' ordnance */
    lnlt_sw_type sw[LNLT_MAX_SW_TYPES];
    lnlt_nation nation[LNLT_MAX_NATIONS];
    lnlt_skill skill[LNLT_MAX_SKILLS];
    char file_name[LNLT_MAX_FILES][128];
    uint8_t file_kind[LNLT_MAX_FILES];
} lnlt_catalog;

/* A zeroed, empty catalog (heap: it is about 100 KB). NULL only if out of memory. */
lnlt_catalog *lnlt_catalog_new(void);
void lnlt_catalog_free(lnlt_catalog *c);

/* Adds the entries of one units/weapons/vehicles/nations/skills file. `name` is used in
 * messages. On failure the catalog is unchanged. Call lnlt_catalog_link after the
 * last file. */
bool lnlt_catalog_add_json(lnlt_catalog *c, const char *name, const char *text, size_t len,
                           lnlt_error *err);
bool lnlt_catalog_add_file(lnlt_catalog *c, const char *path, lnlt_error *err);

/* Resolves every cross-reference by id (nation of a unit, casualty tables, ...)
 * and checks rules that span entries. Reports file and JSON path. */
bool lnlt_catalog_link(lnlt_catalog *c, lnlt_error *err);

/* Loads DIR/nations, DIR/units, DIR/vehicles, DIR/weapons and DIR/skills (every
 * *.json in each, in name order) and links. *out is NULL on failure. */
bool lnlt_catalog_load_dir(const char *dir, lnlt_catalog **out, lnlt_error *err);

/* Links the catalog of DIR from its files and writes it to the opening cache
 * (docs/performance.md), where lnlt_catalog_load_dir finds it while this program
 * and the files stay the same. */
bool lnlt_catalog_cache_write(const char *dir, lnlt_error *err);

/* Like lnlt_catalog_load_dir, but `file` (a units/weapons/vehicles/nations/skills file)
 * takes the place of the file with the same real path in DIR, or is added if DIR
 * does not hold it: used to validate one edited file against the rest. */
bool lnlt_catalog_load_dir_with(const char *dir, const char *file, lnlt_catalog **out,
                                lnlt_error *err);

/* 11.2.1 with a scenario's optional hero rule (22.0): adds a hero type of nation
 * `nation` played with counter `base`: its printed values, morale `morale`, assault
 * move (6.1); a hero counter keeps its wounded side, any other counter is wounded
 * under a marker (its back is its front). Up to `copies` of it may be in play.
 * Returns the new type's index, or LNLT_NONE with a reason (catalog full). The
 * new type belongs to no file and is never saved. */
int lnlt_catalog_add_stand_in_hero(lnlt_catalog *c, int base, int nation, int morale, int copies, lnlt_error *err);

/* Index by id, or LNLT_NONE. */
int lnlt_catalog_unit(const lnlt_catalog *c, const char *id);
int lnlt_catalog_sw(const lnlt_catalog *c, const char *id);
int lnlt_catalog_nation(const lnlt_catalog *c, const char *id);
int lnlt_catalog_skill(const lnlt_catalog *c, const char *id);
/* The vehicle values of a unit type, or NULL when it is no vehicle. */
const lnlt_vehicle_type *lnlt_catalog_vehicle_of(const lnlt_catalog *c, int unit_type);

/* The entries that came from file `file`, as JSON text in the file's format
 * (malloc'd; caller frees). NULL on a bad index or out of memory. */
char *lnlt_catalog_save_file(const lnlt_catalog *c, int file);

/* The kind named by a file's top-level "kind" (LNLT_KIND_UNKNOWN with a message
 * if the text is not JSON or has no known kind). */
lnlt_data_kind lnlt_data_detect_kind(const char *name, const char *text, size_t len,
                                     lnlt_error *err);

/* Reads a whole file into a malloc'd, NUL-terminated buffer (limit 16 MB). */
bool lnlt_read_file(const char *path, char **text, size_t *len, lnlt_error *err);

#endif
