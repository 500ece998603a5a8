// The semantic tier through the npm package (issue 13, part 4): all-MiniLM-L6-v2 loaded by
// `epistemic-audit/semantic` from paths, from http URLs and from bytes, and `audit`, `batch` and
// `compare` with `{ semantic }` give the same `metadata.semantic` as the HTTP service started with
// SEMANTIC_MODEL_DIR on the same requests: texts, offsets and word-piece counts exactly, cosines
// within 1e-4 (wasm and native embeddings differ by float rounding). Without the option nothing
// changes and the semantic module is not loaded.
//
// Needs EA_MINILM_DIR (bash scripts/fetch-minilm.sh; scripts/test.sh and test-js.sh set it): skipped,
// saying so, only when it is unset. The native service is $EPISTEMIC_AUDIT_BIN (else a release build).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, MODEL_PATH } from '../serve.mjs';
import { loadNode, loadWeb } from './entries.mjs';
import { MODEL_DIR, SKIP, PARAPHRASE, PASSAGE, SOURCE_SENTENCE, modelFile, nativeServer, diff } from './semantic-env.mjs';

const TOL = 1e-4;
const opts = { skip: SKIP };
if (SKIP) console.log(`# skipped: ${SKIP}`);

// A second audit against the same context (the cache path), an answer with two claims, a context
// read as a prompt (no sources: did not run), and a batch.
const TWO_CLAIMS = { text: 'Manaus lies on the Amazon. The Amazon basin is about seven million square kilometres.', context: PASSAGE };
const AS_PROMPT = { text: 'The Amazon is the largest river by discharge.', context: 'Which river carries the most water?' };
// The passage inside the prompt, as a retrieval-augmented prompt holds it (no context).
const IN_PROMPT = { text: PARAPHRASE.text, prompt: `Answer from the context.\nContext: ${PASSAGE}\nQuestion: Which river carries the most water?` };
// Samples that say the text's answer in other words, and one that does not: compared by embedding.
const SAMPLES = {
  text: 'The capital of France is Paris.',
  prompt: 'What is the capital of France?',
  samples: ['Paris is the capital of France.', "France's seat of government is the city of Paris.", 'It is Lyon.'],
};
const COMPARE = {
  prompt: 'Which river carries the most water?',
  responses: [
    { model: 'a', text: 'The Amazon carries more water than any other river.' },
    { model: 'b', text: 'No other river has as large a discharge as the Amazon.' },
    { model: 'c', text: 'The Nile is the longest river in Africa.' },
  ],
};

let native, node, semantic, expected;

before(async () => {
  if (SKIP) return;
  native = await nativeServer();
  expected = {
    paraphrase: await native.post('/v1/audit', PARAPHRASE),
    twoClaims: await native.post('/v1/audit', TWO_CLAIMS),
    asPrompt: await native.post('/v1/audit', AS_PROMPT),
    inPrompt: await native.post('/v1/audit', IN_PROMPT),
    batch: await native.post('/v1/batch', { items: [PARAPHRASE, TWO_CLAIMS, AS_PROMPT, SAMPLES] }),
    samples: await native.post('/v1/audit', SAMPLES),
    compare: await native.post('/v1/compare', COMPARE),
  };
  node = await loadNode();
  const { loadSemantic } = await import('epistemic-audit/semantic');
  semantic = await loadSemantic({
    weights: modelFile('model.safetensors'),
    tokenizer: modelFile('tokenizer.json'),
    config: new URL(`file://${modelFile('config.json')}`),
  });
});

after(() => {
  semantic?.free();
  native?.close();
});

function assertSame(got, want, what) {
  const d = diff(got, want, TOL);
  assert.deepEqual(d, [], `${what} differs from the service's:\n${d.join('\n')}`);
}

