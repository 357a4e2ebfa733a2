// What `mcpscope call` prints and how it exits: JSON on stdout for scripts, one-line explanations on stderr for people.
import { explainError, type TransportKind } from '../../shared/error-codes/index.js';
import { LocalEngineError, type JsonRpcErrorResponse } from '../../shared/engine/index.js';
import { isPlainObject } from '../../shared/jsonrpc.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import type { Target } from '../../shared/relay-protocol.js';

export const EXIT = {
  result: 0,
  rpcError: 1,
  usage: 2,
  transport: 2,
  timeout: 3,
  // 4 is --lint --strict's (STRICT_EXIT_CODE, shared with mcpscope lint).
  /** A tools/call answered with a result whose isError is true: the server did its part, the tool failed. */
  toolError: 5,
} as const;

export interface Output {
  json(value: unknown): void;
  line(value: unknown): void;
  note(text: string): void;
}

export const stdio: Output = {
  json: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
  line: (value) => process.stdout.write(`${JSON.stringify(value)}\n`),
  note: (text) => process.stderr.write(`mcpscope call: ${text}\n`),
};

/** The transport kind the explainer and the linter key on; `auto` starts as Streamable HTTP, and 2026 HTTP is one. */
export function transportKind(target: Target): TransportKind {
  if (target.transport === 'auto' || target.transport === 'http-2026') return 'http';
  return target.transport;
}

/** Prints an error response the server sent: its error object on stdout, what the code means on stderr. Exit 1. */
export function printRpcError(
  out: Output,
  response: JsonRpcErrorResponse,
  context: { protocolVersion: string; transport: TransportKind; what: string },
): number {
  const { code, message } = response.error;
  out.json({ error: response.error });
  const e = explainError({ code, message, protocolVersion: context.protocolVersion, transport: context.transport, local: false });
  out.note(`${context.what} was answered with error ${code} (${e.name}), sent by the server: ${e.meaning}`);
  return EXIT.rpcError;
}

/**
 * A tool's own failure (`isError: true`), which is a result, not a JSON-RPC error: the result goes to stdout as any
 * other, and stderr says why the exit code is 5, quoting the tool's first text (escaped: it is the server's text).
 */
export function toolErrorNote(result: unknown): string | null {
  if (!isPlainObject(result) || result.isError !== true) return null;
  const text = Array.isArray(result.content) ? result.content.find((c) => isPlainObject(c) && c.type === 'text' && typeof c.text === 'string') : undefined;
  const said = isPlainObject(text) ? `: "${escapeControls((text.text as string).slice(0, 200))}"` : '';
  return `the tool reported an error (isError: true)${said}; exit ${EXIT.toolError}`;
}

/** Prints a failure made here (timeout, closed connection, refused version); 3 for a timeout, otherwise 2. */
function printLocalError(out: Output, err: LocalEngineError, stderrTail: string): number {
  const e = explainError({ code: err.code, local: true });
  out.note(`${err.message} [${err.code}, made locally: ${e.meaning}]`);
  if (err.code === 'CONNECTION_CLOSED' && stderrTail) out.note(`the server's last stderr lines:\n${stderrTail}`);
  if (err.code === 'CLIENT_HTTP_AUTHENTICATION') out.note("if you hold a token for this server, pass it with --header 'Authorization: Bearer <token>'");
  return err.code === 'REQUEST_TIMEOUT' ? EXIT.timeout : EXIT.transport;
}

/** Any failure: a LocalEngineError gets its explanation, anything else is a transport error. */
export function printFailure(out: Output, err: unknown, stderrTail: string): number {
  if (err instanceof LocalEngineError) return printLocalError(out, err, stderrTail);
  out.note(err instanceof Error ? err.message : String(err));
  return EXIT.transport;
}
