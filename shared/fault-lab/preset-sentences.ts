// The sentence each fault preset's expectation rests on, with its keyword: the one source of what a deviation costs,
// so the lab, `call --fault` and check's robustness results grade a reply alike, and, where a lint rule judges the same
// reply (a foreign Origin served, a reply to a notification), by that rule's own quote, so lint agrees too.
import { severityFor, type Keyword, type Severity } from '../lint/lint-types.js';
import { ruleMeta } from '../lint/rules.js';
import type { FaultVerdict } from './fault-types.js';

export interface PresetSentence {
  /** The RFC 2119 keyword that sets the severity; null: an example, a table or nothing at all (info). */
  keyword: Keyword | null;
  text: string;
  source: string;
  /** The lint rule that judges the same reply, when one does: its quote is this sentence. */
  rule?: string;
}

const JSONRPC = 'JSON-RPC 2.0';
const TRANSPORTS = 'MCP 2025-11-25, Basic › Transports';
/** A rule's own sentence, so the preset cannot drift from what lint says about the same reply. */
function ofRule(rule: string): PresetSentence {
  const meta = ruleMeta(rule);
  if (!meta) throw new Error(`no lint rule ${rule}`);
  const where = meta.spec.source === 'MCP' ? `MCP ${meta.spec.version}, ${meta.spec.section}` : `${meta.spec.source} ${meta.spec.section}`;
  return { keyword: meta.quote.keyword, text: meta.quote.text, source: where, rule };
}

const PARSE_ERROR: PresetSentence = {
  keyword: null,
  text: 'JSON-RPC answers "rpc call with invalid JSON" with {"code": -32700, "message": "Parse error"} and id null, as an example in its error table, without a keyword (and MCP\'s SDK servers drop such lines on stdio).',
  source: `${JSONRPC} §5.1 Error object, §7 Examples`,
};
const INVALID_REQUEST: PresetSentence = {
  keyword: null,
  text: 'JSON-RPC answers "rpc call with invalid Request object" with {"code": -32600, "message": "Invalid Request"}, as an example in its error table, without a keyword.',
  source: `${JSONRPC} §5.1 Error object, §7 Examples`,
};
// Silence on a well-formed request is lint's jsonrpc/unanswered-request (a MUST), which the grading names itself (the
// verdict's rule); what these sentences weigh is the rest: which code, or a result where an error was expected.
const METHOD_NOT_FOUND: PresetSentence = {
  keyword: null,
  text: 'JSON-RPC names -32601 Method not found ("The method does not exist / is not available.") in its error table, without a keyword; no answer at all would break its MUST: "When a rpc call is made, the Server MUST reply with a Response".',
  source: `${JSONRPC} §5, §5.1 Error object`,
};
const ANSWER_OWED: PresetSentence = {
  keyword: null,
  text: "When a rpc call is made, the Server MUST reply with a Response (silence is that MUST, lint's jsonrpc/unanswered-request); the spec is silent on which answer, a result or an error.",
  source: `${JSONRPC} §5 Response object`,
};
const MCP_ID_RULE: PresetSentence = {
  keyword: null,
  text: 'MCP forbids the client this id ("the ID MUST NOT be null", "Requests MUST include a string or integer ID") and is silent on what a server owes such a request: an answer or a refusal.',
  source: 'MCP 2025-11-25, Basic › Requests',
};
const NO_BATCHES: PresetSentence = {
  keyword: null,
  text: 'JSON-RPC 2.0 §6 on batches binds MCP only at 2025-03-26, which MUST receive them; other versions have no batches, and the spec is silent on how a server refuses one.',
  source: `${JSONRPC} §6 Batch; MCP 2025-03-26 transports`,
};
const SILENT = (text: string): PresetSentence => ({ keyword: null, text, source: TRANSPORTS });

