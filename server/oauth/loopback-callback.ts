// The CLI's redirect URI: a listener on 127.0.0.1 that serves /oauth/callback only, for as long as mcpscope runs.
// Same threat model as pending-flows.ts; besides, it answers only its own Host (a rebinding page gets nothing).
import { createServer, type Server } from 'node:http';
import { CALLBACK_HEADERS, callbackPage } from './callback-page.js';
import type { PendingFlows } from './pending-flows.js';

export const CALLBACK_PATH = '/oauth/callback';

export class LoopbackCallback {
  private server: Server | null = null;
  private uri: string | null = null;

  constructor(private readonly flows: PendingFlows) {}

  /** Listens (once) and gives the redirect URI; `port` 0 or unset picks a free one. */
  async start(port = 0): Promise<string> {
    if (this.uri) return this.uri;
    const server = createServer((req, res) => {
      const bound = (server.address() as { port: number }).port;
      const host = (req.headers.host ?? '').toLowerCase();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (host !== `127.0.0.1:${bound}` && host !== `localhost:${bound}`) {
        res.writeHead(403, { 'Content-Type': 'text/plain' }).end('wrong host\n');
        return;
      }
      if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
        return;
      }
      const out = this.flows.complete(url.searchParams);
      res.writeHead(out.status, CALLBACK_HEADERS).end(callbackPage(out.ok, out.message));
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', fail);
        ok();
      });
    });
    this.server = server;
    this.uri = `http://127.0.0.1:${(server.address() as { port: number }).port}${CALLBACK_PATH}`;
    return this.uri;
  }

  close(): void {
    this.server?.close();
    this.server?.closeAllConnections();
    this.server = null;
  }
}
