// Lifecycle checks: the handshake's answer, version negotiation (an unsupported version too, on a fresh connection), ping.
import { PeerRpcError } from '../engine/index.js';
import { isPlainObject } from '../jsonrpc.js';
import { PROTOCOL_VERSIONS } from '../mcp-versions.js';
import { ask, gotten } from './ask.js';
import type { CheckDefinition, ScratchConnection } from './check-types.js';
import { SENTENCES } from './spec-sentences.js';

/** A version no server supports, offered to see what the server answers instead. */
export const UNSUPPORTED_VERSION = '1999-01-01';

/** The handshake's frames: every message up to and including notifications/initialized (or the first four). */
export function handshakeFrames(conn: ScratchConnection): number[] {
  const messages = conn.frames.filter((f) => f.kind !== 'stderr' && f.kind !== 'event' && f.kind !== 'http');
  const end = messages.findIndex((f) => f.method === 'notifications/initialized');
  return messages.slice(0, end === -1 ? 4 : end + 1).map((f) => f.seq);
}

export const LIFECYCLE_CHECKS: CheckDefinition[] = [
  {
    id: 'lifecycle/initialize-result',
    group: 'lifecycle',
    title: 'initialize answers with protocolVersion, capabilities and serverInfo',
    spec: SENTENCES.initializeResult,
    fix: 'Answer initialize with {protocolVersion, capabilities: {…}, serverInfo: {name, version}}.',
    requires: { era: { is: 'legacy', why: 'the session started with server/discover (2026-07-28), not initialize' } },
    async run(ctx) {
      const r = ctx.connection.result;
      const missing = [typeof r.protocolVersion !== 'string' && 'protocolVersion', !isPlainObject(r.capabilities) && 'capabilities', !(isPlainObject(r.serverInfo) && typeof r.serverInfo.name === 'string' && typeof r.serverInfo.version === 'string') && 'serverInfo {name, version}'].filter(Boolean);
      const frames = handshakeFrames(ctx.main);
      return missing.length === 0 ? { ok: true, detail: `${String((r.serverInfo as Record<string, unknown>).name)} answered ${String(r.protocolVersion)}`, frames } : { ok: false, detail: `the result lacks ${missing.join(', ')}`, frames };
    },
  },
  {
    id: 'lifecycle/version-negotiation',
    group: 'lifecycle',
    title: 'the offered version comes back, or another version the server supports',
    spec: SENTENCES.versionSame,
    fix: 'Answer the version the client offered when you support it, else the latest version you support.',
    async run(ctx) {
      const c = ctx.connection;
      const frames = handshakeFrames(ctx.main);
      if (c.versionStatus === 'unknown') return { ok: false, detail: c.versionNote ?? `the server answered "${c.protocolVersion}"`, frames };
      return { ok: true, detail: c.protocolVersion === c.offeredVersion ? `offered ${c.offeredVersion}, got it back` : `offered ${c.offeredVersion}, the server chose ${c.protocolVersion}`, frames };
    },
  },
  {
    id: 'lifecycle/unsupported-version',
    group: 'lifecycle',
    title: `an unsupported version (${UNSUPPORTED_VERSION}) gets a version the server supports, or an error`,
    spec: SENTENCES.versionSame,
    fix: `When the offered version is one you do not support, answer with the latest you do (never echo "${UNSUPPORTED_VERSION}" back), or with -32602 "Unsupported protocol version".`,
    requires: { era: { is: 'legacy', why: 'version negotiation in initialize is a legacy-era check' } },
    async run(ctx) {
      const conn = await ctx.fresh('unsupported-version');
      try {
        const c = await conn.engine.connect({ era: 'legacy', protocolVersion: UNSUPPORTED_VERSION, clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs });
        const frames = handshakeFrames(conn);
        const session = conn.name;
        const known = (PROTOCOL_VERSIONS as readonly string[]).includes(c.protocolVersion);
        return { ok: known, detail: known ? `the server answered ${c.protocolVersion}` : `the server answered "${c.protocolVersion}", a version it cannot support`, frames, session };
      } catch (err) {
        const frames = handshakeFrames(conn);
        if (err instanceof PeerRpcError) return { ok: true, detail: `the server refused with error ${err.response.error.code} "${err.response.error.message}"`, frames, session: conn.name };
        return { ok: false, detail: `no usable answer: ${(err as Error).message}`, frames, session: conn.name };
      } finally {
        await conn.close();
      }
    },
  },
  {
    id: 'lifecycle/ping',
    group: 'lifecycle',
    title: 'ping gets an empty result',
    spec: SENTENCES.ping,
    fix: 'Answer ping with {"jsonrpc":"2.0","id":<its id>,"result":{}}.',
    requires: { era: { is: 'legacy', why: '2026-07-28 removed ping' } },
    async run(ctx) {
      const a = await ask(ctx.main, 'ping', undefined, ctx.timeoutMs);
      if (!a.result) return { ok: false, detail: `ping got ${gotten(a)}`, frames: a.frames };
      const extra = Object.keys(a.result).filter((k) => k !== '_meta');
      return extra.length === 0 ? { ok: true, detail: 'an empty result', frames: a.frames } : { ok: false, detail: `the result is not empty: ${extra.join(', ')}`, frames: a.frames };
    },
  },
];
