// Picks the transport for a target: the only place that knows every transport by name. A stdio target never loads
// the remote transports (`ws`, the SDK's auth, OAuth): they cost a `mcpscope call` of a local server ~0.25 s of CPU.
import type { Target } from '../../shared/relay-protocol.js';
import type { OAuthHost } from '../oauth/oauth-authorizer.js';
import { StdioTransport } from '../transports/stdio-transport.js';
import type { Transport } from '../transports/transport.js';

export interface TransportLimits {
  /** The framing cap: a stdio line, an HTTP body or an SSE event's data. */
  maxLineBytes: number;
  graceMs: number;
}

/** What a transport may need from its host beyond the target: who runs OAuth flows (the CLI or the relay). */
export interface TransportServices {
  oauth?: OAuthHost;
}

/** `connection` counts the transports of one session (1, then 2 after a restart…): it scopes exchange ids. */
export async function createTransport(target: Target, limits: TransportLimits, connection = 1, services: TransportServices = {}): Promise<Transport> {
  if (target.transport === 'stdio') {
    return new StdioTransport({
      command: target.command,
      args: target.args,
      env: target.env,
      ...(target.cwd ? { cwd: target.cwd } : {}),
      maxLineBytes: limits.maxLineBytes,
      graceMs: limits.graceMs,
    });
  }
  const { createRemoteTransport } = await import('./create-remote-transport.js');
  return createRemoteTransport(target, limits, connection, services);
}
