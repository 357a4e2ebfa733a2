import { describe, expect, it } from 'vitest';
import { sessionExchanges, spanName, TRACE_CONTEXT_EVENT } from '../../../shared/trace/trace-exchanges.js';
import { waterfallRows } from '../../../shared/trace/waterfall-rows.js';
import { frames, handshake, j, type Pair } from '../lint/frames.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const OWN_SPAN = '00f067aa0ba902b7';
const own = { traceparent: `00-${TRACE}-${OWN_SPAN}-01`, baggage: 'mcpscope.session=s1' };
const event: Pair = ['relay', JSON.stringify({ event: TRACE_CONTEXT_EVENT, traceId: TRACE, session: 'mcpscope.session=s1', keys: ['traceparent', 'baggage'] })];

describe('a session as exchanges', () => {
  const session = sessionExchanges(
    frames([
      ...handshake('2025-11-25', { tools: {}, logging: {} }),
      event,
      ['out', j({ id: 5, method: 'tools/call', params: { name: 'slow', arguments: {}, _meta: { ...own, progressToken: 't5' } } })],
      ['in', j({ method: 'notifications/progress', params: { progressToken: 't5', progress: 1, total: 2 } })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'half way' } })],
      // The server asks the client something while it works, continuing mcpscope's trace under the tool's span.
      [
        'in',
        j({ id: 'srv-1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 5, _meta: { traceparent: `00-${TRACE}-1111111111111111-01` } } }),
      ],
      ['out', j({ id: 'srv-1', result: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } })],
      ['out', j({ method: 'notifications/cancelled', params: { requestId: 5, reason: 'took too long' } })],
      ['out', j({ id: 6, method: 'resources/read', params: { uri: 'file:///a.txt' } })],
      ['in', j({ id: 6, error: { code: -32602, message: 'no such resource' } })],
    ]),
  );

  it('pairs each request with its answer, names it <method> <target>, and keeps the version', () => {
    expect(session.exchanges.map((e) => [spanName(e), e.requester, e.end !== null])).toEqual([
      ['initialize', 'client', true],
      ['tools/call slow', 'client', false],
      ['sampling/createMessage', 'server', true],
      ['resources/read file:///a.txt', 'client', true],
    ]);
    expect(session.exchanges[1]!.protocolVersion).toBe('2025-11-25');
    expect(session.exchanges[3]!.error).toEqual({ code: -32602, message: 'no such resource' });
  });

  it('hangs progress, log lines and the cancellation with its reason on the request as events', () => {
    const call = session.exchanges[1]!;
    expect(call.events.map((e) => [e.name, e.attributes])).toEqual([
      ['progress', { 'mcp.progress': 1, 'mcp.progress.total': 2 }],
      ['log', { 'mcp.log.level': 'info', 'mcp.log.data': 'half way' }],
      ['cancelled', { 'mcp.cancel.reason': 'took too long' }],
    ]);
  });

  it('knows the traceparent mcpscope added from the trace-context event, and only that one', () => {
    expect(session.ownTraceId).toBe(TRACE);
    expect(session.exchanges[1]!.ownTrace).toBe(true);
    expect(session.exchanges[2]!.ownTrace).toBe(false);
    const without = sessionExchanges(frames([...handshake(), ['out', j({ id: 5, method: 'ping', params: { _meta: own } })]]));
    expect(without.exchanges[1]!.ownTrace).toBe(false);
  });

  it('lays the waterfall out by trace: traced exchanges first, no-trace ones after, with durations from the first frame', () => {
    const { rows } = waterfallRows(session);
    expect(rows.map((r) => [spanName(r.exchange), r.traceId, r.depth, r.failed])).toEqual([
      ['tools/call slow', TRACE, 0, true],
      ['sampling/createMessage', TRACE, 0, false],
      ['initialize', '', 0, false],
      ['resources/read file:///a.txt', '', 0, true],
    ]);
    expect(rows[2]!.durationMs).toBe(1);
  });

  it('nests an exchange under the one whose span its traceparent names', () => {
    const nested = sessionExchanges(
      frames([
        ...handshake(),
        event,
        ['out', j({ id: 5, method: 'tools/call', params: { name: 'a', _meta: own } })],
        ['in', j({ id: 'x', method: 'roots/list', params: { _meta: { traceparent: `00-${TRACE}-${OWN_SPAN}-01` } } })],
        ['out', j({ id: 'x', result: { roots: [] } })],
        ['in', j({ id: 5, result: { content: [] } })],
      ]),
    );
    expect(waterfallRows(nested).rows.map((r) => [spanName(r.exchange), r.depth])).toEqual([
      ['tools/call a', 0],
      ['roots/list', 1],
      ['initialize', 0],
    ]);
  });
});
