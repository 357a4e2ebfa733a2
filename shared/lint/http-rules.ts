// Lint rules about the HTTP layer of Streamable HTTP: status codes and protocol headers.
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const TRANSPORTS = '/basic/transports';

export const HTTP_RULES = {
  'http/accepted-expected': {
    severity: 'warning',
    title: 'Notification or response not answered 202 Accepted',
    explanation: 'A POST carrying a notification or a response is accepted with 202 and no body; any other success status (200 with an empty JSON body, 204) breaks clients that expect exactly 202.',
    spec: mcpRef('2025-11-25', 'Basic › Transports › Sending messages to the server', `${TRANSPORTS}#sending-messages-to-the-server`),
    fix: 'Answer POSTs of notifications and responses with 202 Accepted and an empty body.',
  },
  'http/session-status': {
    severity: 'warning',
    title: 'Wrong status for a missing or unknown session',
    explanation: 'A request without the Mcp-Session-Id the server issued gets 400 Bad Request; a request with an id the server no longer knows gets 404 Not Found, which tells the client to initialize again. Swapping them leaves clients stuck.',
    spec: mcpRef('2025-11-25', 'Basic › Transports › Session management', `${TRANSPORTS}#session-management`),
    fix: 'Return 404 for an unknown or expired session id and 400 for a missing one.',
  },
  'http/missing-protocol-version': {
    severity: 'error',
    title: 'MCP-Protocol-Version header missing or wrong',
    explanation: 'From 2025-06-18, every HTTP request after initialization carries MCP-Protocol-Version with the negotiated version (in 2026-07-28 every request, matching its _meta). Servers fall back to guessing, or answer 400.',
    spec: mcpRef('2025-11-25', 'Basic › Transports › Protocol version header', `${TRANSPORTS}#protocol-version-header`),
    fix: 'Send MCP-Protocol-Version: <negotiated version> on every request after initialize.',
  },
} as const satisfies Record<string, RuleMeta>;
