// The three builds behind the package's export conditions give the same results.
//   node    → src/node.js    (pkg-node, wasm-pack --target nodejs)
//   browser → src/web.js     (pkg-web, --target web; also `epistemic-audit/web`)
//   import/default → src/bundler.js (pkg-bundler, --target bundler; imports the .wasm as an ES
//   module, which Node runs with --experimental-wasm-modules — standing in for a bundler here)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadNode, loadWeb } from './entries.mjs';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const REQ = { text: 'The Eiffel Tower was completed in 1889.', prompt: 'When was the Eiffel Tower built?' };

function resolveWith(conditions) {
  const args = [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e',
    "console.log(import.meta.resolve('epistemic-audit'))"];
  return execFileSync(process.execPath, args, { cwd: pkgDir, encoding: 'utf8' }).trim();
}

test('export conditions pick the right build', () => {
  assert.match(resolveWith([]), /\/src\/node\.js$/);
  assert.match(resolveWith(['browser']), /\/src\/node\.js$/); // node wins under Node
});

test('the bundler build, imported as ES modules, equals the node and web builds', async () => {
  const code = `import { init, audit } from 'epistemic-audit/bundler'; await init(); process.stdout.write(JSON.stringify(audit(${JSON.stringify(REQ)})));`;
  const out = execFileSync(process.execPath, ['--no-warnings', '--experimental-wasm-modules', '--input-type=module', '-e', code], { cwd: pkgDir, encoding: 'utf8' });
  const fromBundler = JSON.parse(out);
  const node = (await loadNode()).audit(REQ);
  const web = (await loadWeb()).audit(REQ);
  assert.deepEqual(fromBundler, JSON.parse(JSON.stringify(node)));
  assert.deepEqual(web, node);
});
