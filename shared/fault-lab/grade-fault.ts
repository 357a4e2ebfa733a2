// Grades what a server sent back within the wait against what the spec says a preset must get: the fault lab's verdict.
import { classifyValue, idKey, parseJson } from '../jsonrpc.js';
import { gradeBatchForVersion, type BatchGradeOptions } from './grade-batch.js';
import { gradeRefusal, type HttpRefusal } from './grade-http.js';
import type { FaultExpectation, FaultReply, FaultVerdict } from './fault-types.js';
import { answersIn, describeAnswer, errorCode, errorShapeProblem, isWellFormedRequest, noiseIn, quoteNoise } from './reply-facts.js';

const noReply = (owed: string): FaultVerdict => ({ outcome: 'no-reply', explanation: `Nothing came back within the wait; the spec says ${owed}.` });
const deviates = (explanation: string, rule?: string): FaultVerdict => ({ outcome: 'deviates', explanation, ...(rule ? { rule } : {}) });
/** Whatever the preset expected, an error object must have an integer code and a string message (a MUST). */
const malformed = (first: unknown): FaultVerdict | null => {
  const problem = errorShapeProblem(first);
  return problem === null
    ? null
    : deviates(`Answered ${describeAnswer(first)}: an error response MUST include an error field with a code and message.`, 'jsonrpc/error-object-shape');
};
const asSpec = (explanation: string): FaultVerdict => ({ outcome: 'as-spec', explanation });
const silent = (explanation: string): FaultVerdict => ({ outcome: 'spec-silent', explanation });

function gradeError(expect: Extract<FaultExpectation, { kind: 'error' }>, answers: unknown[]): FaultVerdict {
  const wanted = expect.codes === null ? 'an error response' : `error ${expect.codes.join(' or ')}`;
  const first = answers[0];
  if (first === undefined) return noReply(`${wanted}${expect.nullId ? ' with id null' : ''} must come back`);
  if (Array.isArray(first)) return deviates(`Answered with an array; the spec says one ${wanted}, not an array.`);
  const bad = malformed(first);
  if (bad) return bad;
  const code = errorCode(first);
  if (code === null) return deviates(`Accepted it and answered ${describeAnswer(first)}; the spec says ${wanted}.`);
  if (expect.codes !== null && !expect.codes.includes(code)) return deviates(`Answered error ${code}; the spec says ${wanted}.`);
  const id = (first as { id?: unknown }).id;
  if (expect.nullId && id !== null)
    return deviates(
      `Answered error ${code} but with id ${JSON.stringify(id)}; an error for a message whose id cannot be read must carry id null.`,
      'jsonrpc/unmatched-response',
    );
  return asSpec(`Answered error ${code}, as the spec says.`);
}

function requestIds(sentText: string): unknown[] {
  const parsed = parseJson(sentText.replace(/^\uFEFF/, ''));
  if (!parsed.ok) return [];
  const c = classifyValue(parsed.value);
  return c.kind === 'request' ? [c.id] : [];
}

function gradeAnswer(expect: Extract<FaultExpectation, { kind: 'answer' }>, sentText: string, answers: unknown[]): FaultVerdict {
  const first = answers[0];
  if (first === undefined) return noReply('every request gets a response, a result or an error');
  if (Array.isArray(first)) return deviates('Answered a single request with an array.');
  const bad = malformed(first);
  if (bad) return bad;
  const id = (first as { id?: unknown }).id;
  const code = errorCode(first);
  const note = expect.note ? ` ${expect.note}` : '';
  if (expect.parseErrorOk && code === -32700 && id === null) return asSpec(`Refused it as a parse error (-32700, id null), which the spec allows.${note}`);
  if (expect.refusalOk && code !== null) return asSpec(`Refused it with ${describeAnswer(first)}.${note}`);
  const ids = requestIds(sentText);
  const key = ids.length > 0 ? idKey(ids[0]) : null;
  if (key !== null && idKey(id) !== key)
    return deviates(`Answered ${describeAnswer(first)}, but the request's id was ${key}: the response must echo it unchanged.`, 'jsonrpc/unmatched-response');
  if (expect.acceptedSilent && code === null) return silent(`Accepted it and answered ${describeAnswer(first)}. ${expect.acceptedSilent}`);
  return asSpec(`Answered ${describeAnswer(first)}.${note}`);
}

