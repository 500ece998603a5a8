// Every exported function of `epistemic-audit` (node entry), with known values where the math
// has them (the same cases as core's Rust unit tests and scikit-learn references).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FUNCTIONS, loadNode, loadWeb } from './entries.mjs';

const ea = await loadNode();

const DIALOGUE = {
  text: 'No, I do not think Hunt Lowry was involved in A Walk to Remember. However, he produced the movie adaptation of the popular novel, White Oleander, which was released in 1999.',
  prompt: '[Human]: Could you recommend any books like The Secret Life of Bees? [Assistant]: Yes, have you heard about A walk to remember? [Human]: I think I have.. is that one with Hunt Lowry?',
  context: 'A Walk to Remember is produced by Hunt Lowry. A Walk to Remember is a/an Film',
};

const close = (a, b, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

test('every entry exports the same functions and init', async () => {
  const web = await loadWeb();
  for (const m of [ea, web]) {
    for (const name of [...FUNCTIONS, 'init']) assert.equal(typeof m[name], 'function', name);
  }
});

test('index.d.ts declares every exported function', () => {
  const dts = readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8');
  for (const name of [...FUNCTIONS, 'init']) assert.match(dts, new RegExp(`export function ${name}\\(`), name);
});

test('audit returns the service AuditResult shape with mode "local"', () => {
  const r = ea.audit(DIALOGUE);
  for (const k of ['q1', 'q2', 'height', 'ece', 'brier']) {
    assert.equal(typeof r[k], 'number', k);
    assert.ok(r[k] >= 0 && r[k] <= 1, `${k}=${r[k]}`);
  }
  const [lo, hi] = r.confidence_interval;
  assert.ok(lo <= r.height && r.height <= hi);
  assert.equal(r.mode, 'local');
  assert.equal(r.upstream_latency_ms, 0);
  // README's example: invents a film credit and a year, and denies what the knowledge states.
  assert.equal(r.verdict, 'MAYBE');
  assert.match(r.explanation, /1999|White Oleander/);
  assert.equal(r.metadata.context_role, 'source');
  const denied = r.metadata.claims.find((c) => c.status === 'contradicted');
  assert.ok(denied, JSON.stringify(r.metadata.claims));
  assert.equal(DIALOGUE.text.slice(denied.start, denied.end), denied.text); // ASCII: chars = UTF-16 units
  assert.equal(denied.source.text, 'A Walk to Remember is produced by Hunt Lowry.');
  assert.equal(r.metadata.tier, 'intrinsic');
  assert.equal(r.metadata.task, 'dialogue');
  assert.equal(r.metadata.scope, 'intrinsic/dialogue');
  assert.equal(r.metadata.thresholds.method, 'SGR');
  assert.equal(typeof r.metadata.features, 'object');
  assert.ok(!(r.metadata.features instanceof Map), 'plain object, not Map');
  assert.ok(Array.isArray(r.metadata.top_contributions));
  assert.equal(r.metadata.model_source, undefined);
  assert.equal(ea.audit({ ...DIALOGUE, model_source: 'gpt-x' }).metadata.model_source, 'gpt-x');
  // deterministic, and unknown fields ignored
  assert.deepEqual(ea.audit({ ...DIALOGUE, extra: [1, 2] }), r);
});

test('audit of a text alone routes to the open task', () => {
  const r = ea.audit({ text: 'Paris is the capital of France.' });
  assert.equal(r.metadata.task, 'open');
  assert.ok(['ACCEPT', 'MAYBE', 'REFUSED'].includes(r.verdict));
});

test('batch returns audits in order and a summary', () => {
  const items = [DIALOGUE, { text: 'Delhi', prompt: 'Where is the head office?', context: 'The Oberoi Group has its head office in Delhi.' }];
  const b = ea.batch(items);
  assert.equal(b.audits.length, 2);
  assert.deepEqual(b.audits[0], ea.audit(DIALOGUE));
  const s = b.summary;
  assert.equal(s.total, 2);
  assert.equal(s.accept + s.maybe + s.refused, 2);
  close(s.avg_height, (b.audits[0].height + b.audits[1].height) / 2);
  close(s.avg_q1, (b.audits[0].q1 + b.audits[1].q1) / 2);
  close(s.avg_q2, (b.audits[0].q2 + b.audits[1].q2) / 2);
  assert.ok(s.processing_time_ms >= 0 && s.processing_time_ms < 60_000);
  // the service's body shape is accepted too
  assert.deepEqual(ea.batch({ items }).audits, b.audits);
});

test('ece, brier and reliabilityBins match hand computation', () => {
  const p = [0.9, 0.9, 0.2, 0.2];
  const y = [true, false, false, false];
  close(ea.ece(p, y), 0.3); // default 15 bins
  close(ea.ece(p, y, 15), 0.3);
  close(ea.ece(new Float64Array(p), [1, 0, 0, 0], 15), 0.3);
  close(ea.ece(p, y, 1), Math.abs(0.25 - 0.55));
  assert.equal(ea.ece([], []), 0);
  close(ea.brier(p, y), (0.01 + 0.81 + 0.04 + 0.04) / 4);
  assert.equal(ea.brier([], []), 0);
  const bins = ea.reliabilityBins(p, y);
  assert.equal(bins.length, 15);
  assert.deepEqual(bins[13], { lo: 13 / 15, hi: 14 / 15, count: 2, mean_confidence: 0.9, accuracy: 0.5 });
  assert.equal(bins[3].count, 2);
  assert.equal(bins[3].accuracy, 0);
  assert.equal(bins.reduce((n, b) => n + b.count, 0), 4);
  assert.equal(ea.reliabilityBins([1], [true], 4)[3].count, 1); // p = 1 falls in the last bin
});

test('auroc and auprc match scikit-learn', () => {
  close(ea.auroc([0.1, 0.4, 0.35, 0.8], [false, false, true, true]), 0.75);
  assert.equal(ea.auroc([0.1, 0.2, 0.3, 0.4], [0, 0, 1, 1]), 1);
  assert.equal(ea.auroc([0.5, 0.5], [1, 0]), 0.5);
  assert.equal(ea.auroc([0.1], [1]), 0.5); // one class only: undefined → 0.5
  close(ea.auprc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]), 0.8333333333333334);
  assert.equal(ea.auprc([0.3], [0]), 0);
});

