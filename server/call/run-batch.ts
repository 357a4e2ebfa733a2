// `mcpscope call --batch`: a JSON array sent as one frame, and each element paired with its reply (or "missing").
import { correlateBatch, type BatchElementOutcome } from '../../shared/correlate-batch.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS, collectReplies, callTrafficFrom, replyValues, sendRawText } from './collect-replies.js';

function shown(e: BatchElementOutcome): Record<string, unknown> {
  const base: Record<string, unknown> = { index: e.index, ...('id' in e ? { id: e.id } : {}), method: e.method, status: e.status };
  if (e.status === 'answered') base.response = e.response;
  if (e.status === 'missing') base.response = 'missing';
  if (e.duplicates) base.duplicates = e.duplicates;
  return base;
}

export async function runBatch(session: CallSession, o: CallOptions, items: unknown[], out: Output): Promise<number> {
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  // One compact line: the file's own layout would split the frame on stdio.
  const text = JSON.stringify(items);
  try {
    await callHandshake(session, o, timeoutMs, out);
    const got = await collectReplies(
      session,
      () => sendRawText(session, text, 'batch'),
      timeoutMs,
      (frames) => correlateBatch(items, replyValues(frames)).summary.missing === 0,
      callTrafficFrom(session, o),
    );
    const c = correlateBatch(items, replyValues(got));
    out.json({ elements: c.elements.map(shown), unexpected: c.unexpected, replyShape: c.replyShape, summary: c.summary });
    const { requests, missing } = c.summary;
    if (c.replyShape !== 'array' && c.replyShape !== 'none')
      out.note(`the replies came as ${c.replyShape === 'mixed' ? 'a mix of arrays and single messages' : 'single messages'}, not one array as JSON-RPC asks`);
    if (missing === 0) return EXIT.result;
    out.note(`${missing} of ${requests} request${requests === 1 ? '' : 's'} got no reply within ${timeoutMs} ms`);
    return EXIT.timeout;
  } catch (err) {
    return callFailure(out, err, session, o);
  }
}
