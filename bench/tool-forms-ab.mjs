// Two builds of the page, A and B, pick tool after tool in the Tools tab alternately in one run: what the picks cost
// Chromium (CPU of every process of its tree, by type, until it goes idle after the last pick), how many of Monaco's
// workers (its JSON worker, its editor worker) they started, and their wall time; then the ratio B/A of each. A is a
// copy of an earlier build's dist/web (`cp -a dist/web /tmp/web-before` before changing anything), B this checkout's
// dist/web unless --b says otherwise. One relay on the demo server, two fronts (bench/web-front.mjs) serving one build
// each; each pick waits for the tool's form and its JSON view's editor, as a user who looks at it would.
// Usage: node bench/tool-forms-ab.mjs --a /tmp/web-before [--b dist/web] [--runs 6] [--rounds 4]
import { chromium } from 'playwright-core';
import { join, resolve } from 'node:path';
import { DEMO, ROOT, args, fmt, load, median, startRelay, summary } from './bench-lib.mjs';
import { cpuByType, untilIdle } from './browser-lib-cpu.mjs';
import { startWebFront } from './web-front.mjs';
import { launchOptions } from '../scripts/chromium-flags.mjs';

const o = args({ a: '', b: join(ROOT, 'dist', 'web'), runs: 6, rounds: 4 });
if (!o.a) throw new Error('--a <folder of the baseline build, a copy of an earlier dist/web> is required');
const TOOLS = ['get_weather', 'echo', 'divide', 'log_message'];

console.log(`load average at start: ${load()}`);
const relay = await startRelay([process.execPath, DEMO]);
const fronts = { A: await startWebFront(resolve(o.a), relay.port), B: await startWebFront(resolve(o.b), relay.port) };
const browser = await chromium.launch(launchOptions());

async function pick(page, name) {
  await page.locator(`[data-testid="tool-item"][data-name="${name}"]`).click();
  await page.locator(`[data-testid="tool-detail"][data-name="${name}"]`).waitFor();
  await page.locator('[data-testid="arguments-json"] .monaco-editor').waitFor({ timeout: 20_000 });
}

async function run(side) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${fronts[side].port}/#token=${relay.token}`);
  await page.locator('[data-testid="log-row"][data-dir="out"][data-method="notifications/initialized"]').first().waitFor({ timeout: 20_000 });
  await page.getByTestId('tab-tools').click();
  // The first form loads Monaco and starts its JSON worker: not what is measured.
  await pick(page, 'add_note');
  let workers = 0;
  let editorWorkers = 0;
  page.on('worker', (w) => void (/json/.test(w.url()) ? workers++ : /editor\.worker/.test(w.url()) && editorWorkers++));
  const before = await untilIdle();
  const t0 = performance.now();
  for (let r = 0; r < o.rounds; r++) for (const name of TOOLS) await pick(page, name);
  const wall = performance.now() - t0;
  const cpu = cpuByType(before, await untilIdle());
  await context.close();
  if (errors.length) throw new Error(`${side}: page errors: ${errors.join('; ')}`);
  return { cpu: cpu.total, renderer: cpu.renderer ?? 0, browser: cpu.browser ?? 0, workers, editorWorkers, wall };
}

const rows = { A: [], B: [] };
for (let i = 0; i < o.runs; i++) {
  for (const side of i % 2 ? ['B', 'A'] : ['A', 'B']) {
    const r = await run(side);
    rows[side].push(r);
    console.log(
      `run ${i + 1} ${side}: ${o.rounds * TOOLS.length} picks, Chromium CPU ${r.cpu} ms (renderer ${r.renderer}, browser ${r.browser}), ${r.workers} JSON workers and ${r.editorWorkers} editor workers started, ${fmt(r.wall, 0)} ms | load ${load()}`,
    );
  }
}
for (const key of ['cpu', 'renderer', 'browser', 'workers', 'editorWorkers', 'wall']) {
  const a = summary(rows.A.map((r) => r[key]));
  const b = summary(rows.B.map((r) => r[key]));
  // Each run's B over its A (0 / 0 workers has no ratio), then the median of those: the load of one moment cancels.
  const med = median(rows.A.map((r, i) => rows.B[i][key] / r[key]).filter(Number.isFinite));
  console.log(
    `${key}: A ${fmt(a.median, 0)} (${fmt(a.min, 0)}–${fmt(a.max, 0)}), B ${fmt(b.median, 0)} (${fmt(b.min, 0)}–${fmt(b.max, 0)}); RATIO B/A ${fmt(med, 2)}`,
  );
}
console.log(`load average at end: ${load()}`);
await browser.close();
await Promise.all(Object.values(fronts).map((f) => f.close()));
await relay.stop();
