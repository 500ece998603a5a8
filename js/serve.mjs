#!/usr/bin/env node
// A tiny static file server for the demo (node:http only, no dependencies, no network beyond the
// loopback listener). Serves this package's folder: open http://127.0.0.1:PORT/demo/
//   node serve.mjs [PORT]        (default 8080; 0 = any free port)
// With SEMANTIC_MODEL_DIR (else EA_MINILM_DIR) set to the directory `bash scripts/fetch-minilm.sh`
// prints, it also serves all-MiniLM-L6-v2's model.safetensors, tokenizer.json and config.json at
// /models/all-minilm-l6-v2/<file>, where the demo's "semantic tier" option loads them from.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.ts': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
};

/** URL path under which the model files are served. */
export const MODEL_PATH = '/models/all-minilm-l6-v2/';
const MODEL_FILES = ['model.safetensors', 'tokenizer.json', 'config.json'];

/**
 * Starts the server on 127.0.0.1:`port`; resolves to {server, url}. `modelDir`: the directory of
 * all-MiniLM-L6-v2 served at MODEL_PATH (default SEMANTIC_MODEL_DIR, else EA_MINILM_DIR; none = 404).
 */
export function serve(port = 0, root = ROOT, modelDir = process.env.SEMANTIC_MODEL_DIR || process.env.EA_MINILM_DIR || null) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file;
      if (path.startsWith(MODEL_PATH)) {
        const name = path.slice(MODEL_PATH.length);
        if (!modelDir || !MODEL_FILES.includes(name)) throw Object.assign(new Error('no model'), { code: 'ENOENT' });
        file = join(modelDir, name);
      } else {
        file = normalize(join(root, path));
        if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      }
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 404 : 500, { 'Content-Type': 'text/plain' });
      res.end(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'not found\n' : 'error\n');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const modelDir = process.env.SEMANTIC_MODEL_DIR || process.env.EA_MINILM_DIR || null;
  const { url } = await serve(Number(process.argv[2] ?? 8080), ROOT, modelDir);
  console.log(`serving ${ROOT} at ${url}/demo/`);
  console.log(modelDir
    ? `serving all-MiniLM-L6-v2 from ${modelDir} at ${url}${MODEL_PATH} (the demo's semantic tier)`
    : 'no SEMANTIC_MODEL_DIR / EA_MINILM_DIR: the demo\'s semantic tier asks for the model files instead');
}
