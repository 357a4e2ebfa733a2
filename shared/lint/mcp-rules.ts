// Lint rules from MCP: lifecycle, versions, capabilities, result shapes, progress and cancellation, error channels.
// Each quotes the sentence it enforces; its severity is that sentence's keyword (lint-types.ts, severityFor).
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const LIFECYCLE = mcpRef('2025-11-25', 'Basic › Lifecycle › Initialization', '/basic/lifecycle#initialization');
const OPERATION = mcpRef('2025-11-25', 'Basic › Lifecycle › Operation', '/basic/lifecycle#operation');
const REQUESTS = mcpRef('2025-11-25', 'Basic › Requests', '/basic#requests');
const PROGRESS = mcpRef('2025-11-25', 'Basic › Utilities › Progress › Behavior requirements', '/basic/utilities/progress#behavior-requirements');
const CANCEL = mcpRef('2025-11-25', 'Basic › Utilities › Cancellation › Behavior requirements', '/basic/utilities/cancellation#behavior-requirements');
const TOOL_RESULT = mcpRef('2025-11-25', 'Schema › CallToolResult.isError', '/schema#calltoolresult');
const MODERN_MESSAGES = mcpRef('2026-07-28', 'Basic › Messages', '/basic#messages');
const MODERN_CODES = mcpRef('2026-07-28', 'Basic › Error codes', '/basic#error-codes');

const BEFORE_INITIALIZED =
  'After successful initialization, the client MUST send an initialized notification to indicate it is ready to begin normal operations.';
const RESPECT_VERSION = { keyword: 'MUST', text: 'Both parties MUST: … Respect the negotiated protocol version' } as const;

