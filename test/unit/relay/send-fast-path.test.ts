// The relay's zod-free read of a page's `send` message agrees with the schema wherever it answers, and leaves the rest
// (a b64 send, a wrong type, another message) to the schema, which says what is wrong.
import { describe, expect, it } from 'vitest';
import { RelayClientMessageSchema } from '../../../shared/relay-protocol.js';
import { plainSend } from '../../../server/relay/send-fast-path.js';

const cases: unknown[] = [
  { type: 'send', sessionId: 's1', text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
  { type: 'send', sessionId: 's1', text: 'not json at all', ref: 'r7' },
  { type: 'send', sessionId: 's1', text: '', origin: 'panel' },
  { type: 'send', sessionId: 's1', text: 'x', origin: 'bookkeeping', ref: 'r1', extra: { nested: true } },
  { type: 'send', sessionId: 's1', text: 'x', origin: 'made-up' },
  { type: 'send', sessionId: 's1', text: 'x', ref: 7 },
  { type: 'send', sessionId: 's1', text: 'x', ref: null },
  { type: 'send', sessionId: 's1', text: 'x', b64: 'AAE=' },
  { type: 'send', sessionId: 's1', text: 42 },
  { type: 'send', sessionId: 1, text: 'x' },
  { type: 'send', text: 'x' },
  { type: 'subscribe', sessionId: 's1', afterSeq: 0 },
  ['send'],
  null,
  'send',
];

describe('the send fast path', () => {
  it('gives what the schema gives for every message it reads, and reads the usual sends', () => {
    let read = 0;
    for (const raw of cases) {
      const fast = plainSend(raw);
      if (fast === null) continue;
      read++;
      const parsed = RelayClientMessageSchema.safeParse(raw);
      expect(parsed.success, JSON.stringify(raw)).toBe(true);
      expect(fast).toEqual(parsed.data);
    }
    expect(read).toBe(4);
  });

  it('leaves a b64 send, a field of the wrong type, an unknown origin and other messages to the schema', () => {
    for (const raw of cases.slice(4)) expect(plainSend(raw), JSON.stringify(raw)).toBeNull();
    // The schema still reads the b64 send; the others it refuses with a message.
    expect(RelayClientMessageSchema.safeParse(cases[7]).success).toBe(true);
    expect(RelayClientMessageSchema.safeParse(cases[4]).success).toBe(false);
    expect(RelayClientMessageSchema.safeParse(cases[5]).success).toBe(false);
  });
});
