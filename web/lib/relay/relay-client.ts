// Wires the pieces one page needs to talk to the relay: HTTP API, socket, message store and client engines.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { EngineRegistry } from '../mcp/engine-registry.js';
import { MessageStore } from '../log/message-store.js';
import { createRelayHttp, type RelayHttp } from './relay-http.js';
import { askModelForSampling } from '../model/sampling-by-model.js';
import { RelaySocket } from './relay-socket.js';
import { modelText } from '../model/model-text.js';

export interface RelayClient {
  /** Every HTTP call to the relay: sessions, windowed frame reads, history, profiles, bundles and replay. */
  http: RelayHttp;
  socket: RelaySocket;
  store: MessageStore;
  engines: EngineRegistry;
}

/** Frames of a session's start always held (the handshake lives there), whatever its size. */
const HEAD_FRAMES = 200;
/** Frames of a session's end held in the page when it is opened; older ones are read in windows. */
const MEMORY_FRAMES = 10_000;

/** `?memoryFrames=N` in the page URL lowers the bound, so a test can make a small session windowed. */
function memoryFrames(): number {
  const n = Number(new URLSearchParams(window.location.search).get('memoryFrames'));
  return Number.isInteger(n) && n > 0 ? n : MEMORY_FRAMES;
}

export interface RelayClientHooks {
  onSession(session: SessionInfo): void;
  onUnauthorized(): void;
  onRelayError(code: string, message: string): void;
}

export function createRelayClient(token: string, hooks: RelayClientHooks): RelayClient {
  const tail = memoryFrames();
  const http = createRelayHttp(token, hooks.onUnauthorized);
  // The same bound as for opening a session: a session that grows past it while open drops its middle.
  const store = new MessageStore({ head: HEAD_FRAMES, tail }, http);
  let engines: EngineRegistry | null = null;
  const socket = new RelaySocket(
    token,
    {
      onFrames(sessionId, frames) {
        const added = store.append(sessionId, frames);
        if (added > 0) engines?.feed(sessionId, store.source(sessionId).held.slice(-added));
      },
      onSession(session) {
        engines?.noteSession(session);
        store.noteReported(session.id, session.lastSeq, HEAD_FRAMES + tail);
        hooks.onSession(session);
      },
      onReplay: (sessionId) => store.holdLint(sessionId),
      onSynced: (sessionId) => {
        engines?.synced(sessionId);
        store.lintReplayed(sessionId);
      },
      onAnswerer: (sessionId, holder) => engines?.setAnswerer(sessionId, holder),
      onModelText: (_sessionId, requestId, delta) => modelText.emit(requestId, delta),
      onError: hooks.onRelayError,
    },
    (sessionId) => store.lastSeq(sessionId),
    { head: HEAD_FRAMES, tail },
  );
  engines = new EngineRegistry(socket, (sessionId, params) => askModelForSampling(http, sessionId, params));
  return { http, socket, store, engines };
}
