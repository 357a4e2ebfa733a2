// The read-only RelayClient of a share file: the inspector's components read a session through useRelay(), and here
// everything behind it is the file. The log is the inspector's own MessageStore holding every frame; the HTTP client
// answers from the file what a recorded session needs (the session, a frame's exact bytes) and refuses the rest
// without a request; the socket never connects.
import { lintTransport } from '../../shared/lint/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { RELAY_ROUTES, type RouteName } from '../../shared/relay-routes.js';
import type { ShareContents } from '../../shared/share/share-data.js';
import { MessageStore } from '../lib/log/message-store.js';
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
function sessionOf(c: ShareContents): SessionInfo {
  const s = c.header.session;
  const status = s.status === 'running' || s.status === 'starting' || s.status === 'stdout-closed' ? 'stopped' : s.status;
  return { id: s.id, name: s.name, target: c.header.target, status, live: false, startedAt: s.startedAt, endedAt: s.endedAt, pid: null, exitCode: s.exitCode, signal: s.signal, lastSeq: c.frames.at(-1)?.seq ?? 0, protocolVersion: s.protocolVersion, handshakePending: false };
}

function latin1Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function fileHttp(c: ShareContents, session: SessionInfo): RelayHttp {
  const bySeq = new Map(c.frames.map((f) => [f.seq, f]));
  async function call(name: RouteName, input: { params?: Record<string, string | number> } = {}): Promise<unknown> {
    if (name === 'sessions') return [session];
    if (name === 'session') return session;
    if (name === 'frameBytes') {
      const f = bySeq.get(Number(input.params?.seq));
      if (!f) throw new ApiError(404, 'NOT_FOUND', `no frame ${String(input.params?.seq)} in this file`);
      const blob = new Blob([f.b64 !== undefined ? latin1Bytes(f.b64) : f.text], { type: 'application/octet-stream' });
      return { fileName: `${session.id}-frame-${f.seq}.bin`, blob } satisfies Download;
    }
    const route = RELAY_ROUTES[name];
    throw new ApiError(0, 'READ_ONLY', `${READ_ONLY} (${route.method} ${route.path})`);
  }
  return { call: call as RelayHttp['call'] };
}

/** The client, its session, and the store filled with the file's frames (linted a slice at a time after the first paint). */
export function createFileClient(c: ShareContents): { client: RelayClient; session: SessionInfo } {
  const session = sessionOf(c);
  const http = fileHttp(c, session);
  const store = new MessageStore(null, http);
  const socket = new FileSocket();
  store.holdLint(session.id);
  store.append(session.id, c.frames);
  store.configureLint(session.id, { transport: lintTransport(session.target), protocolVersion: session.protocolVersion });
  store.lintReplayed(session.id);
  return { client: { http, socket, store, engines: new EngineRegistry(socket) }, session };
}
