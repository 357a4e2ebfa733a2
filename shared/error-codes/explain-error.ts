// Explains one error in its context (code, version, transport, HTTP status, peer or local): the catalogue entry, refined.
import type { ErrorContext, ErrorExplanation, ErrorFacts, ErrorVariant, WireErrorEntry } from './error-code-types.js';
import { wireErrorEntry } from './wire-error-codes.js';
import { localErrorEntry } from './local-error-codes.js';
import { RANGE_FACTS, errorRange } from './error-ranges.js';
import { RELAY_ERROR_CODES } from '../relay-error-codes.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';

export interface ErrorQuery extends ErrorContext {
  code: number | string;
}

function knownVersion(v: string | undefined): ProtocolVersion | undefined {
  return v !== undefined && (PROTOCOL_VERSIONS as readonly string[]).includes(v) ? (v as ProtocolVersion) : undefined;
}

function matches(w: ErrorVariant['when'], q: ErrorQuery): boolean {
  // An unspecified `local` counts as "from the peer" only when the variant asks for the peer; it never satisfies local: true.
  if (w.local === true && q.local !== true) return false;
  if (w.local === false && q.local === true) return false;
  if (w.httpStatus && (q.httpStatus === undefined || !w.httpStatus.includes(q.httpStatus))) return false;
  if (w.transport && (q.transport === undefined || !w.transport.includes(q.transport))) return false;
  if (w.versions) {
    const v = knownVersion(q.protocolVersion);
    if (!v || !w.versions.includes(v)) return false;
  }
  if (w.message && (q.message === undefined || !w.message.test(q.message))) return false;
  return true;
}

function specificity(w: ErrorVariant['when']): number {
  return Object.values(w).filter((x) => x !== undefined).length;
}

function applyVariants(entry: WireErrorEntry, q: ErrorQuery): { facts: ErrorFacts; notes: string[]; spec: WireErrorEntry['spec'] } {
  const facts: ErrorFacts = { name: entry.name, meaning: entry.meaning, causes: entry.causes, check: entry.check, origin: entry.origin };
  const notes: string[] = [];
  let spec = entry.spec;
  // Least specific first, so the most specific variant has the last word.
  const hits = (entry.variants ?? []).filter((v) => matches(v.when, q)).sort((a, b) => specificity(a.when) - specificity(b.when));
  for (const v of hits) {
    if (v.name) facts.name = v.name;
    if (v.meaning) facts.meaning = v.meaning;
    if (v.causes) facts.causes = v.causes;
    if (v.check) facts.check = v.check;
    if (v.origin) facts.origin = v.origin;
    if (v.spec) spec = v.spec;
    if (v.note) notes.push(v.note);
  }
  return { facts, notes, spec };
}

function sourceOf(q: ErrorQuery, origin: ErrorFacts['origin']): ErrorExplanation['source'] {
  if (q.local === true) return 'local';
  if (q.local === false || q.httpStatus !== undefined) return 'peer';
  return origin === 'either' ? 'unknown' : origin;
}

function explainString(q: ErrorQuery & { code: string }): ErrorExplanation {
  const base = { code: q.code, versions: 'all' as const, validInVersion: null, range: 'local' as const, source: 'local' as const };
  const local = localErrorEntry(q.code);
  if (local) {
    const notes = local.sdk1Code !== undefined ? [`SDK 1.x raises the same condition as McpError ${local.sdk1Code}; it never crossed the wire.`] : [];
    return { ...base, ...local, code: q.code, catalogued: true, notes };
  }
  if (q.code in RELAY_ERROR_CODES) {
    return {
      ...base,
      name: `${q.code} (mcpscope relay)`,
      meaning: RELAY_ERROR_CODES[q.code as keyof typeof RELAY_ERROR_CODES],
      causes: [],
      check: ['The relay’s own output in the terminal that started mcpscope.'],
      origin: 'local',
      catalogued: true,
      notes: ['Made by the mcpscope relay, not by the MCP server.'],
    };
  }
  return {
    ...base,
    name: `Unknown local error ${q.code}`,
    meaning: 'A string code: made by a client library or tool, never sent by an MCP server (wire codes are integers).',
    causes: [],
    check: ['The message that came with it, and the library that produced it.'],
    origin: 'local',
    catalogued: false,
    notes: [],
  };
}

export function explainError(q: ErrorQuery): ErrorExplanation {
  if (typeof q.code === 'string') return explainString({ ...q, code: q.code });
  const code = q.code;
  const version = knownVersion(q.protocolVersion);
  const range = errorRange(code, q.protocolVersion);
  const entry = wireErrorEntry(code);
  if (!entry) {
    const facts = RANGE_FACTS[range];
    const invalid = range === 'jsonrpc-reserved' || range === 'mcp-reserved' || range === 'not-an-integer';
    const notes = q.local === true ? ['Made locally by the client library; the server did not send it.'] : [];
    return { code, ...facts, source: sourceOf(q, facts.origin), versions: 'all', validInVersion: invalid ? false : null, catalogued: false, range, notes };
  }
  const { facts, notes, spec } = applyVariants(entry, q);
  let validInVersion: boolean | null = null;
  if (version) {
    validInVersion = entry.versions === 'all' || entry.versions.includes(version);
    if (!validInVersion) notes.unshift(entry.outOfVersionNote ?? `Not defined in protocol version ${version}.`);
  }
  if (q.local === true && facts.origin === 'peer') {
    notes.push('Made locally by the client library with a wire code; the server did not send it.');
  }
  const out: ErrorExplanation = {
    code,
    ...facts,
    source: sourceOf(q, facts.origin),
    versions: entry.versions,
    validInVersion,
    catalogued: true,
    range,
    notes,
  };
  if (spec) out.spec = spec;
  return out;
}
