// `mcpscope call --fault <preset>[,<preset>…|all]`: fault-lab presets sent as their exact text, bytes or HTTP exchange,
// one graded JSON line each, like the browser's lab.
import { appliesTo, FAULT_PRESETS, faultPreset, type FaultPreset } from '../../shared/fault-lab/index.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { COLLECT_MS } from './collect-replies.js';
import { probeFault, slowTool } from './probe-fault.js';

/** Exit codes follow the verdict: as the spec says or spec is silent 0, deviates or died 1, no reply 3; a list exits with its worst. */
const VERDICT_EXIT = { 'as-spec': EXIT.result, 'spec-silent': EXIT.result, deviates: EXIT.rpcError, died: EXIT.rpcError, 'no-reply': EXIT.timeout } as const;
/** Fresh servers a run may start after deaths; past that the rest are not sent. */
const MAX_RESTARTS = 3;

type Mode = { kind: 'fault'; presetIds: string[] };

/** Why a preset cannot run on this target with these options, or null. */
function blocked(p: FaultPreset, o: CallOptions): string | null {
  const t = o.target.transport;
  if (!appliesTo(p, t === 'stdio' ? 'stdio' : 'http')) return `${p.id} is only meaningful over ${p.transport === 'stdio' ? 'stdio' : 'HTTP: add --url'}`;
  if (p.http && t !== 'http' && t !== 'auto') return `${p.id} is a raw Streamable HTTP exchange: use --url with --transport http or auto`;
  if (p.freshSession && o.handshake) return `${p.id} must go out before initialize: add --no-handshake`;
  return null;
}

/** The presets the mode names, or a usage note why one cannot run here. */
function chosen(o: CallOptions & { mode: Mode }): FaultPreset[] | string {
  if (o.mode.presetIds[0] === 'all') return FAULT_PRESETS.filter((p) => blocked(p, o) === null);
  const presets = o.mode.presetIds.map((id) => faultPreset(id)!);
  for (const p of presets) {
    const why = blocked(p, o);
    if (why !== null) return why;
  }
  return presets;
}

/**
 * `reopen`: a fresh, started session on the same target, for the presets after one that killed the server (the run
 * closes the sessions it opened; the first is the caller's). Without it a death ends the run.
 */
export async function runFault(first: CallSession, o: CallOptions & { mode: Mode }, out: Output, reopen?: () => Promise<CallSession>): Promise<number> {
  const presets = chosen(o);
  if (typeof presets === 'string') {
    out.note(presets);
    return EXIT.usage;
  }
  const timeoutMs = o.timeoutMs ?? COLLECT_MS;
  let session = first;
  const opened: CallSession[] = [];
  /** A fresh server with the run's handshake, or null past the restarts; the version it negotiated. */
  const fresh = async (): Promise<string | null> => {
    if (!reopen || opened.length >= MAX_RESTARTS) return null;
    try {
      session = await reopen();
      opened.push(session);
      const negotiated = o.handshake ? await callHandshake(session, o, timeoutMs, out) : null;
      return negotiated?.protocolVersion ?? o.protocolVersion;
    } catch (err) {
      // A URL whose server is gone stays gone: said, and the rest are not sent.
      out.note(`the server could not be reached again after it died (${err instanceof Error ? err.message : String(err)})`);
      return null;
    }
  };
  try {
    const negotiated = o.handshake ? await callHandshake(session, o, timeoutMs, out) : null;
    let protocolVersion: string | null = negotiated?.protocolVersion ?? o.protocolVersion;
    // mcpscope's own bookkeeping goes first, while the session is as the handshake left it: presets disturb it on purpose.
    const slow = presets.some((p) => p.lead) ? await slowTool(session, timeoutMs) : null;
    let worst: number = EXIT.result;
    for (const [i, preset] of presets.entries()) {
      if (session.failure !== null) {
        // It died after the last preset's wait: said, then a fresh server, or the run stops.
        out.note(`the server died before ${preset.id} (${session.failure})`);
        protocolVersion = await fresh();
        if (protocolVersion === null) return Math.max(worst, EXIT.transport);
      }
      const line = await probeFault(session, preset, { timeoutMs, protocolVersion, overHttp: o.target.transport !== 'stdio', slowTool: slow });
      out.line(line);
      worst = Math.max(worst, VERDICT_EXIT[line.verdict.outcome]);
      if (line.verdict.outcome !== 'died' || i === presets.length - 1) continue;
      protocolVersion = await fresh();
      if (protocolVersion === null) {
        out.note(
          `the server died on ${preset.id}; the presets after it are not sent${opened.length >= MAX_RESTARTS ? ` (${MAX_RESTARTS} fresh servers died already)` : ''}`,
        );
        return worst;
      }
      out.note(`the server died on ${preset.id}: the presets after it go to a fresh one`);
    }
    return worst;
  } catch (err) {
    return callFailure(out, err, session, o);
  } finally {
    await Promise.all(opened.map((s) => s.close().catch(() => undefined)));
  }
}
