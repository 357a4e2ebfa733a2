// Runs one preset and grades it: a frame (after a slow lead request, for the duplicate id) or a raw HTTP exchange.
import {
  diedVerdict,
  gradeFault,
  gradeHttpProbe,
  isSettled,
  pickSlowTool,
  type BuildContext,
  type FaultPayload,
  type FaultPreset,
  type FaultRunRecord,
  type SlowTool,
} from '../../../shared/fault-lab/index.js';
import { mcpCall } from '../../lib/mcp/mcp-call.js';
import type { RelayClient } from '../../lib/relay/relay-client.js';
import { payloadText, sendProbe } from '../../lib/mcp/send-probe.js';

export interface FaultRun extends FaultRunRecord {
  /** The sent frame's (or the HTTP exchange's) seq, so the table can show it in the log. */
  sentSeq: number | null;
  /** The scratch session it ran on (its log holds `sentSeq`); null when none opened. */
  sessionId: string | null;
}

export interface ProbeContext {
  waitMs: number;
  protocolVersion: string;
  negotiated: string | null;
  overHttp: boolean;
}

/** A slow tool the server lists, for the duplicate-id preset; null when it lists none we know. */
async function findSlowTool(client: RelayClient, sessionId: string): Promise<SlowTool | null> {
  const { result } = await mcpCall(client.engines.get(sessionId), 'tools/list', undefined, { timeoutMs: 10_000, origin: 'bookkeeping' });
  const tools = Array.isArray(result.tools) ? (result.tools as { name?: unknown }[]) : [];
  return pickSlowTool(tools.map((t) => String(t.name)));
}

function record(preset: FaultPreset, sent: string, rest: Omit<FaultRun, 'presetId' | 'title' | 'spec' | 'sent' | 'sessionId'>): FaultRun {
  return { presetId: preset.id, title: preset.title, spec: preset.spec, sent, sessionId: null, ...rest };
}

async function probeHttp(client: RelayClient, sessionId: string, preset: FaultPreset, payload: FaultPayload, ctx: ProbeContext): Promise<FaultRun> {
  const http = preset.http!;
  const body = payloadText(payload);
  const started = performance.now();
  const result = await client.socket.httpProbe(sessionId, { method: http.method, headers: { ...http.headers }, ...(body ? { body } : {}), waitMs: ctx.waitMs });
  const verdict =
    preset.expect.kind === 'http'
      ? gradeHttpProbe(preset.expect, result, ctx.negotiated)
      : { outcome: 'no-reply' as const, explanation: 'not an HTTP expectation' };
  const changes = Object.entries(http.headers).map(([k, v]) => (v === null ? `no ${k}` : `${k}: ${v}`));
  const sent = `${http.method}${changes.length ? ` (${changes.join(', ')})` : ''}${body ? ` ${body}` : ''}`;
  const firstReply = result.status === null ? null : `${result.status} ${result.statusText}${result.body ? ` ${result.body.slice(0, 200)}` : ''}`;
  return record(preset, sent, { verdict, firstReply, waitedMs: performance.now() - started, sentSeq: result.exchangeSeq });
}

/** `build`: the id is taken here, not peeked, so a payload the engine cannot parse never leaves its id free for reuse. */
export async function probePreset(
  client: RelayClient,
  sessionId: string,
  preset: FaultPreset,
  edited: FaultPayload | undefined,
  ctx: ProbeContext,
): Promise<FaultRun> {
  const engine = client.engines.get(sessionId);
  const slowTool = preset.lead ? await findSlowTool(client, sessionId) : null;
  if (preset.lead && slowTool === null) {
    return record(preset, '', {
      verdict: {
        outcome: 'no-reply',
        local: true,
        explanation: 'Not sent (made locally): the server lists no slow tool this preset knows (slow_count, trigger-long-running-operation).',
      },
      firstReply: null,
      waitedMs: 0,
      sentSeq: null,
    });
  }
  const build: BuildContext = { id: engine.takeId(), protocolVersion: ctx.protocolVersion, slowTool };
  const payload = edited ?? preset.build(build);
  if (preset.http) return probeHttp(client, sessionId, preset, payload, ctx);
  if (preset.lead) {
    // The lead reuses the payload's id: parse the edited payload's id if the user changed it.
    const lead = preset.lead({ ...build, id: idOf(payloadText(payload)) ?? build.id });
    engine.noteOutgoing(lead, 'lab');
    await client.socket.send(sessionId, lead, 'lab');
  }
  const waitMs = Math.max(ctx.waitMs, preset.minWaitMs ?? 0);
  const probe = await sendProbe(client, sessionId, payload, { waitMs, settled: (replies, text, refused) => isSettled(preset.expect, text, replies, refused) });
  // A server that died on the preset is that verdict, not "no reply": the runner starts a fresh one for the rest.
  const verdict = probe.death
    ? diedVerdict(`the preset "${preset.title}"`, probe.death)
    : gradeFault(preset.expect, probe.sentText, probe.replies, { splitReplies: ctx.overHttp, refusal: probe.refusal, protocolVersion: ctx.negotiated });
  return record(preset, probe.sentText, { verdict, firstReply: probe.replies[0]?.text ?? null, waitedMs: probe.waitedMs, sentSeq: probe.sentSeq });
}

function idOf(text: string): number | null {
  const m = /"id"\s*:\s*(-?\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}
