// Follows the MCP session as the traffic shows it: era, negotiated version, handshake phase and capabilities.
import { isPlainObject } from '../jsonrpc.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';
import type { LintContext, Msg } from './lint-context.js';
import type { PendingRequest } from './exchange-tracker.js';
import { checkMethod, describeVersions, mcpPrefixOf, type MethodSpec } from './mcp-methods.js';
import { missingCapability, type KnownCapabilities } from './capability-gates.js';
import { ToolRegistry } from './tool-registry.js';
import { PromptRegistry } from './prompt-registry.js';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/** legacy: initialize handshake (≤ 2025-11-25); modern: stateless 2026-07-28; unknown: nothing decisive seen yet. */
export type Era = 'unknown' | 'legacy' | 'modern';
export type Phase = 'idle' | 'initializing' | 'awaiting-initialized' | 'ready';

function knownVersion(v: unknown): ProtocolVersion | null {
  return typeof v === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(v) ? (v as ProtocolVersion) : null;
}

export function requestMeta(obj: Record<string, unknown>): Record<string, unknown> | undefined {
  const params = obj.params;
  return isPlainObject(params) && isPlainObject(params._meta) ? params._meta : undefined;
}

export class McpSession {
  era: Era = 'unknown';
  /** The version the traffic showed: the initialize result, or a 2026 request's _meta. */
  version: string | null = null;
  phase: Phase = 'idle';
  caps: KnownCapabilities = { client: null, server: null };
  readonly tools = new ToolRegistry();
  readonly prompts = new PromptRegistry();
  private initializedOnce = false;
  private probeVersion: string | null = null;
  private readonly warnedVersions = new Set<string>();

  constructor(private readonly assumed: string | undefined) {
    this.reset();
  }

  reset(): void {
    this.era = knownVersion(this.assumed) === '2026-07-28' ? 'modern' : 'unknown';
    this.version = null;
    this.phase = 'idle';
    this.caps = { client: null, server: null };
    this.initializedOnce = false;
    this.probeVersion = null;
    this.tools.clear();
    this.prompts.clear();
  }

  /** The version the rules follow; null when none is known or it is not a published one. */
  get rulesVersion(): ProtocolVersion | null {
    return knownVersion(this.version ?? this.assumed);
  }

  private noteVersion(ctx: LintContext, m: Msg, v: unknown, where: string): void {
    if (typeof v !== 'string' || knownVersion(v) || this.warnedVersions.has(v)) return;
    this.warnedVersions.add(v);
    ctx.emit(
      'mcp/unknown-protocol-version',
      m.seq,
      `${where} names protocol version ${JSON.stringify(v)}, which is not a published MCP version; version rules are paused.`,
    );
  }

  onRequest(ctx: LintContext, m: Msg, method: string): void {
    if (m.sender === 'client') this.clientRequest(ctx, m, method);
    else if (this.era !== 'modern' && this.phase !== 'ready' && method !== 'ping') {
      ctx.emit(
        'mcp/request-before-initialized',
        m.seq,
        `The server sent ${method} before the client's notifications/initialized; only ping and logging are allowed until then.`,
      );
    }
    this.checkMethodUse(ctx, m, method, 'request');
  }

  private clientRequest(ctx: LintContext, m: Msg, method: string): void {
    const meta = requestMeta(m.obj);
    if (method === 'initialize') {
      if (this.initializedOnce) ctx.emit('mcp/initialize-twice', m.seq, 'initialize was sent again after a successful handshake in the same session.');
      this.era = 'legacy';
      this.phase = 'initializing';
      // Whatever a failed server/discover probe (or the version the linter was told to assume) suggested, the initialize
      // itself is judged by the version it offers (an era fallback offers a legacy one), and what follows by its result.
      const params = isPlainObject(m.obj.params) ? m.obj.params : {};
      this.version = typeof params.protocolVersion === 'string' ? params.protocolVersion : null;
      this.probeVersion = null;
      if (isPlainObject(params.capabilities)) this.caps.client = params.capabilities;
      this.noteVersion(ctx, m, params.protocolVersion, 'initialize');
      return;
    }
    const metaVersion = meta?.[META_PROTOCOL_VERSION];
    if (method === 'server/discover' && this.era === 'unknown') {
      // A probe: the era is decided by the answer, not by asking.
      this.probeVersion = typeof metaVersion === 'string' ? metaVersion : null;
      return;
    }
    if (typeof metaVersion === 'string' && this.era !== 'legacy') {
      this.era = 'modern';
      this.version = metaVersion;
      this.noteVersion(ctx, m, metaVersion, `${method} _meta`);
    }
    if (this.era === 'modern') {
      const missing = [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES].filter((k) => meta === undefined || !(k in meta));
      if (missing.length > 0) ctx.emit('mcp/missing-request-meta', m.seq, `${method}${m.where} lacks _meta ${missing.map((k) => `"${k}"`).join(' and ')}.`);
      return;
    }
    if (method === 'ping' || method === 'server/discover') return;
    if (this.phase === 'idle') {
      ctx.emit('mcp/request-before-initialize', m.seq, `${method}${m.where} was sent before the handshake: no initialize was sent.`);
    } else if (this.phase === 'initializing') {
      ctx.emit('mcp/request-during-initialize', m.seq, `${method}${m.where} was sent while initialize was still unanswered.`);
    } else if (this.phase === 'awaiting-initialized') {
      ctx.emit(
        'mcp/client-request-before-initialized',
        m.seq,
        `${method}${m.where} was sent after the initialize result but before notifications/initialized.`,
      );
    }
  }

