// The demo page: audits pasted text with the package's web build and draws the reliability
// diagram of the embedded calibrator from referenceCalibration(). No network, no server logic.
// The "semantic tier" option imports the semantic entry (src/semantic-web.js) only when ticked and
// loads all-MiniLM-L6-v2 from ../models/all-minilm-l6-v2/ (served by serve.mjs when
// SEMANTIC_MODEL_DIR or EA_MINILM_DIR is set) or from files the user picks; each claim is then
// shown with the context sentence closest in meaning and its cosine.
import { init, audit, referenceCalibration, version } from '../src/web.js';

const $ = (id) => document.getElementById(id);
const fmt = (x) => x.toFixed(3);
const SVG = 'http://www.w3.org/2000/svg';

const EXAMPLE = {
  text: 'No, I do not think Hunt Lowry was involved in A Walk to Remember. However, he produced the movie adaptation of the popular novel, White Oleander, which was released in 1999.',
  prompt: '[Human]: Could you recommend any books like The Secret Life of Bees? [Assistant]: Yes, have you heard about A walk to remember? [Human]: I think I have.. is that one with Hunt Lowry?',
  context: 'A Walk to Remember is produced by Hunt Lowry. A Walk to Remember is a/an Film',
};

let scopes = [];
let lastHeight = null;
/** The loaded model (from loadSemantic), or null; `loading` while it loads. */
let semantic = null;
let loading = null;
const MODEL_URL = new URL('../models/all-minilm-l6-v2/', import.meta.url);
const MODEL_FILES = { weights: 'model.safetensors', tokenizer: 'tokenizer.json', config: 'config.json' };

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Reliability diagram of one scope: bars = accuracy per bin, dots = mean height per bin. */
function drawDiagram(scope) {
  const W = 560, H = 400, L = 52, R = 16, T = 16, B = 46;
  const x = (p) => L + p * (W - L - R);
  const y = (p) => H - B - p * (H - T - B);
  const svg = el('svg', { id: 'reliability', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': `Reliability diagram of ${scope.scope}` });
  svg.append(el('title', {}, `Reliability diagram of ${scope.scope}`));
  // axes and grid
  for (let i = 0; i <= 5; i++) {
    const v = i / 5;
    svg.append(el('line', { x1: x(0), x2: x(1), y1: y(v), y2: y(v), stroke: '#eee' }));
    svg.append(el('text', { x: L - 8, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11 }, v.toFixed(1)));
    svg.append(el('text', { x: x(v), y: H - B + 16, 'text-anchor': 'middle', 'font-size': 11 }, v.toFixed(1)));
  }
  svg.append(el('text', { x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle', 'font-size': 12 }, 'predicted height (mean in bin)'));
  svg.append(el('text', { x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle', 'font-size': 12, transform: `rotate(-90 14 ${(T + H - B) / 2})` }, 'observed share correct'));
  const maxCount = Math.max(1, ...scope.bins.map((b) => b.count));
  for (const b of scope.bins) {
    if (b.count === 0) continue;
    const bar = el('rect', { class: 'bin', x: x(b.lo) + 1, width: x(b.hi) - x(b.lo) - 2, y: y(b.accuracy), height: y(0) - y(b.accuracy), fill: '#90caf9', 'data-count': b.count });
    bar.append(el('title', {}, `[${fmt(b.lo)}, ${fmt(b.hi)}): ${b.count} answers, mean height ${fmt(b.mean_confidence)}, ${fmt(b.accuracy)} correct`));
    svg.append(bar);
  }
  svg.append(el('line', { x1: x(0), y1: y(0), x2: x(1), y2: y(1), stroke: '#555', 'stroke-dasharray': '4 3' }));
  for (const b of scope.bins) {
    if (b.count === 0) continue;
    svg.append(el('circle', { cx: x(b.mean_confidence), cy: y(b.accuracy), r: 2 + 7 * Math.sqrt(b.count / maxCount), fill: '#0d47a1', 'fill-opacity': 0.8 }));
  }
  // Threshold labels on rows of their own (ACCEPT on the first, REFUSED on the second), each on
  // the inner side of its line, so they never print over each other however close they are.
  const rows = [[scope.accept, '#2e7d32', 'ACCEPT ≥', T + 12, 'end'], [scope.refuse, '#c62828', 'REFUSED ≤', T + 28, 'start']];
  for (const [t, color, label, ty, anchor] of rows) {
    if (t == null) continue;
    svg.append(el('line', { class: 'threshold', x1: x(t), x2: x(t), y1: y(0), y2: y(1), stroke: color, 'stroke-dasharray': '6 4' }));
    const nearLeft = anchor === 'start' && x(t) + 90 > W - R;
    const nearRight = anchor === 'end' && x(t) - 90 < L;
    const a = nearLeft ? 'end' : nearRight ? 'start' : anchor;
    svg.append(el('text', { class: 'threshold-label', x: x(t) + (a === 'end' ? -4 : 4), y: ty, 'text-anchor': a, 'font-size': 11, fill: color }, `${label} ${fmt(t)}`));
  }
  if (lastHeight !== null && lastHeight.scope === scope.scope) {
    svg.append(el('line', { id: 'last-height', x1: x(lastHeight.h), x2: x(lastHeight.h), y1: y(0), y2: y(1), stroke: '#d50000', 'stroke-width': 2 }));
  }
  svg.append(el('rect', { x: x(0), y: y(1), width: x(1) - x(0), height: y(0) - y(1), fill: 'none', stroke: '#999' }));
  $('diagram').replaceChildren(svg);
  $('scope-info').textContent = `n = ${scope.n}, ${scope.method}, ECE ${fmt(scope.ece)}, Brier ${fmt(scope.brier)}, AUROC ${fmt(scope.auroc)}`;
}

function showScope(name) {
  const s = scopes.find((x) => x.scope === name) ?? scopes[0];
  $('scope').value = s.scope;
  drawDiagram(s);
}

function optional(id) {
  const v = $(id).value;
  return v.trim() === '' ? undefined : v;
}

function run(ev) {
  ev?.preventDefault();
  $('input-error').hidden = true;
  let r;
  try {
    const useSemantic = $('semantic').checked && semantic !== null;
    r = audit({ text: $('text').value, prompt: optional('prompt'), context: optional('context') }, useSemantic ? { semantic } : undefined);
  } catch (e) {
    // A ValidationError: show each failing field and reason.
    $('input-error').textContent = e.detail ? e.detail.map((d) => `${d.loc.slice(1).join('.')}: ${d.msg}`).join('; ') : String(e);
    $('input-error').hidden = false;
    $('result').hidden = true;
    return;
  }
  const [lo, hi] = r.confidence_interval;
  $('verdict').textContent = r.verdict;
  $('verdict').className = `verdict ${r.verdict}`;
  $('task').textContent = r.metadata.task;
  // The badge states the height it stands for, so a verdict is never read apart from its number.
  $('verdict').title = `height ${fmt(r.height)}`;
  $('verdict-height').textContent = `P(correct) ${fmt(r.height)}`;
  $('height').textContent = fmt(r.height);
  $('interval').textContent = `95% [${fmt(lo)}, ${fmt(hi)}]`;
  $('q1').textContent = fmt(r.q1);
  $('q2').textContent = fmt(r.q2);
  $('quality').textContent = `${fmt(r.ece)} / ${fmt(r.brier)}`;
  $('bar-ci').style.left = `${lo * 100}%`;
  $('bar-ci').style.width = `${(hi - lo) * 100}%`;
  $('bar-h').style.left = `calc(${r.height * 100}% - 1px)`;
  $('explanation').textContent = r.explanation;
  const role = { none: 'no context', prompt: 'context read as the question (no sources)', source: 'context read as sources' };
  $('context-role').textContent = role[r.metadata.context_role] ?? r.metadata.context_role;
  $('shift').hidden = !r.metadata.shift.fired;
  $('shift').textContent = r.metadata.shift.fired
    ? `Outside the calibration data (${r.metadata.shift.outside.join(', ')}): height shrunk toward ${fmt(r.metadata.shift.base_rate)}, verdict held at MAYBE.`
    : '';
  const claims = $('claims');
  claims.replaceChildren(...r.metadata.claims.map((c) => {
    const li = document.createElement('li');
    li.className = `claim ${c.status}`;
    li.textContent = `${c.status}: “${c.text}” (${Math.round(c.support * 100)}% of its words in the sources)`;
    if (c.conflicts?.length) li.textContent += ` — ${c.conflicts.join('; ')}`;
    if (c.source) {
      const src = document.createElement('small');
      src.textContent = ` ← “${c.source.text}”`;
      li.append(src);
    }
    return li;
  }));
  $('claims-box').hidden = r.metadata.claims.length === 0;
  showSemantic(r);
  $('result').hidden = false;
  $('result').dataset.verdict = r.verdict;
  lastHeight = { scope: r.metadata.scope, h: r.height };
  showScope(r.metadata.scope);
}

/** The semantic alignment of the last audit: per claim, the closest source sentence and cosine. */
function showSemantic(r) {
  const s = r.metadata.semantic;
  $('semantic-box').hidden = !$('semantic').checked;
  $('semantic-reason').hidden = s.ran;
  $('semantic-reason').textContent = s.ran ? '' : `Did not run: ${s.reason}.`;
  $('semantic-claims').replaceChildren(...(s.ran ? s.claims : []).map((c) => {
    const li = document.createElement('li');
    li.className = 'semantic-claim';
    li.dataset.cosine = String(c.cosine);
    li.textContent = `“${r.metadata.claims[c.claim].text}” ≈ “${c.source.text}” `;
    const cos = document.createElement('small');
    cos.className = 'cosine';
    cos.textContent = `cosine ${fmt(c.cosine)}`;
    li.append(cos);
    return li;
  }));
}

/** Loads the model from `sources` ({weights, tokenizer, config}: URLs or bytes), once. */
async function loadModel(sources) {
  $('semantic-status').classList.remove('error');
  $('semantic-status').textContent = 'Loading the sentence-embedding model (91 MB)…';
  const started = performance.now();
  const { loadSemantic } = await import('../src/semantic-web.js');
  semantic = await loadSemantic(sources);
  $('semantic-status').textContent = `Model loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: all-MiniLM-L6-v2, running in this page.`;
  document.body.dataset.semantic = 'ready';
  if (!$('result').hidden) run();
}

async function toggleSemantic() {
  if (!$('semantic').checked) {
    $('semantic-box').hidden = true;
    if (!$('result').hidden) run();
    return;
  }
  if (semantic || loading) return;
  loading = (async () => {
    const probe = await fetch(new URL(MODEL_FILES.config, MODEL_URL), { method: 'HEAD' }).catch(() => null);
    if (probe?.ok) {
      const urls = Object.fromEntries(Object.entries(MODEL_FILES).map(([k, f]) => [k, new URL(f, MODEL_URL)]));
      await loadModel(urls);
    } else {
      $('semantic-files').hidden = false;
      $('semantic-status').textContent = 'Pick the model files to load them.';
    }
  })().catch(semanticFailed).finally(() => { loading = null; });
}

async function pickFiles() {
  const files = [...$('semantic-pick').files];
  const byName = Object.fromEntries(files.map((f) => [f.name, f]));
  const missing = Object.values(MODEL_FILES).filter((f) => !byName[f]);
  if (missing.length) {
    $('semantic-status').textContent = `Missing: ${missing.join(', ')} (pick all three files).`;
    return;
  }
  const sources = Object.fromEntries(Object.entries(MODEL_FILES).map(([k, f]) => [k, byName[f]])); // Files are Blobs
  await loadModel(sources).catch(semanticFailed);
}

function semanticFailed(e) {
  semantic = null;
  $('semantic-status').textContent = `Could not load the model (${e.kind ?? 'error'}): ${e.message}`;
  $('semantic-status').classList.add('error');
}

async function main() {
  await init();
  scopes = referenceCalibration();
  for (const s of scopes) $('scope').append(new Option(`${s.scope} (n = ${s.n})`, s.scope));
  $('scope').addEventListener('change', () => showScope($('scope').value));
  showScope('intrinsic/dialogue');
  const v = version();
  $('version').textContent = `epistemic-audit ${v.package} · interface ${v.interface} · model ${v.scorer} · WebAssembly, local`;
  $('form').addEventListener('submit', run);
  $('example').addEventListener('click', () => {
    for (const k of ['text', 'prompt', 'context']) $(k).value = EXAMPLE[k];
    run();
  });
  $('semantic').addEventListener('change', toggleSemantic);
  $('semantic-pick').addEventListener('change', pickFiles);
  $('audit').disabled = false;
  $('status').textContent = 'Ready: the scorer runs in this page.';
  document.body.dataset.ready = 'true';
}

main().catch((e) => {
  $('status').textContent = `Could not load the scorer: ${e}`;
  $('status').classList.add('error');
});
