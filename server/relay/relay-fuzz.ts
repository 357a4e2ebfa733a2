// The Fuzz tab's campaigns: `mcpscope fuzz` inside the relay, on scratch connections to a live session's own target,
// polled by run id; each failure's repro connection is recorded as a session linked back to the one under test.
// Threat model: nothing new can be spawned here. The target is the live session's own (already started in this relay
// run, so already allowed), never one from the request; the body only picks tools, budget and seed. Tools run by the
// same safety rule as the CLI (read-only unless the body names them); a campaign is bounded by its runs and a time
// limit (at most ten minutes from the page), one at a time per session, and can be stopped.
import { randomUUID } from 'node:crypto';
import { FuzzRunBodySchema, type FuzzRunBody, type FuzzRunStatus } from '../../shared/fuzz/fuzz-report.js';
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import { RelayError } from '../errors.js';
import { recordCheckConnection } from '../check/check-recording.js';
import { runCampaign } from '../fuzz/fuzz-campaign.js';
import { keepFailures } from '../fuzz/fuzz-keep.js';
import type { ArchiveContext } from './routes/route-context.js';

/** Finished runs kept for the page to read, the oldest dropped first. */
const KEEP_FINISHED = 20;
const MAX_TIME_MS = 600_000;

interface Run {
  status: FuzzRunStatus;
  stop: boolean;
}

const runs = new Map<string, Run>();

function forget(): void {
  const finished = [...runs.entries()].filter(([, r]) => r.status.state === 'done' || r.status.state === 'failed');
  for (const [id] of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) runs.delete(id);
}

export function startRelayFuzz(ctx: ArchiveContext, underTest: string, input: FuzzRunBody): FuzzRunStatus {
  const body = FuzzRunBodySchema.parse(input);
  const info = ctx.sessions.owned(underTest).info();
  const target = ctx.sessions.givenTarget(underTest);
  if (!info.live || target === null) throw new RelayError('SESSION_NOT_LIVE', 'the session under test is not running: start it before fuzzing it');
  if ([...runs.values()].some((r) => r.status.sessionId === underTest && (r.status.state === 'running' || r.status.state === 'keeping'))) {
    throw new RelayError('CONFLICT', 'a fuzz campaign is already running for this session');
  }
  forget();
  const meta = ctx.archive.meta(underTest);
  const protocolVersion = info.protocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
  const run: Run = {
    status: {
      runId: randomUUID(),
      sessionId: underTest,
      state: 'running',
      seed,
      progress: { runs: 0, shrinkRuns: 0, failures: 0, subject: '' },
      report: null,
      error: null,
    },
    stop: false,
  };
  runs.set(run.status.runId, run);
  const store = { recorder: ctx.recorder, archive: ctx.archive, scratchFor: underTest, publish: ctx.sessions.publisher };
  const record = (name: string) =>
    recordCheckConnection(store, { name: `${info.name} · ${name}`, target, protocolVersion, secretEnv: meta.secretEnv, profileId: meta.profileId });
  // A campaign from the page never searches longer than ten minutes, whatever its runs.
  const options = { ...body, timeMs: Math.min(body.timeMs ?? MAX_TIME_MS, MAX_TIME_MS), target, seed, protocolVersion, replyWaitMs: 300 };
  void (async () => {
    try {
      const { report, found } = await runCampaign(options, { onProgress: (p) => (run.status.progress = p), stopRequested: () => run.stop });
      run.status.state = 'keeping';
      const failures = await keepFailures(found, { target, timeoutMs: body.timeoutMs, protocolVersion, out: null, record });
      run.status.report = { ...report, failures };
      run.status.state = 'done';
    } catch (err) {
      run.status.error = `the campaign could not run: ${err instanceof Error ? err.message : String(err)}`;
      run.status.state = 'failed';
    }
  })();
  return run.status;
}

export function relayFuzzRun(runId: string): FuzzRunStatus {
  const run = runs.get(runId);
  if (!run) throw new RelayError('NOT_FOUND', 'no such fuzz campaign (a relay keeps the last few finished ones)');
  return run.status;
}

/** Asks a campaign to end: it stops between inputs, then keeps what it found so far. */
export function stopRelayFuzz(runId: string): FuzzRunStatus {
  const run = runs.get(runId);
  if (!run) throw new RelayError('NOT_FOUND', 'no such fuzz campaign');
  run.stop = true;
  return run.status;
}
