import { describe, expect, it } from 'vitest';
import { ReplyMatcher, rawExpectation } from '../../server/call/raw-expectation.js';

const err = (id: unknown, code = -32600) => ({ jsonrpc: '2.0', id, error: { code, message: 'x' } });

describe('what a raw frame calls for', () => {
  it('wants one error with a null id for text that is not JSON, and for JSON that is not a request', () => {
    for (const text of ['this is not json', '42', '{"foo":1}', '{"jsonrpc":"1.0","id":1,"method":"ping"}', '[]']) {
      expect(rawExpectation(text), text).toMatchObject({ ids: [], nullIdErrors: 1, nothing: null });
    }
  });

  it('wants each request answered by its id, and nothing for notifications or responses', () => {
    expect(rawExpectation('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"x","method":"b"}]')).toMatchObject({
      ids: ['1', '"x"'],
      nullIdErrors: 0,
    });
    expect(rawExpectation('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({
      ids: [],
      nullIdErrors: 0,
      nothing: 'notifications get no answer',
    });
    expect(rawExpectation('{"jsonrpc":"2.0","id":1,"result":{}}')).toMatchObject({ nothing: 'responses get no answer' });
  });
});

describe('matching what came back', () => {
  it("takes a response by its id once, never a notification or another request's response", () => {
    const m = new ReplyMatcher(rawExpectation('{"jsonrpc":"2.0","id":3,"method":"ping"}'));
    expect(m.take({ jsonrpc: '2.0', method: 'notifications/message', params: {} })).toBe(false);
    expect(m.take({ jsonrpc: '2.0', id: 4, result: {} })).toBe(false);
    expect(m.take(err(null, -32700))).toBe(false);
    expect(m.missing).toBe(1);
    expect(m.take({ jsonrpc: '2.0', id: 3, result: {} })).toBe(true);
    expect(m.take({ jsonrpc: '2.0', id: 3, result: {} })).toBe(false);
    expect(m.missing).toBe(0);
  });

  it("takes one null-id error per invalid element, or an error bearing an invalid request's own id", () => {
    const m = new ReplyMatcher(rawExpectation('[{"jsonrpc":"2.0","id":9},1]'));
    expect(m.expected).toBe(2);
    expect(m.take(err(9))).toBe(true);
    expect(m.take({ jsonrpc: '2.0', id: null, result: {} })).toBe(false);
    expect(m.take(err(null))).toBe(true);
    expect(m.take(err(null))).toBe(false);
    expect(m.missing).toBe(0);
  });
});
