// Stores sessions and every frame in SQLite (WAL), batching inserts so a flood of frames costs few transactions, and
// making them on a writer thread when the store is a file.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { isFrameOrigin } from '../../shared/frame-origin.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { BackgroundHold } from './background-hold.js';
import { configure, migrate, synced } from './recorder-schema.js';
import { FrameBatch } from './frame-batch.js';
import { FrameWriter } from './frame-writer.js';
import { FrameWriterThread, type WriterThreadOptions } from './frame-writer-thread.js';
import { tightenDataDir, touchPrivateFile } from '../private-files.js';
import { sessionKey } from './session-keys.js';
import { withSqliteAddon } from './sqlite-addon.js';

export interface StoredSession {
  id: string;
  name: string;
  target: Target;
  protocolVersion: string;
  startedAt: number;
  endedAt: number | null;
  status: SessionInfo['status'];
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  lastSeq: number;
}

export interface FrameRow {
  /** The session's key (session-keys.ts). */
  sk: number;
  seq: number;
  ts: number;
  dir: FrameRecord['dir'];
  kind: FrameRecord['kind'];
  text: string;
  size: number;
  method: string | null;
  rpc_id: string | null;
  raw: Buffer | null;
  /** Null for server frames and for recordings made before origins were kept. */
  origin?: string | null;
}

interface SessionRow {
  id: string;
  name: string;
  target: string;
  protocol_version: string;
  started_at: number;
  ended_at: number | null;
  status: SessionInfo['status'];
  pid: number | null;
  exit_code: number | null;
  signal: string | null;
  last_seq: number;
}

const FLUSH_AT = 2000;
/**
 * How long frames wait to be handed to the writer thread. Batching over a few ms, not one transaction a tick, halved the
 * relay's added p99 latency (bench/relay-overhead). Each hand-off wakes the writer, whose turn on a 2-core machine can
 * land between a request and its reply: at one request in flight (a round trip of about 0.1 ms through the relay on a
 * quiet machine) 10 ms put one round trip in 100 next to it, right at the p99; 20 ms makes it one in 200 (0.5%). Not
 * longer: another process reading the store (a tap, a second relay) waits for this, and a crash loses it (50 ms was
 * tried and left, docs/performance.md "Relay latency, round 4").
 */
const FLUSH_AFTER_MS = 20;
/** Frames in one batch that make it a flood's: 100 in 20 ms, 5,000 frames/s, far above any conversation. */
const FLOOD_BATCH = 100;
/**
 * Frames written on the relay's own thread before the writer thread starts anyway. A thread costs ~0.1 s of CPU to
 * start (a Node bootstrap, its modules, its SQLite connection), a relay the tests start with a few dozen frames never
 * needs it, and those few frames cost this thread microseconds each; a flood's first batch, a full batch or a long
 * conversation start it (docs/performance.md, "Start, round 6").
 */
const INLINE_FRAMES = 5_000;

export interface RecorderOptions {
  /** The writer thread's compiled module; a test running from source points it at the build. */
  writerUrl?: URL;
  /** Write on the caller's thread even to a file: the caller is a thread of its own already (a tap's recorder). */
  inline?: boolean;
  /** Frames per transaction at most (default FLUSH_AT): smaller transactions hold the store's write lock for less time. */
  flushAt?: number;
  /** How long a write waits for another process's write lock before it fails (default: better-sqlite3's 5 s). */
  busyTimeoutMs?: number;
  /** How long without frames before the writer gives back a flood's memory (frame-writer-thread.ts; a test shortens it). */
  writerQuietMs?: number;
}

export class Recorder {
  readonly db: Database.Database;
  /** Frames not yet handed to the writer (frame-batch.ts). */
  private pending = new FrameBatch();
  private flushScheduled = false;
  private readonly writer: FrameWriter;
  private readonly flushAt: number;
  /**
   * Inserts on a thread of their own when the store is a file, started with the first flood (INLINE_FRAMES); null
   * until then, and for an in-memory store (tests) or a caller on a thread of its own: written here.
   */
  private thread: FrameWriterThread | null = null;
  /** How the thread starts, or null when this recorder never starts one (`inline`, in memory, or the start found no worker file). */
  private threadOptions: WriterThreadOptions | null;
  /** Frames written here while there was no thread yet. */
  private inlineFrames = 0;
  private readonly upsertSession: Database.Statement;
  private readonly selectSessions: Database.Statement;
  private readonly selectSession: Database.Statement;
  private readonly selectFrames: Database.Statement;

