// The fault lab's presets as checks, on a scratch connection of their own (they disturb protocol state on purpose),
// graded as the lab grades them and costing what the lab says: each preset's sentence (shared/fault-lab/
// preset-sentences.ts) sets the severity, and severity the status (error → fail, warning → warn, info → pass, with the
// deviation in the detail), as lint's findings do in check. A preset that kills the server is graded "died" once, and
// the presets after it run on a fresh server (a restarted process, or a new HTTP session), never as "no reply".
import { appliesTo, FAULT_PRESETS, faultPreset, judgeVerdict, presetLanes, type FaultPreset, type PresetSentence } from '../../shared/fault-lab/index.js';
import { checkKeyword, type CheckContext, type CheckResult, type CheckStatus, type SpecSentence } from '../../shared/check/index.js';
import type { Severity } from '../../shared/lint/lint-types.js';
import { probeFault, type FaultLine } from '../call/probe-fault.js';
import { deathOf, diedVerdict } from '../call/server-death.js';
import type { CheckHost } from './check-host.js';

const STATUS_OF: Record<Severity, CheckStatus> = { error: 'fail', warning: 'warn', info: 'pass' };
/** A preset's wait: enough for a reply on a loaded machine, short enough that silence does not drag the run out. */
const PRESET_WAIT_MS = 2000;
const SESSION = 'robustness';
/** Restarts per lane: a server that dies on every preset is reported after this many, and the rest are skipped. */
const MAX_RESTARTS = 3;

