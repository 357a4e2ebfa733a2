// A relay build against another on what a huge session's page load costs while the relay lints it: each phase records a
// fresh session on one relay (so its background lint starts with the first page, as it does once per session), opens
// the page from that relay `--loads` times in a row, and prints the paints and the CPU of the relay's busiest other
// thread (the lint's) over those loads. Phases go in `--order` (A B B A by default), so the load of the moment falls on
// both sides. A is a copy of an earlier build (`mkdir /tmp/relay-a && cp -a bin dist package.json /tmp/relay-a/ && ln -s
// "$PWD/node_modules" /tmp/relay-a/`), B this checkout unless --b names another bin.
// Usage: node bench/relay-lint-open.mjs --a /tmp/relay-a/bin/mcpscope.js [--b <bin>] [--n 3000000] [--loads 6] [--order ABBA] [--memoryFrames 0 (the page's default)]
import { loadavg } from 'node:os';
import { args, floodClient, SCRIPTED, startRelay, summary, threadCpuMs } from './bench-lib.mjs';
import { launchChromium, noteSynced, openTimes } from './browser-lib.mjs';
const o = args({ n: 3000000, loads: 6, order: 'ABBA', a: '', b: '', memoryFrames: 0 });
if (!o.a) throw new Error('--a <bin/mcpscope.js of the baseline relay, a copy of an earlier build> is required');
const browser = await launchChromium();
const all = { A: [], B: [] };
for (const which of o.order) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)], which === 'A' ? { bin: o.a } : o.b ? { bin: o.b } : {});
  const client = await floodClient(relay);
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  await client.answered;
  client.close();
  const { lastSeq } = await relay.api(`/api/sessions/${relay.sessionId}`);
  const cpu0 = threadCpuMs(relay.proc.pid);
  const t0 = Date.now();
  const paints = [];
  for (let i = 0; i < o.loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await noteSynced(context);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${relay.port}/${o.memoryFrames ? `?memoryFrames=${o.memoryFrames}` : ''}#token=${relay.token}`);
    const { paint } = await openTimes(page, lastSeq);
    paints.push(paint);
    await context.close();
  }
  const cpu1 = threadCpuMs(relay.proc.pid);
  const others = [...cpu1]
    .filter(([t]) => t !== relay.proc.pid)
    .map(([t, ms]) => ms - (cpu0.get(t) ?? 0))
    .sort((a, b) => b - a);
  const s = summary(paints);
  console.log(
    `${which}: paints ${paints.map((p) => Math.round(p)).join(', ')} ms; median ${Math.round(s.median)} | busiest relay thread ${Math.round(others[0] ?? 0)} ms CPU over ${Date.now() - t0} ms | load ${loadavg()[0].toFixed(2)}`,
  );
  all[which].push(...paints);
  await relay.stop();
}
await browser.close();
const a = summary(all.A),
  b = summary(all.B);
console.log(
  `A median ${Math.round(a.median)} (${Math.round(a.min)}–${Math.round(a.max)}), B median ${Math.round(b.median)} (${Math.round(b.min)}–${Math.round(b.max)}); B/A ${(b.median / a.median).toFixed(2)}`,
);
