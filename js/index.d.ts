// Type declarations of the `epistemic-audit` package (written by hand; the same for every entry
// point: `epistemic-audit`, `epistemic-audit/web`, `epistemic-audit/node`, `epistemic-audit/bundler`).
// Field names and meanings are those of the HTTP service's JSON (interface 1.1.0).

/** One token of an answer with its natural-log probability (≤ 0) and optional top alternatives: an element of OpenAI's chat `logprobs.content`. */
export interface TokenLogprob {
  token: string;
  logprob: number;
  /** Up to 20 alternatives at this position. */
  top_logprobs?: { token: string; logprob: number }[] | null;
}

/** An answer to audit. Limits as the service: text 1..20000 characters, context ≤ 100000 (sources, or the question when no prompt is sent), prompt ≤ 20000, model_source ≤ 500, samples 1..20 strings, logprobs 1..10000 tokens. Unknown fields are ignored. */
export interface AuditRequest {
  /** The LLM's answer. */
  text: string;
  /** Retrieved documents the answer should rest on, or the question itself (read as the prompt when it holds no claims of its own). */
  context?: string | null;
  /** The user's question or instruction. */
  prompt?: string | null;
  /** Name of the model that wrote `text`. */
  model_source?: string | null;
  /** Alternative answers sampled from the same model for the same prompt (samples tier). */
  samples?: string[] | null;
  /** Token log-probabilities of `text` under the model that wrote it (logprobs tier). */
  logprobs?: TokenLogprob[] | null;
}

export type Verdict = 'ACCEPT' | 'MAYBE' | 'REFUSED';
export type TaskKind = 'open' | 'qa' | 'dialogue' | 'summarization';

export interface ReliabilityBin {
  /** Lower edge (inclusive) in [0,1]. */
  lo: number;
  /** Upper edge (exclusive; the last bin includes 1). */
  hi: number;
  /** Items whose probability falls in the bin. */
  count: number;
  /** Mean predicted probability in the bin (0 when empty). */
  mean_confidence: number;
  /** Share of correct outcomes in the bin (0 when empty). */
  accuracy: number;
}

export interface Contribution {
  feature: string;
  value: number;
  /** Contribution to the logit of "hallucinated" (nats); positive = less trustworthy. */
  contribution: number;
}

/** One claim of the answer and its best-aligned source sentence (character offsets are Unicode scalar values, end exclusive). */
export interface Claim {
  start: number;
  end: number;
  text: string;
  /** Share in [0,1] of the claim's content words, names and numbers found in the prompt or context. */
  support: number;
  /** The same share within the two best-aligned source sentences (and the prompt). */
  aligned_support: number;
  status: 'supported' | 'unsupported' | 'contradicted';
  source?: { start: number; end: number; text: string };
  /** What contradicts it, e.g. `"1925" vs "1889"`. */
  conflicts?: string[];
  /** True when it contradicts itself (a weekday its own date does not fall on, a value outside the reference range it gives): `source` is then only the closest sentence. Absent otherwise. */
  contradicts_itself?: boolean;
}

