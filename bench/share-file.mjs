// The share file (mcpscope export --html) against what it stands in for, per session size, in one run:
//   size: the HTML file, and its data alone, against the gzip (level 6, gzip's default) of the same session's bundle
//         JSON (goal: file ≤ 1.2× the gzipped bundle);
//   open: time to the first log row painted, opening the file from file:// in Chromium, against opening the same session
//         in the live inspector (the relay's page) in the same run, alternating (goal ≤ 1.5×; 100,000 frames under 3 s).
// Times are taken in the page (performance.now() since navigation, polled every animation frame from the first one). The load
// average is printed with each line: on a shared machine the ratios, measured side by side, are what carries over.
// Usage: node bench/share-file.mjs [--n 1000,100000] [--runs 3] [--keep <dir>: the share files are left there]
/* global window, document, requestAnimationFrame -- the function passed to addInitScript runs in the page */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';
import { launchChromium, openMoments } from './browser-lib.mjs';

const o = args({ n: '1000,100000', runs: 3, keep: '' });
const dir = o.keep || mkdtempSync(join(tmpdir(), 'mcpscope-bench-share-'));

async function record(n) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(n)]);
  const client = await floodClient(relay);
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  await client.answered;
  client.close();
  const session = await relay.api(`/api/sessions/${relay.sessionId}`);
  return { relay, n, lastSeq: session.lastSeq };
}

async function download(relay, path) {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${relay.port}/api/sessions/${relay.sessionId}/${path}`, { headers: { authorization: `Bearer ${relay.token}` } });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, ms: performance.now() - t0 };
}

/**
 * Watches from the page's first frame, before any of its own code runs: openMoments alone starts polling only once
 * Playwright's evaluate gets a turn of the main thread, which a page busy reading its recording gives late, so its
 * moments were those of the first free frame after the rows were painted, not of the paint. Both pages are watched
 * this way; openMoments then reads the moments (it keeps ones already set).
 */
function watchFromStart(context, lastSeq) {
  return context.addInitScript((n) => {
    const t = (window.__open ??= {});
    const tick = () => {
      const row = !!document.querySelector('[data-testid="log-row"]');
      if (row) t.firstRow ??= performance.now();
      if (row && Number(document.querySelector('[data-testid="log-count"]')?.textContent?.split(' ')[0]) >= n) t.paint ??= performance.now();
      if (t.paint === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, lastSeq);
}

async function openFirstRow(browser, url, lastSeq) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await watchFromStart(context, lastSeq);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { timeout: 300_000 });
  const { firstRow, paint } = await openMoments(page, lastSeq);
  await context.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return { firstRow, paint };
}

const browser = await launchChromium();
try {
  for (const n of o.n.split(',').map(Number)) {
    const s = await record(n);
    const bundle = await download(s.relay, 'bundle');
    const share = await download(s.relay, 'share');
    const gz = gzipSync(bundle.bytes).length;
    const data =
      /<script type="application\/x-mcpscope-share\+gzip\+base64" id="mcpscope-share">([^<]*)<\/script>/.exec(share.bytes.toString('latin1'))?.[1]?.length ??
      NaN;
    const file = join(dir, `share-${n}.html`);
    writeFileSync(file, share.bytes);
    console.log(
      `${s.lastSeq} frames: bundle ${bundle.bytes.length} B, gzipped ${gz} B | share file ${share.bytes.length} B (${fmt(share.bytes.length / gz, 2)}× the gzipped bundle), ` +
        `its data ${data} B (${fmt(data / gz, 2)}×), the viewer ${share.bytes.length - data} B | written in ${fmt(share.ms / 1000, 1)} s (bundle ${fmt(bundle.ms / 1000, 1)} s) | load ${load()}`,
    );
    const live = [];
    const shared = [];
    for (let r = 1; r <= o.runs; r++) {
      // Alternating, so whatever the load does it does to both.
      const a = await openFirstRow(browser, `http://127.0.0.1:${s.relay.port}/#token=${s.relay.token}`, s.lastSeq);
      const b = await openFirstRow(browser, pathToFileURL(file).href, s.lastSeq);
      live.push(a.firstRow);
      shared.push(b.firstRow);
      console.log(
        `  run ${r}: first row live ${fmt(a.firstRow, 0)} ms, file ${fmt(b.firstRow, 0)} ms (${fmt(b.firstRow / a.firstRow, 2)}×); all counted live ${fmt(a.paint, 0)} ms, file ${fmt(b.paint, 0)} ms | load ${load()}`,
      );
    }
    const [l, f] = [summary(live), summary(shared)];
    console.log(
      `  ${s.lastSeq} frames, median first row: live ${fmt(l.median, 0)} ms, file ${fmt(f.median, 0)} ms, ratio ${fmt(f.median / l.median, 2)}× (goal ≤ 1.5×)`,
    );
    await s.relay.stop();
  }
} finally {
  await browser.close();
  if (!o.keep) rmSync(dir, { recursive: true, force: true });
}