export const MCP_RULES = {
  'mcp/request-before-initialize': {
    severity: 'error',
    title: 'Request before the initialize handshake',
    explanation: 'Up to 2025-11-25, initialize opens the session: before it, a client sends nothing but pings.',
    spec: LIFECYCLE,
    quote: { keyword: 'MUST', text: 'The initialization phase MUST be the first interaction between client and server.' },
    fix: 'Send initialize first and wait for its result.',
  },
  'mcp/request-during-initialize': {
    severity: 'warning',
    title: 'Request while initialize is unanswered',
    explanation: 'The client sent initialize and, before its result came, another request: the server may not know the negotiated version or capabilities yet.',
    spec: LIFECYCLE,
    quote: { keyword: 'SHOULD NOT', text: 'The client SHOULD NOT send requests other than pings before the server has responded to the initialize request.' },
    fix: 'Wait for the initialize result before sending anything but ping.',
  },
  'mcp/initialized-before-result': {
    severity: 'error',
    title: 'notifications/initialized before the initialize result',
    explanation:
      'notifications/initialized says the handshake succeeded and the client is ready; sent before the initialize result, it claims a success nobody has seen.',
    spec: LIFECYCLE,
    quote: { keyword: 'MUST', text: BEFORE_INITIALIZED },
    fix: 'Send notifications/initialized once the initialize result has arrived.',
  },
  'mcp/client-request-before-initialized': {
    severity: 'info',
    title: 'Client request before its own notifications/initialized',
    explanation:
      'The client had the initialize result but sent a request before notifications/initialized. Servers built on the SDKs answer it; a strict one may refuse until it hears the client is ready.',
    spec: LIFECYCLE,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on this: it asks the client to send notifications/initialized “to indicate it is ready to begin normal operations” but does not forbid a request before it.',
    },
    fix: 'Send notifications/initialized right after the initialize result, then the requests.',
  },
  'mcp/request-before-initialized': {
    severity: 'warning',
    title: 'Server request before notifications/initialized',
    explanation:
      'Until the client has sent notifications/initialized, a server sends only pings and log messages: the client may not be ready to answer anything else.',
    spec: LIFECYCLE,
    quote: { keyword: 'SHOULD NOT', text: 'The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification.' },
    fix: 'Wait for notifications/initialized before sending sampling, roots or elicitation requests.',
  },
  'mcp/initialize-twice': {
    severity: 'info',
    title: 'Second initialize in one session',
    explanation: 'Initialization happens once per session. SDK servers answer a second initialize with -32600; others silently renegotiate, which hides bugs.',
    spec: LIFECYCLE,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on this: it describes one initialization phase, the first interaction of a session, and says nothing of an initialize sent later.',
    },
    fix: 'Start a new session (restart the stdio server, or open a new HTTP session) to negotiate again.',
  },
  'mcp/initialize-cancelled': {
    severity: 'error',
    title: 'The initialize request was cancelled',
    explanation: 'A session whose handshake was cancelled is in an undefined state.',
    spec: CANCEL,
    quote: { keyword: 'MUST NOT', text: 'The initialize request MUST NOT be cancelled by clients' },
    fix: 'Let initialize finish (or fail); close the connection instead of cancelling it.',
  },
  'mcp/unknown-protocol-version': {
    severity: 'info',
    title: 'Protocol version mcpscope does not know',
    explanation: 'The negotiated or requested protocol version is not a published MCP revision, so version-dependent rules fall silent for it.',
    spec: mcpRef('2025-11-25', 'Basic › Lifecycle › Version negotiation', '/basic/lifecycle#version-negotiation'),
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on this: a server answers with a version it supports, and an unpublished one may be a draft or a newer revision; mcpscope pauses its version rules rather than guess.',
    },
    fix: 'Negotiate a published version (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28).',
  },
  'mcp/method-not-in-version': {
    severity: 'error',
    title: 'Method not defined for this version or direction',
    explanation:
      'Each protocol version defines which methods exist and who may send them: ping and initialize are gone in 2026-07-28, elicitation/create arrived in 2025-06-18, sampling/createMessage is sent by servers only, and so on.',
    spec: OPERATION,
    quote: RESPECT_VERSION,
    fix: 'Use the methods of the negotiated version, in the right direction and as a request or notification as defined.',
  },
  'mcp/unknown-method': {
    severity: 'info',
    title: 'Method not defined by any MCP version',
    explanation:
      'The method is not part of MCP. That is fine for an experimental or extension method both sides agreed on; otherwise it is a typo and will get -32601.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on methods it does not define; JSON-RPC answers one the receiver does not implement with -32601 (Method not found).',
    },
    fix: 'Check the spelling; prefix private methods so they cannot clash with future MCP methods.',
  },
  'mcp/unknown-method-in-mcp-namespace': {
    severity: 'info',
    title: 'Unknown method under an MCP prefix',
    explanation:
      'The method starts with a prefix MCP uses for its own methods (notifications/, tools/, resources/…), but no MCP version defines this name. It is usually a typo of a real method, which the peer rejects with -32601 or ignores; an extension named this way may clash with a future MCP method.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on this: it reserves _meta key prefixes, not method names, so a method under one of its prefixes is not forbidden, only likely a typo.',
    },
    fix: 'Use the exact MCP method name; give private methods a prefix of their own (for example acme/…).',
  },
  'mcp/field-not-in-version': {
    severity: 'info',
    title: 'Field or content type newer than the negotiated version',
    explanation:
      'A field introduced after the negotiated version (outputSchema and structuredContent arrived in 2025-06-18, audio content in 2025-03-26, icons in 2025-11-25…). Older schemas leave their objects open, and the official SDK servers send the newer fields whatever the version, so a peer on the negotiated version simply ignores them.',
    spec: mcpRef('2025-06-18', 'Changelog', '/changelog'),
    quote: {
      keyword: null,
      basis: 'version-drift',
      text: 'Each revision’s changelog lists the fields it adds; the schema of an older revision does not have them and leaves results open to extra members ([key: string]: unknown).',
    },
    fix: 'Nothing is required; to be exact, send only what the negotiated version defines, or negotiate a newer version.',
  },
  'mcp/missing-request-meta': {
    severity: 'error',
    title: '2026 request without protocol version or client capabilities in _meta',
    explanation:
      'In 2026-07-28 there is no handshake: every request carries _meta["io.modelcontextprotocol/protocolVersion"] and _meta["io.modelcontextprotocol/clientCapabilities"].',
    spec: mcpRef('2026-07-28', 'Basic › General fields › _meta', '/basic#_meta'),
    quote: {
      keyword: 'MUST',
      text: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params).',
    },
    fix: 'Add both keys to params._meta of every request.',
  },
  'mcp/missing-result-type': {
    severity: 'error',
    title: '2026 result without resultType',
    explanation:
      'In 2026-07-28 every result says what it is, "complete" or "input_required"; clients treat a missing one as "complete", which hides input requests.',
    spec: MODERN_MESSAGES,
    quote: { keyword: 'MUST', text: 'The result MUST include a resultType field to indicate the type of the result.' },
    fix: 'Add "resultType": "complete" to results.',
  },
  'mcp/params-not-object': {
    severity: 'error',
    title: 'Params sent as an array',
    explanation:
      'JSON-RPC allows positional (array) params, but every MCP version’s schema, the source of truth for its messages, gives every method named params: an object.',
    spec: OPERATION,
    quote: RESPECT_VERSION,
    fix: 'Send params as an object.',
  },
  'mcp/id-reused': {
    severity: 'error',
    title: 'Request id reused within the session',
    explanation:
      'Up to 2025-11-25 a request id is never reused by the same sender in a session, so late responses and cancellations cannot be misattributed. (2026-07-28 only forbids reusing an id still in flight.)',
    spec: REQUESTS,
    quote: { keyword: 'MUST NOT', text: 'The request ID MUST NOT have been previously used by the requestor within the same session.' },
    fix: 'Use a counter or UUIDs for ids and never restart it within a session.',
  },
  'mcp/capability-not-declared': {
    severity: 'error',
    title: 'Feature used without its capability',
    explanation:
      'Features are negotiated: a client calls tools/* only if the server declared tools, a server sends sampling/createMessage only if the client declared sampling, list_changed only if listChanged was declared, and so on.',
    spec: OPERATION,
    quote: { keyword: 'MUST', text: 'Both parties MUST: … Only use capabilities that were successfully negotiated' },
    fix: 'Declare the capability in initialize (or server/discover, or the 2026 request _meta), or do not use the feature.',
  },
  'mcp/declared-capability-unsupported': {
    severity: 'info',
    title: 'Declared capability answered "method not found"',
    explanation:
      'The server declared the capability this method belongs to, then answered the method with -32601, the code MCP gives a capability that is not supported. Either the declaration or the answer is wrong; clients trust the declaration and call on. No sentence with a keyword binds a server to serve what it declared, so this is information, not a breach. (A tools/call of a tool the server does not list is not this: see mcp/unknown-tool-method-not-found.)',
    spec: mcpRef('2025-11-25', 'Basic › Lifecycle › Capability negotiation', '/basic/lifecycle#capability-negotiation'),
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on a declared capability whose methods then fail: it says only that “Client and server capabilities establish which optional protocol features will be available during the session”, and the completion page lists “Method not found: -32601 (Capability not supported)” for a capability that is not there.',
    },
    fix: 'Implement the methods of every capability you declare (an empty list is a fine answer), or stop declaring it.',
  },
  'mcp/unknown-tool-method-not-found': {
    severity: 'info',
    title: 'Unknown tool answered -32601 instead of -32602',
    explanation:
      'The tool is not one the server has (its complete tools/list lacks it, or the error says so), and the call got -32601 (Method not found). tools/call exists; only the name is wrong, which the tools page files under protocol errors and shows as -32602 (Invalid params); the 2026-07-28 schema lists “Unknown tool name” under InvalidParamsError. Neither says it with a keyword, so this is information: a client that reads -32601 as “tools are not supported” gives up on every tool.',
    spec: mcpRef('2025-11-25', 'Server › Tools › Error handling', '/server/tools#error-handling'),
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools … Example protocol error: {"code": -32602, "message": "Unknown tool: invalid_tool_name"} (an example, without a keyword).',
    },
    fix: 'Answer a call of a tool you do not have with -32602 (Invalid params), "Unknown tool: <name>".',
  },
  'mcp/result-schema': {
    severity: 'error',
    title: 'Result does not match the method’s schema',
    explanation:
      'The result fails the schema of its method for the negotiated version (validated with the MCP SDK’s schemas; the schema is the spec’s source of truth for messages). Clients drop or reject such results: the official Inspector silently hides a tool without inputSchema.',
    spec: OPERATION,
    quote: RESPECT_VERSION,
    fix: 'Fix the fields the finding lists; every tool needs an inputSchema with "type": "object".',
  },
  'mcp/structured-content-schema': {
    severity: 'error',
    title: 'structuredContent does not satisfy the tool’s outputSchema',
    explanation: 'A tool that declares an outputSchema returns structuredContent that conforms to it; SDK clients reject the call otherwise.',
    spec: mcpRef('2025-11-25', 'Server › Tools › Output schema', '/server/tools#output-schema'),
    quote: { keyword: 'MUST', text: 'If an output schema is provided: … Servers MUST provide structured results that conform to this schema.' },
    fix: 'Return structuredContent matching outputSchema, or correct the schema.',
  },
  'mcp/tool-failure-channel': {
    severity: 'warning',
    title: 'Tool failure sent as a JSON-RPC error',
    explanation:
      'A tool that runs and fails answers with a result carrying isError: true, so the model can see the error and correct itself; JSON-RPC errors are for an unknown tool and malformed requests. Since 2025-11-25, argument validation failures are isError results too (-32602 stays right for them up to 2025-06-18). A listed tool whose arguments its schema does not refuse, failing with -32603, is a business failure sent with a protocol error code too.',
    spec: TOOL_RESULT,
    quote: {
      keyword: 'SHOULD',
      text: 'Any errors that originate from the tool SHOULD be reported inside the result object, with isError set to true, not as an MCP protocol-level error response.',
    },
    fix: 'Return {content: [{type: "text", text: <what went wrong>}], isError: true} for execution failures; -32602 for an unknown tool.',
  },
  'mcp/unknown-tool-as-result': {
    severity: 'info',
    title: 'Unknown tool answered with an isError result',
    explanation:
      'The tool is not in the server’s tools/list, yet the call got an isError result instead of a protocol error (-32602, Unknown tool). The model sees the text, but a client cannot tell a missing tool from one that failed.',
    spec: TOOL_RESULT,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'However, any errors in finding the tool, an error indicating that the server does not support tool calls, or any other exceptional conditions, should be reported as an MCP error response. (A lowercase “should”: guidance.)',
    },
    fix: 'Answer a call of an unknown tool with error -32602.',
  },
  'mcp/progress-unknown-token': {
    severity: 'error',
    title: 'Progress for a token no request carried',
    explanation: 'A progress notification refers to a progressToken from the _meta of a request still being worked on.',
    spec: PROGRESS,
    quote: {
      keyword: 'MUST',
      text: 'Progress notifications MUST only reference tokens that: Were provided in an active request; Are associated with an in-progress operation',
    },
    fix: 'Echo the progressToken of the request being worked on; send progress only when the request asked for it.',
  },
  'mcp/progress-after-response': {
    severity: 'error',
    title: 'Progress after the request completed',
    explanation:
      'Progress stops once the operation has completed: the requester has already forgotten the token. (A task-augmented request keeps its token until the task ends.)',
    spec: mcpRef('2025-11-25', 'Basic › Utilities › Progress › Implementation notes', '/basic/utilities/progress#implementation-notes'),
    quote: { keyword: 'MUST', text: 'Progress notifications MUST stop after completion' },
    fix: 'Stop sending progress before sending the response.',
  },
  'mcp/progress-not-increasing': {
    severity: 'error',
    title: 'Progress value did not increase',
    explanation: 'Each progress notification for a token carries a larger progress value than the one before.',
    spec: mcpRef('2025-11-25', 'Basic › Utilities › Progress › Progress flow', '/basic/utilities/progress#progress-flow'),
    quote: { keyword: 'MUST', text: 'The progress value MUST increase with each notification, even if the total is unknown.' },
    fix: 'Send a strictly increasing progress value.',
  },
  'mcp/message-after-cancel': {
    severity: 'warning',
    title: 'Response or progress after cancellation',
    explanation:
      'After notifications/cancelled, the receiver stops work and does not respond; one message already in flight is a race, a later one means the cancellation was ignored.',
    spec: CANCEL,
    quote: {
      keyword: 'SHOULD',
      text: 'Receivers of cancellation notifications SHOULD: Stop processing the cancelled request; Free associated resources; Not send a response for the cancelled request',
    },
    fix: 'Stop processing a cancelled request, and suppress its response and progress.',
  },
  'mcp/error-code-not-in-version': {
    severity: 'error',
    title: 'Error code the negotiated version retired',
    explanation:
      '2026-07-28 keeps -32002 (resource not found, now -32602) and -32042 (URL elicitation required, now an input_required result) reserved and forbids sending them.',
    spec: MODERN_CODES,
    quote: { keyword: 'MUST NOT', text: 'Implementations of this protocol version MUST NOT emit these codes: -32002 … -32042' },
    fix: 'Use the code the negotiated version defines for the condition.',
  },
  'mcp/error-code-unallocated': {
    severity: 'error',
    title: 'Unallocated code from the range 2026-07-28 reserves',
    explanation:
      '2026-07-28 reserves -32099…-32020 for codes the spec allocates (only -32020, -32021 and -32022 so far); implementation-defined codes go in -32019…-32000 or outside the JSON-RPC range.',
    spec: MODERN_CODES,
    quote: { keyword: 'MUST NOT', text: 'Implementations MUST NOT emit any code from this sub-range that is not defined by this specification' },
    fix: 'Use an allocated code, or one of your own outside -32099…-32020.',
  },
  'mcp/error-code-from-other-version': {
    severity: 'info',
    title: 'Error code another protocol version defines',
    explanation:
      'The code means something in another MCP version (-32042 in 2025-11-25, -32020…-32022 from 2026-07-28), but in the negotiated version it lies in JSON-RPC’s implementation-defined range: allowed, but a client on this version cannot rely on that meaning.',
    spec: MODERN_CODES,
    quote: {
      keyword: null,
      basis: 'version-drift',
      text: 'JSON-RPC leaves -32099…-32000 to implementations; MCP gave some of these codes a meaning in later revisions.',
    },
    fix: 'Use the code the negotiated version defines, or describe the error in its message and data.',
  },
  'mcp/batch-not-in-version': {
    severity: 'error',
    title: 'JSON-RPC batch outside 2025-03-26',
    explanation:
      'MCP allowed batches only in 2025-03-26; 2024-11-05 never had them and 2025-06-18 removed them (its schema has no batch message on any transport). The SDK’s stdio server drops batches silently.',
    spec: mcpRef('2025-06-18', 'Basic › Transports › Sending messages to the server', '/basic/transports#sending-messages-to-the-server'),
    quote: { keyword: 'MUST', text: 'The body of the POST request MUST be a single JSON-RPC request, notification, or response.' },
    fix: 'Send the messages one by one.',
  },
  'mcp/initialize-in-batch': {
    severity: 'error',
    title: 'initialize inside a batch',
    explanation: 'Even in 2025-03-26, where batches are allowed, the initialize request is sent on its own.',
    spec: mcpRef('2025-03-26', 'Basic › Lifecycle › Initialization', '/basic/lifecycle#initialization'),
    quote: {
      keyword: 'MUST NOT',
      text: 'The initialize request MUST NOT be part of a JSON-RPC batch, as other requests and notifications are not possible until initialization has completed.',
    },
    fix: 'Send initialize on its own and wait for the result.',
  },
} as const satisfies Record<string, RuleMeta>;
