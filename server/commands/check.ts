// `mcpscope check`: runs the check suite against a server on scratch connections of its own and grades each check.
import { writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import {
  checkExitCode,
  checkJunit,
  compareBaseline,
  terminalSummary,
  type BaselineComparison,
  type CheckBaseline,
  type CheckReport,
} from '../../shared/check/index.js';
import { checkJobSummary, checkNotRunSummary } from '../../shared/check/check-summary.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { CHECK_FLAGS, parseCheckArgs, type CheckOptions } from '../check/check-args.js';
import { baselineLines, readBaseline, writeBaseline } from '../check/baseline-file.js';
import { CheckHost } from '../check/check-host.js';
import { checkOAuth } from '../check/check-oauth.js';
import { packageVersion } from '../package-root.js';
import { CheckProgress } from '../check/check-progress.js';
import { runCheckReport } from '../check/check-run.js';
import { UsageError, flagHelp, wantsHelp } from '../cli/flags.js';
import { readConfigTarget } from '../cli/read-config-target.js';
import { usageFailure } from '../cli/usage-failure.js';
import { colourCheckSummary, painter, wantsColour } from '../cli/colour.js';
import type { Target } from '../../shared/relay-protocol.js';
import { defaultDataDir } from '../cli/data-dir.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';
import { loadScriptedClient, type ScriptedClient } from '../call/call-answers.js';

export const USAGE = `usage: mcpscope check [options] (--url <url> | --config <file> [--server <name>] | -- <command> [args...])

Runs the check suite against a server: lifecycle, capability honesty, tools (with progress and cancellation
on a long-running tool), resources, prompts, completion, logging, the fault lab's presets and, over Streamable
HTTP, Origin validation, session ending and stream resumption. Each check is graded pass, fail, warn or skip,
with the spec sentence it rests on, the frames that show it and a fix. It starts its own connections (scratch
sessions); it never touches a session under inspection.

${flagHelp(CHECK_FLAGS)}

Progress goes to stderr as the run goes: a line per group as it finishes (passed/total, what failed, warned or was
skipped, its time), and a line for each failure or warning as it is graded; on a terminal, a live line besides.

Exit codes: 0 nothing failed (warnings allowed; with --fail-on warn, nothing warned either; what --baseline accepts
never fails), 1 a check failed (or warned, with --fail-on warn), 2 the check could not run (usage or a bad baseline,
the server could not be started or reached, the handshake failed, or an output file could not be written).`;

/**
 * --record: the inspector's store, written from this process (the relay, when running, reads the new sessions from
 * it), and how each scratch connection is recorded there. Loaded only then: SQLite is no part of a plain check.
 */
async function recordingStore(dataDir: string, target: Target, protocolVersion: string) {
  const [{ Recorder }, { SessionArchive }, { recordCheckConnection }, { sessionName, storedTarget }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../check/check-recording.js'),
    import('../core/stored-target.js'),
  ]);
  const recorder = new Recorder(dataDir, { inline: true });
  const store = { recorder, archive: new SessionArchive(recorder.db), scratchFor: null };
  const server = sessionName(storedTarget(target));
  return { recorder, record: (name: string) => recordCheckConnection(store, { name: `check ${name} · ${server}`, target, protocolVersion }) };
}

