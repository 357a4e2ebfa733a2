// The windowed filters of a huge session through the real relay, before and after its background pass has built the
// trigram index (server/store/text-index.ts): a flood of --n frames is recorded, then each filter's count per block
// (frame-index, the whole answer) and its first page of 100 matches (frame-page, the first matches on screen) are timed,
// the median of --runs, once while nothing is indexed (a scan, the reference of the same run) and once after the
// background pass (GET findings-summary starts it) has reached the last frame, with its trigram index and block counts
// (server/store/block-counts.ts) built. Each filter comes rare and common. It prints how long that pass took per
// frame, against the insert floor measured in the same run (bench/insert-floor.mjs), and the index's size against the
// frames' (their table and indexes), read beside the relay.
// `--together 1` also times the first rows with the whole count asked for at the same moment, as the page asks.
// `--bin <another build's bin/mcpscope.js>` times each indexed filter on that build too, a relay of it opened on the same
// store after the pass (a copy at that build's schema, --baseSchema 8), the two alternating run by run (an A/B against a
// copy of an earlier build, its node_modules reachable from it); `--only <regex>` keeps the filters whose name matches.
// Usage: node bench/text-filter.mjs [--n 1000000] [--runs 5] [--together 0] [--bin <path>] [--baseSchema 8] [--only <regex>]
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 1_000_000, runs: 5, together: 0, bin: '', baseSchema: 8, only: '' });
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

/**
 * A copy of the relay's store for another build, at that build's schema: the tables of later migrations dropped, so an
 * earlier build opens it (it refuses a store of a newer schema). Both relays then read the same frames and index.
 */
function storeAt(schema) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-base-'));
  const live = new Database(join(relay.dataDir, 'mcpscope.sqlite'));
  live.pragma('wal_checkpoint(TRUNCATE)');
  live.close();
  copyFileSync(join(relay.dataDir, 'mcpscope.sqlite'), join(dir, 'mcpscope.sqlite'));
  const db = new Database(join(dir, 'mcpscope.sqlite'));
  // Migration 9 (end_blocks) is the only one since schema 8.
  if (schema < 9) db.exec('DROP TABLE IF EXISTS end_blocks');
  db.pragma(`user_version = ${schema}`);
  db.close();
  baseDir = dir;
  return dir;
}
let baseDir = null;

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
// Rare and common of each kind: the flood's notifications are every frame but the `flood` request (out) and its answer.
const ALL_FILTERS = [
  ['text, one frame', { text: rare }],
  ['text, no frame', { text: 'no frame holds this' }],
  ['text, every frame', { text: 'notifications' }],
  ['text, "jsonrpc"', { text: '"jsonrpc"' }],
  ['text, 3 characters, every', { text: 'xxx' }],
  ['text, 2 characters', { text: 'zz' }],
  ['text, 2 characters, every', { text: '"J' }],
  ['text, 1 character, every', { text: 'x' }],
  ['method', { method: 'flood' }],
  ['method, every frame', { method: 'notifications' }],
  ['direction', { dir: 'out' }],
  ['direction, every frame', { dir: 'in' }],
  ['kind', { kinds: 'request' }],
  ['kind, every frame', { kinds: 'notification' }],
  ['direction + kind + method', { dir: 'in', kinds: 'notification,response', method: 'message' }],
  ['text 2 chars + direction', { text: 'zz', dir: 'in' }],
  ['text 1 char + direction', { text: 'x', dir: 'in' }],
];
const FILTERS = ALL_FILTERS.filter(([name]) => !o.only || new RegExp(o.only).test(name));

/**
 * The whole count (frame-index), the first page read alone (frame-page from seq 0), and the first rows as the page gets
 * them: the first matches' count (frame-index?first=200, from the start, time-boxed), then a page over the blocks it
 * found (web/lib/log/windowed-log.ts shows those rows until the whole count arrives, asked for at the same time).
 */
async function time(filter, r = relay, runs = o.runs) {
  const q = new URLSearchParams(filter).toString();
  const index = [];
  const first = [];
  const rows = [];
  const together = [];
  let total = 0;
  for (let run = 0; run < runs; run++) {
    let t0 = performance.now();
    const idx = await r.api(`/api/sessions/${sid}/frame-index?${q}`);
    index.push(performance.now() - t0);
    total = idx.total;
    t0 = performance.now();
    await r.api(`/api/sessions/${sid}/frame-page?${q}&fromSeq=0&toSeq=${lastSeq + 1}&skip=0&limit=100`);
    first.push(performance.now() - t0);
    t0 = performance.now();
    await firstRows(q, r);
    rows.push(performance.now() - t0);
    if (o.together) {
      // As the page asks: the whole count in flight while the first rows are read (they share the 2 cores).
      t0 = performance.now();
      const rowsShown = firstRows(q, r).then(() => together.push(performance.now() - t0));
      const whole = r.api(`/api/sessions/${sid}/frame-index?${q}`);
      await rowsShown;
      await whole;
    }
  }
  return { index: summary(index).median, first: summary(first).median, rows: summary(rows).median, together: summary(together).median, total };
}

