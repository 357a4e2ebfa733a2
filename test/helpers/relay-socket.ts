// A test client for the relay's WebSocket: collects frames per session and waits for what a test expects.
import type WebSocket from 'ws';
import { parseRelayServerMessage, type FrameRecord, type RelayClientMessage, type RelayServerMessage } from '../../shared/relay-protocol.js';

/** A relay's answer that a send went out (see RelaySocket.acks). */
interface Ack {
  ref: string | undefined;
  seq: number;
  at: number;
  alone: boolean;
}

export class RelaySocket {
  readonly messages: RelayServerMessage[] = [];
  readonly frames = new Map<string, FrameRecord[]>();
  /** Messages from the relay that failed RelayServerMessageSchema: any makes every later wait fail. */
  readonly invalid: string[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = parseRelayServerMessage(data.toString());
      if (!parsed.ok) {
        this.invalid.push(parsed.error);
        for (const w of this.waiters.splice(0)) w();
        return;
      }
      const msg = parsed.message;
      this.messages.push(msg);
      if (msg.type === 'frames') {
        const list = this.frames.get(msg.sessionId) ?? [];
        list.push(...msg.frames);
        this.frames.set(msg.sessionId, list);
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(ws: WebSocket): Promise<RelaySocket> {
    const s = new RelaySocket(ws);
    return new Promise((ok, fail) => {
      ws.once('open', () => ok(s));
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`WebSocket refused: ${res.statusCode}`)));
    });
  }

  send(msg: RelayClientMessage): void {
    this.ws.send(JSON.stringify(msg));
  }

  /**
   * The relay's answers that sends went out, in the order they came, from message `from` on: each with the index of
   * the message it came in (a `frames` message that carries the send's echo, or a `sent` message of its own).
   */
  acks(from = 0): Ack[] {
    return this.messages.slice(from).flatMap((m, i): Ack[] => {
      if (m.type === 'sent') return [{ ref: m.ref, seq: m.seq, at: from + i, alone: true }];
      if (m.type === 'frames') return (m.sent ?? []).map((a) => ({ ...a, at: from + i, alone: false }));
      return [];
    });
  }

  framesOf(sessionId: string): FrameRecord[] {
    return this.frames.get(sessionId) ?? [];
  }

  /** Resolves with the first value `pick` returns that is not undefined, re-checking on every message. */
  async until<T>(pick: () => T | undefined, what: string, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.invalid.length > 0) throw new Error(`the relay sent a message that does not match its schema: ${this.invalid[0]}`);
      const v = pick();
      if (v !== undefined) return v;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Waits for a frame of the session that matches. */
  frame(sessionId: string, match: (f: FrameRecord) => boolean, what: string, ms?: number): Promise<FrameRecord> {
    return this.until(() => this.framesOf(sessionId).find(match), what, ms);
  }

  close(): void {
    this.ws.close();
  }
}
