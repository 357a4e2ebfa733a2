// Gathers what a server sends back after a raw frame or a batch: every message, and the event if the connection dies.
import type { FrameOrigin } from '../../shared/frame-origin.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallSession } from './call-session.js';

/** How long --raw and --batch wait for replies unless --timeout says otherwise. */
export const COLLECT_MS = 3000;
/** Once every request is answered, a little longer for duplicates and extras before stopping early. */
const GRACE_MS = 150;
const FINAL_EVENTS = new Set(['exited', 'disconnected', 'session-expired', 'stdout-closed']);

/** What the server sent, and the events that say why something may not come: errors, HTTP answers, the end. */
function isReply(f: FrameRecord): boolean {
  if (f.dir === 'in') return f.kind !== 'stderr';
  return f.dir === 'relay' && f.kind === 'event' && (f.method === 'error' || f.method === 'http-answer' || FINAL_EVENTS.has(f.method ?? ''));
}

/** The parsed JSON of the message frames, for correlation; noise and events are left out. */
export function replyValues(frames: readonly FrameRecord[]): unknown[] {
  return frames.flatMap((f) => {
    if (f.dir !== 'in') return [];
    const parsed = parseJson(f.text);
    return parsed.ok ? [parsed.value] : [];
  });
}

/** Sends text exactly as given; replies are read from the frames, the engine's own waits only keep its ids straight. */
export async function sendRawText(session: CallSession, text: string, origin: FrameOrigin = 'user'): Promise<void> {
  const { sent, responses } = session.engine.sendRaw(text, origin);
  for (const r of responses) r.catch(() => undefined);
  return sent;
}

/**
 * Where a call's own traffic starts in the session's frames: after the handshake, or without one at the very start (a
 * server's start-up notification can come before the frame goes out, and is shown like anything else it sent).
 */
export function callTrafficFrom(session: CallSession, o: { handshake: boolean }): number {
  return o.handshake ? session.frames.length : 0;
}

/**
 * Runs `send`, then collects replies until `complete` says every request is answered (plus a short grace), the
 * connection ends, or `timeoutMs` passes. Rejects when `send` fails. `since`: the session's frames from this index on
 * that came before the send count too (callTrafficFrom).
 */
export function collectReplies(
  session: CallSession,
  send: () => Promise<void>,
  timeoutMs: number,
  complete: (frames: FrameRecord[]) => boolean,
  since = session.frames.length,
): Promise<FrameRecord[]> {
  const got: FrameRecord[] = session.frames.slice(since).filter(isReply);
  return new Promise((resolve, reject) => {
    let grace: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      clearTimeout(grace);
      stop();
      resolve(got);
    };
    const stop = session.onFrame((f) => {
      if (!isReply(f)) return;
      got.push(f);
      if (f.dir === 'relay' && FINAL_EVENTS.has(f.method ?? '')) return finish();
      if (grace === undefined && complete(got)) grace = setTimeout(finish, GRACE_MS);
    });
    const timer = setTimeout(finish, timeoutMs);
    send().catch((err: unknown) => {
      clearTimeout(timer);
      clearTimeout(grace);
      stop();
      reject(err instanceof Error ? err : new Error(String(err)));
    });
  });
}

/** One received frame as one JSON line: the message when it parses, otherwise what it was. */
export function replyLine(f: FrameRecord): Record<string, unknown> {
  const parsed = parseJson(f.text);
  if (f.dir === 'relay') return { seq: f.seq, kind: 'event', event: parsed.ok ? parsed.value : f.text };
  if (f.kind === 'oversize') return { seq: f.seq, kind: 'oversize', size: f.size, head: f.text.slice(0, 200) };
  return parsed.ok ? { seq: f.seq, kind: f.kind, message: parsed.value } : { seq: f.seq, kind: f.kind, text: f.text };
}
