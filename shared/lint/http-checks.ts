// Checks the HTTP exchanges the relay records for Streamable HTTP: 202 for notifications, session statuses, headers,
// and requests a DNS-rebinding page would send (foreign Origin, or foreign Host on a local server) that were served.
import { classifyText, isPlainObject } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { LintContext } from './lint-context.js';
import { META_PROTOCOL_VERSION, requestMeta, type McpSession } from './mcp-session.js';
import type { ExchangeTracker } from './exchange-tracker.js';
import { BoundedMap } from './bounded-map.js';
import { versionIndex } from './mcp-methods.js';
import { MODERN_PROTOCOL_VERSIONS } from '../mcp-versions.js';

/** The few fields of an HttpExchange record (shared/http-exchange.ts) these checks read, read defensively. */
interface Exchange {
  id: string;
  /** False while the exchange is still open (a stream): its status is known, not yet the frames it carried. */
  ended: boolean;
  method: string;
  url: string;
  headers: Map<string, string>;
  body: string | null;
  sentSeq: number | null;
  /** Null when no response came: the transport failed before any server could answer. */
  status: number | null;
  responseBody: string;
  responseSessionId: string | undefined;
  receivedSeqs: number[];
  /** A 401, or a 403, with a Bearer challenge: the client is asked to authorize and send the same request again. */
  bearerChallenge: boolean;
  /** `auto`'s first POST, whose 400/404/405 may be set aside while legacy SSE is tried (the request then goes out again). */
  probe: boolean;
}

function headerMap(lines: unknown): Map<string, string> {
  const m = new Map<string, string>();
  if (Array.isArray(lines)) for (const l of lines) if (Array.isArray(l) && typeof l[0] === 'string') m.set(l[0].toLowerCase(), String(l[1]));
  return m;
}

/** `x`: the exchange record's parsed text (undefined when it is not JSON). */
function readExchange(x: unknown): Exchange | null {
  if (!isPlainObject(x) || typeof x.id !== 'string' || !isPlainObject(x.request)) return null;
  // The OAuth flow's requests go to metadata, registration and token endpoints: not MCP traffic (auth-checks.ts).
  if (x.purpose === 'auth') return null;
  const { request: req } = x;
  // No response at all (refused connection, DNS failure, timeout): the request never reached a server to answer it.
  const res = isPlainObject(x.response) && typeof x.response.status === 'number' ? x.response : { status: null };
  return {
    id: x.id,
    ended: x.state !== 'open',
    method: String(req.method),
    url: typeof req.url === 'string' ? req.url : '',
    headers: headerMap(req.headers),
    // A capped body cannot be classified reliably; the checks that need it skip the exchange.
    body: typeof req.body === 'string' && req.bodyTruncated !== true ? req.body : null,
    sentSeq: typeof x.sentSeq === 'number' ? x.sentSeq : null,
    status: res.status as number | null,
    responseBody: typeof res.body === 'string' ? res.body : '',
    responseSessionId: headerMap(res.headers).get('mcp-session-id'),
    receivedSeqs: Array.isArray(x.receivedSeqs) ? x.receivedSeqs.filter((n): n is number => typeof n === 'number') : [],
    probe: x.purpose === 'probe',
    bearerChallenge: (res.status === 401 || res.status === 403) && /^\s*bearer\b/i.test(headerMap(res.headers).get('www-authenticate') ?? ''),
  };
}

/** The host name of a URL or Host/Origin value, lower case, without port or brackets (shared/ has no URL class). */
export function hostOf(value: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1] ?? value;
  const host = authority.replace(/^[^@]*@/, '');
  const v6 = /^\[([^\]]*)\]/.exec(host);
  return (v6 ? v6[1]! : host.replace(/:\d*$/, '')).toLowerCase();
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Names RFC 2606 reserves, which no real page is served from: an Origin under one is invalid for every server. */
function isReservedName(host: string): boolean {
  return /(^|\.)(invalid|example)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);
}

