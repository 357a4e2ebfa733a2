import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { SCHEMA_VERSION, migrate } from '../../server/recorder-schema.js';
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
  db.prepare(`INSERT INTO sessions (id, name, target, protocol_version, started_at, ended_at, status, pid, exit_code, signal, last_seq)
              VALUES ('old-1', 'from the old days', ?, '2025-06-18', 1000, 2000, 'exited', NULL, 0, NULL, 2)`)
    .run(JSON.stringify({ transport: 'stdio', command: 'node', args: ['old.js'], env: {} }));
  const ins = db.prepare('INSERT INTO frames (session_id, seq, ts, dir, kind, text, size, method, rpc_id, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  ins.run('old-1', 1, 1001, 'out', 'request', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 40, 'ping', '1', null);
  ins.run('old-1', 2, 1002, 'in', 'noise', '\ufffd', 1, null, null, Buffer.from([0xff]));
  expect(db.pragma('user_version', { simple: true })).toBe(1);
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
    expect(frames.body.frames.map((f) => [f.seq, f.kind, f.b64 ?? null])).toEqual([[1, 'request', null], [2, 'noise', '/w==']]);
    const tagged = await relay.api<HistoryEntry>('/api/sessions/old-1', { method: 'PATCH', body: JSON.stringify({ tags: ['legacy'] }) });
    expect(tagged.body.tags).toEqual(['legacy']);
    await relay.stop();
    relay = undefined;
    const db = new Database(join(dataDir, 'mcpscope.sqlite'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });
});
