/*
 * cmd_los.c: `lnlt los MAP FROM TO`, the line of sight between two locations on
 * a map file (rules 10.2-10.4.1, 10.6): verdict, range and the reason for each
 * hex or hexside that mattered. A location is a hex id, optionally followed by
 * ":upper" or ":roof" (10.4.1 floors, 10.6 rooftops). Options --smoke HEX,
 * --wreck HEX and --rubble HEX lay dynamic obstacles for a what-if.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "lnlt/map.h"

static int parse_loc(const char *text, lnlt_loc *out)
{
    char buf[64], err[128];
    snprintf(buf, sizeof buf, "%s", text);
    out->floor = LNLT_FLOOR_GROUND;
    char *colon = strchr(buf, ':');
    if (colon) {
        *colon = 0;
        if (!strcmp(colon + 1, "upper"))
            out->floor = LNLT_FLOOR_UPPER;
        else if (!strcmp(colon + 1, "roof"))
            out->floor = LNLT_FLOOR_ROOF;
        else if (strcmp(colon + 1, "ground")) {
            fprintf(stderr, "lnlt los: \"%s\": floor must be ground, upper or roof\n", text);
            return 0;
        }
    }
    if (!lnlt_hex_parse(buf, &out->hex, err, sizeof err)) {
        fprintf(stderr, "lnlt los: %s\n", err);
        return 0;
    }
    return 1;
}

int cmd_los(int argc, char **argv)
{
    const char *pos[3];
    int npos = 0;
    lnlt_loc dynloc[64];
    uint8_t dynkind[64];
    int ndyn = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke") || !strcmp(argv[i], "--wreck") || !strcmp(argv[i], "--rubble")) {
            if (i + 1 >= argc || ndyn == 64 || !parse_loc(argv[i + 1], &dynloc[ndyn]))
                return 2;
            dynkind[ndyn++] = !strcmp(argv[i], "--smoke")   ? LNLT_DYN_SMOKE
                              : !strcmp(argv[i], "--wreck") ? LNLT_DYN_WRECK
                                                            : LNLT_DYN_RUBBLE;
            i++;
        } else if (npos < 3) {
            pos[npos++] = argv[i];
        } else {
            npos = 99;
        }
    }
    if (npos != 3) {
        fprintf(stderr, "usage: lnlt los MAP FROM TO [--smoke HEX] [--wreck HEX] [--rubble HEX]\n"
                        "  FROM/TO: a hex id, optionally with :upper or :roof\n");
        return 2;
    }
    lnlt_loc from, to;
    if (!parse_loc(pos[1], &from) || !parse_loc(pos[2], &to))
        return 2;
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file(pos[0], &m, &err)) {
        fprintf(stderr, "lnlt los: %s\n", err.msg);
        return 1;
    }
    uint8_t *dyn = calloc((size_t)lnlt_map_cells(m), 1);
    if (!dyn) {
        lnlt_map_free(m);
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < ndyn; i++) {
        int c = lnlt_map_index(m, dynloc[i].hex);
        if (c < 0) {
            char id[LNLT_HEX_ID_MAX];
            fprintf(stderr, "lnlt los: %s is not on the map\n", lnlt_hex_format(dynloc[i].hex, id));
            rc = 1;
        } else {
            dyn[c] |= dynkind[i];
        }
    }
    lnlt_los_dynamic d = {dyn};
    lnlt_los_result r;
    if (rc == 0) {
        if (!lnlt_los(m, from, to, &d, &r)) {
            char line[256];
            fprintf(stderr, "lnlt los: %s\n", lnlt_los_reason_format(m, &r.reason[0], line, sizeof line));
            rc = 1;
        } else {
            static const char *verdict[] = {"clear", "degraded", "blocked"};
            printf("%s -> %s: range %d, LOS %s", pos[1], pos[2], r.range, verdict[r.verdict]);
            if (r.verdict == LNLT_LOS_DEGRADED)
                printf(" (%d degrading hex%s: DFT -%d, OFT +%d)", r.degrade, r.degrade == 1 ? "" : "es", r.degrade,
                       r.degrade);
            if (r.limited && r.verdict != LNLT_LOS_BLOCKED)
                printf(", limited (DFT -2, OFT +2, spotting +2)");
            printf("\n");
            for (int i = 0; i < r.nreason; i++) {
                char line[256];
                printf("  %s\n", lnlt_los_reason_format(m, &r.reason[i], line, sizeof line));
            }
        }
    }
    free(dyn);
    lnlt_map_free(m);
    return rc;
}
