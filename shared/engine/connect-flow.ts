// The three ways to start talking: legacy initialize, modern server/discover, and auto (probe discover, fall back).
import { isPlainObject } from '../jsonrpc.js';
import { LocalEngineError, PeerRpcError, isErrorResponse, type JsonRpcResponse } from './engine-errors.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, META_SERVER_INFO, modernMeta } from './modern-meta.js';
import { judgeLegacyVersion, judgeModernVersions, type VersionStatus, type VersionVerdict } from './version-negotiation.js';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../mcp-versions.js';

export type Era = 'legacy' | 'modern' | 'auto';

export interface ResolvedConnect {
  era: Era;
  /** Offered in initialize (legacy, and auto's fallback). */
  protocolVersion: string;
  /** Sent in the `_meta` of server/discover and of every request (modern, and auto's probe). */
  modernVersion: string;
  clientInfo: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  /** What to do when the server answers a version the client did not offer or does not know. */
  onUnexpectedVersion: 'proceed' | 'fail';
  timeoutMs: number;
  probeTimeoutMs: number;
}

interface ProbeRecord {
  /** modern: the server took it; error / timeout / unsupported: why auto fell back to initialize. */
  outcome: 'modern' | 'error' | 'timeout' | 'unsupported';
  detail: string;
}

/** What the handshake (or discovery) settled on; `result` is the raw initialize or server/discover result. */
export interface Connection {
  era: 'legacy' | 'modern';
  protocolVersion: string;
  offeredVersion: string;
  versionStatus: VersionStatus;
  versionNote: string | null;
  serverInfo: Record<string, unknown> | null;
  serverCapabilities: Record<string, unknown>;
  clientCapabilities: Record<string, unknown>;
  instructions: string | null;
  result: Record<string, unknown>;
  probe?: ProbeRecord;
}

/** The part of the engine the flows need. */
export interface FlowEngine {
  request(method: string, params: unknown, options: { timeoutMs: number }): Promise<JsonRpcResponse>;
  notify(method: string, params?: unknown): Promise<void>;
}

function resultOf(response: JsonRpcResponse): Record<string, unknown> {
  if (isErrorResponse(response)) throw new PeerRpcError(response);
  return isPlainObject(response.result) ? response.result : {};
}

function checkVerdict(o: ResolvedConnect, verdict: VersionVerdict, answered: unknown): void {
  if (verdict.acceptable || o.onUnexpectedVersion === 'proceed') return;
  throw new LocalEngineError('PROTOCOL_VERSION_MISMATCH', `${verdict.note} Stopping, as asked.`, undefined, { status: verdict.status, answered });
}

function connection(
  o: ResolvedConnect,
  era: 'legacy' | 'modern',
  offered: string,
  verdict: VersionVerdict,
  result: Record<string, unknown>,
  serverInfo: unknown,
): Connection {
  return {
    era,
    protocolVersion: verdict.version,
    offeredVersion: offered,
    versionStatus: verdict.status,
    versionNote: verdict.note,
    serverInfo: isPlainObject(serverInfo) ? serverInfo : null,
    serverCapabilities: isPlainObject(result.capabilities) ? result.capabilities : {},
    clientCapabilities: o.capabilities,
    instructions: typeof result.instructions === 'string' ? result.instructions : null,
    result,
  };
}

/** initialize, then notifications/initialized, unless the answered version is refused (then nothing more is sent). */
export async function connectLegacy(engine: FlowEngine, o: ResolvedConnect): Promise<Connection> {
  const params = { protocolVersion: o.protocolVersion, capabilities: o.capabilities, clientInfo: o.clientInfo };
  const result = resultOf(await engine.request('initialize', params, { timeoutMs: o.timeoutMs }));
  const verdict = judgeLegacyVersion(o.protocolVersion, result.protocolVersion);
  checkVerdict(o, verdict, result.protocolVersion);
  await engine.notify('notifications/initialized');
  return connection(o, 'legacy', o.protocolVersion, verdict, result, result.serverInfo);
}

function discover(engine: FlowEngine, o: ResolvedConnect, timeoutMs: number): Promise<JsonRpcResponse> {
  return engine.request('server/discover', { _meta: modernMeta(o.modernVersion, o.capabilities, o.clientInfo) }, { timeoutMs });
}

function discovered(o: ResolvedConnect, result: Record<string, unknown>): { conn: Connection; verdict: VersionVerdict } {
  const verdict = judgeModernVersions(o.modernVersion, result.supportedVersions);
  // 2026 servers name themselves in the result's _meta; a serverInfo field is accepted from servers that add one.
  const meta = isPlainObject(result._meta) ? result._meta : {};
  return { conn: connection(o, 'modern', o.modernVersion, verdict, result, meta[META_SERVER_INFO] ?? result.serverInfo), verdict };
}

/**
 * The connection a server/discover someone else sent (another tab, an earlier load of this page, the composer) settled
 * on, rebuilt from that request's `_meta` and its result, so this engine's requests carry the same keys.
 */
