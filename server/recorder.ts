// Stores sessions and every frame in SQLite (WAL), batching inserts so a flood of frames costs few transactions.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isFrameOrigin } from '../shared/frame-origin.js';
import type { FrameRecord, SessionInfo, Target } from '../shared/relay-protocol.js';
import { migrate } from './recorder-schema.js';

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
/** Batching inserts over a few ms, not one transaction a tick, halves the relay's added p99 latency (bench/relay-overhead). */
const FLUSH_AFTER_MS = 10;

export class Recorder {
  readonly db: Database.Database;
  private pending: Array<[string, FrameRecord]> = [];
  private flushScheduled = false;
  private readonly insertFrame: Database.Statement;
  private readonly insertMany: (rows: Array<[string, FrameRecord]>) => void;

  /** `dataDir` null keeps everything in memory (tests). */
  constructor(dataDir: string | null) {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    this.db = new Database(dataDir ? join(dataDir, 'mcpscope.sqlite') : ':memory:');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    migrate(this.db);
    this.insertFrame = this.db.prepare(
      `INSERT INTO frames (session_id, seq, ts, dir, kind, text, size, method, rpc_id, raw, origin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertMany = this.db.transaction((rows: Array<[string, FrameRecord]>) => {
      for (const [sid, f] of rows) {
        const raw = f.b64 === undefined ? null : Buffer.from(f.b64, 'base64');
        this.insertFrame.run(sid, f.seq, f.ts, f.dir, f.kind, f.text, f.size, f.method, f.rpcId, raw, f.origin ?? null);
      }
    });
  }

  saveSession(s: StoredSession): void {
    this.db
      .prepare(
        `INSERT INTO sessions (id, name, target, protocol_version, started_at, ended_at, status, pid, exit_code, signal, last_seq)
         VALUES (@id, @name, @target, @protocolVersion, @startedAt, @endedAt, @status, @pid, @exitCode, @signal, @lastSeq)
         ON CONFLICT(id) DO UPDATE SET name=@name, target=@target, protocol_version=@protocolVersion, ended_at=@endedAt,
           status=@status, pid=@pid, exit_code=@exitCode, signal=@signal, last_seq=@lastSeq`,
      )
      .run({ ...s, target: JSON.stringify(s.target) });
  }

  listSessions(): StoredSession[] {
    const rows = this.db.prepare('SELECT * FROM sessions ORDER BY started_at DESC').all() as SessionRow[];
    return rows.map(toSession);
  }

  getSession(id: string): StoredSession | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  /** Queues a frame; it reaches the disk within FLUSH_AFTER_MS (or at FLUSH_AT frames), and before any read. */
  append(sessionId: string, frame: FrameRecord): void {
    this.pending.push([sessionId, frame]);
    if (this.pending.length >= FLUSH_AT) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), FLUSH_AFTER_MS);
    }
  }

  flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.insertMany(rows);
  }

  /** When frames were last read for a subscriber's replay or an export: the background lint waits for a quiet moment. */
  lastReadAt = 0;

  /** Frames with seq > afterSeq, in order, at most `limit`. */
  readFrames(sessionId: string, afterSeq: number, limit: number): FrameRecord[] {
    this.lastReadAt = Date.now();
    this.flush();
    const rows = this.db
      .prepare('SELECT * FROM frames WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(sessionId, afterSeq, limit) as FrameRow[];
    return rows.map(toFrame);
  }

  close(): void {
    this.flush();
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