export class HttpChecks {
  /** An exchange is recorded when its headers arrive and again when it ends; judge it once. */
  private readonly judged: BoundedMap<string, true>;
  /** The session ids the server issued in this recording: a 400 for one of them is an ended session's, not a stranger's. */
  private readonly issued: BoundedMap<string, true>;

  constructor(historyLimit: number) {
    this.judged = new BoundedMap(historyLimit);
    this.issued = new BoundedMap(64);
  }

  reset(): void {
    this.issued.clear();
  }

  /** `value`: the frame's text as the linter's caller parsed it (undefined when it is not JSON). */
  onExchange(ctx: LintContext, frame: FrameRecord, session: McpSession, ex: ExchangeTracker, value: unknown): void {
    if (ctx.transport !== 'http') return;
    const x = readExchange(value);
    if (!x) return;
    // A request that never reached a server (refused connection, timeout) is not one the server left unanswered.
    if (x.status === null) return x.ended ? ex.carriedBy(x.sentSeq).settle() : undefined;
    // A Bearer challenge does not answer the requests its POST carried: an OAuth client authorizes and sends them again
    // with the same ids, and the answer to that retry is theirs (settled here, it would make that answer a duplicate).
    // So does a refusal of `auto`'s probe: the client may set it aside and send the same request over legacy SSE, whose
    // answer is then the request's own, not a duplicate of the 404.
    const carried = x.bearerChallenge || (x.probe && x.status >= 400) ? ex.challengedBy(x.sentSeq) : ex.carriedBy(x.sentSeq);
    if (x.ended) ex.idlessErrors.onExchangeEnd(ctx, x.status, x.receivedSeqs, x.sentSeq, carried);
    if (this.judged.has(x.id)) return;
    this.judged.set(x.id, true);
    const related = x.sentSeq === null ? [] : [x.sentSeq];
    const sent = x.body === null ? null : classifyText(x.body);
    const initialize = sent?.kind === 'request' && sent.method === 'initialize';
    if (x.responseSessionId) this.issued.set(x.responseSessionId, true);

    if (
      x.method === 'POST' &&
      (sent?.kind === 'notification' || sent?.kind === 'response' || sent?.kind === 'error') &&
      x.status >= 200 &&
      x.status < 300 &&
      x.status !== 202
    ) {
      ctx.emit(
        'http/accepted-expected',
        frame.seq,
        `A POST carrying a ${sent.kind === 'notification' ? `notification (${sent.method})` : 'response'} was answered ${x.status} instead of 202.`,
        related,
      );
    }

    const sid = x.headers.get('mcp-session-id');
    if (!initialize && sid !== undefined && x.status === 400 && /session/i.test(x.responseBody)) {
      if (this.issued.has(sid))
        ctx.emit(
          'http/session-status',
          frame.seq,
          `Session id ${JSON.stringify(sid)}, which the server issued, was refused with 400; a session the server ended is 404, so the client knows to initialize again.`,
          related,
        );
      // An id that is not visible ASCII is malformed, not unknown: a 400 refuses the client's fault (the lab's http-session-wrong).
      else if (/^[\x21-\x7e]+$/.test(sid))
        ctx.emit(
          'http/unissued-session-status',
          frame.seq,
          `Session id ${JSON.stringify(sid)}, which the server never issued here, was refused with 400; the spec names no status for it, and 404 would send the client to initialize again.`,
          related,
        );
    } else if (!initialize && sid === undefined && this.issued.size > 0 && x.status === 404) {
      ctx.emit('http/session-missing-status', frame.seq, 'A request without the issued Mcp-Session-Id was answered 404; a missing session id is 400.', related);
    }
    if (!initialize) this.checkVersionHeader(ctx, frame.seq, x, session, related);
    this.checkRebinding(ctx, frame.seq, x, x.status, session, related);
  }

