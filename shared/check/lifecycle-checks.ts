// Lifecycle checks: the handshake's answer, version negotiation (an unsupported version too, on a fresh connection), ping.
import { PeerRpcError } from '../engine/index.js';
import { isPlainObject } from '../jsonrpc.js';
import { LEGACY_PROTOCOL_VERSIONS, PROTOCOL_VERSIONS } from '../mcp-versions.js';
import { ask, gotten } from './ask.js';
import type { CheckContext, CheckDefinition, ScratchConnection } from './check-types.js';
import { SENTENCES } from './spec-sentences.js';

/** A version no server supports, offered to see what the server answers instead. */
const UNSUPPORTED_VERSION = '1999-01-01';

/** What a fresh connection's initialize offering `version` got: the version answered, a refusal, or no usable answer. */
type Offered =
  | { answered: string; frames: number[]; session: string }
  | { refused: string; frames: number[]; session: string }
  | { failed: string; frames: number[]; session: string };

async function offer(ctx: CheckContext, version: string, name: string): Promise<Offered> {
  const conn = await ctx.fresh(name);
  try {
    const c = await conn.engine.connect({
      era: 'legacy',
      protocolVersion: version,
      clientInfo: { name: 'mcpscope-check', version: '1' },
      capabilities: {},
      timeoutMs: ctx.timeoutMs,
      onUnexpectedVersion: 'proceed',
    });
    return { answered: c.protocolVersion, frames: handshakeFrames(conn), session: conn.name };
  } catch (err) {
    if (err instanceof PeerRpcError)
      return { refused: `error ${err.response.error.code} "${err.response.error.message}"`, frames: handshakeFrames(conn), session: conn.name };
    return { failed: (err as Error).message, frames: handshakeFrames(conn), session: conn.name };
  } finally {
    await conn.close();
  }
}

/** The offer of a version no server supports, made once a run (unsupported-version and version-support both read it). */
function unsupportedOffer(ctx: CheckContext): Promise<Offered> {
  const known = ctx.facts.get('unsupported-offer') as Promise<Offered> | undefined;
  if (known) return known;
  const made = offer(ctx, UNSUPPORTED_VERSION, 'unsupported-version');
  ctx.facts.set('unsupported-offer', made);
  return made;
}

/** The handshake's frames: every message up to and including notifications/initialized (or the first four). */
function handshakeFrames(conn: ScratchConnection): number[] {
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
      const missing = [
        typeof r.protocolVersion !== 'string' && 'protocolVersion',
        !isPlainObject(r.capabilities) && 'capabilities',
        !(isPlainObject(r.serverInfo) && typeof r.serverInfo.name === 'string' && typeof r.serverInfo.version === 'string') && 'serverInfo {name, version}',
      ].filter(Boolean);
      const frames = handshakeFrames(ctx.main);
      return missing.length === 0
        ? { ok: true, detail: `${String((r.serverInfo as Record<string, unknown>).name)} answered ${String(r.protocolVersion)}`, frames }
        : { ok: false, detail: `the result lacks ${missing.join(', ')}`, frames };
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
      return {
        ok: true,
        detail:
          c.protocolVersion === c.offeredVersion
            ? `offered ${c.offeredVersion}, got it back`
            : `offered ${c.offeredVersion}, the server chose ${c.protocolVersion}`,
        frames,
      };
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
      const o = await unsupportedOffer(ctx);
      if ('refused' in o) return { ok: true, detail: `the server refused with ${o.refused}`, frames: o.frames, session: o.session };
      if ('failed' in o) return { ok: false, detail: `no usable answer: ${o.failed}`, frames: o.frames, session: o.session };
      const known = (PROTOCOL_VERSIONS as readonly string[]).includes(o.answered);
      return {
        ok: known,
        detail: known ? `the server answered ${o.answered}` : `the server answered "${o.answered}", a version it cannot support`,
        frames: o.frames,
        session: o.session,
      };
    },
  },
  {
    id: 'lifecycle/version-support',
    group: 'lifecycle',
    title: 'an unsupported offer gets the latest version the server supports',
    spec: SENTENCES.versionLatest,
    fix: 'When the offered version is one you do not support, answer with the latest version you support, not the oldest.',
    requires: { era: { is: 'legacy', why: 'version negotiation in initialize is a legacy-era check' } },
    async run(ctx) {
      // Each known version on a fresh connection of its own (the main one already answered its offer): the set the
      // server accepts is the versions it echoes.
      const c = ctx.connection;
      const supported = new Set<string>(c.protocolVersion === c.offeredVersion ? [c.offeredVersion] : []);
      const frames: number[] = [];
      for (const v of LEGACY_PROTOCOL_VERSIONS.filter((x) => x !== c.offeredVersion)) {
        const o = await offer(ctx, v, `version-${v}`);
        if ('answered' in o && o.answered === v) supported.add(v);
      }
      const o = await unsupportedOffer(ctx);
      frames.push(...o.frames);
      const list = LEGACY_PROTOCOL_VERSIONS.filter((v) => supported.has(v));
      const latest = list.at(-1);
      const accepts = list.length > 0 ? `accepts ${list.join(', ')}` : 'echoes none of the known versions';
      if (!('answered' in o))
        return {
          ok: true,
          detail: `${accepts}; the unsupported offer was ${'refused' in o ? `refused (${o.refused})` : `not answered (${o.failed})`}`,
          frames,
          session: o.session,
        };
      if (!(PROTOCOL_VERSIONS as readonly string[]).includes(o.answered))
        return {
          ok: true,
          detail: `${accepts}; the unsupported offer was echoed back ("${o.answered}"), which lifecycle/unsupported-version fails`,
          frames,
          session: o.session,
        };
      if (latest === undefined || o.answered === latest)
        return { ok: true, detail: `${accepts}; the unsupported offer got ${o.answered}${latest ? ', the latest' : ''}`, frames, session: o.session };
      return { ok: false, detail: `${accepts}; the unsupported offer got ${o.answered}, not the latest it supports (${latest})`, frames, session: o.session };
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
      return extra.length === 0
        ? { ok: true, detail: 'an empty result', frames: a.frames }
        : { ok: false, detail: `the result is not empty: ${extra.join(', ')}`, frames: a.frames };
    },
  },
];
