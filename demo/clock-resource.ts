// Registers demo://clock and resources/subscribe support: the clock ticks, and says so, only while someone is subscribed.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const CLOCK_URI = 'demo://clock';
const CLOCK_INTERVAL_MS = 2_000;

export function registerClockResource(server: McpServer): () => void {
  const subscribed = new Set<string>();
  let ticks = 0;
  let timer: NodeJS.Timeout | undefined;

  const stop = (): void => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };

  // Ticking without a subscriber would be invisible work; ticking after unsubscribe would be a protocol fault.
  const sync = (): void => {
    if (subscribed.has(CLOCK_URI) && !timer) {
      timer = setInterval(() => {
        ticks++;
        void server.server.sendResourceUpdated({ uri: CLOCK_URI }).catch(() => stop());
      }, CLOCK_INTERVAL_MS);
      timer.unref();
    } else if (!subscribed.has(CLOCK_URI)) {
      stop();
    }
  };

  server.registerResource(
    'clock',
    CLOCK_URI,
    {
      title: 'Clock',
      description: `The server's clock. Subscribe to receive notifications/resources/updated every ${CLOCK_INTERVAL_MS / 1000} s.`,
      mimeType: 'text/plain',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `${new Date().toISOString()} (tick ${ticks})` }] }),
  );

  // Other URIs may be subscribed to as well; they simply never change.
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    sync();
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    sync();
    return {};
  });

  return () => {
    subscribed.clear();
    stop();
  };
}
