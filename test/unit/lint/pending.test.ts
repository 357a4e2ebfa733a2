// The time-based view of a live session: requests pending past the threshold, and what becomes of them.
import { describe, expect, it } from 'vitest';
import { Linter, lintFrames } from '../../../shared/lint/index.js';
import { frames, handshake, j } from './frames.js';

const ping = (id: number) => ['out', j({ id, method: 'ping' })] as const;
const pong = (id: number) => ['in', j({ id, result: {} })] as const;

function linterWith(pairs: Parameters<typeof frames>[0], slowAfterMs?: number): Linter {
  const linter = new Linter({ transport: 'stdio', ...(slowAfterMs === undefined ? {} : { slowAfterMs }) });
  for (const f of frames(pairs)) linter.push(f);
  return linter;
}

describe('Linter.pendingAt', () => {
  it('flags a request only once it has waited the threshold, 30 s by default', () => {
    const linter = linterWith([...handshake(), ping(5)]);
    const sent = 1_000 + 4;
    expect(linter.pendingAt(sent + 29_999)).toEqual([]);
    const [f] = linter.pendingAt(sent + 42_000);
    expect(f).toMatchObject({ ruleId: 'mcp/request-pending', severity: 'info', seq: 4, message: 'ping (id 5) from the client has waited 42 s for an answer.' });
    expect(linter.pendingAt(sent + 500, 500)).toHaveLength(1);
  });

  it('takes the threshold from the options', () => {
    expect(linterWith([...handshake(), ping(5)], 1_000).pendingAt(1_004 + 1_000)).toHaveLength(1);
  });

  it('drops the request once it is answered, and the answer gets a latency note when it came late', () => {
    const linter = new Linter({ transport: 'stdio', slowAfterMs: 1_000 });
    const [init, initResult, initialized, req] = frames([...handshake(), ping(5)]);
    for (const f of [init!, initResult!, initialized!, req!]) linter.push(f);
    expect(linter.pendingAt(req!.ts + 5_000)).toHaveLength(1);
    const late = { ...frames([pong(5)], 5)[0]!, ts: req!.ts + 5_000 };
    expect(linter.push(late)).toEqual([
      expect.objectContaining({
        ruleId: 'mcp/slow-response',
        seq: 5,
        related: [4],
        message: 'ping (id 5) was answered after 5 s, over the 1 s pending threshold.',
      }),
    ]);
    expect(linter.pendingAt(req!.ts + 60_000)).toEqual([]);
  });

  it('leaves a quick answer without a note, and forgets requests when the server exits', () => {
    expect(lintFrames(frames([...handshake(), ping(5), pong(5)]), { transport: 'stdio' })).toEqual([]);
    const linter = linterWith([...handshake(), ping(5), ['relay', JSON.stringify({ event: 'exited' })]]);
    expect(linter.pendingAt(1_000_000)).toEqual([]);
  });
});
