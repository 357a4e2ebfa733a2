import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameIndex, WindowFilter } from '../../shared/frame-window-api.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { FrameWindowReader } from '../../server/store/recorder-window.js';
import { Recorder } from '../../server/store/recorder.js';
import { WindowScanPool } from '../../server/store/window-scan-pool.js';
import { ROOT } from '../helpers/relay-process.js';

// The threads run the built worker, as the relay does (npm run build first, like every integration test).
const WORKER = new URL(`file://${join(ROOT, 'dist', 'server', 'store', 'window-scan-worker.js')}`);

const N = 60_000;
let dir: string;
let recorder: Recorder;
let pool: WindowScanPool;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-scan-'));
  recorder = new Recorder(dir);
  for (let seq = 1; seq <= N; seq++) {
    const isCall = seq % 1000 === 0;
    const text = isCall
      ? JSON.stringify({ jsonrpc: '2.0', id: seq, method: 'tools/call', params: { name: 'echo' } })
      : seq % 1000 === 1 && seq > 1
        ? JSON.stringify({ jsonrpc: '2.0', id: seq - 1, result: { content: [] } })
        : JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: `${seq} x` } });
    const answer = seq % 1000 === 1 && seq > 1;
    const frame: FrameRecord = {
      seq,
      ts: seq,
      dir: isCall ? 'out' : 'in',
      kind: isCall ? 'request' : answer ? 'response' : 'notification',
      text,
      size: text.length,
      method: isCall ? 'tools/call' : answer ? null : 'notifications/message',
      rpcId: isCall ? String(seq) : answer ? String(seq - 1) : null,
    };
    recorder.append('big', frame);
  }
  recorder.flush();
  pool = new WindowScanPool(join(dir, 'mcpscope.sqlite'), 2, WORKER);
});

afterAll(() => {
  pool?.close();
  recorder?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the parallel scan of a huge session', () => {
  const filters: WindowFilter[] = [
    { text: '"4242 x' },
    { text: 'notifications' },
    { method: 'tools/call' },
    { method: 'message', dir: 'in' },
    { kinds: ['response'] },
  ];
  it.each(filters)('counts exactly what one thread counts: %j', async (filter) => {
    const reader = new FrameWindowReader(recorder.db);
    const one: FrameIndex = reader.index('big', filter);
    const split = await pool.index('big', filter, N);
    expect(split).toEqual(one);
    expect(split.total).toBeGreaterThan(0);
  });

  it('finds a tool call and its response through the method filter', async () => {
    const idx = await pool.index('big', { method: 'tools/call' }, N);
    // 60 calls and 59 answers (the last call is unanswered).
    expect(idx.total).toBe(60 + 59);
  });
});
