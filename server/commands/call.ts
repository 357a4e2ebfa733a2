// `mcpscope call`: one request (or a raw frame, or a batch) to an MCP server from a script; no relay, no browser.
import { UsageError, flagHelp, wantsHelp } from '../cli/flags.js';
import { readJsonFile } from '../cli/read-json-file.js';
import { usageFailure } from '../cli/usage-failure.js';
import { CALL_FLAGS, parseCallArgs, type CallOptions } from '../call/call-args.js';
import { readConfigTarget } from '../cli/read-config-target.js';
import type { ScriptedClient } from '../call/call-answers.js';
import { packageVersion } from '../package-root.js';
import { EXIT, printFailure, stdio } from '../call/call-output.js';
import { CallSession } from '../call/call-session.js';
import { COLLECT_MS } from '../call/collect-replies.js';
import { REQUEST_TIMEOUT_MS, runRequest } from '../call/run-request.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';
import { defaultDataDir } from '../cli/common-flags.js';
import { openBrowser } from '../cli/open-browser.js';

export const USAGE = `usage: mcpscope call (--method <m> [--params '<json>'] | --raw '<text>' | --batch <file.json> | --fault <preset>) [options]
                     (--url <url> | --config <file> [--server <name>] | -- <command> [args...])

Starts the server (or connects to --url), performs the handshake, sends one message, prints what came back
and shuts the server down. Any method and any params work, ping and custom methods included.

${flagHelp(CALL_FLAGS)}

Exit codes: 0 a result (--raw: the answer the frame calls for, or none owed; --batch: every request answered), 1 a
JSON-RPC error response, 2 a usage or transport error, 3 a timeout (--raw: no reply), 4 --strict lint warnings or errors,
5 a tools/call whose result has isError: true (the result is printed as any other).`;

async function readBatch(file: string): Promise<unknown[]> {
  const value = await readJsonFile(file, 'use --raw to send text that is not JSON');
  if (!Array.isArray(value)) throw new UsageError(`${file} must hold a JSON array (a batch); for one message use --raw or --method`);
  return value;
}

/** Writes the transcript for --bundle; a file that cannot be written makes the call fail (2), as the user asked for it. */
async function saveBundle(file: string, session: CallSession, o: CallOptions, code: number): Promise<number> {
  try {
    const { writeCallBundle } = await import('../call/call-bundle.js');
    const frames = await writeCallBundle(file, session.frames, o.target, o.protocolVersion, packageVersion());
    stdio.note(`wrote the transcript (${frames} frames) as a repro bundle to ${file}; mcpscope replay ${file} runs it again`);
    return code;
  } catch (err) {
    stdio.note(`could not write the bundle ${file}: ${(err as Error).message}`);
    return EXIT.usage;
  }
}

/** --otlp / --otlp-file: the call's exchanges as spans; an export that fails makes the call fail (2), as it was asked for. */
async function exportSpans(session: CallSession, o: CallOptions, sessionName: string, code: number): Promise<number> {
  try {
    const { exportFrames } = await import('../traces/session-tracing.js');
    for (const line of await exportFrames([{ name: sessionName, frames: session.frames }], o.target, o.export, packageVersion())) stdio.note(line);
    return code;
  } catch (err) {
    stdio.note((err as Error).message);
    return EXIT.usage;
  }
}

async function execute(session: CallSession, o: CallOptions, items: unknown[] | null, reopen: () => Promise<CallSession>): Promise<number> {
  await session.start();
  if (o.mode.kind === 'method') return runRequest(session, { ...o, mode: o.mode }, stdio);
  if (o.mode.kind === 'raw') return (await import('../call/run-raw.js')).runRaw(session, { ...o, mode: o.mode }, stdio);
  if (o.mode.kind === 'fault') return (await import('../call/run-fault.js')).runFault(session, { ...o, mode: o.mode }, stdio, reopen);
  return (await import('../call/run-batch.js')).runBatch(session, o, items ?? [], stdio);
}

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, CALL_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let o: CallOptions;
  let items: unknown[] | null = null;
  let scripted: ScriptedClient | null;
  try {
    const parsed = parseCallArgs(argv);
    const fromConfig = parsed.config ? await readConfigTarget(parsed.config) : null;
    for (const w of fromConfig?.warnings ?? []) process.stderr.write(`mcpscope call: ${w}\n`);
    o = { ...parsed, target: parsed.target ?? fromConfig!.target };
    if (o.mode.kind === 'batch') items = await readBatch(o.mode.file);
    // --answers/--capabilities only: the answers bring a JSON Schema validator.
    scripted = o.answers === null && o.capabilities === null ? null : await (await import('../call/call-answers.js')).loadScriptedClient(o);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('call', err.message, USAGE);
  }
  const timeoutMs = o.timeoutMs ?? (o.mode.kind === 'method' ? REQUEST_TIMEOUT_MS : COLLECT_MS);
  const oauth = { dataDir: o.dataDir ?? defaultDataDir(), print: (text: string) => void process.stderr.write(text), openBrowser };
  const sessionOptions = { timeoutMs, cancelOnTimeout: o.mode.kind === 'method', exchangeErrorsFatal: o.mode.kind !== 'fault', oauth };
  const session = new CallSession(o.target, sessionOptions);
  // --fault: a preset that kills the server is its verdict, and the presets after it go to a fresh server of their own.
  const reopen = async () => {
    const next = new CallSession(o.target, sessionOptions);
    await next.start();
    return next;
  };
  const sessionName = `call-${process.pid}-${Date.now().toString(36)}`;
  if (o.trace) (await import('../traces/session-tracing.js')).startTracing(session, sessionName);
  if (scripted) {
    (await import('../call/call-answers.js')).installScriptedClient(session.engine, scripted);
    session.clientCapabilities = scripted.capabilities;
  }
  // Whatever way this process goes, the server it started goes with it; a SIGKILL runs nothing, so this run is noted
  // in the data dir for the next launch to clean up after.
  process.on('exit', killAllProcessGroups);
  if (o.target.transport === 'stdio') for (const note of enterDataDir(oauth.dataDir, 'call')) stdio.note(note);
  const interrupted = () => void session.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let code: number;
  try {
    code = await execute(session, o, items, reopen);
  } catch (err) {
    code = printFailure(stdio, err, session.stderr());
  } finally {
    await session.close();
  }
  // The linter (the SDK's schemas, a JSON Schema validator) loads only for --lint: ~0.13 s of CPU a call saves.
  if (o.lint) code = (await import('../call/call-lint.js')).lintCall(session.frames, o, code, stdio, (line) => process.stderr.write(line));
  if (o.bundle !== null) code = await saveBundle(o.bundle, session, o, code);
  if (o.export.otlp !== null || o.export.otlpFile !== null) code = await exportSpans(session, o, sessionName, code);
  // A socket or timer some library left behind must not keep a script waiting; stdout to a pipe is already written.
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
