#!/usr/bin/env bash
# Builds the npm package's three WebAssembly builds from wasm/ with wasm-pack:
#   js/pkg-web (browsers: `init()` fetches the .wasm), js/pkg-node (Node: loads it synchronously),
#   js/pkg-bundler (bundlers / runtimes that import .wasm as an ES module),
# and the same three of the semantic tier's module from semantic-wasm/ (js/pkg-semantic-web,
# -node, -bundler; all-MiniLM-L6-v2 with candle, loaded only through `epistemic-audit/semantic`).
# Each crate is compiled once; the three targets differ only in wasm-bindgen's glue.
# wasm-opt is off (wasm/Cargo.toml, ENVIRONMENT.md); `--mode no-install` makes wasm-pack use the
# wasm-bindgen CLI on PATH instead of downloading. What is missing (the wasm32 target, the pinned
# wasm-bindgen CLI, wasm-pack) is installed first by scripts/wasm-tools.sh, which says what it
# installs and how long it takes (about 7 min on a fresh 2-core machine, once).
#   bash scripts/build-js.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/wasm-tools.sh
profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev
# One codegen unit and fat LTO for the intrinsic module only (the workspace's release profile keeps
# 4 units and thin LTO for build time, and so does the semantic module, whose time is candle's
# matrix products): about 6 % more audits/s in Node (js/README).
for target in web nodejs bundler; do
  out=${target/nodejs/node}
  echo "==> wasm-pack build --target $target -> js/pkg-$out"
  CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    wasm-pack --quiet build wasm "$profile" --mode no-install --target "$target" --out-dir "../js/pkg-$out" --out-name epistemic_audit_wasm
done
for target in web nodejs bundler; do
  out=${target/nodejs/node}
  echo "==> wasm-pack build semantic-wasm --target $target -> js/pkg-semantic-$out"
  wasm-pack --quiet build semantic-wasm "$profile" --mode no-install --target "$target" --out-dir "../js/pkg-semantic-$out" --out-name epistemic_audit_semantic_wasm
done
ls -l js/pkg-*/epistemic_audit_wasm_bg.wasm js/pkg-semantic-*/epistemic_audit_semantic_wasm_bg.wasm
