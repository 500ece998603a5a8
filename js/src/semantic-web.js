// Semantic entry for browsers (`epistemic-audit/semantic` under the `browser` condition): the
// semantic wasm module built with wasm-pack --target web, fetched next to its JS file on the first
// loadSemantic() (or from `options.module`). Model files may be bytes, a Response or URLs (fetched).
import wasmInit, { SemanticModel } from '../pkg-semantic-web/epistemic_audit_semantic_wasm.js';
import { makeLoadSemantic } from './semantic-common.js';

export { Semantic } from './semantic-common.js';

let ready = null;

/** Loads all-MiniLM-L6-v2: `{ weights, tokenizer, config, cacheEntries?, module? }`; see index.d.ts. */
export const loadSemantic = makeLoadSemantic({
  ready: (module) => {
    // A failed load is not kept: the next loadSemantic() tries again (e.g. with another `module`).
    ready ??= wasmInit(module === undefined ? undefined : { module_or_path: module }).catch((e) => {
      ready = null;
      throw e;
    });
    return ready;
  },
  SemanticModel: () => SemanticModel,
});
