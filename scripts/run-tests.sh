#!/usr/bin/env bash
# Runs each cmocka test program given, then prints one closing line that adds up
# their counts ("tests: N passed, M failed"), which CI reads. Tests run from the
# source root so they can open data/ and tests/fixtures/ by relative path.
set -uo pipefail
build=$1; shift
wrap=()
if [ "${1:-}" = "--valgrind" ]; then
  wrap=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99)
  shift
fi
cd "$(dirname "$0")/.."
passed=0; failed=0; broken=()
for t in "$@"; do
  out=$("${wrap[@]}" "$t" 2>&1); rc=$?
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
  f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
  passed=$((passed + p)); failed=$((failed + f))
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then failed=$((failed + 1)); broken+=("$t (exit $rc)"); fi
  [ $rc -ne 0 ] && [ "$f" -ne 0 ] && broken+=("$t")
done
echo "== $build"
for b in "${broken[@]+"${broken[@]}"}"; do echo "FAILED: $b"; done
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
