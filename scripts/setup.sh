#!/usr/bin/env bash
# Installs what lnlt needs to build and test on a fresh Debian machine.
# As root it runs apt-get itself; otherwise it prints the exact command and stops,
# so a user is never surprised by sudo.
#
#   scripts/setup.sh            what building, playing and the C tests need
#   scripts/setup.sh --browser  also what the browser tests need: Node.js and npm,
#                               Debian's chromium, and playwright-core at the
#                               version package-lock.json pins (npm ci)
set -euo pipefail
cd "$(dirname "$0")/.."
browser=false
[ "${1:-}" = "--browser" ] && browser=true

# Debian package -> a file whose presence proves it is installed.
declare -A probe=(
  [gcc]=/usr/bin/gcc
  [clang]=/usr/bin/clang
  [make]=/usr/bin/make
  [pkg-config]=/usr/bin/pkg-config
  [libjansson-dev]=/usr/include/jansson.h
  [libcmocka-dev]=/usr/include/cmocka.h
  [libsqlite3-dev]=/usr/include/sqlite3.h
  [libncurses-dev]=/usr/include/ncurses.h
  [libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.asan-x86_64.a
  # the game server (lnlt serve) and its tests: HTTP/WebSocket, PostgreSQL client
  # and a real PostgreSQL server started by the tests, SHA-256, runuser for initdb
  [libcivetweb-dev]=/usr/include/civetweb.h
  [libpq-dev]=/usr/include/postgresql/libpq-fe.h
  [postgresql]=/usr/share/doc/postgresql/copyright
  [libssl-dev]=/usr/include/openssl/evp.h
  [util-linux]=/usr/sbin/runuser
)
if $browser; then
  # the browser tests (tests/browser/): Debian's chromium driven by playwright-core.
  # A node from elsewhere (it ships its own npm) is used as it is.
  probe[chromium]=/usr/bin/chromium
  [ -e /usr/bin/node ] || probe[nodejs]=/usr/bin/node
  [ -e /usr/bin/npm ] || probe[npm]=/usr/bin/npm
fi

# playwright-core as package-lock.json pins it, from npm's cache when it has it.
npm_packages() {
  $browser || return 0
  if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "lnlt setup: npm ci (playwright-core)" >&2
    npm ci --no-audit --no-fund --prefer-offline --loglevel=error >&2
  fi
}

missing=()
for pkg in "${!probe[@]}"; do
  [ -e "${probe[$pkg]}" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  npm_packages
  exit 0
fi

IFS=$'\n' sorted=($(sort <<<"${missing[*]}")); unset IFS
if [ "$(id -u)" -ne 0 ]; then
  echo "lnlt setup: missing Debian packages: ${sorted[*]}" >&2
  echo "install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${sorted[*]}" >&2
  exit 1
fi

echo "lnlt setup: installing ${sorted[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${sorted[@]}" >/dev/null
npm_packages
