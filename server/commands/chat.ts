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
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { CHAT_FLAGS, parseChatArgs, type ChatOptions } from '../model/chat-args.js';
import { KEY_ENV, createProvider } from '../model/create-provider.js';
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
  const listeners = new Set<() => void>();
  const token = {
    stopped: false,
    onStop(fn: () => void) {
      if (token.stopped) fn();
      else listeners.add(fn);
      return () => listeners.delete(fn);
    },
    fire() {
      if (token.stopped) return onSecond();
      token.stopped = true;
      note('stopping: the model stream and the tool call in flight are cancelled (Ctrl-C again to quit at once)');
      for (const fn of [...listeners]) fn();
    },
  };
  return token;
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
  const provider = await createProvider(o.provider, { apiKey: key, baseUrl: o.baseUrl, stream: o.stream });
  process.on('exit', killAllProcessGroups);
  if (o.target.transport === 'stdio') for (const n of enterDataDir(dataDir, 'chat')) note(n);
  const stop = interruptStop(() => void session.close().finally(() => process.exit(CHAT_EXIT.interrupted)));
  process.on('SIGINT', stop.fire);
  process.on('SIGTERM', stop.fire);
  let result: ChatResult = { code: CHAT_EXIT.failed, transcript: null, sampling: [] };
  try {
    result = await runChatSession(session, o, provider, stop, { out: (text) => void process.stdout.write(text), note });
  } catch (err) {
    result.code = printFailure({ ...stdio, note }, err, session.stderr());
  } finally {
    await session.close();
  }
  const t = result.transcript;
  if (t?.error) note(escapeControls(t.error));
  if (o.json && t) process.stdout.write(`${JSON.stringify({ ...t, ...(o.sampling ? { sampling: result.sampling } : {}) }, null, 2)}\n`);
  else if (t) note(`${t.outcome}: ${t.turns.length} step${t.turns.length === 1 ? '' : 's'}, ${t.usage.inputTokens} tokens in, ${t.usage.outputTokens} out`);
  let code = result.code;
  if (o.lint) code = (await import('../call/call-lint.js')).lintCall(session.frames, o, code, { ...stdio, note }, (line) => process.stderr.write(line));
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
