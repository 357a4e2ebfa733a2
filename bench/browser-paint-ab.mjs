// Two builds of the page, A and B, open the same recorded session alternately in one run: time to the first row and to
// the paint (rows on screen and the whole session counted), then jumps, and the ratio B/A of each. On a shared machine
// the absolute times swing with the load; the ratios, taken run by run under the same load, are what hold.
// A is a copy of an earlier build's dist/web (e.g. `cp -a dist/web /tmp/web-main` before changing anything), B this
// checkout's dist/web unless --b says otherwise. One relay (this checkout's dist) records the session; two fronts
// (bench/web-front.mjs) serve one build each and pass /api and /ws through to it. The order alternates run by run.
// --timeline 1 prints, for each build's last run, the page's long tasks and its fetches by time since navigation.
// --cpu 1 adds the CPU of Chromium's processes (renderer, GPU, network, browser) from the page's open until they go
// idle after the paint (what the page runs after its first paint, Monaco's code for one, included), before the jumps.
// --link 1 opens the page on a deep link to the session's last frame (`#session=…&seq=…`), so an editor (the frame's
// detail) is on screen from the start.
// --server demo opens the demo server's small session (the page the e2e tests open most) instead of a flood of --n frames.
// --hold <ms> adds the CPU of the same processes over that long after the idle moment: what an open page keeps costing
// (timers, clocks) while a test works in it.
// --editor 1 times opening the composer after the jumps (its toggle clicked, no pointer over it before) until Monaco shows in it.
// --flags-a / --flags-b '<flags>' launch a Chromium for each side with those launch flags added to the tests' own
// (scripts/chromium-flags.mjs; flags separated by spaces, a space within one written '~', e.g.
// '--js-flags=--max-lazy~--no-opt'), so one build (--a defaults to --b then) is measured under two flag sets
// alternately; --cpu reads each side's own browser's process tree. Give the same flags to both for a control.
// Usage: node bench/browser-paint-ab.mjs --a /tmp/web-main [--b dist/web] [--n 10000] [--runs 6] [--jumps 10] [--timeline 0] [--cpu 0] [--editor 0] [--link 0] [--server flood|demo] [--hold 0] [--flags-a ''] [--flags-b '']
/* global window, document, location, PerformanceObserver -- the functions passed to page.evaluate run in the page */
import { chromium } from 'playwright-core';
import { join, resolve } from 'node:path';
import { DEMO, ROOT, SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';
import { jumpMs, noteSynced, openTimes, until } from './browser-lib.mjs';
import { cpuByType, treeCpu, untilIdle } from './browser-lib-cpu.mjs';
import { startWebFront } from './web-front.mjs';
import { launchOptions } from '../scripts/chromium-flags.mjs';

const o = args({
  a: '',
  b: join(ROOT, 'dist', 'web'),
  n: 10000,
  runs: 6,
  jumps: 10,
  timeline: 0,
  cpu: 0,
  editor: 0,
  link: 0,
  server: 'flood',
  hold: 0,
  'flags-a': '',
  'flags-b': '',
});
const byFlags = process.argv.includes('--flags-a') || process.argv.includes('--flags-b');
if (byFlags) o.a ||= o.b;
if (!o.a) throw new Error('--a <folder of the baseline build, a copy of an earlier dist/web> is required');
const flagList = (text) =>
  String(text)
    .split(' ')
    .filter(Boolean)
    .map((f) => f.replaceAll('~', ' '));

/** Launches a Chromium with `extra` flags; resolves to it and its browser process's pid (the root of its tree). */
async function launchWith(extra) {
  const before = new Set(treeCpu().keys());
  const browser = await chromium.launch(launchOptions(extra));
  const pid = [...treeCpu().entries()].find(([p, { type }]) => type === 'browser' && !before.has(p))?.[0];
  // Two browsers need their own trees told apart; one can be read from this process's tree, whatever runs it.
  if (!pid && byFlags) throw new Error('could not find the launched browser process');
  return { browser, pid: pid ?? process.pid };
}

async function open({ browser, pid }, front, token, lastSeq, timeline, sessionId) {
  const cpuBefore = o.cpu ? treeCpu(pid) : null;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await noteSynced(context);
  if (timeline) {
    await context.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => [Math.round(e.startTime), Math.round(e.duration)]))).observe({
        type: 'longtask',
        buffered: true,
      });
      // The socket's traffic as the page's main thread meets it: what went out, and each message when it was dispatched
      // (its type, size and, for frames, the seqs it carried).
      window.__ws = [];
      const note = (dir, text) => {
        const type = /"type":"([a-z-]+)"/.exec(text.slice(0, 60))?.[1] ?? '?';
        // A packed frames message (a header line with seq runs, then the texts), or an older build's JSON records.
        const nl = text.indexOf('\n');
        const runs = nl === -1 ? null : JSON.parse(text.slice(0, nl)).seq;
        const first = runs ? runs[0] : /"seq":(\d+)/.exec(text)?.[1];
        const last = runs ? runs.at(-2) + runs.at(-1) - 1 : type === 'frames' ? /"seq":(\d+)/.exec(text.slice(text.lastIndexOf('"seq":')))?.[1] : undefined;
        window.__ws.push([
          performance.now(),
          `${dir} ${type} ${Math.round(text.length / 1024)} kB${first ? ` seq ${first}${last && last !== first ? `–${last}` : ''}` : ''}`,
        ]);
      };
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...a) {
          super(...a);
          this.addEventListener('message', (e) => typeof e.data === 'string' && note('in', e.data));
        }
        send(data) {
          if (typeof data === 'string') note('out', data);
          super.send(data);
        }
      };
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${front.port}/#token=${token}${o.link ? `&session=${sessionId}&seq=${lastSeq}` : ''}`);
  const { firstRow, paint } = await openTimes(page, lastSeq);
  const idle = cpuBefore ? await untilIdle(pid) : null;
  const cpu = cpuBefore ? cpuByType(cpuBefore, idle) : { total: NaN };
  let held = NaN;
  if (o.hold && idle) {
    await new Promise((r) => setTimeout(r, o.hold));
    held = cpuByType(idle, treeCpu(pid)).total;
  }
  const jumps = [];
  for (let j = 0; j < o.jumps; j++) jumps.push(await jumpMs(page, 1 + Math.floor(Math.random() * (lastSeq - 40))));
  let editor = NaN;
  if (o.editor) {
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('composer-toggle').dispatchEvent('click');
    editor = (await until(page, () => !!document.querySelector('[data-testid="composer-editor"] .monaco-editor .view-lines'))) - t0;
  }
  let lines = [];
  if (timeline) {
    lines = await page.evaluate(() => {
      const res = performance
        .getEntriesByType('resource')
        .map((e) => [
          e.startTime,
          `sent ${Math.round(e.requestStart)}, answered ${Math.round(e.responseStart)}–${Math.round(e.responseEnd)} ms`,
          e.name.replace(location.origin, ''),
        ]);
      const nav = performance.getEntriesByType('navigation')[0];
      const lines = [
        [0, `navigation start, ${performance.timeOrigin.toFixed(1)} ms since the epoch (to line up with the relay's clock)`],
        [nav.domContentLoadedEventEnd, 'DOMContentLoaded'],
        [window.__open.firstRow, 'first row on screen'],
        [window.__open.paint, 'paint'],
        ...res.map(([s, when, n]) => [s, `fetch ${n.slice(0, 90)} (${when})`]),
        ...window.__long.map(([s, d]) => [s, `long task, ${d} ms`]),
        ...window.__ws.map(([t, what]) => [t, `ws ${what}`]),
      ];
      // By time since navigation: what waited on what reads down the list.
      return lines.sort((a, b) => a[0] - b[0]).map(([t, what]) => `${String(Math.round(t)).padStart(6)} ms ${what}`);
    });
  }
  await context.close();
  const j = summary(jumps);
  return {
    firstRow,
    paint,
    jumpMedian: j.median,
    jumpMax: j.max,
    editor,
    cpu: cpu.total,
    cpuRenderer: cpu.renderer ?? NaN,
    cpuBrowser: cpu.browser ?? NaN,
    cpuGpu: cpu['gpu-process'] ?? NaN,
    cpuUtility: cpu.utility ?? NaN,
    held,
    errors,
    lines,
  };
}

