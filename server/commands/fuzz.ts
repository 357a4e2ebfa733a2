// `mcpscope fuzz`: searches a server for the inputs that break it, on scratch connections of its own, shrinks each
// failure to its smallest input and keeps it as a repro bundle (and a session in the store) that `replay` runs again.
import { constants } from 'node:os';
import { failureLine, reportSummary, type FuzzReport } from '../../shared/fuzz/fuzz-report.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { UsageError, flagHelp, wantsHelp } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { runCampaign } from '../fuzz/fuzz-campaign.js';
import { FUZZ_FLAGS, parseFuzzArgs, type FuzzOptions } from '../fuzz/fuzz-args.js';
import { keepFailures } from '../fuzz/fuzz-keep.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';
import { defaultDataDir } from '../cli/data-dir.js';
import type { CallSession } from '../call/call-session.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { packageVersion } from '../package-root.js';
import type { LiveSpans } from '../traces/live-spans.js';

export const USAGE = `usage: mcpscope fuzz [options] (--url <url> | -- <command> [args...])

Searches a server for the inputs that break it. Argument fuzzing generates each tool's arguments from its
inputSchema: values that fit it, values at its edges (empty, longest, many items, deep nesting, every enum value,
odd Unicode) and values that break it (wrong types, a required member missing, an unknown member). Protocol
fuzzing mutates valid frames (id type and value, params shape, truncation, batches, duplicate ids, notifications
with ids, cancellation races) and sends the fault lab's presets, grading the replies with the lab's verdicts.
Oracles: the server exits or is killed, hangs (no answer within --timeout while alive), breaks the protocol (a
lint finding at error on its frames), fails a tool on the wrong channel or against its outputSchema, or writes a
stack trace. A server that died is started again and the campaign goes on. Each distinct failure is shrunk to the
smallest input that still fails the same way, sent once more alone on a fresh connection, and kept as a repro
bundle in --out (mcpscope replay <bundle> -- <server> runs it again) and as a session in the store.
Only tools annotated read-only are called unless --allow-tools names them. The same --seed gives the same campaign.

${flagHelp(FUZZ_FLAGS)}

With --otlp or --otlp-file the campaign is one trace: each exchange is a span, sent as it is answered.

Exit codes: 0 no failure found, 1 failures found, 2 the campaign could not run (usage, or the server could not be
started or reached, or its handshake failed) or the OTLP export it was asked for failed.`;

async function recordingStore(dataDir: string, o: FuzzOptions) {
  const [{ Recorder }, { SessionArchive }, { recordCheckConnection }, { sessionName, storedTarget }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../check/check-recording.js'),
    import('../core/stored-target.js'),
  ]);
  const recorder = new Recorder(dataDir, { inline: true });
  const store = { recorder, archive: new SessionArchive(recorder.db), scratchFor: null };
  const server = sessionName(storedTarget(o.target));
  return {
    recorder,
    record: (name: string) => recordCheckConnection(store, { name: `${name} · ${server}`, target: o.target, protocolVersion: o.protocolVersion }),
  };
}

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, FUZZ_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let o: FuzzOptions;
  try {
    o = parseFuzzArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('fuzz', err.message, USAGE);
  }
  // Whatever way this process goes, the servers it started go with it (see mcpscope check).
  process.on('exit', killAllProcessGroups);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => process.exit(128 + constants.signals[sig]));
  if (o.target.transport === 'stdio') for (const note of enterDataDir(o.dataDir ?? defaultDataDir(), 'fuzz')) process.stderr.write(`mcpscope fuzz: ${note}\n`);
  const note = (line: string) => process.stderr.write(`mcpscope fuzz: ${line}\n`);
  if (!o.seedGiven) note(`seed ${o.seed} (run again with --seed ${o.seed})`);
  let lastLine = 0;
  const onProgress = (p: { runs: number; shrinkRuns: number; failures: number; subject: string }) => {
    if (!process.stderr.isTTY || Date.now() - lastLine < 250) return;
    lastLine = Date.now();
    process.stderr.write(`\r\x1b[K${p.runs} runs, ${p.shrinkRuns} shrinking, ${p.failures} found · ${escapeControls(p.subject).slice(0, 40)}`);
  };
  let report: FuzzReport;
  const store = o.dataDir === null ? null : await recordingStore(o.dataDir, o);
  const spans = await liveSpans(o, note);
  if (spans === 'failed') return 2;
  try {
    const onSession = spans
      ? (session: CallSession) => {
          spans.nextConnection();
          session.onFrame((f) => spans.frame(f));
        }
      : undefined;
    const { report: r, found } = await runCampaign(o, { onProgress, ...(onSession ? { onSession } : {}) });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    const failures = await keepFailures(found, {
      target: o.target,
      timeoutMs: o.timeoutMs,
      protocolVersion: o.protocolVersion,
      out: o.out,
      ...(store ? { record: store.record } : {}),
    });
    report = { ...r, failures };
  } catch (err) {
    note(`could not run: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    store?.recorder.close();
  }
  // The spans went out as the campaign ran; what is left goes now. A failed export fails the run (2), as asked for.
  const exported = spans
    ? await spans.close().then(
        (lines) => (lines.forEach(note), true),
        (err: Error) => (note(err.message), false),
      )
    : true;
  for (const s of report.skipped) note(`skipped ${escapeControls(s.name)}: ${s.why}`);
  if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const f of report.failures) process.stdout.write(`${escapeControls(failureLine(f))}${f.reproduced ? '' : ' (did not fail again alone)'}\n`);
    process.stdout.write(`${reportSummary(report)}\n`);
    if (report.failures.some((f) => f.bundle)) process.stdout.write(`replay one with: mcpscope replay <bundle> -- <the same server>\n`);
  }
  if (!exported) return 2;
  return report.failures.length > 0 ? 1 : 0;
}

/** --otlp / --otlp-file: one trace for the campaign, each connection's exchanges sent as they are answered. */
async function liveSpans(o: FuzzOptions, note: (line: string) => void): Promise<LiveSpans | null | 'failed'> {
  if (o.export.otlp === null && o.export.otlpFile === null) return null;
  try {
    const { LiveSpans } = await import('../traces/live-spans.js');
    return await LiveSpans.open(o.export, o.target, `fuzz ${sessionName(storedTarget(o.target))}`, packageVersion());
  } catch (err) {
    note(`could not start the OTLP export: ${err instanceof Error ? err.message : String(err)}`);
    return 'failed';
  }
}
