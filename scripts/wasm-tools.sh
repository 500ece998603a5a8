#!/usr/bin/env bash
# Installs what building the npm package needs and a fresh machine lacks, saying what it does and
# about how long it takes (2 cores, ENVIRONMENT.md):
#   * the wasm32-unknown-unknown target (rustup; seconds);
#   * the wasm-bindgen CLI at the version pinned in wasm/Cargo.toml (cargo install; ~3.5 min);
#   * wasm-pack (cargo install; ~3 min).
# Nothing is downloaded from outside crates.io / the Rust toolchain server; tools already
# installed (at the pinned version) are kept. Called by scripts/build-js.sh and scripts/test-js.sh.
#   bash scripts/wasm-tools.sh
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '==> %s\n' "$*" >&2; }
# crates.io installs: --locked first (the tool's own lock file); fall back to a fresh resolution
# when a locked version is missing from the registry (seen with a partial crates.io mirror).
cargo_install() { cargo install --locked "$@" || cargo install "$@"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the Rust target wasm32-unknown-unknown (rustup, a few seconds)"
  rustup target add wasm32-unknown-unknown
fi

bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' wasm/Cargo.toml)
[ -n "$bindgen_version" ] || { echo "wasm/Cargo.toml must pin wasm-bindgen to an exact version (\"=x.y.z\")" >&2; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (pinned in wasm/Cargo.toml) with cargo install: compiles from crates.io, about 3.5 min on 2 cores"
  started=$SECONDS
  cargo_install wasm-bindgen-cli --version "$bindgen_version"
  say "wasm-bindgen-cli installed in $((SECONDS - started)) s"
fi
if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack with cargo install: compiles from crates.io, about 3 min on 2 cores"
  started=$SECONDS
  cargo_install wasm-pack
  say "wasm-pack installed in $((SECONDS - started)) s"
fi
say "$(wasm-bindgen --version), $(wasm-pack --version)"
