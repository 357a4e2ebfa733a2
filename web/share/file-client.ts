// The read-only RelayClient of a share file: the inspector's components read a session through useRelay(), and here
// everything behind it is the file. The log is the inspector's own MessageStore holding every frame (appended a slice
// at a time as the page unpacks them, see share-main.tsx); the HTTP client
// answers from the file what a recorded session needs (the session, a frame's exact bytes) and refuses the rest
// without a request; the socket never connects.
import { lintTransport } from '../../shared/lint/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { RELAY_ROUTES, type RouteName } from '../../shared/relay-routes.js';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import { MessageStore } from '../lib/log/message-store.js';
import type { SessionLog } from '../lib/log/session-log.js';
import { EngineRegistry } from '../lib/mcp/engine-registry.js';
import type { RelayClient } from '../lib/relay/relay-client.js';
import { ApiError, type Download, type RelayHttp } from '../lib/relay/relay-http.js';
import { RelaySocket } from '../lib/relay/relay-socket.js';

const READ_ONLY = 'this page is a shared recording: nothing here talks to a server';

/** A socket that is never opened: subscriptions are the store's own, already whole; sends are refused. */
class FileSocket extends RelaySocket {
  constructor() {
    super('', { onFrames: () => undefined, onSession: () => undefined }, () => 0);
  }
  override start(): void {}
  override subscribe(): void {}
  override unsubscribe(): void {}
  override whenSynced(): Promise<void> {
    return Promise.resolve();
  }
  override send(): Promise<number> {
    return Promise.reject(new ApiError(0, 'READ_ONLY', READ_ONLY));
  }
}

/** The session as the relay would describe a finished, imported one. */
function sessionOf(header: BundleHeader): SessionInfo {
  const s = header.session;
  const status = s.status === 'running' || s.status === 'starting' || s.status === 'stdout-closed' ? 'stopped' : s.status;
  return {
    id: s.id,
    name: s.name,
    target: header.target,
    status,
    live: false,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    pid: null,
    exitCode: s.exitCode,
    signal: s.signal,
    lastSeq: header.range.toSeq ?? s.lastSeq,
    protocolVersion: s.protocolVersion,
    handshakePending: false,
  };
}

function latin1Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** `log`: the session's log, which the store that reads through this client holds. */
function fileHttp(log: () => SessionLog, session: SessionInfo): RelayHttp {
  async function call(name: RouteName, input: { params?: Record<string, string | number> } = {}): Promise<unknown> {
    if (name === 'sessions') return [session];
    if (name === 'session') return session;
    if (name === 'frameBytes') {
      const f = log().bySeq(Number(input.params?.seq))?.frame;
      if (!f) throw new ApiError(404, 'NOT_FOUND', `no frame ${String(input.params?.seq)} in this file`);
      const blob = new Blob([f.b64 !== undefined ? latin1Bytes(f.b64) : f.text], { type: 'application/octet-stream' });
      return { fileName: `${session.id}-frame-${f.seq}.bin`, blob } satisfies Download;
    }
    const route = RELAY_ROUTES[name];
    throw new ApiError(0, 'READ_ONLY', `${READ_ONLY} (${route.method} ${route.path})`);
  }
  return { call: call as RelayHttp['call'] };
}

/**
 * The client and its session, with an empty store whose lint waits: the caller appends the file's frames, then calls
 * store.lintReplayed, which lints them a slice at a time.
 */
export function createFileClient(header: BundleHeader): { client: RelayClient; session: SessionInfo } {
  const session = sessionOf(header);
  const http = fileHttp(() => store.log(session.id), session);
  const store = new MessageStore(null, http);
  const socket = new FileSocket();
  store.holdLint(session.id);
  store.configureLint(session.id, { transport: lintTransport(session.target), protocolVersion: session.protocolVersion });
  return { client: { http, socket, store, engines: new EngineRegistry(socket) }, session };
}
