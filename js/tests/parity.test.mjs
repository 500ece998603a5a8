// Parity: for every row of the shared fixture (../tests/fixtures/parity.jsonl, written by
// scripts/make-parity-fixture.mjs) the WebAssembly results (node and web builds) equal the native
// core's, as printed by the Rust CLI (`epistemic-audit audit --input FILE`, JSON lines).
//
// Native results come from, in order: $EPISTEMIC_AUDIT_NATIVE (a JSONL file of CLI output),
// $EPISTEMIC_AUDIT_BIN (the built binary), or `cargo run --release -p epistemic-audit-server`
// from the repository root. Only `mode` may differ ("managed" natively, "local" in wasm); every
// other member — all numbers, verdict, explanation, metadata — must match: numbers within 1e-12
// absolute, strings and counts exactly. The test also reports how many numbers were bit-for-bit equal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadNode, loadWeb } from './entries.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../../tests/fixtures/parity.jsonl', import.meta.url));
const TOLERANCE = 1e-12;

function nativeResults() {
  if (process.env.EPISTEMIC_AUDIT_NATIVE) return readFileSync(process.env.EPISTEMIC_AUDIT_NATIVE, 'utf8');
  const opts = { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] };
  if (process.env.EPISTEMIC_AUDIT_BIN) return execFileSync(process.env.EPISTEMIC_AUDIT_BIN, ['audit', '--input', fixture], opts);
  return execFileSync('cargo', ['run', '--release', '-q', '-p', 'epistemic-audit-server', '--', 'audit', '--input', fixture], opts);
}

const rows = readFileSync(fixture, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const native = nativeResults().split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

/** Walks two JSON values; collects differences; counts numbers compared and bit-identical ones. */
function compare(a, b, path, stats, diffs) {
  if (typeof a === 'number' && typeof b === 'number') {
    stats.numbers++;
    if (Object.is(a, b)) stats.identical++;
    else {
      const d = Math.abs(a - b);
      stats.maxAbs = Math.max(stats.maxAbs, d);
      if (!(d <= TOLERANCE)) diffs.push(`${path}: ${a} vs ${b}`);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return diffs.push(`${path}: length ${a.length} vs ${b.length}`);
    a.forEach((x, i) => compare(x, b[i], `${path}[${i}]`, stats, diffs));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      if (path === '' && k === 'mode') continue;
      if (!(k in a) || !(k in b)) diffs.push(`${path}.${k}: present on one side only`);
      else compare(a[k], b[k], `${path}.${k}`, stats, diffs);
    }
    return;
  }
  if (a !== b) diffs.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

for (const [name, load] of [['node', loadNode], ['web', loadWeb]]) {
  test(`parity of the ${name} build with the native CLI on ${rows.length} fixture rows`, async () => {
    const ea = await load();
    assert.equal(native.length, rows.length, 'one native result per fixture row');
    assert.ok(rows.length >= 50);
    const stats = { numbers: 0, identical: 0, maxAbs: 0 };
    const diffs = [];
    rows.forEach((row, i) => {
      const { id, ...request } = row;
      const wasm = ea.audit(request);
      assert.equal(native[i].mode, 'managed');
      assert.equal(wasm.mode, 'local');
      compare(wasm, native[i], '', stats, diffs);
      if (diffs.length) assert.fail(`row ${i} (${id}) differs:\n${diffs.join('\n')}`);
    });
    const verdicts = new Set(native.map((r) => r.verdict));
    assert.ok(verdicts.size >= 2, `the fixture exercises several verdicts: ${[...verdicts]}`);
    console.log(`# parity ${name}: ${rows.length} rows, ${stats.numbers} numbers, ${stats.identical} bit-for-bit identical, max |diff| ${stats.maxAbs}`);
  });
}

test('batch of the fixture equals the per-row audits (and so the native results)', async () => {
  const ea = await loadNode();
  const requests = rows.map(({ id, ...r }) => r);
  for (let i = 0; i < requests.length; i += 100) {
    const b = ea.batch(requests.slice(i, i + 100));
    b.audits.forEach((a, j) => assert.deepEqual(a, ea.audit(requests[i + j])));
  }
});
