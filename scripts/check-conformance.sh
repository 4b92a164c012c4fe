#!/usr/bin/env bash
# check-conformance.sh: every test docs/conformance.md names must exist, so a row
# cannot go on citing a test that was renamed or removed. In a row's last column,
# "test_x.c: `name`, `other`" names tests of tests/test_x.c; a backticked name with
# no file before it (the terrain charts) must be in some tests/*.c; a name ending
# in `*` is a prefix. Prints each missing test and fails if there is one.
#
#   scripts/check-conformance.sh [docs/conformance.md]
set -euo pipefail
cd "$(dirname "$0")/.."
doc=${1:-docs/conformance.md}
words=$(mktemp)
trap 'rm -f "$words"' EXIT

# every identifier of every test file, as "file identifier"
for f in tests/*.c; do
  grep -ow '[A-Za-z_][A-Za-z0-9_]*' "$f" | sort -u | sed "s|^|${f#tests/} |"
done >"$words"

grep -E '^\| [^-]' "$doc" | awk -F'|' -v words="$words" '
  BEGIN {
    while ((getline l < words) > 0) { split(l, w, " "); in_file[w[1] " " w[2]] = 1; anywhere[w[2]] = 1 }
  }
  function known(file, name,   k, p) {
    if (name ~ /\*$/) {
      p = substr(name, 1, length(name) - 1)
      for (k in anywhere) if (index(k, p) == 1) return 1
      return 0
    }
    return file == "" ? (name in anywhere) : ((file " " name) in in_file)
  }
  {
    row = $2; gsub(/^ +| +$/, "", row)
    if (row == "Status" || row == "Row" || row == "Section") next
    n = split($(NF - 1), pieces, ";")
    for (i = 1; i <= n; i++) {
      piece = pieces[i]; file = ""
      if (match(piece, /test_[a-z0-9_]+\.c:/)) file = substr(piece, RSTART, RLENGTH - 1)
      if (file != "" && system("test -f tests/" file) != 0) { print "conformance row " row ": no file tests/" file; bad++; continue }
      while (match(piece, /`[A-Za-z_][A-Za-z0-9_]*\*?`/)) {
        name = substr(piece, RSTART + 1, RLENGTH - 2); piece = substr(piece, RSTART + RLENGTH)
        checked++
        if (!known(file, name)) { print "conformance row " row ": no test " name " in " (file == "" ? "tests/*.c" : "tests/" file); bad++ }
      }
    }
  }
  END { printf "check-conformance: %d test names checked, %d missing\n", checked, bad; exit bad > 0 }
'
