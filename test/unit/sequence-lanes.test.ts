import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../shared/http-exchange.js';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { ExchangeIndex } from '../../web/lib/http/exchange-index.js';
import { SessionLog } from '../../web/lib/log/session-log.js';
import { arrowShape, laneXs } from '../../web/features/sequence/sequence-geometry.js';
import { arrowEnds, MAX_POST_LANES, sequenceLanes } from '../../web/features/sequence/sequence-lanes.js';

type Spec = [FrameRecord['dir'], unknown, { kind?: FrameRecord['kind']; origin?: FrameRecord['origin']; ts?: number }?];

/** A log built the way the relay records frames: seq order, classified text, `http` frames as JSON. */
function logOf(specs: Spec[]): SessionLog {
  const log = new SessionLog();
  log.append(
    specs.map(([dir, body, o = {}], i) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const c = classifyText(text);
      const kind = o.kind ?? c.kind;
      return {
        seq: i + 1,
        ts: o.ts ?? i * 10,
        dir,
        kind,
        text,
        size: text.length,
        method: o.kind ? null : (c.method ?? null),
        rpcId: o.kind ? null : idKey(c.id),
        ...(o.origin ? { origin: o.origin } : {}),
      };
    }),
  );
  return log;
}

const http = (patch: Partial<HttpExchange> & { id: string }): HttpExchange => ({
  state: 'complete',
  purpose: 'message',
  request: { method: 'POST', url: 'http://127.0.0.1:9/mcp', headers: [], bodySize: 10 },
  response: { status: 200, statusText: 'OK', headers: [], body: '{}', bodySize: 2 },
  timing: { startedAt: 1 },
  receivedSeqs: [],
  ...patch,
});
const rpc = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const result = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: {} });
const failure = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
const HTTP = { kind: 'http' as const };

describe('the sequence view lanes', () => {
  it("has one server lane for stdio, and puts mcpscope's own requests and their answers on its lane", () => {
    const log = logOf([
      ['out', rpc(1, 'initialize'), { origin: 'bookkeeping' }],
      ['in', result(1), { ts: 42 }],
      ['out', rpc(2, 'tools/call'), { origin: 'panel' }],
      ['in', failure(2)],
      ['in', 'server says hi', { kind: 'stderr' }],
    ]);
    const lanes = sequenceLanes(null);
    expect(lanes.list.map((l) => l.id)).toEqual(['client', 'mcpscope', 'server']);
    const ends = log.entries.map((e) => arrowEnds(e, lanes));
    expect(ends).toEqual([
      { from: 'mcpscope', to: 'server' },
      { from: 'server', to: 'mcpscope' },
      { from: 'client', to: 'server' },
      { from: 'server', to: 'client' },
      { from: 'server', to: 'mcpscope' },
    ]);
    const xs = laneXs(lanes, 900);
    const [init, initAnswer, , error, stderr] = log.entries.map((e) => arrowShape(e, [], lanes, xs));
    expect(init).toMatchObject({ tone: 'auto', origin: 'auto', label: 'initialize [1]', x1: xs.get('mcpscope'), x2: xs.get('server') });
    expect(initAnswer).toMatchObject({ tone: 'in', latency: '42.0 ms', label: 'initialize [1] ✓' });
    expect(error).toMatchObject({ tone: 'error', label: 'tools/call [2] ✗ error' });
    expect(stderr).toMatchObject({ tone: 'stderr', note: false });
  });

  it('gives overlapping POSTs sub-lanes of their own, reuses a free one, and a GET stream its own lane', () => {
    const log = logOf([
      ['out', rpc(1, 'tools/call')],
      ['out', rpc(2, 'tools/list')],
      ['in', result(2)],
      ['relay', http({ id: 'x2', sentSeq: 2, receivedSeqs: [3] }), HTTP],
      [
        'relay',
        http({ id: 'x3', purpose: 'stream', state: 'open', request: { method: 'GET', url: 'http://127.0.0.1:9/mcp', headers: [], bodySize: 0 } }),
        HTTP,
      ],
      ['in', result(1)],
      ['relay', http({ id: 'x1', sentSeq: 1, receivedSeqs: [6] }), HTTP],
      ['out', rpc(3, 'ping')],
      ['in', result(3)],
      ['relay', http({ id: 'x4', sentSeq: 8, receivedSeqs: [9] }), HTTP],
    ]);
    const index = new ExchangeIndex();
    index.update(log.entries);
    const lanes = sequenceLanes(index);
    expect(lanes.list.map((l) => [l.id, l.label, l.http])).toEqual([
      ['client', 'client', undefined],
      ['mcpscope', 'mcpscope', undefined],
      ['post:0', 'POST 1', 'post'],
      ['post:1', 'POST 2', 'post'],
      ['get:0', 'GET stream', 'get'],
    ]);
    // x1 (seqs 1–7) holds the first sub-lane while x2 (2–4) runs beside it; x4 comes after both and takes the first again.
    expect([1, 6, 7].map((s) => lanes.serverLaneOf(s))).toEqual(['post:0', 'post:0', 'post:0']);
    expect([2, 3, 4].map((s) => lanes.serverLaneOf(s))).toEqual(['post:1', 'post:1', 'post:1']);
    expect([8, 9].map((s) => lanes.serverLaneOf(s))).toEqual(['post:0', 'post:0']);
    expect(lanes.serverLaneOf(5)).toBe('get:0');
    // The relay's record of an exchange is a note on the exchange's lane, labelled with its method and status.
    const xs = laneXs(lanes, 1200);
    expect(arrowShape(log.entries[4]!, [], lanes, xs)).toMatchObject({ note: true, label: 'GET 200 (open)', x1: xs.get('get:0') });
    expect(arrowShape(log.entries[2]!, [], lanes, xs)).toMatchObject({ x1: xs.get('post:1'), x2: xs.get('client') });
  });

  it('shares the last POST sub-lane past the cap rather than growing without bound', () => {
    const n = MAX_POST_LANES + 2;
    const opens: Spec[] = Array.from({ length: n }, (_, i) => ['relay', http({ id: `x${i}`, state: 'open' }), HTTP]);
    const index = new ExchangeIndex();
    index.update(logOf(opens).entries);
    const lanes = sequenceLanes(index);
    expect(lanes.list.filter((l) => l.http === 'post')).toHaveLength(MAX_POST_LANES);
    expect(lanes.serverLaneOf(n)).toBe(`post:${MAX_POST_LANES - 1}`);
  });
});
