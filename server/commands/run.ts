// `mcpscope run <collection.json>`: runs a collection's steps on a connection of its own and grades their assertions,
// reporting as `check` does (a summary or --json on stdout, progress on stderr, --junit for CI).
import { writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import { capabilitiesObject, declaredCapabilities } from '../../shared/answers/index.js';
import {
  parseCollection,
  runExitCode,
  runJunit,
  runSummary,
  variableProblems,
  type Collection,
  type RunReport,
  type StepResult,
} from '../../shared/collections/index.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { installScriptedClient, readAnswersFile } from '../call/call-answers.js';
import { transportKind } from '../call/call-output.js';
import { CallSession } from '../call/call-session.js';
import { RUN_FLAGS, parseRunArgs, type RunOptions } from '../collections/run-args.js';
import { runCollection } from '../collections/run-collection.js';
import { UsageError, flagHelp, wantsHelp } from '../cli/flags.js';
import { openBrowser } from '../cli/open-browser.js';
import { readConfigTarget } from '../cli/read-config-target.js';
import { readJsonFile } from '../cli/read-json-file.js';
import { usageFailure } from '../cli/usage-failure.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { packageVersion } from '../package-root.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';

export const USAGE = `usage: mcpscope run <collection.json> [options] (--url <url> | --config <file> [--server <name>] | -- <command> [args...])

Runs a collection (saved calls as named steps with assertions; see docs/collections.md) against a server on a
connection of its own: the handshake, then each step in order, its variables filled in from the environment and the
results of earlier steps, its assertions graded (JSON pointer equals / matches / satisfies a schema, isError false,
latency, no lint finding at or above a severity, a server request answered from the answers).

${flagHelp(RUN_FLAGS)}

Progress goes to stderr, a line per step as it finishes; the summary (or --json) to stdout.

Exit codes: 0 every step passed, 1 an assertion failed, 2 the run could not run (a usage error, a collection that is not
one, an unset environment variable, the server could not be started or reached, the handshake failed, a step's request
got no answer, or the JUnit file could not be written).`;

const MARK = { pass: 'PASS', fail: 'FAIL', error: 'ERROR', skipped: 'SKIP' } as const;

async function readCollection(file: string): Promise<Collection> {
  const parsed = parseCollection(await readJsonFile(file));
  if (!parsed.ok) throw new UsageError(`${file} is not a collection: ${parsed.error}`);
  const problems = variableProblems(parsed.collection, (name) => process.env[name]);
  if (problems.length > 0) throw new UsageError(`${file}: ${problems.join('; ')}`);
  return parsed.collection;
}

/** --record: the store, and one session for the run's connection (its frames as the check's scratch sessions are kept). */
async function recording(o: RunOptions, name: string) {
  const [{ Recorder }, { SessionArchive }, { recordCheckConnection }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../check/check-recording.js'),
  ]);
  const recorder = new Recorder(o.dataDir, { inline: true });
  const rec = recordCheckConnection(
    { recorder, archive: new SessionArchive(recorder.db), scratchFor: null },
    { name: `run ${name} · ${sessionName(storedTarget(o.target))}`, target: o.target, protocolVersion: o.protocolVersion },
  );
  return { recorder, rec };
}

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, RUN_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let o: RunOptions;
  let c: Collection;
  let answers: Collection['answers'];
  try {
    const parsed = parseRunArgs(argv);
    const fromConfig = parsed.config ? await readConfigTarget(parsed.config) : null;
    for (const w of fromConfig?.warnings ?? []) process.stderr.write(`mcpscope run: ${w}\n`);
    o = { ...parsed, target: parsed.target ?? fromConfig!.target };
    c = await readCollection(o.file);
    answers = o.answers !== null ? await readAnswersFile(o.answers) : c.answers;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('run', err.message, USAGE);
  }
  process.on('exit', killAllProcessGroups);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => process.exit(128 + constants.signals[sig]));
  if (o.target.transport === 'stdio') for (const note of enterDataDir(o.dataDir, 'run')) process.stderr.write(`mcpscope run: ${note}\n`);
  const session = new CallSession(o.target, {
    timeoutMs: o.timeoutMs,
    cancelOnTimeout: true,
    oauth: { dataDir: o.dataDir, print: (t) => void process.stderr.write(t), openBrowser },
  });
  if (answers) {
    const capabilities = capabilitiesObject(declaredCapabilities(answers));
    installScriptedClient(session.engine, { answers, capabilities });
    session.clientCapabilities = capabilities;
  }
  const store = o.record ? await recording(o, c.name) : null;
  if (store) session.onFrame((f) => store.rec.append(f));
  const startedAt = new Date().toISOString();
  let steps: StepResult[];
  let protocolVersion: string;
  try {
    await session.start();
    const conn = await session.engine.connect({
      ...(o.era === undefined ? {} : { era: o.era }),
      protocolVersion: o.protocolVersion,
      clientInfo: { name: 'mcpscope-run', version: packageVersion() },
      ...(session.clientCapabilities ? { capabilities: session.clientCapabilities } : {}),
      timeoutMs: Math.max(o.timeoutMs, 10_000),
    });
    protocolVersion = conn.protocolVersion;
    steps = await runCollection(c, session, {
      env: (name) => process.env[name],
      timeoutMs: o.timeoutMs,
      bail: o.bail,
      transport: transportKind(o.target),
      protocolVersion,
      onStep: (s) =>
        process.stderr.write(`run: ${MARK[s.status]} ${escapeControls(s.name)}${s.latencyMs === null ? '' : ` (${Math.round(s.latencyMs)} ms)`}\n`),
    });
  } catch (err) {
    process.stderr.write(`mcpscope run: could not run: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    const tail = session.stderr();
    if (tail) process.stderr.write(`the server's last stderr lines:\n${tail}\n`);
    await session.close();
    store?.rec.end(session.frames.length);
    store?.recorder.close();
    return 2;
  }
  await session.close();
  store?.rec.end(session.frames.length);
  store?.recorder.close();
  const report: RunReport = {
    collection: c.name,
    target: sessionName(storedTarget(o.target)),
    transport: transportKind(o.target),
    protocolVersion,
    startedAt,
    ...(store ? { session: store.rec.id } : {}),
    steps,
  };
  process.stdout.write(`${o.json ? JSON.stringify(report, null, 2) : runSummary(report)}\n`);
  let code: number = runExitCode(steps);
  if (o.junit !== null) {
    try {
      await writeFile(o.junit, runJunit(report));
    } catch (err) {
      process.stderr.write(`mcpscope run: could not write ${o.junit}: ${(err as Error).message}\n`);
      code = 2;
    }
  }
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
