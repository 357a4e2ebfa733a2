// The session's lifecycle as the engine sees it on the wire (its own frames and anyone else's), and the gate that holds
// mcpscope's own traffic until the lifecycle allows it: only initialize, ping and server/discover before the handshake
// completes, and nothing automatic for a capability the server did not declare.
import type { FrameOrigin } from '../frame-origin.js';
import { classifyValue, idKey, isPlainObject } from '../jsonrpc.js';
import { missingCapability } from '../lint/capability-gates.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from './modern-meta.js';
import { Listeners } from '../listeners.js';

/**
 * unknown: nothing says a handshake is coming (no initialize seen, none asked for): a person's panel requests go out
 * as asked, mcpscope's own bookkeeping does not (it never speaks first).
 * awaiting: a handshake is due (connect() began, or the process restarted after one) but nothing was sent yet.
 * initializing / initialized: initialize sent / answered, notifications/initialized not yet sent.
 * discovering: a server/discover is on the wire (2026-07-28, or auto's probe).
 * ready: notifications/initialized went out, or server/discover was answered with a result.
 */
export type LifecyclePhase = 'unknown' | 'awaiting' | 'initializing' | 'initialized' | 'discovering' | 'ready';

/** Requests that may go out before the handshake completes: they are the handshake (and ping, always allowed). */
const LIFECYCLE_METHODS: ReadonlySet<string> = new Set(['initialize', 'ping', 'server/discover', 'notifications/initialized', 'notifications/cancelled']);

/** Origins the gate never holds: a person's own text and deliberate traffic are sent as given, right or wrong. */
const UNGATED: ReadonlySet<FrameOrigin> = new Set<FrameOrigin>(['user', 'batch', 'lab', 'replay', 'answer', 'tap']);

export type GateVerdict = { kind: 'send' } | { kind: 'wait'; why: string } | { kind: 'refuse'; why: string };

interface Snapshot {
  phase: LifecyclePhase;
  era: 'legacy' | 'modern' | null;
  protocolVersion: string | null;
  serverCapabilities: Record<string, unknown> | null;
  clientCapabilities: Record<string, unknown> | null;
}

export class Lifecycle {
  phase: LifecyclePhase = 'unknown';
  era: 'legacy' | 'modern' | null = null;
  /** The version the handshake or discovery settled on; null until one did. */
  protocolVersion: string | null = null;
  /** What the server declared in its initialize or server/discover result; null while unknown. */
  serverCapabilities: Record<string, unknown> | null = null;
  clientCapabilities: Record<string, unknown> | null = null;
  private initializeKey: string | null = null;
  /** server/discover requests on the wire, by id key: the `_meta` they were sent with. */
  private readonly discovers = new Map<string, Record<string, unknown>>();
  /**
   * Handshake requests already noted: the engine notes its own as it sends them, and the web page sees them again when
   * the relay echoes them back.
   */
  private readonly noted: string[] = [];
  /** The completed handshake a new initialize interrupts: restored if that initialize is refused. */
  private previous: Snapshot | null = null;
  private handshaken = false;
  private readonly listeners = new Listeners();

