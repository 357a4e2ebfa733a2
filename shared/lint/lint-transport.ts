// The transport the linter should assume for a session target: the rules for framing and HTTP depend on it.
import type { Target } from '../relay-protocol.js';
import type { TransportKind } from './lint-types.js';

/**
 * `auto` starts as Streamable HTTP; the linter follows the relay's `transport-selected` event if it falls back.
 * 2026-07-28 HTTP is linted by the Streamable HTTP rules (it is Streamable HTTP without sessions).
 */
export function lintTransport(target: Pick<Target, 'transport'>): TransportKind {
  return target.transport === 'auto' || target.transport === 'http-2026' ? 'http' : target.transport;
}
