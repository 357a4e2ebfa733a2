// Stats lint a session only up to a cap; past it the counts say they are a lower bound and how many frames they cover.
import { describe, expect, it } from 'vitest';
import { SessionArchive } from '../../../server/store/archive/session-archive.js';
import { sessionStats } from '../../../server/store/archive/session-stats.js';
import { Recorder } from '../../../server/store/recorder.js';
import type { FrameRecord, SessionInfo } from '../../../shared/relay-protocol.js';

/** A response with no request before it: one lint finding per frame. */
const orphan = (seq: number): FrameRecord => {
  const text = JSON.stringify({ jsonrpc: '2.0', id: 1000 + seq, result: {} });
  return { seq, ts: 1_000 + seq, dir: 'in', kind: 'response', text, size: text.length, method: null, rpcId: String(1000 + seq) };
};

function recorded(n: number): { recorder: Recorder; archive: SessionArchive; info: SessionInfo } {
  const recorder = new Recorder(null);
  const stored = {
    id: 's1',
    name: 'orphans',
    target: { transport: 'stdio' as const, command: 'x', args: [], env: {} },
    protocolVersion: '2025-11-25',
    startedAt: 1_000,
    endedAt: 2_000,
    status: 'stopped' as const,
    pid: null,
    exitCode: 0,
    signal: null,
    lastSeq: n,
  };
  recorder.saveSession(stored);
  for (let i = 1; i <= n; i++) recorder.append('s1', orphan(i));
  recorder.flush();
  return { recorder, archive: new SessionArchive(recorder.db), info: { ...stored, live: false, handshakePending: false } };
}

describe('session stats past the lint cap', () => {
  it('counts the findings of the first frames only and says so', async () => {
    const { recorder, archive, info } = recorded(10);
    const capped = await sessionStats(recorder, archive, info, 4);
    expect(capped).toMatchObject({
      frames: 10,
      lintedFrames: 4,
      findingsTruncated: true,
      findingsNote: "the first 4 of 10 frames only; a bundle's findings, or mcpscope lint on it, cover them all",
    });
    const all = await sessionStats(recorder, archive, info, 100);
    expect(all).toMatchObject({ frames: 10, lintedFrames: 10, findingsTruncated: false, findingsNote: null });
    expect(all.findings!.total).toBeGreaterThan(capped.findings!.total);
    recorder.close();
  });
});
