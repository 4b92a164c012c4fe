#!/bin/sh
# ai-table.sh: regenerates the strength table of docs/ai.md from paired games
# (`lnlt arena`), one scenario and one pairing at a time, under `nice`.
#
#   scripts/ai-table.sh                  the table as docs/ai.md shows it (long: hours)
#   GAMES=40 scripts/ai-table.sh         fewer games (wider intervals)
#   MS=500 scripts/ai-table.sh           another time budget for the hard player
#   ITERS=24 scripts/ai-table.sh         a fixed number of search iterations instead
#   PAIRS="normal:random" scripts/ai-table.sh   only some pairings (A:B, space-separated)
#   DRY=1 scripts/ai-table.sh            print the table, leave docs/ai.md alone
#   LNLT=/tmp/lnlt scripts/ai-table.sh   use a copy of the program (default build/debug/lnlt, built first)
#
# The table goes between the lines "<!-- ai-table begin -->" and
# "<!-- ai-table end -->" of docs/ai.md; each row names the command that made it.
set -eu
cd "$(dirname "$0")/.."

GAMES=${GAMES:-400}
SEED=${SEED:-1}
MS=${MS:-}
ITERS=${ITERS:-}
PAIRS=${PAIRS:-"normal:random easy:random hard:normal"}
SCENARIOS=${SCENARIOS:-"sk1_assault_on_vierville sk2_rejoining_the_regiment sk3_the_weapons_cache sk4_a_friend_in_need training_infantry_narrative"}
LNLT=${LNLT:-build/debug/lnlt}
DOC=docs/ai.md

# Another binary (LNLT=...) is taken as it is, so a long run can go on while the tree is rebuilt.
if [ "$LNLT" = build/debug/lnlt ]; then
    make -s -j2 "$LNLT" >/dev/null
fi

# The value of a field of the flat JSON object on stdin.
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p"; }
pct() { awk -v x="$1" 'BEGIN { printf "%.1f", 100 * x }'; }

budget=""
[ -n "$MS" ] && budget="--ms $MS"
[ -n "$ITERS" ] && budget="--iters $ITERS"

table=$(mktemp)
trap 'rm -f "$table"' EXIT
{
    echo "| Scenario | A | B | Games | Wins side 1 / side 2 / draws | Score of A (95% interval) | A as side 1 | A as side 2 | A's CPU ms per decision |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >"$table"
for pair in $PAIRS; do
    a=${pair%%:*}
    b=${pair#*:}
    for s in $SCENARIOS; do
        file=data/scenarios/$s.json
        args="--a $a --b $b --games $GAMES --seed $SEED $budget"
        echo "ai-table: $s: $args" >&2
        # shellcheck disable=SC2086
        json=$(nice "$LNLT" arena "$file" $args --json)
        w1=$(echo "$json" | field wins_side1)
        w2=$(echo "$json" | field wins_side2)
        dr=$(echo "$json" | field draws)
        n=$(echo "$json" | field games)
        sc=$(pct "$(echo "$json" | field score_a)")
        lo=$(pct "$(echo "$json" | field ci_low)")
        hi=$(pct "$(echo "$json" | field ci_high)")
        s1=$(pct "$(echo "$json" | field score_a_side1)")
        s2=$(pct "$(echo "$json" | field score_a_side2)")
        ms=$(awk -v x="$(echo "$json" | field sec_per_decision_a)" 'BEGIN { printf "%.0f", 1000 * x }')
        echo "| $s | $a | $b | $n | $w1 / $w2 / $dr | $sc% ($lo - $hi) | $s1% | $s2% | $ms |" >>"$table"
    done
done
{
    echo
    echo "Made by \`scripts/ai-table.sh\` (GAMES=$GAMES SEED=$SEED${MS:+ MS=$MS}${ITERS:+ ITERS=$ITERS}) on $(date -u +%Y-%m-%d)."
} >>"$table"

if [ -n "${DRY:-}" ]; then
    cat "$table"
    exit 0
fi
out=$(mktemp)
awk -v tf="$table" '
    /<!-- ai-table begin -->/ { print; while ((getline line < tf) > 0) print line; skip = 1; next }
    /<!-- ai-table end -->/ { skip = 0 }
    !skip { print }
' "$DOC" >"$out"
mv "$out" "$DOC"
echo "ai-table: $DOC updated" >&2
