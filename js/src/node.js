// Node entry (wasm-pack target `nodejs`): the module is compiled synchronously on import (CommonJS
// glue in pkg-node, imported here as ESM). `init()` is a no-op for symmetry with the web entry.
import wasm from '../pkg-node/epistemic_audit_wasm.js';

export const {
  audit, batch, compare, ece, brier, reliabilityBins, auroc, auprc, fitCalibrator, referenceCalibration, version,
} = wasm;

/** No-op: the module is ready on import. */
export async function init() {}