console.log(`load average at start: ${load()} (1, 5, 15 min)`);
const relay = await startRelay(o.server === 'demo' ? [process.execPath, DEMO] : [process.execPath, SCRIPTED, '--flood', String(o.n)]);
const fronts = {};
// One browser for both builds, or one per flag set (what a flag changes is the browser's, not a page's).
const browsers = {};
browsers.A = await launchWith(flagList(o['flags-a']));
browsers.B = byFlags ? await launchWith(flagList(o['flags-b'])) : browsers.A;
const results = { A: [], B: [] };
try {
  if (o.server !== 'demo') {
    const client = await floodClient(relay);
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
    await client.answered;
    client.close();
  }
  const { lastSeq } = await relay.api(`/api/sessions/${relay.sessionId}`);
  console.log(`recorded ${lastSeq} frames; A ${resolve(o.a)}, B ${resolve(o.b)}`);
  if (byFlags) console.log(`flags: A '${flagList(o['flags-a']).join(' ')}', B '${flagList(o['flags-b']).join(' ')}'`);
  fronts.A = await startWebFront(resolve(o.a), relay.port);
  fronts.B = await startWebFront(resolve(o.b), relay.port);
  for (let i = 1; i <= o.runs; i++) {
    for (const which of i % 2 === 1 ? ['A', 'B'] : ['B', 'A']) {
      const r = await open(browsers[which], fronts[which], relay.token, lastSeq, o.timeline && i >= o.runs - 1, relay.sessionId);
      results[which].push(r);
      console.log(
        `run ${i} ${which}: first row ${fmt(r.firstRow, 0)} ms, paint ${fmt(r.paint, 0)} ms` +
          (o.jumps ? ` | jump median ${fmt(r.jumpMedian, 0)} ms max ${fmt(r.jumpMax, 0)} ms` : '') +
          (o.editor ? ` | composer's editor in ${fmt(r.editor, 0)} ms` : '') +
          (o.cpu ? ` | Chromium CPU to idle ${fmt(r.cpu, 0)} ms (renderer ${fmt(r.cpuRenderer, 0)}, browser ${fmt(r.cpuBrowser, 0)})` : '') +
          (o.hold ? ` | ${fmt(r.held, 0)} ms in the ${o.hold} ms after` : '') +
          ` | load ${load()}` +
          (r.errors.length ? ` | page errors: ${r.errors.join('; ')}` : ''),
      );
      for (const l of r.lines) console.log(`  ${which} ${l}`);
    }
  }
} finally {
  for (const b of new Set(Object.values(browsers))) await b.browser.close();
  for (const f of Object.values(fronts)) await f.close();
  await relay.stop();
}
console.log(`load average at end: ${load()}`);
for (const key of [
  'firstRow',
  'paint',
  // --jumps 0 (a page load alone) makes no jumps to time.
  ...(o.jumps ? ['jumpMedian', 'jumpMax'] : []),
  ...(o.cpu ? ['cpu', 'cpuRenderer', 'cpuBrowser', 'cpuGpu', 'cpuUtility'] : []),
  ...(o.hold ? ['held'] : []),
  ...(o.editor ? ['editor'] : []),
]) {
  const a = summary(results.A.map((r) => r[key]));
  const b = summary(results.B.map((r) => r[key]));
  // Each run's B over its A (opened next to each other), then the median of those: the load of one moment cancels.
  const ratios = summary(results.A.map((r, i) => results.B[i][key] / r[key]));
  console.log(
    `${key}: A ${fmt(a.median, 0)} ms (${fmt(a.min, 0)}–${fmt(a.max, 0)}), B ${fmt(b.median, 0)} ms (${fmt(b.min, 0)}–${fmt(b.max, 0)}); RATIO B/A ${fmt(ratios.median, 2)} (${fmt(ratios.min, 2)}–${fmt(ratios.max, 2)})`,
  );
}
