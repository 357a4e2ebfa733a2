// Plain names of the relay's wire, apart from the zod schemas that use them (relay-protocol.ts, frame-window-api.ts
// re-export them): the relay's guard and its window reads load before any schema is needed (docs/architecture.md).

/** The subprotocol the browser offers on the WebSocket; the token travels as a second one, `token.<token>`. */
export const WS_PROTOCOL = 'mcpscope.v1';
export const WS_TOKEN_PREFIX = 'token.';
export const WS_PATH = '/ws';

/** A page or a frame preview carries at most this much of a frame's text: a 10 MB result must not ride in every scroll. */
export const PREVIEW_CHARS = 16_384;
