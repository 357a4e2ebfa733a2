// Finds, in a session's log, the exchange that started talking to the current server process: an initialize (legacy) or
// a server/discover (2026-07-28) answered with a result, whoever sent it (this tab, another, or the composer), and the
// auto era's failed probe when initialize followed one.
import { META_PROTOCOL_VERSION, META_SERVER_INFO } from '../../../shared/engine/index.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { eventName, type FrameEntry } from '../log/frame-entry.js';
import type { LogSource } from '../log/log-source.js';

export interface HandshakeResult {
  /** The seq of the initialize (or server/discover) request: a new handshake gives a new one, so caches keyed on it start over. */
  requestSeq: number;
  responseSeq: number;
  /** legacy: initialize was answered; modern: server/discover was. */
  era: 'legacy' | 'modern';
  /** What the client offered: initialize's protocolVersion, or the version in server/discover's `_meta`. */
  offeredVersion: string | null;
  /** The result, with (for discovery) serverInfo and protocolVersion lifted from where 2026 servers put them. */
  result: Record<string, unknown>;
  /** A server/discover sent before this initialize (auto's probe) that got no result: what it got instead. */
  probe: string | null;
}

interface Scan {
  scanned: number;
  initialize: FrameEntry | null;
  /** server/discover requests since the process started, oldest first. */
  discovers: FrameEntry[];
}

// Scanned incrementally per log: a long session must not be re-read from the start on every frame.
const scans = new WeakMap<readonly FrameEntry[], Scan>();

function paramsOf(entry: FrameEntry): Record<string, unknown> {
  return isPlainObject(entry.value) && isPlainObject(entry.value.params) ? entry.value.params : {};
}

function resultOf(log: LogSource, request: FrameEntry): { response: FrameEntry; result: Record<string, unknown> } | null {
  const response = log.pairOf(request);
  if (!response || !isPlainObject(response.value) || !isPlainObject(response.value.result)) return null;
  return { response, result: response.value.result };
}

export function findHandshake(log: LogSource): HandshakeResult | null {
  let scan = scans.get(log.held);
  if (!scan) scans.set(log.held, (scan = { scanned: 0, initialize: null, discovers: [] }));
  const entries = log.held;
  for (; scan.scanned < entries.length; scan.scanned++) {
    const entry = entries[scan.scanned]!;
    // A new process has not been initialized (or discovered) yet, whatever the last one was.
    if (eventName(entry) === 'spawned') {
      scan.initialize = null;
      scan.discovers = [];
    } else if (entry.frame.dir === 'out' && entry.frame.kind === 'request') {
      if (entry.frame.method === 'initialize') scan.initialize = entry;
      else if (entry.frame.method === 'server/discover') scan.discovers.push(entry);
    }
  }
  // The newest answered discovery wins over an older initialize, and a newer initialize over it: the last word counts.
  const discovered = [...scan.discovers].reverse().find((d) => resultOf(log, d) !== null && (!scan.initialize || d.frame.seq > scan.initialize.frame.seq));
  if (discovered) return fromDiscover(log, discovered);
  const request = scan.initialize;
  if (!request) return null;
  const answered = resultOf(log, request);
  if (!answered) return null;
  const params = paramsOf(request);
  const probeEntry = scan.discovers.filter((d) => d.frame.seq < request.frame.seq).at(-1);
  return {
    requestSeq: request.frame.seq,
    responseSeq: answered.response.frame.seq,
    era: 'legacy',
    offeredVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : null,
    result: answered.result,
    probe: probeEntry ? probeText(log, probeEntry) : null,
  };
}

/** Whether a server/discover for the current process is still waiting for its answer: panels hold their requests until then. */
export function discoveryInFlight(log: LogSource): boolean {
  findHandshake(log);
  const last = scans.get(log.held)?.discovers.at(-1);
  return last !== undefined && log.pairOf(last) === undefined;
}

function fromDiscover(log: LogSource, request: FrameEntry): HandshakeResult {
  const { response, result } = resultOf(log, request)!;
  const meta = isPlainObject(paramsOf(request)._meta) ? (paramsOf(request)._meta as Record<string, unknown>) : {};
  const offered = typeof meta[META_PROTOCOL_VERSION] === 'string' ? meta[META_PROTOCOL_VERSION] : null;
  const resultMeta = isPlainObject(result._meta) ? result._meta : {};
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  // The version both speak: the one offered when the server lists it, else the server's first.
  const version = offered !== null && supported.includes(offered) ? offered : supported[0];
  return {
    requestSeq: request.frame.seq,
    responseSeq: response.frame.seq,
    era: 'modern',
    offeredVersion: offered,
    result: { serverInfo: resultMeta[META_SERVER_INFO] ?? result.serverInfo, protocolVersion: version, ...result },
    probe: null,
  };
}

function probeText(log: LogSource, probe: FrameEntry): string {
  const response = log.pairOf(probe);
  if (!response) return `server/discover (#${probe.frame.seq}) got no answer, so mcpscope fell back to initialize`;
  const error = isPlainObject(response.value) && isPlainObject(response.value.error) ? response.value.error : null;
  if (error)
    return `server/discover (#${probe.frame.seq}) was answered with error ${String(error.code)} (${String(error.message ?? '')}), so mcpscope fell back to initialize`;
  return `server/discover (#${probe.frame.seq}) did not list a version mcpscope speaks, so it fell back to initialize`;
}
