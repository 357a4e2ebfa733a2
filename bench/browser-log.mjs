// Target 3: a session of n flooded frames opened in headless Chromium: time to the first painted rows, jumps to random
// positions, method and text filters over the whole session, and the page's JS heap. Times are taken in the page
// (performance.now, polled every animation frame), so they include fetching, rendering and painting.
// Several sizes (--n 1000000,3000000) are recorded first and then opened in turns, run by run, under the same load:
// the ratios of their times say what the size costs, whatever the machine's load does to the absolute times.
// Each run also opens the session in the sequence view (`--sequence 0` skips it): its paint, timed the same way, and its
// ratio to the log's paint of the same session in the same run.
// Each relay's background lint of its session is run to its end before the first open (`--settle 0` skips that): the
// relays run side by side here, and one relay's lint would take a core while the page opens another relay's session,
// load that no single relay puts beside its own page (a relay holds its lint back while a page starts on it; measured
// by bench/relay-lint-open.mjs).
// Usage: node bench/browser-log.mjs [--n 1000000[,3000000…]] [--runs 3] [--jumps 10] [--memoryFrames 0 (the page's default)] [--sequence 1] [--settle 1]
/* global window, document, requestAnimationFrame -- the functions passed to page.evaluate run in the page */
import { SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';
import { jumpMs, launchChromium, noteSynced, openTimes, until } from './browser-lib.mjs';

const o = args({ n: '1000000', runs: 3, jumps: 10, memoryFrames: 0, sequence: 1, settle: 1 });
const sizes = o.n.split(',').map(Number);

/** Records a session of n flooded frames, all of it on disk before the browser opens it. */
async function record(n) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(n)]);
  const client = await floodClient(relay);
  const t0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  await client.answered;
  client.close();
  const session = await relay.api(`/api/sessions/${relay.sessionId}`);
  console.log(`recorded ${session.lastSeq} frames in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  return { relay, n, lastSeq: session.lastSeq };
}

/** Starts the relay's background lint of the session (the findings summary asks for it) and waits for its end. */
async function settle({ relay, n }) {
  const t0 = performance.now();
  for (;;) {
    const summary = await relay.api(`/api/sessions/${relay.sessionId}/findings-summary`);
    if (summary.done) break;
    if (performance.now() - t0 > 600_000) throw new Error(`the relay's lint of ${n} frames did not finish in 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`lint of ${n} frames done in ${fmt((performance.now() - t0) / 1000, 1)} s, before the first open`);
}

async function filterMs(page, selector, value) {
  await page.evaluate(() => (window.__t0 = performance.now()));
  await page.fill(selector, value);
  const t = await until(
    page,
    () => /^\d+ \/ /.test(document.querySelector('[data-testid="log-count"]')?.textContent ?? '') && !!document.querySelector('[data-testid="log-row"]'),
  );
  const ms = t - (await page.evaluate(() => window.__t0));
  const shown = (await page.textContent('[data-testid="log-count"]')).split(' ')[0];
  await page.fill(selector, '');
  await until(page, () => !/ \/ /.test(document.querySelector('[data-testid="log-count"]')?.textContent ?? ''));
  return { ms, shown: Number(shown) };
}

/**
 * The same session opened in the sequence view (chosen in storage before the page loads, as a returning user would
 * have it): painted once arrows are on screen and every frame is counted; then a scroll to the end, until the last
 * frame's arrow shows. Also the most arrows the page held at once (virtualization: the rows in view, not the session).
 */
