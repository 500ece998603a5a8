#!/usr/bin/env bash
# Issue 12: the npm package as a user gets it. `npm pack` builds the tarball from js/ (after
# scripts/test-js.sh or build-js.sh built js/pkg-*), a fresh project installs it with vite from the
# npm registry, and the package must work (1) from Node, (2) from a vite production build opened
# in headless Chromium, with the same height both ways; with EA_MINILM_DIR set (test.sh sets it),
# (3) its `epistemic-audit/semantic` entry must align a claim from Node.
#   bash scripts/test-npm-pack.sh        (needs js/pkg-* and js/node_modules; CHROMIUM as test-js.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
step() { printf '\n==> %s\n' "$*"; }
VITE_VERSION=6.4.6
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -f js/pkg-web/epistemic_audit_wasm_bg.wasm ] || { echo "js/pkg-web is missing: run bash scripts/build-js.sh first" >&2; exit 1; }

step "npm pack (js/)"
(cd js && npm pack --pack-destination "$work" --loglevel=warn)
tarball=$(cd "$work" && ls epistemic-audit-*.tgz)
ls -l "$work/$tarball"
tar -tzf "$work/$tarball" > "$work/contents.txt"
grep -q 'package/pkg-web/epistemic_audit_wasm_bg.wasm' "$work/contents.txt" || { echo "FAIL: the tarball lacks the web .wasm" >&2; exit 1; }
for f in pkg-semantic-web/epistemic_audit_semantic_wasm_bg.wasm pkg-semantic-node/epistemic_audit_semantic_wasm_bg.wasm src/semantic-web.js semantic.d.ts; do
  grep -q "package/$f" "$work/contents.txt" || { echo "FAIL: the tarball lacks $f (the semantic entry)" >&2; exit 1; }
done

step "a fresh project installs the tarball and vite $VITE_VERSION (npm registry)"
mkdir "$work/app"
cd "$work/app"
cat > package.json <<'JSON'
{ "name": "ea-packed-check", "version": "1.0.0", "private": true, "type": "module" }
JSON
npm install --no-audit --no-fund --loglevel=error "$work/$tarball" "vite@$VITE_VERSION"

step "Node: import { audit } from 'epistemic-audit'"
cat > request.json <<'JSON'
{ "text": "Canberra is the capital of Australia.", "context": "Canberra is the capital city of Australia. Sydney is its largest city.", "prompt": "What is the capital of Australia?" }
JSON
node_height=$(node --input-type=module -e "
import { readFileSync } from 'node:fs';
import { audit } from 'epistemic-audit';
const r = audit(JSON.parse(readFileSync('request.json', 'utf8')));
if (r.metadata.context_role !== 'source' || !(r.height >= 0 && r.height <= 1) || r.metadata.claims.length !== 1) { console.error(JSON.stringify(r)); process.exit(1); }
console.log(r.height);
")
echo "Node height $node_height"

if [ -n "${EA_MINILM_DIR:-}" ]; then
  step "Node: epistemic-audit/semantic from the tarball (all-MiniLM-L6-v2 from EA_MINILM_DIR)"
  node --input-type=module -e "
import { readFileSync } from 'node:fs';
import { audit } from 'epistemic-audit';
import { loadSemantic } from 'epistemic-audit/semantic';
const d = process.env.EA_MINILM_DIR;
const semantic = await loadSemantic({ weights: d + '/model.safetensors', tokenizer: d + '/tokenizer.json', config: d + '/config.json' });
const s = audit(JSON.parse(readFileSync('request.json', 'utf8')), { semantic }).metadata.semantic;
if (!s.ran || s.claims.length !== 1 || !s.claims[0].source.text.startsWith('Canberra')) { console.error(JSON.stringify(s)); process.exit(1); }
console.log('semantic: aligned to', JSON.stringify(s.claims[0].source.text), 'cosine', s.claims[0].cosine);
"
else
  echo "(EA_MINILM_DIR unset: the semantic entry from the tarball is not exercised; scripts/test.sh sets it)"
fi

step "vite build of a page that imports epistemic-audit/web"
cat > index.html <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>packed epistemic-audit</title></head>
<body><script type="module" src="/main.js"></script></body></html>
HTML
cat > main.js <<'JS'
import { init, audit } from 'epistemic-audit/web';
import request from './request.json';

// No top-level await: vite's default build target predates it.
init().then(() => {
  const r = audit(request);
  document.body.dataset.height = String(r.height);
  document.body.dataset.verdict = r.verdict;
  document.body.textContent = `${r.verdict} ${r.height}`;
  document.body.dataset.ready = 'true';
}).catch((e) => {
  document.body.textContent = String(e);
  document.body.dataset.ready = 'false';
});
JS
npx --no-install vite build --logLevel warn
ls dist/assets > "$work/assets.txt"
cat "$work/assets.txt"
grep -q '\.wasm$' "$work/assets.txt" || { echo "FAIL: vite emitted no .wasm asset" >&2; exit 1; }

step "the vite build in headless Chromium gives the Node height"
node "$root/js/tests/packed/vite.browser.mjs" "$work/app/dist" "$node_height"

step "npm pack checks passed"
