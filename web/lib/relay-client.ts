// Wires the pieces one page needs to talk to the relay: HTTP API, socket, message store and client engines.
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { createApiClient, type ApiClient } from './api-client.js';
import { createArchiveApi, type ArchiveApi } from './archive-api.js';
import { EngineRegistry } from './engine-registry.js';
import { MessageStore } from './message-store.js';
import { RelaySocket } from './relay-socket.js';

export interface RelayClient {
  api: ApiClient;
  /** History, profiles, bundles and replay. */
  archive: ArchiveApi;
  socket: RelaySocket;
  store: MessageStore;
  engines: EngineRegistry;
}

export interface RelayClientHooks {
  onSession(session: SessionInfo): void;
  onUnauthorized(): void;
  onRelayError(code: string, message: string): void;
}

export function createRelayClient(token: string, hooks: RelayClientHooks): RelayClient {
  const store = new MessageStore();
  let engines: EngineRegistry | null = null;
  const socket = new RelaySocket(
    token,
    {
      onFrames(sessionId, frames) {
        const added = store.append(sessionId, frames);
        if (added > 0) engines?.feed(sessionId, store.log(sessionId).entries.slice(-added));
      },
      onSession(session) {
        engines?.noteSession(session);
        hooks.onSession(session);
      },
      onSynced: (sessionId) => engines?.synced(sessionId),
      onAnswerer: (sessionId, holder) => engines?.setAnswerer(sessionId, holder),
      onError: hooks.onRelayError,
    },
    (sessionId) => store.lastSeq(sessionId),
  );
  engines = new EngineRegistry(socket);
  return { api: createApiClient(token, hooks.onUnauthorized), archive: createArchiveApi(token, hooks.onUnauthorized), socket, store, engines };
}
