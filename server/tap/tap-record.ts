// What a tap records: the bytes it passed each way, cut into frames exactly as the relay cuts a server's output,
// numbered in the order they reached the tap (by the connection core's FrameLog, as the relay and `call` number theirs),
// with the tap's own events, into the inspector's store.
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import { SessionArchive } from '../store/archive/session-archive.js';
import type { HttpExchange } from '../../shared/http-exchange.js';
import { httpFrame, messageFrame, oversizeFrame, stderrFrame, type FrameBody } from '../core/frame-factory.js';
import { FrameLog } from '../core/frame-log.js';
import { now } from '../store/clock.js';
import { newStoredSession } from '../store/new-session.js';
import type { Recorder, StoredSession } from '../store/recorder.js';
import { LineBuffer } from '../transports/line-buffer.js';

/** out: host → server (the tap's stdin); in: server → host (its stdout); stderr: the server's stderr. */
export const TAP_STREAMS = ['out', 'in', 'stderr'] as const;
export type TapStream = (typeof TAP_STREAMS)[number];

/** How often the session row's lastSeq is brought up to date while frames flow (the frames themselves go at once). */
const SAVE_EVERY_MS = 1000;

export class TapRecord {
  private readonly lines: Record<TapStream, LineBuffer>;
  private savedAt = 0;
  private savedSeq = 0;
  private readonly log: FrameLog;

  constructor(
    private readonly recorder: Recorder,
    private readonly stored: StoredSession,
    maxLineBytes: number,
  ) {
    this.lines = { out: new LineBuffer(maxLineBytes), in: new LineBuffer(maxLineBytes), stderr: new LineBuffer(maxLineBytes) };
    this.log = new FrameLog(stored, (frame) => recorder.append(stored.id, frame));
    // The row and its origin in one transaction: an inspector watching the store never sees a tap session half made.
    recorder.db.transaction(() => {
      recorder.saveSession(stored);
      new SessionArchive(recorder.db).setMeta(stored.id, { origin: 'tap' });
    })();
  }

  get lastSeq(): number {
    return this.stored.lastSeq;
  }

  /** A chunk of bytes that passed the tap at `ts`; complete lines become frames now, the rest waits for its newline. */
  chunk(stream: TapStream, ts: number, bytes: Buffer): void {
    for (const ev of this.lines[stream].push(bytes)) this.line(stream, ts, ev.type === 'line' ? ev.bytes : ev.head, ev.type === 'oversize' ? ev.size : null);
  }

  /** The stream ended: a last line without a newline is still a frame. */
  end(stream: TapStream, ts: number): void {
    for (const ev of this.lines[stream].end()) this.line(stream, ts, ev.type === 'line' ? ev.bytes : ev.head, ev.type === 'oversize' ? ev.size : null);
  }

  /** One of the tap's events; at the server's exit its last lines are recorded first, so its stderr tail holds them. */
  event(ts: number, ev: { event: string } & Record<string, unknown>): void {
    if (ev.event === 'exited') {
      this.end('in', ts);
      this.end('stderr', ts);
    }
    this.recorded(this.log.event(ev, ts));
  }

  /** One whole message (an HTTP body, an SSE event's data); returns its seq. */
  message(dir: 'out' | 'in', ts: number, bytes: Buffer): number {
    const body = messageFrame(dir, bytes);
    if (dir === 'out') body.origin = 'tap';
    return this.append(ts, body);
  }

  /** One HTTP exchange between the host and the server, as the inspector records its own. */
  exchange(ts: number, record: HttpExchange): void {
    this.append(ts, httpFrame(record, 'tap'));
  }

  update(patch: Partial<Pick<StoredSession, 'status' | 'pid' | 'exitCode' | 'signal' | 'endedAt'>>): void {
    Object.assign(this.stored, patch);
    this.save();
  }

  /** Every stream's last line, the final row, and every frame on disk. */
  finish(patch: Partial<StoredSession>): void {
    const ts = now();
    for (const s of Object.keys(this.lines) as TapStream[]) this.end(s, ts);
    this.update({ endedAt: ts, ...patch });
    this.recorder.close();
  }

  private line(stream: TapStream, ts: number, bytes: Buffer, oversize: number | null): void {
    const dir = stream === 'out' ? 'out' : 'in';
    const body = stream === 'stderr' ? stderrFrame(bytes) : oversize === null ? messageFrame(dir, bytes) : oversizeFrame(dir, bytes, oversize);
    // Provenance: every outgoing frame of a tapped session is the host's.
    if (dir === 'out') body.origin = 'tap';
    this.append(ts, body);
  }

  private append(ts: number, body: FrameBody): number {
    return this.recorded(this.log.record(body, undefined, ts));
  }

  private recorded(frame: FrameRecord): number {
    if (this.versionFrom !== 'done' && (frame.kind === 'request' || frame.kind === 'response')) this.followVersion(frame);
    this.maybeSave();
    return frame.seq;
  }

  /**
   * The session's protocol version is the host's, which the inspector lints the log with: the version the host offers
   * in initialize, then the one the server answers with (2026-07-28 hosts carry theirs on each request's _meta).
   */
  private versionFrom: 'initialize' | 'answer' | 'done' = 'initialize';
  private initializeId: string | null = null;

  private followVersion(body: FrameBody): void {
    let version: unknown;
    try {
      if (body.dir === 'out' && body.kind === 'request' && this.versionFrom === 'initialize') {
        const params = (JSON.parse(body.text) as { params?: { protocolVersion?: unknown; _meta?: Record<string, unknown> } }).params;
        if (body.method === 'initialize') {
          [version, this.initializeId, this.versionFrom] = [params?.protocolVersion, body.rpcId, 'answer'];
        } else {
          [version, this.versionFrom] = [params?._meta?.['io.modelcontextprotocol/protocolVersion'], 'done'];
        }
      } else if (body.dir === 'in' && body.kind === 'response' && this.versionFrom === 'answer' && body.rpcId === this.initializeId) {
        version = (JSON.parse(body.text) as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
        this.versionFrom = 'done';
      }
    } catch {
      return;
    }
    if (typeof version === 'string' && version !== '' && version !== this.stored.protocolVersion) {
      this.stored.protocolVersion = version;
      this.save();
    }
  }

  private maybeSave(): void {
    const t = Date.now();
    if (this.stored.lastSeq !== this.savedSeq && t - this.savedAt >= SAVE_EVERY_MS) this.save();
  }

  private save(): void {
    this.savedAt = Date.now();
    this.savedSeq = this.stored.lastSeq;
    this.recorder.saveSession(this.stored);
  }
}

/** The stored row a new tap session starts with. */
export function tapSession(id: string, name: string, target: SessionInfo['target']): StoredSession {
  return newStoredSession({ id, name, target, protocolVersion: DEFAULT_PROTOCOL_VERSION, status: 'starting' });
}
