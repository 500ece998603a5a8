// Bundler entry (wasm-pack target `bundler`): `import … from "./…_bg.wasm"` is resolved by the
// bundler (webpack 5 asyncWebAssembly, Vite with a wasm plugin, Rollup/esbuild wasm plugins) or by
// runtimes with WebAssembly ESM integration. Ready on import; `init()` is a no-op for symmetry.
// audit/batch/compare take an optional `{ semantic }` (options.js; the semantic module is loaded
// only by `epistemic-audit/semantic`).
import * as wasm from '../pkg-bundler/epistemic_audit_wasm.js';
import { withSemanticOption } from './options.js';

export {
  ece, brier, reliabilityBins, auroc, auprc, fitCalibrator, referenceCalibration, version, auditJudged,
} from '../pkg-bundler/epistemic_audit_wasm.js';
export const { audit, batch, compare } = withSemanticOption(wasm);

/** No-op: the bundler instantiates the module on import. */
export async function init() {}
