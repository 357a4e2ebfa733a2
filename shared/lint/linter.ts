// The incremental linter: push every frame of a session in order, get the findings each one causes, then finish.
import { isPlainObject, parseJson, type JsonParse } from '../jsonrpc.js';
import { isHttpErrorDocument } from '../http-answer.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { Finding, Side } from './lint-types.js';
import { DEFAULT_HISTORY_LIMIT, DEFAULT_SLOW_AFTER_MS, LintContext, otherSide, type LinterOptions, type Msg } from './lint-context.js';
import { checkEnvelope, type Envelope } from './check-envelope.js';
import { ExchangeTracker, formatWait, type PendingRequest, type RequestInfo } from './exchange-tracker.js';
import { RULES } from './rules.js';
import { McpSession, requestMeta, META_CLIENT_CAPABILITIES, type Era } from './mcp-session.js';
import { checkResult } from './check-result.js';
import { checkErrorResponse } from './check-error-response.js';
import { onCancelled, onProgress } from './progress-checks.js';
import type { KnownCapabilities } from './capability-gates.js';
import { HttpChecks } from './http-checks.js';
import { AuthChecks } from './auth-checks.js';
import { TRANSPORT_KINDS, type TransportKind } from '../error-codes/error-code-types.js';
import { isReplyArray, onCallBatch, onEmptyArray, onReplyArray } from './batch-checks.js';
import { checkClientParams } from './check-params.js';
import { TraceChecks } from './trace-checks.js';

/** How much of an oversize line's head is searched for the id it answers. */
const OVERSIZE_ID_SCAN = 512;

/** The requests a 2025-11-25 `params.task` turns into a task: the answer is then a CreateTaskResult. */
const TASK_AUGMENTABLE = new Set(['tools/call', 'sampling/createMessage', 'elicitation/create']);

function requestInfo(obj: Record<string, unknown>, method: string, quiet: boolean): RequestInfo {
  const params = isPlainObject(obj.params) ? obj.params : undefined;
  const meta = requestMeta(obj);
  const caps = meta?.[META_CLIENT_CAPABILITIES];
  return {
    // Capped: per pending request the linter keeps a few small fields, never the message.
    toolName: method === 'tools/call' && typeof params?.name === 'string' ? params.name.slice(0, 256) : null,
    taskAugmented: TASK_AUGMENTABLE.has(method) && params?.task !== undefined,
    malformedCall: method === 'tools/call' && (typeof params?.name !== 'string' || (params.arguments !== undefined && !isPlainObject(params.arguments))),
    hadCursor: typeof params?.cursor === 'string',
    clientCaps: isPlainObject(caps) ? caps : null,
    progressToken: meta?.progressToken,
    quiet,
  };
}

