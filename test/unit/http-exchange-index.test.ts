import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../shared/http-exchange.js';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { sessionTrouble } from '../../web/features/connection/session-trouble.js';
import { ExchangeIndex } from '../../web/lib/http/exchange-index.js';
import { carriedMethods, jsonRpcErrors, statusClass, statusLabel } from '../../web/features/http-exchanges/exchange-format.js';
import { InPageLog } from '../../web/lib/log/in-page-log.js';
import { SessionLog } from '../../web/lib/log/session-log.js';

/** A log built the way the relay records frames: seq order, classified text, `http` and `event` frames as JSON. */
function logOf(specs: [FrameRecord['dir'], unknown, FrameRecord['kind']?][]): SessionLog {
  const log = new SessionLog();
  log.append(
    specs.map(([dir, body, kind], i) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const c = classifyText(text);
      return {
        seq: i + 1,
        ts: i,
        dir,
        kind: kind ?? c.kind,
        text,
        size: text.length,
        method: kind ? null : (c.method ?? null),
        rpcId: kind ? null : idKey(c.id),
      };
    }),
  );
  return log;
}

function exchange(patch: Partial<HttpExchange> & { id: string }): HttpExchange {
  return {
    state: 'complete',
    purpose: 'message',
    request: { method: 'POST', url: 'http://127.0.0.1:9/mcp', headers: [['Authorization', 'Bearer ••••']], bodySize: 10 },
    response: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}', bodySize: 2 },
    timing: { startedAt: 1, headersMs: 2, totalMs: 3 },
    receivedSeqs: [],
    ...patch,
  };
}

const req = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const res = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } });

describe('the HTTP exchange index', () => {
  it('folds the open record and the final one into one row, and maps carried frames back to it', () => {
    const log = logOf([
      ['out', req],
      ['relay', exchange({ id: 'x1', state: 'open', sentSeq: 1, timing: { startedAt: 1, headersMs: 2 } }), 'http'],
      ['in', res],
      ['relay', exchange({ id: 'x1', sentSeq: 1, receivedSeqs: [3] }), 'http'],
    ]);
    const index = new ExchangeIndex();
    expect(index.update(log.entries)).toBe(true);
    expect(index.rows).toHaveLength(1);
    const row = index.rows[0]!;
    expect(row).toMatchObject({ id: 'x1', recordSeqs: [2, 4], index: 1, x: { state: 'complete', receivedSeqs: [3] } });
    expect(index.carrierOf(1)?.id).toBe('x1');
    expect(index.carrierOf(3)?.id).toBe('x1');
    expect(index.carrierOf(2)?.id).toBe('x1');
    expect(carriedMethods(new InPageLog(log, 's'), row.x)).toEqual(['tools/list']);
    expect(index.update(log.entries)).toBe(false);
  });

  it('starts a new row when a restarted transport numbers its exchanges from x1 again', () => {
    const log = logOf([
      ['relay', exchange({ id: 'x1', state: 'failed', response: null, error: { code: 'ECONNREFUSED', message: 'refused' } }), 'http'],
      ['out', req],
      ['relay', exchange({ id: 'x1', state: 'open', sentSeq: 2 }), 'http'],
      ['relay', exchange({ id: 'x1', sentSeq: 2 }), 'http'],
    ]);
    const index = new ExchangeIndex();
    index.update(log.entries);
    expect(index.rows.map((r) => [r.id, r.x.state, r.recordSeqs])).toEqual([
      ['x1', 'failed', [1]],
      ['x1~2', 'complete', [3, 4]],
    ]);
    expect(index.carrierOf(2)?.id).toBe('x1~2');
    expect(index.byWire('x1')?.id).toBe('x1~2');
  });

  it('keeps http frames that are not exchange records as unreadable instead of dropping them silently', () => {
    const log = logOf([['relay', { id: 'broken' }, 'http']]);
    const index = new ExchangeIndex();
    index.update(log.entries);
    expect(index.rows).toEqual([]);
    expect(index.unreadable).toEqual([1]);
  });

  it('classes statuses like a network panel and finds a JSON-RPC error in an HTTP error body', () => {
    expect(statusClass(exchange({ id: 'a' }))).toBe('ok');
    const notFound = exchange({
      id: 'b',
      response: {
        status: 404,
        statusText: 'Not Found',
        headers: [],
        body: '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}',
        bodySize: 80,
      },
    });
    expect(statusClass(notFound)).toBe('client-error');
    expect(jsonRpcErrors(notFound.response!.body)).toEqual([{ code: -32001, message: 'Session not found' }]);
    expect(jsonRpcErrors('<html>500</html>')).toEqual([]);
    const refused = exchange({ id: 'c', state: 'failed', response: null, error: { code: 'ECONNREFUSED', message: 'connection refused' } });
    expect([statusClass(refused), statusLabel(refused)]).toEqual(['failed', 'failed']);
    expect(statusLabel(exchange({ id: 'd', state: 'open', response: null }))).toBe('(pending)');
  });
});

