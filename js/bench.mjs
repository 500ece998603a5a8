#!/usr/bin/env node
// Size and speed of the WebAssembly build (js/README.md "Size and speed").
//   node bench.mjs [SECONDS_PER_CASE]      (default 3)
// Reports the .wasm size (raw, gzip -9, brotli) of each build, the module's instantiation time, and
// audits per second in Node for 500-character answers (texts cut from the parity fixture's answers,
// deterministic): text only, with a 500-character context and prompt, and via batch(100).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.argv[2] ?? 3);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
for (const target of ['web', 'node', 'bundler']) {
  const f = here(`pkg-${target}/epistemic_audit_wasm_bg.wasm`);
  const bytes = readFileSync(f);
  const gz = gzipSync(bytes, { level: 9 }).length;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`wasm size (${target}): ${statSync(f).size} bytes raw, ${gz} gzip -9, ${br} brotli`);
}

let t0 = performance.now();
const ea = await import('epistemic-audit');
ea.version(); // builds the embedded scorer (decodes the model)
console.log(`import + first call: ${(performance.now() - t0).toFixed(1)} ms`);
t0 = performance.now();
await WebAssembly.compile(readFileSync(here('pkg-node/epistemic_audit_wasm_bg.wasm')));
console.log(`WebAssembly.compile alone: ${(performance.now() - t0).toFixed(1)} ms`);

// 500-character texts: the fixture's answers joined, cut at 64 different offsets.
const fixture = readFileSync(here('../tests/fixtures/parity.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const corpus = [...fixture.map((r) => r.text).join(' ').replace(/\s+/g, ' ')];
const cut = (i, n = 500) => corpus.slice((i * 997) % (corpus.length - n), ((i * 997) % (corpus.length - n)) + n).join('');
const texts = Array.from({ length: 64 }, (_, i) => cut(i));
if (!texts.every((t) => [...t].length === 500)) throw new Error('texts are not 500 characters');

function rate(name, fn, perCall = 1) {
  for (let i = 0; i < 50; i++) fn(i); // warm-up
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) fn(n++);
  const ms = performance.now() - start;
  const perSec = (n * perCall * 1000) / ms;
  console.log(`${name}: ${perSec.toFixed(0)} audits/s (${((1000 * ms) / (n * perCall)).toFixed(1)} µs per audit, ${n * perCall} audits)`);
}

rate('audit, 500-char text only', (i) => ea.audit({ text: texts[i % 64] }));
rate('audit, 500-char text + 500-char context + prompt', (i) =>
  ea.audit({ text: texts[i % 64], context: texts[(i + 7) % 64], prompt: 'What does the document say about this?' }));
const items = Array.from({ length: 100 }, (_, i) => ({ text: texts[i % 64] }));
rate('batch of 100, 500-char texts', () => ea.batch(items), 100);
