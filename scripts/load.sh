#!/usr/bin/env bash
# Load test of the HTTP service (issue 6; README "Performance and limits"). On demand, not in CI:
#   bash scripts/load.sh                   10 s per run, 32 connections, 1 wrk thread
#   LOAD_SECONDS=20 LOAD_CONNECTIONS=64 bash scripts/load.sh
#
# Builds the release binary and the no-op reference (server/examples/noop.rs: the same hyper 1.x /
# tokio set-up answering a fixed 200), starts both on free loopback ports and drives them with wrk
# (Debian package; installed if missing). Rate limiting stays ON: wrk connects from 127.0.0.1 (a
# trusted proxy by default) and spreads requests over 131 072 X-Forwarded-For addresses
# (scripts/load/wrk.lua), so no client reaches its quota.
#
# Runs, each LOAD_SECONDS long, against each target:
#   GET /health, POST /v1/audit (intrinsic, 500-character text), POST /v1/batch (100 such items)
#   1. peak: as fast as LOAD_CONNECTIONS closed-loop connections go;
#   2. (service only) fixed rate at 80 % of that peak: wrk has no fixed-rate mode, so each
#      connection waits LOAD_CONNECTIONS / rate seconds between its requests (wrk's delay() hook).
#      Latency is measured from each request's send (not corrected for coordinated omission; at
#      80 % load the queue is short);
#   3. limiter churn: POST /v1/audit with `{}` (authenticated, rate-limited, then 422) from
#      a new address each time, > 100 000 distinct keys: the limiter's key count
#      (/metrics epistemic_audit_rate_limiter_keys, capped by RATE_LIMIT_MAX_KEYS) and the RSS.
# CPU µs/req is the target's own CPU time (utime + stime) during the run divided by its requests:
# unlike req/s it does not depend on what else runs on the machine.
# Peak RSS is VmHWM from /proc, reset before each run (clear_refs), so it is that run's peak.
# Prints one table and the targets (audit ≥ 50 % of no-op, p99 ≤ 5 ms at 80 %, RSS ≤ 64 MB).
set -euo pipefail
cd "$(dirname "$0")/.."

DUR=${LOAD_SECONDS:-10}
CONNS=${LOAD_CONNECTIONS:-32}
THREADS=${LOAD_THREADS:-1}
KEY=load-test-key
IPS=131072

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)" >&2
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi

echo "building release binary and the no-op reference..." >&2
cargo build --locked --release -q -p epistemic-audit-server --bin epistemic-audit --example noop
target_dir=${CARGO_TARGET_DIR:-target}
BIN=$target_dir/release/epistemic-audit
NOOP=$target_dir/release/examples/noop

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
base = ("The Eiffel Tower was completed in 1889 for the World's Fair in Paris and is about "
        "330 metres tall. It was designed by the engineering company of Gustave Eiffel, and "
        "for forty years it was the tallest man-made structure in the world. ")
def text(i):
    t = f"Answer {i}: " + base * 4
    return t[:500]
assert len(text(0)) == 500
json.dump({"text": text(0), "prompt": "Tell me about the Eiffel Tower."}, open(f"{work}/audit.json", "w"))
json.dump({"items": [{"text": text(i), "prompt": "Tell me about the Eiffel Tower."} for i in range(100)]},
          open(f"{work}/batch.json", "w"))
open(f"{work}/empty.json", "w").write("{}")
PY

# Starts "$@" in the background, waits for its "listening on ADDR" line; sets PORT and PID.
start() {
  local out=$1; shift
  "$@" >"$out" 2>"$out.err" &
  PID=$!
  pids+=("$PID")
  for _ in $(seq 1 600); do
    if grep -q '^listening on ' "$out"; then
      PORT=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$out" | head -1)
      return 0
    fi
    kill -0 "$PID" 2>/dev/null || { cat "$out.err" >&2; echo "process exited" >&2; exit 1; }
    sleep 0.1
  done
  echo "no 'listening on' line from $*" >&2; exit 1
}

