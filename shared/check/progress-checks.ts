// Progress and cancellation on a long-running tool (long-running.ts finds one): a brief run with a progressToken whose
// progress must increase and stop with the response, and a run cancelled midway that must then go unanswered.
import { isPlainObject } from '../jsonrpc.js';
import { defaultSchedule } from '../engine/scheduler.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { CheckContext, CheckDefinition, ScratchConnection } from './check-types.js';
import { longRunArguments, longRunningTool, NO_LONG_RUNNING_TOOL } from './long-running.js';
import { SENTENCES } from './spec-sentences.js';

/** How long to listen after a response for progress that should have stopped: late progress comes at once or not at all. */
const AFTER_RESPONSE_MS = 500;
/** How long to wait for the cancelled run's first progress before cancelling anyway (a server MAY send none). */
const FIRST_PROGRESS_MS = 1000;
/** The least time a cancelled run is watched for an answer, however quickly it seemed to run. */
const MIN_WATCH_MS = 1000;
const MAX_FRAMES = 16;

const delay = (ms: number) => new Promise<void>((resolve) => defaultSchedule(resolve, ms));

/** Every frame that arrives while `during` runs (requests, answers, notifications; no stderr or relay events). */
async function watchFrames<T>(conn: ScratchConnection, during: () => Promise<T>): Promise<{ value: T; frames: FrameRecord[] }> {
  const frames: FrameRecord[] = [];
  const off = conn.onFrame((f) => {
    if (f.kind !== 'stderr' && f.kind !== 'event') frames.push(f);
  });
  try {
    return { value: await during(), frames };
  } finally {
    off();
  }
}

const seqs = (frames: FrameRecord[]) => frames.map((f) => f.seq).slice(0, MAX_FRAMES);

interface ProgressSeen {
  params: Record<string, unknown>;
  afterResponse: boolean;
}

/** The problems in a run's progress: a value that is not a number or does not exceed the one before, and any after the response. */
function progressProblems(seen: readonly ProgressSeen[]): string[] {
  const problems: string[] = [];
  let last: number | null = null;
  for (const { params, afterResponse } of seen) {
    const p = params.progress;
    if (typeof p !== 'number') problems.push(`progress ${JSON.stringify(p)} is not a number`);
    else if (last !== null && p <= last) problems.push(`progress ${p} after ${last}: it did not increase`);
    if (typeof p === 'number') last = p;
    if (afterResponse) problems.push(`progress ${JSON.stringify(p)} arrived after the response`);
  }
  return problems;
}

/** How long the rest of a run would take, from the pace of its first progress (or a guess from the time waited). */
function restOfRun(first: { params: Record<string, unknown>; atMs: number } | null, waitedMs: number): number {
  const p = first?.params.progress;
  const total = first?.params.total;
  if (first && typeof p === 'number' && p > 0 && typeof total === 'number' && total > p) return (first.atMs / p) * (total - p);
  return 4 * waitedMs;
}

/** Starts the run, cancels it at its first progress (or after a wait), then watches for an answer it should not get. */
async function cancelMidway(ctx: CheckContext, name: string, args: Record<string, unknown>): Promise<{ ok: boolean; detail: string } | { skip: string }> {
  const started = Date.now();
  let first: { params: Record<string, unknown>; atMs: number } | null = null;
  let progressed = () => undefined as void;
  const firstProgress = new Promise<'progress'>((resolve) => (progressed = () => resolve('progress')));
  const out = ctx.main.engine.begin(
    'tools/call',
    { name, arguments: args },
    {
      origin: 'check',
      timeoutMs: ctx.timeoutMs,
      resetTimeoutOnProgress: true,
      onProgress: (params) => {
        if (first !== null) return;
        first = { params, atMs: Date.now() - started };
        progressed();
      },
    },
  );
  const settled = out.response.then(
    () => 'finished' as const,
    () => 'failed' as const,
  );
  const before = await Promise.race([settled, firstProgress, delay(Math.min(FIRST_PROGRESS_MS, ctx.timeoutMs)).then(() => 'waited' as const)]);
  if (before === 'finished' || before === 'failed') return { skip: `${name} ${before} before it could be cancelled` };
  const id = JSON.stringify(out.id);
  const cancelledAt = Date.now();
  const watchMs = Math.round(Math.min(Math.max(2 * restOfRun(first, cancelledAt - started) + 500, MIN_WATCH_MS), ctx.timeoutMs));
  let stop = () => undefined as unknown;
  const answered = new Promise<FrameRecord>((resolve) => {
    stop = ctx.main.onFrame((f) => {
      if (f.dir === 'in' && (f.kind === 'response' || f.kind === 'error') && f.rpcId === id) resolve(f);
    });
  });
  // Progress that goes on after the cancellation means the work went on (the engine uses the request id as the token).
  let progressAfter = 0;
  const offProgress = ctx.main.engine.onNotification((m) => {
    if (m.method === 'notifications/progress' && isPlainObject(m.params) && m.params.progressToken === out.id) progressAfter++;
  });
  try {
    await out.cancel('mcpscope check: does the server stop?');
    const late = await Promise.race([answered, delay(watchMs).then(() => null)]);
    const after = `${name} cancelled ${cancelledAt - started} ms into its run (${before === 'progress' ? 'at its first progress' : 'no progress yet'})`;
    const kept = progressAfter > 0 ? `${progressAfter} progress notification(s) after the cancellation: the work went on` : '';
    if (late !== null)
      return {
        ok: false,
        detail: `${after}; answered ${Math.max(0, Math.round(late.ts - cancelledAt))} ms after notifications/cancelled${kept ? `, and ${kept}` : ''}`,
      };
    return kept
      ? { ok: false, detail: `${after}; no answer in the ${watchMs} ms after, but ${kept}` }
      : { ok: true, detail: `${after}; no answer and no progress in the ${watchMs} ms after` };
  } finally {
    stop();
    offProgress();
  }
}

