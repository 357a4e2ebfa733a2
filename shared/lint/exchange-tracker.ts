// Pairs responses with requests per sender, and remembers a bounded history of finished and cancelled ones.
import { isIdlessError } from '../http-answer.js';
import { idKey } from '../jsonrpc.js';
import type { Side } from './lint-types.js';
import { BoundedMap } from './bounded-map.js';
import { DEFAULT_SLOW_AFTER_MS, otherSide, type LintContext, type Msg } from './lint-context.js';
import { IdlessErrors, type CarriedRequests, type DeferredFinding } from './idless-errors.js';

export interface PendingRequest {
  seq: number;
  ts: number;
  method: string;
  requester: Side;
  /** The id as JSON text (`1`, `"1"`), for messages. */
  id: string;
  progressKey: string | null;
  lastProgress: number | null;
  batchSeq: number | null;
  /** tools/call only: the tool name (capped), whether the call was task-augmented, and whether its params fail the
   * CallToolRequest shape (no string name, or arguments that are not an object), which -32602 rightly refuses. */
  toolName: string | null;
  taskAugmented: boolean;
  malformedCall: boolean;
  /**
   * tools/call only: whether the arguments fit the listed tool's inputSchema (null: the tool or its schema is unknown);
   * a function when it is worked out only if asked (the `toolArgumentFindings: false` option).
   */
  argsFit?: boolean | null | (() => boolean | null);
  /** tools/list and prompts/list: whether this asked for a later page. */
  hadCursor: boolean;
  /** 2026: the client capabilities declared in this request's _meta. */
  clientCaps: Record<string, unknown> | null;
  /** Responses still expected: more than one when the id was reused while in flight. */
  expected: number;
  /** Already reported (an invalid envelope, or missing from a batch reply): not "unanswered" at the end. */
  quiet: boolean;
}

export type RequestInfo = Pick<PendingRequest, 'toolName' | 'taskAugmented' | 'malformedCall' | 'hadCursor' | 'clientCaps'> & {
  progressToken: unknown;
  quiet: boolean;
};

interface Finished {
  reqSeq: number;
  respSeq: number;
}
interface Cancelled {
  reqSeq: number;
  cancelSeq: number;
  cancelTs: number;
  method: string;
}
export interface FinishedToken {
  reqSeq: number;
  respSeq: number | null;
  cancelSeq: number | null;
  cancelTs: number;
}
export interface BatchCall {
  seq: number;
  sender: Side;
  keys: string[];
  /** Requests of the batch not answered yet. */
  open: number;
  /** Elements the receiver cannot parse as messages; each deserves one -32600 error with id null. */
  invalid: number;
  notArrayReported: boolean;
}

