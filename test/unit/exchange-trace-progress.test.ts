import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  applyExchangeProgress,
  HttpExchangeRecordSchema,
  type HttpExchange,
  type HttpExchangeProgress,
  type HttpExchangeRecord,
} from '../../shared/http-exchange.js';
import { PROGRESS_BATCH_EVENTS } from '../../server/transports/exchange-progress.js';
import { ExchangeTrace } from '../../server/transports/exchange-trace.js';
import { HeaderMask } from '../../server/transports/header-mask.js';
import { HttpFailure, type HttpResponse } from '../../server/transports/http-request.js';
import type { SseEvent } from '../../server/transports/sse-parser.js';

function response(): HttpResponse {
  return {
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'text/event-stream']],
    sentHeaders: [],
    body: new PassThrough() as unknown as IncomingMessage,
    header: () => undefined,
    contentType: 'text/event-stream',
    cancelled: () => false,
  };
}

const ev = (n: number): SseEvent => ({ id: String(n), data: `{"n":${n}}`, dataSize: 8, comments: [], raw: '' });

/** A trace of one GET stream whose records land in `records`, already through JSON like a frame's text. */
function streamTrace(): { trace: ExchangeTrace; records: HttpExchangeRecord[] } {
  const records: HttpExchangeRecord[] = [];
  const emit = (r: HttpExchangeRecord) => records.push(HttpExchangeRecordSchema.parse(JSON.parse(JSON.stringify(r))));
  const trace = new ExchangeTrace(emit, new HeaderMask({}), { id: 'c2.x3', purpose: 'stream', method: 'GET', url: 'http://127.0.0.1:9/sse', headers: [] });
  trace.responded(response());
  return { trace, records };
}

const progressOf = (records: HttpExchangeRecord[]) => records.filter((r): r is HttpExchangeProgress => r.state === 'progress');

describe('ExchangeTrace on an open stream', () => {
  it('records what arrives as small deltas, batched, that rebuild the exchange the final record describes', async () => {
    const { trace, records } = streamTrace();
    trace.open();
    expect(records).toHaveLength(1);
    expect(records[0]!.state).toBe('open');

    // Events in one burst go out together once the interval passes, not one record each.
    for (let i = 1; i <= 3; i++) trace.sseEvent(ev(i), 100 + i);
    expect(progressOf(records)).toHaveLength(0);
    await expect.poll(() => progressOf(records).length, { timeout: 5000 }).toBe(1);
    expect(progressOf(records)[0]).toMatchObject({ id: 'c2.x3', method: 'GET', eventsFrom: 0, receivedSeqs: [101, 102, 103] });
    expect(progressOf(records)[0]!.events.map((e) => e.seq)).toEqual([101, 102, 103]);

    // A full batch goes out at once, and carries only what the earlier records did not.
    for (let i = 4; i < 4 + PROGRESS_BATCH_EVENTS; i++) trace.sseEvent(ev(i), 100 + i);
    expect(progressOf(records)).toHaveLength(2);
    expect(progressOf(records)[1]).toMatchObject({ eventsFrom: 3 });
    expect(progressOf(records)[1]!.events).toHaveLength(PROGRESS_BATCH_EVENTS);
    expect(progressOf(records)[1]!.receivedSeqs[0]).toBe(104);

    trace.sseEvent(ev(99), 199);
    await expect.poll(() => progressOf(records).length, { timeout: 5000 }).toBe(3);

    let merged = records[0] as HttpExchange;
    for (const p of progressOf(records)) merged = applyExchangeProgress(merged, p);
    trace.complete();
    const final = records.at(-1) as HttpExchange;
    expect(final.state).toBe('complete');
    expect(merged.response?.events).toEqual(final.response?.events);
    expect(merged.receivedSeqs).toEqual(final.receivedSeqs);
    expect(merged.state).toBe('open');
  });

  it('sends nothing before the open record, nothing after the final one, and no empty delta', async () => {
    const { trace, records } = streamTrace();
    trace.sseEvent(ev(1), 5);
    trace.open();
    trace.sseEvent(ev(2), 6);
    trace.fail(new HttpFailure('ABORTED', 'closed'));
    trace.sseEvent(ev(3), 7);
    // A second stream's delta, scheduled later on the same interval: once it is out, the first one's would have been too.
    const later = streamTrace();
    later.trace.open();
    later.trace.sseEvent(ev(1), 8);
    await expect.poll(() => progressOf(later.records).length, { timeout: 5000 }).toBe(1);
    expect(records.map((r) => r.state)).toEqual(['open', 'aborted']);
    const open = records[0] as HttpExchange;
    expect(open.response?.events?.map((e) => e.seq)).toEqual([5]);
  });

  it('folds a repeated or foreign delta without harm', () => {
    const { trace, records } = streamTrace();
    trace.open();
    const open = records[0] as HttpExchange;
    const p: HttpExchangeProgress = {
      id: 'c2.x3',
      state: 'progress',
      method: 'GET',
      eventsFrom: 0,
      events: [{ id: '1', seq: 9 }],
      receivedSeqs: [9],
      bodySize: 20,
      elapsedMs: 5,
    };
    const once = applyExchangeProgress(open, p);
    expect(applyExchangeProgress(once, p)).toEqual(once);
    expect(applyExchangeProgress(open, { ...p, id: 'x3' })).toBe(open);
    expect(open.response?.events ?? []).toEqual([]);
    expect(once.response).toMatchObject({ bodySize: 20, events: [{ id: '1', seq: 9 }] });
  });
});
