// What the recorder stores is what it was given, field for field, however its frames travel to the store: packed in
// batches (frame-batch.ts) and written on the relay's thread (in memory) or by the writer thread (a file store), with
// texts stored from their bytes or from their strings, across insert, growth and batch-size boundaries.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { BATCH_BYTES, blocksMade } from '../../server/store/frame-batch.js';
import { Recorder } from '../../server/store/recorder.js';
import { PAGE_SIZE, migrate } from '../../server/store/recorder-schema.js';
import { sessionKey } from '../../server/store/session-keys.js';
import { ROOT } from '../helpers/relay-process.js';

const WRITER_WORKER = new URL(`file://${join(ROOT, 'dist', 'server', 'store', 'frame-writer-worker.js')}`);

let recorder: Recorder | null = null;
const dirs: string[] = [];

afterEach(() => {
  recorder?.close();
  recorder = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const stores = [
  { where: 'in memory, written on the relay thread', open: () => new Recorder(null) },
  {
    where: 'in a file, written by the writer thread',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcpscope-batches-'));
      dirs.push(dir);
      return new Recorder(dir, { writerUrl: WRITER_WORKER });
    },
  },
];

/** Frames of every shape the relay records, each with the bytes its text came from when it has them. */
function frames(): { frame: FrameRecord; bytes?: Buffer }[] {
  const out: { frame: FrameRecord; bytes?: Buffer }[] = [];
  let seq = 0;
  const msg = (text: string, extra: Partial<FrameRecord> = {}, withBytes = true) => {
    const bytes = Buffer.from(text, 'utf8');
    out.push({
      frame: {
        seq: ++seq,
        ts: 1764600000000.125 + seq,
        dir: 'in',
        kind: 'notification',
        text,
        size: bytes.length,
        method: 'notifications/message',
        rpcId: null,
        ...extra,
      },
      ...(withBytes ? { bytes } : {}),
    });
  };
  for (let i = 0; i < 300; i++)
    msg(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${i} ${'x'.repeat(i % 7 === 0 ? 3000 : 120)}` } }));
  msg('{"jsonrpc":"2.0","id":"é-1","result":{"s":"caf\u00e9 \u2013 \ud83d\ude00 \u0000 nul"}}', { kind: 'response', method: null, rpcId: 's:é-1' });
  msg('{"jsonrpc":"2.0","id":7,"method":"tools/call"}', { dir: 'out', kind: 'request', method: 'tools/call', rpcId: 'n:7', origin: 'user' });
  msg('{"event":"spawned","pid":1}', { dir: 'relay', kind: 'event', method: 'spawned' }, false);
  const raw = Buffer.from([0x7b, 0xff, 0x7d]);
  out.push({
    frame: { seq: ++seq, ts: 2, dir: 'in', kind: 'invalid', text: raw.toString('utf8'), size: 3, method: null, rpcId: null, b64: raw.toString('base64') },
  });
  msg(`{"big":"${'y'.repeat(BATCH_BYTES + 10)}"}`, { kind: 'invalid', method: null });
  for (let i = 0; i < 2500; i++) msg(`{"n":${i}}`, { kind: 'invalid', method: null });
  return out;
}

describe.each(stores)('Recorder $where', ({ open }) => {
  it('reads back every frame exactly as appended, text bytes or not, in two sessions', () => {
    const r = (recorder = open());
    const given = frames();
    for (const { frame, bytes } of given) {
      r.append('a', frame, bytes);
      if (frame.seq % 3 === 0) r.append('b', frame);
    }
    const got = r.readFrames('a', 0, 10_000);
    expect(got).toEqual(given.map((g) => g.frame));
    expect(r.readFrames('b', 0, 10_000)).toEqual(given.filter((g) => g.frame.seq % 3 === 0).map((g) => g.frame));
    // Texts stored from bytes are TEXT like the others: SQLite's own string functions see characters (up to a NUL).
    const sk = sessionKey(r.db, 'a');
    const row = r.db.prepare("SELECT typeof(text) AS t, length(text) AS n FROM frames WHERE sk = ? AND kind = 'response'").get(sk) as { t: string; n: number };
    expect(row).toEqual({ t: 'text', n: [...given.find((g) => g.frame.kind === 'response')!.frame.text.split('\u0000')[0]!].length });
  });

  it('keeps every frame of many batches whole while their memory is reused for the next ones', async () => {
    const r = (recorder = open());
    const given: FrameRecord[] = [];
    // Batches of every size, posted while earlier ones are being written: a block lent back too early would show as
    // another batch's bytes in these texts.
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 50 + ((round * 37) % 400); i++) {
        const seq = given.length + 1;
        const text = `{"round":${round},"i":${i},"pad":"${String.fromCharCode(97 + (seq % 26)).repeat(seq % 300)}"}`;
        const frame: FrameRecord = { seq, ts: seq, dir: 'in', kind: 'invalid', text, size: Buffer.byteLength(text), method: null, rpcId: null };
        given.push(frame);
        r.append('a', frame, Buffer.from(text, 'utf8'));
      }
      if (round % 3 === 0) await new Promise((ok) => setTimeout(ok, 12));
    }
    expect(r.readFrames('a', 0, given.length + 1)).toEqual(given);
  });

  it('makes no new blocks for a flood once its pool is filled, however far the writer falls behind', () => {
    const r = (recorder = open());
    const text = `{"pad":"${'p'.repeat(500)}"}`;
    const bytes = Buffer.from(text, 'utf8');
    const flood = (from: number, n: number) => {
      for (let seq = from; seq < from + n; seq++)
        r.append('a', { seq, ts: seq, dir: 'in', kind: 'invalid', text, size: bytes.length, method: null, rpcId: null }, bytes);
    };
    // Batches of 1 MB of text (about 2,000 frames of 500 bytes) posted back to back, with no turn of the event loop
    // for the writer's answers: the first rounds fill the pool, the later ones must only reuse it.
    flood(1, 60_000);
    r.flush();
    const made = blocksMade();
    flood(60_001, 60_000);
    r.flush();
    expect(blocksMade()).toBe(made);
    expect(r.readFrames('a', 119_990, 100).map((f) => f.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 119_991 + i));
  });
});

describe('the writer thread, started with the first flood', () => {
  it('writes a few frames on the relay thread without starting it, then hands a flood to it, every frame kept in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-lazy-writer-'));
    dirs.push(dir);
    const r = (recorder = new Recorder(dir, { writerUrl: WRITER_WORKER }));
    const given: FrameRecord[] = [];
    const append = (n: number) => {
      for (let i = 0; i < n; i++) {
        const seq = given.length + 1;
        const text = `{"jsonrpc":"2.0","method":"notifications/message","params":{"seq":${seq}}}`;
        const frame: FrameRecord = { seq, ts: seq, dir: 'in', kind: 'notification', text, size: text.length, method: 'notifications/message', rpcId: null };
        given.push(frame);
        r.append('a', frame, Buffer.from(text, 'utf8'));
      }
    };
    // A conversation: a few frames a batch, each batch posted by its timer.
    for (let i = 0; i < 4; i++) {
      append(3);
      await new Promise((ok) => setTimeout(ok, 30));
    }
    expect(r.writerStarted).toBe(false);
    // Another connection sees them: they are committed, not held.
    const other = new Database(join(dir, 'mcpscope.sqlite'), { readonly: true });
    expect((other.prepare('SELECT count(*) AS n FROM frames').get() as { n: number }).n).toBe(12);
    other.close();
    append(5_000);
    r.flush();
    expect(r.writerStarted).toBe(true);
    append(2);
    expect(r.readFrames('a', 0, given.length + 1)).toEqual(given);
  });
});

describe("the store's page size", () => {
  const fileStore = (prepare?: (path: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-pages-'));
    dirs.push(dir);
    prepare?.(join(dir, 'mcpscope.sqlite'));
    return new Recorder(dir, { writerUrl: WRITER_WORKER });
  };

  it('makes a new store with its own page size, and records into a store made with another one, keeping it', () => {
    expect(PAGE_SIZE).not.toBe(4096);
    for (const [made, pageSize] of [
      [undefined, PAGE_SIZE],
      [
        (path: string) => {
          // A store as earlier versions made it: SQLite's default page size, every migration applied.
          const db = new Database(path);
          db.pragma('page_size = 4096');
          db.pragma('journal_mode = WAL');
          migrate(db);
          db.close();
        },
        4096,
      ],
    ] as const) {
      const r = (recorder = fileStore(made));
      const given = frames();
      for (const { frame, bytes } of given) r.append('a', frame, bytes);
      expect(r.readFrames('a', 0, 10_000)).toEqual(given.map((g) => g.frame));
      expect(r.db.pragma('page_size', { simple: true })).toBe(pageSize);
      r.close();
      recorder = null;
    }
  });
});
