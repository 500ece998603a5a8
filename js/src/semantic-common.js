// The semantic tier of the npm package (DESIGN §2.6), shared by the three semantic entries
// (semantic-node.js, semantic-web.js, semantic-bundler.js): loading all-MiniLM-L6-v2 from bytes or
// URLs, and the `Semantic` object that fills `metadata.semantic` of audit, batch and compare
// results the way the HTTP service does (the arithmetic is core's, inside the semantic wasm module).
// The main entries never import this file: the semantic module is loaded only by loadSemantic().

const MODEL = 'all-MiniLM-L6-v2';
const FILES = [
  ['weights', 'model.safetensors'],
  ['tokenizer', 'tokenizer.json'],
  ['config', 'config.json'],
];

/** An Error named SemanticError whose `kind` names the bad input (as the wasm module's errors). */
export function semanticError(kind, message) {
  const e = new Error(message);
  e.name = 'SemanticError';
  e.kind = kind;
  return e;
}

const hasScheme = (s) => /^[a-z][a-z0-9+.-]+:/i.test(s);

/**
 * The bytes of one model file from what the caller passed: a Uint8Array (used as is), another
 * ArrayBuffer view or an ArrayBuffer, a Blob (a picked File), a Response, a URL, or a string URL. `readLocal(pathOrUrl)`
 * (Node only) reads `file:` URLs and plain paths; everything else is fetched.
 */
