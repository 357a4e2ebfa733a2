// One failing and one passing example per trace-context rule, at 2026-07-28 (errors) and before it (drift, info).
import { handshake, j, meta2026, type Pair } from './frames.js';
import type { RuleCase } from './rule-case.js';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const OTHER_TP = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const modernCall = (trace: Record<string, unknown>): Pair => [
  'out',
  j({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: meta2026({}, trace) } }),
];
const legacyCall = (trace: Record<string, unknown>): Pair => ['out', j({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: trace } })];
const legacy = (trace: Record<string, unknown>): Pair[] => [...handshake('2025-11-25'), legacyCall(trace)];
const log = (trace: Record<string, unknown>): Pair => ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'working', _meta: trace } })];
const servedBy = (serverTrace: string): Pair[] => [
  ...handshake('2025-11-25', { tools: {}, logging: {} }),
  legacyCall({ traceparent: TP }),
  log({ traceparent: serverTrace }),
  ['in', j({ id: 1, result: { content: [] } })],
];

export const TRACE_CASES: RuleCase[] = [
  {
    rule: 'mcp/traceparent-malformed',
    fails: 'a 2026-07-28 traceparent whose trace-id is all zeros',
    bad: [modernCall({ traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' })],
    passes: 'a well-formed traceparent',
    good: [modernCall({ traceparent: TP })],
    options: { protocolVersion: '2026-07-28' },
  },
  {
    rule: 'mcp/traceparent-malformed',
    fails: 'uppercase hex and version ff',
    bad: [modernCall({ traceparent: 'ff-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01' })],
    passes: 'a later version with an extra field, which a version 00 reader accepts',
    good: [modernCall({ traceparent: `01-${TP.slice(3)}-what-comes-later` })],
    options: { protocolVersion: '2026-07-28' },
  },
  {
    rule: 'mcp/traceparent-malformed',
    fails: 'an all-zero parent-id, a short trace-id and bad flags',
    bad: [modernCall({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01' })],
    passes: 'flags 00 (not sampled)',
    good: [modernCall({ traceparent: TP.replace(/-01$/, '-00') })],
    options: { protocolVersion: '2026-07-28' },
  },
  {
    rule: 'mcp/tracestate-malformed',
    fails: 'a tracestate member without "=" and a key given twice',
    bad: [modernCall({ traceparent: TP, tracestate: 'congo=t61rcWkgMzE,congo=x' })],
    passes: 'two vendors’ members, one with a tenant@vendor key',
    good: [modernCall({ traceparent: TP, tracestate: 'congo=t61rcWkgMzE, acme@rojo=00f067aa0ba902b7' })],
    options: { protocolVersion: '2026-07-28' },
  },
  {
    rule: 'mcp/baggage-malformed',
    fails: 'a baggage value with an unencoded space and a number instead of a string',
    bad: [modernCall({ traceparent: TP, baggage: 'user=Ada Lovelace' })],
    passes: 'a percent-encoded value with a property',
    good: [modernCall({ traceparent: TP, baggage: 'user=Ada%20Lovelace;pii,mcpscope.session=demo' })],
    options: { protocolVersion: '2026-07-28' },
  },
  {
    rule: 'mcp/trace-context-malformed-legacy',
    fails: 'a malformed traceparent in a 2025-11-25 session (reported, but as drift)',
    bad: legacy({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7' }),
    passes: 'a well-formed one in the same session',
    good: legacy({ traceparent: TP, baggage: 'k=v' }),
  },
  {
    rule: 'mcp/trace-context-malformed-legacy',
    fails: 'a baggage that is a number in a 2024-11-05 session',
    bad: [...handshake('2024-11-05'), legacyCall({ baggage: 7 })],
    passes: 'a request with no trace context at all',
    good: [...handshake('2024-11-05'), legacyCall({})],
  },
  {
    rule: 'mcp/trace-context-unrelated',
    fails: 'a log notification, during a traced tools/call, that carries another trace',
    bad: servedBy(OTHER_TP),
    passes: 'one that continues the caller’s trace with a span of its own',
    good: servedBy('00-4bf92f3577b34da6a3ce929d0e0e4736-1111111111111111-01'),
  },
];
