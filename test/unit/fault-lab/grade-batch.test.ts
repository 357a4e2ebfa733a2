import { describe, expect, it } from 'vitest';
import { gradeBatchForVersion, gradeFault } from '../../../shared/fault-lab/index.js';

const req = (id: unknown, method = 'ping') => ({ jsonrpc: '2.0', id, method });
const note = (method: string) => ({ jsonrpc: '2.0', method });
const ok = (id: unknown) => ({ jsonrpc: '2.0', id, result: {} });
const err = (id: unknown, code: number) => ({ jsonrpc: '2.0', id, error: { code, message: 'x' } });
const asReply = (value: unknown) => ({ text: JSON.stringify(value), value });
const BATCH = { kind: 'batch' } as const;

describe('batch verdicts under JSON-RPC 2.0', () => {
  it('grades one array answering every request in any order as the spec says', () => {
    const batch = [req(1), note('notifications/x'), req(2)];
    expect(gradeFault(BATCH, JSON.stringify(batch), [asReply([ok(2), ok(1)])]).outcome).toBe('as-spec');
  });

  it('grades separate objects instead of one array as a deviation', () => {
    const v = gradeFault(BATCH, JSON.stringify([req(1), req(2)]), [asReply(ok(1)), asReply(ok(2))]);
    expect(v.outcome).toBe('deviates');
    expect(v.explanation).toMatch(/not one array/);
  });

  it('grades a missing -32600 for an invalid element as a deviation', () => {
    const v = gradeFault(BATCH, JSON.stringify([req(1), 1]), [asReply([ok(1)])]);
    expect(v.outcome).toBe('deviates');
    expect(v.explanation).toMatch(/invalid element/);
  });

  it('grades an invalid element answered with -32600 and id null as the spec says', () => {
    expect(gradeFault(BATCH, JSON.stringify([req(1), 1]), [asReply([ok(1), err(null, -32600)])]).outcome).toBe('as-spec');
  });

  it('grades initialize accepted inside a batch as a deviation', () => {
    const v = gradeFault(BATCH, JSON.stringify([req(1, 'initialize'), req(2)]), [asReply([ok(1), ok(2)])]);
    expect(v.explanation).toMatch(/initialize/);
    expect(v.outcome).toBe('deviates');
  });

  it('grades an all-notification batch with no reply as the spec says, and [] as a deviation', () => {
    const batch = JSON.stringify([note('a'), note('b')]);
    expect(gradeFault(BATCH, batch, []).outcome).toBe('as-spec');
    expect(gradeFault(BATCH, batch, [asReply([err(null, -32600)])]).outcome).toBe('deviates');
  });

  it('grades a dropped batch of requests as no reply', () => {
    expect(gradeFault(BATCH, JSON.stringify([req(1), req(2)]), []).outcome).toBe('no-reply');
  });
});

describe('batch verdicts for the negotiated MCP version', () => {
  const batch = [req(1), req(2)];

  it('calls silence to a batch no reply in 2025-03-26, which must process batches', () => {
    expect(gradeBatchForVersion(batch, [], '2025-03-26').outcome).toBe('no-reply');
  });

  it('accepts silence or a rejection in 2025-11-25, which removed batches', () => {
    expect(gradeBatchForVersion(batch, [], '2025-11-25').outcome).toBe('as-spec');
    expect(gradeBatchForVersion(batch, [err(null, -32600)], '2025-06-18').outcome).toBe('as-spec');
  });

  it('accepts a fully processed batch in any version', () => {
    expect(gradeBatchForVersion(batch, [[ok(1), ok(2)]], '2025-11-25').outcome).toBe('as-spec');
  });

  it('grades a half-processed batch in a later version as a deviation', () => {
    expect(gradeBatchForVersion(batch, [[ok(1)]], '2025-11-25').outcome).toBe('deviates');
  });

  it('grades an empty batch by its own rule: one -32600, not an array', () => {
    expect(gradeBatchForVersion([], [err(null, -32600)], '2025-03-26').outcome).toBe('as-spec');
    expect(gradeBatchForVersion([], [[err(null, -32600)]], '2025-03-26').outcome).toBe('deviates');
  });
});

describe('batch verdicts over Streamable HTTP', () => {
  it('accepts responses streamed as separate SSE events, which MCP allows, but still wants every request answered', () => {
    const batch = [req(1), req(2)];
    expect(gradeBatchForVersion(batch, [ok(1), ok(2)], '2025-03-26', { splitReplies: true }).outcome).toBe('as-spec');
    expect(gradeBatchForVersion(batch, [ok(1)], '2025-03-26', { splitReplies: true }).outcome).toBe('deviates');
    expect(gradeBatchForVersion(batch, [ok(1), ok(2)], '2025-03-26').outcome).toBe('deviates');
  });
});

describe('the batch builder’s verdict when the POST carrying the batch got a bare HTTP error status', () => {
  const refusal = { status: 400, statusText: 'Bad Request' };
  const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }];
  it('grades the rejection as correct for a version without batches', () => {
    const v = gradeBatchForVersion(batch, [], '2025-11-25', { refusal });
    expect(v.outcome).toBe('as-spec');
    expect(v.explanation).toMatch(/HTTP 400 Bad Request.*2025-11-25 has no batches/);
  });

  it('grades it as a deviation for 2025-03-26, which must process batches', () => {
    expect(gradeBatchForVersion(batch, [], '2025-03-26', { refusal }).outcome).toBe('deviates');
  });
});
