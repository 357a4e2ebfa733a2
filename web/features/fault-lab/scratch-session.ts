// The fault lab's scratch connection: a second instance of the stdio command, or a fresh HTTP session on the endpoint,
// opened for one run beside the session under test and given the same handshake (era, version, capabilities) that
// session had, so presets meet the same protocol state while the session judged never sees a lab frame. It is its own
// recorded session, linked to the one under test, and stopped when the run ends.
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { performHandshake } from '../../lib/mcp/perform-handshake.js';
import type { RelayClient } from '../../lib/relay/relay-client.js';

export async function openScratch(client: RelayClient, underTest: string, o: { handshake: boolean; clientVersion: string }): Promise<HistoryEntry> {
  const scratch = await client.http.call('openScratch', { params: { id: underTest }, body: { handshake: o.handshake } });
  // Its frames must reach this page's store and engine: the probes read replies there, the handshake waits for them.
  client.socket.subscribe(scratch.id);
  if (o.handshake) {
    try {
      const outcome = await performHandshake(client, scratch, o.clientVersion, client.engines.get(underTest).connection?.era);
      if (outcome.kind === 'elsewhere') throw new Error('another tab claimed the scratch session’s handshake');
    } catch (err) {
      // The caller gets no session to close: stop it and let go of its subscription here (subscriptions are counted).
      await closeScratch(client, scratch.id);
      throw err;
    }
  }
  return scratch;
}

/** Stops the scratch session's server (its recording stays, linked to the session under test). */
export async function closeScratch(client: RelayClient, scratchId: string): Promise<void> {
  await client.http.call('stopSession', { params: { id: scratchId } }).catch(() => undefined);
  client.socket.unsubscribe(scratchId);
}
