// One client engine per session, sending through the relay socket and fed by every frame the store accepts.
import { ClientEngine } from '../../../shared/engine/index.js';
import { HttpAnswerEventSchema } from '../../../shared/http-answer.js';
import { idKey, isPlainObject } from '../../../shared/jsonrpc.js';
import type { AnswererHolder, SessionInfo } from '../../../shared/relay-protocol.js';
import { eventName, type FrameEntry } from '../log/frame-entry.js';
import type { RelaySocket } from '../relay/relay-socket.js';
import { rootsKey } from '../server-requests/roots-storage.js';
import { ServerRequestInbox } from '../server-requests/server-request-inbox.js';
import type { SamplingModelAnswer } from '../model/sampling-by-model.js';
import { authWaitFromEvent } from '../../../shared/oauth/auth-wait.js';

export class EngineRegistry {
  private readonly engines = new Map<string, ClientEngine>();
  private readonly inboxes = new Map<string, ServerRequestInbox>();
  private readonly holders = new Map<string, AnswererHolder>();
  /** The last seq fed to each session's engine, to notice a gap in the history. */
  private readonly fedSeq = new Map<string, number>();
  /** server/discover requests seen on the wire, per session, by id: their answers set the engine's modern session. */
  private readonly discovers = new Map<string, Map<string, unknown>>();
  /** The latest incoming message per session, for an http-answer event naming it as the answer to its POST's requests. */
  private readonly lastIncoming = new Map<string, { seq: number; value: unknown }>();

  /** `askModel`: how a session's sampling request is answered by the configured model (absent in a share file's viewer). */
  constructor(
    private readonly socket: RelaySocket,
    private readonly askModel: SamplingModelAnswer | null = null,
  ) {
    // The relay drops a closed socket's claims; until this tab claims again on the new socket, it must not answer.
    socket.subscribeState(() => {
      if (socket.getState() !== 'closed') return;
      for (const sessionId of this.holders.keys()) this.setAnswerer(sessionId, 'none');
    });
  }

  get(sessionId: string): ClientEngine {
    let engine = this.engines.get(sessionId);
    if (!engine) {
      engine = new ClientEngine({ send: (text, origin) => this.socket.send(sessionId, text, origin) });
      this.engines.set(sessionId, engine);
      const ask = this.askModel;
      const sampler = ask ? (params: unknown) => ask(sessionId, params) : null;
      this.inboxes.set(sessionId, new ServerRequestInbox(engine, () => this.claimAnswering(sessionId), sampler));
    }
    return engine;
  }

  /** The session's requests from the server, pending and answered, as this tab sees them. */
  inbox(sessionId: string): ServerRequestInbox {
    this.get(sessionId);
    return this.inboxes.get(sessionId)!;
  }

  /**
   * Called once this tab has won the session's handshake claim (after history was synced), or when the user asks to
   * answer here: takes the relay's answerer claim by force and answers at once (the relay confirms with 'you').
   */
  claimAnswering(sessionId: string): void {
    this.socket.claimAnswerer(sessionId, true);
    this.setAnswerer(sessionId, 'you');
  }

  /**
   * The relay said who answers. Only 'you' answers, and only from now on: requests replayed from history were fed
   * before any claim (claims are made after 'synced'), so none is ever answered twice.
   */
  setAnswerer(sessionId: string, holder: AnswererHolder): void {
    this.holders.set(sessionId, holder);
    this.get(sessionId).answerServerRequests(holder === 'you');
    this.inbox(sessionId).setAnswerer(holder);
    // Nobody answers (the holder's tab was closed or reloaded): take over once this tab has seen the whole history.
    if (holder === 'none' && this.socket.isSynced(sessionId)) this.socket.claimAnswerer(sessionId, false);
  }

  /**
   * Session info from the relay: its target says which saved roots the session starts with, and a live session whose
   * handshake nobody claimed yet will get one, so panel requests wait for it rather than race it.
   */
  noteSession(session: SessionInfo): void {
    this.inbox(session.id).useRootsKey(rootsKey(session.target));
    if (session.live && session.handshakePending) this.get(session.id).lifecycle.expect(true);
  }