/** Two requests went out under the id of `sentText` (a slow one, then this one): each must get its own response. */
function gradeDuplicate(sentText: string, answers: unknown[]): FaultVerdict {
  const ids = requestIds(sentText);
  const key = ids.length > 0 ? idKey(ids[0]) : null;
  const mine = answers.filter((a) => !Array.isArray(a) && idKey((a as { id?: unknown }).id) === key);
  const others = answers.length - mine.length;
  const extra = others > 0 ? ` (and ${others} response${others === 1 ? '' : 's'} under other ids)` : '';
  if (mine.length === 0) return noReply(`each of the two requests with id ${key} gets a response`);
  const list = mine.map(describeAnswer).join(' and ');
  if (mine.length === 1) {
    return silent(
      `Only one response for the two requests with id ${key} (${list})${extra}. Reusing an id in flight is the client's fault (MCP: the id MUST NOT match one still pending), and the spec is silent on what a server owes the second request; answering both is kinder, since a client cannot tell which request this answers.`,
    );
  }
  const refused = mine.some((a) => errorCode(a) !== null);
  return asSpec(
    refused
      ? `Answered both: ${list}${extra}; refusing the reused id is what a careful server does.`
      : `Answered both with results under the same id (${list})${extra}: allowed (the reuse is the client's fault), but a client cannot tell the responses apart.`,
  );
}

export interface FaultGradeOptions extends BatchGradeOptions {
  /** Over HTTP: the status of the POST that carried the frame, when it was an error status. */
  refusal?: HttpRefusal | null;
  /** The negotiated version: batches are graded by what it requires (only 2025-03-26 must receive them). */
  protocolVersion?: string | null;
}

/** `sentText` is the payload as text (bytes decoded as UTF-8); `replies` are the server's frames after it, within the wait. */
export function gradeFault(expect: FaultExpectation, sentText: string, replies: readonly FaultReply[], opts: FaultGradeOptions = {}): FaultVerdict {
  const verdict = gradeReplies(expect, sentText, replies, opts);
  // Silence on a request lint reads as one is lint's unanswered request, whatever the preset hoped to provoke.
  if (verdict.outcome === 'no-reply' && verdict.rule === undefined && isWellFormedRequest(sentText)) return { ...verdict, rule: 'jsonrpc/unanswered-request' };
  return verdict;
}

function gradeReplies(expect: FaultExpectation, sentText: string, replies: readonly FaultReply[], opts: FaultGradeOptions): FaultVerdict {
  const answers = answersIn(replies);
  const noise = noiseIn(replies);
  if (expect.kind === 'http') throw new Error('an HTTP preset is graded by gradeHttpProbe, from its exchange');
  if (expect.kind === 'batch' && noise.length === 0) {
    const batch = parseJson(sentText);
    if (batch.ok && Array.isArray(batch.value)) return gradeBatchForVersion(batch.value, answers, opts.protocolVersion ?? null, opts);
  }
  if (answers.length === 0 && noise.length === 0 && opts.refusal) return gradeRefusal(expect, opts.refusal);
  if (expect.kind === 'silence') {
    if (answers.length > 0 && expect.replySilent) return silent(`Answered ${describeAnswer(answers[0])}. ${expect.replySilent}`);
    if (answers.length > 0) return deviates(`Answered ${describeAnswer(answers[0])}; the spec says nothing may be sent back for this.`);
    if (noise.length > 0)
      return deviates(`Printed ${quoteNoise(noise)} on stdout, which carries only MCP messages.`, opts.splitReplies ? undefined : 'framing/stdout-noise');
    return asSpec('Nothing came back, as the spec says.');
  }
  if (answers.length === 0 && noise.length > 0)
    return deviates(`Printed ${quoteNoise(noise)} instead of a JSON-RPC reply.`, opts.splitReplies ? undefined : 'framing/stdout-noise');
  if (expect.kind === 'error') return gradeError(expect, answers);
  if (expect.kind === 'answer') return gradeAnswer(expect, sentText, answers);
  if (expect.kind === 'duplicate') return gradeDuplicate(sentText, answers);
  return gradeError({ kind: 'error', codes: [-32700], nullId: true }, answers);
}
