// `mcpscope call --fault <preset>[,<preset>…|all]`: fault-lab presets sent as their exact text, bytes or HTTP exchange,
// one graded JSON line each, like the browser's lab.
import { appliesTo, FAULT_PRESETS, faultPreset, type FaultPreset } from '../../shared/fault-lab/index.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS } from './collect-replies.js';
import { probeFault, slowTool } from './probe-fault.js';

/** Exit codes follow the verdict: as the spec says 0, deviates 1, no reply 3; a list exits with its worst. */
const VERDICT_EXIT = { 'as-spec': EXIT.result, deviates: EXIT.rpcError, 'no-reply': EXIT.timeout } as const;

type Mode = { kind: 'fault'; presetIds: string[] };

/** Why a preset cannot run on this target with these options, or null. */
function blocked(p: FaultPreset, o: CallOptions): string | null {
  const t = o.target.transport;
  if (!appliesTo(p, t === 'stdio' ? 'stdio' : 'http')) return `${p.id} is only meaningful over ${p.transport === 'stdio' ? 'stdio' : 'HTTP: add --url'}`;
  if (p.http && t !== 'http' && t !== 'auto') return `${p.id} is a raw Streamable HTTP exchange: use --url with --transport http or auto`;
  if (p.freshSession && o.handshake) return `${p.id} must go out before initialize: add --no-handshake`;
  return null;
}

export async function runFault(session: CallSession, o: CallOptions & { mode: Mode }, out: Output): Promise<number> {
  const all = o.mode.presetIds[0] === 'all';
  const presets = all ? FAULT_PRESETS.filter((p) => blocked(p, o) === null) : o.mode.presetIds.map((id) => faultPreset(id)!);
  if (!all) {
    for (const p of presets) {
      const why = blocked(p, o);
      if (why !== null) {
        out.note(why);
        return EXIT.usage;
      }
    }
  }
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  try {
    const negotiated = o.handshake ? await callHandshake(session, o, timeoutMs, out) : null;
    const protocolVersion = negotiated?.protocolVersion ?? o.protocolVersion;
    // mcpscope's own bookkeeping goes first, while the session is as the handshake left it: presets disturb it on purpose.
    const slow = presets.some((p) => p.lead) ? await slowTool(session, timeoutMs) : null;
    let worst: number = EXIT.result;
    for (const preset of presets) {
      if (session.failure !== null) {
        out.note(`stopped before ${preset.id}: ${session.failure}`);
        return EXIT.transport;
      }
      const line = await probeFault(session, preset, { timeoutMs, protocolVersion, overHttp: o.target.transport !== 'stdio', slowTool: slow });
      out.line(line);
      worst = Math.max(worst, VERDICT_EXIT[line.verdict.outcome]);
    }
    return worst;
  } catch (err) {
    return callFailure(out, err, session, o);
  }
}
