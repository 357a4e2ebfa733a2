// The campaign's scratch connection: one CallSession at a time (its own server process, never a session under
// inspection), handshaken, linted when an input is judged, and started again when the server died or hung, so the
// campaign goes on. An input is sent (begin), waited for (settle) and judged (judge) in three steps, so a search can
// put the next input on the wire before judging the last one (the linter then works while the server does).
import { LocalEngineError } from '../../shared/engine/index.js';
import { isPlainObject } from '../../shared/jsonrpc.js';
import { JsonSchemaValidator, Linter, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { transportKind } from '../call/call-output.js';
import { CallSession } from '../call/call-session.js';
import { packageVersion } from '../package-root.js';
import { judge, type Observed } from './fuzz-oracles.js';

/** A server's start counts against its first answer: the handshake gets at least this, whatever --timeout says. */
const MIN_HANDSHAKE_MS = 10_000;
/** After the transport failed, how long to wait for the process's exit (its code, signal and last stderr lines). */
const EXIT_WAIT_MS = 2000;
/** How long a ping after a timed-out request may take before the server counts as hung. */
const PING_WAIT_MS = 2000;

export interface FuzzConnectionOptions {
  timeoutMs: number;
  protocolVersion: string;
  /** Each new connection, before it starts (the relay publishes it; the command may record it). */
  onSession?: (session: CallSession, index: number) => void;
}

export interface ToolInfo {
  name: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
}

export class FuzzConnection {
  session: CallSession | null = null;
  /** How often the server had to be started again because it died or hung. */
  restarts = 0;
  /** Inputs that outlived the timeout while the server kept answering (progress, or a ping): slow, not hung. */
  slow = 0;
  protocolVersion: string;
  private opened = 0;
  private listsTools = false;
  private handshaken = false;
  private broken = false;
  /** The current session's linter and what it found so far; an input in flight keeps its own session's. */
  private lint: SessionLint | null = null;

  constructor(
    readonly target: Target,
    private readonly options: FuzzConnectionOptions,
  ) {
    this.protocolVersion = options.protocolVersion;
  }

  /** A live, handshaken session: the current one, or a new one when the last died or was dropped after a hang. */
  async ready(): Promise<CallSession> {
    if (this.session && this.session.failure === null && this.handshaken) return this.session;
    if (this.session?.failure) this.broken = true;
    return this.open(true);
  }

  /**
   * A new session, handshaken or bare (`handshake: false`, for inputs that must meet the server before its
   * initialization is done); the current one is dropped first.
   */
  private async open(handshake: boolean): Promise<CallSession> {
    if (this.session) await this.drop();
    this.handshaken = handshake;
    const session = new CallSession(this.target, { timeoutMs: this.options.timeoutMs, cancelOnTimeout: true, origin: 'fuzz' });
    this.opened++;
    // Started again because the last one died or hung (a bare session's planned end is no restart).
    if (this.broken) this.restarts++;
    this.broken = false;
    this.options.onSession?.(session, this.opened);
    this.lint = new SessionLint(
      session,
      // The campaign breaks schemas on purpose and the oracles read the server's findings only: no validation of
      // each call's arguments as it goes out (whether they fit is still worked out when a -32603 answers one).
      new Linter({
        transport: transportKind(this.target),
        protocolVersion: this.options.protocolVersion,
        jsonSchemaValidator: new JsonSchemaValidator(),
        toolArgumentFindings: false,
      }),
    );
    this.session = session;
    await session.start();
    if (!handshake) return session;
    const conn = await session.engine.connect({
      protocolVersion: this.options.protocolVersion,
      clientInfo: { name: 'mcpscope-fuzz', version: packageVersion() },
      timeoutMs: Math.max(this.options.timeoutMs, MIN_HANDSHAKE_MS),
    });
    this.protocolVersion = conn.protocolVersion;
    // A new session's linter knows a tool's outputSchema only from a tools/list it saw: list again after a restart.
    if (this.listsTools) await this.fetchTools(session);
    return session;
  }

  /** The server's tools, as its tools/list says (every page); every later session lists them too. */
  async listTools(): Promise<ToolInfo[]> {
    const session = await this.ready();
    this.listsTools = true;
    return this.fetchTools(session);
  }

  private async fetchTools(session: CallSession): Promise<ToolInfo[]> {
    const tools: ToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const r = await session.engine.request('tools/list', cursor === undefined ? {} : { cursor }, {
        timeoutMs: Math.max(this.options.timeoutMs, MIN_HANDSHAKE_MS),
      });
      const result = isPlainObject(r.result) ? r.result : {};
      for (const t of Array.isArray(result.tools) ? result.tools : []) if (isPlainObject(t) && typeof t.name === 'string') tools.push(t as unknown as ToolInfo);
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    } while (cursor !== undefined && tools.length < 10_000);
    return tools;
  }

  /**
   * Runs one input (`act` sends it and waits for its answer) and judges what happened by the oracles. A hung server is
   * dropped (its next attempt starts a new one): a server stuck on one input may be stuck for all the others.
   */
  async attempt(act: (session: CallSession) => Promise<unknown>, lintRules?: ReadonlySet<string>, bare = false): Promise<Observed | null> {
    const sent = await this.begin(act, bare);
    await this.settle(sent);
    return this.judge(sent, lintRules);
  }

  /** Sends one input: `act` writes it at once and resolves with its answer, which settle() waits for. */
  async begin(act: (session: CallSession) => Promise<unknown>, bare = false): Promise<InFlight> {
    const session = bare ? await this.open(false) : await this.ready();
    const sent: InFlight = { session, lint: this.lint!, bare, from: session.frames.length, to: -1, failure: null, hung: false, stderr: '', done: null! };
    let answer: Promise<unknown>;
    try {
      answer = act(session);
    } catch (err) {
      answer = Promise.reject(err);
    }
    sent.done = answer.then(
      () => undefined,
      (err: unknown) => err ?? new Error('the input failed without a reason'),
    );
    return sent;
  }

  /**
   * Waits for an input's answer and fixes which frames are its own (those recorded up to now). True: it was answered
   * on a live, handshaken session, so the next input may go out before this one is judged. Otherwise the reason is
   * waited for first: the process's exit (code, signal, stderr), or whether a timed-out server still answers a ping.
   */
  async settle(sent: InFlight): Promise<boolean> {
    const { session } = sent;
    const err = await sent.done;
    if (err !== undefined) {
      if (err instanceof LocalEngineError && err.code === 'REQUEST_TIMEOUT')
        sent.hung = session.failure === null && !(await this.stillAnswers(session, sent.from));
      else if (session.failure === null && !(err instanceof LocalEngineError)) throw err;
    }
    if (session.failure !== null) await exitedOf(session);
    sent.to = session.frames.length;
    sent.failure = session.failure;
    // Only what the oracles read when the attempt wrote nothing on stderr of its own: the tail as it stood now.
    sent.stderr = session.stderr();
    return err === undefined && sent.failure === null && !sent.bare;
  }

  /**
   * Judges a settled input by the oracles, linting its frames first (the findings made while they came in are its
   * own, whenever the linter gets to them). A dead or hung session is dropped here, after a bare session's input.
   */
  async judge(sent: InFlight, lintRules?: ReadonlySet<string>): Promise<Observed | null> {
    const frames = sent.session.frames.slice(sent.from, sent.to);
    const observed = judge({
      frames,
      findings: sent.lint.findingsOf(sent.from, sent.to),
      all: sent.session.frames,
      failure: sent.failure,
      hung: sent.hung,
      stderr: sent.stderr,
      ...(lintRules ? { lintRules } : {}),
    });
    if (sent.failure !== null || sent.hung) this.broken = true;
    // A bare session is done with once its input went out: the next input needs a handshaken one (or a bare one anew).
    if ((sent.hung || sent.bare) && this.session === sent.session) await this.drop(sent.hung);
    return observed;
  }

  /**
   * After a request ran out of time: a server that sent progress for it, or answers a ping now, is slow (the request
   * was cancelled, as the engine does on a timeout, and the campaign goes on with it), not hung.
   */
  private async stillAnswers(session: CallSession, from: number): Promise<boolean> {
    if (sentProgress(session.frames, from)) {
      this.slow++;
      return true;
    }
    try {
      await session.engine.request('ping', undefined, { timeoutMs: Math.min(this.options.timeoutMs, PING_WAIT_MS) });
      this.slow++;
      return true;
    } catch {
      return false;
    }
  }

  /** Ends the current session (a hung or dead one), waiting for its process to go; a hung one is not given a grace. */
  async drop(hung = false): Promise<void> {
    const s = this.session;
    this.session = null;
    if (!s) return;
    await s.close({ hung }).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.drop();
  }
}