export interface AuditResult {
  /** Aleatoric uncertainty in [0,1]. */
  q1: number;
  /** Epistemic uncertainty in [0,1]. */
  q2: number;
  /** Calibrated probability in [0,1] that the text is correct. */
  height: number;
  /** ECE (15 bins) of the scorer's scope on held-out labels. */
  ece: number;
  /** Brier score of the scorer's scope on held-out labels. */
  brier: number;
  verdict: Verdict;
  /** 95% interval for `height` ([lo, hi], lo ≤ height ≤ hi). */
  confidence_interval: [number, number];
  explanation: string;
  metadata: {
    /** Which evidence the score rests on. */
    tier: 'intrinsic' | 'logprobs' | 'samples' | 'combined';
    task: TaskKind;
    scope: string;
    raw_confidence: number;
    calibration: { source: string; n: number; method: 'isotonic' | 'platt'; bins: number; ece: number; brier: number; auroc: number };
    thresholds: {
      accept: number | null;
      refuse: number | null;
      target_risk: number;
      confidence: number;
      accept_risk_bound: number | null;
      accept_coverage: number;
      refuse_risk_bound: number | null;
      refuse_coverage: number;
      method: 'SGR';
      source: string;
    };
    interval: { method: 'jeffreys' | 'jeffreys+bootstrap'; level: number; n_bin: number };
    features: Record<string, number>;
    top_contributions: Contribution[];
    model_source?: string;
    scorer_version: string;
    /** The upstream call that produced the evidence (HTTP service only). */
    upstream?: { protocol: 'tgi' | 'openai'; model: string; k: number; logprobs: boolean };
    /** How `context` was read: absent, the question/instruction (judged as open), or sources. */
    context_role: 'none' | 'prompt' | 'source';
    /** Where the sources lie in the request: the whole `context`, the passage of it a contract-only client put its question around, or the passage of `prompt` when no context stated facts ("Context: … Question: …"); character offsets, end exclusive, into that field, as are the claims' `source` spans. Absent without sources. */
    sources?: { field: 'prompt' | 'context'; start: number; end: number };
    /** The answer's claims aligned to the sources (empty without sources). */
    claims: Claim[];
    /** Covariate shift of the input against the scope's calibration data. */
    shift: {
      measure: 'feature_range';
      /** Nats of the logit resting on feature values outside the calibration range (the score uses them clamped). */
      extrapolation: number;
      /** The part of it on the trustworthy side: what fires the shift. */
      toward_correct: number;
      threshold: number;
      /** Height shrunk toward `base_rate`, interval widened, verdict MAYBE. */
      fired: boolean;
      base_rate: number;
      /** The out-of-range features, in words. */
      outside: string[];
      /** Share of the answer's word uni-/bigrams in the model's vocabulary (n-gram kinds only). */
      ngram_coverage?: number;
    };
    /**
     * The semantic tier (sentence embeddings, all-MiniLM-L6-v2). Without `{ semantic }` (a model
     * from `loadSemantic()` of `epistemic-audit/semantic`) it is `{ran: false, reason: "no
     * sentence-embedding model is loaded", …}`; with it, the claims aligned to the context's
     * sentences as the HTTP service computes them when started with SEMANTIC_MODEL_DIR. The
     * alignment is reported only: it never changes q1, q2, height, the verdict or `tier`.
     */
    semantic: SemanticInfo;
    /**
     * How the samples were compared (absent without samples): "lexical" (the default), "nli", or
     * "embedding" (with `{ semantic }`, as the service with SEMANTIC_MODEL_DIR: the samples and
     * combined tiers then use their semantic models, which cluster the samples by meaning and
     * read the share of samples outside the text's meaning, `features.semantic_support`).
     */
    samples_equivalence?: 'lexical' | 'nli' | 'embedding';
  };
  /** Always "local" in this package ("managed" / "byo-hf" come from the HTTP service). */
  mode: 'local' | 'managed' | 'byo-hf';
  /** Always 0 in this package. */
  upstream_latency_ms: number;
}

export interface BatchSummary {
  total: number;
  accept: number;
  maybe: number;
  refused: number;
  avg_q1: number;
  avg_q2: number;
  avg_height: number;
  /** Wall time of the batch in milliseconds (performance.now()). */
  processing_time_ms: number;
}

export interface BatchResponse {
  audits: AuditResult[];
  summary: BatchSummary;
}

/** The body of /v1/compare. */
export interface CompareRequest {
  /** The prompt all answers respond to (≤ 20000 characters). */
  prompt: string;
  /** 2..10 answers with distinct model names. */
  responses: { model: string; text: string; samples?: string[] | null; logprobs?: TokenLogprob[] | null }[];
}

