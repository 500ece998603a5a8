#!/usr/bin/env bash
# Peak memory of `epistemic-audit serve` with the semantic model loaded (README "Semantic tier in
# the service"): starts the release binary with SEMANTIC_MODEL_DIR under /usr/bin/time -v, sends
# 20 audits of one ~500-character answer against one ~2 000-character context (the first cold, the
# rest cached), a batch of 100 items with 100 different contexts and a comparison, prints each
# request's status and wall time, then the server's VmHWM (peak RSS) and time's maximum RSS.
#
#   cargo build --release -p epistemic-audit-server && bash scripts/semantic-rss.sh
#
# BIN overrides the binary (default target/release/epistemic-audit, or $CARGO_TARGET_DIR/release).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
BIN=${BIN:-${CARGO_TARGET_DIR:-$root/target}/release/epistemic-audit}
[ -x "$BIN" ] || { echo "no binary at $BIN: cargo build --release -p epistemic-audit-server" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
dir=$(bash "$root/scripts/fetch-minilm.sh" | tail -n 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

/usr/bin/time -v -o "$tmp/time.txt" env SEMANTIC_MODEL_DIR="$dir" FEEDBACK_DB_PATH="$tmp/f.sqlite3" \
  LOG_LEVEL=warn "$BIN" serve --port 0 --port-file "$tmp/port" >/dev/null &
tpid=$!
for _ in $(seq 1 150); do [ -s "$tmp/port" ] && break; sleep 0.2; done
[ -s "$tmp/port" ] || { echo "the server did not start" >&2; exit 1; }
port=$(cat "$tmp/port")
spid=$(pgrep -P "$tpid")
url="http://127.0.0.1:$port"

python3 - "$tmp" <<'EOF'
import json, sys
tmp = sys.argv[1]
s = ("The Amazon River in South America is the largest river by discharge volume of water in the world. "
     "It is the disputed longest river system in the world in comparison to the Nile. "
     "The Amazon basin is the largest drainage basin in the world. At no point is the Amazon crossed "
     "by bridges. In the wet season it can be more than 40 kilometres wide. ")
ctx = (s * 6)[:2000]
text = ("No other river carries as much water as the Amazon. Its basin is the largest on Earth. "
        "No bridge crosses it. In the rainy season it widens to over forty kilometres. "
        "The Nile may be longer, but the Amazon's flow is unmatched. ") * 2
one = {"text": text[:500], "context": ctx}
json.dump(one, open(f"{tmp}/audit.json", "w"))
items = [{"text": one["text"], "context": ctx.replace("Amazon", f"Amazon {i}")} for i in range(100)]
json.dump({"items": items}, open(f"{tmp}/batch.json", "w"))
json.dump({"prompt": "What is the capital of Australia?", "responses": [
    {"model": "a", "text": "Canberra is the capital of Australia."},
    {"model": "b", "text": "Sydney is the capital."},
    {"model": "c", "text": "The capital is Canberra."}]}, open(f"{tmp}/compare.json", "w"))
EOF
post() { curl -s -o /dev/null -w "$1: %{http_code} %{time_total}s\n" -H 'content-type: application/json' \
  --data-binary "@$tmp/$2" "$url$3"; }
for i in $(seq 1 20); do post "audit $i" audit.json /v1/audit; done | sed -n '1p;2p;20p'
post "batch of 100 items, 100 contexts" batch.json /v1/batch
post "compare of 3 answers" compare.json /v1/compare
grep -E "VmHWM|VmRSS" "/proc/$spid/status"
kill -TERM "$spid"
wait "$tpid" || true
grep -E "Maximum resident" "$tmp/time.txt"
