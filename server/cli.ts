// The mcpscope command: the only module that reads argv and env, listens, prints the URL and handles signals.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PROTOCOL_VERSIONS } from '../shared/mcp-versions.js';
import type { RelayConfig, StdioTarget, Target } from '../shared/relay-protocol.js';
import type { CliOptions, RelayOptions } from './cli/cli-args.js';
import { nearest } from './cli/flags.js';
import { readConfigTarget } from './cli/read-config-target.js';
import type { StartGate } from './relay/start-gate.js';
import { SUBCOMMANDS, isRelayLaunch, type Subcommand } from './commands/index.js';
import { packageRoot, packageVersion } from './package-root.js';
import type { Recorder } from './store/recorder.js';
import { SqliteAddonError } from './store/sqlite-addon.js';
import { keepYoungGenerationSmall } from './v8-memory.js';

const GRACE_MS = 2000;
/** Past this, a signal ends mcpscope whatever is still stopping (its children are killed all the same). */
const SHUTDOWN_MS = 3 * GRACE_MS;

export function demoTarget(): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [join(packageRoot(), 'dist', 'bundle', 'demo-server.js')], env: {} };
}

function launchTarget(o: CliOptions): Target | null {
  if (o.demo) return demoTarget();
  if (o.url)
    return {
      transport: o.transport,
      url: o.url,
      headers: o.headers,
      ...(o.httpTimeoutMs === null ? {} : { timeoutMs: o.httpTimeoutMs }),
      ...(o.auth ? { auth: o.auth } : {}),
    };
  const [command, ...args] = o.command;
  if (!command) return null;
  return { transport: 'stdio', command, args, env: o.env, ...(o.cwd ? { cwd: o.cwd } : {}) };
}

/** An imported session to open (`sessionId`), or the name the launch session takes (a config file's server name). */
interface Launch {
  sessionId?: string;
  name?: string;
}

/**
 * Starts the relay on `target` (null: none, the page offers the demo), or opens the UI on an existing (imported)
 * session when `launch.sessionId` is given. It listens and prints its ready line once the store is open (a data dir it
 * cannot use fails the start before that line); the app, its hub and the launch session come just after, and whatever
 * arrives meanwhile waits for them (relay/start-gate.ts). Resolves at the ready line; a start that fails after it ends
 * the process as one that fails before it.
 */
async function run(o: RelayOptions, target: Target | null, launch: Launch = {}): Promise<void> {
  // Before the relay's modules load: what the young generation grows to stays committed (v8-memory.ts).
  keepYoungGenerationSmall();
  const early = await import('./relay/relay-early.js');
  // The one way a launch recipe is refused once spawned (SessionManager.create): refused before the ready line instead.
  const badEnv = target?.transport === 'stdio' ? early.envError(target.env) : null;
  if (badEnv !== null) throw new Error(badEnv);
  const token = o.token ?? randomBytes(32).toString('base64url');
  const recorder = new early.Recorder(o.dataDir);
  // What a run that died without cleaning up (a relay's crash, a SIGKILLed relay, call, check or tap) left running
  // goes before anything new starts.
  const reaped = early.reapedNote(early.reapOrphans(o.dataDir));
  if (reaped !== null) console.error(`mcpscope: ${reaped}`);
  early.processTracker.persistIn(o.dataDir);
  const gate = new early.StartGate();
  const server = gate.server;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port, o.host, () => {
      server.off('error', fail);
      ok();
    });
  });
  let port = o.port;
  // The redirect URI names the address the page uses: loopback by default, so it satisfies "localhost or https".
  let shownHost = o.host;
  const addr = server.address();
  if (addr && typeof addr === 'object') {
    port = addr.port;
    shownHost = early.urlHost(o.host, addr.address);
  }
  const url = `http://${shownHost}:${port}/#token=${token}`;
  if (!early.isLoopback(o.host)) {
    console.error(`mcpscope: WARNING: listening on ${o.host}, not loopback. Anyone who can reach it and has the token can spawn processes as you.`);
  }

  let shuttingDown = false;
  // Built once the ready line is out: its modules are not even asked for before (cli-start-modules.test.ts).
  let afterReady!: () => void;
  const relay = new Promise<void>((ok) => (afterReady = ok)).then(() =>
    buildRelay(o, target, launch, { token, recorder, gate, port, shownHost, stopping: () => shuttingDown }),
  );
  // A start that fails past the ready line (its modules, the launch session) ends the process as one before it does.
  relay.catch((err: unknown) => void failedStart(o, err));
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      early.killAllProcessGroups();
      process.exit(130);
    }
    shuttingDown = true;
    console.error(`mcpscope: ${signal}: stopping servers`);
    // A signal on the ready line finds the app still loading: it stops once the app is there (no launch session then).
    const built = await relay.catch(() => null);
    if (!built) return;
    await built.shutDown({
      stopSessions: async () => {
        built.hub.closeAll();
        await built.sessions.stopAll(`mcpscope received ${signal}`);
      },
      close: [
        () => {
          server.close();
          server.closeAllConnections();
        },
        () => recorder.close(),
      ],
      killAll: early.killAllProcessGroups,
      exit: (code) => process.exit(code),
      log: (m) => console.error(`mcpscope: ${m}`),
      // Each session's ladder takes up to two grace periods (stdin closed, SIGTERM) before its SIGKILL.
      hardMs: SHUTDOWN_MS,
    });
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // Last resort: whatever way the relay goes, its children go with it.
  process.on('exit', early.killAllProcessGroups);
  // What a server or a browser sends must never take the relay down; log it and keep serving.
  process.on('uncaughtException', (err) => console.error('mcpscope: unexpected error (relay keeps running):', err));
  // A terminal or parent that went away (EPIPE) is nothing to log: logging it would fail again and again, an endless
  // loop of uncaught errors that never lets a SIGTERM be handled.
  for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);
  // Ready only once the handlers above are in place: a parent that signals on this line must reach shutdown().
  console.log(`mcpscope ${packageVersion()} ready: ${url}`);
  afterReady();
  if (o.open) early.openBrowser(url);
}