/** One model's audit inside a comparison. */
export interface ModelComparison {
  model: string;
  q1: number;
  q2: number;
  height: number;
  ece: number;
  brier: number;
  verdict: 'ACCEPT' | 'MAYBE' | 'REFUSED';
  explanation: string;
  /** Mean lexical similarity in [0,1] with the other answers, compared as answers to the prompt (its words left out). */
  agreement: number;
  /** 95% interval of `height`. */
  confidence_interval: [number, number];
}

/** `metadata.semantic` of an audit (see AuditResult.metadata.semantic). */
export interface SemanticInfo {
  ran: boolean;
  model: 'all-MiniLM-L6-v2';
  /** Why it did not run (absent when it ran). */
  reason?: string;
  /** Word pieces of the claims and source sentences used; 0 when it did not run. */
  word_pieces: number;
  /** Per claim of `metadata.claims`: the source sentence of highest cosine, and that cosine in [-1, 1]. */
  claims: { claim: number; source: { start: number; end: number; text: string }; cosine: number }[];
}

/** The /v1/compare response (mode "local"). */
export interface CompareResponse {
  prompt: string;
  comparisons: ModelComparison[];
  /** Best first; models whose height intervals overlap share a rank (1, 1, 3). */
  ranking: {
    rank: number;
    model: string;
    q2: number;
    height: number;
    verdict: 'ACCEPT' | 'MAYBE' | 'REFUSED';
    confidence_interval: [number, number];
    /** Within the scores' uncertainty of the first-ranked model. */
    tied_with_best: boolean;
  }[];
  best_model: string;
  summary: {
    total_models: number;
    best_model: string;
    best_q2: number;
    avg_q2: number;
    q2_range: number;
    /** False when another model ties with best_model within the scores' uncertainty. */
    decisive: boolean;
    /** The models tied with the first-ranked one (itself included). */
    tied_models: string[];
    /** Wall time in milliseconds (performance.now()). */
    processing_time_ms: number;
  };
  /** Semantic agreement between the answers: "did not run" unless compare() got `{ semantic }`. */
  metadata: {
    semantic: CompareSemantic;
  };
}

/** `metadata.semantic` of a comparison: the answers' cosines (the ranking reads them through the samples models, not these means). */
export interface CompareSemantic {
  ran: boolean;
  model: 'all-MiniLM-L6-v2';
  /** Why it did not run (absent when it ran). */
  reason?: string;
  /** Word pieces of the answers embedded; 0 when it did not run. */
  word_pieces: number;
  /** pairwise[i][j]: cosine of answers i and j (request order). */
  pairwise: number[][];
  /** Per answer: its mean cosine with the others. */
  answers: { model: string; agreement: number }[];
}

/**
 * The second argument of audit, batch and compare. `semantic`: a model from `loadSemantic()`
 * (`import { loadSemantic } from 'epistemic-audit/semantic'`); the result's `metadata.semantic` is
 * then computed with it. Anything else than such a model throws an Error named SemanticError
 * (kind "semantic"; kind "options" when `options` is not an object).
 */
export interface AuditOptions {
  semantic?: import('./semantic.js').Semantic | null;
}

/** One failing field, as in the service's 422 body. */
export interface FieldError {
  /** Path to the failing value: ["body","text"], ["body","items",3,"text"], ["probs",2] … */
  loc: (string | number)[];
  msg: string;
  /** missing, string_type, string_too_short, string_too_long, dict_type, list_type, too_short, too_long, float_type, finite_number, probability_range, bool_type, length_mismatch, int_range, literal_error, value_error, json_invalid */
  type: string;
}

/** What every function of this package throws on invalid input. */
export interface ValidationError extends Error {
  name: 'ValidationError';
  detail: FieldError[];
}

export type Numbers = ArrayLike<number>;
/** true / 1 = correct (or positive); false / 0 = incorrect (or negative). */
export type Labels = ArrayLike<boolean | 0 | 1>;

