// Loads the package's entry points for the tests. `node` is what `import "epistemic-audit"`
// resolves to under Node (the `node` export condition); `web` is the browser build, initialised
// here from the .wasm bytes on disk (no fetch in Node for file: URLs).
import { readFile } from 'node:fs/promises';

export const FUNCTIONS = [
  'audit', 'batch', 'compare', 'ece', 'brier', 'reliabilityBins', 'auroc', 'auprc',
  'fitCalibrator', 'referenceCalibration', 'version', 'auditJudged',
];

export async function loadNode() {
  const m = await import('epistemic-audit');
  await m.init();
  return m;
}

export async function loadWeb() {
  const m = await import('epistemic-audit/web');
  const bytes = await readFile(new URL('../pkg-web/epistemic_audit_wasm_bg.wasm', import.meta.url));
  await m.init(bytes);
  return m;
}
