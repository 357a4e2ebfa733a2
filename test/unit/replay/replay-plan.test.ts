import { describe, expect, it } from 'vitest';
import { ReplayPlan, clientFramesOf, serverRequestIds, type ClientFrame } from '../../../shared/replay/replay-plan.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';

const frame = (seq: number, m: unknown): ClientFrame => ({ seq, offsetMs: seq * 10, text: typeof m === 'string' ? m : JSON.stringify(m) });

describe('planning a replay', () => {
  it('waits for the answer to each single request, and for a reply to a batch holding requests', () => {
    const plan = new ReplayPlan(
      [
        frame(1, { jsonrpc: '2.0', id: 'a', method: 'ping' }),
        frame(2, { jsonrpc: '2.0', method: 'notifications/initialized' }),
        frame(3, [
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { jsonrpc: '2.0', method: 'x' },
        ]),
        frame(4, 'not json at all'),
      ],
      [],
      { preserveIds: true },
    );
    expect(plan.steps.map((s) => [s.awaits, s.awaitsBatch])).toEqual([
      ['"a"', false],
      [null, false],
      [null, true],
      [null, false],
    ]);
    expect(plan.steps.map((s) => plan.textFor(s, () => undefined))).toEqual([null, null, null, null]);
  });

  it('gives requests fresh ids when asked and follows them in notifications/cancelled', () => {
    const plan = new ReplayPlan(
      [
        frame(1, { jsonrpc: '2.0', id: 'x-9', method: 'tools/call' }),
        frame(2, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x-9', reason: 'bored' } }),
      ],
      [],
      { preserveIds: false },
    );
    const [call, cancel] = plan.steps;
    expect(JSON.parse(plan.textFor(call!, () => undefined)!)).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
    expect(call!.awaits).toBe('1');
    expect(JSON.parse(plan.textFor(cancel!, () => undefined)!).params).toEqual({ requestId: 1, reason: 'bored' });
  });

  it('answers a server request under the id the server used in this run', () => {
    const recorded: Array<Pick<FrameRecord, 'dir' | 'kind' | 'rpcId'>> = [
      { dir: 'in', kind: 'request', rpcId: '0' },
      { dir: 'in', kind: 'request', rpcId: '1' },
    ];
    const plan = new ReplayPlan([frame(5, { jsonrpc: '2.0', id: 1, result: { roots: [] } })], serverRequestIds(recorded), { preserveIds: true });
    const step = plan.steps[0]!;
    expect(step.answers).toBe(1);
    expect(JSON.parse(plan.textFor(step, (n) => ['"s0"', '"s1"'][n])!).id).toBe('s1');
    expect(plan.textFor({ ...step }, (n) => ['0', '1'][n])).toBeNull();
  });

  it('takes the client frames of a recording with their offsets from the session start', () => {
    const f = (seq: number, dir: FrameRecord['dir'], ts: number): FrameRecord => ({
      seq,
      ts,
      dir,
      kind: 'request',
      text: '{}',
      size: 2,
      method: null,
      rpcId: null,
    });
    expect(clientFramesOf([f(1, 'relay', 100), f(2, 'out', 150), f(3, 'in', 160), { ...f(4, 'out', 170), b64: 'AA==' }], 100)).toEqual([
      { seq: 2, offsetMs: 50, text: '{}' },
      { seq: 4, offsetMs: 70, text: '{}', b64: 'AA==' },
    ]);
  });
});
