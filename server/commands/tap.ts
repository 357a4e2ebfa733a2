// `mcpscope tap`: watch a real host talk to a real server. Put it in the host's config in place of the server command;
// it passes every byte through, records every frame in the inspector's store, and ends as the server ends.
import { constants } from 'node:os';
import { defaultDataDir } from '../cli/data-dir.js';
import { UsageError, flagHelp, onOff, parseFlags, value } from '../cli/flags.js';
import { isLoopback } from '../cli/loopback.js';
import { nonEmpty, wholeNumber } from '../cli/validators.js';
import { usageFailure } from '../cli/usage-failure.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-buffer.js';
import { processTracker } from '../transports/process-tracker.js';
import { runHttpTap } from '../tap/http-tap.js';
import { runStdioTap, type TapExit } from '../tap/stdio-tap.js';
import { OTLP_FLAGS, otlpChoice, type OtlpChoice } from '../cli/trace-flags.js';
import { newSessionId } from '../core/session-naming.js';

export const TAP_FLAGS = {
  'data-dir': value('<dir>', `the store to record into, the inspector's (default: ${defaultDataDir()})`),
  name: value('<name>', 'the session\'s name in the inspector (default: "tap: " and the server command)', nonEmpty('a name')),
  'max-line-bytes': value(
    '<n>',
    `framing cap for one recorded message (default ${DEFAULT_MAX_LINE_BYTES}); bytes pass through whatever their size`,
    wholeNumber(1024, 2 ** 31 - 1),
  ),
  grace: value(
    '<ms>',
    'once the host has gone: how long the server gets after its stdin closes, then after SIGTERM (default 2000)',
    wholeNumber(0, 600_000, 'milliseconds'),
  ),
  url: value('<url>', 'tap a remote server instead (Streamable HTTP, 2026-07-28 HTTP or legacy SSE): a proxy the host points at', httpUrl),
  listen: value('<host:port>', 'with --url: where the proxy listens (default 127.0.0.1:0, a free port, printed on stderr)', hostPort),
  'allow-remote': onOff('with --url: allow a --listen address that is not loopback (anyone who reaches it goes through the tap)'),
  ...OTLP_FLAGS,
};

function httpUrl(v: string, flag: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`${flag} needs an absolute http(s):// URL, got "${v}"`);
  }
  if (!/^https?:$/.test(u.protocol)) throw new UsageError(`${flag} must be http:// or https:// (a WebSocket server cannot be tapped), got ${u.protocol}`);
  return u.href;
}

function hostPort(v: string, flag: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(v);
  const port = Number(m?.[2]);
  if (!m || port > 65535) throw new UsageError(`${flag} needs host:port, such as 127.0.0.1:7411 or [::1]:7411, got "${v}"`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

export const USAGE = `usage: mcpscope tap [--data-dir <dir>] [--name <name>] -- <server command> [args...]
       mcpscope tap --url <https://server/mcp> [--listen 127.0.0.1:<port>] [--data-dir <dir>] [--name <name>]

A transparent stdio shim to put in a host's MCP config (Claude Desktop, Cursor, VS Code, Claude Code) in place of
the server command. It starts the server and copies bytes both ways unchanged, with backpressure; the server's
stderr passes through. Every frame is recorded in the inspector's store: an inspector running on the same data dir
shows the session live, read-only (the host owns it); otherwise it is there the next time the inspector starts.
The tap writes nothing to stdout but the server's bytes; its own messages go to stderr. If recording fails, the
bytes keep passing and stderr says so. The tap exits as the server does (same code, same signal); when the host
goes away (stdin closed, the tap signalled, or the host's process gone), the server and its process group go too.

${flagHelp(TAP_FLAGS)}

With --url, the tap is a reverse proxy for a remote server instead: point the host at the address it prints
(the server's path on the tap's address). Requests, responses and SSE streams pass unbuffered; Authorization, cookies
and other secret headers are masked in the record; a legacy SSE endpoint on the server's origin is rewritten to the
tap's, and the record says so. It runs until it is signalled.

In a host's config:  "command": "mcpscope", "args": ["tap", "--", "npx", "-y", "@modelcontextprotocol/server-everything"]`;

export async function run(argv: string[]): Promise<number> {
  let exit: TapExit;
  try {
    const p = parseFlags(argv, TAP_FLAGS);
    if (p.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const v = p.values;
    const dataDir = v['data-dir'] ?? defaultDataDir();
    const traces = otlpChoice(v);
    const exporting = traces.otlp !== null || traces.otlpFile !== null;
    if (v.url !== undefined) {
      if (p.command !== null && p.command.length > 0) throw new UsageError('--url and a command after -- exclude each other');
      if (v.grace !== undefined) throw new UsageError('--grace goes with a server command, not --url');
      const listen = v.listen ?? { host: '127.0.0.1', port: 0 };
      if (!isLoopback(listen.host) && v['allow-remote'] !== true)
        throw new UsageError(`--listen ${listen.host} is not loopback; add --allow-remote if others should reach the tap`);
      const sessionId = newSessionId();
      const code = await runHttpTap({
        url: v.url,
        ...listen,
        dataDir,
        name: v.name ?? null,
        maxLineBytes: v['max-line-bytes'] ?? DEFAULT_MAX_LINE_BYTES,
        sessionId,
      });
      if (exporting) await exportTapped(sessionId, dataDir, traces);
      return code;
    }
    if (v.listen !== undefined || v['allow-remote'] !== undefined) throw new UsageError('--listen and --allow-remote go with --url');
    const [command, ...args] = p.command ?? [];
    if (command === undefined) throw new UsageError('expected the server command after -- (or --url for a remote server)');
    const sessionId = newSessionId();
    exit = await runStdioTap({
      sessionId,
      command,
      args,
      dataDir,
      name: v.name ?? null,
      maxLineBytes: v['max-line-bytes'] ?? DEFAULT_MAX_LINE_BYTES,
      graceMs: v.grace ?? 2000,
    });
    if (exporting) await exportTapped(sessionId, dataDir, traces);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('tap', err.message, USAGE);
  }
  return mirror(exit);
}

/** --otlp / --otlp-file: the recorded session as spans, once the server has ended; a failure is said, never fatal. */
async function exportTapped(sessionId: string, dataDir: string, choice: OtlpChoice): Promise<void> {
  try {
    const { readExportSource } = await import('../traces/export-source.js');
    const { exportFrames } = await import('../traces/session-tracing.js');
    const { packageVersion } = await import('../package-root.js');
    const source = await readExportSource(sessionId, dataDir);
    for (const line of await exportFrames([source], source, choice, packageVersion())) process.stderr.write(`mcpscope tap: ${line}\n`);
  } catch (err) {
    process.stderr.write(`mcpscope tap: ${(err as Error).message}\n`);
  }
}

/** Ends the tap as the server ended: by the same signal, or with the same code. */
function mirror(exit: TapExit): never {
  if (exit.signal !== null) {
    // Death by a signal runs no exit handler: what they do (the server's mark, the table in the data dir) happens now.
    processTracker.killAll();
    process.removeAllListeners(exit.signal);
    process.kill(process.pid, exit.signal);
    // A signal whose default action does not end a process: exit as a shell reports a signalled child.
    process.exit(128 + (constants.signals[exit.signal] ?? 0));
  }
  process.exit(exit.code ?? 1);
}