/** --otlp / --otlp-file: every scratch connection as spans of its own trace; true when the export failed. */
async function exportSpans(host: CheckHost, o: CheckOptions): Promise<boolean> {
  try {
    const { exportFrames } = await import('../traces/session-tracing.js');
    const sessions = [...host.sessions].map(([name, s]) => ({ name: `check ${name}`, frames: s.frames }));
    for (const line of await exportFrames(sessions, o.target, o.export!, packageVersion())) process.stderr.write(`mcpscope check: ${line}\n`);
    return false;
  } catch (err) {
    process.stderr.write(`mcpscope check: ${(err as Error).message}\n`);
    return true;
  }
}

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, CHECK_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let o: CheckOptions;
  let baseline: CheckBaseline | null = null;
  let client: ScriptedClient | null = null;
  try {
    const parsed = parseCheckArgs(argv);
    if (parsed.baseline !== null) baseline = await readBaseline(parsed.baseline, parsed.updateBaseline);
    // Read before anything starts: a file that is not an answers file is a usage error (exit 2), and nothing is lost.
    if (parsed.answers !== null) client = await loadScriptedClient({ answers: parsed.answers, capabilities: null });
    const fromConfig = parsed.config ? await readConfigTarget(parsed.config) : null;
    for (const w of fromConfig?.warnings ?? []) process.stderr.write(`mcpscope check: ${w}\n`);
    o = { ...parsed, target: parsed.target ?? fromConfig!.target };
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('check', err.message, USAGE);
  }
  // Whatever way this process goes, the servers it started go with it (Ctrl-C included: each leads a group of its own,
  // which the terminal's SIGINT does not reach); a SIGKILL runs nothing, so this run is noted in the data dir (the one
  // --record writes, or the default) for the next launch to clean up after.
  process.on('exit', killAllProcessGroups);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => process.exit(128 + constants.signals[sig]));
  if (o.target.transport === 'stdio') for (const note of enterDataDir(o.record ?? defaultDataDir(), 'check')) process.stderr.write(`mcpscope check: ${note}\n`);
  const store = o.record === null ? null : await recordingStore(o.record, o.target, o.protocolVersion);
  const oauth = checkOAuth(o.target, o.dataDir, (text) => void process.stderr.write(text));
  const host = new CheckHost(oauth?.target ?? o.target, o.timeoutMs, store?.record, oauth?.options, o.trace === true, client);
  let report: CheckReport;
  const progress = new CheckProgress(process.stderr);
  try {
    report = await runCheckReport({ ...o, client }, host, progress.onResult);
    progress.finish();
  } catch (err) {
    progress.finish();
    const hint =
      o.era === 'modern' ? ' (--era modern starts with server/discover, which only 2026-07-28 servers answer; --era auto falls back to initialize)' : '';
    process.stderr.write(`mcpscope check: could not run: ${err instanceof Error ? err.message : String(err)}${hint}\n`);
    const tail = [...host.sessions.values()][0]?.stderr();
    if (tail) process.stderr.write(`the server's last stderr lines:\n${tail}\n`);
    if (o.markdown !== null)
      await writeFile(o.markdown, checkNotRunSummary(sessionName(storedTarget(o.target)), `${err instanceof Error ? err.message : String(err)}${hint}`)).catch(
        () => undefined,
      );
    await host.closeAll();
    store?.recorder.close();
    oauth?.done();
    return 2;
  }
  await host.closeAll();
  store?.recorder.close();
  oauth?.done();
  const exportFailed = o.export && (o.export.otlp !== null || o.export.otlpFile !== null) ? await exportSpans(host, o) : false;
  const summary = () => colourCheckSummary(terminalSummary(report), painter(wantsColour(o.colour, process.stdout, process.env)));
  let code = 0;
  let known = new Set<string>();
  let comparison: BaselineComparison | null = null;
  if (o.baseline !== null) {
    try {
      if (o.updateBaseline) {
        baseline = await writeBaseline(o.baseline, report.results, baseline);
        process.stderr.write(`mcpscope check: wrote ${o.baseline}: ${Object.keys(baseline.accepted).length} accepted\n`);
      }
    } catch (err) {
      process.stderr.write(`mcpscope check: could not write ${o.baseline}: ${(err as Error).message}\n`);
      code = 2;
    }
    comparison = compareBaseline(report.results, baseline ?? { version: 1, accepted: {} });
    known = new Set(comparison.known.map((r) => r.id));
    for (const line of baselineLines(o.baseline, comparison)) process.stderr.write(`${line}\n`);
  }
  // The job summary reads what the exit code reads: --fail-on and what the baseline accepts.
  const jobSummary = () =>
    checkJobSummary(report, { failOn: o.failOn, ...(comparison && o.baseline !== null ? { baseline: { file: o.baseline, comparison } } : {}) });
  const text = o.output === 'json' ? JSON.stringify(report, null, 2) : o.output === 'markdown' ? jobSummary() : summary();
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  code = Math.max(code, checkExitCode(report.results, o.failOn, known));
  if (o.junit !== null) {
    try {
      await writeFile(o.junit, checkJunit(report, { failOn: o.failOn, known }));
    } catch (err) {
      process.stderr.write(`mcpscope check: could not write ${o.junit}: ${(err as Error).message}\n`);
      code = 2;
    }
  }
  if (o.markdown !== null) {
    try {
      await writeFile(o.markdown, jobSummary());
    } catch (err) {
      process.stderr.write(`mcpscope check: could not write ${o.markdown}: ${(err as Error).message}\n`);
      code = 2;
    }
  }
  if (exportFailed) code = 2;
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