async function firstRows(q, r) {
  const part = await r.api(`/api/sessions/${sid}/frame-index?${q}&first=200`);
  const last = part.blocks.at(-1);
  if (last)
    await r.api(
      `/api/sessions/${sid}/frame-page?${q}&fromSeq=${part.blocks[0][0] << part.blockBits}&toSeq=${(last[0] + 1) << part.blockBits}&skip=0&limit=100`,
    );
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

// The filters first, the measures that keep this process busy for seconds after: the relay closes a keep-alive
// connection left idle for 5 s, and a request sent on it as it closes fails.
const base = o.bin ? await startRelay([process.execPath, SCRIPTED], { bin: o.bin, dataDir: storeAt(o.baseSchema) }) : null;
for (const [name, f] of FILTERS) {
  const a = before.get(name);
  let b = await time(f, relay, base ? 1 : o.runs);
  if (base) {
    // Run by run, this build then the other, so both see the same load; medians of each side.
    const runs = { index: [], rows: [] };
    const other = { index: [], rows: [] };
    for (let run = 0; run < o.runs; run++) {
      const x = await time(f, relay, 1);
      const y = await time(f, base, 1);
      if (y.total !== x.total) throw new Error(`${name}: ${x.total} matches, ${y.total} by the other build`);
      runs.index.push(x.index);
      runs.rows.push(x.rows);
      other.index.push(y.index);
      other.rows.push(y.rows);
    }
    const m = (v) => summary(v).median;
    b = { ...b, index: m(runs.index), rows: m(runs.rows) };
    console.log(
      `${name.padEnd(28)} A/B whole count: this build ${fmt(b.index, 0)} ms, the other ${fmt(m(other.index), 0)} ms, RATIO ${fmt(b.index / m(other.index), 2)} | first rows ${fmt(b.rows, 0)} ms, the other ${fmt(m(other.rows), 0)} ms`,
    );
  }
  if (a.total !== b.total) throw new Error(`${name}: ${a.total} matches by the scan, ${b.total} with the index`);
  console.log(
    `${name.padEnd(28)} ${String(b.total).padStart(8)} matches | whole count: scan ${fmt(a.index, 0)} ms, indexed ${fmt(b.index, 0)} ms, RATIO ${fmt(b.index / a.index, 2)} | first page: scan ${fmt(a.first, 0)} ms, indexed ${fmt(b.first, 0)} ms | first rows: ${fmt(b.rows, 0)} ms (${fmt(a.rows, 0)} unindexed)${o.together ? `, with the whole count in flight ${fmt(b.together, 0)} ms` : ''}`,
  );
}
const framesBytes = tableBytes('frames%');
const indexBytes = tableBytes('text_index_%');
const countBytes = tableBytes('facet_blocks%') + tableBytes('gram_blocks%');
const endBytes = tableBytes('end_blocks%');
const floor = spawnSync(process.execPath, [join(ROOT, 'bench', 'insert-floor.mjs'), '--n', '200000'], { encoding: 'utf8' }).stdout;
const floorRate = Number(/(\d+) rows\/s/.exec(floor)?.[1] ?? NaN);
console.log(
  `background pass (lint + index): ${fmt(passS, 1)} s, ${Math.round(lastSeq / passS)} frames/s; insert floor ${floorRate} rows/s; RATIO pass/floor ${fmt(lastSeq / passS / floorRate, 2)}`,
);
console.log(
  `on disk: frames ${fmt(framesBytes / 1e6, 0)} MB, their text index ${fmt(indexBytes / 1e6, 0)} MB (RATIO index/frames ${fmt(indexBytes / framesBytes, 2)})`,
);
console.log(`block counts: ${fmt(countBytes / 1e6, 1)} MB (RATIO counts/frames ${fmt(countBytes / framesBytes, 4)})`);
console.log(`shared ends: ${fmt(endBytes / 1e6, 2)} MB (RATIO ends/frames ${fmt(endBytes / framesBytes, 5)})`);
console.log(`load ${load()} at end`);
await base?.stop();
if (baseDir) rmSync(baseDir, { recursive: true, force: true });
await relay.stop();
