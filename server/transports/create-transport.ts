// Picks the transport for a target: the only place that knows every transport by name.
import type { Target } from '../../shared/relay-protocol.js';
import { OAuthAuthorizer, type OAuthHost } from '../oauth/oauth-authorizer.js';
import { AutoTransport } from './auto-transport.js';
import { ModernHttpTransport } from './modern-http-transport.js';
import type { RemoteOptions } from './remote-client.js';
import { SseTransport } from './sse-transport.js';
import { StdioTransport } from './stdio-transport.js';
import { StreamableHttpTransport } from './streamable-http-transport.js';
import type { Transport } from './transport.js';
import { WsTransport } from './ws-transport.js';

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
export function createTransport(target: Target, limits: TransportLimits, connection = 1, services: TransportServices = {}): Transport {
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
  const opts: RemoteOptions = {
    url: target.url,
    headers: target.headers,
    maxMessageBytes: limits.maxLineBytes,
    ...(target.overrides ? { overrides: target.overrides } : {}),
    ...(target.timeoutMs !== undefined ? { headersTimeoutMs: target.timeoutMs } : {}),
    ...(connection > 1 ? { exchangeScope: `c${connection}.` } : {}),
  };
  if (target.auth && target.transport !== 'ws') {
    if (!services.oauth) throw new Error('OAuth was asked for, but nothing here can run an authorization flow');
    opts.authorizer = new OAuthAuthorizer(target.url, target.auth, services.oauth, opts.exchangeScope);
  }
  switch (target.transport) {
    case 'http':
      return new StreamableHttpTransport(opts);
    case 'sse':
      return new SseTransport(opts);
    case 'ws':
      return new WsTransport(opts);
    case 'http-2026':
      return new ModernHttpTransport(opts);
    case 'auto':
      return new AutoTransport(opts);
  }
}
