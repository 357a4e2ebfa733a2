// The browser side of "pending too long": finding a row's log, and asking its linter what is still waiting.
import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { MessageStore } from '../../web/lib/log/message-store.js';
import { formatWaiting } from '../../web/lib/ui/pending-clock.js';

function frame(seq: number, dir: FrameRecord['dir'], msg: Record<string, unknown>, ts: number): FrameRecord {
  const text = JSON.stringify({ jsonrpc: '2.0', ...msg });
  const c = classifyText(text);
  return { seq, ts, dir, kind: c.kind, text, size: text.length, method: c.method ?? null, rpcId: idKey(c.id) };
}

describe('pending requests in the message store', () => {
  it('finds the log holding an entry, and only that one', () => {
    const store = new MessageStore();
    store.append('a', [frame(1, 'out', { id: 1, method: 'ping' }, 1_000)]);
    store.append('b', [frame(1, 'out', { id: 1, method: 'ping' }, 1_000)]);
    const entryB = store.source('b').frame(1)!;
    expect(store.sourceOf(entryB)).toBe(store.source('b'));
    expect(store.sourceOf({ ...entryB })).toBeUndefined();
  });

  it('lists a request as pending past the threshold until its answer is appended', () => {
    const store = new MessageStore();
    store.configureLint('s', { transport: 'stdio', protocolVersion: '2025-11-25' });
    store.append('s', [frame(1, 'out', { id: 7, method: 'ping' }, 1_000)]);
    const findings = store.log('s').findings;
    expect(findings.pendingAt(1_500, 1_000)).toEqual([]);
    expect(findings.pendingAt(3_000, 1_000)).toEqual([
      expect.objectContaining({ ruleId: 'mcp/request-pending', seq: 1, message: 'ping (id 7) from the client has waited 2 s for an answer.' }),
    ]);
    // Pending is transient: it is never among the session's findings.
    expect(findings.all).toEqual([]);
    store.append('s', [frame(2, 'in', { id: 7, result: {} }, 3_500)]);
    expect(findings.pendingAt(10_000, 1_000)).toEqual([]);
  });

  it('says how long in seconds, then minutes', () => {
    expect(formatWaiting(42_900)).toBe('42 s');
    expect(formatWaiting(125_000)).toBe('2 min 5 s');
  });
});
