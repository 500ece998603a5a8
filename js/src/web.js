// Browser entry (wasm-pack target `web`): `await init()` once, then call the functions.
// The .wasm is fetched next to pkg-web/epistemic_audit_wasm.js (new URL(…, import.meta.url)),
// so it works from any static file server and with bundlers that understand import.meta.url.
// audit/batch/compare take an optional `{ semantic }` (options.js; the semantic module is loaded
// only by `epistemic-audit/semantic`).
import wasmInit, * as wasm from '../pkg-web/epistemic_audit_wasm.js';
import { withSemanticOption } from './options.js';

let ready = null;
let loaded = false;

/** Loads the module once; `input` optionally overrides where the .wasm comes from. */
export function init(input) {
  ready ??= wasmInit(input === undefined ? undefined : { module_or_path: input }).then(() => {
    loaded = true;
  });
  return ready;
}

function guard(name) {
  return (...args) => {
    if (!loaded) throw new Error(`epistemic-audit: await init() before calling ${name}() (web build)`);
    return wasm[name](...args);
  };
}

export const { audit, batch, compare } = withSemanticOption({
  audit: guard('audit'), auditJudged: guard('auditJudged'), batch: guard('batch'), compare: guard('compare'),
});
export const ece = guard('ece');
export const brier = guard('brier');
export const reliabilityBins = guard('reliabilityBins');
export const auroc = guard('auroc');
export const auprc = guard('auprc');
export const fitCalibrator = guard('fitCalibrator');
export const auditJudged = guard('auditJudged');
export const referenceCalibration = guard('referenceCalibration');
export const version = guard('version');
