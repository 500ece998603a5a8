// Bundler entry (wasm-pack target `bundler`): `import … from "./…_bg.wasm"` is resolved by the
// bundler (webpack 5 asyncWebAssembly, Vite with a wasm plugin, Rollup/esbuild wasm plugins) or by
// runtimes with WebAssembly ESM integration. Ready on import; `init()` is a no-op for symmetry.
export {
  audit, batch, compare, ece, brier, reliabilityBins, auroc, auprc, fitCalibrator, referenceCalibration, version,
} from '../pkg-bundler/epistemic_audit_wasm.js';

/** No-op: the bundler instantiates the module on import. */
export async function init() {}
