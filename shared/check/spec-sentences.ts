// The sentences the checks rest on, quoted from the MCP specification (2025-11-25 unless named) and its schema, once.
import type { SpecSentence } from './check-types.js';

const PAGE = (path: string) => `modelcontextprotocol.io/specification/2025-11-25${path}`;
const SCHEMA = 'schema.ts 2025-11-25 (a field without "?" is required)';
const MODERN = (path: string) => `modelcontextprotocol.io/specification/2026-07-28${path}`;

export const SENTENCES = {
  versionSame: {
    keyword: 'MUST',
    quote:
      'If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports.',
    source: PAGE('/basic/lifecycle#version-negotiation'),
  },
  versionLatest: {
    keyword: 'SHOULD',
    quote:
      'If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports. This SHOULD be the latest version supported by the server.',
    source: PAGE('/basic/lifecycle#version-negotiation'),
  },
  initializeResult: {
    keyword: 'REQUIRED',
    quote: 'InitializeResult { protocolVersion: string; capabilities: ServerCapabilities; serverInfo: Implementation }',
    source: SCHEMA,
  },
  ping: { keyword: 'MUST', quote: 'The receiver MUST respond promptly with an empty response', source: PAGE('/basic/utilities/ping') },
  capabilityHonesty: {
    keyword: 'silent',
    quote:
      'Capability negotiation … determines which protocol features will be available during the session. (The spec has no keyword for a declared feature whose methods fail; a client that trusts the declaration breaks.)',
    source: PAGE('/basic/lifecycle#capability-negotiation'),
  },
  listResult: {
    keyword: 'REQUIRED',
    quote: 'ListToolsResult { tools: Tool[] } (and resources, resourceTemplates, prompts alike); nextCursor?: string',
    source: SCHEMA,
  },
  pagination: {
    keyword: 'silent',
    quote:
      'nextCursor: An opaque token representing the pagination position after the last returned result. If present, there may be more results available. (A cursor that repeats makes an endless loop.)',
    source: PAGE('/server/utilities/pagination'),
  },
  inputSchema: {
    keyword: 'REQUIRED',
    quote:
      'inputSchema: { $schema?: string; type: "object"; properties?: …; required?: string[] } — a JSON Schema object defining the expected parameters for the tool',
    source: SCHEMA,
  },
  outputSchema: {
    keyword: 'MUST',
    quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
    source: PAGE('/server/tools#output-schema'),
  },
  toolResult: { keyword: 'REQUIRED', quote: 'CallToolResult { content: ContentBlock[]; structuredContent?: object; isError?: boolean }', source: SCHEMA },
  unknownTool: {
    keyword: 'silent',
    quote: 'Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools … (given as an example, without a keyword)',
    source: PAGE('/server/tools#error-handling'),
  },
  readResult: {
    keyword: 'REQUIRED',
    quote: 'ReadResourceResult { contents: (TextResourceContents | BlobResourceContents)[] }, each with its uri',
    source: SCHEMA,
  },
  subscribe: {
    keyword: 'REQUIRED',
    quote: 'subscribe?: boolean — Whether this server supports subscribing to resource updates. (resources/subscribe answers with an empty result)',
    source: SCHEMA,
  },
  promptResult: { keyword: 'REQUIRED', quote: 'GetPromptResult { description?: string; messages: PromptMessage[] }', source: SCHEMA },
  completion: {
    keyword: 'REQUIRED',
    quote: 'CompleteResult { completion: { values: string[] /* Must not exceed 100 items. */; total?: number; hasMore?: boolean } }',
    source: SCHEMA,
  },
  setLevel: { keyword: 'REQUIRED', quote: 'SetLevelRequest … the server answers with an empty result (EmptyResult)', source: SCHEMA },
  progress: {
    keyword: 'MUST',
    quote:
      'The progress value MUST increase with each notification, even if the total is unknown. … Progress notifications MUST only reference tokens that: Were provided in an active request; Are associated with an in-progress operation',
    source: PAGE('/basic/utilities/progress'),
  },
  cancellation: {
    keyword: 'SHOULD',
    quote:
      'Receivers of cancellation notifications SHOULD: Stop processing the cancelled request; Free associated resources; Not send a response for the cancelled request',
    source: PAGE('/basic/utilities/cancellation#behavior-requirements'),
  },
  resumption: {
    keyword: 'MUST NOT',
    quote:
      'The server MAY use this header to replay messages that would have been sent after the last event ID, on the stream that was disconnected, and to resume the stream from that point. The server MUST NOT replay messages that would have been delivered on a different stream.',
    source: PAGE('/basic/transports#resumability-and-redelivery'),
  },
  discover: {
    keyword: 'MUST',
    quote:
      'Servers MUST implement `server/discover`. … DiscoverResult { supportedVersions: string[]; capabilities: ServerCapabilities; _meta?: { "io.modelcontextprotocol/serverInfo"?: Implementation } }',
    source: 'schema 2026-07-28 (DiscoverRequest, DiscoverResult, as the MCP SDK v2 @modelcontextprotocol/core ships it)',
  },
  requestMeta: {
    keyword: 'MUST',
    quote:
      'Every request carries _meta["io.modelcontextprotocol/protocolVersion"] and _meta["io.modelcontextprotocol/clientCapabilities"]. A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params).',
    source: MODERN('/basic#_meta'),
  },
  resultType: { keyword: 'MUST', quote: 'The result MUST include a resultType field to indicate the type of the result.', source: MODERN('/basic#messages') },
  origin: {
    keyword: 'MUST',
    quote: 'If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    source: PAGE('/basic/transports#security-warning'),
  },
  host: {
    keyword: 'silent',
    quote:
      'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks. (The spec names only Origin and is silent on Host; the conformance suite’s dns-rebinding-protection expects a local server to refuse a foreign Host with a 4xx.)',
    source: PAGE('/basic/transports#security-warning'),
  },
  sessionDelete: {
    keyword: 'silent',
    quote:
      'Clients that no longer need a particular session SHOULD send an HTTP DELETE … The server MAY respond to this request with HTTP 405 Method Not Allowed',
    source: PAGE('/basic/transports#session-management'),
  },
  sessionAfterDelete: {
    keyword: 'MUST',
    quote: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
    source: PAGE('/basic/transports#session-management'),
  },
} satisfies Record<string, SpecSentence>;
