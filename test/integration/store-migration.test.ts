import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { FindingsSummary, FrameIndex, WindowFrame } from '../../shared/frame-window-api.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { touchPrivateFile } from '../../server/private-files.js';
import { Recorder } from '../../server/store/recorder.js';
import { SCHEMA_VERSION, configure, migrate, synced } from '../../server/store/recorder-schema.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle | undefined;
afterAll(async () => {
  await relay?.stop();
});

/** A data dir exactly as mcpscope with schema 1 left it: one finished session with two frames. */
function schemaOneDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-v1-'));
  const db = new Database(join(dir, 'mcpscope.sqlite'));
  db.pragma('journal_mode = WAL');
  migrate(db, 1);
  db.prepare(
    `INSERT INTO sessions (id, name, target, protocol_version, started_at, ended_at, status, pid, exit_code, signal, last_seq)
              VALUES ('old-1', 'from the old days', ?, '2025-06-18', 1000, 2000, 'exited', NULL, 0, NULL, 2)`,
  ).run(JSON.stringify({ transport: 'stdio', command: 'node', args: ['old.js'], env: {} }));
  const ins = db.prepare('INSERT INTO frames (session_id, seq, ts, dir, kind, text, size, method, rpc_id, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  ins.run('old-1', 1, 1001, 'out', 'request', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 40, 'ping', '1', null);
  ins.run('old-1', 2, 1002, 'in', 'noise', '\ufffd', 1, null, null, Buffer.from([0xff]));
  expect(db.pragma('user_version', { simple: true })).toBe(1);
  db.close();
  return dir;
}

const TARGET = JSON.stringify({ transport: 'stdio', command: 'node', args: ['old.js'], env: {} });

/**
 * A data dir as mcpscope with schema 4 left it (frames keyed on the session's text id): two sessions whose frames
 * interleave in time, one with a finished lint, and frames of a session id that has no sessions row.
 */
function schemaFourDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-v4-'));
  const db = new Database(join(dir, 'mcpscope.sqlite'));
  db.pragma('journal_mode = WAL');
  migrate(db, 4);
  const session = db.prepare(`INSERT INTO sessions (id, name, target, protocol_version, started_at, ended_at, status, pid, exit_code, signal, last_seq)
                              VALUES (?, ?, ?, '2025-11-25', ?, ?, 'exited', NULL, 0, NULL, ?)`);
  session.run('old-a', 'first', TARGET, 1000, 2000, 203);
  session.run('old-b', 'second', TARGET, 1500, 2500, 3);
  const frame = db.prepare('INSERT INTO frames (session_id, seq, ts, dir, kind, text, size, method, rpc_id, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const text = (o: unknown) => JSON.stringify(o);
  frame.run('old-a', 1, 1001, 'out', 'request', text({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), 44, 'tools/list', '1', null);
  for (let seq = 2; seq <= 201; seq++)
    frame.run(
      'old-a',
      seq,
      1000 + seq,
      'in',
      'notification',
      text({ jsonrpc: '2.0', method: 'notifications/message', params: { data: `${seq}` } }),
      60,
      'notifications/message',
      null,
      null,
    );
  frame.run('old-a', 202, 1202, 'in', 'response', text({ jsonrpc: '2.0', id: 1, result: { tools: [] } }), 40, null, '1', null);
  frame.run('old-a', 203, 1203, 'in', 'noise', '\ufffd', 1, null, null, Buffer.from([0xff]));
  frame.run('old-b', 1, 1501, 'out', 'request', text({ jsonrpc: '2.0', id: 1, method: 'ping' }), 40, 'ping', '1', null);
  frame.run('old-b', 2, 1502, 'in', 'response', text({ jsonrpc: '2.0', id: 1, result: {} }), 36, null, '1', null);
  frame.run('old-b', 3, 1503, 'relay', 'event', text({ event: 'exited', code: 0 }), 28, 'exited', null, null);
  frame.run('orphan', 1, 900, 'in', 'stderr', 'left behind', 11, null, null, null);
  db.prepare("INSERT INTO findings VALUES ('old-b', 2, 0, 'test/rule', 'info', 'kept', '[]')").run();
  db.prepare("INSERT INTO finding_counts VALUES ('old-b', 'test/rule', 'info', 1)").run();
  db.prepare("INSERT INTO lint_progress VALUES ('old-b', 3, 1, 0, 1)").run();
  db.close();
  return dir;
}

describe('the session store across versions', () => {
  it('upgrades a schema 1 data dir in place, keeping its sessions and frames and adding tags', async () => {
    const dataDir = schemaOneDataDir();
    relay = await startRelay({ dataDir });
    const { body } = await relay.api<{ sessions: HistoryEntry[] }>('/api/session-history');
    expect(body.sessions).toEqual([expect.objectContaining({ id: 'old-1', name: 'from the old days', status: 'exited', tags: [], origin: 'recorded' })]);
    const frames = await relay.api<{ frames: FrameRecord[] }>('/api/sessions/old-1/frames');
    expect(frames.body.frames.map((f) => [f.seq, f.kind, f.b64 ?? null])).toEqual([
      [1, 'request', null],
      [2, 'noise', '/w=='],
    ]);
    const tagged = await relay.api<HistoryEntry>('/api/sessions/old-1', { method: 'PATCH', body: JSON.stringify({ tags: ['legacy'] }) });
    expect(tagged.body.tags).toEqual(['legacy']);
    await relay.stop();
    relay = undefined;
    const db = new Database(join(dataDir, 'mcpscope.sqlite'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('rekeys the frames of a schema 4 data dir on integer session keys in place, and every session still reads', async () => {
    const dataDir = schemaFourDataDir();
    relay = await startRelay({ dataDir });
    const framesOf = async (id: string) => (await relay!.api<{ frames: FrameRecord[] }>(`/api/sessions/${id}/frames?limit=1000`)).body.frames;
    const a = await framesOf('old-a');
    expect(a.map((f) => f.seq)).toEqual(Array.from({ length: 203 }, (_, i) => i + 1));
    expect(a.at(-1)).toMatchObject({ kind: 'noise', b64: '/w==' });
    expect((await framesOf('old-b')).map((f) => [f.seq, f.kind])).toEqual([
      [1, 'request'],
      [2, 'response'],
      [3, 'event'],
    ]);
    // The windowed reads use the rebuilt indexes: a method filter (which also finds the answer), pairing by id.
    const byMethod = (await relay.api<FrameIndex>('/api/sessions/old-a/frame-index?method=tools')).body;
    expect(byMethod.total).toBe(2);
    const [answer] = (await relay.api<{ frames: WindowFrame[] }>('/api/sessions/old-a/frame-page?fromSeq=202&limit=1')).body.frames;
    expect(answer).toMatchObject({ seq: 202, pairs: [1], pairMethod: 'tools/list' });
    expect((await relay.api<{ methods: string[] }>('/api/sessions/old-a/methods')).body.methods).toEqual(['notifications/message', 'tools/list']);
    // The finished lint of the older run is kept, not redone.
    const summary = (await relay.api<FindingsSummary>('/api/sessions/old-b/findings-summary')).body;
    expect(summary).toMatchObject({ done: true, stored: 1, rules: [{ ruleId: 'test/rule', count: 1, seqs: [2] }] });
    await relay.stop();
    relay = undefined;
    const db = new Database(join(dataDir, 'mcpscope.sqlite'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // Nothing was dropped: the frames of a session id without a sessions row kept a key too.
    expect(db.prepare('SELECT count(*) FROM frames').pluck().get()).toBe(203 + 3 + 1);
    expect(db.prepare("SELECT f.text FROM frames f JOIN session_keys k ON k.sk = f.sk WHERE k.id = 'orphan'").pluck().all()).toEqual(['left behind']);
    db.close();
  });
});

describe('a new store', () => {
  it('is made without syncs to disk (a start waits for none), then synced as every store is; an existing one never goes unsynced', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-fresh-'));
    const file = join(dir, 'mcpscope.sqlite');
    expect(touchPrivateFile(file)).toBe(true);
    // Still empty (a start that died before its schema): still new.
    expect(touchPrivateFile(file)).toBe(true);
    const db = new Database(file);
    configure(db, { fresh: true });
    expect(db.pragma('synchronous', { simple: true })).toBe(0);
    migrate(db);
    synced(db);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
    expect(touchPrivateFile(file)).toBe(false);
    const again = new Database(file);
    configure(again);
    expect(again.pragma('synchronous', { simple: true })).toBe(1);
    again.close();
  });

  it('a recorder that makes one leaves its own connection synced', () => {
    const recorder = new Recorder(mkdtempSync(join(tmpdir(), 'mcpscope-fresh-')), { inline: true });
    // Its connection is its own: read what it was left with, not what a new connection would start with.
    const db = (recorder as unknown as { db: Database.Database }).db;
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    recorder.close();
  });
});
