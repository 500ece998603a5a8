// Browser test of the demo page (playwright-core driving Debian's Chromium; no downloads).
// Serves js/ with serve.mjs on loopback, blocks and records every request that is not to that
// server (the page must need no network), types a real HaluEval dialogue reply, checks the
// rendered verdict and numbers against the node build's audit of the same input, checks the
// reliability diagram, and saves a screenshot to ../artifacts/demo.png (repository root). With
// EA_MINILM_DIR set (scripts/test-js.sh sets it) it also ticks "semantic tier": the page loads
// all-MiniLM-L6-v2 from serve.mjs and shows the Amazon paraphrase aligned to its source sentence
// with the cosine the node build computes (screenshot ../artifacts/demo-semantic.png), and, from a
// server that does not offer the model, loads the three files the user picks.
//   node --test tests/browser/demo.browser.mjs
// Settings: CHROMIUM (default /usr/bin/chromium), ARTIFACTS_DIR (default <repo>/artifacts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../serve.mjs';
import { loadNode } from '../entries.mjs';
import { SKIP, PARAPHRASE, SOURCE_SENTENCE, modelFile } from '../semantic-env.mjs';

const artifacts = process.env.ARTIFACTS_DIR ?? fileURLToPath(new URL('../../../artifacts/', import.meta.url));
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// HaluEval dialogue (halueval-dialogue.dev.jsonl, group hedia-da897a7cf8e36cee, the "wrong" reply).
const ANSWER = {
  text: "No, I don't think Hunt Lowry was involved in A Walk to Remember. However, he produced the movie adaptation of the popular novel, White Oleander, which was released in 1999.",
  prompt: '[Human]: Could you recommend any books like The Secret Life of Bees? [Assistant]: Yes, its a great teen book, have you heard about A walk to remember ? It is also a great teen drama [Human]: I think I have.. is that one with Hunt Lowry? ',
  context: 'The Secret Life of Bees has genre Teen drama. Teen drama has examples: A Walk to RememberA Walk to Remember is produced by Hunt LowryHunt Lowry produced A Walk to Remember. A Walk to Remember is a/an Film',
};
// Its "right" counterpart in the same group.
const RIGHT = { ...ANSWER, text: 'Yes, A Walk to Remember is produced by Hunt Lowry.' };

let server, url, context, page, userDataDir;
const foreign = [];
const pageErrors = [];

before(async () => {
  ({ server, url } = await serve(0)); // serves the model from EA_MINILM_DIR when set
  userDataDir = mkdtempSync(join(tmpdir(), 'ea-chromium-'));
  // A fresh profile directory each run (Playwright passes it as --user-data-dir).
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    viewport: { width: 1000, height: 1400 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run',
    ],
  });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(url + '/')) return route.continue();
    foreign.push(u);
    return route.abort();
  });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
});

