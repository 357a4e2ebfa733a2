// Grades a batch's replies against JSON-RPC 2.0 §6 and, for the batch builder, against what the negotiated MCP version allows.
import { correlateBatch, type BatchCorrelation } from '../correlate-batch.js';
import { classifyValue, isPlainObject } from '../jsonrpc.js';
import type { FaultVerdict } from './fault-types.js';
import { gradeRefusal, type HttpRefusal } from './grade-http.js';
import { errorCode } from './reply-facts.js';

const BATCH_VERSION = '2025-03-26';

/** splitReplies: over Streamable HTTP an SSE stream may carry the responses one event at a time ("MAY be batched"). */
export interface BatchGradeOptions {
  splitReplies?: boolean;
  /** Over HTTP: the POST carrying the batch got this error status (a bare one is an answer, not silence). */
  refusal?: HttpRefusal | null;
}

function invalidCount(batch: readonly unknown[]): number {
  return batch.filter((el) => {
    const kind = classifyValue(el).kind;
    return kind !== 'request' && kind !== 'notification';
  }).length;
}

/** What is wrong with a correlation under JSON-RPC 2.0 §6 (and MCP's "initialize never in a batch"), or an empty list. */
function batchFaults(batch: readonly unknown[], c: BatchCorrelation, opts: BatchGradeOptions = {}): string[] {
  const faults: string[] = [];
  if (c.replyShape !== 'array' && !opts.splitReplies)
    faults.push(`the replies came as ${c.replyShape === 'single' ? 'a single object' : `${c.replyShape} messages`}, not one array`);
  const missing = c.elements.filter((e) => e.status === 'missing');
  if (missing.length > 0) faults.push(`no response for ${missing.map((e) => `#${e.index + 1} (${e.method ?? '?'})`).join(', ')}`);
  const dup = c.elements.filter((e) => e.duplicates?.length);
  if (dup.length > 0) faults.push(`more than one response for ${dup.map((e) => `#${e.index + 1}`).join(', ')}`);
  const invalid = invalidCount(batch);
  const invalidErrors = c.unexpected.filter((u) => errorCode(u) === -32600 && isPlainObject(u) && u.id === null).length;
  if (invalidErrors < invalid) faults.push(`${invalid - invalidErrors} invalid element${invalid - invalidErrors === 1 ? '' : 's'} got no -32600 with id null`);
  if (c.unexpected.length > invalidErrors)
    faults.push(`${c.unexpected.length - invalidErrors} response${c.unexpected.length - invalidErrors === 1 ? '' : 's'} that match no element`);
  for (const e of c.elements) {
    if (e.method === 'initialize' && e.status === 'answered' && errorCode(e.response) === null)
      faults.push(`initialize #${e.index + 1} was accepted inside a batch, which MCP forbids`);
  }
  return faults;
}

/** Plain JSON-RPC 2.0 batch rules; `answers` are the replies that came back (arrays included). */
function gradeBatchRules(batch: readonly unknown[], answers: readonly unknown[], opts: BatchGradeOptions = {}): FaultVerdict {
  const c = correlateBatch(batch, answers);
  if (c.summary.requests === 0 && invalidCount(batch) === 0) {
    return answers.length === 0
      ? { outcome: 'as-spec', explanation: 'An all-notification batch got no reply at all, as JSON-RPC 2.0 says.' }
      : {
          outcome: 'deviates',
          explanation: `An all-notification batch must get no reply at all, but got ${Array.isArray(answers[0]) ? 'an array' : 'a response'}.`,
          rule: 'jsonrpc/notification-batch-answered',
        };
  }
  if (answers.length === 0)
    return { outcome: 'no-reply', explanation: 'Nothing came back; JSON-RPC 2.0 says a batch with requests gets an array of responses.' };
  const faults = batchFaults(batch, c, opts);
  if (faults.length > 0) return { outcome: 'deviates', explanation: `Batch rules broken: ${faults.join('; ')}.` };
  const how = c.replyShape === 'array' ? 'One array' : 'Responses streamed one by one (allowed over Streamable HTTP)';
  return { outcome: 'as-spec', explanation: `${how} answered all ${c.summary.requests} request${c.summary.requests === 1 ? '' : 's'}, matched by id.` };
}

/**
 * The verdict for a batch (builder and fault lab alike) by what the negotiated version requires: 2025-03-26 MUST
 * receive batches, so JSON-RPC 2.0 §6 applies in full; every other version has none, so a rejection or silence is
 * correct there, and only a batch processed half-way deviates. Without a known version, plain JSON-RPC 2.0 §6.
 */
export function gradeBatchForVersion(
  batch: readonly unknown[],
  answers: readonly unknown[],
  version: string | null,
  opts: BatchGradeOptions = {},
): FaultVerdict {
  if (opts.refusal && answers.length === 0) return gradeRefusedBatch(batch, version, opts.refusal);
  const rules = batch.length === 0 ? gradeEmpty(answers) : gradeBatchRules(batch, answers, opts);
  if (version === null) return rules;
  if (version === BATCH_VERSION) {
    return rules.outcome === 'as-spec' ? rules : { ...rules, explanation: `${rules.explanation} ${BATCH_VERSION} MUST support receiving JSON-RPC batches.` };
  }
  if (rules.outcome === 'as-spec')
    return { ...rules, explanation: `${rules.explanation} (${version} has no batches; handling one by JSON-RPC 2.0 is allowed too.)` };
  // Outside 2025-03-26 the §6 sentences do not bind MCP: what a half-processed batch costs is the preset's (info).
  delete rules.rule;
  const first = answers[0];
  if (first === undefined)
    return { outcome: 'as-spec', explanation: `No reply: ${version} has no batches (only ${BATCH_VERSION} does), so ignoring one is allowed.` };
  if (!Array.isArray(first) && errorCode(first) !== null)
    return {
      outcome: 'as-spec',
      explanation: `Rejected with error ${errorCode(first)}: ${version} has no batches (only ${BATCH_VERSION} does), so a rejection is correct.`,
    };
  return {
    outcome: 'deviates',
    explanation: `${version} has no batches, so the server could have rejected this one, but it processed it half-way: ${rules.explanation}`,
  };
}

function gradeEmpty(answers: readonly unknown[]): FaultVerdict {
  const first = answers[0];
  if (first === undefined) return { outcome: 'no-reply', explanation: 'Nothing came back; JSON-RPC 2.0 says an empty batch gets one -32600 response.' };
  if (!Array.isArray(first) && errorCode(first) === -32600)
    return { outcome: 'as-spec', explanation: 'An empty batch got one -32600 response, as JSON-RPC 2.0 says.' };
  return {
    outcome: 'deviates',
    explanation: `An empty batch must get one -32600 response (not an array), but got ${Array.isArray(first) ? 'an array' : `error ${errorCode(first) ?? 'none'}`}.`,
    ...(Array.isArray(first) ? { rule: 'jsonrpc/empty-batch' } : {}),
  };
}

/** A batch POST answered with a bare error status: right for versions without batches, wrong for 2025-03-26. */
function gradeRefusedBatch(batch: readonly unknown[], version: string | null, refusal: HttpRefusal): FaultVerdict {
  if (batch.length === 0) return gradeRefusal({ kind: 'error', codes: [-32600] }, refusal);
  if (version === null) return gradeRefusal({ kind: 'batch' }, refusal);
  const what = `Refused with HTTP ${`${refusal.status} ${refusal.statusText ?? ''}`.trim()} and no responses`;
  if (version === BATCH_VERSION) return { outcome: 'deviates', explanation: `${what}; 2025-03-26 must process batches.` };
  return { outcome: 'as-spec', explanation: `${what}: ${version} has no batches (a POST holds one message), so a rejection is correct.` };
}
