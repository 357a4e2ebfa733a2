import { describe, expect, it } from 'vitest';
import { correlateBatch } from '../../shared/correlate-batch.js';

const req = (id: unknown, method = 'ping') => ({ jsonrpc: '2.0', id, method });
const note = (method: string) => ({ jsonrpc: '2.0', method });
const ok = (id: unknown) => ({ jsonrpc: '2.0', id, result: {} });
const err = (id: unknown, code: number) => ({ jsonrpc: '2.0', id, error: { code, message: 'x' } });

describe('batch correlation', () => {
  it('matches replies to requests by id in any order and owes nothing to notifications', () => {
    const c = correlateBatch([req(1), note('notifications/x'), req('b', 'tools/list')], [[ok('b'), ok(1)]]);
    expect(c.elements.map((e) => [e.index, e.status])).toEqual([
      [0, 'answered'],
      [1, 'notification'],
      [2, 'answered'],
    ]);
    expect(c.elements[2]).toMatchObject({ id: 'b', method: 'tools/list', response: ok('b') });
    expect(c).toMatchObject({ replyShape: 'array', unexpected: [], summary: { elements: 3, requests: 2, answered: 2, missing: 0 } });
  });

  it('marks a request without a reply as missing', () => {
    const c = correlateBatch([req(1), req(2)], [ok(2)]);
    expect(c.elements.map((e) => e.status)).toEqual(['missing', 'answered']);
    expect(c).toMatchObject({ replyShape: 'single', summary: { missing: 1 } });
  });

  it('never pairs a string id with a numeric one, and reports replies nobody asked for as unexpected', () => {
    const c = correlateBatch([req(1)], [[ok('1'), err(null, -32600)]]);
    expect(c.elements[0]!.status).toBe('missing');
    expect(c.unexpected).toEqual([ok('1'), err(null, -32600)]);
  });

  it('keeps a second reply to the same id as a duplicate', () => {
    const c = correlateBatch([req(1)], [ok(1), err(1, -32603)]);
    expect(c.elements[0]).toMatchObject({ status: 'answered', response: ok(1), duplicates: [err(1, -32603)] });
    expect(c.replyShape).toBe('separate');
  });

  it('gives elements that reuse an id one reply each, in order', () => {
    const c = correlateBatch([req(5), req(5, 'tools/list')], [[ok(5), err(5, -32600)]]);
    expect(c.elements.map((e) => e.response)).toEqual([ok(5), err(5, -32600)]);
  });

  it('calls elements that cannot be answered by id invalid, and ignores server notifications in between', () => {
    const c = correlateBatch([req(null), { jsonrpc: '2.0' }, 42], [note('notifications/message')]);
    expect(c.elements.map((e) => e.status)).toEqual(['invalid', 'invalid', 'invalid']);
    expect(c).toMatchObject({ replyShape: 'none', summary: { requests: 0 } });
  });

  it('puts junk inside a reply array among the unexpected', () => {
    const c = correlateBatch([req(1)], [[ok(1), 'oops']]);
    expect(c.unexpected).toEqual(['oops']);
  });
});
