// The three ways to start talking: legacy initialize, modern server/discover, and auto (probe discover, fall back).
import { isPlainObject } from '../jsonrpc.js';
import { LocalEngineError, PeerRpcError, isErrorResponse, type JsonRpcResponse } from './engine-errors.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, META_SERVER_INFO, modernMeta } from './modern-meta.js';
import { judgeLegacyVersion, judgeModernVersions, type VersionStatus, type VersionVerdict } from './version-negotiation.js';

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

export async function connectModern(engine: FlowEngine, o: ResolvedConnect): Promise<Connection> {
  const result = resultOf(await discover(engine, o, o.timeoutMs));
  const { conn, verdict } = discovered(o, result);
  checkVerdict(o, verdict, result.supportedVersions);
  return conn;
}

/** Probes with server/discover; any error, a timeout, or no shared modern version falls back to initialize. */
export async function connectAuto(engine: FlowEngine, o: ResolvedConnect): Promise<Connection> {
  let probe: ProbeRecord;
  try {
    const response = await discover(engine, o, o.probeTimeoutMs);
    if (isErrorResponse(response)) {
      probe = { outcome: 'error', detail: `server/discover was answered ${response.error.code} (${response.error.message}): not a ${o.modernVersion} server` };
    } else {
      const { conn } = discovered(o, isPlainObject(response.result) ? response.result : {});
      if (conn.versionStatus === 'as-offered') return { ...conn, probe: { outcome: 'modern', detail: `server/discover lists ${o.modernVersion}` } };
      probe = { outcome: 'unsupported', detail: conn.versionNote ?? 'no shared modern version' };
    }
  } catch (err) {
    // Only silence means "legacy"; a closed connection or a failed send is a real failure.
    if (!(err instanceof LocalEngineError) || err.code !== 'REQUEST_TIMEOUT') throw err;
    probe = { outcome: 'timeout', detail: `no answer to server/discover within ${o.probeTimeoutMs} ms` };
  }
  return { ...(await connectLegacy(engine, o)), probe };
}