test('the Amazon paraphrase is aligned to its source sentence, as the service aligns it', opts, () => {
  const plain = node.audit(PARAPHRASE);
  assert.equal(plain.metadata.semantic.ran, false);
  assert.equal(plain.metadata.semantic.reason, 'no sentence-embedding model is loaded');

  const r = node.audit(PARAPHRASE, { semantic });
  const s = r.metadata.semantic;
  assert.equal(s.ran, true, JSON.stringify(s));
  assert.equal(s.model, 'all-MiniLM-L6-v2');
  assert.ok(!('reason' in s), JSON.stringify(s));
  assert.equal(s.claims.length, r.metadata.claims.length);
  assert.equal(s.claims[0].source.text, SOURCE_SENTENCE);
  assert.equal([...PASSAGE].slice(s.claims[0].source.start, s.claims[0].source.end).join(''), SOURCE_SENTENCE);
  assert.ok(s.claims[0].cosine > 0.5 && s.claims[0].cosine <= 1, `${s.claims[0].cosine}`);
  assertSame(s, expected.paraphrase.metadata.semantic, 'metadata.semantic');
  console.log(`# paraphrase: cosine ${s.claims[0].cosine} (service ${expected.paraphrase.metadata.semantic.claims[0].cosine}), ${s.word_pieces} word pieces`);

  // Reported only: every other member is the result without the model (tier included).
  const { semantic: _a, ...withMeta } = r.metadata;
  const { semantic: _b, ...plainMeta } = plain.metadata;
  assert.deepEqual({ ...r, metadata: withMeta }, { ...plain, metadata: plainMeta });
  assert.equal(r.metadata.tier, expected.paraphrase.metadata.tier);
});

test('samples are compared by embedding, with the same scores as the service', opts, () => {
  const want = expected.samples;
  assert.equal(want.metadata.samples_equivalence, 'embedding', JSON.stringify(want.metadata));
  const r = node.audit(SAMPLES, { semantic });
  assert.equal(r.metadata.samples_equivalence, 'embedding');
  assert.equal(r.metadata.tier, 'samples');
  for (const k of ['q1', 'q2', 'height']) {
    assert.ok(Math.abs(r[k] - want[k]) < TOL, `${k}: npm ${r[k]}, service ${want[k]}`);
  }
  assert.equal(r.verdict, want.verdict);
  assertSame(r.metadata.features, want.metadata.features, 'metadata.features');
  // Without the model the samples are compared lexically.
  const plain = node.audit(SAMPLES);
  assert.equal(plain.metadata.samples_equivalence, 'lexical');
  assert.ok(!('equivalent_at' in plain.metadata.features));
  // auditJudged with a matrix that does not fit the samples is refused, naming it.
  assert.throws(() => node.auditJudged(SAMPLES, [1, 0.5, 0.5, 1]), (e) => e.name === 'InvalidInputError' && /cosines/.test(e.message));
  const cos = semantic.sampleCosines([SAMPLES.text, ...SAMPLES.samples]);
  assert.equal(cos.length, 16);
  assert.ok(Math.abs(node.auditJudged(SAMPLES, cos).q2 - r.q2) < 1e-12);
  console.log(`# samples by embedding: q2 ${r.q2.toFixed(4)} (service ${want.q2.toFixed(4)}, lexical ${plain.q2.toFixed(4)})`);
});

test('the same context again comes from the cache and gives the same alignment', opts, () => {
  assert.ok(semantic.cacheSize >= 5, `cache holds ${semantic.cacheSize} sentences`);
  const before = semantic.cacheSize;
  const r = node.audit(TWO_CLAIMS, { semantic });
  assert.equal(semantic.cacheSize, before, 'no new sentence was embedded');
  assertSame(r.metadata.semantic, expected.twoClaims.metadata.semantic, 'metadata.semantic (cached context)');
  semantic.clearCache();
  assert.equal(semantic.cacheSize, 0);
  assertSame(node.audit(TWO_CLAIMS, { semantic }).metadata.semantic, expected.twoClaims.metadata.semantic, 'metadata.semantic (cold)');
});

test('a context read as the question: the tier says why it did not run, as the service', opts, () => {
  const s = node.audit(AS_PROMPT, { semantic }).metadata.semantic;
  assert.equal(s.ran, false);
  assertSame(s, expected.asPrompt.metadata.semantic, 'metadata.semantic (no sources)');
});

test('a passage in the prompt is aligned where it stands in the prompt, as the service', opts, () => {
  const r = node.audit(IN_PROMPT, { semantic });
  const s = r.metadata.semantic;
  assert.equal(s.ran, true, JSON.stringify(s));
  assert.equal(r.metadata.sources?.field, 'prompt', JSON.stringify(r.metadata));
  const src = s.claims[0].source;
  assert.equal(src.text, SOURCE_SENTENCE);
  assert.equal([...IN_PROMPT.prompt].slice(src.start, src.end).join(''), SOURCE_SENTENCE);
  assertSame(s, expected.inPrompt.metadata.semantic, 'metadata.semantic (passage in the prompt)');
  assert.throws(() => semantic.align(r, null, 42), (e) => e.name === 'SemanticError' && e.kind === 'prompt');
});

