#!/usr/bin/env bash
# Long self-play check outside CI (docs/fuzzing.md): `lnlt selfplay --check` on
# every shipped scenario, GAMES games each, in chunks of CHUNK games taken round
# robin (seeds FIRST.. FIRST+GAMES-1), so that every finished chunk is already in
# the log if the run is stopped. Each chunk prints its summary and "checked:"
# line; faults go to the log with their scenario, seed and action.
# Scenario files after FIRST limit the run to them (default: all of data/scenarios).
#   scripts/soak-check.sh LNLT GAMES CHUNK FIRST [SCENARIO...] >> soak.log
set -uo pipefail
lnlt=$1; games=$2; chunk=$3; first=$4; shift 4
cd "$(dirname "$0")/.."
scenarios=("$@")
[ ${#scenarios[@]} -eq 0 ] && scenarios=(data/scenarios/*.json)
for ((done = 0; done < games; done += chunk)); do
  n=$(( games - done < chunk ? games - done : chunk ))
  for s in "${scenarios[@]}"; do
    echo "== $s seeds $((first + done))..$((first + done + n - 1))"
    nice -n 19 "$lnlt" selfplay "$s" --games "$n" --seed "$((first + done))" --check --quiet 2>&1
  done
done
echo "== end"