async function runSequence(browser, { relay, lastSeq }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('mcpscope.logView', 'sequence'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const query = o.memoryFrames > 0 ? `?memoryFrames=${o.memoryFrames}` : '';
  await page.goto(`http://127.0.0.1:${relay.port}/${query}#token=${relay.token}`);
  const paint = await until(
    page,
    (n) =>
      !!document.querySelector('[data-testid="seq-arrow"]') && Number(document.querySelector('[data-testid="sequence-view"]')?.getAttribute('data-count')) >= n,
    lastSeq,
  );
  // From the top (the view opens following the tail), once the first frame's arrow is drawn there.
  await page.locator('[data-testid="sequence-scroll"]').evaluate((el) => (el.scrollTop = 0));
  await page.waitForSelector('[data-testid="seq-arrow"][data-seq="1"]', { timeout: 30_000 });
  const end = await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const el = document.querySelector('[data-testid="sequence-scroll"]');
        const t0 = performance.now();
        el.scrollTop = el.scrollHeight;
        const check = () => {
          if (document.querySelector(`[data-testid="seq-arrow"][data-seq="${n}"]`)) return resolve(performance.now() - t0);
          if (performance.now() - t0 > 30_000) return resolve(NaN);
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    lastSeq,
  );
  const arrows = await page.locator('[data-testid="seq-arrow"]').count();
  await context.close();
  return { paint, end, arrows, errors };
}

async function run(browser, { relay, n, lastSeq }, label, i) {
  // Every other run opens the sequence view first, so neither view always gets the colder start.
  const seqFirst = o.sequence && i % 2 === 0 ? await runSequence(browser, { relay, lastSeq }) : null;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await noteSynced(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  const query = o.memoryFrames > 0 ? `?memoryFrames=${o.memoryFrames}` : '';
  await page.goto(`http://127.0.0.1:${relay.port}/${query}#token=${relay.token}`);
  const { firstRow, paint } = await openTimes(page, lastSeq);
  const jumps = [];
  for (let j = 0; j < o.jumps; j++) {
    const seq = 1 + Math.floor(Math.random() * (lastSeq - 40));
    const ms = await jumpMs(page, seq);
    jumps.push(ms);
  }
  const j = summary(jumps);
  // Written now, the rest of the line after the filters: on a loaded machine a filter over millions of frames may time out.
  process.stdout.write(
    `${label}: paint ${fmt(paint, 0)} ms (first row ${fmt(firstRow, 0)} ms) | jump median ${fmt(j.median, 0)} ms max ${fmt(j.max, 0)} ms (${jumps.length}) | `,
  );
  const method = await filterMs(page, '[data-testid="filter-method"]', 'flood');
  const methodBroad = await filterMs(page, '[data-testid="filter-method"]', 'notifications/message');
  const textRare = await filterMs(page, '[data-testid="filter-text"]', `"${Math.max(1, n - 7)} x`);
  const textBroad = await filterMs(page, '[data-testid="filter-text"]', 'info');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
  await context.close();
  console.log(
    `filter method ${fmt(method.ms, 0)} ms (${method.shown} rows), method broad ${fmt(methodBroad.ms, 0)} ms (${methodBroad.shown}), text rare ${fmt(textRare.ms, 0)} ms (${textRare.shown}), ` +
      `text broad ${fmt(textBroad.ms, 0)} ms (${textBroad.shown}) | heap ${fmt(heap, 1)} MB${errors.length ? ` | page errors: ${errors.join('; ')}` : ''}`,
  );
  let seq = {};
  if (o.sequence) {
    const q = seqFirst ?? (await runSequence(browser, { relay, lastSeq }));
    console.log(
      `${label} sequence view: paint ${fmt(q.paint, 0)} ms (${fmt(q.paint / paint, 2)}× the log's ${fmt(paint, 0)} ms) | scroll to the end ${fmt(q.end, 0)} ms | ${q.arrows} arrows in the page, opened ${seqFirst ? 'before' : 'after'} the log${q.errors.length ? ` | page errors: ${q.errors.join('; ')}` : ''}`,
    );
    seq = { seqPaint: q.paint, seqRatio: q.paint / paint, seqEnd: q.end };
  }
  return {
    paint,
    jumpMedian: j.median,
    jumpMax: j.max,
    method: method.ms,
    methodBroad: methodBroad.ms,
    textRare: textRare.ms,
    textBroad: textBroad.ms,
    heap,
    ...seq,
  };
}

console.log(`load average at start: ${load()} (1, 5, 15 min)`);
const sessions = [];
const browser = await launchChromium();
const results = sizes.map(() => []);
try {
  for (const n of sizes) sessions.push(await record(n));
  if (o.settle) await Promise.all(sessions.map(settle));
  console.log(`load average before the first open: ${load()}`);
  for (let i = 1; i <= o.runs; i++) {
    // Rotated, so that no size always runs first in a changing load.
    for (let k = 0; k < sizes.length; k++) {
      const s = (i - 1 + k) % sizes.length;
      results[s].push(await run(browser, sessions[s], sizes.length > 1 ? `run ${i} at ${sizes[s]}` : `run ${i}`, i));
    }
  }
} finally {
  await browser.close();
  for (const s of sessions) await s.relay.stop();
}
console.log(`load average at end: ${load()}`);
const median = (list, key) => summary(list.map((r) => r[key])).median;
const line = (list, label, key, target, unit = 'ms', digits = 0) => {
  const s = summary(list.map((r) => r[key]));
  console.log(`${label}: ${fmt(s.median, digits)} ${unit} (min ${fmt(s.min, digits)}, max ${fmt(s.max, digits)}) target ${target}`);
};
sizes.forEach((n, s) => {
  const list = results[s];
  if (sizes.length > 1) console.log(`at ${n} frames:`);
  line(list, 'open and paint', 'paint', '≤ 1500 ms');
  line(list, 'jump, median of a run', 'jumpMedian', '≤ 100 ms');
  line(list, 'jump, slowest of a run', 'jumpMax', '≤ 100 ms');
  line(list, 'filter by method, rare', 'method', '≤ 500 ms');
  line(list, 'filter by method, broad', 'methodBroad', '≤ 500 ms');
  line(list, 'filter by text, rare', 'textRare', '≤ 500 ms');
  line(list, 'filter by text, broad', 'textBroad', '≤ 500 ms');
  line(list, 'JS heap after GC', 'heap', '≤ 300 MB', 'MB', 1);
  if (o.sequence) {
    line(list, 'sequence view: open and paint', 'seqPaint', "≤ 1500 ms (the log's paint target)");
    line(list, 'sequence view paint / log paint, same run', 'seqRatio', '(1.00: as fast as the log)', '×', 2);
    line(list, 'sequence view: scroll to the end', 'seqEnd', '≤ 100 ms (a jump)');
  }
  if (s === 0) return;
  // What the larger session costs, in the same run: 1.00 means nothing more than the first size.
  const r = (key) => fmt(median(list, key) / median(results[0], key), 2);
  console.log(`RATIO ${n}/${sizes[0]} frames: paint ${r('paint')}, jump median ${r('jumpMedian')}, slowest jump ${r('jumpMax')}, heap ${r('heap')}`);
});
