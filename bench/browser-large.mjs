// Target 5: a tool result of about 10 MB arrives in an open page and is shown (truncated view), expanded and downloaded;
// counts the page's long tasks (PerformanceObserver 'longtask') over 100 ms from the call to the download.
// Usage: node bench/browser-large.mjs [--bytes 10485760] [--runs 3]
/* global window, document, PerformanceObserver -- the functions passed to page.evaluate run in the page */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRIPTED, args, connect, fmt, startRelay, summary } from './bench-lib.mjs';
import { launchChromium } from './browser-lib.mjs';

const o = args({ bytes: 10 * 1024 * 1024, runs: 3 });

async function run(browser, i) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--big-result', String(o.bytes)]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ at: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${relay.port}/#token=${relay.token}`);
  await page.waitForSelector('[data-testid="log-row"]', { timeout: 60_000 });
  // Page start-up is not what is measured: long tasks count from the call on.
  const client = await connect(relay, () => {});
  const from = await page.evaluate(() => performance.now());
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 777, method: 'tools/call', params: { name: 'echo', arguments: {} } }));
  const row = page.locator('[data-testid="log-row"][data-dir="in"][data-rpc-id="777"]');
  await row.waitFor({ timeout: 120_000 });
  const arrived = (await page.evaluate(() => performance.now())) - from;
  await row.click();
  await page.waitForSelector('[data-testid="large-preview"]', { timeout: 60_000 });
  const shown = (await page.evaluate(() => performance.now())) - from;
  await page.click('[data-testid="large-expand"]');
  const full = await page.waitForSelector('[data-testid="large-full"]', { timeout: 60_000 });
  const length = Number(await full.getAttribute('data-length'));
  // Read the middle of the expanded text, as a user scrolling through it would.
  await full.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await page.waitForFunction(() => /line \d+/.test(document.querySelector('[data-testid="large-full"]')?.textContent ?? ''));
  const expanded = (await page.evaluate(() => performance.now())) - from;
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="large-download"]')]);
  // saveAs, not path(): a browser reached over a connection sends the file's bytes instead of leaving it on disk.
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-download-'));
  await download.saveAs(join(dir, 'result'));
  const downloaded = statSync(join(dir, 'result')).size;
  const done = (await page.evaluate(() => performance.now())) - from;
  rmSync(dir, { recursive: true, force: true });
  const long = (await page.evaluate((t) => window.__long.filter((e) => e.at + e.ms >= t), from)).filter((e) => e.ms > 100);
  client.close();
  await context.close();
  await relay.stop();
  console.log(
    `run ${i}: row ${fmt(arrived, 0)} ms, preview ${fmt(shown, 0)} ms, expanded (${length} chars) ${fmt(expanded, 0)} ms, downloaded ${downloaded} B at ${fmt(done, 0)} ms | ` +
      `long tasks > 100 ms: ${long.length}${long.length ? ` (${long.map((e) => fmt(e.ms, 0)).join(', ')} ms)` : ''}${errors.length ? ` | page errors: ${errors.join('; ')}` : ''}`,
  );
  return { long: long.length, shown, expanded, done };
}

const browser = await launchChromium();
const results = [];
try {
  for (let i = 1; i <= o.runs; i++) results.push(await run(browser, i));
} finally {
  await browser.close();
}
const line = (label, key, target, unit = 'ms') => {
  const s = summary(results.map((r) => r[key]));
  console.log(`${label}: ${fmt(s.median, 0)} ${unit} (min ${fmt(s.min, 0)}, max ${fmt(s.max, 0)})${target ? ` target ${target}` : ''}`);
};
line('long tasks over 100 ms', 'long', '≤ 3', '');
line('call to truncated view', 'shown', '');
line('call to expanded text', 'expanded', '');
line('call to downloaded file', 'done', '');
