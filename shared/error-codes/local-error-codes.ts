// Errors a client library makes itself and never receives: string codes, so they can't pass for wire codes.
import type { LocalErrorEntry } from './error-code-types.js';

/**
 * The MCP TypeScript SDK v2 `SdkErrorCode` values. SDK 1.x raises two of these conditions with numeric codes
 * (ConnectionClosed -32000, RequestTimeout -32001), which is why the wire explainer asks whether an error was local.
 */
export const LOCAL_ERROR_CODES = {
  NOT_CONNECTED: 'The transport is not connected, so nothing was sent.',
  ALREADY_CONNECTED: 'connect() was called on a transport that is already connected.',
  NOT_INITIALIZED: 'A request was attempted before the initialize handshake finished.',
  CAPABILITY_NOT_SUPPORTED: 'The peer did not advertise the capability this call needs, so the library refused to send it.',
  UNSUPPORTED_OPERATION: 'The operation does not exist on the protocol path in use (for example a legacy-only call on a 2026 connection).',
  REQUEST_TIMEOUT: 'No reply arrived within the timeout; the library stopped waiting (SDK 1.x: -32001).',
  CONNECTION_CLOSED: 'The connection closed while the request was pending (SDK 1.x: -32000).',
  CANCELLED: 'The client cancelled the request itself (it sent notifications/cancelled) and stopped waiting; any later reply is ignored.',
  PROTOCOL_VERSION_MISMATCH: 'The server chose a protocol version the client did not offer or does not know, and the client was set to stop rather than go on.',
  SEND_FAILED: 'Writing the message to the transport failed.',
  INVALID_RESULT: 'The reply arrived but failed the library’s schema validation.',
  CLIENT_HTTP_NOT_IMPLEMENTED: 'The server answered the HTTP request with a status the client does not handle (often 404/405 on a legacy server).',
  CLIENT_HTTP_AUTHENTICATION: 'The server answered 401: authorization is required or the token was rejected.',
  CLIENT_HTTP_FORBIDDEN: 'The server answered 403: the token lacks scope, or the Origin was rejected.',
  CLIENT_HTTP_UNEXPECTED_CONTENT: 'The HTTP response had a content type the client cannot read (neither JSON nor an event stream).',
  CLIENT_HTTP_FAILED_TO_OPEN_STREAM: 'The GET for the server→client event stream failed.',
  CLIENT_HTTP_FAILED_TO_TERMINATE_SESSION: 'The DELETE that ends the session failed.',
} as const;
export type LocalErrorCode = keyof typeof LOCAL_ERROR_CODES;

const CHECKS: Partial<Record<LocalErrorCode, { causes: string[]; check: string[]; sdk1Code?: number }>> = {
  REQUEST_TIMEOUT: {
    sdk1Code: -32001,
    causes: ['A slow tool or a stuck server.', 'A reply that was lost: wrong id, written to stderr, or over the framing cap.'],
    check: ['Whether a response with the same id shows up later in the log.', "The server's stderr."],
  },
  CONNECTION_CLOSED: {
    sdk1Code: -32000,
    causes: ['The server process exited or crashed.', 'The transport was closed.'],
    check: ['The exit event and the last stderr lines.'],
  },
  CANCELLED: {
    causes: ['The user or script cancelled it, or a timeout that cancels.'],
    check: ['The notifications/cancelled frame and whether the server still replied after it.'],
  },
  PROTOCOL_VERSION_MISMATCH: {
    causes: ['A server that only speaks a newer (or unreleased) version.', 'A server that ignores the offered version and always answers its own.'],
    check: ['The protocolVersion in the initialize result (or supportedVersions in server/discover) against the one offered.'],
  },
  NOT_INITIALIZED: { causes: ['The handshake failed or was skipped.'], check: ['The initialize exchange at the start of the log.'] },
  CAPABILITY_NOT_SUPPORTED: { causes: ['The server does not offer the feature.'], check: ['The capabilities in the initialize or server/discover result.'] },
  INVALID_RESULT: { causes: ['The server sent a result that does not fit the method’s schema.'], check: ['The mcp/result-schema finding on the reply frame.'] },
  CLIENT_HTTP_NOT_IMPLEMENTED: {
    causes: ['A legacy HTTP+SSE server at a Streamable HTTP URL, or the wrong path.'],
    check: ['The URL, and the transport the server actually speaks.'],
  },
};

function toEntry(code: LocalErrorCode): LocalErrorEntry {
  const extra = CHECKS[code];
  const entry: LocalErrorEntry = {
    code,
    name: code
      .toLowerCase()
      .split('_')
      .map((w) => (w === 'http' ? 'HTTP' : w[0]!.toUpperCase() + w.slice(1)))
      .join(' '),
    meaning: LOCAL_ERROR_CODES[code],
    causes: extra?.causes ?? [],
    check: extra?.check ?? ['The events and stderr around this time; the peer sent nothing with this code.'],
    origin: 'local',
  };
  if (extra?.sdk1Code !== undefined) entry.sdk1Code = extra.sdk1Code;
  return entry;
}

export function localErrorEntry(code: string): LocalErrorEntry | undefined {
  return code in LOCAL_ERROR_CODES ? toEntry(code as LocalErrorCode) : undefined;
}
