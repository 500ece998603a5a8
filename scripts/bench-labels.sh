#!/usr/bin/env bash
# Acknowledged labels per second on PostgreSQL, one instance and two (issue 15; README "Running
# several instances"). On demand, not in CI:
#   bash scripts/bench-labels.sh              10 s per run, 16 connections per instance
#   BENCH_SECONDS=20 BENCH_CONNECTIONS=32 bash scripts/bench-labels.sh
#
# Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and wrk
# (Debian package; installed if missing). Each run uses a fresh schema (dropped afterwards) and
# builds nothing but the release binary. POST /v1/calibrate with a label, from 131 072
# X-Forwarded-For addresses (scripts/load/wrk.lua), so the per-IP limit (100/min) is never the
# bottleneck. A label counts when the server answered 200 (it is then committed with
# synchronous_commit = on); the script checks the database holds at least that many rows.
# Two instances: two wrk processes at once, one per instance, on the same schema.
set -euo pipefail
cd "$(dirname "$0")/.."

DUR=${BENCH_SECONDS:-10}
CONNS=${BENCH_CONNECTIONS:-16}
DB=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
KEY=bench-labels-key

command -v psql >/dev/null || { echo "psql is required (PostgreSQL client)" >&2; exit 1; }
psql "$DB" -qAtc 'SELECT 1' >/dev/null || { echo "PostgreSQL not reachable at $DB" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)" >&2
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
echo "building the release binary..." >&2
cargo build --locked --release -q -p epistemic-audit-server --bin epistemic-audit
BIN=${CARGO_TARGET_DIR:-target}/release/epistemic-audit

work=$(mktemp -d)
pids=()
schemas=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for s in "${schemas[@]}"; do psql "$DB" -qAtc "DROP SCHEMA IF EXISTS $s CASCADE" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/label.json" <<'JSON'
{"text": "The Eiffel Tower was completed in 1889 and is about 330 metres tall.", "prompt": "When was the Eiffel Tower completed?", "model_source": "bench-model", "ground_truth": 1}
JSON

start() { # schema portfile -> pid
  DATABASE_URL=$DB DATABASE_SCHEMA=$1 AG_API_KEY_SECRET=$KEY FEEDBACK_DB_PATH=$work/unused.sqlite3 \
    "$BIN" serve --host 127.0.0.1 --port 0 --port-file "$2" >"$work/$(basename "$2").log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 200); do [ -s "$2" ] && return 0; sleep 0.05; done
  echo "server did not start; log:" >&2; cat "$work/$(basename "$2").log" >&2; exit 1
}

drive() { # port -> "requests non2xx"
  local out line
  out=$(LOAD_METHOD=POST LOAD_BODY=$work/label.json LOAD_KEY=$KEY LOAD_IPS=131072 \
    wrk -t1 -c"$CONNS" -d"${DUR}s" --timeout 10s -s scripts/load/wrk.lua "http://127.0.0.1:$1/v1/calibrate")
  line=$(grep '^RESULT ' <<<"$out") || { echo "$out" >&2; exit 1; }
  declare -A r
  for kv in ${line#RESULT }; do r[${kv%%=*}]=${kv#*=}; done
  echo "$(( r[requests] - r[non2xx] )) ${r[p99_us]}"
}

run() { # instances
  local n=$1 schema="ea_bench_$$_$1" ports=() acked=0 p99=0
  schemas+=("$schema")
  for i in $(seq 1 "$n"); do
    start "$schema" "$work/port-$n-$i"
    ports+=("$(cat "$work/port-$n-$i")")
  done
  local drivers=()
  for i in $(seq 1 "$n"); do
    drive "${ports[$((i - 1))]}" >"$work/res-$n-$i" &
    drivers+=($!)
  done
  wait "${drivers[@]}"
  for i in $(seq 1 "$n"); do
    read -r a q <"$work/res-$n-$i"
    acked=$((acked + a)); [ "$q" -gt "$p99" ] && p99=$q
  done
  local stored
  stored=$(psql "$DB" -qAtc "SELECT COUNT(*) FROM $schema.feedback")
  [ "$stored" -ge "$acked" ] || { echo "FAIL: $acked acknowledged but $stored stored" >&2; exit 1; }
  awk -v n="$n" -v a="$acked" -v s="$stored" -v d="$DUR" -v q="$p99" \
    'BEGIN { printf "| %d | %d | %d | %.0f | %.1f |\n", n, a, s, a / d, q / 1000 }'
}

echo "| instances | labels acknowledged (200) | rows stored | labels/s | worst p99 ms |"
echo "|---:|---:|---:|---:|---:|"
run 1
run 2
