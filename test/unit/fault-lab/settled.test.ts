import { describe, expect, it } from 'vitest';
import { isSettled } from '../../../shared/fault-lab/index.js';

const asReply = (value: unknown) => ({ text: JSON.stringify(value), value });

describe('when a probe may stop waiting', () => {
  it('never stops early when silence is what the spec wants, since silence needs the whole wait', () => {
    expect(isSettled({ kind: 'silence' }, '{}', [asReply({ jsonrpc: '2.0', id: 1, result: {} })])).toBe(false);
  });

  it('stops at the first answer for a single message, but not at a server notification', () => {
    const note = asReply({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    expect(isSettled({ kind: 'error', codes: [-32601] }, '{}', [note])).toBe(false);
    expect(isSettled({ kind: 'error', codes: [-32601] }, '{}', [note, asReply({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } })])).toBe(true);
  });

  it('waits for every request of a batch, however the replies are split', () => {
    const sent = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(isSettled({ kind: 'batch' }, sent, [asReply({ jsonrpc: '2.0', id: 2, result: {} })])).toBe(false);
    expect(isSettled({ kind: 'batch' }, sent, [asReply({ jsonrpc: '2.0', id: 2, result: {} }), asReply({ jsonrpc: '2.0', id: 1, result: {} })])).toBe(true);
  });
});