function preview(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

export class Linter {
  private readonly ctx: LintContext;
  private readonly ex: ExchangeTracker;
  private readonly session: McpSession;
  private readonly http: HttpChecks;
  private readonly auth: AuthChecks;
  private readonly trace: TraceChecks;

  constructor(options: LinterOptions) {
    this.ctx = new LintContext(options);
    this.ex = new ExchangeTracker(options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
    this.session = new McpSession(options.protocolVersion);
    this.http = new HttpChecks(options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
    this.auth = new AuthChecks(options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
    this.trace = new TraceChecks(1000);
  }

  /** The protocol version the traffic established (initialize result or 2026 _meta), if any. */
  get protocolVersion(): string | null {
    return this.session.version;
  }

  get era(): Era {
    return this.session.era;
  }

  /** The transport the rules follow: the option, or the one an `auto` connection settled on. */
  get transport(): TransportKind {
    return this.ctx.transport;
  }

  /** The capabilities each side declared, as far as the traffic showed them (null until seen). */
  get capabilities(): KnownCapabilities {
    return this.session.caps;
  }

  /**
   * Findings caused by this frame; their `seq` may point at earlier frames (a request that is now known to be unanswered).
   * `parsed`: the frame's text already parsed by the caller (the page's log parses each frame once on arrival), so the
   * linter does not parse it again; without it the linter parses the text itself.
   */
  push(frame: FrameRecord, parsed?: JsonParse): Finding[] {
    const out = this.ctx.begin();
    const parse = () => parsed ?? parseJson(frame.text);
    if (frame.dir === 'relay') this.onRelayEvent(frame, parse);
    else if (frame.kind !== 'stderr') this.onWire(frame, frame.dir === 'out' ? 'client' : 'server', parse);
    return out;
  }

  /**
   * Requests in flight for at least `afterMs` at time `now` (epoch ms, the clock of frame `ts`), as transient
   * `mcp/request-pending` findings: they are not part of the session's findings, they hold only while nothing answers.
   */
  pendingAt(now: number, afterMs = this.ctx.options.slowAfterMs ?? DEFAULT_SLOW_AFTER_MS): Finding[] {
    const out: Finding[] = [];
    for (const p of this.ex.pending.values()) {
      const waited = now - p.ts;
      if (p.quiet || p.method === 'subscriptions/listen' || waited < afterMs) continue;
      const message = `${p.method} (id ${p.id}) from the ${p.requester} has waited ${formatWait(waited)} for an answer.`;
      out.push({ ruleId: 'mcp/request-pending', severity: RULES['mcp/request-pending'].severity, seq: p.seq, related: [], message });
    }
    return out;
  }

  /** End-of-session findings: requests never answered. */
  finish(): Finding[] {
    const out = this.ctx.begin();
    this.ex.idlessErrors.flush(this.ctx);
    this.ex.flushUnanswered(this.ctx, 'the session ended first', null);
    return out;
  }

  private onRelayEvent(frame: FrameRecord, parse: () => JsonParse): void {
    if (frame.kind === 'http') {
      const parsed = parse();
      const value = parsed.ok ? parsed.value : undefined;
      this.auth.onExchange(this.ctx, frame, value);
      return this.http.onExchange(this.ctx, frame, this.session, this.ex, value);
    }
    if (frame.kind !== 'event') return;
    // A process that exits or restarts takes the session with it: its pending requests can no longer be answered.
    if (frame.method === 'exited') this.ex.flushUnanswered(this.ctx, 'the server exited', frame.seq);
    else if (frame.method === 'spawned') this.ex.flushUnanswered(this.ctx, 'the server was restarted', frame.seq);
    else if (frame.method === 'transport-selected') return this.onTransportSelected(parse());
    else return;
    this.session.reset();
    this.ex.reset();
    this.http.reset();
    this.trace.reset();
  }

  private onTransportSelected(parsed: JsonParse): void {
    const chosen = parsed.ok && isPlainObject(parsed.value) ? parsed.value.transport : undefined;
    if ((TRANSPORT_KINDS as readonly unknown[]).includes(chosen)) this.ctx.transport = chosen as TransportKind;
  }

  private onWire(frame: FrameRecord, sender: Side, parse: () => JsonParse): void {
    const { ctx } = this;
    if (frame.b64 !== undefined) ctx.emit('framing/invalid-utf8', frame.seq, `The frame's ${frame.size} bytes are not valid UTF-8.`);
    if (frame.kind === 'oversize') return this.onOversize(frame, sender);
    const broken = ctx.transport === 'stdio' && frame.text.includes('\n');
    if (broken) {
      const lines = frame.text.split('\n').length;
      ctx.emit('framing/embedded-newline', frame.seq, `The message contains ${lines - 1} newline(s); the peer reads it as ${lines} separate lines.`);
    }
    const parsed = parse();
    let single: Envelope | null = null;
    if (!parsed.ok) {
      const where = parsed.error.offset === undefined ? '' : ` at position ${parsed.error.offset}`;
      if (sender === 'server' && ctx.transport === 'stdio') {
        const what = frame.text.trim() === '' ? 'An empty line' : `Text ${preview(frame.text)}`;
        ctx.emit('framing/stdout-noise', frame.seq, `${what} on stdout is not an MCP message.`);
      } else {
        ctx.emit('jsonrpc/not-json', frame.seq, `Not JSON${where}: ${parsed.error.message}.`);
      }
    } else if (Array.isArray(parsed.value)) {
      this.onArray(frame, sender, parsed.value);
    } else if (sender === 'server' && (ctx.transport === 'http' || ctx.transport === 'sse') && isHttpErrorDocument(parsed.value)) {
      // An OAuth or problem document an HTTP error status carried (a 401's {"error":"invalid_token"}): the exchange
      // records it, and it is no JSON-RPC message to judge.
    } else if (!isPlainObject(parsed.value)) {
      ctx.emit('jsonrpc/not-object', frame.seq, `The message is ${parsed.value === null ? 'null' : typeof parsed.value}, not an object.`);
    } else {
      const routed = this.route(ctx.frameMsg(frame, sender, parsed.value));
      single = routed.env;
      // Cut into lines on stdio, the request never reached the peer as one: its silence is no unanswered request.
      if (broken && routed.pending) routed.pending.quiet = true;
    }
    const isArray = parsed.ok && Array.isArray(parsed.value);
    // An id-less response is the reply to the peer's last notification when it is the first thing the sender says
    // after it, even if the peer went on with requests meanwhile (a client sends initialized and its first request
    // back to back).
    this.ex.lastNotification[otherSide(sender)] = null;
    if (single?.kind === 'notification') this.ex.lastNotification[sender] = frame.seq;
    if (!isArray) this.ex.notificationBatch[sender] = this.ex.emptyBatch[sender] = null;
  }

  private onOversize(frame: FrameRecord, sender: Side): void {
    this.ctx.emit(
      'framing/oversize',
      frame.seq,
      `A ${frame.size}-byte line exceeded the framing cap; only its first ${frame.text.length} characters were kept.`,
    );
    // The head usually still shows the id, so the request it answers is not also reported as unanswered.
    const id = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(frame.text.slice(0, OVERSIZE_ID_SCAN))?.[1];
    if (id !== undefined && !/"method"\s*:/.test(frame.text.slice(0, OVERSIZE_ID_SCAN))) this.ex.settle(otherSide(sender), id, frame.seq);
  }

  private onArray(frame: FrameRecord, sender: Side, arr: unknown[]): void {
    const route = (m: Msg) => this.route(m);
    if (arr.length === 0) onEmptyArray(this.ctx, frame.seq, sender, this.ex);
    else if (isReplyArray(arr)) onReplyArray(this.ctx, frame.seq, frame.ts, sender, arr as Record<string, unknown>[], this.ex, route);
    else onCallBatch(this.ctx, frame.seq, frame.ts, sender, arr, this.ex, this.session, route);
    if (arr.length !== 0) this.ex.emptyBatch[sender] = null;
    if (arr.length === 0 || isReplyArray(arr)) this.ex.notificationBatch[sender] = null;
  }

  private route(m: Msg): { env: Envelope; pending: PendingRequest | null } {
    const { ctx, ex, session } = this;
    const env = checkEnvelope(ctx, m);
    let pending: PendingRequest | null = null;
    if (env.kind === 'request') {
      const onceOnly = session.era !== 'modern' && session.rulesVersion !== '2026-07-28';
      pending = ex.onRequest(ctx, m, env.method, env.key, requestInfo(m.obj, env.method, !env.valid), onceOnly);
      if (env.valid) {
        session.onRequest(ctx, m, env.method);
        const fit = checkClientParams(ctx, m, env.method, session);
        if (pending) pending.argsFit = fit;
        this.trace.onCall(ctx, m, env.method, env.key, session);
      }
    } else if (env.kind === 'notification') {
      if (env.valid) {
        session.onNotification(ctx, m, env.method);
        this.trace.onCall(ctx, m, env.method, null, session);
      }
      if (env.method === 'notifications/progress') onProgress(ctx, m, ex, session);
      else if (env.method === 'notifications/cancelled') onCancelled(ctx, m, ex);
    } else if (env.kind === 'response') {
      pending = ex.onResponse(ctx, m, env.key, null, false);
      if (m.sender === 'server') this.trace.onAnswer(env.key);
      if (pending) {
        session.onResult(pending, m.obj.result, ctx, m);
        checkResult(ctx, m, pending, session);
      }
    } else if (env.kind === 'error') {
      pending = ex.onResponse(ctx, m, env.key, env.code, true);
      if (m.sender === 'server') this.trace.onAnswer(env.key);
      if (pending) session.onError(pending);
      checkErrorResponse(ctx, m, env.code, env.message, pending, session);
    }
    return { env, pending };
  }
}

/** Lints a whole recorded session at once (the CLI's `mcpscope lint <file>`). */
export function lintFrames(frames: Iterable<FrameRecord>, options: LinterOptions): Finding[] {
  const linter = new Linter(options);
  const out: Finding[] = [];
  for (const f of frames) out.push(...linter.push(f));
  out.push(...linter.finish());
  return out;
}
