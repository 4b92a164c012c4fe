#!/usr/bin/env bash
# Runs the browser tests (tests/browser/*.test.mjs: playwright-core driving
# Debian's chromium against a `lnlt serve` each test starts) with Node's test
# runner, one file at a time, then prints one closing line
# "browser: N passed, M failed". Screenshots land in build/browser/.
#   scripts/run-browser-tests.sh [PROGRAM]     (default build/debug/lnlt)
set -uo pipefail
cd "$(dirname "$0")/.."
export LNLT_PROGRAM="${1:-build/debug/lnlt}"
mkdir -p build/browser
out=$(node --test --test-concurrency=1 --test-reporter=tap tests/browser/ 2>&1)
rc=$?
printf '%s\n' "$out"
passed=$(printf '%s\n' "$out" | sed -n 's/^# pass \([0-9]*\)$/\1/p' | tail -1)
failed=$(printf '%s\n' "$out" | sed -n 's/^# fail \([0-9]*\)$/\1/p' | tail -1)
passed=${passed:-0}
failed=${failed:-0}
if [ $rc -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "browser: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ $rc -eq 0 ]
