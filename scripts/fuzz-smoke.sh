#!/usr/bin/env bash
# Runs each libFuzzer target in DIR for SECONDS over a fresh copy of its seed
# corpus (fuzz/corpus/<target>/), from the repository root, so that a regression
# any seed or a few seconds of mutation reaches fails `make test` (the long runs
# are in docs/fuzzing.md). Prints each target's executions and one closing line
# "fuzz: N passed, M failed".
set -uo pipefail
dir=$1; seconds=$2
cd "$(dirname "$0")/.."
passed=0; failed=0
work=$(mktemp -d /tmp/lnlt-fuzz-smoke-XXXXXX)
trap 'rm -rf "$work"' EXIT
for bin in "$dir"/fuzz_*; do
  name=$(basename "$bin")
  mkdir -p "$work/$name"
  if [ -d "fuzz/corpus/$name" ]; then cp -r "fuzz/corpus/$name/." "$work/$name/"; fi
  log="$work/$name.log"
  if "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3000 -print_final_stats=1 \
       -artifact_prefix="$work/$name-" "$work/$name" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz: $name: ${runs:-?} runs, no crash"
    passed=$((passed + 1))
  else
    echo "FAILED: fuzz target $name:"
    tail -n 40 "$log"
    for a in "$work/$name"-*; do [ -e "$a" ] && { echo "input ($a):"; head -c 2000 "$a" | od -c | head -n 40; }; done
    failed=$((failed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
