// Reads a recorded transcript into FrameRecords for the linter: the relay's own frames (JSONL, a JSON array or
// {frames: [...]}), or hand-written lines of {dir: 'out'|'in', text} / {direction: 'client'|'server', message}.
import { isFrameOrigin } from '../frame-origin.js';
import { classifyText, idKey, isPlainObject } from '../jsonrpc.js';
import { FrameRecordSchema, type FrameRecord } from '../relay-protocol.js';

export class TranscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptError';
  }
}

const SIMPLE_DIRS: Record<string, 'out' | 'in' | 'stderr' | 'relay'> = {
  out: 'out',
  client: 'out',
  in: 'in',
  server: 'in',
  stderr: 'stderr',
  relay: 'relay',
};

const encoder = new TextEncoder();

/** One line of the simple form, numbered by its position so the findings can point back at it. */
function simpleRecord(rec: Record<string, unknown>, seq: number, where: string): FrameRecord {
  const dirName = rec.dir ?? rec.direction;
  const dir = typeof dirName === 'string' ? SIMPLE_DIRS[dirName] : undefined;
  if (!dir) throw new TranscriptError(`${where}: "dir" must be "out" or "in" (or "direction": "client" | "server"), got ${JSON.stringify(dirName)}`);
  const body = 'text' in rec ? rec.text : rec.message;
  if (body === undefined) throw new TranscriptError(`${where}: needs "text" (the raw line) or "message" (a JSON-RPC message)`);
  // A string is the raw text as it crossed the wire; anything else is a message to serialise as one line.
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const ts = typeof rec.ts === 'number' ? rec.ts : seq;
  const base = { seq, ts, text, size: encoder.encode(text).length };
  if (dir === 'stderr') return { ...base, dir: 'in', kind: 'stderr', method: null, rpcId: null };
  if (dir === 'relay') {
    const event = isPlainObject(body) && typeof body.event === 'string' ? body.event : null;
    return { ...base, dir: 'relay', kind: 'event', method: event, rpcId: null };
  }
  const c = classifyText(text);
  const frame: FrameRecord = { ...base, dir, kind: c.kind, method: c.method ?? null, rpcId: c.hasId ? idKey(c.id) : null };
  if (isFrameOrigin(rec.origin)) frame.origin = rec.origin;
  return frame;
}

function isFrameRecordLike(rec: Record<string, unknown>): boolean {
  return 'seq' in rec && 'kind' in rec && 'text' in rec;
}

function toFrame(rec: unknown, position: number, where: string): FrameRecord {
  if (!isPlainObject(rec)) throw new TranscriptError(`${where}: expected an object, got ${Array.isArray(rec) ? 'an array' : JSON.stringify(rec)}`);
  if (!isFrameRecordLike(rec)) return simpleRecord(rec, position, where);
  const parsed = FrameRecordSchema.safeParse(rec);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TranscriptError(`${where}: not a valid frame record (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`);
  }
  return parsed.data;
}

function wholeDocument(text: string): unknown[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return null; // JSONL: more than one document
  }
  if (Array.isArray(value)) return value;
  if (isPlainObject(value) && Array.isArray(value.frames)) return value.frames as unknown[];
  return null; // a single record: one line of JSONL
}

/** Parses a transcript; throws TranscriptError naming the line (or element) that is not understood. */
export function parseTranscript(text: string): FrameRecord[] {
  const doc = wholeDocument(text);
  const frames: FrameRecord[] = [];
  if (doc) {
    doc.forEach((rec, i) => frames.push(toFrame(rec, i + 1, `element ${i + 1}`)));
  } else {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let rec: unknown;
      try {
        rec = JSON.parse(line);
      } catch (err) {
        throw new TranscriptError(`line ${i + 1}: not JSON (${err instanceof Error ? err.message : String(err)})`);
      }
      frames.push(toFrame(rec, frames.length + 1, `line ${i + 1}`));
    });
  }
  // Relay records may come from several pages of the frames API: lint them in the order they were recorded.
  if (frames.some((f, i) => i > 0 && f.seq <= frames[i - 1]!.seq)) frames.sort((a, b) => a.seq - b.seq);
  return frames;
}
