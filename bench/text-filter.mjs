// The windowed filters of a huge session through the real relay, before and after its background pass has built the
// trigram index (server/store/text-index.ts): a flood of --n frames is recorded, then each filter's count per block
// (frame-index, the whole answer) and its first page of 100 matches (frame-page, the first matches on screen) are timed,
// the median of --runs, once while nothing is indexed (a scan, the reference of the same run) and once after the
// background pass (GET findings-summary starts it) has reached the last frame. It prints how long that pass took per
// frame, against the insert floor measured in the same run (bench/insert-floor.mjs), and the index's size against the
// frames' (their table and indexes), read beside the relay.
// Usage: node bench/text-filter.mjs [--n 1000000] [--runs 5]
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ROOT, SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 1_000_000, runs: 5 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
console.log(`text-filter: ${o.n} frames, ${o.runs} runs a filter, load ${load()} at start`);

const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)]);
const sid = relay.sessionId;
const client = await floodClient(relay);
await sleep(300);
client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
await client.answered;
client.close();
const lastSeq = (await relay.api(`/api/sessions/${sid}`)).lastSeq;
console.log(`recorded ${lastSeq} frames, load ${load()}`);

/** Bytes the store's pages of a table take (its indexes and, for FTS, its shadow tables included), read beside the relay. */
const tableBytes = (like) => {
  const db = new Database(join(relay.proc.spawnargs[relay.proc.spawnargs.indexOf('--data-dir') + 1], 'mcpscope.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT sum(pgsize) FROM dbstat WHERE name LIKE ?').pluck().get(like) ?? 0;
  } finally {
    db.close();
  }
};

const rare = `"data":"${Math.max(1, o.n - 12_345)} x`;
const FILTERS = [
  ['text, one frame', { text: rare }],
  ['text, no frame', { text: 'no frame holds this' }],
  ['text, every frame', { text: 'notifications' }],
  ['text, 2 characters', { text: 'zz' }],
  ['method', { method: 'flood' }],
  ['direction', { dir: 'out' }],
  ['kind', { kinds: 'request' }],
];

async function time(filter) {
  const q = new URLSearchParams(filter).toString();
  const index = [];
  const first = [];
  let total = 0;
  for (let r = 0; r < o.runs; r++) {
    let t0 = performance.now();
    const idx = await relay.api(`/api/sessions/${sid}/frame-index?${q}`);
    index.push(performance.now() - t0);
    total = idx.total;
    t0 = performance.now();
    await relay.api(`/api/sessions/${sid}/frame-page?${q}&fromSeq=0&toSeq=${lastSeq + 1}&skip=0&limit=100`);
    first.push(performance.now() - t0);
  }
  return { index: summary(index).median, first: summary(first).median, total };
}

const before = new Map();
for (const [name, f] of FILTERS) before.set(name, await time(f));

// The background pass: the findings summary starts it; its progress is the lint's, whose chunks the index follows.
const t0 = performance.now();
for (;;) {
  const s = await relay.api(`/api/sessions/${sid}/findings-summary`);
  if (s.lintedTo >= lastSeq) break;
  await sleep(500);
}
const passS = (performance.now() - t0) / 1000;
const framesBytes = tableBytes('frames%');
const indexBytes = tableBytes('text_index_%');
const floor = spawnSync(process.execPath, [join(ROOT, 'bench', 'insert-floor.mjs'), '--n', '200000'], { encoding: 'utf8' }).stdout;
const floorRate = Number(/(\d+) rows\/s/.exec(floor)?.[1] ?? NaN);
console.log(
  `background pass (lint + index): ${fmt(passS, 1)} s, ${Math.round(lastSeq / passS)} frames/s; insert floor ${floorRate} rows/s; RATIO pass/floor ${fmt(lastSeq / passS / floorRate, 2)}`,
);
console.log(
  `on disk: frames ${fmt(framesBytes / 1e6, 0)} MB, their text index ${fmt(indexBytes / 1e6, 0)} MB (RATIO index/frames ${fmt(indexBytes / framesBytes, 2)})`,
);

for (const [name, f] of FILTERS) {
  const a = before.get(name);
  const b = await time(f);
  if (a.total !== b.total) throw new Error(`${name}: ${a.total} matches by the scan, ${b.total} with the index`);
  console.log(
    `${name.padEnd(20)} ${String(b.total).padStart(8)} matches | whole count: scan ${fmt(a.index, 0)} ms, indexed ${fmt(b.index, 0)} ms, RATIO ${fmt(b.index / a.index, 2)} | first page: scan ${fmt(a.first, 0)} ms, indexed ${fmt(b.first, 0)} ms`,
  );
}
console.log(`load ${load()} at end`);
await relay.stop();