  /** The session's history reached this tab: if nobody answers its server's requests, this tab offers to. */
  synced(sessionId: string): void {
    if ((this.holders.get(sessionId) ?? 'none') === 'none') this.socket.claimAnswerer(sessionId, false);
  }

  /**
   * Outgoing frames reserve their ids even when another tab (or an earlier load of this one) sent them,
   * so the ids this tab hands out never collide with ones already on the wire.
   */
  feed(sessionId: string, entries: readonly FrameEntry[]): void {
    const engine = this.get(sessionId);
    for (const entry of entries) {
      const last = this.fedSeq.get(sessionId) ?? 0;
      // A windowed history skips frames: an answer to a request seen before the gap may be among them.
      if (entry.frame.seq > last + 1 && last > 0) engine.forgetWaitingServerRequests();
      this.fedSeq.set(sessionId, entry.frame.seq);
      if (entry.frame.dir === 'out') {
        engine.noteOutgoingValue(entry.value, entry.frame.origin);
        this.noteDiscover(sessionId, entry.value);
      } else if (entry.frame.dir === 'relay' && entry.frame.kind === 'event') {
        // A person approving an OAuth authorization is no server's slowness: nothing times out meanwhile.
        const wait = authWaitFromEvent(entry.frame.text);
        if (wait !== null) engine.holdTimeouts(wait);
      } else if (entry.frame.dir === 'in') {
        engine.receiveValue(entry.value);
        this.lastIncoming.set(sessionId, { seq: entry.frame.seq, value: entry.value });
        this.adoptDiscovered(sessionId, engine, entry.value);
      } else if (eventName(entry) === 'spawned' || eventName(entry) === 'session-expired') {
        // A new process, or a server that forgot the session: what was negotiated is gone, a new handshake is due.
        engine.lifecycle.restart();
      } else if (eventName(entry) === 'http-answer') {
        const ev = HttpAnswerEventSchema.safeParse(entry.value);
        const named = ev.success && ev.data.seq !== undefined ? this.lastIncoming.get(sessionId) : undefined;
        if (ev.success) engine.settleFromTransport(ev.data, named && named.seq === ev.data.seq && isPlainObject(named.value) ? named.value : undefined);
      } else if (isEnd(eventName(entry))) {
        this.discovers.delete(sessionId);
        // A remote connection ends with `disconnected`: its pending requests can no more be answered than a dead process's.
        engine.close(END_REASONS[eventName(entry)!] ?? 'the connection to the server ended');
        // The answerer claim outlives the process (a restart keeps the same tab answering, unless another tab's
        // handshake takes it over); only the requests the old process was waiting on are abandoned.
        this.inboxes.get(sessionId)?.abandonAll();
      }
    }
  }

  private noteDiscover(sessionId: string, value: unknown): void {
    if (!isPlainObject(value) || value.method !== 'server/discover' || idKey(value.id) === null) return;
    let byId = this.discovers.get(sessionId);
    if (!byId) this.discovers.set(sessionId, (byId = new Map()));
    byId.set(idKey(value.id)!, value.params);
  }

  /**
   * A server/discover answered with a result, whoever sent it (an earlier load of this page, another tab): requests
   * from this tab then carry the same 2026 `_meta` keys. The engine's own connect() sets the same connection itself.
   */
  private adoptDiscovered(sessionId: string, engine: ClientEngine, value: unknown): void {
    const byId = this.discovers.get(sessionId);
    if (!byId || !isPlainObject(value) || !isPlainObject(value.result)) return;
    const key = idKey(value.id);
    if (key === null || !byId.has(key)) return;
    const params = byId.get(key);
    byId.delete(key);
    engine.adoptDiscovery(params, value.result);
  }
}

/** Events after which nothing the server sends can arrive, and how a pending request says so. */
const END_REASONS: Record<string, string> = {
  exited: 'the server process exited',
  disconnected: 'the connection to the server ended',
  'stdout-closed': 'the server closed its stdout, so no answer can arrive',
};

function isEnd(event: string | null): boolean {
  return event !== null && event in END_REASONS;
}
