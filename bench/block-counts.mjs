// What the block counts (server/store/block-counts.ts) add to the relay's background pass, against the trigram index
// the pass already builds: a store of --n flood frames (the scripted server's text, the recorder's schema) is indexed
// in chunks of 1,000 frames, as the pass takes them, each chunk's trigram index insert and its block counts timed in
// turn, each in a transaction of its own. Prints µs a frame for both and their ratio, with the load.
// Usage: node bench/block-counts.mjs [--n 200000]
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, args, fmt, load } from './bench-lib.mjs';

const o = args({ n: 200_000 });
const CHUNK = 1_000;
const { migrate, configure } = await import(join(ROOT, 'dist', 'server', 'store', 'recorder-schema.js'));
const { BlockCounts } = await import(join(ROOT, 'dist', 'server', 'store', 'block-counts.js'));

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-block-counts-'));
try {
  const db = new Database(join(dir, 'store.sqlite'));
  configure(db);
  migrate(db);
  const insert = db.prepare(
    "INSERT INTO frames (sk, seq, ts, dir, kind, text, size, method) VALUES (1, ?, ?, 'in', 'notification', ?, ?, 'notifications/message')",
  );
  const pad = 'x'.repeat(120);
  db.transaction(() => {
    for (let i = 1; i <= o.n; i++) {
      const text = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${i} ${pad}"}}`;
      insert.run(i, i, text, text.length);
    }
  })();
  console.log(`block-counts: ${o.n} frames in chunks of ${CHUNK}, load ${load()} at start`);
  db.exec(`CREATE VIRTUAL TABLE text_index_1 USING fts5(text, content='', detail=none, tokenize='trigram case_sensitive 1')`);
  const fts = db.prepare('INSERT INTO text_index_1 (rowid, text) SELECT seq, lower(text) FROM frames WHERE sk = 1 AND seq > ? AND seq <= ?');
  const counts = new BlockCounts(db);
  let ftsMs = 0;
  let countsMs = 0;
  for (let from = 0; from < o.n; from += CHUNK) {
    const to = Math.min(o.n, from + CHUNK);
    let t0 = performance.now();
    db.transaction(() => fts.run(from, to))();
    ftsMs += performance.now() - t0;
    t0 = performance.now();
    db.transaction(() => counts.add(1, from, to))();
    countsMs += performance.now() - t0;
  }
  const per = (ms) => (ms * 1000) / o.n;
  console.log(
    `trigram index ${fmt(per(ftsMs), 2)} µs a frame, block counts ${fmt(per(countsMs), 2)} µs a frame; RATIO counts/index ${fmt(countsMs / ftsMs, 2)}`,
  );
  console.log(`load ${load()} at end`);
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
