// Sends one exact frame (text or bytes) and collects what the server sent after it for a bounded time: the lab's probe.
import { bytesToText, fromBase64, type FaultPayload, type FaultReply, type HttpRefusal, type ServerDeath } from '../../../shared/fault-lab/index.js';
import type { FrameOrigin } from '../../../shared/frame-origin.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../log/frame-entry.js';
import { eventName } from '../log/frame-entry.js';
import type { RelayClient } from '../relay/relay-client.js';

export interface ProbeResult {
  /** The seq the relay recorded the sent frame under, to find it in the log. */
  sentSeq: number;
  /** The text that went out; bytes that are not UTF-8 show as U+FFFD. */
  sentText: string;
  /** Server frames after the sent one (stderr excluded: it is free-form logging, not a reply), in order. */
  replies: FaultReply[];
  /** The same frames as log entries, for seqs and timing. */
  entries: FrameEntry[];
  waitedMs: number;
  /** The server process exited (or the connection ended) during the wait. */
  exited: boolean;
  /** How it ended, from the relay's event: exit code or signal and the last stderr lines (the lab's "died" verdict). */
  death: ServerDeath | null;
  /** Over HTTP: the POST that carried the frame got an error status (a bare one is an answer too). */
  refusal: HttpRefusal | null;
}

export interface ProbeOptions {
  waitMs: number;
  /** Who sends it: the fault lab (default) or the batch builder. */
  origin?: FrameOrigin;
  /** Stop early once this says nothing more is needed; `refused`: the carrying POST got an error status. */
  settled?: (replies: readonly FaultReply[], sentText: string, refused: boolean) => boolean;
}

export function payloadText(payload: FaultPayload): string {
  return 'text' in payload ? payload.text : bytesToText(fromBase64(payload.b64));
}

/** The finished exchange that carried frame `seq`, when its status was an error. */
function refusalOf(e: FrameEntry, seq: number): HttpRefusal | null {
  const x = e.value;
  if (e.frame.kind !== 'http' || !isPlainObject(x) || x.sentSeq !== seq || x.state === 'open' || !isPlainObject(x.response)) return null;
  const { status, statusText } = x.response;
  return typeof status === 'number' && status >= 400 ? { status, statusText: typeof statusText === 'string' ? statusText : '' } : null;
}

/** The relay's `exited` or `disconnected` event as a death: how it ended, and the stderr tail the transport kept. */
function deathOf(e: FrameEntry): ServerDeath {
  const v = isPlainObject(e.value) ? e.value : {};
  const cause =
    v.event === 'exited'
      ? `the server exited (code ${typeof v.code === 'number' ? v.code : '-'}, signal ${typeof v.signal === 'string' ? v.signal : '-'})`
      : `the connection ended${typeof v.reason === 'string' ? `: ${v.reason}` : ''}`;
  const tail =
    typeof v.stderrTail === 'string'
      ? v.stderrTail
          .split('\n')
          .filter((l) => l.trim() !== '')
          .slice(-5)
      : [];
  return { cause, stderr: tail };
}

function collect(
  entries: readonly FrameEntry[],
  afterSeq: number,
): { frames: FrameEntry[]; exited: boolean; death: ServerDeath | null; refusal: HttpRefusal | null } {
  const frames: FrameEntry[] = [];
  let exited = false;
  let death: ServerDeath | null = null;
  let refusal: HttpRefusal | null = null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.frame.seq <= afterSeq) break;
    if (e.frame.dir === 'in' && e.frame.kind !== 'stderr' && e.frame.kind !== 'http') frames.unshift(e);
    refusal ??= refusalOf(e, afterSeq);
    const name = eventName(e);
    if (name === 'exited' || name === 'disconnected') {
      exited = true;
      death ??= deathOf(e);
    }
  }
  return { frames, exited, death, refusal };
}

export async function sendProbe(client: RelayClient, sessionId: string, payload: FaultPayload, options: ProbeOptions): Promise<ProbeResult> {
  const sentText = payloadText(payload);
  // The engine must never hand out an id this probe used, or a later panel request would collide with it.
  client.engines.get(sessionId).noteOutgoing(sentText, options.origin ?? 'lab');
  const started = performance.now();
  const sentSeq = await client.socket.send(sessionId, sentText, options.origin ?? 'lab', 'b64' in payload ? payload.b64 : undefined);
  // Through the one log source; asked anew each time, since the session's log may turn windowed while this waits.
  const held = () => client.store.source(sessionId).held;
  return new Promise<ProbeResult>((resolve) => {
    let off = (): void => undefined;
    const finish = () => {
      clearTimeout(timer);
      off();
      const { frames, exited, death, refusal } = collect(held(), sentSeq);
      resolve({ sentSeq, sentText, entries: frames, replies: frames.map(toReply), waitedMs: performance.now() - started, exited, death, refusal });
    };
    const check = () => {
      const { frames, exited, refusal } = collect(held(), sentSeq);
      if (exited || options.settled?.(frames.map(toReply), sentText, refusal !== null)) finish();
    };
    const timer = setTimeout(finish, options.waitMs);
    off = client.store.subscribe(check);
    check();
  });
}

function toReply(entry: FrameEntry): FaultReply {
  return entry.value === undefined ? { text: entry.frame.text } : { text: entry.frame.text, value: entry.value };
}
