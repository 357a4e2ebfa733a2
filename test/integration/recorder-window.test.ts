// The windowed reader's method list over a recorded session: the methods of requests and notifications, found by
// the method index without reading the session's frames (a relay event's method once cost a walk of every frame).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { METHOD_USED_SQL, FrameWindowReader } from '../../server/store/recorder-window.js';
import { Recorder } from '../../server/store/recorder.js';

let dir: string;
let recorder: Recorder;

const frame = (seq: number, kind: FrameRecord['kind'], method: string, dir: FrameRecord['dir'] = 'in'): FrameRecord => {
  const text = kind === 'event' ? JSON.stringify({ event: method }) : JSON.stringify({ jsonrpc: '2.0', method, ...(kind === 'request' ? { id: seq } : {}) });
  return { seq, ts: seq, dir, kind, text, size: text.length, method, rpcId: kind === 'request' ? String(seq) : null };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-methods-'));
  recorder = new Recorder(dir);
  recorder.append('s', frame(1, 'event', 'spawned', 'out'));
  recorder.append('s', frame(2, 'request', 'flood', 'out'));
  for (let seq = 3; seq < 20_000; seq++) recorder.append('s', frame(seq, 'notification', 'notifications/message'));
  recorder.append('s', frame(20_000, 'event', 'stopping', 'out'));
  recorder.flush();
});

afterAll(() => {
  recorder?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the methods of a windowed session', () => {
  it("lists its requests' and notifications' methods, not the relay events'", () => {
    expect(new FrameWindowReader(recorder.db).messageMethods('s')).toEqual(['flood', 'notifications/message']);
  });

  it("checks a method through the method index, never by walking the session's frames", () => {
    const plan = (recorder.db.prepare(`EXPLAIN QUERY PLAN ${METHOD_USED_SQL}`).all(1, 'stopping') as { detail: string }[]).map((r) => r.detail);
    expect(plan.join(' | ')).toMatch(/^SEARCH frames USING INDEX frames_by_method \(sk=\? AND method=\?\)$/);
  });
});