const presetOf = (id: string): FaultPreset => faultPreset(id.replace(/^robustness\//, ''))!;

/** A preset's sentence in the check's vocabulary (its keywords are those of the report's schema). */
function checkSentence(s: PresetSentence): SpecSentence {
  return { keyword: checkKeyword(s.keyword), quote: s.rule ? `${s.text} (lint: ${s.rule})` : s.text, source: s.source };
}

/** The result of one preset's line: its status from the verdict's severity, the sentence that set it. */
export function robustnessResult(preset: FaultPreset, line: Pick<FaultLine, 'verdict'>, base: Omit<CheckResult, 'status' | 'detail' | 'spec'>): CheckResult {
  const j = judgeVerdict(preset.id, line.verdict);
  const status = j.severity === null ? 'pass' : STATUS_OF[j.severity];
  const detail = j.severity === 'info' ? `info (${j.sentence.keyword ?? 'no keyword'}): ${line.verdict.explanation}` : line.verdict.explanation;
  return { ...base, status, detail, spec: checkSentence(j.sentence) };
}

/** Presets that run on an initialized connection on this transport (no lead request, no fresh session). */
export function robustnessPresets(overHttp: boolean): FaultPreset[] {
  return FAULT_PRESETS.filter((p) => !p.freshSession && !p.lead && appliesTo(p, overHttp ? 'http' : 'stdio') && (!p.http || overHttp));
}

// The presets go in contiguous slices, one per lane (a scratch connection of its own; shared/fault-lab/lanes.ts). Most
// of a run is waiting out the window of a preset nothing answers, 2 s each, 16 of them on an SDK server over stdio
// (39 s one after another, about 15 s in four lanes). One lane is the default: every further lane runs another copy
// of the server at the same time, which a server that holds a lock or a port cannot do, and mcpscope must not be the
// cause of a failure it reports (`check --lanes`).

/**
 * One lane: a fresh connection, its handshake, then its presets in order. When a preset kills the server, that preset
 * is graded "died" and the lane goes on with a fresh connection (`<lane>-restart-<n>`); one that cannot be opened
 * skips the rest, saying why.
 */
async function runLane(
  ctx: CheckContext,
  host: CheckHost,
  name: string,
  presets: readonly FaultPreset[],
  overHttp: boolean,
  onResult: (r: CheckResult) => void,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const push = (r: CheckResult) => {
    results.push(r);
    onResult(r);
  };
  let lane = { name, restarts: 0, ended: null as string | null };
  const open = async (): Promise<{ close(): Promise<void>; protocolVersion: string } | null> => {
    try {
      const conn = await ctx.fresh(lane.name);
      const c = await conn.engine
        .connect({ era: 'legacy', clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs })
        .catch(async (err: unknown) => {
          await conn.close();
          throw err;
        });
      return { close: () => conn.close(), protocolVersion: c.protocolVersion };
    } catch (err) {
      if (lane.restarts === 0) throw err;
      lane.ended = `the server could not be started again after it died (${err instanceof Error ? err.message : String(err)})`;
      return null;
    }
  };
  let conn = await open();
  /** After a death: the dead connection closed, a fresh one in its place (or none, past the restarts). */
  const restart = async () => {
    await conn?.close();
    if (lane.restarts >= MAX_RESTARTS) {
      lane.ended = `the server died ${lane.restarts + 1} times in this lane; the rest are not sent`;
      conn = null;
      return;
    }
    lane = { name: `${name}-restart-${lane.restarts + 1}`, restarts: lane.restarts + 1, ended: null };
    conn = await open();
  };
  try {
    for (const preset of presets) {
      let session = host.sessions.get(lane.name)!;
      const previous = results.at(-1);
      if (conn !== null && session.failure !== null && previous !== undefined && previous.session === lane.name && previous.status !== 'skip') {
        // It died after the last preset's reply or wait: that preset is the one it died on.
        const died = diedVerdict(`the preset "${previous.title}" (after its wait)`, deathOf(session, 0)!);
        Object.assign(previous, robustnessResult(presetOf(previous.id), { verdict: died }, previous));
        await restart();
        session = host.sessions.get(lane.name)!;
      }
      const base = {
        id: `robustness/${preset.id}`,
        group: 'robustness' as const,
        title: preset.title,
        session: lane.name,
        fix: `What the spec asks for here: ${preset.spec}.`,
      };
      if (conn === null || session.failure !== null) {
        const why = lane.ended ?? `the connection ended earlier (${session.failure})`;
        push({
          ...base,
          spec: checkSentence(judgeVerdict(preset.id, { outcome: 'as-spec', explanation: '' }).sentence),
          status: 'skip',
          detail: `not sent: ${why}`,
          frames: [],
        });
        continue;
      }
      const before = session.frames.length;
      const started = Date.now();
      const line = await probeFault(session, preset, { timeoutMs: PRESET_WAIT_MS, protocolVersion: conn.protocolVersion, overHttp });
      const frames = session.frames
        .slice(before)
        .filter((f) => f.kind !== 'stderr')
        .map((f) => f.seq)
        .slice(0, 8);
      push({ ...robustnessResult(preset, line, { ...base, frames }), durationMs: Date.now() - started });
      if (line.verdict.outcome === 'died') await restart();
    }
  } finally {
    await conn?.close();
  }
  return results;
}

/**
 * The presets' results in the table's order; the lanes' connections are `robustness`, then `robustness-2`, … Each
 * result also goes to `onResult` as its preset finishes (lanes side by side interleave there, not in the return value).
 */
export async function robustnessChecks(
  ctx: CheckContext,
  host: CheckHost,
  laneCount = 1,
  onResult: (r: CheckResult) => void = () => {},
): Promise<CheckResult[]> {
  if (ctx.connection.era !== 'legacy' || (ctx.transport !== 'stdio' && ctx.transport !== 'http')) return [];
  const overHttp = ctx.transport === 'http';
  const lanes = presetLanes(robustnessPresets(overHttp), laneCount);
  // Every lane finishes (and closes its connection) before a failed one's error goes up.
  const settled = await Promise.allSettled(
    lanes.map((presets, i) => runLane(ctx, host, i === 0 ? SESSION : `${SESSION}-${i + 1}`, presets, overHttp, onResult)),
  );
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}
