// The floor under the recorder: better-sqlite3 inserting the frames of a flood (the same text the scripted server
// sends, with the recorder's columns) into a table with only an integer primary key, one prepared INSERT per row in
// transactions of 2,000 rows (the recorder's flush size), with the recorder's pragmas. Nothing else runs in the process.
// `--pageSize 16384` makes the floor's file with the page size mcpscope gives a new store (SQLite's default otherwise).
// Usage: node bench/insert-floor.mjs [--n 100000] [--pageSize 0]   prints "insert floor: <n> rows, <rate> rows/s, <cpu> µs CPU per row"
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { args } from './bench-lib.mjs';

const o = args({ n: 100_000, pageSize: 0 });
const BATCH = 2000;
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-floor-'));
try {
  const db = new Database(join(dir, 'floor.sqlite'));
  if (o.pageSize > 0) db.pragma(`page_size = ${o.pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE frames (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL, ts REAL NOT NULL, dir TEXT NOT NULL, kind TEXT NOT NULL,
           text TEXT NOT NULL, size INTEGER NOT NULL, method TEXT, rpc_id TEXT, raw BLOB)`);
  const insert = db.prepare('INSERT INTO frames (id, seq, ts, dir, kind, text, size, method, rpc_id, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++)
      insert.run(
        i,
        i,
        performance.timeOrigin + performance.now(),
        'in',
        'notification',
        texts[i - from],
        texts[i - from].length,
        'notifications/message',
        null,
        null,
      );
  });
  const pad = 'x'.repeat(120);
  // The texts are made before the clock starts: the floor measures SQLite, not JSON.stringify.
  let texts = [];
  let ms = 0;
  let cpu = 0;
  for (let from = 1; from <= o.n; from += BATCH) {
    const to = Math.min(o.n + 1, from + BATCH);
    texts = [];
    for (let i = from; i < to; i++)
      texts.push(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${i} ${pad}` } }));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    batch(from, to);
    const c = process.cpuUsage(c0);
    ms += performance.now() - t0;
    cpu += (c.user + c.system) / 1000;
  }
  db.close();
  console.log(`insert floor: ${o.n} rows, ${Math.round(o.n / (ms / 1000))} rows/s, ${((cpu * 1000) / o.n).toFixed(2)} µs CPU per row`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
