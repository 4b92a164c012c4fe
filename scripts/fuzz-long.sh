#!/usr/bin/env bash
# Long fuzz runs outside CI (docs/fuzzing.md): each target of DIR (make fuzz) in
# turn, niced, until RUNS executions or SECONDS seconds, whichever comes first,
# on a corpus kept in WORK/<target> (seeded from fuzz/corpus/<target>, so a
# second run goes on where the first stopped). Prints one line per target:
# executions, seconds, edges covered (cov), features (ft), corpus size, crashes;
# a crashing input is kept as WORK/<target>-crash-*.
#
# With ASAN_DIR set (the ASan+UBSan build, build/fuzz/fuzz) and DIR another
# flavour (make fuzz-fast: UBSan only, -O2), every input of the corpus is then run
# once through ASAN_DIR's target too, so memory errors and leaks the fast flavour
# cannot see are still caught on everything it kept; the line ends with the
# result of that replay.
# TIMEOUT (seconds, default 30) is libFuzzer's -timeout, which counts wall-clock
# time: a niced run on a loaded machine may need more (an input of 0.1 s of
# processor time once took 31 s of wall-clock time at nice 19 beside four busy
# processes), so check a reported timeout's processor time before believing it.
#   scripts/fuzz-long.sh build/fuzz/fuzz WORK RUNS SECONDS [TARGET...]
#   ASAN_DIR=build/fuzz/fuzz scripts/fuzz-long.sh build/fuzz-fast/fuzz WORK RUNS SECONDS [TARGET...]
set -uo pipefail
dir=$1; work=$2; runs=$3; seconds=$4; shift 4
cd "$(dirname "$0")/.."
mkdir -p "$work"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && for b in "$dir"/fuzz_*; do targets+=("$(basename "$b")"); done
for name in "${targets[@]}"; do
  mkdir -p "$work/$name"
  [ -d "fuzz/corpus/$name" ] && cp -rn "fuzz/corpus/$name/." "$work/$name/"
  log="$work/$name.log"
  start=$(date +%s)
  nice -n 19 "$dir/$name" -runs="$runs" -max_total_time="$seconds" -timeout="${TIMEOUT:-30}" -rss_limit_mb=3000 \
    -print_final_stats=1 -artifact_prefix="$work/$name-" "$work/$name" >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(printf '%s' "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  ft=$(printf '%s' "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  crashes=$(ls "$work/$name"-crash-* "$work/$name"-leak-* "$work/$name"-timeout-* "$work/$name"-oom-* 2>/dev/null | wc -l)
  replay=""
  if [ -n "${ASAN_DIR:-}" ] && [ "$ASAN_DIR" != "$dir" ]; then
    nice -n 19 "$ASAN_DIR/$name" -runs=0 -timeout="${TIMEOUT:-30}" -rss_limit_mb=3000 -artifact_prefix="$work/$name-asan-" \
      "$work/$name" >"$work/$name.asan.log" 2>&1
    replay=", ASan+UBSan replay of the corpus: $([ $? -eq 0 ] && echo ok || echo FAILED, see "$work/$name.asan.log")"
  fi
  echo "$name: ${execs:-?} executions in ${secs}s, cov ${cov:-?}, ft ${ft:-?}, corpus $(ls "$work/$name" | wc -l) inputs, crashes $crashes, exit $rc$replay"
done
