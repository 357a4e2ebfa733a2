// `mcpscope call --raw`: one frame sent exactly as typed, then every reply within the timeout as JSON lines (or none).
import { correlateBatch } from '../../shared/correlate-batch.js';
import { parseJson } from '../../shared/jsonrpc.js';
import { PeerRpcError } from '../../shared/client-engine.js';
import type { CallOptions } from './call-args.js';
import { callHandshake, handshakeMethod } from './call-handshake.js';
import { EXIT, printFailure, printRpcError, transportKind, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS, collectReplies, replyLine, replyValues } from './collect-replies.js';

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
      () => {
        const { sent, responses } = session.engine.sendRaw(text);
        // Replies are read from the frames; the engine's own waits only keep its ids straight.
        for (const r of responses) r.catch(() => undefined);
        return sent;
      },
      timeoutMs,
      complete,
    );
    for (const f of got) out.line(replyLine(f));
    if (got.length > 0) return EXIT.result;
    out.note(`nothing came back within ${timeoutMs} ms`);
    return EXIT.timeout;
  } catch (err) {
    if (err instanceof PeerRpcError) return printRpcError(out, err.response, { protocolVersion: o.protocolVersion, transport: transportKind(o.target), what: `the handshake (${handshakeMethod(o)})` });
    return printFailure(out, err, session.stderr());
  }
}
