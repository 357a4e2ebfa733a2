// Checks progress and cancellation notifications against the requests they refer to.
import { idKey, isPlainObject } from '../jsonrpc.js';
import { otherSide, type LintContext, type Msg } from './lint-context.js';
import { requestKey, type ExchangeTracker } from './exchange-tracker.js';
import type { McpSession } from './mcp-session.js';
import { describeTooNew, tooNewInProgress } from './version-fields.js';

export function onProgress(ctx: LintContext, m: Msg, ex: ExchangeTracker, session: McpSession): void {
  const params = isPlainObject(m.obj.params) ? m.obj.params : {};
  const v = session.rulesVersion;
  if (v) {
    const tooNew = tooNewInProgress(params, v);
    if (tooNew.length > 0) ctx.emit('mcp/field-not-in-version', m.seq, `${describeTooNew(tooNew, v)}.`);
  }
  const token = idKey(params.progressToken);
  if (token === null) {
    ctx.emit('mcp/progress-unknown-token', m.seq, `Progress${m.where} carries no usable progressToken.`);
    return;
  }
  // Progress flows from whoever works on a request back to whoever sent it.
  const key = requestKey(otherSide(m.sender), token);
  const pendingKey = ex.tokens.get(key);
  const p = pendingKey === undefined ? undefined : ex.pending.get(pendingKey);
  if (p) {
    const progress = params.progress;
    if (typeof progress === 'number') {
      if (p.lastProgress !== null && progress <= p.lastProgress) {
        ctx.emit('mcp/progress-not-increasing', m.seq, `Progress ${progress} for token ${token} does not exceed the previous ${p.lastProgress}.`, [p.seq]);
      }
      p.lastProgress = progress;
    }
    return;
  }
  // A task-augmented request's token outlives its CreateTaskResult: progress goes on until the task ends.
  if (ex.taskTokens.has(key)) return;
  const f = ex.finishedTokens.get(key);
  if (f?.cancelSeq != null) {
    const ms = Math.round(m.ts - f.cancelTs);
    ctx.emit('mcp/message-after-cancel', m.seq, `Progress for token ${token} arrived ${ms} ms after its request was cancelled.`, [f.reqSeq, f.cancelSeq]);
  } else if (f) {
    ctx.emit(
      'mcp/progress-after-response',
      m.seq,
      `Progress for token ${token} arrived after its request was answered.`,
      f.respSeq === null ? [f.reqSeq] : [f.reqSeq, f.respSeq],
    );
  } else {
    ctx.emit('mcp/progress-unknown-token', m.seq, `No in-flight ${otherSide(m.sender)} request carries progressToken ${token}.`);
  }
}

export function onCancelled(ctx: LintContext, m: Msg, ex: ExchangeTracker): void {
  const params = isPlainObject(m.obj.params) ? m.obj.params : {};
  const p = ex.cancel(m, params.requestId);
  if (p?.method === 'initialize') ctx.emit('mcp/initialize-cancelled', m.seq, 'The client cancelled its initialize request.', [p.seq]);
}
