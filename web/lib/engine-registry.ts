// One client engine per session, sending through the relay socket and fed by every frame the store accepts.
import { ClientEngine } from '../../shared/client-engine.js';
import { eventName, type FrameEntry } from './frame-entry.js';
import type { RelaySocket } from './relay-socket.js';
import { ServerRequestInbox } from './server-request-inbox.js';

export class EngineRegistry {
  private readonly engines = new Map<string, ClientEngine>();
  private readonly inboxes = new Map<string, ServerRequestInbox>();

  constructor(private readonly socket: RelaySocket) {}

  get(sessionId: string): ClientEngine {
    let engine = this.engines.get(sessionId);
    if (!engine) {
      engine = new ClientEngine({ send: (text) => this.socket.send(sessionId, text) });
      this.engines.set(sessionId, engine);
      this.inboxes.set(sessionId, new ServerRequestInbox(engine));
    }
    return engine;
  }

  /** The session's requests from the server, pending and answered, as this tab sees them. */
  inbox(sessionId: string): ServerRequestInbox {
    this.get(sessionId);
    return this.inboxes.get(sessionId)!;
  }

  /**
   * Called once this tab has won the session's handshake claim (after history was synced): from now on it answers
   * the server's requests. Replayed requests were fed before, and other tabs never claim, so none is answered twice.
   */
  claimAnswering(sessionId: string): void {
    this.get(sessionId).answerServerRequests(true);
    this.inbox(sessionId).answering = true;
  }

  /**
   * Outgoing frames reserve their ids even when another tab (or an earlier load of this one) sent them,
   * so the ids this tab hands out never collide with ones already on the wire.
   */
  feed(sessionId: string, entries: readonly FrameEntry[]): void {
    const engine = this.get(sessionId);
    for (const entry of entries) {
      if (entry.frame.dir === 'out') engine.noteOutgoingValue(entry.value);
      else if (entry.frame.dir === 'in') engine.receiveValue(entry.value);
      else if (isEnd(eventName(entry))) {
        // A remote connection ends with `disconnected`: its pending requests can no more be answered than a dead process's.
        engine.close(eventName(entry) === 'exited' ? 'the server process exited' : 'the connection to the server ended');
        // A restarted process is claimed afresh, and maybe by another tab: stop answering until this one wins again.
        engine.answerServerRequests(false);
        this.inboxes.get(sessionId)?.abandonAll();
      }
    }
  }
}

function isEnd(event: string | null): boolean {
  return event === 'exited' || event === 'disconnected';
}
