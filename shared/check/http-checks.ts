// Streamable HTTP checks: DNS rebinding on both headers a rebinding page cannot choose (a foreign Origin refused with
// 403, the spec's MUST; a foreign Host refused by a local server, where the spec is silent and the conformance suite
// asks), DELETE ending the session (after which its id is 404), and resumption of a cut SSE stream (resumption-check.ts).
import { isPlainObject, parseJson } from '../jsonrpc.js';
import { FOREIGN_HOST } from '../fault-lab/http-presets.js';
import { hostOf, isLoopbackHost } from '../lint/http-checks.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { CheckDefinition, CheckOutcome, ScratchConnection } from './check-types.js';
import { RESUMPTION_CHECK } from './resumption-check.js';
import { ruleSentence } from './rule-sentence.js';
import { SENTENCES } from './spec-sentences.js';

/** An origin no server should trust: the .invalid TLD never resolves (RFC 2606). */
const FOREIGN_ORIGIN = 'https://mcpscope-check.invalid';

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

const framesOf = (r: { exchangeSeq: number | null; sentSeq: number | null }) => [r.sentSeq, r.exchangeSeq].filter((s): s is number => s !== null);

/** The endpoint's URL, as the connection's first recorded HTTP exchange went out; null before any. */
function endpointOf(frames: readonly FrameRecord[]): string | null {
  for (const f of frames) {
    if (f.kind !== 'http') continue;
    const x = parseJson(f.text);
    if (x.ok && isPlainObject(x.value) && isPlainObject(x.value.request) && typeof x.value.request.url === 'string') return x.value.request.url;
  }
  return null;
}

export const HTTP_CHECKS: CheckDefinition[] = [
  {
    id: 'http/origin-403',
    group: 'http',
    title: 'a request with a foreign Origin is refused with 403',
    spec: SENTENCES.origin,
    fix: 'Check the Origin header of every request against an allow-list (localhost for a local server) and answer 403 Forbidden when it is present and not allowed.',
    requires: { http: true },
    async run(ctx) {
      const r = await ctx.main.httpProbe!({ method: 'POST', headers: { Origin: FOREIGN_ORIGIN }, body: ping(ctx.main.engine.takeId()), waitMs: ctx.timeoutMs });
      const frames = framesOf(r);
      if (r.status === 403) return { ok: true, detail: `Origin: ${FOREIGN_ORIGIN} got 403`, frames };
      return {
        ok: false,
        detail:
          r.status === null ? `no HTTP answer (${r.error ?? 'none'})` : `Origin: ${FOREIGN_ORIGIN} got ${r.status} ${r.statusText}: the request was served`,
        frames,
      };
    },
  },
  {
    id: 'http/host-rebinding',
    group: 'http',
    title: 'a local server refuses a request with a foreign Host',
    spec: SENTENCES.host,
    fix: 'On a local server, answer a Host other than localhost, 127.0.0.1 or [::1] (with your port) with 403, as the SDKs’ allowedHosts do.',
    requires: { http: true },
    async run(ctx) {
      const url = endpointOf(ctx.main.frames);
      if (url === null || !isLoopbackHost(hostOf(url)))
        return {
          skip: `a local server's check: DNS rebinding aims at servers on loopback, and ${url === null ? 'this endpoint' : hostOf(url)} is reached by its name`,
        };
      const r = await ctx.main.httpProbe!({ method: 'POST', headers: { Host: FOREIGN_HOST }, body: ping(ctx.main.engine.takeId()), waitMs: ctx.timeoutMs });
      const frames = framesOf(r);
      return { ...hostRebindingAnswered(r), frames };
    },
  },
  {
    id: 'http/delete-session',
    group: 'http',
    title: 'DELETE ends the session (or 405), and a request on an ended session gets 404',
    spec: SENTENCES.sessionAfterDelete,
    fix: 'Answer DELETE with 200/204 and forget the session (then 404 for its id), or 405 when clients may not end sessions.',
    requires: { http: true },
    async run(ctx) {
      let conn: ScratchConnection | null = null;
      try {
        conn = await ctx.fresh('delete-session');
        await conn.engine.connect({ era: 'legacy', clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs });
        const del = await conn.httpProbe!({ method: 'DELETE', headers: {}, body: '', waitMs: ctx.timeoutMs });
        if (del.sessionId === null) return { skip: 'the server issued no session id (stateless): nothing to end' };
        const frames = framesOf(del);
        const session = conn.name;
        if (del.status === 405) return { ok: true, detail: 'DELETE got 405: the server does not let clients end sessions', frames, session };
        if (del.status === null || del.status >= 300) return { ok: false, detail: `DELETE got ${del.status ?? del.error}`, frames, session };
        const after = await conn.httpProbe!({ method: 'POST', headers: {}, body: ping(conn.engine.takeId()), waitMs: ctx.timeoutMs });
        frames.push(...framesOf(after));
        const gone = after.status === 404;
        return {
          ok: gone,
          detail: gone
            ? `DELETE got ${del.status}; the ended session's id then got 404`
            : `DELETE got ${del.status}, but a request with the ended session's id got ${after.status ?? after.error}, not 404`,
          frames,
          session,
        };
      } finally {
        await conn?.close();
      }
    },
  },
  RESUMPTION_CHECK,
];

/**
 * A foreign Host refused (any 4xx, as the conformance suite asks) passes; served, it is what lint's
 * http/foreign-host-accepted grades on the same exchange, a sentence without a keyword (info), so check passes with that
 * rule's info note rather than warn where lint does not. No HTTP answer at all stays a problem.
 */
export function hostRebindingAnswered(r: { status: number | null; statusText: string; error?: string | null }): CheckOutcome {
  if (r.status !== null && r.status >= 400 && r.status < 500) return { ok: true, detail: `Host: ${FOREIGN_HOST} got ${r.status}` };
  if (r.status === null) return { ok: false, detail: `no HTTP answer (${r.error ?? 'none'})` };
  return {
    ok: true,
    detail: `info (no keyword): Host: ${FOREIGN_HOST} got ${r.status} ${r.statusText}: the request was served; lint http/foreign-host-accepted (info)`,
    spec: ruleSentence('http/foreign-host-accepted')!,
  };
}
