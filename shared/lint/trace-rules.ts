// Lint rules about W3C trace context in `params._meta` (SEP-414): malformed traceparent, tracestate and baggage, by
// the revision's word, and a server whose own messages start a trace of their own (propagation broken).
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const META_2026 = mcpRef('2026-07-28', 'Basic › General fields › _meta (SEP-414)', '/basic#_meta');
const META_LEGACY = mcpRef('2025-11-25', 'Basic › General fields › _meta', '/basic#_meta');
const W3C_SENTENCE = 'The keys traceparent, tracestate and baggage are reserved in _meta; their values MUST follow W3C Trace Context and W3C Baggage.';

export const TRACE_RULES = {
  'mcp/traceparent-malformed': {
    severity: 'error',
    title: 'traceparent in _meta is not a W3C traceparent',
    explanation:
      'From 2026-07-28 (SEP-414) params._meta.traceparent carries W3C Trace Context: version-traceid-parentid-flags in lowercase hex (00-<32 hex>-<16 hex>-<2 hex>), version ff forbidden, neither id all zeros. A tracing system drops a malformed one, so the request starts a trace of its own and the call cannot be followed across client and server.',
    spec: META_2026,
    quote: { keyword: 'MUST', text: W3C_SENTENCE },
    fix: 'Send traceparent as an OpenTelemetry propagator writes it (W3CTraceContextPropagator.inject into _meta), e.g. 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.',
  },
  'mcp/tracestate-malformed': {
    severity: 'error',
    title: 'tracestate in _meta is not a W3C tracestate',
    explanation:
      'From 2026-07-28 params._meta.tracestate follows W3C Trace Context: up to 32 comma-separated key=value members, keys lowercase (with an optional @vendor), unique, values printable ASCII without "," and "=".',
    spec: META_2026,
    quote: { keyword: 'MUST', text: W3C_SENTENCE },
    fix: 'Build tracestate with the tracing library (TraceState.serialize()), never by string concatenation.',
  },
  'mcp/baggage-malformed': {
    severity: 'error',
    title: 'baggage in _meta is not W3C Baggage',
    explanation:
      'From 2026-07-28 params._meta.baggage follows W3C Baggage: comma-separated key=value members (a token key, a value of baggage-octets with anything else percent-encoded, optional ;properties), at most 64 members and 8192 bytes.',
    spec: META_2026,
    quote: { keyword: 'MUST', text: W3C_SENTENCE },
    fix: 'Percent-encode values (spaces, quotes, commas, semicolons, backslashes, non-ASCII) or let W3CBaggagePropagator write the string.',
  },
  'mcp/trace-context-malformed-legacy': {
    severity: 'info',
    title: 'Malformed trace context in _meta, before the revision that reserves it',
    explanation:
      'Before 2026-07-28 the keys traceparent, tracestate and baggage are not reserved in _meta: any implementation may put what it likes there. OpenTelemetry’s MCP conventions already carry W3C trace context under them, so a value that breaks the W3C format will not join a trace, and is an error once the session speaks 2026-07-28.',
    spec: META_LEGACY,
    quote: {
      keyword: null,
      basis: 'version-drift',
      text: 'Only 2026-07-28 (SEP-414) reserves traceparent, tracestate and baggage in _meta and ties their values to W3C Trace Context and W3C Baggage; earlier revisions leave _meta keys without a prefix to implementations.',
    },
    fix: 'Write the values in the W3C formats (an OpenTelemetry propagator does), so the session keeps working when it moves to 2026-07-28.',
  },
  'mcp/trace-context-unrelated': {
    severity: 'info',
    title: 'Server message carries a trace unrelated to the request it serves',
    explanation:
      'While a client request that carried a traceparent is in flight, the server sent a request or notification whose traceparent names another trace. A server that propagates trace context continues the caller’s trace (same trace-id, its own span as parent); a new trace-id means its work shows up in the tracing system detached from the call that caused it. A hint that propagation is broken, not a protocol fault.',
    spec: META_2026,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'OpenTelemetry’s semantic conventions for MCP: the server extracts the context from params._meta and continues that trace; the spec puts no keyword on propagation itself.',
    },
    fix: 'Extract the context from the request’s params._meta (propagation.extract) and start the server span, and anything it sends, inside it.',
  },
} as const satisfies Record<string, RuleMeta>;
