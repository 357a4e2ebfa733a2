// Reads and judges the W3C trace context a message carries in `params._meta` (traceparent, tracestate, baggage:
// SEP-414), so lint, the detail pane, the log filter and the span exporter all read it one way.
import { isPlainObject } from '../jsonrpc.js';

export const TRACE_META_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;
export type TraceMetaKey = (typeof TRACE_META_KEYS)[number];

export interface TraceParent {
  version: string;
  traceId: string;
  parentId: string;
  flags: string;
  sampled: boolean;
}

/** What a message's `_meta` holds under the three keys: the raw values, and the parsed traceparent when valid. */
export interface TraceMeta {
  /** The raw value of each key that is present, whatever its type. */
  values: Partial<Record<TraceMetaKey, unknown>>;
  parent: TraceParent | null;
  /** One line per key whose value breaks its format, naming what is wrong. */
  problems: Partial<Record<TraceMetaKey, string>>;
}

const HEX = /^[0-9a-f]+$/;
const ZERO = /^0+$/;

/** W3C Trace Context §3.2: version-traceid-parentid-flags, lowercase hex; version ff and all-zero ids are invalid. */
export function parseTraceparent(value: unknown): { ok: true; parent: TraceParent } | { ok: false; problem: string } {
  if (typeof value !== 'string') return { ok: false, problem: `is ${value === null ? 'null' : typeof value}, not a string` };
  const parts = value.split('-');
  if (parts.length < 4) return { ok: false, problem: `has ${parts.length} dash-separated fields, not 4 (version-traceid-parentid-flags)` };
  const [version, traceId, parentId, flags] = parts as [string, string, string, string];
  if (version.length !== 2 || !HEX.test(version)) return { ok: false, problem: `version ${JSON.stringify(version)} is not 2 lowercase hex digits` };
  if (version === 'ff') return { ok: false, problem: 'version ff is forbidden' };
  // Version 00 is exactly four fields; a later version may append more, which a 00 reader ignores.
  if (version === '00' && parts.length !== 4) return { ok: false, problem: 'version 00 has exactly 4 fields, this one has more' };
  if (traceId.length !== 32 || !HEX.test(traceId))
    return { ok: false, problem: `trace-id ${JSON.stringify(traceId.slice(0, 40))} is not 32 lowercase hex digits` };
  if (ZERO.test(traceId)) return { ok: false, problem: 'trace-id is all zeros' };
  if (parentId.length !== 16 || !HEX.test(parentId))
    return { ok: false, problem: `parent-id ${JSON.stringify(parentId.slice(0, 24))} is not 16 lowercase hex digits` };
  if (ZERO.test(parentId)) return { ok: false, problem: 'parent-id is all zeros' };
  if (flags.length !== 2 || !HEX.test(flags)) return { ok: false, problem: `trace-flags ${JSON.stringify(flags.slice(0, 8))} is not 2 lowercase hex digits` };
  return { ok: true, parent: { version, traceId, parentId, flags, sampled: (parseInt(flags, 16) & 1) === 1 } };
}

const TS_KEY = /^(?:[a-z0-9][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})$/;
// Printable ASCII but ',' and '=', not ending in a space (W3C Trace Context §3.3.1.3.2).
const TS_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}$/;

/** W3C Trace Context §3.3: up to 32 `key=value` members, keys unique; empty members are allowed. */
export function tracestateProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `is ${value === null ? 'null' : typeof value}, not a string`;
  const members = value
    .split(',')
    .map((m) => m.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter((m) => m !== '');
  if (members.length > 32) return `has ${members.length} list-members, more than 32`;
  const seen = new Set<string>();
  for (const m of members) {
    const eq = m.indexOf('=');
    if (eq < 0) return `member ${JSON.stringify(m.slice(0, 40))} has no "="`;
    const key = m.slice(0, eq);
    const val = m.slice(eq + 1);
    if (!TS_KEY.test(key)) return `key ${JSON.stringify(key.slice(0, 40))} is not a valid tracestate key (lowercase, digits, _-*/, optional @vendor)`;
    if (!TS_VALUE.test(val) || val.endsWith(' '))
      return `the value of ${JSON.stringify(key)} holds a character tracestate forbids (",", "=", a control character or a trailing space)`;
    if (seen.has(key)) return `key ${JSON.stringify(key)} appears twice`;
    seen.add(key);
  }
  return null;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// baggage-octet: printable ASCII but space, '"', ',', ';' and '\'; anything else travels percent-encoded.
const BAGGAGE_VALUE = /^(?:[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e])*$/;

/** W3C Baggage §3.2: `key=value` members (a token, baggage-octets), optional `;property`, at most 64 and 8192 bytes. */
export function baggageProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `is ${value === null ? 'null' : typeof value}, not a string`;
  if (new TextEncoder().encode(value).length > 8192) return 'is longer than 8192 bytes';
  const members = value.split(',');
  if (members.length > 64) return `has ${members.length} list-members, more than 64`;
  for (const raw of members) {
    const [pair = '', ...props] = raw.split(';');
    const eq = pair.indexOf('=');
    if (eq < 0) return `member ${JSON.stringify(raw.trim().slice(0, 40))} has no "="`;
    const key = pair.slice(0, eq).trim();
    const val = pair.slice(eq + 1).trim();
    if (!TOKEN.test(key)) return `key ${JSON.stringify(key.slice(0, 40))} is not a token`;
    if (!BAGGAGE_VALUE.test(val))
      return `the value of ${JSON.stringify(key)} holds a character baggage forbids unencoded (space, '"', ',', ';', '\\' or non-ASCII)`;
    if (/%(?![0-9A-Fa-f]{2})/.test(val)) return `the value of ${JSON.stringify(key)} has a "%" that starts no percent-encoding`;
    for (const p of props) {
      const pk = p.split('=')[0]!.trim();
      if (!TOKEN.test(pk)) return `a property of ${JSON.stringify(key)} has a key that is not a token`;
    }
  }
  return null;
}

/** The trace context of one JSON-RPC message (request or notification), or null when its `_meta` has none of the keys. */
export function traceMetaOf(message: unknown): TraceMeta | null {
  if (!isPlainObject(message) || !isPlainObject(message.params) || !isPlainObject(message.params._meta)) return null;
  const meta = message.params._meta;
  const values: TraceMeta['values'] = {};
  const problems: TraceMeta['problems'] = {};
  let parent: TraceParent | null = null;
  for (const key of TRACE_META_KEYS) {
    if (!(key in meta)) continue;
    values[key] = meta[key];
  }
  if (Object.keys(values).length === 0) return null;
  if ('traceparent' in values) {
    const p = parseTraceparent(values.traceparent);
    if (p.ok) parent = p.parent;
    else problems.traceparent = p.problem;
  }
  if ('tracestate' in values) {
    const p = tracestateProblem(values.tracestate);
    if (p) problems.tracestate = p;
  }
  if ('baggage' in values) {
    const p = baggageProblem(values.baggage);
    if (p) problems.baggage = p;
  }
  return { values, parent, problems };
}

/** The trace id of a frame's text, when it parses and carries a valid traceparent (the log filter's `trace:` term). */
export function traceIdOfText(text: string): string | null {
  if (!text.includes('traceparent')) return null;
  try {
    return traceMetaOf(JSON.parse(text))?.parent?.traceId ?? null;
  } catch {
    return null;
  }
}
