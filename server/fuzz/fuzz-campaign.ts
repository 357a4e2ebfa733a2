// One fuzz campaign: picks the tools it may call (read-only unless allowed), splits the run budget over them and over
// the protocol mutations, searches each, and reports what it found. The same seed gives the same campaign.
import type { FuzzMode, FuzzReport } from '../../shared/fuzz/fuzz-report.js';
import type { Target } from '../../shared/relay-protocol.js';
import type { CallSession } from '../call/call-session.js';
import { toolPolicy } from '../check/check-args.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { argumentSearch } from './arg-search.js';
import { FuzzConnection, type ToolInfo } from './fuzz-connection.js';
import { CampaignContext, search, type Found, type Progress } from './fuzz-context.js';
import { protocolCampaign } from './protocol-search.js';

export interface CampaignOptions {
  target: Target;
  /** --tools: these tools only; null: every tool the policy allows. */
  tools: string[] | null;
  /** --allow-tools: null read-only only; 'all' every tool; else these too. */
  allowTools: 'all' | string[] | null;
  /** The input budget over the whole campaign; null: until the time limit. */
  runs: number | null;
  timeMs: number | null;
  seed: number;
  mode: FuzzMode;
  timeoutMs: number;
  protocolVersion: string;
  ratePerSecond: number | null;
  /** Protocol mode: how long to gather replies to a mutation before the liveness ping. */
  replyWaitMs: number;
}

export interface CampaignHooks {
  onSession?: (session: CallSession, index: number) => void;
  onProgress?: (p: Progress) => void;
  /** Checked between inputs: true ends the campaign early, with what it found so far. */
  stopRequested?: () => boolean;
}

export interface CampaignResult {
  report: Omit<FuzzReport, 'failures'>;
  found: Found[];
}

/** Which tools the campaign may call, and why the others are left out. */
function chooseTools(
  all: readonly ToolInfo[],
  o: Pick<CampaignOptions, 'tools' | 'allowTools'>,
): { tools: ToolInfo[]; skipped: { name: string; why: string }[] } {
  const mayCall = toolPolicy(o.allowTools);
  const skipped: { name: string; why: string }[] = [];
  const wanted = o.tools === null ? all : o.tools.map((name) => all.find((t) => t.name === name) ?? name);
  const tools: ToolInfo[] = [];
  for (const t of wanted) {
    if (typeof t === 'string') skipped.push({ name: t, why: 'the server lists no such tool' });
    else if (!mayCall(t as unknown as Record<string, unknown>)) {
      const destructive = t.annotations?.destructiveHint === true;
      skipped.push({ name: t.name, why: `${destructive ? 'annotated destructive' : 'not annotated read-only'}: name it with --allow-tools to fuzz it` });
    } else tools.push(t);
  }
  return { tools, skipped };
}

export async function runCampaign(o: CampaignOptions, hooks: CampaignHooks = {}): Promise<CampaignResult> {
  const started = Date.now();
  const conn = new FuzzConnection(o.target, {
    timeoutMs: o.timeoutMs,
    protocolVersion: o.protocolVersion,
    ...(hooks.onSession ? { onSession: hooks.onSession } : {}),
  });
  const ctx = new CampaignContext(
    conn,
    { timeoutMs: o.timeoutMs, deadline: o.timeMs === null ? null : started + o.timeMs, ratePerSecond: o.ratePerSecond },
    hooks.onProgress,
  );
  const stopRequested = hooks.stopRequested;
  if (stopRequested) {
    const timeUp = ctx.timeUp.bind(ctx);
    ctx.timeUp = () => (stopRequested() ? (ctx.stopped = true) : timeUp());
  }
  try {
    const { tools, skipped } = o.mode === 'protocol' && o.tools === null ? { tools: [], skipped: [] } : chooseTools(await conn.listTools(), o);
    const protocol = o.mode !== 'args';
    const subjects = (o.mode === 'protocol' ? 0 : tools.length) + (protocol ? 1 : 0);
    // Without --runs the time limit ends the campaign: each subject's share is then as large as it can use.
    const share = (i: number) =>
      o.runs === null ? Number.MAX_SAFE_INTEGER : Math.floor(o.runs / Math.max(subjects, 1)) + (i < o.runs % Math.max(subjects, 1) ? 1 : 0);
    if (o.mode !== 'protocol') {
      for (const [i, tool] of tools.entries()) {
        if (ctx.timeUp()) break;
        await search(ctx, argumentSearch(tool, o.timeoutMs), share(i), o.seed);
      }
    }
    if (protocol && !ctx.timeUp()) {
      const valid = tools.length > 0 ? tools : chooseTools(await conn.listTools(), o).tools;
      await protocolCampaign(ctx, {
        tools: valid,
        seed: o.seed,
        runs: share(subjects - 1),
        timeoutMs: o.timeoutMs,
        replyWaitMs: o.replyWaitMs,
        overHttp: o.target.transport !== 'stdio',
      });
    }
    if (ctx.fatal) throw ctx.fatal;
    const stoppedBy = ctx.stopped ? 'stopped' : o.timeMs !== null && Date.now() >= started + o.timeMs ? 'time' : 'runs';
    return {
      report: {
        version: 1,
        seed: o.seed,
        mode: o.mode,
        server: sessionName(storedTarget(o.target)),
        tools: tools.map((t) => t.name),
        skipped,
        runs: ctx.runs,
        shrinkRuns: ctx.shrinkRuns,
        restarts: conn.restarts,
        slow: conn.slow,
        timeMs: Date.now() - started,
        stoppedBy,
        verdicts: ctx.verdicts,
      },
      found: ctx.found,
    };
  } finally {
    await conn.close();
  }
}
