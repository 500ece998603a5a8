#!/usr/bin/env bash
# Builds the npm package (js/) from the WebAssembly bindings and runs its tests: node's test runner
# (every export, invalid input, parity with the native CLI, the semantic tier against the service)
# and the demo page in Chromium. Fetches all-MiniLM-L6-v2 (scripts/fetch-minilm.sh, 84 MB, pinned
# sha256) unless EA_MINILM_DIR is set.
# Installs what a fresh machine lacks: the wasm32 target, wasm-pack, the wasm-bindgen CLI at the
# version pinned in wasm/Cargo.toml, the node packages (npm ci), Chromium (apt).
#   bash scripts/test-js.sh
# Settings: CHROMIUM (browser binary, default /usr/bin/chromium), CARGO_TARGET_DIR,
# EPISTEMIC_AUDIT_BIN (the native CLI to compare with; built when unset).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Each step line carries the seconds since the script started, so a slow CI run shows where it went.
step() { printf '\n==> [%4d s] %s\n' "$SECONDS" "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

step "wasm32 target, the pinned wasm-bindgen CLI and wasm-pack (scripts/wasm-tools.sh)"
bash scripts/wasm-tools.sh

step "node (>= 20) and npm"
command -v node >/dev/null && command -v npm >/dev/null || { echo "node >= 20 and npm are required" >&2; exit 1; }
node -e 'if (+process.versions.node.split(".")[0] < 20) { console.error("node >= 20 required, found " + process.version); process.exit(1) }'
node --version

step "chromium for the browser test"
chromium_bin=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium_bin" ]; then
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
"$chromium_bin" --version
export CHROMIUM=$chromium_bin

step "npm ci (js/)"
(cd js && npm ci --no-audit --no-fund)

step "semantic model for the semantic tests: all-MiniLM-L6-v2 (scripts/fetch-minilm.sh; EA_MINILM_DIR when already set)"
if [ -z "${EA_MINILM_DIR:-}" ]; then
  EA_MINILM_DIR=$(bash scripts/fetch-minilm.sh | tail -n 1)
fi
export EA_MINILM_DIR
echo "EA_MINILM_DIR=$EA_MINILM_DIR"

step "wasm-pack builds: web, nodejs, bundler -> js/pkg-*, and the semantic module's -> js/pkg-semantic-*"
bash scripts/build-js.sh

step "native CLI for the parity test (EPISTEMIC_AUDIT_BIN when already built)"
EPISTEMIC_AUDIT_BIN=$(bash scripts/server-bin.sh)
export EPISTEMIC_AUDIT_BIN
[ -x "$EPISTEMIC_AUDIT_BIN" ] || { echo "no binary at $EPISTEMIC_AUDIT_BIN" >&2; exit 1; }

step "npm test (node --test: exports, invalid input, parity with the native core, the semantic tier against the service)"
(cd js && npm test)

step "node -e: the built package gives the CLI's height"
text='The Eiffel Tower was completed in 1889 and is 330 metres tall.'
wasm_height=$(cd js && node --input-type=module -e "import { audit } from 'epistemic-audit'; console.log(audit({ text: process.argv[1] }).height)" "$text")
cli_height=$("$EPISTEMIC_AUDIT_BIN" audit --text "$text" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).height))')
echo "wasm height $wasm_height, CLI height $cli_height"
[ "$wasm_height" = "$cli_height" ] || { echo "FAIL: heights differ" >&2; exit 1; }

step "browser test: the demo page in Chromium, with the semantic tier (screenshots: artifacts/demo.png, demo-semantic.png)"
(cd js && npm run --silent test:browser)
ls -l artifacts/demo.png artifacts/demo-semantic.png

step "js checks passed"