test('fitCalibrator: isotonic pools violators and predicts monotonically', () => {
  const iso = ea.fitCalibrator([0.1, 0.2, 0.3, 0.4], [false, true, false, true], 'isotonic');
  assert.equal(iso.method, 'isotonic');
  assert.deepEqual(iso.toJSON(), { method: 'isotonic', x: [0.1, 0.25, 0.4], y: [0, 0.5, 1], n: [1, 2, 1] });
  close(iso.predict(0.25), 0.5);
  assert.equal(iso.predict(-5), 0);
  assert.equal(iso.predict(5), 1);
  const grid = Array.from({ length: 101 }, (_, i) => i / 100);
  const ps = iso.predict(grid);
  assert.equal(ps.length, 101);
  for (let i = 1; i < ps.length; i++) assert.ok(ps[i] >= ps[i - 1]);
  assert.equal(ea.fitCalibrator([0.1, 0.9], [0, 1]).method, 'isotonic'); // default method
  iso.free();
});

test('fitCalibrator: platt recovers a logistic relation', () => {
  const s = [];
  const y = [];
  for (let i = 0; i < 2000; i++) {
    const x = (i % 100) / 100;
    const p = 1 / (1 + Math.exp(-(4 * x - 2)));
    s.push(x);
    y.push((Math.floor(i / 100) + 0.5) / 20 < p);
  }
  const pl = ea.fitCalibrator(s, y, 'platt');
  assert.equal(pl.method, 'platt');
  const { a, b } = pl.toJSON();
  assert.ok(Math.abs(a + 4) < 0.5 && Math.abs(b - 2) < 0.3, `${a} ${b}`);
  close(pl.predict(0.7), 1 / (1 + Math.exp(a * 0.7 + b)), 1e-15);
  assert.ok(pl.predict(0.9) > pl.predict(0.1));
});

