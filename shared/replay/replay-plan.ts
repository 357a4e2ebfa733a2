// Turns a recording's client frames into replay steps: what to send, what answer to wait for, which ids to rewrite.
import type { FrameOrigin } from '../frame-origin.js';
import { idKey, isPlainObject, parseJson } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';

/** One frame the client sent, with when it was sent (ms after the session started). */
export interface ClientFrame {
  seq: number;
  offsetMs: number;
  text: string;
  /** The exact bytes, base64, when they were not valid UTF-8. */
  b64?: string;
  /** Who made it in the recording (shared/frame-origin.ts); the replay sends it as `replay`. */
  origin?: FrameOrigin;
}

export interface ReplayStep {
  frame: ClientFrame;
  /** The id key (as idKey gives it) of the single request this step sends, to wait for its answer. */
  awaits: string | null;
  /** True for a batch holding requests: the runner waits for the next batch reply. */
  awaitsBatch: boolean;
  /** For the client's answer to a server request: that request's position among the server's requests. */
  answers: number | null;
}

export interface PlanOptions {
  /** Send the recorded ids (default); otherwise requests get fresh ids 1, 2, 3… */
  preserveIds: boolean;
}

/** The client frames of a recording, in order: what a replay sends. */
export function clientFramesOf(frames: Iterable<FrameRecord>, startedAt: number): ClientFrame[] {
  const out: ClientFrame[] = [];
  for (const f of frames) {
    if (f.dir !== 'out') continue;
    const c: ClientFrame = { seq: f.seq, offsetMs: Math.max(0, f.ts - startedAt), text: f.text };
    if (f.b64 !== undefined) c.b64 = f.b64;
    if (f.origin !== undefined) c.origin = f.origin;
    out.push(c);
  }
  return out;
}

const objects = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isPlainObject) : isPlainObject(v) ? [v] : []);

export class ReplayPlan {
  readonly steps: ReplayStep[];
  private readonly idMap = new Map<string, number>();
  private nextId = 1;

  /** `serverRequestIds`: the id keys of the server's requests in the recording, in order, so answers can follow them. */
  constructor(
    frames: readonly ClientFrame[],
    serverRequestIds: readonly string[],
    private readonly opts: PlanOptions,
  ) {
    const serverIndex = new Map(serverRequestIds.map((id, i) => [id, i]));
    this.steps = frames.map((frame) => {
      const parsed = frame.b64 === undefined ? parseJson(frame.text) : ({ ok: false } as const);
      const msgs = parsed.ok ? objects(parsed.value) : [];
      const requests = msgs.filter((m) => typeof m.method === 'string' && 'id' in m);
      const isBatch = parsed.ok && Array.isArray(parsed.value);
      const single = !isBatch && requests.length === 1 ? requests[0]! : null;
      const answer = !isBatch && msgs.length === 1 && !('method' in msgs[0]!) ? idKey(msgs[0]!.id) : null;
      return {
        frame,
        awaits: single ? idKey(single.id) : null,
        awaitsBatch: isBatch && requests.length > 0,
        answers: answer === null ? null : (serverIndex.get(answer) ?? null),
      };
    });
  }

  /**
   * The text to send for a step, or null to send the recorded bytes unchanged. `serverIdFor(n)` is the id key of the
   * n-th server request of this run, when it has arrived. Also rewrites `awaits` to the id actually sent.
   */
  textFor(step: ReplayStep, serverIdFor: (n: number) => string | undefined): string | null {
    const parsed = step.frame.b64 === undefined ? parseJson(step.frame.text) : null;
    if (!parsed?.ok) return null;
    let changed = false;
    const rewrite = (m: Record<string, unknown>): Record<string, unknown> => {
      const out = { ...m };
      if (typeof m.method === 'string' && 'id' in m && !this.opts.preserveIds) {
        const fresh = this.nextId++;
        const old = idKey(m.id);
        if (old !== null) this.idMap.set(old, fresh);
        out.id = fresh;
        changed = true;
      } else if (m.method === 'notifications/cancelled' && !this.opts.preserveIds && isPlainObject(m.params)) {
        const mapped = this.idMap.get(idKey(m.params.requestId) ?? '');
        if (mapped !== undefined) {
          out.params = { ...m.params, requestId: mapped };
          changed = true;
        }
      } else if (!('method' in m) && step.answers !== null) {
        const now = serverIdFor(step.answers);
        if (now !== undefined && now !== idKey(m.id)) {
          out.id = JSON.parse(now) as unknown;
          changed = true;
        }
      }
      return out;
    };
    const value = Array.isArray(parsed.value)
      ? parsed.value.map((x) => (isPlainObject(x) ? rewrite(x) : x))
      : isPlainObject(parsed.value)
        ? rewrite(parsed.value)
        : parsed.value;
    if (!changed) return null;
    if (step.awaits !== null && isPlainObject(value)) step.awaits = idKey(value.id);
    return JSON.stringify(value);
  }
}

/** The id keys of the server's requests in a recording, in order. */
export function serverRequestIds(frames: Iterable<Pick<FrameRecord, 'dir' | 'kind' | 'rpcId'>>): string[] {
  const ids: string[] = [];
  for (const f of frames) if (f.dir === 'in' && f.kind === 'request' && f.rpcId !== null) ids.push(f.rpcId);
  return ids;
}
