// Creates, finds and ends sessions; live ones hold a transport, past ones are read back from the recorder.
import { Listeners } from '../../shared/listeners.js';
import type { CreateSessionBody, FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { envError } from '../../shared/trust/env-names.js';
import { RelayError } from '../errors.js';
import { now } from '../store/clock.js';
import { newStoredSession } from '../store/new-session.js';
import type { Recorder, StoredSession } from '../store/recorder.js';
import { SessionArchive } from '../store/archive/session-archive.js';
import { runsElsewhere } from './other-relay.js';
import { FrameWindowReader } from '../store/recorder-window.js';
import { Session } from './session.js';
import { newSessionId } from '../core/session-naming.js';
import { TapWatcher } from '../tap/tap-watcher.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import type { RelayOAuth } from '../oauth/relay-oauth.js';
import type { RecipeTrust } from '../trust/recipe-trust.js';

export interface SessionManagerOptions {
  recorder: Recorder;
  maxLineBytes: number;
  graceMs: number;
  /** Which recipes from files may run; every session's spawn or connection goes past it. */
  trust: RecipeTrust;
  /** Runs the OAuth flows of remote sessions (server/oauth/relay-oauth.ts). */
  oauth?: RelayOAuth;
}

type Listener = {
  frame(sessionId: string, frame: FrameRecord): void;
  session(info: SessionInfo): void;
  /** Whether anyone follows the session live now; frames nobody follows are left on disk for a later replay. */
  following?(sessionId: string): boolean;
};

/** What the relay's own features (profiles, replay) add to a session they create; the HTTP body cannot set these. */
export interface CreateExtras {
  /** Sees every frame of this session as it is recorded (replay waits on answers with it). */
  tap?: (frame: FrameRecord) => void;
  /** Env vars whose values are secret: masked in the stored target like header values. */
  secretEnv?: readonly string[];
  /**
   * Where a recipe that nobody typed here came from, in words (`the imported bundle "x"`): such a recipe starts only
   * once its exact form was confirmed. Without it the recipe counts as typed here, and is remembered as allowed.
   */
  recipeFrom?: string;
  /** The saved profile the session connects: its OAuth tokens are that profile's own (server/oauth/token-store.ts). */
  profileId?: string;
  /**
   * The session a tool made this one for (the fault lab's scratch connection, a replay): every news of it says so
   * from the first, before the tool writes the link to the archive, so the page never lists it as a session of its own.
   */
  scratchFor?: string;
}

export class SessionManager {
  private readonly owning = new Map<string, Session>();
  /** The targets as given, secrets included, of sessions this run started: exports use them to find those secrets. */
  private readonly givenTargets = new Map<string, Target>();
  private listener: Listener = { frame: () => {}, session: () => {} };
  private readonly watchers = new Listeners<[SessionInfo]>();
  private readonly frameWatchers = new Listeners<[string, FrameRecord]>();
  /** Sessions that taps record into this store, from other processes: read-only here, live while their tap runs. */
  private readonly taps: TapWatcher;
  /** Which sessions a tool made for another (session_meta.scratch_for): every SessionInfo the relay hands out says so. */
  private readonly archive: SessionArchive;
  /** The same link for sessions of this run, known from their creation (CreateExtras.scratchFor). */
  private readonly madeFor = new Map<string, string>();

  constructor(private readonly opts: SessionManagerOptions) {
    this.archive = new SessionArchive(opts.recorder.db);
    this.taps = new TapWatcher({
      recorder: opts.recorder,
      frame: (sid, f) => this.publishFrame(sid, f),
      session: (info) => this.changed(info),
      following: (sid) => this.listener.following?.(sid) ?? false,
    });
    // A relay that died mid-session left rows that say 'running'; they are not, any more. Tapped sessions belong to
    // their taps, which may well be running (the watcher notices the ones that are not). Their frame count was saved
    // with the session's last status change, long before the crash: the frames themselves say how many there are.
    // A session another relay on the same data dir is running is left alone: it is running, in that relay.
    const reader = new FrameWindowReader(opts.recorder.db);
    for (const s of opts.recorder.listSessions()) {
      if (this.taps.isTap(s.id) || runsElsewhere(s, opts.recorder.dataDir)) continue;
      if (s.status === 'running' || s.status === 'starting' || s.status === 'stdout-closed') {
        opts.recorder.saveSession({ ...s, status: 'stopped', endedAt: s.endedAt ?? now(), lastSeq: Math.max(s.lastSeq, reader.lastSeq(s.id)) });
      }
    }
  }

  get recorder(): Recorder {
    return this.opts.recorder;
  }

  get trust(): RecipeTrust {
    return this.opts.trust;
  }

  /** Also told of every session change, after the listener (the inspector's --otlp exports a session when it ends). */
  watch(fn: (info: SessionInfo) => void): () => void {
    return this.watchers.add(fn);
  }

  /** Also told of every frame of every session, after the listener (the inspector's --otlp sends each exchange's span as it ends). */
  watchFrames(fn: (sessionId: string, frame: FrameRecord) => void): () => void {
    return this.frameWatchers.add(fn);
  }

  private publishFrame(sessionId: string, frame: FrameRecord): void {
    this.listener.frame(sessionId, frame);
    if (this.frameWatchers.size > 0) this.frameWatchers.emit(sessionId, frame);
  }

  private changed(given: SessionInfo): void {
    const info = this.marked(given);
    this.listener.session(info);
    this.watchers.emit(info);
  }

  /** The info with the session it was made for, if a tool made it (the lab, a check, a replay…). */
  private marked(info: SessionInfo, parents?: ReadonlyMap<string, string>): SessionInfo {
    const parent = this.madeFor.get(info.id) ?? (parents ? (parents.get(info.id) ?? null) : this.archive.meta(info.id).scratchFor);
    return parent === null ? info : { ...info, scratchFor: parent };
  }

  setListener(l: Listener): void {
    this.listener = l;
  }

  /** Starts showing tapped sessions live (the CLI's relay does; in-process tests need not). */
  watchTaps(): void {
    this.taps.start();
  }

  async create(body: CreateSessionBody, extras: CreateExtras = {}): Promise<Session> {
    const t = body.target;
    // Every way a recipe reaches a session passes here (a body, a profile, a replay of an old recording, the launch).
    if (t.transport === 'stdio') {
      const badEnv = envError(t.env);
      if (badEnv !== null) throw new RelayError('BAD_REQUEST', badEnv);
    }
    // Before anything is spawned or sent: a recipe from a file, stdio or remote, passes only once confirmed.
    if (extras.recipeFrom !== undefined) this.opts.trust.require(t, extras.recipeFrom, extras.secretEnv);
    else this.opts.trust.allow(t, 'typed');
    const tap = extras.tap;
    const id = newSessionId();
    if (extras.scratchFor !== undefined) this.madeFor.set(id, extras.scratchFor);
    const oauth = this.opts.oauth;
    // Secrets stay in memory with the live session; what is stored, named and shown has them masked.
    const stored = storedTarget(t, extras.secretEnv ?? []);
    const session = new Session(
      {
        recorder: this.opts.recorder,
        publish: (sid, f) => {
          tap?.(f);
          this.publishFrame(sid, f);
        },
        onChange: (info) => this.changed(info),
        maxLineBytes: this.opts.maxLineBytes,
        graceMs: this.opts.graceMs,
        ...(oauth ? { oauth: oauth.forSession(id, extras.profileId), onStopped: () => oauth.cancel(id, 'the session stopped') } : {}),
      },
      newStoredSession({ id, name: body.name ?? sessionName(stored), target: stored, protocolVersion: body.protocolVersion, status: 'starting' }),
      body.handshake,
      t,
    );
    this.owning.set(session.id, session);
    this.givenTargets.set(session.id, t);
    await session.start();
    return session;
  }

  /** What the relay's own features that record sessions from frames made elsewhere (check runs) publish through. */
  get publisher(): { session(s: StoredSession): void; frame(id: string, f: FrameRecord): void } {
    return { session: (stored) => this.changed(this.pastInfo(stored)), frame: (id, f) => this.publishFrame(id, f) };
  }

  /** A session this relay run started (running or not: it can send, restart, stop), or a 404 / 409 that says why not. */
  owned(id: string): Session {
    const s = this.owning.get(id);
    if (s) return s;
    if (this.taps.isTap(id)) throw new RelayError('SESSION_NOT_LIVE', 'this session is tapped: the host that runs it owns it, so it is read-only here');
    const stored = this.opts.recorder.getSession(id);
    if (stored && runsElsewhere(stored, this.opts.recorder.dataDir))
      throw new RelayError('SESSION_NOT_LIVE', 'another relay on this data dir runs this session; it is read-only here');
    if (stored) throw new RelayError('SESSION_NOT_LIVE', 'this session was recorded by an earlier relay run; it is read-only');
    throw new RelayError('NOT_FOUND', `no session ${id}`);
  }

  info(id: string): SessionInfo {
    const s = this.owning.get(id);
    if (s) return this.marked(s.info());
    const stored = this.opts.recorder.getSession(id);
    if (!stored) throw new RelayError('NOT_FOUND', `no session ${id}`);
    return this.marked(this.pastInfo(stored));
  }

  list(): SessionInfo[] {
    const parents = this.archive.scratchParents();
    return this.opts.recorder.listSessions().map((s) => this.marked(this.owning.get(s.id)?.info() ?? this.pastInfo(s), parents));
  }

  /** A session this run does not own: recorded earlier, imported, or tapped (whose row's lastSeq lags its frames). */
  private pastInfo(s: StoredSession): SessionInfo {
    if (!this.taps.isTap(s.id))
      return { ...s, live: false, handshakePending: false, ...(runsElsewhere(s, this.opts.recorder.dataDir) ? { elsewhere: true } : {}) };
    return { ...s, lastSeq: Math.max(s.lastSeq, this.taps.lastSeq(s.id)), live: false, handshakePending: false, tapped: true };
  }

  exists(id: string): boolean {
    return this.owning.has(id) || this.opts.recorder.getSession(id) !== null;
  }

  /** The target a session of this run was started with, unmasked; null for sessions of earlier runs. */
  givenTarget(id: string): Target | null {
    return this.givenTargets.get(id) ?? null;
  }

  /** Renames a session; a live one keeps the new name through its later status updates. */
  rename(id: string, name: string): SessionInfo {
    const owned = this.owning.get(id);
    if (owned) {
      owned.rename(name);
      return owned.info();
    }
    const stored = this.opts.recorder.getSession(id);
    if (!stored) throw new RelayError('NOT_FOUND', `no session ${id}`);
    this.opts.recorder.saveSession({ ...stored, name });
    const info = this.info(id);
    this.changed(info);
    return info;
  }

  /** Forgets a session that is not running, then lets `purge` delete its rows; a running one must be stopped first. */
  remove(id: string, purge: () => void): void {
    if (!this.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    if (this.owning.get(id)?.live) throw new RelayError('CONFLICT', 'the session is running; stop it before deleting it');
    if (this.taps.isTap(id) && this.opts.recorder.getSession(id)?.status === 'running') {
      throw new RelayError('CONFLICT', 'the session is tapped and its server is running; it can be deleted once the host stops it');
    }
    this.owning.delete(id);
    this.givenTargets.delete(id);
    this.madeFor.delete(id);
    this.opts.recorder.flush();
    purge();
  }

  async stopAll(reason: string): Promise<void> {
    this.taps.stop();
    await Promise.all([...this.owning.values()].map((s) => s.stop(reason)));
  }
}
