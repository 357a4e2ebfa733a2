// `mcpscope call --raw`: one frame sent exactly as typed, then what came back within the timeout as JSON lines. The
// answer the frame calls for (raw-expectation.ts) decides the exit code; the server's own traffic meanwhile is printed
// marked `"unsolicited": true`, and never passes for an answer.
import { readHttpAnswers } from '../../shared/http-answer.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS, collectReplies, callTrafficFrom, replyLine, sendRawText } from './collect-replies.js';
import { ReplyMatcher, rawExpectation } from './raw-expectation.js';

/** Sorts frames into answers and the rest as they arrive; `answers` holds the seqs of the frames that answered. */
function sorter(matcher: ReplyMatcher) {
  const answers = new Set<number>();
  let seen = 0;
  const take = (frames: readonly FrameRecord[]) => {
    for (; seen < frames.length; seen++) {
      const f = frames[seen]!;
      // Over HTTP, an error with a null id on the request's own POST answers it (the transport ties them).
      const tied = readHttpAnswers([f])[0];
      if (tied?.seq !== undefined && matcher.settle(tied.requestIds)) answers.add(tied.seq);
      const parsed = f.dir === 'in' ? parseJson(f.text) : null;
      if (!parsed?.ok) continue;
      // A reply array answers when any element does (each element is taken once).
      const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
      if (items.map((m) => matcher.take(m)).some(Boolean)) answers.add(f.seq);
    }
  };
  return { answers, take };
}

export async function runRaw(session: CallSession, o: CallOptions & { mode: { kind: 'raw' } }, out: Output): Promise<number> {
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  const { text } = o.mode;
  const expectation = rawExpectation(text);
  const matcher = new ReplyMatcher(expectation);
  const sort = sorter(matcher);
  try {
    await callHandshake(session, o, timeoutMs, out);
    // Nothing owed: collect for the whole timeout, to show what the frame set off. Otherwise stop once answered.
    const got = await collectReplies(
      session,
      () => sendRawText(session, text),
      timeoutMs,
      (frames) => {
        sort.take(frames);
        return matcher.expected > 0 && matcher.missing === 0;
      },
      callTrafficFrom(session, o),
    );
    sort.take(got);
    const unsolicited = got.filter((f) => f.dir === 'in' && !sort.answers.has(f.seq));
    for (const f of got) out.line(f.dir === 'in' && !sort.answers.has(f.seq) ? { ...replyLine(f), unsolicited: true } : replyLine(f));
    if (expectation.nothing !== null) {
      out.note(`${expectation.nothing}; collected what came within ${timeoutMs} ms`);
      return EXIT.result;
    }
    if (matcher.missing === 0) return EXIT.result;
    // An HTTP refusal with no JSON-RPC in it (a 401, an error page) settled the request, locally: say so, like --method.
    const refusal = readHttpAnswers(got).find((a) => a.seq === undefined);
    if (refusal) {
      out.note(refusal.message);
      return EXIT.transport;
    }
    const owed = matcher.expected === 1 ? 'no reply' : `${matcher.missing} of ${matcher.expected} replies missing`;
    out.note(
      got.length === 0
        ? `nothing came back within ${timeoutMs} ms`
        : `${owed} within ${timeoutMs} ms${unsolicited.length > 0 ? `; ${unsolicited.length} unsolicited message${unsolicited.length === 1 ? '' : 's'} came meanwhile (marked "unsolicited")` : ''}`,
    );
    return EXIT.timeout;
  } catch (err) {
    return callFailure(out, err, session, o);
  }
}