interface Listening {
  token: string;
  recorder: Recorder;
  gate: StartGate;
  port: number;
  shownHost: string;
  /** Whether a signal came: the launch session is then not started. */
  stopping: () => boolean;
}

/**
 * The rest of the relay, past its ready line, in two steps: the sessions, the guard and the launch session, then the
 * front answers the page's first reads (its HTML and files, GET /api/config) while Express and the routes load; then the app and hub are
 * built and the gate opens. Express is most of what loads (docs/performance.md, "Start, round 5"), so the first answer
 * and the launch server's own start no longer wait for it.
 */
async function buildRelay(o: RelayOptions, target: Target | null, launch: Launch, l: Listening) {
  const { SecurityGuard, SessionManager, storedTarget, RelayOAuth, RecipeTrust, firstAnswer } = await import('./relay/relay-first.js');
  const version = packageVersion();
  const oauth = new RelayOAuth({
    dataDir: o.dataDir,
    redirectUri: () => `http://${l.shownHost}:${l.port}/oauth/callback`,
    print: (t) => void process.stderr.write(t),
  });
  const sessions = new SessionManager({ recorder: l.recorder, maxLineBytes: o.maxLineBytes, graceMs: GRACE_MS, trust: new RecipeTrust(o.dataDir), oauth });
  sessions.watchTaps();
  if (o.export && (o.export.otlp !== null || o.export.otlpFile !== null)) {
    const { LiveExport } = await import('./traces/live-export.js');
    const live = new LiveExport(o.export, version, (line) => console.error(`mcpscope: ${line}`));
    sessions.watch((info) => live.onSession(info));
    sessions.watchFrames((sessionId, frame) => live.onFrame(sessionId, frame));
  }
  const guard = new SecurityGuard({ token: l.token, host: o.host, port: () => l.port });
  let launchSessionId: string | null = launch.sessionId ?? null;
  const config = (): RelayConfig => ({
    version,
    // The page only ever sees secrets masked, like every stored session; the relay keeps the real ones.
    defaultTarget: target ? storedTarget(target) : demoTarget(),
    defaultProtocolVersion: o.protocolVersion,
    protocolVersions: [...PROTOCOL_VERSIONS],
    launchSessionId,
    dataDir: o.dataDir,
    maxLineBytes: o.maxLineBytes,
    trace: o.trace,
  });
  if (target && !l.stopping())
    launchSessionId = (await sessions.create({ target, protocolVersion: o.protocolVersion, handshake: true, ...(launch.name ? { name: launch.name } : {}) }))
      .id;
  // From here the config names the launch session: the page's first request is answered while the app loads.
  const webRoot = join(packageRoot(), 'dist', 'web');
  l.gate.front(firstAnswer({ guard, config, holdBackground: (ms) => l.recorder.background.holdFor(ms), webRoot }));
  const { createRelay, shutDown } = await import('./relay/relay-parts.js');
  const relay = createRelay({ sessions, guard, webRoot, config, version, oauth });
  l.gate.open(relay.app, (server) => relay.attach(server));
  return { hub: relay.hub, sessions, shutDown };
}

