#!/usr/bin/env bash
# Property-based fuzzing of the HTTP API from its own /openapi.json (issue 6 "Fuzzing"), in CI
# (scripts/test.sh). Installs schemathesis (PyPI) if missing, builds and starts the release binary
# with an API key on a free loopback port, and runs every phase (examples, coverage, fuzzing,
# stateful) of every operation, positive and negative data, with the key sent on every request
# and a new X-Forwarded-For per request (scripts/schemathesis/hooks.py) so rate limits do not cut
# coverage. Every check runs (no 5xx; status, content type, headers and body as documented;
# invalid input rejected; auth not ignored; undocumented methods 405) except
# positive_data_acceptance: some schema-valid bodies are rightly refused by rules a JSON Schema
# cannot state (two compared answers with the same model name → 400) or where the validator is
# stricter than the schema (see README "Performance and limits"). Fails on any failed check, a
# server ERROR log line, a server that died, or fewer than SCHEMATHESIS_MIN_CASES (2000) cases.
#   bash scripts/schemathesis.sh
#   SCHEMATHESIS_MAX_TIME=600 SCHEMATHESIS_MAX_EXAMPLES=1000 bash scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_TIME=${SCHEMATHESIS_MAX_TIME:-120}
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-300}
MIN_CASES=${SCHEMATHESIS_MIN_CASES:-2000}
KEY=schemathesis-key

if ! command -v schemathesis >/dev/null 2>&1; then
  python3 -m pip install --quiet 'schemathesis>=4,<5'
fi

# SCHEMATHESIS_BIN: a binary already built (scripts/test.sh passes the one `cargo test --workspace`
# just built, whose feature set differs from a plain build, so nothing is recompiled).
if [ -n "${SCHEMATHESIS_BIN:-}" ]; then
  BIN=$SCHEMATHESIS_BIN
else
  cargo build --locked --release -q -p epistemic-audit-server --bin epistemic-audit
  BIN=${CARGO_TARGET_DIR:-target}/release/epistemic-audit
fi

work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

env -i PATH="$PATH" AG_API_KEY_SECRET=$KEY FEEDBACK_DB_PATH="$work/feedback.sqlite3" \
  LOG_LEVEL=warn "$BIN" serve --host 127.0.0.1 --port 0 --port-file "$work/port" \
  >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
for _ in $(seq 1 300); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { cat "$work/server.err" >&2; echo "server did not start" >&2; exit 1; }
base="http://127.0.0.1:$(cat "$work/port")"

set +e
PYTHONPATH=scripts/schemathesis SCHEMATHESIS_HOOKS=hooks schemathesis run "$base/openapi.json" \
  --url "$base" \
  --header "X-API-Key: $KEY" \
  --checks "${SCHEMATHESIS_CHECKS:-all}" --exclude-checks "${SCHEMATHESIS_EXCLUDE_CHECKS:-positive_data_acceptance}" \
  --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" \
  --request-timeout 30 --seed "${SCHEMATHESIS_SEED:-20261121}" \
  --generation-database none --no-color \
  --report junit --report-junit-path "$work/junit.xml" 2>&1 | tee "$work/run.log"
status=${PIPESTATUS[0]}
set -e

cases=$(grep -Eo '[0-9]+ generated' "$work/run.log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
if grep -q '"level":"ERROR"' "$work/server.err"; then
  echo "server logged errors:" >&2
  grep '"level":"ERROR"' "$work/server.err" | head -20 >&2
  status=1
fi
kill -0 "$server_pid" 2>/dev/null || { echo "the server died during the run" >&2; status=1; }
echo "schemathesis: $cases cases, exit status $status"
if [ "$status" -ne 0 ]; then exit "$status"; fi
if [ "$cases" -lt "$MIN_CASES" ]; then
  echo "only $cases cases were generated (need at least $MIN_CASES)" >&2
  exit 1
fi
