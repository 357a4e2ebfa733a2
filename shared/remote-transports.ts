// The ways the relay talks to a server at a URL, without the relay protocol's schemas: the command line's flag tables
// read these, and a plain `mcpscope call` or `--help` must not load zod for them (docs/development.md, "Start-up CPU").

/**
 * How the relay talks to a server at a URL; `auto` probes 2026-07-28 HTTP (for a modern-shaped first request), then
 * Streamable HTTP, then falls back to legacy HTTP+SSE. `http-2026` is the stateless 2026-07-28 HTTP transport.
 */
export const REMOTE_TRANSPORTS = ['auto', 'http', 'sse', 'ws', 'http-2026'] as const;
export type RemoteTransport = (typeof REMOTE_TRANSPORTS)[number];
