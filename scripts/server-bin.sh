#!/usr/bin/env bash
# Prints the path of the release `epistemic-audit` binary for the scripts that run it (test-js.sh,
# test-browser-docs.sh): EPISTEMIC_AUDIT_BIN when it names an executable (scripts/test.sh passes
# the one its `cargo test --workspace --release` built; a `cargo build -p` resolves features
# without the other workspace members and would rebuild the server, ~2.5 min on 2 cores), else
# one built here with `cargo build --release -p epistemic-audit-server`.
#   bin=$(bash scripts/server-bin.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${EPISTEMIC_AUDIT_BIN:-}" ] && [ -x "$EPISTEMIC_AUDIT_BIN" ]; then
  echo "$EPISTEMIC_AUDIT_BIN"
  exit 0
fi
cargo build --locked --release -q -p epistemic-audit-server --bin epistemic-audit >&2
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target="$(pwd)/$target" ;; esac
echo "$target/release/epistemic-audit"