export const PROGRESS_CHECKS: CheckDefinition[] = [
  {
    id: 'tools/progress',
    group: 'tools',
    title: 'a long-running tool called with a progressToken sends increasing progress that stops with its response',
    spec: SENTENCES.progress,
    fix: "Send notifications/progress with the request's progressToken and a progress value larger than the last one each time, and none once the response is sent.",
    requires: { capability: 'tools' },
    async run(ctx) {
      const tool = await longRunningTool(ctx);
      if (!tool) return { skip: NO_LONG_RUNNING_TOOL };
      const name = String(tool.name);
      const args = longRunArguments(tool, 'brief')!;
      const seen: ProgressSeen[] = [];
      let answered = false;
      let token: unknown;
      const off = ctx.main.engine.onNotification((m) => {
        const p = isPlainObject(m.params) ? m.params : {};
        if (m.method === 'notifications/progress' && token !== undefined && p.progressToken === token) seen.push({ params: p, afterResponse: answered });
      });
      const { value: failure, frames } = await watchFrames(ctx.main, async () => {
        try {
          const out = ctx.main.engine.begin(
            'tools/call',
            { name, arguments: args },
            { origin: 'check', timeoutMs: ctx.timeoutMs, resetTimeoutOnProgress: true, onProgress: () => undefined },
          );
          // The engine uses the request id as the token when the params carry none.
          token = out.id;
          await out.response;
          answered = true;
          await delay(Math.min(AFTER_RESPONSE_MS, ctx.timeoutMs));
          return null;
        } catch (err) {
          return err instanceof Error ? err.message : String(err);
        } finally {
          off();
        }
      });
      const called = `${name} ${JSON.stringify(args)}`;
      if (failure !== null) return { ok: false, detail: `${called} got no answer (${failure})`, frames: seqs(frames) };
      const problems = progressProblems(seen);
      if (problems.length > 0) return { ok: false, detail: `${called}: ${problems.join('; ')}`, frames: seqs(frames) };
      if (seen.length === 0) return { ok: true, detail: `${called} sent no progress (a server MAY send none)`, frames: seqs(frames) };
      return {
        ok: true,
        detail: `${called} sent ${seen.length} progress notification(s), increasing (${seen.map((s) => String(s.params.progress)).join(' < ')}), none after its response`,
        frames: seqs(frames),
      };
    },
  },
  {
    id: 'tools/cancellation',
    group: 'tools',
    title: 'a long-running tool cancelled midway sends no response afterwards',
    spec: SENTENCES.cancellation,
    fix: 'On notifications/cancelled for a request in progress, stop its work and send neither its response nor more progress.',
    requires: { capability: 'tools' },
    async run(ctx) {
      // 2026-07-28 over Streamable HTTP cancels by closing the request's stream: there notifications/cancelled is not expected.
      if (ctx.connection.era === 'modern' && ctx.transport === 'http')
        return { skip: "2026-07-28 over Streamable HTTP cancels by closing the request's stream, not with notifications/cancelled" };
      const tool = await longRunningTool(ctx);
      if (!tool) return { skip: NO_LONG_RUNNING_TOOL };
      const name = String(tool.name);
      const args = longRunArguments(tool, 'midway');
      if (args === null) return { skip: `no arguments for a longer run of ${name} fit its schema` };
      const { value: outcome, frames } = await watchFrames(ctx.main, () => cancelMidway(ctx, name, args));
      return 'skip' in outcome ? outcome : { ...outcome, frames: seqs(frames) };
    },
  },
];
