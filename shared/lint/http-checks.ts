// Checks the HTTP exchanges the relay records for Streamable HTTP: 202 for notifications, session statuses, headers.
import { classifyText, isPlainObject } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { LintContext } from './lint-context.js';
import type { McpSession } from './mcp-session.js';
import { BoundedMap } from './bounded-map.js';
import { versionIndex } from './mcp-methods.js';

/** The few fields of an HttpExchange record (shared/http-exchange.ts) these checks read, read defensively. */
interface Exchange {
  id: string;
  method: string;
  headers: Map<string, string>;
  body: string | null;
  sentSeq: number | null;
  status: number;
  responseBody: string;
  responseSessionId: string | undefined;
}

function headerMap(lines: unknown): Map<string, string> {
  const m = new Map<string, string>();
  if (Array.isArray(lines)) for (const l of lines) if (Array.isArray(l) && typeof l[0] === 'string') m.set(l[0].toLowerCase(), String(l[1]));
  return m;
}

function readExchange(text: string): Exchange | null {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(x) || typeof x.id !== 'string' || !isPlainObject(x.request) || !isPlainObject(x.response)) return null;
  // The OAuth flow's requests go to metadata, registration and token endpoints: not MCP traffic (auth-checks.ts).
  if (x.purpose === 'auth') return null;
  const { request: req, response: res } = x;
  if (typeof res.status !== 'number') return null;
  return {
    id: x.id,
    method: String(req.method),
    headers: headerMap(req.headers),
    // A capped body cannot be classified reliably; the checks that need it skip the exchange.
    body: typeof req.body === 'string' && req.bodyTruncated !== true ? req.body : null,
    sentSeq: typeof x.sentSeq === 'number' ? x.sentSeq : null,
    status: res.status,
    responseBody: typeof res.body === 'string' ? res.body : '',
    responseSessionId: headerMap(res.headers).get('mcp-session-id'),
  };
}

export class HttpChecks {
  /** An exchange is recorded when its headers arrive and again when it ends; judge it once. */
  private readonly judged: BoundedMap<string, true>;
  private sessionIssued = false;

  constructor(historyLimit: number) {
    this.judged = new BoundedMap(historyLimit);
  }

  reset(): void {
    this.sessionIssued = false;
  }

  onExchange(ctx: LintContext, frame: FrameRecord, session: McpSession): void {
    if (ctx.transport !== 'http') return;
    const x = readExchange(frame.text);
    if (!x || this.judged.has(x.id)) return;
    this.judged.set(x.id, true);
    const related = x.sentSeq === null ? [] : [x.sentSeq];
    const sent = x.body === null ? null : classifyText(x.body);
    const initialize = sent?.kind === 'request' && sent.method === 'initialize';
    if (x.responseSessionId) this.sessionIssued = true;

    if (x.method === 'POST' && (sent?.kind === 'notification' || sent?.kind === 'response' || sent?.kind === 'error') && x.status >= 200 && x.status < 300 && x.status !== 202) {
      ctx.emit('http/accepted-expected', frame.seq, `A POST carrying a ${sent.kind === 'notification' ? `notification (${sent.method})` : 'response'} was answered ${x.status} instead of 202.`, related);
    }

    const sid = x.headers.get('mcp-session-id');
    if (!initialize && sid !== undefined && x.status === 400 && /session/i.test(x.responseBody)) {
      ctx.emit('http/session-status', frame.seq, `Session id ${JSON.stringify(sid)} was refused with 400; an unknown or expired session is 404, so the client knows to initialize again.`, related);
    } else if (!initialize && sid === undefined && this.sessionIssued && x.status === 404) {
      ctx.emit('http/session-status', frame.seq, 'A request without the issued Mcp-Session-Id was answered 404; a missing session id is 400.', related);
    }

    const v = session.rulesVersion;
    const afterInit = session.era === 'modern' || (session.era === 'legacy' && session.phase !== 'idle' && session.phase !== 'initializing');
    if (!initialize && v && afterInit && versionIndex(v) >= versionIndex('2025-06-18')) {
      const header = x.headers.get('mcp-protocol-version');
      if (header === undefined) {
        ctx.emit('http/missing-protocol-version', frame.seq, `${x.method} after initialization carries no MCP-Protocol-Version header (negotiated ${session.version ?? v}).`, related);
      } else if (session.version !== null && header !== session.version) {
        ctx.emit('http/missing-protocol-version', frame.seq, `MCP-Protocol-Version is ${JSON.stringify(header)}, but the negotiated version is ${session.version}.`, related);
      }
    }
  }
}
