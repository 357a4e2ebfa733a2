// `auto`'s first question to a server: is this a 2026-07-28 server? The answer to a modern-shaped request is held
// back until it decides; if it is not, `auto` sends the same message again as Streamable HTTP, so the engine never
// sees two answers to one request.
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { ExchangeTrace } from './exchange-trace.js';
import type { HttpResponse } from './http-request.js';
import type { Body, RemoteClient } from './remote-client.js';

export type ProbeVerdict = { kind: 'modern'; status: number; why: string } | { kind: 'not-modern'; status: number; why: string } | { kind: 'failed' };

/** -32020…-32022: header mismatch, missing client capability, unsupported version. Only 2026 servers send them. */
function isModernErrorCode(code: number | undefined): boolean {
  return code !== undefined && code <= -32020 && code >= -32022;
}

function judge(messages: Buffer[], id: string | null, status: number): ProbeVerdict {
  for (const m of messages) {
    const c = classifyText(m.toString('utf8'));
    if ((c.kind !== 'response' && c.kind !== 'error') || idKey(c.id) !== id) continue;
    if (c.kind === 'response') return { kind: 'modern', status, why: `the server answered the 2026-07-28 request with a result (${status})` };
    if (isModernErrorCode(c.errorCode)) return { kind: 'modern', status, why: `the server answered with the 2026-07-28 error ${c.errorCode} (${status})` };
    return { kind: 'not-modern', status, why: `it answered ${status} with error ${c.errorCode ?? '(no code)'}` };
  }
  return { kind: 'not-modern', status, why: `it answered ${status} with no JSON-RPC response to the request` };
}

export class ModernProbe {
  private readonly held: Buffer[] = [];
  private decided: ProbeVerdict | null = null;

  constructor(private readonly client: RemoteClient) {}

  /** An SSE message of the probe's stream, kept until the verdict. */
  hold(message: Buffer): void {
    this.held.push(message);
  }

  failed(): void {
    this.decided = { kind: 'failed' };
  }

  /** The SSE stream ended: decide, and hand the held messages on if this is a 2026 server (before the trace closes). */
  settle(res: HttpResponse, trace: ExchangeTrace, id: string | null): void {
    this.decided = judge(this.held, id, res.status);
    if (this.decided.kind !== 'modern') return;
    for (const m of this.held.splice(0)) {
      const seq = this.client.h.onMessage(m);
      if (typeof seq === 'number') trace.received(seq);
    }
  }

  /** A whole (JSON) body: decide; a 2026 server's answer is delivered, anything else stays only in the exchange. */
  holdBody(res: HttpResponse, trace: ExchangeTrace, body: Body, id: string | null): void {
    this.decided = judge(body.truncated ? [] : [body.bytes], id, res.status);
    if (this.decided.kind === 'modern') this.client.deliverBody(res, trace, body, `POST ${this.client.url.pathname}`, { requestIds: id === null ? [] : [id] });
    trace.complete();
  }

  verdict(): ProbeVerdict {
    return this.decided ?? { kind: 'failed' };
  }
}