export const PRESET_SENTENCES: Readonly<Record<string, PresetSentence>> = {
  'invalid-json': PARSE_ERROR,
  'truncated-json': PARSE_ERROR,
  'embedded-newline': PARSE_ERROR,
  crlf: {
    ...ANSWER_OWED,
    text: `${ANSWER_OWED.text} (A trailing \\r is JSON whitespace, RFC 8259 §2: the line is a valid ping.)`,
    source: `${JSONRPC} §5; RFC 8259 §2`,
  },
  'invalid-utf8': {
    keyword: null,
    text: 'JSON-RPC messages MUST be UTF-8 encoded: a MUST on the sender; the spec is silent on what a receiver does with other bytes.',
    source: 'MCP 2025-11-25, Basic › Transports',
  },
  bom: {
    keyword: 'MAY',
    text: 'Implementations MUST NOT add a byte order mark … implementations that parse JSON texts MAY ignore the presence of a byte order mark rather than treating it as an error.',
    source: 'RFC 8259 §8.1',
  },
  oversized: SILENT('The spec sets no size limit for a message: an answer or a refusal are both allowed (a crash is a dead server, graded as such).'),
  'wrong-jsonrpc': INVALID_REQUEST,
  'missing-jsonrpc': INVALID_REQUEST,
  'missing-method': INVALID_REQUEST,
  'method-number': INVALID_REQUEST,
  'params-string': INVALID_REQUEST,
  'null-id': MCP_ID_RULE,
  'fractional-id': MCP_ID_RULE,
  'notification-with-id': METHOD_NOT_FOUND,
  'before-initialize': {
    keyword: null,
    text: 'The client SHOULD NOT send requests other than pings before the server has responded to initialize: a client fault, and the spec is silent on what the server owes (an answer or an error).',
    source: 'MCP 2025-11-25, Basic › Lifecycle',
  },
  'second-initialize': ANSWER_OWED,
  'duplicate-id': {
    keyword: null,
    text: 'The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for: a MUST on the client; the spec is silent on what the server owes the second request.',
    source: 'MCP 2025-11-25, Basic › Requests',
  },
  'unknown-method': METHOD_NOT_FOUND,
  'rpc-method': METHOD_NOT_FOUND,
  'unsolicited-response': {
    keyword: null,
    text: 'JSON-RPC owes replies to requests only, and is silent on a response that answers nothing.',
    source: `${JSONRPC} §5`,
  },
  'cancel-unknown': ofRule('jsonrpc/response-to-notification'),
  'batch-empty': NO_BATCHES,
  'batch-notifications': NO_BATCHES,
  'batch-one-invalid': NO_BATCHES,
  'batch-initialize': NO_BATCHES,
  'http-accept-missing': SILENT(
    "MCP requires the client's Accept header and says nothing of the server's answer without one (RFC 9110: 406, or disregard it).",
  ),
  'http-accept-wrong': SILENT(
    "MCP requires the client to accept JSON and SSE and says nothing of the server's answer otherwise (RFC 9110: 406, or disregard it).",
  ),
  'http-content-type-wrong': SILENT('MCP names no Content-Type for the POST body and no answer to a wrong one (RFC 9110: 415).'),
  'http-session-missing': ofRule('http/session-missing-status'),
  'http-session-wrong': SILENT(
    'The session ID MUST only contain visible ASCII characters: a MUST on the server that issues it; the spec is silent on the answer to a malformed one (400, or 404 as for any unknown id).',
  ),
  'http-session-unknown': ofRule('http/unissued-session-status'),
  'http-protocol-version-wrong': {
    keyword: 'MUST',
    text: 'If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request.',
    source: 'MCP 2025-06-18 and later, Basic › Transports › Protocol version header',
  },
  'http-origin-foreign': ofRule('http/foreign-origin-accepted'),
  'http-host-foreign': ofRule('http/foreign-host-accepted'),
  'http-get': {
    keyword: 'MUST',
    text: 'The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.',
    source: 'MCP 2025-11-25, Basic › Transports › Listening for messages from the server',
  },
  'http-put': SILENT('MCP names the methods its endpoint takes (POST, GET, DELETE) and is silent on others (RFC 9110: 405).'),
  'http-delete': {
    keyword: 'MAY',
    text: 'The server MAY respond to this request with HTTP 405 Method Not Allowed, indicating that the server does not allow clients to terminate sessions.',
    source: 'MCP 2025-11-25, Basic › Transports › Session management',
  },
};

/**
 * A server that exits on a frame answers nothing again: every request after it goes unanswered, a MUST of JSON-RPC,
 * so its death is an error wherever the preset's own sentence stood.
 */
const DIED_SENTENCE: PresetSentence = {
  keyword: 'MUST',
  text: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications. (A server that exits on a frame replies to nothing after it.)',
  source: `${JSONRPC} §5 Response object`,
};

/** A preset's sentence; one the table lacks (a preset added without one) is silent, and a unit test refuses that. */
function presetSentence(presetId: string): PresetSentence {
  return PRESET_SENTENCES[presetId] ?? { keyword: null, text: 'No sentence is recorded for this preset.', source: 'mcpscope' };
}

/** What a verdict costs, graded once for the lab, `call --fault` and check: the sentence it breaks and its severity. */
export interface PresetJudgement {
  /** null: nothing to report (as the spec says, or the spec is silent on this answer). */
  severity: Severity | null;
  sentence: PresetSentence;
}

/**
 * A deviation (or silence where an answer is owed) costs what the sentence it breaks says: the verdict's own rule when
 * the grading found a sharper one (a malformed error object, a reply to a notification, noise on stdout, a request
 * left unanswered), else the preset's. A dead server is its own verdict, made where the death is seen.
 */
export function judgeVerdict(presetId: string, verdict: FaultVerdict): PresetJudgement {
  if (verdict.outcome === 'died') return { severity: 'error', sentence: DIED_SENTENCE };
  const sentence = verdict.rule !== undefined && ruleMeta(verdict.rule) ? ofRule(verdict.rule) : presetSentence(presetId);
  const problem = verdict.local !== true && (verdict.outcome === 'deviates' || verdict.outcome === 'no-reply');
  return { severity: problem ? severityFor(sentence.keyword) : null, sentence };
}

/** "error (MUST)", "warning (SHOULD)", "info (no keyword)": what a verdict costs, in the words lint uses; '' for none. */
export function judgementLabel(j: PresetJudgement): string {
  return j.severity === null ? '' : `${j.severity} (${j.sentence.keyword ?? 'no keyword'})`;
}
