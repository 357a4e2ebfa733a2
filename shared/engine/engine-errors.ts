// What a caller of the engine can be handed back: failures made here (local) kept apart from errors the server sent.
import type { LocalErrorCode } from '../error-codes/local-error-codes.js';
import { isPlainObject } from '../jsonrpc.js';

/** The local error codes the engine raises; their meanings live in the shared LOCAL_ERROR_CODES catalogue. */
export type EngineErrorCode = Extract<
  LocalErrorCode,
  | 'REQUEST_TIMEOUT'
  | 'SEND_FAILED'
  | 'CONNECTION_CLOSED'
  | 'CANCELLED'
  | 'PROTOCOL_VERSION_MISMATCH'
  | 'CLIENT_HTTP_AUTHENTICATION'
  | 'CLIENT_HTTP_FORBIDDEN'
  | 'CLIENT_HTTP_NOT_IMPLEMENTED'
  | 'CLIENT_HTTP_UNEXPECTED_CONTENT'
  | 'NOT_INITIALIZED'
  | 'CAPABILITY_NOT_SUPPORTED'
>;

/** A failure made on this side of the wire. `local` is always true so the UI and the CLI can say so. */
export class LocalEngineError extends Error {
  readonly local = true;
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    override readonly cause?: unknown,
    /** Facts for a caller that wants more than the message (the versions involved, the timeout that ran out). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'LocalEngineError';
  }
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

/** Whatever the peer sent back for a request, passed through untouched. */
export type JsonRpcResponse = Record<string, unknown>;

/** A JSON-RPC error response the peer sent; thrown only by helpers that need a result (handshake, connect). */
export class PeerRpcError extends Error {
  readonly local = false;
  constructor(readonly response: JsonRpcErrorResponse) {
    super(`${response.error.code}: ${response.error.message}`);
    this.name = 'PeerRpcError';
  }
}

export function isErrorResponse(response: JsonRpcResponse): response is JsonRpcResponse & JsonRpcErrorResponse {
  return 'error' in response && isPlainObject(response.error);
}

/** Thrown by a server-request handler to answer with a JSON-RPC error of its choosing instead of -32603. */
export class HandlerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HandlerError';
  }
}
