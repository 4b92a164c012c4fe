/*
 * cmd_hex.c: `lnlt hex`, a small tool to check the grid by hand: parses hex ids
 * and, given two, prints their range and the exact line trace between them
 * (rules 1.4 and 10.3.2).
 */
#include <stdio.h>

#include "commands.h"
#include "lnlt/hex.h"

int cmd_hex(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: lnlt hex ID [ID]\n");
        return 2;
    }
    lnlt_hex h[2];
    char err[128], buf[LNLT_HEX_ID_MAX], buf2[LNLT_HEX_ID_MAX];
    for (int i = 1; i < argc; i++) {
        if (!lnlt_hex_parse(argv[i], &h[i - 1], err, sizeof err)) {
            fprintf(stderr, "lnlt hex: %s\n", err);
            return 1;
        }
    }
    if (argc == 2) {
        printf("%s: column %d, row %d", lnlt_hex_format(h[0], buf), h[0].col + 1, h[0].row);
        printf(", neighbours");
        for (int d = 1; d <= 6; d++)
            printf(" %d:%s", d, lnlt_hex_format(lnlt_hex_neighbor(h[0], (lnlt_dir)d), buf));
        printf("\n");
        return 0;
    }
    printf("range %s-%s: %d\n", lnlt_hex_format(h[0], buf), lnlt_hex_format(h[1], buf2),
           lnlt_hex_distance(h[0], h[1]));
    lnlt_trace tr;
    if (!lnlt_hex_trace(h[0], h[1], &tr)) {
        fprintf(stderr, "lnlt hex: line too long to trace\n");
        return 1;
    }
    for (int i = 0; i < tr.count; i++) {
        const lnlt_trace_step *s = &tr.step[i];
        if (s->kind == LNLT_TRACE_HEX)
            printf("  hex    %s\n", lnlt_hex_format(s->a, buf));
        else
            printf("  %s %s/%s\n", s->kind == LNLT_TRACE_ALONG ? "along " : "cross ",
                   lnlt_hex_format(s->a, buf), lnlt_hex_format(s->b, buf2));
    }
    return 0;
}
