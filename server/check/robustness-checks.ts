// The fault lab's presets as checks, on a scratch connection of their own (they disturb protocol state on purpose),
// graded as the lab grades them (as the spec says → pass; deviates or no reply → warn, since each preset's expectation
// is the lab's reading of JSON-RPC 2.0 and the transports, not an MCP sentence with a keyword).
import { appliesTo, FAULT_PRESETS, type FaultPreset } from '../../shared/fault-lab/index.js';
import type { CheckContext, CheckResult, CheckStatus } from '../../shared/check/index.js';
import { probeFault } from '../call/probe-fault.js';
import type { CheckHost } from './check-host.js';

const STATUS = { 'as-spec': 'pass', deviates: 'warn', 'no-reply': 'warn' } as const satisfies Record<string, CheckStatus>;
/** A preset's wait: enough for a reply on a loaded machine, short enough that silence does not drag the run out. */
const PRESET_WAIT_MS = 2000;
const SESSION = 'robustness';

/** Presets that run on an initialized connection on this transport (no lead request, no fresh session). */
export function robustnessPresets(overHttp: boolean): FaultPreset[] {
  return FAULT_PRESETS.filter((p) => !p.freshSession && !p.lead && appliesTo(p, overHttp ? 'http' : 'stdio') && (!p.http || overHttp));
}

export async function robustnessChecks(ctx: CheckContext, host: CheckHost): Promise<CheckResult[]> {
  if (ctx.connection.era !== 'legacy' || (ctx.transport !== 'stdio' && ctx.transport !== 'http')) return [];
  const overHttp = ctx.transport === 'http';
  const conn = await ctx.fresh(SESSION);
  const session = host.sessions.get(SESSION)!;
  const results: CheckResult[] = [];
  try {
    const c = await conn.engine.connect({ era: 'legacy', clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs });
    for (const preset of robustnessPresets(overHttp)) {
      const base = { id: `robustness/${preset.id}`, group: 'robustness' as const, title: preset.title, session: SESSION, fix: `What the spec asks for here: ${preset.spec}.` };
      const spec = { keyword: 'silent' as const, quote: `${preset.spec} (the fault lab's expectation for "${preset.title}"; MCP gives no keyword for a server's answer to malformed input)`, source: preset.http ? 'MCP Streamable HTTP transport' : 'JSON-RPC 2.0 §4–5' };
      if (session.failure !== null) {
        results.push({ ...base, spec, status: 'skip', detail: `not sent: the connection ended earlier (${session.failure})`, frames: [] });
        continue;
      }
      const before = session.frames.length;
      const line = await probeFault(session, preset, { timeoutMs: PRESET_WAIT_MS, protocolVersion: c.protocolVersion, overHttp });
      const frames = session.frames.slice(before).filter((f) => f.kind !== 'stderr').map((f) => f.seq).slice(0, 8);
      results.push({ ...base, spec, status: STATUS[line.verdict.outcome], detail: line.verdict.explanation, frames });
    }
  } finally {
    await conn.close();
  }
  return results;
}
