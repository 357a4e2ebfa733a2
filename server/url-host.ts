// The host part of the URL the relay prints (and of its OAuth redirect URI): the address it actually bound, so the URL
// reaches it. `--host ::1` prints `[::1]`, and `--host localhost` the address `localhost` resolved to.
import { isIP } from 'node:net';

/** `requested` as given to --host; `bound` as server.address() reports it. A DNS name is kept: the Host allow-list names it. */
export function urlHost(requested: string, bound: string): string {
  const literal = requested.replace(/^\[|\]$/g, '');
  const host = isIP(literal) !== 0 || literal.toLowerCase() === 'localhost' ? bound : literal;
  return isIP(host) === 6 ? `[${host}]` : host;
}