test('batch and compare with { semantic } equal the service', opts, () => {
  const b = node.batch({ items: [PARAPHRASE, TWO_CLAIMS, AS_PROMPT, SAMPLES] }, { semantic });
  b.audits.forEach((a, i) => assertSame(a.metadata.semantic, expected.batch.audits[i].metadata.semantic, `batch item ${i}`));
  assert.equal(b.audits[3].metadata.samples_equivalence, 'embedding');
  assert.ok(Math.abs(b.audits[3].q2 - expected.batch.audits[3].q2) < TOL, `batch q2 ${b.audits[3].q2} vs ${expected.batch.audits[3].q2}`);
  const c = node.compare(COMPARE, { semantic });
  assert.equal(c.metadata.semantic.ran, true);
  assertSame(c.metadata.semantic, expected.compare.metadata.semantic, 'compare metadata.semantic');
  // Every answer's samples (the other answers) are compared by meaning, as the service does.
  c.comparisons.forEach((x, i) => {
    const want = expected.compare.comparisons[i];
    for (const k of ['q1', 'q2', 'height']) {
      assert.ok(Math.abs(x[k] - want[k]) < TOL, `comparison ${i} ${k}: npm ${x[k]}, service ${want[k]}`);
    }
    assert.equal(x.verdict, want.verdict);
  });
  assert.deepEqual(c.ranking.map((r) => [r.model, r.rank]), expected.compare.ranking.map((r) => [r.model, r.rank]));
  const plain = node.compare(COMPARE);
  assert.equal(plain.metadata.semantic.ran, false);
  // Lexically the answers are not counted by meaning (whether q2 moves too depends on the shipped
  // semantic samples weight, which the trainer keeps only beyond one standard error).
  assert.ok(c.comparisons.some((x, i) => /By meaning/.test(x.explanation) && !/By meaning/.test(plain.comparisons[i].explanation)), 'the lexical comparison does not count agreement by meaning');
});

test('the web build loads the model from bytes and a Blob, and its semantic module from bytes, with the same result', opts, async () => {
  const web = await loadWeb();
  const { loadSemantic } = await import('epistemic-audit/semantic/web');
  const module = readFileSync(new URL('../pkg-semantic-web/epistemic_audit_semantic_wasm_bg.wasm', import.meta.url));
  const tok = readFileSync(modelFile('tokenizer.json'));
  // A module that is not the semantic .wasm: kind "module", and the next call may still succeed.
  await assert.rejects(
    loadSemantic({ weights: new Uint8Array(1), tokenizer: new Uint8Array(1), config: new Uint8Array(1), module: new Uint8Array([0, 97, 115, 109]) }),
    (e) => e.name === 'SemanticError' && e.kind === 'module',
  );
  const s = await loadSemantic({
    weights: readFileSync(modelFile('model.safetensors')),
    tokenizer: tok.buffer.slice(tok.byteOffset, tok.byteOffset + tok.byteLength), // an ArrayBuffer
    config: new Blob([readFileSync(modelFile('config.json'))]), // a Blob, as a picked File
    module,
    cacheEntries: 0,
  });
  try {
    const r = web.audit(PARAPHRASE, { semantic: s });
    assertSame(r.metadata.semantic, expected.paraphrase.metadata.semantic, 'web metadata.semantic');
    assert.equal(s.cacheSize, 0, 'cacheEntries: 0 keeps nothing');
  } finally {
    s.free();
  }
});

test('the node entry loads the model from http URLs (fetch)', opts, async () => {
  const { server, url } = await serve(0, undefined, MODEL_DIR);
  const { loadSemantic } = await import('epistemic-audit/semantic');
  try {
    const s = await loadSemantic({
      weights: `${url}${MODEL_PATH}model.safetensors`,
      tokenizer: new URL(`${url}${MODEL_PATH}tokenizer.json`),
      config: await fetch(`${url}${MODEL_PATH}config.json`),
    });
    try {
      assertSame(node.audit(PARAPHRASE, { semantic: s }).metadata.semantic, expected.paraphrase.metadata.semantic, 'metadata.semantic (URLs)');
    } finally {
      s.free();
    }
    await assert.rejects(
      loadSemantic({ weights: `${url}${MODEL_PATH}nope.bin`, tokenizer: new Uint8Array(1), config: new Uint8Array(1) }),
      (e) => e.name === 'SemanticError' && e.kind === 'weights' && /HTTP 404/.test(e.message),
    );
  } finally {
    server.close();
  }
});

