// Node entry (wasm-pack target `nodejs`): the module is compiled synchronously on import (CommonJS
// glue in pkg-node, imported here as ESM). `init()` is a no-op for symmetry with the web entry.
// audit/batch/compare take an optional `{ semantic }` (options.js; the semantic module is loaded
// only by `epistemic-audit/semantic`).
import wasm from '../pkg-node/epistemic_audit_wasm.js';
import { withSemanticOption } from './options.js';

export const {
  ece, brier, reliabilityBins, auroc, auprc, fitCalibrator, referenceCalibration, version, auditJudged,
} = wasm;
export const { audit, batch, compare } = withSemanticOption(wasm);

/** No-op: the module is ready on import. */
export async function init() {}
