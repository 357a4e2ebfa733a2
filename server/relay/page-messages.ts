// Reads a page's message on the WebSocket and hands it to the hub's action for it. What cannot be read, or fails, is
// answered with an `error` that carries the message's ref, so the page's waiting send or probe settles: a page's
// message never throws into the socket's handler, whatever it holds.
import { RelayClientMessageSchema, type RelayServerMessage } from '../../shared/relay-protocol.js';
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import { describeIssues } from '../../shared/zod-issues.js';
import type { HttpProbeSpec } from '../core/raw-http-probe.js';
import { toRelayError } from '../errors.js';
import { plainSend } from './send-fast-path.js';

/** A frame the page asks to write to a session's server: `text`, or the exact bytes in `b64`. */
export interface PageSend {
  sessionId: string;
  text: string;
  b64?: string | undefined;
  origin: FrameOrigin;
}

/** What the hub does for each message a page may send (`C`: the hub's record of that page's socket). */
export interface PageActions<C> {
  send(client: C, msg: PageSend, ref: string | undefined): void;
  subscribe(client: C, sessionId: string, afterSeq: number, head?: number, tail?: number): void;
  unsubscribe(client: C, sessionId: string): void;
  claimAnswerer(client: C, sessionId: string, force: boolean): void;
  traceContext(sessionId: string, traceId: string | null): void;
  httpProbe(sessionId: string, spec: HttpProbeSpec, origin: FrameOrigin): Promise<HttpProbeResult>;
  /** A message to this page alone (an answer, an error). */
  reply(client: C, msg: RelayServerMessage): void;
}

/** One message from a page (`text` null: a binary message, which no client message is). */
export function handlePageMessage<C>(client: C, text: string | null, act: PageActions<C>): void {
  let ref: string | undefined;
  const fail = (code: string, message: string) => act.reply(client, { type: 'error', code, message, ...(ref ? { ref } : {}) });
  try {
    const raw: unknown = JSON.parse(text ?? 'null');
    if (raw && typeof raw === 'object' && 'ref' in raw && typeof raw.ref === 'string') ref = raw.ref;
    // A round trip's request: to the server before anything else, past zod (send-fast-path.ts).
    const plain = plainSend(raw);
    if (plain !== null) return act.send(client, plain, ref);
    const parsed = RelayClientMessageSchema.safeParse(raw);
    if (!parsed.success) return fail('BAD_REQUEST', describeIssues(parsed.error, 'message'));
    const msg = parsed.data;
    switch (msg.type) {
      case 'subscribe':
        return act.subscribe(client, msg.sessionId, msg.afterSeq, msg.head, msg.tail);
      case 'unsubscribe':
        return act.unsubscribe(client, msg.sessionId);
      case 'claim-answerer':
        return act.claimAnswerer(client, msg.sessionId, msg.force === true);
      case 'trace-context':
        return act.traceContext(msg.sessionId, msg.traceId);
      case 'send':
        return act.send(client, msg, ref);
      case 'http-probe': {
        const { sessionId, method, headers, body, waitMs, origin } = msg;
        // Answered when the exchange ends; a failure is an error with the same ref, never an unhandled rejection.
        void Promise.resolve()
          .then(() => act.httpProbe(sessionId, { method, headers, body, waitMs }, origin))
          .then(
            (result) => act.reply(client, { type: 'http-result', sessionId, result, ...(ref ? { ref } : {}) }),
            (err: unknown) => {
              const e = toRelayError(err);
              if (e.code === 'INTERNAL') console.error('mcpscope: http probe error:', err);
              fail(e.code, e.message);
            },
          );
        return;
      }
    }
  } catch (err) {
    const e = toRelayError(err);
    if (e.code === 'INTERNAL' && !(err instanceof SyntaxError)) console.error('mcpscope: hub error:', err);
    fail(err instanceof SyntaxError ? 'BAD_REQUEST' : e.code, e.message);
  }
}
