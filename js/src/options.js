// `audit(request, { semantic })`, `batch(items, { semantic })`, `compare(request, { semantic })`
// for every main entry: the scorer's result, then `metadata.semantic` filled by a model from
// loadSemantic() (`epistemic-audit/semantic`), as the HTTP service fills it. The semantic numbers
// are reported only: q1, q2, height, the interval, the verdict and a comparison's ranking are the
// scorer's, and `metadata.tier` stays what the scorer says (the service does not change it either).
// Nothing here imports the semantic module: without `{ semantic }` no semantic code is loaded.

function semanticOf(options) {
  if (options === undefined || options === null) return null;
  if (typeof options !== 'object') {
    const e = new Error('options must be an object such as { semantic } (from loadSemantic())');
    e.name = 'SemanticError';
    e.kind = 'options';
    throw e;
  }
  const s = options.semantic;
  if (s === undefined || s === null) return null;
  if (typeof s.align !== 'function' || typeof s.agreement !== 'function') {
    const e = new Error('options.semantic must be the model loadSemantic() returned (import { loadSemantic } from "epistemic-audit/semantic")');
    e.name = 'SemanticError';
    e.kind = 'semantic';
    throw e;
  }
  return s;
}

/** Wraps the wasm module's audit/batch/compare with the `{ semantic }` option. */
export function withSemanticOption({ audit, batch, compare }) {
  return {
    audit(request, options) {
      const semantic = semanticOf(options);
      const r = audit(request);
      if (semantic) r.metadata.semantic = semantic.align(r, request.context);
      return r;
    },
    batch(items, options) {
      const semantic = semanticOf(options);
      const r = batch(items);
      if (semantic) {
        const started = performance.now();
        const list = Array.isArray(items) ? items : items.items;
        r.audits.forEach((a, i) => {
          a.metadata.semantic = semantic.align(a, list[i].context);
        });
        r.summary.processing_time_ms += performance.now() - started;
      }
      return r;
    },
    compare(request, options) {
      const semantic = semanticOf(options);
      const r = compare(request);
      if (semantic) {
        const started = performance.now();
        r.metadata.semantic = semantic.agreement(request);
        r.summary.processing_time_ms += performance.now() - started;
      }
      return r;
    },
  };
}
