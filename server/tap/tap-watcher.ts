// Shows the sessions that taps record into this inspector's store as they happen: polls the store for their new frames
// and status changes and publishes them the way the relay's own sessions publish theirs (the hub fans them out).
import type Database from 'better-sqlite3';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import type { Recorder } from '../store/recorder.js';

export interface TapWatcherDeps {
  recorder: Recorder;
  frame(sessionId: string, frame: FrameRecord): void;
  session(info: SessionInfo): void;
  /** Whether anyone follows the session live: frames nobody follows are not read (a subscriber replays them from disk). */
  following(sessionId: string): boolean;
}

/** How often the store is asked; a tap commits within its recorder's 10 ms, so frames show about this late. */
const TAP_POLL_MS = 100;
/** A tapped session whose server process has been gone this long without the tap saying so: its tap was killed. */
const DEAD_AFTER_MS = 5000;
/** How long after a tapped session ends it is still read: its last frames and final status arrive in that time. */
const TAIL_MS = 60_000;
/** How often a growing session's frame count is announced (frames themselves go out on every poll). */
const ANNOUNCE_MS = 1000;
const READ_CHUNK = 2000;

interface Seen {
  seq: number;
  status: string;
  endedAt: number | null;
  protocolVersion: string;
  announcedAt: number;
  announcedSeq: number;
  deadSince: number | null;
}

interface Row {
  id: string;
  status: string;
  ended_at: number | null;
  pid: number | null;
  protocol_version: string;
  max_seq: number | null;
}

export class TapWatcher {
  /** Every tapped session in the store, live or not. */
  private readonly ids = new Set<string>();
  private readonly seen = new Map<string, Seen>();
  private readonly select: Database.Statement;
  private readonly markDead: Database.Statement;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: TapWatcherDeps) {
    const db = deps.recorder.db;
    for (const id of db.prepare("SELECT session_id FROM session_meta WHERE origin = 'tap'").pluck().all() as string[]) this.ids.add(id);
    this.select = db.prepare(
      `SELECT s.id, s.status, s.ended_at, s.pid, s.protocol_version, (SELECT MAX(f.seq) FROM frames f WHERE f.sk = k.sk) AS max_seq
       FROM session_meta m JOIN sessions s ON s.id = m.session_id LEFT JOIN session_keys k ON k.id = s.id
       WHERE m.origin = 'tap' AND (s.ended_at IS NULL OR s.ended_at > ?)`,
    );
    this.markDead = db.prepare("UPDATE sessions SET status = 'stopped', ended_at = ? WHERE id = ? AND status IN ('starting', 'running', 'stdout-closed')");
    // What is in the store now is served from disk to whoever subscribes; only what comes after is published.
    for (const r of this.rows()) this.seen.set(r.id, seenOf(r, r.max_seq ?? 0));
  }

  isTap(id: string): boolean {
    return this.ids.has(id);
  }

  /** The last frame the watcher has read of a tapped session (the stored row's lastSeq lags behind a live tap). */
  lastSeq(id: string): number {
    return this.seen.get(id)?.seq ?? 0;
  }

  start(): void {
    this.timer ??= setInterval(() => this.poll(), TAP_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  poll(): void {
    try {
      for (const r of this.rows()) this.update(r);
    } catch (err) {
      // A busy or damaged store must not take the inspector down; the next poll tries again.
      console.error(`mcpscope: reading tapped sessions failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private rows(): Row[] {
    return this.select.all(Date.now() - TAIL_MS) as Row[];
  }

  private update(r: Row): void {
    let s = this.seen.get(r.id);
    if (!s) {
      // A tap that started after the inspector: every frame of it is new.
      this.ids.add(r.id);
      s = { ...seenOf(r, 0), announcedAt: 0, announcedSeq: -1 };
      this.seen.set(r.id, s);
    }
    const max = r.max_seq ?? 0;
    // Nobody follows it live: its frames stay on disk, where a subscriber's replay reads them, and the hub drops
    // whatever a later poll publishes that the replay already sent.
    if (!this.deps.following(r.id)) s.seq = max;
    while (s.seq < max) {
      const frames = this.deps.recorder.readFrames(r.id, s.seq, READ_CHUNK);
      if (frames.length === 0) break;
      for (const f of frames) this.deps.frame(r.id, f);
      s.seq = frames[frames.length - 1]!.seq;
    }
    this.checkAlive(r, s);
    const now = Date.now();
    const changed = r.status !== s.status || r.ended_at !== s.endedAt || r.protocol_version !== s.protocolVersion;
    if (changed || (s.announcedAt < now - ANNOUNCE_MS && s.seq !== s.announcedSeq)) {
      Object.assign(s, { status: r.status, endedAt: r.ended_at, protocolVersion: r.protocol_version, announcedAt: now, announcedSeq: s.seq });
      const stored = this.deps.recorder.getSession(r.id);
      if (stored) this.deps.session({ ...stored, lastSeq: Math.max(stored.lastSeq, s.seq), live: false, handshakePending: false, tapped: true });
    }
  }

  /** A tap killed outright (SIGKILL) leaves its session 'running'; once its server is gone too, the row says stopped. */
  private checkAlive(r: Row, s: Seen): void {
    if (r.pid === null || (r.status !== 'running' && r.status !== 'starting')) return;
    if (pidAlive(r.pid)) {
      s.deadSince = null;
      return;
    }
    s.deadSince ??= Date.now();
    if (Date.now() - s.deadSince > DEAD_AFTER_MS) this.markDead.run(Date.now(), r.id);
  }
}

function seenOf(r: Row, seq: number): Seen {
  return { seq, status: r.status, endedAt: r.ended_at, protocolVersion: r.protocol_version, announcedAt: Date.now(), announcedSeq: seq, deadSince: null };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
