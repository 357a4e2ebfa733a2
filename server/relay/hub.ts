// Fans frames out to WebSocket clients. Each subscription replays history from SQLite, then goes live; a client
// that can't keep up is dropped back to replay instead of having frames buffered for it without bound.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { FrameRecord, RelayServerMessage, SessionInfo } from '../../shared/relay-protocol.js';
import { newSubscription, type Client, type Subscription } from './hub-client.js';
import { SendAcks } from './send-acks.js';
import { AnswererClaims } from './answerer-claims.js';
import { corked, HeldTraffic } from './held-traffic.js';
import { packFrames } from '../../shared/frames-wire.js';
import { encodeFrames, MESSAGE_TEXT_CHARS, utf8Bytes } from './frame-messages.js';
import { handlePageMessage, type PageActions, type PageSend } from './page-messages.js';
import { RelayError } from '../errors.js';
import type { SessionManager } from './session-manager.js';

export interface HubOptions {
  /** Above this many bytes queued on a socket, live delivery pauses and the client is caught up from disk later. */
  highWaterBytes?: number;
  /** Frames per replay message. */
  replayChunk?: number;
}

export class Hub {
  private readonly clients = new Set<Client>();
  private readonly dirty = new Set<Client>();
  private flushScheduled = false;
  /** Clients whose page holds back 'sent' answers or echoes of its own frames until the next message to it. */
  private readonly holding = new HeldTraffic<Client>((c) => this.sendAll(c));
  /** The runs of frames encoded this tick, by session: the next subscriber of the same run reuses the bytes. */
  private readonly encoded = new Map<string, { first: FrameRecord; length: number; messages: Buffer[] }>();
  private readonly answerers = new AnswererClaims<Client>();
  /**
   * Flushes so far, a frame sent at once counting as one: a tick's frames are those queued between two. A frame from
   * the server with none of its in this count or the last is a reply at a request's pace, not a burst.
   */
  private flushes = 0;
  /** How each page's sends are answered: beside their echoes, or by `sent` messages (send-acks.ts). */
  private readonly acks = new SendAcks();
  private readonly high: number;
  private readonly chunk: number;