test('referenceCalibration lists every scope of the embedded model with 15 bins', () => {
  const scopes = ea.referenceCalibration();
  assert.deepEqual(scopes.map((s) => s.scope).sort(), ['intrinsic/dialogue', 'intrinsic/open', 'intrinsic/qa', 'intrinsic/summarization']);
  for (const s of scopes) {
    assert.equal(s.bins.length, 15);
    assert.equal(s.bins.reduce((n, b) => n + b.count, 0), s.n);
    assert.ok(s.ece >= 0 && s.ece <= 1 && s.brier >= 0 && s.brier <= 1);
    // consistent with what audit reports for the same scope
    const r = ea.audit({ text: 'Paris.', ...(s.task === 'open' ? {} : { context: 'Paris is in France.', prompt: s.task === 'dialogue' ? '[Human]: where?' : s.task === 'summarization' ? 'Summarize the document.' : 'Where?' }) });
    if (r.metadata.scope === s.scope) {
      assert.equal(r.ece, s.ece);
      assert.equal(r.metadata.thresholds.accept, s.accept);
      assert.equal(r.metadata.calibration.method, s.method);
    }
  }
});

test('version names the interface and the embedded model', () => {
  const v = ea.version();
  assert.equal(v.interface, '1.1.0');
  assert.equal(v.package, '0.1.0');
  assert.equal(v.scorer, ea.audit({ text: 'x' }).metadata.scorer_version);
});

test('init is idempotent', async () => {
  await ea.init();
  await ea.init();
  const web = await loadWeb();
  await web.init();
  assert.equal(web.audit(DIALOGUE).height, ea.audit(DIALOGUE).height);
});

test('compare ranks answers by q2 with the others as samples, as /v1/compare', () => {
  const prompt = 'What is the capital of Australia?';
  const r = ea.compare({
    prompt,
    responses: [
      { model: 'a', text: 'The capital of Australia is Canberra.' },
      { model: 'b', text: 'Canberra is the capital of Australia.' },
      { model: 'c', text: 'Sydney, founded in 1788 by Arthur Phillip, is the capital and largest city.' },
    ],
  });
  assert.equal(r.prompt, prompt);
  assert.equal(r.comparisons.length, 3);
  // Ranks start at 1 and never fall; answers within each other's uncertainty share one.
  const ranks = r.ranking.map((e) => e.rank);
  assert.equal(ranks[0], 1);
  ranks.forEach((k, i) => assert.ok(k <= i + 1 && (i === 0 || k >= ranks[i - 1]), `${ranks}`));
  assert.equal(r.summary.decisive, r.summary.tied_models.length === 1);
  assert.deepEqual(r.summary.tied_models, r.ranking.filter((e) => e.tied_with_best).map((e) => e.model));
  const q2s = r.ranking.map((e) => e.q2);
  assert.deepEqual([...q2s].sort((x, y) => x - y), q2s, 'ranking is by q2 ascending');
  assert.equal(r.best_model, r.ranking[0].model);
  assert.equal(r.summary.total_models, 3);
  close(r.summary.best_q2, Math.min(...q2s));
  close(r.summary.q2_range, Math.max(...q2s) - Math.min(...q2s));
  const byModel = Object.fromEntries(r.comparisons.map((c) => [c.model, c]));
  assert.ok(byModel.a.agreement > byModel.c.agreement, 'the two agreeing answers agree more');
  assert.ok(r.summary.processing_time_ms >= 0);
});

test('compare rejects duplicate models and schema errors', () => {
  assert.throws(
    () => ea.compare({ prompt: 'p', responses: [{ model: 'x', text: 'a' }, { model: 'x', text: 'b' }] }),
    (e) => e.name === 'InvalidInputError' && /Duplicate model name/.test(e.message),
  );
  assert.throws(
    () => ea.compare({ prompt: 'p', responses: [{ model: 'x', text: 'a' }] }),
    (e) => e.name === 'ValidationError' && e.detail.some((d) => d.loc.join('.') === 'body.responses'),
  );
});
