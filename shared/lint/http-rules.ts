// Lint rules about the HTTP layer of Streamable HTTP: status codes, protocol headers and DNS-rebinding guards (Origin
// and Host), each quoting its sentence, or saying the spec is silent where it is (Host, a session never issued).
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const TRANSPORTS = '/basic/transports';
const SESSIONS = mcpRef('2025-11-25', 'Basic › Transports › Session management', `${TRANSPORTS}#session-management`);
const VERSION_HEADER = mcpRef('2025-11-25', 'Basic › Transports › Protocol version header', `${TRANSPORTS}#protocol-version-header`);
const SECURITY = mcpRef('2025-11-25', 'Basic › Transports › Security warning', `${TRANSPORTS}#security-warning`);

export const HTTP_RULES = {
  'http/accepted-expected': {
    severity: 'error',
    title: 'Notification or response not answered 202 Accepted',
    explanation:
      'A POST carrying a notification or a response is accepted with 202 and no body; any other success status (200 with an empty JSON body, 204) breaks clients that expect exactly 202.',
    spec: mcpRef('2025-11-25', 'Basic › Transports › Sending messages to the server', `${TRANSPORTS}#sending-messages-to-the-server`),
    quote: { keyword: 'MUST', text: 'If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.' },
    fix: 'Answer POSTs of notifications and responses with 202 Accepted and an empty body.',
  },
  'http/session-status': {
    severity: 'error',
    title: 'Ended session not answered 404',
    explanation:
      'A request with a session id the server issued and no longer knows (ended, expired, forgotten) gets 404 Not Found, which tells the client to initialize again; a 400 leaves it stuck on a dead session.',
    spec: SESSIONS,
    quote: {
      keyword: 'MUST',
      text: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
    },
    fix: 'Return 404 for a session id you issued and have since ended or forgotten.',
  },
  'http/unissued-session-status': {
    severity: 'info',
    title: 'Session id never issued answered 400, not 404',
    explanation:
      'The request carried an Mcp-Session-Id the server never issued in this recording (a made-up or stale id), and was refused with 400. The 404 sentence speaks of a session the server terminated; for an id it never issued the spec names no status. 404 still works best: the SDK servers answer it, and clients read it as “initialize again”.',
    spec: SESSIONS,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on a session id the server never issued: its 404 sentence covers a session the server terminated, “after which” requests “containing that session ID” get HTTP 404 Not Found.',
    },
    fix: 'Answer any session id you do not know with 404, issued or not.',
  },
  'http/foreign-origin-accepted': {
    severity: 'error',
    title: 'Request with a foreign Origin served',
    explanation:
      'The request carried an Origin no page can really have (a reserved name: .invalid, .example, example.com), as a DNS-rebinding or cross-site page would send, and the server served it. From 2025-11-25 the refusal is 403 Forbidden; before, any refusal.',
    spec: SECURITY,
    quote: {
      keyword: 'MUST',
      text: 'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks … If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    },
    fix: 'Check Origin against an allow-list (localhost for a local server) and answer 403 Forbidden when it is present and not allowed.',
  },
  'http/foreign-host-accepted': {
    severity: 'info',
    title: 'Local server served a request with a foreign Host',
    explanation:
      'The endpoint is on a loopback address, but the request named another host in its Host header, as a browser does after DNS rebinding (the attacker’s name now points at 127.0.0.1), and the server served it. The official conformance suite fails a local server for this (dns-rebinding-protection, any 4xx passes); the spec itself names only Origin.',
    spec: SECURITY,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on the Host header: its DNS-rebinding sentence names Origin only (“validate the Origin header on all incoming connections to prevent DNS rebinding attacks”); the conformance suite’s dns-rebinding-protection scenario still expects a localhost server to refuse a foreign Host with a 4xx.',
    },
    fix: 'On a local server, answer a Host other than localhost, 127.0.0.1 or [::1] (with your port) with 403, as the SDKs’ allowedHosts do.',
  },
  'http/session-missing-status': {
    severity: 'warning',
    title: 'Missing session id not answered 400',
    explanation:
      'A request without the Mcp-Session-Id the server issued gets 400 Bad Request; a 404 would tell the client its session is gone and send it to initialize again.',
    spec: SESSIONS,
    quote: {
      keyword: 'SHOULD',
      text: 'Servers that require a session ID SHOULD respond to requests without an MCP-Session-Id header (other than initialization) with HTTP 400 Bad Request.',
    },
    fix: 'Return 400 for a request that lacks the session id.',
  },
  'http/missing-protocol-version': {
    severity: 'error',
    title: 'MCP-Protocol-Version header missing',
    explanation:
      'From 2025-06-18, every HTTP request after initialization carries MCP-Protocol-Version (in 2026-07-28 every POST). Without it servers fall back to guessing, or answer 400.',
    spec: VERSION_HEADER,
    quote: {
      keyword: 'MUST',
      text: 'If using HTTP, the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests to the MCP server',
    },
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
    explanation:
      'In 2026-07-28 the header repeats the protocolVersion the request carries in _meta, so proxies can route without reading the body; servers reject a mismatch with 400 and -32020.',
    spec: mcpRef('2026-07-28', 'Basic › Transports › Streamable HTTP › Protocol version header', '/basic/transports/streamable-http#protocol-version-header'),
    quote: { keyword: 'MUST', text: 'The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body’s _meta.' },
    fix: 'Set the header from the same value as _meta["io.modelcontextprotocol/protocolVersion"].',
  },
} as const satisfies Record<string, RuleMeta>;