/** A start that failed, before or after the ready line: the cause in a line, the children killed, exit 1. */
async function failedStart(o: RelayOptions, err: unknown): Promise<never> {
  const e = err as NodeJS.ErrnoException;
  if (err instanceof SqliteAddonError) console.error(`mcpscope: ${err.message}`);
  else if (e.code === 'EADDRINUSE') console.error(`mcpscope: port ${o.port} is in use; pick another with --port, or --port 0 for any free one`);
  else if (e.code === 'EADDRNOTAVAIL') console.error(`mcpscope: cannot bind ${o.host}: no such local address`);
  else console.error('mcpscope: failed to start:', e.message);
  (await import('./transports/stdio-transport.js')).killAllProcessGroups();
  process.exit(1);
}

/** `mcpscope help [command]`: the usage of mcpscope itself, or of one command. */
async function help(name: string | undefined): Promise<number> {
  if (name === undefined) {
    console.log((await import('./cli/cli-args.js')).USAGE);
    return 0;
  }
  const sub = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
  if (!sub) {
    console.error(`mcpscope help: unknown command "${name}"; the commands are ${Object.keys(SUBCOMMANDS).join(', ')}`);
    return 2;
  }
  console.log((await sub()).USAGE);
  return 0;
}

export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'help') {
    process.exitCode = await help(argv[1]);
    return;
  }
  const sub = argv[0] !== undefined && Object.hasOwn(SUBCOMMANDS, argv[0]) ? SUBCOMMANDS[argv[0]] : undefined;
  if (sub) {
    let result: Awaited<ReturnType<Subcommand['run']>>;
    try {
      result = await (await sub()).run(argv.slice(1));
    } catch (err) {
      // A store that cannot open (open, check --record…): the cause and the fix, not a stack trace.
      if (!(err instanceof SqliteAddonError)) throw err;
      console.error(`mcpscope: ${err.message}`);
      process.exitCode = 1;
      return;
    }
    // A command that opens the inspector (open) hands its relay options back: only this module listens.
    if (isRelayLaunch(result)) await start(result.relay, null, { sessionId: result.sessionId });
    // Let stdout drain before leaving: scripts pipe our JSON.
    else process.exitCode = result;
    return;
  }
  const { USAGE, UsageError, parseCliArgs } = await import('./cli/cli-args.js');
  let o: CliOptions;
  try {
    // `mcpscope chek`: a command mistyped, not a stray argument of the inspector.
    const meant = argv[0] !== undefined && !argv[0].startsWith('-') ? nearest(argv[0], Object.keys(SUBCOMMANDS)) : null;
    if (meant !== null) throw new UsageError(`unknown command '${argv[0]}' (did you mean mcpscope ${meant}?)`);
    o = parseCliArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.exit((await import('./cli/usage-failure.js')).usageFailure('', err.message, USAGE));
    }
    throw err;
  }
  if (o.help) {
    console.log(USAGE);
    return;
  }
  if (o.version) {
    console.log(packageVersion());
    return;
  }
  let target: Target | null;
  let name: string | undefined;
  try {
    const fromConfig = o.config ? await readConfigTarget(o.config) : null;
    for (const w of fromConfig?.warnings ?? []) console.error(`mcpscope: ${w}`);
    target = fromConfig?.target ?? launchTarget(o);
    name = fromConfig?.name;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`mcpscope: ${err.message}`);
    process.exit(2);
  }
  await start(o, target, { ...(name !== undefined ? { name } : {}) });
}

async function start(o: RelayOptions, target: Target | null, launch: Launch = {}): Promise<void> {
  try {
    await run(o, target, launch);
  } catch (err) {
    await failedStart(o, err);
  }
}