/** One input on the wire: its session (and that session's linter), and, once settled, its frames and how it ended. */
export interface InFlight {
  session: CallSession;
  lint: SessionLint;
  bare: boolean;
  /** Its frames are session.frames[from, to); `to` is known once it settled. */
  from: number;
  to: number;
  failure: string | null;
  hung: boolean;
  stderr: string;
  /** Resolves when act did: undefined, or what it threw. */
  done: Promise<unknown>;
}

/**
 * A session's linter, fed its frames in order only when an input is judged (not as they arrive, so linting one input
 * can wait until the next is on the wire). Each finding keeps the index of the frame whose arrival made it, so an
 * input's findings are those its own frames made, whenever they were linted.
 */
export class SessionLint {
  private linted = 0;
  private readonly findings: Finding[] = [];
  /** findings[i] was made by session.frames[madeBy[i]]. */
  private readonly madeBy: number[] = [];

  constructor(
    private readonly session: CallSession,
    private readonly linter: Linter,
  ) {}

  /** The findings made by frames [from, to), linting up to `to` first. */
  findingsOf(from: number, to: number): Finding[] {
    const frames = this.session.frames;
    for (; this.linted < to; this.linted++)
      for (const f of this.linter.push(frames[this.linted]!)) {
        this.findings.push(f);
        this.madeBy.push(this.linted);
      }
    const out: Finding[] = [];
    // Inputs are judged in order, so the search starts from the end.
    for (let i = this.findings.length - 1; i >= 0 && this.madeBy[i]! >= from; i--) if (this.madeBy[i]! < to) out.push(this.findings[i]!);
    return out.reverse();
  }
}

/** Resolves once the session recorded its process's exit, or after EXIT_WAIT_MS (a remote server has none). */
function exitedOf(session: CallSession): Promise<void> {
  const done = (f: FrameRecord) => f.dir === 'relay' && f.kind === 'event' && (f.method === 'exited' || f.method === 'disconnected');
  if (session.frames.some(done)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(finish, EXIT_WAIT_MS);
    const stop = session.onFrame((f) => {
      if (done(f)) finish();
    });
    function finish() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** Whether the server sent progress since frame index `from`: it is working, not stuck. */
function sentProgress(frames: readonly FrameRecord[], from: number): boolean {
  for (let i = from; i < frames.length; i++) if (frames[i]!.dir === 'in' && frames[i]!.method === 'notifications/progress') return true;
  return false;
}
