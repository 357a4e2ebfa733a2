// Lifecycle checks: the handshake's answer, version negotiation (an unsupported version too, on a fresh connection), ping.
import { PeerRpcError } from '../engine/index.js';
import { isPlainObject } from '../jsonrpc.js';
import { LEGACY_PROTOCOL_VERSIONS, PROTOCOL_VERSIONS } from '../mcp-versions.js';
import { ask, gotten } from './ask.js';
import { ownServerEach, type CheckContext, type CheckDefinition, type ScratchConnection } from './check-types.js';
import { SENTENCES } from './spec-sentences.js';

/**
 * Versions no server supports, offered to see what the server answers instead: one from the past, one from the future
 * (a server that echoes any date it is given shows here) and one that is not a date at all. The first keeps the
 * connection name `unsupported-version` that reports and baselines already know.
 */
const UNSUPPORTED_OFFERS = [
  { version: '1999-01-01', name: 'unsupported-version' },
  { version: '2099-01-01', name: 'unsupported-future' },
  { version: 'mcpscope-not-a-version', name: 'unsupported-not-a-date' },
] as const;

/** What a fresh connection's initialize offering `version` got: the version answered, a refusal, or no usable answer. */
type Offered = { offered: string; frames: number[]; session: string } & ({ answered: string } | { refused: string } | { failed: string });

async function offer(ctx: CheckContext, version: string, name: string): Promise<Offered> {
  const conn = await ctx.fresh(name);
  const base = { offered: version, session: conn.name };
  try {
    const c = await conn.engine.connect({
      era: 'legacy',
      protocolVersion: version,
      clientInfo: { name: 'mcpscope-check', version: '1' },
      capabilities: {},
      timeoutMs: ctx.timeoutMs,
      onUnexpectedVersion: 'proceed',
    });
    return { ...base, answered: c.protocolVersion, frames: handshakeFrames(conn) };
  } catch (err) {
    if (err instanceof PeerRpcError)
      return { ...base, refused: `error ${err.response.error.code} "${err.response.error.message}"`, frames: handshakeFrames(conn) };
    return { ...base, failed: (err as Error).message, frames: handshakeFrames(conn) };
  } finally {
    await conn.close();
  }
}

/**
 * Offers on fresh connections, in `offers`' order. Side by side on a stdio server, where each connection is a process
 * of its own (an offer is one initialize, and most of its time is the server's start). One after another over HTTP:
 * a server behind OAuth gets one token request, reused, where connections refused together would each ask for a new
 * one.
 */
async function offerEach(ctx: CheckContext, offers: readonly { version: string; name: string }[]): Promise<Offered[]> {
  if (ownServerEach(ctx)) return Promise.all(offers.map((o) => offer(ctx, o.version, o.name)));
  const got: Offered[] = [];
  for (const o of offers) got.push(await offer(ctx, o.version, o.name));
  return got;
}

/** The offers of versions no server supports, made once a run (unsupported-version and version-support both read them). */
function unsupportedOffers(ctx: CheckContext): Promise<Offered[]> {
  const known = ctx.facts.get('unsupported-offers') as Promise<Offered[]> | undefined;
  if (known) return known;
  const made = offerEach(ctx, UNSUPPORTED_OFFERS);
  ctx.facts.set('unsupported-offers', made);
  return made;
}

const isKnown = (v: string) => (PROTOCOL_VERSIONS as readonly string[]).includes(v);

/** One offer in a few words: `"2099-01-01" → 2025-11-25`, `… → refused (error -32602 …)`. */
function told(o: Offered): string {
  const got =
    'answered' in o ? (isKnown(o.answered) ? o.answered : JSON.stringify(o.answered)) : 'refused' in o ? `refused (${o.refused})` : `no answer (${o.failed})`;
  return `${JSON.stringify(o.offered)} → ${got}`;
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
    title: `versions that do not exist (${UNSUPPORTED_OFFERS.map((o) => o.version).join(', ')}) get a version the server supports, or an error`,
    spec: SENTENCES.versionSame,
    fix: 'When the offered version is one you do not support, answer with the latest you do (never echo the offer back), or with -32602 "Unsupported protocol version".',
    requires: { era: { is: 'legacy', why: 'version negotiation in initialize is a legacy-era check' } },
    async run(ctx) {
      const offers = await unsupportedOffers(ctx);
      // Echoing a version that does not exist breaks the MUST: the server cannot support it. No usable answer at all
      // (a timeout, a closed connection) is a problem too; a refusal is what the spec's example shows.
      const bad = offers.filter((o) => ('answered' in o && !isKnown(o.answered)) || 'failed' in o);
      const shown = bad[0] ?? offers[0]!;
      const detail = offers.map(told).join('; ');
      if (bad.length === 0) return { ok: true, detail, frames: shown.frames, session: shown.session };
      const echoed = bad.filter((o) => 'answered' in o && o.answered === o.offered);
      const why = echoed.length > 0 ? `: ${echoed.map((o) => JSON.stringify(o.offered)).join(', ')} echoed back, a version the server cannot support` : '';
      return { ok: false, detail: `${detail}${why}`, frames: shown.frames, session: shown.session };
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
      const known = LEGACY_PROTOCOL_VERSIONS.filter((x) => x !== c.offeredVersion).map((v) => ({ version: v, name: `version-${v}` }));
      for (const o of await offerEach(ctx, known)) if ('answered' in o && o.answered === o.offered) supported.add(o.offered);
      const offers = await unsupportedOffers(ctx);
      const list = LEGACY_PROTOCOL_VERSIONS.filter((v) => supported.has(v));
      const latest = list.at(-1);
      const accepts = list.length > 0 ? `accepts ${list.join(', ')}` : 'echoes none of the known versions';
      // Only answers with a known version are judged here: an echo of a version that does not exist, a refusal or
      // silence are lifecycle/unsupported-version's to grade.
      const older = offers.filter((o) => 'answered' in o && isKnown(o.answered) && latest !== undefined && o.answered !== latest);
      const shown = older[0] ?? offers[0]!;
      const unsupported = offers.map(told).join('; ');
      if (older.length === 0)
        return {
          ok: true,
          detail: `${accepts}; unsupported offers: ${unsupported}${latest ? ` (the latest is ${latest})` : ''}`,
          frames: shown.frames,
          session: shown.session,
        };
      return {
        ok: false,
        detail: `${accepts}; unsupported offers: ${unsupported}: not the latest it supports (${latest})`,
        frames: shown.frames,
        session: shown.session,
      };
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
