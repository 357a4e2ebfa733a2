// Grades HTTP answers: a raw exchange's status against what Streamable HTTP says, and a bare error status for a frame.
import type { FaultExpectation, FaultVerdict, HttpProbeResult } from './fault-types.js';
import { isHttpErrorDocument } from '../http-answer.js';
import { errorCode, isResponse } from './reply-facts.js';

type HttpExpectation = Extract<FaultExpectation, { kind: 'http' }>;

function statusText(r: Pick<HttpProbeResult, 'status' | 'statusText'>): string {
  return `${r.status} ${r.statusText}`.trim();
}

function carried(r: HttpProbeResult): string {
  const first = r.messages[0];
  if (first === undefined || isHttpErrorDocument(first) || !isResponse(first)) {
    return r.body.trim() === '' ? ' and no body' : ` and a ${r.contentType || 'untyped'} body that is not JSON-RPC`;
  }
  const code = errorCode(first);
  return code === null ? ' and a JSON-RPC result' : ` and JSON-RPC error ${code}`;
}

// Why a server might answer 409 to a GET: worth saying, since the spec itself never mentions it.
const HINTS: Record<number, string> = {
  409: ' (the server likely allows one standalone stream per session and the relay already holds it; the spec lets a client hold several)',
};

/** `protocolVersion`: the session's negotiated version, for headers that only exist from some version on. */
export function gradeHttpProbe(expect: HttpExpectation, r: HttpProbeResult, protocolVersion: string | null): FaultVerdict {
  if (r.status === null) return { outcome: 'no-reply', explanation: `No HTTP response: ${r.error ?? 'nothing came back'}.` };
  const got = `${statusText(r)}${carried(r)}`;
  const wanted = expect.statuses.join(' or ');
  if (expect.session && r.sessionId === null) {
    return { outcome: 'as-spec', explanation: `Answered ${got}. The server issued no session id (it is stateless), so it owes nothing about one.` };
  }
  if (expect.since && protocolVersion !== null && protocolVersion < expect.since && r.status < 300) {
    return {
      outcome: 'as-spec',
      explanation: `Answered ${got}: the session speaks ${protocolVersion}, before the header existed (${expect.since}), so ignoring it is allowed.`,
    };
  }
  if (expect.specSilent) return { outcome: 'spec-silent', explanation: `Answered ${got}. ${expect.specSilent}` };
  if (expect.refuseBefore && r.status < 300)
    return { outcome: 'deviates', explanation: `Accepted it (${got}); the spec says the server refuses it (with ${wanted} from ${expect.refuseBefore}).` };
  if (expect.refuseBefore && protocolVersion !== null && protocolVersion < expect.refuseBefore && r.status < 500 && !expect.statuses.includes(r.status)) {
    return {
      outcome: 'as-spec',
      explanation: `Refused it (${got}). ${protocolVersion} requires a refusal but names no status (${wanted} arrived in ${expect.refuseBefore}).`,
    };
  }
  if (expect.statuses.includes(r.status)) {
    if (expect.stream && r.status < 300 && !r.contentType.startsWith('text/event-stream')) {
      return {
        outcome: 'deviates',
        explanation: `Answered ${statusText(r)} with ${r.contentType || 'no Content-Type'}; a 2xx here must be text/event-stream.`,
      };
    }
    return { outcome: 'as-spec', explanation: `Answered ${got}, as the spec says.` };
  }
  if (r.status < 300) return { outcome: 'deviates', explanation: `Accepted it (${got}); the spec says ${wanted}.` };
  return { outcome: 'deviates', explanation: `Answered ${got}; the spec says ${wanted}${HINTS[r.status] ?? ''}.` };
}

/** The HTTP status of the POST that carried a frame, when the server refused it without any JSON-RPC reply. */
export interface HttpRefusal {
  status: number;
  statusText?: string;
}

/**
 * A bare error status is an answer, not silence: Streamable HTTP says input the server cannot accept gets an HTTP
 * error status, and its body MAY hold a JSON-RPC error. So malformed input refused that way is as the spec says.
 */
export function gradeRefusal(expect: FaultExpectation, refusal: HttpRefusal): FaultVerdict {
  const what = `Refused with HTTP ${`${refusal.status} ${refusal.statusText ?? ''}`.trim()} and no JSON-RPC reply`;
  switch (expect.kind) {
    case 'error':
      if (expect.codes === null || expect.codes.some((c) => c === -32700 || c === -32600)) {
        return {
          outcome: 'as-spec',
          explanation: `${what}: over Streamable HTTP, input the server cannot accept gets an HTTP error status (the body MAY carry the JSON-RPC error).`,
        };
      }
      return { outcome: 'deviates', explanation: `${what}; the spec says a JSON-RPC error ${expect.codes.join(' or ')}, so the client cannot tell why.` };
    case 'answer':
      if (expect.parseErrorOk || expect.refusalOk)
        return { outcome: 'as-spec', explanation: `${what}: refusing this is allowed.${expect.note ? ` ${expect.note}` : ''}` };
      return { outcome: 'deviates', explanation: `${what}; the spec says every request gets a response, a result or an error.` };
    case 'silence':
      return {
        outcome: 'as-spec',
        explanation: `${what}: Streamable HTTP has a server that cannot accept a notification or response say so with an error status (one it accepts gets 202).`,
      };
    default:
      return {
        outcome: 'deviates',
        explanation: `${what}; JSON-RPC 2.0 says a batch gets its responses (MCP only had batches in 2025-03-26; from 2025-06-18 a POST holds one message, so refusing is correct there).`,
      };
  }
}
