import { describe, expect, it } from 'vitest';
import { baggageProblem, parseTraceparent, traceIdOfText, traceMetaOf, tracestateProblem } from '../../../shared/trace/trace-context.js';
import { formatTraceparent, sessionBaggage, TraceContextSource } from '../../../shared/trace/trace-ids.js';
import { windowFilterOf, windowQuery, WindowFilterQuerySchema } from '../../../shared/frame-window-api.js';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('reading W3C trace context', () => {
  it('parses a traceparent into its fields', () => {
    const p = parseTraceparent(TP);
    expect(p).toEqual({
      ok: true,
      parent: { version: '00', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: '01', sampled: true },
    });
  });

  it.each([
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7', /4/],
    ['ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', /ff/],
    ['00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', /trace-id/],
    ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', /all zeros/],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', /parent-id is all zeros/],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1', /trace-flags/],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra', /exactly 4/],
  ])('refuses %s', (value, problem) => {
    const p = parseTraceparent(value);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problem).toMatch(problem);
  });

  it('judges tracestate and baggage by their W3C grammars', () => {
    expect(tracestateProblem('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE')).toBeNull();
    expect(tracestateProblem('Rojo=1')).toMatch(/key/);
    expect(tracestateProblem(Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(','))).toMatch(/32/);
    expect(baggageProblem('userId=alice,serverNode=DF%2028;prop')).toBeNull();
    expect(baggageProblem('userId=al ice')).toMatch(/forbids/);
    expect(baggageProblem('novalue')).toMatch(/no "="/);
    expect(baggageProblem('k=%zz')).toMatch(/percent/);
  });

  it('finds the keys in params._meta only, and the trace id in a frame’s text', () => {
    const msg = { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { traceparent: TP, baggage: 5 } } };
    const t = traceMetaOf(msg)!;
    expect(t.parent?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(t.problems.baggage).toMatch(/number/);
    expect(traceMetaOf({ jsonrpc: '2.0', id: 1, method: 'ping', params: { traceparent: TP } })).toBeNull();
    expect(traceIdOfText(JSON.stringify(msg))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traceIdOfText('{"traceparent": not json')).toBeNull();
  });
});

describe('the trace context mcpscope sends', () => {
  it('keeps one trace id per session and makes a new span id per request, each valid', () => {
    const src = new TraceContextSource('demo session');
    const a = src.next();
    const b = src.next();
    const pa = parseTraceparent(a.traceparent);
    const pb = parseTraceparent(b.traceparent);
    expect(pa.ok && pb.ok).toBe(true);
    if (pa.ok && pb.ok) {
      expect(pa.parent.traceId).toBe(src.traceId);
      expect(pb.parent.traceId).toBe(src.traceId);
      expect(pa.parent.parentId).not.toBe(pb.parent.parentId);
    }
    expect(a.baggage).toBe('mcpscope.session=demo%20session');
    expect(baggageProblem(a.baggage)).toBeNull();
    expect(baggageProblem(sessionBaggage('ünïcode, "quoted"; x'))).toBeNull();
    expect(formatTraceparent('a'.repeat(32), 'b'.repeat(16), false)).toBe(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-00`);
  });
});

describe('the trace filter of windowed reads', () => {
  it('round-trips through the query and refuses anything but hex', () => {
    expect(windowFilterOf(WindowFilterQuerySchema.parse(windowQuery({ trace: '4bf92f' })))).toEqual({ trace: '4bf92f' });
    expect(WindowFilterQuerySchema.safeParse({ trace: "4bf'%" }).success).toBe(false);
  });
});
