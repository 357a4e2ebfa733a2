// The flags that trace a session, shared by the inspector, call, check and tap: --trace (send W3C trace context on
// mcpscope's own requests) and --otlp / --otlp-file (export the session as OpenTelemetry spans).
import { UsageError, onOff, value, type FlagValues } from './flags.js';
import { oneOf } from './validators.js';

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

function collectorUrl(v: string, flag: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL such as http://127.0.0.1:4318, got "${v}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`${flag} must be an http(s) URL (OTLP/HTTP), got "${v}"`);
  return v;
}

/** --trace only where mcpscope sends requests of its own; the export flags wherever a session is recorded. */
export const OTLP_FLAGS = {
  otlp: value(
    '<url>',
    'export the session as OpenTelemetry spans to this OTLP/HTTP collector (e.g. http://127.0.0.1:4318;\n/v1/traces is added to a URL without a path): the inspector and fuzz send each exchange as it is\nanswered, the other commands when the session ends',
    collectorUrl,
  ),
  'otlp-protocol': value('<p>', 'with --otlp: http/protobuf (default) or http/json', oneOf(OTLP_PROTOCOLS)),
  'otlp-file': value('<file>', 'write the session as OpenTelemetry spans, OTLP/JSON, to this file when it ends'),
};

export const TRACE_FLAGS = {
  trace: onOff(
    'add W3C trace context to every request mcpscope makes: a traceparent (one trace for the session, a new\nspan per request) and a baggage naming the session (off by default: nothing is added unasked)',
  ),
  ...OTLP_FLAGS,
};

export interface OtlpChoice {
  otlp: string | null;
  otlpProtocol: OtlpProtocol;
  otlpFile: string | null;
}

export function otlpChoice(v: FlagValues<typeof OTLP_FLAGS>): OtlpChoice {
  if (v['otlp-protocol'] !== undefined && v.otlp === undefined) throw new UsageError('--otlp-protocol goes with --otlp');
  return { otlp: v.otlp ?? null, otlpProtocol: v['otlp-protocol'] ?? 'http/protobuf', otlpFile: v['otlp-file'] ?? null };
}
