// The recorder's writer alone, each run in a cold process: FrameWriter inserting a flood's frames (packed as the relay
// packs them, before the clock starts) into a fresh file store with the recorder's schema and the writer thread's
// pragmas, and its CPU per frame over the first 10,000 frames and over the rest: what a fresh relay's writer thread
// spends at the start of a flood, without the relay's other threads, the server or the client to blur it. Two
// variants alternate run by run (A B B A …), each a list of words: PRAGMAs for the connection (`cache_size=-4096`,
// run after the writer's own; `page_size=…` runs before them, while the file is empty, the only time it can) and
// optionally `dist=<path>`, another build's dist/server, one with the store/ room (a before/after). `--marks` adds
// phases (e.g. 100000,500000: a million frames' CPU per frame as the table grows).
// Usage: node bench/writer-start.mjs [--n 100000] [--per 500] [--runs 4] [--marks ''] [--a ''] [--b 'cache_size=-16384']
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ROOT, args, fmt, percentile } from './bench-lib.mjs';

const o = args({ n: 100_000, per: 500, runs: 4, marks: '', a: '', b: '', child: '' });
const FIRST = 10_000;
/** Where the phases end, in frames written: the first 10,000, any marks, then the rest. */
const ENDS = [...new Set([FIRST, ...String(o.marks).split(',').filter(Boolean).map(Number)])].filter((m) => m < o.n).sort((a, b) => a - b);
const k = (x) => (x >= 1000 ? `${x / 1000}k` : String(x));
const LABELS = [...ENDS, o.n].map((end, i) => `${k([0, ...ENDS][i])}–${k(end)}`);

/** One run in this (fresh) process: prints the two phases' µs of CPU per frame as JSON. */
async function child(spec) {
  const words = spec.split(' ').filter(Boolean);
  const dist = words.find((w) => w.startsWith('dist='))?.slice(5) ?? join(ROOT, 'dist', 'server');
  const { FrameBatch } = await import(join(dist, 'store', 'frame-batch.js'));
  const { FrameWriter } = await import(join(dist, 'store', 'frame-writer.js'));
  const schema = await import(join(dist, 'store', 'recorder-schema.js'));
  // Texts as the scripted server floods them; batches of `per` frames, about what a flood's 10 ms flushes hold.
  const head = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"';
  const pad = 'x'.repeat(120);
  const batches = [];
  let batch = new FrameBatch();
  for (let seq = 1; seq <= o.n; seq++) {
    const text = `${head}${seq} ${pad}"}}`;
    const bytes = Buffer.from(text, 'utf8');
    batch.add(
      's1',
      {
        seq,
        ts: performance.timeOrigin + performance.now(),
        dir: 'in',
        kind: 'notification',
        text,
        size: bytes.length,
        method: 'notifications/message',
        rpcId: null,
      },
      bytes,
    );
    if (batch.count === o.per || seq === o.n) {
      batches.push(batch.pack());
      batch = new FrameBatch();
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-writer-'));
  try {
    const db = new Database(join(dir, 'mcpscope.sqlite'));
    const pragmas = words.filter((w) => !w.startsWith('dist='));
    for (const w of pragmas.filter((w) => w.startsWith('page_size'))) db.pragma(w);
    (schema.configureWriter ?? schema.configure)(db);
    schema.migrate(db);
    for (const w of pragmas.filter((w) => !w.startsWith('page_size'))) db.pragma(w);
    const writer = new FrameWriter(db);
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    let written = 0;
    const at = [cpu()];
    for (const b of batches) {
      writer.write(b);
      written += b.count;
      if (at.length <= ENDS.length && written >= ENDS[at.length - 1]) at.push(cpu());
    }
    at.push(cpu());
    db.close();
    const from = [0, ...ENDS];
    console.log(JSON.stringify(at.slice(1).map((t, i) => ((t - at[i]) * 1000) / ([...ENDS, o.n][i] - from[i]))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (o.child) {
  await child(o.child === '-' ? '' : o.child);
} else {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const median = (xs) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  console.log(`load average at start: ${load()}; ${o.n} frames in batches of ${o.per}, phases ${LABELS.join(', ')}`);
  const specs = { A: o.a, B: o.b };
  for (const [name, spec] of Object.entries(specs)) console.log(`${name}: ${spec || '(as built)'}`);
  const got = { A: [], B: [] };
  for (let run = 0; run < o.runs; run++) {
    for (const name of run % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
      const r = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--n', String(o.n), '--per', String(o.per), '--marks', String(o.marks), '--child', specs[name] || '-'],
        { encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(`run ${run + 1} ${name} failed: ${r.stderr}`);
      const phases = JSON.parse(r.stdout.trim().split('\n').at(-1));
      got[name].push(phases);
      console.log(`run ${run + 1} ${name}: µs a frame ${phases.map((p, i) => `${LABELS[i]} ${fmt(p, 2)}`).join(', ')} (load ${load()})`);
    }
  }
  LABELS.forEach((label, i) => {
    const [a, b] = ['A', 'B'].map((name) => median(got[name].map((p) => p[i])));
    console.log(`${label}: A ${fmt(a, 2)}, B ${fmt(b, 2)} µs a frame; RATIO B/A ${fmt(b / a, 2)}`);
  });
  console.log(`load average at end: ${load()}`);
}