start "$work/noop.out" "$NOOP" 0
NOOP_PID=$PID NOOP_PORT=$PORT
start "$work/server.out" env -i PATH="$PATH" AG_API_KEY_SECRET=$KEY \
  FEEDBACK_DB_PATH="$work/feedback.sqlite3" "$BIN" serve --host 127.0.0.1 --port 0
SERVER_PID=$PID SERVER_PORT=$PORT

hwm_mb() { awk '/^VmHWM/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
rss_mb() { awk '/^VmRSS/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
# utime + stime of a process, clock ticks (/proc/PID/stat fields 14 and 15).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
HZ=$(getconf CLK_TCK)
reset_hwm() { echo 5 >"/proc/$1/clear_refs" 2>/dev/null || true; }

# run NAME PID PORT METHOD PATH BODYFILE RATE -> appends a row to $work/rows, sets RPS
run() {
  local name=$1 pid=$2 port=$3 method=$4 path=$5 body=$6 rate=$7
  reset_hwm "$pid"
  local cpu0; cpu0=$(cpu_ticks "$pid")
  local out
  out=$(LOAD_METHOD=$method LOAD_BODY=$body LOAD_KEY=$KEY LOAD_IPS=$IPS LOAD_RATE=$rate \
    LOAD_CONNS=$CONNS wrk -t"$THREADS" -c"$CONNS" -d"${DUR}s" --timeout 10s \
    -s scripts/load/wrk.lua "http://127.0.0.1:$port$path" 2>&1)
  local cpu1; cpu1=$(cpu_ticks "$pid")
  local line
  line=$(grep '^RESULT ' <<<"$out") || { echo "$out" >&2; exit 1; }
  local -A r
  for kv in ${line#RESULT }; do r[${kv%%=*}]=${kv#*=}; done
  RPS=$(awk -v n="${r[requests]}" -v d="${r[duration_us]}" 'BEGIN {printf "%.0f", n / (d / 1e6)}')
  local mode="peak"
  [ "$rate" != 0 ] && mode="fixed $rate/s"
  local cpu_us
  cpu_us=$(awk -v t=$((cpu1 - cpu0)) -v hz="$HZ" -v n="${r[requests]}" 'BEGIN {printf "%.0f", t / hz * 1e6 / n}')
  CPU_US=$cpu_us
  printf '| %s | %s %s | %s | %s | %.2f | %.2f | %s | %s | %s |\n' "$name" "$method" "$path" "$mode" \
    "$RPS" "$(bc -l <<<"${r[p50_us]}/1000")" "$(bc -l <<<"${r[p99_us]}/1000")" "$cpu_us" \
    "$((r[non2xx] + r[socket_errors]))" "$(hwm_mb "$pid")" | tee -a "$work/rows" >&2
  if [ "$pid" = "$SERVER_PID" ] && [ "$name" != "limiter churn" ]; then
    local k; k=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
    [ "$k" -gt "$MAX_HWM_KB" ] && MAX_HWM_KB=$k
  fi
  if [ "$name" != "limiter churn" ] && [ $((r[non2xx] + r[socket_errors])) -ne 0 ]; then
    echo "unexpected non-2xx responses or socket errors in $name $path: the set-up is wrong" >&2
    exit 1
  fi
}

command -v bc >/dev/null || { apt-get install -y -qq bc >/dev/null; }
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)" >&2
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (other processes on the machine distort req/s and latency, not CPU µs/req)" >&2
echo "wrk: $THREADS thread(s), $CONNS connections, $DUR s per run; service pid $SERVER_PID, no-op pid $NOOP_PID" >&2
echo '| target | request | load | req/s | p50 ms | p99 ms | CPU µs/req | non-2xx | peak RSS MB |' | tee "$work/rows" >&2
echo '|---|---|---|---:|---:|---:|---:|---:|---:|' | tee -a "$work/rows" >&2

# Warm-up (first-touch of pages, connection set-up), not reported.
LOAD_METHOD=POST LOAD_BODY=$work/audit.json LOAD_KEY=$KEY LOAD_IPS=$IPS \
  wrk -t1 -c"$CONNS" -d2s -s scripts/load/wrk.lua "http://127.0.0.1:$SERVER_PORT/v1/audit" >/dev/null

declare -A NOOP_RPS PEAK_RPS P99_80 NOOP_CPU PEAK_CPU
MAX_HWM_KB=0
for ep in "GET /health -" "POST /v1/audit $work/audit.json" "POST /v1/batch $work/batch.json"; do
  read -r method path body <<<"$ep"
  [ "$body" = - ] && body=""
  run "no-op" "$NOOP_PID" "$NOOP_PORT" "$method" "$path" "$body" 0
  NOOP_RPS[$path]=$RPS NOOP_CPU[$path]=$CPU_US
  run "service" "$SERVER_PID" "$SERVER_PORT" "$method" "$path" "$body" 0
  PEAK_RPS[$path]=$RPS PEAK_CPU[$path]=$CPU_US
done
for ep in "GET /health -" "POST /v1/audit $work/audit.json" "POST /v1/batch $work/batch.json"; do
  read -r method path body <<<"$ep"
  [ "$body" = - ] && body=""
  rate=$(( PEAK_RPS[$path] * 8 / 10 ))
  [ "$rate" -lt 1 ] && rate=1
  run "service" "$SERVER_PID" "$SERVER_PORT" "$method" "$path" "$body" "$rate"
  P99_80[$path]=$(tail -1 "$work/rows" | awk -F'|' '{gsub(/ /, "", $7); print $7}')
done
overall_hwm=$MAX_HWM_KB

# Limiter churn: a fresh address per request until the key cap is passed.
run "limiter churn" "$SERVER_PID" "$SERVER_PORT" POST /v1/audit "$work/empty.json" 0
keys=$(curl -s "http://127.0.0.1:$SERVER_PORT/metrics" | awk '/^epistemic_audit_rate_limiter_keys / {print $2}')
churn_rss=$(hwm_mb "$SERVER_PID")

echo >&2
echo "summary" >&2
cat "$work/rows"
ratio=$(awk -v a="${PEAK_RPS[/v1/audit]}" -v b="${NOOP_RPS[/v1/audit]}" 'BEGIN {printf "%.1f", 100 * a / b}')
verdict() { if awk "BEGIN {exit !($1)}"; then echo met; else echo "NOT met"; fi; }
echo
echo "POST /v1/audit throughput: ${PEAK_RPS[/v1/audit]} req/s = ${ratio} % of the no-op ceiling (${NOOP_RPS[/v1/audit]} req/s); target ≥ 50 %: $(verdict "$ratio >= 50")"
echo "CPU per request: /v1/audit ${PEAK_CPU[/v1/audit]} µs in the service vs ${NOOP_CPU[/v1/audit]} µs in the no-op; /health ${PEAK_CPU[/health]} vs ${NOOP_CPU[/health]} µs; /v1/batch ${PEAK_CPU[/v1/batch]} vs ${NOOP_CPU[/v1/batch]} µs"
echo "  (the 500-character audit itself, open kind, is measured alone by cargo bench -p epistemic-audit-core --bench core -- audit/open/500, README \"Performance (core benchmarks)\"; $(nproc) cores are shared with wrk)"
echo "p99 at 80 % of peak: /health ${P99_80[/health]} ms, /v1/audit ${P99_80[/v1/audit]} ms, /v1/batch ${P99_80[/v1/batch]} ms; target ≤ 5 ms (audit): $(verdict "${P99_80[/v1/audit]} <= 5")"
echo "service peak RSS over the measured runs: $(awk -v k="$overall_hwm" 'BEGIN {printf "%.1f", k/1024}') MB (VmHWM); target ≤ 64 MB: $(verdict "$overall_hwm <= 65536")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "limiter after churn: $keys keys tracked (cap RATE_LIMIT_MAX_KEYS = 100000), peak RSS during the churn $churn_rss MB"