export function connectionFromDiscover(params: unknown, result: Record<string, unknown>): Connection {
  const meta = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : {};
  const version = meta[META_PROTOCOL_VERSION];
  const o: ResolvedConnect = {
    era: 'modern',
    protocolVersion: typeof version === 'string' ? version : '',
    modernVersion: typeof version === 'string' ? version : '',
    clientInfo: isPlainObject(meta[META_CLIENT_INFO]) ? meta[META_CLIENT_INFO] : {},
    capabilities: isPlainObject(meta[META_CLIENT_CAPABILITIES]) ? meta[META_CLIENT_CAPABILITIES] : {},
    onUnexpectedVersion: 'proceed',
    timeoutMs: 0,
    probeTimeoutMs: 0,
  };
  return discovered(o, result).conn;
}

/** -32022 (2026-07-28): the server does not speak the requested version; `data.supported` lists the ones it does. */
const UNSUPPORTED_VERSION = -32022;

/**
 * The version to retry with after a -32022: the latest in its `data.supported` that mcpscope speaks, modern before
 * legacy; null when none (then the error stands). 2026-07-28: the client SHOULD pick one it supports from that list and
 * retry. The refused version counts when the server lists it anyway (a refusal it may not repeat; the conformance
 * suite's request-metadata mock does just that): the callers retry once, so this never loops.
 */
export function retryVersion(response: JsonRpcResponse): { version: string; era: 'modern' | 'legacy' } | null {
  if (!isErrorResponse(response) || response.error.code !== UNSUPPORTED_VERSION) return null;
  const data = response.error.data;
  const listed = isPlainObject(data) && Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  const best = (known: readonly string[]) => [...known].reverse().find((v) => listed.includes(v));
  const modern = best(MODERN_PROTOCOL_VERSIONS);
  if (modern) return { version: modern, era: 'modern' };
  const legacy = best(LEGACY_PROTOCOL_VERSIONS);
  return legacy ? { version: legacy, era: 'legacy' } : null;
}

export async function connectModern(engine: FlowEngine, o: ResolvedConnect): Promise<Connection> {
  let response = await discover(engine, o, o.timeoutMs);
  // Retried once, and only with another 2026 version: a pinned modern era does not turn into initialize on its own.
  const retry = retryVersion(response);
  if (retry?.era === 'modern') {
    o = { ...o, modernVersion: retry.version };
    response = await discover(engine, o, o.timeoutMs);
  }
  const result = resultOf(response);
  const { conn, verdict } = discovered(o, result);
  checkVerdict(o, verdict, result.supportedVersions);
  return conn;
}

const FALLBACK_LOCAL_CODES: ReadonlySet<string> = new Set(['REQUEST_TIMEOUT', 'CLIENT_HTTP_NOT_IMPLEMENTED', 'CLIENT_HTTP_UNEXPECTED_CONTENT']);

/** Probes with server/discover; any error, a timeout, or no shared modern version falls back to initialize. */
export async function connectAuto(engine: FlowEngine, o: ResolvedConnect): Promise<Connection> {
  let probe: ProbeRecord;
  try {
    let response = await discover(engine, o, o.probeTimeoutMs);
    const retry = retryVersion(response);
    if (retry?.era === 'modern') {
      o = { ...o, modernVersion: retry.version };
      response = await discover(engine, o, o.probeTimeoutMs);
    } else if (retry?.era === 'legacy') {
      // The server named the versions it speaks: initialize offers the best of them, not the default.
      const detail = `server/discover was answered -32022 (unsupported version); the server lists ${retry.version} among the versions it supports, so initialize offers it`;
      return { ...(await connectLegacy(engine, { ...o, protocolVersion: retry.version })), probe: { outcome: 'unsupported', detail } };
    }
    if (isErrorResponse(response)) {
      probe = { outcome: 'error', detail: `server/discover was answered ${response.error.code} (${response.error.message}): not a ${o.modernVersion} server` };
    } else {
      const { conn } = discovered(o, isPlainObject(response.result) ? response.result : {});
      if (conn.versionStatus === 'as-offered') return { ...conn, probe: { outcome: 'modern', detail: `server/discover lists ${o.modernVersion}` } };
      probe = { outcome: 'unsupported', detail: conn.versionNote ?? 'no shared modern version' };
    }
  } catch (err) {
    // Silence, or an HTTP refusal without JSON-RPC (a legacy server's 404/405 page, a 400), means "legacy"; a closed
    // connection, a failed send or a 401/403 (authorization is not an answer about the era) is a real failure.
    if (!(err instanceof LocalEngineError) || !FALLBACK_LOCAL_CODES.has(err.code)) throw err;
    probe =
      err.code === 'REQUEST_TIMEOUT'
        ? { outcome: 'timeout', detail: `no answer to server/discover within ${o.probeTimeoutMs} ms` }
        : { outcome: 'error', detail: `server/discover was refused at the HTTP level (${err.message}): not a ${o.modernVersion} server` };
  }
  return { ...(await connectLegacy(engine, o)), probe };
}