  /** Calls `listener` after every change of phase or capabilities. */
  onChange(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /** A handshake is about to start (connect() was called, or the session is waiting for someone to claim it). */
  expect(): void {
    if (this.phase === 'unknown' || this.phase === 'ready') this.set({ ...this.blank(), phase: 'awaiting' });
  }

  /** Nobody will perform a handshake after all (a stateless session used without discovery): nothing to wait for. */
  expectNone(): void {
    if (this.phase === 'awaiting' || this.phase === 'unknown') this.set({ ...this.blank(), phase: 'ready', era: 'modern' });
  }

  /** A new process or a forgotten session: whatever was negotiated is gone; after a handshake, another one is due. */
  restart(): void {
    this.initializeKey = null;
    this.discovers.clear();
    this.previous = null;
    this.set({ ...this.blank(), phase: this.handshaken || this.phase === 'awaiting' ? 'awaiting' : 'unknown' });
  }

  /**
   * A frame the client sent (by this engine or anyone else). Only single messages count: initialize inside a batch is
   * never a handshake (MCP forbids it), whatever the server makes of it.
   */
  noteOut(value: unknown): void {
    if (Array.isArray(value)) return;
    for (const item of [value]) {
      const c = classifyValue(item);
      if (!isPlainObject(item)) continue;
      const key = idKey(c.id);
      if (c.kind === 'request' && key !== null && (c.method === 'initialize' || c.method === 'server/discover') && this.seen(`${c.method} ${key}`)) continue;
      const params = isPlainObject(item.params) ? item.params : {};
      if (c.kind === 'request' && c.method === 'initialize' && key !== null) {
        this.previous = this.phase === 'ready' ? this.snapshot() : null;
        this.initializeKey = key;
        this.set({ ...this.blank(), phase: 'initializing', clientCapabilities: isPlainObject(params.capabilities) ? params.capabilities : {} });
      } else if (c.kind === 'request' && c.method === 'server/discover' && key !== null) {
        this.discovers.set(key, isPlainObject(params._meta) ? params._meta : {});
        if (this.phase === 'unknown' || this.phase === 'awaiting') this.set({ ...this.snapshot(), phase: 'discovering' });
      } else if (c.kind === 'notification' && c.method === 'notifications/initialized' && this.phase === 'initialized') {
        this.handshaken = true;
        this.set({ ...this.snapshot(), phase: 'ready' });
      }
    }
  }

  /** A frame the server sent: the answers to initialize and server/discover move the lifecycle on. */
  noteIn(value: unknown): void {
    for (const item of Array.isArray(value) ? value : [value]) {
      const c = classifyValue(item);
      if (!isPlainObject(item) || (c.kind !== 'response' && c.kind !== 'error')) continue;
      const key = idKey(c.id);
      if (key === null) continue;
      const result = c.kind === 'response' && isPlainObject(item.result) ? item.result : null;
      if (key === this.initializeKey) {
        this.initializeKey = null;
        if (result) {
          const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : null;
          this.set({
            ...this.snapshot(),
            phase: 'initialized',
            era: 'legacy',
            protocolVersion: version,
            serverCapabilities: isPlainObject(result.capabilities) ? result.capabilities : {},
          });
        } else {
          // A refused initialize changes nothing that was negotiated before it (a second one sent by hand, say).
          this.set(this.previous ?? { ...this.blank(), phase: this.handshaken ? 'awaiting' : 'unknown' });
        }
        this.previous = null;
      } else if (this.discovers.has(key)) {
        const meta = this.discovers.get(key)!;
        this.discovers.delete(key);
        // A discovery answered inside a legacy session (a dual-era server, a composer probe) does not change its era.
        if (result && this.era !== 'legacy' && this.phase !== 'initializing' && this.phase !== 'initialized') {
          this.handshaken = true;
          const clientCapabilities = isPlainObject(meta[META_CLIENT_CAPABILITIES]) ? meta[META_CLIENT_CAPABILITIES] : {};
          const serverCapabilities = isPlainObject(result.capabilities) ? result.capabilities : {};
          this.set({
            phase: 'ready',
            era: 'modern',
            protocolVersion: modernVersion(meta[META_PROTOCOL_VERSION], result),
            serverCapabilities,
            clientCapabilities,
          });
        } else if (!result && this.phase === 'discovering' && this.discovers.size === 0) {
          // auto's probe was refused: initialize comes next.
          this.set({ ...this.snapshot(), phase: 'awaiting' });
        }
      }
    }
  }

  /**
   * Whether a frame of `origin` may carry `method` now, must wait for the handshake, or must not go out at all.
   * `connecting`: the engine's own handshake is under way (auto may still fall back to initialize after a discovery).
   */
  verdict(method: string, params: unknown, origin: FrameOrigin, connecting = false): GateVerdict {
    if (UNGATED.has(origin) || LIFECYCLE_METHODS.has(method)) return { kind: 'send' };
    if (connecting || (this.phase !== 'unknown' && this.phase !== 'ready'))
      return { kind: 'wait', why: `${method} waits for the handshake to complete (${this.phase})` };
    // A person who clicked a button may send what the server did not declare (the panel says so); mcpscope on its own may not.
    if (origin !== 'bookkeeping') return { kind: 'send' };
    if (this.phase === 'unknown') return { kind: 'refuse', why: `${method} is bookkeeping, and no handshake was made: mcpscope never speaks first` };
    const missing = this.missing(method, params);
    return missing === null
      ? { kind: 'send' }
      : { kind: 'refuse', why: `${method} needs the ${missing}, which was not declared; mcpscope does not send it on its own` };
  }

  /** The capability `method` needs that the session did not declare, as "server capability \"x\"", or null. */
  missing(method: string, params: unknown): string | null {
    const version = (PROTOCOL_VERSIONS as readonly string[]).includes(this.protocolVersion ?? '') ? (this.protocolVersion as ProtocolVersion) : null;
    if (version === null) return null;
    return missingCapability(method, params, version, { client: this.clientCapabilities, server: this.serverCapabilities });
  }

  /** True when this handshake request was noted before; remembers it otherwise (the last few only). */
  private seen(key: string): boolean {
    if (this.noted.includes(key)) return true;
    this.noted.push(key);
    if (this.noted.length > 32) this.noted.shift();
    return false;
  }

  private blank(): Snapshot {
    return { phase: 'unknown', era: null, protocolVersion: null, serverCapabilities: null, clientCapabilities: null };
  }

  private snapshot(): Snapshot {
    return {
      phase: this.phase,
      era: this.era,
      protocolVersion: this.protocolVersion,
      serverCapabilities: this.serverCapabilities,
      clientCapabilities: this.clientCapabilities,
    };
  }

  private set(s: Snapshot): void {
    Object.assign(this, s);
    this.listeners.emit();
  }
}

/** The version a server/discover settles on: the one offered when the server supports it, else the server's first. */
function modernVersion(offered: unknown, result: Record<string, unknown>): string | null {
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  if (typeof offered === 'string' && supported.includes(offered)) return offered;
  return typeof supported[0] === 'string' ? supported[0] : null;
}