async function toBytes(source, kind, file, readLocal) {
  if (source === undefined || source === null) {
    throw semanticError(kind, `loadSemantic: \`${kind}\` is missing (${file} of ${MODEL}: its bytes or a URL)`);
  }
  if (source instanceof Uint8Array) return source;
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (typeof Blob !== 'undefined' && source instanceof Blob) return new Uint8Array(await source.arrayBuffer());
  if (typeof source.arrayBuffer === 'function' && typeof source.ok === 'boolean') {
    if (!source.ok) throw semanticError(kind, `loadSemantic: \`${kind}\` (${file}): the response is HTTP ${source.status}`);
    return new Uint8Array(await source.arrayBuffer());
  }
  const isUrl = source instanceof URL;
  if (!isUrl && typeof source !== 'string') {
    throw semanticError(kind, `loadSemantic: \`${kind}\` (${file}) must be a Uint8Array, ArrayBuffer, Blob, Response, URL or URL string, got ${Object.prototype.toString.call(source)}`);
  }
  const where = String(source);
  if (readLocal && ((isUrl && source.protocol === 'file:') || (!isUrl && !hasScheme(where)))) {
    try {
      return await readLocal(source);
    } catch (e) {
      throw semanticError(kind, `loadSemantic: \`${kind}\` (${file}): cannot read ${where}: ${e.message}`);
    }
  }
  let res;
  try {
    res = await fetch(source);
  } catch (e) {
    throw semanticError(kind, `loadSemantic: \`${kind}\` (${file}): fetching ${where} failed: ${e.message}`);
  }
  if (!res.ok) throw semanticError(kind, `loadSemantic: \`${kind}\` (${file}): fetching ${where} gave HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** all-MiniLM-L6-v2 loaded by loadSemantic(); pass it as `{ semantic }` to audit/batch/compare. */
export class Semantic {
  #model;

  constructor(model) {
    this.#model = model;
  }

  /** "all-MiniLM-L6-v2". */
  get model() {
    return MODEL;
  }

  /** Width of an embedding: 384. */
  get dim() {
    return this.#model.dim;
  }

  /** Source sentences whose embeddings are cached now. */
  get cacheSize() {
    return this.#model.cacheSize;
  }

  /** Empties the source-sentence cache. */
  clearCache() {
    this.#model.clearCache();
  }

  /** texts.length × 384 unit-length embeddings, row-major (Float32Array). */
  embed(texts) {
    if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
      throw semanticError('texts', 'embed(texts): texts must be an array of strings');
    }
    return this.#model.embed(texts);
  }

  /** Word pieces the model reads for `text` ([CLS]/[SEP] included, at most 256). */
  tokenCount(text) {
    if (typeof text !== 'string') throw semanticError('text', 'tokenCount(text): text must be a string');
    return this.#model.tokenCount(text);
  }

  /**
   * `metadata.semantic` of an audit result (from audit() or batch()) for its request's `context`
   * and `prompt`: each claim of `result.metadata.claims` aligned to the sources' sentence of
   * highest cosine, as the HTTP service computes it (the sources are the passage of the context or
   * the prompt that `metadata.sources` marks). Throws a SemanticError of kind "result"
   * when `result` is not an audit result, "context" or "prompt" when that argument is neither a
   * string nor null/undefined.
   */
  align(result, context, prompt) {
    const md = result?.metadata;
    if (!md || !Array.isArray(md.claims) || typeof md.context_role !== 'string') {
      throw semanticError('result', 'align(result, context): result must be an audit result (with metadata.claims and metadata.context_role)');
    }
    if (context !== undefined && context !== null && typeof context !== 'string') {
      throw semanticError('context', 'align(result, context): context must be a string, null or undefined');
    }
    if (prompt !== undefined && prompt !== null && typeof prompt !== 'string') {
      throw semanticError('prompt', 'align(result, context, prompt): prompt must be a string, null or undefined');
    }
    const sources = md.sources;
    return this.#model.align(
      md.claims.map((c) => c.text),
      sources?.field,
      sources?.start,
      sources?.end,
      prompt ?? undefined,
      context ?? undefined,
    );
  }

  /**
   * The samples tier's cosines of `answers` = `[text, samples…]`: a Float64Array of (K+1)²
   * numbers, row-major, each in [-1, 1] (what `auditJudged` of the main module and the `{ semantic
   * }` option of audit/batch read). Throws a SemanticError of kind "answers" unless `answers` is an
   * array of at least two strings.
   */
  sampleCosines(answers) {
    if (!Array.isArray(answers) || answers.length < 2 || !answers.every((t) => typeof t === 'string')) {
      throw semanticError('answers', 'sampleCosines(answers): answers must be an array of the text and at least one sample (strings)');
    }
    return this.#model.sampleCosines(answers);
  }

  /**
   * `metadata.semantic` of a comparison: pairwise cosines of the answers of `request.responses`
   * (request order) and each answer's mean cosine with the others. Throws a SemanticError of kind
   * "request" when `request` has no `responses` array of {model, text}.
   */
  agreement(request) {
    const rs = request?.responses;
    if (!Array.isArray(rs) || !rs.every((r) => typeof r?.model === 'string' && typeof r?.text === 'string')) {
      throw semanticError('request', 'agreement(request): request.responses must be an array of {model, text} strings');
    }
    return this.#model.agreement(rs.map((r) => r.model), rs.map((r) => r.text));
  }

  /** Releases the model's wasm memory now (otherwise the garbage collector does). */
  free() {
    this.#model.free();
  }
}

/**
 * The `loadSemantic` of one entry. `ready(module)` loads the wasm module (web: fetch/instantiate,
 * once); `SemanticModel()` returns the wasm class once ready; `readLocal` reads a path or file: URL
 * (Node) or is null.
 */
export function makeLoadSemantic({ ready, SemanticModel, readLocal = null }) {
  return async function loadSemantic(options) {
    if (options === null || typeof options !== 'object') {
      throw semanticError('options', 'loadSemantic(options): options must be an object { weights, tokenizer, config } (bytes or URLs of all-MiniLM-L6-v2\'s files)');
    }
    const { cacheEntries } = options;
    if (cacheEntries !== undefined && !(Number.isInteger(cacheEntries) && cacheEntries >= 0 && cacheEntries <= 0xffffffff)) {
      throw semanticError('cacheEntries', 'loadSemantic: cacheEntries must be a whole number ≥ 0');
    }
    const module = Promise.resolve()
      .then(() => ready(options.module))
      .catch((e) => {
        throw semanticError('module', `loadSemantic: the semantic WebAssembly module could not be loaded (${e?.message ?? e}); pass \`module\` (its URL or bytes) if it is not next to the package's JS`);
      });
    const [bytes] = await Promise.all([
      Promise.all(FILES.map(([kind, file]) => toBytes(options[kind], kind, file, readLocal))),
      module,
    ]);
    const Model = SemanticModel();
    return new Semantic(new Model(bytes[0], bytes[1], bytes[2], cacheEntries));
  };
}
