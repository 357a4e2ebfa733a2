// Local error codes made by the relay, never by an MCP server: strings, so they can't be mistaken for JSON-RPC codes.
// Apart from the error body's schema (relay-errors.ts), so that the error explainer, which `mcpscope call` loads for
// every failure it prints, does not load zod.

export const RELAY_ERROR_CODES = {
  UNAUTHORIZED: 'The request carried no token or the wrong one; open the URL the CLI printed.',
  FORBIDDEN_HOST: 'The Host header is not one the relay serves (DNS-rebinding guard).',
  FORBIDDEN_ORIGIN: 'The request came from a page on another origin (CSRF guard).',
  BAD_REQUEST: 'The request body or message did not have the expected shape.',
  NOT_FOUND: 'No such session or route.',
  CONFLICT: 'The action was already taken (for example, the handshake was claimed by another tab).',
  SESSION_NOT_LIVE: 'The session has no running transport; restart it to send.',
  RECIPE_UNCONFIRMED: 'The recipe came from a file and has not been confirmed on this machine; it runs once a person has seen it and said yes.',
  SPAWN_FAILED: 'The server process could not be started (command not found, not executable, bad cwd).',
  CHECK_FAILED: 'The check could not run: the scratch connection could not start, or its handshake failed.',
  RUN_FAILED: 'The collection could not run: its scratch connection could not start, or its handshake failed.',
  MODEL_FAILED: 'The model provider did not answer: no model or key configured, a refused key, a rate limit, or it could not be reached.',
  INTERNAL: 'The relay hit an unexpected error; the details are in its output.',
} as const;
export type RelayErrorCode = keyof typeof RELAY_ERROR_CODES;
