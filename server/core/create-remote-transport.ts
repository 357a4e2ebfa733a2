// The remote half of create-transport (Streamable HTTP, SSE, WebSocket, the 2026 draft's HTTP, auto), loaded only
// for a URL target.
import type { RemoteTarget } from '../../shared/relay-protocol.js';
import { OAuthAuthorizer } from '../oauth/oauth-authorizer.js';
import { AutoTransport } from '../transports/auto-transport.js';
import type { TransportLimits, TransportServices } from './create-transport.js';
import { ModernHttpTransport } from '../transports/modern-http-transport.js';
import type { RemoteOptions } from '../transports/remote-client.js';
import { SseTransport } from '../transports/sse-transport.js';
import { StreamableHttpTransport } from '../transports/streamable-http-transport.js';
import type { Transport } from '../transports/transport.js';
import { WsTransport } from '../transports/ws-transport.js';

export function createRemoteTransport(target: RemoteTarget, limits: TransportLimits, connection: number, services: TransportServices): Transport {
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
