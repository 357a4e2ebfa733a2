// The relay's windowed reads filter by trace id as the page does: only frames whose traceparent names the trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { FrameWindowReader } from '../../server/store/recorder-window.js';
import { Recorder } from '../../server/store/recorder.js';
import { compileFilter, EMPTY_FILTER } from '../../web/lib/log/frame-filter.js';
import { toEntry } from '../../web/lib/log/frame-entry.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-window-'));
const recorder = new Recorder(dir);
afterAll(() => {
  recorder.close();
  rmSync(dir, { recursive: true, force: true });
});

const A = '4bf92f3577b34da6a3ce929d0e0e4736';
const B = '0af7651916cd43dd8448eb211c80319c';
const frame = (seq: number, meta: Record<string, unknown> | null, text?: string): FrameRecord => {
  const t = text ?? JSON.stringify({ jsonrpc: '2.0', id: seq, method: 'ping', ...(meta ? { params: { _meta: meta } } : {}) });
  return { seq, ts: seq, dir: 'out', kind: 'request', text: t, size: t.length, method: 'ping', rpcId: String(seq) };
};

it('counts and pages the frames of one trace, on the relay as on the page', () => {
  const frames = [
    frame(1, { traceparent: `00-${A}-00f067aa0ba902b7-01` }),
    frame(2, { traceparent: `00-${B}-00f067aa0ba902b7-01` }),
    frame(3, null),
    // The trace id in the text, but not in a traceparent: not of the trace.
    frame(4, null, JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'echo', params: { text: A } })),
    frame(5, { traceparent: `00-${A}-b7ad6b7169203331-01` }),
  ];
  for (const f of frames) recorder.append('s', f);
  recorder.flush();
  const reader = new FrameWindowReader(recorder.db);
  expect(reader.index('s', { trace: A }).total).toBe(2);
  expect(reader.page('s', 0, 100, 0, 10, { trace: A.slice(0, 8) }).map((f) => f.seq)).toEqual([1, 5]);
  const page = compileFilter({ ...EMPTY_FILTER, trace: A.slice(0, 8) });
  expect(frames.filter((f) => page(toEntry(f))).map((f) => f.seq)).toEqual([1, 5]);
});
