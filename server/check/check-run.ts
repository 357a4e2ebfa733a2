// One run of the check suite on a CheckHost's scratch connections, as the CLI and the relay's Conformance route both
// run it, so the tab and `mcpscope check --json` grade a server by the same code.
import { ownServerEach, runChecks, type CheckContext, type CheckReport, type CheckResult } from '../../shared/check/index.js';
import { packageVersion } from '../package-root.js';
import { transportKind } from '../call/call-output.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { toolPolicy, type CheckOptions } from './check-args.js';
import type { CheckHost } from './check-host.js';
import type { ScriptedClient } from '../call/call-answers.js';
import { robustnessChecks } from './robustness-checks.js';

export type CheckRunOptions = Omit<
  CheckOptions,
  'output' | 'junit' | 'markdown' | 'record' | 'dataDir' | 'failOn' | 'baseline' | 'updateBaseline' | 'answers'
> & {
  /** --answers, read: what the main connection declares (the host's connections answer from it). */
  client?: ScriptedClient | null;
};

/** `onResult`: each result as it is graded (the CLI's progress on stderr); the report holds them all, final, at the end. */
export async function runCheckReport(o: CheckRunOptions, host: CheckHost, onResult?: (r: CheckResult) => void): Promise<CheckReport> {
  const startedAt = new Date().toISOString();
  const main = await host.open('check');
  const connection = await main.engine.connect({
    ...(o.era === undefined ? {} : { era: o.era }),
    protocolVersion: o.protocolVersion,
    clientInfo: { name: 'mcpscope-check', version: packageVersion() },
    capabilities: o.client?.capabilities ?? {},
    timeoutMs: Math.max(o.timeoutMs, 10_000),
  });
  const ctx: CheckContext = {
    main,
    connection,
    transport: transportKind(o.target),
    timeoutMs: o.timeoutMs,
    mayCall: toolPolicy(o.allowTools),
    fresh: (name) => host.open(name),
    facts: new Map(),
  };
  const results = await runChecks(ctx, {
    only: o.only,
    ...(onResult ? { onResult } : {}),
    ...(o.robustness ? { extra: (c, each) => robustnessChecks(c, host, o.robustnessLanes, each), extraBeside: ownServerEach(ctx) } : {}),
  });
  return {
    // Masked as every recorded target is: a header or env value never reaches the report.
    target: sessionName(storedTarget(o.target)),
    transport: ctx.transport,
    protocolVersion: connection.protocolVersion,
    startedAt,
    sessions: host.summary(),
    results,
  };
}
