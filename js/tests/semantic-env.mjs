// What the semantic tests share: the model directory (EA_MINILM_DIR, which scripts/test.sh and
// scripts/test-js.sh set from `bash scripts/fetch-minilm.sh`), the native reference — the real
// HTTP service started with SEMANTIC_MODEL_DIR on a free loopback port — and a JSON comparison
// with a tolerance for numbers.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The model directory, or null when EA_MINILM_DIR is unset (the tests then skip, saying so). */
export const MODEL_DIR = process.env.EA_MINILM_DIR || null;
/** The reason the semantic tests are skipped, or false. */
export const SKIP = MODEL_DIR
  ? false
  : 'EA_MINILM_DIR is not set: the semantic tests need all-MiniLM-L6-v2 — run `export EA_MINILM_DIR=$(bash scripts/fetch-minilm.sh | tail -n1)` from the repository root (scripts/test.sh and scripts/test-js.sh do)';

/** Throws, naming the file and what to run, when the model directory lacks a model file. */
export function modelFile(name) {
  const f = join(MODEL_DIR, name);
  if (!existsSync(f)) throw new Error(`${f} is missing (EA_MINILM_DIR=${MODEL_DIR}): run \`bash scripts/fetch-minilm.sh\``);
  return f;
}

// issue 13's example: a paraphrase with no content word in common with its source sentence
// beyond the name (the same passage as server/tests/semantic.rs).
export const PASSAGE = 'The Amazon River flows through Brazil, Peru and Colombia. '
  + 'The Amazon is the largest river in the world by discharge volume of water. '
  + 'Its basin covers about seven million square kilometres. '
  + 'The Nile is often cited as the longest river on Earth. '
  + 'Manaus is the largest city on the Amazon.';
export const PARAPHRASE = { text: 'No other river carries as much water as the Amazon.', context: PASSAGE };
export const SOURCE_SENTENCE = 'The Amazon is the largest river in the world by discharge volume of water.';

/** The built `epistemic-audit` binary: $EPISTEMIC_AUDIT_BIN, else a release build in the target dir. */
function binary() {
  if (process.env.EPISTEMIC_AUDIT_BIN) return process.env.EPISTEMIC_AUDIT_BIN;
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'epistemic-audit-server'], { cwd: repo, stdio: 'inherit' });
  return join(process.env.CARGO_TARGET_DIR ?? join(repo, 'target'), 'release', 'epistemic-audit');
}

/**
 * Starts `epistemic-audit serve` with SEMANTIC_MODEL_DIR = the model directory on a free port, in
 * open mode with a fresh SQLite feedback store; resolves to {post(path, body) → JSON, close()}.
 */
export async function nativeServer() {
  const dir = mkdtempSync(join(tmpdir(), 'ea-semantic-'));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? dir,
    SEMANTIC_MODEL_DIR: MODEL_DIR,
    FEEDBACK_DB_PATH: join(dir, 'feedback.sqlite'),
  };
  const child = spawn(binary(), ['serve', '--host', '127.0.0.1', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stderr.on('data', (d) => { logs += d; });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s; logs:\n${logs}`)), 120_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(`http://${m[1]}`);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening; logs:\n${logs}`));
    });
  });
  return {
    async post(path, body) {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`POST ${path}: HTTP ${res.status}: ${text}`);
      return JSON.parse(text);
    },
    close() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Differences between two JSON values: numbers within `tol`, everything else exactly. */
export function diff(a, b, tol, path = '', out = []) {
  if (typeof a === 'number' && typeof b === 'number') {
    if (!(Math.abs(a - b) <= tol)) out.push(`${path}: ${a} vs ${b}`);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: length ${a.length} vs ${b.length}`);
    else a.forEach((x, i) => diff(x, b[i], tol, `${path}[${i}]`, out));
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in a) || !(k in b)) out.push(`${path}.${k}: present on one side only`);
      else diff(a[k], b[k], tol, `${path}.${k}`, out);
    }
  } else if (a !== b) out.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  return out;
}
