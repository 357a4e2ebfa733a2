import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { frameSummary } from '../../web/features/log/frame-summary.js';
import { toEntry } from '../../web/lib/log/frame-entry.js';
import { formatDate, formatLatency, formatTime, safeHttpUrl } from '../../web/lib/ui/format.js';

function summary(text: string, kind?: FrameRecord['kind'], extra: Partial<FrameRecord> = {}): string {
  const c = classifyText(text);
  const frame: FrameRecord = {
    seq: 1,
    ts: 0,
    dir: 'in',
    kind: kind ?? c.kind,
    text,
    size: text.length,
    method: c.method ?? null,
    rpcId: idKey(c.id),
    ...extra,
  };
  return frameSummary(toEntry(frame));
}

describe('frame summary', () => {
  it('names the tool of a tools/call and the error of an error response', () => {
    expect(summary('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Lisbon"}}}')).toBe(
      'get_weather {location}',
    );
    expect(summary('{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found"}}')).toBe('-32601 Method not found');
  });

  it('counts result lists and shows the server of an initialize result', () => {
    expect(summary('{"jsonrpc":"2.0","id":2,"result":{"tools":[{},{}],"nextCursor":"x"}}')).toBe('tools[2] +more');
    expect(summary('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","serverInfo":{"name":"demo","version":"1.0"}}}')).toBe(
      'demo 1.0 · 2025-11-25',
    );
  });

  it('shows stderr and noise as their text on one line, and relay events by name', () => {
    expect(summary('warn:\n  disk   low', 'stderr')).toBe('warn: disk low');
    expect(summary('{"event":"exited","code":1,"signal":null}', 'event', { dir: 'relay' })).toBe('exited (code 1)');
    expect(summary('{"event":"exited","code":null,"signal":"SIGTERM"}', 'event', { dir: 'relay' })).toBe('exited (signal SIGTERM)');
    expect(summary('{"event":"brand-new","x":1}', 'event', { dir: 'relay' })).toBe('brand-new {"x":1}');
  });

  it('sums up a progress record of an open HTTP stream by what it added', () => {
    const progress = {
      id: 'x1',
      state: 'progress',
      method: 'GET',
      eventsFrom: 2,
      events: [{}, {}, {}],
      receivedSeqs: [7, 9],
      bodySize: 900,
      elapsedMs: 1234.4,
    };
    expect(summary(JSON.stringify(progress), 'http', { dir: 'relay' })).toBe('GET x1: +3 events, +2 frames (open stream) · 1234 ms');
    expect(summary(JSON.stringify({ ...progress, events: [{}], receivedSeqs: [] }), 'http', { dir: 'relay' })).toBe(
      'GET x1: +1 event, +0 frames (open stream) · 1234 ms',
    );
  });

  it('says how big an oversize frame was', () => {
    expect(summary('{"jsonrpc":"2.0","id":1,"res', 'oversize', { size: 20 * 1024 * 1024 })).toMatch(/^20\.00 MB line, head kept: \{"jsonrpc"/);
  });
});

describe('formatting', () => {
  it('formats local times with milliseconds and latencies with a unit', () => {
    expect(formatTime(new Date(2026, 0, 1, 9, 5, 7, 42).getTime())).toBe('09:05:07.042');
    expect(formatLatency(12.345)).toBe('12.3 ms');
    expect(formatLatency(0.5)).toBe('0.50 ms');
    expect(formatLatency(2500)).toBe('2.50 s');
  });

  it('formats local dates as year-month-day without the locale (no ICU set-up at start-up)', () => {
    expect(formatDate(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
    expect(formatDate(new Date(2026, 11, 31, 0, 0).getTime())).toBe('2026-12-31');
  });

  it('lets only http(s) URLs become links', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(42)).toBeNull();
  });
});
