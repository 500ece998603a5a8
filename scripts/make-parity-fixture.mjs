#!/usr/bin/env node
// Writes tests/fixtures/parity.jsonl: the shared rows on which the WebAssembly build must equal
// the native core (js/tests/parity.test.mjs). Deterministic: from each HaluEval dev file of
// ../shared/data, the 12 rows with the smallest FNV-1a 64-bit hash of their `id` among those within
// the service's limits (text 1..10000, prompt and context ≤ 5000 characters), plus a few
// hand-written edge cases. TriviaQA rows carry no answer text and are not used.
//   node scripts/make-parity-fixture.mjs [DATA_DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.argv[2] ?? join(root, '..', 'shared', 'data');
const FILES = ['halueval-dialogue', 'halueval-general', 'halueval-qa', 'halueval-summarization'];
const PER_FILE = 12;

function fnv1a64(s) {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(s)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}
const chars = (s) => (s == null ? 0 : [...s].length);
const fits = (r) =>
  typeof r.text === 'string' && chars(r.text) >= 1 && chars(r.text) <= 10000 &&
  chars(r.prompt) <= 5000 && chars(r.context) <= 5000;

const rows = [];
for (const f of FILES) {
  const lines = readFileSync(join(dataDir, `${f}.dev.jsonl`), 'utf8').split('\n').filter((l) => l.trim());
  const picked = lines
    .map((l) => JSON.parse(l))
    .filter(fits)
    .map((r) => ({ r, h: fnv1a64(String(r.id)) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
    .slice(0, PER_FILE);
  for (const { r } of picked) {
    const row = { id: r.id, text: r.text };
    if (r.prompt != null) row.prompt = r.prompt;
    if (r.context != null) row.context = r.context;
    rows.push(row);
  }
}
rows.push(
  { id: 'edge-text-only', text: 'Paris is the capital of France.' },
  { id: 'edge-unicode', text: 'Der Eiffelturm wurde 1889 fertiggestellt — 東京タワーは1958年に完成しました 🗼.', prompt: 'Wann wurde der Eiffelturm gebaut?', model_source: 'edge-model' },
  { id: 'edge-blank-context', text: 'I am not sure, but it might be around 42.', prompt: 'How many?', context: '   ' },
  { id: 'edge-one-char', text: 'x' },
);
writeFileSync(join(root, 'tests', 'fixtures', 'parity.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.error(`wrote ${rows.length} rows to tests/fixtures/parity.jsonl`);
