// Pairs responses with requests by who asked and the id they used, element by element inside batches. What a frame
// learns on arrival (its latency, the method it answers, a duplicate id) goes into its draft before it is logged; what
// an earlier frame learns from it (its answer, a cancel) goes into the links store, never into that frame's entry.
import { classifyValue, idKey } from '../../../shared/jsonrpc.js';
import type { FrameDir } from '../../../shared/relay-protocol.js';
import { eventName, type EntryDraft, type FrameEntry } from './frame-entry.js';
import type { FrameLinkStore } from './frame-links.js';

interface OpenRequest {
  entry: FrameEntry;
  method: string;
  answered: boolean;
}

/** Keyed by the requester's direction plus idKey: a client request 1 and a server request 1 are different exchanges. */
function exchangeKey(requesterDir: FrameDir, key: string): string {
  return `${requesterDir}|${key}`;
}

export class FramePairing {
  private requests = new Map<string, OpenRequest>();
  /** Set when the page holds only part of the history: an answer to a request not held is then not flagged. */
  partial = false;
  /** `bySeq` resolves a frame's pairs; `links` is where pairs and cancels are written. */
  constructor(
    private readonly bySeq: (seq: number) => FrameEntry | undefined,
    private readonly links: FrameLinkStore,
  ) {}

  /** Pairs a frame about to be logged: its own findings go into `entry`, its earlier frames' into the links store. */
  add(entry: EntryDraft): void {
    const { frame } = entry;
    if (frame.dir === 'relay') {
      // A new process is a new MCP session: ids start over, so old requests must not claim new responses.
      if (eventName(entry) === 'spawned') this.requests.clear();
      return;
    }
    if (entry.value === undefined) return;
    const items = Array.isArray(entry.value) ? (entry.value as unknown[]) : [entry.value];
    const answeredMethods: string[] = [];
    for (const item of items) {
      const c = classifyValue(item);
      if (c.kind === 'notification' && c.method === 'notifications/cancelled') this.noteCancel(frame.dir, item, entry);
      const key = idKey(c.id);
      if (key === null) continue;
      if (c.kind === 'request' && c.method !== undefined) {
        const k = exchangeKey(frame.dir, key);
        // MCP forbids reusing an id within a session, even after its response.
        if (this.requests.has(k)) entry.duplicate = true;
        this.requests.set(k, { entry, method: c.method, answered: false });
      } else if (c.kind === 'response' || c.kind === 'error') {
        const open = this.requests.get(exchangeKey(frame.dir === 'in' ? 'out' : 'in', key));
        if (!open) {
          entry.unmatched = !this.partial;
          continue;
        }
        if (open.answered) entry.duplicate = true;
        open.answered = true;
        this.links.pair(open.entry.frame.seq, frame.seq);
        if (open.entry.frame.origin !== undefined) entry.answersOrigin ??= open.entry.frame.origin;
        const latency = frame.ts - open.entry.frame.ts;
        entry.latencyMs = entry.latencyMs === null ? latency : Math.max(entry.latencyMs, latency);
        if (!answeredMethods.includes(open.method)) answeredMethods.push(open.method);
      }
    }
    if (entry.method === null && answeredMethods.length > 0) entry.method = answeredMethods.join(', ');
  }

  /** A cancel names a request of its own sender's; one still unanswered is marked with the cancel's seq. */
  private noteCancel(dir: FrameDir, item: unknown, cancel: EntryDraft): void {
    const params = (item as { params?: unknown }).params;
    const requestId = typeof params === 'object' && params !== null ? (params as { requestId?: unknown }).requestId : undefined;
    const key = idKey(requestId);
    const open = key === null ? undefined : this.requests.get(exchangeKey(dir, key));
    if (open && !open.answered) this.links.cancel(open.entry.frame.seq, cancel.frame.seq);
  }

  /** The frame on the other side of `entry`'s first exchange. */
  pairOf(entry: FrameEntry): FrameEntry | undefined {
    const seq = this.links.of(entry.frame.seq).pairs[0];
    return seq === undefined ? undefined : this.bySeq(seq);
  }
}
