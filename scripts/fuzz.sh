#!/usr/bin/env bash
# cargo-fuzz targets of fuzz/ (issue 6 "Fuzzing"): request parsing and the core scorer must not
# panic on any input. Installs cargo-fuzz if missing; the stable toolchain accepts cargo-fuzz's
# sanitizer flags with RUSTC_BOOTSTRAP=1 (no nightly is needed). Each target starts from the
# committed seeds (fuzz/seeds/TARGET) plus whatever an earlier run found (fuzz/corpus/TARGET,
# not committed) and runs FUZZ_SECONDS; a crash fails the script and leaves the input in
# fuzz/artifacts/TARGET/ (replay: RUSTC_BOOTSTRAP=1 cargo fuzz run -O -s none TARGET FILE, in fuzz/).
# No sanitizer (`-s none`): the property fuzzed is "no panic, every probability in [0, 1]", and the
# code under test has no unsafe block to corrupt memory (core/src/lib.rs: #![forbid(unsafe_code)]).
# AddressSanitizer instruments every build and every execution for that (README "Fuzzing" has
# the rates with and without it); `FUZZ_SANITIZER=address bash scripts/fuzz.sh` turns it back on.
#   bash scripts/fuzz.sh                    60 s per target
#   FUZZ_SECONDS=30 bash scripts/fuzz.sh    (scripts/test.sh, CI)
#   bash scripts/fuzz.sh scorer             one target
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(request_parsing scorer)

if ! command -v cargo-fuzz >/dev/null; then
  cargo install cargo-fuzz --locked
fi
export RUSTC_BOOTSTRAP=1
# Its own target directory: the sanitizer flags would otherwise rebuild the project's artefacts.
export CARGO_TARGET_DIR=${FUZZ_TARGET_DIR:-$PWD/target}

for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  log=$(mktemp)
  echo "==> fuzzing $t for ${SECONDS_PER_TARGET} s"
  if ! cargo fuzz run -O -s "${FUZZ_SANITIZER:-none}" "$t" "corpus/$t" "seeds/$t" -- \
      -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -max_len=65536 >"$log" 2>&1; then
    tail -60 "$log" >&2
    echo "FAIL: fuzz target $t crashed (input saved under fuzz/artifacts/$t/)" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  echo "$t: $runs executions in ${SECONDS_PER_TARGET} s ($rate/s), no crash, peak RSS ${rss} MB"
  rm -f "$log"
done
