// Claims a session's handshake from the relay and, when this tab wins, performs it through the client engine.
import { useCallback, useRef, useState } from 'react';
import { PeerRpcError } from '../../../shared/engine/index.js';
import type { Era } from '../../../shared/engine/index.js';
import { isLegacyVersion } from '../../../shared/mcp-versions.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { safeHttpUrl } from '../../lib/ui/format.js';
import { performHandshake } from '../../lib/mcp/perform-handshake.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export type HandshakeState =
  | { phase: 'idle' }
  | { phase: 'running' }
  /** `how`: which era it settled on and, for auto, what the probe got. */
  | { phase: 'done'; era: 'legacy' | 'modern'; server: string; protocolVersion: string; website: string | null; how: string | null }
  /** Another tab, or an earlier load of this one, claimed it: the log already shows (or will show) that handshake. */
  | { phase: 'elsewhere' }
  | { phase: 'skipped'; reason: string }
  | { phase: 'failed'; message: string; local: boolean };

export function useHandshake(clientVersion: string) {
  const relay = useRelay();
  const [states, setStates] = useState<Record<string, HandshakeState>>({});
  const inFlight = useRef(new Set<string>());

  const run = useCallback(
    async (session: SessionInfo, era: Era) => {
      if (inFlight.current.has(session.id)) return;
      inFlight.current.add(session.id);
      const set = (state: HandshakeState) => setStates((prev) => ({ ...prev, [session.id]: state }));
      try {
        set({ phase: 'running' });
        // Legacy with a modern version keeps the old meaning: 2026-07-28 has no initialize, so nothing is sent.
        const outcome = await performHandshake(relay, session, clientVersion, era === 'legacy' && !isLegacyVersion(session.protocolVersion) ? undefined : era);
        if (outcome.kind === 'stateless') {
          set({ phase: 'skipped', reason: `${session.protocolVersion} is stateless: there is no initialize` });
          return;
        }
        if (outcome.kind === 'elsewhere') {
          set({ phase: 'elsewhere' });
          return;
        }
        const { result, connection } = outcome;
        const info = connection?.serverInfo ?? (isPlainObject(result.serverInfo) ? result.serverInfo : {});
        set({
          phase: 'done',
          era: connection?.era ?? 'legacy',
          server: `${String(info.name ?? '?')} ${String(info.version ?? '')}`.trim(),
          protocolVersion: connection?.protocolVersion ?? String(result.protocolVersion ?? '?'),
          website: safeHttpUrl(info.websiteUrl),
          how: connection?.probe ? `auto: ${connection.probe.detail}` : null,
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
