// What Chromium's launch flags cost the e2e tests' pages: for each variant (extra flags after the tests' own,
// scripts/chromium-flags.mjs; a variant's `--disable-features=…` is added to the lists, scripts/chromium.sh merges
// them; MCPSCOPE_CHROMIUM=<a wrapper of your own> to take one away), a fresh Chromium opens `--pages` pages of the UI one after another on one relay of
// the demo server, as the e2e files do (a browser context each, the page until its log shows rows, then the
// Tools tab, a call of echo and its answer, then `--idle` ms idle), and closes; the CPU of the browser's whole process tree
// from launch to close is noted by process type. Variants alternate, round after round, so each round's figures share
// the machine's load; the ratio to the first variant is what holds.
// Usage: node scripts/browser-flags-ab.mjs [--rounds 3] [--pages 3] [--idle 2000] [--variants 'base;--js-flags=--lite-mode;…']
//   (variants are separated by ';', each one's flags by ' ', a space within a flag written '~'; 'base' adds none)
import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { args, DEMO, fmt, startRelay } from '../bench/bench-lib.mjs';
import { cpuByType, treeCpu } from '../bench/browser-lib-cpu.mjs';
import { launchOptions } from './chromium-flags.mjs';

const o = args({ rounds: 3, pages: 3, idle: 2000, variants: 'base;--js-flags=--lite-mode' });
const variants = String(o.variants)
  .split(';')
  .map((v) => v.trim())
  .filter(Boolean);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function onePage(browser, relay) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(relay.url);
  // Any row: the log opens at its tail, so after a few rounds' calls the handshake's rows are scrolled out of the
  // window the virtual list renders (waiting for them timed out there). The Tools tab below waits for the tool list.
  await page.locator('[data-testid="log-row"]').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('tab-tools').click();
  await page.locator('[data-testid="tool-item"][data-name="echo"]').click();
  await page.locator('#args_text').fill('hello');
  await page.locator('#args_times').fill('2');
  await page.getByTestId('tool-call').click();
  await page.getByTestId('tool-result').first().waitFor({ timeout: 30_000 });
  await new Promise((r) => setTimeout(r, o.idle));
  await context.close();
}

async function run(variant, relay) {
  const extra = variant === 'base' ? [] : variant.split(' ').map((f) => f.replaceAll('~', ' '));
  const started = Date.now();
  const browser = await chromium.launch(launchOptions(extra));
  // Renderers end with their context, so the tree is read every 250 ms and each process's last reading kept.
  const seen = new Map();
  const look = () => {
    for (const [pid, v] of treeCpu()) seen.set(pid, v);
  };
  const timer = setInterval(look, 250);
  try {
    for (let i = 0; i < o.pages; i++) await onePage(browser, relay);
    look();
  } finally {
    clearInterval(timer);
    await browser.close();
  }
  return { wallS: (Date.now() - started) / 1000, cpu: cpuByType(new Map(), seen) };
}

const relay = await startRelay([process.execPath, DEMO]);
relay.url = `http://127.0.0.1:${relay.port}/#token=${relay.token}`;
const results = new Map(variants.map((v) => [v, []]));
console.log(`variants: ${variants.join(' | ')}; ${o.pages} pages a launch; load ${load()}`);
// A failed page (a timeout under load) must not leave the relay and its server running.
try {
  for (let r = 0; r < o.rounds; r++) {
    const order = r % 2 ? [...variants].reverse() : variants;
    for (const v of order) {
      const res = await run(v, relay);
      results.get(v).push(res);
      const t = res.cpu;
      console.log(
        `round ${r + 1} ${v.padEnd(40)} CPU ${fmt(t.total / 1000, 1)} s (renderer ${fmt((t.renderer ?? 0) / 1000, 1)}, browser ${fmt((t.browser ?? 0) / 1000, 1)}, gpu ${fmt((t['gpu-process'] ?? 0) / 1000, 1)}, utility ${fmt((t.utility ?? 0) / 1000, 1)}, zygote ${fmt((t.zygote ?? 0) / 1000, 1)}) wall ${fmt(res.wallS, 1)} s; load ${load()}`,
      );
    }
  }
} finally {
  await relay.stop();
}
const sum = (v) => results.get(v).reduce((a, r) => a + r.cpu.total, 0);
for (const v of variants)
  console.log(`${v.padEnd(40)} CPU ${fmt(sum(v) / 1000 / o.rounds, 1)} s a launch, ${fmt(sum(v) / sum(variants[0]), 2)}× ${variants[0]}`);
