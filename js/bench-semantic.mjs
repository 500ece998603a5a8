#!/usr/bin/env node
// Speed of the semantic tier in Node (issue 13: "Node (wasm): the same semantic audit ≤ 3 s"):
// audit(request, { semantic }) of a 500-character answer against a 2 000-character context — the
// same texts as the service's bench (server/benches/semantic.rs) — through the npm package.
//   EA_MINILM_DIR=$(bash ../scripts/fetch-minilm.sh | tail -n1) node bench-semantic.mjs [ROUNDS]
// (ROUNDS default 10.) Reports: the semantic module's size, importing it and loading the model,
// the very first semantic audit (cold: empty cache, first run of the model's code), the cold case
// again (cache emptied before each round) and the cached case (the same context again: only the
// claims are embedded), as median and range over ROUNDS. Node runs wasm on one thread.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const rounds = Number(process.argv[2] ?? 10);
const dir = process.env.EA_MINILM_DIR || process.env.SEMANTIC_MODEL_DIR;
if (!dir) {
  console.error('set EA_MINILM_DIR to the directory `bash scripts/fetch-minilm.sh` prints (all-MiniLM-L6-v2)');
  process.exit(1);
}

const ANSWER = 'The Amazon carries more water than any other river on Earth. '
  + 'Its basin spans roughly seven million square kilometres across several South American countries. '
  + 'The river rises in the Andes of Peru and reaches the Atlantic Ocean in northern Brazil. '
  + 'During the wet season parts of the river widen to more than forty kilometres. '
  + 'No bridge crosses the Amazon along its main stem, largely because most of it flows through rainforest. '
  + 'Manaus is the biggest city on its banks.';
const CONTEXT = 'The Amazon River in South America is the largest river by discharge volume of water in the world. '
  + 'It is the disputed longest river system in the world in comparison to the Nile. '
  + "The headwaters of the Apurímac River on Nevado Mismi had been considered for nearly a century as the Amazon basin's most distant source. "
  + 'The Amazon has an average discharge of about 215,000 cubic metres per second. '
  + 'That is approximately 20 percent of the total river discharge into the oceans worldwide. '
  + 'The Amazon basin is the largest drainage basin in the world, with an area of approximately 7,000,000 square kilometres. '
  + "The portion of the river's drainage basin in Brazil alone is larger than any other river's basin. "
  + 'The Amazon enters Brazil with only one-fifth of the flow it finally discharges into the Atlantic Ocean. '
  + 'At no point is the Amazon crossed by bridges. '
  + 'This is not because of its huge dimensions; in most places it is not needed because the river flows through tropical rainforest. '
  + 'In the dry season the river is about 11 kilometres wide at some points. '
  + 'In the wet season it can be more than 40 kilometres wide. '
  + 'The river has over 1,100 tributaries, 17 of which are longer than 1,500 kilometres. '
  + 'Manaus, with about two million inhabitants, is the largest city on the river. '
  + 'Iquitos in Peru is the largest city in the world that cannot be reached by road. '
  + 'The river was named by Francisco de Orellana, who led the first recorded descent in 1542. '
  + 'He reported battles with female warriors, whom he likened to the Amazons of Greek myth. '
  + 'The Amazon rainforest produces a large share of the rain that falls over its own basin. '
  + 'Deforestation has removed roughly a fifth of the forest since the 1970s. '
  + "The river's mouth is so wide that it contains Marajó, an island about the size of Switzerland. "
  + 'A tidal bore called the pororoca travels up the river at the new and full moons. '
  + 'Freshwater from the Amazon can be found far out in the Atlantic Ocean, lowering its salinity.';
const request = { text: ANSWER, context: CONTEXT };

const wasmFile = fileURLToPath(new URL('pkg-semantic-node/epistemic_audit_semantic_wasm_bg.wasm', import.meta.url));
const wasmBytes = readFileSync(wasmFile);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
console.log(`semantic wasm: ${statSync(wasmFile).size} bytes raw, ${gzipSync(wasmBytes, { level: 9 }).length} gzip -9`);
console.log(`answer ${[...ANSWER].length} characters, context ${[...CONTEXT].length} characters`);

const { audit } = await import('epistemic-audit');
audit({ text: 'warm up the scorer.' });
let t = performance.now();
const { loadSemantic } = await import('epistemic-audit/semantic');
const semantic = await loadSemantic({
  weights: join(dir, 'model.safetensors'), tokenizer: join(dir, 'tokenizer.json'), config: join(dir, 'config.json'),
});
console.log(`import epistemic-audit/semantic + loadSemantic (files from disk): ${(performance.now() - t).toFixed(0)} ms`);

const run = () => {
  const t0 = performance.now();
  const r = audit(request, { semantic });
  const ms = performance.now() - t0;
  if (!r.metadata.semantic.ran) throw new Error(JSON.stringify(r.metadata.semantic));
  return [ms, r];
};
const [first, r] = run();
const s = r.metadata.semantic;
console.log(`${r.metadata.claims.length} claims, ${semantic.cacheSize} source sentences, ${s.word_pieces} word pieces`);
console.log(`first semantic audit (cold): ${first.toFixed(0)} ms`);

const stats = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return `median ${v[Math.floor(v.length / 2)].toFixed(0)} ms (min ${v[0].toFixed(0)}, max ${v.at(-1).toFixed(0)}; ${v.length} rounds)`;
};
const cold = [];
for (let i = 0; i < rounds; i++) {
  semantic.clearCache();
  cold.push(run()[0]);
}
console.log(`cold (cache emptied): ${stats(cold)}`);
const cached = [];
for (let i = 0; i < rounds; i++) cached.push(run()[0]);
console.log(`cached (the same context again): ${stats(cached)}`);
t = performance.now();
audit(request);
console.log(`for scale, the audit without the semantic tier: ${(performance.now() - t).toFixed(1)} ms`);
