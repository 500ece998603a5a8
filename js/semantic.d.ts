// Type declarations of `epistemic-audit/semantic` (and `/semantic/web`, `/semantic/node`,
// `/semantic/bundler`): the semantic tier (DESIGN §2.6) — all-MiniLM-L6-v2 sentence embeddings in a
// WebAssembly module of its own (candle), loaded only when this entry is imported.
import type { AuditResult, CompareRequest, CompareSemantic, SemanticInfo } from './index.js';

/** Where one model file comes from: its bytes, a Blob (e.g. a picked File), a fetch Response, or a URL (fetched; in Node also a path or file: URL, read from disk). */
export type ModelSource = Uint8Array | ArrayBuffer | ArrayBufferView | Blob | Response | URL | string;

export interface LoadSemanticOptions {
  /** `model.safetensors` of all-MiniLM-L6-v2 (90.9 MB; `bash scripts/fetch-minilm.sh` unpacks it). */
  weights: ModelSource;
  /** Its `tokenizer.json`. */
  tokenizer: ModelSource;
  /** Its `config.json`. */
  config: ModelSource;
  /** Most source-sentence embeddings kept for later audits against the same context (default 10 000, ≈ 1.6 KB each; 0 = none). */
  cacheEntries?: number;
  /** Web entry only: where the semantic .wasm comes from (URL, Response, BufferSource or WebAssembly.Module; default next to its JS file). */
  module?: unknown;
}

/** What every function here throws: `kind` names the bad input or the failing step. */
export interface SemanticError extends Error {
  name: 'SemanticError';
  /** "options", "weights", "tokenizer", "config", "cacheEntries", "module" (web: the semantic .wasm could not be loaded), "inference", "result", "context", "request", "texts", "text", "contextRole", "agreement", or (audit/batch/compare) "semantic". */
  kind: string;
}

/** all-MiniLM-L6-v2, loaded. Pass it as `{ semantic }` to audit, batch and compare of the main entry. */
export declare class Semantic {
  private constructor();
  /** "all-MiniLM-L6-v2". */
  readonly model: 'all-MiniLM-L6-v2';
  /** Width of an embedding: 384. */
  readonly dim: number;
  /** Source sentences whose embeddings are cached now. */
  readonly cacheSize: number;
  /** Empties the source-sentence cache. */
  clearCache(): void;
  /** `texts.length × 384` unit-length embeddings, row-major (mean pooling + L2 norm; each text truncated at 256 word pieces). Dot product = cosine. */
  embed(texts: string[]): Float32Array;
  /** Word pieces the model reads for `text` ([CLS]/[SEP] included, at most 256). */
  tokenCount(text: string): number;
  /** `metadata.semantic` of an audit result for the request's `context` and `prompt`, as the HTTP service computes it (each claim aligned to the sources' sentence of highest cosine; the sources are the passage of the context or the prompt that `metadata.sources` marks). */
  align(result: AuditResult, context?: string | null, prompt?: string | null): SemanticInfo;
  /** The samples tier's cosines of `[text, samples…]`: (K+1)² numbers in [-1, 1], row-major (the input of `auditJudged`). Throws SemanticError (kind "answers") for fewer than two strings. */
  sampleCosines(answers: string[]): Float64Array;
  /** `metadata.semantic` of a comparison: pairwise cosines of the answers and each one's mean cosine with the others. */
  agreement(request: Pick<CompareRequest, 'responses'>): CompareSemantic;
  /** Releases the model's wasm memory now (otherwise the garbage collector does). */
  free(): void;
}

/**
 * Loads all-MiniLM-L6-v2 from bytes or URLs (the semantic .wasm module too, on the web entry).
 * Rejects with a SemanticError whose `kind` names the file ("weights", "tokenizer", "config") that
 * is missing, cannot be fetched or read, or is not the model.
 */
export function loadSemantic(options: LoadSemanticOptions): Promise<Semantic>;