after(async () => {
  await context?.close();
  server?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('the demo audits a typed answer in the page, with no network', async () => {
  await page.goto(`${url}/demo/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  // the reliability diagram of the shipped calibrator is drawn before any audit
  assert.ok((await page.locator('#reliability rect.bin').count()) >= 3, 'reliability bars drawn');

  await page.locator('#text').pressSequentially(ANSWER.text, { delay: 2 });
  await page.locator('#prompt').fill(ANSWER.prompt);
  await page.locator('#context').fill(ANSWER.context);
  await page.locator('#audit').click();
  await page.waitForSelector('#result:not([hidden])');

  const expected = (await loadNode()).audit(ANSWER);
  assert.equal(await page.locator('#verdict').textContent(), expected.verdict);
  // The badge never contradicts the height it shows (DESIGN §2.5).
  if (expected.verdict === 'ACCEPT') assert.ok(expected.height >= 0.9, `${expected.height}`);
  if (expected.verdict === 'REFUSED') assert.ok(expected.height <= 0.1, `${expected.height}`);
  assert.equal(await page.locator('#verdict-height').textContent(), `P(correct) ${expected.height.toFixed(3)}`);
  // Claims aligned to the context are listed with their status.
  assert.equal(await page.locator('#claims li').count(), expected.metadata.claims.length);
  assert.ok(expected.metadata.claims.length >= 1);
  assert.equal(await page.locator('#height').textContent(), expected.height.toFixed(3));
  assert.equal(await page.locator('#q1').textContent(), expected.q1.toFixed(3));
  assert.equal(await page.locator('#q2').textContent(), expected.q2.toFixed(3));
  const [lo, hi] = expected.confidence_interval;
  assert.equal(await page.locator('#interval').textContent(), `95% [${lo.toFixed(3)}, ${hi.toFixed(3)}]`);
  assert.equal(await page.locator('#explanation').textContent(), expected.explanation);
  assert.match(expected.explanation, /White Oleander|1999/);
  // the diagram switched to the audited scope and marks the height
  assert.equal(await page.locator('#scope').inputValue(), expected.metadata.scope);
  assert.equal(await page.locator('#last-height').count(), 1);

  // Every scope's threshold labels are drawn apart (no label printed over another).
  for (const scope of await page.locator('#scope option').evaluateAll((os) => os.map((o) => o.value))) {
    await page.locator('#scope').selectOption(scope);
    const boxes = await page.locator('#reliability text.threshold-label').evaluateAll((ts) => ts.map((t) => {
      const b = t.getBBox();
      return { x: b.x, y: b.y, w: b.width, h: b.height };
    }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        assert.ok(apart, `${scope}: threshold labels overlap ${JSON.stringify(boxes)}`);
      }
    }
  }
  await page.locator('#scope').selectOption(expected.metadata.scope);

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'demo.png'), fullPage: true });

  // the grounded reply scores higher than the invented one
  await page.locator('#text').fill(RIGHT.text);
  await page.locator('#audit').click();
  const rightHeight = Number(await page.locator('#height').textContent());
  assert.ok(rightHeight > expected.height, `${rightHeight} > ${expected.height}`);

  // invalid input shows the field and reason, not a result
  await page.locator('#text').fill('');
  await page.locator('#text').evaluate((t) => t.removeAttribute('required'));
  await page.locator('#audit').click();
  await page.waitForSelector('#input-error:not([hidden])');
  assert.match(await page.locator('#input-error').textContent(), /text: String should have at least 1 character/);

  assert.deepEqual(foreign, [], 'no request left the local server');
  assert.deepEqual(pageErrors, [], 'no errors in the page');
});

test('the semantic tier option loads the model in the page and shows each claim\'s closest sentence', { skip: SKIP }, async () => {
  await page.goto(`${url}/demo/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  await page.locator('#text').fill(PARAPHRASE.text);
  await page.locator('#prompt').fill('');
  await page.locator('#context').fill(PARAPHRASE.context);
  await page.locator('#semantic').check();
  await page.waitForSelector('body[data-semantic="ready"]', { timeout: 180_000 });
  await page.locator('#audit').click();
  await page.waitForSelector('#semantic-box:not([hidden]) li.semantic-claim');

  const { loadSemantic } = await import('epistemic-audit/semantic');
  const semantic = await loadSemantic({ weights: modelFile('model.safetensors'), tokenizer: modelFile('tokenizer.json'), config: modelFile('config.json') });
  const expected = (await loadNode()).audit(PARAPHRASE, { semantic }).metadata.semantic;
  semantic.free();
  assert.equal(expected.claims[0].source.text, SOURCE_SENTENCE);
  const items = page.locator('#semantic-claims li');
  assert.equal(await items.count(), expected.claims.length);
  const first = await items.first().textContent();
  assert.ok(first.includes(`“${SOURCE_SENTENCE}”`), first);
  assert.equal(await items.first().locator('.cosine').textContent(), `cosine ${expected.claims[0].cosine.toFixed(3)}`);
  const shown = Number(await items.first().getAttribute('data-cosine'));
  assert.ok(Math.abs(shown - expected.claims[0].cosine) < 1e-4, `${shown} vs ${expected.claims[0].cosine}`);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'demo-semantic.png'), fullPage: true });
  assert.deepEqual(foreign, [], 'no request left the local server');
  assert.deepEqual(pageErrors, [], 'no errors in the page');
});

test('without the model on the server, the semantic option loads the files the user picks', { skip: SKIP }, async () => {
  const bare = await serve(0, undefined, null); // serves no model: /models/… is 404
  try {
    const p = await context.newPage();
    p.on('pageerror', (e) => pageErrors.push(String(e)));
    // This server is another origin: let the shared route handler through for it too.
    await context.route(`${bare.url}/**`, (route) => route.continue());
    await p.goto(`${bare.url}/demo/`);
    await p.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    await p.locator('#semantic').check();
    await p.waitForSelector('#semantic-files:not([hidden])');
    await p.locator('#semantic-pick').setInputFiles(['model.safetensors', 'tokenizer.json', 'config.json'].map(modelFile));
    await p.waitForSelector('body[data-semantic="ready"]', { timeout: 180_000 });
    await p.locator('#text').fill(PARAPHRASE.text);
    await p.locator('#context').fill(PARAPHRASE.context);
    await p.locator('#audit').click();
    await p.waitForSelector('#semantic-box:not([hidden]) li.semantic-claim');
    assert.ok((await p.locator('#semantic-claims li').first().textContent()).includes(`“${SOURCE_SENTENCE}”`));
    await p.close();
  } finally {
    bare.server.close();
  }
  assert.deepEqual(pageErrors, [], 'no errors in the page');
});
