// `mcpscope call --fault <preset>`: one fault-lab preset sent as its exact text or bytes, graded like the browser's lab.
import { bytesToText, faultPreset, fromBase64, gradeFault, isSettled, type FaultReply } from '../../shared/fault-lab/index.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS, collectReplies, replyLine, sendRawText } from './collect-replies.js';

/** Exit codes follow the verdict: as the spec says 0, deviates 1, no reply 3. */
const VERDICT_EXIT = { 'as-spec': EXIT.result, deviates: EXIT.rpcError, 'no-reply': EXIT.timeout } as const;

function toReplies(frames: readonly FrameRecord[]): FaultReply[] {
  return frames.flatMap((f) => {
    if (f.dir !== 'in') return [];
    const parsed = parseJson(f.text);
    return [parsed.ok ? { text: f.text, value: parsed.value } : { text: f.text }];
  });
}

export async function runFault(session: CallSession, o: CallOptions & { mode: { kind: 'fault' } }, out: Output): Promise<number> {
  const preset = faultPreset(o.mode.presetId)!;
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  if (preset.freshSession && o.handshake) {
    out.note(`${preset.id} must go out before initialize: add --no-handshake`);
    return EXIT.usage;
  }
  try {
    if (o.handshake) await callHandshake(session, o, timeoutMs, out);
    const payload = preset.build({ id: session.engine.takeId(), protocolVersion: o.protocolVersion });
    const text = 'text' in payload ? payload.text : bytesToText(fromBase64(payload.b64));
    const send = async () => {
      if ('text' in payload) return sendRawText(session, payload.text);
      session.engine.noteOutgoing(text);
      session.sendBytes(Buffer.from(payload.b64, 'base64'));
    };
    const got = await collectReplies(session, send, timeoutMs, (frames) => isSettled(preset.expect, text, toReplies(frames)));
    const verdict = gradeFault(preset.expect, text, toReplies(got), { splitReplies: o.target.transport !== 'stdio' });
    out.line({ preset: preset.id, title: preset.title, spec: preset.spec, sent: text, verdict, replies: got.map(replyLine) });
    return VERDICT_EXIT[verdict.outcome];
  } catch (err) {
    return callFailure(out, err, session, o);
  }
}
