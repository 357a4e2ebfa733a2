// How a page learns that its send went out: from the echo of its frame, the ref riding in the `frames` message that
// carries the echo (shared/frames-wire.ts's `ref` column), so a round trip is one message to the page. Where no echo
// of it waits for this page (it follows the session not live, or the echo left at once in a busy session's full
// message), a `sent` message answers instead. Either way the answer leaves with the page's held traffic
// (held-traffic.ts): with the reply, or HOLD_MS later when none comes, so nothing waits on a reply that may never come.
//
// Why: a separate `sent` message was a second WebSocket message, and a second parse by the page, on every round trip:
// the largest part of what the relay added beyond a minimal proxy (docs/performance.md, "Relay latency, round 5").
import type { FrameRecord, RelayServerMessage } from '../../shared/relay-protocol.js';
import type { Client, Subscription } from './hub-client.js';

function sentMessage(sessionId: string, seq: number, ref: string | undefined): string {
  return JSON.stringify({ type: 'sent', sessionId, seq, ...(ref ? { ref } : {}) } satisfies RelayServerMessage);
}

export class SendAcks {
  /** The page's send being written now: which of its subscriptions queued the echo, if any. */
  private sending: { client: Client; sessionId: string; sub: Subscription | null } | null = null;

  /**
   * Runs `write` (which records the frame, publishing its echo, and returns its seq) for a page's send. Returns the
   * `sent` message to hold for the page, or null when the ref now waits beside the echo in a subscription's queue.
   */
  write(client: Client, sessionId: string, ref: string | undefined, write: () => number): string | null {
    const sending = { client, sessionId, sub: null as Subscription | null };
    this.sending = sending;
    let seq: number;
    try {
      seq = write();
    } finally {
      this.sending = null;
    }
    // The echo is the first 'out' frame published inside write() (FrameLog.forwardThenRecord hands its own frame on
    // first). A queue leaves whole, so one whose first frame is at or before the echo's seq still holds it.
    const sub = sending.sub;
    if (sub !== null && client.subs.get(sessionId) === sub && sub.mode === 'live' && sub.queue.length > 0 && sub.queue[0]!.seq <= seq) {
      if (ref !== undefined) (sub.acks ??= new Map()).set(seq, ref);
      return null;
    }
    return sentMessage(sessionId, seq, ref);
  }

  /** A frame just queued in `sub`, the page `client`'s: the echo of the send being written, when it is that page's. */
  queued(client: Client, sessionId: string, sub: Subscription, frame: FrameRecord): void {
    const s = this.sending;
    if (s !== null && frame.dir === 'out' && s.client === client && s.sessionId === sessionId) s.sub ??= sub;
  }

  /** The refs to write into the message that carries `sub`'s queue, and none left (null: none). */
  take(sub: Subscription): Map<number, string> | null {
    const acks = sub.acks;
    sub.acks = null;
    return acks;
  }

  /** `sub`'s queue is dropped (unsubscribed, subscribed anew, or too far behind): its sends are told with `sent` messages now. */
  dropped(client: Client, sub: Subscription): void {
    const acks = this.take(sub);
    if (acks === null || client.ws.readyState !== client.ws.OPEN) return;
    for (const [seq, ref] of acks) client.ws.send(sentMessage(sub.sessionId, seq, ref));
  }
}