  constructor(
    private readonly sessions: SessionManager,
    opts: HubOptions = {},
  ) {
    this.high = opts.highWaterBytes ?? 8 * 1024 * 1024;
    this.chunk = opts.replayChunk ?? 2000;
    sessions.setListener({ frame: (sid, f) => this.publish(sid, f), session: (info) => this.broadcastSession(info), following: (sid) => this.following(sid) });
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Bytes queued on the fullest socket: what a slow browser costs the relay. */
  maxBufferedBytes(): number {
    let max = 0;
    for (const c of this.clients) max = Math.max(max, c.ws.bufferedAmount);
    return max;
  }

  /** `socket`: the connection `ws` runs on (as given to handleUpgrade), corked around a burst of messages. */
  attach(ws: WebSocket, version: string, socket: Duplex | null = null): void {
    const client: Client = { ws, socket, subs: new Map(), held: [] };
    this.clients.add(client);
    ws.on('message', (data, isBinary) => handlePageMessage(client, isBinary ? null : data.toString(), this.actions));
    ws.on('close', () => {
      this.clients.delete(client);
      this.dirty.delete(client);
      this.holding.forget(client);
      for (const sessionId of this.answerers.releaseAll(client)) this.announceAnswerer(sessionId);
    });
    ws.on('error', () => ws.terminate());
    this.sendTo(client, { type: 'hello', version });
  }

  closeAll(): void {
    for (const c of this.clients) c.ws.close(1001, 'relay shutting down');
  }

  /** What the hub does for each message of a page's (page-messages.ts reads them). */
  private readonly actions: PageActions<Client> = {
    send: (client, msg, ref) => this.send(client, msg, ref),
    subscribe: (client, sessionId, afterSeq, head, tail) => this.subscribe(client, sessionId, afterSeq, head, tail),
    unsubscribe: (client, sessionId) => {
      const sub = client.subs.get(sessionId);
      if (sub && client.subs.delete(sessionId)) this.acks.dropped(client, sub);
      if (this.answerers.release(sessionId, client)) this.announceAnswerer(sessionId);
    },
    claimAnswerer: (client, sessionId, force) => {
      if (!this.sessions.exists(sessionId)) throw new RelayError('NOT_FOUND', `no session ${sessionId}`);
      // Announced only when the holder changes: a claim the page already holds (its claim once synced, then the forced
      // one after its handshake) would tell every subscriber the same thing again.
      const before = this.answerers.holder(sessionId);
      if (this.answerers.claim(sessionId, client, force) && before !== client) this.announceAnswerer(sessionId);
      if (!client.subs.has(sessionId) || this.answerers.holder(sessionId) !== client) this.sendTo(client, this.answererMessage(sessionId, client));
    },
    traceContext: (sessionId, traceId) => this.sessions.owned(sessionId).noteTraceContext(traceId),
    httpProbe: (sessionId, spec, origin) => this.sessions.owned(sessionId).httpProbe(spec, origin),
    reply: (client, msg) => this.sendTo(client, msg),
  };

  /** Writes a page's frame to its session's server; the page hears of it with the echo, or a `sent` (send-acks.ts). */
  private send(client: Client, msg: PageSend, ref: string | undefined): void {
    const bytes = msg.b64 !== undefined ? Buffer.from(msg.b64, 'base64') : Buffer.from(msg.text, 'utf8');
    const sent = this.acks.write(client, msg.sessionId, ref, () => this.sessions.owned(msg.sessionId).send(bytes, msg.origin));
    // Held: it leaves with the reply, in the same write (held-traffic.ts).
    if (sent !== null) this.holding.hold(client, sent);
  }

  private subscribe(client: Client, sessionId: string, afterSeq: number, head?: number, tail?: number): void {
    if (!this.sessions.exists(sessionId)) {
      this.sendTo(client, { type: 'error', code: 'NOT_FOUND', message: `no session ${sessionId}` });
      return;
    }
    const before = client.subs.get(sessionId);
    if (before) this.acks.dropped(client, before);
    const sub = newSubscription(sessionId, afterSeq);
    if (tail !== undefined) {
      const lastSeq = this.sessions.info(sessionId).lastSeq;
      const skipFrom = Math.max(afterSeq, head ?? 0);
      const skipTo = lastSeq - tail;
      if (skipTo > skipFrom) Object.assign(sub, { skipFrom, skipTo });
    }
    client.subs.set(sessionId, sub);
    this.sendTo(client, { type: 'session', session: this.sessions.info(sessionId) });
    this.sendTo(client, this.answererMessage(sessionId, client));
    this.replay(client, sub);
  }

  /** Sends stored frames after sub.lastSent chunk by chunk, pausing while the socket is full, then goes live. */
  private replay(client: Client, sub: Subscription): void {
    if (client.subs.get(sub.sessionId) !== sub || !this.clients.has(client)) return;
    if (client.ws.bufferedAmount > this.high) {
      setTimeout(() => this.replay(client, sub), 20);
      return;
    }
    if (sub.skipFrom !== undefined && sub.skipTo !== undefined && sub.lastSent >= sub.skipFrom && sub.lastSent < sub.skipTo) sub.lastSent = sub.skipTo;
    const limit = sub.skipFrom !== undefined && sub.lastSent < sub.skipFrom ? Math.min(this.chunk, sub.skipFrom - sub.lastSent) : this.chunk;
    const frames = this.sessions.recorder.readFrames(sub.sessionId, sub.lastSent, limit);
    if (frames.length > 0) {
      sub.lastSent = frames[frames.length - 1]!.seq;
      // One message a chunk: read from the store together, they are all alive at once anyway, and the page takes
      // fewer, larger messages of history faster (live frames go in messages of about 32K characters, frame-messages.ts).
      if (client.ws.readyState === client.ws.OPEN) client.ws.send(utf8Bytes(packFrames(sub.sessionId, frames)), { binary: false });
      setImmediate(() => this.replay(client, sub));
      return;
    }
    // Nothing left on disk: from here on, frames are pushed as they happen (readFrames flushed the recorder,
    // and frames are recorded synchronously, so none can fall between the read and this switch).
    sub.mode = 'live';
    this.sendTo(client, { type: 'synced', sessionId: sub.sessionId, seq: sub.lastSent });
  }

  /** Whether some client follows the session live (a replaying one reads the store itself). */
  private following(sessionId: string): boolean {
    for (const c of this.clients) if (c.subs.get(sessionId)?.mode === 'live') return true;
    return false;
  }

  private publish(sessionId: string, frame: FrameRecord): void {
    for (const client of this.clients) {
      const sub = client.subs.get(sessionId);
      if (sub?.mode !== 'live') continue;
      // A session recorded by another process (a tap) is read back from the store: its replay may already have sent this.
      if (frame.seq <= (sub.queue.at(-1)?.seq ?? sub.lastSent)) continue;
      sub.queue.push(frame);
      sub.queuedChars += frame.text.length;
      this.acks.queued(client, sessionId, sub, frame);
      // Forward first: a frame from the server after a quiet spell (no frame of its in this tick or the last: a
      // reply, at a request's pace) goes at once, not at the tick's end behind the rest of the tick's I/O, and takes
      // the page's held traffic with it (the request's 'sent' and echo: one write). A busy server's frames wait for
      // the flush as before (sent early too, one message each, several requests in flight measured slower), and a
      // flood still goes in messages of MESSAGE_TEXT_CHARS.
      if (frame.dir === 'in') {
        const quiet = sub.lastInFlush < this.flushes - 1;
        sub.lastInFlush = this.flushes;
        if (quiet) {
          this.sendQueued(client, sub);
          // A tick of its own: the server's next frame in this tick or the next is a burst's, and waits for the flush.
          this.flushes++;
          continue;
        }
      }
      // The page's own frames (and any other client's) wait for company, as its 'sent' answers do; they count as a
      // flush, so that the reply finds the server's side quiet. Counted here when nothing waits for the tick's end (one
      // request in flight): a turn of the loop of its own for the count (setImmediate) was one more poll of the event
      // loop a round trip (strace, docs/performance.md "Relay latency, round 4"). With a flush to come (a busy tick),
      // that flush counts, as before, so that a burst of replies still goes in the tick's messages.
      if (frame.dir === 'out' && sub.queuedChars < MESSAGE_TEXT_CHARS) {
        this.holding.hold(client);
        if (this.flushScheduled) continue;
        if (this.dirty.size === 0) this.flushes++;
        else this.scheduleFlush();
        continue;
      }
      // A message's worth goes now rather than at the end of the tick, which in a flood holds thousands of frames
      // (libuv reads the pipe many times a tick): frames kept that long survive V8's young-generation collections,
      // which copy every survivor and promote it to the old generation, measured as a third of the relay's CPU.
      if (sub.queuedChars >= MESSAGE_TEXT_CHARS) this.sendQueued(client, sub);
      else this.dirty.add(client);
    }
    if (this.dirty.size > 0) this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** The frames every subscription queued this tick, the last of them (and the tick's encodings forgotten). */
  private flush(): void {
    this.flushScheduled = false;
    for (const client of this.dirty) this.sendAll(client);
    this.dirty.clear();
    this.encoded.clear();
    this.flushes++;
  }

  /**
   * Everything a client holds and has queued, in one write: its held 'sent' answers first (a page hears of its request
   * before its reply), then each subscription's frames.
   */
  private sendAll(client: Client): void {
    corked(client.socket, () => {
      const held = this.holding.take(client);
      if (client.ws.readyState === client.ws.OPEN) for (const text of held) client.ws.send(text);
      for (const sub of client.subs.values()) this.sendQueued(client, sub);
    });
  }

  /**
   * A subscription's queued frames in a few messages (frame-messages.ts). Every live subscriber of a session queues the
   * same frames in the same order, so each run is serialized once for all of them (`encoded`, kept for the tick).
   */
  private sendQueued(client: Client, sub: Subscription): void {
    if (this.holding.has(client)) return this.sendAll(client);
    if (sub.queue.length === 0) return;
    const frames = sub.queue;
    sub.queue = [];
    sub.queuedChars = 0;
    if (client.ws.bufferedAmount > this.high) {
      // Too far behind: drop the queue and let replay fetch these frames from disk when the socket drains.
      this.acks.dropped(client, sub);
      sub.mode = 'replay';
      setTimeout(() => this.replay(client, sub), 20);
      return;
    }
    sub.lastSent = frames[frames.length - 1]!.seq;
    const acks = this.acks.take(sub);
    // Answers to this page's sends make the bytes its own: encoded for it alone, never reused for another page.
    const messages = acks !== null ? encodeFrames(sub.sessionId, frames, acks) : this.sharedEncoding(sub.sessionId, frames);
    // Bytes sent as text messages: a string would be measured then encoded again for every socket.
    if (client.ws.readyState === client.ws.OPEN) for (const m of messages) client.ws.send(m, { binary: false });
  }

  /** A session's queued frames as messages, serialized once for every page that queued the same run this tick. */
  private sharedEncoding(sessionId: string, frames: FrameRecord[]): Buffer[] {
    // Same first frame and length means the same frames: a subscriber that went live mid-tick holds a suffix.
    const run = this.encoded.get(sessionId);
    if (run !== undefined && run.first === frames[0] && run.length === frames.length) return run.messages;
    const messages = encodeFrames(sessionId, frames);
    // Kept for the tick when another page may want the same run; the tick's end forgets the encodings, whether or not
    // anything else is left to send. One page (the usual case) keeps nothing, and costs no turn of the loop for it.
    if (this.clients.size > 1) {
      this.encoded.set(sessionId, { first: frames[0]!, length: frames.length, messages });
      this.scheduleFlush();
    }
    return messages;
  }

  /** Tells every subscriber of the session who answers its server's requests now. */
  private announceAnswerer(sessionId: string): void {
    for (const c of this.clients) {
      if (c.subs.has(sessionId)) this.sendTo(c, this.answererMessage(sessionId, c));
    }
  }

  private answererMessage(sessionId: string, client: Client): RelayServerMessage {
    const holder = this.answerers.holder(sessionId);
    return { type: 'answerer', sessionId, holder: holder === undefined ? 'none' : holder === client ? 'you' : 'other' };
  }

  /** A message for every socket subscribed to the session (a model reply streaming into the Chat tab). */
  toSubscribers(sessionId: string, msg: RelayServerMessage): void {
    for (const c of this.clients) if (c.subs.has(sessionId)) this.sendTo(c, msg);
  }

  private broadcastSession(info: SessionInfo): void {
    for (const c of this.clients) this.sendTo(c, { type: 'session', session: info });
  }

  private sendTo(client: Client, msg: RelayServerMessage): void {
    const send = () => client.ws.readyState === client.ws.OPEN && client.ws.send(JSON.stringify(msg));
    // What the client holds goes first, in the same write.
    if (this.holding.has(client))
      corked(client.socket, () => {
        this.sendAll(client);
        send();
      });
    else send();
  }
}
