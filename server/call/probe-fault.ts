// One fault-lab preset from the CLI: its frame (after a slow lead request for the duplicate id) or its raw HTTP
// exchange, graded with the same verdict functions as the browser's lab.
import {
  bytesToText,
  fromBase64,
  gradeFault,
  gradeHttpProbe,
  isSettled,
  judgeVerdict,
  pickSlowTool,
  type FaultPreset,
  type FaultReply,
  type FaultVerdict,
  type HttpRefusal,
  type SlowTool,
} from '../../shared/fault-lab/index.js';
import type { Severity } from '../../shared/lint/lint-types.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallSession } from './call-session.js';
import { collectReplies, replyLine, sendRawText } from './collect-replies.js';
import { deathOf, diedVerdict, type ServerDeath } from './server-death.js';

export interface FaultLine {
  preset: string;
  title: string;
  spec: string;
  sent: string;
  verdict: FaultVerdict;
  /** What the verdict costs (preset-sentences.ts): the severity lint would give, and the keyword it rests on; null: nothing. */
  severity: Severity | null;
  keyword: string | null;
  replies: unknown[];
  http?: { status: number | null; statusText: string; contentType: string; body: string; error: string | null };
}

function toReplies(frames: readonly FrameRecord[]): FaultReply[] {
  return frames.flatMap((f) => {
    if (f.dir !== 'in') return [];
    const parsed = parseJson(f.text);
    return [parsed.ok ? { text: f.text, value: parsed.value } : { text: f.text }];
  });
}

/** Over HTTP: the finished exchange that carried frame `seq`, when it got an error status. */
function refusalOf(frames: readonly FrameRecord[], seq: number): HttpRefusal | null {
  for (const f of frames) {
    if (f.kind !== 'http' || f.seq <= seq) continue;
    const parsed = parseJson(f.text);
    const x = parsed.ok ? parsed.value : null;
    if (!isPlainObject(x) || x.sentSeq !== seq || x.state === 'open' || !isPlainObject(x.response)) continue;
    const { status, statusText } = x.response;
    if (typeof status === 'number' && status >= 400) return { status, statusText: String(statusText ?? '') };
  }
  return null;
}

/** A slow tool the server lists, for the duplicate-id preset; null when it lists none known (or declared no tools). */
export async function slowTool(session: CallSession, timeoutMs: number): Promise<SlowTool | null> {
  // Bookkeeping: refused, unsent, by a server that declared no tools (then no slow tool is known either).
  const r = await session.engine.request('tools/list', undefined, { timeoutMs, origin: 'bookkeeping' }).catch(() => ({}) as Record<string, unknown>);
  const tools = isPlainObject(r.result) && Array.isArray(r.result.tools) ? (r.result.tools as { name?: unknown }[]) : [];
  return pickSlowTool(tools.map((t) => String(t.name)));
}

/**
 * What the death is pinned on: over stdio the exit is seen as it happens; over HTTP a server that died is seen when
 * the next connection is refused, which may be this preset's, so the wording leaves the one before it open.
 */
function diedOn(preset: FaultPreset, death: ServerDeath): string {
  return death.refused ? `the preset "${preset.title}" or the one before it (its endpoint refused this preset's connection)` : `the preset "${preset.title}"`;
}

/** The line for a preset, with what its verdict costs. */
function lineOf(preset: FaultPreset, sent: string, verdict: FaultVerdict, rest: Pick<FaultLine, 'replies' | 'http'>): FaultLine {
  const j = judgeVerdict(preset.id, verdict);
  return {
    preset: preset.id,
    title: preset.title,
    spec: preset.spec,
    sent,
    verdict,
    severity: j.severity,
    keyword: j.severity === null ? null : (j.sentence.keyword ?? 'none'),
    ...rest,
  };
}

async function probeHttp(session: CallSession, preset: FaultPreset, body: string, waitMs: number, protocolVersion: string | null): Promise<FaultLine> {
  const http = preset.http!;
  const since = session.frames.length;
  const r = await session.httpProbe({ method: http.method, headers: { ...http.headers }, body, waitMs });
  const death = r.status === null ? deathOf(session, since, r.error) : null;
  const verdict = death
    ? diedVerdict(diedOn(preset, death), death)
    : preset.expect.kind === 'http'
      ? gradeHttpProbe(preset.expect, r, protocolVersion)
      : { outcome: 'no-reply' as const, explanation: 'not an HTTP expectation' };
  const { status, statusText, contentType, error } = r;
  return lineOf(preset, `${http.method} ${JSON.stringify(http.headers)} ${body}`.trim(), verdict, {
    replies: r.messages,
    http: { status, statusText, contentType, body: r.body.slice(0, 2000), error },
  });
}

/**
 * `protocolVersion`: what the handshake negotiated, else what was offered. `slowTool`: found before the run began (a
 * tools/list sent after a preset disturbed the session would be mcpscope's own request in a broken lifecycle).
 */
export async function probeFault(
  session: CallSession,
  preset: FaultPreset,
  o: { timeoutMs: number; protocolVersion: string; overHttp: boolean; slowTool?: SlowTool | null },
): Promise<FaultLine> {
  const lead = preset.lead ? (o.slowTool !== undefined ? o.slowTool : await slowTool(session, o.timeoutMs)) : null;
  if (preset.lead && lead === null) {
    const verdict: FaultVerdict = {
      outcome: 'no-reply',
      local: true,
      explanation: 'Not sent (made locally): the server lists no slow tool this preset knows (slow_count, trigger-long-running-operation).',
    };
    return lineOf(preset, '', verdict, { replies: [] });
  }
  const ctx = { id: session.engine.takeId(), protocolVersion: o.protocolVersion, slowTool: lead };
  const payload = preset.build(ctx);
  const text = 'text' in payload ? payload.text : bytesToText(fromBase64(payload.b64));
  if (preset.http) return probeHttp(session, preset, text, o.timeoutMs, o.protocolVersion);
  let sentSeq = -1;
  const send = async () => {
    if (preset.lead) await sendRawText(session, preset.lead(ctx), 'lab');
    sentSeq = session.frames.length + 1;
    if ('text' in payload) return sendRawText(session, payload.text, 'lab');
    session.engine.noteOutgoing(text, 'lab');
    session.sendBytes(Buffer.from(payload.b64, 'base64'), 'lab');
  };
  const waitMs = Math.max(o.timeoutMs, preset.minWaitMs ?? 0);
  const since = session.frames.length;
  let got: FrameRecord[];
  try {
    got = await collectReplies(session, send, waitMs, (frames) =>
      isSettled(preset.expect, text, toReplies(frames), refusalOf(session.frames, sentSeq) !== null),
    );
  } catch (err) {
    // The send itself failed: on a dead server that is the verdict; anything else is mcpscope's own failure.
    const death = deathOf(session, since, err instanceof Error ? err.message : String(err));
    if (!death) throw err;
    return lineOf(preset, text, diedVerdict(diedOn(preset, death), death), { replies: [] });
  }
  const death = deathOf(session, since);
  const refusal = refusalOf(session.frames, sentSeq);
  const verdict = death
    ? diedVerdict(diedOn(preset, death), death)
    : gradeFault(preset.expect, text, toReplies(got), { splitReplies: o.overHttp, refusal, protocolVersion: o.protocolVersion });
  return lineOf(preset, text, verdict, { replies: got.map(replyLine) });
}
