// `mcpscope call --raw`: one frame sent exactly as typed, then every reply within the timeout as JSON lines (or none).
import { correlateBatch } from '../../shared/correlate-batch.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS, collectReplies, replyLine, replyValues, sendRawText } from './collect-replies.js';

export async function runRaw(session: CallSession, o: CallOptions & { mode: { kind: 'raw' } }, out: Output): Promise<number> {
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  const { text } = o.mode;
  const parsed = parseJson(text);
  // Requests inside the text let the wait end early once each is answered; anything else waits the whole time.
  const items = parsed.ok ? (Array.isArray(parsed.value) ? parsed.value : [parsed.value]) : [];
  const complete = (frames: Parameters<typeof replyValues>[0]) => {
    const { summary } = correlateBatch(items, replyValues(frames));
    return summary.requests > 0 && summary.missing === 0;
  };
  try {
    await callHandshake(session, o, timeoutMs, out);
    const got = await collectReplies(
      session,
      () => sendRawText(session, text),
      timeoutMs,
      complete,
    );
    for (const f of got) out.line(replyLine(f));
    if (got.length > 0) return EXIT.result;
    out.note(`nothing came back within ${timeoutMs} ms`);
    return EXIT.timeout;
  } catch (err) {
    return callFailure(out, err, session, o);
  }
}