  /** `dataDir` null keeps everything in memory (tests). */
  constructor(
    readonly dataDir: string | null,
    opts: RecorderOptions = {},
  ) {
    let fresh = false;
    if (dataDir) {
      // The store holds every session's traffic: the directory is 0700 and the file 0600 before SQLite opens it, so its
      // WAL and shared-memory files (created with the database's mode) are 0600 too.
      tightenDataDir(dataDir);
      fresh = touchPrivateFile(join(dataDir, 'mcpscope.sqlite'));
    }
    // The first open in a process loads the native addon: a missing one says what to run (sqlite-addon.ts).
    this.db = withSqliteAddon(
      () => new Database(dataDir ? join(dataDir, 'mcpscope.sqlite') : ':memory:', opts.busyTimeoutMs === undefined ? {} : { timeout: opts.busyTimeoutMs }),
    );
    this.flushAt = opts.flushAt ?? FLUSH_AT;
    configure(this.db, { fresh });
    migrate(this.db);
    if (fresh) synced(this.db);
    this.writer = new FrameWriter(this.db);
    this.threadOptions =
      dataDir && !opts.inline
        ? {
            ...(opts.writerUrl ? { url: opts.writerUrl } : {}),
            ...(opts.writerQuietMs === undefined ? {} : { quietMs: opts.writerQuietMs }),
            // This connection's page cache (up to 16 MB, recorder-schema.ts) holds what the reads of the flood's end
            // touched; a quiet spell gives back the pages no statement is using.
            onQuiet: () => this.db.open && this.db.pragma('shrink_memory'),
          }
        : null;
    this.upsertSession = this.db.prepare(
      `INSERT INTO sessions (id, name, target, protocol_version, started_at, ended_at, status, pid, exit_code, signal, last_seq)
       VALUES (@id, @name, @target, @protocolVersion, @startedAt, @endedAt, @status, @pid, @exitCode, @signal, @lastSeq)
       ON CONFLICT(id) DO UPDATE SET name=@name, target=@target, protocol_version=@protocolVersion, ended_at=@endedAt,
         status=@status, pid=@pid, exit_code=@exitCode, signal=@signal, last_seq=@lastSeq`,
    );
    this.selectSessions = this.db.prepare('SELECT * FROM sessions ORDER BY started_at DESC');
    this.selectSession = this.db.prepare('SELECT * FROM sessions WHERE id = ?');
    this.selectFrames = this.db.prepare('SELECT * FROM frames WHERE sk = ? AND seq > ? ORDER BY seq LIMIT ?');
  }

  saveSession(s: StoredSession): void {
    this.upsertSession.run({ ...s, target: JSON.stringify(s.target) });
  }

  listSessions(): StoredSession[] {
    return (this.selectSessions.all() as SessionRow[]).map(toSession);
  }

  getSession(id: string): StoredSession | null {
    const row = this.selectSession.get(id) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  /**
   * Queues a frame; it reaches the disk within FLUSH_AFTER_MS (or at FLUSH_AT frames), and before any read.
   * `textBytes`, when the caller has them, are exactly the UTF-8 bytes its text was decoded from: stored as they are.
   */
  append(sessionId: string, frame: FrameRecord, textBytes?: Buffer): void {
    this.pending.add(sessionId, frame, textBytes);
    if (this.pending.count >= this.flushAt || this.pending.full) this.post();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.post(), FLUSH_AFTER_MS);
    }
  }

  /** Hands the queued frames to the writer without waiting for them to be committed. */
  private post(): void {
    this.flushScheduled = false;
    if (this.pending.count === 0) return;
    const batch = this.pending;
    // A flood (FLOOD_BATCH frames or more in a batch's FLUSH_AFTER_MS): the background pass (lint, text index) waits until it
    // has paused, so it takes neither a core nor the write lock from it (beside a live flood it cost the flood's record
    // rate 0.53–0.68×, bench/flood-with-index.mjs); ordinary traffic never holds it back.
    if (batch.count >= FLOOD_BATCH) this.background.read();
    this.pending = new FrameBatch();
    if (!this.thread && this.threadOptions && (batch.count >= FLOOD_BATCH || batch.full || this.inlineFrames + batch.count > INLINE_FRAMES)) this.startThread();
    if (this.thread) this.thread.post(batch);
    else {
      // Committed before this returns, so a batch the thread writes later still lands after it: the order holds.
      this.inlineFrames += batch.count;
      this.writer.write(batch.pack());
      batch.release();
    }
  }

  private startThread(): void {
    const opts = this.threadOptions!;
    this.threadOptions = null;
    this.thread = FrameWriterThread.start(this.db.name, this.writer, opts);
    // The writer thread checkpoints the WAL; this connection's few writes (sessions, findings) never make it wait on one.
    if (this.thread) this.db.pragma('wal_autocheckpoint = 0');
  }

  /** Whether frames go to the writer thread yet (it starts with the first flood): a test reads it. */
  get writerStarted(): boolean {
    return this.thread !== null;
  }

  /** Quiet spells after which the writer gave memory back (0 with no writer thread): a test waits for one. */
  get writerReleases(): number {
    return this.thread?.releases ?? 0;
  }

  /** Returns once every frame appended so far is in the store: call it before reading frames. */
  flush(): void {
    this.post();
    this.thread?.barrier();
  }

  /** When the background lint and text index may run: after reads for a page and a page's start (background-hold.ts). */
  readonly background = new BackgroundHold();

  /** Frames with seq > afterSeq, in order, at most `limit`. */
  readFrames(sessionId: string, afterSeq: number, limit: number): FrameRecord[] {
    this.background.read();
    this.flush();
    const sk = sessionKey(this.db, sessionId);
    return sk === null ? [] : (this.selectFrames.all(sk, afterSeq, limit) as FrameRow[]).map(toFrame);
  }

  close(): void {
    this.post();
    this.thread?.close();
    this.db.close();
  }
}

export function toFrame(r: FrameRow): FrameRecord {
  const f: FrameRecord = {
    seq: r.seq,
    ts: r.ts,
    dir: r.dir,
    kind: r.kind,
    text: r.text,
    size: r.size,
    method: r.method,
    rpcId: r.rpc_id,
  };
  if (r.raw) f.b64 = r.raw.toString('base64');
  if (isFrameOrigin(r.origin)) f.origin = r.origin;
  return f;
}

function toSession(r: SessionRow): StoredSession {
  return {
    id: r.id,
    name: r.name,
    target: JSON.parse(r.target) as Target,
    protocolVersion: r.protocol_version,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    status: r.status,
    pid: r.pid,
    exitCode: r.exit_code,
    signal: r.signal,
    lastSeq: r.last_seq,
  };
}
