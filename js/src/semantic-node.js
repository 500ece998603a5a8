// Semantic entry for Node (`epistemic-audit/semantic` under the `node` condition): the semantic
// wasm module built with wasm-pack --target nodejs, compiled synchronously on import. Model files
// may be bytes, paths, file: URLs or http(s) URLs (fetched).
import { readFile } from 'node:fs/promises';
import wasm from '../pkg-semantic-node/epistemic_audit_semantic_wasm.js';
import { makeLoadSemantic } from './semantic-common.js';

export { Semantic } from './semantic-common.js';

/** Loads all-MiniLM-L6-v2: `{ weights, tokenizer, config, cacheEntries? }`; see index.d.ts. */
export const loadSemantic = makeLoadSemantic({
  ready: async () => {},
  SemanticModel: () => wasm.SemanticModel,
  readLocal: async (where) => new Uint8Array(await readFile(where)),
});
