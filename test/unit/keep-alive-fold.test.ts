import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { EMPTY_FILTER } from '../../web/lib/log/frame-filter.js';
import { isKeepAliveRecord } from '../../web/lib/log/keep-alive-fold.js';
import { SessionLog } from '../../web/lib/log/session-log.js';

function http(seq: number, record: Record<string, unknown>): FrameRecord {
  const text = JSON.stringify(record);
  return { seq, ts: 1_000 * seq, dir: 'relay', kind: 'http', text, size: text.length, method: String(record.method ?? 'GET'), rpcId: null };
}
const open = (seq: number, id: string) =>
  http(seq, {
    id,
    state: 'open',
    purpose: 'stream',
    request: { method: 'GET', url: 'http://127.0.0.1/mcp', headers: [], bodySize: 0 },
    response: { status: 200, statusText: 'OK', headers: [], body: '', bodySize: 0 },
    timing: { startedAt: 0 },
    receivedSeqs: [],
  });
const ping = (seq: number, id: string, from: number) =>
  http(seq, {
    id,
    state: 'progress',
    method: 'GET',
    eventsFrom: from,
    events: [{ comments: ['keep-alive'] }],
    receivedSeqs: [],
    bodySize: 20 * from,
    elapsedMs: seq,
  });
const message = (seq: number, id: string, from: number) =>
  http(seq, {
    id,
    state: 'progress',
    method: 'GET',
    eventsFrom: from,
    events: [{ event: 'message', dataSize: 40, seq: seq - 1 }],
    receivedSeqs: [seq - 1],
    bodySize: 99,
    elapsedMs: seq,
  });
const note = (seq: number): FrameRecord => {
  const text = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
  return { seq, ts: 1_000 * seq, dir: 'in', kind: 'notification', text, size: text.length, method: 'notifications/message', rpcId: null };
};

describe('keep-alives folded into their stream’s row', () => {
  it('tells a keep-alive record from one that brought a message', () => {
    expect(isKeepAliveRecord(JSON.parse(ping(2, 'g', 1).text))).toBe(true);
    expect(isKeepAliveRecord(JSON.parse(message(3, 'g', 1).text))).toBe(false);
    // A priming event (an id and empty data) says nothing either; an event with data does.
    expect(isKeepAliveRecord({ state: 'progress', events: [{ id: 'e1', dataSize: 0 }], receivedSeqs: [] })).toBe(true);
    expect(isKeepAliveRecord({ state: 'progress', events: [{ data: '{"x":1}', dataSize: 7 }], receivedSeqs: [] })).toBe(false);
    expect(isKeepAliveRecord({ state: 'open', events: [] })).toBe(false);
  });

  it('adds no row for twenty keep-alives of one stream, and counts them on the stream’s row with the last time', () => {
    const log = new SessionLog();
    log.append([open(1, 'g')]);
    expect(log.filtered(EMPTY_FILTER).map((e) => e.frame.seq)).toEqual([1]);
    for (let i = 0; i < 20; i++) log.append([ping(2 + i, 'g', i)]);
    const rows = log.filtered(EMPTY_FILTER);
    expect(rows.map((e) => e.frame.seq)).toEqual([1]);
    expect(log.links.of(rows[0]!.frame.seq).keepAlives).toEqual({ count: 20, lastTs: 21_000 });
    // Every frame is still held: the HTTP tab and the detail read them; only the rows are folded.
    expect(log.entries).toHaveLength(21);
    // The log's count says how many frames have no row of their own.
    expect(log.foldedKeepAlives).toBe(20);
    // A filter folds them too, and what carries a message stays a row of its own.
    log.append([note(22), message(23, 'g', 20), ping(24, 'g', 21)]);
    expect(log.filtered(EMPTY_FILTER).map((e) => e.frame.seq)).toEqual([1, 22, 23]);
    expect(log.filtered({ ...EMPTY_FILTER, kinds: ['http'] }).map((e) => e.frame.seq)).toEqual([1, 23]);
    expect(log.links.of(1).keepAlives!.count).toBe(21);
    expect(log.foldedKeepAlives).toBe(21);
  });

  it('leaves a stream’s records alone once the exchange has ended, and never folds into another exchange', () => {
    const log = new SessionLog();
    log.append([open(1, 'a'), ping(2, 'b', 0)]);
    expect(log.filtered(EMPTY_FILTER).map((e) => e.frame.seq)).toEqual([1, 2]);
    const done = http(3, { ...JSON.parse(open(3, 'a').text), state: 'complete' });
    log.append([done, ping(4, 'a', 5)]);
    expect(log.filtered(EMPTY_FILTER).map((e) => e.frame.seq)).toEqual([1, 2, 3, 4]);
    expect(log.links.of(1).keepAlives).toBeUndefined();
  });
});
