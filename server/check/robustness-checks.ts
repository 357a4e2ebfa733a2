// The fault lab's presets as checks, on a scratch connection of their own (they disturb protocol state on purpose),
// graded as the lab grades them (as the spec says, or a spec silent on the answer → pass; deviates or no reply → warn,
// since each preset's expectation is the lab's reading of JSON-RPC 2.0 and the transports, not an MCP sentence with a
// keyword).
import { appliesTo, FAULT_PRESETS, presetLanes, type FaultPreset } from '../../shared/fault-lab/index.js';
import type { CheckContext, CheckResult, CheckStatus } from '../../shared/check/index.js';
import { probeFault } from '../call/probe-fault.js';
import type { CheckHost } from './check-host.js';

const STATUS = { 'as-spec': 'pass', 'spec-silent': 'pass', deviates: 'warn', 'no-reply': 'warn' } as const satisfies Record<string, CheckStatus>;
/** A preset's wait: enough for a reply on a loaded machine, short enough that silence does not drag the run out. */
const PRESET_WAIT_MS = 2000;
const SESSION = 'robustness';

/** Presets that run on an initialized connection on this transport (no lead request, no fresh session). */
export function robustnessPresets(overHttp: boolean): FaultPreset[] {
  return FAULT_PRESETS.filter((p) => !p.freshSession && !p.lead && appliesTo(p, overHttp ? 'http' : 'stdio') && (!p.http || overHttp));
}

// The presets go in contiguous slices, one per lane (a scratch connection of its own; shared/fault-lab/lanes.ts). Most
// of a run is waiting out the window of a preset nothing answers, 2 s each, 16 of them on an SDK server over stdio
// (39 s one after another, about 15 s in four lanes). One lane is the default: every further lane runs another copy
// of the server at the same time, which a server that holds a lock or a port cannot do, and mcpscope must not be the
// cause of a failure it reports (`check --lanes`).

/** One lane: a fresh connection, its handshake, then its presets in order; a preset after the connection ended is not sent. */
async function runLane(ctx: CheckContext, host: CheckHost, name: string, presets: readonly FaultPreset[], overHttp: boolean, onResult: (r: CheckResult) => void): Promise<CheckResult[]> {
  const conn = await ctx.fresh(name);
  const session = host.sessions.get(name)!;
  const results: CheckResult[] = [];
  try {
    const c = await conn.engine.connect({ era: 'legacy', clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs });
    for (const preset of presets) {
      const base = { id: `robustness/${preset.id}`, group: 'robustness' as const, title: preset.title, session: name, fix: `What the spec asks for here: ${preset.spec}.` };
      const spec = { keyword: 'silent' as const, quote: `${preset.spec} (the fault lab's expectation for "${preset.title}"; MCP gives no keyword for a server's answer to malformed input)`, source: preset.http ? 'MCP Streamable HTTP transport' : 'JSON-RPC 2.0 §4–5' };
      if (session.failure !== null) {
        results.push({ ...base, spec, status: 'skip', detail: `not sent: the connection ended earlier (${session.failure})`, frames: [] });
        onResult(results.at(-1)!);
        continue;
      }
      const before = session.frames.length;
      const started = Date.now();
      const line = await probeFault(session, preset, { timeoutMs: PRESET_WAIT_MS, protocolVersion: c.protocolVersion, overHttp });
      const frames = session.frames.slice(before).filter((f) => f.kind !== 'stderr').map((f) => f.seq).slice(0, 8);
      results.push({ ...base, spec, status: STATUS[line.verdict.outcome], detail: line.verdict.explanation, frames, durationMs: Date.now() - started });
      onResult(results.at(-1)!);
    }
  } finally {
    await conn.close();
  }
  return results;
}

/**
 * The presets' results in the table's order; the lanes' connections are `robustness`, then `robustness-2`, … Each
 * result also goes to `onResult` as its preset finishes (lanes side by side interleave there, not in the return value).
 */
export async function robustnessChecks(ctx: CheckContext, host: CheckHost, laneCount = 1, onResult: (r: CheckResult) => void = () => {}): Promise<CheckResult[]> {
  if (ctx.connection.era !== 'legacy' || (ctx.transport !== 'stdio' && ctx.transport !== 'http')) return [];
  const overHttp = ctx.transport === 'http';
  const lanes = presetLanes(robustnessPresets(overHttp), laneCount);
  // Every lane finishes (and closes its connection) before a failed one's error goes up.
  const settled = await Promise.allSettled(lanes.map((presets, i) => runLane(ctx, host, i === 0 ? SESSION : `${SESSION}-${i + 1}`, presets, overHttp, onResult)));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}
