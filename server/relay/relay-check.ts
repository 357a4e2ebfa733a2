// The Conformance tab's run: `mcpscope check` inside the relay, on scratch connections to a live session's own target,
// each recorded as its own session linked back to the one under test (so a result's frames open in the inspector).
// Threat model: nothing new can be spawned here. The target is the live session's own (already started in this relay
// run, so already allowed), never one from the request; the body only picks checks, tools and timeouts. Tools run by
// the same policy as the CLI (read-only unless the body names them).
import type { CheckReport, CheckRunBody } from '../../shared/check/index.js';
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import { RelayError } from '../errors.js';
import type { ArchiveContext } from './routes/route-context.js';
import { CheckHost } from '../check/check-host.js';
import { recordCheckConnection } from '../check/check-recording.js';
import { runCheckReport } from '../check/check-run.js';

/** Sessions with a check in flight: a second run on the same one waits its turn by being refused. */
const running = new Set<string>();

export async function runRelayCheck(ctx: ArchiveContext, underTest: string, body: CheckRunBody): Promise<CheckReport> {
  const info = ctx.sessions.owned(underTest).info();
  const target = ctx.sessions.givenTarget(underTest);
  if (!info.live || target === null) throw new RelayError('SESSION_NOT_LIVE', 'the session under test is not running: start it before running the check');
  if (running.has(underTest)) throw new RelayError('CONFLICT', 'a check is already running for this session');
  const meta = ctx.archive.meta(underTest);
  const protocolVersion = body.protocolVersion ?? info.protocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  const store = { recorder: ctx.recorder, archive: ctx.archive, scratchFor: underTest, publish: ctx.sessions.publisher };
  const host = new CheckHost(target, body.timeoutMs, (name) =>
    recordCheckConnection(store, { name: `${info.name} · check ${name}`, target, protocolVersion, secretEnv: meta.secretEnv, profileId: meta.profileId }),
  );
  running.add(underTest);
  try {
    const { allowTools, only, robustness, era, timeoutMs } = body;
    const report = await runCheckReport(
      {
        target,
        allowTools,
        only,
        robustness: robustness && (only.length === 0 || only.includes('robustness')),
        robustnessLanes: 1,
        protocolVersion,
        era,
        timeoutMs,
      },
      host,
    );
    // Kept for the session under test: the Conformance tab reads it back after a reload.
    ctx.results.put(underTest, 'conformance', report);
    return report;
  } catch (err) {
    throw new RelayError('CHECK_FAILED', `the check could not run: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await host.closeAll();
    running.delete(underTest);
  }
}
