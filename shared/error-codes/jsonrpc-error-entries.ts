// The five error codes JSON-RPC 2.0 predefines, with what they mean in MCP traffic and how SDKs bend them.
import type { WireErrorEntry } from './error-code-types.js';

const ERROR_OBJECT = { label: 'JSON-RPC 2.0 §5.1 Error object', url: 'https://www.jsonrpc.org/specification#error_object' };

/** Messages the SDKs produce when a schema rejects params: zod issue dumps and "Invalid …" prefixes. */
export const VALIDATION_MESSAGE =
  /invalid_type|invalid_value|invalid_union|unrecognized_keys|"path"|invalid (params|arguments|input|option)|validation error|expected .+ received/i;

export const JSONRPC_ERROR_ENTRIES: readonly WireErrorEntry[] = [
  {
    code: -32700,
    name: 'Parse error',
    meaning: 'The receiver could not parse the message as JSON. The reply carries id null because no id could be read.',
    causes: [
      'The text is not valid JSON: a missing quote or brace, a trailing comma, a truncated line.',
      'On stdio, one message was split over several lines (pretty-printed JSON), so each line parsed alone.',
      'The bytes were not UTF-8.',
    ],
    check: [
      'Open the frame sent just before this reply: the lint finding on it shows where parsing failed.',
      'On stdio, every message must be a single line with no embedded newline.',
    ],
    origin: 'peer',
    versions: 'all',
    spec: ERROR_OBJECT,
    variants: [
      {
        when: { httpStatus: [400], message: /json-rpc message/i },
        note: 'SDK HTTP servers also answer -32700 for valid JSON that is not a JSON-RPC message; JSON-RPC says that case is -32600 Invalid Request.',
      },
    ],
  },
  {
    code: -32600,
    name: 'Invalid Request',
    meaning: 'The message is JSON but not a valid JSON-RPC request object.',
    causes: [
      '`jsonrpc` is missing or not "2.0", `method` is not a string, or `id` is not a string or integer.',
      'An empty batch `[]` was sent (the only correct reply to it is one -32600 error).',
      'SDK servers: a second `initialize` on a session that is already initialized.',
      'SDK HTTP servers: a batch of more than 100 messages.',
    ],
    check: [
      'Compare the request with the JSON-RPC envelope: {"jsonrpc":"2.0","id":<string|integer>,"method":"…","params":{…}}.',
      'If the message mentions initialization, start a new session instead of initializing twice.',
    ],
    origin: 'peer',
    versions: 'all',
    spec: ERROR_OBJECT,
    variants: [
      {
        when: { message: /already initialized|only one initiali[sz]ation/i },
        note: 'The server refuses a second initialize on the same session; restart the server (stdio) or open a new session (HTTP) to negotiate again.',
      },
      { when: { message: /batch must not exceed/i }, note: 'SDK HTTP servers cap batches at 100 messages.' },
    ],
  },
  {
    code: -32601,
    name: 'Method not found',
    meaning: 'The receiver does not implement the method, or does not offer it on this connection.',
    causes: [
      'A typo in the method name.',
      'A method from another protocol version: `server/discover` sent to a legacy server, `ping` or `logging/setLevel` sent to a 2026-07-28 server.',
      'The capability behind the method was not advertised, for example `prompts/list` to a server without `prompts`.',
      'SDK servers: a tool that requires task augmentation was called without `task`.',
    ],
    check: [
      'Compare the method with the negotiated protocol version and the capabilities in the initialize (or server/discover) result.',
      'A client probing for 2026-07-28 support with `server/discover` should fall back to `initialize` on this error.',
    ],
    origin: 'peer',
    versions: 'all',
    spec: ERROR_OBJECT,
    variants: [
      {
        when: { versions: ['2026-07-28'], httpStatus: [404] },
        note: 'In 2026-07-28 over HTTP, an unknown method is answered with HTTP 404 carrying -32601.',
      },
      {
        when: { message: /server\/discover/i },
        note: 'The server does not speak 2026-07-28; fall back to the initialize handshake.',
      },
    ],
  },
  {
    code: -32602,
    name: 'Invalid params',
    meaning: 'The method exists but its parameters are wrong.',
    causes: [
      'An unknown tool or prompt name.',
      'Arguments that fail the tool or prompt schema (before 2025-11-25).',
      'An invalid or expired pagination cursor, an unknown log level.',
      'In the initialize error: a protocol version the server cannot speak.',
      '2026-07-28: a resource that does not exist (this replaced -32002), or a request missing the required `_meta` keys.',
    ],
    check: [
      'Read `error.message` and `error.data`: servers usually name the offending field.',
      'Check the name against the latest tools/list or prompts/list result and the arguments against its inputSchema.',
    ],
    origin: 'peer',
    versions: 'all',
    spec: ERROR_OBJECT,
    variants: [
      {
        when: { versions: ['2026-07-28'] },
        note: 'In 2026-07-28, -32602 also means "resource not found" and "missing required _meta" (protocolVersion, clientCapabilities).',
      },
      {
        when: { versions: ['2025-11-25', '2026-07-28'], message: /validation|invalid arguments/i },
        note: 'Since 2025-11-25, a tool whose arguments fail validation should answer with a tools/call result carrying isError: true, so the model can read the error and retry; -32602 is for an unknown tool.',
      },
      {
        when: { local: true, message: /structured content|output schema/i },
        name: 'Invalid params (made locally by the SDK client)',
        meaning:
          "The client library rejected the server's tools/call result: structuredContent does not match the tool's outputSchema. Nothing with this code came from the server.",
        causes: ["The server's structuredContent disagrees with the outputSchema it published in tools/list."],
        check: ["Compare the result's structuredContent with the tool's outputSchema; the lint finding on the result frame names the failing path."],
        origin: 'local',
      },
    ],
  },
  {
    code: -32603,
    name: 'Internal error',
    meaning: 'The receiver hit an unexpected condition while handling the request. It is not meant for business failures.',
    causes: [
      'An exception in the method handler.',
      'SDK 1.x servers: params that fail the SDK’s own schema validation (an unknown log level, a wrong field type) come back as -32603 instead of -32602.',
    ],
    check: [
      "Look at the server's stderr around this time for a stack trace.",
      'If the message is a list of validation issues, the request params are at fault, not the server.',
    ],
    origin: 'peer',
    versions: 'all',
    spec: ERROR_OBJECT,
    variants: [
      {
        when: { message: VALIDATION_MESSAGE },
        causes: ['The request params failed schema validation inside an SDK 1.x server, which reports that as -32603; the spec wants -32602 Invalid params.'],
        check: ['Fix the params the message points at (its `path`); the server itself is working.'],
        note: 'This message reads like a schema-validation report: the params are wrong, and the server used -32603 where the spec says -32602.',
      },
    ],
  },
];
