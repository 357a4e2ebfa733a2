// Claims a session's handshake from the relay and, when this tab wins, performs it through the client engine.
import { useCallback, useRef, useState } from 'react';
import { PeerRpcError } from '../../../shared/client-engine.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { safeHttpUrl } from '../../lib/format.js';
import { performHandshake } from '../../lib/perform-handshake.js';
import { useRelay } from '../../lib/relay-context.js';

export type HandshakeState =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; server: string; protocolVersion: string; website: string | null }
  /** Another tab, or an earlier load of this one, claimed it: the log already shows (or will show) that handshake. */
  | { phase: 'elsewhere' }
  | { phase: 'skipped'; reason: string }
  | { phase: 'failed'; message: string; local: boolean };

export function useHandshake(clientVersion: string) {
  const relay = useRelay();
  const [states, setStates] = useState<Record<string, HandshakeState>>({});
  const inFlight = useRef(new Set<string>());

  const run = useCallback(
    async (session: SessionInfo) => {
      if (inFlight.current.has(session.id)) return;
      inFlight.current.add(session.id);
      const set = (state: HandshakeState) => setStates((prev) => ({ ...prev, [session.id]: state }));
      try {
        set({ phase: 'running' });
        const outcome = await performHandshake(relay, session, clientVersion);
        if (outcome.kind === 'stateless') {
          set({ phase: 'skipped', reason: `${session.protocolVersion} is stateless: there is no initialize` });
          return;
        }
        if (outcome.kind === 'elsewhere') {
          set({ phase: 'elsewhere' });
          return;
        }
        const { result } = outcome;
        const info = isPlainObject(result.serverInfo) ? result.serverInfo : {};
        set({
          phase: 'done',
          server: `${String(info.name ?? '?')} ${String(info.version ?? '')}`.trim(),
          protocolVersion: String(result.protocolVersion ?? '?'),
          website: safeHttpUrl(info.websiteUrl),
        });
      } catch (err) {
        const local = !(err instanceof PeerRpcError);
        set({ phase: 'failed', local, message: err instanceof Error ? err.message : String(err) });
      } finally {
        inFlight.current.delete(session.id);
      }
    },
    [relay, clientVersion],
  );

  const stateOf = useCallback((id: string | null): HandshakeState => (id === null ? { phase: 'idle' } : (states[id] ?? { phase: 'idle' })), [states]);
  return { run, stateOf };
}