/** A fitted calibrator (from `fitCalibrator`). */
export interface Calibrator {
  readonly method: 'isotonic' | 'platt';
  /** Probability in [0,1] for a raw score (or an array of them); monotone non-decreasing. */
  predict(score: number): number;
  predict(scores: Numbers): number[];
  /** Fitted parameters: {method:"platt", a, b} (p = 1/(1+exp(a·s+b))) or {method:"isotonic", x, y, n}. */
  toJSON(): { method: 'platt'; a: number; b: number } | { method: 'isotonic'; x: number[]; y: number[]; n: number[] };
  /** Releases the wasm memory now (otherwise done by the garbage collector). */
  free(): void;
}

export interface ScopeCalibration {
  /** "intrinsic/<task>", as metadata.scope. */
  scope: string;
  task: TaskKind;
  source: string;
  n: number;
  method: 'isotonic' | 'platt';
  ece: number;
  brier: number;
  auroc: number;
  /** ACCEPT when height ≥ accept (null: no accept region). */
  accept: number | null;
  /** REFUSED when height ≤ refuse (null: no refuse region). */
  refuse: number | null;
  bins: ReliabilityBin[];
}

/**
 * Loads the WebAssembly module. Required once before any other call with the `web` entry (the
 * browser condition); a resolved no-op with the `node` and `bundler` entries. `input` (web only):
 * the .wasm URL, Response, BufferSource or WebAssembly.Module (default: next to the JS file).
 */
export function init(input?: unknown): Promise<void>;

/** Audits one answer; the result is the service's /v1/audit body with mode "local" (with `options.semantic`, `metadata.semantic` as the service computes it). Throws ValidationError. */
export function audit(request: AuditRequest, options?: AuditOptions): AuditResult;
/**
 * As `audit`, with the samples compared by embedding: `cosines` is the row-major (K+1)×(K+1)
 * cosine matrix of `[text, samples…]` from `Semantic.sampleCosines` (null/undefined: lexical, as
 * `audit`). `audit(request, { semantic })` calls it for you. Throws ValidationError, or an Error
 * named InvalidInputError when `cosines` does not fit the request's samples.
 */
export function auditJudged(request: AuditRequest, cosines?: ArrayLike<number> | null): AuditResult;

/** Audits 1..100 answers (an array or {items}); the service's /v1/batch body (`options.semantic` as for audit; its time is in processing_time_ms). Throws ValidationError. */
export function batch(items: AuditRequest[] | { items: AuditRequest[] }, options?: AuditOptions): BatchResponse;

/**
 * Audits and ranks 2..10 answers to one prompt, each with its own samples and the others as its
 * samples; the service's /v1/compare body. With `options.semantic` the answers and samples are
 * embedded and compared by meaning (the semantic samples models, as the service with
 * SEMANTIC_MODEL_DIR), and `metadata.semantic` holds the answers' pairwise cosines; without it
 * they are compared lexically. Throws ValidationError, or an Error named InvalidInputError for
 * duplicate model names (the service's 400).
 */
export function compare(request: CompareRequest, options?: AuditOptions): CompareResponse;

/** Expected calibration error with `bins` (default 15) equal-width bins; 0 for empty input. */
export function ece(probs: Numbers, outcomes: Labels, bins?: number): number;
/** Mean squared error of the probabilities against outcomes (1 = correct). */
export function brier(probs: Numbers, outcomes: Labels): number;
/** Reliability-diagram bins (default 15). */
export function reliabilityBins(probs: Numbers, outcomes: Labels, bins?: number): ReliabilityBin[];
/** AUROC: P(a random positive outscores a random negative), ties ½; 0.5 when a class is empty. */
export function auroc(scores: Numbers, positives: Labels): number;
/** Average precision (step-wise); 0 without positives. */
export function auprc(scores: Numbers, positives: Labels): number;
/** Fits isotonic (PAV, default) or Platt calibration of outcomes on raw scores. */
export function fitCalibrator(scores: Numbers, outcomes: Labels, method?: 'isotonic' | 'platt'): Calibrator;
/** Per-scope calibration of the embedded model, with its reliability bins. */
export function referenceCalibration(): ScopeCalibration[];
/** Package, interface and embedded-model versions. */
export function version(): { package: string; interface: string; scorer: string };
