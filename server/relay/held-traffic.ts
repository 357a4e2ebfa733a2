// The page's own traffic held back to travel with the next message to it: a request's 'sent' answer and the echo of
// its frame go out with the reply, in one write to the socket, instead of one write (and one wake-up of the page) each.
//
// Why: at one request in flight a round trip through the relay was three writes to the page's socket ('sent', the
// echo at the tick's end, the reply), and those system calls were the largest piece of the relay's busy time (strace
// and a CPU profile, docs/performance.md "The relay's hot path"); held, it is one write and one wake-up of the page.
import type { Duplex } from 'node:stream';

/**
 * How long held traffic may wait for company: the reply to a request comes well under a millisecond later at a
 * request's pace; a notification (no reply) or a slow tool call gets its 'sent' and echo this long after it was sent.
 */
const HOLD_MS = 4;

/** What a client holds: its 'sent' answers, in order (the echoes wait in its subscriptions' queues). */
export interface HoldingClient {
  held: string[];
}

export class HeldTraffic<C extends HoldingClient> {
  private readonly holding = new Set<C>();
  private timer: NodeJS.Timeout | null = null;

  /** `release` sends everything a client holds (its 'sent' answers through take(), then its queued frames). */
  constructor(private readonly release: (client: C) => void) {}

  has(client: C): boolean {
    return this.holding.has(client);
  }

  /** The client holds something (`text`: a 'sent' answer; none: an echo waiting in a queue) until HOLD_MS at most. */
  hold(client: C, text?: string): void {
    if (text !== undefined) client.held.push(text);
    this.holding.add(client);
    // One timer for every client, armed by the first hold and cleared when nothing is held: no timer per request.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      for (const c of this.holding) this.release(c);
    }, HOLD_MS);
  }

  /** The client's 'sent' answers, to be sent before anything else now sent to it; it holds nothing after this. */
  take(client: C): string[] {
    if (this.holding.delete(client) && this.holding.size === 0 && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (client.held.length === 0) return client.held;
    const held = client.held;
    client.held = [];
    return held;
  }

  /** A client gone: nothing of its is sent. */
  forget(client: C): void {
    this.take(client);
  }
}

/** Runs `send` with the socket corked (null: as it is): what it sends leaves in one write once it is done. */
export function corked(socket: Duplex | null, send: () => void): void {
  if (socket === null) return send();
  socket.cork();
  try {
    send();
  } finally {
    socket.uncork();
  }
}
