// Where one page load's CPU goes: opens a session once in headless Chromium with V8's sampling profiler on (CDP) and
// prints, from navigation until the browser's processes go idle, the page's first row and paint, the CPU of each kind
// of Chromium process (/proc), the renderer's own task/script/layout/style durations (Performance.getMetrics), the
// profile's self time by script (each chunk's compile and run) and its busiest functions, and the long tasks.
// --server demo: the demo server's small session (held whole); --server flood --n 1000000: a windowed session.
// --web serves another build of the page (a folder like dist/web) through bench/web-front.mjs.
// --idleMax bounds the wait for the idle moment (ms).
// --threads 1 adds the CPU of each thread of each Chromium process (by process type and thread name) from the open to
// idle, and over --hold ms after it (an open page left alone: what repaints or ticks while nothing happens). It runs
// without V8's profiler, whose sampling thread (v8:ProfEvntProc) would be the renderer's busiest and keep it from idling.
// Usage: node bench/browser-startup-profile.mjs [--server demo|flood] [--n 1000000] [--web dist/web] [--top 25] [--sampling 200] [--idleMax 20000] [--threads 0] [--hold 3000]
/* global window, PerformanceObserver -- the functions passed to page.evaluate run in the page */
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { DEMO, SCRIPTED, args, floodClient, fmt, load, startRelay } from './bench-lib.mjs';
import { openMoments } from './browser-lib.mjs';
import { cpuByThread, cpuByType, treeCpu, treeThreadCpu, untilIdle } from './browser-lib-cpu.mjs';
import { startWebFront } from './web-front.mjs';
import { launchOptions } from '../scripts/chromium-flags.mjs';

const o = args({ server: 'demo', n: 1000000, web: '', top: 25, sampling: 200, idleMax: 20_000, threads: 0, hold: 3000 });
console.log(`load average at start: ${load()}`);
const relay = await startRelay(o.server === 'demo' ? [process.execPath, DEMO] : [process.execPath, SCRIPTED, '--flood', String(o.n)]);
if (o.server !== 'demo') {
  const client = await floodClient(relay);
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  await client.answered;
  client.close();
}
const front = o.web ? await startWebFront(resolve(o.web), relay.port) : null;
const browser = await chromium.launch(launchOptions());
try {
  const { lastSeq } = await relay.api(`/api/sessions/${relay.sessionId}`);
  console.log(`session of ${lastSeq} frames`);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    window.__long = [];
    // React's commits, by the hook its DevTools use (production builds call it too): when each happened.
    window.__commits = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot: () => window.__commits.push(performance.now()),
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
    };
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => [Math.round(e.startTime), Math.round(e.duration)]))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (!o.threads) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: o.sampling });
  }
  const root = process.pid;
  const before = treeCpu(root);
  const threadsBefore = o.threads ? treeThreadCpu(root) : null;
  if (!o.threads) await cdp.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${front?.port ?? relay.port}/#token=${relay.token}`);
  const { firstRow, paint } = await openMoments(page, lastSeq);
  const atPaint = treeCpu(root);
  const idle = await untilIdle(root, { maxMs: o.idleMax });
  const threadsIdle = o.threads ? treeThreadCpu(root) : null;
  const { idleAt, dcl } = await page.evaluate(() => ({
    idleAt: performance.now(),
    dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  }));
  const { profile } = o.threads ? { profile: null } : await cdp.send('Profiler.stop');
  let threadsHeld = null;
  if (o.threads) {
    const from = treeThreadCpu(root);
    await new Promise((r) => setTimeout(r, o.hold));
    threadsHeld = cpuByThread(from, treeThreadCpu(root));
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  const long = await page.evaluate(() => window.__long);
  const commits = await page.evaluate(() => window.__commits);
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  console.log(`first row ${fmt(firstRow, 0)} ms, paint ${fmt(paint, 0)} ms, idle by ${fmt(idleAt, 0)} ms | load ${load()}`);
  const show = (c) =>
    Object.entries(c)
      .map(([k, v]) => `${k} ${fmt(v, 0)}`)
      .join(', ');
  console.log(`Chromium CPU, open → paint (ms): ${show(cpuByType(before, atPaint))}`);
  console.log(`Chromium CPU, open → idle (ms): ${show(cpuByType(before, idle))}`);
  if (o.threads) {
    const rows = (list) => list.map(([k, r]) => `  ${fmt(r.ms, 0).padStart(6)} ${k}${r.threads > 1 ? ` (${r.threads} threads)` : ''}`).join('\n');
    console.log(`Chromium CPU by thread, open → idle (ms):\n${rows(cpuByThread(threadsBefore, threadsIdle))}`);
    console.log(`Chromium CPU by thread, the ${o.hold} ms after idle (ms):\n${rows(threadsHeld) || '  none'}`);
  }
  console.log(
    `renderer main thread (ms): task ${fmt(m.TaskDuration * 1000, 0)}, script ${fmt(m.ScriptDuration * 1000, 0)}, layout ${fmt(m.LayoutDuration * 1000, 0)} (${m.LayoutCount}), style ${fmt(m.RecalcStyleDuration * 1000, 0)} (${m.RecalcStyleCount}), JS heap ${fmt(m.JSHeapUsedSize / 1e6, 1)} MB`,
  );
  console.log(`long tasks (start ms, duration ms): ${long.map(([s, d]) => `${s}+${d}`).join(' ')}`);
  if (profile) printProfile(profile, { commits, dcl, firstRow, paint, idleAt });
  await context.close();
} finally {
  await browser.close();
  await front?.close();
  await relay.stop();
}
console.log(`load average at end: ${load()}`);

function printProfile(profile, { commits, dcl, firstRow, paint, idleAt }) {
  // Self time by script and by function, from the samples' time deltas; each sample also placed on the page's clock
  // (the profile ends at the stop just after idleAt was read: a few ms of error) to split the load into phases.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (f) => (f.url ? f.url.replace(/^.*\/assets\//, '') : `(${f.functionName || 'native'})`);
  const phases = [
    ['code fetched and run (to DOMContentLoaded)', dcl],
    ['first render to the first row', firstRow],
    ['first row to the paint', paint],
    ['paint to idle', Infinity],
  ].map(([name, end]) => ({ name, end, ms: 0, byFn: new Map(), commits: 0 }));
  for (const t of commits) phases.find((p) => t < p.end).commits++;
  const byUrl = new Map();
  const byFn = new Map();
  let at = profile.startTime;
  const offset = profile.endTime / 1000 - idleAt;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    const { callFrame: f } = byId.get(id);
    const url = label(f);
    const fn = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + ms);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    if (f.functionName === '(idle)') return;
    const phase = phases.find((p) => at / 1000 - offset < p.end);
    phase.ms += ms;
    phase.byFn.set(fn, (phase.byFn.get(fn) ?? 0) + ms);
  });
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('self time by script (ms):');
  for (const [url, ms] of top(byUrl, 15)) console.log(`  ${fmt(ms, 0).padStart(6)} ${url}`);
  console.log('self time by function (ms):');
  for (const [fn, ms] of top(byFn, o.top)) console.log(`  ${fmt(ms, 0).padStart(6)} ${fn}`);
  for (const p of phases) {
    console.log(`phase: ${p.name}, until ${fmt(p.end, 0)} ms: ${fmt(p.ms, 0)} ms busy on the main thread, ${p.commits} React commits; busiest:`);
    for (const [fn, ms] of top(p.byFn, 8)) console.log(`    ${fmt(ms, 0).padStart(6)} ${fn}`);
  }
}
