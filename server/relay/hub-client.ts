// The hub's record of one page's socket and of each session it follows (server/relay/hub.ts fans frames out to them).
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { FrameRecord } from '../../shared/relay-protocol.js';

export interface Subscription {
  sessionId: string;
  lastSent: number;
  mode: 'replay' | 'live';
  /** The flush (Hub.flushes) during whose tick a frame from the server was last queued: is the server's side quiet? */
  lastInFlush: number;
  queue: FrameRecord[];
  /** Characters of frame text in `queue`. */
  queuedChars: number;
  /** Replay jumps from `skipFrom` to `skipTo` (the gap of a head + tail subscription; the page reads it over HTTP). */
  skipFrom?: number;
  skipTo?: number;
  /** The refs of this page's sends whose echoes wait in `queue`, by seq: each goes in the message that carries its echo. */
  acks: Map<number, string> | null;
}

export interface Client {
  ws: WebSocket;
  /** The socket under `ws`: corked while several messages go, so that they leave in one write (one wake-up of the page). */
  socket: Duplex | null;
  subs: Map<string, Subscription>;
  /** 'sent' answers held back to leave with the next message to this page (held-traffic.ts), in order. */
  held: string[];
}

/** A subscription that starts by replaying what the store holds after `afterSeq`. */
export function newSubscription(sessionId: string, afterSeq: number): Subscription {
  return { sessionId, lastSent: afterSeq, mode: 'replay', lastInFlush: -2, queue: [], queuedChars: 0, acks: null };
}
