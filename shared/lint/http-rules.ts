// Lint rules about the HTTP layer of Streamable HTTP: status codes and protocol headers, each quoting its sentence.
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const TRANSPORTS = '/basic/transports';
const SESSIONS = mcpRef('2025-11-25', 'Basic › Transports › Session management', `${TRANSPORTS}#session-management`);
const VERSION_HEADER = mcpRef('2025-11-25', 'Basic › Transports › Protocol version header', `${TRANSPORTS}#protocol-version-header`);

export const HTTP_RULES = {
  'http/accepted-expected': {
    severity: 'error',
    title: 'Notification or response not answered 202 Accepted',
    explanation: 'A POST carrying a notification or a response is accepted with 202 and no body; any other success status (200 with an empty JSON body, 204) breaks clients that expect exactly 202.',
    spec: mcpRef('2025-11-25', 'Basic › Transports › Sending messages to the server', `${TRANSPORTS}#sending-messages-to-the-server`),
    quote: { keyword: 'MUST', text: 'If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.' },
    fix: 'Answer POSTs of notifications and responses with 202 Accepted and an empty body.',
  },
  'http/session-status': {
    severity: 'error',
    title: 'Unknown session not answered 404',
    explanation: 'A request with a session id the server no longer knows gets 404 Not Found, which tells the client to initialize again; a 400 leaves it stuck on a dead session.',
    spec: SESSIONS,
    quote: { keyword: 'MUST', text: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.' },
    fix: 'Return 404 for an unknown or expired session id.',
  },
  'http/session-missing-status': {
    severity: 'warning',
    title: 'Missing session id not answered 400',
    explanation: 'A request without the Mcp-Session-Id the server issued gets 400 Bad Request; a 404 would tell the client its session is gone and send it to initialize again.',
    spec: SESSIONS,
    quote: { keyword: 'SHOULD', text: 'Servers that require a session ID SHOULD respond to requests without an MCP-Session-Id header (other than initialization) with HTTP 400 Bad Request.' },
    fix: 'Return 400 for a request that lacks the session id.',
  },
  'http/missing-protocol-version': {
    severity: 'error',
    title: 'MCP-Protocol-Version header missing',
    explanation: 'From 2025-06-18, every HTTP request after initialization carries MCP-Protocol-Version (in 2026-07-28 every POST). Without it servers fall back to guessing, or answer 400.',
    spec: VERSION_HEADER,
    quote: { keyword: 'MUST', text: 'If using HTTP, the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests to the MCP server' },
    fix: 'Send MCP-Protocol-Version: <negotiated version> on every request after initialize.',
  },
  'http/protocol-version-mismatch': {
    severity: 'warning',
    title: 'MCP-Protocol-Version is not the negotiated version',
    explanation: 'The header names a version other than the one initialize negotiated, so the server may answer by the rules of another version.',
    spec: VERSION_HEADER,
    quote: { keyword: 'SHOULD', text: 'The protocol version sent by the client SHOULD be the one negotiated during initialization.' },
    fix: 'Send the version from the initialize result.',
  },
  'http/protocol-version-meta-mismatch': {
    severity: 'error',
    title: '2026 MCP-Protocol-Version differs from the request’s _meta',
    explanation: 'In 2026-07-28 the header repeats the protocolVersion the request carries in _meta, so proxies can route without reading the body; servers reject a mismatch with 400 and -32020.',
    spec: mcpRef('2026-07-28', 'Basic › Transports › Streamable HTTP › Protocol version header', '/basic/transports/streamable-http#protocol-version-header'),
    quote: { keyword: 'MUST', text: 'The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body’s _meta.' },
    fix: 'Set the header from the same value as _meta["io.modelcontextprotocol/protocolVersion"].',
  },
} as const satisfies Record<string, RuleMeta>;
