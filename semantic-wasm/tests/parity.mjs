// Parity of the WebAssembly build of the semantic crate with the independent reference
// (semantic/tests/fixtures/minilm_reference.json, see its README): every fixture sentence must embed
// to cosine >= 0.999 with the same number of word pieces, and sentence-transformers' published
// similarity matrix must come out to 3 decimals. Same checks as semantic/tests/parity.rs, in Node.
//
//   node semantic-wasm/tests/parity.mjs
//
// Builds the module first with `wasm-pack build --release --target nodejs` into semantic-wasm/pkg
// (needs wasm-pack and the pinned wasm-bindgen CLI: bash scripts/wasm-tools.sh; about 4 min on one
// core from clean). Settings:
//   EA_MINILM_DIR   model directory (default models/all-minilm-l6-v2; bash scripts/fetch-minilm.sh)
//   EA_SKIP_BUILD=1 use the module already built (in semantic-wasm/pkg, or EA_SEMANTIC_PKG)
//   EA_SEMANTIC_PKG  directory of a `--target nodejs` build to test instead of semantic-wasm/pkg,
//                   e.g. js/pkg-semantic-node as scripts/build-js.sh writes it (scripts/test.sh
//                   tests that one with EA_SKIP_BUILD=1, so CI compiles the module once)
//   EA_WASM_SIMD=1  build with RUSTFLAGS="-C target-feature=+simd128". Measured on the fixture in
//                   Node 20: 454-497 word pieces/s with it, 460-502 without (no gain), so the
//                   default build has no extra flags.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const MIN_COSINE = 0.999;
const DIM = 384;
const here = path.dirname(fileURLToPath(import.meta.url));
const crate = path.resolve(here, '..');
const root = path.resolve(crate, '..');
const out = process.env.EA_SEMANTIC_PKG ? path.resolve(process.env.EA_SEMANTIC_PKG) : path.join(crate, 'pkg');

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

if (process.env.EA_SKIP_BUILD !== '1') {
  const env = { ...process.env };
  if (process.env.EA_WASM_SIMD === '1') {
    env.RUSTFLAGS = `${env.RUSTFLAGS ?? ''} -C target-feature=+simd128`.trim();
  }
  const started = Date.now();
  execFileSync('wasm-pack', ['build', '--release', '--target', 'nodejs', '--out-dir', out, crate], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  console.error(`wasm-pack build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const wasmFile = path.join(out, 'epistemic_audit_semantic_wasm_bg.wasm');
if (!existsSync(wasmFile)) fail(`${wasmFile} is missing: build it (drop EA_SKIP_BUILD)`);
const wasmBytes = readFileSync(wasmFile);
console.log(
  `module: ${(statSync(wasmFile).size / 1e6).toFixed(2)} MB raw, ` +
    `${(gzipSync(wasmBytes, { level: 9 }).length / 1e6).toFixed(2)} MB gzip -9`,
);

const mod = await import(pathToFileURL(path.join(out, 'epistemic_audit_semantic_wasm.js')).href);
const { SemanticModel } = mod.SemanticModel ? mod : mod.default;

const dir = process.env.EA_MINILM_DIR ?? path.join(root, 'models', 'all-minilm-l6-v2');
const read = (name) => {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    fail(
      `${file} is missing. The semantic tests need all-MiniLM-L6-v2: run ` +
        '`bash scripts/fetch-minilm.sh` from the repository root, or set EA_MINILM_DIR.',
    );
  }
  return readFileSync(file);
};

// Bad input is refused with a SemanticError naming it.
try {
  new SemanticModel(new Uint8Array([1, 2, 3]), read('tokenizer.json'), new Uint8Array([0]));
  fail('garbage config loaded');
} catch (e) {
  if (e.name !== 'SemanticError' || e.kind !== 'config') fail(`unexpected error for a bad config: ${e}`);
}

let t = performance.now();
const model = new SemanticModel(read('model.safetensors'), read('tokenizer.json'), read('config.json'));
console.log(`loaded in ${(performance.now() - t).toFixed(0)} ms; dim ${model.dim}`);
if (model.dim !== DIM) fail(`dim ${model.dim}`);

const cosine = (a, b) => {
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
};
const row = (m, i) => m.subarray(i * DIM, (i + 1) * DIM);

const reference = JSON.parse(
  readFileSync(path.join(root, 'semantic', 'tests', 'fixtures', 'minilm_reference.json'), 'utf8'),
);
const texts = reference.sentences.map((s) => s.text);
t = performance.now();
const got = model.embed(texts);
const ms = performance.now() - t;
const tokens = texts.reduce((n, s) => n + model.tokenCount(s), 0);
console.log(
  `embedded ${texts.length} texts (${tokens} word pieces) in ${ms.toFixed(0)} ms: ` +
    `${((tokens / ms) * 1000).toFixed(0)} word pieces/s`,
);
if (!(got instanceof Float32Array) || got.length !== texts.length * DIM) {
  fail(`embed returned ${got?.constructor?.name} of length ${got?.length}`);
}

const failures = [];
let min = [Infinity, ''];
reference.sentences.forEach((s, i) => {
  const cos = cosine(row(got, i), s.embedding);
  const n = model.tokenCount(s.text);
  if (cos < min[0]) min = [cos, s.text];
  if (!(cos >= MIN_COSINE) || n !== s.tokens) {
    failures.push(`${JSON.stringify(s.text.slice(0, 40))}: cosine ${cos}, ${n} word pieces (reference ${s.tokens})`);
  }
});
console.log(
  `minimum cosine against the reference: ${min[0].toFixed(9)} (1 - ${(1 - min[0]).toExponential(1)}; ` +
    `${JSON.stringify(min[1].slice(0, 40))})`,
);
if (failures.length) fail(failures.join('\n'));

const published = model.embed([
  'The weather is lovely today.',
  "It's so sunny outside!",
  'He drove to the stadium.',
]);
const expected = [
  [1.0, 0.666, 0.1046],
  [0.666, 1.0, 0.1411],
  [0.1046, 0.1411, 1.0],
];
for (let i = 0; i < 3; i++) {
  for (let j = 0; j < 3; j++) {
    const c = cosine(row(published, i), row(published, j));
    if (Math.abs(c - expected[i][j]) > 1e-3) fail(`similarity[${i}][${j}] = ${c}, published ${expected[i][j]}`);
  }
}
if (model.embed([]).length !== 0) fail('embed([]) is not empty');
console.log('ok: wasm parity');
