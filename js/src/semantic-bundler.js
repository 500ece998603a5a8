// Semantic entry for bundlers (`epistemic-audit/semantic` under `import`/`default`): the semantic
// wasm module built with wasm-pack --target bundler (`import … from "…_bg.wasm"`). Model files may
// be bytes, a Response or URLs (fetched).
import { SemanticModel } from '../pkg-semantic-bundler/epistemic_audit_semantic_wasm.js';
import { makeLoadSemantic } from './semantic-common.js';

export { Semantic } from './semantic-common.js';

/** Loads all-MiniLM-L6-v2: `{ weights, tokenizer, config, cacheEntries? }`; see index.d.ts. */
export const loadSemantic = makeLoadSemantic({
  ready: async () => {},
  SemanticModel: () => SemanticModel,
});
