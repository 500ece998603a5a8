// `audit(request, { semantic })`, `batch(items, { semantic })`, `compare(request, { semantic })`
// for every main entry, as the HTTP service with SEMANTIC_MODEL_DIR: a request with samples has
// its text and samples embedded by the model from loadSemantic() (`epistemic-audit/semantic`) and
// the scorer clusters the samples by meaning (its semantic samples models;
// `metadata.samples_equivalence` = "embedding"), as it does for the answers of a comparison, which
// are each other's samples; then `metadata.semantic` is filled with the claims aligned to the
// context (reported only), or with a comparison's agreement. Nothing here imports the semantic
// module: without `{ semantic }` no semantic code is loaded.

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
  if (typeof s.align !== 'function' || typeof s.agreement !== 'function' || typeof s.sampleCosines !== 'function') {
    const e = new Error('options.semantic must be the model loadSemantic() returned (import { loadSemantic } from "epistemic-audit/semantic")');
    e.name = 'SemanticError';
    e.kind = 'semantic';
    throw e;
  }
  return s;
}

/**
 * The flat cosine matrix of `request`'s `[text, samples…]` by `semantic`, or undefined when the
 * request has no samples (or is not an object: the wasm module's validation reports that).
 */
function cosinesOf(semantic, request) {
  const samples = request?.samples;
  if (typeof request?.text !== 'string' || !Array.isArray(samples) || samples.length === 0
    || !samples.every((s) => typeof s === 'string')) {
    return undefined;
  }
  return semantic.sampleCosines([request.text, ...samples]);
}

/**
 * The texts of a comparison in the order of its cosine matrix (core's `compare::answer_texts`):
 * every response's text, then every response's own samples, response by response. Undefined when
 * the request is not well formed (the wasm module's validation reports that).
 */
function compareTextsOf(request) {
  const responses = request?.responses;
  if (!Array.isArray(responses) || responses.length < 2 || !responses.every((r) => typeof r?.text === 'string'
    && (r.samples === undefined || r.samples === null
      || (Array.isArray(r.samples) && r.samples.every((s) => typeof s === 'string'))))) {
    return undefined;
  }
  return [...responses.map((r) => r.text), ...responses.flatMap((r) => r.samples ?? [])];
}

/** Wraps the wasm module's audit/auditJudged/batch/compare with the `{ semantic }` option. */
export function withSemanticOption({ audit, auditJudged, batch, compare }) {
  return {
    audit(request, options) {
      const semantic = semanticOf(options);
      if (!semantic) return audit(request);
      const r = auditJudged(request, cosinesOf(semantic, request));
      r.metadata.semantic = semantic.align(r, request.context, request.prompt);
      return r;
    },
    batch(items, options) {
      const semantic = semanticOf(options);
      if (!semantic) return batch(items);
      // The batch measures its own scoring time; the embedding before and the alignment after
      // are added to it, as the service's processing_time_ms covers both.
      let started = performance.now();
      const list = Array.isArray(items) ? items : items?.items;
      const cosines = Array.isArray(list) ? list.map((item) => cosinesOf(semantic, item) ?? null) : undefined;
      let extra = performance.now() - started;
      const r = batch(items, cosines);
      started = performance.now();
      r.audits.forEach((a, i) => {
        a.metadata.semantic = semantic.align(a, list[i].context, list[i].prompt);
      });
      extra += performance.now() - started;
      r.summary.processing_time_ms += extra;
      return r;
    },
    compare(request, options) {
      const semantic = semanticOf(options);
      if (!semantic) return compare(request);
      // The embedding before and the agreement after are added to the scoring time, as the
      // service's processing_time_ms covers both.
      let started = performance.now();
      const texts = compareTextsOf(request);
      const cosines = texts ? semantic.sampleCosines(texts) : undefined;
      let extra = performance.now() - started;
      const r = compare(request, cosines);
      started = performance.now();
      r.metadata.semantic = semantic.agreement(request);
      extra += performance.now() - started;
      r.summary.processing_time_ms += extra;
      return r;
    },
  };
}
