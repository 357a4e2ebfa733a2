// Checks JSON-RPC batches and their replies: empty batches, notification-only batches, missing and extra responses.
import { idKey, isPlainObject } from '../jsonrpc.js';
import type { Side } from './lint-types.js';
import { otherSide, type LintContext, type Msg } from './lint-context.js';
import { requestKey, type BatchCall, type ExchangeTracker, type PendingRequest } from './exchange-tracker.js';
import type { McpSession } from './mcp-session.js';
import type { Envelope } from './check-envelope.js';

export type Route = (m: Msg) => { env: Envelope; pending: PendingRequest | null };

function elementMsg(seq: number, ts: number, sender: Side, obj: Record<string, unknown>, i: number, batchSeq: number | null): Msg {
  return { seq, ts, sender, obj, where: ` (batch element ${i + 1})`, batchSeq, inArray: true };
}

/** True for an array that only holds responses: the reply to a batch, not a batch of calls. */
export function isReplyArray(arr: readonly unknown[]): boolean {
  return arr.length > 0 && arr.every((el) => isPlainObject(el) && !('method' in el) && ('result' in el || 'error' in el));
}

export function onEmptyArray(ctx: LintContext, seq: number, sender: Side, ex: ExchangeTracker): void {
  const requester = otherSide(sender);
  const open = [...ex.batches.values()].filter((b) => b.sender === requester).pop();
  if (open) {
    ctx.emit('jsonrpc/batch-missing-response', seq, `Batch #${open.seq} was answered with [], without any of its ${open.keys.length} responses.`, [open.seq]);
    for (const k of open.keys) {
      const p = ex.pending.get(k);
      if (p) p.quiet = true;
    }
    ex.batches.delete(open.seq);
  } else if (ex.notificationBatch[requester] !== null) {
    ctx.emit(
      'jsonrpc/notification-batch-answered',
      seq,
      `[] was sent in reply to batch #${ex.notificationBatch[requester]}, which held only notifications; the reply must be nothing at all.`,
      [ex.notificationBatch[requester]!],
    );
    ex.notificationBatch[requester] = null;
  } else if (ex.emptyBatch[requester] !== null) {
    ctx.emit(
      'jsonrpc/empty-batch',
      seq,
      `[] was sent in reply to the empty batch #${ex.emptyBatch[requester]}; the reply must be a single -32600 error object.`,
      [ex.emptyBatch[requester]!],
    );
    ex.emptyBatch[requester] = null;
  } else {
    ctx.emit('jsonrpc/empty-batch', seq, 'An empty batch [] was sent.');
    ex.emptyBatch[sender] = seq;
  }
}

export function onCallBatch(
  ctx: LintContext,
  seq: number,
  ts: number,
  sender: Side,
  arr: readonly unknown[],
  ex: ExchangeTracker,
  session: McpSession,
  route: Route,
): void {
  const v = session.rulesVersion;
  if (v && v !== '2025-03-26') ctx.emit('mcp/batch-not-in-version', seq, `A batch of ${arr.length} was sent, but ${v} has no batches (only 2025-03-26 does).`);
  const b: BatchCall = { seq, sender, keys: [], open: 0, invalid: 0, notArrayReported: false };
  ex.batches.set(seq, b);
  let notifications = 0;
  arr.forEach((el, i) => {
    if (!isPlainObject(el)) {
      ctx.emit('jsonrpc/not-object', seq, `Batch element ${i + 1} is ${el === null ? 'null' : Array.isArray(el) ? 'an array' : typeof el}, not an object.`);
      b.invalid++;
      return;
    }
    if (el.method === 'initialize') ctx.emit('mcp/initialize-in-batch', seq, `initialize is element ${i + 1} of a batch.`);
    const { env, pending } = route(elementMsg(seq, ts, sender, el, i, seq));
    if (!env.valid) b.invalid++;
    if (env.kind === 'notification') notifications++;
    if (pending) {
      b.keys.push(requestKey(sender, pending.id));
      b.open++;
    }
  });
  if (b.open === 0) ex.batches.delete(seq);
  ex.notificationBatch[sender] = b.open === 0 && b.invalid === 0 && notifications > 0 ? seq : null;
}

export function onReplyArray(
  ctx: LintContext,
  seq: number,
  ts: number,
  sender: Side,
  arr: readonly Record<string, unknown>[],
  ex: ExchangeTracker,
  route: Route,
): void {
  const requester = otherSide(sender);
  const matched = new Map<number, BatchCall>();
  const outsiders: string[] = [];
  let nullErrors = 0;
  arr.forEach((el, i) => {
    const key = idKey(el.id);
    // Look the batch up before routing: answering its last request removes it from the tracker.
    const p = key === null ? undefined : ex.pending.get(requestKey(requester, key));
    const b = p?.batchSeq == null ? undefined : ex.batches.get(p.batchSeq);
    if (b) matched.set(b.seq, b);
    else if (key === null && isPlainObject(el.error)) nullErrors++;
    else outsiders.push(key ?? 'null');
    route(elementMsg(seq, ts, sender, el, i, null));
  });
  if (matched.size === 0) {
    const nb = ex.notificationBatch[requester];
    if (nb !== null) {
      ctx.emit('jsonrpc/notification-batch-answered', seq, `A reply array followed batch #${nb}, which held only notifications.`, [nb]);
      ex.notificationBatch[requester] = null;
    }
    return;
  }
  let invalid = 0;
  for (const b of matched.values()) {
    invalid += b.invalid;
    const missing = b.keys.map((k) => ex.pending.get(k)).filter((p): p is PendingRequest => p?.batchSeq === b.seq);
    if (missing.length > 0) {
      ctx.emit('jsonrpc/batch-missing-response', seq, `The reply to batch #${b.seq} lacks responses for id ${missing.map((p) => p.id).join(', ')}.`, [b.seq]);
      for (const p of missing) p.quiet = true;
    }
    ex.batches.delete(b.seq);
  }
  const extra = [...outsiders.map((id) => `id ${id}`), ...(nullErrors > invalid ? [`${nullErrors - invalid} error(s) with id null`] : [])];
  if (extra.length > 0)
    ctx.emit('jsonrpc/batch-extra-response', seq, `The reply to batch #${[...matched.keys()].join(', #')} also holds ${extra.join(', ')}.`, [
      ...matched.keys(),
    ]);
}
