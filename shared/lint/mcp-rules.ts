// Lint rules from MCP: lifecycle, versions, capabilities, result shapes, progress and cancellation, error channels.
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const LIFECYCLE = mcpRef('2025-11-25', 'Basic › Lifecycle › Initialization', '/basic/lifecycle#initialization');
const CAPABILITIES = mcpRef('2025-11-25', 'Basic › Lifecycle › Capability negotiation', '/basic/lifecycle#capability-negotiation');
const REQUESTS = mcpRef('2025-11-25', 'Basic › Requests', '/basic#requests');
const PROGRESS = mcpRef('2025-11-25', 'Basic › Utilities › Progress', '/basic/utilities/progress');
const CANCEL = mcpRef('2025-11-25', 'Basic › Utilities › Cancellation', '/basic/utilities/cancellation');
const TOOLS_ERRORS = mcpRef('2025-11-25', 'Server › Tools › Error handling', '/server/tools#error-handling');
const MODERN = mcpRef('2026-07-28', 'Changelog (stateless protocol)', '/changelog');

export const MCP_RULES = {
  'mcp/request-before-initialize': {
    severity: 'error',
    title: 'Request before the initialize handshake',
    explanation: 'Up to 2025-11-25, the first request must be initialize; until the server has answered it, the client should send nothing but pings.',
    spec: LIFECYCLE,
    fix: 'Send initialize first and wait for its result.',
  },
  'mcp/request-before-initialized': {
    severity: 'warning',
    title: 'Request before notifications/initialized',
    explanation: 'After the initialize result, the client sends notifications/initialized before normal requests; the server should send only pings and log messages until it has received it.',
    spec: LIFECYCLE,
    fix: 'Send notifications/initialized right after the initialize result; servers wait for it before sending requests.',
  },
  'mcp/initialize-twice': {
    severity: 'error',
    title: 'Second initialize in one session',
    explanation: 'Initialization happens once per session. SDK servers answer a second initialize with -32600; others silently renegotiate, which hides bugs.',
    spec: LIFECYCLE,
    fix: 'Start a new session (restart the stdio server) to negotiate again.',
  },
  'mcp/initialize-cancelled': {
    severity: 'error',
    title: 'The initialize request was cancelled',
    explanation: 'Clients must not cancel initialize; a session whose handshake was cancelled is in an undefined state.',
    spec: CANCEL,
    fix: 'Let initialize finish (or fail); close the connection instead of cancelling it.',
  },
  'mcp/unknown-protocol-version': {
    severity: 'warning',
    title: 'Protocol version mcpscope does not know',
    explanation: 'The negotiated or requested protocol version is not a published MCP revision, so version-dependent rules fall silent for it.',
    spec: mcpRef('2025-11-25', 'Basic › Lifecycle › Version negotiation', '/basic/lifecycle#version-negotiation'),
    fix: 'Negotiate a published version (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28).',
  },
  'mcp/method-not-in-version': {
    severity: 'error',
    title: 'Method not defined for this version or direction',
    explanation: 'Each protocol version defines which methods exist and who may send them: ping and initialize are gone in 2026-07-28, elicitation/create arrived in 2025-06-18, sampling/createMessage is sent by servers only, and so on.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    fix: 'Use the methods of the negotiated version, in the right direction and as a request or notification as defined.',
  },
  'mcp/unknown-method': {
    severity: 'info',
    title: 'Method not defined by any MCP version',
    explanation: 'The method is not part of MCP. That is fine for an experimental or extension method both sides agreed on; otherwise it is a typo and will get -32601.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    fix: 'Check the spelling; prefix private methods so they cannot clash with future MCP methods.',
  },
  'mcp/unknown-method-in-mcp-namespace': {
    severity: 'warning',
    title: 'Unknown method under an MCP prefix',
    explanation: 'The method starts with a prefix MCP uses for its own methods (notifications/, tools/, resources/…), but no MCP version defines this name. It is usually a typo of a real method, which the peer rejects with -32601 or ignores; an extension named this way may clash with a future MCP method.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    fix: 'Use the exact MCP method name; give private methods a prefix of their own (for example acme/…).',
  },
  'mcp/field-not-in-version': {
    severity: 'warning',
    title: 'Field or content type newer than the negotiated version',
    explanation: 'A peer that negotiated an older version may ignore or reject fields introduced later (outputSchema and structuredContent arrived in 2025-06-18, audio content in 2025-03-26, icons in 2025-11-25…).',
    spec: mcpRef('2025-06-18', 'Changelog', '/changelog'),
    fix: 'Only send what the negotiated version defines, or negotiate a newer version.',
  },
  'mcp/missing-request-meta': {
    severity: 'error',
    title: '2026 request without protocol version or client capabilities in _meta',
    explanation: 'In 2026-07-28 there is no handshake: every request carries _meta["io.modelcontextprotocol/protocolVersion"] and _meta["io.modelcontextprotocol/clientCapabilities"]. Servers answer -32602 without them.',
    spec: MODERN,
    fix: 'Add both keys to params._meta of every request.',
  },
  'mcp/missing-result-type': {
    severity: 'warning',
    title: '2026 result without resultType',
    explanation: 'In 2026-07-28, servers must include resultType ("complete" or "input_required") in every result; clients treat a missing one as "complete", which hides input requests.',
    spec: MODERN,
    fix: 'Add "resultType": "complete" to results.',
  },
  'mcp/params-not-object': {
    severity: 'error',
    title: 'Params sent as an array',
    explanation: 'JSON-RPC allows positional (array) params, but every MCP method takes named params: an object.',
    spec: REQUESTS,
    fix: 'Send params as an object.',
  },
  'mcp/id-reused': {
    severity: 'warning',
    title: 'Request id reused within the session',
    explanation: 'MCP requires that a request id was not used before by the same sender in the session, so late responses and cancellations cannot be misattributed.',
    spec: REQUESTS,
    fix: 'Use a counter or UUIDs for ids and never restart it within a session.',
  },
  'mcp/capability-not-declared': {
    severity: 'warning',
    title: 'Feature used without its capability',
    explanation: 'Features are negotiated: a client calls tools/* only if the server declared tools, a server sends sampling/createMessage only if the client declared sampling, list_changed only if listChanged was declared, and so on.',
    spec: CAPABILITIES,
    fix: 'Declare the capability in initialize (or server/discover, or the 2026 request _meta), or do not use the feature.',
  },
  'mcp/result-schema': {
    severity: 'error',
    title: 'Result does not match the method’s schema',
    explanation: 'The result fails the schema of its method for the negotiated version (validated with the MCP SDK’s schemas). Clients drop or reject such results: the official Inspector silently hides a tool without inputSchema.',
    spec: mcpRef('2025-11-25', 'Schema reference', '/schema'),
    fix: 'Fix the fields the finding lists; every tool needs an inputSchema with "type": "object".',
  },
  'mcp/structured-content-schema': {
    severity: 'error',
    title: 'structuredContent does not satisfy the tool’s outputSchema',
    explanation: 'A tool that declares an outputSchema must return structuredContent that conforms to it; SDK clients reject the call otherwise.',
    spec: mcpRef('2025-11-25', 'Server › Tools › Output schema', '/server/tools#output-schema'),
    fix: 'Return structuredContent matching outputSchema, or correct the schema.',
  },
  'mcp/tool-failure-channel': {
    severity: 'warning',
    title: 'Tool failure reported on the wrong channel',
    explanation: 'A tool that runs and fails answers with a result carrying isError: true, so the model can see the error; JSON-RPC errors are for an unknown tool or malformed requests. Since 2025-11-25, argument validation failures are isError results too.',
    spec: TOOLS_ERRORS,
    fix: 'Return {content: [{type: "text", text: <what went wrong>}], isError: true} for execution failures; -32602 for an unknown tool.',
  },
  'mcp/progress-unknown-token': {
    severity: 'warning',
    title: 'Progress for a token no request carried',
    explanation: 'Progress notifications must reference a progressToken from an active request’s _meta.',
    spec: PROGRESS,
    fix: 'Echo the progressToken of the request being worked on; send progress only when the request asked for it.',
  },
  'mcp/progress-after-response': {
    severity: 'warning',
    title: 'Progress after the request completed',
    explanation: 'Progress notifications must stop once the operation has completed: the client has already forgotten the token.',
    spec: PROGRESS,
    fix: 'Stop sending progress before sending the response.',
  },
  'mcp/progress-not-increasing': {
    severity: 'warning',
    title: 'Progress value did not increase',
    explanation: 'The progress value must increase with each notification, even when the total is unknown.',
    spec: PROGRESS,
    fix: 'Send a strictly increasing progress value.',
  },
  'mcp/message-after-cancel': {
    severity: 'warning',
    title: 'Response or progress after cancellation',
    explanation: 'After notifications/cancelled, the receiver should stop work and not respond; one message already in flight is a race, a later one means the cancellation was ignored.',
    spec: CANCEL,
    fix: 'Stop processing a cancelled request, and suppress its response and progress.',
  },
  'mcp/error-code-not-in-version': {
    severity: 'warning',
    title: 'Error code not defined in the negotiated version',
    explanation: 'Some MCP error codes belong to particular versions: -32002 is gone in 2026-07-28 (use -32602), -32042 exists only in 2025-11-25, -32020…-32022 only from 2026-07-28, and 2026 reserves -32099…-32020 for codes the spec allocates.',
    spec: mcpRef('2026-07-28', 'Schema reference › Errors', '/schema'),
    fix: 'Use the code the negotiated version defines for the condition.',
  },
  'mcp/batch-not-in-version': {
    severity: 'error',
    title: 'JSON-RPC batch outside 2025-03-26',
    explanation: 'MCP allowed batches only in 2025-03-26; 2024-11-05 never had them and 2025-06-18 removed them. The SDK’s stdio server drops batches silently.',
    spec: mcpRef('2025-06-18', 'Changelog', '/changelog'),
    fix: 'Send the messages one by one.',
  },
  'mcp/initialize-in-batch': {
    severity: 'error',
    title: 'initialize inside a batch',
    explanation: 'Even in 2025-03-26, where batches are allowed, the initialize request must not be part of one.',
    spec: LIFECYCLE,
    fix: 'Send initialize on its own and wait for the result.',
  },
} as const satisfies Record<string, RuleMeta>;
