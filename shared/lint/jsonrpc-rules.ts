// Lint rules from JSON-RPC 2.0 itself: envelopes, ids, request/response pairing and batches.
import type { RuleMeta } from './lint-types.js';
import { jsonRpcRef, mcpRef } from './spec-refs.js';

const REQUEST = jsonRpcRef('§4 Request object', 'request_object');
const RESPONSE = jsonRpcRef('§5 Response object', 'response_object');
const ERROR = jsonRpcRef('§5.1 Error object', 'error_object');
const BATCH = jsonRpcRef('§6 Batch', 'batch');
const MESSAGES = mcpRef('2025-11-25', 'Basic › Messages', '/basic#messages');
const MCP_REQUESTS = mcpRef('2025-11-25', 'Basic › Requests', '/basic#requests');

const FOLLOW_JSONRPC = { keyword: 'MUST', text: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } as const;
const VERSION_MEMBER = { keyword: 'MUST', text: 'jsonrpc: A String specifying the version of the JSON-RPC protocol. MUST be exactly "2.0".' } as const;
const MUST_REPLY = {
  keyword: 'MUST',
  text: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
} as const;

export const JSONRPC_RULES = {
  'jsonrpc/not-json': {
    severity: 'error',
    title: 'Message is not JSON',
    explanation:
      'Every JSON-RPC message is a JSON text. The receiver answers text it cannot parse with -32700 (or, over stdio, many servers drop it silently).',
    spec: MESSAGES,
    quote: FOLLOW_JSONRPC,
    fix: 'Send valid JSON; the finding names the position where parsing failed.',
  },
  'jsonrpc/not-object': {
    severity: 'error',
    title: 'Message is neither an object nor an array',
    explanation: 'A JSON-RPC message is an object (or an array of objects, a batch). A bare string, number, boolean or null is not a message.',
    spec: MESSAGES,
    quote: FOLLOW_JSONRPC,
    fix: 'Wrap the payload in a request, notification or response object.',
  },
  'jsonrpc/missing-version': {
    severity: 'error',
    title: 'Missing "jsonrpc" member',
    explanation: 'Every request, notification and response must carry "jsonrpc": "2.0"; without it the message is JSON-RPC 1.0 or not JSON-RPC at all.',
    spec: REQUEST,
    quote: VERSION_MEMBER,
    fix: 'Add "jsonrpc": "2.0".',
  },
  'jsonrpc/wrong-version': {
    severity: 'error',
    title: '"jsonrpc" is not exactly "2.0"',
    explanation: 'The member must be the string "2.0"; a number 2.0, "2" or "1.0" is rejected by strict peers (the MCP SDK drops such messages silently).',
    spec: REQUEST,
    quote: VERSION_MEMBER,
    fix: 'Set "jsonrpc" to the string "2.0".',
  },
  'jsonrpc/method-not-string': {
    severity: 'error',
    title: '"method" is not a string',
    explanation: 'The method name must be a string; anything else makes the message an invalid request (-32600).',
    spec: MESSAGES,
    quote: FOLLOW_JSONRPC,
    fix: 'Send the method name as a string.',
  },
  'jsonrpc/reserved-method': {
    severity: 'error',
    title: 'Method name starts with "rpc."',
    explanation: 'Method names beginning with "rpc." are reserved for rpc-internal methods and extensions and must not be used for anything else.',
    spec: REQUEST,
    quote: {
      keyword: 'MUST NOT',
      text: 'Method names that begin with the word rpc followed by a period character (U+002E or ASCII 46) are reserved for rpc-internal methods and extensions and MUST NOT be used for anything else.',
    },
    fix: 'Rename the method; MCP methods use "area/verb" names.',
  },
  'jsonrpc/params-not-structured': {
    severity: 'error',
    title: '"params" is not an object or array',
    explanation:
      'When present, params must be a structured value: an object (by-name) or an array (by-position). A string, number, boolean or null is invalid.',
    spec: jsonRpcRef('§4.2 Parameter structures', 'parameter_structures'),
    quote: { keyword: 'MUST', text: 'If present, parameters for the rpc call MUST be provided as a Structured value.' },
    fix: 'Send params as an object, or leave the member out.',
  },
  'jsonrpc/invalid-id-type': {
    severity: 'error',
    title: 'Id is not a string, number or null',
    explanation: 'An id must be a string, a number or null; an object, array or boolean id cannot be echoed back reliably and makes the message invalid.',
    spec: REQUEST,
    quote: { keyword: 'MUST', text: 'id: An identifier established by the Client that MUST contain a String, Number, or NULL value if included.' },
    fix: 'Use a string or an integer id.',
  },
  'jsonrpc/null-id': {
    severity: 'error',
    title: 'Request with a null id',
    explanation: 'JSON-RPC only discourages null request ids (a response with id null also means "the id could not be read"); MCP forbids them outright.',
    spec: mcpRef('2025-11-25', 'Basic › Requests', '/basic#requests'),
    quote: { keyword: 'MUST NOT', text: 'Unlike base JSON-RPC, the ID MUST NOT be null.' },
    fix: 'Use a string or integer id, unique within the session.',
  },
  'jsonrpc/fractional-id': {
    severity: 'error',
    title: 'Numeric id with a fractional part',
    explanation:
      'JSON-RPC says numeric ids SHOULD NOT have fractional parts (peers may round or reformat them and then fail to match the response); MCP goes further and requires a string or an integer.',
    spec: MCP_REQUESTS,
    quote: { keyword: 'MUST', text: 'Requests MUST include a string or integer ID.' },
    fix: 'Use an integer or a string id.',
  },
  'jsonrpc/result-and-error': {
    severity: 'error',
    title: 'Response carries both "result" and "error"',
    explanation: 'A response must contain exactly one of "result" (success) or "error" (failure).',
    spec: RESPONSE,
    quote: { keyword: 'MUST NOT', text: 'Either the result member or error member MUST be included, but both members MUST NOT be included.' },
    fix: 'Send either the result or the error, not both.',
  },
  'jsonrpc/no-result-or-error': {
    severity: 'error',
    title: 'Message is neither a call nor a response',
    explanation: 'An object without "method" must be a response, and a response must contain "result" or "error". This one has neither.',
    spec: RESPONSE,
    quote: { keyword: 'MUST', text: 'Either the result member or error member MUST be included, but both members MUST NOT be included.' },
    fix: 'Add "method" (a request or notification) or "result"/"error" (a response).',
  },
  'jsonrpc/error-object-shape': {
    severity: 'error',
    title: 'Malformed error object',
    explanation: '"error" must be an object with an integer "code" and a string "message" ("data" is optional). Clients cannot classify anything else.',
    spec: mcpRef('2025-11-25', 'Basic › Responses › Error responses', '/basic#error-responses'),
    quote: { keyword: 'MUST', text: 'Error responses MUST include an error field with a code and message.' },
    fix: 'Send {"code": <integer>, "message": <string>, "data"?: <any>}.',
  },
  'jsonrpc/reserved-error-code': {
    severity: 'info',
    title: 'Error code from the reserved range that JSON-RPC does not define',
    explanation:
      'JSON-RPC reserves -32768…-32000. Outside the five predefined codes and the -32099…-32000 server-error range, these codes are reserved for future use: JSON-RPC puts no keyword on it, so this is a note, but a client cannot classify such a code and a business failure belongs outside the range.',
    spec: ERROR,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'The error codes from and including -32768 to -32000 are reserved for pre-defined errors. Any code within this range, but not defined explicitly below is reserved for future use.',
    },
    fix: 'Pick an application code outside -32768…-32000 (or, for a failing tool, return a result with isError: true).',
  },
  'jsonrpc/invalid-params-as-internal-error': {
    severity: 'warning',
    title: 'Invalid params reported as -32603 Internal error',
    explanation:
      'The error message is a parameter-validation report, so the fault is in the request: that is -32602 Invalid params. SDK 1.x servers return -32603 when params fail their own schema (an unknown log level, for one), which makes clients blame the server.',
    spec: mcpRef('2025-11-25', 'Server › Utilities › Logging › Error handling', '/server/utilities/logging#error-handling'),
    quote: { keyword: 'SHOULD', text: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Invalid log level: -32602 (Invalid params)' },
    fix: 'Answer parameter validation failures with -32602.',
  },
  'jsonrpc/response-to-notification': {
    severity: 'error',
    title: 'Response to a notification',
    explanation: 'Notifications get no response, not even an error. A response with no usable id right after a notification is almost always a reply to it.',
    spec: jsonRpcRef('§4.1 Notification', 'notification'),
    quote: { keyword: 'MUST NOT', text: 'The Server MUST NOT reply to a Notification, including those that are within a batch request.' },
    fix: 'Do not answer messages without an id.',
  },
  'jsonrpc/unmatched-response': {
    severity: 'error',
    title: 'Response id matches no request',
    explanation:
      'Every response answers a request the other side sent, echoing its id exactly (1 and "1" differ). This id was never sent, or the response has no id.',
    spec: RESPONSE,
    quote: { keyword: 'MUST', text: 'id: This member is REQUIRED. It MUST be the same as the value of the id member in the Request Object.' },
    fix: 'Echo the request id unchanged, with the same JSON type.',
  },
  'jsonrpc/duplicate-response': {
    severity: 'error',
    title: 'Second response to one request',
    explanation: 'Each request gets exactly one response. A second one is either a bug or a reply meant for a request that reused the id.',
    spec: RESPONSE,
    quote: MUST_REPLY,
    fix: 'Send one response per request.',
  },
  'jsonrpc/unanswered-request': {
    severity: 'error',
    title: 'Request never answered',
    explanation:
      'The session ended (or the server exited) with this request still waiting for a response. The peer may have crashed, dropped the message, or sent the reply somewhere else (stderr, a wrong id). The spec sets no deadline, so a session closed while a slow request was still running is reported too; the message says what ended it.',
    spec: RESPONSE,
    quote: MUST_REPLY,
    fix: 'Make sure every request is answered, with a result or an error.',
  },
  'jsonrpc/id-reused-in-flight': {
    severity: 'error',
    title: 'Request id reused while still pending',
    explanation: 'Two outstanding requests with the same id make the responses ambiguous: the receiver cannot tell which one a response answers.',
    spec: mcpRef('2026-07-28', 'Basic › Requests', '/basic#requests'),
    quote: {
      keyword: 'MUST NOT',
      text: 'The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for.',
    },
    fix: 'Allocate a fresh id for every request.',
  },
  'jsonrpc/empty-batch': {
    severity: 'error',
    title: 'Empty batch, or an array reply to one',
    explanation: 'An empty array is not a valid batch; the receiver must answer it with a single -32600 error object (not an array).',
    spec: BATCH,
    quote: {
      keyword: 'MUST',
      text: 'If the batch rpc call itself fails to be recognized as an valid JSON or as an Array with at least one value, the response from the Server MUST be a single Response object.',
    },
    fix: 'Send at least one message in a batch; answer an empty one with one Invalid Request error.',
  },
  'jsonrpc/notification-batch-answered': {
    severity: 'error',
    title: 'Reply to a batch of only notifications',
    explanation: 'When a batch holds only notifications, the receiver must send nothing back at all: no empty array and no responses.',
    spec: BATCH,
    quote: {
      keyword: 'MUST NOT',
      text: 'If there are no Response objects contained within the Response array as it is to be sent to the client, the server MUST NOT return an empty Array and should return nothing at all.',
    },
    fix: 'Send nothing in reply to an all-notification batch.',
  },
  'jsonrpc/batch-missing-response': {
    severity: 'warning',
    title: 'Batch reply lacks responses',
    explanation: 'The reply to a batch should hold one response for every request in it (in any order, matched by id).',
    spec: BATCH,
    quote: {
      keyword: 'SHOULD',
      text: 'A Response object SHOULD exist for each Request object, except that there SHOULD NOT be any Response objects for notifications.',
    },
    fix: 'Answer every request of the batch in the same reply array.',
  },
  'jsonrpc/batch-extra-response': {
    severity: 'info',
    title: 'Batch reply holds responses the batch did not ask for',
    explanation:
      'A batch reply contains responses to the batch’s requests, plus one -32600 error for each invalid element; JSON-RPC says so in a lowercase “should”, so this is a note. A response with an id nobody sent is also reported as unmatched.',
    spec: BATCH,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed. (A lowercase “should”: plain English under RFC 8174, so guidance.)',
    },
    fix: 'Only answer the requests that were in the batch.',
  },
  'jsonrpc/batch-reply-not-array': {
    severity: 'info',
    title: 'Batch answered with separate messages',
    explanation:
      'Responses to a batch come back together in one array. JSON-RPC says so in a lowercase “should”, so this is a note, but a single response to a batched request breaks clients that wait for the array.',
    spec: BATCH,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed. (A lowercase “should”: plain English under RFC 8174, so guidance.)',
    },
    fix: 'Collect the responses of a batch and send them as one array.',
  },
} as const satisfies Record<string, RuleMeta>;
