// The choices an OAuth target offers (how the person is asked, which grant), without the target's schema: the command
// line's flag tables read these, and a plain `mcpscope call` or `--help` must not load zod for them.

/**
 * How the authorization URL reaches the person who approves it. `browser`: opened for them (the system browser from
 * the CLI, a new tab from the web page); `print`: printed, the redirect awaited; `fetch`: mcpscope requests it itself
 * and takes the code from the redirect, for authorization servers that approve without a person (test servers).
 */
export const OAUTH_OPEN_MODES = ['browser', 'print', 'fetch'] as const;

/**
 * The grant that gets the token: `authorization_code` (default; a person approves, PKCE) or `client_credentials` (the
 * SEP-1046 extension: the client acts for itself, with a pre-registered id and a secret or a private key).
 */
export const OAUTH_GRANTS = ['authorization_code', 'client_credentials'] as const;
