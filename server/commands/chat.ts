// `mcpscope chat`: one conversation between a model and an MCP server's tools, from a script or an eval; no relay,
// no browser. The server's frames are the same as any call's (provenance `model` for the tool calls).
import { UsageError, flagHelp, wantsHelp } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { readConfigTarget } from '../cli/read-config-target.js';
import { defaultDataDir } from '../cli/common-flags.js';
import { openBrowser } from '../cli/open-browser.js';
import { printFailure, stdio } from '../call/call-output.js';
import { CallSession } from '../call/call-session.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';
import type { StopToken } from '../../shared/model/chat-types.js';
import { stopToken } from '../../shared/model/stop-token.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { CHAT_FLAGS, parseChatArgs, type ChatOptions } from '../model/chat-args.js';
import { KEY_ENV, createProvider } from '../model/create-provider.js';
import { maskExchange, type ProviderExchange } from '../model/provider-exchange.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { CHAT_EXIT, runChatSession, type ChatResult } from '../model/run-chat.js';

export const USAGE = `usage: mcpscope chat --provider openai|anthropic --model <m> --prompt <text> [options]
                     (--url <url> | --config <file> [--server <name>] | -- <command> [args...])

Starts the server (or connects to --url), lists its tools, offers them to the model as functions and runs one
conversation to its end: each tool call the model asks for goes through mcpscope's client (provenance "model")
once the approval mode says yes. Keys come from OPENAI_API_KEY, ANTHROPIC_API_KEY or --api-key-env <NAME>; they
are never printed or recorded. Ctrl-C stops the model's stream and cancels the tool call in flight.

${flagHelp(CHAT_FLAGS)}

Exit codes: 0 the model gave a final answer, 2 it could not run (usage, the server, or the provider: a refused key,
a rate limit), 3 the step limit was reached first, 4 --lint --strict found a protocol fault, 130 stopped (Ctrl-C).`;

const note = (text: string) => void process.stderr.write(`mcpscope chat: ${text}\n`);

/** Stop for the loop: the first Ctrl-C stops the conversation, the second ends the process. */
function interruptStop(onSecond: () => void): StopToken & { fire(): void } {
  const token = stopToken();
  return {
    get stopped() {
      return token.stopped;
    },
    onStop: token.onStop,
    fire() {
      if (token.stopped) return onSecond();
      note('stopping: the model stream and the tool call in flight are cancelled (Ctrl-C again to quit at once)');
      token.fire();
    },
  };
}

function keyOf(o: ChatOptions): string | UsageError {
  const key = process.env[o.keyEnv];
  // The server is spawned with this process's environment: no provider key may reach it (a get-env tool would hand
  // it to the model, the log and every export).
  for (const name of new Set([o.keyEnv, ...Object.values(KEY_ENV)])) delete process.env[name];
  if (key) return key;
  // A local server (Ollama, LM Studio) takes no key; the SDKs still want a string.
  if (o.baseUrl !== undefined) return 'no-key';
  return new UsageError(
    `no API key: set ${o.keyEnv}${o.keyEnv === 'OPENAI_API_KEY' || o.keyEnv === 'ANTHROPIC_API_KEY' ? ' (or name another variable with --api-key-env)' : ''}`,
  );
}

/** --record: the store, and one session for the chat's connection, tagged `chat`. */
async function recording(o: ChatOptions, dataDir: string) {
  const [{ Recorder }, { SessionArchive }, { recordCheckConnection }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../check/check-recording.js'),
  ]);
  const recorder = new Recorder(dataDir, { inline: true });
  const rec = recordCheckConnection(
    { recorder, archive: new SessionArchive(recorder.db), scratchFor: null },
    {
      name: `chat ${o.model} · ${sessionName(storedTarget(o.target))}`,
      target: o.target,
      protocolVersion: o.protocolVersion,
      tags: ['chat'],
      origin: 'recorded',
    },
  );
  return { recorder, rec };
}

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, CHAT_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let o: ChatOptions;
  let key: string;
  try {
    const parsed = parseChatArgs(argv);
    const fromConfig = parsed.config ? await readConfigTarget(parsed.config) : null;
    for (const w of fromConfig?.warnings ?? []) note(w);
    o = { ...parsed, target: parsed.target ?? fromConfig!.target };
    const k = keyOf(o);
    if (k instanceof UsageError) throw k;
    key = k;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('chat', err.message, USAGE);
  }
  const dataDir = o.dataDir ?? defaultDataDir();
  const session = new CallSession(o.target, {
    timeoutMs: o.timeoutMs,
    cancelOnTimeout: true,
    oauth: { dataDir, print: (text) => void process.stderr.write(text), openBrowser },
  });
  // Each model request is an event of the session (the model lane), masked by the one redactor; with --record it is
  // kept in the store with the frames. One provider per purpose, so the event says what the request was for.
  let requests = 0;
  const exchangeOf = (purpose: 'chat' | 'sampling') => (e: ProviderExchange) =>
    session.recordEvent({ event: 'model-exchange', purpose, requestId: `cli-${++requests}`, ...maskExchange(e, key) });
  const provider = await createProvider(o.provider, { apiKey: key, baseUrl: o.baseUrl, stream: o.stream, onExchange: exchangeOf('chat') });
  const samplingProvider = o.sampling
    ? await createProvider(o.provider, { apiKey: key, baseUrl: o.baseUrl, stream: o.stream, onExchange: exchangeOf('sampling') })
    : provider;
  const store = o.record ? await recording(o, dataDir) : null;
  if (store) session.onFrame((f) => store.rec.append(f));
  process.on('exit', killAllProcessGroups);
  if (o.target.transport === 'stdio') for (const n of enterDataDir(dataDir, 'chat')) note(n);
  const stop = interruptStop(() => void session.close().finally(() => process.exit(CHAT_EXIT.interrupted)));
  process.on('SIGINT', stop.fire);
  process.on('SIGTERM', stop.fire);
  let result: ChatResult = { code: CHAT_EXIT.failed, transcript: null, sampling: [] };
  try {
    result = await runChatSession(session, o, { chat: provider, sampling: samplingProvider }, stop, { out: (text) => void process.stdout.write(text), note });
  } catch (err) {
    result.code = printFailure({ ...stdio, note }, err, session.stderr());
  } finally {
    await session.close();
    store?.rec.end(session.frames.length);
    store?.recorder.close();
  }
  if (store) note(`recorded as session ${store.rec.id} (mcpscope, then Sessions; or #session=${store.rec.id} after the inspector's URL)`);
  const t = result.transcript;
  if (t?.error) note(escapeControls(t.error));
  if (o.json && t)
    process.stdout.write(
      `${JSON.stringify({ ...t, ...(o.sampling ? { sampling: result.sampling } : {}), ...(store ? { session: store.rec.id } : {}) }, null, 2)}\n`,
    );
  else if (t) note(`${t.outcome}: ${t.turns.length} step${t.turns.length === 1 ? '' : 's'}, ${t.usage.inputTokens} tokens in, ${t.usage.outputTokens} out`);
  let code = result.code;
  if (o.lint) code = (await import('../call/call-lint.js')).lintCall(session.frames, o, code, { ...stdio, note }, (line) => process.stderr.write(line));
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