  /** The two headers a DNS-rebinding page cannot choose: Origin (MUST, the spec) and Host (silent; the conformance suite). */
  private checkRebinding(ctx: LintContext, seq: number, x: Exchange, status: number, session: McpSession, related: number[]): void {
    const origin = x.headers.get('origin');
    const served = status >= 200 && status < 300;
    if (origin !== undefined && isReservedName(hostOf(origin))) {
      const v = session.rulesVersion;
      const named403 = v !== null && versionIndex(v) >= versionIndex('2025-11-25');
      if (served)
        ctx.emit(
          'http/foreign-origin-accepted',
          seq,
          `${x.method} with Origin: ${origin} was served (${status}); servers refuse an invalid Origin${named403 ? ' with 403' : ''}.`,
          related,
        );
      else if (named403 && status !== 403 && status < 500)
        ctx.emit(
          'http/foreign-origin-accepted',
          seq,
          `${x.method} with Origin: ${origin} was refused with ${status}; from 2025-11-25 the refusal is 403 Forbidden.`,
          related,
        );
    }
    const host = x.headers.get('host');
    if (served && host !== undefined && isLoopbackHost(hostOf(x.url)) && !isLoopbackHost(hostOf(host))) {
      ctx.emit(
        'http/foreign-host-accepted',
        seq,
        `${x.method} to ${hostOf(x.url)} with Host: ${host} was served (${status}); a local server that serves a foreign Host is open to DNS rebinding.`,
        related,
      );
    }
  }

  private checkVersionHeader(ctx: LintContext, seq: number, x: Exchange, session: McpSession, related: number[]): void {
    // Before the era is known (an era probe's server/discover), the body says which version the POST speaks: a 2026-07-28
    // one owes the header like any other 2026 POST.
    if (session.era === 'unknown' && x.method === 'POST' && !x.headers.has('mcp-protocol-version')) {
      const sent = x.body === null ? null : classifyText(x.body);
      const meta = sent?.value !== undefined && isPlainObject(sent.value) ? requestMeta(sent.value)?.[META_PROTOCOL_VERSION] : undefined;
      if (typeof meta === 'string' && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(meta))
        ctx.emit('http/missing-protocol-version', seq, `POST carries no MCP-Protocol-Version header (its _meta says ${meta}).`, related);
      return;
    }
    const v = session.rulesVersion;
    const modern = session.era === 'modern';
    const afterInit = modern || (session.era === 'legacy' && session.phase !== 'idle' && session.phase !== 'initializing');
    // 2026-07-28 asks the header of every POST; the versions before it of every request after initialization.
    if (!v || !afterInit || versionIndex(v) < versionIndex('2025-06-18') || (modern && x.method !== 'POST')) return;
    const header = x.headers.get('mcp-protocol-version');
    if (header === undefined) {
      ctx.emit(
        'http/missing-protocol-version',
        seq,
        `${x.method} ${modern ? '' : 'after initialization '}carries no MCP-Protocol-Version header (${modern ? 'the request says' : 'negotiated'} ${session.version ?? v}).`,
        related,
      );
    } else if (modern) {
      const sent = x.body === null ? null : classifyText(x.body);
      const meta = sent?.value !== undefined && isPlainObject(sent.value) ? requestMeta(sent.value)?.[META_PROTOCOL_VERSION] : undefined;
      if (typeof meta === 'string' && header !== meta) {
        ctx.emit(
          'http/protocol-version-meta-mismatch',
          seq,
          `MCP-Protocol-Version is ${JSON.stringify(header)}, but the request's _meta says ${JSON.stringify(meta)}.`,
          related,
        );
      }
    } else if (session.version !== null && header !== session.version) {
      ctx.emit(
        'http/protocol-version-mismatch',
        seq,
        `MCP-Protocol-Version is ${JSON.stringify(header)}, but the negotiated version is ${session.version}.`,
        related,
      );
    }
  }
}
