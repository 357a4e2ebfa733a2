import { describe, expect, it } from 'vitest';
import {
  BATCH_PRESETS,
  batchText,
  ELEMENT_TEMPLATES,
  elementsFromMessage,
  elementText,
  moveElement,
  newElement,
  nextElementId,
} from '../../web/features/batch/batch-draft.js';

const ping = ELEMENT_TEMPLATES.find((t) => t.key === 'ping')!;
const note = ELEMENT_TEMPLATES.find((t) => t.key === 'notification')!;

describe('the batch builder draft', () => {
  it('writes requests with their ids and notifications without one, as one JSON array', () => {
    const text = batchText([newElement(ping, 4), newElement(note, 5)]);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    expect(parsed[0]).toEqual({ jsonrpc: '2.0', id: 4, method: 'ping' });
    expect(parsed[1]).not.toHaveProperty('id');
    expect(parsed[1]).toMatchObject({ method: 'notifications/cancelled' });
  });

  it('switches an element between request and notification and keeps string ids as typed', () => {
    const el = { ...newElement(ping, 1), id: '"a"' };
    expect(JSON.parse(batchText([el]))).toEqual([{ jsonrpc: '2.0', id: 'a', method: 'ping' }]);
    expect(JSON.parse(batchText([{ ...el, kind: 'notification' }]))).toEqual([{ jsonrpc: '2.0', method: 'ping' }]);
  });

  it('sends raw elements verbatim, so a batch can hold an invalid one', () => {
    const invalid = BATCH_PRESETS.find((p) => p.key === 'one-invalid')!.build(7, '2025-03-26');
    expect(batchText(invalid)).toBe('[{"jsonrpc":"2.0","id":7,"method":"ping"},1]');
    expect(batchText(BATCH_PRESETS.find((p) => p.key === 'empty')!.build(1, 'x'))).toBe('[]');
  });

  it('reorders elements and offers ids above every id already used', () => {
    const a = newElement(ping, 1);
    const b = newElement(ping, 9);
    expect(moveElement([a, b], 1, -1)).toEqual([b, a]);
    expect(moveElement([a, b], 0, -1)).toEqual([a, b]);
    expect(nextElementId([a, b], 3)).toBe(10);
    expect(nextElementId([], 3)).toBe(3);
  });
});

describe('batch elements from messages published by other panels', () => {
  it('turns a tools/call from a tool form (id null) into a request with a fresh id, and one without an id into a notification', () => {
    const [el, ...rest] = elementsFromMessage({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }, 12);
    expect(rest).toEqual([]);
    expect(el).toMatchObject({ kind: 'notification', method: 'tools/call' });
    const [req] = elementsFromMessage({ jsonrpc: '2.0', id: null, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }, 12);
    expect(req).toMatchObject({ kind: 'request', id: '12', method: 'tools/call', params: '{"name":"echo","arguments":{"message":"hi"}}' });
    expect(elementText(req!)).toBe('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}');
  });

  it('keeps notifications as notifications, numbers a logged batch’s requests upward and sends anything else raw', () => {
    const els = elementsFromMessage(
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, 7],
      20,
    );
    expect(els.map((e) => [e.kind, e.id, e.method])).toEqual([
      ['request', '20', 'ping'],
      ['notification', '21', 'notifications/initialized'],
      ['request', '21', 'tools/list'],
      ['raw', '22', ''],
    ]);
    expect(els[3]!.raw).toBe('7');
  });
});
