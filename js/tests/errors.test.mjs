// Invalid input: every function throws an Error named ValidationError whose message names the
// field and reason and whose `detail` is the service's 422 list [{loc, msg, type}].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNode, loadWeb } from './entries.mjs';

const ea = await loadNode();

/** Runs fn, expects a ValidationError, returns its detail. */
function detailOf(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.equal(e.name, 'ValidationError');
    assert.ok(Array.isArray(e.detail), 'detail is an array');
    for (const d of e.detail) {
      assert.ok(Array.isArray(d.loc) && typeof d.msg === 'string' && typeof d.type === 'string', JSON.stringify(d));
      // the message names every failing field
      assert.ok(e.message.includes(d.loc.map((x) => (typeof x === 'number' ? `[${x}]` : x)).join('.').replaceAll('.[', '[')), e.message);
    }
    return e.detail;
  }
  assert.fail('did not throw');
}

const has = (detail, loc, type) =>
  assert.ok(detail.some((d) => JSON.stringify(d.loc) === JSON.stringify(loc) && d.type === type), `${JSON.stringify(loc)} ${type} not in ${JSON.stringify(detail)}`);

test('audit: missing, empty, too long, wrong types', () => {
  has(detailOf(() => ea.audit({})), ['body', 'text'], 'missing');
  has(detailOf(() => ea.audit({ text: '' })), ['body', 'text'], 'string_too_short');
  has(detailOf(() => ea.audit({ text: 'a'.repeat(20_001) })), ['body', 'text'], 'string_too_long');
  has(detailOf(() => ea.audit({ text: 'a', context: 'c'.repeat(100001) })), ['body', 'context'], 'string_too_long');
  has(detailOf(() => ea.audit({ text: 'a', prompt: 'p'.repeat(20_001) })), ['body', 'prompt'], 'string_too_long');
  has(detailOf(() => ea.audit({ text: 'a', model_source: 'm'.repeat(501) })), ['body', 'model_source'], 'string_too_long');
  const d = detailOf(() => ea.audit({ text: 5, context: [] }));
  has(d, ['body', 'text'], 'string_type');
  has(d, ['body', 'context'], 'string_type');
  has(detailOf(() => ea.audit('just a string')), ['body'], 'dict_type');
  has(detailOf(() => ea.audit()), ['body'], 'dict_type');
  has(detailOf(() => ea.audit({ text: Symbol('x') })), ['body'], 'json_invalid');
  assert.equal(ea.audit({ text: 'a', n: 1n }).mode, 'local'); // BigInt is read as a number (and ignored here)
  // limits count characters, not UTF-16 units or bytes
  assert.equal(ea.audit({ text: '🗼'.repeat(20_000) }).mode, 'local');
  has(detailOf(() => ea.audit({ text: '🗼'.repeat(20_001) })), ['body', 'text'], 'string_too_long');
});

test('batch: list limits and item locations', () => {
  has(detailOf(() => ea.batch([])), ['body', 'items'], 'too_short');
  has(detailOf(() => ea.batch(Array.from({ length: 101 }, () => ({ text: 'a' })))), ['body', 'items'], 'too_long');
  assert.equal(ea.batch(Array.from({ length: 100 }, () => ({ text: 'a' }))).summary.total, 100);
  const d = detailOf(() => ea.batch([{ text: 'ok' }, { text: 3 }, {}]));
  has(d, ['body', 'items', 1, 'text'], 'string_type');
  has(d, ['body', 'items', 2, 'text'], 'missing');
  has(detailOf(() => ea.batch({ items: 'x' })), ['body', 'items'], 'list_type');
  has(detailOf(() => ea.batch({})), ['body', 'items'], 'missing');
  has(detailOf(() => ea.batch(7)), ['body'], 'dict_type');
});

test('ece / brier / reliabilityBins: probabilities, labels, lengths, bins', () => {
  has(detailOf(() => ea.ece([0.5, 1.5], [1, 0])), ['probs', 1], 'probability_range');
  has(detailOf(() => ea.ece([0.5, NaN], [1, 0])), ['probs', 1], 'finite_number');
  has(detailOf(() => ea.brier(['0.5'], [1])), ['probs', 0], 'float_type');
  has(detailOf(() => ea.brier([0.5], [2])), ['outcomes', 0], 'bool_type');
  has(detailOf(() => ea.brier([0.5, 0.5], [1])), ['outcomes'], 'length_mismatch');
  has(detailOf(() => ea.brier(0.5, [1])), ['probs'], 'list_type');
  has(detailOf(() => ea.ece([0.5], [1], 0)), ['bins'], 'int_range');
  has(detailOf(() => ea.ece([0.5], [1], 2.5)), ['bins'], 'int_range');
  has(detailOf(() => ea.reliabilityBins([0.5], [1], -1)), ['bins'], 'int_range');
  // both arguments' errors are reported together
  const d = detailOf(() => ea.reliabilityBins([2], ['yes']));
  has(d, ['probs', 0], 'probability_range');
  has(d, ['outcomes', 0], 'bool_type');
});

test('auroc / auprc: scores may be any finite numbers, labels must be 0/1', () => {
  assert.equal(ea.auroc([-3, 7], [0, 1]), 1);
  has(detailOf(() => ea.auroc([Infinity, 1], [0, 1])), ['scores', 0], 'finite_number');
  has(detailOf(() => ea.auprc([1, 2], [0, 'x'])), ['positives', 1], 'bool_type');
  has(detailOf(() => ea.auprc([1, 2], null)), ['positives'], 'list_type');
});

test('fitCalibrator and Calibrator.predict', () => {
  has(detailOf(() => ea.fitCalibrator([0.1], [1], 'beta')), ['method'], 'literal_error');
  has(detailOf(() => ea.fitCalibrator([], [], 'platt')), ['scores'], 'too_short');
  has(detailOf(() => ea.fitCalibrator([0.1, NaN], [1, 0])), ['scores', 1], 'finite_number');
  has(detailOf(() => ea.fitCalibrator([0.1, 0.2], [1])), ['outcomes'], 'length_mismatch');
  const c = ea.fitCalibrator([0.1, 0.9], [0, 1], 'platt');
  has(detailOf(() => c.predict(NaN)), ['score'], 'finite_number');
  has(detailOf(() => c.predict('x')), ['score'], 'list_type');
  has(detailOf(() => c.predict([0.2, null])), ['score', 1], 'float_type');
});

test('the web build throws the same errors, and refuses calls before init', async () => {
  const web = await loadWeb();
  assert.deepEqual(detailOf(() => web.audit({ text: '' })), detailOf(() => ea.audit({ text: '' })));
  // a fresh instance of the web entry (query string = new module record) is not initialised
  const fresh = await import(new URL('../src/web.js?fresh', import.meta.url));
  assert.throws(() => fresh.audit({ text: 'a' }), /await init\(\)/);
});