/** "42 s", or "850 ms" under a second. */
export function formatWait(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.floor(ms / 1000)} s`;
}

/** One key space per requester: ids of client requests and of server requests never collide. */
export function requestKey(requester: Side, key: string): string {
  return `${requester === 'client' ? 'c' : 's'}:${key}`;
}

export class ExchangeTracker {
  readonly pending = new Map<string, PendingRequest>();
  readonly tokens = new Map<string, string>();
  readonly batches = new Map<number, BatchCall>();
  readonly finishedTokens: BoundedMap<string, FinishedToken>;
  /** Tokens of task-augmented requests that were answered (a CreateTaskResult): they stay valid until the task ends. */
  readonly taskTokens: BoundedMap<string, true>;
  private readonly completed: BoundedMap<string, Finished>;
  private readonly cancelled: BoundedMap<string, Cancelled>;
  /** Requests whose POST got a Bearer challenge (401/403): refused for now, answered by the retry after authorization. */
  private readonly challenged: BoundedMap<string, PendingRequest>;
  /** Each side's last single notification the other side has not spoken after yet, for "response to a notification". */
  readonly lastNotification: Record<Side, number | null> = { client: null, server: null };
  /** The seq of each side's last batch when it held only notifications. */
  readonly notificationBatch: Record<Side, number | null> = { client: null, server: null };
  /** Id-less server errors over Streamable HTTP, judged once an HTTP status says whether they were allowed. */
  readonly idlessErrors = new IdlessErrors();
  /** The seq of each side's last empty batch, whose reply must be a single error object. */
  readonly emptyBatch: Record<Side, number | null> = { client: null, server: null };

  constructor(historyLimit: number) {
    this.completed = new BoundedMap(historyLimit);
    this.cancelled = new BoundedMap(historyLimit);
    this.challenged = new BoundedMap(historyLimit);
    this.finishedTokens = new BoundedMap(historyLimit);
    this.taskTokens = new BoundedMap(historyLimit);
  }

  /** `onceOnly`: ids may never be reused in the session (up to 2025-11-25); 2026-07-28 only forbids reuse in flight. */
  onRequest(ctx: LintContext, m: Msg, method: string, key: string | null, info: RequestInfo, onceOnly = true): PendingRequest | null {
    if (key === null) return null;
    const k = requestKey(m.sender, key);
    const live = this.pending.get(k);
    if (live) {
      ctx.emit('jsonrpc/id-reused-in-flight', m.seq, `Id ${key}${m.where} is still in flight (${live.method}, frame #${live.seq}).`, [live.seq]);
      live.expected++;
      return null;
    }
    const before = this.completed.get(k)?.reqSeq ?? this.cancelled.get(k)?.reqSeq;
    if (before !== undefined && onceOnly) {
      ctx.emit('mcp/id-reused', m.seq, `Id ${key}${m.where} was already used by the ${m.sender} in this session (frame #${before}).`, [before]);
    }
    if (before !== undefined) {
      this.completed.delete(k);
      this.cancelled.delete(k);
    }
    this.challenged.delete(k);
    const tokenKey = idKey(info.progressToken);
    const p: PendingRequest = {
      seq: m.seq,
      ts: m.ts,
      method,
      requester: m.sender,
      id: key,
      progressKey: tokenKey === null ? null : requestKey(m.sender, tokenKey),
      lastProgress: null,
      batchSeq: m.batchSeq,
      toolName: info.toolName,
      taskAugmented: info.taskAugmented,
      malformedCall: info.malformedCall,
      hadCursor: info.hadCursor,
      clientCaps: info.clientCaps,
      expected: 1,
      quiet: info.quiet,
    };
    this.pending.set(k, p);
    if (p.progressKey) this.tokens.set(p.progressKey, k);
    return p;
  }

  /** Matches a response to its request; returns the request when this response completes a live one. */
  onResponse(ctx: LintContext, m: Msg, key: string | null, errorCode: number | null, isError: boolean): PendingRequest | null {
    const requester = otherSide(m.sender);
    if (key === null) {
      this.unkeyed(ctx, m, requester, errorCode, isError);
      return null;
    }
    const k = requestKey(requester, key);
    const p = this.pending.get(k) ?? this.revive(k);
    if (p) {
      // Over HTTP a batch's responses may arrive as separate SSE events; over stdio and WebSocket they must share an array.
      const b = p.batchSeq === null ? undefined : this.batches.get(p.batchSeq);
      if (b && !m.inArray && (ctx.transport === 'stdio' || ctx.transport === 'ws') && !b.notArrayReported) {
        b.notArrayReported = true;
        ctx.emit(
          'jsonrpc/batch-reply-not-array',
          m.seq,
          `Response to ${p.method} (id ${key}) from batch #${b.seq} came as a single message, not in a reply array.`,
          [b.seq, p.seq],
        );
      }
      if (--p.expected <= 0) this.complete(k, p, m.seq);
      const waited = m.ts - p.ts;
      const slowAfter = ctx.options.slowAfterMs ?? DEFAULT_SLOW_AFTER_MS;
      if (waited >= slowAfter) {
        ctx.emit(
          'mcp/slow-response',
          m.seq,
          `${p.method} (id ${key}) was answered after ${formatWait(waited)}, over the ${formatWait(slowAfter)} pending threshold.`,
          [p.seq],
        );
      }
      return p;
    }
    const c = this.cancelled.get(k);
    if (c) {
      const ms = Math.round(m.ts - c.cancelTs);
      ctx.emit('mcp/message-after-cancel', m.seq, `Response to cancelled ${c.method} (id ${key}) arrived ${ms} ms after the cancellation.`, [
        c.reqSeq,
        c.cancelSeq,
      ]);
      this.cancelled.delete(k);
      this.completed.set(k, { reqSeq: c.reqSeq, respSeq: m.seq });
      return null;
    }
    const f = this.completed.get(k);
    if (f) {
      ctx.emit('jsonrpc/duplicate-response', m.seq, `Id ${key}${m.where} was already answered by frame #${f.respSeq}.`, [f.reqSeq, f.respSeq]);
      return null;
    }
    ctx.emit('jsonrpc/unmatched-response', m.seq, `No ${requester} request with id ${key} is known${m.where}.`);
    return null;
  }

  private unkeyed(ctx: LintContext, m: Msg, requester: Side, errorCode: number | null, isError: boolean): void {
    const idless = isIdlessError(m.obj);
    // id null is how JSON-RPC answers a message whose id could not be read: no finding.
    const sanctioned = isError && (errorCode === -32700 || errorCode === -32600) && idless;
    const finding = sanctioned ? null : this.unkeyedFinding(m, requester);
    // Over Streamable HTTP an id-less error answers the requests its POST carried, and an HTTP error status MAY carry
    // one: judged once the exchange that carried it says its status (HttpChecks.onExchange).
    if (isError && idless && m.sender === 'server' && ctx.transport === 'http') this.idlessErrors.defer(ctx, m.seq, finding);
    else if (finding) ctx.emit(...finding);
  }

  private unkeyedFinding(m: Msg, requester: Side): DeferredFinding {
    const nb = this.notificationBatch[requester];
    if (nb !== null) return ['jsonrpc/notification-batch-answered', m.seq, `A response${m.where} followed batch #${nb}, which held only notifications.`, [nb]];
    const n = this.lastNotification[requester];
    if (n !== null) return ['jsonrpc/response-to-notification', m.seq, `A response without a usable id${m.where} followed notification #${n}.`, [n]];
    const what = !('id' in m.obj) ? 'has no id' : `has id ${JSON.stringify(m.obj.id)}`;
    return ['jsonrpc/unmatched-response', m.seq, `Response${m.where} ${what}, so it answers no request.`, []];
  }

  /** The client requests pending from frame `sentSeq` (one POST's body), to settle once its HTTP answer says they had theirs. */
  carriedBy(sentSeq: number | null): CarriedRequests {
    const live = [...this.pending].filter(([, p]) => sentSeq !== null && p.seq === sentSeq && p.requester === 'client');
    return {
      names: live.map(([, p]) => `${p.method} (id ${p.id})`),
      settle: () => {
        for (const [k, p] of live) if (this.pending.get(k) === p) this.complete(k, p, p.seq);
      },
    };
  }

  /**
   * The client requests a POST carried that got a Bearer challenge: no answer yet, and not unanswered either (the server
   * said why at the HTTP level); an OAuth client sends them again once authorized, and a response then completes them.
   */
  challengedBy(sentSeq: number | null): CarriedRequests {
    const live = [...this.pending].filter(([, p]) => sentSeq !== null && p.seq === sentSeq && p.requester === 'client');
    return {
      names: [],
      settle: () => {
        for (const [k, p] of live) {
          if (this.pending.get(k) !== p) continue;
          this.pending.delete(k);
          this.challenged.set(k, p);
        }
      },
    };
  }

  /** A challenged request whose answer came (to the retry): pending again, to be completed by it. */
  private revive(k: string): PendingRequest | undefined {
    const p = this.challenged.get(k);
    if (p === undefined) return undefined;
    this.challenged.delete(k);
    this.pending.set(k, p);
    return p;
  }

  private complete(k: string, p: PendingRequest, respSeq: number): void {
    this.pending.delete(k);
    this.completed.set(k, { reqSeq: p.seq, respSeq });
    if (p.progressKey) {
      this.tokens.delete(p.progressKey);
      if (p.taskAugmented) this.taskTokens.set(p.progressKey, true);
      else this.finishedTokens.set(p.progressKey, { reqSeq: p.seq, respSeq, cancelSeq: null, cancelTs: 0 });
    }
    const b = p.batchSeq === null ? undefined : this.batches.get(p.batchSeq);
    if (b && --b.open <= 0) this.batches.delete(b.seq);
  }

  /** Settles a request whose reply could not be read (an oversize line), without judging the reply. */
  settle(requester: Side, key: string, respSeq: number): void {
    const k = requestKey(requester, key);
    const p = this.pending.get(k);
    if (p) this.complete(k, p, respSeq);
  }

  /** notifications/cancelled from `sender` for its own request; returns the request it cancelled, if it was live. */
  cancel(m: Msg, requestId: unknown): PendingRequest | null {
    const key = idKey(requestId);
    if (key === null) return null;
    // 2026 over stdio: a server ends a client's subscriptions/listen stream by "cancelling" it.
    const listen = m.sender === 'server' ? this.pending.get(requestKey('client', key)) : undefined;
    if (listen?.method === 'subscriptions/listen') {
      this.complete(requestKey('client', key), listen, m.seq);
      return null;
    }
    const k = requestKey(m.sender, key);
    const p = this.pending.get(k);
    if (!p) return null;
    this.pending.delete(k);
    this.cancelled.set(k, { reqSeq: p.seq, cancelSeq: m.seq, cancelTs: m.ts, method: p.method });
    if (p.progressKey) {
      this.tokens.delete(p.progressKey);
      this.finishedTokens.set(p.progressKey, { reqSeq: p.seq, respSeq: null, cancelSeq: m.seq, cancelTs: m.ts });
    }
    const b = p.batchSeq === null ? undefined : this.batches.get(p.batchSeq);
    if (b && --b.open <= 0) this.batches.delete(b.seq);
    return p;
  }

  /** Reports every request still waiting and forgets them: the session ended or the server went away. */
  flushUnanswered(ctx: LintContext, why: string, relatedSeq: number | null): void {
    for (const p of this.pending.values()) {
      if (p.quiet || p.method === 'subscriptions/listen') continue;
      ctx.emit(
        'jsonrpc/unanswered-request',
        p.seq,
        `${p.method} (id ${p.id}) from the ${p.requester} was never answered; ${why}.`,
        relatedSeq === null ? [] : [relatedSeq],
      );
    }
    this.pending.clear();
    this.tokens.clear();
    this.batches.clear();
  }

  /** Forgets the whole history: a new server process starts a new session with its own id space. */
  reset(): void {
    this.completed.clear();
    this.cancelled.clear();
    this.finishedTokens.clear();
    this.taskTokens.clear();
    for (const s of ['client', 'server'] as const) {
      this.lastNotification[s] = this.notificationBatch[s] = this.emptyBatch[s] = null;
    }
  }
}
