// The 2026-07-28 era's own checks, run when the check's connection began with server/discover: the discovery result,
// a request without the protocol `_meta` keys (refused with -32602), and `resultType` on every result seen.
import { isPlainObject, parseJson } from '../jsonrpc.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../engine/modern-meta.js';
import { ask, gotten } from './ask.js';
import type { CheckContext, CheckDefinition, CheckRequirements } from './check-types.js';
import { SENTENCES } from './spec-sentences.js';

const MODERN: CheckRequirements = {
  era: { is: 'modern', why: 'a 2026-07-28 check: the connection began with initialize (use --era modern or auto with a 2026-07-28 server)' },
};
/** What a 2026-07-28 result may say it is. */
const RESULT_TYPES = new Set(['complete', 'input_required']);

/** A list method the server declared, to send without the protocol `_meta`; null when it declared none. */
function declaredList(ctx: CheckContext): string | null {
  const caps = ctx.connection.serverCapabilities;
  for (const [cap, method] of [
    ['tools', 'tools/list'],
    ['resources', 'resources/list'],
    ['prompts', 'prompts/list'],
  ] as const)
    if (isPlainObject(caps[cap])) return method;
  return null;
}

/** The discovery exchange: the first request and answer on the connection. */
function discoverFrames(ctx: CheckContext): number[] {
  return ctx.main.frames
    .filter((f) => f.kind === 'request' || f.kind === 'response' || f.kind === 'error')
    .slice(0, 2)
    .map((f) => f.seq);
}

export const MODERN_CHECKS: CheckDefinition[] = [
  {
    id: 'modern/discover',
    group: 'modern',
    title: 'server/discover answers with supportedVersions (the version in use among them) and capabilities',
    spec: SENTENCES.discover,
    fix: 'Implement server/discover: answer {supportedVersions: ["2026-07-28", …], capabilities: {…}, resultType: "complete"}, naming the server in _meta["io.modelcontextprotocol/serverInfo"].',
    requires: MODERN,
    async run(ctx) {
      const r = ctx.connection.result;
      const frames = discoverFrames(ctx);
      const versions = r.supportedVersions;
      if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string'))
        return { ok: false, detail: 'the result has no supportedVersions array of strings', frames };
      if (!isPlainObject(r.capabilities)) return { ok: false, detail: 'the result has no capabilities object', frames };
      if (!versions.includes(ctx.connection.protocolVersion))
        return {
          ok: false,
          detail: `supportedVersions ${JSON.stringify(versions)} leaves out ${ctx.connection.protocolVersion}, the version the requests use`,
          frames,
        };
      const named = ctx.connection.serverInfo !== null ? '' : ' (it does not name itself in _meta["io.modelcontextprotocol/serverInfo"], which is optional)';
      return { ok: true, detail: `supports ${versions.join(', ')}; declares ${Object.keys(r.capabilities).join(', ') || 'no capabilities'}${named}`, frames };
    },
  },
  {
    id: 'modern/request-meta',
    group: 'modern',
    title: 'a request without the protocol _meta keys is refused with -32602',
    spec: SENTENCES.requestMeta,
    fix: `Reject a request whose params._meta lacks "${META_PROTOCOL_VERSION}" or "${META_CLIENT_CAPABILITIES}" with error -32602 (Invalid params).`,
    requires: MODERN,
    async run(ctx) {
      const method = declaredList(ctx);
      if (method === null) return { skip: 'the server declared none of tools, resources, prompts: no request to send without _meta' };
      // The engine adds the 2026 keys to every request; keys the caller sets win, and undefined ones vanish from the JSON.
      const a = await ask(ctx.main, method, { _meta: { [META_PROTOCOL_VERSION]: undefined, [META_CLIENT_CAPABILITIES]: undefined } }, ctx.timeoutMs);
      if (a.error?.code === -32602) return { ok: true, detail: `${method} without the protocol _meta got -32602`, frames: a.frames };
      return { ok: false, detail: `${method} without the protocol _meta got ${gotten(a)}, not -32602`, frames: a.frames };
    },
  },
  {
    id: 'modern/result-type',
    group: 'modern',
    title: 'every result says its resultType ("complete" or "input_required")',
    spec: SENTENCES.resultType,
    fix: 'Put "resultType": "complete" in every result (or "input_required" when asking the client for input).',
    requires: MODERN,
    async run(ctx) {
      // Run after the other checks, so it reads every result the server gave on this connection.
      const results = ctx.main.frames.filter((f) => f.dir === 'in' && f.kind === 'response');
      if (results.length === 0) return { skip: 'no result came back on this connection' };
      const bad = results.filter((f) => {
        const parsed = parseJson(f.text);
        const result = parsed.ok && isPlainObject(parsed.value) && isPlainObject(parsed.value.result) ? parsed.value.result : null;
        return result === null || typeof result.resultType !== 'string' || !RESULT_TYPES.has(result.resultType);
      });
      if (bad.length === 0) return { ok: true, detail: `${results.length} result(s), each with a resultType`, frames: results.map((f) => f.seq).slice(0, 8) };
      return {
        ok: false,
        detail: `${bad.length} of ${results.length} result(s) lack a resultType of "complete" or "input_required" (first at #${bad[0]!.seq})`,
        frames: bad.map((f) => f.seq).slice(0, 8),
      };
    },
  },
];