describe('session trouble read from the log', () => {
  const expired = { event: 'session-expired', sessionId: 's', status: 404, message: 'the server no longer knows session s (404)' };
  const initReq = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'initialize', params: {} });
  const initRes = JSON.stringify({ jsonrpc: '2.0', id: 5, result: { protocolVersion: '2025-11-25' } });

  it('merges the progress of an open stream, so its events and frames are linked before it ends', () => {
    const progress = (eventsFrom: number, seqs: number[]) => ({
      id: 'c2.x1',
      state: 'progress',
      method: 'GET',
      eventsFrom,
      events: seqs.map((seq) => ({ event: 'message', dataSize: 2, seq })),
      receivedSeqs: seqs,
      bodySize: 10 * (eventsFrom + seqs.length),
      elapsedMs: 1,
    });
    const openStream = exchange({
      id: 'c2.x1',
      state: 'open',
      purpose: 'stream',
      request: { method: 'GET', url: 'http://127.0.0.1:9/sse', headers: [], bodySize: 0 },
    });
    const log = logOf([
      ['relay', openStream, 'http'],
      ['in', res],
      ['relay', progress(0, [2]), 'http'],
      ['in', res],
      ['relay', progress(1, [4]), 'http'],
      // A delta of an exchange this log never saw open is ignored, not shown as a broken record.
      ['relay', { ...progress(0, [4]), id: 'x9' }, 'http'],
    ]);
    const index = new ExchangeIndex();
    index.update(log.entries);
    expect(index.rows).toHaveLength(1);
    expect(index.unreadable).toEqual([]);
    const row = index.get('c2.x1')!;
    expect(row.x.state).toBe('open');
    expect(row.recordSeqs).toEqual([1, 3, 5]);
    expect(row.x.response?.events?.map((e) => e.seq)).toEqual([2, 4]);
    expect(row.x.response?.bodySize).toBe(20);
    expect(index.carrierOf(2)?.id).toBe('c2.x1');
    expect(index.carrierOf(4)?.id).toBe('c2.x1');
    expect(index.carrierOf(3)?.id).toBe('c2.x1');

    // The final record replaces what the deltas built.
    const final = JSON.stringify({
      ...openStream,
      state: 'complete',
      receivedSeqs: [2, 4],
      response: { ...openStream.response, events: [{ seq: 2 }, { seq: 4 }] },
    });
    log.append([{ seq: 7, ts: 7, dir: 'relay', kind: 'http', text: final, size: final.length, method: 'GET', rpcId: null }]);
    index.update(log.entries);
    expect(index.rows).toHaveLength(1);
    expect(index.get('c2.x1')).toMatchObject({ recordSeqs: [1, 3, 5, 7], x: { state: 'complete', receivedSeqs: [2, 4] } });
  });

  it('reports an expiry until an initialize is answered, not merely sent', () => {
    const log = logOf([
      ['relay', { event: 'connected', transport: 'http', url: 'http://x' }, 'event'],
      ['relay', expired, 'event'],
      ['out', initReq],
    ]);
    expect(sessionTrouble(new InPageLog(log, 's')).expiry).toMatchObject({ seq: 2, status: 404 });
    log.append([{ seq: 4, ts: 4, dir: 'in', kind: 'response', text: initRes, size: initRes.length, method: null, rpcId: '5' }]);
    expect(sessionTrouble(new InPageLog(log, 's')).expiry).toBeNull();
  });

  it('reports a request that never reached the server until an exchange gets any response', () => {
    const refused = { event: 'error', message: 'POST http://x/mcp failed: connection refused', code: 'ECONNREFUSED', exchange: 'x1' };
    const log = logOf([['relay', refused, 'event']]);
    expect(sessionTrouble(new InPageLog(log, 's')).unreachable).toContain('connection refused');
    const answered = JSON.stringify(exchange({ id: 'x2', response: { status: 500, statusText: 'Internal Server Error', headers: [], body: '', bodySize: 0 } }));
    log.append([{ seq: 2, ts: 2, dir: 'relay', kind: 'http', text: answered, size: answered.length, method: null, rpcId: null }]);
    expect(sessionTrouble(new InPageLog(log, 's')).unreachable).toBeNull();
  });

  it('remembers why the connection failed, and forgets it when a restart connects again', () => {
    const log = logOf([['relay', { event: 'error', message: 'connect ECONNREFUSED 127.0.0.1:9' }, 'event']]);
    expect(sessionTrouble(new InPageLog(log, 's')).lastFailure).toBe('connect ECONNREFUSED 127.0.0.1:9');
    const again = JSON.stringify({ event: 'connected', transport: 'sse', url: 'http://x' });
    log.append([{ seq: 2, ts: 2, dir: 'relay', kind: 'event', text: again, size: again.length, method: null, rpcId: null }]);
    expect(sessionTrouble(new InPageLog(log, 's')).lastFailure).toBeNull();
  });
});
