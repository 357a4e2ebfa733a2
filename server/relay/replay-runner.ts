// Re-runs a recording's client frames against a server through a real session: in order, each request waiting for its
// answer (or at the recorded pace), answers to server requests following the server's new ids. Returns what came back.
import { ReplayPlan, type ClientFrame } from '../../shared/replay/replay-plan.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { RelayError } from '../errors.js';
import type { SessionManager } from './session-manager.js';

export interface ReplayRequest {
  /** The target to run, secrets included. */
  target: Target;
  protocolVersion: string;
  name: string;
  clientFrames: readonly ClientFrame[];
  /** The id keys of the recording's server requests, in order. */
  serverRequestIds: readonly string[];
  preserveIds?: boolean;
  preservePacing?: boolean;
  /** How long to wait for each answer before moving on (default 10 s). */
  answerTimeoutMs?: number;
  /** How long the server must stay quiet after the last frame before the run ends (default 300 ms). */
  settleMs?: number;
  /** The recipe came from a file (see CreateExtras.recipeFrom): it runs only once confirmed. */
  recipeFrom?: string;
  secretEnv?: readonly string[];
  /** The session this replay was made for (see CreateExtras.scratchFor). */
  scratchFor?: string;
}

export interface ReplayOutcome {
  session: SessionInfo;
  /** The run's frames, relay events included, in order. */
  frames: FrameRecord[];
  warnings: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function runReplay(manager: SessionManager, req: ReplayRequest): Promise<ReplayOutcome> {
  const frames: FrameRecord[] = [];
  const answered = new Set<string>();
  const serverRequests: string[] = [];
  let batchReplies = 0;
  /** Errors with a null id: the server could not tell which request failed, so each one ends the current wait. */
  let anonymousErrors = 0;
  let lastFrameAt = performance.now();
  let wake: Array<() => void> = [];
  const tap = (f: FrameRecord) => {
    frames.push(f);
    lastFrameAt = performance.now();
    if (f.dir === 'in' && (f.kind === 'response' || f.kind === 'error') && f.rpcId !== null) answered.add(f.rpcId);
    if (f.dir === 'in' && f.kind === 'request' && f.rpcId !== null) serverRequests.push(f.rpcId);
    if (f.dir === 'in' && f.kind === 'batch') batchReplies++;
    if (f.dir === 'in' && f.kind === 'error' && f.rpcId === null) anonymousErrors++;
    for (const w of wake.splice(0)) w();
  };
  /** Resolves true once `done()` holds, re-checked on every frame; false after `ms`. */
  const until = (done: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (done()) return resolve(true);
      const timer = setTimeout(() => resolve(done()), ms);
      const check = () => {
        if (!done()) return void wake.push(check);
        clearTimeout(timer);
        resolve(true);
      };
      wake.push(check);
    });

  const timeout = req.answerTimeoutMs ?? 10_000;
  const warnings: string[] = [];
  const session = await manager.create(
    { target: req.target, protocolVersion: req.protocolVersion, handshake: false, name: req.name },
    {
      tap,
      ...(req.recipeFrom !== undefined ? { recipeFrom: req.recipeFrom } : {}),
      ...(req.secretEnv ? { secretEnv: req.secretEnv } : {}),
      ...(req.scratchFor !== undefined ? { scratchFor: req.scratchFor } : {}),
    },
  );
  if (!session.live) {
    const error = frames.find((f) => f.kind === 'event' && f.method === 'error');
    throw new RelayError('SPAWN_FAILED', `the server did not start${error ? `: ${JSON.parse(error.text).message as string}` : ''}`);
  }
  const plan = new ReplayPlan(req.clientFrames, req.serverRequestIds, { preserveIds: req.preserveIds ?? true });
  const start = performance.now();
  const firstOffset = req.clientFrames[0]?.offsetMs ?? 0;
  try {
    for (const step of plan.steps) {
      if (req.preservePacing) await sleep(start + step.frame.offsetMs - firstOffset - performance.now());
      if (step.answers !== null && !(await until(() => serverRequests.length > step.answers!, timeout))) {
        warnings.push(`frame #${step.frame.seq} answers a server request that never came in this run`);
      }
      const text = plan.textFor(step, (n) => serverRequests[n]);
      if (!session.live) {
        warnings.push(`the server went away before frame #${step.frame.seq}; ${plan.steps.length - plan.steps.indexOf(step)} frames not sent`);
        break;
      }
      const bytes = text !== null ? Buffer.from(text) : step.frame.b64 !== undefined ? Buffer.from(step.frame.b64, 'base64') : Buffer.from(step.frame.text);
      const batchesBefore = batchReplies;
      const errorsBefore = anonymousErrors;
      session.send(bytes, 'replay');
      if (req.preservePacing) continue;
      const awaited = step.awaits;
      if (awaited !== null && !(await until(() => answered.has(awaited) || anonymousErrors > errorsBefore || !session.live, timeout))) {
        warnings.push(`no answer to frame #${step.frame.seq} within ${timeout} ms`);
      } else if (step.awaitsBatch) await until(() => batchReplies > batchesBefore || !session.live, timeout);
    }
    const due = plan.steps.flatMap((s) => (s.awaits === null ? [] : [s.awaits]));
    await until(() => due.filter((id) => !answered.has(id)).length <= anonymousErrors || !session.live, timeout);
    // Trailing notifications: wait until the server goes quiet.
    const settle = req.settleMs ?? 300;
    const deadline = performance.now() + 2_000;
    while (session.live && performance.now() < deadline && performance.now() - lastFrameAt < settle) await sleep(settle - (performance.now() - lastFrameAt));
  } finally {
    await session.stop('replay finished');
    wake = [];
  }
  return { session: session.info(), frames, warnings };
}
