#!/usr/bin/env bash
# Browser test of GET /docs (issue 3 item 4): the interactive documentation renders the endpoint
# list in headless Chromium with every asset served by the binary and NO other host reachable
# (all DNS except 127.0.0.1 is mapped to "not found", so a CDN or validator fetch would fail).
#
#   bash scripts/test-browser-docs.sh        (installs Debian's chromium with apt if it is missing)
#
# Artifacts (gitignored): artifacts/docs.png (screenshot), artifacts/docs.dom.html (rendered DOM),
# artifacts/docs-server.log (the server's access log).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
  echo "chromium not found: installing Debian's chromium with apt" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
fi

# EPISTEMIC_AUDIT_BIN when set (scripts/test.sh), else built (scripts/server-bin.sh).
bin=$(bash scripts/server-bin.sh)

mkdir -p artifacts
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

env -u AG_API_KEY_SECRET -u CORS_ORIGINS -u REDIS_URL -u DATABASE_URL LOG_FORMAT=json \
  FEEDBACK_DB_PATH="$work/feedback.sqlite3" \
  "$bin" serve --host 127.0.0.1 --port 0 --port-file "$work/port" \
  >"$work/stdout" 2>artifacts/docs-server.log &
server_pid=$!
for _ in $(seq 1 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "FAIL: the server did not start" >&2; cat artifacts/docs-server.log >&2; exit 1; }
url="http://127.0.0.1:$(cat "$work/port")/docs"

chrome() {
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --disable-default-apps \
    --disable-extensions --user-data-dir="$work/profile-$1" \
    --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" \
    --virtual-time-budget=20000 --window-size=1280,1800 "${@:2}" "$url" 2>"$work/chrome-$1.log"
}

chrome dom --dump-dom >artifacts/docs.dom.html
chrome shot --screenshot="$PWD/artifacts/docs.png"

fail=0
# The endpoint list: one operation block per documented path, plus the title and version badges.
for needle in 'id="swagger-ui"' 'epistemic-audit' '1.1.0' 'OAS 3.1' \
              'data-path="/"' 'data-path="/health"' 'data-path="/docs"' 'data-path="/openapi.json"' \
              'data-path="/metrics"' 'data-path="/v1/audit"' 'data-path="/v1/batch"' \
              'data-path="/v1/compare"' 'data-path="/v1/calibrate"' 'data-path="/v1/calibration"'; do
  if ! grep -qF -- "$needle" artifacts/docs.dom.html; then
    echo "FAIL: the rendered /docs page does not contain '$needle'" >&2
    fail=1
  fi
done
if grep -qiE 'Failed to load API definition|Fetch error' artifacts/docs.dom.html; then
  echo "FAIL: Swagger UI reports that it could not load /openapi.json" >&2
  fail=1
fi
# Every request the page made to the server succeeded (no missing asset).
if grep '"path":"/docs\|"path":"/openapi.json' artifacts/docs-server.log | grep -v '"status":200' | grep -q .; then
  echo "FAIL: some /docs asset or /openapi.json request did not answer 200:" >&2
  grep '"path":"/docs\|"path":"/openapi.json' artifacts/docs-server.log | grep -v '"status":200' >&2
  fail=1
fi
[ -s artifacts/docs.png ] || { echo "FAIL: no screenshot written" >&2; fail=1; }
if [ "$fail" != 0 ]; then
  echo "artifacts: artifacts/docs.dom.html artifacts/docs.png artifacts/docs-server.log" >&2
  exit 1
fi
ops=$(grep -o 'data-path="[^"]*"' artifacts/docs.dom.html | sort -u | wc -l)
echo "ok: /docs rendered offline in $(chromium --version | head -1): $ops operations listed; screenshot artifacts/docs.png"
