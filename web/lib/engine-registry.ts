// One client engine per session, sending through the relay socket and fed by every frame the store accepts.
import { ClientEngine } from '../../shared/client-engine.js';
import { eventName, type FrameEntry } from './frame-entry.js';
import type { RelaySocket } from './relay-socket.js';

export class EngineRegistry {
  private readonly engines = new Map<string, ClientEngine>();

  constructor(private readonly socket: RelaySocket) {}

  get(sessionId: string): ClientEngine {
    let engine = this.engines.get(sessionId);
    if (!engine) {
      engine = new ClientEngine({ send: (text) => this.socket.send(sessionId, text) });
      this.engines.set(sessionId, engine);
    }
    return engine;
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
      else if (eventName(entry) === 'exited') engine.close('the server process exited');
    }
  }
}