test('bad input: a SemanticError whose kind names it', opts, async () => {
  const { loadSemantic } = await import('epistemic-audit/semantic');
  const kind = (k, re) => (e) => e.name === 'SemanticError' && e.kind === k && (!re || re.test(e.message));
  await assert.rejects(loadSemantic(), kind('options'));
  await assert.rejects(loadSemantic({ tokenizer: new Uint8Array(1), config: new Uint8Array(1) }), kind('weights', /`weights` is missing/));
  await assert.rejects(loadSemantic({ weights: '/no/such/model.safetensors', tokenizer: new Uint8Array(1), config: new Uint8Array(1) }), kind('weights', /cannot read \/no\/such/));
  await assert.rejects(loadSemantic({ weights: 42, tokenizer: new Uint8Array(1), config: new Uint8Array(1) }), kind('weights', /must be a Uint8Array/));
  await assert.rejects(
    loadSemantic({ weights: new Uint8Array(1), tokenizer: modelFile('tokenizer.json'), config: new Uint8Array([0]) }),
    kind('config'),
  );
  await assert.rejects(loadSemantic({ weights: modelFile('model.safetensors'), tokenizer: modelFile('config.json'), config: modelFile('config.json') }), kind('tokenizer'));
  await assert.rejects(loadSemantic({ weights: modelFile('model.safetensors'), tokenizer: modelFile('tokenizer.json'), config: modelFile('config.json'), cacheEntries: -1 }), kind('cacheEntries'));
  assert.throws(() => node.audit(PARAPHRASE, { semantic: {} }), kind('semantic'));
  assert.throws(() => node.audit(PARAPHRASE, 'semantic'), kind('options'));
  assert.throws(() => semantic.align({}, PASSAGE), kind('result'));
  assert.throws(() => semantic.align(node.audit(PARAPHRASE), 42), kind('context'));
  assert.throws(() => semantic.agreement({ responses: [{ model: 'a' }] }), kind('request'));
  // Invalid requests are still the scorer's ValidationError, before any embedding.
  assert.throws(() => node.audit({ text: '' }, { semantic }), (e) => e.name === 'ValidationError');
});

test('export conditions pick the semantic builds; the bundler build instantiates', opts, () => {
  const pkgDir = fileURLToPath(new URL('..', import.meta.url));
  const resolve = (spec, conditions = []) => execFileSync(process.execPath,
    [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(spec)}))`],
    { cwd: pkgDir, encoding: 'utf8' }).trim();
  assert.match(resolve('epistemic-audit/semantic'), /\/src\/semantic-node\.js$/);
  assert.match(resolve('epistemic-audit/semantic/web'), /\/src\/semantic-web\.js$/);
  assert.match(resolve('epistemic-audit/semantic/bundler'), /\/src\/semantic-bundler\.js$/);
  // The bundler build as ES modules (as a bundler would link it): a bad config is its SemanticError.
  const code = `import { loadSemantic } from 'epistemic-audit/semantic/bundler';
    import { readFileSync } from 'node:fs';
    try { await loadSemantic({ weights: new Uint8Array(3), tokenizer: readFileSync(${JSON.stringify(modelFile('tokenizer.json'))}), config: new Uint8Array([0]) }); console.log('loaded'); }
    catch (e) { console.log(e.name + ' ' + e.kind); }`;
  const out = execFileSync(process.execPath, ['--no-warnings', '--experimental-wasm-modules', '--input-type=module', '-e', code], { cwd: pkgDir, encoding: 'utf8' });
  assert.equal(out.trim(), 'SemanticError config');
});

test('the main entries do not import the semantic module', () => {
  // Follows every relative import of the main entries' sources: none may reach a semantic file.
  const seen = new Set();
  const walk = (url) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    if (!url.pathname.endsWith('.js') || url.pathname.includes('/pkg-')) return;
    const src = readFileSync(url, 'utf8');
    for (const [, spec] of src.matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g)) walk(new URL(spec, url));
    for (const [, spec] of src.matchAll(/import\s*\(\s*['"]([^'"]+)['"]/g)) walk(new URL(spec, url));
  };
  for (const entry of ['node.js', 'web.js', 'bundler.js']) walk(new URL(`../src/${entry}`, import.meta.url));
  const semanticFiles = [...seen].filter((u) => /semantic/.test(fileURLToPath(u).split('/js/')[1] ?? ''));
  assert.deepEqual(semanticFiles, []);
  assert.ok([...seen].some((u) => u.endsWith('/src/options.js')), 'the walk followed the imports');
});
