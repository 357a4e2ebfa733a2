// Error codes MCP and the TypeScript SDK give meaning to inside the JSON-RPC server-error range, per version.
import type { WireErrorEntry } from './error-code-types.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../mcp-versions.js';

const MCP = 'https://modelcontextprotocol.io/specification';

export const MCP_ERROR_ENTRIES: readonly WireErrorEntry[] = [
  {
    code: -32000,
    name: 'Server error -32000 (implementation-defined; SDK: ConnectionClosed)',
    meaning:
      'An implementation-defined server error. The MCP TypeScript SDK uses it twice: for a connection that closed under a pending request (made locally, never sent) and for transport-level rejections by its HTTP servers (sent).',
    causes: [
      'Local: the server process exited or the transport closed before the reply arrived.',
      'Sent by an SDK HTTP server: a missing Accept or Content-Type header, a missing session id, a second SSE stream, a rejected Host or Origin, a body too large.',
    ],
    check: ['Whether the error came from the server or from the client library; the HTTP status, when there is one, narrows it down.'],
    origin: 'either',
    versions: 'all',
    variants: [
      {
        when: { local: true },
        name: 'ConnectionClosed (SDK, made locally)',
        meaning: 'The client library gave up on the request because the connection closed before a reply arrived. The server never sent this error.',
        causes: ['The server process exited or crashed.', 'The transport was closed (stdin closed, HTTP stream dropped).'],
        check: ['The exit event and the last stderr lines of the server.', 'Whether the request made the server crash.'],
        origin: 'local',
      },
      {
        when: { local: true, message: /cancel/i },
        note: 'SDK 1.x also uses the ConnectionClosed code for a request the caller cancelled ("Request was cancelled").',
      },
      {
        when: { httpStatus: [406] },
        name: 'Not Acceptable (SDK HTTP server)',
        meaning: 'The POST did not accept both application/json and text/event-stream.',
        check: ['Send `Accept: application/json, text/event-stream` on every POST.'],
        origin: 'peer',
      },
      {
        when: { httpStatus: [415] },
        name: 'Unsupported Media Type (SDK HTTP server)',
        meaning: 'The POST body was not declared as application/json.',
        check: ['Send `Content-Type: application/json`.'],
        origin: 'peer',
      },
      {
        when: { httpStatus: [400] },
        name: 'Bad Request (SDK HTTP server)',
        meaning:
          'The server rejected the request before reading it as MCP: not initialized, no Mcp-Session-Id header, or an unsupported MCP-Protocol-Version header.',
        check: ['Initialize first, then send the Mcp-Session-Id and MCP-Protocol-Version headers the initialize exchange established.'],
        origin: 'peer',
        note: 'SDK servers answer an unknown session with 400 in some paths; the spec says 400 for a missing session id and 404 for an unknown one.',
      },
      {
        when: { httpStatus: [405] },
        name: 'Method Not Allowed (SDK HTTP server)',
        meaning: 'The server does not support this HTTP method on the endpoint (GET stream or DELETE not offered).',
        check: ['Use POST; GET and DELETE are optional for servers.'],
        origin: 'peer',
      },
      {
        when: { httpStatus: [409] },
        name: 'Conflict (SDK HTTP server)',
        meaning: 'Only one standalone SSE stream is allowed per session, and one is already open.',
        check: ['Close the other GET stream or reuse it.'],
        origin: 'peer',
      },
      {
        when: { httpStatus: [403] },
        name: 'Forbidden (SDK HTTP server)',
        meaning: 'DNS-rebinding protection rejected the Host or Origin header.',
        check: ["Connect through a host name the server allows, or adjust the server's allowed hosts and origins."],
        origin: 'peer',
      },
      {
        when: { httpStatus: [413] },
        name: 'Payload Too Large (SDK HTTP server)',
        meaning: 'The POST body exceeded the server’s size limit.',
        check: ['Send a smaller message.'],
        origin: 'peer',
      },
    ],
  },
  {
    code: -32001,
    name: 'Server error -32001 (implementation-defined; SDK: RequestTimeout or session not found)',
    meaning: 'Same number, two meanings in the TypeScript SDK: a request timeout the client made itself, or an HTTP server saying "session not found".',
    causes: ['Local: no reply within the timeout (SDK default 60 s).', 'Sent with HTTP 404 by an SDK HTTP server: the Mcp-Session-Id is unknown or expired.'],
    check: ['Whether the error came from the server (an error response in the log) or from the client library (no response at all).'],
    origin: 'either',
    versions: 'all',
    variants: [
      {
        when: { local: true },
        name: 'RequestTimeout (SDK, made locally)',
        meaning: 'The client stopped waiting: no reply arrived within the timeout. The server did not send this error and may still be working.',
        causes: [
          'A slow tool, or a server stuck and never replying.',
          'The reply was lost: wrong id, written to stderr, or a line over the framing cap.',
          'Progress notifications arrived but the client does not reset its timeout on progress.',
        ],
        check: [
          'Whether any response with this id appears later in the log.',
          "The server's stderr.",
          'A longer timeout, or resetting the timeout on progress.',
        ],
        origin: 'local',
      },
      {
        when: { local: false, httpStatus: [404] },
        name: 'Session not found (SDK HTTP server)',
        meaning: 'The server does not know the Mcp-Session-Id: it expired, the server restarted, or it was never issued.',
        causes: ['The server restarted or dropped the session.', 'The client sent a session id from another server or an old run.'],
        check: ['Start a new session: send initialize without a session id (the spec requires this after a 404).'],
        origin: 'peer',
        spec: { label: 'MCP Streamable HTTP › Session management', url: `${MCP}/2025-11-25/basic/transports#session-management` },
      },
      {
        when: { local: false, transport: ['stdio'] },
        note: 'Over stdio, a server sending -32001 uses the implementation-defined range for its own purpose (perhaps a timeout of something it called); its message says which.',
      },
    ],
  },
  {
    code: -32002,
    name: 'Resource not found',
    meaning: 'resources/read named a URI the server does not have.',
    causes: ['A URI not listed by resources/list and matching no resource template.', 'A resource that existed but was removed.'],
    check: ['List resources and templates again and compare the URI character by character.'],
    origin: 'peer',
    versions: LEGACY_PROTOCOL_VERSIONS,
    outOfVersionNote: 'Not valid in 2026-07-28: servers must answer a missing resource with -32602. Clients should still accept -32002 from older servers.',
    spec: { label: 'MCP Resources › Error handling', url: `${MCP}/2025-11-25/server/resources#error-handling` },
  },
  {
    code: -32020,
    name: 'Header mismatch',
    meaning:
      'An HTTP header does not match the request body (MCP-Protocol-Version vs `_meta`, Mcp-Method vs `method`, Mcp-Name vs the tool/prompt/resource), or a required header is missing or malformed. Sent with HTTP 400.',
    causes: ['A client or proxy that sets the headers from stale values.', 'A missing Mcp-Method or Mcp-Name header.'],
    check: ['Compare MCP-Protocol-Version, Mcp-Method and Mcp-Name with the body of the same POST.'],
    origin: 'peer',
    versions: ['2026-07-28'],
    outOfVersionNote: 'Defined only from 2026-07-28; before that, -32020 is implementation-defined and means whatever the server says.',
    spec: { label: 'MCP 2026-07-28 schema › HeaderMismatchError', url: `${MCP}/2026-07-28/schema` },
  },
  {
    code: -32021,
    name: 'Missing required client capability',
    meaning:
      'The request needs a client capability that was not declared in `_meta["io.modelcontextprotocol/clientCapabilities"]`. `error.data.requiredCapabilities` names it. Sent with HTTP 400.',
    causes: ['The tool needs elicitation or sampling and the client did not declare it for this request.'],
    check: ['Declare the capability from error.data.requiredCapabilities in the request _meta, if the client supports it.'],
    origin: 'peer',
    versions: ['2026-07-28'],
    outOfVersionNote: 'Defined only from 2026-07-28; before that, -32021 is implementation-defined.',
    spec: { label: 'MCP 2026-07-28 schema › MissingRequiredClientCapabilityError', url: `${MCP}/2026-07-28/schema` },
  },
  {
    code: -32022,
    name: 'Unsupported protocol version',
    meaning:
      'The server does not support the protocol version in the request. `error.data.supported` lists the versions it does; `error.data.requested` echoes the one asked for. Sent with HTTP 400.',
    causes: ['The client pinned a version the server does not implement (a draft, or an older revision).'],
    check: ['Pick a version from error.data.supported and retry; a legacy-only server needs the initialize handshake instead.'],
    origin: 'peer',
    versions: ['2026-07-28'],
    outOfVersionNote: 'Defined only from 2026-07-28; legacy servers report an unsupported version in their initialize result or as -32602.',
    spec: { label: 'MCP 2026-07-28 schema › UnsupportedProtocolVersionError', url: `${MCP}/2026-07-28/schema` },
  },
  {
    code: -32042,
    name: 'URL elicitation required',
    meaning:
      'The request cannot proceed until the user completes one or more URL-mode elicitations, listed in `error.data.elicitations` (for example an OAuth consent page).',
    causes: ['A tool needs the user to authorize or enter sensitive data out of band.'],
    check: ['Show each elicitation URL to the user, wait for notifications/elicitation/complete, then retry.'],
    origin: 'peer',
    versions: ['2025-11-25'],
    outOfVersionNote: 'Defined only in 2025-11-25. 2026-07-28 keeps the number reserved and asks for input with resultType "input_required" instead.',
    spec: { label: 'MCP Elicitation › URL mode', url: `${MCP}/2025-11-25/client/elicitation` },
  },
];
