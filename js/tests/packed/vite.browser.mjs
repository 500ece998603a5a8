// The packed package inside a fresh vite project, built and opened in headless Chromium
// (scripts/test-npm-pack.sh runs it): the page imports `epistemic-audit/web`, awaits init() and
// audits one answer; the height it renders must equal the Node entry's for the same request.
//   node js/tests/packed/vite.browser.mjs DIST_DIR EXPECTED_HEIGHT
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../serve.mjs';

const [dist, expected] = process.argv.slice(2);
const { server, url } = await serve(0, resolve(dist));
const userDataDir = mkdtempSync(join(tmpdir(), 'ea-vite-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const foreign = [];
const errors = [];
try {
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(url + '/')) return route.continue();
    foreign.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}/`);
  await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
  assert.equal(await page.locator('body').getAttribute('data-ready'), 'true', await page.locator('body').textContent());
  const height = await page.locator('body').getAttribute('data-height');
  assert.equal(height, expected, 'the vite build gives the Node entry\'s height');
  assert.deepEqual(foreign, [], 'no request left the local server');
  assert.deepEqual(errors, [], 'no errors in the page');
  console.log(`vite build in Chromium: height ${height}, verdict ${await page.locator('body').getAttribute('data-verdict')}`);
} finally {
  await context.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
