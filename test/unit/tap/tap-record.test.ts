import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionArchive } from '../../../server/store/archive/session-archive.js';
import { Recorder } from '../../../server/store/recorder.js';
import { TapRecord, tapSession } from '../../../server/tap/tap-record.js';

function fresh() {
  const recorder = new Recorder(null);
  const record = new TapRecord(recorder, tapSession('t1', 'tap: x', { transport: 'stdio', command: 'x', args: [], env: {} }), 1024);
  return { recorder, record, frames: () => recorder.readFrames('t1', 0, 1000) };
}

describe('TapRecord', () => {
  it('makes a frame of each line, whatever chunks it came in, and numbers frames in the order they reached the tap', () => {
    const { record, frames } = fresh();
    record.chunk('out', 1, Buffer.from('{"jsonrpc":"2.0","id":1,"meth'));
    record.chunk('in', 2, Buffer.from('log line without newline yet'));
    record.chunk('out', 3, Buffer.from('od":"ping"}\n{"jsonrpc":"2.0","method":"x"}\n'));
    record.chunk('in', 4, Buffer.from('\n{"jsonrpc":"2.0","id":1,"result":{}}\n'));
    record.chunk('stderr', 5, Buffer.from('warn\n'));
    expect(frames().map((f) => [f.seq, f.dir, f.kind, f.ts])).toEqual([
      [1, 'out', 'request', 3],
      [2, 'out', 'notification', 3],
      [3, 'in', 'noise', 4],
      [4, 'in', 'response', 4],
      [5, 'in', 'stderr', 5],
    ]);
    // Provenance: what went out is the host's; what came in has none, as for any server frame.
    expect(frames().map((f) => f.origin)).toEqual(['tap', 'tap', undefined, undefined, undefined]);
  });

  it('keeps a last line without a newline when its stream ends, and a line past the cap as an oversize head', () => {
    const { record, frames } = fresh();
    record.chunk('in', 1, Buffer.from(`${'y'.repeat(2000)}\ntail`));
    record.end('in', 2);
    expect(frames().map((f) => [f.kind, f.size, f.text.length])).toEqual([
      ['oversize', 2000, 1024],
      ['noise', 4, 4],
    ]);
  });

  it("marks the session as tapped and follows the host's protocol version: offered, then answered", () => {
    const { recorder, record } = fresh();
    expect(new SessionArchive(recorder.db).meta('t1').origin).toBe('tap');
    record.chunk('out', 1, Buffer.from('{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n'));
    expect(recorder.getSession('t1')?.protocolVersion).toBe('2025-06-18');
    record.chunk('in', 2, Buffer.from('{"jsonrpc":"2.0","id":"a","result":{"protocolVersion":"2025-03-26"}}\n'));
    expect(recorder.getSession('t1')?.protocolVersion).toBe('2025-03-26');
    record.chunk('out', 3, Buffer.from('{"jsonrpc":"2.0","id":"b","method":"initialize","params":{"protocolVersion":"2024-11-05"}}\n'));
    expect(recorder.getSession('t1')?.protocolVersion).toBe('2025-03-26');
  });

  it("takes a 2026-07-28 host's version from its first request's _meta", () => {
    const { recorder, record } = fresh();
    record.chunk(
      'out',
      1,
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}\n'),
    );
    expect(recorder.getSession('t1')?.protocolVersion).toBe('2026-07-28');
  });

  it('writes the final status, the last unfinished line and every frame when it finishes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-tap-record-'));
    const record = new TapRecord(new Recorder(dir), tapSession('t2', 'tap: y', { transport: 'stdio', command: 'y', args: [], env: {} }), 1024);
    record.event(1, { event: 'spawned', pid: 42 });
    record.update({ status: 'running', pid: 42 });
    record.chunk('in', 2, Buffer.from('partial'));
    record.finish({ status: 'exited', exitCode: 3, signal: null });
    const reader = new Recorder(dir);
    try {
      expect(reader.getSession('t2')).toMatchObject({ status: 'exited', exitCode: 3, pid: 42, lastSeq: 2 });
      expect(reader.getSession('t2')?.endedAt).toBeGreaterThan(0);
      expect(reader.readFrames('t2', 0, 10).map((f) => [f.kind, f.text])).toEqual([
        ['event', '{"event":"spawned","pid":42}'],
        ['noise', 'partial'],
      ]);
    } finally {
      reader.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