  onNotification(ctx: LintContext, m: Msg, method: string): void {
    if (m.sender === 'client' && method === 'notifications/initialized' && this.era !== 'modern') {
      if (this.phase === 'awaiting-initialized') this.phase = 'ready';
      else if (this.phase === 'idle') ctx.emit('mcp/request-before-initialize', m.seq, 'notifications/initialized was sent, but no initialize was.');
      else if (this.phase === 'initializing')
        ctx.emit('mcp/initialized-before-result', m.seq, 'notifications/initialized was sent before the initialize result arrived.');
    }
    this.checkMethodUse(ctx, m, method, 'notification');
  }

  private checkMethodUse(ctx: LintContext, m: Msg, method: string, type: MethodSpec['type']): void {
    const v = this.rulesVersion;
    // An era-probing client sends server/discover before it knows which era it is in; that probe is legitimate.
    if (!v || (this.era === 'unknown' && method === 'server/discover')) return;
    const r = checkMethod(method, m.sender, type, v);
    if (r.verdict === 'unknown') {
      const prefix = mcpPrefixOf(method);
      if (prefix) ctx.emit('mcp/unknown-method-in-mcp-namespace', m.seq, `${method}${m.where} uses MCP's ${prefix} prefix, but no MCP version defines it.`);
      else ctx.emit('mcp/unknown-method', m.seq, `${method}${m.where} is not an MCP method in any version.`);
    } else if (r.verdict === 'version')
      ctx.emit('mcp/method-not-in-version', m.seq, `${method}${m.where} does not exist in ${v}; it is defined in ${describeVersions(r.definedIn)}.`);
    else if (r.verdict === 'type') ctx.emit('mcp/method-not-in-version', m.seq, `${method}${m.where} is a ${r.type} in MCP but was sent as a ${type}.`);
    else if (r.verdict === 'direction')
      ctx.emit('mcp/method-not-in-version', m.seq, `${method}${m.where} is sent by the ${r.from.join(' or ')} only, but here the ${m.sender} sent it.`);
    if (r.verdict !== 'ok') return;
    const missing = missingCapability(method, m.obj.params, v, this.caps);
    if (missing) ctx.emit('mcp/capability-not-declared', m.seq, `${method}${m.where} needs the ${missing}, which was not declared.`);
  }

  /** Learns from a result before it is checked, so the checks already follow the negotiated version. */
  onResult(p: PendingRequest, result: unknown, ctx: LintContext, m: Msg): void {
    if (!isPlainObject(result) || p.requester !== 'client') return;
    if (p.method === 'initialize') {
      this.era = 'legacy';
      this.phase = 'awaiting-initialized';
      this.initializedOnce = true;
      if (typeof result.protocolVersion === 'string') this.version = result.protocolVersion;
      this.noteVersion(ctx, m, result.protocolVersion, 'The initialize result');
      this.caps.server = isPlainObject(result.capabilities) ? result.capabilities : {};
    } else if (p.method === 'server/discover' && this.era !== 'legacy') {
      this.era = 'modern';
      this.version = this.version ?? this.probeVersion;
      this.caps.server = isPlainObject(result.capabilities) ? result.capabilities : {};
    }
  }

  onError(p: PendingRequest): void {
    if (p.method === 'initialize' && p.requester === 'client') this.phase = 'idle';
  }
}
